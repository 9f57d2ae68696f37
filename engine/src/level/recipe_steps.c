/* engine/src/level/recipe_steps.c: the level API a recipe sees: the steps it
 * calls (diggers, placer, passes) and what it may ask of the level.
 *
 * Pipeline: level; recipe -> these steps -> dig, place and passes.
 * Design: one (name, C function) table; a step checks its order and raises a
 * plain message; each kind of draw has its own stream, so a new step moves
 * nothing earlier steps made.
 */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "core/seam.h"
#include "level_dig2_int.h"
#include "passes/seam.h"
#include "recipe_int.h"
#include "dig/seam.h"
#include "roomforge/place.h"
#include "vm/seam.h"


static rf_recipe_run *run_of(lua_State *L)
{
    return lua_touserdata(L, lua_upvalueindex(1));
}

/* Records a step's own failure and raises: the run returns st, and its
 * diagnostics are the step's own (memory needs none). */
static int step_fail(lua_State *L, rf_recipe_run *r, rf_status st, const char *step)
{
    r->st = st;
    return luaL_error(L, "%s: %s", step,
                      st == RF_ERR_NOMEM ? "out of memory" : "failed (see the diagnostics above)");
}

/* ---- parameters ---- */

typedef struct lua_params {
    lua_State *L;
    rf_recipe_run *r; /* for the range check's diagnostic */
    int idx;          /* the table's absolute index */
    const char *step; /* for messages */
} lua_params;

static bool lua_param_get(void *ud, const char *key, int *lo, int *hi)
{
    lua_params *lp = ud;
    lua_State *L = lp->L;
    bool ok = true, set = true;
    int t = lua_getfield(L, lp->idx, key);
    if (t == LUA_TNIL) {
        set = false;
    } else if (t == LUA_TNUMBER) {
        int whole;
        lua_Integer v = lua_tointegerx(L, -1, &whole);
        ok = whole && v >= 0 && v <= RF_PARAM_MAX;
        *lo = *hi = (int)v;
    } else if (t == LUA_TSTRING) {
        ok = rf_range_parse(lua_tostring(L, -1), 0, RF_PARAM_MAX, lo, hi);
    } else if (t == LUA_TTABLE) {
        lua_Integer a, b;
        int ia, ib;
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        a = lua_tointegerx(L, -2, &ia);
        b = lua_tointegerx(L, -1, &ib);
        lua_pop(L, 2);
        ok = ia && ib && a >= 0 && a <= b && b <= RF_PARAM_MAX;
        *lo = (int)a;
        *hi = (int)b;
    } else {
        ok = false;
    }
    lua_pop(L, 1);
    if (!ok)
        luaL_error(L, "%s: parameter '%s' must be a whole number 0-%d, a range {lo, hi} or \"lo-hi\"",
                   lp->step, key, RF_PARAM_MAX);
    if (set)
        rf_recipe_check_range(L, lp->r, lp->step, key, *lo, *hi);
    return set;
}

/* The step's parameter source: its argument 2, else the profile's table.
 * Given the profile's table, the step reads every key knows says it knows
 * (some only on some paths: dig_crawl's rooms without a rooms-file), all
 * marked read at once, so it reads the values behind the table directly
 * (through the table, each read was a metamethod call that marked its key:
 * a tenth of a million instructions a Brogue step). */
static rf_params params_at(lua_State *L, rf_recipe_run *r, const char *step,
                           bool (*knows)(const char *key), lua_params *lp)
{
    rf_params src = {lua_param_get, lp};
    if (lua_isnoneornil(L, 2)) {
        lua_settop(L, 1);
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->params_ref);
    } else {
        luaL_checktype(L, 2, LUA_TTABLE);
        lua_settop(L, 2);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->params_ref);
    if (lua_rawequal(L, 2, 3) && r->values_ref != LUA_NOREF) {
        rf_recipe_mark_known(r, knows);
        lua_rawgeti(L, LUA_REGISTRYINDEX, r->values_ref);
        lua_replace(L, 2);
    }
    lua_settop(L, 2);
    lp->L = L;
    lp->r = r;
    lp->idx = 2;
    lp->step = step;
    return src;
}

/* The keys of the steps that read one or two of the pipeline's own. */
static bool special_knows(const char *key) { return strcmp(key, "single-monster") == 0; }
static bool populate_knows(const char *key) { return strcmp(key, "traps") == 0; }

