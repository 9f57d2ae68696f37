/* engine/src/core/rng.c: PCG32 with named streams, and dice expressions.
 *
 * Pipeline: core; every random draw of dig, place and the passes.
 * Design: PCG32 XSH-RR from its published description; ranges by rejection
 * (no modulo bias, same numbers everywhere); dice parse once, roll often.
 * A depth's seed is the SplitMix64 finaliser over seed and depth (DESIGN 18).
 */
#include <ctype.h>
#include <string.h>

#include "core/seam.h"

#define PCG_MULT RF_RNG_PCG_MULT
/* 2^64 / golden ratio, SplitMix64's increment: odd, so depth * it is a
 * bijection and depths stay apart before the final mix. */
#define MIX_GAMMA 0x9e3779b97f4a7c15ULL

/* The SplitMix64 finaliser (Stafford's variant 13): a bijection of 64-bit
 * values in which every input bit flips each output bit about half the time. */
static uint64_t mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* mix64 of the seed's mix plus depth steps of the gamma. For one seed the
 * inner sums differ for every depth (the gamma is odd), for one depth they
 * differ for every seed (mix64 is a bijection); the outer mix64 keeps both
 * and spreads them over all 64 bits, so nearby seeds and depths give
 * unrelated stream seeds. */
uint64_t rf_rng_depth_seed(uint64_t seed, int depth)
{
    return mix64(mix64(seed) + (uint64_t)(int64_t)depth * MIX_GAMMA);
}


void rf_rng_seed(rf_rng *r, uint64_t seed, uint64_t stream)
{
    r->state = 0;
    r->inc = (stream << 1) | 1u;
    rf_rng_next(r);
    r->state += seed;
    rf_rng_next(r);
}

uint64_t rf_fnv1a64(const void *data, size_t n)
{
    const unsigned char *p = data;
    uint64_t h = 14695981039346656037ULL;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

void rf_rng_seed_named(rf_rng *r, uint64_t seed, const char *stream)
{
    rf_rng_seed(r, seed, rf_fnv1a64(stream, strlen(stream)));
}

uint32_t rf_rng_below(rf_rng *r, uint32_t n)
{
    uint32_t threshold, x;
    if (n == 0)
        return 0;
    threshold = (uint32_t)(-n) % n; /* 2^32 mod n: values below it are biased */
    do
        x = rf_rng_next(r);
    while (x < threshold);
    return x % n;
}

int rf_rng_range(rf_rng *r, int lo, int hi)
{
    if (hi <= lo)
        return lo;
    return (int)((int64_t)lo + (int64_t)rf_rng_below(r, (uint32_t)((int64_t)hi - lo + 1)));
}

bool rf_rng_chance(rf_rng *r, int percent)
{
    if (percent <= 0)
        return false;
    if (percent >= 100)
        return true;
    return (int)rf_rng_below(r, 100) < percent;
}

/* Reads a decimal of at most 4 digits; -1 when there is none or it is > 1000. */
static int read_num(const char **p)
{
    int v = 0, digits = 0;
    while (isdigit((unsigned char)**p)) {
        if (++digits > 4)
            return -1;
        v = v * 10 + (**p - '0');
        (*p)++;
    }
    return digits == 0 || v > 1000 ? -1 : v;
}

rf_status rf_dice_parse(const char *text, rf_dice *out, int *bad_col)
{
    rf_dice d = {0};
    const char *p = text;
    int sign = 1;
    if (!text)
        return RF_ERR_ARG;
    while (*p == ' ')
        p++;
    if (*p == '-' || *p == '+') {
        sign = *p == '-' ? -1 : 1;
        p++;
    }
    for (;;) {
        rf_dice_term t = {sign, 0, 0};
        int a = read_num(&p);
        if (a < 0)
            goto bad;
        if (*p == 'd' || *p == 'D') {
            p++;
            t.count = a;
            t.sides = read_num(&p);
            if (t.sides < 1 || t.count < 1)
                goto bad;
        } else {
            t.sides = a;
        }
        if (d.nterms == RF_DICE_MAX_TERMS)
            goto bad;
        d.terms[d.nterms++] = t;
        while (*p == ' ')
            p++;
        if (*p == '\0')
            break;
        if (*p != '+' && *p != '-')
            goto bad;
        sign = *p == '-' ? -1 : 1;
        p++;
        while (*p == ' ')
            p++;
    }
    *out = d;
    return RF_OK;
bad:
    if (bad_col)
        *bad_col = (int)(p - text) + 1;
    return RF_ERR_ARG;
}

int rf_dice_roll(const rf_dice *d, rf_rng *r)
{
    int i, k, total = 0;
    for (i = 0; i < d->nterms; i++) {
        const rf_dice_term *t = &d->terms[i];
        int v = 0;
        if (t->count == 0)
            v = t->sides;
        else
            for (k = 0; k < t->count; k++)
                v += rf_rng_range(r, 1, t->sides);
        total += t->sign * v;
    }
    return total;
}

static int dice_bound(const rf_dice *d, bool high)
{
    int i, total = 0;
    for (i = 0; i < d->nterms; i++) {
        const rf_dice_term *t = &d->terms[i];
        int lo = t->count ? t->count : t->sides, hi = t->count ? t->count * t->sides : t->sides;
        total += t->sign > 0 ? (high ? hi : lo) : -(high ? lo : hi);
    }
    return total;
}

int rf_dice_min(const rf_dice *d) { return dice_bound(d, false); }
int rf_dice_max(const rf_dice *d) { return dice_bound(d, true); }
