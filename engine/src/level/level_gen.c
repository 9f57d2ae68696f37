/* engine/src/level/level_gen.c: rf_level_generate: the profile, its recipe,
 * one level; and rf_level_default_size.
 *
 * Pipeline: level; resolves the profile and runs its recipe (recipe.c), then
 * reports the profile parameters the recipe never read (unknown-param).
 * Design: the default size is a probe run that stops at the first dig step.
 * A drawn template that found no place is retried: the level runs again
 * with it reserved before digging, as forced rooms are (run).
 */
#include <string.h>

#include "core/seam.h"
#include "level_dig2_int.h"
#include "profile/seam.h"
#include "recipe_int.h"

#define RETRY_RUNS 3 /* a level's runs at most: the first and two retries */

/* A bundled recipe and the keys of the dig steps it calls. */
typedef struct recipe_row {
    const char *name;
    bool (*knows)(const char *key);
} recipe_row;

static const recipe_row recipes[] = {
    {"brogue", rf_level_brogue_knows},
    {"nethack", rf_level_nethack_knows},
    {"dungeonmaker", rf_level_dungeonmaker_knows},
};

static const recipe_row *find_recipe(const char *name)
{
    size_t i;
    for (i = 0; name && i < sizeof recipes / sizeof recipes[0]; i++)
        if (strcmp(recipes[i].name, name) == 0)
            return &recipes[i];
    return NULL;
}

bool rf_level_has_recipe(const char *name)
{
    size_t len;
    return name && rf_recipe_bundled(name, &len) != NULL;
}

bool rf_level_recipe_has_param(const char *recipe, const char *key)
{
    const recipe_row *row = find_recipe(recipe);
    return row && key && (row->knows(key) || rf_recipe_pipeline_key(key));
}

void rf_level_opts_init(rf_level_opts *o)
{
    memset(o, 0, sizeof *o);
    o->profile = "brogue";
    o->seed = 1;
    o->depth = 1;
    o->width = 0; /* the recipe's digger's own size */
    o->height = 0;
    o->difficulty = RF_DIFFICULTY_HMP;
}

/* The profile o names (NULL without a set) and its recipe's name;
 * RF_ERR_ARG, reported to d, for an unknown profile. */
static rf_status resolve(const rf_profile_set *profiles, const rf_level_opts *o,
                         const rf_profile **prof, const char **recipe, rf_diags *d)
{
    const char *name = o->profile ? o->profile : "brogue";
    *prof = NULL;
    *recipe = name;
    if (!profiles)
        return RF_OK;
    *prof = rf_profile_find(profiles, name);
    if (!*prof) {
        int line;
        const char *file = rf_profile_set_file(profiles, &line);
        if (d) /* at the profiles file the name was looked for in */
            (void)rf_diag_add(d, "unknown-profile", file ? file : "profiles", file ? line : 0,
                              file && line ? 1 : 0, "no profile called '%s'", name);
        return RF_ERR_ARG;
    }
    *recipe = rf_profile_recipe(*prof);
    return RF_OK;
}

static bool size_ok(int w, int h)
{
    return w >= RF_LEVEL_MIN_W && h >= RF_LEVEL_MIN_H && w <= RF_LEVEL_MAX_SIDE &&
           h <= RF_LEVEL_MAX_SIDE;
}

/* ---- the options' checks: one a field, walked by one loop; each says
 * what is wrong (bad-level-option) and returns false, or returns true ---- */

#define BAD(...) ((void)(d && rf_diag_add(d, "bad-level-option", "roomforge", 0, 0, __VA_ARGS__)), false)

static bool depth_ok(const rf_level_opts *o, rf_diags *d)
{
    return (o->depth >= 1 && o->depth <= RF_LEVEL_MAX_DEPTH) ||
           BAD("depth %d is outside 1..%d", o->depth, RF_LEVEL_MAX_DEPTH);
}

static bool size_given_ok(const rf_level_opts *o, rf_diags *d)
{
    if ((o->width == 0) != (o->height == 0))
        return BAD("width and height go together (both 0: the profile's size), not %dx%d",
                   o->width, o->height);
    return o->width == 0 || size_ok(o->width, o->height) ||
           BAD("size %dx%d is outside %dx%d..%dx%d", o->width, o->height, RF_LEVEL_MIN_W,
               RF_LEVEL_MIN_H, RF_LEVEL_MAX_SIDE, RF_LEVEL_MAX_SIDE);
}