/* Stairs on lv (passes/seam.h), their positions kept in lv; o's up_x,
 * up_y when up_near (a run's aligned stairs), clamped into the level. */
static rf_status place_stairs(rf_level *lv, const rf_level_opts *o, rf_rng *layout)
{
    int up, down, w = lv->g->w, near = -1;
    rf_status st;
    if (o->up_near)
        near = (o->up_y < lv->g->h ? o->up_y : lv->g->h - 1) * w + (o->up_x < w ? o->up_x : w - 1);
    st = rf_stairs_place(lv->g, &lv->rooms, &lv->objs, lv->depth, near, layout, &up, &down);
    if (st != RF_OK)
        return st;
    lv->up_x = up % w;
    lv->up_y = up / w;
    lv->down_x = down % w;
    lv->down_y = down / w;
    return RF_OK;
}

/* ---- order ---- */

static void need_dug(lua_State *L, rf_recipe_run *r, const char *step)
{
    if (!r->lv->g)
        luaL_error(L, "%s: nothing is dug yet (call a dig step first)", step);
    if (r->brogue && !r->brogue_done)
        luaL_error(L, "%s: the Brogue dig is not finished (call brogue_finish first)", step);
}

/* The placer's options: the level's templates and forced rooms, and what
 * the profile says at its depth (what W, L, I, G become; templates drawn):
 * keys the run reads from the profile itself, whatever the recipe passes. */
static void place_opts(rf_recipe_run *r, rf_place_opts *po)
{
    static const char *const keys[4] = {"water-tile", "lava-tile", "ice-tile", "goo-tile"};
    int k;
    rf_place_opts_init(po);
    po->templates = r->o->templates;
    po->rooms = r->o->rooms;
    po->nrooms = r->o->nrooms;
    po->used = r->o->used_rooms;
    po->nused = r->o->nused_rooms;
    po->used_groups = r->o->used_groups;
    po->nused_groups = r->o->nused_groups;
    po->depth = r->o->depth;
    po->seed = r->seed;
    po->force_variant = r->o->force_variant;
    po->variant = r->o->variant;
    for (k = 0; k < 4; k++)
        po->terrain[k] = rf_recipe_int(r, keys[k], po->terrain[k]);
    (void)rf_recipe_range(r, "templates", &po->count_lo, &po->count_hi);
    po->orient = rf_recipe_int(r, "orient", RF_PLACE_ORIENT_TEMPLATE);
    po->retry = r->retry;
    po->nretry = r->nretry;
    /* one entry left out is worth a retry up to the share (level_retry.c):
     * up to there a scan costs less than a level made again */
    po->scan_upto = RF_RECIPE_RETRY_SHARE;
}

/* The attempts the placer may make for the templates it draws: the scaled
 * count's high end, RF_PLACE_BUDGET_DRAWN each. */
static long long template_work(const rf_recipe_run *r, const rf_place_opts *po)
{
    int lo, hi;
    if (!r->o->templates)
        return 0;
    rf_place_count_range(po->count_lo, po->count_hi, r->lv->g->w, r->lv->g->h, &lo, &hi);
    return (long long)RF_PLACE_BUDGET_DRAWN * ((hi > 0 ? hi : 0) + (long long)r->o->nrooms);
}

/* Makes the grid for dig step step at the caller's size, else the digger's
 * (size with src and the rooms-file); true when made. A probe stops here:
 * it keeps the size, stops the script and the step returns at once. */
