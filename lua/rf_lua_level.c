/* lua/rf_lua_level.c: pack:gen{...} and the level userdata: its fields in
 * gen's JSON shape, level:render(format), level:digest(), level:world().
 *
 * Pipeline: above the library (DESIGN 15): rf_level_generate as `roomforge
 * gen`, rf_view_write for every format.
 * Design: the library has a JSON writer but no reader, so the fields are
 * read from the public accessors (grid rows, room records, placed objects,
 * stairs, feelings) in the order and with the names rf_level_write_json
 * writes, JSON null as an absent field; the suite re-encodes them in Lua
 * and compares the bytes with `gen --format json`. Made on first read: a
 * script that only renders or digests pays nothing.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rf_lua.h"
#include "roomforge/dig.h"
#include "roomforge/template.h"
#include "roomforge/view.h"

#define GEN_MAX_ROOMS 64 /* forced rooms one level takes, as gen's --room */

static rf_lua_level *check_level(lua_State *L, int i)
{
    rf_lua_level *lv = luaL_checkudata(L, i, RF_LUA_LEVEL);
    if (!lv->level)
        luaL_argerror(L, i, "the level is closed");
    return lv;
}

/* Frees the level (the finalizer: no call of it runs). */
static int level_gc(lua_State *L)
{
    rf_lua_level *lv = luaL_checkudata(L, 1, RF_LUA_LEVEL);
    if (!lv->level)
        return 0;
    rf_level_free(lv->level); /* a world made from it reads it no more */
    lv->level = NULL;
    lv->pack->levels--;
    rf_lua_pack_release(lv->pack);
    return 0;
}

/* level:close() and __close: refused while a call of the level runs. */
static int level_close(lua_State *L)
{
    rf_lua_level *lv = luaL_checkudata(L, 1, RF_LUA_LEVEL);
    rf_lua_refuse_busy(L, lv->busy, "level");
    return level_gc(L);
}

/* ---- the fields ---- */

/* A row reader: row y of l into out (size bytes with the NUL); false when
 * it cannot be read. */
typedef bool (*row_reader)(const rf_level *l, int y, char *out, size_t size);

static bool tile_row(const rf_level *l, int y, char *out, size_t size)
{
    return rf_grid_row(rf_level_grid(l), y, out, size);
}

/* The rows of l as read sets them, a Lua array of strings, pushed. */
static void push_rows(lua_State *L, const rf_level *l, row_reader read, const char *what)
{
    const rf_grid *g = rf_level_grid(l);
    int y, w = rf_grid_width(g), h = rf_grid_height(g);
    lua_createtable(L, h, 0);
    for (y = 0; y < h; y++) {
        luaL_Buffer b;
        char *row;
        luaL_buffinit(L, &b);
        row = luaL_prepbuffsize(&b, (size_t)w + 1);
        if (!read(l, y, row, (size_t)w + 1))
            luaL_error(L, "roomforge: %s row %d cannot be read", what, y);
        luaL_addsize(&b, (size_t)w);
        luaL_pushresult(&b);
        lua_rawseti(L, -2, y + 1);
    }
}

/* The loop map's rows and the chokepoints ({x, y, cut off}), as the JSON's
 * "loops" and "chokepoints"; sets both fields of the table on top. */
static void push_analysis(lua_State *L, const rf_level *l)
{
    const rf_grid *g = rf_level_grid(l);
    int x, y, n = 0, w = rf_grid_width(g), h = rf_grid_height(g);
    push_rows(L, l, rf_level_loop_row, "loop");
    lua_setfield(L, -2, "loops");
    lua_newtable(L);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if (rf_level_choke(l, x, y) > 0) {
                lua_createtable(L, 3, 0);
                lua_pushinteger(L, x);
                lua_rawseti(L, -2, 1);
                lua_pushinteger(L, y);
                lua_rawseti(L, -2, 2);
                lua_pushinteger(L, rf_level_choke(l, x, y));
                lua_rawseti(L, -2, 3);
                lua_rawseti(L, -2, ++n);
            }
    lua_setfield(L, -2, "chokepoints");
}

