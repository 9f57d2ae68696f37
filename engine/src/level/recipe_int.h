/* engine/src/level/recipe_int.h: level recipes: the Lua chunk a profile names runs
 * the diggers, the placer and the passes of one level.
 *
 * Pipeline: profile -> recipe (this) -> dig -> place -> passes -> populate.
 * recipe.c finds the recipe (bundled in scripts/levels, or a file the
 * profile names), runs it in a sandboxed Lua state with the level API of
 * recipe_steps.c and checks what it left; recipe_steps.c holds the steps, one
 * C function each, in one table. A run owns the level's streams and the
 * placer while the recipe runs. The grid is made by the first dig step, at
 * the caller's size or else that digger's own, so a recipe picks its size by
 * picking its digger.
 */
#ifndef RF_RECIPE_INT_H
#define RF_RECIPE_INT_H

#include "dig/brogue.h"
#include "level_int.h"
#include "place/place.h"
#include "vm/lua_embedded.h"

#include <lua.h>

/* Where a step reads its numbers: get is true when key is set, with *lo,
 * *hi (lo == hi for a single value). */
/* The level recipes of scripts/levels ("brogue.lua", ...), embedded at
 * build time as lua_recipes.c; the last entry's name is NULL. */
extern const rf_lua_embedded rf_lua_recipes[];

typedef struct rf_params {
    bool (*get)(void *ud, const char *key, int *lo, int *hi);
    void *ud;
} rf_params;

typedef struct rf_recipe_run {
    rf_level *lv;                   /* grid NULL until the first dig step */
    const rf_profile_set *profiles; /* may be NULL */
    const rf_profile *prof;         /* may be NULL: every step's defaults */
    const rf_level_opts *o;
    rf_diags *d;
    const char *name;               /* the recipe's, for messages */
    rf_rng layout, cosmetic, roll;  /* streams "layout", "cosmetic", "recipe" */
    rf_placer *placer;              /* made by the first dig step, NULL before */
    rf_brogue_run *brogue;          /* a Brogue dig in progress, else NULL */
    rf_brogue_attach attach;           /* the placer's hook into its accretion */
    bool brogue_done;               /* brogue_finish ran */
    const char *dug;                /* the dig step that made the level, NULL before */
    bool placed, stairs;            /* place_templates, stairs ran */
    bool rooms_file_read;           /* dig_crawl read o->rooms_file */
    bool choke_stale;               /* terrain changed since lv->choke was made */
    int params_ref;                 /* registry ref of the profile's parameter table */
    rf_status st;                   /* the first step failure, RF_OK */
    bool probe;                     /* rf_level_default_size: stop at the grid's size */
    int probe_w, probe_h;           /* the size the probe found, 0 before */
} rf_recipe_run;

/* Marks a probe's stop: raised by the first dig step of a probe run. */
#define RF_RECIPE_PROBE_STOP "roomforge: probe stop"

/* Pushes the level table (depth, difficulty, profile and the steps as
 * methods) of run r. */
void rf_recipe_push_level(lua_State *L, rf_recipe_run *r);
/* Pushes the parameter table of the profile at the run's depth: every key
 * set there, a number or {lo, hi} for a range. */
void rf_recipe_push_params(lua_State *L, const rf_recipe_run *r);

/* The Brogue, NetHack and DungeonMaker step bodies (level_brogue.c,
 * level_dig2.c), reading their numbers from src. */
void rf_level_brogue_params(const rf_params *src, int depth, int w, int h, rf_brogue_params *out);
/* RF_ERR_ARG with why (cap bytes) naming a parameter out of the digger's
 * range. rf: the caller's rooms-file or NULL for the bundled one src's
 * "rooms" names. */
rf_status rf_level_dig_nethack(rf_level *lv, const rf_params *src, rf_rng *layout, char *why,
                               size_t cap);
rf_status rf_level_dig_dungeonmaker(rf_level *lv, const rf_params *src,
                                    const struct rf_rooms_file *rf, rf_rng *layout, char *why,
                                    size_t cap);

/* A file recipe's text and path (profile.c), or NULL for a bundled one. */
const char *rf_profile_recipe_text(const rf_profile *p, size_t *len, const char **file);

/* The bundled recipe called name ("brogue"), or NULL; *len its length. */
const char *rf_recipe_bundled(const char *name, size_t *len);
/* Compiles text (never runs it); a syntax error becomes one script-syntax
 * diagnostic at file:line. RF_OK, RF_ERR_SCRIPT, RF_ERR_NOMEM. */
rf_status rf_recipe_check(const char *text, size_t len, const char *file, rf_diags *d);
/* True when key is one the pipeline's own steps read whatever the recipe
 * (special-rooms, populate, templates, the *-tile keys, ...). */
bool rf_recipe_pipeline_key(const char *key);
/* True when a profile whose recipe is text may set key: a pipeline key, a
 * key of a step the text calls, or a key the text names in quotes. */
bool rf_recipe_reads(const char *text, const char *key);
/* Runs the recipe of r (r->lv allocated, without a grid). RF_OK with the
 * level complete; a step's or the script's failure (reported to r->d). */
rf_status rf_recipe_run_level(rf_recipe_run *r);

#endif /* RF_RECIPE_INT_H */
