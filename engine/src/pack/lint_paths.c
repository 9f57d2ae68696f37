/* engine/src/pack/lint_paths.c: lint of a content pack, as one library call.
 *
 * Pipeline: pack, the top: calls load, world, profile and level (trial
 * levels); only the CLI calls it. Paths are walked in name order; an *.xml
 * rooted at <profiles> is a profiles file, one rooted at <machines> a
 * machines file. Rooms load first; with no profiles file to prove, they
 * stream to checker threads (lint_pipe.c), then go; machines files last.
 */
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "pack_int.h"
#include "roomforge/fs.h"
#include "roomforge/level.h"
#include "roomforge/lint.h"
#include "roomforge/machines.h"
#include "roomforge/profile.h"
#include "roomforge/text.h"
#include "roomforge/world.h"

#define MAX_PROFILES_FILES 4096

void rf_lint_opts_init(rf_lint_opts *o) { memset(o, 0, sizeof *o); }

/* The files lint found under its paths, in walk order: each a rooms or a
 * profiles file, one that could not be reached, or a profiles file past
 * MAX_PROFILES_FILES (reported, not read). */
typedef struct found {
    rf_fs_list **lists; /* one per path walked */
    unsigned char *kind; /* per file of all lists, in order: FOUND_* */
    size_t nlists, nfiles, nprofiles, cap_kind;
} found;

enum { FOUND_ROOMS, FOUND_PROFILES, FOUND_MACHINES, FOUND_ERROR, FOUND_OVER };

static void found_free(found *f, size_t npaths)
{
    size_t i;
    for (i = 0; i < npaths; i++)
        rf_fs_list_free(f->lists[i]);
    rf_free(f->lists);
    rf_free(f->kind);
}

/* Walks every path (a file given is linted whatever its name, a directory's
 * *.xml in name order) and sorts the files into kinds; an unreadable path is
 * an io-error here, and a path with no *.xml under it a no-rooms-file error
 * (RF_ERR_IO: exit 2, a mistyped path in CI must not pass). Each path is a
 * pack (DESIGN 5: a folder, or a file's folder): links out of it are refused
 * unread. The worst status, or RF_ERR_NOMEM. */
static rf_status gather(const char *const *paths, size_t npaths, found *f, rf_diags *d)
{
    rf_status st = RF_OK;
    size_t i, k;
    if (!(f->lists = rf_calloc(npaths ? npaths : 1, sizeof *f->lists)))
        return RF_ERR_NOMEM;
    for (i = 0; i < npaths; i++) {
        int why = 0;
        rf_status s = rf_fs_walk_in(NULL, paths[i], ".xml",
                                    RF_FS_WALK_RECURSIVE | RF_FS_WALK_FILE_OK, &f->lists[i], &why);
        if (s == RF_ERR_NOMEM)
            return s;
        if (s != RF_OK) {
            st = rf_pack_worse(st, rf_pack_io_error(d, paths[i], why));
            continue;
        }
        if (rf_fs_list_count(f->lists[i]) == 0) {
            char *shown = rf_strdup(paths[i]);
            if (!shown)
                return RF_ERR_NOMEM;
            (void)rf_diag_add(d, "no-rooms-file", rf_fs_path_normalise(shown), 0, 0,
                              "no rooms file under %s: no *.xml file in it or below it",
                              shown);
            rf_free(shown);
            st = rf_pack_worse(st, RF_ERR_IO);
        }
        for (k = 0; k < rf_fs_list_count(f->lists[i]); k++) {
            const char *file = rf_fs_list_at(f->lists[i], k);
            unsigned char kind;
            if (!rf_grow((void **)&f->kind, &f->cap_kind, f->nfiles + 1, sizeof *f->kind))
                return RF_ERR_NOMEM;
            if (rf_fs_list_error(f->lists[i], k)) {
                kind = FOUND_ERROR;
            } else if (rf_pack_is_machines_file(file)) {
                kind = FOUND_MACHINES;
            } else if (!rf_pack_is_profiles_file(file)) {
                kind = FOUND_ROOMS;
            } else if (f->nprofiles < MAX_PROFILES_FILES) {
                kind = FOUND_PROFILES;
            } else {
                (void)rf_diag_add(d, "xml-limit", file, 0, 0, "more than %d profiles files",
                                  MAX_PROFILES_FILES);
                st = rf_pack_worse(st, RF_ERR_CONTENT);
                kind = FOUND_OVER;
            }
            f->kind[f->nfiles++] = kind;
            f->nprofiles += kind == FOUND_PROFILES;
        }
    }
    return st;
}

/* Loads the rooms files of f into set, in walk order, and reports the
 * unreachable ones. */