static bool make_grid(lua_State *L, rf_recipe_run *r, const char *step,
                      rf_status (*size)(const rf_params *, const struct rf_rooms_file *, int *,
                                        int *),
                      const rf_params *src)
{
    rf_level *lv = r->lv;
    int w = r->o->width, h = r->o->height;
    rf_place_opts po;
    rf_status st;
    if (lv->g)
        luaL_error(L, "%s: the level is already dug (by %s)", step, r->dug);
    if (w == 0) {
        st = size(src, r->o->rooms_file, &w, &h);
        if (st == RF_ERR_ARG)
            luaL_error(L, "%s: parameter 'rooms' names no bundled rooms-file", step);
        if (st != RF_OK)
            step_fail(L, r, st, step);
    }
    if (r->probe) {
        r->probe_w = w;
        r->probe_h = h;
        rf_luavm_stop(L);
        return false;
    }
    lv->g = rf_grid_new(w, h);
    lv->choke = rf_calloc((size_t)w * (size_t)h, sizeof *lv->choke);
    lv->loop = rf_calloc((size_t)w * (size_t)h, 1);
    lv->maps_t = rf_alloc((size_t)w * (size_t)h);
    lv->maps_made = false;
    if (!lv->g || !lv->choke || !lv->loop || !lv->maps_t)
        step_fail(L, r, RF_ERR_NOMEM, step);
    r->dug = step;
    place_opts(r, &po);
    /* Brogue attaches its templates; under the bundled recipes, which place
     * them right after digging, the other diggers reserve the drawn ones on
     * a level's first run (a retry reserves only what failed). A recipe
     * file keeps the fit after digging (it may never place templates)
     * unless its profile asks for the reservation (reserve-templates 1, the
     * caverns profile: a cave's walls take few templates, and a retry would
     * reserve them anyway). */
    po.reserve_drawn = !r->retry && rf_recipe_int(r, "reserve-templates",
                                                  r->bundled && size != rf_level_brogue_size) != 0;
    if (!rf_recipe_charge(L, r, step, template_work(r, &po)))
        return false;
    st = rf_place_begin(lv->g, &lv->rooms, &lv->objs, &po, r->d, &r->placer);
    if (st != RF_OK)
        step_fail(L, r, st, step);
    return true;
}

/* ---- dig steps ---- */

static int step_brogue_rooms(lua_State *L)
{
    rf_recipe_run *r = run_of(L);
    lua_params lp;
    rf_params src = params_at(L, r, "brogue_rooms", rf_level_brogue_knows, &lp);
    rf_brogue_params bp;
    rf_status st;
    if (!make_grid(L, r, "brogue_rooms", rf_level_brogue_size, &src))
        return 0;
    rf_level_brogue_params(&src, r->lv->depth, r->lv->g->w, r->lv->g->h, &bp);
    if (!rf_recipe_charge(L, r, "brogue_rooms",
                          (long long)bp.attempts * (bp.tries_per_attempt > 1 ? bp.tries_per_attempt : 1)))
        return 0;
    /* templates attach during accretion (place_attach.c) */
    r->attach = (rf_brogue_attach){rf_place_attach_step, r->placer, rf_place_keep_out(r->placer)};
    st = rf_brogue_run_new(r->lv->g, &r->lv->rooms, NULL, 0, &r->layout, &r->cosmetic,
                           r->o->templates ? &r->attach : NULL, &r->brogue);
    if (st == RF_OK)
        st = rf_brogue_run_rooms(r->brogue, &bp);
    if (st == RF_ERR_ARG)
        luaL_error(L, "brogue_rooms: a parameter is out of the digger's range");
    if (st != RF_OK)
        step_fail(L, r, st, "brogue_rooms");
    return 0;
}

/* The attempts a Brogue stage makes: loop attempts, lakes times their
 * tries, one for the finish (its passes are bounded by the level's area). */
static long long stage_work(rf_status (*stage)(rf_brogue_run *, const rf_brogue_params *),
                            const rf_brogue_params *bp)
{
    if (stage == rf_brogue_run_loops)
        return bp->loop_attempts;
    if (stage == rf_brogue_run_lakes)
        return (long long)bp->lakes * (bp->lake_tries > 1 ? bp->lake_tries : 1);
    return 1;
}

/* The Brogue stages after the rooms: loops, lakes (stage), finish (NULL:
 * the passes, the chokepoint map into the level's, the trap count). */
static int brogue_stage(lua_State *L, const char *step,
                        rf_status (*stage)(rf_brogue_run *, const rf_brogue_params *))
{
    rf_recipe_run *r = run_of(L);
    lua_params lp;
    rf_params src = params_at(L, r, step, rf_level_brogue_knows, &lp);
    rf_brogue_params bp;
    rf_status st;
    if (!r->brogue || r->brogue_done)
        luaL_error(L, "%s: %s", step, r->brogue ? "the Brogue dig is already finished"
                                                : "call brogue_rooms first");
    rf_level_brogue_params(&src, r->lv->depth, r->lv->g->w, r->lv->g->h, &bp);
    if (!rf_recipe_charge(L, r, step, stage_work(stage, &bp)))
        return 0;
    /* the finish's chokepoint map is made only if populate reads it before
     * the level changes (templates, special rooms and machines make it
     * again): its tiles wait in maps_t, free while maps_made is false */
    st = stage ? stage(r->brogue, &bp)
               : rf_brogue_run_finish(r->brogue, &bp, NULL, r->lv->maps_t);
    if (st == RF_ERR_ARG)
        luaL_error(L, "%s: a parameter is out of the digger's range", step);
    if (st != RF_OK)
        step_fail(L, r, st, step);
    if (!stage) {
        r->lv->traps = rf_brogue_run_info(r->brogue)->traps;
        r->brogue_done = true;
        r->choke_stale = false; /* the passes' map, when it is read */
        r->dig_map = true;
        r->lv->maps_made = false; /* maps_t holds the passes' tiles */
    }
    return 0;
}

