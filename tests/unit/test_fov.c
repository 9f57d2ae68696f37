/* tests/unit/test_fov.c: unit tests for line of sight (fov.c): open rooms,
 * pillars, what blocks sight, the edges, the slope rule the map is built on
 * against the walk, and the map against the pairwise test on random and
 * patterned grids. Population uses it to keep hordes out of the up stairs'
 * sight.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "grid_rows.h"
#include "rf_test.h"
#include "core/seam.h"
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

/* The walk of rf_fov_los, recording the tile of every step instead of
 * testing it; returns the steps, max(|dx|, |dy|). */
static int walk_tiles(int dx1, int dy1, int *xs, int *ys)
{
    int dx = abs(dx1), dy = -abs(dy1), sx = 0 < dx1 ? 1 : -1, sy = 0 < dy1 ? 1 : -1;
    int err = dx + dy, x = 0, y = 0, n, k;
    n = dx > -dy ? dx : -dy;
    for (k = 1; k <= n; k++) {
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
        xs[k] = x;
        ys[k] = y;
    }
    return n;
}

/* fov.c's map rests on this: on the line to (dx, dy), a = the longer side,
 * b = the shorter (x is the longer when they are equal), step k is k along
 * the longer axis and j along the shorter, j the one with
 * (2j - 1) a <= 2 b k < (2j + 1) a, i.e. j = floor((2 b k + a) / 2a). */
START_TEST(the_walks_tiles_follow_the_slope_rule)
{
    enum { R = 300 };
    static int xs[R + 1], ys[R + 1];
    int dx, dy, k;
    long steps = 0;
    for (dy = -R; dy <= R; dy++)
        for (dx = -R; dx <= R; dx++) {
            int n = walk_tiles(dx, dy, xs, ys), sx = 0 < dx ? 1 : -1, sy = 0 < dy ? 1 : -1;
            int a = abs(dx) >= abs(dy) ? abs(dx) : abs(dy);
            int b = abs(dx) >= abs(dy) ? abs(dy) : abs(dx);
            if (n != a || (n && (xs[n] != dx || ys[n] != dy)))
                ck_abort_msg("%d,%d: %d steps", dx, dy, n);
            for (k = 1; k <= n; k++) { /* no ck_assert a step: Check logs each */
                int j = (2 * b * k + a) / (2 * a);
                bool ok = (2 * j - 1) * a <= 2 * b * k && 2 * b * k < (2 * j + 1) * a &&
                          (abs(dx) >= abs(dy) ? xs[k] == sx * k && ys[k] == sy * j
                                              : ys[k] == sy * k && xs[k] == sx * j);
                if (!ok)
                    ck_abort_msg("%d,%d step %d: %d,%d, not j = %d", dx, dy, k, xs[k], ys[k], j);
            }
            steps += n;
        }
    ck_assert_int_gt(steps, (long)R * R * 4);
}
END_TEST

/* A fixed pseudo-random stream for the fields below. */
static uint32_t next(uint32_t *r)
{
    *r = *r * 1664525u + 1013904223u;
    return *r >> 8;
}

/* Fills g: each tile opaque with odds walls / 256, drawn from every opaque
 * tile kind, else from floor and the tiles sight crosses. */
static void random_field(rf_grid *g, uint32_t *r, int walls)
{
    static const rf_tile dark[] = {RF_TILE_WALL, RF_TILE_ROCK, RF_TILE_DOOR,
                                   RF_TILE_SECRET_DOOR, RF_TILE_BREAKABLE};
    static const rf_tile clear[] = {RF_TILE_FLOOR, RF_TILE_FLOOR, RF_TILE_FLOOR,
                                    RF_TILE_DEEP_WATER, RF_TILE_CHASM, RF_TILE_IMPASSABLE};
    int x, y;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++) {
            uint32_t v = next(r);
            rf_tile t = (int)(v & 255) < walls ? dark[(v >> 8) % 5] : clear[(v >> 8) % 6];
            rf_grid_set(g, x, y, t);
        }
}

/* Asserts seen[] from rf_fov_map at (x0, y0) is rf_fov_los for every tile;
 * returns the tiles seen. */
static int check_map(const rf_grid *g, int x0, int y0, unsigned char *seen)
{
    int x, y, n = 0;
    memset(seen, 7, (size_t)g->w * (size_t)g->h); /* not 0 or 1: every tile is written */
    ck_assert_int_eq(rf_fov_map(g, x0, y0, seen), RF_OK);
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++) {
            unsigned char want = rf_fov_los(g, x0, y0, x, y);
            if (seen[y * g->w + x] != want) /* no ck_assert a tile: Check logs each */
                ck_abort_msg("%dx%d from %d,%d: %d,%d is %d, not %d", g->w, g->h, x0, y0, x, y,
                             seen[y * g->w + x], want);
            n += want;
        }
    return n;
}

/* Odd and even sides, one-tile rows and columns, every density from none to
 * nearly all; origins on the corners, the edges' middles, the centre and
 * three drawn. */