static rf_status load_rooms(const found *f, size_t npaths, rf_template_set *set, rf_diags *d)
{
    rf_status st = RF_OK;
    size_t i, k, n = 0;
    for (i = 0; i < npaths && st != RF_ERR_NOMEM; i++)
        for (k = 0; k < rf_fs_list_count(f->lists[i]) && st != RF_ERR_NOMEM; k++, n++) {
            const char *file = rf_fs_list_at(f->lists[i], k);
            if (f->kind[n] == FOUND_ERROR)
                st = rf_pack_worse(st,
                                   rf_pack_walk_error(d, file, rf_fs_list_error(f->lists[i], k)));
            else if (f->kind[n] == FOUND_ROOMS)
                st = rf_pack_worse(st, rf_template_set_load_file(set, file, d));
        }
    return st;
}

rf_status rf_lint_profile_trials(const rf_profile_set *ps, rf_status loaded,
                                 const rf_template_set *rooms, rf_diags *d, size_t *count)
{
    rf_status worst = loaded;
    size_t i;
    for (i = 0; loaded != RF_ERR_IO && loaded != RF_ERR_NOMEM && i < rf_profile_count(ps); i++) {
        rf_status s = rf_level_trial(ps, rf_profile_name(rf_profile_at(ps, i)), rooms, d);
        if (s == RF_ERR_NOMEM) {
            worst = s;
            break;
        }
        if (s != RF_OK && worst == RF_OK)
            worst = s;
    }
    *count += rf_profile_count(ps);
    return worst;
}

/* Loads the profiles file at path and proves each profile by its trial
 * levels (rf_level_trial), with rooms as templates; counts the profiles. */
static rf_status profiles(const char *path, const rf_template_set *rooms, rf_diags *d,
                          size_t *count)
{
    rf_profile_set *ps = rf_profile_set_new();
    rf_status st;
    if (!ps)
        return RF_ERR_NOMEM;
    st = rf_lint_profile_trials(ps, rf_profile_set_load(ps, path, d), rooms, d, count);
    rf_profile_set_free(ps);
    return st;
}

/* The world lint's status as the pack's: content problems are content. */
static rf_status lint_status(rf_status ls)
{
    return ls == RF_ERR_NOMEM || ls == RF_ERR_IO || ls == RF_OK ? ls : RF_ERR_CONTENT;
}

/* A room with a <subroom> needs every room (DESIGN 16), which a stream let
 * go: the rooms loaded again, kept, their findings already said dropped,
 * and linked (rf_template_set_link) into d; *nbad gets the rooms the link
 * found errors in (not loaded, as rf_pack_load leaves them out). Only when
 * a room has one. */
static rf_status lint_subrooms(const found *f, size_t npaths, rf_diags *d, size_t *nbad)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *quiet = rf_diags_new_staging();
    rf_status st = RF_ERR_NOMEM;
    bool *bad = NULL;
    size_t i;
    *nbad = 0;
    if (set && quiet && load_rooms(f, npaths, set, quiet) != RF_ERR_NOMEM &&
        (bad = rf_calloc(rf_template_set_count(set) + 1, sizeof *bad)))
        st = rf_template_set_link(set, d, bad);
    for (i = 0; bad && i < rf_template_set_count(set); i++)
        *nbad += bad[i];
    rf_free(bad);
    rf_diags_free(quiet);
    rf_template_set_free(set);
    return st;
}

/* No profiles file: every room is handed at its </room> to the checkers
 * (lint_pipe.c), and let go once checked. */
static rf_status lint_streaming(const found *f, size_t npaths, const rf_world_opts *wo,
                                unsigned jobs, rf_diags *d, rf_lint_summary *out)
{
    rf_template_set *set = rf_template_set_new();
    rf_lint_pipe *checks = NULL;
    size_t nlinked = 0, left;
    rf_status st;
    if (!set)
        return RF_ERR_NOMEM;
    st = lint_status(rf_lint_pipe_new(wo, jobs, d, &checks));
    if (st != RF_ERR_NOMEM)
        st = rf_pack_worse(st, rf_template_set_stream(set, rf_lint_pipe_room, checks,
                                                      RF_LINT_PIPE_HOLD));
    if (st != RF_ERR_NOMEM) {
        st = rf_pack_worse(st, load_rooms(f, npaths, set, d));
        st = rf_pack_worse(st, rf_lint_pipe_finish(checks, d));
    }
    if (st != RF_ERR_NOMEM && rf_template_set_subroom_rooms(set) > 0)
        st = rf_pack_worse(st, lint_subrooms(f, npaths, d, &nlinked));
    /* loaded: the rooms without errors, a room with script or subroom errors
     * not one (one with both, rare, is taken off once: at most all of them) */
    left = rf_lint_pipe_left_out(checks) + nlinked;
    out->rooms = rf_template_set_streamed(set) - (left < rf_template_set_streamed(set)
                                                      ? left : rf_template_set_streamed(set));
    rf_lint_pipe_free(checks);
    rf_template_set_free(set);
    return st;
}