static bool difficulty_ok(const rf_level_opts *o, rf_diags *d)
{
    return (o->difficulty >= 0 && o->difficulty <= RF_DIFFICULTY_NIGHTMARE) ||
           BAD("difficulty %d is not 1..5 (0: hmp)", o->difficulty);
}

static bool rooms_ok(const rf_level_opts *o, rf_diags *d)
{
    size_t i;
    if (o->nrooms > 0 && !o->rooms)
        return BAD("%zu forced rooms without their names", o->nrooms);
    for (i = 0; i < o->nrooms; i++)
        if (!o->rooms[i])
            return BAD("forced room %zu has no name", i + 1);
    return true;
}

static bool recipe_ok(const rf_level_opts *o, rf_diags *d)
{
    return o->recipe || o->recipe_len == 0 ||
           BAD("a recipe of %zu bytes without its text", o->recipe_len);
}

static bool up_ok(const rf_level_opts *o, rf_diags *d)
{
    return !o->up_near ||
           (o->up_x >= 0 && o->up_y >= 0 && o->up_x < RF_LEVEL_MAX_SIDE &&
            o->up_y < RF_LEVEL_MAX_SIDE) ||
           BAD("up stairs near (%d, %d): outside every level", o->up_x, o->up_y);
}

static bool used_ok(const rf_level_opts *o, rf_diags *d)
{
    return o->nused_rooms == 0 || o->used_rooms ||
           BAD("%zu used rooms without their names", o->nused_rooms);
}

static bool groups_ok(const rf_level_opts *o, rf_diags *d)
{
    return o->nused_groups == 0 || o->used_groups ||
           BAD("%zu used groups without their names", o->nused_groups);
}

#undef BAD

static bool (*const checks[])(const rf_level_opts *o, rf_diags *d) = {
    depth_ok, size_given_ok, difficulty_ok, rooms_ok, recipe_ok, up_ok, used_ok, groups_ok};

rf_status rf_level_opts_check(const rf_level_opts *o, rf_diags *d)
{
    bool ok = true;
    size_t i;
    if (!o) {
        if (d)
            (void)rf_diag_add(d, "bad-level-option", "roomforge", 0, 0, "no level options");
        return RF_ERR_ARG;
    }
    for (i = 0; i < sizeof checks / sizeof checks[0]; i++)
        ok = checks[i](o, d) && ok; /* every bad option is told, not the first */
    return ok ? RF_OK : RF_ERR_ARG;
}

/* A level without a grid, for a recipe run over o. */
static rf_level *level_new(const rf_level_opts *o)
{
    rf_level *lv = rf_calloc(1, sizeof *lv);
    if (!lv)
        return NULL;
    lv->seed = o->seed;
    lv->depth = o->depth;
    rf_room_list_init(&lv->rooms);
    rf_placed_list_init(&lv->objs);
    return lv;
}

/* Copies what became of each template the placer planned into lv
 * (rf_level_plan_at). RF_OK or RF_ERR_NOMEM. */
static rf_status keep_plan(rf_level *lv, const rf_placer *pl)
{
    size_t n = rf_place_entry_count(pl), i;
    if (n == 0)
        return RF_OK;
    lv->plan = rf_calloc(n, sizeof *lv->plan);
    if (!lv->plan)
        return RF_ERR_NOMEM;
    for (i = 0; i < n; i++)
        rf_place_entry_at(pl, i, &lv->plan[i]);
    lv->nplan = n;
    return RF_OK;
}

/* Runs o's recipe on a new level (probe: up to its first dig step). A run
 * with a profile that is no probe records in r->asked which of its
 * parameter rows the recipe read. retry (nretry entries, may be NULL): the
 * drawn plan entries the placer reserves before digging. */
