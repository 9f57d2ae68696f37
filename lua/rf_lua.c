/* lua/rf_lua.c: luaopen_roomforge: the module table, rf.load and a pack's
 * methods (rooms, profiles, show, lint), and the helpers the other files share.
 *
 * Pipeline: above the library (DESIGN 15): rf_pack_load as `--content`,
 * rf_lint_paths as `roomforge lint`; produces Lua tables in the JSON shapes
 * of `list` and `lint`. Design: a pack's C object is freed by close or
 * collection, but only once no level borrows its templates (the level holds
 * the pack's userdata, so the pack cannot be collected first; an explicit
 * close before the levels only defers the free).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rf_lua.h"
#include "roomforge/lint.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"
#include "roomforge/template_write.h"
#include "roomforge/version.h"

/* ---- the box ---- */

static int box_gc(lua_State *L)
{
    rf_lua_box *b = luaL_checkudata(L, 1, RF_LUA_BOX);
    rf_scenario_result_free(b->result);
    rf_world_free(b->world);
    rf_scenario_free(b->scenario);
    rf_diags_free(b->diags);
    free(b->buf);
    memset(b, 0, sizeof *b);
    return 0;
}

rf_lua_box *rf_lua_box_push(lua_State *L, bool sink)
{
    rf_lua_box *b = lua_newuserdatauv(L, sizeof *b, 0);
    memset(b, 0, sizeof *b);
    luaL_setmetatable(L, RF_LUA_BOX);
    if (sink) {
        b->diags = rf_diags_new();
        if (!b->diags)
            luaL_error(L, "roomforge: out of memory");
    }
    return b;
}

/* ---- diagnostics and options ---- */

static void set_string(lua_State *L, const char *key, const char *v)
{
    if (!v)
        return; /* JSON's null: the field is absent */
    lua_pushstring(L, v);
    lua_setfield(L, -2, key);
}

static void set_int(lua_State *L, const char *key, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, key);
}

void rf_lua_push_diags(lua_State *L, const rf_diags *d)
{
    size_t i, n = d ? rf_diags_count(d) : 0;
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 2);
    for (i = 0; i < n; i++) {
        const rf_diag *g = rf_diags_at(d, i);
        lua_createtable(L, 0, 6);
        set_string(L, "file", g->file);
        set_int(L, "line", g->line);
        set_int(L, "column", g->col);
        set_string(L, "severity", rf_severity_name(g->severity));
        set_string(L, "code", g->code);
        set_string(L, "message", g->message);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    set_int(L, "errors", d ? (lua_Integer)rf_diags_errors(d) : 0);
    set_int(L, "warnings", d ? (lua_Integer)rf_diags_warnings(d) : 0);
}

int rf_lua_fail(lua_State *L, const rf_diags *d)
{
    lua_pushnil(L);
    rf_lua_push_diags(L, d);
    return 2;
}

const char *rf_lua_opt_string(lua_State *L, int t, int arg, const char *key, const char *def)
{
    const char *s = def;
    int ty = lua_getfield(L, t, key);
    if (ty == LUA_TSTRING)
        s = lua_tostring(L, -1); /* anchored by the options table */
    else if (ty != LUA_TNIL)
        luaL_argerror(L, arg, lua_pushfstring(L, "'%s' must be a string", key));
    lua_pop(L, 1);
    return s;
}

lua_Integer rf_lua_opt_integer(lua_State *L, int t, int arg, const char *key, lua_Integer def)
{
    lua_Integer v = def;
    int isnum = 0;
    int ty = lua_getfield(L, t, key);
    if (ty != LUA_TNIL) {
        v = lua_tointegerx(L, -1, &isnum);
        if (!isnum || ty != LUA_TNUMBER)
            luaL_argerror(L, arg, lua_pushfstring(L, "'%s' must be an integer", key));
    }
    lua_pop(L, 1);
    return v;
}

void rf_lua_check_keys(lua_State *L, int t, int arg, const char *const *keys)
{
    lua_pushnil(L);
    while (lua_next(L, t)) {
        size_t i;
        bool known = false;
        if (lua_type(L, -2) == LUA_TSTRING)
            for (i = 0; keys[i] && !known; i++)
                known = strcmp(lua_tostring(L, -2), keys[i]) == 0;
        if (!known)
            luaL_argerror(L, arg, lua_pushfstring(L, "unknown option '%s'",
                                                  luaL_tolstring(L, -2, NULL)));
        lua_pop(L, 1);
    }
}

/* ---- the pack ---- */

rf_lua_pack *rf_lua_check_pack(lua_State *L, int i)
{
    rf_lua_pack *p = luaL_checkudata(L, i, RF_LUA_PACK);
    if (p->closed || !p->pack)
        luaL_argerror(L, i, "the pack is closed");
    return p;
}

