/* engine/src/level/recipe.c: finds a level's recipe, runs it in a sandboxed
 * Lua state and checks what it left behind.
 *
 * Pipeline: level; profile -> recipe -> the steps of recipe_steps.c.
 * Design: a fresh rf_luavm per level (same seed, same level, whatever ran
 * before); the script's failures become one diagnostic at its file:line. A
 * recipe is understood only by running it, never by searching its text.
 */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "level_dig2_int.h"
#include "profile/seam.h"
#include "vm/seam.h"
#include "recipe_int.h"
#include "dig/seam.h"

#define RECIPE_BUDGET 10000000L /* VM instructions of the recipe's own code */

const char *rf_recipe_bundled(const char *name, size_t *len)
{
    const rf_lua_embedded *e;
    size_t n = name ? strlen(name) : 0;
    for (e = rf_lua_recipes; n && e->name; e++)
        if (strncmp(e->name, name, n) == 0 && strcmp(e->name + n, ".lua") == 0) {
            *len = e->len;
            return e->text;
        }
    return NULL;
}

/* ---- which profile keys a run read ---- */

/* Keys the pipeline steps read whatever the digger (recipe_steps.c), for
 * rf_level_recipe_has_param; what a run read is recorded by rf_recipe_mark. */
static const char *const pipeline_keys[] = {
    "special-rooms",  /* 1: DoomRL special rooms (the bundled recipes test it) */
    "single-monster", /* special_rooms: the single-monster level table */
    "populate",       /* 1: hordes and traps (the bundled recipes test it) */
    "machines",       /* 1: Brogue's machines (brogue.lua tests it; DESIGN 17) */
    "traps",          /* populate: the trap count when the dig drew none */
    "templates",      /* templates drawn a level at 79x29 (place.h); default 1-3 */
    "water-tile",     /* what template W, L, I, G become (codes in place.h) */
    "lava-tile",
    "ice-tile",
    "goo-tile",
    "orient",         /* the orientations templates may take: template, none, any */
    "reserve-templates", /* 1: drawn templates reserved before digging (recipe_steps.c) */
};

bool rf_recipe_pipeline_key(const char *key)
{
    size_t i;
    for (i = 0; key && i < sizeof pipeline_keys / sizeof pipeline_keys[0]; i++)
        if (strcmp(pipeline_keys[i], key) == 0)
            return true;
    return false;
}

void rf_recipe_mark(rf_recipe_run *r, const char *key)
{
    size_t i;
    for (i = 0; r->asked && key && i < r->nasked; i++)
        if (!r->asked[i] && rf_text_eq(rf_profile_key_at(r->prof, i), key))
            r->asked[i] = true;
}

int rf_recipe_int(rf_recipe_run *r, const char *key, int def)
{
    rf_recipe_mark(r, key);
    return rf_profile_int(r->prof, r->o->depth, key, def);
}

bool rf_recipe_range(rf_recipe_run *r, const char *key, int *lo, int *hi)
{
    rf_recipe_mark(r, key);
    return rf_profile_range(r->prof, r->o->depth, key, lo, hi);
}

void rf_recipe_mark_known(rf_recipe_run *r, bool (*knows)(const char *key))
{
    size_t i;
    for (i = 0; r->asked && i < r->nasked; i++)
        if (!r->asked[i] && knows(rf_profile_key_at(r->prof, i)))
            r->asked[i] = true;
}

void rf_recipe_report_unread(const rf_recipe_run *r, const bool *asked, rf_diags *d)
{
    const char *file;
    int line;
    size_t i;
    if (!asked)
        asked = r->asked;
    if (!asked || !r->prof || !d)
        return;
    file = rf_profile_file(r->prof, &line);
    for (i = 0; i < r->nasked; i++)
        if (!asked[i]) /* a false return: the sink counts the lost diagnostic */
            (void)rf_diag_add(d, "unknown-param", file, rf_profile_line_at(r->prof, i), 1,
                              "recipe '%s' reads no parameter '%s'; it is ignored", r->name,
                              rf_profile_key_at(r->prof, i));
}

