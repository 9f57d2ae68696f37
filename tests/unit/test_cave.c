/* tests/unit/test_cave.c: cellular caves (engine/src/cave.c): the cave first
 * room, its size and its walls, and the scaling of the cave minimum.
 */
#include "level_check.h"
#include "rf_test.h"
#include "roomforge/brogue.h"

static rf_status dig_cave(rf_grid *g, rf_room_list *rooms, uint64_t seed, rf_brogue_info *info)
{
    rf_brogue_params p;
    rf_rng layout, cosmetic;
    rf_brogue_params_init(&p, 7);
    p.cave_chance = 100;
    p.attempts = 0;
    p.lakes = 0;
    rf_brogue_params_scale(&p, rf_grid_width(g), rf_grid_height(g));
    rf_rng_seed_named(&layout, seed, RF_RNG_LAYOUT);
    rf_rng_seed_named(&cosmetic, seed, RF_RNG_COSMETIC);
    return rf_brogue_dig(g, rooms, &p, NULL, 0, &layout, &cosmetic, NULL, info);
}

START_TEST(cave_first_room_is_one_big_blob)
{
    int seed, big = 0;
    for (seed = 1; seed <= 30; seed++) {
        rf_grid *g = rf_grid_new(79, 29);
        rf_room_list rooms;
        rf_brogue_info info;
        const rf_room_rec *r;
        lc_map m;
        int fx, fy, x, y, sx = -1, sy = -1;
        rf_room_list_init(&rooms);
        ck_assert_int_eq(dig_cave(g, &rooms, (uint64_t)seed, &info), RF_OK);
        ck_assert(info.cave_first);
        ck_assert_uint_eq(rooms.n, 1);
        r = &rooms.items[0];
        ck_assert_int_eq(r->kind, RF_ROOM_CAVE);
        big += r->w - 2 >= 50 && r->h - 2 >= 20;
        ck_assert(lc_load(&m, g));
        for (y = 0; y < 29 && sx < 0; y++)
            for (x = 0; x < 79; x++)
                if (LC_AT(&m, x, y) == RF_TILE_FLOOR) {
                    sx = x;
                    sy = y;
                    break;
                }
        /* one 4-connected blob inside its record, walled, diagonals fixed */
        ck_assert_int_eq(lc_unreachable(&m, sx, sy, &fx, &fy), 0);
        ck_assert_int_eq(lc_bad_walls(&m, &fx, &fy), 0);
        ck_assert_int_eq(lc_diagonals(&m, &fx, &fy), 0);
        for (y = 0; y < 29; y++)
            for (x = 0; x < 79; x++)
                if (LC_AT(&m, x, y) == RF_TILE_FLOOR)
                    ck_assert(x > r->x && y > r->y && x < r->x + r->w - 1 && y < r->y + r->h - 1);
        lc_free(&m);
        rf_room_list_fini(&rooms);
        rf_grid_free(g);
    }
    /* the automaton restarts until the blob reaches 50x20 (or gives up after
     * 40 restarts and keeps the best): nearly always big enough */
    ck_assert_int_ge(big, 27);
}
END_TEST

START_TEST(cave_minimum_scales_with_the_level)
{
    rf_brogue_params p;
    rf_brogue_params_init(&p, 2);
    ck_assert_int_eq(p.cave_min_w, 50);
    ck_assert_int_eq(p.cave_min_h, 20);
    rf_brogue_params_scale(&p, 158, 58);
    ck_assert_int_eq(p.cave_min_w, 100);
    ck_assert_int_eq(p.cave_min_h, 40);
    rf_brogue_params_init(&p, 2);
    rf_brogue_params_scale(&p, 20, 10);
    ck_assert_int_le(p.cave_min_w, 18);
    ck_assert_int_le(p.cave_min_h, 8);
}
END_TEST

START_TEST(caves_work_on_the_smallest_and_large_levels)
{
    static const int sizes[][2] = {{20, 10}, {33, 17}, {300, 120}};
    size_t i;
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        rf_grid *g = rf_grid_new(sizes[i][0], sizes[i][1]);
        rf_room_list rooms;
        rf_brogue_info info;
        rf_room_list_init(&rooms);
        ck_assert_int_eq(dig_cave(g, &rooms, 5, &info), RF_OK);
        ck_assert_int_eq(rooms.items[0].kind, RF_ROOM_CAVE);
        ck_assert_uint_gt(rf_grid_count(g, RF_TILE_FLOOR), 10);
        rf_room_list_fini(&rooms);
        rf_grid_free(g);
    }
}
END_TEST

static Suite *cave_suite(void)
{
    Suite *s = suite_create("cave");
    TCase *tc = tcase_create("cave");
    tcase_add_test(tc, cave_first_room_is_one_big_blob);
    tcase_add_test(tc, cave_minimum_scales_with_the_level);
    tcase_add_test(tc, caves_work_on_the_smallest_and_large_levels);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(cave_suite)
