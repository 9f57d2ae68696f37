/* engine/src/level/recipe.c: finds a level's recipe, runs it in a sandboxed Lua
 * state and checks what it left behind.
 *
 * Pipeline: profile -> recipe (this) -> the steps of recipe_steps.c. Design:
 * a recipe is plain Lua text, bundled (scripts/levels, embedded at build) or
 * read by the profile loader from the file a profile names; each level runs
 * it in a fresh rf_luavm (no state survives between levels, so the same seed
 * gives the same level whatever ran before, and two threads may generate
 * with one profile set). The recipe's own instructions are budgeted; the C
 * steps it calls are not. A step that fails for a reason of its own
 * (memory, a forced room) records its status in the run and raises; the
 * script's failures (syntax, error, budget) become one diagnostic at the
 * recipe's file:line. After the script: a level must be dug, a Brogue dig
 * finished, stairs placed and planned templates placed (recipe-incomplete).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "level_dig2_int.h"
#include "vm/lua_embedded.h"
#include "vm/luavm.h"
#include "recipe_int.h"
#include "roomforge/brogue.h"

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

/* Lua line from a "chunk:LINE: msg" message, 0 when absent. */
static int message_line(const char *msg, const char *chunk)
{
    size_t n = strlen(chunk);
    if (strncmp(msg, chunk, n) == 0 && msg[n] == ':')
        return atoi(msg + n + 1);
    return 0;
}

/* The message without its "chunk:LINE: " prefix. */
static const char *message_text(const char *msg, const char *chunk)
{
    const char *p;
    if (!message_line(msg, chunk))
        return msg;
    p = strchr(msg + strlen(chunk) + 1, ':');
    if (!p)
        return msg;
    for (p++; *p == ' '; p++)
        ;
    return p;
}

rf_status rf_recipe_check(const char *text, size_t len, const char *file, rf_diags *d)
{
    rf_luavm *vm = rf_luavm_new(0, 0);
    lua_State *L;
    char chunk[256];
    rf_status st = RF_OK;
    int rc;
    if (!vm)
        return RF_ERR_NOMEM;
    L = rf_luavm_state(vm);
    snprintf(chunk, sizeof chunk, "=%s", file);
    rc = luaL_loadbufferx(L, text, len, chunk, "t");
    if (rc == LUA_ERRMEM) {
        st = RF_ERR_NOMEM;
    } else if (rc != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        int line;
        msg = msg ? msg : "the recipe does not compile";
        line = message_line(msg, chunk + 1);
        (void)rf_diag_add(d, strstr(msg, "binary chunk") ? "script-forbidden" : "script-syntax",
                          file, line > 0 ? line : 1, 0, "recipe: %s", message_text(msg, chunk + 1));
        st = RF_ERR_SCRIPT;
    }
    rf_luavm_free(vm);
    return st;
}

/* ---- which profile keys a recipe reads ---- */

/* Keys the pipeline steps read whatever the digger (recipe_steps.c, place.c). */
static const char *const pipeline_keys[] = {
    "special-rooms",  /* 1: DoomRL special rooms (the bundled recipes test it) */
    "single-monster", /* special_rooms: the single-monster level table */
    "populate",       /* 1: hordes and traps (the bundled recipes test it) */
    "traps",          /* populate: the trap count when the dig drew none */
    "templates",      /* templates drawn a level at 79x29 (place.h); default 1-3 */
    "water-tile",     /* what template W, L, I, G become (codes in place.h) */
    "lava-tile",
    "ice-tile",
    "goo-tile",
};

typedef struct step_keys {
    const char *call; /* a step name as the recipe calls it */
    bool (*knows)(const char *key);
} step_keys;

static const step_keys digger_steps[] = {
    {"brogue_", rf_level_brogue_knows},
    {"dig_rects", rf_level_nethack_knows},
    {"dig_crawl", rf_level_dungeonmaker_knows},
};

