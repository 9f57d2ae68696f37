/* engine/src/vm/lua_pairs.c: the sandbox's pairs, in an order that is the
 * same on every run and machine.
 *
 * Pipeline: vm; luavm.c installs it as the global pairs. Design: a sorted
 * snapshot of the keys (numbers, strings, booleans, then next's order), so
 * "same seed, same bytes" holds; __pairs is honoured.
 */
#include "vm/seam.h"

#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

typedef struct key_ref {
    int rank;          /* 0 number, 1 string, 2 boolean, 3 other */
    lua_Number num;    /* numbers: the value; booleans: 0 or 1 */
    const char *str;   /* strings: bytes held alive by the snapshot table */
    size_t len;
    int slot;          /* index in the snapshot table (next's order) */
} key_ref;

static int key_cmp(const void *pa, const void *pb)
{
    const key_ref *a = pa, *b = pb;
    if (a->rank != b->rank)
        return a->rank < b->rank ? -1 : 1;
    if (a->rank == 0 || a->rank == 2) {
        if (a->num != b->num)
            return a->num < b->num ? -1 : 1;
    } else if (a->rank == 1) {
        size_t n = a->len < b->len ? a->len : b->len;
        int c = memcmp(a->str, b->str, n);
        if (c != 0)
            return c;
        if (a->len != b->len)
            return a->len < b->len ? -1 : 1;
    }
    return a->slot < b->slot ? -1 : a->slot > b->slot;
}

/* iter(t, _): the next key of the snapshot (upvalue 1) from position
 * (upvalue 2) whose value in t is not nil. */
static int ordered_next(lua_State *L)
{
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(2));
    for (;;) {
        lua_pushinteger(L, ++i);
        lua_replace(L, lua_upvalueindex(2));
        if (lua_rawgeti(L, lua_upvalueindex(1), i) == LUA_TNIL)
            return 1; /* the end: nil */
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL)
            return 2;
        lua_pop(L, 2);
    }
}

int rf_lua_ordered_pairs(lua_State *L)
{
    key_ref *refs;
    int n = 0, i;
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    lua_newtable(L); /* 2: keys in next's order */
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++n);
    }
    refs = lua_newuserdatauv(L, (size_t)(n > 0 ? n : 1) * sizeof *refs, 0); /* 3 */
    for (i = 0; i < n; i++) {
        key_ref *r = &refs[i];
        memset(r, 0, sizeof *r);
        r->slot = i + 1;
        switch (lua_rawgeti(L, 2, i + 1)) {
        case LUA_TNUMBER:
            r->num = lua_tonumber(L, -1);
            break;
        case LUA_TSTRING:
            r->rank = 1;
            r->str = lua_tolstring(L, -1, &r->len); /* kept alive by table 2 */
            break;
        case LUA_TBOOLEAN:
            r->rank = 2;
            r->num = lua_toboolean(L, -1);
            break;
        default:
            r->rank = 3;
        }
        lua_pop(L, 1);
    }
    qsort(refs, (size_t)n, sizeof *refs, key_cmp);
    lua_createtable(L, n, 0); /* 4: keys in order */
    for (i = 0; i < n; i++) {
        lua_rawgeti(L, 2, refs[i].slot);
        lua_rawseti(L, 4, i + 1);
    }
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, ordered_next, 2);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}
