/* engine/src/level/level_maker.c: the level maker: rf_level_generate
 * level after level with one kept Lua state.
 *
 * Pipeline: level, a front door beside rf_level_generate (level_gen.c),
 * which makes a state for every run. Design: the maker owns the state
 * (made by its first run, recycled before each next one, dropped by a run
 * that fails) and each recipe's compiled chunk in it; what a level reads
 * and writes is the run's own, so a level is the same bytes whether its
 * state is new or kept (docs/internals.md, level maker).
 */
#include "core/seam.h"
#include "recipe_int.h"

struct rf_level_maker {
    const rf_profile_set *profiles; /* borrowed */
    rf_luavm *vm;                   /* NULL until the first run, or after a failed one */
};

rf_level_maker *rf_level_maker_new(const rf_profile_set *profiles)
{
    rf_level_maker *m = rf_calloc(1, sizeof *m);
    if (m)
        m->profiles = profiles;
    return m;
}

rf_status rf_level_maker_generate(rf_level_maker *m, const rf_level_opts *o, rf_level **out,
                                  rf_diags *d)
{
    if (!m) {
        if (out)
            *out = NULL;
        if (d)
            (void)rf_diag_add(d, "bad-level-option", "roomforge", 0, 0, "no level maker");
        return RF_ERR_ARG;
    }
    return rf_level_generate_kept(m->profiles, &m->vm, o, out, d);
}

void rf_level_maker_free(rf_level_maker *m)
{
    if (!m)
        return;
    rf_luavm_free(m->vm);
    rf_free(m);
}
