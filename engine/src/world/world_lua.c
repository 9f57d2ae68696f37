/* engine/src/world/world_lua.c: the steps world.c runs protected
 * (rf_luavm_call) to call E, and the field readers of the tables Lua hands C.
 *
 * Pipeline: world; the state itself is brought up by world_boot.c. Design:
 * what crosses is a table with named fields, made or read in one function
 * each; Lua strings never outlive the call that reads them (ids go to the
 * world's scratch buffer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <lauxlib.h>
#include <lua.h>

#include "core/seam.h"
#include "roomforge/fs.h"
#include "vm/seam.h"
#include "load/seam.h"
#include "world_int.h"

/* Static-address registry key of the engine table E. */
static const char engine_key = 'E';

/* ---- helpers run inside protected steps ---- */

/* Pushes E.name (a function). */
static void push_fn(lua_State *L, const char *name) { rf_world_push_fn(L, name); }

void rf_world_push_engine(lua_State *L) { lua_rawgetp(L, LUA_REGISTRYINDEX, &engine_key); }

void rf_world_keep_engine(lua_State *L) { lua_rawsetp(L, LUA_REGISTRYINDEX, &engine_key); }

void rf_world_push_fn(lua_State *L, const char *name)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &engine_key);
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
}

/* ---- fields of a table Lua hands C ---- */

/* Field `name` of the table at index t, whose value stays pushed (so a
 * string lives until the calling C function returns): an integer (def when
 * nil), or text (NULL when nil or false). */
int rf_world_field_int(lua_State *L, int t, const char *name, int def)
{
    int isnum;
    lua_Integer v;
    if (lua_getfield(L, t, name) == LUA_TNIL)
        return def;
    v = lua_tointegerx(L, -1, &isnum);
    if (!isnum)
        return luaL_error(L, "field '%s' must be an integer", name);
    return (int)v;
}

/* A coordinate field (0 when nil): an integer within RF_WORLD_COORD_MAX, so
 * that mapping it to the level cannot overflow. */
int rf_world_field_coord(lua_State *L, int t, const char *name)
{
    int isnum;
    lua_Integer v;
    if (lua_getfield(L, t, name) == LUA_TNIL)
        return 0;
    v = lua_tointegerx(L, -1, &isnum);
    if (!isnum)
        return luaL_error(L, "field '%s' must be an integer", name);
    if (v > RF_WORLD_COORD_MAX || v < -RF_WORLD_COORD_MAX)
        return luaL_error(L, "position %s = %I is out of range (at most %d either way)", name,
                          v, RF_WORLD_COORD_MAX);
    return (int)v;
}

bool rf_world_field_bool(lua_State *L, int t, const char *name)
{
    lua_getfield(L, t, name);
    return lua_toboolean(L, -1);
}

const char *rf_world_field_str(lua_State *L, int t, const char *name)
{
    int type = lua_getfield(L, t, name);
    size_t len;
    const char *s;
    if (type == LUA_TNIL || (type == LUA_TBOOLEAN && !lua_toboolean(L, -1)))
        return NULL;
    if (type != LUA_TSTRING && type != LUA_TNUMBER)
        luaL_error(L, "field '%s' must be text", name);
    s = lua_tolstring(L, -1, &len);
    if (strlen(s) != len) /* C keeps it as a C string: never cut it short silently */
        luaL_error(L, "field '%s' holds a NUL byte", name);
    return s;
}

/* ---- adding rooms ---- */

/* Pushes a table {normalised key = value} of attrs. */
static void push_attrs(lua_State *L, const rf_attr *attrs, size_t n)
{
    size_t i;
    lua_createtable(L, 0, (int)n);
    for (i = 0; i < n; i++) {
        if (!attrs[i].key || !attrs[i].value)
            continue;
        lua_pushstring(L, attrs[i].value);
        lua_setfield(L, -2, attrs[i].key);
    }
}

/* Static-address registry keys of the two argument tables C fills again
 * for every E.new_room and E.add_object: Lua reads them and keeps none, so
 * a room or an object crossing costs no table of its own. */
static const char room_args_key = 'R';
static const char obj_args_key = 'O';

/* Pushes the argument table under key, made the first time (nrec fields). */
static void push_args(lua_State *L, const char *key, int nrec)
{
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE)
        return;
    lua_pop(L, 1);
    lua_createtable(L, 0, nrec);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, key);
}

