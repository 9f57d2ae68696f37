/* tools/cli/lint_content.c: what `roomforge lint` reads besides rooms:
 * finding the files under the paths given, and checking profiles files.
 *
 * Pipeline: CLI over load (rooms.xml), profile.c (profiles and their recipe
 * files) and rf_level_trial (level_trial.c: the trial levels of every
 * profile). Design: a path is a file or a directory walked recursively in
 * name order (so output is the same on every machine); each *.xml is sorted
 * by its root element, which is read from the first bytes: <profiles> goes
 * to the profile loader, every other root to the rooms loader (which
 * reports a wrong root itself). A
 * profiles file is then proven by the library's trial levels of each profile
 * (with the rooms lint loaded): what a recipe makes of its profile (a
 * bundled name that does not exist, a file that does not compile, a
 * misspelt step, a parameter it never reads) only shows when it runs.
 */
#include "lint_content.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "roomforge/level.h"

#define WALK_DEPTH 16   /* directory levels below a path (symlink loops end here) */
#define SNIFF_BYTES 4096

/* True when the XML file at path has the root element <profiles>: skips a
 * BOM, blanks, the declaration, processing instructions and comments. */
static bool is_profiles_file(const char *path)
{
    char buf[SNIFF_BYTES + 1];
    size_t n, i = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    n = fread(buf, 1, SNIFF_BYTES, f);
    fclose(f);
    buf[n] = '\0';
    if (n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    for (;;) {
        const char *close;
        while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
            i++;
        if (i >= n || buf[i] != '<')
            return false;
        if (buf[i + 1] == '?')
            close = "?>";
        else if (strncmp(buf + i, "<!--", 4) == 0)
            close = "-->";
        else
            return strncasecmp(buf + i + 1, "profiles", 8) == 0 && buf[i + 9] != '\0' &&
                   strchr(" \t\r\n/>", buf[i + 9]) != NULL;
        if (!strstr(buf + i, close))
            return false;
        i = (size_t)(strstr(buf + i, close) - buf) + strlen(close);
    }
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static rf_status io_error(rf_diags *d, const char *path)
{
    (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read: %s", strerror(errno));
    return RF_ERR_IO;
}

static rf_status visit_file(const char *path, lint_visit fn, void *ud)
{
    return fn(ud, path, is_profiles_file(path));
}

static rf_status walk(const char *path, int depth, rf_diags *d, lint_visit fn, void *ud)
{
    struct stat sb;
    DIR *dir;
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    rf_status st = RF_OK;
    if (stat(path, &sb) != 0)
        return io_error(d, path);
    if (!S_ISDIR(sb.st_mode))
        return depth == 0 ? visit_file(path, fn, ud) : RF_OK;
    if (depth > WALK_DEPTH)
        return RF_OK;
    dir = opendir(path);
    if (!dir)
        return io_error(d, path);
    while ((e = readdir(dir)) != NULL && st == RF_OK) {
        char *full;
        if (e->d_name[0] == '.')
            continue; /* ".", ".." and hidden files */
        full = malloc(strlen(path) + strlen(e->d_name) + 2);
        if (n == cap) {
            char **grown = realloc(names, (cap ? cap * 2 : 16) * sizeof *names);
            if (grown) {
                names = grown;
                cap = cap ? cap * 2 : 16;
            }
        }
        if (!full || n == cap) {
            free(full);
            st = RF_ERR_NOMEM;
            break;
        }
        sprintf(full, "%s/%s", path, e->d_name);
        names[n++] = full;
    }
    closedir(dir);
    if (st == RF_OK)
        qsort(names, n, sizeof *names, cmp_names);
    for (i = 0; i < n && st != RF_ERR_NOMEM; i++) {
        size_t len = strlen(names[i]);
        struct stat fb;
        rf_status s = RF_OK;
        if (stat(names[i], &fb) != 0)
            continue; /* a dangling link */
        if (S_ISDIR(fb.st_mode))
            s = walk(names[i], depth + 1, d, fn, ud);
        else if (S_ISREG(fb.st_mode) && len > 4 && strcmp(names[i] + len - 4, ".xml") == 0)
            s = visit_file(names[i], fn, ud);
        if (s != RF_OK && (st == RF_OK || st == RF_ERR_CONTENT))
            st = s;
    }
    for (i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return st;
}

rf_status lint_walk(const char *path, rf_diags *d, lint_visit fn, void *ud)
{
    return walk(path, 0, d, fn, ud);
}

rf_status lint_profiles(const char *path, const rf_template_set *rooms, rf_diags *d,
                        size_t *count)
{
    rf_profile_set *ps = rf_profile_set_new();
    rf_status st, worst;
    size_t i;
    if (!ps)
        return RF_ERR_NOMEM;
    st = rf_profile_set_load(ps, path, d);
    worst = st;
    for (i = 0; st != RF_ERR_IO && st != RF_ERR_NOMEM && i < rf_profile_count(ps); i++) {
        rf_status s = rf_level_trial(ps, rf_profile_name(rf_profile_at(ps, i)), rooms, d);
        if (s == RF_ERR_NOMEM) {
            rf_profile_set_free(ps);
            return s;
        }
        if (s != RF_OK && worst == RF_OK)
            worst = s;
    }
    *count += rf_profile_count(ps);
    rf_profile_set_free(ps);
    return worst;
}