static int step_brogue_loops(lua_State *L)
{
    return brogue_stage(L, "brogue_loops", rf_brogue_run_loops);
}

static int step_brogue_lakes(lua_State *L)
{
    return brogue_stage(L, "brogue_lakes", rf_brogue_run_lakes);
}

static int step_brogue_finish(lua_State *L) { return brogue_stage(L, "brogue_finish", NULL); }

/* The attempts a one-call digger makes: NetHack's tries (failures in a row
 * before it gives up) for each room, DungeonMaker's crawler lifetime. */
static long long dig_work(const rf_params *src, bool nethack)
{
    int lo = 100, hi; /* both diggers' default */
    (void)src->get(src->ud, nethack ? "tries" : "lifetime", &lo, &hi);
    return (long long)lo + 1;
}

/* A one-call digger: make the grid, dig, report. */
static int dig_once(lua_State *L, const char *step,
                    rf_status (*size)(const rf_params *, const struct rf_rooms_file *, int *, int *))
{
    rf_recipe_run *r = run_of(L);
    lua_params lp;
    rf_params src = params_at(L, r, step,
                              size == rf_level_nethack_size ? rf_level_nethack_knows
                                                            : rf_level_dungeonmaker_knows,
                              &lp);
    rf_status st;
    char why[160] = "a parameter is out of the digger's range";
    if (!make_grid(L, r, step, size, &src))
        return 0;
    if (!rf_recipe_charge(L, r, step, dig_work(&src, size == rf_level_nethack_size)))
        return 0;
    if (size == rf_level_nethack_size) {
        st = rf_level_dig_nethack(r->lv, &src, rf_place_keep_out(r->placer), &r->layout, why,
                                  sizeof why);
    } else {
        st = rf_level_dig_dungeonmaker(r->lv, &src, r->o->rooms_file, rf_place_keep_out(r->placer),
                                       &r->layout, why, sizeof why);
        r->rooms_file_read = true;
    }
    r->choke_stale = true; /* these diggers make no chokepoint map */
    if (st == RF_ERR_ARG)
        luaL_error(L, "%s: %s", step, why);
    if (st != RF_OK)
        step_fail(L, r, st, step);
    return 0;
}

static int step_dig_rects(lua_State *L) { return dig_once(L, "dig_rects", rf_level_nethack_size); }

static int step_dig_crawl(lua_State *L)
{
    return dig_once(L, "dig_crawl", rf_level_dungeonmaker_size);
}

/* ---- after the dig ---- */

static int step_place_templates(lua_State *L)
{
    rf_recipe_run *r = run_of(L);
    const rf_horde_table *ht = r->profiles ? rf_profile_set_hordes(r->profiles) : NULL;
    rf_status st;
    need_dug(L, r, "place_templates");
    if (!rf_recipe_charge(L, r, "place_templates", 1))
        return 0;
    if (r->placed)
        luaL_error(L, "place_templates: the templates are already placed");
    r->placed = true;
    if (!r->o->templates)
        return 0;
    r->choke_stale = true;
    /* Brogue walls its corridors; the other diggers leave rock beside theirs */
    st = rf_place_finish(r->placer, r->brogue != NULL, &r->cosmetic,
                         ht ? ht : rf_horde_table_bundled(), r->d);
    if (st != RF_OK)
        step_fail(L, r, st, "place_templates");
    rf_recipe_measure(r);
    /* the level runs again with that entry reserved: the rest of this run
     * would be thrown away (level_gen.c, run) */
    if (r->cut_ok && rf_recipe_left_out(r)) {
        r->cut = true;
        rf_luavm_stop(L);
    }
    return 0;
}

