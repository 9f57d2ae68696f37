/* engine/src/level/recipe_int.h: level recipes: the run of the Lua chunk a
 * profile names, and the step table it calls.
 *
 * Pipeline: level; recipe.c runs the recipe, recipe_steps.c holds its steps
 * (dig, place, passes). A run owns the level's streams (all seeded from the
 * seed and depth together) and the placer, and records the steps called and
 * parameters read (rf_recipe_mark).
 */
#ifndef RF_RECIPE_INT_H
#define RF_RECIPE_INT_H

#include "dig/seam.h"
#include "level_int.h"
#include "place/seam.h"
#include "vm/seam.h"

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
    uint64_t seed;                  /* every stream's: rf_rng_depth_seed(o->seed,
                                     * o->depth), so depths share no stream */
    rf_rng layout, cosmetic, roll;  /* streams "layout", "cosmetic", "recipe" */
    rf_placer *placer;              /* made by the first dig step, NULL before */
    rf_brogue_run *brogue;          /* a Brogue dig in progress, else NULL */
    rf_brogue_attach attach;           /* the placer's hook into its accretion */
    bool brogue_done;               /* brogue_finish ran */
    const char *dug;                /* the dig step that made the level, NULL before */
    bool placed, stairs;            /* place_templates, stairs ran */
    bool machines;                  /* the machines step ran */
    bool rooms_file_read;           /* dig_crawl read o->rooms_file */
    bool choke_stale;               /* terrain changed since lv->choke was made */
    bool dig_map;                   /* lv->choke is due from the Brogue finish's tiles,
                                     * kept in lv->maps_t (made when read: step_populate) */
    struct rf_luavm **keep;         /* the level maker's state (*keep NULL until
                                     * made), kept from run to run; NULL: a fresh
                                     * state for this run alone */
    int params_ref;                 /* registry ref of the profile's parameter table */
    int values_ref;                 /* registry ref of the values behind it (its __index's) */
    bool *asked;                    /* per parameter row of prof: read by the run;
                                     * NULL: not recorded (no profile, a probe) */
    size_t nasked;
    rf_status st;                   /* the first step failure, RF_OK */
    long long work;                 /* attempts charged so far (recipe_work.c) */
    uint64_t deadline_ms;           /* lint's wall-clock guard (monotonic ms), 0: none */
    bool probe;                     /* rf_level_default_size: stop at the grid's size */
    bool bundled;                   /* the recipe is a bundled one (scripts/levels) */
    int probe_w, probe_h;           /* the size the probe found, 0 before */
    const bool *retry;              /* the level's retry: drawn plan entries to
                                     * reserve (rf_place_opts.retry), NULL: none */
    size_t nretry;
    bool cut_ok;                    /* the level may run again: stop after
                                     * place_templates when a drawn entry not in
                                     * retry found no place (level_gen.c, run) */
    bool cut;                       /* the run stopped there */
    bool measured;                  /* ground and whole hold (rf_recipe_measure) */
    long ground;                    /* walkable tiles outside template rooms */
    bool whole;                     /* every template room holds a walkable tile */
} rf_recipe_run;

/* Measures the level as its templates are placed: r->ground, r->whole (the
 * retry's rule reads them). In level_retry.c. */
void rf_recipe_measure(rf_recipe_run *r);
/* Drawn plan entries outside r's retry found no place, enough of them for
 * the level to run again with them reserved (rf_recipe_worth_retry). In
 * level_retry.c. */
bool rf_recipe_left_out(const rf_recipe_run *r);
/* Whether left of a plan's drawn entries (not forced), left out of a run,
 * are worth making the whole level again: any of a plan under
 * RF_RECIPE_RETRY_SHARE drawn entries, one in RF_RECIPE_RETRY_SHARE of a
 * larger one. In level_retry.c. */
#define RF_RECIPE_RETRY_SHARE 100
bool rf_recipe_worth_retry(size_t drawn, size_t left);

/* Makes the level's chokepoint and loop maps (rf_chokepoints) unless they
 * were made of the same tiles already; clears r->choke_stale. RF_OK or
 * RF_ERR_NOMEM. In recipe_steps.c. */
rf_status rf_recipe_maps(rf_recipe_run *r);
/* Records that the run read profile key key (every row of it). */
void rf_recipe_mark(rf_recipe_run *r, const char *key);
/* The profile's value of key at the run's depth (def when it has none),
 * recorded as read: every read of the pipeline's own keys goes through
 * these, so none is read unrecorded (unknown-param stays true). */
int rf_recipe_int(rf_recipe_run *r, const char *key, int def);
/* The profile's range of key at the run's depth, recorded as read; false
 * (lo, hi untouched) when the profile has none there. */
bool rf_recipe_range(rf_recipe_run *r, const char *key, int *lo, int *hi);
/* Records every profile key knows(key) says a step reads. */
void rf_recipe_mark_known(rf_recipe_run *r, bool (*knows)(const char *key));
/* Reports unknown-param (a warning at the profiles file's line) for each
 * parameter row of r's profile the run never read: per r->asked, or per
 * asked when not NULL (the rows any of several runs read). */
