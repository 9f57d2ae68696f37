/* lua/rf_lua_run.c: runs in the `roomforge` module: rf.run{pack = p, ...}
 * (or p:run{...}), run:next(), run:depth(), run:save([path]) and
 * rf.load_run(pack, path) over roomforge/run.h (DESIGN 18).
 *
 * Pipeline: above the library (DESIGN 15), beside rf_lua_level.c. Design: a
 * run is a userdata holding its pack (user value 1), counted among the
 * pack's borrowers as a level is, so the pack's templates and profiles
 * outlive it; each level run:next() makes is a level of the module, as
 * pack:gen's. Bad content and damaged states are nil, diagnostics.
 */
#include <stdio.h>
#include <string.h>

#include "rf_lua.h"
#include "roomforge/run.h"

#define RF_LUA_RUN "roomforge.run"

typedef struct rf_lua_run {
    int busy; /* as rf_lua_pack's */
    rf_run *run;
    rf_lua_pack *pack;
} rf_lua_run;

static int run_gc(lua_State *L)
{
    rf_lua_run *r = luaL_checkudata(L, 1, RF_LUA_RUN);
    if (!r->run)
        return 0;
    rf_run_free(r->run);
    r->run = NULL;
    r->pack->levels--;
    rf_lua_pack_release(r->pack);
    return 0;
}

/* run:close() and __close: refused while a call of the run runs. */
static int run_close(lua_State *L)
{
    rf_lua_run *r = luaL_checkudata(L, 1, RF_LUA_RUN);
    rf_lua_refuse_busy(L, r->busy, "run");
    return run_gc(L);
}

static rf_lua_run *check_run(lua_State *L, int i)
{
    rf_lua_run *r = luaL_checkudata(L, i, RF_LUA_RUN);
    if (!r->run)
        luaL_argerror(L, i, "the run is closed");
    return r;
}

static int run_tostring(lua_State *L)
{
    rf_lua_run *r = luaL_checkudata(L, 1, RF_LUA_RUN);
    if (!r->run)
        lua_pushstring(L, "roomforge.run (closed)");
    else
        lua_pushfstring(L, "roomforge.run (%s, seed %s, next depth %d)", rf_run_profile(r->run),
                        lua_pushfstring(L, "%I", (lua_Integer)rf_run_seed(r->run)),
                        rf_run_depth(r->run));
    return 1;
}

/* Pushes a new, empty run userdata holding the pack at index pack_at. */
static rf_lua_run *push_run(lua_State *L, int pack_at)
{
    rf_lua_run *r = lua_newuserdatauv(L, sizeof *r, 1);
    memset(r, 0, sizeof *r);
    luaL_setmetatable(L, RF_LUA_RUN);
    lua_pushvalue(L, pack_at);
    lua_setiuservalue(L, -2, 1); /* the pack: its templates and profiles outlive the run */
    return r;
}

/* rf.run{pack = p, profile, seed, width, height, difficulty} or
 * p:run{...} -> run, diagnostics; nil, diagnostics for an unknown profile. */
static int l_run(lua_State *L)
{
    static const char *const keys[] = {"pack",  "profile",    "seed", "width",
                                       "height", "difficulty", NULL};
    rf_lua_pack *p;
    rf_lua_box *box;
    rf_lua_run *r;
    rf_level_opts o;
    rf_status st;
    int t = 1, pack_at = 2;
    if (lua_type(L, 1) == LUA_TTABLE) { /* rf.run{pack = p, ...} */
        rf_lua_opts(L, 1, false, keys);
        lua_getfield(L, 1, "pack"); /* index 2 */
        if (lua_isnil(L, 2))
            return luaL_argerror(L, 1, "'pack' is needed (rf.load's pack)");
    } else { /* p:run{...} */
        rf_lua_check_pack(L, 1);
        rf_lua_opts(L, 2, true, keys + 1);
        t = 2;
        pack_at = 1;
    }
    p = rf_lua_check_pack(L, pack_at);
    rf_lua_level_opts(L, t, &o); /* rf_run_new's base, checked */
    o.templates = rf_pack_templates(p->pack);
    o.machines = rf_pack_machines(p->pack);
    box = rf_lua_box_push(L, true);
    r = push_run(L, pack_at);
    st = rf_run_new(rf_pack_profiles(p->pack), &o, box->diags, &r->run);
    return rf_lua_made(L, st, p, &r->pack, box->diags);
}

