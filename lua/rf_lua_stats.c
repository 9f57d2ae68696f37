/* lua/rf_lua_stats.c: pack:stats{...}: statistics over many levels of the
 * pack (DESIGN 13), as `roomforge stats` makes them.
 *
 * Pipeline: above the library (DESIGN 13, 15): rf_stats_run over the pack's
 * profiles and templates on jobs threads; produces the report's JSON shape
 * as tables (rf_lua_push_stats over the figure walk, rf_stats_each) or,
 * with `format`, the report's bytes (rf_stats_write).
 * Design: options are `stats`' flags by name; a profile the pack lacks is
 * nil, diagnostics (the library's unknown-profile), misuse raises.
 */
#include <stdio.h>
#include <string.h>

#include "rf_lua.h"

#define STATS_MAX_ROOMS 64

/* A list option (or one string) of at most max names into names; the list
 * stays on the stack, anchoring them. */
static size_t names_opt(lua_State *L, int t, const char *key, const char **names, size_t max)
{
    size_t n, i;
    int ty = lua_getfield(L, t, key);
    if (ty == LUA_TNIL) {
        lua_pop(L, 1);
        return 0;
    }
    if (ty == LUA_TSTRING && lua_rawlen(L, -1) > 0) {
        names[0] = lua_tostring(L, -1);
        if (strlen(names[0]) != lua_rawlen(L, -1))
            luaL_argerror(L, 2, lua_pushfstring(L, "'%s' holds a NUL byte", key));
        return 1;
    }
    if (ty != LUA_TTABLE)
        luaL_argerror(L, 2, lua_pushfstring(L, "'%s' must be a name or a list of names", key));
    n = (size_t)luaL_len(L, -1);
    if (n > max)
        luaL_argerror(L, 2, lua_pushfstring(L, "'%s' takes at most %d names", key, (int)max));
    for (i = 0; i < n; i++) {
        if (lua_rawgeti(L, -1, (lua_Integer)i + 1) != LUA_TSTRING || lua_rawlen(L, -1) == 0)
            luaL_argerror(L, 2, lua_pushfstring(L, "'%s' must be a list of names", key));
        names[i] = lua_tostring(L, -1);
        if (strlen(names[i]) != lua_rawlen(L, -1))
            luaL_argerror(L, 2, lua_pushfstring(L, "a name of '%s' holds a NUL byte", key));
        lua_pop(L, 1);
    }
    return n;
}

