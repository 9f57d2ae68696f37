/* engine/src/world/world_boot.c: a world's Lua state brought up: the host
 * functions engine.lua calls (emit, objtag, compile, run_users, objects), what C and
 * engine.lua share (effect kinds, event bits, set properties, the sandbox's
 * forbidden list), the boot of the embedded scripts, designer extensions,
 * and the registry questions lint asks.
 *
 * Pipeline: world; world.c runs the boot steps protected (rf_luavm_call),
 * world_lua.c the steps that follow. Design: what crosses is a table with
 * named fields, read by world_lua.c's field readers; Lua strings never
 * outlive the call that reads them (effects are copied).
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

#define MAX_EXT_FILES 256

static rf_world *upworld(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

/* ---- what C and engine.lua share, defined here once ----
 * Pushed into the host table at boot: engine.lua numbers effects as
 * rf_effect_kind does, sets and tests the event bits below, and checks the
 * property of a `set` against set_props. */

/* Properties a `set` effect names; static, so an effect outlives the Lua string. */
static const char *const set_props[] = {"passable", "started", "stopped"};

typedef struct named_bit {
    const char *name;
    int bit;
} named_bit;

/* Event bits of an object (O.ev[k]) that one tick's conditions see. */
static const named_bit object_events[] = {
    {"changed", 1}, /* a lever was pulled */
    {"hit", 2},
    {"broken", 4},
    {"died", 8},
};
/* Event bits of a room (REV[r]). */
static const named_bit room_events[] = {{"entered", 1}, {"exited", 2}};

static void push_bits(lua_State *L, const named_bit *b, size_t n)
{
    size_t i;
    lua_createtable(L, 0, (int)n);
    for (i = 0; i < n; i++) {
        lua_pushinteger(L, b[i].bit);
        lua_setfield(L, -2, b[i].name);
    }
}

/* Sets host.effect_kinds {remove = RF_EFFECT_REMOVE, ...}, host.object_events,
 * host.room_events, host.set_props {passable = true, ...} and host.forbidden
 * (the sandbox's list, luavm.c) in the table on top. */
static void set_shared(lua_State *L)
{
    int k;
    size_t i;
    lua_createtable(L, 0, RF_EFFECT_KIND_COUNT);
    for (k = 0; k < RF_EFFECT_KIND_COUNT; k++) {
        lua_pushinteger(L, k);
        lua_setfield(L, -2, rf_effect_kind_name((rf_effect_kind)k));
    }
    lua_setfield(L, -2, "effect_kinds");
    push_bits(L, object_events, sizeof object_events / sizeof object_events[0]);
    lua_setfield(L, -2, "object_events");
    push_bits(L, room_events, sizeof room_events / sizeof room_events[0]);
    lua_setfield(L, -2, "room_events");
    lua_createtable(L, 0, (int)(sizeof set_props / sizeof set_props[0]));
    for (i = 0; i < sizeof set_props / sizeof set_props[0]; i++) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, set_props[i]);
    }
    lua_setfield(L, -2, "set_props");
    rf_luavm_push_forbidden(L);
    lua_setfield(L, -2, "forbidden");
}


/* Counts effect e against the caps of one text (id, text) and of one tick
 * (effects, bytes: its attributes' attr_bytes too), before C copies
 * anything; over one, raises, and the rule that made it is disabled
 * (docs/designers.md: effect caps). */
static void count_effect(lua_State *L, rf_world *w, const rf_effect *e, size_t attr_bytes)
{
    size_t id = e->id ? strlen(e->id) : 0, text = e->text ? strlen(e->text) : 0;
    if (id > RF_WORLD_TEXT_MAX || text > RF_WORLD_TEXT_MAX)
        luaL_error(L, "%s: a text or id is at most %d bytes", rf_effect_kind_name(e->kind),
                   RF_WORLD_TEXT_MAX);
    if (w->tick_effects >= RF_WORLD_TICK_EFFECTS)
        luaL_error(L, "more than %d effects in one tick", RF_WORLD_TICK_EFFECTS);
    if (w->tick_bytes + id + text + attr_bytes > RF_WORLD_TICK_BYTES)
        luaL_error(L, "more than %d bytes of effect text in one tick", RF_WORLD_TICK_BYTES);
    w->tick_effects++;
    w->tick_bytes += id + text + attr_bytes;
}