static void set_int(lua_State *L, const char *k, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

/* Pushes E.new_room's argument for room s->index: {index, x, y, w, h,
 * orient, name, anchors = {[digit] = {x, y}}, defer}: w, h and the anchors
 * in the template's own frame, x, y the level corner of the turned room;
 * defer, the lint world's, leaves the objects until the room is asked. */
static void push_room(lua_State *L, const rf_world_room_step *s, bool defer)
{
    const rf_template *t = s->t;
    const rf_world_room_rec *r = &s->w->rooms[s->index];
    int digit;
    push_args(L, &room_args_key, 9);
    set_int(L, "index", (lua_Integer)s->index);
    set_int(L, "x", r->x);
    set_int(L, "y", r->y);
    set_int(L, "w", r->tw);
    set_int(L, "h", r->th);
    set_int(L, "orient", r->orient);
    lua_pushstring(L, rf_world_rec_name(r));
    lua_setfield(L, -2, "name");
    lua_pushboolean(L, defer);
    lua_setfield(L, -2, "defer");
    lua_createtable(L, 10, 0);
    for (digit = 0; t && digit <= 9; digit++) {
        int ax, ay;
        if (!rf_template_anchor(t, digit, &ax, &ay))
            continue;
        lua_createtable(L, 2, 0);
        lua_pushinteger(L, ax);
        lua_rawseti(L, -2, 1);
        lua_pushinteger(L, ay);
        lua_rawseti(L, -2, 2);
        lua_rawseti(L, -2, digit);
    }
    lua_setfield(L, -2, "anchors");
}

/* Pushes E.add_object's argument {room, tag, attrs, x, y, handle, horde,
 * leader} with the first five set; the caller sets the rest or leaves the
 * defaults (a new handle, no horde). */
static void push_obj_args(lua_State *L, size_t room, const char *tag, int x, int y)
{
    push_args(L, &obj_args_key, 8);
    set_int(L, "room", (lua_Integer)room);
    lua_pushstring(L, tag);
    lua_setfield(L, -2, "tag");
    set_int(L, "x", x);
    set_int(L, "y", y);
    lua_pushnil(L);
    lua_setfield(L, -2, "handle");
    lua_pushnil(L);
    lua_setfield(L, -2, "horde");
    lua_pushnil(L);
    lua_setfield(L, -2, "leader");
}

/* Pushes E.add_object's argument for template object o of room `room`. */
static void push_object(lua_State *L, size_t room, const rf_object *o)
{
    push_obj_args(L, room, rf_object_tag(o), o->x, o->y);
    push_attrs(L, o->attrs, o->nattrs);
    lua_setfield(L, -2, "attrs");
}

/* Pushes E.add_object's argument for level object o of room `room`: its
 * template object's attributes (when it has one) under the level's type,
 * name and id, at its level cell counted in the template's frame, with its
 * handle, horde and whether it leads. */
static void push_level_object(lua_State *L, const rf_world_room_step *s,
                              const rf_world_level_obj *o)
{
    const rf_world_room_rec *r = &s->w->rooms[s->index];
    const rf_placed *p = o->p;
    int lx, ly;
    rf_world_rec_map(r, RF_COORDS_LEVEL, p->x, p->y, RF_COORDS_TEMPLATE, &lx, &ly);
    push_obj_args(L, s->index, p->type, lx, ly);
    if (o->source)
        push_attrs(L, o->source->attrs, o->source->nattrs);
    else
        lua_createtable(L, 0, 2);
    if (p->name[0]) {
        lua_pushstring(L, p->name);
        lua_setfield(L, -2, "name");
    }
    if (p->id[0])
        lua_pushstring(L, p->id);
    else
        lua_pushnil(L);
    lua_setfield(L, -2, "id");
    lua_setfield(L, -2, "attrs");
    set_int(L, "handle", (lua_Integer)o->handle);
    set_int(L, "horde", (lua_Integer)o->horde);
    lua_pushboolean(L, o->leader);
    lua_setfield(L, -2, "leader");
}

void rf_world_add_template_objects(lua_State *L, size_t room, const rf_template *t)
{
    size_t i, n = t ? rf_template_object_count(t) : 0;
    luaL_checkstack(L, 16, "objects");
    for (i = 0; i < n; i++) {
        push_fn(L, "add_object");
        push_object(L, room, rf_template_object(t, i));
        lua_call(L, 1, 0);
    }
}

int rf_world_step_new_room(lua_State *L)
{
    rf_world_room_step *s = lua_touserdata(L, 1);
    bool defer = s->lint && !s->objs && s->t && rf_template_object_count(s->t) > 0;
    size_t i;
    if (s->lint) { /* the rules before the room's first chunk: E.mark() without a step */
        lua_rawgetp(L, LUA_REGISTRYINDEX, &engine_key);
        lua_getfield(L, -1, "nrules");
        s->mark = (long)lua_tointeger(L, -1);
        lua_pop(L, 2);
    }
    luaL_checkstack(L, 16, "new_room");
    push_fn(L, "new_room");
    push_room(L, s, defer); /* lint: the objects when the room is first asked */
    lua_call(L, 1, 0);
    if (s->objs) {
        for (i = 0; i < s->nobjs; i++) {
            push_fn(L, "add_object");
            push_level_object(L, s, &s->objs[i]);
            lua_call(L, 1, 0);
        }
    } else if (!defer) {
        rf_world_add_template_objects(L, s->index, s->t);
    }
    return 0;
}

static void push_clauses(lua_State *L, const rf_clause *cl, size_t n)
{
    size_t i;
    lua_createtable(L, (int)n, 0);
    for (i = 0; i < n; i++) {
        lua_createtable(L, 0, 3);
        lua_pushstring(L, cl[i].type ? cl[i].type : "");
        lua_setfield(L, -2, "type");
        lua_pushinteger(L, cl[i].line);
        lua_setfield(L, -2, "line");
        push_attrs(L, cl[i].attrs, cl[i].nattrs);
        lua_setfield(L, -2, "attrs");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

int rf_world_step_xml(lua_State *L)
{
    rf_world_room_step *s = lua_touserdata(L, 1);
    push_fn(L, "compile_xml");
    lua_createtable(L, 0, 6); /* {room, script, line, repeats, conditions, actions} */
    lua_pushinteger(L, (lua_Integer)s->index);
    lua_setfield(L, -2, "room");
    lua_pushinteger(L, s->script);
    lua_setfield(L, -2, "script");
    lua_pushinteger(L, s->sc->line);
    lua_setfield(L, -2, "line");
    lua_pushboolean(L, s->sc->repeat != 0);
    lua_setfield(L, -2, "repeats");
    push_clauses(L, s->sc->conditions, s->sc->nconditions);
    lua_setfield(L, -2, "conditions");
    push_clauses(L, s->sc->actions, s->sc->nactions);
    lua_setfield(L, -2, "actions");
    lua_call(L, 1, 0);
    return 0;
}

int rf_world_step_mark(lua_State *L)
{
    rf_world_room_step *s = lua_touserdata(L, 1);
    push_fn(L, "mark");
    lua_call(L, 0, 1);
    s->mark = (long)lua_tointeger(L, -1);
    return 0;
}

int rf_world_step_truncate(lua_State *L)
{
    rf_world_room_step *s = lua_touserdata(L, 1);
    push_fn(L, "truncate");
    lua_pushinteger(L, s->mark);
    lua_call(L, 1, 0);
    return 0;
}

int rf_world_step_release(lua_State *L)
{
    rf_world_room_step *s = lua_touserdata(L, 1);
    push_fn(L, "release_last");
    lua_pushinteger(L, (lua_Integer)s->index);
    lua_call(L, 1, 0);
    if (s->nrules) /* asked for a full collection: the released room's blocks go now */
        lua_gc(L, LUA_GCCOLLECT);
    return 0;
}

int rf_world_step_chunk(lua_State *L)
{
    rf_world_room_step *s = lua_touserdata(L, 1);
    rf_luavm_load(L, s->code, s->len, s->chunk);
    push_fn(L, "chunk_env");
    lua_pushinteger(L, (lua_Integer)s->index);
    lua_pushinteger(L, s->script);
    lua_pushinteger(L, (lua_Integer)s->w->nchunks - 1);
    rf_luavm_push_env(L, rf_world_env_seed(s->w, "room", s->index, (size_t)s->script));
    lua_call(L, 4, 1);
    if (!rf_luavm_set_owner(s->w->vm, s->index + 1)) /* what the chunk keeps is its room's */
        return luaL_error(L, "out of memory");
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    lua_call(L, 0, 0);
    push_fn(L, "chunk_done");
    lua_call(L, 0, 0);
    return 0;
}

int rf_world_step_room_rules(lua_State *L)
{
    rf_world_room_step *s = lua_touserdata(L, 1);
    push_fn(L, "room_rules");
    lua_pushinteger(L, (lua_Integer)s->index);
    lua_call(L, 1, 1);
    s->nrules = (size_t)lua_tointeger(L, -1);
    return 0;
}

/* ---- fields of E ---- */

typedef struct int_step {
    const char *field;
    long value;
} int_step;

static int step_get_int(lua_State *L)
{
    int_step *s = lua_touserdata(L, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &engine_key);
    lua_getfield(L, -1, s->field);
    s->value = (long)lua_tointeger(L, -1);
    return 0;
}

/* An integer field of E, 0 when it cannot be read. */
long rf_world_engine_int(rf_world *w, const char *field)
{
    int_step s = {field, 0};
    rf_luavm_fail f;
    return rf_luavm_call(w->vm, step_get_int, &s, 0, NULL, &f) == RF_OK ? s.value : 0;
}

/* ---- objects ---- */

/* Keeps copies of id (may be NULL) and tag in the world's scratch buffer
 * (rf_world_object.id and .tag); false when memory ran out. */
static bool scratch_strings(rf_world *w, const char *id, const char *tag, rf_world_object *o)
{
    size_t ni = id ? strlen(id) + 1 : 0, nt = strlen(tag) + 1;
    if (ni + nt > w->capscratch) {
        char *p = rf_realloc(w->scratch, ni + nt);
        if (!p)
            return false;
        w->scratch = p;
        w->capscratch = ni + nt;
    }
    if (id)
        memcpy(w->scratch, id, ni);
    memcpy(w->scratch + ni, tag, nt);
    o->id = id ? w->scratch : NULL;
    o->tag = w->scratch + ni;
    return true;
}

/* Reads the table {id, type, x, y, activated, started, remaining, initial,
 * hits, needed, broken, alive, passable, can_push} of E.object_at and
 * E.object_find at index t into o; false when it is not an object. */
static bool read_object(lua_State *L, int t, rf_world *w, const rf_world_room_rec *r,
                        rf_world_object *o)
{
    const char *tag, *id;
    luaL_checkstack(L, 24, "object"); /* the fields stay pushed */
    memset(o, 0, sizeof *o);
    tag = rf_world_field_str(L, t, "type");
    if (!tag)
        return false;
    if (strcmp(tag, "item") == 0)
        o->type = RF_OBJ_LOOT; /* a level's loot: tagged as the level types it */
    else if (!rf_object_type_parse(tag, &o->type))
        o->type = RF_OBJ_OTHER; /* a game's own kind, kept from its room, or a level's */
    else
        tag = rf_object_type_name(o->type);
    id = rf_world_field_str(L, t, "id");
    if (!scratch_strings(w, id, tag, o))
        luaL_error(L, "out of memory");
    o->lx = rf_world_field_int(L, t, "x", 0);
    o->ly = rf_world_field_int(L, t, "y", 0);
    rf_world_rec_map(r, RF_COORDS_TEMPLATE, o->lx, o->ly, RF_COORDS_LEVEL, &o->x, &o->y);
    o->activated = rf_world_field_bool(L, t, "activated");
    o->started = rf_world_field_bool(L, t, "started");
    o->remaining = rf_world_field_int(L, t, "remaining", 0);
    o->initial = rf_world_field_int(L, t, "initial", 0);
    o->hits = rf_world_field_int(L, t, "hits", 0);
    o->hits_needed = rf_world_field_int(L, t, "needed", 0);
    o->broken = rf_world_field_bool(L, t, "broken");
    o->alive = rf_world_field_bool(L, t, "alive");
    o->passable = rf_world_field_bool(L, t, "passable");
    o->can_push = rf_world_field_bool(L, t, "can_push");
    lua_getfield(L, t, "handle");
    o->handle = (uint64_t)lua_tointeger(L, -1);
    lua_getfield(L, t, "horde");
    o->horde = (uint64_t)lua_tointeger(L, -1);
    o->leader = rf_world_field_bool(L, t, "leader");
    o->room = (size_t)rf_world_field_int(L, t, "room", 0);
    return true;
}

int rf_world_step_object(lua_State *L)
{
    rf_world_obj_step *s = lua_touserdata(L, 1);
    int t;
    if (s->room == (size_t)-1) {
        push_fn(L, "object_by_handle");
        lua_pushinteger(L, (lua_Integer)s->handle);
        lua_call(L, 1, 1);
    } else {
        push_fn(L, s->id ? "object_find" : "object_at");
        lua_pushinteger(L, (lua_Integer)s->room);
        if (s->id)
            lua_pushstring(L, s->id);
        else
            lua_pushinteger(L, (lua_Integer)s->i);
        lua_call(L, 2, 1);
    }
    t = lua_gettop(L);
    if (lua_istable(L, t)) {
        lua_getfield(L, t, "room");
        if (s->room == (size_t)-1)
            s->room = (size_t)lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (s->room < s->w->nrooms)
            s->found = read_object(L, t, s->w, &s->w->rooms[s->room], s->out);
    }
    return 0;
}

int rf_world_step_object_count(lua_State *L)
{
    rf_world_obj_step *s = lua_touserdata(L, 1);
    push_fn(L, "object_count");
    lua_pushinteger(L, (lua_Integer)s->room);
    lua_call(L, 1, 1);
    s->count = (size_t)lua_tointeger(L, -1);
    return 0;
}

/* ---- events ---- */

int rf_world_step_event(lua_State *L)
{
    rf_world_event_step *s = lua_touserdata(L, 1);
    push_fn(L, s->fn);
    if (s->nargs == 2 && !s->id) { /* move_player */
        lua_pushinteger(L, s->n);
        lua_pushinteger(L, s->y);
    } else {
        lua_pushinteger(L, (lua_Integer)s->room);
        if (s->id)
            lua_pushstring(L, s->id);
        if (s->nargs == 3)
            lua_pushinteger(L, s->n);
    }
    lua_call(L, s->nargs, 1);
    s->result = lua_isnil(L, -1) || lua_toboolean(L, -1);
    return 0;
}

int rf_world_step_obj_event(lua_State *L)
{
    rf_world_obj_event_step *s = lua_touserdata(L, 1);
    const char *why;
    push_fn(L, "obj_event");
    lua_pushstring(L, s->fn);
    lua_pushinteger(L, (lua_Integer)s->handle);
    lua_pushinteger(L, s->n);
    lua_pushinteger(L, s->x);
    lua_pushinteger(L, s->y);
    lua_call(L, 5, 1);
    why = lua_tostring(L, -1);
    if (why)
        snprintf(s->why, sizeof s->why, "%s", why);
    return 0;
}

/* ---- ticks ---- */

int rf_world_step_begin_tick(lua_State *L)
{
    push_fn(L, "begin_tick");
    lua_call(L, 0, 0);
    return 0;
}

int rf_world_step_run(lua_State *L)
{
    rf_world_tick_step *s = lua_touserdata(L, 1);
    push_fn(L, "run");
    lua_pushinteger(L, s->from);
    lua_call(L, 1, 0);
    return 0;
}

int rf_world_rule_room(lua_State *L)
{
    rf_world_tick_step *s = lua_touserdata(L, 1);
    push_fn(L, "rule_room");
    lua_pushinteger(L, s->from);
    lua_call(L, 1, 1);
    s->ri = (int)lua_tointeger(L, -1);
    return 0;
}

int rf_world_step_disable_room(lua_State *L)
{
    rf_world_tick_step *s = lua_touserdata(L, 1);
    push_fn(L, "disable_user_rules");
    lua_pushinteger(L, s->ri);
    lua_call(L, 1, 1);
    s->count = (size_t)lua_tointeger(L, -1);
    return 0;
}

int rf_world_step_disable(lua_State *L)
{
    rf_world_tick_step *s = lua_touserdata(L, 1);
    const char *kind;
    int t;
    push_fn(L, "disable");
    lua_pushinteger(L, s->from);
    lua_call(L, 1, 1); /* nil, or the rule's {room, script, kind, line, chunk} */
    t = lua_gettop(L);
    s->have = lua_istable(L, t);
    if (!s->have)
        return 0;
    s->ri = rf_world_field_int(L, t, "room", -1);
    s->script = rf_world_field_int(L, t, "script", 0);
    kind = rf_world_field_str(L, t, "kind");
    s->kind = kind && strcmp(kind, "lua") == 0 ? "lua" : "xml";
    s->line = rf_world_field_int(L, t, "line", 0);
    s->chunk = rf_world_field_int(L, t, "chunk", 0);
    return 0;
}