/* run:next() -> level, diagnostics (the level's warnings); nil,
 * diagnostics when no level could be made (the run is unchanged). */
static int run_next(lua_State *L)
{
    rf_lua_run *r = check_run(L, 1);
    rf_lua_box *box = rf_lua_box_push(L, true); /* index 2 */
    rf_lua_level *lv;
    rf_status st;
    lv = lua_newuserdatauv(L, sizeof *lv, 2);
    memset(lv, 0, sizeof *lv);
    luaL_setmetatable(L, RF_LUA_LEVEL);
    lua_getiuservalue(L, 1, 1);
    lua_setiuservalue(L, -2, 1); /* the level borrows the pack's templates */
    st = rf_run_next(r->run, &lv->level, box->diags);
    if (st == RF_ERR_NOMEM)
        return luaL_error(L, "roomforge: out of memory");
    if (st != RF_OK) /* the diagnostics say why: the library explains every failure */
        return rf_lua_fail(L, box->diags);
    lv->pack = r->pack;
    r->pack->levels++;
    rf_lua_push_diags(L, box->diags);
    return 2;
}

/* run:depth() -> the depth run:next() makes next (1 for a new run). */
static int run_depth(lua_State *L)
{
    lua_pushinteger(L, rf_run_depth(check_run(L, 1)->run));
    return 1;
}

/* run:save(path) -> true, or nil, diagnostics (path written whole or not
 * at all); run:save() -> the state's bytes. */
static int run_save(lua_State *L)
{
    rf_lua_run *r = check_run(L, 1);
    const char *path = lua_isnoneornil(L, 2) ? NULL : rf_lua_check_text(L, 2);
    rf_lua_box *box = rf_lua_box_push(L, true);
    size_t len = 0;
    FILE *f;
    rf_status st;
    if (path) {
        st = rf_run_save_path(r->run, path, box->diags);
        if (st == RF_ERR_NOMEM)
            return luaL_error(L, "roomforge: out of memory");
        if (st == RF_ERR_ARG)
            return luaL_argerror(L, 2, "the path is empty or too long");
        if (st != RF_OK)
            return rf_lua_fail(L, box->diags);
        lua_pushboolean(L, 1);
        return 1;
    }
    if (!(f = open_memstream(&box->buf, &len)))
        return luaL_error(L, "roomforge: out of memory");
    st = rf_run_save(r->run, f, box->diags);
    if (fclose(f) != 0 && st == RF_OK)
        st = RF_ERR_NOMEM;
    if (st == RF_ERR_NOMEM)
        return luaL_error(L, "roomforge: out of memory");
    if (st != RF_OK)
        return rf_lua_fail(L, box->diags);
    lua_pushlstring(L, box->buf ? box->buf : "", len);
    return 1;
}

/* rf.load_run(pack, path) -> run, diagnostics; nil, diagnostics for a
 * state that is damaged, later, missing, or names a profile the pack lacks.
 * The state wins: its profile, seed, size, difficulty and depth. */
static int l_load_run(lua_State *L)
{
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    const char *path = rf_lua_check_text(L, 2);
    rf_lua_box *box = rf_lua_box_push(L, true);
    rf_level_opts o;
    rf_lua_run *r = push_run(L, 1);
    rf_status st;
    rf_level_opts_init(&o);
    o.templates = rf_pack_templates(p->pack);
    o.machines = rf_pack_machines(p->pack);
    st = rf_run_load_path(rf_pack_profiles(p->pack), &o, path, box->diags, &r->run);
    return rf_lua_made(L, st, p, &r->pack, box->diags);
}

static const luaL_Reg run_methods[] = {{"next", run_next},
                                       {"depth", run_depth},
                                       {"save", run_save},
                                       {"close", run_close},
                                       {NULL, NULL}};

static const luaL_Reg run_meta[] = {
    {"__gc", run_gc}, {"__close", run_close}, {"__tostring", run_tostring}, {NULL, NULL}};

int rf_lua_run_new(lua_State *L) { return l_run(L); }
int rf_lua_load_run(lua_State *L) { return l_load_run(L); }

void rf_lua_open_run(lua_State *L)
{
    luaL_newmetatable(L, RF_LUA_RUN);
    luaL_setfuncs(L, run_meta, 0);
    rf_lua_guarded_lib(L, run_methods, RF_LUA_RUN);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