static int step_stairs(lua_State *L)
{
    rf_recipe_run *r = run_of(L);
    rf_status st;
    need_dug(L, r, "stairs");
    if (!rf_recipe_charge(L, r, "stairs", 1))
        return 0;
    if (r->stairs)
        luaL_error(L, "stairs: the stairs are already placed");
    st = place_stairs(r->lv, r->o, &r->layout);
    if (st == RF_ERR_CONTENT)
        luaL_error(L, "stairs: the level has fewer than two free floor tiles");
    if (st != RF_OK)
        step_fail(L, r, st, "stairs");
    r->stairs = true;
    return 0;
}

/* DoomRL special rooms on the dug rooms (special.h), on stream "special";
 * reads single-monster. Their feelings join the level's. */
static int step_special_rooms(lua_State *L)
{
    rf_recipe_run *r = run_of(L);
    lua_params lp;
    rf_params src = params_at(L, r, "special_rooms", special_knows, &lp);
    rf_special_opts so;
    rf_rng rng;
    rf_status st;
    int lo, hi;
    size_t i;
    need_dug(L, r, "special_rooms");
    if (!rf_recipe_charge(L, r, "special_rooms", 1))
        return 0;
    so.depth = r->lv->depth;
    so.difficulty = r->o->difficulty ? (rf_difficulty)r->o->difficulty : RF_DIFFICULTY_HMP;
    so.single_monster = src.get(src.ud, "single-monster", &lo, &hi) && lo != 0;
    rf_rng_seed_named(&rng, r->seed, "special");
    r->choke_stale = true;
    st = rf_special_rooms(r->lv->g, &r->lv->rooms, &so, &rng, &r->lv->objs, &r->lv->special);
    for (i = 0; st == RF_OK && i < r->lv->special.nfeelings; i++)
        if (!rf_level_add_feeling(r->lv, r->lv->special.feelings[i]))
            st = RF_ERR_NOMEM;
    if (st != RF_OK)
        step_fail(L, r, st, "special_rooms");
    return 0;
}

/* The trap count: the dig's when it drew one (Brogue draws it at the end of
 * its dig, from the layout stream), else p's `traps` range or the seed's
 * (depth-1)/4 .. (depth-1)/2, drawn from rng. */
static int trap_count(const rf_recipe_run *r, const rf_params *src, rf_rng *rng)
{
    rf_span span = rf_brogue_trap_span(r->lv->depth);
    if (r->brogue_done)
        return r->lv->traps;
    (void)src->get(src->ud, "traps", &span.lo, &span.hi);
    return rf_rng_range(rng, span.lo, span.hi);
}

/* Brogue's machines (DESIGN 17) from the blueprints of rf_level_opts.machines
 * (none without a catalogue), on stream "machines", after the stairs (no
 * machine covers them) and the special rooms (their objects keep machines
 * out); the loop map is made first where a treasure machine is due: only a
 * room behind a chokepoint needs it. */
static int step_machines(lua_State *L)
{
    rf_recipe_run *r = run_of(L);
    rf_machines_opts mo;
    rf_rng rng;
    rf_status st;
    need_dug(L, r, "machines");
    if (!r->stairs)
        luaL_error(L, "machines: place the stairs first (no machine covers them)");
    if (r->machines)
        luaL_error(L, "machines: the machines are already placed");
    if (!rf_recipe_charge(L, r, "machines", 1))
        return 0;
    r->machines = true;
    if (!r->o->machines)
        return 0;
    memset(&mo, 0, sizeof mo);
    mo.catalogue = r->o->machines;
    mo.run_seed = r->o->seed;
    mo.depth = r->lv->depth;
    mo.up_x = r->lv->up_x, mo.up_y = r->lv->up_y;
    mo.down_x = r->lv->down_x, mo.down_y = r->lv->down_y;
    rf_rng_seed_named(&rng, r->seed, "machines");
    st = RF_OK;
    if (rf_machines_treasure_count(mo.run_seed, mo.depth) > 0) { /* rooms by requirement */
        mo.loop = r->lv->loop;
        st = rf_recipe_maps(r);
    }
    if (st == RF_OK)
        st = rf_machines_place(r->lv->g, &r->lv->rooms, &mo, &rng, &r->lv->objs, &r->lv->machines);
    if (st == RF_OK && r->lv->machines.n > 0) {
        r->choke_stale = true;
        if (!rf_level_index_machines(r->lv))
            st = RF_ERR_NOMEM;
    }
    if (st != RF_OK)
        step_fail(L, r, st, "machines");
    return 0;
}

/* The Brogue finish's chokepoint map, of the tiles it kept in lv->maps_t
 * (the map populate reads when nothing changed the level since). */