void rf_lua_pack_release(rf_lua_pack *p)
{
    size_t i;
    if (!p->closed || p->levels)
        return;
    rf_pack_free(p->pack);
    p->pack = NULL;
    for (i = 0; p->dirs && i < p->ndirs; i++)
        free(p->dirs[i]);
    free(p->dirs);
    free(p->scripts);
    p->dirs = NULL;
    p->scripts = NULL;
    p->ndirs = 0;
}

static int pack_close(lua_State *L)
{
    rf_lua_pack *p = luaL_checkudata(L, 1, RF_LUA_PACK);
    p->closed = true;
    rf_lua_pack_release(p);
    return 0;
}

static int pack_tostring(lua_State *L)
{
    rf_lua_pack *p = luaL_checkudata(L, 1, RF_LUA_PACK);
    if (p->closed)
        lua_pushstring(L, "roomforge.pack (closed)");
    else
        lua_pushfstring(L, "roomforge.pack (%d rooms)",
                        (int)rf_template_set_count(rf_pack_templates(p->pack)));
    return 1;
}

/* Where the bundled content is: $ROOMFORGE_DATA, the installed data
 * directory, the source tree (a build run without installing); NULL when
 * none holds content/. */
static const char *data_dir(char *buf, size_t cap)
{
    const char *cands[3];
    size_t i;
    struct stat st;
    cands[0] = getenv("ROOMFORGE_DATA");
    cands[1] = RF_DATADIR;
    cands[2] = RF_SOURCE_DIR;
    for (i = 0; i < 3; i++) {
        if (!cands[i] || !*cands[i])
            continue;
        if (snprintf(buf, cap, "%s/content", cands[i]) < (int)cap && stat(buf, &st) == 0 &&
            S_ISDIR(st.st_mode))
            return cands[i];
        if (i == 0)
            return NULL; /* ROOMFORGE_DATA set: it alone, as the CLI */
    }
    return NULL;
}

static char *dup_or_raise(lua_State *L, const char *s)
{
    char *c = s ? strdup(s) : NULL;
    if (s && !c)
        luaL_error(L, "roomforge: out of memory");
    return c;
}

/* rf.load{content = DIR or {DIR...}, scripts = DIR} -> pack, diagnostics;
 * nil, diagnostics when a pack cannot be read. */
static int l_load(lua_State *L)
{
    static const char *const keys[] = {"content", "scripts", NULL};
    char bundled[PATH_MAX], fallback[PATH_MAX];
    const char *data, *scripts;
    rf_lua_pack *p;
    rf_lua_box *box;
    rf_pack_opts o;
    rf_status st;
    size_t n = 0, i;
    int ty;
    if (lua_isnoneornil(L, 1))
        lua_newtable(L);
    else
        luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    rf_lua_check_keys(L, 1, 1, keys);
    scripts = rf_lua_opt_string(L, 1, 1, "scripts", NULL);
    ty = lua_getfield(L, 1, "content"); /* index 2 */
    if (ty == LUA_TTABLE) {
        n = (size_t)luaL_len(L, 2);
        if (n == 0 || n > RF_PACK_MAX)
            luaL_argerror(L, 1, "'content' takes 1 to 64 directories");
        for (i = 1; i <= n; i++)
            if (lua_rawgeti(L, 2, (lua_Integer)i) != LUA_TSTRING || lua_rawlen(L, -1) == 0) {
                luaL_argerror(L, 1, "'content' must hold directory names");
            } else {
                lua_pop(L, 1);
            }
    } else if (ty == LUA_TSTRING) {
        n = 1;
    } else if (ty != LUA_TNIL) {
        luaL_argerror(L, 1, "'content' must be a directory or a list of them");
    }
    data = data_dir(bundled, sizeof bundled);
    if (n == 0 && !data) { /* an install without its content: an answer, not a raise */
        box = rf_lua_box_push(L, true);
        (void)rf_diag_add(box->diags, "io-error", "roomforge", 0, 0,
                          "the bundled content was not found (set ROOMFORGE_DATA or give content)");
        return rf_lua_fail(L, box->diags);
    }
    p = lua_newuserdatauv(L, sizeof *p, 0); /* index 3 */
    memset(p, 0, sizeof *p);
    luaL_setmetatable(L, RF_LUA_PACK);
    p->closed = true; /* until loaded: __gc frees what is there */
    p->dirs = calloc(n ? n : 1, sizeof *p->dirs);
    if (!p->dirs)
        return luaL_error(L, "roomforge: out of memory");
    if (n == 0)
        p->dirs[p->ndirs++] = dup_or_raise(L, bundled);
    else if (ty == LUA_TSTRING)
        p->dirs[p->ndirs++] = dup_or_raise(L, lua_tostring(L, 2));
    else
        for (i = 1; i <= n; i++) {
            lua_rawgeti(L, 2, (lua_Integer)i);
            p->dirs[p->ndirs++] = dup_or_raise(L, lua_tostring(L, -1));
            lua_pop(L, 1);
        }
    p->scripts = dup_or_raise(L, scripts);
    box = rf_lua_box_push(L, true); /* index 4 */
    rf_pack_opts_init(&o);
    o.dirs = (const char *const *)p->dirs;
    o.ndirs = p->ndirs;
    o.scripts_dir = p->scripts;
    if (data && snprintf(fallback, sizeof fallback, "%s/content/profiles.xml", data) <
                    (int)sizeof fallback)
        o.profiles_fallback = fallback;
    st = rf_pack_load(&o, &p->pack, box->diags);
    if (st == RF_ERR_NOMEM || st == RF_ERR_ARG)
        return luaL_error(L, "roomforge: %s", rf_status_str(st));
    if (st == RF_ERR_IO) { /* a pack that cannot be read: nothing to go on with */
        rf_pack_free(p->pack);
        p->pack = NULL;
        return rf_lua_fail(L, box->diags);
    }
    p->closed = false;
    lua_pushvalue(L, 3);
    rf_lua_push_diags(L, box->diags);
    return 2;
}

