/* engine/src/vm/lua_guard.c: the library functions whose work their
 * arguments do not bound, wrapped so the budget and memory cap reach them.
 *
 * Pipeline: vm; lua_sandbox.c installs them in the libraries user Lua sees.
 * Design: each wrapper checks or charges before calling Lua's own function
 * (an upvalue), so the work done is Lua's: string.rep refuses a result over
 * the memory cap (and returns "" without looping for empty parts); pattern
 * functions refuse a worst case over PATTERN_COST steps; table functions
 * refuse tables whose metamethods could lie about their size and charge
 * their loops to the budget. docs/designers.md lists every decision.
 */
#include <string.h>

#include <lauxlib.h>

#include "vm_int.h"

/* Worst-case steps a pattern call may cost: about (n+1)^(q+1) * (m+1) for n
 * subject bytes, q quantifiers (* + - ?) and m pattern bytes. */
#define PATTERN_COST 1e8

/* ---- string.rep ---- */

/* rep(s, n [, sep]): the result's size checked against the memory cap
 * before any loop; an empty result is made without one. */
static int guarded_rep(lua_State *L)
{
    size_t l, lsep;
    lua_Integer n;
    luaL_checklstring(L, 1, &l);
    n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || (l == 0 && lsep == 0)) {
        if (n > 0) /* nothing to copy: each repetition still counts */
            rf_vm_charge(L, (long long)(n > 0x3fffffffffffffffLL ? 0x3fffffffffffffffLL : n));
        lua_pushliteral(L, "");
        return 1;
    }
    if ((lua_Unsigned)n > (size_t)-1 / (l + lsep))
        rf_vm_need_bytes(L, (size_t)-1); /* raises: far over any cap */
    rf_vm_need_bytes(L, (size_t)n * (l + lsep));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* ---- patterns ---- */

/* The quantifiers of pattern p (m bytes): '*', '+', '-', '?' outside sets
 * and escapes. */
static int quantifiers(const char *p, size_t m)
{
    size_t i = 0;
    int q = 0;
    while (i < m) {
        char c = p[i];
        if (c == '%') {
            i += 2;
        } else if (c == '[') {
            i++;
            if (i < m && p[i] == '^')
                i++;
            if (i < m && p[i] == ']')
                i++;
            while (i < m && p[i] != ']') {
                if (p[i] == '%')
                    i++;
                i++;
            }
            i++;
        } else {
            if (c == '*' || c == '+' || c == '-' || c == '?')
                q++;
            i++;
        }
    }
    return q;
}

enum { PAT_FIND, PAT_MATCH, PAT_GMATCH, PAT_GSUB };
static const char *const pattern_names[] = {"find", "match", "gmatch", "gsub"};

/* find, match, gmatch, gsub: subject and pattern converted to strings first
 * (numbers too), the worst case bounded, gsub's replacements charged. */
static int guarded_pattern(lua_State *L)
{
    int kind = (int)lua_tointeger(L, lua_upvalueindex(2));
    size_t n, m;
    const char *p;
    double cost;
    int q, i, nres;
    luaL_checklstring(L, 1, &n);
    p = luaL_checklstring(L, 2, &m);
    q = kind == PAT_FIND && lua_toboolean(L, 4) ? 0 : quantifiers(p, m);
    cost = (double)m + 1.0;
    for (i = 0; i <= q && cost <= PATTERN_COST; i++)
        cost *= (double)n + 1.0;
    if (cost > PATTERN_COST)
        return luaL_error(L, RF_SANDBOX_TAG "string.%s with this pattern on %d bytes could run "
                          "without bound", pattern_names[kind], (int)(n > 0x7fffffff ? 0x7fffffff : n));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    nres = lua_gettop(L);
    if (kind == PAT_GSUB && nres >= 2) {
        size_t out = 0;
        lua_tolstring(L, 1, &out);
        rf_vm_charge(L, (long long)lua_tointeger(L, 2) + (long long)(out / 64));
    }
    return nres;
}

void rf_vm_guard_string(lua_State *L, int idx)
{
    int k;
    idx = lua_absindex(L, idx);
    lua_getfield(L, idx, "rep");
    lua_pushcclosure(L, guarded_rep, 1);
    lua_setfield(L, idx, "rep");
    for (k = PAT_FIND; k <= PAT_GSUB; k++) {
        lua_getfield(L, idx, pattern_names[k]);
        lua_pushinteger(L, k);
        lua_pushcclosure(L, guarded_pattern, 2);
        lua_setfield(L, idx, pattern_names[k]);
    }
    lua_pushnil(L);
    lua_setfield(L, idx, "dump"); /* binary chunks: never made, never loaded */
}

