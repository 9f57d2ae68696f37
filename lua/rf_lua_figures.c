/* lua/rf_lua_figures.c: a stats run's figures as Lua tables, the shape of
 * its JSON report, built from the library's figure walk (rf_stats_each).
 *
 * Pipeline: above the library (DESIGN 13, 15); rf_lua_stats.c calls it
 * with the run. Design: objects tables with string keys, arrays sequences
 * from 1, integers and counts Lua integers (counts past 2^63-1 floats),
 * reals the floats the report's digits read back, null nil (an absent
 * field), strings as the report shows them (a byte that is no UTF-8 is
 * U+FFFD): the values a reader of `stats --format json` gets. Each table
 * goes into its parent when opened, so only the open ones are on the stack.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "rf_lua.h"

typedef struct build {
    lua_State *L;
    int depth;                               /* tables open */
    lua_Integer next[RF_STATS_MAX_DEPTH + 1]; /* an open array's last index */
} build;

/* Length (1-4) of the well-formed UTF-8 sequence at u, 0 when it is none:
 * the rule by which the library's JSON writes U+FFFD (a NUL ends u). */
static size_t utf8_len(const unsigned char *u)
{
    unsigned long cp;
    size_t len, i;
    if (u[0] < 0x80)
        return 1;
    if (u[0] >= 0xC2 && u[0] <= 0xDF)
        len = 2, cp = u[0] & 0x1Fu;
    else if (u[0] >= 0xE0 && u[0] <= 0xEF)
        len = 3, cp = u[0] & 0x0Fu;
    else if (u[0] >= 0xF0 && u[0] <= 0xF4)
        len = 4, cp = u[0] & 0x07u;
    else
        return 0;
    for (i = 1; i < len; i++) {
        if ((u[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (u[i] & 0x3Fu);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
        return 0;
    return len;
}

/* Pushes s as the JSON report shows it: each byte that is no UTF-8 U+FFFD. */
static void push_text(lua_State *L, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    luaL_Buffer b;
    size_t n;
    while (*p && (n = utf8_len(p)) > 0)
        p += n;
    if (!*p) {
        lua_pushstring(L, s);
        return;
    }
    luaL_buffinit(L, &b);
    for (p = (const unsigned char *)s; *p; p += n ? n : 1) {
        n = utf8_len(p);
        if (n)
            luaL_addlstring(&b, (const char *)p, n);
        else
            luaL_addstring(&b, "\xEF\xBF\xBD");
    }
    luaL_pushresult(&b);
}

/* Stores the value on top into the open table under key (an array's next
 * index when key is NULL), popping it; the outermost value stays. */
static void store(build *b, const char *key)
{
    if (b->depth == 0)
        return;
    if (key) {
        push_text(b->L, key);
        lua_insert(b->L, -2);
        lua_rawset(b->L, -3);
    } else {
        lua_rawseti(b->L, -2, ++b->next[b->depth]);
    }
}

static void begin(void *ud, const char *key)
{
    build *b = ud;
    lua_newtable(b->L); /* stays on top while open */
    if (b->depth > 0 && key) {
        push_text(b->L, key);
        lua_pushvalue(b->L, -2);
        lua_rawset(b->L, -4);
    } else if (b->depth > 0) {
        lua_pushvalue(b->L, -1);
        lua_rawseti(b->L, -3, ++b->next[b->depth]);
    }
    b->depth++;
    b->next[b->depth] = 0;
}

static void end(void *ud)
{
    build *b = ud;
    b->depth--;
    if (b->depth > 0)
        lua_pop(b->L, 1); /* held by its parent */
}

static void integer(void *ud, const char *key, int64_t v)
{
    build *b = ud;
    lua_pushinteger(b->L, (lua_Integer)v);
    store(b, key);
}

static void count(void *ud, const char *key, uint64_t v)
{
    build *b = ud;
    if (v > INT64_MAX)
        lua_pushnumber(b->L, (lua_Number)v);
    else
        lua_pushinteger(b->L, (lua_Integer)v);
    store(b, key);
}

/* The float the report's text reads back as: v rounded to its digits. */
static void real(void *ud, const char *key, double v, int precision)
{
    build *b = ud;
    char text[400]; /* %.6f of any finite double fits */
    snprintf(text, sizeof text, "%.*f", precision, v);
    lua_pushnumber(b->L, (lua_Number)strtod(text, NULL));
    store(b, key);
}

static void string(void *ud, const char *key, const char *v)
{
    build *b = ud;
    push_text(b->L, v);
    store(b, key);
}

static void boolean(void *ud, const char *key, bool v)
{
    build *b = ud;
    lua_pushboolean(b->L, v);
    store(b, key);
}

static void null(void *ud, const char *key)
{
    build *b = ud;
    lua_pushnil(b->L);
    store(b, key);
}

void rf_lua_push_stats(lua_State *L, const rf_stats *s)
{
    static const rf_stats_visitor tables = {begin, end, begin, end, integer, count,
                                            real,  string, boolean, null};
    build b = {L, 0, {0}};
    luaL_checkstack(L, RF_STATS_MAX_DEPTH + 8, "stats tables");
    rf_stats_each(s, &tables, &b);
}
