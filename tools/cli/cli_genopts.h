/* tools/cli/cli_genopts.h: the options of `gen`, parsed by one table that
 * `gen` and `watch` share (DESIGN 11: watch takes the options of gen).
 *
 * Pipeline: CLI over level.h and view.h; the content options themselves are
 * cli_pack.c's. Design: the options fill one struct; the help lines of the
 * shared options are one text, printed by both commands' --help.
 */
#ifndef RF_CLI_GENOPTS_H
#define RF_CLI_GENOPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "cli_pack.h"
#include "roomforge/level.h"
#include "roomforge/view.h"

#define CLI_GEN_MAX_ROOMS 64 /* --room options one run takes */

typedef struct cli_gen {
    rf_level_opts o;                       /* --profile --seed --depth --size --difficulty */
    cli_content cc;                        /* --content --scripts --verbose --quiet */
    const char *forced[CLI_GEN_MAX_ROOMS]; /* --room, in order */
    size_t nforced;
    const char *recipe_path; /* --recipe, NULL: the profile's */
    const char *rooms_path;  /* --rooms-file, NULL: the bundled one */
    rf_view_format fmt;      /* --format (default ascii) */
    bool fmt_given;
    rf_view_opts vo;      /* --scale */
    const char *out_path; /* -o: NULL for stdout */
    bool out_given;
} cli_gen;

/* The defaults of gen: the bundled content, profile brogue, seed 1, depth 1,
 * the profile's size, ascii to stdout. */
void cli_gen_init(cli_gen *g);
/* Takes argv[*k] when it is one of gen's options (advancing *k past its
 * value): 1; 0 when it is not one; -1 after printing a usage error for cmd. */
int cli_gen_opt(const char *cmd, int argc, char **argv, int *k, cli_gen *g);

/* The help lines of gen's options ("  --content DIR ..."), without -h. */
extern const char cli_gen_options_help[];

#endif /* RF_CLI_GENOPTS_H */