/* ---- running ---- */

typedef struct recipe_src {
    const char *text;
    size_t len;
    const char *file;  /* what diagnostics name */
    char chunk[256];   /* "=" file */
    bool lasting;      /* text lives as long as the profiles (theirs, or bundled),
                        * unlike the caller's: a maker may keep it compiled */
} recipe_src;

typedef struct main_args {
    rf_recipe_run *r;
    const recipe_src *src;
} main_args;

/* The protected body: compile, build level and params, call. The chunk
 * runs in an environment of the one sandbox (luavm.h), as room scripts do,
 * whose math.random draws from the level's seed. */
static int recipe_main(lua_State *L)
{
    main_args *a = lua_touserdata(L, 1);
    rf_rng rng;
    uint64_t seed;
    rf_rng_seed_named(&rng, a->r->seed, "recipe-math");
    seed = (uint64_t)rf_rng_next(&rng) << 32; /* the high word drawn first */
    seed |= rf_rng_next(&rng);
    if (a->r->keep && a->src->lasting) /* a maker's state: compiled on its first level */
        rf_luavm_load_kept(L, a->src->text, a->src->len, a->src->chunk);
    else
        rf_luavm_load(L, a->src->text, a->src->len, a->src->chunk);
    rf_luavm_push_env(L, seed);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    rf_recipe_push_level(L, a->r);
    rf_recipe_push_params(L, a->r);
    lua_pushvalue(L, -1);
    a->r->params_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_call(L, 2, 0);
    return 0;
}

/* The line the recipe's text ends on (where it returned), 1 when empty; a
 * final line break ends the last line rather than starting one. */
static int last_line(const recipe_src *src)
{
    size_t i, n = src->len;
    int line = 1;
    while (n > 0 && (src->text[n - 1] == '\n' || src->text[n - 1] == '\r'))
        n--;
    for (i = 0; i < n && line < 0x7fffffff; i++)
        line += src->text[i] == '\n';
    return line;
}

static rf_status incomplete(rf_recipe_run *r, const recipe_src *src, const char *what)
{
    if (r->d) /* at the end of the recipe, which it reached without doing what */
        (void)rf_diag_add(r->d, "recipe-incomplete", src->file, last_line(src), 1,
                          "recipe '%s' %s", r->name, what);
    return RF_ERR_CONTENT;
}

/* What the recipe must have done once its script returned. */
static rf_status check_done(rf_recipe_run *r, const recipe_src *src)
{
    if (!r->lv->g)
        return incomplete(r, src, "never digs the level (call brogue_rooms, dig_rects or dig_crawl)");
    if (r->brogue && !r->brogue_done)
        return incomplete(r, src, "calls brogue_rooms but never brogue_finish");
    if (!r->placed && r->placer && rf_place_is_started(r->placer))
        return incomplete(r, src, "leaves templates half placed: call level:place_templates()");
    if (!r->stairs)
        return incomplete(r, src, "never places the stairs (call level:stairs())");
    if (r->o->rooms_file && !r->rooms_file_read) {
        if (r->d)
            (void)rf_diag_add(r->d, "rooms-file-unused", src->file, 0, 0,
                              "recipe '%s' did not read the rooms-file: it never called dig_crawl",
                              r->name);
        return RF_ERR_ARG;
    }
    return RF_OK;
}

/* The recipe text of r: the caller's, the profile's own file, else the
 * bundled one of its name. When there is none: unknown-recipe at the
 * profile's line, RF_ERR_CONTENT (the profiles file names it), or without a
 * profile RF_ERR_ARG (the caller named it). */
