/* engine/src/seam/core/rng.h: the Lemire bounded draws, beside rf_rng_below.
 *
 * Pipeline: core, used by the Brogue digger and the placer's attach. The two
 * bounded draws give different numbers from one stream; each digger keeps the
 * one its catalogs were made with. Inline for the hot loops.
 */
#ifndef RF_SEAM_CORE_RNG_H
#define RF_SEAM_CORE_RNG_H

#include <stdbool.h>
#include <stdint.h>

#include "roomforge/rng.h"

/* Bounded draws for the digger's hot loops, from the same stream as rf_rng_*
 * but division-free in the common case (Lemire's multiply-shift with
 * rejection: unbiased, and the same on every machine). */
static inline uint32_t rf_rng_below_lemire(rf_rng *r, uint32_t n)
{
    uint64_t m;
    uint32_t l;
    if (n == 0)
        return 0;
    m = (uint64_t)rf_rng_next(r) * n;
    l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            m = (uint64_t)rf_rng_next(r) * n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
/* Uniform in [lo, hi]; lo when hi < lo. */
static inline int rf_rng_range_lemire(rf_rng *r, int lo, int hi)
{
    if (hi <= lo)
        return lo;
    return (int)((int64_t)lo + (int64_t)rf_rng_below_lemire(r, (uint32_t)((int64_t)hi - lo + 1)));
}
/* True with percent/100 probability. */
static inline bool rf_rng_chance_lemire(rf_rng *r, int percent)
{
    return percent >= 100 || (percent > 0 && (int)rf_rng_below_lemire(r, 100) < percent);
}

#endif /* RF_SEAM_CORE_RNG_H */
