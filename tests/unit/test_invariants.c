/* tests/unit/test_invariants.c: the level invariants over many seeds: DESIGN
 * 6 connectivity from the up stairs, no diagonal openings, no orphaned
 * doors, walls exactly where floor is exposed, stairs on the level, and
 * byte-identical output for the same seed.
 *
 * 1,000 seeds x depths 1-26 at each of three sizes, in chunks: one TCase a
 * size and chunk ("ref0" .. "ref3", "small0", "small1", "large0" ..
 * "large7"), each its own CTest test (CK_RUN_CASE), so ctest -j spreads them
 * and none runs long. When RF_SANITIZED is set (the sanitizer pass of `make
 * test`) the first chunk checks its first 20 seeds (those checked there
 * before the split) and the others their first 3.
 * Lakes are checked not to disconnect by the connectivity check itself:
 * every lake is placed before the stairs.
 */
#include <stdio.h>
#include <stdlib.h>

#include "level_check.h"
#include "rf_test.h"
#include "roomforge/level.h"
#include "sweep_cases.h"

#define SEEDS 1000 /* a size */

/* The sizes and the TCases each is split into (each count dividing SEEDS):
 * about 15 s a TCase on an idle machine. tests/CMakeLists.txt lists the
 * same names (sweep_cases.h checks it). */
static const struct {
    const char *name;
    int w, h, chunks;
} sizes[] = {{"ref", 79, 29, 4}, {"small", 40, 20, 2}, {"large", 100, 40, 8}};

/* The seeds a chunk of size seeds checks (see the top). */
static int seeds_in_chunk(int chunk, int size)
{
    const char *s = getenv("RF_SANITIZED");
    if (s && *s && *s != '0')
        return chunk == 0 ? 20 : 3;
    return size;
}

static void check_size(int k, int chunk)
{
    rf_level_opts o;
    int w = sizes[k].w, h = sizes[k].h, size = SEEDS / sizes[k].chunks;
    int n = seeds_in_chunk(chunk, size), i, depth;
    rf_level_opts_init(&o);
    o.width = w;
    o.height = h;
    for (i = chunk * size; i < chunk * size + n; i++)
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

/* _i is the chunk */
START_TEST(levels_79x29_hold_the_invariants) { check_size(0, _i); }
END_TEST

START_TEST(levels_40x20_hold_the_invariants) { check_size(1, _i); }
END_TEST

START_TEST(levels_100x40_hold_the_invariants) { check_size(2, _i); }
END_TEST

static Suite *invariants_suite(void)
{
    Suite *s = suite_create("invariants");
    const TTest *tests[3] = {levels_79x29_hold_the_invariants, levels_40x20_hold_the_invariants,
                             levels_100x40_hold_the_invariants};
    int k, c;
    for (k = 0; k < 3; k++) {
        for (c = 0; c < sizes[k].chunks; c++) {
            char name[16];
            snprintf(name, sizeof name, "%s%d", sizes[k].name, c);
            tcase_add_loop_test(sweep_tcase(s, name), tests[k], c, c + 1);
        }
    }
    return s;
}
RF_TEST_MAIN(invariants_suite)