static rf_status run_once(const rf_profile_set *profiles, const rf_level_opts *o, bool probe,
                          long long guard_ms, rf_luavm **keep, const bool *retry, size_t nretry,
                          bool cut_ok, rf_recipe_run *r, rf_diags *d)
{
    rf_status st;
    memset(r, 0, sizeof *r);
    r->keep = keep;
    r->retry = retry;
    r->nretry = nretry;
    r->cut_ok = cut_ok;
    if (guard_ms > 0)
        r->deadline_ms = rf_recipe_clock_ms() + (uint64_t)guard_ms;
    if ((st = rf_level_opts_check(o, d)) != RF_OK)
        return st;
    r->profiles = profiles;
    r->o = o;
    r->d = d;
    r->probe = probe;
    st = resolve(profiles, o, &r->prof, &r->name, d);
    if (st != RF_OK)
        return st;
    while (r->prof && !probe && rf_profile_key_at(r->prof, r->nasked))
        r->nasked++;
    if (r->nasked > 0 && !(r->asked = rf_calloc(r->nasked, sizeof *r->asked)))
        return RF_ERR_NOMEM;
    r->lv = level_new(o);
    if (!r->lv)
        return RF_ERR_NOMEM;
    st = rf_recipe_run_level(r);
    if (st == RF_OK && !probe)
        st = keep_plan(r->lv, r->placer);
    if (st == RF_OK && !probe && !r->measured) /* a recipe that placed no templates */
        rf_recipe_measure(r);
    /* the rooms' records point at the variants drawn: the level keeps them */
    if (rf_place_take_variants(r->placer, &r->lv->variants, &r->lv->nvariants) != RF_OK &&
        st == RF_OK)
        st = RF_ERR_NOMEM;
    rf_place_free(r->placer);
    rf_brogue_run_free(r->brogue);
    r->brogue = NULL;
    r->placer = NULL;
    r->retry = NULL;
    r->nretry = 0;
    r->keep = NULL;
    return st;
}

/* Marks in retry (n entries) the drawn entries of lv's plan that found no
 * place; true when those not marked before are worth a retry
 * (rf_recipe_worth_retry, the rule that stopped the run). */
static bool mark_unplaced(const rf_level *lv, bool *retry, size_t n)
{
    size_t i, drawn = 0, grew = 0;
    for (i = 0; i < lv->nplan && i < n; i++) {
        const rf_place_entry *e = &lv->plan[i];
        drawn += !e->forced;
        if (!e->forced && !e->placed && e->why == RF_PLACE_BUDGET && !retry[i]) {
            retry[i] = true;
            grew++;
        }
    }
    return rf_recipe_worth_retry(drawn, grew);
}

/* Drops run r's level and what it recorded. */
static void run_drop(rf_recipe_run *r)
{
    rf_level_free(r->lv);
    rf_free(r->asked);
    r->lv = NULL;
    r->asked = NULL;
}

/* run_once, and when a drawn template found no place (one of any plan
 * under RF_RECIPE_RETRY_SHARE drawn entries, a share of a larger one:
 * rf_recipe_worth_retry), the level again with it reserved before digging
 * as a forced room is: the plan comes from its
 * own stream, so the retry draws the same templates, and what is placed
 * follows their weights, big rooms too. A retry that leaves another drawn
 * entry out runs once more with both, RETRY_RUNS runs in all; a retry
 * that fails, whose digger was left less than half the ground the run
 * before made (the reserved boxes took its room), or that left a template
 * room walled up, keeps the run before it. Both are measured as the
 * templates are placed (level_retry.c), and a run that will be made again
 * stops there; when the run after it is not kept, it is made again whole
 * (same seed, same retry: the same level, now finished). The diagnostics
 * are the kept run's (staged, then added to d). Same seed, same runs: same
 * level. */
