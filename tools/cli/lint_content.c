/* tools/cli/lint_content.c: what `roomforge lint` reads besides rooms:
 * finding the files under the paths given, and checking profiles files.
 *
 * Pipeline: CLI over load (rooms.xml), profile.c (profiles and their recipe
 * files) and rf_level_trial (level_trial.c: the trial levels of every
 * profile). Design: a path is a file or a directory walked recursively in
 * name order (so output is the same on every machine); each *.xml is sorted
 * by its root element, which is read from the first bytes: <profiles> goes
 * to the profile loader, every other root to the rooms loader (which
 * reports a wrong root itself). A profiles file is then proven by the
 * library's trial levels of each profile (with the rooms lint loaded): what
 * a recipe makes of its profile (a bundled name that does not exist, a file
 * that does not compile, a misspelt step, a parameter it never reads) only
 * shows when it runs.
 */
#include "lint_content.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "roomforge/fs.h"
#include "roomforge/level.h"
#include "roomforge/text.h"

#define SNIFF_BYTES 4096

/* True when the XML file at path has the root element <profiles>: skips a
 * BOM, blanks, the declaration, processing instructions and comments. */
static bool is_profiles_file(const char *path)
{
    char buf[SNIFF_BYTES + 1];
    size_t n, i;
    if (rf_fs_read_head(path, buf, sizeof buf, &n, NULL) != RF_OK)
        return false;
    i = rf_text_bom_len(buf, n);
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

static rf_status io_error(rf_diags *d, const char *path, int why)
{
    (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read: %s", strerror(why));
    return RF_ERR_IO;
}

rf_status lint_walk(const char *path, rf_diags *d, lint_visit fn, void *ud)
{
    rf_fs_list *files = NULL;
    rf_status st;
    size_t i;
    int why = 0;
    /* A file given is visited whatever its name; a directory's *.xml, walked
     * in name order; a subdirectory that cannot be read is an io-error. */
    st = rf_fs_walk(path, ".xml", RF_FS_WALK_RECURSIVE | RF_FS_WALK_FILE_OK, &files, &why);
    if (st == RF_ERR_NOMEM)
        return st;
    if (st != RF_OK)
        return io_error(d, path, why);
    for (i = 0; i < rf_fs_list_count(files) && st != RF_ERR_NOMEM; i++) {
        const char *f = rf_fs_list_at(files, i);
        rf_status s = rf_fs_list_error(files, i) ? io_error(d, f, rf_fs_list_error(files, i))
                                                 : fn(ud, f, is_profiles_file(f));
        if (s != RF_OK && (st == RF_OK || st == RF_ERR_CONTENT))
            st = s;
    }
    rf_fs_list_free(files);
    return st;
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