/* ---- table ---- */

/* Refuses arg unless it is a table whose size no metamethod can misstate
 * (no __index, __newindex or __len): a lying __len would make Lua's loops
 * run in C, where no counting point is. Returns its raw length. */
static lua_Unsigned plain_table(lua_State *L, int arg, const char *fn)
{
    static const char *const events[] = {"__index", "__newindex", "__len"};
    size_t i;
    luaL_checktype(L, arg, LUA_TTABLE);
    if (lua_getmetatable(L, arg)) {
        for (i = 0; i < sizeof events / sizeof events[0]; i++) {
            if (lua_getfield(L, -1, events[i]) != LUA_TNIL)
                luaL_error(L, RF_SANDBOX_TAG "table.%s takes no table with a %s metamethod", fn,
                           events[i]);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    return lua_rawlen(L, arg);
}

/* Calls Lua's own function (upvalue 1) with the arguments as given. */
static int call_original(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* Elements in lo..hi, at most cap (0 when hi < lo). */
static long long span(lua_Integer lo, lua_Integer hi, lua_Unsigned cap)
{
    lua_Unsigned count;
    if (hi < lo)
        return 0;
    count = (lua_Unsigned)hi - (lua_Unsigned)lo + 1u;
    if (count > cap)
        count = cap;
    return count > 0x3fffffffffffffffULL ? 0x3fffffffffffffffLL : (long long)count;
}

/* insert, remove, sort, concat, unpack: the table checked plain, the
 * elements the loop walks (shifts, copies, pushes) charged, never more than
 * the real table holds. */
static int guarded_walk(lua_State *L)
{
    const char *fn = lua_tostring(L, lua_upvalueindex(2));
    lua_Unsigned n = plain_table(L, 1, fn);
    lua_Unsigned all = (lua_Unsigned)-1;
    long long work = 1;
    int top = lua_gettop(L);
    switch (fn[0]) {
    case 'i': /* insert(t, v) appends; insert(t, pos, v) shifts pos..n */
        if (top >= 3)
            work += span(luaL_checkinteger(L, 2), (lua_Integer)n, all);
        break;
    case 'r': /* remove(t) takes the last; remove(t, pos) shifts pos..n */
        if (top >= 2)
            work += span(luaL_checkinteger(L, 2), (lua_Integer)n, all);
        break;
    case 's': /* sort: n elements */
        work += (long long)(n > 0x3fffffffffffffffULL ? 0x3fffffffffffffffULL : n);
        break;
    case 'c': /* concat(t, sep, i, j): stops at the first missing element */
        work += span(luaL_optinteger(L, 3, 1), luaL_optinteger(L, 4, (lua_Integer)n), n + 1);
        break;
    default: /* unpack(t, i, j): one push an element */
        work += span(luaL_optinteger(L, 2, 1), luaL_optinteger(L, 3, (lua_Integer)n), all);
        break;
    }
    rf_vm_charge(L, work);
    return call_original(L);
}

/* move(a1, f, e, t [, a2]): e - f + 1 elements charged before the loop. */
static int guarded_move(lua_State *L)
{
    lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
    plain_table(L, 1, "move");
    luaL_checkinteger(L, 4);
    if (!lua_isnoneornil(L, 5))
        plain_table(L, 5, "move");
    rf_vm_charge(L, 1 + span(f, e, (lua_Unsigned)-1));
    return call_original(L);
}

void rf_vm_guard_table(lua_State *L, int idx)
{
    static const char *const walks[] = {"insert", "remove", "sort", "concat", "unpack"};
    size_t i;
    idx = lua_absindex(L, idx);
    for (i = 0; i < sizeof walks / sizeof walks[0]; i++) {
        lua_getfield(L, idx, walks[i]);
        lua_pushstring(L, walks[i]);
        lua_pushcclosure(L, guarded_walk, 2);
        lua_setfield(L, idx, walks[i]);
    }
    lua_getfield(L, idx, "move");
    lua_pushcclosure(L, guarded_move, 1);
    lua_setfield(L, idx, "move");
}
