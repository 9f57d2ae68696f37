/* engine/src/vm/lua_sandbox.c: the one sandbox every Lua state is built
 * with: the forbidden list, the safe globals, read-only libraries and the
 * environments user Lua (room chunks, extensions, recipes) runs in.
 *
 * Pipeline: vm; luavm.c runs rf_vm_open_sandbox in every new state, the
 * world and the level push an environment per chunk (rf_luavm_push_env).
 * Design: user code never sees the state's globals: an environment is a
 * fresh table over one table of safe globals; libraries are empty proxies
 * over guarded copies (lua_guard.c), so neither assignment nor rawset (not
 * available) changes what another chunk sees; each environment has its own
 * math.random stream, seeded by the host.
 */
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "core/seam.h"
#include "vm_int.h"

/* The forbidden list, the only one: these names are dropped from the state
 * and naming one in user code is script-forbidden. */
static const char *const forbidden[] = {
    "os",       "io",         "package", "debug",    "require",        "load",
    "loadfile", "dofile",     "collectgarbage", "coroutine", "loadstring", "module",
    "setfenv",  "getfenv",    "rawset",  "print",    "warn",           "_G",
};
#define NFORBIDDEN (sizeof forbidden / sizeof forbidden[0])

/* The globals user code may read, from the state's own base library. */
static const char *const safe_base[] = {
    "assert",   "error",  "ipairs",   "next",         "pairs",        "pcall",
    "xpcall",   "rawequal", "rawget", "rawlen",       "select",       "setmetatable",
    "getmetatable", "tonumber", "tostring", "type",   "_VERSION",
};

/* Static-address registry keys: the safe globals and the environments'
 * metatable, the guarded math library. */
static const char safe_key = 'S';
static const char env_mt_key = 'M';
static const char math_key = 'R';
static const char rngs_key = 'G'; /* the environments' streams, in order of making */
static const char math_mt_key = 'N'; /* every environment's math: {__index = the shared math} */
static const char math_ro_key = 'W'; /* the __newindex of every environment's math proxy */

void rf_luavm_push_forbidden(lua_State *L)
{
    size_t i;
    lua_createtable(L, 0, (int)NFORBIDDEN);
    for (i = 0; i < NFORBIDDEN; i++) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, forbidden[i]);
    }
}

static bool is_forbidden(const char *name)
{
    size_t i;
    for (i = 0; name && i < NFORBIDDEN; i++)
        if (strcmp(name, forbidden[i]) == 0)
            return true;
    return false;
}

/* __index of the state's globals and of every environment: a safe global
 * (upvalue 1, absent for the state's own globals), a script-forbidden
 * error for a forbidden name, else nil as in plain Lua. */
static int env_index(lua_State *L)
{
    const char *name = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
    if (lua_istable(L, lua_upvalueindex(1))) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
            return 1;
    }
    if (is_forbidden(name))
        return luaL_error(L, RF_SANDBOX_TAG "'%s' is not available to scripts", name);
    return 0;
}

/* __newindex of every environment: a new global, except a name starting
 * with "__rf" (a chunk's first line reads the budget's counter `__rf` from
 * its environment, lua_count.c: a chunk run after another in the same
 * environment must find the sandbox's, not one a script put there). */
static int env_newindex(lua_State *L)
{
    size_t n;
    const char *name = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &n) : NULL;
    if (name && n >= 4 && memcmp(name, "__rf", 4) == 0)
        return luaL_error(L, RF_SANDBOX_TAG "names starting with '__rf' are reserved");
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 0;
}

/* setmetatable refusing a metatable with __gc: a finalizer would run user
 * code whenever the collector runs, outside any budget (Lua marks an
 * object for finalization only when its metatable is set). */
static int safe_setmetatable(lua_State *L)
{
    if (lua_istable(L, 2)) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)
            return luaL_error(L, RF_SANDBOX_TAG "'__gc' is not available to scripts");
        lua_pop(L, 1);
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int read_only_newindex(lua_State *L)
{
    return luaL_error(L, "%s is read-only in scripts", lua_tostring(L, lua_upvalueindex(1)));
}

