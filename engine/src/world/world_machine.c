/* engine/src/world/world_machine.c: machines in a world (DESIGN 17): the
 * rooms whose rules come from blueprints, and where any room's scripts
 * come from.
 *
 * Pipeline: world; rf_world_add_level (world_level.c) makes one room per
 * machine group of the level (a treasure machine's key holder and reward,
 * or one autogenerator), rf_world_load one per saved 'm' room. Design: a
 * room reads its scripts through rf_world_rec_script whatever gave them, so
 * compiling, diagnostics and the tick's reports are the template rooms'.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/level.h"
#include "world_int.h"

size_t rf_world_rec_nscripts(const rf_world_room_rec *r)
{
    size_t i, n = 0;
    if (r->t)
        return rf_template_script_count(r->t);
    for (i = 0; i < r->nbps; i++)
        n += rf_blueprint_script_count(r->bps[i]);
    return n;
}

const rf_script *rf_world_rec_script(const rf_world_room_rec *r, size_t i, const char **file)
{
    size_t k;
    if (r->t) {
        *file = rf_template_file(r->t);
        return rf_template_script(r->t, i);
    }
    for (k = 0; k < r->nbps; k++) {
        size_t n = rf_blueprint_script_count(r->bps[k]);
        int line;
        if (i < n) {
            *file = rf_blueprint_file(r->bps[k], &line);
            return rf_blueprint_script_at(r->bps[k], i);
        }
        i -= n;
    }
    *file = NULL;
    return NULL;
}

const char *rf_world_rec_file(const rf_world_room_rec *r, int *line)
{
    if (r->t) {
        *line = rf_template_line(r->t);
        return rf_template_file(r->t);
    }
    if (r->nbps)
        return rf_blueprint_file(r->bps[0], line);
    *line = 0;
    return NULL;
}

char *rf_world_machine_name(const rf_blueprint *const *bps, size_t nbps)
{
    size_t i, len = 1;
    char *name;
    for (i = 0; i < nbps; i++)
        len += strlen(rf_blueprint_name(bps[i])) + 3;
    if (!(name = rf_alloc(len)))
        return NULL;
    name[0] = '\0';
    for (i = 0; i < nbps; i++) {
        if (i)
            strcat(name, " + ");
        strcat(name, rf_blueprint_name(bps[i]));
    }
    return name;
}

/* Whether machine m of l belongs to the group of machine first: the same
 * treasure machine, or first itself. */
static bool in_group(const rf_level_machine *first, const rf_level_machine *m)
{
    return m == first || (first->treasure > 0 && m->treasure == first->treasure);
}

/* The room of the group of l's machine i over box x, y, tw x th, its map
 * the cells of the group's machines. */
static rf_status add_mapped(rf_world *w, const rf_level *l, size_t i,
                            const rf_blueprint *const *bps, size_t nbps, int x, int y, int tw,
                            int th, const rf_world_level_obj *objs, size_t n, rf_diags *d)
{
    const rf_level_machine *first = rf_level_machine_at(l, i);
    uint8_t *map = rf_calloc((size_t)tw * (size_t)th, 1);
    size_t j, k;
    rf_status st;
    if (!map)
        return RF_ERR_NOMEM;
    for (j = i; j < rf_level_machine_count(l); j++) {
        const rf_level_machine *m = rf_level_machine_at(l, j);
        for (k = 0; in_group(first, m) && k < m->ncells; k++)
            map[(size_t)(m->cells[2 * k + 1] - y) * (size_t)tw + (size_t)(m->cells[2 * k] - x)] = 1;
    }
    st = rf_world_add_machine_rec(w, bps, nbps, x, y, tw, th, map, objs, n, d, NULL);
    rf_free(map);
    return st;
}

/* The group of l's machine i (its first machine, by id) as a room: the box
 * of its machines' cells, its objects (those of objs whose machine is in
 * it), the rules of its blueprints when w's catalogue holds them all. */
