/* engine/src/profile/param_bounds.c: the table of every step parameter's range.
 *
 * Pipeline: profile; read by profile.c at load and by the level's steps when
 * a recipe passes its own table. Design: one row per key whatever the digger
 * (a key two diggers share takes the union: the digger still refuses what it
 * cannot use), so the bound of a count times what it multiplies stays inside
 * the level's work budget (level_work.c) or is caught by it.
 */
#include "profile/seam.h"

#include <string.h>

#include "core/seam.h"
#include "roomforge/place.h"
#include "roomforge/rooms_file.h"

#define SIDE 1000 /* RF_LEVEL_MAX_SIDE: no size beyond the largest level */

static const rf_param_bound bounds[] = {
    /* Brogue (level_brogue.c): percents, counts scaled by area, sizes */
    {"cave-chance", 0, 100},
    {"cross-chance", 0, 100},
    {"corridor-chance", 0, 100},
    {"door-chance", 0, 100},
    {"max-rooms", 0, 1000},
    {"max-loops", 0, 1000},
    {"attempts", 0, 10000},
    {"rooms-only-last", 0, 10000},
    {"tries", 0, 100000}, /* Brogue: per attempt (the budget bounds the product); NetHack: failures */
    {"loop-attempts", 0, 10000},
    {"room-width", 1, SIDE},
    {"room-height", 1, SIDE},
    {"cross-width", 1, SIDE},
    {"cross-height", 1, SIDE},
    {"first-width", 1, SIDE},
    {"first-height", 1, SIDE},
    {"corridor-across", 1, SIDE},
    {"corridor-down", 1, SIDE},
    {"cave-min-width", 0, SIDE},
    {"cave-min-height", 0, SIDE},
    {"lakes", 0, 100},
    {"lake-max-width", 1, SIDE},
    {"lake-max-height", 1, SIDE},
    {"lake-min-width", 0, SIDE},
    {"lake-min-height", 0, SIDE},
    {"lake-tries", 0, 100},
    {"secret-door-chance", 0, 100},
    {"traps", 0, 1000},
    {"bridge-detour", 0, 10000},
    /* NetHack (level_dig2.c); max-rooms and tries above */
    {"vault-chance", 0, 100},
    {"secret-door-one-in", 0, RF_PARAM_MAX},
    {"dark-from-depth", 0, RF_PARAM_MAX},
    {"lit-anyway-one-in", 0, RF_PARAM_MAX},
    {"extra-joins", 0, 1000},
    /* DungeonMaker (level_dig2.c) */
    {"rooms", 1, RF_ROOMS_FILE_BUNDLED},
    {"generations", 0, 20},
    {"lifetime", 0, 100000},
    {"spawn-chance", 0, 100},
    {"turn-chance", 0, 100},
    {"child-closed", 0, 100},
    /* the pipeline's own keys (recipe_steps.c) */
    {"special-rooms", 0, 1},
    {"single-monster", 0, 1},
    {"populate", 0, 1},
    {"machines", 0, 1},
    {"templates", 0, 100},
    {"water-tile", 0, RF_PLACE_TERRAIN_CODES - 1},
    {"lava-tile", 0, RF_PLACE_TERRAIN_CODES - 1},
    {"ice-tile", 0, RF_PLACE_TERRAIN_CODES - 1},
    {"goo-tile", 0, RF_PLACE_TERRAIN_CODES - 1},
    {"orient", RF_PLACE_ORIENT_TEMPLATE, RF_PLACE_ORIENT_ANY}, /* template, none, any */
    {"reserve-templates", 0, 1},
};

const rf_param_bound *rf_param_bound_find(const char *key)
{
    size_t i;
    for (i = 0; key && i < sizeof bounds / sizeof bounds[0]; i++)
        if (rf_text_eq(bounds[i].key, key)) /* first bytes first: every step reads dozens */
            return &bounds[i];
    return NULL;
}

const rf_param_bound *rf_param_bound_at(size_t i)
{
    return i < sizeof bounds / sizeof bounds[0] ? &bounds[i] : NULL;
}

bool rf_param_bound_ok(const char *key, int lo, int hi)
{
    const rf_param_bound *b = rf_param_bound_find(key);
    return !b || (lo >= b->lo && hi <= b->hi);
}