static rf_status dig_map(rf_recipe_run *r)
{
    rf_grid at = *r->lv->g;
    r->dig_map = false;
    at.t = r->lv->maps_t;
    return rf_chokepoints(&at, r->lv->choke, NULL);
}

/* Hordes and traps (populate.h) from the set's tables or the bundled ones,
 * on stream "populate": asleep out of the up stairs' sight, so after them.
 * The chokepoint map is made again first when special rooms, templates or
 * a digger without a map left it stale: traps keep off chokepoints. */
static int step_populate(lua_State *L)
{
    rf_recipe_run *r = run_of(L);
    const rf_horde_table *t = r->profiles ? rf_profile_set_hordes(r->profiles) : NULL;
    lua_params lp;
    rf_params src = params_at(L, r, "populate", populate_knows, &lp);
    rf_populate_opts po;
    rf_rng rng;
    rf_status st;
    need_dug(L, r, "populate");
    if (!r->stairs)
        luaL_error(L, "populate: place the stairs first (hordes sleep out of their sight)");
    if (!rf_recipe_charge(L, r, "populate", 1))
        return 0;
    rf_rng_seed_named(&rng, r->seed, RF_RNG_POPULATE);
    rf_populate_opts_init(&po);
    po.depth = r->lv->depth;
    po.traps = trap_count(r, &src, &rng);
    po.up_x = r->lv->up_x;
    po.up_y = r->lv->up_y;
    po.choke = r->lv->choke;
    r->lv->traps = po.traps;
    st = r->choke_stale ? rf_recipe_maps(r) : r->dig_map ? dig_map(r) : RF_OK;
    if (st == RF_OK)
        st = rf_populate(r->lv->g, &r->lv->rooms, t ? t : rf_horde_table_bundled(), &po, &rng,
                         &r->lv->objs, NULL);
    if (st != RF_OK)
        step_fail(L, r, st, "populate");
    return 0;
}

/* Makes lv->choke and lv->loop of the level's tiles, unless both were last
 * made together of the very same tiles (the same tiles make the same maps:
 * a byte compare costs a fraction of the walk). */
rf_status rf_recipe_maps(rf_recipe_run *r)
{
    rf_level *lv = r->lv;
    size_t n = (size_t)lv->g->w * (size_t)lv->g->h;
    rf_status st;
    r->choke_stale = false;
    r->dig_map = false;
    if (lv->maps_made && memcmp(lv->maps_t, lv->g->t, n) == 0)
        return RF_OK;
    st = rf_chokepoints(lv->g, lv->choke, lv->loop);
    lv->maps_made = st == RF_OK;
    if (st == RF_OK)
        memcpy(lv->maps_t, lv->g->t, n);
    return st;
}

/* ---- asking and telling ---- */

/* level:feeling(text): a feeling is copied into the level, so its length
 * and the level's count are capped (docs/designers.md). */
#define FEELING_MAX_BYTES 256
#define FEELINGS_MAX 64

static int ask_feeling(lua_State *L)
{
    rf_recipe_run *r = run_of(L);
    size_t len;
    const char *text = luaL_checklstring(L, 2, &len);
    if (len > FEELING_MAX_BYTES || memchr(text, '\0', len))
        return luaL_error(L, "feeling: a feeling is one line of at most %d bytes", FEELING_MAX_BYTES);
    if (r->lv->nfeelings >= FEELINGS_MAX)
        return luaL_error(L, "feeling: a level has at most %d feelings", FEELINGS_MAX);
    if (!rf_level_add_feeling(r->lv, text))
        step_fail(L, r, RF_ERR_NOMEM, "feeling");
    return 0;
}

/* level:roll(lo, hi): uniform in [lo, hi] from the "recipe" stream. */
static int ask_roll(lua_State *L)
{
    rf_recipe_run *r = run_of(L);
    lua_Integer lo = luaL_checkinteger(L, 2), hi = luaL_checkinteger(L, 3);
    luaL_argcheck(L, lo <= hi && lo >= -RF_PARAM_MAX && hi <= RF_PARAM_MAX, 3,
                  "roll needs lo <= hi, both within 100000000 of 0");
    lua_pushinteger(L, rf_rng_range(&r->roll, (int)lo, (int)hi));
    return 1;
}

