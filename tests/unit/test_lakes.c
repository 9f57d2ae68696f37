/* tests/unit/test_lakes.c: lakes (engine/src/dig/brogue/lakes.c): liquids
 * by depth, wreaths and chasm edges, limits, and that no lake disconnects the
 * level (round its hazards, level_check.h).
 */
#include <string.h>

#include "level_check.h"
#include "level_gen_check.h"
#include "rf_test.h"
#include "dig/seam.h"
#include "roomforge/level.h"

/* Counts of each tile over levels of depth at 79x29, seeds 1..n. */
static void tally(int depth, int n, size_t counts[RF_TILE_COUNT])
{
    rf_level_opts o;
    int seed, t;
    memset(counts, 0, RF_TILE_COUNT * sizeof counts[0]);
    rf_level_opts_init(&o);
    o.depth = depth;
    for (seed = 1; seed <= n; seed++) {
        rf_level *lv = NULL;
        o.seed = (uint64_t)seed;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
        for (t = 0; t < RF_TILE_COUNT; t++)
            counts[t] += rf_grid_count(rf_level_grid(lv), (rf_tile)t);
        rf_level_free(lv);
    }
}

START_TEST(no_lava_before_depth_4_no_brimstone_before_18)
{
    size_t c[RF_TILE_COUNT];
    tally(3, 60, c);
    ck_assert_uint_eq(c[RF_TILE_LAVA], 0);
    ck_assert_uint_eq(c[RF_TILE_BRIMSTONE], 0);
    ck_assert_uint_gt(c[RF_TILE_DEEP_WATER], 0);
    ck_assert_uint_gt(c[RF_TILE_CHASM], 0);
    tally(4, 60, c);
    ck_assert_uint_gt(c[RF_TILE_LAVA], 0);
    ck_assert_uint_eq(c[RF_TILE_BRIMSTONE], 0);
    tally(17, 60, c);
    ck_assert_uint_eq(c[RF_TILE_BRIMSTONE], 0);
    tally(18, 60, c);
    ck_assert_uint_gt(c[RF_TILE_BRIMSTONE], 0);
    /* brimstone is no longer drawn 'X': only a cell a lake cut off sinks */
    ck_assert_uint_lt(c[RF_TILE_IMPASSABLE] * 100, c[RF_TILE_BRIMSTONE]);
    ck_assert(rf_tile_is_walkable(RF_TILE_BRIMSTONE) && rf_tile_is_hazard(RF_TILE_BRIMSTONE));
}
END_TEST

/* Chasm tiles of levels at depth (seeds 1..n) with a bare floor tile among
 * their 8 neighbours, into *bare; chasm edge tiles into *edges. */
static void chasm_shores(int depth, int n, size_t *bare, size_t *edges)
{
    rf_level_opts o;
    int seed, x, y, i, j;
    rf_level_opts_init(&o);
    o.depth = depth;
    *bare = *edges = 0;
    for (seed = 1; seed <= n; seed++) {
        rf_level *lv = NULL;
        const rf_grid *g;
        o.seed = (uint64_t)seed;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
        g = rf_level_grid(lv);
        *edges += rf_grid_count(g, RF_TILE_CHASM_EDGE);
        for (y = 0; y < rf_grid_height(g); y++)
            for (x = 0; x < rf_grid_width(g); x++) {
                bool touch = false;
                if (rf_grid_get(g, x, y) != RF_TILE_CHASM)
                    continue;
                for (j = -1; j <= 1; j++)
                    for (i = -1; i <= 1; i++)
                        touch = touch || rf_grid_get(g, x + i, y + j) == RF_TILE_FLOOR;
                *bare += touch;
            }
        rf_level_free(lv);
    }
}

