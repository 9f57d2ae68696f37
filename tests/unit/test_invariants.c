/* tests/unit/test_invariants.c: the level invariants over many seeds: DESIGN
 * 6 connectivity from the up stairs, no diagonal openings, no orphaned
 * doors, walls exactly where floor is exposed, stairs on the level, and
 * byte-identical output for the same seed.
 *
 * 1,000 seeds x depths 1-26 at each of three sizes (one TCase a size, run as
 * separate CTest tests); 20 seeds when RF_SANITIZED is set (the sanitizer
 * pass of `make test`). Lakes are checked not to disconnect by the
 * connectivity check itself: every lake is placed before the stairs.
 */
#include <stdio.h>
#include <stdlib.h>

#include "level_check.h"
#include "rf_test.h"
#include "roomforge/level.h"

static int seeds(void)
{
    const char *s = getenv("RF_SANITIZED");
    return s && *s && *s != '0' ? 20 : 1000;
}

static void check_size(int w, int h)
{
    rf_level_opts o;
    int n = seeds(), i, depth;
    rf_level_opts_init(&o);
    o.width = w;
    o.height = h;
    for (i = 0; i < n; i++)
        for (depth = 1; depth <= 26; depth++) {
            rf_level *lv = NULL, *again = NULL;
            lc_map m;
            int ux, uy, dx, dy, fx = -1, fy = -1, bad;
            o.seed = (uint64_t)i * 7919u + 1;
            o.depth = depth;
            ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
            ck_assert(lc_load(&m, rf_level_grid(lv)));
            ck_assert(lc_skip_locked(&m, rf_level_room_at(lv, 0), rf_level_room_count(lv)));
            rf_level_stairs_up(lv, &ux, &uy);
            rf_level_stairs_down(lv, &dx, &dy);
            ck_assert_int_eq(LC_AT(&m, ux, uy), RF_TILE_STAIRS_UP);
            ck_assert_int_eq(LC_AT(&m, dx, dy), RF_TILE_STAIRS_DOWN);
            bad = lc_unreachable(&m, ux, uy, &fx, &fy);
            ck_assert_msg(bad == 0, "%dx%d seed %llu depth %d: %d unreachable, first %d,%d", w, h,
                          (unsigned long long)o.seed, depth, bad, fx, fy);
            bad = lc_diagonals(&m, &fx, &fy);
            ck_assert_msg(bad == 0, "%dx%d seed %llu depth %d: diagonal opening at %d,%d", w, h,
                          (unsigned long long)o.seed, depth, fx, fy);
            bad = lc_orphan_doors(&m, &fx, &fy);
            ck_assert_msg(bad == 0, "%dx%d seed %llu depth %d: orphaned door at %d,%d", w, h,
                          (unsigned long long)o.seed, depth, fx, fy);
            bad = lc_bad_walls(&m, &fx, &fy);
            ck_assert_msg(bad == 0, "%dx%d seed %llu depth %d: wrong wall/rock at %d,%d", w, h,
                          (unsigned long long)o.seed, depth, fx, fy);
            if (i % 50 == 0) { /* same seed, same bytes */
                ck_assert_int_eq(rf_level_generate(NULL, &o, &again, NULL), RF_OK);
                ck_assert(rf_level_digest(lv) == rf_level_digest(again));
                rf_level_free(again);
            }
            lc_free(&m);
            rf_level_free(lv);
        }
}

START_TEST(levels_79x29_hold_the_invariants) { check_size(79, 29); }
END_TEST

START_TEST(levels_40x20_hold_the_invariants) { check_size(40, 20); }
END_TEST

START_TEST(levels_100x40_hold_the_invariants) { check_size(100, 40); }
END_TEST

static Suite *invariants_suite(void)
{
    Suite *s = suite_create("invariants");
    TCase *ref = tcase_create("ref"), *small = tcase_create("small"), *large = tcase_create("large");
    tcase_set_timeout(ref, 0);
    tcase_set_timeout(small, 0);
    tcase_set_timeout(large, 0);
    tcase_add_test(ref, levels_79x29_hold_the_invariants);
    tcase_add_test(small, levels_40x20_hold_the_invariants);
    tcase_add_test(large, levels_100x40_hold_the_invariants);
    suite_add_tcase(s, ref);
    suite_add_tcase(s, small);
    suite_add_tcase(s, large);
    return s;
}
RF_TEST_MAIN(invariants_suite)
