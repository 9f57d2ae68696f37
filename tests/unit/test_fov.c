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

static Suite *fov_suite(void)
{
    Suite *s = suite_create("fov");
    TCase *fov = tcase_create("fov");
    tcase_add_test(fov, an_open_room_sees_every_tile_and_its_walls);
    tcase_add_test(fov, a_pillar_hides_the_tiles_behind_it);
    tcase_add_test(fov, walls_and_doors_block_sight_water_and_chasm_do_not);
    tcase_add_test(fov, los_outside_is_false_and_a_tile_sees_itself);
    tcase_add_test(fov, the_map_is_the_pairwise_test);
    suite_add_tcase(s, fov);
    return s;
}

RF_TEST_MAIN(fov_suite)
