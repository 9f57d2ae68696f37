/* lua/rf_lua.c: luaopen_roomforge: the module table and rf.load, and the
 * helpers every file of the module shares (the box, diagnostics, options).
 *
 * Pipeline: above the library (DESIGN 15): rf_pack_load as `--content`;
 * produces the pack userdata (its methods: rf_lua_pack.c) and DESIGN 15's
 * diagnostics tables. Design: the bundled content is found by the CLI's own
 * rule (tools/datadir/rf_datadir.h: $ROOMFORGE_DATA, the source tree from a
 * build tree, the install's data); a pack that cannot be read, or no
 * bundled content, is nil, diagnostics.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rf_datadir.h"
#include "rf_lua.h"
#include "roomforge/version.h"

/* ---- the box ---- */

static int box_gc(lua_State *L)
{
    rf_lua_box *b = luaL_checkudata(L, 1, RF_LUA_BOX);
    rf_stats_free(b->stats);
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

void rf_lua_set_string(lua_State *L, const char *key, const char *v)
{
    if (!v)
        return; /* JSON's null: the field is absent */
    lua_pushstring(L, v);
    lua_setfield(L, -2, key);
}

void rf_lua_set_int(lua_State *L, const char *key, lua_Integer v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, key);
}

void rf_lua_set_bool(lua_State *L, const char *key, bool v)
{
    lua_pushboolean(L, v);
    lua_setfield(L, -2, key);
}

void rf_lua_push_diags(lua_State *L, const rf_diags *d)
{
    size_t i, n = d ? rf_diags_count(d) : 0;
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 2);
    for (i = 0; i < n; i++) {
        const rf_diag *g = rf_diags_at(d, i);
        lua_createtable(L, 0, 6);
        rf_lua_set_string(L, "file", g->file);
        rf_lua_set_int(L, "line", g->line);
        rf_lua_set_int(L, "column", g->col);
        rf_lua_set_string(L, "severity", rf_severity_name(g->severity));
        rf_lua_set_string(L, "code", g->code);
        rf_lua_set_string(L, "message", g->message);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    rf_lua_set_int(L, "errors", d ? (lua_Integer)rf_diags_errors(d) : 0);
    rf_lua_set_int(L, "warnings", d ? (lua_Integer)rf_diags_warnings(d) : 0);
}

int rf_lua_fail(lua_State *L, const rf_diags *d)
{
    lua_pushnil(L);
    rf_lua_push_diags(L, d);
    return 2;
}

int rf_lua_made(lua_State *L, rf_status st, rf_lua_pack *p, rf_lua_pack **owner,
                const rf_diags *d)
{
    if (st == RF_ERR_NOMEM)
        return luaL_error(L, "roomforge: out of memory");
    if (st != RF_OK) /* the diagnostics say why: the library explains every failure */
        return rf_lua_fail(L, d);
    *owner = p;
    p->levels++;
    rf_lua_push_diags(L, d);
    return 2;
}

const char *rf_lua_opt_string(lua_State *L, int t, int arg, const char *key, const char *def)
{
    const char *s = def;
    size_t len = 0;
    int ty = lua_getfield(L, t, key);
    if (ty == LUA_TSTRING) {
        s = lua_tolstring(L, -1, &len); /* anchored by the options table (rf_lua_opts' copy) */
        if (strlen(s) != len)
            luaL_argerror(L, arg, lua_pushfstring(L, "'%s' holds a NUL byte", key));
    } else if (ty != LUA_TNIL) {
        luaL_argerror(L, arg, lua_pushfstring(L, "'%s' must be a string", key));
    }
    lua_pop(L, 1);
    return s;
}

const char *rf_lua_check_text(lua_State *L, int i)
{
    size_t len;
    const char *s = luaL_checklstring(L, i, &len);
    if (strlen(s) != len)
        luaL_argerror(L, i, "holds a NUL byte");
    return s;
}

/* An argument error raised inside the guarded method names '?' (the method
 * runs under lua_pcall, a call Lua cannot name): reword it as luaL_argerror
 * would have for the guard's own call, "bad argument #1 to 'gen'" for
 * p:gen(5) (self not counted). Other errors pass unchanged. */
