/* lua/rf_lua_json.c: the library's JSON output as Lua tables, for the
 * writers whose figures have no accessors (rf_stats_write).
 *
 * Pipeline: above the library (DESIGN 13, 15); reads the bytes a library
 * writer produced, pushes the value. Design: objects become tables with
 * string keys, arrays sequences from 1, numbers Lua's integer or float as
 * lua_stringtonumber reads them, null nil (an absent field, as everywhere
 * in the module); nesting is bounded. The input is the library's own, so a
 * malformed byte is the module's bug and raises.
 */
#include <string.h>

#include "rf_lua.h"

#define JSON_MAX_DEPTH 64

typedef struct reader {
    lua_State *L;
    const char *start, *p, *end;
} reader;

static void fail(reader *r, const char *what)
{
    luaL_error(r->L, "roomforge: the library's JSON: %s at byte %d", what,
               (int)(r->p - r->start));
}

static void skip_ws(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\n' || *r->p == '\r' || *r->p == '\t'))
        r->p++;
}

static unsigned hex4(reader *r)
{
    unsigned v = 0;
    int i;
    for (i = 0; i < 4; i++, r->p++) {
        char c = r->p < r->end ? *r->p : 0;
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            fail(r, "a bad \\u escape");
    }
    return v;
}

static void add_utf8(luaL_Buffer *b, unsigned c)
{
    if (c < 0x80) {
        luaL_addchar(b, (char)c);
    } else if (c < 0x800) {
        luaL_addchar(b, (char)(0xC0 | (c >> 6)));
        luaL_addchar(b, (char)(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
        luaL_addchar(b, (char)(0xE0 | (c >> 12)));
        luaL_addchar(b, (char)(0x80 | ((c >> 6) & 0x3F)));
        luaL_addchar(b, (char)(0x80 | (c & 0x3F)));
    } else {
        luaL_addchar(b, (char)(0xF0 | (c >> 18)));
        luaL_addchar(b, (char)(0x80 | ((c >> 12) & 0x3F)));
        luaL_addchar(b, (char)(0x80 | ((c >> 6) & 0x3F)));
        luaL_addchar(b, (char)(0x80 | (c & 0x3F)));
    }
}

/* A string at r->p (its opening quote), pushed. */
static void read_string(reader *r)
{
    luaL_Buffer b;
    r->p++;
    luaL_buffinit(r->L, &b);
    for (;;) {
        char c;
        if (r->p >= r->end)
            fail(r, "an unterminated string");
        c = *r->p++;
        if (c == '"')
            break;
        if (c != '\\') {
            luaL_addchar(&b, c);
            continue;
        }
        c = r->p < r->end ? *r->p++ : 0;
        switch (c) {
        case '"': case '\\': case '/': luaL_addchar(&b, c); break;
        case 'b': luaL_addchar(&b, '\b'); break;
        case 'f': luaL_addchar(&b, '\f'); break;
        case 'n': luaL_addchar(&b, '\n'); break;
        case 'r': luaL_addchar(&b, '\r'); break;
        case 't': luaL_addchar(&b, '\t'); break;
        case 'u': {
            unsigned u = hex4(r);
            if (u >= 0xD800 && u < 0xDC00 && r->end - r->p >= 6 && r->p[0] == '\\' &&
                r->p[1] == 'u') {
                unsigned lo;
                r->p += 2;
                lo = hex4(r);
                u = lo >= 0xDC00 && lo < 0xE000 ? 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00)
                                                : 0xFFFD;
            } else if (u >= 0xD800 && u < 0xE000) {
                u = 0xFFFD;
            }
            add_utf8(&b, u);
            break;
        }
        default: fail(r, "a bad escape");
        }
    }
    luaL_pushresult(&b);
}

static void read_value(reader *r, int depth);

static bool literal(reader *r, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0)
        return false;
    r->p += n;
    return true;
}

static void read_number(reader *r)
{
    char buf[64];
    size_t n = 0;
    while (r->p < r->end && n < sizeof buf - 1 && strchr("+-0123456789.eE", *r->p))
        buf[n++] = *r->p++;
    buf[n] = '\0';
    if (n == 0 || lua_stringtonumber(r->L, buf) != n + 1)
        fail(r, "a bad number");
}

/* An object or array at r->p, pushed as a table. */
static void read_container(reader *r, int depth, bool object)
{
    char close = object ? '}' : ']';
    lua_Integer k = 0;
    r->p++;
    lua_newtable(r->L);
    skip_ws(r);
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return;
    }
    for (;;) {
        skip_ws(r);
        if (object) {
            if (r->p >= r->end || *r->p != '"')
                fail(r, "a key expected");
            read_string(r);
            skip_ws(r);
            if (r->p >= r->end || *r->p++ != ':')
                fail(r, "':' expected");
            read_value(r, depth + 1);
            lua_rawset(r->L, -3);
        } else {
            read_value(r, depth + 1);
            lua_rawseti(r->L, -2, ++k);
        }
        skip_ws(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            continue;
        }
        if (r->p < r->end && *r->p == close) {
            r->p++;
            return;
        }
        fail(r, "',' or a closing bracket expected");
    }
}

static void read_value(reader *r, int depth)
{
    if (depth > JSON_MAX_DEPTH)
        fail(r, "nesting too deep");
    luaL_checkstack(r->L, 4, "JSON nesting");
    skip_ws(r);
    if (r->p >= r->end)
        fail(r, "a value expected");
    switch (*r->p) {
    case '{': read_container(r, depth, true); return;
    case '[': read_container(r, depth, false); return;
    case '"': read_string(r); return;
    default: break;
    }
    if (literal(r, "null"))
        lua_pushnil(r->L);
    else if (literal(r, "true"))
        lua_pushboolean(r->L, 1);
    else if (literal(r, "false"))
        lua_pushboolean(r->L, 0);
    else
        read_number(r);
}

void rf_lua_push_json(lua_State *L, const char *text, size_t len)
{
    reader r;
    r.L = L;
    r.start = text;
    r.p = text;
    r.end = text + len;
    read_value(&r, 0);
    skip_ws(&r);
    if (r.p != r.end)
        fail(&r, "bytes after the value");
}
