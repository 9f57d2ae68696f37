/* roomforge/rng.h: the one PRNG (PCG32) with named streams, and dice.
 *
 * Pipeline: core; every random choice takes an rf_rng explicitly.
 * Design: streams are names hashed with FNV-1a, so streams never disturb
 * each other (DESIGN 7); ranges by rejection; copy an rf_rng to fork it.
 */
#ifndef RF_RNG_H
#define RF_RNG_H

#include "roomforge/common.h"

RF_BEGIN_C

typedef struct rf_rng {
    uint64_t state;
    uint64_t inc; /* odd; selects the stream */
} rf_rng;

/* The stream names the pipeline uses. */
#define RF_RNG_LAYOUT "layout"
#define RF_RNG_COSMETIC "cosmetic"
#define RF_RNG_POPULATE "populate"

/* The seed every stream of the level at depth of a run of seed is seeded
 * from (DESIGN 18): both mixed by the SplitMix64 finaliser, so two depths of
 * one seed, or one depth of two seeds, never get the same value, and a step
 * of either flips about half its bits. */
uint64_t rf_rng_depth_seed(uint64_t seed, int depth);
/* Seeds r from a seed and a stream number. */
void rf_rng_seed(rf_rng *r, uint64_t seed, uint64_t stream);
/* Seeds r from a seed and a stream name (FNV-1a 64 of the name). */
void rf_rng_seed_named(rf_rng *r, uint64_t seed, const char *stream);
uint32_t rf_rng_next(rf_rng *r);
/* Uniform in [0, n); 0 when n == 0. */
uint32_t rf_rng_below(rf_rng *r, uint32_t n);
/* Uniform in [lo, hi] inclusive; lo when hi < lo. */
int rf_rng_range(rf_rng *r, int lo, int hi);
/* True with percent/100 probability; percent <= 0 never, >= 100 always. */
bool rf_rng_chance(rf_rng *r, int percent);

/* FNV-1a 64 of n bytes (also the catalog digest of DESIGN 5). */
uint64_t rf_fnv1a64(const void *data, size_t n);

/* Dice as the seeds write them: terms "NdS" or "N" joined by + and -:
 * "7d2-7", "1d3+2", "2d4+2", "1d6+1d4+2". */
#define RF_DICE_MAX_TERMS 8
typedef struct rf_dice_term {
    int sign;  /* +1 or -1 */
    int count; /* number of dice; 0 for a constant term */
    int sides; /* die size, or the constant when count == 0 */
} rf_dice_term;
typedef struct rf_dice {
    int nterms;
    rf_dice_term terms[RF_DICE_MAX_TERMS];
} rf_dice;

/* Parses text into *out. RF_ERR_ARG (and *out untouched) on bad syntax, a count
 * or side over 1000, or more than RF_DICE_MAX_TERMS terms; *bad_col, when not
 * NULL, receives the 1-based column of the first offending character. */
RF_NODISCARD rf_status rf_dice_parse(const char *text, rf_dice *out, int *bad_col);
int rf_dice_roll(const rf_dice *d, rf_rng *r);
int rf_dice_min(const rf_dice *d);
int rf_dice_max(const rf_dice *d);

RF_END_C
#endif /* RF_RNG_H */
