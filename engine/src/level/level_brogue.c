/* engine/src/level/level_brogue.c: a recipe's parameters -> rf_brogue_params,
 * for the brogue_* steps of recipe_steps.c.
 *
 * Pipeline: level -> dig. Design: a table of (key, field, range) rows; numbers
 * are for the reference 79x29 level, scaled by the digger to any size.
 * Seeds: shared/seeds/brogue-level-generation.txt (Level Profiles and Specs).
 */
#include <stddef.h>
#include <string.h>

#include "recipe_int.h"
#include "dig/seam.h"

typedef struct param_row {
    const char *key;
    size_t off;
    bool span; /* an rf_span field, else an int */
} param_row;

#define P_INT(k, f) {k, offsetof(rf_brogue_params, f), false}
#define P_SPAN(k, f) {k, offsetof(rf_brogue_params, f), true}
static const param_row params[] = {
    P_INT("cave-chance", cave_chance),
    P_INT("cross-chance", cross_chance),
    P_INT("corridor-chance", corridor_chance),
    P_INT("door-chance", door_chance),
    P_INT("max-rooms", max_rooms),
    P_INT("max-loops", max_loops),
    P_INT("attempts", attempts),
    P_INT("rooms-only-last", rooms_only_last),
    P_INT("tries", tries_per_attempt),
    P_INT("loop-attempts", loop_attempts),
    P_SPAN("room-width", room_w),
    P_SPAN("room-height", room_h),
    P_SPAN("cross-width", cross_w),
    P_SPAN("cross-height", cross_h),
    P_SPAN("first-width", first_w),
    P_SPAN("first-height", first_h),
    P_SPAN("corridor-across", corridor_h_len),
    P_SPAN("corridor-down", corridor_v_len),
    P_INT("cave-min-width", cave_min_w),
    P_INT("cave-min-height", cave_min_h),
    P_INT("lakes", lakes),
    P_INT("lake-max-width", lake_max_w),
    P_INT("lake-max-height", lake_max_h),
    P_INT("lake-min-width", lake_min_w),
    P_INT("lake-min-height", lake_min_h),
    P_INT("lake-tries", lake_tries),
    P_INT("secret-door-chance", secret_door_chance),
    P_SPAN("traps", traps),
    P_INT("bridge-detour", bridge_min_detour),
};

bool rf_level_brogue_knows(const char *key)
{
    size_t i;
    for (i = 0; i < sizeof params / sizeof params[0]; i++)
        if (rf_text_eq(params[i].key, key))
            return true;
    return false;
}

rf_status rf_level_brogue_size(const rf_params *src, const struct rf_rooms_file *rf, int *w,
                               int *h)
{
    (void)src;
    (void)rf;
    *w = 79; /* the seed's level, Brogue's DCOLS x DROWS */
    *h = 29;
    return RF_OK;
}

void rf_level_brogue_params(const rf_params *src, int depth, int w, int h, rf_brogue_params *bp)
{
    size_t i;
    rf_brogue_params_init(bp, depth);
    for (i = 0; src && i < sizeof params / sizeof params[0]; i++) {
        int lo, hi;
        char *field = (char *)bp + params[i].off;
        if (!src->get(src->ud, params[i].key, &lo, &hi))
            continue;
        if (params[i].span)
            *(rf_span *)(void *)field = (rf_span){lo, hi};
        else
            *(int *)(void *)field = lo;
    }
    rf_brogue_params_scale(bp, w, h);
}
