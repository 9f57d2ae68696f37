/* engine/src/seam/core/range.h: "N" and "N-M" values, as profiles.xml and the
 * horde and trap tables write ranges.
 *
 * Pipeline: content loading (profile.c, horde.c).
 */
#ifndef RF_SEAM_CORE_RANGE_H
#define RF_SEAM_CORE_RANGE_H

#include <stdbool.h>

/* The largest number a profile or recipe parameter takes. */
#define RF_PARAM_MAX 100000000

/* Parses "N" or "N-M" (decimal, no sign, no blanks) with min <= N <= M <= max
 * into *lo, *hi; false (and both untouched) otherwise. */
bool rf_range_parse(const char *s, int min, int max, int *lo, int *hi);

#endif /* RF_SEAM_CORE_RANGE_H */
