/* tests/unit/test_passes.c: the post-passes of the Brogue digger
 * (engine/src/passes.c, doors.c, choke.c, bridges.c): the seed's secret-door
 * and trap tables, diagonal openings, orphaned doors, granite walls, the
 * chokepoint map and bridges.
 */
#include <string.h>

#include "level_check.h"
#include "level_gen_check.h"
#include "grid_rows.h"
#include "rf_test.h"
#include "dig/seam.h"
#include "roomforge/level.h"

/* The table of the seed: depth, secret-door %, trap range. */
static const struct {
    int depth, secret, lo, hi;
} table[] = {
    {2, 2, 0, 0}, {3, 5, 0, 1}, {4, 8, 0, 1}, {5, 10, 1, 2},
    {10, 24, 2, 4}, {15, 37, 3, 7}, {20, 50, 4, 9}, {26, 67, 6, 12},
};

START_TEST(secret_door_chance_follows_the_seed_table)
{
    rf_brogue_params p;
    ck_assert_int_eq(rf_brogue_secret_chance(table[_i].depth), table[_i].secret);
    rf_brogue_params_init(&p, table[_i].depth);
    ck_assert_int_eq(p.secret_door_chance, table[_i].secret);
}
END_TEST

START_TEST(trap_count_follows_the_seed_table)
{
    rf_span s = rf_brogue_trap_span(table[_i].depth);
    rf_level_opts o;
    int seed;
    bool seen_lo = false, seen_hi = false;
    ck_assert_int_eq(s.lo, table[_i].lo);
    ck_assert_int_eq(s.hi, table[_i].hi);
    rf_level_opts_init(&o);
    o.depth = table[_i].depth;
    o.width = 40;
    o.height = 20;
    for (seed = 1; seed <= 60; seed++) {
        rf_level *lv = NULL;
        int n;
        o.seed = (uint64_t)seed;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
        n = rf_level_traps(lv);
        ck_assert_int_ge(n, s.lo);
        ck_assert_int_le(n, s.hi);
        seen_lo = seen_lo || n == s.lo;
        seen_hi = seen_hi || n == s.hi;
        rf_level_free(lv);
    }
    ck_assert(seen_lo && seen_hi);
}
END_TEST

START_TEST(secret_and_trap_tables_clamp)
{
    rf_span s;
    ck_assert_int_eq(rf_brogue_secret_chance(1), 0);
    ck_assert_int_eq(rf_brogue_secret_chance(27), 67);
    ck_assert_int_eq(rf_brogue_secret_chance(1000), 67);
    ck_assert_int_eq(rf_brogue_secret_chance(-5), 0);
    s = rf_brogue_trap_span(1);
    ck_assert_int_eq(s.lo, 0);
    ck_assert_int_eq(s.hi, 0);
}
END_TEST

/* Doors and secret doors over n levels of depth. */
static void count_doors(int depth, int n, size_t *doors, size_t *secret)
{
    rf_level_opts o;
    int seed;
    *doors = *secret = 0;
    rf_level_opts_init(&o);
    o.depth = depth;
    for (seed = 1; seed <= n; seed++) {
        rf_level *lv = NULL;
        o.seed = (uint64_t)seed;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
        *doors += rf_grid_count(rf_level_grid(lv), RF_TILE_DOOR);
        *secret += rf_grid_count(rf_level_grid(lv), RF_TILE_SECRET_DOOR);
        rf_level_free(lv);
    }
}

START_TEST(secret_doors_appear_at_the_seed_rate)
{
    size_t doors, secret;
    count_doors(1, 40, &doors, &secret);
    ck_assert_uint_eq(secret, 0);
    ck_assert_uint_gt(doors, 100);
    count_doors(26, 60, &doors, &secret);
    /* 67% of the doors: a fair draw over hundreds stays within 57-77% */
    ck_assert_uint_gt(secret * 100, (doors + secret) * 57);
    ck_assert_uint_lt(secret * 100, (doors + secret) * 77);
}
END_TEST

static rf_status dig(rf_grid *g, rf_brogue_params *p, uint64_t seed, int *choke)
{
    return lc_brogue_dig(g, p, seed, choke, NULL);
}

