/* tools/cli/cli_level.c: profile loading and option parsing for `gen` and
 * `catalog`.
 *
 * Pipeline: CLI only. Design: a content pack of rooms usually carries no
 * profiles, so --content falls back to the bundled content/profiles.xml
 * (a pack may bring its own profiles.xml next to or above its rooms).
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

static bool is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

const char *cli_rooms_path(const char *content, char *buf, size_t cap)
{
    struct stat st;
    if (!content)
        return NULL;
    if (snprintf(buf, cap, "%s/rooms", content) < (int)cap && stat(buf, &st) == 0 &&
        S_ISDIR(st.st_mode))
        return buf;
    return content;
}

int cli_load_profiles(const char *cmd, const char *content, rf_profile_set **out)
{
    char path[PATH_MAX];
    const char *data;
    bool found = false;
    rf_diags *d;
    rf_profile_set *set;
    rf_status st;
    struct stat sb;
    int rc;
    *out = NULL;
    if (content && (stat(content, &sb) != 0 || !S_ISDIR(sb.st_mode)))
        return cli_usage_error(cmd, "--content %s is not a directory", content);
    if (content) {
        found = snprintf(path, sizeof path, "%s/profiles.xml", content) < (int)sizeof path &&
                is_file(path);
        if (!found)
            found = snprintf(path, sizeof path, "%s/../profiles.xml", content) < (int)sizeof path &&
                    is_file(path);
    }
    if (!found) {
        data = cli_data_dir();
        if (!data || snprintf(path, sizeof path, "%s/content/profiles.xml", data) >= (int)sizeof path ||
            !is_file(path))
            return cli_usage_error(cmd, "content/profiles.xml was not found (set ROOMFORGE_DATA)");
    }
    d = rf_diags_new();
    set = rf_profile_set_new();
    if (!d || !set) {
        rf_diags_free(d);
        rf_profile_set_free(set);
        fprintf(stderr, "roomforge %s: out of memory\n", cmd);
        return CLI_USAGE;
    }
    st = rf_profile_set_load(set, path, d);
    if (rf_diags_write_gcc(d, stderr, cli_use_color(stderr) ? RF_DIAG_WRITE_COLOR : 0) != RF_OK)
        fprintf(stderr, "roomforge %s: cannot print diagnostics\n", cmd);
    rf_diags_free(d);
    rc = cli_exit_for(st);
    if (st == RF_ERR_NOMEM || st == RF_ERR_IO) {
        rf_profile_set_free(set);
        return rc;
    }
    *out = set;
    return rc;
}

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
    if (!cli_parse_int(buf, &a) || !cli_parse_int(x + 1, &b) || a < RF_LEVEL_MIN_W ||
        b < RF_LEVEL_MIN_H || a > RF_LEVEL_MAX_SIDE || b > RF_LEVEL_MAX_SIDE)
        return false;
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

int cli_read_recipe(const char *cmd, const char *path, rf_level_opts *o, char **text)
{
    char *buf = NULL;
    size_t n = 0;
    int why = 0;
    rf_status st = rf_fs_read(path, RF_PROFILE_RECIPE_MAX, &buf, &n, &why);
    *text = NULL;
    if (st == RF_ERR_NOMEM)
        return cli_usage_error(cmd, "out of memory");
    if (st == RF_ERR_LIMIT)
        return cli_usage_error(cmd, "--recipe %s: larger than 1 MiB", path);
    if (st != RF_OK)
        return cli_usage_error(cmd, "--recipe %s: cannot read: %s", path, rf_fs_why(why));
    *text = buf;
    o->recipe = buf;
    o->recipe_len = n;
    o->recipe_file = path;
    return CLI_OK;
}
