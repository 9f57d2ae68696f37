/* engine/src/pack/pack_files.c: the files a pack load reads: the list kept
 * for watchers, the profiles- and machines-file sniffs, the walk's refusals
 * reported, and profiles.xml layered.
 *
 * Pipeline: pack; used by pack_load.c and lint_paths.c. Design: a file is
 * a profiles (machines) file by its root element, read from its first 4 KiB,
 * never by its name, so lint and packs agree on what a rooms file is.
 */
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "core/seam.h"
#include "pack_int.h"
#include "profile/seam.h"
#include "roomforge/fs.h"
#include "roomforge/text.h"

#define SNIFF_BYTES RF_PACK_SNIFF_BYTES

bool rf_pack_add_file(rf_pack *p, const char *path)
{
    size_t i;
    for (i = 0; i < p->nfiles; i++)
        if (strcmp(p->files[i], path) == 0)
            return true;
    if (!rf_grow((void **)&p->files, &p->files_cap, p->nfiles + 1, sizeof *p->files) ||
        !(p->files[p->nfiles] = rf_strdup(path)))
        return false;
    p->nfiles++;
    return true;
}

bool rf_pack_root_is(const char *buf, size_t n, const char *root)
{
    size_t rlen = strlen(root), i = rf_text_bom_len(buf, n);
    for (;;) {
        const char *close;
        size_t k, clen;
        while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\r' || buf[i] == '\n'))
            i++;
        if (i + 1 >= n || buf[i] != '<')
            return false;
        if (buf[i + 1] == '?')
            close = "?>";
        else if (n - i >= 4 && strncmp(buf + i, "<!--", 4) == 0)
            close = "-->";
        else
            return n - i - 1 > rlen && strncasecmp(buf + i + 1, root, rlen) == 0 &&
                   strchr(" \t\r\n/>", buf[i + 1 + rlen]) != NULL && buf[i + 1 + rlen] != '\0';
        clen = strlen(close);
        for (k = i + 2; k + clen <= n && memcmp(buf + k, close, clen) != 0; k++)
            ;
        if (k + clen > n)
            return false;
        i = k + clen;
    }
}

/* True when the XML file at path has the root element root (a BOM, the
 * declaration and comments before it allowed), read from its first bytes. */
static bool root_is(const char *path, const char *root)
{
    char buf[SNIFF_BYTES + 1];
    size_t n;
    if (rf_fs_read_head(path, buf, sizeof buf, &n, NULL) != RF_OK)
        return false;
    return rf_pack_root_is(buf, n, root);
}

bool rf_pack_is_profiles_file(const char *path) { return root_is(path, "profiles"); }

bool rf_pack_is_machines_file(const char *path) { return root_is(path, "machines"); }

rf_status rf_pack_worse(rf_status a, rf_status b)
{
    if (a == RF_ERR_NOMEM || b == RF_ERR_NOMEM)
        return RF_ERR_NOMEM;
    return b != RF_OK && (a == RF_OK || a == RF_ERR_CONTENT) ? b : a;
}

rf_status rf_pack_io_error(rf_diags *d, const char *path, int why)
{
    (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read: %s", rf_fs_why(why));
    return RF_ERR_IO;
}

rf_status rf_pack_walk_error(rf_diags *d, const char *path, int why)
{
    /* line 0: no source line is ever printed, least of all a refused file's */
    if (why == RF_FS_EOUTSIDE)
        (void)rf_diag_add(d, "symlink-outside", path, 0, 0,
                          "a symbolic link whose target lies outside the pack; it is refused, "
                          "never read (copy the file into the pack)");
    else if (why == RF_FS_ETOODEEP)
        (void)rf_diag_add(d, "folder-too-deep", path, 0, 0,
                          "a folder more than %d levels below the path walked; it is not "
                          "walked (move its files up)",
                          RF_FS_WALK_MAX_DEPTH);
    else
        return rf_pack_io_error(d, path, why);
    return RF_ERR_CONTENT;
}

bool rf_pack_refuse_link(const char *root, const char *path, rf_diags *d)
{
    struct stat sb;
    if (lstat(path, &sb) != 0 || !S_ISLNK(sb.st_mode) || rf_fs_inside(root, path))
        return false;
    (void)rf_pack_walk_error(d, path, RF_FS_EOUTSIDE);
    return true;
}

rf_status rf_pack_load_profiles(rf_pack *p, const char *path, rf_diags *d)
{
    rf_profile_set *ps = rf_profile_set_new();
    rf_status st;
    size_t i;
    if (!ps || !rf_pack_add_file(p, path)) {
        rf_profile_set_free(ps);
        return RF_ERR_NOMEM;
    }
    st = rf_profile_set_load(ps, path, d);
    if (st == RF_ERR_NOMEM) {
        rf_profile_set_free(ps);
        return st;
    }
    for (i = 0; i < rf_profile_count(ps); i++) {
        const rf_profile *np = rf_profile_at(ps, i), *old;
        const char *recipe_file = NULL, *file, *old_file;
        size_t len;
        int line = 0, old_line = 0;
        if (rf_profile_recipe_text(np, &len, &recipe_file) && recipe_file &&
            !rf_pack_add_file(p, recipe_file)) {
            rf_profile_set_free(ps);
            return RF_ERR_NOMEM;
        }
        old = rf_profile_find(p->profiles, rf_profile_name(np));
        if (!old)
            continue;
        file = rf_profile_file(np, &line);
        old_file = rf_profile_file(old, &old_line);
        (void)rf_diag_add(d, "profile-replaced", file, line, 1,
                          "profile '%s' replaces the profile of that name in an earlier pack (%s:%d)",
                          rf_profile_name(np), old_file, old_line);
    }
    if (rf_profile_set_take(p->profiles, ps) != RF_OK)
        return RF_ERR_NOMEM;
    return st;
}