static rf_status add_group(rf_world *w, const rf_level *l, size_t i,
                           const rf_world_level_obj *objs, size_t n, rf_diags *d)
{
    const rf_level_machine *first = rf_level_machine_at(l, i);
    const rf_blueprint *bps[2] = {NULL, NULL};
    rf_world_level_obj *mine = rf_calloc(n ? n : 1, sizeof *mine);
    size_t k, j, nmine = 0, nbps = 0;
    int x0 = INT_MAX, y0 = INT_MAX, x1 = INT_MIN, y1 = INT_MIN;
    bool rules = w->opts.machines != NULL;
    rf_status st;
    if (!mine)
        return RF_ERR_NOMEM;
    for (j = i; j < rf_level_machine_count(l); j++) {
        const rf_level_machine *m = rf_level_machine_at(l, j);
        if (!in_group(first, m))
            continue;
        for (k = 0; k < m->ncells; k++) {
            x0 = m->cells[2 * k] < x0 ? m->cells[2 * k] : x0;
            x1 = m->cells[2 * k] > x1 ? m->cells[2 * k] : x1;
            y0 = m->cells[2 * k + 1] < y0 ? m->cells[2 * k + 1] : y0;
            y1 = m->cells[2 * k + 1] > y1 ? m->cells[2 * k + 1] : y1;
        }
        if (nbps < 2 && rules && !(bps[nbps++] = rf_machines_find(w->opts.machines, m->blueprint)))
            rules = false;
        for (k = 0; k < n; k++)
            if (objs[k].p->machine == m->id)
                mine[nmine++] = objs[k];
    }
    if (x0 > x1) /* no cells: a level never makes such a machine */
        x0 = x1 = y0 = y1 = 0;
    if (rules)
        st = add_mapped(w, l, i, bps, nbps, x0, y0, x1 - x0 + 1, y1 - y0 + 1, mine, nmine, d);
    else
        st = rf_world_add_rec(w, NULL, x0, y0, x1 - x0 + 1, y1 - y0 + 1, 0, 0, mine, nmine, d,
                              NULL);
    rf_free(mine);
    return st;
}

rf_status rf_world_add_level_machines(rf_world *w, const rf_level *l,
                                      const rf_world_level_obj *objs, size_t n, rf_diags *d)
{
    size_t i, j;
    rf_status st = RF_OK, worst = RF_OK;
    for (i = 0; i < rf_level_machine_count(l) && st == RF_OK; i++) {
        const rf_level_machine *m = rf_level_machine_at(l, i);
        bool seen = false;
        for (j = 0; j < i && !seen; j++) /* a treasure machine's second: its group is made */
            seen = m->treasure > 0 && rf_level_machine_at(l, j)->treasure == m->treasure;
        if (seen)
            continue;
        st = add_group(w, l, i, objs, n, d);
        if (st == RF_ERR_CONTENT) {
            worst = st;
            st = RF_OK;
        }
    }
    return st == RF_OK ? worst : st;
}

/* Appends an object of type and name to p (n so far, *cap room), its id the
 * next of its name among p; false when memory runs out. */
static bool push_object(rf_placed **p, size_t *n, size_t *cap, const char *type,
                        const char *name, unsigned flags)
{
    size_t i, same = 0;
    rf_placed *o;
    if (!rf_grow((void **)p, cap, *n + 1, sizeof **p))
        return false;
    o = &(*p)[*n];
    rf_placed_init(o, type, name, 0, 0, 0);
    for (i = 0; i < *n; i++)
        same += strcmp((*p)[i].name, o->name) == 0;
    rf_machine_object_id(o->id, sizeof o->id, o->name, same);
    o->feature = flags;
    o->key = (flags & RF_FEATURE_KEY) != 0;
    ++*n;
    return true;
}

/* The objects of blueprints bps as rf_world_add_machine makes them. */
static bool machine_objects(const rf_blueprint *const *bps, size_t nbps, rf_placed **p,
                            size_t *n)
{
    size_t i, k, cap = 0;
    int lo, hi, c;
    for (i = 0; i < nbps; i++) {
        for (k = 0; k < rf_blueprint_feature_count(bps[i]); k++) {
            const rf_feature *f = rf_blueprint_feature_at(bps[i], k);
            if (!rf_feature_object(f))
                continue;
            rf_feature_counts(f, &lo, &hi);
            for (c = 0; c < (lo > 0 ? lo : 1); c++)
                if (!push_object(p, n, &cap, rf_feature_object_type(f), rf_feature_object(f),
                                 rf_feature_flags(f)))
                    return false;
        }
        if (rf_blueprint_kind(bps[i]) == RF_MACHINE_REWARD &&
            !push_object(p, n, &cap, "customBlocker", RF_MACHINE_VAULT_DOOR, 0))
            return false;
    }
    return true;
}

rf_status rf_world_add_machine(rf_world *w, const rf_blueprint *const *bps, size_t nbps,
                               rf_diags *d, size_t *index)
{
    rf_placed *p = NULL;
    rf_world_level_obj *objs = NULL;
    size_t n = 0, i;
    uint64_t base;
    rf_status st = RF_ERR_NOMEM;
    if (!w || !bps || nbps < 1 || nbps > 2 || !bps[0] || (nbps == 2 && !bps[1]))
        return RF_ERR_ARG;
    base = rf_world_last_handle(w);
    if (machine_objects(bps, nbps, &p, &n) && (objs = rf_calloc(n ? n : 1, sizeof *objs))) {
        for (i = 0; i < n; i++) {
            objs[i].p = &p[i];
            objs[i].handle = base + i + 1;
        }
        static const uint8_t one = 1; /* its one cell */
        st = rf_world_add_machine_rec(w, bps, nbps, 0, 0, 1, 1, &one, objs, n, d, index);
    }
    rf_free(objs);
    rf_free(p);
    return st;
}