START_TEST(passes_leave_no_diagonal_no_orphan_no_stray_wall)
{
    int seed;
    for (seed = 1; seed <= 200; seed++) {
        rf_grid *g = rf_grid_new(79, 29);
        rf_brogue_params p;
        lc_map m;
        int fx = -1, fy = -1;
        rf_brogue_params_init(&p, 1 + seed % 26);
        ck_assert_int_eq(dig(g, &p, (uint64_t)seed, NULL), RF_OK);
        ck_assert(lc_load(&m, g));
        ck_assert_msg(lc_diagonals(&m, &fx, &fy) == 0, "seed %d diagonal %d,%d", seed, fx, fy);
        ck_assert_msg(lc_orphan_doors(&m, &fx, &fy) == 0, "seed %d orphan %d,%d", seed, fx, fy);
        ck_assert_msg(lc_bad_walls(&m, &fx, &fy) == 0, "seed %d wall %d,%d", seed, fx, fy);
        lc_free(&m);
        rf_grid_free(g);
    }
}
END_TEST

/* Walkable components of m with the tile at (bx, by) taken out (m is
 * unchanged on return). Flood fills a copy, walling each component off. */
static int components(const lc_map *m, int bx, int by)
{
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    size_t size = (size_t)m->stride * (size_t)(m->h + 2);
    lc_map c = *m;
    int *q = malloc((size_t)m->w * (size_t)m->h * sizeof *q);
    int x, y, n = 0;
    c.t = malloc(size);
    ck_assert(c.t && q);
    memcpy(c.t, m->t, size);
    LC_AT(&c, bx, by) = RF_TILE_WALL;
    for (y = 0; y < c.h; y++)
        for (x = 0; x < c.w; x++) {
            int head = 0, tail = 0;
            if (!c.walk[LC_AT(&c, x, y)])
                continue;
            n++;
            LC_AT(&c, x, y) = RF_TILE_WALL;
            q[tail++] = y * c.w + x;
            while (head < tail) {
                int cell = q[head++], k;
                for (k = 0; k < 4; k++) {
                    int nx = cell % c.w + dx[k], ny = cell / c.w + dy[k];
                    if (nx < 0 || ny < 0 || nx >= c.w || ny >= c.h || !c.walk[LC_AT(&c, nx, ny)])
                        continue;
                    LC_AT(&c, nx, ny) = RF_TILE_WALL;
                    q[tail++] = ny * c.w + nx;
                }
            }
        }
    free(c.t);
    free(q);
    return n;
}

START_TEST(chokepoints_are_exactly_the_cut_tiles)
{
    int seed, cuts = 0;
    for (seed = 1; seed <= 3; seed++) {
        rf_grid *g = rf_grid_new(40, 20);
        int choke[40 * 20];
        rf_brogue_params p;
        lc_map m;
        int x, y, whole;
        rf_brogue_params_init(&p, 2 + seed);
        p.lakes = 0;       /* no bridges or lake walls after the map */
        p.door_chance = 0; /* no orphaned doors to wall up after it */
        ck_assert_int_eq(dig(g, &p, (uint64_t)seed, choke), RF_OK);
        ck_assert(lc_load(&m, g));
        whole = components(&m, 0, 0);
        ck_assert_int_eq(whole, 1);
        for (y = 1; y < 19; y++)
            for (x = 1; x < 39; x++) {
                int c = choke[y * 40 + x];
                if (!m.walk[LC_AT(&m, x, y)]) {
                    ck_assert_int_eq(c, 0);
                    continue;
                }
                ck_assert_msg((c > 0) == (components(&m, x, y) > 1), "seed %d tile %d,%d choke %d",
                              seed, x, y, c);
                cuts += c > 0;
            }
        lc_free(&m);
        rf_grid_free(g);
    }
    ck_assert_int_gt(cuts, 10);
}
END_TEST

