/* lua/rf_lua_pack.c: the pack userdata: pack:rooms(), pack:profiles(),
 * pack:show(), pack:lint(), close and collection (gen and sim have files of
 * their own).
 *
 * Pipeline: above the library (DESIGN 15): the templates and profiles of
 * rf_pack, rf_template_write_show, rf_lint_paths as `roomforge lint`;
 * produces tables in the JSON shapes of `list` and `lint`. Design: a pack's
 * C object is freed by close or collection, but only once no level borrows
 * its templates (a level holds the pack's userdata, so the pack cannot be
 * collected first; a close before the levels only defers the free).
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rf_lua.h"
#include "roomforge/lint.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"
#include "roomforge/template_write.h"

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
    rf_level_maker_free(p->maker);
    p->maker = NULL;
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

/* The finalizer: no call of the pack runs. */
static int pack_gc(lua_State *L)
{
    rf_lua_pack *p = luaL_checkudata(L, 1, RF_LUA_PACK);
    p->closed = true;
    rf_lua_pack_release(p);
    return 0;
}

/* pack:close() and __close: refused while a call of the pack runs. */
static int pack_close(lua_State *L)
{
    rf_lua_pack *p = luaL_checkudata(L, 1, RF_LUA_PACK);
    rf_lua_refuse_busy(L, p->busy, "pack");
    return pack_gc(L);
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
        lua_createtable(L, 0, 16);
        rf_lua_set_string(L, "name", rf_template_name(t));
        rf_lua_set_string(L, "file", rf_template_file(t));
        rf_lua_set_int(L, "line", rf_template_line(t));
        rf_lua_set_int(L, "width", rf_template_width(t));
        rf_lua_set_int(L, "height", rf_template_height(t));
        rf_lua_set_int(L, "min_level", f->min_level);
        if (f->max_level < RF_LEVEL_ANY)
            rf_lua_set_int(L, "max_level", f->max_level);
        lua_createtable(L, 0, 8);
        for (k = 0; k < sizeof flag_rows / sizeof flag_rows[0]; k++) {
            lua_pushboolean(L, *(const bool *)((const char *)f + flag_rows[k].offset));
            lua_setfield(L, -2, flag_rows[k].name);
        }
        lua_setfield(L, -2, "flags");
        rf_lua_set_int(L, "objects", (lua_Integer)rf_template_object_count(t));
        rf_lua_set_int(L, "scripts", (lua_Integer)rf_template_script_count(t));
        rf_lua_set_int(L, "doors", (lua_Integer)rf_template_door_count(t));
        rf_lua_set_int(L, "weight", rf_template_weight(t));
        rf_lua_set_string(L, "tags", rf_template_tags(t));
        lua_pushboolean(L, rf_template_varies(t));
        lua_setfield(L, -2, "varies");
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
        rf_lua_set_string(L, "name", rf_profile_name(pr));
        rf_lua_set_string(L, "recipe", rf_profile_recipe(pr));
        rf_level_opts_init(&o);
        o.profile = rf_profile_name(pr);
        if (rf_level_default_size(set, &o, &w, &h, NULL) == RF_OK) {
            rf_lua_set_int(L, "width", w);
            rf_lua_set_int(L, "height", h);
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
 * the pack's directories ({rooms, profiles, blueprints} loaded clean). */
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
    lua_createtable(L, 0, 3);
    rf_lua_set_int(L, "rooms", (lua_Integer)sum.rooms);
    rf_lua_set_int(L, "profiles", (lua_Integer)sum.profiles);
    rf_lua_set_int(L, "blueprints", (lua_Integer)sum.blueprints);
    return 2;
}

/* pack:show(name[, "text"|"json"]) -> what `roomforge show` prints; nil,
 * diagnostics (unknown-room) for a room the pack does not hold. */
/* pack:show(name, fmt, v): variant v (argument 4, 0 .. 2^32 - 1) of a room
 * that varies, as `show --variant v` prints it, and the variant's check
 * diagnostics (lint's, led by "variant v: ") as the second value. A room
 * that does not vary is an argument error, as --variant is a usage error. */
static int show_variant(lua_State *L, const rf_template *t, int json, rf_lua_box *box)
{
    lua_Integer v = luaL_checkinteger(L, 4);
    rf_template *vt = NULL;
    size_t len = 0;
    rf_status st;
    FILE *f;
    luaL_argcheck(L, v >= 0 && v <= (lua_Integer)UINT32_MAX, 4,
                  "a variant is an integer from 0 to 4294967295");
    luaL_argcheck(L, rf_template_varies(t), 4, "the room does not vary (it has no <vary>)");
    if (rf_template_variant(t, (uint32_t)v, &vt) != RF_OK)
        return luaL_error(L, "roomforge: out of memory");
    if (rf_template_variant_check(vt, box->diags) == SIZE_MAX || !(f = open_memstream(&box->buf, &len))) {
        rf_template_variant_free(vt);
        return luaL_error(L, "roomforge: out of memory");
    }
    st = rf_template_write_show(vt, f, json ? RF_WRITE_JSON : RF_WRITE_TEXT);
    rf_template_variant_free(vt);
    if (fclose(f) != 0 || st != RF_OK)
        return luaL_error(L, "roomforge: show: %s", rf_status_str(st != RF_OK ? st : RF_ERR_NOMEM));
    lua_pushlstring(L, box->buf ? box->buf : "", len);
    rf_lua_push_diags(L, box->diags);
    return 2;
}

static int pack_show(lua_State *L)
{
    bool variant = !lua_isnoneornil(L, 4); /* before the box goes on the stack */
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    const char *name = rf_lua_check_text(L, 2);
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
    if (variant) /* variant N, as show --variant N (DESIGN 16) */
        return show_variant(L, t, json, box);
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
    {"gen", rf_lua_pack_gen}, {"sim", rf_lua_pack_sim}, {"stats", rf_lua_pack_stats},
    {"run", rf_lua_run_new},
    {"close", pack_close},
    {NULL, NULL}};

static const luaL_Reg pack_meta[] = {
    {"__gc", pack_gc}, {"__close", pack_close}, {"__tostring", pack_tostring}, {NULL, NULL}};

void rf_lua_open_pack(lua_State *L)
{
    luaL_newmetatable(L, RF_LUA_PACK);
    luaL_setfuncs(L, pack_meta, 0);
    rf_lua_guarded_lib(L, pack_methods, RF_LUA_PACK);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
