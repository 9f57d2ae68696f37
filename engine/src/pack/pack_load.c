/* engine/src/pack/pack_load.c: rf_pack_load: each pack's rooms and
 * profiles.xml read in order, lint's script checks, the layering.
 *
 * Pipeline: pack, the top of the library: calls load, profile and world.
 * Design: each pack loads into a set of its own (duplicate names inside a
 * pack are a warning there), the sets are merged, the scripts of every room
 * checked once, and only then is the layering decided, so a room with
 * errors never replaces a good one; the rooms kept then link their
 * <subroom>s (DESIGN 16). No trial levels: lint makes those.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/seam.h"
#include "load/seam.h"
#include "pack_int.h"
#include "roomforge/fs.h"
#include "roomforge/world.h"

/* Adds the blueprints of machines file path to p's catalogue (made on the
 * first); a blueprint with an error is left out, as a room is. */
static rf_status load_machines(rf_pack *p, const char *path, rf_diags *d)
{
    if (!p->machines && !(p->machines = rf_machines_new()))
        return RF_ERR_NOMEM;
    if (!rf_pack_add_file(p, path))
        return RF_ERR_NOMEM;
    return rf_machines_load_file(p->machines, path, d);
}

/* Loads the rooms files of one pack (a file, DIR/rooms/ or DIR) into set.
 * The walk is fenced at the pack (DIR, or a file's folder): a link out of it
 * or a folder too deep is reported and makes the pack unreadable (RF_ERR_IO:
 * a command does not go on with part of a pack), never read. */
static rf_status load_rooms(rf_pack *p, const char *dir, bool is_dir, rf_template_set *set,
                            rf_diags *d)
{
    char sub[4096];
    struct stat st;
    rf_fs_list *files = NULL;
    const char *root = dir;
    rf_status s, worst = RF_OK;
    size_t i;
    int why = 0;
    if (is_dir && (size_t)snprintf(sub, sizeof sub, "%s/rooms", dir) < sizeof sub &&
        stat(sub, &st) == 0 && S_ISDIR(st.st_mode))
        root = sub;
    s = rf_fs_walk_in(is_dir ? dir : NULL, root, ".xml", RF_FS_WALK_RECURSIVE | RF_FS_WALK_FILE_OK,
                      &files, &why);
    if (s == RF_ERR_NOMEM)
        return s;
    if (s != RF_OK)
        return rf_pack_io_error(d, root, why ? why : EIO);
    for (i = 0; i < rf_fs_list_count(files) && worst != RF_ERR_NOMEM; i++) {
        const char *file = rf_fs_list_at(files, i);
        if (rf_fs_list_error(files, i))
            s = rf_pack_walk_error(d, file, rf_fs_list_error(files, i)) == RF_ERR_NOMEM
                    ? RF_ERR_NOMEM
                    : RF_ERR_IO;
        else if (is_dir && rf_pack_is_profiles_file(file))
            continue; /* DIR/profiles.xml, read as the pack's profiles */
        else if (is_dir && rf_pack_is_machines_file(file))
            s = load_machines(p, file, d); /* blueprints, not rooms (DESIGN 17) */
        else if (!rf_pack_add_file(p, file))
            s = RF_ERR_NOMEM;
        else
            s = rf_template_set_load_file(set, file, d);
        worst = rf_pack_worse(worst, s);
    }
    rf_fs_list_free(files);
    return worst;
}

/* DIR/machines.xml of a pack whose rooms are in DIR/rooms (the walk of
 * DIR/rooms does not see it; without DIR/rooms the walk of DIR did). */
static rf_status root_machines(rf_pack *p, const char *dir, rf_diags *d)
{
    char path[4096], rooms[4096];
    struct stat st;
    if ((size_t)snprintf(rooms, sizeof rooms, "%s/rooms", dir) >= sizeof rooms ||
        stat(rooms, &st) != 0 || !S_ISDIR(st.st_mode) ||
        (size_t)snprintf(path, sizeof path, "%s/machines.xml", dir) >= sizeof path ||
        stat(rf_fs_path_normalise(path), &st) != 0 || !S_ISREG(st.st_mode))
        return RF_OK;
    if (rf_pack_refuse_link(dir, path, d))
        return RF_ERR_IO;
    return load_machines(p, path, d);
}