static rf_status find_source(rf_recipe_run *r, recipe_src *src)
{
    const char *file = NULL;
    memset(src, 0, sizeof *src);
    if (r->o->recipe) { /* the caller's, instead of the profile's */
        src->text = r->o->recipe;
        src->len = r->o->recipe_len;
        file = r->o->recipe_file ? r->o->recipe_file : "recipe";
        r->name = file;
    } else if (r->prof) {
        src->text = rf_profile_recipe_text(r->prof, &src->len, &file);
    }
    src->lasting = !r->o->recipe;
    if (src->text) {
        snprintf(src->chunk, sizeof src->chunk, "=%.250s", file);
    } else {
        src->text = rf_recipe_bundled(r->name, &src->len);
        snprintf(src->chunk, sizeof src->chunk, "=scripts/levels/%.200s.lua", r->name);
        r->bundled = src->text != NULL;
    }
    src->file = src->chunk + 1; /* bundled: the repository's file */
    if (!src->text && r->prof) {
        int line;
        file = rf_profile_file(r->prof, &line);
        if (r->d)
            (void)rf_diag_add(r->d, "unknown-recipe", file, line, 1,
                              "no bundled recipe called '%s' (a recipe file's name ends in .lua)",
                              r->name);
        return RF_ERR_CONTENT;
    }
    if (!src->text) {
        if (r->d)
            (void)rf_diag_add(r->d, "unknown-recipe", "profiles", 0, 0, "no recipe called '%s'",
                              r->name);
        return RF_ERR_ARG;
    }
    return RF_OK;
}

rf_status rf_recipe_run_level(rf_recipe_run *r)
{
    recipe_src src;
    main_args args;
    rf_luavm_fail fail;
    rf_luavm *vm;
    rf_status st;
    st = find_source(r, &src);
    if (st != RF_OK)
        return st;
    vm = r->keep ? *r->keep : NULL;
    if (vm)
        rf_luavm_recycle(vm);
    else if (!(vm = rf_luavm_new(0, RECIPE_BUDGET)))
        return RF_ERR_NOMEM;
    r->seed = rf_rng_depth_seed(r->o->seed, r->o->depth);
    rf_rng_seed_named(&r->layout, r->seed, RF_RNG_LAYOUT);
    rf_rng_seed_named(&r->cosmetic, r->seed, RF_RNG_COSMETIC);
    rf_rng_seed_named(&r->roll, r->seed, "recipe");
    r->params_ref = r->values_ref = LUA_NOREF;
    args.r = r;
    args.src = &src;
    st = rf_luavm_call(vm, recipe_main, &args, RECIPE_BUDGET, src.chunk, &fail);
    /* a maker keeps the state of a run that ended well (a stopped one too:
     * the stop unwinds like an error), with what the run put in the
     * registry released; a failed run's state goes */
    if (r->keep && st == RF_OK && r->st == RF_OK) {
        lua_State *L = rf_luavm_state(vm);
        luaL_unref(L, LUA_REGISTRYINDEX, r->params_ref);
        luaL_unref(L, LUA_REGISTRYINDEX, r->values_ref);
        *r->keep = vm;
    } else {
        rf_luavm_free(vm);
        if (r->keep)
            *r->keep = NULL;
    }
    if (r->st != RF_OK)
        return r->st; /* a step failed and said why (or memory ran out), even if
                       * the script caught its error with pcall and went on */
    if (st == RF_OK && fail.stopped)
        return RF_OK; /* a probe's first dig step had the size and stopped the script */
    if (st == RF_ERR_SCRIPT) {
        if (r->d)
            (void)rf_diag_add(r->d, fail.code, src.file, fail.line > 0 ? fail.line : 1, 0,
                              "recipe '%s': %s", r->name, fail.msg);
        return RF_ERR_SCRIPT;
    }
    if (st != RF_OK)
        return st;
    if (r->probe)
        return incomplete(r, &src, "never digs the level");
    st = check_done(r, &src);
    /* a chasm's edge a later step walled off (a template, a lava room) sinks:
     * every walkable tile of the finished level is reached (DESIGN 6) */
    if (st == RF_OK)
        st = rf_grid_sink_stranded(r->lv->g, NULL);
    /* the maps rf_level_choke and rf_level_in_loop give are the finished
     * level's (made again unless the tiles are the ones they were made of) */
    return st == RF_OK ? rf_recipe_maps(r) : st;
}
