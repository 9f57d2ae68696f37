/* tools/datadir/rf_datadir.c: the rule of rf_datadir.h: which directory
 * holds the bundled content, for the CLI and the Lua module alike.
 *
 * Pipeline: host only; reads the file system (stat, realpath), produces a
 * path. Design: "runs from its build directory" compares the real paths of
 * the program's directory and the build's output directory, so a symlink
 * or a relative LUA_CPATH does not change the answer; the install-relative
 * path keeps its "bin/../share" spelling, which is what diagnostics show.
 */
#define _DEFAULT_SOURCE 1 /* realpath */
#include "rf_datadir.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static bool has_content(const char *dir)
{
    char p[PATH_MAX];
    struct stat st;
    return dir && *dir && snprintf(p, sizeof p, "%s/content/rooms", dir) < (int)sizeof p &&
           stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* dir into buf when it holds the content: buf, else NULL. */
static const char *take(const char *dir, char *buf, size_t cap)
{
    if (!has_content(dir) || strlen(dir) >= cap)
        return NULL;
    memcpy(buf, dir, strlen(dir) + 1);
    return buf;
}

/* The directory of path, into dir (PATH_MAX bytes): false when it has none. */
static bool dir_of(const char *path, char *dir)
{
    const char *slash = strrchr(path, '/');
    size_t n;
    if (!slash)
        return false;
    n = slash == path ? 1 : (size_t)(slash - path);
    if (n >= PATH_MAX)
        return false;
    memcpy(dir, path, n);
    dir[n] = '\0';
    return true;
}

/* Whether the directories a and b are one (their real paths match). */
static bool same_dir(const char *a, const char *b)
{
    char ra[PATH_MAX], rb[PATH_MAX];
    return a && b && realpath(a, ra) && realpath(b, rb) && strcmp(ra, rb) == 0;
}

const char *rf_datadir_find(const rf_datadir_where *w, char *buf, size_t cap)
{
    char dir[PATH_MAX], rel[PATH_MAX];
    const char *got;
    bool known = w->self && dir_of(w->self, dir);
    if (w->env && *w->env)
        return take(w->env, buf, cap);
    if (known && same_dir(dir, w->built_in) && (got = take(w->source, buf, cap)))
        return got;
    if (known && w->rel && snprintf(rel, sizeof rel, "%s/%s", dir, w->rel) < (int)sizeof rel &&
        (got = take(rel, buf, cap)))
        return got;
    if ((got = take(w->datadir, buf, cap)))
        return got;
    return take(w->source, buf, cap);
}
