/* tools/cli/cli_level.c: option parsing for `gen` and `catalog`: sizes,
 * depth ranges and the --recipe file.
 *
 * Pipeline: CLI only; the content itself loads through cli_pack.c.
 */
#include "cli_level.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "roomforge/diag.h"
#include "roomforge/fs.h"
#include "roomforge/level.h"

bool cli_parse_size(const char *s, int *w, int *h)
{
    char buf[32];
    char *x;
    int a, b;
    if (!s || strlen(s) >= sizeof buf)
        return false;
    strcpy(buf, s);
    x = strchr(buf, 'x');
    if (!x)
        return false;
    *x = '\0';
    if (!cli_parse_int(buf, &a) || !cli_parse_int(x + 1, &b))
        return false; /* the range is rf_level_opts_check's */
    *w = a;
    *h = b;
    return true;
}

bool cli_parse_depths(const char *s, int *a, int *b)
{
    char buf[32];
    char *dash;
    if (!s || strlen(s) >= sizeof buf)
        return false;
    strcpy(buf, s);
    dash = strchr(buf, '-');
    if (dash)
        *dash = '\0';
    if (!cli_parse_int(buf, a) || (dash ? !cli_parse_int(dash + 1, b) : ((*b = *a), false)))
        return false;
    return *a >= 1 && *b >= *a && *b <= RF_LEVEL_MAX_DEPTH;
}

rf_status cli_recipe_load(const char *path, rf_level_opts *o, char **text, char *why,
                          size_t cap)
{
    size_t n = 0;
    int e = 0;
    rf_status st = rf_fs_read(path, RF_PROFILE_RECIPE_MAX, text, &n, &e);
    if (st != RF_OK) {
        *text = NULL;
        snprintf(why, cap, "%s%s",
                 st == RF_ERR_NOMEM  ? "out of memory"
                 : st == RF_ERR_LIMIT ? "larger than 1 MiB"
                                      : "cannot read: ",
                 st == RF_ERR_NOMEM || st == RF_ERR_LIMIT ? "" : rf_fs_why(e));
        return st;
    }
    o->recipe = *text;
    o->recipe_len = n;
    o->recipe_file = path;
    return RF_OK;
}

int cli_read_recipe(const char *cmd, const char *path, rf_level_opts *o, char **text)
{
    char why[160];
    rf_status st = cli_recipe_load(path, o, text, why, sizeof why);
    if (st == RF_ERR_NOMEM)
        return cli_usage_error(cmd, "out of memory");
    if (st != RF_OK)
        return cli_usage_error(cmd, "--recipe %s: %s", path, why);
    return CLI_OK;
}