START_TEST(the_map_is_los_on_random_fields)
{
    static const int sides[][2] = {{1, 1},   {1, 2},   {2, 1},   {2, 2},   {1, 13},  {13, 1},
                                   {1, 64},  {64, 1},  {3, 40},  {40, 3},  {16, 16}, {17, 9},
                                   {9, 17},  {23, 17}, {64, 48}, {97, 61}, {61, 97}};
    static const int walls[] = {0, 3, 8, 31, 64, 128, 230, 256};
    uint32_t r = 777u;
    size_t si, wi;
    long lit = 0, tiles = 0;
    for (si = 0; si < sizeof sides / sizeof *sides; si++)
        for (wi = 0; wi < sizeof walls / sizeof *walls; wi++) {
            int w = sides[si][0], h = sides[si][1], k;
            rf_grid *g = rf_grid_new(w, h);
            unsigned char *seen = malloc((size_t)w * (size_t)h);
            int ox[10] = {0, w - 1, 0, w - 1, w / 2, 0, w - 1, w / 2, 0, 0};
            int oy[10] = {0, 0, h - 1, h - 1, 0, h / 2, h / 2, h - 1, 0, 0};
            ck_assert_ptr_nonnull(g);
            ck_assert_ptr_nonnull(seen);
            random_field(g, &r, walls[wi]);
            for (k = 7; k < 10; k++) {
                ox[k] = (int)(next(&r) % (uint32_t)w);
                oy[k] = (int)(next(&r) % (uint32_t)h);
            }
            for (k = 0; k < 10; k++) {
                lit += check_map(g, ox[k], oy[k], seen);
                tiles += (long)w * h;
            }
            lit += check_map(g, w / 2, h / 2, seen);
            tiles += (long)w * h;
            free(seen);
            rf_grid_free(g);
        }
    ck_assert_int_gt(lit, tiles / 10); /* both answers come up often */
    ck_assert_int_lt(lit, tiles - tiles / 10);
}
END_TEST

START_TEST(the_map_is_los_from_every_origin)
{
    static const int sides[][2] = {{23, 17}, {1, 30}, {30, 1}, {8, 8}};
    uint32_t r = 4242u;
    size_t si;
    for (si = 0; si < sizeof sides / sizeof *sides; si++) {
        int w = sides[si][0], h = sides[si][1], x, y;
        rf_grid *g = rf_grid_new(w, h);
        unsigned char *seen = malloc((size_t)w * (size_t)h);
        ck_assert_ptr_nonnull(g);
        ck_assert_ptr_nonnull(seen);
        random_field(g, &r, 56);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                check_map(g, x, y, seen);
        free(seen);
        rf_grid_free(g);
    }
}
END_TEST

/* Long sight lines, where the blocked runs of slopes are thinnest: sparse
 * pillars and regular pillar lattices (many lines pass exactly between two
 * tiles, the walk's tie rule) on wide grids. */
START_TEST(the_map_is_los_over_long_lines_and_lattices)
{
    static const int lattice[][2] = {{2, 2}, {3, 2}, {2, 5}, {4, 4}, {7, 3}, {5, 11}};
    uint32_t r = 99u;
    int w = 300, h = 181, x, y, k;
    rf_grid *g = rf_grid_new(w, h);
    unsigned char *seen = malloc((size_t)w * (size_t)h);
    long lit = 0;
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(seen);
    for (k = 0; k < 2; k++) { /* one pillar in 256, then one in 1024 */
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                rf_grid_set(g, x, y, next(&r) % (k ? 1024u : 256u) ? RF_TILE_FLOOR : RF_TILE_WALL);
        lit += check_map(g, 0, 0, seen);
        lit += check_map(g, w - 1, h / 2, seen);
        lit += check_map(g, 137, 90, seen);
    }
    for (k = 0; k < (int)(sizeof lattice / sizeof *lattice); k++) {
        int px = lattice[k][0], py = lattice[k][1];
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                rf_grid_set(g, x, y, x % px == 1 && y % py == 1 ? RF_TILE_WALL : RF_TILE_FLOOR);
        lit += check_map(g, 0, 0, seen);
        lit += check_map(g, 150, 90, seen);
        lit += check_map(g, 151, 91, seen);
    }
    ck_assert_int_gt(lit, 100000);
    free(seen);
    rf_grid_free(g);
}
END_TEST

START_TEST(the_map_out_of_memory_leaves_seen_alone)
{
    static const char *const rows[] = {"#####", "#...#", "#####"};
    rf_grid *g = grid_of(rows, 3);
    unsigned char seen[15];
    memset(seen, 7, sizeof seen);
    rf_alloc_fail_after(1);
    ck_assert_int_eq(rf_fov_map(g, 1, 1, seen), RF_ERR_NOMEM);
    rf_alloc_fail_after(0);
    ck_assert_int_eq(seen[0], 7);
    ck_assert_int_eq(seen[14], 7);
    rf_grid_free(g);
}
END_TEST

static Suite *fov_suite(void)
{
    Suite *s = suite_create("fov");
    TCase *fov = tcase_create("fov"), *map = tcase_create("map");
    tcase_add_test(fov, an_open_room_sees_every_tile_and_its_walls);
    tcase_add_test(fov, a_pillar_hides_the_tiles_behind_it);
    tcase_add_test(fov, walls_and_doors_block_sight_water_and_chasm_do_not);
    tcase_add_test(fov, los_outside_is_false_and_a_tile_sees_itself);
    tcase_add_test(fov, the_map_is_the_pairwise_test);
    tcase_add_test(fov, the_counted_walk_is_the_walk_to_the_end);
    suite_add_tcase(s, fov);
    /* exhaustive: a few seconds under the sanitizers, not Check's 4 s default */
    tcase_set_timeout(map, 120);
    tcase_add_test(map, the_walks_tiles_follow_the_slope_rule);
    tcase_add_test(map, the_map_is_los_on_random_fields);
    tcase_add_test(map, the_map_is_los_from_every_origin);
    tcase_add_test(map, the_map_is_los_over_long_lines_and_lattices);
    tcase_add_test(map, the_map_out_of_memory_leaves_seen_alone);
    suite_add_tcase(s, map);
    return s;
}

RF_TEST_MAIN(fov_suite)
