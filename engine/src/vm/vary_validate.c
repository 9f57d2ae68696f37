/* engine/src/vm/vary_validate.c: <validate> chunks (DESIGN 16) run against
 * one variant of a room that varies, with the four questions they may ask.
 *
 * Pipeline: vm; called by the placer for each variant drawn and by the
 * world's linter for each lint seed. Design: the one sandbox (DESIGN 8): a
 * fresh environment a chunk, the VM's budget and memory cap; the variant
 * reaches Lua as a light userdata upvalue of each function, read only.
 * connected() searches over walkable cells, its end cells whatever they are.
 */
#include <stdint.h>
#include <string.h>

#include <lauxlib.h>

#include "load/seam.h"
#include "vm/seam.h"

typedef struct validate_step {
    const rf_template *vt;
    const char *code;
    bool pass;
} validate_step;

static const rf_template *variant_of(lua_State *L)
{
    return lua_touserdata(L, lua_upvalueindex(1));
}

/* The glyph argument i: a string of one character. */
static char glyph_arg(lua_State *L, int i)
{
    size_t n;
    const char *s = luaL_checklstring(L, i, &n);
    if (n != 1)
        luaL_argerror(L, i, "one glyph (a string of one character)");
    return s[0];
}

/* count(g) -> the cells of glyph g */
static int l_count(lua_State *L)
{
    const rf_template *vt = variant_of(L);
    char g = glyph_arg(L, 1);
    int x, y, w = rf_template_width(vt), h = rf_template_height(vt);
    lua_Integer n = 0;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            n += rf_template_cell(vt, x, y) == g;
    lua_pushinteger(L, n);
    return 1;
}

/* exits() -> the doors of the variant */
static int l_exits(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)rf_template_door_count(variant_of(L)));
    return 1;
}

/* cell(x, y) -> the glyph at (x, y), 0-based in the room as written; nil
 * outside the map */
static int l_cell(lua_State *L)
{
    const rf_template *vt = variant_of(L);
    lua_Integer x = luaL_checkinteger(L, 1), y = luaL_checkinteger(L, 2);
    char c;
    if (x < 0 || y < 0 || x >= rf_template_width(vt) || y >= rf_template_height(vt)) {
        lua_pushnil(L);
        return 1;
    }
    c = rf_template_cell(vt, (int)x, (int)y);
    lua_pushlstring(L, &c, 1);
    return 1;
}

static bool walkable(char c)
{
    const rf_symbol *s = rf_symbol_find(c);
    return s && s->walkable;
}

/* connected(a, b) -> whether a 4-neighbour path over walkable cells joins a
 * cell of glyph a to one of glyph b */
static int l_connected(lua_State *L)
{
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    const rf_template *vt = variant_of(L);
    char a = glyph_arg(L, 1), b = glyph_arg(L, 2);
    int w = rf_template_width(vt), h = rf_template_height(vt), x, y, k;
    size_t n = (size_t)w * (size_t)h, head = 0, tail = 0;
    /* Lua's memory, so an error raised past here leaks nothing */
    int *queue = lua_newuserdatauv(L, n * sizeof *queue, 0);
    unsigned char *seen = lua_newuserdatauv(L, n, 0);
    memset(seen, 0, n);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if (rf_template_cell(vt, x, y) == a) {
                seen[(size_t)y * (size_t)w + (size_t)x] = 1;
                queue[tail++] = y * w + x;
            }
    while (head < tail) {
        int c = queue[head++], cx = c % w, cy = c / w;
        char here = rf_template_cell(vt, cx, cy);
        if (here == b) {
            lua_pushboolean(L, 1);
            return 1;
        }
        if (here != a && !walkable(here))
            continue; /* an end cell: the path stops on it, never through it */
        for (k = 0; k < 4; k++) {
            int nx = cx + dx[k], ny = cy + dy[k];
            size_t i = (size_t)ny * (size_t)w + (size_t)nx;
            char c2;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || seen[i])
                continue;
            c2 = rf_template_cell(vt, nx, ny);
            if (c2 != b && !walkable(c2))
                continue;
            seen[i] = 1;
            queue[tail++] = (int)i;
        }
    }
    lua_pushboolean(L, 0);
    return 1;
}

static const luaL_Reg validate_funcs[] = {{"connected", l_connected},
                                          {"count", l_count},
                                          {"exits", l_exits},
                                          {"cell", l_cell},
                                          {NULL, NULL}};

/* The protected step: the chunk in a fresh environment holding the four
 * functions; its first result's truth. */
static int run_one(lua_State *L)
{
    validate_step *s = lua_touserdata(L, 1);
    const luaL_Reg *f;
    rf_luavm_load(L, s->code, strlen(s->code), "=r1");
    rf_luavm_push_env(L, 0);
    for (f = validate_funcs; f->name; f++) {
        lua_pushstring(L, f->name);
        lua_pushlightuserdata(L, (void *)s->vt);
        lua_pushcclosure(L, f->func, 1);
        lua_rawset(L, -3);
    }
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    lua_call(L, 0, 1);
    s->pass = lua_toboolean(L, -1);
    return 0;
}

rf_status rf_luavm_vary_validate(rf_luavm *vm, const rf_template *vt, bool *pass, rf_diags *d)
{
    size_t i, n = rf_template_validate_count(vt);
    if (!vm || !vt || !pass)
        return RF_ERR_ARG;
    *pass = true;
    for (i = 0; i < n && *pass; i++) {
        validate_step s;
        rf_luavm_fail fail;
        int line, col, el_line, el_col;
        rf_status st;
        s.vt = vt;
        s.code = rf_template_validate_at(vt, i, &line, &col, &el_line, &el_col);
        s.pass = false;
        st = rf_luavm_call(vm, run_one, &s, 0, "=r1", &fail);
        if (st == RF_ERR_SCRIPT) {
            *pass = false;
            if (d)
                (void)rf_diag_add(d, fail.code, rf_template_file(vt),
                                  fail.line > 0 ? line + fail.line - 1 : line,
                                  fail.line > 1 ? 1 : col, "<validate> of room '%s': %s",
                                  rf_template_name(vt), fail.msg);
            return RF_ERR_SCRIPT;
        }
        if (st != RF_OK) {
            *pass = false;
            return st;
        }
        *pass = s.pass;
    }
    return RF_OK;
}

rf_status rf_luavm_vary_lint(const rf_template *t, rf_diags *d)
{
    rf_luavm *vm = rf_luavm_new(0, 0);
    rf_status st = RF_OK;
    uint32_t v;
    size_t passed = 0;
    int line, col, el_line, el_col;
    if (!vm)
        return RF_ERR_NOMEM;
    for (v = 0; v < RF_VARY_VALIDATE_SEEDS && st == RF_OK; v++) {
        rf_template *vt;
        bool pass = false;
        st = rf_template_variant(t, v, &vt);
        if (st != RF_OK)
            break;
        st = rf_luavm_vary_validate(vm, vt, &pass, d);
        rf_template_variant_free(vt);
        passed += pass;
    }
    rf_luavm_free(vm);
    if (st == RF_ERR_SCRIPT)
        return RF_ERR_CONTENT;
    if (st != RF_OK)
        return st;
    if (passed == 0 && rf_template_validate_at(t, 0, &line, &col, &el_line, &el_col)) {
        (void)rf_diag_add(d, "vary-validate", rf_template_file(t), el_line, el_col,
                          "no variant of the %d lint seeds passes <validate>: a level would "
                          "refuse the room '%s' every time", RF_VARY_VALIDATE_SEEDS,
                          rf_template_name(t));
        return RF_ERR_CONTENT;
    }
    return RF_OK;
}