/* The iterator of pairs over a read-only proxy: the ordered iterator
 * (upvalue 1) over the table behind the proxy (upvalue 2), whatever state
 * the loop passes. */
static int read_only_next(lua_State *L)
{
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, 2);
    lua_call(L, 2, 2);
    return 2;
}

/* pairs over a read-only proxy walks the table behind it (upvalue 1), in
 * the sandbox's order, and never hands that table out: pairs' state is nil,
 * so no script can reach the shared library to change it for every other. */
static int read_only_pairs(lua_State *L)
{
    /* the table behind the proxy (argument 1) is its metatable's __index;
     * no script reaches that metatable (__metatable is false) to call this */
    if (!lua_getmetatable(L, 1))
        return luaL_error(L, "pairs: not a read-only table");
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_replace(L, 1);
    lua_settop(L, 1);
    lua_pushcfunction(L, rf_lua_ordered_pairs);
    lua_pushvalue(L, 1);
    lua_call(L, 1, 1); /* the ordered iterator alone */
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, read_only_next, 2);
    lua_pushnil(L);
    lua_pushnil(L);
    return 3;
}

/* Replaces the table on top by an empty read-only proxy of it called name;
 * with name NULL, the __newindex is the registry's newindex_key one. */
static void make_read_only_with(lua_State *L, const char *name, const void *newindex_key)
{
    lua_newtable(L);              /* proxy */
    lua_createtable(L, 0, 4);     /* its metatable */
    lua_pushvalue(L, -3);
    lua_setfield(L, -2, "__index");
    if (name) {
        lua_pushstring(L, name);
        lua_pushcclosure(L, read_only_newindex, 1);
    } else {
        lua_rawgetp(L, LUA_REGISTRYINDEX, newindex_key);
    }
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, read_only_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_remove(L, -2);
}

static void make_read_only(lua_State *L, const char *name) { make_read_only_with(L, name, NULL); }

/* A shallow copy of the table at idx, pushed; made at its size (filling a
 * table from empty rehashes it at every power of two). */
static void push_copy(lua_State *L, int idx)
{
    int n = 0;
    idx = lua_absindex(L, idx);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        n++;
    }
    lua_createtable(L, 0, n);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
}

int rf_luavm_read_only(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkstring(L, 2);
    lua_settop(L, 2);
    lua_insert(L, 1); /* (name, t) */
    make_read_only(L, lua_tostring(L, 1));
    return 1;
}

/* ---- math.random per environment ---- */

/* A 64-bit draw of the stream r. */
static uint64_t draw64(rf_rng *r)
{
    uint64_t hi = rf_rng_next(r);
    return hi << 32 | rf_rng_next(r);
}

/* random([m [, n]]) as Lua 5.4's, from the environment's own stream
 * (upvalue 1, a userdata rf_rng). */
static int env_random(lua_State *L)
{
    rf_rng *r = lua_touserdata(L, lua_upvalueindex(1));
    lua_Integer lo, hi;
    uint64_t span, mask, v;
    switch (lua_gettop(L)) {
    case 0:
        lua_pushnumber(L, (lua_Number)(draw64(r) >> 11) * (0.5 / ((uint64_t)1 << 52)));
        return 1;
    case 1:
        lo = 1;
        hi = luaL_checkinteger(L, 1);
        if (hi == 0) { /* random(0): every bit random */
            lua_pushinteger(L, (lua_Integer)draw64(r));
            return 1;
        }
        break;
    case 2:
        lo = luaL_checkinteger(L, 1);
        hi = luaL_checkinteger(L, 2);
        break;
    default:
        return luaL_error(L, "wrong number of arguments");
    }
    luaL_argcheck(L, lo <= hi, lua_gettop(L), "interval is empty");
    span = (uint64_t)hi - (uint64_t)lo;
    mask = span;
    mask |= mask >> 1;
    mask |= mask >> 2;
    mask |= mask >> 4;
    mask |= mask >> 8;
    mask |= mask >> 16;
    mask |= mask >> 32;
    do { /* rejection: at most two draws expected */
        v = draw64(r) & mask;
    } while (v > span);
    lua_pushinteger(L, (lua_Integer)((uint64_t)lo + v));
    return 1;
}

