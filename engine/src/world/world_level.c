/* engine/src/world/world_level.c: rf_world_add_level: a generated level's
 * rooms and exactly its objects, added to a world the game made.
 *
 * Pipeline: level -> world (the world reads the level's public accessors;
 * the level knows no world). Design: the level's placed objects are the
 * truth (percent rolls, walled cells, hordes and population already done),
 * each given its handle from its level index, so a fresh world's handles
 * are the level JSON's; a template object's attributes come from the
 * template object it was made from (rf_placed.source).
 */
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/level.h"
#include "world_int.h"

/* The template object p was made from in a room of template t, or NULL; for
 * a variant (DESIGN 16) its template's object (the same attributes, in the
 * same order), which outlives the level as the variant does not. */
static const rf_object *source_of(const rf_template *t, const rf_placed *p)
{
    if (t)
        t = rf_template_base(t);
    if (!t || p->source <= 0 || (size_t)p->source > rf_template_object_count(t))
        return NULL;
    return rf_template_object(t, (size_t)p->source - 1);
}

/* The record of level room id, or NULL (0 or out of range). */
static const rf_room_rec *room_of(const rf_level *l, int id)
{
    if (id <= 0 || (size_t)id > rf_level_room_count(l))
        return NULL;
    return rf_level_room_at(l, (size_t)id - 1);
}

/* Fills objs[i] for level object i: handle base + i + 1, and the horde its
 * leader's handle, by horde number (rf_placed.horde): population and the
 * placer number every horde they make, a template's horde leader first
 * (place_objects.c). */
static rf_status describe(const rf_level *l, uint64_t base, rf_world_level_obj *objs, size_t n)
{
    uint64_t *leaders = NULL;
    size_t i, nhordes = 0;
    for (i = 0; i < n; i++) {
        const rf_placed *p = rf_level_object_at(l, i);
        if (p->horde > 0 && (size_t)p->horde > nhordes)
            nhordes = (size_t)p->horde;
    }
    if (nhordes && !(leaders = rf_calloc(nhordes + 1, sizeof *leaders)))
        return RF_ERR_NOMEM;
    for (i = 0; i < n; i++) {
        const rf_placed *p = rf_level_object_at(l, i);
        const rf_room_rec *r = room_of(l, p->room);
        objs[i].p = p;
        objs[i].source = r && r->kind == RF_ROOM_TEMPLATE ? source_of(r->tmpl, p) : NULL;
        objs[i].handle = base + i + 1;
        objs[i].horde = 0;
        objs[i].leader = false;
        if (p->horde > 0 && p->leader && !leaders[p->horde])
            leaders[p->horde] = objs[i].handle;
    }
    for (i = 0; i < n; i++) {
        const rf_placed *p = objs[i].p;
        if (p->horde > 0) {
            objs[i].horde = leaders[p->horde];
            objs[i].leader = objs[i].horde == objs[i].handle;
        }
    }
    rf_free(leaders);
    return RF_OK;
}

/* Orders objs by level room id (stable: level order within a room). */
static int by_room(const void *a, const void *b)
{
    const rf_world_level_obj *x = a, *y = b;
    if (x->p->room != y->p->room)
        return x->p->room < y->p->room ? -1 : 1;
    return x->handle < y->handle ? -1 : x->handle > y->handle;
}

rf_status rf_world_own_variant(rf_world *w, const rf_template *base, uint32_t v,
                               const rf_template **out)
{
    rf_template *own = NULL;
    rf_status st;
    if (!rf_grow((void **)&w->variants, &w->capvariants, w->nvariants + 1, sizeof *w->variants))
        return RF_ERR_NOMEM;
    if ((st = rf_template_variant(base, v, &own)) != RF_OK)
        return st;
    w->variants[w->nvariants++] = own;
    *out = own;
    return RF_OK;
}

/* The template a world room of level template t retains, in *out: t, or
 * for a variant (DESIGN 16) the world's own copy, drawn again from its
 * template and number (the same map), since the level's goes with the
 * level. RF_OK or RF_ERR_NOMEM. */
static rf_status retained(rf_world *w, const rf_template *t, const rf_template **out)
{
    long v = rf_template_variant_number(t);
    *out = t;
    return v < 0 ? RF_OK : rf_world_own_variant(w, rf_template_base(t), (uint32_t)v, out);
}

