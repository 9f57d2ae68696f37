/* tests/unit/test_rng.c: unit tests for engine/src/rng.c (PCG32, depth seeds, dice). */
#include <stdlib.h>
#include <string.h>

#include "rf_test.h"
#include "core/seam.h"

START_TEST(same_seed_same_sequence)
{
    rf_rng a, b;
    int i;
    rf_rng_seed_named(&a, 42, RF_RNG_LAYOUT);
    rf_rng_seed_named(&b, 42, RF_RNG_LAYOUT);
    for (i = 0; i < 1000; i++)
        ck_assert_uint_eq(rf_rng_next(&a), rf_rng_next(&b));
}
END_TEST

START_TEST(pcg32_matches_reference_vector)
{
    /* The PCG32 demo's published first outputs for seed 42, sequence 54. */
    static const uint32_t want[] = {0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e};
    rf_rng r;
    size_t i;
    rf_rng_seed(&r, 42, 54);
    for (i = 0; i < sizeof want / sizeof want[0]; i++)
        ck_assert_uint_eq(rf_rng_next(&r), want[i]);
}
END_TEST

START_TEST(streams_differ)
{
    rf_rng a, b;
    int i, same = 0;
    rf_rng_seed_named(&a, 7, RF_RNG_LAYOUT);
    rf_rng_seed_named(&b, 7, RF_RNG_COSMETIC);
    for (i = 0; i < 100; i++)
        same += rf_rng_next(&a) == rf_rng_next(&b);
    ck_assert_int_lt(same, 3);
}
END_TEST

START_TEST(range_is_inclusive_and_bounded)
{
    rf_rng r;
    int i, seen[7] = {0};
    rf_rng_seed(&r, 1, 1);
    for (i = 0; i < 7000; i++) {
        int v = rf_rng_range(&r, 3, 9);
        ck_assert_int_ge(v, 3);
        ck_assert_int_le(v, 9);
        seen[v - 3]++;
    }
    for (i = 0; i < 7; i++)
        ck_assert_int_gt(seen[i], 800);
    ck_assert_int_eq(rf_rng_range(&r, 5, 5), 5);
    ck_assert_int_eq(rf_rng_range(&r, 5, 2), 5);
    ck_assert_uint_eq(rf_rng_below(&r, 0), 0);
}
END_TEST

START_TEST(chance_edges)
{
    rf_rng r;
    int i, hits = 0;
    rf_rng_seed(&r, 3, 3);
    for (i = 0; i < 100; i++) {
        ck_assert(!rf_rng_chance(&r, 0));
        ck_assert(rf_rng_chance(&r, 100));
    }
    for (i = 0; i < 10000; i++)
        hits += rf_rng_chance(&r, 33);
    ck_assert_int_gt(hits, 3000);
    ck_assert_int_lt(hits, 3600);
}
END_TEST

typedef struct dice_case {
    const char *text;
    int min, max;
} dice_case;

static const dice_case dice_cases[] = {
    {"7d2-7", 0, 7}, {"1d3+2", 3, 5}, {"2d4+2", 4, 10}, {"1d6+1d4+2", 4, 12},
    {"1d10", 1, 10}, {"3", 3, 3},     {"1d3 + 2", 3, 5}, {"-1d4+5", 1, 4},
};

START_TEST(dice_parse_and_bounds)
{
    const dice_case *c = &dice_cases[_i];
    rf_dice d;
    rf_rng r;
    int k;
    ck_assert_int_eq(rf_dice_parse(c->text, &d, NULL), RF_OK);
    ck_assert_int_eq(rf_dice_min(&d), c->min);
    ck_assert_int_eq(rf_dice_max(&d), c->max);
    rf_rng_seed(&r, 9, (uint64_t)_i);
    for (k = 0; k < 2000; k++) {
        int v = rf_dice_roll(&d, &r);
        ck_assert_int_ge(v, c->min);
        ck_assert_int_le(v, c->max);
    }
}
END_TEST

