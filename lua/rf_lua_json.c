/* lua/rf_lua_json.c: the library's JSON output as Lua tables, for the
 * writers whose figures have no accessors (rf_stats_write).
 *
 * Pipeline: above the library (DESIGN 13, 15); reads the bytes a library
 * writer produced, pushes the value. Design: json-c (strict, depth bounded)
 * makes the tree and one walk pushes it: objects tables with string keys,
 * arrays sequences from 1, integers Lua integers (past 2^63-1 floats, as
 * lua_stringtonumber reads them), other numbers floats, null nil (an absent
 * field). The tree waits in a userdata whose __gc frees it, so an error in
 * the walk leaks nothing. The input is the library's own, so a byte json-c
 * refuses is the module's bug and raises.
 */
#include <json-c/json.h>
#include <stdint.h>

#include "rf_lua.h"

#define JSON_MAX_DEPTH 64
#define JSON_TREE "roomforge.json"

static int tree_gc(lua_State *L)
{
    json_object **root = luaL_checkudata(L, 1, JSON_TREE);
    json_object_put(*root);
    *root = NULL;
    return 0;
}

static void push_value(lua_State *L, json_object *v)
{
    size_t i, n;
    luaL_checkstack(L, 4, "JSON nesting");
    switch (json_object_get_type(v)) {
    case json_type_boolean: lua_pushboolean(L, json_object_get_boolean(v)); break;
    case json_type_double: lua_pushnumber(L, (lua_Number)json_object_get_double(v)); break;
    case json_type_int:
        if (json_object_get_int64(v) == INT64_MAX && json_object_get_uint64(v) > INT64_MAX)
            lua_pushnumber(L, (lua_Number)json_object_get_uint64(v));
        else
            lua_pushinteger(L, (lua_Integer)json_object_get_int64(v));
        break;
    case json_type_string:
        lua_pushlstring(L, json_object_get_string(v), (size_t)json_object_get_string_len(v));
        break;
    case json_type_array:
        lua_newtable(L);
        n = json_object_array_length(v);
        for (i = 0; i < n; i++) {
            push_value(L, json_object_array_get_idx(v, i));
            lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        break;
    case json_type_object: {
        struct json_object_iterator it = json_object_iter_begin(v);
        struct json_object_iterator end = json_object_iter_end(v);
        lua_newtable(L);
        for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
            lua_pushstring(L, json_object_iter_peek_name(&it));
            push_value(L, json_object_iter_peek_value(&it));
            lua_rawset(L, -3);
        }
        break;
    }
    default: lua_pushnil(L); break; /* null */
    }
}

/* json-c over text: the value, or NULL with *at and *why. */
static json_object *parse(const char *text, size_t len, size_t *at, const char **why)
{
    json_tokener *tok = json_tokener_new_ex(JSON_MAX_DEPTH);
    json_object *v;
    enum json_tokener_error e;
    if (!tok) {
        *at = 0;
        *why = "out of memory";
        return NULL;
    }
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    v = json_tokener_parse_ex(tok, text, (int)len);
    e = json_tokener_get_error(tok);
    *at = json_tokener_get_parse_end(tok);
    if (!v && e == json_tokener_continue) { /* all read: end it (a number needs that) */
        v = json_tokener_parse_ex(tok, "", 1);
        e = json_tokener_get_error(tok);
        *at = len;
    }
    *why = json_tokener_error_desc(e);
    if (v && *at != len) {
        json_object_put(v);
        v = NULL;
        *why = "bytes after the value";
    }
    json_tokener_free(tok);
    return v;
}

void rf_lua_push_json(lua_State *L, const char *text, size_t len)
{
    json_object **root = lua_newuserdatauv(L, sizeof *root, 0);
    size_t at = 0;
    const char *why = "too long";
    *root = NULL;
    if (luaL_newmetatable(L, JSON_TREE)) {
        lua_pushcfunction(L, tree_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    if (len > INT32_MAX || !(*root = parse(text, len, &at, &why)))
        luaL_error(L, "roomforge: the library's JSON: %s at byte %d", why, (int)at);
    push_value(L, *root);
    json_object_put(*root);
    *root = NULL;
    lua_remove(L, -2); /* the tree's userdata */
}