/* One pack: its rooms into a set of their own, then into p->set (*pack_of
 * grows with k for each), then its profiles.xml. *profiles: one was found. */
static rf_status load_pack(rf_pack *p, const char *dir, size_t k, size_t **pack_of,
                           size_t *cap, bool *profiles, rf_diags *d)
{
    char path[4096];
    struct stat st;
    rf_template_set *set;
    rf_status worst;
    bool is_dir;
    size_t n0 = rf_template_set_count(p->set), i;
    if (stat(dir, &st) != 0)
        return rf_pack_io_error(d, dir, errno);
    set = rf_template_set_new();
    if (!set)
        return RF_ERR_NOMEM;
    is_dir = S_ISDIR(st.st_mode);
    worst = load_rooms(p, dir, is_dir, set, d);
    if (rf_template_set_take(p->set, set) != RF_OK || worst == RF_ERR_NOMEM)
        return RF_ERR_NOMEM; /* rf_template_set_take freed set either way */
    if (!rf_grow((void **)pack_of, cap, rf_template_set_count(p->set) + 1, sizeof **pack_of))
        return RF_ERR_NOMEM;
    for (i = n0; i < rf_template_set_count(p->set); i++)
        (*pack_of)[i] = k;
    if (is_dir && (size_t)snprintf(path, sizeof path, "%s/profiles.xml", dir) <
                                   sizeof path &&
        stat(rf_fs_path_normalise(path), &st) == 0 && S_ISREG(st.st_mode)) {
        *profiles = true;
        if (rf_pack_refuse_link(dir, path, d)) /* a profiles.xml out of the pack: unread */
            worst = rf_pack_worse(worst, RF_ERR_IO);
        else
            worst = rf_pack_worse(worst, rf_pack_load_profiles(p, path, d));
    }
    if (is_dir)
        worst = rf_pack_worse(worst, root_machines(p, dir, d));
    return worst;
}

/* The scripts directory's *.lua and every <script src> file, as read. */
static bool add_script_files(rf_pack *p, const char *scripts_dir)
{
    rf_fs_list *files = NULL;
    char path[4096], dir[4096];
    size_t i, s;
    if (scripts_dir && rf_fs_walk(scripts_dir, ".lua", 0, &files, NULL) == RF_OK)
        for (i = 0; i < rf_fs_list_count(files); i++)
            if (!rf_fs_list_error(files, i) && rf_fs_inside(scripts_dir, rf_fs_list_at(files, i)) &&
                !rf_pack_add_file(p, rf_fs_list_at(files, i))) {
                rf_fs_list_free(files);
                return false;
            }
    rf_fs_list_free(files);
    for (i = 0; i < rf_template_set_count(p->set); i++) {
        const rf_template *t = rf_template_set_at(p->set, i);
        const char *file = rf_template_file(t), *slash = file ? strrchr(file, '/') : NULL;
        for (s = 0; s < rf_template_script_count(t); s++) {
            const char *src = rf_template_script(t, s)->src;
            int n;
            if (!src)
                continue;
            n = slash ? snprintf(path, sizeof path, "%.*s/%s", (int)(slash - file), file, src)
                      : snprintf(path, sizeof path, "%s", src);
            if (!slash || slash == file)
                (void)snprintf(dir, sizeof dir, "%s", slash ? "/" : ".");
            else
                (void)snprintf(dir, sizeof dir, "%.*s", (int)(slash - file), file);
            /* only what the world reads: a src that leads out is refused unread */
            if (n > 0 && (size_t)n < sizeof path && rf_fs_inside(dir, path) &&
                !rf_pack_add_file(p, path))
                return false;
        }
    }
    return true;
}