/* The loop map of rows, as 'o' / '.' / ' ' rows compared with want. */
static void check_loops(const char *const *rows, const char *const *want, int h)
{
    rf_grid *g = grid_of(rows, h);
    int w = rf_grid_width(g), x, y;
    int *choke = rf_calloc((size_t)w * (size_t)h, sizeof *choke);
    uint8_t *loop = rf_calloc((size_t)w * (size_t)h, 1);
    ck_assert_ptr_nonnull(choke);
    ck_assert_ptr_nonnull(loop);
    ck_assert_int_eq(rf_chokepoints(g, choke, loop), RF_OK);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            char got = loop[y * w + x] ? 'o' : rf_tile_is_walkable(rf_grid_get(g, x, y)) ? '.' : ' ';
            char exp = want[y][x] == '#' ? ' ' : want[y][x];
            ck_assert_msg(got == exp, "row %d col %d: %c, want %c", y, x, got, exp);
        }
    rf_free(choke);
    rf_free(loop);
    rf_grid_free(g);
}

/* Room floor lies on cycles (a 2x2 of floor is one); corridors that rejoin
 * round a block are one loop; a dead-end corridor, a corridor between two
 * areas and a lone tile are on none. */
START_TEST(loop_map_marks_tiles_on_cycles)
{
    static const char *const rooms[] = {"############", "#....###...#", "#....+.+...#",
                                        "#....###...#", "###.########", "###.########",
                                        "############"};
    static const char *const rooms_want[] = {"############", "#oooo###ooo#", "#oooo...ooo#",
                                             "#oooo###ooo#", "###.########", "###.########",
                                             "############"};
    static const char *const ring[] = {"##########", "#.......##", "#.#####.##", "#.#####.##",
                                       "#........#", "##########"};
    static const char *const ring_want[] = {"##########", "#ooooooo##", "#o#####o##",
                                            "#o#####o##", "#ooooooo.#", "##########"};
    check_loops(rooms, rooms_want, 7);
    check_loops(ring, ring_want, 6);
}
END_TEST

/* Walkable and no hazard: a chasm's edge beside a bridge is its lake's. */
static bool ground(rf_tile t) { return rf_tile_is_walkable(t) && !rf_tile_is_hazard(t); }

START_TEST(bridges_cross_lakes_between_walkable_ends)
{
    rf_level_opts o;
    int seed, x, y;
    size_t bridges = 0;
    rf_level_opts_init(&o);
    o.depth = 3;
    for (seed = 1; seed <= 60; seed++) {
        rf_level *lv = NULL;
        const rf_grid *g;
        o.seed = (uint64_t)seed;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
        g = rf_level_grid(lv);
        for (y = 0; y < 29; y++)
            for (x = 0; x < 79; x++) {
                bool across;
                if (rf_grid_get(g, x, y) != RF_TILE_BRIDGE)
                    continue;
                bridges++;
                /* a bridge tile runs along its bridge and has lake on both sides */
                across = rf_grid_get(g, x - 1, y) != RF_TILE_WALL && rf_grid_get(g, x + 1, y) != RF_TILE_WALL &&
                         ground(rf_grid_get(g, x - 1, y)) && ground(rf_grid_get(g, x + 1, y));
                if (across)
                    ck_assert(!ground(rf_grid_get(g, x, y - 1)) || !ground(rf_grid_get(g, x, y + 1)) ||
                              rf_grid_get(g, x, y - 1) == RF_TILE_BRIDGE);
            }
        rf_level_free(lv);
    }
    ck_assert_uint_gt(bridges, 0);
}
END_TEST

static Suite *passes_suite(void)
{
    Suite *s = suite_create("passes");
    TCase *tables = tcase_create("tables"), *terrain = tcase_create("terrain");
    int n = (int)(sizeof table / sizeof table[0]);
    tcase_set_timeout(tables, 120);
    tcase_set_timeout(terrain, 120);
    tcase_add_loop_test(tables, secret_door_chance_follows_the_seed_table, 0, n);
    tcase_add_loop_test(tables, trap_count_follows_the_seed_table, 0, n);
    tcase_add_test(tables, secret_and_trap_tables_clamp);
    tcase_add_test(tables, secret_doors_appear_at_the_seed_rate);
    tcase_add_test(terrain, passes_leave_no_diagonal_no_orphan_no_stray_wall);
    tcase_add_test(terrain, chokepoints_are_exactly_the_cut_tiles);
    tcase_add_test(terrain, loop_map_marks_tiles_on_cycles);
    tcase_add_test(terrain, bridges_cross_lakes_between_walkable_ends);
    suite_add_tcase(s, tables);
    suite_add_tcase(s, terrain);
    return s;
}
RF_TEST_MAIN(passes_suite)