/* The eight room flags as rooms.xml writes them (list's JSON). */
typedef struct flag_row {
    const char *name;
    size_t offset;
} flag_row;
#define FLAG(name, field) {name, offsetof(rf_flags, field)}
static const flag_row flag_rows[] = {
    FLAG("special", special),       FLAG("noMonsters", no_monsters), FLAG("noTraps", no_traps),
    FLAG("noTreasure", no_treasure), FLAG("noBlockers", no_blockers), FLAG("shop", shop),
    FLAG("zoo", zoo),               FLAG("diggleGod", diggle_god),
};
#undef FLAG

/* pack:rooms() -> list's JSON: {name, file, line, width, height, min_level,
 * max_level (nil: any), flags = {...}, objects, scripts, doors}, plus
 * weight, tags, rotate and mirror. */
static int pack_rooms(lua_State *L)
{
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    const rf_template_set *set = rf_pack_templates(p->pack);
    size_t i, k, n = rf_template_set_count(set);
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 0);
    for (i = 0; i < n; i++) {
        const rf_template *t = rf_template_set_at(set, i);
        const rf_flags *f = rf_template_flags(t);
        lua_createtable(L, 0, 15);
        set_string(L, "name", rf_template_name(t));
        set_string(L, "file", rf_template_file(t));
        set_int(L, "line", rf_template_line(t));
        set_int(L, "width", rf_template_width(t));
        set_int(L, "height", rf_template_height(t));
        set_int(L, "min_level", f->min_level);
        if (f->max_level < RF_LEVEL_ANY)
            set_int(L, "max_level", f->max_level);
        lua_createtable(L, 0, 8);
        for (k = 0; k < sizeof flag_rows / sizeof flag_rows[0]; k++) {
            lua_pushboolean(L, *(const bool *)((const char *)f + flag_rows[k].offset));
            lua_setfield(L, -2, flag_rows[k].name);
        }
        lua_setfield(L, -2, "flags");
        set_int(L, "objects", (lua_Integer)rf_template_object_count(t));
        set_int(L, "scripts", (lua_Integer)rf_template_script_count(t));
        set_int(L, "doors", (lua_Integer)rf_template_door_count(t));
        set_int(L, "weight", rf_template_weight(t));
        set_string(L, "tags", rf_template_tags(t));
        lua_pushboolean(L, rf_template_can_rotate(t));
        lua_setfield(L, -2, "rotate");
        lua_pushboolean(L, rf_template_can_mirror(t));
        lua_setfield(L, -2, "mirror");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* pack:profiles() -> {{name, recipe, width, height, params = {KEY...}}}:
 * `list --profiles`' JSON (a size nil when it cannot be known) and the
 * parameter names. */
static int pack_profiles(lua_State *L)
{
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    const rf_profile_set *set = rf_pack_profiles(p->pack);
    size_t i, k, n = rf_profile_count(set);
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 0);
    for (i = 0; i < n; i++) {
        const rf_profile *pr = rf_profile_at(set, i);
        const char *key;
        rf_level_opts o;
        int w, h;
        lua_createtable(L, 0, 5);
        set_string(L, "name", rf_profile_name(pr));
        set_string(L, "recipe", rf_profile_recipe(pr));
        rf_level_opts_init(&o);
        o.profile = rf_profile_name(pr);
        if (rf_level_default_size(set, &o, &w, &h, NULL) == RF_OK) {
            set_int(L, "width", w);
            set_int(L, "height", h);
        }
        lua_newtable(L);
        for (k = 0; (key = rf_profile_key_at(pr, k)) != NULL; k++) {
            lua_pushstring(L, key);
            lua_rawseti(L, -2, (lua_Integer)k + 1);
        }
        lua_setfield(L, -2, "params");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* pack:lint() -> diagnostics, summary: `roomforge lint [--scripts S]` over
 * the pack's directories ({rooms, profiles} loaded clean). */
static int pack_lint(lua_State *L)
{
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    rf_lua_box *box = rf_lua_box_push(L, true);
    rf_lint_opts o;
    rf_lint_summary sum;
    rf_status st;
    rf_lint_opts_init(&o);
    o.scripts_dir = p->scripts;
    memset(&sum, 0, sizeof sum);
    st = rf_lint_paths((const char *const *)p->dirs, p->ndirs, &o, box->diags, &sum);
    if (st == RF_ERR_NOMEM)
        return luaL_error(L, "roomforge: out of memory");
    rf_lua_push_diags(L, box->diags);
    lua_createtable(L, 0, 2);
    set_int(L, "rooms", (lua_Integer)sum.rooms);
    set_int(L, "profiles", (lua_Integer)sum.profiles);
    return 2;
}

/* pack:show(name[, "text"|"json"]) -> what `roomforge show` prints; nil,
 * diagnostics (unknown-room) for a room the pack does not hold. */
static int pack_show(lua_State *L)
{
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    const char *name = luaL_checkstring(L, 2);
    static const char *const formats[] = {"text", "json", NULL};
    int json = luaL_checkoption(L, 3, "text", formats);
    const rf_template *t = rf_template_set_find(rf_pack_templates(p->pack), name);
    rf_lua_box *box = rf_lua_box_push(L, true);
    size_t len = 0;
    rf_status st;
    FILE *f;
    if (!t) {
        const char *near = rf_template_set_suggest(rf_pack_templates(p->pack), name);
        if (near)
            (void)rf_diag_add(box->diags, "unknown-room", "roomforge", 0, 0,
                              "no room named '%s' is loaded; did you mean '%s'?", name, near);
        else
            (void)rf_diag_add(box->diags, "unknown-room", "roomforge", 0, 0,
                              "no room named '%s' is loaded (pack:rooms() lists them)", name);
        return rf_lua_fail(L, box->diags);
    }
    f = open_memstream(&box->buf, &len);
    if (!f)
        return luaL_error(L, "roomforge: out of memory");
    st = rf_template_write_show(t, f, json ? RF_WRITE_JSON : RF_WRITE_TEXT);
    if (fclose(f) != 0 || st != RF_OK)
        return luaL_error(L, "roomforge: show: %s", rf_status_str(st != RF_OK ? st : RF_ERR_NOMEM));
    lua_pushlstring(L, box->buf ? box->buf : "", len);
    return 1;
}

static const luaL_Reg pack_methods[] = {
    {"rooms", pack_rooms}, {"profiles", pack_profiles}, {"lint", pack_lint}, {"show", pack_show},
    {"gen", rf_lua_pack_gen}, {"sim", rf_lua_pack_sim}, {"close", pack_close},
    {NULL, NULL}};

static const luaL_Reg pack_meta[] = {
    {"__gc", pack_close}, {"__close", pack_close}, {"__tostring", pack_tostring}, {NULL, NULL}};

static const luaL_Reg module_funcs[] = {{"load", l_load}, {NULL, NULL}};

RF_API int luaopen_roomforge(lua_State *L);

int luaopen_roomforge(lua_State *L)
{
    luaL_checkversion(L);
    luaL_newmetatable(L, RF_LUA_BOX);
    lua_pushcfunction(L, box_gc);
    lua_setfield(L, -2, "__gc");
    lua_pushcfunction(L, box_gc);
    lua_setfield(L, -2, "__close");
    lua_pop(L, 1);
    luaL_newmetatable(L, RF_LUA_PACK);
    luaL_setfuncs(L, pack_meta, 0);
    luaL_newlib(L, pack_methods);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    rf_lua_open_level(L);
    rf_lua_open_world(L);
    luaL_newlib(L, module_funcs);
    lua_pushstring(L, rf_version(NULL, NULL, NULL));
    lua_setfield(L, -2, "version");
    lua_pushinteger(L, RF_VERSION_MAJOR);
    lua_setfield(L, -2, "version_major");
    lua_pushinteger(L, RF_VERSION_MINOR);
    lua_setfield(L, -2, "version_minor");
    lua_pushinteger(L, RF_VERSION_PATCH);
    lua_setfield(L, -2, "version_patch");
    return 1;
}
