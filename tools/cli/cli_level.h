/* tools/cli/cli_level.h: what the generating commands share: the parsing of
 * sizes, depth ranges and the --recipe file.
 *
 * Pipeline: CLI over profile.h and level.h.
 */
#ifndef RF_CLI_LEVEL_H
#define RF_CLI_LEVEL_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/profile.h"

struct rf_level_opts;
/* Reads the recipe file of --recipe (at most 1 MiB) into *text
 * (NUL-terminated; the caller frees it with rf_fs_free) and points o's
 * recipe at it: RF_OK. Otherwise *text is NULL, why (cap bytes) says what
 * went wrong ("larger than 1 MiB", "cannot read: REASON", "out of memory")
 * and the status is rf_fs_read's. The one reader: gen, catalog and stats
 * print why (cli_read_recipe), watch makes it a diagnostic of the build. */
rf_status cli_recipe_load(const char *path, struct rf_level_opts *o, char **text, char *why,
                          size_t cap);
/* Reads the recipe file of --recipe (at most 1 MiB) into *text
 * (NUL-terminated; the caller frees it with rf_fs_free) and points o's
 * recipe at it. Returns CLI_OK, or prints why and returns CLI_USAGE. */
int cli_read_recipe(const char *cmd, const char *path, struct rf_level_opts *o, char **text);
/* Parses "WxH", two integers: the level limits are rf_level_opts_check's
 * (cli_gen_check). */
bool cli_parse_size(const char *s, int *w, int *h);
/* Parses "A-B" or "A" with 1 <= A <= B <= 1000. */
bool cli_parse_depths(const char *s, int *a, int *b);

#endif /* RF_CLI_LEVEL_H */
