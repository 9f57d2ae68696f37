/* tools/cli/cli_common.c: option parsing and data-directory lookup for the CLI.
 *
 * Pipeline: CLI only. Design: the bundled content is found without
 * configuration, both in a build tree (the source dir compiled in) and when
 * installed (the data dir compiled in, or relative to the executable), so
 * `roomforge lint` works wherever the binary runs; $ROOMFORGE_DATA overrides.
 */
#include "cli.h"

#include "roomforge/diag.h"
#include "roomforge/template.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_dir(const char *p)
{
    struct stat st;
    return p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool has_content(const char *dir)
{
    char p[PATH_MAX];
    return snprintf(p, sizeof p, "%s/content/rooms", dir) < (int)sizeof p && is_dir(p);
}

const char *cli_data_dir(void)
{
    static char exe_rel[PATH_MAX];
    const char *env = getenv("ROOMFORGE_DATA");
    char exe[PATH_MAX];
    ssize_t n;
    if (env && *env)
        return has_content(env) ? env : NULL;
    n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        char *slash;
        exe[n] = '\0';
        slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0'; /* <prefix>/bin -> <prefix>/share/roomforge */
            if (snprintf(exe_rel, sizeof exe_rel, "%s/../share/roomforge", exe) <
                    (int)sizeof exe_rel &&
                has_content(exe_rel))
                return exe_rel;
        }
    }
    if (has_content(RF_DATADIR))
        return RF_DATADIR;
    if (has_content(RF_SOURCE_DIR))
        return RF_SOURCE_DIR;
    return NULL;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "roomforge %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return CLI_USAGE;
}

int cli_opt_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *a = argv[*i];
    size_t n = strlen(name);
    if (strncmp(a, name, n) != 0)
        return 0;
    if (a[n] == '=') {
        *value = a + n + 1;
        return 1;
    }
    if (a[n] != '\0')
        return 0;
    if (*i + 1 >= argc)
        return -1;
    *value = argv[++*i];
    return 1;
}

bool cli_parse_u64(const char *s, unsigned long long *out)
{
    char *end;
    unsigned long long v;
    if (!s || *s < '0' || *s > '9')
        return false;
    errno = 0;
    v = strtoull(s, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

bool cli_parse_int(const char *s, int *out)
{
    unsigned long long v;
    if (!cli_parse_u64(s, &v) || v > INT_MAX)
        return false;
    *out = (int)v;
    return true;
}

int cli_exit_for(rf_status s)
{
    if (s == RF_OK)
        return CLI_OK;
    return s == RF_ERR_CONTENT || s == RF_ERR_SCRIPT ? CLI_CONTENT : CLI_USAGE;
}

bool cli_use_color(FILE *out)
{
    const char *no = getenv("NO_COLOR");
    return isatty(fileno(out)) && !(no && *no);
}

rf_status cli_unknown_room_diag(rf_diags *d, const rf_template_set *set, const char *name)
{
    const char *near = rf_template_set_suggest(set, name);
    return rf_diag_add(d, "unknown-room", "roomforge", 0, 0,
                       "no room named '%s' is loaded%s%s%s (roomforge list shows them)", name,
                       near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
}

int cli_unknown_room(const char *cmd, const rf_template_set *set, const char *name)
{
    rf_diags *d = rf_diags_new();
    int rc = CLI_CONTENT;
    if (!d)
        return cli_usage_error(cmd, "out of memory");
    (void)cli_unknown_room_diag(d, set, name);
    if (rf_diags_write_gcc(d, stderr, cli_use_color(stderr) ? RF_DIAG_WRITE_COLOR : 0) != RF_OK)
        rc = CLI_USAGE;
    rf_diags_free(d);
    return rc;
}