/* The machines (DESIGN 17) as the JSON's "machines": id, blueprint, kind,
 * treasure, room, cells {{x, y}, ...}, objects (handles). */
static void push_machines(lua_State *L, const rf_level *l)
{
    size_t i, k, n = rf_level_machine_count(l);
    lua_createtable(L, (int)n, 0);
    for (i = 0; i < n; i++) {
        const rf_level_machine *m = rf_level_machine_at(l, i);
        lua_createtable(L, 0, 7);
        rf_lua_set_int(L, "id", m->id);
        rf_lua_set_string(L, "blueprint", m->blueprint);
        rf_lua_set_string(L, "kind", rf_machine_kind_name(m->kind));
        rf_lua_set_int(L, "treasure", m->treasure);
        rf_lua_set_int(L, "room", m->room);
        lua_createtable(L, (int)m->ncells, 0);
        for (k = 0; k < m->ncells; k++) {
            lua_createtable(L, 2, 0);
            lua_pushinteger(L, m->cells[2 * k]);
            lua_rawseti(L, -2, 1);
            lua_pushinteger(L, m->cells[2 * k + 1]);
            lua_rawseti(L, -2, 2);
            lua_rawseti(L, -2, (lua_Integer)k + 1);
        }
        lua_setfield(L, -2, "cells");
        lua_createtable(L, (int)m->nobjects, 0);
        for (k = 0; k < m->nobjects; k++) {
            lua_pushinteger(L, (lua_Integer)m->objects[k] + 1);
            lua_rawseti(L, -2, (lua_Integer)k + 1);
        }
        lua_setfield(L, -2, "objects");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

/* A room as level_json.c writes it: dug rooms are named "room N" or
 * "corridor N" and have no template, file or line. */
static void push_room(lua_State *L, const rf_room_rec *r)
{
    lua_createtable(L, 0, 14);
    rf_lua_set_int(L, "id", r->id);
    if (r->tmpl)
        rf_lua_set_string(L, "name", rf_template_name(r->tmpl));
    else
        lua_pushfstring(L, "%s %d", r->kind == RF_ROOM_CORRIDOR ? "corridor" : "room", r->id),
            lua_setfield(L, -2, "name");
    rf_lua_set_string(L, "kind", rf_room_kind_name(r->kind));
    rf_lua_set_string(L, "template", r->tmpl ? rf_template_name(r->tmpl) : NULL);
    rf_lua_set_int(L, "x", r->x);
    rf_lua_set_int(L, "y", r->y);
    rf_lua_set_int(L, "w", r->w);
    rf_lua_set_int(L, "h", r->h);
    rf_lua_set_bool(L, "locked", r->locked);
    rf_lua_set_bool(L, "lit", r->lit);
    rf_lua_set_int(L, "orient", r->tmpl ? r->orient : 0);
    rf_lua_set_bool(L, "forced", r->tmpl && r->forced);
    if (r->tmpl) {
        rf_lua_set_string(L, "file", rf_template_file(r->tmpl));
        rf_lua_set_int(L, "line", rf_template_line(r->tmpl));
    }
    if (r->tmpl && rf_template_variant_number(r->tmpl) >= 0) /* DESIGN 16: as the JSON */
        rf_lua_set_int(L, "variant", rf_template_variant_number(r->tmpl));
}

/* A machine feature's flags as the JSON's: their names in bit order. */
static void push_flags(lua_State *L, unsigned flags)
{
    const char *names[8 * sizeof flags];
    size_t i, n = rf_feature_flag_names(flags, names, sizeof names / sizeof names[0]);
    lua_createtable(L, (int)n, 0);
    for (i = 0; i < n; i++) {
        lua_pushstring(L, names[i]);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

static void push_object(lua_State *L, const rf_placed *p, size_t handle)
{
    lua_createtable(L, 0, 15);
    rf_lua_set_int(L, "handle", (lua_Integer)handle);
    rf_lua_set_string(L, "type", p->type);
    rf_lua_set_string(L, "id", p->id[0] ? p->id : NULL);
    rf_lua_set_string(L, "name", p->name);
    rf_lua_set_int(L, "x", p->x);
    rf_lua_set_int(L, "y", p->y);
    rf_lua_set_int(L, "room", p->room);
    rf_lua_set_int(L, "count", p->count);
    rf_lua_set_int(L, "charges", p->charges);
    rf_lua_set_int(L, "quality", p->quality);
    rf_lua_set_bool(L, "global", p->global);
    rf_lua_set_bool(L, "key", p->key);
    rf_lua_set_int(L, "horde", p->horde);
    rf_lua_set_bool(L, "leader", p->leader);
    rf_lua_set_bool(L, "asleep", p->asleep);
    rf_lua_set_bool(L, "captive", p->captive);
    rf_lua_set_int(L, "machine", p->machine);
    push_flags(L, p->feature);
    lua_setfield(L, -2, "flags");
}

static void push_point(lua_State *L, int x, int y)
{
    lua_createtable(L, 2, 0);
    lua_pushinteger(L, x);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, y);
    lua_rawseti(L, -2, 2);
}

/* The whole gen JSON of l as one table. */
static void push_fields(lua_State *L, const rf_level *l)
{
    const rf_grid *g = rf_level_grid(l);
    size_t i, n;
    int x, y;
    lua_createtable(L, 0, 12);
    /* seeds past 2^63 read as negative integers: Lua's integers are signed */
    rf_lua_set_int(L, "seed", (lua_Integer)rf_level_seed(l));
    rf_lua_set_int(L, "depth", rf_level_depth(l));
    rf_lua_set_int(L, "width", rf_grid_width(g));
    rf_lua_set_int(L, "height", rf_grid_height(g));
    push_rows(L, l, tile_row, "tile");
    lua_setfield(L, -2, "tiles");
    n = rf_level_room_count(l);
    lua_createtable(L, (int)n, 0);
    for (i = 0; i < n; i++) {
        push_room(L, rf_level_room_at(l, i));
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "rooms");
    n = rf_level_object_count(l);
    lua_createtable(L, (int)n, 0);
    for (i = 0; i < n; i++) {
        push_object(L, rf_level_object_at(l, i), i + 1);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "objects");
    lua_createtable(L, 0, 2);
    rf_level_stairs_up(l, &x, &y);
    push_point(L, x, y);
    lua_setfield(L, -2, "up");
    rf_level_stairs_down(l, &x, &y);
    push_point(L, x, y);
    lua_setfield(L, -2, "down");
    lua_setfield(L, -2, "stairs");
    rf_lua_set_int(L, "traps", rf_level_traps(l));
    n = rf_level_feeling_count(l);
    lua_createtable(L, (int)n, 0);
    for (i = 0; i < n; i++) {
        lua_pushstring(L, rf_level_feeling_at(l, i));
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "feelings");
    push_machines(L, l);
    lua_setfield(L, -2, "machines");
    push_analysis(L, l);
}

/* The fields table (user value 2), made on first use; pushed. */
static void push_level_fields(lua_State *L, int i)
{
    rf_lua_level *lv = check_level(L, i);
    if (lua_getiuservalue(L, i, 2) != LUA_TNIL)
        return;
    lua_pop(L, 1);
    push_fields(L, lv->level);
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, i, 2);
}

/* level.KEY: a method, else a field of gen's JSON. */
static int level_index(lua_State *L)
{
    luaL_checkudata(L, 1, RF_LUA_LEVEL);
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL)
        return 1;
    lua_pop(L, 1);
    push_level_fields(L, 1);
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
}

/* next over the fields table (the global next may be gone in a sandbox). */
static int fields_next(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    if (lua_next(L, 1))
        return 2;
    lua_pushnil(L);
    return 1;
}

/* pairs(level): the fields. */
static int level_pairs(lua_State *L)
{
    push_level_fields(L, 1);
    lua_pushcfunction(L, fields_next);
    lua_insert(L, -2);
    lua_pushnil(L);
    return 3;
}

/* level:data() -> the fields as a plain table (shared: do not change it). */
static int level_data(lua_State *L)
{
    push_level_fields(L, 1);
    return 1;
}

static int level_tostring(lua_State *L)
{
    rf_lua_level *lv = luaL_checkudata(L, 1, RF_LUA_LEVEL);
    if (!lv->level) {
        lua_pushstring(L, "roomforge.level (closed)");
        return 1;
    }
    lua_pushfstring(L, "roomforge.level (seed %s, depth %d, %dx%d)",
                    lua_pushfstring(L, "%I", (lua_Integer)rf_level_seed(lv->level)),
                    rf_level_depth(lv->level), rf_grid_width(rf_level_grid(lv->level)),
                    rf_grid_height(rf_level_grid(lv->level)));
    return 1;
}

/* level:render(format[, {scale = N, legend = bool}]) -> the bytes gen
 * --format writes (png: legend on unless legend = false, as --no-legend). */
static int level_render(lua_State *L)
{
    rf_lua_level *lv = check_level(L, 1);
    const char *name = luaL_optstring(L, 2, "ascii");
    rf_view_format fmt;
    rf_view_opts vo;
    rf_lua_box *box;
    rf_status st;
    size_t len = 0;
    FILE *f;
    rf_view_opts_init(&vo);
    if (!rf_view_format_parse(name, &fmt))
        return luaL_argerror(L, 2, "format: ascii, text, ansi, json, html or png");
    if (!lua_isnoneornil(L, 3)) {
        static const char *const keys[] = {"scale", "legend", NULL};
        lua_Integer scale;
        luaL_checktype(L, 3, LUA_TTABLE);
        rf_lua_check_keys(L, 3, 3, keys);
        scale = rf_lua_opt_integer(L, 3, 3, "scale", RF_VIEW_SCALE_DEFAULT);
        if (scale < RF_VIEW_SCALE_MIN || scale > RF_VIEW_SCALE_MAX)
            return luaL_argerror(L, 3, "scale: 1..32");
        vo.scale = (int)scale;
        lua_getfield(L, 3, "legend");
        if (!lua_isnil(L, -1)) {
            if (!lua_isboolean(L, -1))
                return luaL_argerror(L, 3, "legend: true or false");
            vo.legend = lua_toboolean(L, -1);
        }
        lua_pop(L, 1);
    }
    box = rf_lua_box_push(L, false);
    f = open_memstream(&box->buf, &len);
    if (!f)
        return luaL_error(L, "roomforge: out of memory");
    st = rf_view_write(lv->level, fmt, &vo, f);
    if (fclose(f) != 0 && st == RF_OK)
        st = RF_ERR_NOMEM;
    if (st == RF_ERR_LIMIT)
        return luaL_argerror(L, 3, "the png would pass 16384 pixels a side: a smaller scale");
    if (st != RF_OK)
        return luaL_error(L, "roomforge: render: %s", rf_status_str(st));
    lua_pushlstring(L, box->buf ? box->buf : "", len);
    return 1;
}

/* level:digest() -> catalog's 16 hex digits. */
static int level_digest(lua_State *L)
{
    rf_lua_level *lv = check_level(L, 1);
    char hex[17];
    uint64_t h = rf_level_digest(lv->level);
    if (h == 0)
        return luaL_error(L, "roomforge: out of memory");
    snprintf(hex, sizeof hex, "%016" PRIx64, h);
    lua_pushstring(L, hex);
    return 1;
}

/* ---- pack:gen ---- */

/* The forced rooms of opts.rooms into names (anchored by the table). */
static size_t forced_rooms(lua_State *L, int t, const char **names)
{
    size_t n = 0, i;
    int ty = lua_getfield(L, t, "rooms");
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    if (ty != LUA_TTABLE)
        luaL_argerror(L, 2, "'rooms' must be a list of room names");
    n = (size_t)luaL_len(L, -1);
    if (n > GEN_MAX_ROOMS)
        luaL_argerror(L, 2, "'rooms' takes at most 64 names");
    for (i = 0; i < n; i++) {
        if (lua_rawgeti(L, -1, (lua_Integer)i + 1) != LUA_TSTRING || lua_rawlen(L, -1) == 0)
            luaL_argerror(L, 2, "'rooms' must be a list of room names");
        names[i] = lua_tostring(L, -1); /* the list stays on the stack */
        if (strlen(names[i]) != lua_rawlen(L, -1))
            luaL_argerror(L, 2, "a name of 'rooms' holds a NUL byte");
        lua_pop(L, 1);
    }
    return n; /* the list is left on the stack, anchoring the names */
}

/* pack:gen{profile, seed, depth, width, height, rooms, difficulty, recipe,
 * recipe_name, variant} ->
 * level, diagnostics (the level's warnings); nil, diagnostics when no level
 * could be made (an unknown profile or room, a recipe that fails). */
int rf_lua_pack_gen(lua_State *L)
{
    static const char *const keys[] = {"profile", "seed", "depth", "width", "height", "rooms",
                                       "difficulty", "recipe", "recipe_name", "variant", NULL};
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    const char *names[GEN_MAX_ROOMS];
    rf_lua_level *lv;
    rf_lua_box *box;
    rf_level_opts o;
    rf_status st;
    rf_lua_opts(L, 2, true, keys);
    rf_lua_level_opts(L, 2, &o); /* profile, seed, depth, size, difficulty: checked */
    o.recipe_file = rf_lua_opt_string(L, 2, 2, "recipe_name", NULL);
    if (lua_getfield(L, 2, "variant") != LUA_TNIL) { /* gen --variant N (DESIGN 16) */
        lua_Integer v = rf_lua_opt_integer(L, 2, 2, "variant", 0);
        luaL_argcheck(L, v >= 0 && v <= (lua_Integer)UINT32_MAX, 2,
                      "'variant' must be an integer from 0 to 4294967295");
        o.force_variant = true;
        o.variant = (uint32_t)v;
    }
    lua_pop(L, 1);
    if (rf_lua_opt_string(L, 2, 2, "recipe", NULL)) { /* gen --recipe: its text, any bytes */
        lua_getfield(L, 2, "recipe");
        o.recipe = lua_tolstring(L, -1, &o.recipe_len); /* anchored by the options table */
        lua_pop(L, 1);
    }
    o.nrooms = forced_rooms(L, 2, names); /* index 3 when given */
    o.rooms = names;
    o.templates = rf_pack_templates(p->pack);
    o.machines = rf_pack_machines(p->pack);
    box = rf_lua_box_push(L, true);
    lv = lua_newuserdatauv(L, sizeof *lv, 2);
    memset(lv, 0, sizeof *lv);
    luaL_setmetatable(L, RF_LUA_LEVEL);
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1); /* the level borrows the pack's templates */
    /* the pack's maker: a script's levels share one engine Lua state (a
     * pack without one, memory short, makes each level with its own) */
    if (!p->maker)
        p->maker = rf_level_maker_new(rf_pack_profiles(p->pack));
    st = p->maker ? rf_level_maker_generate(p->maker, &o, &lv->level, box->diags)
                  : rf_level_generate(rf_pack_profiles(p->pack), &o, &lv->level, box->diags);
    return rf_lua_made(L, st, p, &lv->pack, box->diags);
}

static const luaL_Reg level_methods[] = {
    {"render", level_render}, {"digest", level_digest}, {"world", rf_lua_level_world},
    {"data", level_data},     {"close", level_close},   {NULL, NULL}};

static const luaL_Reg level_meta[] = {{"__gc", level_gc},
                                      {"__close", level_close},
                                      {"__tostring", level_tostring},
                                      {NULL, NULL}};

void rf_lua_open_level(lua_State *L)
{
    luaL_newmetatable(L, RF_LUA_LEVEL);
    luaL_setfuncs(L, level_meta, 0);
    /* the fields and __pairs build tables from the level: guarded as methods */
    rf_lua_guard_push(L, level_pairs, RF_LUA_LEVEL);
    lua_setfield(L, -2, "__pairs");
    rf_lua_guarded_lib(L, level_methods, RF_LUA_LEVEL);
    lua_pushcclosure(L, level_index, 1);
    rf_lua_guard_top(L, RF_LUA_LEVEL);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