/* randomseed([x [, y]]): reseeds this environment's stream only; without
 * arguments, from the seed the host gave (upvalue 2), never the clock. */
static int env_randomseed(lua_State *L)
{
    rf_rng *r = lua_touserdata(L, lua_upvalueindex(1));
    if (lua_isnone(L, 1)) {
        rf_rng_seed(r, (uint64_t)lua_tointeger(L, lua_upvalueindex(2)), 0);
    } else {
        lua_Integer x = luaL_checkinteger(L, 1), y = luaL_optinteger(L, 2, 0);
        rf_rng_seed(r, (uint64_t)x, (uint64_t)y);
    }
    return 0;
}

/* Appends the stream userdata on top (left there) to the registry's list
 * {n = count, [i] = stream}, whose values are weak: a released environment's
 * stream goes (lint's world), the others keep their places. */
static void remember_rng(lua_State *L)
{
    lua_Integer n;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rngs_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 4, 1);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "v");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &rngs_key);
    }
    lua_getfield(L, -1, "n");
    n = lua_tointeger(L, -1) + 1;
    lua_pop(L, 1);
    lua_pushinteger(L, n);
    lua_setfield(L, -2, "n");
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, n);
    lua_pop(L, 1);
}

void rf_vm_forget_rngs(lua_State *L)
{
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &rngs_key);
}

size_t rf_luavm_rng_count(lua_State *L)
{
    lua_Integer n = 0;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rngs_key) == LUA_TTABLE) {
        lua_pushliteral(L, "n");
        lua_rawget(L, -2);
        n = lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n > 0 ? (size_t)n : 0;
}

rf_rng *rf_luavm_rng_at(lua_State *L, size_t i)
{
    rf_rng *r = NULL;
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &rngs_key) == LUA_TTABLE) {
        if (lua_rawgeti(L, -1, (lua_Integer)i) == LUA_TUSERDATA)
            r = lua_touserdata(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return r;
}

void rf_luavm_push_env(lua_State *L, uint64_t seed)
{
    rf_rng *r;
    luaL_checkstack(L, 8, "environment");
    lua_createtable(L, 0, 2); /* the environment */
    lua_createtable(L, 0, 2); /* its math: random, randomseed over the shared rest */
    r = lua_newuserdatauv(L, sizeof *r, 0);
    rf_rng_seed(r, seed, 0);
    remember_rng(L);
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, env_random, 1);
    lua_setfield(L, -3, "random");
    lua_pushinteger(L, (lua_Integer)seed);
    lua_pushcclosure(L, env_randomseed, 2);
    lua_setfield(L, -2, "randomseed");
    /* what no script can reach is shared: the table behind the proxy (pairs
     * never hands it out), so its metatable, and the proxy's __newindex */
    lua_rawgetp(L, LUA_REGISTRYINDEX, &math_mt_key);
    lua_setmetatable(L, -2);
    make_read_only_with(L, NULL, &math_ro_key);
    lua_setfield(L, -2, "math");
    lua_rawgetp(L, LUA_REGISTRYINDEX, &env_mt_key);
    lua_setmetatable(L, -2);
}

/* ---- the state ---- */

/* Replaces the base functions the sandbox changes in globals g: setmetatable,
 * pairs, xpcall and pcall. */
