/* engine/src/level/recipe_work.c: a level's work budget (the attempts its steps
 * may make) and lint's wall-clock guard over a trial level.
 *
 * Pipeline: level; the steps of recipe_steps.c charge what they are about to
 * attempt before they call the digger, the placer or a pass. Design: a charge
 * is worked out from the step's (scaled) numbers, so the same level always
 * stops at the same step whatever the machine; the clock only stops a runaway.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>

#include "profile/seam.h"
#include "recipe_int.h"
#include "vm/seam.h"

#define REF_AREA (79LL * 29LL) /* the reference level profile numbers are for */

uint64_t rf_recipe_clock_ms(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0; /* no clock: the guard never fires, the budget still holds */
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

long long rf_recipe_work_max(const rf_recipe_run *r)
{
    long long area = r->lv && r->lv->g ? (long long)r->lv->g->w * r->lv->g->h : REF_AREA;
    return RF_LEVEL_WORK_REF * (area > REF_AREA ? area : REF_AREA) / REF_AREA;
}

/* True when the run's recipe is a bundled one its profile names: its numbers
 * are the profile's, so that is where a problem is reported. */
static bool profile_numbers(const rf_recipe_run *r)
{
    size_t len;
    const char *file;
    return r->prof && !r->o->recipe && !rf_profile_recipe_text(r->prof, &len, &file);
}

void rf_recipe_where(lua_State *L, const rf_recipe_run *r, const char **file, int *line)
{
    lua_Debug ar;
    int level;
    *file = "recipe";
    *line = 0;
    if (profile_numbers(r)) {
        *file = rf_profile_file(r->prof, line);
        return;
    }
    for (level = 1; level < 64 && lua_getstack(L, level, &ar); level++) /* the first Lua frame */
        if (lua_getinfo(L, "Sl", &ar) && strcmp(ar.what, "C") != 0) {
            if (ar.source[0] == '=')
                *file = ar.source + 1;
            *line = ar.currentline > 0 ? ar.currentline : 0;
            return;
        }
}

/* Stops the run: one level-budget diagnostic (msg), the run's status, and
 * no more Lua (rf_luavm_stop: a pcall in the recipe cannot go on). */
static bool stop(lua_State *L, rf_recipe_run *r, const char *msg)
{
    const char *file;
    int line;
    rf_recipe_where(L, r, &file, &line);
    if (r->d) /* a false return: the sink counts the lost diagnostic */
        (void)rf_diag_add(r->d, "level-budget", file, line, line ? 1 : 0, "recipe '%s': %s",
                          r->name, msg);
    r->st = RF_ERR_CONTENT;
    rf_luavm_stop(L);
    return false;
}

bool rf_recipe_charge(lua_State *L, rf_recipe_run *r, const char *step, long long work)
{
    long long max = rf_recipe_work_max(r);
    char msg[256];
    if (r->st != RF_OK) { /* stopped already: no step runs again */
        rf_luavm_stop(L);
        return false;
    }
    if (work < 0 || work > max - r->work) {
        snprintf(msg, sizeof msg,
                 "%s would take the level past its work budget (%lld attempts asked, %lld "
                 "allowed for its size); lower the profile's counts",
                 step, r->work + (work < 0 ? 0 : work), max);
        return stop(L, r, msg);
    }
    r->work += work;
    if (r->deadline_ms && rf_recipe_clock_ms() > r->deadline_ms) {
        snprintf(msg, sizeof msg, "%s: the trial level ran past lint's guard of %lld ms", step,
                 RF_LEVEL_TRIAL_GUARD_MS);
        return stop(L, r, msg);
    }
    return true;
}

void rf_recipe_check_range(lua_State *L, rf_recipe_run *r, const char *step, const char *key,
                           int lo, int hi)
{
    const rf_param_bound *b = rf_param_bound_find(key);
    const char *file;
    int line;
    char value[32];
    if (!b || (lo >= b->lo && hi <= b->hi))
        return;
    if (lo == hi)
        snprintf(value, sizeof value, "%d", lo);
    else
        snprintf(value, sizeof value, "%d-%d", lo, hi);
    rf_recipe_where(L, r, &file, &line);
    if (r->d && r->st == RF_OK)
        (void)rf_diag_add(r->d, "bad-value", file, line, line ? 1 : 0,
                          "recipe '%s': %s: parameter '%s' is %s; its range is %d-%d", r->name,
                          step, key, value, b->lo, b->hi);
    if (r->st == RF_OK)
        r->st = RF_ERR_CONTENT;
    luaL_error(L, "%s: parameter '%s' is %s; its range is %d-%d", step, key, value, b->lo, b->hi);
}
