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
#include <stddef.h>

#include "roomforge/pack.h"

typedef struct cli_content {
    const char *dirs[RF_PACK_MAX]; /* --content, bottom first; none: the bundled pack */
    size_t ndirs;
    const char *scripts; /* --scripts DIR */
    int verbosity;       /* -1 --quiet, 0, 1 --verbose */
} cli_content;

void cli_content_init(cli_content *c);
/* Takes argv[*i] when it is one of the content options (advancing *i past
 * a value): 1; 0 when it is not one; -1 after printing a usage error. */
int cli_content_opt(const char *cmd, int argc, char **argv, int *i, cli_content *c);

typedef struct cli_pack {
    const char *cmd;
    rf_pack *pack;  /* NULL when nothing could be loaded */
    rf_diags *diags; /* what the load reported */
    bool *shown;     /* per diagnostic: printed already */
    int verbosity;
    int rc; /* exit code of the load so far (0, 1, 2) */
} cli_pack;

/* Loads the stack of c (the bundled content when no --content), prints I/O
 * errors (and with --verbose everything), and returns the exit code so far;
 * cp->pack is NULL when the command cannot go on. */
int cli_pack_open(cli_pack *cp, const char *cmd, const cli_content *c);
/* The room called name, for a command that works with it: its diagnostics
 * printed in full. A room left out for errors: NULL with *rc 1 (its errors
 * printed); an unknown one: NULL with *rc from cli_unknown_room. */
const rf_template *cli_pack_room(cli_pack *cp, const char *name, int *rc);
/* Prints the summary line of what was not printed ("N warnings in the
 * content; ..."), frees everything; returns the exit code of the load (2
 * when stderr failed). */
int cli_pack_close(cli_pack *cp);

/* Prints d on stderr in gcc format: errors and warnings, notes too with
 * verbosity > 0, errors only with verbosity < 0. CLI_OK or CLI_USAGE. */
int cli_write_diags(const rf_diags *d, int verbosity);

#endif /* RF_CLI_PACK_H */