static void replace_base(lua_State *L, int g)
{
    lua_getfield(L, g, "setmetatable");
    lua_pushcclosure(L, safe_setmetatable, 1);
    lua_setfield(L, g, "setmetatable");
    lua_pushcfunction(L, rf_lua_ordered_pairs); /* lua_pairs.c: the same order every run */
    lua_setfield(L, g, "pairs");
    lua_pushcfunction(L, rf_vm_xpcall);
    lua_setfield(L, g, "xpcall");
    lua_pushcfunction(L, rf_vm_pcall);
    lua_setfield(L, g, "pcall");
}

/* Puts guarded read-only copies of globals g's string, table and utf8 in
 * safe; strings' methods reach the string copy. */
static void add_safe_libs(lua_State *L, int g, int safe)
{
    lua_getfield(L, g, "string");
    push_copy(L, -1);
    rf_vm_guard_string(L, -1);
    lua_pushliteral(L, ""); /* method calls ("x"):rep(n) reach the guarded copy */
    if (lua_getmetatable(L, -1)) {
        lua_pushvalue(L, -3);
        lua_setfield(L, -2, "__index");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    make_read_only(L, "string");
    lua_setfield(L, safe, "string");
    lua_pop(L, 1);
    lua_getfield(L, g, "table");
    push_copy(L, -1);
    rf_vm_guard_table(L, -1);
    make_read_only(L, "table");
    lua_setfield(L, safe, "table");
    lua_pop(L, 1);
    lua_getfield(L, g, "utf8");
    push_copy(L, -1);
    make_read_only(L, "utf8");
    lua_setfield(L, safe, "utf8");
    lua_pop(L, 1);
}

/* Keeps in the registry what every environment's math shares: a copy of
 * globals g's math without random and randomseed, the metatable over it and
 * the proxy's __newindex. */
static void share_math(lua_State *L, int g)
{
    lua_getfield(L, g, "math"); /* each environment gets its own random on top */
    push_copy(L, -1);
    lua_pushnil(L);
    lua_setfield(L, -2, "random");
    lua_pushnil(L);
    lua_setfield(L, -2, "randomseed");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &math_key);
    lua_pop(L, 1);
    lua_createtable(L, 0, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &math_key);
    lua_setfield(L, -2, "__index");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &math_mt_key);
    lua_pushliteral(L, "math");
    lua_pushcclosure(L, read_only_newindex, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &math_ro_key);
}

/* Closes the state's globals g, the engine's: forbidden names dropped and
 * raising, no string.dump, math.random seeded with 0. */
static void close_globals(lua_State *L, int g)
{
    size_t i;
    for (i = 0; i < NFORBIDDEN; i++) {
        lua_pushnil(L);
        lua_setfield(L, g, forbidden[i]);
    }
    lua_getfield(L, g, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    lua_getfield(L, g, "math"); /* the engine's math.random: fixed, never the clock */
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, 0);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushnil(L); /* no safe table: the engine's globals only refuse */
    lua_pushcclosure(L, env_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, g);
}

int rf_vm_open_sandbox(lua_State *L)
{
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},        {LUA_TABLIBNAME, luaopen_table},
        {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},  {NULL, NULL},
    };
    const luaL_Reg *lib;
    size_t i;
    int g, safe;
    for (lib = libs; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    lua_pushglobaltable(L);
    g = lua_gettop(L);
    replace_base(L, g);
    /* the safe globals: base functions, then guarded read-only libraries */
    lua_createtable(L, 0, 24);
    safe = lua_gettop(L);
    for (i = 0; i < sizeof safe_base / sizeof safe_base[0]; i++) {
        lua_getfield(L, g, safe_base[i]);
        lua_setfield(L, safe, safe_base[i]);
    }
    add_safe_libs(L, g, safe);
    rf_vm_budget_open(L, g, safe);
    share_math(L, g);
    lua_pushvalue(L, safe);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &safe_key);
    /* the environments' metatable */
    lua_createtable(L, 0, 3);
    lua_pushvalue(L, safe);
    lua_pushcclosure(L, env_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, env_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &env_mt_key);
    lua_pop(L, 1); /* safe */
    close_globals(L, g);
    lua_pop(L, 1);
    return 0;
}