/* The layered rooms' <subroom>s linked (DESIGN 16): a room whose subrooms
 * have errors is left out, as a room with errors is. */
static rf_status link_subrooms(rf_pack *p, rf_diags *d)
{
    size_t n = rf_template_set_count(p->set), i;
    bool *bad, *keep;
    rf_status st;
    if (rf_template_set_subroom_rooms(p->set) == 0)
        return RF_OK;
    bad = rf_calloc(n + 1, sizeof *bad);
    keep = rf_calloc(n + 1, sizeof *keep);
    st = bad && keep ? rf_template_set_link(p->set, d, bad) : RF_ERR_NOMEM;
    for (i = 0; st == RF_ERR_CONTENT && i < n; i++) {
        keep[i] = !bad[i];
        if (bad[i] && !rf_pack_leave_out(p, rf_template_set_at(p->set, i),
                                         "its subrooms have errors", d))
            st = RF_ERR_NOMEM;
    }
    if (st == RF_ERR_CONTENT && rf_template_set_keep(p->set, keep) != RF_OK)
        st = RF_ERR_NOMEM;
    rf_free(bad);
    rf_free(keep);
    return st;
}

/* Script checks, the room table, the left-out list and the layering. */
static rf_status check_and_layer(rf_pack *p, const rf_pack_opts *o, const size_t *pack_of,
                                 rf_diags *d)
{
    size_t n = rf_template_set_count(p->set);
    bool *bad = rf_calloc(n + 1, sizeof *bad), *keep = rf_calloc(n + 1, sizeof *keep);
    rf_world_opts wo;
    rf_status st = RF_ERR_NOMEM, ls;
    if (!bad || !keep)
        goto done;
    rf_world_opts_init(&wo);
    wo.scripts_dir = o->scripts_dir;
    ls = rf_world_lint_rooms(p->set, &wo, d, bad);
    if (ls == RF_ERR_NOMEM)
        goto done;
    st = ls == RF_OK || ls == RF_ERR_IO ? ls : RF_ERR_CONTENT;
    if (!add_script_files(p, o->scripts_dir) || rf_pack_index_rooms(p, bad, d) != RF_OK ||
        rf_pack_layer(p, pack_of, bad, keep, d) != RF_OK ||
        rf_template_set_keep(p->set, keep) != RF_OK) {
        st = RF_ERR_NOMEM;
        goto done;
    }
    st = rf_pack_worse(st, link_subrooms(p, d));
done:
    rf_free(bad);
    rf_free(keep);
    return st;
}

rf_status rf_pack_load(const rf_pack_opts *o, rf_pack **out, rf_diags *d)
{
    rf_pack *p;
    size_t *pack_of = NULL, cap = 0, k;
    bool profiles = false;
    rf_status st = RF_OK;
    if (!o || !out || !d || (o->ndirs && !o->dirs))
        return RF_ERR_ARG;
    if (o->ndirs > RF_PACK_MAX)
        return RF_ERR_ARG;
    p = rf_calloc(1, sizeof *p);
    if (!p || !(p->set = rf_template_set_new()) || !(p->profiles = rf_profile_set_new()))
        goto nomem;
    for (k = 0; k < o->ndirs; k++) {
        st = rf_pack_worse(st, load_pack(p, o->dirs[k], k, &pack_of, &cap, &profiles, d));
        if (st == RF_ERR_NOMEM)
            goto nomem;
    }
    if (!profiles && o->profiles_fallback) {
        st = rf_pack_worse(st, rf_pack_load_profiles(p, o->profiles_fallback, d));
        if (st == RF_ERR_NOMEM)
            goto nomem;
    }
    st = rf_pack_worse(st, check_and_layer(p, o, pack_of, d));
    if (st == RF_ERR_NOMEM)
        goto nomem;
    rf_free(pack_of);
    *out = p;
    return st;
nomem:
    rf_free(pack_of);
    rf_pack_free(p);
    return RF_ERR_NOMEM;
}