void rf_recipe_report_unread(const rf_recipe_run *r, const bool *asked, rf_diags *d);

/* Pushes the level table (depth, difficulty, profile and the steps as
 * methods) of run r. */
void rf_recipe_push_level(lua_State *L, rf_recipe_run *r);
/* Pushes the parameter table of the profile at the run's depth: every key
 * set there, a number or {lo, hi} for a range. The table is a proxy whose
 * reads (and pairs) go through the run, so rf_recipe_mark records every key
 * the recipe or a step asks for, set or not. */
void rf_recipe_push_params(lua_State *L, rf_recipe_run *r);

/* The Brogue, NetHack and DungeonMaker step bodies (level_brogue.c,
 * level_dig2.c), reading their numbers from src. */
void rf_level_brogue_params(const rf_params *src, int depth, int w, int h, rf_brogue_params *out);
/* RF_ERR_ARG with why (cap bytes) naming a parameter out of the digger's
 * range. rf: the caller's rooms-file or NULL for the bundled one src's
 * "rooms" names. keep: the placer's reserved boxes (rf_place_keep_out), or
 * NULL. */
rf_status rf_level_dig_nethack(rf_level *lv, const rf_params *src, const uint8_t *keep,
                               rf_rng *layout, char *why, size_t cap);
rf_status rf_level_dig_dungeonmaker(rf_level *lv, const rf_params *src,
                                    const struct rf_rooms_file *rf, const uint8_t *keep,
                                    rf_rng *layout, char *why, size_t cap);

/* ---- work (recipe_work.c) ---- */

/* Attempts a level of the 79x29 reference size may make in all (Brogue
 * tries, loop and lake tries, NetHack tries, crawler steps, 40 a template
 * drawn); larger levels get it scaled by their area. The bundled profiles
 * take about 10,000. */
#define RF_LEVEL_WORK_REF 200000LL
/* Wall-clock milliseconds a trial level (rf_level_trial) may run. */
#define RF_LEVEL_TRIAL_GUARD_MS 10000LL

/* The monotonic clock in milliseconds (0 when there is none). */
uint64_t rf_recipe_clock_ms(void);
/* The work budget of r's level: RF_LEVEL_WORK_REF scaled by its area. */
long long rf_recipe_work_max(const rf_recipe_run *r);
/* Charges work attempts that step is about to make. True when the level
 * stays within its budget and guard; false when it does not or was stopped
 * before: then one level-budget diagnostic says why, r->st is RF_ERR_CONTENT,
 * the recipe is stopped (rf_luavm_stop) and the step must return at once. */
bool rf_recipe_charge(lua_State *L, rf_recipe_run *r, const char *step, long long work);
/* Where a step's problem is reported: the recipe's file and line of the call
 * (the innermost Lua frame), or the profile's line when its bundled recipe runs on the
 * profile's numbers (line 0 when unknown). */
void rf_recipe_where(lua_State *L, const rf_recipe_run *r, const char **file, int *line);
/* Raises, with one bad-value diagnostic naming step, key, value and range
 * (param_bounds.h), when lo..hi is outside key's bound; returns otherwise. */
void rf_recipe_check_range(lua_State *L, rf_recipe_run *r, const char *step, const char *key,
                           int lo, int hi);

/* The bundled recipe called name ("brogue"), or NULL; *len its length. */
const char *rf_recipe_bundled(const char *name, size_t *len);
/* True when key is one the pipeline's own steps read whatever the recipe
 * (special-rooms, populate, templates, the *-tile keys, ...), for
 * rf_level_recipe_has_param. */
bool rf_recipe_pipeline_key(const char *key);
/* Runs the recipe of r (r->lv allocated, without a grid). RF_OK with the
 * level complete, or with r->probe_w, r->probe_h set when r->probe stopped
 * it at its first dig step; a step's or the script's failure (reported to
 * r->d): an unknown bundled recipe is unknown-recipe, RF_ERR_CONTENT at the
 * profile's line (RF_ERR_ARG without a profile); one that does not compile
 * is script-syntax or script-forbidden at the recipe's line. */
rf_status rf_recipe_run_level(rf_recipe_run *r);
/* rf_level_generate with keep (NULL: a fresh state for each run), the
 * level maker's Lua state kept from level to level (level_maker.c). */
rf_status rf_level_generate_kept(const rf_profile_set *profiles, rf_luavm **keep,
                                 const rf_level_opts *o, rf_level **out, rf_diags *d);
/* rf_level_generate's run (level_gen.c) without its unknown-param report:
 * r->lv the level (complete on RF_OK), r->asked the parameter rows of the
 * profile the recipe read (NULL without a profile). guard_ms > 0 stops a
 * run still going after that many wall-clock ms at its next step
 * (level-budget; lint's trial levels). The caller frees both
 * (rf_level_free, rf_free), whatever the status. */
rf_status rf_level_run(const rf_profile_set *profiles, const rf_level_opts *o, long long guard_ms,
                       rf_recipe_run *r, rf_diags *d);

#endif /* RF_RECIPE_INT_H */