/* Adds level room id (0: outside every room) with its count objects;
 * RF_OK, RF_ERR_CONTENT or a failure. */
static rf_status add_one(rf_world *w, const rf_level *l, int id, const rf_world_level_obj *objs,
                         size_t count, rf_diags *d)
{
    const rf_room_rec *r = room_of(l, id);
    const rf_grid *g = rf_level_grid(l);
    static const rf_world_level_obj none = {NULL, NULL, 0, 0, false};
    const rf_world_level_obj *o = count ? objs : &none; /* not NULL: the level's objects */
    if (r && r->kind == RF_ROOM_TEMPLATE && r->tmpl) {
        const rf_template *t = NULL;
        rf_status st = retained(w, r->tmpl, &t);
        if (st != RF_OK)
            return st;
        return rf_world_add_rec(w, t, r->x, r->y, rf_template_width(t), rf_template_height(t),
                                r->orient, id, o, count, d, NULL);
    }
    if (r)
        return rf_world_add_rec(w, NULL, r->x, r->y, r->w, r->h, 0, id, o, count, d, NULL);
    return rf_world_add_rec(w, NULL, 0, 0, rf_grid_width(g), rf_grid_height(g), 0, 0, o, count,
                            d, NULL);
}

/* Moves the objects of machines (rf_placed.machine) to the end of objs,
 * each part in level order, *nmach of them; false when memory runs out. */
static bool machines_last(rf_world_level_obj *objs, size_t n, size_t *nmach)
{
    size_t i, k = 0, m = 0;
    rf_world_level_obj *tail = rf_calloc(n ? n : 1, sizeof *tail);
    if (!tail)
        return false;
    for (i = 0; i < n; i++) {
        if (objs[i].p->machine > 0)
            tail[m++] = objs[i];
        else
            objs[k++] = objs[i];
    }
    memcpy(objs + k, tail, m * sizeof *objs);
    rf_free(tail);
    *nmach = m;
    return true;
}

rf_status rf_world_add_level(rf_world *w, const rf_level *l, rf_diags *d)
{
    size_t n, i, k, nrooms, id, nmach = 0;
    rf_world_level_obj *objs;
    rf_status st, worst = RF_OK;
    uint64_t base;
    if (!w || !l)
        return RF_ERR_ARG;
    n = rf_level_object_count(l);
    nrooms = rf_level_room_count(l);
    base = rf_world_last_handle(w);
    objs = rf_calloc(n ? n : 1, sizeof *objs);
    if (!objs)
        return RF_ERR_NOMEM;
    st = describe(l, base, objs, n);
    if (st == RF_OK) {
        for (i = 0; i < n; i++) /* a room id the level has not: outside every room */
            if (objs[i].p->room > 0 && (size_t)objs[i].p->room > nrooms)
                st = RF_ERR_ARG;
        if (!machines_last(objs, n, &nmach)) /* a machine's objects: its group's room */
            st = RF_ERR_NOMEM;
        n -= nmach;
        qsort(objs, n, sizeof *objs, by_room);
    }
    /* level rooms in id order, then room 0's objects (sorted first) */
    for (k = 0; k < n && objs[k].p->room <= 0; k++)
        ;
    i = k;
    for (id = 1; st == RF_OK && id <= nrooms; id++) {
        const rf_room_rec *r = rf_level_room_at(l, id - 1);
        size_t from = i;
        while (i < n && (size_t)objs[i].p->room == id)
            i++;
        if (from == i && !(r->kind == RF_ROOM_TEMPLATE && r->tmpl))
            continue;
        st = add_one(w, l, (int)id, objs + from, i - from, d);
        if (st == RF_ERR_CONTENT) {
            worst = st;
            st = RF_OK;
        }
    }
    if (st == RF_OK && k > 0) {
        st = add_one(w, l, 0, objs, k, d);
        if (st == RF_ERR_CONTENT) {
            worst = st;
            st = RF_OK;
        }
    }
    if (st == RF_OK && rf_level_machine_count(l) > 0) {
        st = rf_world_add_level_machines(w, l, objs + n, nmach, d);
        if (st == RF_ERR_CONTENT) {
            worst = st;
            st = RF_OK;
        }
    }
    rf_free(objs);
    if (st != RF_OK)
        return st;
    return worst;
}
