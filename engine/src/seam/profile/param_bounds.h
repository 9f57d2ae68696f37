/* engine/src/seam/profile/param_bounds.h: the documented range of every
 * parameter a bundled step reads, so no number in content buys unbounded work.
 *
 * Pipeline: profile (checked at load) and level (checked when a recipe passes
 * a table to a step). Ranges are for the 79x29 reference level; the diggers
 * scale counts by the level's area at most. docs/reference.md, Profiles.
 */
#ifndef RF_SEAM_PROFILE_PARAM_BOUNDS_H
#define RF_SEAM_PROFILE_PARAM_BOUNDS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct rf_param_bound {
    const char *key;
    int lo, hi; /* both ends of a value or range must lie in lo..hi */
} rf_param_bound;

/* The bound of key, or NULL for a key no bundled step reads (a recipe file's
 * own numbers: any 0..RF_PARAM_MAX). */
const rf_param_bound *rf_param_bound_find(const char *key);
/* The ith bound in table order, NULL past the end (for docs and tests). */
const rf_param_bound *rf_param_bound_at(size_t i);
/* True when lo..hi lies inside key's bound (always for an unbounded key). */
bool rf_param_bound_ok(const char *key, int lo, int hi);

#endif /* RF_SEAM_PROFILE_PARAM_BOUNDS_H */
