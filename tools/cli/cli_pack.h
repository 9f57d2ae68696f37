/* tools/cli/cli_pack.h: the content options every command that reads
 * content takes (--content DIR..., --scripts, --verbose, --quiet), the pack
 * stack loaded through rf_pack_load, and how its diagnostics are printed.
 *
 * Pipeline: CLI over roomforge/pack.h. Printed in full: I/O errors and what
 * is about a room the command works with; the rest of the pack's
 * diagnostics is one summary line unless --verbose (docs/reference.md).
 */
#ifndef RF_CLI_PACK_H
#define RF_CLI_PACK_H

#include <stdbool.h>
#include <limits.h>
#include <stddef.h>

#include "cli_getopt.h"
#include "roomforge/pack.h"

typedef struct cli_content {
    const char *dirs[RF_PACK_MAX]; /* --content, bottom first; none: the bundled pack */
    size_t ndirs;
    const char *scripts; /* --scripts DIR */
    int verbosity;       /* -1 --quiet, 0, 1 --verbose */
    bool strict;         /* --strict: any content error exits 1 */
} cli_content;

void cli_content_init(cli_content *c);
/* The content options (--content, --scripts, --verbose, --quiet,
 * --strict), filling a cli_content (cli_getopt). */
extern const cli_opt cli_content_opts[];

/* Room for the paths a stack's options point at: the bundled pack and the
 * bundled profiles.xml. */
typedef struct cli_pack_paths {
    char bundled[PATH_MAX], fallback[PATH_MAX];
    const char *one[1];
} cli_pack_paths;

/* Fills o with c's stack as every command loads it (the bundled pack when c
 * names none, the bundled profiles.xml as the fallback); o points into c and
 * into sp. False, with a usage error printed for cmd, when the bundled
 * content is needed and not found. */
bool cli_pack_opts(const char *cmd, const cli_content *c, rf_pack_opts *o, cli_pack_paths *sp);

typedef struct cli_pack {
    const char *cmd;
    cli_pack_paths paths; /* what the load's options point at */
    rf_pack *pack;  /* NULL when nothing could be loaded */
    rf_diags *diags; /* what the load reported */
    bool *shown;     /* per diagnostic: printed already */
    int verbosity;
    bool strict; /* --strict: the pack's errors make the exit 1 */
    int rc;      /* exit code of the load so far (0, 1, 2) */
} cli_pack;

/* Loads the stack of c (the bundled content when no --content), prints I/O
 * errors (and with --verbose everything), and returns the exit code so far:
 * content errors (rooms and profiles left out) count only with --strict
 * (DESIGN 5: lint is the gate); cp->pack is NULL when the command cannot go
 * on. */
int cli_pack_open(cli_pack *cp, const char *cmd, const cli_content *c);
/* The room called name, for a command that works with it: its diagnostics
 * printed in full. A room left out for errors: NULL with *rc 1 (its errors
 * printed); an unknown one: NULL with *rc from cli_unknown_room. */
const rf_template *cli_pack_room(cli_pack *cp, const char *name, int *rc);
/* Whether the profile called name (NULL: the default) can be used: false,
 * with *rc 1 and its diagnostics printed in full, when it was left out of
 * the pack for errors; true when it is loaded, or unknown (the level then
 * says unknown-profile, exit 2). */
bool cli_pack_profile(cli_pack *cp, const char *name, int *rc);
/* Prints one note for each room left out whose diagnostics were not printed
 * ("room 'X' is left out: it has errors (2 errors; roomforge lint FILE)"),
 * unless --quiet, then the summary line of what was not printed ("N warnings
 * in the content; ..."), frees everything; returns the exit code of the load
 * (2 when stderr failed). */
int cli_pack_close(cli_pack *cp);

/* Prints d on stderr in gcc format: errors and warnings, notes too with
 * verbosity > 0, errors only with verbosity < 0. CLI_OK or CLI_USAGE. */
int cli_write_diags(const rf_diags *d, int verbosity);

#endif /* RF_CLI_PACK_H */
