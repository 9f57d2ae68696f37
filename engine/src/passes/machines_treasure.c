/* engine/src/passes/machines_treasure.c: when treasure machines come
 * (rf_machines_treasure_count) and which blueprint a machine is (a weighted
 * draw by frequency).
 *
 * Pipeline: passes, the machine pass. Seeds: brogue-level-generation.txt
 * lines 81-84: depths 3, 7, 11, 15, 19, 23; 20% of another, repeated; the
 * ones made ahead are caught up with. The schedule reads the run's stream
 * "treasure" over depths 1..depth, so a depth's count is the same whether
 * the run starts at 1 or is resumed there (DESIGN 18).
 */
#include "core/seam.h"
#include "machine_pass_int.h"

#define TREASURE_LAST 23 /* the last depth with a treasure machine due */
#define TREASURE_MORE 20 /* percent: another one with the one made */
#define TREASURE_CAP 6   /* at most this many at one depth */

int rf_machines_treasure_count(uint64_t seed, int depth)
{
    rf_rng rng;
    int made = 0, here = 0, d;
    rf_rng_seed_named(&rng, seed, "treasure");
    for (d = 1; d <= depth && d <= TREASURE_LAST; d++) {
        here = 0;
        if (d % 4 != 3 || made >= (d + 1) / 4)
            continue;
        here = 1;
        while (here < TREASURE_CAP && rf_rng_chance(&rng, TREASURE_MORE))
            here++;
        made += here;
    }
    return depth >= 1 && depth <= TREASURE_LAST ? here : 0;
}

const rf_blueprint *rf_mach_draw(rf_mach_ctx *c, rf_machine_kind kind)
{
    const rf_machines *m = c->o->catalogue;
    size_t i, n = rf_machines_count(m);
    long total = 0, pick;
    rf_mach_sites_refresh(c);
    for (i = 0; i < n; i++) {
        const rf_blueprint *b = rf_machines_at(m, i);
        if (rf_blueprint_kind(b) == kind && rf_blueprint_is_at_depth(b, c->o->depth) &&
            rf_mach_site_count(c, b) > 0)
            total += rf_blueprint_frequency(b);
    }
    if (total <= 0)
        return NULL;
    pick = (long)rf_rng_below(c->rng, (uint32_t)total);
    for (i = 0; i < n; i++) {
        const rf_blueprint *b = rf_machines_at(m, i);
        if (rf_blueprint_kind(b) != kind || !rf_blueprint_is_at_depth(b, c->o->depth) ||
            rf_mach_site_count(c, b) == 0)
            continue;
        if ((pick -= rf_blueprint_frequency(b)) < 0)
            return b;
    }
    return NULL;
}
