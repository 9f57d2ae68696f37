/* tools/cli/cli_out.h: -o FILE for the commands that write one: "-" is
 * stdout, never over a directory, a FIFO, a device or one of the command's
 * inputs, and written beside the target then renamed on success.
 *
 * Pipeline: CLI; gen (and any later command with -o).
 */
#ifndef RF_CLI_OUT_H
#define RF_CLI_OUT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct cli_out {
    FILE *f;            /* where to write: stdout or the temporary file */
    const char *path;   /* the target, NULL for stdout */
    char tmp[PATH_MAX]; /* the temporary file beside it, "" when none */
} cli_out;

/* The target path names: NULL for stdout (no -o, or "-o -"). */
const char *cli_out_target(const char *path);
/* Whether the command may write path (NULL: stdout, always): CLI_OK, or a
 * usage error (exit 2) printed for cmd when it exists and is not a regular
 * file, or is the same file as one of the n inputs (NULL entries skipped;
 * what names the kind of input for the message, e.g. "its recipe"). */
int cli_out_check(const char *cmd, const char *path, const char *const *inputs,
                  const char *const *what, size_t n);
/* Whether path (NULL: stdout, always) may be written over: CLI_OK when it
 * does not exist or force is set, else a usage error printed for cmd
 * ("FILE exists: --force overwrites it"). Commands that make a file a user
 * may have written (export, import) ask before anything else. */
int cli_out_may_replace(const char *cmd, const char *path, bool force);
/* Opens o for path (NULL: stdout): a temporary file in path's folder, which
 * cli_out_close renames over path. CLI_OK, or a usage error printed. */
int cli_out_open(cli_out *o, const char *cmd, const char *path, bool binary);
/* Finishes o: with ok, flushes and renames the temporary file over the
 * target (a write or rename failure is a usage error printed, exit 2); without
 * ok, or on any failure, removes it, so the target is never half written. */
int cli_out_close(cli_out *o, const char *cmd, bool ok);

#endif /* RF_CLI_OUT_H */
