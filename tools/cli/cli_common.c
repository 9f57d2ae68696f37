/* tools/cli/cli_common.c: value parsing, usage errors and data-directory
 * lookup for the CLI (options themselves: cli_getopt.c).
 *
 * Pipeline: CLI only. Design: the bundled content is found without
 * configuration, by the rule the Lua module shares (tools/datadir): the
 * source tree from a build tree, the install's own data when installed (or
 * moved), $ROOMFORGE_DATA over both; the executable is /proc/self/exe.
 */
#include "cli.h"
#include "rf_datadir.h"

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

const char *cli_data_dir(void)
{
    static char found[PATH_MAX]; /* the answer, which callers keep for the run */
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    rf_datadir_where w;
    if (n > 0)
        exe[n] = '\0';
    w.env = getenv("ROOMFORGE_DATA");
    w.self = n > 0 ? exe : NULL;
    w.built_in = RF_BUILT_IN;
    w.rel = RF_DATA_REL;
    w.datadir = RF_DATADIR;
    w.source = RF_SOURCE_DIR;
    return rf_datadir_find(&w, found, sizeof found);
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
