/* engine/src/pack/lint_paths.c: lint of a content pack, as one library call.
 *
 * Pipeline: pack, the top: calls load, world, profile and level (trial
 * levels); only the CLI calls it. Paths are walked in name order; an *.xml
 * rooted at <profiles> is a profiles file. Rooms load first.
 */
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "pack_int.h"
#include "roomforge/fs.h"
#include "roomforge/level.h"
#include "roomforge/lint.h"
#include "roomforge/profile.h"
#include "roomforge/text.h"
#include "roomforge/world.h"

#define MAX_PROFILES_FILES 4096

void rf_lint_opts_init(rf_lint_opts *o) { memset(o, 0, sizeof *o); }

/* The profiles files lint found, kept until the rooms are all loaded. */
typedef struct found {
    char **files;
    size_t n, cap;
} found;

/* Loads the rooms files under path and keeps its profiles files in f. */
static rf_status walk(const char *path, rf_template_set *set, found *f, rf_diags *d)
{
    rf_fs_list *files = NULL;
    rf_status st;
    size_t i;
    int why = 0;
    /* a file given is linted whatever its name; a directory's *.xml in name order */
    st = rf_fs_walk(path, ".xml", RF_FS_WALK_RECURSIVE | RF_FS_WALK_FILE_OK, &files, &why);
    if (st == RF_ERR_NOMEM)
        return st;
    if (st != RF_OK)
        return rf_pack_io_error(d, path, why);
    for (i = 0; i < rf_fs_list_count(files) && st != RF_ERR_NOMEM; i++) {
        const char *file = rf_fs_list_at(files, i);
        rf_status s = RF_OK;
        if (rf_fs_list_error(files, i)) {
            s = rf_pack_io_error(d, file, rf_fs_list_error(files, i));
        } else if (!rf_pack_is_profiles_file(file)) {
            s = rf_template_set_load_file(set, file, d);
        } else if (f->n == MAX_PROFILES_FILES) {
            (void)rf_diag_add(d, "xml-limit", file, 0, 0, "more than %d profiles files",
                              MAX_PROFILES_FILES);
            s = RF_ERR_CONTENT;
        } else if (!rf_grow((void **)&f->files, &f->cap, f->n + 1, sizeof *f->files) ||
                   !(f->files[f->n] = rf_strdup(file))) {
            s = RF_ERR_NOMEM;
        } else {
            f->n++;
        }
        st = rf_pack_worse(st, s);
    }
    rf_fs_list_free(files);
    return st;
}

/* Loads the profiles file at path and proves each profile by its trial
 * levels (rf_level_trial), with rooms as templates; counts the profiles. */
static rf_status profiles(const char *path, const rf_template_set *rooms, rf_diags *d,
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
            worst = s;
            break;
        }
        if (s != RF_OK && worst == RF_OK)
            worst = s;
    }
    *count += rf_profile_count(ps);
    rf_profile_set_free(ps);
    return worst;
}

rf_status rf_lint_paths(const char *const *paths, size_t npaths, const rf_lint_opts *o,
                        rf_diags *d, rf_lint_summary *out)
{
    rf_template_set *set = rf_template_set_new();
    found f = {NULL, 0, 0};
    rf_world_opts wopts;
    rf_status st = RF_OK, ls;
    size_t i;
    memset(out, 0, sizeof *out);
    if (!set)
        return RF_ERR_NOMEM;
    for (i = 0; i < npaths && st != RF_ERR_NOMEM; i++)
        st = rf_pack_worse(st, walk(paths[i], set, &f, d));
    /* script types against the rule VM's registries (built-ins and the
     * scripts directory's extensions), XML scripts compiled, Lua chunks run
     * once in the sandbox */
    if (st != RF_ERR_NOMEM) {
        rf_world_opts_init(&wopts);
        wopts.scripts_dir = o ? o->scripts_dir : NULL;
        ls = rf_world_lint(set, &wopts, d);
        st = rf_pack_worse(st, ls == RF_ERR_NOMEM || ls == RF_ERR_IO || ls == RF_OK ? ls : RF_ERR_CONTENT);
    }
    for (i = 0; i < f.n && st != RF_ERR_NOMEM; i++)
        st = rf_pack_worse(st, profiles(f.files[i], set, d, &out->profiles));
    out->rooms = rf_template_set_count(set);
    for (i = 0; i < f.n; i++)
        rf_free(f.files[i]);
    rf_free(f.files);
    rf_template_set_free(set);
    return st;
}