static void name_argerror(lua_State *L)
{
    lua_Debug ar;
    const char *msg = lua_tostring(L, -1), *rest;
    char *end;
    long arg;
    if (!msg || strncmp(msg, "bad argument #", 14) != 0 || !lua_getstack(L, 0, &ar))
        return;
    arg = strtol(msg + 14, &end, 10);
    rest = end;
    if (strncmp(rest, " to '?'", 7) != 0 || !lua_getinfo(L, "n", &ar) || !ar.name)
        return;
    if (ar.namewhat && strcmp(ar.namewhat, "method") == 0)
        arg--;
    lua_pushfstring(L, "bad argument #%d to '%s'%s", (int)arg, ar.name, rest + 7);
    lua_replace(L, -2);
}

/* Runs upvalue 1 (the method) protected, the object's busy count raised
 * for its duration; rethrows its error. */
static int guard(lua_State *L)
{
    int *busy = luaL_checkudata(L, 1, lua_tostring(L, lua_upvalueindex(2)));
    int n = lua_gettop(L), st;
    ++*busy;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    st = lua_pcall(L, n, LUA_MULTRET, 0);
    --*busy; /* the object is anchored at the bottom of this frame still */
    if (st != LUA_OK) {
        if (st == LUA_ERRRUN)
            name_argerror(L);
        return lua_error(L);
    }
    return lua_gettop(L);
}

void rf_lua_guard_top(lua_State *L, const char *tname)
{
    lua_pushstring(L, tname);
    lua_pushcclosure(L, guard, 2);
}

void rf_lua_guard_push(lua_State *L, lua_CFunction f, const char *tname)
{
    lua_pushcfunction(L, f);
    rf_lua_guard_top(L, tname);
}

void rf_lua_guarded_lib(lua_State *L, const luaL_Reg *methods, const char *tname)
{
    const luaL_Reg *m;
    lua_newtable(L);
    for (m = methods; m->name; m++) {
        if (strcmp(m->name, "close") == 0)
            lua_pushcfunction(L, m->func);
        else
            rf_lua_guard_push(L, m->func, tname);
        lua_setfield(L, -2, m->name);
    }
}