static bool is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* True when text names key in quotes ("key", 'key') or as a field (.key). */
static bool mentions(const char *text, const char *key)
{
    size_t n = strlen(key);
    const char *p;
    for (p = strstr(text, key); p; p = strstr(p + 1, key)) {
        char before = p == text ? ' ' : p[-1], after = p[n];
        if ((before == '"' || before == '\'') && after == before)
            return true;
        if (before == '.' && !is_ident(after))
            return true;
    }
    return false;
}

bool rf_recipe_pipeline_key(const char *key)
{
    size_t i;
    for (i = 0; key && i < sizeof pipeline_keys / sizeof pipeline_keys[0]; i++)
        if (strcmp(pipeline_keys[i], key) == 0)
            return true;
    return false;
}

bool rf_recipe_reads(const char *text, const char *key)
{
    size_t i;
    if (!text || !key)
        return false;
    if (rf_recipe_pipeline_key(key))
        return true;
    for (i = 0; i < sizeof digger_steps / sizeof digger_steps[0]; i++)
        if (strstr(text, digger_steps[i].call) && digger_steps[i].knows(key))
            return true;
    return mentions(text, key);
}

/* ---- running ---- */

typedef struct recipe_src {
    const char *text;
    size_t len;
    const char *file;  /* what diagnostics name */
    char chunk[256];   /* "=" file */
} recipe_src;

typedef struct main_args {
    rf_recipe_run *r;
    const recipe_src *src;
} main_args;

/* The protected body: compile, build level and params, call. */
static int recipe_main(lua_State *L)
{
    main_args *a = lua_touserdata(L, 1);
    rf_rng rng;
    /* math.random draws from the level's seed (Lua seeds it from the clock) */
    rf_rng_seed_named(&rng, a->r->o->seed, "recipe-math");
    lua_getglobal(L, "math");
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, (lua_Integer)rf_rng_next(&rng));
    lua_pushinteger(L, (lua_Integer)rf_rng_next(&rng));
    lua_call(L, 2, 0);
    lua_pop(L, 1);
    rf_luavm_load(L, a->src->text, a->src->len, a->src->chunk);
    rf_recipe_push_level(L, a->r);
    rf_recipe_push_params(L, a->r);
    lua_pushvalue(L, -1);
    a->r->params_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_call(L, 2, 0);
    return 0;
}

static rf_status incomplete(rf_recipe_run *r, const recipe_src *src, const char *what)
{
    if (r->d)
        (void)rf_diag_add(r->d, "recipe-incomplete", src->file, 0, 0, "recipe '%s' %s", r->name,
                      what);
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
                          "a rooms-file was given but recipe '%s' never calls dig_crawl", r->name);
        return RF_ERR_ARG;
    }
    return RF_OK;
}

/* The recipe text of r: the profile's own file, else the bundled one of its
 * name. RF_ERR_ARG (reported) when there is none. */
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
    if (src->text) {
        snprintf(src->chunk, sizeof src->chunk, "=%.250s", file);
    } else {
        src->text = rf_recipe_bundled(r->name, &src->len);
        snprintf(src->chunk, sizeof src->chunk, "=scripts/levels/%.200s.lua", r->name);
    }
    src->file = src->chunk + 1; /* bundled: the repository's file */
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
    vm = rf_luavm_new(0, RECIPE_BUDGET);
    if (!vm)
        return RF_ERR_NOMEM;
    rf_rng_seed_named(&r->layout, r->o->seed, RF_RNG_LAYOUT);
    rf_rng_seed_named(&r->cosmetic, r->o->seed, RF_RNG_COSMETIC);
    rf_rng_seed_named(&r->roll, r->o->seed, "recipe");
    r->params_ref = LUA_NOREF;
    args.r = r;
    args.src = &src;
    st = rf_luavm_call(vm, recipe_main, &args, RECIPE_BUDGET, src.chunk, &fail);
    rf_luavm_free(vm);
    if (r->probe && r->probe_w > 0)
        return RF_OK;
    if (r->st != RF_OK)
        return r->st; /* a step failed and said why (or memory ran out), even if
                       * the script caught its error with pcall and went on */
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
    /* the map rf_level_choke gives is the finished level's */
    return st == RF_OK && r->choke_stale ? rf_chokepoints(r->lv->g, r->lv->choke) : st;
}