/* A pair option {a, b} of integers into *a, *b (left alone when absent). */
static void pair_opt(lua_State *L, int t, const char *key, lua_Integer *a, lua_Integer *b)
{
    int ty = lua_getfield(L, t, key);
    if (ty != LUA_TNIL) {
        int ok1, ok2;
        if (ty != LUA_TTABLE || lua_rawgeti(L, -1, 1) != LUA_TNUMBER ||
            lua_rawgeti(L, -2, 2) != LUA_TNUMBER)
            luaL_argerror(L, 2, lua_pushfstring(L, "'%s' must be {first, second}", key));
        *a = lua_tointegerx(L, -2, &ok1);
        *b = lua_tointegerx(L, -1, &ok2);
        if (!ok1 || !ok2)
            luaL_argerror(L, 2, lua_pushfstring(L, "'%s' must hold integers", key));
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
}

/* The run's numbers of options table 2 into o (misuse raises), and the pack's
 * profiles and templates; the format's name (parsed into *fmt) or NULL. */
static const char *number_opts(lua_State *L, const rf_lua_pack *p, rf_stats_opts *o,
                               rf_stats_format *fmt)
{
    lua_Integer seed, count, lo, hi, w, h, dl, jobs, shard = 0, nshards = 0;
    const char *format;
    seed = rf_lua_opt_integer(L, 2, 2, "seed", (lua_Integer)o->seed);
    count = rf_lua_opt_integer(L, 2, 2, "count", (lua_Integer)o->count);
    lo = o->depth_lo;
    hi = o->depth_hi;
    pair_opt(L, 2, "depths", &lo, &hi);
    w = rf_lua_opt_integer(L, 2, 2, "width", 0);
    h = rf_lua_opt_integer(L, 2, 2, "height", 0);
    dl = rf_lua_opt_integer(L, 2, 2, "difficulty", 0);
    jobs = rf_lua_opt_integer(L, 2, 2, "jobs", 0);
    pair_opt(L, 2, "shard", &shard, &nshards);
    format = rf_lua_opt_string(L, 2, 2, "format", NULL);
    if (seed < 0)
        luaL_argerror(L, 2, "'seed' must be a non-negative integer");
    if (count < 1)
        luaL_argerror(L, 2, "'count' must be at least 1");
    if (lo < 1 || hi < lo || hi > RF_LEVEL_MAX_DEPTH)
        luaL_argerror(L, 2, "'depths' takes {a, b} with 1 <= a <= b <= 1000");
    if ((w || h) && (w < RF_LEVEL_MIN_W || h < RF_LEVEL_MIN_H || w > RF_LEVEL_MAX_SIDE ||
                     h > RF_LEVEL_MAX_SIDE))
        luaL_argerror(L, 2, "'width' and 'height' go together, from 20x10 to 1000x1000");
    if (dl != 0 && (dl < 1 || dl > 5))
        luaL_argerror(L, 2, "'difficulty' takes 1..5");
    if (jobs < 0 || jobs > RF_STATS_MAX_JOBS)
        luaL_argerror(L, 2, "'jobs' takes 0 (every core) to 256");
    if ((shard || nshards) && (nshards < 1 || nshards > RF_STATS_MAX_SHARDS || shard < 1 ||
                               shard > nshards))
        luaL_argerror(L, 2, "'shard' takes {i, n} with 1 <= i <= n");
    if (format && !rf_stats_format_parse(format, fmt))
        luaL_argerror(L, 2, "'format' takes text, json, csv or html");
    o->profiles = rf_pack_profiles(p->pack);
    o->templates = rf_pack_templates(p->pack);
    o->machines = rf_pack_machines(p->pack);
    o->seed = (uint64_t)seed;
    o->count = (uint64_t)count;
    o->depth_lo = (int)lo;
    o->depth_hi = (int)hi;
    o->width = (int)w;
    o->height = (int)h;
    o->difficulty = (int)dl;
    o->jobs = (int)jobs;
    o->shard = (int)shard;
    o->nshards = (int)nshards;
    return format;
}

/* pack:stats{profiles, seed, count, depths = {a, b}, width, height,
 * difficulty, rooms, recipe, recipe_name, jobs, shard = {i, n}, format} ->
 * the report (tables, or a string with format), diagnostics; nil,
 * diagnostics for a profile or room the pack cannot make levels with. */
int rf_lua_pack_stats(lua_State *L)
{
    static const char *const keys[] = {"profiles", "seed", "count", "depths", "width", "height",
                                       "difficulty", "rooms", "recipe", "recipe_name", "jobs",
                                       "shard", "format", NULL};
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    const char *profiles[RF_STATS_MAX_PROFILES], *rooms[STATS_MAX_ROOMS], *format;
    rf_stats_format fmt = RF_STATS_JSON;
    rf_stats_opts o;
    rf_lua_box *box;
    rf_status st;
    size_t len = 0;
    FILE *f;
    rf_lua_opts(L, 2, true, keys);
    rf_stats_opts_init(&o);
    format = number_opts(L, p, &o, &fmt);
    o.recipe_file = rf_lua_opt_string(L, 2, 2, "recipe_name", NULL);
    if (rf_lua_opt_string(L, 2, 2, "recipe", NULL)) {
        lua_getfield(L, 2, "recipe");
        o.recipe = lua_tolstring(L, -1, &o.recipe_len); /* anchored by the options table */
        lua_pop(L, 1);
    }
    o.nprofiles = names_opt(L, 2, "profiles", profiles, RF_STATS_MAX_PROFILES);
    o.profile_names = profiles;
    o.nrooms = names_opt(L, 2, "rooms", rooms, STATS_MAX_ROOMS);
    o.rooms = rooms;
    box = rf_lua_box_push(L, true);
    st = rf_stats_run(&o, &box->stats, box->diags);
    if (st == RF_ERR_NOMEM)
        return luaL_error(L, "roomforge: out of memory");
    if (st != RF_OK)
        return rf_lua_fail(L, box->diags);
    if (format) {
        f = open_memstream(&box->buf, &len);
        if (!f)
            return luaL_error(L, "roomforge: out of memory");
        st = rf_stats_write(box->stats, f, fmt);
        if (fclose(f) != 0 || st != RF_OK)
            return luaL_error(L, "roomforge: stats: %s",
                              rf_status_str(st != RF_OK ? st : RF_ERR_NOMEM));
        lua_pushlstring(L, box->buf ? box->buf : "", len);
    } else {
        rf_lua_push_stats(L, box->stats);
    }
    rf_lua_push_diags(L, box->diags);
    return 2;
}