void rf_lua_refuse_busy(lua_State *L, int busy, const char *what)
{
    if (busy > 0)
        luaL_error(L, "roomforge: the %s is in use: it cannot be closed from inside one of its "
                      "own calls (a finalizer or metamethod run during it)",
                   what);
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

void rf_lua_opts(lua_State *L, int arg, bool optional, const char *const *keys)
{
    size_t i;
    lua_settop(L, arg);
    if (optional && lua_isnil(L, arg)) { /* no options: the defaults */
        lua_newtable(L);
        lua_replace(L, arg);
    }
    luaL_checktype(L, arg, LUA_TTABLE);
    rf_lua_check_keys(L, arg, arg, keys);
    /* a plain copy stands in for the table: a value its __index makes is
     * then held by the copy for the whole call, never collected under C */
    lua_newtable(L);
    for (i = 0; keys[i]; i++) {
        if (lua_getfield(L, arg, keys[i]) == LUA_TNIL)
            lua_pop(L, 1);
        else
            lua_setfield(L, -2, keys[i]);
    }
    lua_replace(L, arg);
}

/* Where the bundled content is, by the CLI's rule (tools/datadir): the
 * module's own file (dladdr) says whether it runs from its build directory
 * or from an install. The data directory into buf, or NULL. */
static const char *data_dir(char *buf, size_t cap)
{
    static const char here = 0; /* an address inside the module */
    Dl_info info;
    rf_datadir_where w;
    memset(&info, 0, sizeof info);
    w.env = getenv("ROOMFORGE_DATA");
    w.self = dladdr(&here, &info) && info.dli_fname ? info.dli_fname : NULL;
    w.built_in = RF_BUILT_IN;
    w.rel = RF_DATA_REL;
    w.datadir = RF_DATADIR;
    w.source = RF_SOURCE_DIR;
    return rf_datadir_find(&w, buf, cap);
}

static char *dup_or_raise(lua_State *L, const char *s)
{
    char *c = s ? strdup(s) : NULL;
    if (s && !c)
        luaL_error(L, "roomforge: out of memory");
    return c;
}

/* Pushes rf.load's 'content' (index 2) and checks it: its type, and into
 * *n how many directories it names (0: none given, the bundled content). */
static int check_content(lua_State *L, size_t *n)
{
    size_t i;
    int ty = lua_getfield(L, 1, "content"); /* index 2 */
    *n = 0;
    if (ty == LUA_TTABLE) {
        *n = (size_t)luaL_len(L, 2);
        if (*n == 0 || *n > RF_PACK_MAX)
            luaL_argerror(L, 1, "'content' takes 1 to 64 directories");
        for (i = 1; i <= *n; i++)
            if (lua_rawgeti(L, 2, (lua_Integer)i) != LUA_TSTRING || lua_rawlen(L, -1) == 0) {
                luaL_argerror(L, 1, "'content' must hold directory names");
            } else if (strlen(lua_tostring(L, -1)) != lua_rawlen(L, -1)) {
                luaL_argerror(L, 1, "a directory of 'content' holds a NUL byte");
            } else {
                lua_pop(L, 1);
            }
    } else if (ty == LUA_TSTRING) {
        *n = 1;
        if (strlen(lua_tostring(L, 2)) != lua_rawlen(L, 2))
            luaL_argerror(L, 1, "'content' holds a NUL byte");
    } else if (ty != LUA_TNIL) {
        luaL_argerror(L, 1, "'content' must be a directory or a list of them");
    }
    return ty;
}

/* The pack's directories into p->dirs: the n of 'content' (index 2, of
 * type ty), or the bundled one when n is 0. */
static void pack_dirs(lua_State *L, rf_lua_pack *p, int ty, size_t n, const char *bundled)
{
    size_t i;
    p->dirs = calloc(n ? n : 1, sizeof *p->dirs);
    if (!p->dirs) {
        luaL_error(L, "roomforge: out of memory");
        return;
    }
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
}

/* rf.load{content = DIR or {DIR...}, scripts = DIR} -> pack, diagnostics;
 * nil, diagnostics when a pack cannot be read. */
static int l_load(lua_State *L)
{
    static const char *const keys[] = {"content", "scripts", NULL};
    char bundled[PATH_MAX], fallback[PATH_MAX], datadir[PATH_MAX];
    const char *data, *scripts;
    rf_lua_pack *p;
    rf_lua_box *box;
    rf_pack_opts o;
    rf_status st;
    size_t n;
    int ty;
    rf_lua_opts(L, 1, true, keys);
    scripts = rf_lua_opt_string(L, 1, 1, "scripts", NULL);
    ty = check_content(L, &n);
    data = data_dir(datadir, sizeof datadir);
    if (data && snprintf(bundled, sizeof bundled, "%s/content", data) >= (int)sizeof bundled)
        data = NULL;
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
    pack_dirs(L, p, ty, n, bundled);
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

static const luaL_Reg module_funcs[] = {{"load", l_load},
                                        {"load_world", rf_lua_load_world},
                                        {"run", rf_lua_run_new},
                                        {"load_run", rf_lua_load_run},
                                        {NULL, NULL}};

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
    rf_lua_open_pack(L);
    rf_lua_open_level(L);
    rf_lua_open_world(L);
    rf_lua_open_run(L);
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

/* Option key of the table at t as an int, def when absent: out of int's
 * range it is clamped, and rf_level_opts_check refuses it in its words. */
static int opt_int(lua_State *L, int t, const char *key, lua_Integer def)
{
    lua_Integer v = rf_lua_opt_integer(L, t, t, key, def);
    return v < INT_MIN ? INT_MIN : v > INT_MAX ? INT_MAX : (int)v;
}

void rf_lua_level_opts(lua_State *L, int t, rf_level_opts *o)
{
    rf_diags *d;
    lua_Integer seed;
    rf_level_opts_init(o);
    o->profile = rf_lua_opt_string(L, t, t, "profile", o->profile);
    seed = rf_lua_opt_integer(L, t, t, "seed", 1);
    if (seed < 0)
        luaL_argerror(L, t, "'seed' must be a non-negative integer");
    o->seed = (uint64_t)seed;
    o->depth = opt_int(L, t, "depth", 1);
    o->width = opt_int(L, t, "width", 0);
    o->height = opt_int(L, t, "height", 0);
    o->difficulty = opt_int(L, t, "difficulty", 0); /* DoomRL's 1-5, 0: hmp */
    if (!(d = rf_diags_new()))
        luaL_error(L, "roomforge: out of memory");
    if (rf_level_opts_check(o, d) == RF_OK) {
        rf_diags_free(d);
        return;
    }
    lua_pushstring(L, rf_diags_count(d) ? rf_diags_at(d, 0)->message : "bad level options");
    rf_diags_free(d);
    luaL_argerror(L, t, lua_tostring(L, -1));
}