START_TEST(a_chasm_has_an_edge)
{
    /* The seed's 1-tile wreath: floor round a chasm is edge. Only floor made
     * after the lakes (a template corridor, a wall knocked down between two
     * chasms) can touch a chasm bare: a handful where the edge is hundreds
     * (80 levels a depth: enough edge for the share to mean something) */
    size_t bare, edges;
    chasm_shores(1, 80, &bare, &edges);
    ck_assert_uint_gt(edges, 500);
    ck_assert_uint_lt(bare * 100, edges);
    chasm_shores(22, 80, &bare, &edges);
    ck_assert_uint_gt(edges, 500);
    ck_assert_uint_lt(bare * 100, edges);
}
END_TEST

START_TEST(deep_water_has_a_shallow_wreath)
{
    /* floor next to deep water is rare: the 2-tile wreath turned it shallow
     * (only tiles opened later, by the diagonal pass, can touch it) */
    rf_level_opts o;
    int seed, x, y;
    size_t shallow_edge = 0, floor_edge = 0;
    rf_level_opts_init(&o);
    o.depth = 2;
    for (seed = 1; seed <= 40; seed++) {
        rf_level *lv = NULL;
        const rf_grid *g;
        o.seed = (uint64_t)seed;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
        g = rf_level_grid(lv);
        for (y = 1; y < 28; y++)
            for (x = 1; x < 78; x++) {
                rf_tile t = rf_grid_get(g, x, y);
                bool wet = rf_grid_get(g, x + 1, y) == RF_TILE_DEEP_WATER ||
                           rf_grid_get(g, x - 1, y) == RF_TILE_DEEP_WATER ||
                           rf_grid_get(g, x, y + 1) == RF_TILE_DEEP_WATER ||
                           rf_grid_get(g, x, y - 1) == RF_TILE_DEEP_WATER;
                shallow_edge += wet && t == RF_TILE_SHALLOW_WATER;
                floor_edge += wet && t == RF_TILE_FLOOR;
            }
        rf_level_free(lv);
    }
    ck_assert_uint_gt(shallow_edge, 100);
    ck_assert_uint_lt(floor_edge * 20, shallow_edge);
}
END_TEST

static rf_status dig(rf_grid *g, rf_brogue_params *p, uint64_t seed, rf_brogue_info *info)
{
    return lc_brogue_dig(g, p, seed, NULL, info);
}

START_TEST(lake_count_is_capped_and_zero_means_dry)
{
    int seed, placed = 0;
    for (seed = 1; seed <= 20; seed++) {
        rf_grid *g = rf_grid_new(79, 29);
        rf_brogue_params p;
        rf_brogue_info info;
        int t;
        rf_brogue_params_init(&p, 9);
        p.lakes = seed % 2 ? 0 : 10;
        ck_assert_int_eq(dig(g, &p, (uint64_t)seed, &info), RF_OK);
        ck_assert_int_le(info.lakes, p.lakes);
        placed += info.lakes;
        if (p.lakes == 0)
            for (t = 0; t < RF_TILE_COUNT; t++)
                if (rf_tile_is_liquid((rf_tile)t))
                    ck_assert_uint_eq(rf_grid_count(g, (rf_tile)t), 0);
        rf_grid_free(g);
    }
    ck_assert_int_gt(placed, 10);
}
END_TEST

START_TEST(lakes_never_disconnect_the_level)
{
    int seed;
    for (seed = 1; seed <= 150; seed++) {
        rf_grid *g = rf_grid_new(60, 24);
        rf_brogue_params p;
        rf_brogue_info info;
        lc_map m;
        int x, y, sx = -1, sy = -1, fx, fy;
        rf_brogue_params_init(&p, 1 + seed % 26);
        p.lakes = 20; /* crowd the level with lakes */
        ck_assert_int_eq(dig(g, &p, (uint64_t)seed, &info), RF_OK);
        ck_assert(lc_load(&m, g));
        for (y = 0; y < 24 && sx < 0; y++)
            for (x = 0; x < 60; x++)
                if (m.walk[LC_AT(&m, x, y)]) {
                    sx = x;
                    sy = y;
                    break;
                }
        ck_assert_msg(lc_unreachable(&m, sx, sy, &fx, &fy) == 0, "seed %d: cut off at %d,%d", seed,
                      fx, fy);
        lc_free(&m);
        rf_grid_free(g);
    }
}
END_TEST