static int attr_order(const void *a, const void *b)
{
    return strcmp(((const rf_effect_attr *)a)->key, ((const rf_effect_attr *)b)->key);
}

/* Field attrs of the effect table at 1, a flat list {key, value, ...} of
 * strings, into out (*n pairs, sorted by key in byte order: Lua's table
 * order is no order), the strings staying pushed; *bytes their length.
 * false when there is none. Raises past RF_EFFECT_MAX_ATTRS pairs. */
static bool read_attrs(lua_State *L, rf_effect_attr *out, size_t *n, size_t *bytes)
{
    lua_Integer len, i;
    int t;
    *n = 0;
    if (lua_getfield(L, 1, "attrs") != LUA_TTABLE)
        return false;
    t = lua_gettop(L);
    len = luaL_len(L, t);
    if (len / 2 > RF_EFFECT_MAX_ATTRS)
        luaL_error(L, "an effect holds at most %d attributes", RF_EFFECT_MAX_ATTRS);
    luaL_checkstack(L, (int)len + 4, "attrs");
    for (i = 1; i + 1 <= len; i += 2) {
        size_t kl, vl;
        const char *k, *v;
        lua_rawgeti(L, t, i);
        lua_rawgeti(L, t, i + 1);
        k = lua_tolstring(L, -2, &kl);
        v = lua_tolstring(L, -1, &vl);
        if (!k || !v || strlen(k) != kl || strlen(v) != vl)
            luaL_error(L, "an effect's attributes must be text without NUL bytes");
        if (kl > RF_WORLD_TEXT_MAX || vl > RF_WORLD_TEXT_MAX)
            luaL_error(L, "an attribute's key or value is at most %d bytes", RF_WORLD_TEXT_MAX);
        out[*n].key = k;
        out[*n].value = v;
        (*n)++;
        *bytes += kl + vl;
    }
    qsort(out, *n, sizeof *out, attr_order);
    return *n > 0;
}

/* emit(e): one effect from engine.lua, the table {kind, room, script, id,
 * type, x, y, tx, ty (room-local), property, value, text}; read here only. */
