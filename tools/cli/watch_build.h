/* tools/cli/watch_build.h: one build of `roomforge watch` (DESIGN 11): the
 * pack stack loaded with lint's checks, then the level of gen's options,
 * drawn into every form the watch shows, and the list of files it read.
 *
 * Pipeline: CLI over pack.h, level.h and view.h. Design: a build owns only
 * text (the views, the JSON) and its diagnostics; the pack and the level are
 * freed before it returns, so the last good build is kept at the cost of its
 * bytes, and nothing of the library outlives a build.
 */
#ifndef RF_WATCH_BUILD_H
#define RF_WATCH_BUILD_H

#include <stdbool.h>
#include <stddef.h>

#include "cli_genopts.h"
#include "roomforge/diag.h"

typedef struct watch_text {
    char *s; /* NUL-terminated, len bytes; NULL when not made */
    size_t len;
} watch_text;

typedef struct watch_build {
    rf_diags *diags; /* everything the load, the checks and the level said */
    bool ok; /* a level was made: from the rooms without errors (those with
              * errors left out, their errors in diags) unless --strict */
    watch_text json; /* gen's JSON (DESIGN 5), without its final newline; web only */
    watch_text html; /* the html view (DESIGN 10); web only */
    watch_text view; /* the terminal view (ascii, text or ansi) */
    watch_text out;  /* -o FILE's bytes in --format (only with -o) */
    char **files;    /* every file the build read (pack, recipe, rooms-file) */
    size_t nfiles;
    char **trees; /* the folders whose every file counts: the packs, --scripts */
    size_t ntrees;
    double ms_load, ms_level, ms_write; /* load and checks, generation, views */
} watch_build;

/* Builds g's level with the terminal view in term (ascii, text or ansi),
 * and with web (--serve) its JSON and html views: *b filled; problems of
 * the content go to b->diags (ok false), never to the terminal. CLI_OK, or
 * CLI_USAGE when memory ran out or the bundled content is missing (printed). */
int watch_build_run(const cli_gen *g, rf_view_format term, bool web, watch_build *b);
void watch_build_free(watch_build *b);

#endif /* RF_WATCH_BUILD_H */