static rf_status run(const rf_profile_set *profiles, const rf_level_opts *o, bool probe,
                     long long guard_ms, rf_luavm **keep, rf_recipe_run *r, rf_diags *d)
{
    rf_recipe_run next;
    rf_diags *kept = NULL, *more = NULL;
    bool *retry = NULL, *ran = NULL; /* the retry set growing; the one r ran with */
    size_t n;
    rf_status st;
    int k;
    memset(r, 0, sizeof *r);
    if (probe || !o || !o->templates)
        return run_once(profiles, o, probe, guard_ms, keep, NULL, 0, false, r, d);
    if (d && !(kept = rf_diags_new_staging()))
        return RF_ERR_NOMEM;
    st = run_once(profiles, o, false, guard_ms, keep, NULL, 0, RETRY_RUNS > 1, r, kept);
    n = st == RF_OK ? r->lv->nplan : 0;
    for (k = 1; st == RF_OK && k < RETRY_RUNS; k++) {
        rf_status again;
        bool take;
        if (!retry && (!(retry = rf_calloc(n ? n : 1, sizeof *retry)) ||
                       !(ran = rf_calloc(n ? n : 1, sizeof *ran)))) {
            st = RF_ERR_NOMEM;
            break;
        }
        if (!mark_unplaced(r->lv, retry, n))
            break; /* r placed all it drew, or nearly: it ran whole (rf_recipe_left_out) */
        if (d && !(more = rf_diags_new_staging())) {
            st = RF_ERR_NOMEM;
            break;
        }
        again = run_once(profiles, o, false, guard_ms, keep, retry, n, k + 1 < RETRY_RUNS, &next,
                         more);
        take = again == RF_OK && 2 * next.ground >= r->ground && next.whole;
        if (!take) {
            run_drop(&next);
            rf_diags_free(more);
            more = NULL;
            if (again == RF_ERR_NOMEM)
                st = again;
            else if (r->cut) { /* r is kept: made again, whole this time */
                rf_diags *whole = NULL;
                run_drop(r);
                if (d && !(whole = rf_diags_new_staging()))
                    st = RF_ERR_NOMEM;
                else
                    st = run_once(profiles, o, false, guard_ms, keep, k > 1 ? ran : NULL, n,
                                  false, r, whole);
                rf_diags_free(kept);
                kept = whole;
            }
            break;
        }
        run_drop(r);
        *r = next;
        memcpy(ran, retry, n ? n : 1);
        rf_diags_free(kept);
        kept = more;
        more = NULL;
    }
    rf_free(retry);
    rf_free(ran);
    r->d = d;
    if (kept && !rf_diags_append(d, kept) && st == RF_OK)
        st = RF_ERR_NOMEM;
    rf_diags_free(kept);
    return st;
}

rf_status rf_level_default_size(const rf_profile_set *profiles, const rf_level_opts *o, int *w,
                                int *h, rf_diags *d)
{
    rf_level_opts probe;
    rf_recipe_run r;
    rf_status st;
    if (!o || !w || !h)
        return RF_ERR_ARG;
    probe = *o;
    probe.width = probe.height = 0;
    probe.templates = NULL;
    probe.rooms = NULL;
    probe.nrooms = 0;
    st = run(profiles, &probe, true, 0, NULL, &r, d);
    rf_level_free(r.lv);
    rf_free(r.asked);
    if (st != RF_OK)
        return st;
    *w = r.probe_w;
    *h = r.probe_h;
    return RF_OK;
}

rf_status rf_level_run(const rf_profile_set *profiles, const rf_level_opts *o, long long guard_ms,
                       rf_recipe_run *r, rf_diags *d)
{
    return run(profiles, o, false, guard_ms, NULL, r, d);
}

rf_status rf_level_generate(const rf_profile_set *profiles, const rf_level_opts *o, rf_level **out,
                            rf_diags *d)
{
    return rf_level_generate_kept(profiles, NULL, o, out, d);
}

rf_status rf_level_generate_kept(const rf_profile_set *profiles, rf_luavm **keep,
                                 const rf_level_opts *o, rf_level **out, rf_diags *d)
{
    rf_recipe_run r;
    rf_status st;
    size_t e0 = d ? rf_diags_errors(d) : 0;
    if (!out) {
        if (d)
            (void)rf_diag_add(d, "bad-level-option", "roomforge", 0, 0, "no place for the level");
        return RF_ERR_ARG;
    }
    *out = NULL;
    if (!o)
        return rf_level_opts_check(o, d);
    st = run(profiles, o, false, 0, keep, &r, d);
    if (st == RF_OK)
        rf_recipe_report_unread(&r, NULL, d);
    rf_free(r.asked);
    if (st != RF_OK) {
        rf_level_free(r.lv);
        /* every failure is explained once, here for every front end */
        if (st != RF_ERR_NOMEM && d && rf_diags_errors(d) == e0)
            (void)rf_diag_add(d, "level-failed", o->profile ? o->profile : "brogue", 0, 0,
                              "profile '%s': seed %llu, depth %d: %s",
                              o->profile ? o->profile : "brogue", (unsigned long long)o->seed,
                              o->depth,
                              st == RF_ERR_CONTENT ? "its numbers cannot make a level"
                                                   : rf_status_str(st));
        return st;
    }
    *out = r.lv;
    return RF_OK;
}