START_TEST(lake_limits_shrink_and_scale)
{
    rf_brogue_params p;
    rf_brogue_params_init(&p, 2);
    ck_assert_int_eq(p.lakes, 10);
    ck_assert_int_eq(p.lake_max_w, 30);
    ck_assert_int_eq(p.lake_max_h, 15);
    ck_assert_int_eq(p.lake_min_w, 20);
    ck_assert_int_eq(p.lake_min_h, 10);
    rf_brogue_params_scale(&p, 79 * 2, 29 * 2);
    ck_assert_int_eq(p.lakes, 40); /* counts grow with area */
    ck_assert_int_eq(p.lake_max_w, 30);
    rf_brogue_params_init(&p, 2);
    rf_brogue_params_scale(&p, 40, 20);
    ck_assert_int_eq(p.lakes, 10); /* never fewer than the seed's */
    ck_assert_int_le(p.lake_max_w, 16);
    ck_assert_int_le(p.lake_max_h, 11);
}
END_TEST

START_TEST(liquid_kinds_are_cosmetic_draws)
{
    /* same layout stream, other cosmetic stream: the same rooms and
     * corridors (lakes in the same places, other liquids; the passes after
     * the lakes see other liquids, so doors and bridges may differ) */
    int seed, differ = 0;
    for (seed = 1; seed <= 20; seed++) {
        rf_grid *a = rf_grid_new(79, 29), *b = rf_grid_new(79, 29);
        rf_room_list ra, rb;
        rf_brogue_params p;
        rf_rng layout, cosmetic;
        int x, y;
        rf_room_list_init(&ra);
        rf_room_list_init(&rb);
        rf_brogue_params_init(&p, 20);
        rf_brogue_params_scale(&p, 79, 29);
        rf_rng_seed_named(&layout, (uint64_t)seed, RF_RNG_LAYOUT);
        rf_rng_seed_named(&cosmetic, (uint64_t)seed, RF_RNG_COSMETIC);
        ck_assert_int_eq(rf_brogue_dig(a, &ra, &p, NULL, 0, &layout, &cosmetic, NULL, NULL), RF_OK);
        rf_rng_seed_named(&layout, (uint64_t)seed, RF_RNG_LAYOUT);
        rf_rng_seed_named(&cosmetic, (uint64_t)seed + 1000, RF_RNG_COSMETIC);
        ck_assert_int_eq(rf_brogue_dig(b, &rb, &p, NULL, 0, &layout, &cosmetic, NULL, NULL), RF_OK);
        ck_assert_uint_eq(ra.n, rb.n);
        ck_assert_int_eq(memcmp(ra.items, rb.items, ra.n * sizeof ra.items[0]), 0);
        for (y = 0; y < 29; y++)
            for (x = 0; x < 79; x++)
                differ += rf_grid_get(a, x, y) != rf_grid_get(b, x, y);
        rf_room_list_fini(&ra);
        rf_room_list_fini(&rb);
        rf_grid_free(a);
        rf_grid_free(b);
    }
    ck_assert_int_gt(differ, 0);
}
END_TEST

static Suite *lakes_suite(void)
{
    Suite *s = suite_create("lakes");
    TCase *tc = tcase_create("lakes");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, no_lava_before_depth_4_no_brimstone_before_18);
    tcase_add_test(tc, deep_water_has_a_shallow_wreath);
    tcase_add_test(tc, a_chasm_has_an_edge);
    tcase_add_test(tc, lake_count_is_capped_and_zero_means_dry);
    tcase_add_test(tc, lakes_never_disconnect_the_level);
    tcase_add_test(tc, lake_limits_shrink_and_scale);
    tcase_add_test(tc, liquid_kinds_are_cosmetic_draws);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(lakes_suite)
