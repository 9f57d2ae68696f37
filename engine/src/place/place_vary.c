/* engine/src/place/place_vary.c: the placer's side of rooms that vary
 * (DESIGN 16): a variant drawn per plan entry, <unique> groups.
 *
 * Pipeline: place; place.c calls these as it plans; the level takes the
 * variants (rf_place_take_variants) since its room records point at them.
 * Design: the variant's number comes from stream "place", so the same seed
 * gives the same bytes; the number names the map (rf_template_variant),
 * so show --variant N and gen --variant N reproduce it.
 */
#include <stdint.h>
#include <strings.h>

#include "core/seam.h"
#include "place_int.h"
#include "vm/seam.h"

/* <unique> (DESIGN 16): whether the plan holds a room of t's group already,
 * whatever the scope: within one level, "run" holds as "level" does. The
 * levels above in a run are rf_place_run_has_group's (DESIGN 18). */
bool rf_place_plan_has_unique(const rf_placer *pl, const rf_template *t)
{
    size_t i;
    if (!rf_template_unique_scope(t))
        return false;
    for (i = 0; i < pl->n; i++) {
        const rf_template *b = pl->plan[i].base;
        if (!pl->plan[i].refused && rf_template_unique_scope(b) &&
            strcasecmp(rf_template_unique_group(b), rf_template_unique_group(t)) == 0)
            return true;
    }
    return false;
}

bool rf_place_run_has_group(const rf_place_opts *o, const rf_template *t)
{
    size_t i;
    if (rf_template_unique_scope(t) != RF_TEMPLATE_UNIQUE_RUN)
        return false;
    for (i = 0; i < o->nused_groups; i++)
        if (o->used_groups[i] && strcasecmp(o->used_groups[i], rf_template_unique_group(t)) == 0)
            return true;
    return false;
}

/* Draws the variant of a varying entry e (DESIGN 16): numbers from stream
 * "place" (or the forced one) until a variant passes its checks and its
 * <validate> chunks (one failing to run counts as false), at most
 * RF_PLACE_VARIANT_TRIES; else e is refused (RF_PLACE_VALIDATE). false
 * when memory ran out. */
bool rf_place_draw_variant(rf_placer *pl, rf_plan_entry *e)
{
    int k;
    for (k = 0; k < RF_PLACE_VARIANT_TRIES; k++) {
        uint32_t v = pl->po.force_variant ? pl->po.variant : rf_rng_next(&pl->rng);
        rf_template *vt;
        size_t errors;
        if (rf_template_variant(e->base, v, &vt) != RF_OK)
            return false;
        errors = rf_template_variant_check(vt, NULL);
        if (errors == SIZE_MAX) {
            rf_template_variant_free(vt);
            return false;
        }
        if (errors == 0 && rf_template_door_count(vt) > 0) {
            bool pass = true;
            if (rf_template_validate_count(vt) > 0) {
                rf_status st;
                if (!pl->vm && !(pl->vm = rf_luavm_new(0, 0))) {
                    rf_template_variant_free(vt);
                    return false;
                }
                st = rf_luavm_vary_validate(pl->vm, vt, &pass, NULL);
                if (st == RF_ERR_NOMEM) {
                    rf_template_variant_free(vt);
                    return false;
                }
            }
            if (pass) {
                e->t = e->own = vt;
                return true;
            }
        }
        rf_template_variant_free(vt);
        if (pl->po.force_variant)
            break; /* the same number draws the same variant */
    }
    e->refused = true;
    e->why = RF_PLACE_VALIDATE;
    return true;
}

rf_status rf_place_take_variants(rf_placer *pl, rf_template ***out, size_t *n)
{
    size_t i, k = 0;
    *out = NULL;
    *n = 0;
    for (i = 0; pl && i < pl->n; i++)
        k += pl->plan[i].own != NULL;
    if (k == 0)
        return RF_OK;
    if (!(*out = rf_calloc(k, sizeof **out)))
        return RF_ERR_NOMEM;
    for (i = 0; i < pl->n; i++)
        if (pl->plan[i].own) {
            (*out)[(*n)++] = pl->plan[i].own;
            pl->plan[i].own = NULL;
        }
    return RF_OK;
}
