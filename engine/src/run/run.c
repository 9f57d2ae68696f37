/* engine/src/run/run.c: rf_run_new and rf_run_next: the levels of one seed
 * in order, each generated with what the levels above it left (DESIGN 18).
 *
 * Pipeline: run, above level; reads a profile set and base options, makes
 * rf_levels for the caller. Design: a level depends only on the run's state
 * (profile, seed, size, difficulty, depth, the last down stairs, the special
 * rooms and unique groups used), never on how the run got there, so a run
 * loaded from a saved state goes on with the same bytes. The state changes
 * only after a level was made: a failed rf_run_next leaves it as it was.
 */
#include <string.h>
#include <strings.h>

#include "core/seam.h"
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
    r->base.used_groups = NULL;
    r->base.nused_groups = 0;
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

/* Appends a copy of name to the list *names of *n names (room for *cap):
 * false, the list unchanged but perhaps grown, when memory runs out or max
 * names are held. */
static bool append(char ***names, size_t *n, size_t *cap, size_t max, const char *name)
{
    char *copy;
    if (*n >= max || !rf_grow((void **)names, cap, *n + 1, sizeof **names))
        return false;
    if (!(copy = rf_strdup(name)))
        return false;
    (*names)[(*n)++] = copy;
    return true;
}

bool rf_run_use(rf_run *r, const char *name)
{
    return append(&r->used, &r->nused, &r->cap, RF_RUN_MAX_USED, name);
}

bool rf_run_use_group(rf_run *r, const char *group)
{
    return append(&r->groups, &r->ngroups, &r->gcap, RF_RUN_MAX_GROUPS, group);
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
    check.nused_groups = 0;
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
    for (i = 0; i < r->ngroups; i++)
        rf_free(r->groups[i]);
    rf_free(r->groups);
    rf_free(r->profile);
    rf_level_maker_free(r->maker);
    rf_free(r);
}

/* True when the profile of r puts each level's up stairs at the down stairs
 * above (stairs="aligned"); a run without a profile set has free stairs. */
static bool aligned(const rf_run *r)
{
    const rf_profile *p = r->profiles ? rf_profile_find(r->profiles, r->profile) : NULL;
    return p && rf_profile_stairs_aligned(p);
}

/* Whether name is among the n names (ignoring case when nocase: groups are
 * compared so, as the placer does). */
static bool held(char *const *names, size_t n, const char *name, bool nocase)
{
    size_t i;
    for (i = 0; i < n; i++)
        if ((nocase ? strcasecmp(names[i], name) : strcmp(names[i], name)) == 0)
            return true;
    return false;
}

/* Frees the names of a list past its first keep. */
static void drop_past(char **names, size_t *n, size_t keep)
{
    while (*n > keep)
        rf_free(names[--*n]);
}

/* Adds to r what lv placed that a run allows once: the special templates to
 * its used rooms, the groups of scope="run" rooms to its used groups (each
 * name once). RF_OK, RF_ERR_LIMIT past RF_RUN_MAX_USED or
 * RF_RUN_MAX_GROUPS, RF_ERR_NOMEM; on failure the names added are taken
 * back from both lists. */
static rf_status note_placed(rf_run *r, const rf_level *lv)
{
    size_t i, nused = r->nused, ngroups = r->ngroups, n = rf_level_room_count(lv);
    rf_status st = RF_OK;
    for (i = 0; i < n && st == RF_OK; i++) {
        const rf_room_rec *rec = rf_level_room_at(lv, i);
        const rf_template *t;
        const char *name, *group;
        if (!rec || rec->kind != RF_ROOM_TEMPLATE || !rec->tmpl)
            continue;
        t = rf_template_base(rec->tmpl); /* a variant's room: its name and group */
        name = rf_template_name(t);
        group = rf_template_unique_group(t);
        if (rf_template_flags(t)->special && !held(r->used, r->nused, name, false) &&
            !rf_run_use(r, name))
            st = r->nused >= RF_RUN_MAX_USED ? RF_ERR_LIMIT : RF_ERR_NOMEM;
        if (st == RF_OK && rf_template_unique_scope(t) == RF_TEMPLATE_UNIQUE_RUN &&
            !held(r->groups, r->ngroups, group, true) && !rf_run_use_group(r, group))
            st = r->ngroups >= RF_RUN_MAX_GROUPS ? RF_ERR_LIMIT : RF_ERR_NOMEM;
    }
    if (st != RF_OK) {
        drop_past(r->used, &r->nused, nused);
        drop_past(r->groups, &r->ngroups, ngroups);
    }
    return st;
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
    o.used_groups = (const char *const *)r->groups;
    o.nused_groups = r->ngroups;
    if (!r->maker && !(r->maker = rf_level_maker_new(r->profiles)))
        return RF_ERR_NOMEM;
    st = rf_level_maker_generate(r->maker, &o, &lv, d);
    if (st != RF_OK)
        return st;
    if ((st = note_placed(r, lv)) != RF_OK) {
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

size_t rf_run_group_count(const rf_run *r) { return r ? r->ngroups : 0; }

const char *rf_run_group_at(const rf_run *r, size_t i)
{
    return r && i < r->ngroups ? r->groups[i] : NULL;
}
