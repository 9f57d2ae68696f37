/* tests/unit/test_fov.c: unit tests for line of sight (fov.c): open rooms,
 * pillars, what blocks sight, the edges, and the map against the pairwise
 * test. Population uses it to keep hordes out of the up stairs' sight.
 */
#include <check.h>
#include <stdlib.h>

#include "grid_rows.h"
#include "rf_test.h"
#include "grid/seam.h"

START_TEST(an_open_room_sees_every_tile_and_its_walls)
{
    static const char *const rows[] = {
        "#######",
        "#.....#",
        "#..<..#",
        "#.....#",
        "#######",
    };
    rf_grid *g = grid_of(rows, 5);
    int x, y;
    for (y = 0; y < 5; y++)
        for (x = 0; x < 7; x++)
            ck_assert_msg(rf_fov_los(g, 3, 2, x, y), "%d,%d", x, y);
    rf_grid_free(g);
}
END_TEST

START_TEST(a_pillar_hides_the_tiles_behind_it)
{
    static const char *const rows[] = {
        "###########",
        "#.........#",
        "#<..#.....#",
        "#.........#",
        "###########",
    };
    rf_grid *g = grid_of(rows, 5);
    ck_assert(rf_fov_los(g, 1, 2, 4, 2));  /* the pillar itself is seen */
    ck_assert(!rf_fov_los(g, 1, 2, 5, 2)); /* straight behind it */
    ck_assert(!rf_fov_los(g, 1, 2, 9, 2));
    ck_assert(rf_fov_los(g, 1, 2, 5, 1)); /* just past its corners */
    ck_assert(rf_fov_los(g, 1, 2, 5, 3));
    ck_assert(!rf_fov_los(g, 1, 2, 9, 1)); /* a shallow line still grazes it */
    rf_grid_free(g);
}
END_TEST

START_TEST(walls_and_doors_block_sight_water_and_chasm_do_not)
{
    static const char *const rows[] = {
        "#############",
        "#<..+..#....#",
        "#...~~:=....#",
        "#############",
    };
    rf_grid *g = grid_of(rows, 4);
    ck_assert(!rf_fov_los(g, 1, 1, 6, 1));  /* through the door */
    ck_assert(rf_fov_los(g, 1, 1, 4, 1));   /* the door itself */
    ck_assert(rf_fov_los(g, 1, 2, 11, 2));  /* over water, chasm, bridge */
    ck_assert(!rf_fov_los(g, 1, 1, 10, 1)); /* wall and door between */
    ck_assert(rf_fov_is_opaque(RF_TILE_SECRET_DOOR) && rf_fov_is_opaque(RF_TILE_BREAKABLE));
    ck_assert(!rf_fov_is_opaque(RF_TILE_LAVA) && !rf_fov_is_opaque(RF_TILE_IMPASSABLE));
    rf_grid_free(g);
}
END_TEST

START_TEST(los_outside_is_false_and_a_tile_sees_itself)
{
    static const char *const rows[] = {"#####", "#...#", "#####"};
    rf_grid *g = grid_of(rows, 3);
    unsigned char seen[15];
    ck_assert(!rf_fov_los(g, 1, 1, 5, 1));
    ck_assert(!rf_fov_los(g, -1, 1, 2, 1));
    ck_assert(!rf_fov_los(NULL, 1, 1, 2, 1));
    ck_assert(rf_fov_los(g, 0, 0, 0, 0)); /* even inside a wall */
    ck_assert_int_eq(rf_fov_map(g, 9, 9, seen), RF_ERR_ARG);
    ck_assert_int_eq(rf_fov_map(g, 1, 1, NULL), RF_ERR_ARG);
    rf_grid_free(g);
}
END_TEST

START_TEST(the_map_is_the_pairwise_test)
{
    static const char *const rows[] = {
        "##########",
        "#....#...#",
        "#.<..+...#",
        "#..#.#.#.#",
        "#........#",
        "##########",
    };
    rf_grid *g = grid_of(rows, 6);
    unsigned char seen[60];
    int x, y, n = 0;
    ck_assert_int_eq(rf_fov_map(g, 2, 2, seen), RF_OK);
    for (y = 0; y < 6; y++)
        for (x = 0; x < 10; x++) {
            ck_assert_int_eq(seen[y * 10 + x], rf_fov_los(g, 2, 2, x, y));
            n += seen[y * 10 + x];
        }
    ck_assert_int_gt(n, 10);
    ck_assert_int_lt(n, 60);
    ck_assert(!seen[2 * 10 + 7]); /* behind the door */
    rf_grid_free(g);
}
END_TEST

/* The walk as it was written first: it stepped until it met (x1, y1) and
 * tested every tile on the way. The walk now counts max(dx, dy) steps; on a
 * field of random walls both agree for every pair of tiles. */
static bool walk_to_end(const rf_grid *g, int x0, int y0, int x1, int y1)
{
    int dx = abs(x1 - x0), dy = -abs(y1 - y0), sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    int err = dx + dy, x = x0, y = y0;
    if (x0 == x1 && y0 == y1)
        return true;
    for (;;) {
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
        if (x == x1 && y == y1)
            return true;
        if (rf_fov_is_opaque(rf_grid_get(g, x, y)))
            return false;
    }
}

START_TEST(the_counted_walk_is_the_walk_to_the_end)
{
    rf_grid *g = rf_grid_new(23, 17);
    uint32_t r = 12345u;
    int x0, y0, x1, y1, seen = 0;
    ck_assert_ptr_nonnull(g);
    for (y0 = 0; y0 < g->h; y0++)
        for (x0 = 0; x0 < g->w; x0++) {
            r = r * 1664525u + 1013904223u; /* a fixed field: one wall in four */
            rf_grid_set(g, x0, y0, (r >> 24) < 64 ? RF_TILE_WALL : RF_TILE_FLOOR);
        }
    for (y0 = 0; y0 < g->h; y0++)
        for (x0 = 0; x0 < g->w; x0++)
            for (y1 = 0; y1 < g->h; y1++)
                for (x1 = 0; x1 < g->w; x1++) {
                    bool want = walk_to_end(g, x0, y0, x1, y1);
                    ck_assert_msg(rf_fov_los(g, x0, y0, x1, y1) == want, "%d,%d to %d,%d", x0,
                                  y0, x1, y1);
                    seen += want;
                }
    ck_assert_int_gt(seen, 10000); /* both answers come up */
    ck_assert_int_lt(seen, 23 * 17 * 23 * 17);
    rf_grid_free(g);
}
END_TEST

static Suite *fov_suite(void)
{
    Suite *s = suite_create("fov");
    TCase *fov = tcase_create("fov");
    tcase_add_test(fov, an_open_room_sees_every_tile_and_its_walls);
    tcase_add_test(fov, a_pillar_hides_the_tiles_behind_it);
    tcase_add_test(fov, walls_and_doors_block_sight_water_and_chasm_do_not);
    tcase_add_test(fov, los_outside_is_false_and_a_tile_sees_itself);
    tcase_add_test(fov, the_map_is_the_pairwise_test);
    tcase_add_test(fov, the_counted_walk_is_the_walk_to_the_end);
    suite_add_tcase(s, fov);
    return s;
}

RF_TEST_MAIN(fov_suite)