static int l_emit(lua_State *L)
{
    rf_world *w = upworld(L);
    rf_effect e;
    rf_effect_attr attrs[RF_EFFECT_MAX_ATTRS];
    size_t bytes = 0;
    int kind, room;
    const char *type, *prop;
    size_t i;
    const rf_world_room_rec *r;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkstack(L, 16, "emit");
    memset(&e, 0, sizeof e);
    kind = rf_world_field_int(L, 1, "kind", -1);
    room = rf_world_field_int(L, 1, "room", -1);
    if (kind < 0 || kind >= RF_EFFECT_KIND_COUNT || room < 0 || (size_t)room >= w->nrooms)
        return luaL_error(L, "emit: bad effect");
    r = &w->rooms[room];
    e.tick = w->tick;
    e.kind = (rf_effect_kind)kind;
    e.room = (size_t)room;
    e.script = rf_world_field_int(L, 1, "script", -1);
    e.id = rf_world_field_str(L, 1, "id");
    e.type = RF_OBJ_COUNT;
    type = rf_world_field_str(L, 1, "type");
    if (type && !rf_object_type_parse(type, &e.type))
        e.type = RF_OBJ_OTHER; /* a game's own kind, from its room */
    e.tag = type ? (e.type == RF_OBJ_OTHER ? type : rf_object_type_name(e.type)) : NULL;
    e.lx = rf_world_field_coord(L, 1, "x");
    e.ly = rf_world_field_coord(L, 1, "y");
    e.tlx = rf_world_field_coord(L, 1, "tx");
    e.tly = rf_world_field_coord(L, 1, "ty");
    rf_world_rec_map(r, RF_COORDS_TEMPLATE, e.lx, e.ly, RF_COORDS_LEVEL, &e.x, &e.y);
    rf_world_rec_map(r, RF_COORDS_TEMPLATE, e.tlx, e.tly, RF_COORDS_LEVEL, &e.tx, &e.ty);
    prop = rf_world_field_str(L, 1, "property");
    for (i = 0; prop && i < sizeof set_props / sizeof set_props[0]; i++)
        if (strcmp(prop, set_props[i]) == 0)
            e.property = set_props[i];
    if (prop && !e.property)
        return luaL_error(L, "emit: bad property '%s'", prop);
    e.value = rf_world_field_int(L, 1, "value", 0);
    e.text = rf_world_field_str(L, 1, "text");
    lua_getfield(L, 1, "handle");
    e.handle = (uint64_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (read_attrs(L, attrs, &e.nattrs, &bytes))
        e.attrs = attrs;
    count_effect(L, w, &e, bytes);
    if (!rf_world_emit(w, &e))
        return luaL_error(L, "out of memory recording an effect");
    return 0;
}

/* What a bad attribute should have been, for messages. */
static const char *expected_value(const rf_attr_spec *s)
{
    switch (s->kind) {
    case RF_VALUE_BOOL:
        return "0 or 1";
    case RF_VALUE_INT:
        return "an integer in range";
    case RF_VALUE_ANCHOR:
        return "a digit 0-9";
    case RF_VALUE_ENUM:
        return s->choices;
    case RF_VALUE_OBJECT_TAG:
        return "an object tag";
    case RF_VALUE_STRING:
    case RF_VALUE_REF:
        break;
    }
    return "text";
}

/* objtag(tag [, attrs]) -> the tag as rf_object_type_name spells it; with
 * attrs (normalised keys, text values), checks them with the loader's object
 * grammar first, as if the object stood in a room. <element type="lever"> is
 * a lever, as in the loader. */
static int l_objtag(lua_State *L)
{
    const char *tag = luaL_checkstring(L, 1);
    rf_object_type t;
    size_t i;
    if (!rf_object_type_parse(tag, &t))
        return luaL_error(L, "'%s' is not an object tag", tag);
    if (lua_istable(L, 2)) {
        const rf_object_spec *os = rf_script_object_spec(t);
        for (i = 0; os && i < os->nattrs; i++) {
            const rf_attr_spec *s = &os->attrs[i];
            const char *v;
            lua_getfield(L, 2, s->key);
            v = lua_tostring(L, -1);
            if (!v && s->required) {
                bool alt = false;
                if (s->alt) {
                    lua_getfield(L, 2, s->alt);
                    alt = !lua_isnil(L, -1);
                    lua_pop(L, 1);
                }
                if (!alt)
                    return luaL_error(L, "a created %s needs the %s attribute",
                                      rf_object_type_name(t), s->name);
            }
            if (v && !rf_script_value_ok(s, v))
                return luaL_error(L, "%s=\"%s\" of a created %s must be %s", s->name, v,
                                  rf_object_type_name(t), expected_value(s));
            if (v && t == RF_OBJ_ELEMENT && strcmp(s->key, "type") == 0 &&
                strcasecmp(v, "lever") == 0)
                t = RF_OBJ_LEVER;
            lua_pop(L, 1);
        }
    }
    lua_pushstring(L, rf_object_type_name(t));
    return 1;
}

/* compile(src, name) -> function: a text chunk of the engine's own making
 * (generated rule tests, condition evaluators), whose _ENV is an empty table:
 * it reaches no global at all. */
static int l_compile(lua_State *L)
{
    size_t len;
    const char *src = luaL_checklstring(L, 1, &len);
    const char *name = luaL_checkstring(L, 2);
    if (luaL_loadbufferx(L, src, len, name, "t") != LUA_OK)
        return lua_error(L);
    lua_newtable(L);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    return 1;
}

/* run_users(E, fire, first, last): rules first..last, each of which runs
 * user Lua, in order (E.run's unit of them): for rule i not off, E.cur = i,
 * then test[i](base[i]) (a Lua rule's when) or test[i](base[i], rr[i],
 * xs[i]) (conditions with closures) and, when it holds, fire(i), with the
 * budget armed around both, drawn from the tick's pool; once the pool is
 * spent, user rules wait for the next tick. A loop in C: no Lua turn, no
 * call, no counting point between rules. An error leaves E.cur at its
 * rule (world.c goes on after it). */
enum { RU_E = 1, RU_FIRE, RU_FIRST, RU_LAST, RU_OFF, RU_TEST, RU_BASE, RU_RR, RU_XS };
static const char *const run_users_cols[] = {"off", "test", "base", "rr", "xs"};

static int l_run_users(lua_State *L)
{
    rf_world *w = upworld(L);
    lua_Integer i, first = luaL_checkinteger(L, RU_FIRST), last = luaL_checkinteger(L, RU_LAST);
    size_t c;
    luaL_checktype(L, RU_E, LUA_TTABLE);
    lua_settop(L, RU_LAST);
    for (c = 0; c < sizeof run_users_cols / sizeof run_users_cols[0]; c++)
        lua_getfield(L, RU_E, run_users_cols[c]); /* RU_OFF.. */
    for (i = first; i <= last && w->tick_left > 0; i++) {
        lua_Integer ri;
        int nargs = 1;
        if (lua_rawgeti(L, RU_OFF, i) != LUA_TBOOLEAN || lua_toboolean(L, -1)) {
            lua_pop(L, 1);
            continue; /* off (fired without repeat, or disabled) */
        }
        lua_pop(L, 1);
        lua_pushinteger(L, i);
        lua_setfield(L, RU_E, "cur");
        lua_rawgeti(L, RU_RR, i);
        ri = lua_tointeger(L, -1) - 1; /* rr is the room, 1-based */
        lua_pop(L, 1);
        if (ri < 0 || (size_t)ri >= w->nrooms)
            return luaL_error(L, "run_users: rule %d has no room", (int)i);
        lua_rawgeti(L, RU_TEST, i);
        lua_rawgeti(L, RU_BASE, i);
        if (lua_rawgeti(L, RU_XS, i) != LUA_TBOOLEAN) { /* closures: (base, rr, xs) */
            lua_rawgeti(L, RU_RR, i);
            lua_insert(L, -2);
            nargs = 3;
        } else {
            lua_pop(L, 1); /* a Lua rule's when: (base), its facade */
        }
        if (!rf_luavm_set_owner(w->vm, (size_t)ri + 1)) /* what it makes is its room's */
            return luaL_error(L, "out of memory");
        w->arm_room = (size_t)ri;
        w->arm_left = w->tick_left;
        /* the rule's own budget, or what the pool has left when that is less */
        rf_luavm_arm_left(L, w->tick_left < w->opts.tick_budget ? w->tick_left : w->opts.tick_budget);
        lua_call(L, nargs, 1);
        if (lua_toboolean(L, -1)) {
            lua_pushvalue(L, RU_FIRE);
            lua_pushinteger(L, i);
            lua_call(L, 1, 0);
        }
        lua_pop(L, 1);
        rf_luavm_disarm(L);
        (void)rf_luavm_set_owner(w->vm, 0); /* owner 0 never fails */
        rf_world_pool_take(w);
    }
    lua_pushinteger(L, 0);
    lua_setfield(L, RU_E, "cur");
    return 0;
}

void rf_world_pool_take(rf_world *w)
{
    long long armed = w->arm_left < w->opts.tick_budget ? w->arm_left : w->opts.tick_budget;
    long long left = rf_luavm_left(w->L), spent;
    if (left < 0)
        left = 0;
    spent = armed > left ? armed - left : 0;
    if (w->arm_room < w->nrooms)
        w->rooms[w->arm_room].spent += spent;
    w->tick_left -= spent;
    w->arm_left = w->tick_left;
    w->arm_room = (size_t)-1; /* charged once: nothing is armed now */
}

uint64_t rf_world_env_seed(const rf_world *w, const char *kind, size_t index, size_t script)
{
    uint64_t h = rf_fnv1a64(kind, strlen(kind));
    h ^= w->opts.seed + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h ^= ((uint64_t)index + 1) * 0xbf58476d1ce4e5b9ULL;
    h ^= ((uint64_t)script + 1) * 0x94d049bb133111ebULL;
    return h;
}

/* ---- boot ---- */

static const rf_lua_embedded *embedded(const char *name)
{
    const rf_lua_embedded *f;
    for (f = rf_lua_embedded_files; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}

/* Loads the embedded file name ("=@roomforge/name") and calls it with the
 * values on top of the stack (nargs of them), keeping nres results. */
static void run_embedded(lua_State *L, const char *name, int nargs, int nres)
{
    const rf_lua_embedded *f = embedded(name);
    char chunk[64];
    if (!f)
        luaL_error(L, "the library lacks scripts/roomforge/%s", name);
    snprintf(chunk, sizeof chunk, RF_LUAVM_ENGINE_PREFIX "%s", name);
    rf_luavm_load(L, f->text, f->len, chunk);
    lua_insert(L, -(nargs + 1));
    lua_call(L, nargs, nres);
}

/* The rule VM's files after engine.lua, in load order: each is called with
 * E and adds to it what the next ones use. */
static const char *const vm_files[] = {"rules.lua", "room_api.lua", "save.lua"};

/* to_template(room, x, y): level (x, y) in room's template frame (the
 * player's position as the room's rules see it). */
static int l_to_template(lua_State *L)
{
    rf_world *w = upworld(L);
    lua_Integer ri = luaL_checkinteger(L, 1), x = luaL_checkinteger(L, 2);
    lua_Integer y = luaL_checkinteger(L, 3), lim = RF_WORLD_COORD_MAX;
    int tx, ty;
    if (ri < 0 || (size_t)ri >= w->nrooms)
        return luaL_error(L, "to_template: bad room");
    x = x > lim ? lim : x < -lim ? -lim : x; /* E.px is C's int: never out, but be sure */
    y = y > lim ? lim : y < -lim ? -lim : y;
    rf_world_rec_map(&w->rooms[ri], RF_COORDS_LEVEL, (int)x, (int)y, RF_COORDS_TEMPLATE, &tx, &ty);
    lua_pushinteger(L, tx);
    lua_pushinteger(L, ty);
    return 2;
}

/* objects(ri): room ri's template objects, added now (a lint room defers
 * them until its chunk first asks about one: E.need_objects). */
static int l_objects(lua_State *L)
{
    rf_world *w = upworld(L);
    lua_Integer ri = luaL_checkinteger(L, 1);
    if (ri < 0 || (size_t)ri >= w->nrooms)
        return luaL_error(L, "objects: bad room");
    rf_world_add_template_objects(L, (size_t)ri, w->rooms[ri].t);
    return 0;
}

/* The host table engine.lua receives: one row a function, each with the
 * world as its upvalue (those that need no world ignore it). */
static const luaL_Reg host_fns[] = {
    {"emit", l_emit},       {"objtag", l_objtag},           {"compile", l_compile},
    {"run_users", l_run_users}, {"to_template", l_to_template},
    {"objects", l_objects}, {"read_only", rf_luavm_read_only}, {NULL, NULL},
};

int rf_world_step_boot(lua_State *L)
{
    rf_world *w = lua_touserdata(L, 1);
    size_t i;
    lua_createtable(L, 0, 12);
    set_shared(L);
    lua_pushlightuserdata(L, w); /* every host function's upvalue (upworld) */
    luaL_setfuncs(L, host_fns, 1);
    run_embedded(L, "engine.lua", 1, 1);
    if (!lua_istable(L, -1))
        return luaL_error(L, "engine.lua did not return its table");
    lua_pushvalue(L, -1);
    rf_world_keep_engine(L);
    for (i = 0; i < sizeof vm_files / sizeof vm_files[0]; i++) {
        lua_pushvalue(L, -1);
        run_embedded(L, vm_files[i], 1, 0);
    }
    lua_pushvalue(L, -1);
    run_embedded(L, "conditions.lua", 1, 0);
    lua_pushvalue(L, -1);
    run_embedded(L, "actions.lua", 1, 0);
    return 0;
}

/* The lint world's collector is generational: each room's garbage (its
 * compiled chunk, tables, closures) dies young, while the engine's tables
 * live as long as the world, so minor collections walk the room's objects
 * alone, not the whole engine each cycle (5% of lint's time on 100,000
 * scripted rooms). The mode changes how much garbage the world holds, never
 * the instructions a chunk is counted; the full collection past LINT_SLACK
 * still bounds the garbage, and a room that reaches the cap is checked
 * again in a fresh world (world_lint.c). */
int rf_world_step_lint_boot(lua_State *L)
{
    rf_world_push_engine(L);
    run_embedded(L, "lint.lua", 1, 0);
    lua_gc(L, LUA_GCGEN, 0, 0); /* Lua's own multipliers */
    return 0;
}

typedef struct ext_step {
    const char *code;
    size_t len;
    const char *chunk;
    uint64_t seed;
} ext_step;

static int step_extension(lua_State *L)
{
    ext_step *s = lua_touserdata(L, 1);
    rf_luavm_load(L, s->code, s->len, s->chunk);
    rf_world_push_fn(L, "extension_env");
    rf_luavm_push_env(L, s->seed);
    lua_call(L, 1, 1);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    lua_call(L, 0, 0);
    return 0;
}

/* Runs the extension at path, the i-th of dir: RF_OK, RF_ERR_NOMEM, or
 * another failure (reported). */
static rf_status run_extension(rf_world *w, const char *dir, const char *path, size_t i,
                               rf_diags *d)
{
    const char *name = strrchr(path, '/') + 1;
    char chunk[64];
    size_t len = 0;
    char *code = NULL;
    ext_step s;
    rf_luavm_fail f;
    int why = 0;
    rf_status st;
    if (!rf_fs_inside(dir, path)) { /* a link out of the scripts directory */
        if (d)
            (void)rf_diag_add(d, "io-error", path, 0, 0,
                              "leads outside the scripts directory (a symbolic link); it is "
                              "not read");
        return RF_ERR_IO;
    }
    st = rf_fs_read(path, RF_WORLD_LUA_FILE_MAX, &code, &len, &why);
    if (st == RF_ERR_NOMEM)
        return st;
    if (st != RF_OK) {
        if (d)
            (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read this extension file: %s",
                              st == RF_ERR_LIMIT ? "larger than 1 MiB" : rf_fs_why(why));
        return st;
    }
    snprintf(chunk, sizeof chunk, "=%s", name);
    s.code = code;
    s.len = len;
    s.chunk = chunk;
    s.seed = rf_world_env_seed(w, "extension", i, 0);
    st = RF_OK;
    if (rf_luavm_call(w->vm, step_extension, &s, w->opts.load_budget, chunk, &f) != RF_OK) {
        if (d)
            (void)rf_diag_add(d, f.code, path, f.line > 0 ? f.line : 1, 1, "extension %s: %s",
                              name, f.msg);
        st = RF_ERR_SCRIPT;
    }
    rf_fs_free(code);
    return st;
}

/* Runs every *.lua of dir, in byte order of names. false when one failed. */
bool rf_world_load_extensions(rf_world *w, const char *dir, rf_diags *d, bool *nomem, bool *io)
{
    rf_fs_list *files = NULL;
    size_t n, i;
    bool ok = true;
    rf_status st = rf_fs_walk(dir, ".lua", 0, &files, NULL);
    if (st == RF_ERR_NOMEM) {
        *nomem = true;
        return false;
    }
    if (st != RF_OK) {
        if (d)
            (void)rf_diag_add(d, "io-error", dir, 0, 0, "cannot open the scripts directory");
        *io = true;
        return false;
    }
    n = rf_fs_list_count(files);
    if (n > MAX_EXT_FILES) {
        if (d)
            (void)rf_diag_add(d, "io-error", dir, 0, 0,
                              "more than %d Lua files; the rest are ignored", MAX_EXT_FILES);
        ok = false;
        n = MAX_EXT_FILES;
    }
    for (i = 0; i < n && !*nomem; i++) {
        st = run_extension(w, dir, rf_fs_list_at(files, i), i, d);
        if (st == RF_ERR_NOMEM)
            *nomem = true;
        else if (st != RF_OK)
            ok = false;
    }
    rf_fs_list_free(files);
    return ok;
}

/* ---- the registry seen by lint ---- */

typedef struct has_step {
    const char *fn, *name;
    bool result;
} has_step;

static int step_has(lua_State *L)
{
    has_step *s = lua_touserdata(L, 1);
    rf_world_push_fn(L, s->fn);
    lua_pushstring(L, s->name);
    lua_call(L, 1, 1);
    s->result = lua_toboolean(L, -1);
    return 0;
}

bool rf_world_ask(rf_world *w, const char *fn, const char *name, bool *answered)
{
    has_step s = {fn, name, false};
    rf_luavm_fail f;
    *answered = name && rf_luavm_call(w->vm, step_has, &s, 0, NULL, &f) == RF_OK;
    return *answered && s.result;
}