/* level:size(): width and height once dug, else nil. */
static int ask_size(lua_State *L)
{
    rf_recipe_run *r = run_of(L);
    if (!r->lv->g)
        return 0;
    lua_pushinteger(L, r->lv->g->w);
    lua_pushinteger(L, r->lv->g->h);
    return 2;
}

/* level:rooms(): rooms that are not corridors; level:templates(): the
 * placed templates. */
static int ask_rooms(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)rf_level_rooms_proper(run_of(L)->lv));
    return 1;
}

static int ask_templates(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)rf_level_template_count(run_of(L)->lv));
    return 1;
}

static const luaL_Reg steps[] = {
    {"brogue_rooms", step_brogue_rooms},
    {"brogue_loops", step_brogue_loops},
    {"brogue_lakes", step_brogue_lakes},
    {"brogue_finish", step_brogue_finish},
    {"dig_rects", step_dig_rects},
    {"dig_crawl", step_dig_crawl},
    {"place_templates", step_place_templates},
    {"stairs", step_stairs},
    {"special_rooms", step_special_rooms},
    {"machines", step_machines},
    {"populate", step_populate},
    {"feeling", ask_feeling},
    {"roll", ask_roll},
    {"size", ask_size},
    {"rooms", ask_rooms},
    {"templates", ask_templates},
    {NULL, NULL},
};

void rf_recipe_push_level(lua_State *L, rf_recipe_run *r)
{
    lua_newtable(L);
    lua_pushlightuserdata(L, r);
    luaL_setfuncs(L, steps, 1);
    lua_pushinteger(L, r->o->depth);
    lua_setfield(L, -2, "depth");
    lua_pushstring(L, rf_difficulty_name(r->o->difficulty ? (rf_difficulty)r->o->difficulty
                                                          : RF_DIFFICULTY_HMP));
    lua_setfield(L, -2, "difficulty");
    lua_pushstring(L, r->o->profile ? r->o->profile : "brogue");
    lua_setfield(L, -2, "profile");
}

/* The parameter table's metamethods; upvalue 1 the table holding the
 * values, upvalue 2 the run. params[key]: the value, key recorded as read. */
static int params_index(lua_State *L)
{
    rf_recipe_run *r = lua_touserdata(L, lua_upvalueindex(2));
    if (lua_type(L, 2) == LUA_TSTRING)
        rf_recipe_mark(r, lua_tostring(L, 2));
    lua_settop(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
}

/* params[key] = value: kept with the values, so later reads see it. */
static int params_newindex(lua_State *L)
{
    lua_settop(L, 3);
    lua_rawset(L, lua_upvalueindex(1));
    return 0;
}

/* pairs(params): the sandbox's ordered walk of the values; a recipe that
 * walks the table reads every key. */
static int params_pairs(lua_State *L)
{
    rf_recipe_run *r = lua_touserdata(L, lua_upvalueindex(2));
    const char *key;
    size_t i;
    for (i = 0; (key = rf_profile_key_at(r->prof, i)) != NULL; i++)
        rf_recipe_mark(r, key);
    lua_settop(L, 0);
    lua_pushvalue(L, lua_upvalueindex(1));
    return rf_lua_ordered_pairs(L);
}

void rf_recipe_push_params(lua_State *L, rf_recipe_run *r)
{
    static const luaL_Reg meta[] = {
        {"__index", params_index},
        {"__newindex", params_newindex},
        {"__pairs", params_pairs},
        {NULL, NULL},
    };
    const char *key;
    size_t i;
    lua_newtable(L); /* the values */
    lua_pushvalue(L, -1);
    r->values_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    for (i = 0; r->prof && (key = rf_profile_key_at(r->prof, i)) != NULL; i++) {
        int lo, hi;
        if (!rf_profile_range(r->prof, r->o->depth, key, &lo, &hi))
            continue; /* a <depths> row for other depths */
        if (lo == hi) {
            lua_pushinteger(L, lo);
        } else {
            lua_createtable(L, 2, 0);
            lua_pushinteger(L, lo);
            lua_rawseti(L, -2, 1);
            lua_pushinteger(L, hi);
            lua_rawseti(L, -2, 2);
        }
        lua_setfield(L, -2, key);
    }
    lua_newtable(L); /* the table the recipe sees: empty, every access through meta */
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, -3);
    lua_pushlightuserdata(L, r);
    luaL_setfuncs(L, meta, 2);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable"); /* getmetatable(params) gives false */
    lua_setmetatable(L, -2);
    lua_remove(L, -2);
}
