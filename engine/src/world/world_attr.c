/* engine/src/world/world_attr.c: what a host reads of one object beyond
 * rf_world_object: its name, its attributes, whether it blocks movement,
 * and which world room holds a level cell.
 *
 * Pipeline: world. Design: rf_world_object is a struct callers allocate, so
 * it does not grow; these accessors take the object's handle instead. The
 * last asked object's attributes are copied into one buffer of the world
 * ("key\0value\0" each, sorted by key), valid until the next call on w.
 */
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "world_int.h"

typedef struct attr_step {
    rf_world *w;
    uint64_t handle;
    bool found, nomem;
} attr_step;

/* E.object_attrs(handle) copied into w->attrs. */
static int step_attrs(lua_State *L)
{
    attr_step *s = lua_touserdata(L, 1);
    rf_world *w = s->w;
    size_t n, i, need = 0, at = 0;
    rf_world_push_fn(L, "object_attrs");
    lua_pushinteger(L, (lua_Integer)s->handle);
    lua_call(L, 1, 1);
    if (!lua_istable(L, -1))
        return 0;
    n = (size_t)lua_rawlen(L, -1);
    for (i = 1; i <= n; i++) {
        size_t len;
        lua_rawgeti(L, -1, (lua_Integer)i);
        (void)lua_tolstring(L, -1, &len);
        need += len + 1;
        lua_pop(L, 1);
    }
    if (need + 1 > w->capattrs) {
        char *p = rf_realloc(w->attrs, need + 1);
        if (!p) {
            s->nomem = true;
            return 0;
        }
        w->attrs = p;
        w->capattrs = need + 1;
    }
    for (i = 1; i <= n; i++) {
        size_t len;
        const char *t;
        lua_rawgeti(L, -1, (lua_Integer)i);
        t = lua_tolstring(L, -1, &len);
        memcpy(w->attrs + at, t ? t : "", t ? len : 0);
        at += t ? len : 0;
        w->attrs[at++] = '\0';
        lua_pop(L, 1);
    }
    w->nattrs = n / 2;
    s->found = true;
    return 0;
}

/* Loads object h's attributes into w->attrs (each call asks the world
 * again: the accessors stay right whatever ran between). false when no
 * object has h. */
static bool load_attrs(rf_world *w, uint64_t h)
{
    attr_step s;
    rf_luavm_fail f;
    if (!w || h == 0 || h > (uint64_t)RF_WORLD_HANDLE_MAX)
        return false;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.handle = h;
    w->nattrs = 0;
    if (rf_luavm_call(w->vm, step_attrs, &s, 0, NULL, &f) != RF_OK || !s.found)
        return false;
    return true;
}

size_t rf_world_object_attr_count(rf_world *w, uint64_t h)
{
    return load_attrs(w, h) ? w->nattrs : 0;
}

/* The ith pair of w->attrs (loaded). */
static void pair_at(const rf_world *w, size_t i, const char **key, const char **value)
{
    const char *p = w->attrs;
    size_t j;
    for (j = 0; j < i; j++) {
        p += strlen(p) + 1;
        p += strlen(p) + 1;
    }
    *key = p;
    *value = p + strlen(p) + 1;
}

bool rf_world_object_attr_get(rf_world *w, uint64_t h, size_t i, const char **key,
                              const char **value)
{
    const char *k, *v;
    if (!load_attrs(w, h) || i >= w->nattrs)
        return false;
    pair_at(w, i, &k, &v);
    if (key)
        *key = k;
    if (value)
        *value = v;
    return true;
}

const char *rf_world_object_attr(rf_world *w, uint64_t h, const char *key)
{
    char norm[256];
    size_t i;
    if (!key || !rf_name_key(key, norm, sizeof norm) || !load_attrs(w, h))
        return NULL;
    for (i = 0; i < w->nattrs; i++) {
        const char *k, *v;
        pair_at(w, i, &k, &v);
        if (strcmp(k, norm) == 0)
            return v;
    }
    return NULL;
}

const char *rf_world_object_name(rf_world *w, uint64_t h)
{
    return rf_world_object_attr(w, h, "name");
}

bool rf_world_object_blocks(rf_world *w, uint64_t h)
{
    rf_world_object o;
    if (!rf_world_object_by_handle(w, h, &o))
        return false;
    switch (o.type) {
    case RF_OBJ_MONSTER:
    case RF_OBJ_HORDE:
        return o.alive;
    case RF_OBJ_CUSTOM_BREAKABLE:
        return !o.broken && !o.passable;
    case RF_OBJ_CUSTOM_BLOCKER:
    case RF_OBJ_MAGIC_BLOCKER:
    case RF_OBJ_OTHER:
        return !o.passable;
    default:
        return false;
    }
}

/* Whether room r holds level (x, y), and how: 2 its template's map has a
 * cell there (not a blank, door cells included) or it is a cell of a
 * machine room's machines, 1 a room without template whose box holds it,
 * 0 not. */
static int holds(const rf_world_room_rec *r, int x, int y)
{
    int w, h, tx, ty;
    rf_orient_size(r->orient, r->tw, r->th, &w, &h);
    if (x < r->x || y < r->y || x - r->x >= w || y - r->y >= h)
        return 0;
    if (r->mcells) /* a machine's room: its cells, unturned */
        return r->mcells[(size_t)(y - r->y) * (size_t)r->tw + (size_t)(x - r->x)] ? 2 : 0;
    if (!r->t)
        return r->level_room == 0 ? 0 : 1; /* level room 0: outside every room */
    rf_orient_to_template(r->orient, r->tw, r->th, x - r->x, y - r->y, &tx, &ty);
    return rf_template_cell(r->t, tx, ty) != ' ' ? 2 : 0;
}

bool rf_world_room_at(const rf_world *w, int x, int y, size_t *room)
{
    size_t i, boxed = (size_t)-1;
    if (!w)
        return false;
    for (i = 0; i < w->nrooms; i++) {
        int k = holds(&w->rooms[i], x, y);
        if (k == 2) {
            if (room)
                *room = i;
            return true;
        }
        if (k == 1 && boxed == (size_t)-1)
            boxed = i;
    }
    if (boxed == (size_t)-1)
        return false;
    if (room)
        *room = boxed;
    return true;
}
