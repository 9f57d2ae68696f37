/* tools/cli/cli_getopt.h: every command's options through getopt_long(3).
 *
 * Pipeline: CLI only. Design: a command lists its option tables (the shared
 * ones of cli_pack.c and cli_genopts.c, then its own), each with the struct
 * its entries fill; cli_getopt builds getopt_long's table from them and walks
 * argv once, so every command takes --name VALUE, --name=VALUE, a unique
 * prefix of a long name and -- the same way, and refuses the same way.
 */
#ifndef RF_CLI_GETOPT_H
#define RF_CLI_GETOPT_H

#include <stdbool.h>
#include <stddef.h>

/* Takes an option's value v into ctx (v NULL: a flag, or a value that is
 * missing). 1 when taken; -1 after printing a usage error for cmd. */
typedef int (*cli_take_fn)(const char *cmd, const char *v, void *ctx);

typedef struct cli_opt {
    const char *name; /* "seed" for --seed; one letter ("o") is a short option */
    bool value;       /* takes a value */
    cli_take_fn take;
} cli_opt;

/* A table of options ended by a NULL name, and the struct they fill. */
typedef struct cli_optset {
    const cli_opt *opts;
    void *ctx;
} cli_optset;

#define CLI_MAX_OPTS 64 /* options of one command, all tables together */
#define CLI_HELP (-2)   /* cli_getopt's answer to -h or --help */

/* Walks argv[1..argc-1]: each option goes to its table's take; each other
 * argument, in order, to arg (NULL: none is taken, "unexpected argument").
 * CLI_OK; CLI_HELP at -h or --help (nothing after it is read); or CLI_USAGE
 * after printing why (an unknown option, a missing value, what a take or arg
 * refused). */
int cli_getopt(const char *cmd, int argc, char **argv, const cli_optset *sets, size_t nsets,
               int (*arg)(const char *cmd, const char *a, void *ctx), void *arg_ctx);
/* An arg for cli_getopt that takes one ROOM name into *(const char **)slot;
 * a second one is a usage error ("one ROOM at a time"). show and export. */
int cli_take_one_room(const char *cmd, const char *a, void *slot);

#endif /* RF_CLI_GETOPT_H */