START_TEST(dice_7d2_minus_7_is_binomial)
{
    rf_dice d;
    rf_rng r;
    int k, counts[8] = {0};
    ck_assert_int_eq(rf_dice_parse("7d2-7", &d, NULL), RF_OK);
    rf_rng_seed(&r, 11, 0);
    for (k = 0; k < 12800; k++)
        counts[rf_dice_roll(&d, &r)]++;
    /* P(3) = 35/128: about 3500 of 12800 */
    ck_assert_int_gt(counts[3], 3200);
    ck_assert_int_lt(counts[3], 3800);
    ck_assert_int_lt(counts[7], 250);
}
END_TEST

START_TEST(dice_rejects_garbage)
{
    static const char *const bad[] = {"", "d6", "1d", "1d0", "0d6", "1d6+", "1x6", "99999d2",
                                      "1d2+1d2+1d2+1d2+1d2+1d2+1d2+1d2+1", "1d6 2"};
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rf_dice d = {0};
        int col = 0;
        ck_assert_msg(rf_dice_parse(bad[i], &d, &col) == RF_ERR_ARG, "accepted '%s'", bad[i]);
        ck_assert_int_ge(col, 1);
        ck_assert_int_eq(d.nterms, 0);
    }
}
END_TEST

START_TEST(fnv1a_known_values)
{
    ck_assert(rf_fnv1a64("", 0) == 0xcbf29ce484222325ULL);
    ck_assert(rf_fnv1a64("a", 1) == 0xaf63dc4c8601ec8cULL);
}
END_TEST

START_TEST(depth_seed_is_splitmix64)
{
    /* Seed 0 mixes to 0, so depth d gives SplitMix64's dth output from state
     * 0: its published first outputs. */
    static const uint64_t want[] = {0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL,
                                    0x06c45d188009454fULL, 0xf88bb8a8724c81ecULL};
    int d;
    for (d = 1; d <= 4; d++)
        ck_assert(rf_rng_depth_seed(0, d) == want[d - 1]);
}
END_TEST

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int bits_set(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

START_TEST(depth_seed_differs_by_depth_and_seed)
{
    static const uint64_t seeds[] = {0, 1, 5, 42, 0x9e3779b97f4a7c15ULL, UINT64_MAX};
    uint64_t v[1000];
    size_t k;
    int d;
    for (k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        for (d = 1; d <= 1000; d++) {
            v[d - 1] = rf_rng_depth_seed(seeds[k], d);
            ck_assert(v[d - 1] == rf_rng_depth_seed(seeds[k], d)); /* same in, same out */
            ck_assert(v[d - 1] != seeds[k]);
            if (d > 1) /* neighbours share about half their bits, not most */
                ck_assert_int_gt(bits_set(v[d - 1] ^ v[d - 2]), 12);
        }
        qsort(v, 1000, sizeof v[0], cmp_u64);
        for (d = 1; d < 1000; d++)
            ck_assert_msg(v[d] != v[d - 1], "seed %zu: two depths share a stream seed", k);
    }
    /* one depth, seeds 1..1000: all apart */
    for (d = 1; d <= 1000; d++)
        v[d - 1] = rf_rng_depth_seed((uint64_t)d, 26);
    qsort(v, 1000, sizeof v[0], cmp_u64);
    for (d = 1; d < 1000; d++)
        ck_assert(v[d] != v[d - 1]);
}
END_TEST

static Suite *rng_suite(void)
{
    Suite *s = suite_create("rng");
    TCase *tc = tcase_create("pcg32");
    tcase_add_test(tc, same_seed_same_sequence);
    tcase_add_test(tc, pcg32_matches_reference_vector);
    tcase_add_test(tc, streams_differ);
    tcase_add_test(tc, range_is_inclusive_and_bounded);
    tcase_add_test(tc, chance_edges);
    tcase_add_test(tc, fnv1a_known_values);
    tcase_add_test(tc, depth_seed_is_splitmix64);
    tcase_add_test(tc, depth_seed_differs_by_depth_and_seed);
    suite_add_tcase(s, tc);
    tc = tcase_create("dice");
    tcase_add_loop_test(tc, dice_parse_and_bounds, 0, (int)(sizeof dice_cases / sizeof dice_cases[0]));
    tcase_add_test(tc, dice_7d2_minus_7_is_binomial);
    tcase_add_test(tc, dice_rejects_garbage);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(rng_suite)
