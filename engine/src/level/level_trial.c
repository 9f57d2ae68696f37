/* engine/src/level/level_trial.c: rf_level_trial: the trial levels that prove
 * a profile, as lint makes them.
 *
 * Pipeline: profile -> level (runs the recipe) -> lint. Design: one level at
 * each of two depths; a parameter is unknown only when no trial read it.
 */
#include <string.h>

#include "core/seam.h"
#include "profile/seam.h"
#include "recipe_int.h"

static const int trial_depths[] = {1, 26}; /* the first level and a deep one */

/* True when d already holds a diagnostic like g (the trial depths often
 * fail the same way, and profiles may share a recipe). */
static bool already(const rf_diags *d, const rf_diag *g)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *h = rf_diags_at(d, i);
        if (h->line == g->line && h->col == g->col && strcmp(h->code, g->code) == 0 &&
            strcmp(h->file, g->file) == 0 && strcmp(h->message, g->message) == 0)
            return true;
    }
    return false;
}

/* Adds g's errors and warnings that d does not hold yet; the count of them,
 * said before or not. */
static size_t merge(rf_diags *d, const rf_diags *g)
{
    size_t i, said = 0;
    for (i = 0; i < rf_diags_count(g); i++) {
        const rf_diag *x = rf_diags_at(g, i);
        if (x->severity == RF_SEV_NOTE)
            continue;
        said++;
        if (!already(d, x)) /* a false return: the sink counts the lost one */
            (void)rf_diag_add(d, x->code, x->file, x->line, x->col, "%s", x->message);
    }
    return said;
}

/* One trial level of o into d; the rows its recipe read join read (NULL:
 * made on the first run that has them). */
static rf_status trial(const rf_profile_set *profiles, const rf_level_opts *o, rf_diags *d,
                       rf_recipe_run *last, bool **read)
{
    rf_diags *g = rf_diags_new();
    rf_recipe_run r;
    rf_status st;
    size_t i, said;
    if (!g)
        return RF_ERR_NOMEM;
    st = rf_level_run(profiles, o, RF_LEVEL_TRIAL_GUARD_MS, &r, g);
    rf_level_free(r.lv);
    r.lv = NULL;
    if (st == RF_OK && r.asked) {
        if (!*read)
            *read = r.asked;
        else
            for (i = 0; i < r.nasked; i++)
                (*read)[i] = (*read)[i] || r.asked[i];
        *last = r; /* for the report: its profile, recipe name and row count */
    }
    if (r.asked != *read)
        rf_free(r.asked);
    last->asked = NULL;
    said = merge(d, g);
    rf_diags_free(g);
    if (st == RF_ERR_NOMEM)
        return st;
    if (st != RF_OK && said == 0) {
        int line;
        const char *file = rf_profile_file(rf_profile_find(profiles, o->profile), &line);
        (void)rf_diag_add(d, "level-failed", file, 0, 0,
                          "profile '%s': a trial level (seed 1, depth %d) fails: %s", o->profile,
                          o->depth, rf_status_str(st));
    }
    return st == RF_OK ? RF_OK : RF_ERR_CONTENT;
}

rf_status rf_level_trial(const rf_profile_set *profiles, const char *name,
                         const struct rf_template_set *templates, rf_diags *d)
{
    rf_level_opts o;
    rf_recipe_run last;
    bool *read = NULL;
    rf_status st = RF_OK;
    size_t k;
    if (!profiles || !name || !d || !rf_profile_find(profiles, name))
        return RF_ERR_ARG;
    memset(&last, 0, sizeof last);
    rf_level_opts_init(&o);
    o.profile = name;
    o.seed = 1;
    o.templates = templates;
    for (k = 0; k < sizeof trial_depths / sizeof trial_depths[0]; k++) {
        rf_status s;
        o.depth = trial_depths[k];
        s = trial(profiles, &o, d, &last, &read);
        if (s == RF_ERR_NOMEM) {
            rf_free(read);
            return s;
        }
        if (s != RF_OK)
            st = s;
    }
    if (read) { /* at least one level was made: the rows none of them read */
        rf_diags *g = rf_diags_new();
        if (!g) {
            rf_free(read);
            return RF_ERR_NOMEM;
        }
        rf_recipe_report_unread(&last, read, g);
        (void)merge(d, g);
        rf_diags_free(g);
    }
    rf_free(read);
    return st;
}
