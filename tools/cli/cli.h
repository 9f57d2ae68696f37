/* tools/cli/cli.h: what the subcommands of the roomforge CLI share.
 *
 * Pipeline: the CLI is thin over the library: a subcommand parses options,
 * calls rf_*, prints, and maps the outcome to the exit codes of DESIGN 5.
 */
#ifndef RF_CLI_H
#define RF_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"

enum { CLI_OK = 0, CLI_CONTENT = 1, CLI_USAGE = 2 };

typedef int (*cli_cmd_fn)(int argc, char **argv);

/* The bundled data directory holding content/ and scripts/, by the rule of
 * tools/datadir/rf_datadir.h (the Lua module's too). NULL when none exists. */
const char *cli_data_dir(void);
/* Prints "roomforge CMD: msg" to stderr and returns CLI_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Parses a non-negative decimal that fits in an int; false otherwise. */
bool cli_parse_int(const char *s, int *out);
bool cli_parse_u64(const char *s, unsigned long long *out);
/* True when out is a terminal and $NO_COLOR is unset. */
bool cli_use_color(FILE *out);
/* An unknown room NAME given to cmd: the unknown-room diagnostic on stderr,
 * with the loaded name most likely meant (rf_template_set_suggest); returns
 * CLI_CONTENT, the exit every command gives it. */
int cli_unknown_room(const char *cmd, const rf_template_set *set, const char *name);
/* The unknown-room diagnostic itself, added to d (what cli_unknown_room
 * prints; watch keeps it as a diagnostic of its build). */
rf_status cli_unknown_room_diag(rf_diags *d, const rf_template_set *set, const char *name);
/* Maps a load status to an exit code: content -> 1, I/O, limits -> 2. */
int cli_exit_for(rf_status s);

#endif /* RF_CLI_H */