rf_status rf_lint_kept_rooms(rf_template_set *set, rf_status loaded, const rf_world_opts *wo,
                             rf_diags *d, size_t *nbad)
{
    rf_status st = loaded;
    bool *bad = NULL;
    size_t i, n = rf_template_set_count(set);
    *nbad = 0;
    /* bad: the world lint's (script errors), then the link's (subroom errors) */
    if (st != RF_ERR_NOMEM && !(bad = rf_calloc(2 * (n + 1), sizeof *bad)))
        st = RF_ERR_NOMEM;
    if (st != RF_ERR_NOMEM)
        st = rf_pack_worse(st, rf_template_set_link(set, d, bad + n + 1));
    if (st != RF_ERR_NOMEM)
        st = rf_pack_worse(st, lint_status(rf_world_lint_rooms(set, wo, d, bad)));
    for (i = 0; bad && i < n; i++)
        *nbad += bad[i] || bad[n + 1 + i];
    rf_free(bad);
    return st;
}

/* Profiles files too: the rooms stay for their trial levels. */
static rf_status lint_keeping(const found *f, size_t npaths, const rf_world_opts *wo,
                              rf_diags *d, rf_lint_summary *out)
{
    rf_template_set *set = rf_template_set_new();
    rf_status st;
    size_t i, k, n = 0, nbad = 0;
    if (!set)
        return RF_ERR_NOMEM;
    st = rf_lint_kept_rooms(set, load_rooms(f, npaths, set, d), wo, d, &nbad);
    for (i = 0; i < npaths && st != RF_ERR_NOMEM; i++)
        for (k = 0; k < rf_fs_list_count(f->lists[i]) && st != RF_ERR_NOMEM; k++, n++)
            if (f->kind[n] == FOUND_PROFILES)
                st = rf_pack_worse(st, profiles(rf_fs_list_at(f->lists[i], k), set, d,
                                                &out->profiles));
    out->rooms = rf_template_set_count(set) - nbad; /* script or subroom errors: not loaded */
    rf_template_set_free(set);
    return st;
}

rf_status rf_lint_machine_checks(const rf_machines *m, const rf_world_opts *wo, rf_diags *d)
{
    rf_diags *quiet = rf_diags_new_staging();
    rf_world *w = NULL;
    rf_status st;
    if (!quiet)
        return RF_ERR_NOMEM;
    st = rf_world_new(wo, quiet, &w);
    rf_diags_free(quiet);
    if (st == RF_ERR_NOMEM)
        return st;
    st = rf_lint_machines_script_types(m, w ? rf_world_script_types(w) : rf_script_types_builtin(),
                                       d);
    rf_world_free(w);
    return st == RF_ERR_NOMEM ? st : rf_pack_worse(st, rf_lint_machines_ids(m, d));
}

/* Each path's machines files (DESIGN 17) into one catalogue per path (a
 * pack: a blueprint name twice in it is a duplicate), checked as they load,
 * then their scripts' clause types; counts the blueprints kept. */
static rf_status lint_machines(const found *f, size_t npaths, const rf_world_opts *wo,
                               rf_diags *d, rf_lint_summary *out)
{
    rf_status st = RF_OK;
    size_t i, k, n = 0;
    for (i = 0; i < npaths && st != RF_ERR_NOMEM; i++) {
        rf_machines *m = NULL;
        for (k = 0; k < rf_fs_list_count(f->lists[i]) && st != RF_ERR_NOMEM; k++, n++) {
            if (f->kind[n] != FOUND_MACHINES)
                continue;
            if (!m && !(m = rf_machines_new()))
                return RF_ERR_NOMEM;
            st = rf_pack_worse(st, rf_machines_load_file(m, rf_fs_list_at(f->lists[i], k), d));
        }
        if (m && st != RF_ERR_NOMEM)
            st = rf_pack_worse(st, lint_status(rf_lint_machine_checks(m, wo, d)));
        out->blueprints += rf_machines_count(m);
        rf_machines_free(m);
    }
    return st;
}

rf_status rf_lint_paths(const char *const *paths, size_t npaths, const rf_lint_opts *o,
                        rf_diags *d, rf_lint_summary *out)
{
    found f;
    rf_world_opts wo;
    rf_status st;
    memset(out, 0, sizeof *out);
    memset(&f, 0, sizeof f);
    rf_world_opts_init(&wo);
    wo.scripts_dir = o ? o->scripts_dir : NULL;
    st = gather(paths, npaths, &f, d);
    if (st != RF_ERR_NOMEM) {
        /* script types against the rule VM's registries (built-ins and the
         * scripts directory's extensions), XML scripts compiled, Lua chunks run
         * once in the sandbox; then the profiles' trial levels */
        st = rf_pack_worse(st, f.nprofiles ? lint_keeping(&f, npaths, &wo, d, out)
                                           : lint_streaming(&f, npaths, &wo, o ? o->jobs : 0, d, out));
    }
    if (st != RF_ERR_NOMEM)
        st = rf_pack_worse(st, lint_machines(&f, npaths, &wo, d, out));
    found_free(&f, f.lists ? npaths : 0);
    return st;
}
