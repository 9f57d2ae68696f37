/* engine/src/run/run.c: rf_run_new and rf_run_next: the levels of one seed
 * in order, each generated with what the levels above it left (DESIGN 18).
 *
 * Pipeline: run, above level; reads a profile set and base options, makes
 * rf_levels for the caller. Design: a level depends only on the run's state
 * (profile, seed, size, difficulty, depth, the last down stairs, the special
 * rooms used), never on how the run got there, so a run loaded from a saved
 * state goes on with the same bytes. The state changes only after a level
 * was made: a failed rf_run_next leaves the run as it was.
 */
#include <string.h>

#include "core/alloc.h"
#include "roomforge/template.h"
#include "run_int.h"

rf_run *rf_run_alloc(const rf_profile_set *profiles, const rf_level_opts *base)
{
    rf_run *r = rf_calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->profiles = profiles;
    r->base = *base;
    r->base.used_rooms = NULL; /* the run's own, set on each level */
    r->base.nused_rooms = 0;
    r->base.up_near = false;
    r->depth = 1;
    return r;
}

const char *rf_run_state_why(const rf_run *r)
{
    bool sized = r->width >= RF_LEVEL_MIN_W && r->height >= RF_LEVEL_MIN_H &&
                 r->width <= RF_LEVEL_MAX_SIDE && r->height <= RF_LEVEL_MAX_SIDE;
    if (!(sized || (r->width == 0 && r->height == 0)))
        return "a level size outside the limits";
    if (r->difficulty < 0 || r->difficulty > RF_DIFFICULTY_NIGHTMARE)
        return "a difficulty outside 1-5";
    if (r->depth < 1 || r->depth > RF_LEVEL_MAX_DEPTH + 1)
        return "a depth outside the levels";
    if (r->has_down && (r->down_x < 0 || r->down_y < 0 || r->down_x >= RF_LEVEL_MAX_SIDE ||
                        r->down_y >= RF_LEVEL_MAX_SIDE))
        return "down stairs outside the levels";
    if (!r->profile || (r->profiles && !rf_profile_find(r->profiles, r->profile)))
        return "a profile the profiles given do not hold";
    return NULL;
}

bool rf_run_use(rf_run *r, const char *name)
{
    char *copy;
    if (r->nused >= RF_RUN_MAX_USED || !rf_grow((void **)&r->used, &r->cap, r->nused + 1,
                                                 sizeof *r->used))
        return false;
    if (!(copy = rf_strdup(name)))
        return false;
    r->used[r->nused++] = copy;
    return true;
}

rf_status rf_run_new(const rf_profile_set *profiles, const rf_level_opts *base, rf_diags *d,
                     rf_run **out)
{
    rf_run *r;
    const char *why;
    rf_level_opts check;
    if (!out || !base) {
        if (!base && rf_level_opts_check(NULL, d) != RF_OK) /* says "no level options" */
            return RF_ERR_ARG;
        return RF_ERR_ARG;
    }
    check = *base; /* what the run reads of base, checked as a level's */
    check.depth = 1;
    check.up_near = false;
    check.nused_rooms = 0;
    if (rf_level_opts_check(&check, d) != RF_OK) /* bad-level-option */
        return RF_ERR_ARG;
    if (!(r = rf_run_alloc(profiles, base)))
        return RF_ERR_NOMEM;
    r->profile = rf_strdup(base->profile ? base->profile : "brogue");
    r->seed = base->seed;
    r->width = base->width;
    r->height = base->height;
    r->difficulty = base->difficulty;
    if (!r->profile) {
        rf_run_free(r);
        return RF_ERR_NOMEM;
    }
    if ((why = rf_run_state_why(r)) != NULL) {
        if (d)
            (void)rf_diag_add(d, r->profiles && rf_profile_find(r->profiles, r->profile)
                                     ? "bad-value"
                                     : "unknown-profile",
                              "roomforge", 0, 0, "the run cannot start: %s (profile '%s')", why,
                              r->profile);
        rf_run_free(r);
        return RF_ERR_ARG;
    }
    *out = r;
    return RF_OK;
}

void rf_run_free(rf_run *r)
{
    size_t i;
    if (!r)
        return;
    for (i = 0; i < r->nused; i++)
        rf_free(r->used[i]);
    rf_free(r->used);
    rf_free(r->profile);
    rf_free(r);
}

/* True when the profile of r puts each level's up stairs at the down stairs
 * above (stairs="aligned"); a run without a profile set has free stairs. */
static bool aligned(const rf_run *r)
{
    const rf_profile *p = r->profiles ? rf_profile_find(r->profiles, r->profile) : NULL;
    return p && rf_profile_stairs_aligned(p);
}

/* Whether name is among r's first n used rooms. */
static bool used(const rf_run *r, size_t n, const char *name)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (strcmp(r->used[i], name) == 0)
            return true;
    return false;
}

/* Adds the special templates lv placed to r's used rooms: RF_OK,
 * RF_ERR_LIMIT past RF_RUN_MAX_USED, RF_ERR_NOMEM; on failure the names
 * added are taken back. */
static rf_status note_used(rf_run *r, const rf_level *lv)
{
    size_t i, before = r->nused, n = rf_level_room_count(lv);
    for (i = 0; i < n; i++) {
        const rf_room_rec *rec = rf_level_room_at(lv, i);
        const char *name;
        if (!rec || rec->kind != RF_ROOM_TEMPLATE || !rec->tmpl ||
            !rf_template_flags(rec->tmpl)->special)
            continue;
        name = rf_template_name(rec->tmpl);
        if (used(r, r->nused, name))
            continue;
        if (!rf_run_use(r, name)) {
            bool full = r->nused >= RF_RUN_MAX_USED;
            while (r->nused > before)
                rf_free(r->used[--r->nused]);
            return full ? RF_ERR_LIMIT : RF_ERR_NOMEM;
        }
    }
    return RF_OK;
}

rf_status rf_run_next(rf_run *r, rf_level **out, rf_diags *d)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    rf_status st;
    if (!r || !out)
        return RF_ERR_ARG;
    if (r->depth > RF_LEVEL_MAX_DEPTH)
        return RF_ERR_LIMIT;
    o = r->base;
    o.profile = r->profile;
    o.seed = r->seed;
    o.depth = r->depth;
    o.width = r->width;
    o.height = r->height;
    o.difficulty = r->difficulty;
    o.up_near = r->has_down && aligned(r);
    o.up_x = r->down_x;
    o.up_y = r->down_y;
    o.used_rooms = (const char *const *)r->used;
    o.nused_rooms = r->nused;
    st = rf_level_generate(r->profiles, &o, &lv, d);
    if (st != RF_OK)
        return st;
    if ((st = note_used(r, lv)) != RF_OK) {
        rf_level_free(lv);
        return st;
    }
    rf_level_stairs_down(lv, &r->down_x, &r->down_y);
    r->has_down = r->down_x >= 0 && r->down_y >= 0; /* a recipe without stairs: none */
    if (!r->has_down)
        r->down_x = r->down_y = 0;
    r->depth++;
    *out = lv;
    return RF_OK;
}

int rf_run_depth(const rf_run *r) { return r ? r->depth : 0; }
uint64_t rf_run_seed(const rf_run *r) { return r ? r->seed : 0; }
const char *rf_run_profile(const rf_run *r) { return r ? r->profile : NULL; }
size_t rf_run_used_count(const rf_run *r) { return r ? r->nused : 0; }

const char *rf_run_used_at(const rf_run *r, size_t i)
{
    return r && i < r->nused ? r->used[i] : NULL;
}
