/* tests/unit/test_accrete.c: the Brogue digger's first room and accretion
 * (engine/src/dig_accrete.c, designs.c, loops.c) through rf_brogue_dig.
 */
#include <string.h>

#include "level_check.h"
#include "rf_test.h"
#include "dig/seam.h"

static rf_grid *g;
static rf_room_list rooms;
static rf_brogue_params p;
static rf_brogue_info info;

static void setup(void)
{
    g = rf_grid_new(79, 29);
    ck_assert_ptr_nonnull(g);
    rf_room_list_init(&rooms);
}

static void teardown(void)
{
    rf_grid_free(g);
    rf_room_list_fini(&rooms);
}

/* Params for depth with no lakes, so first rooms and accretion show. */
static void params(int depth)
{
    rf_brogue_params_init(&p, depth);
    p.lakes = 0;
}

static rf_status dig(uint64_t seed, const rf_design_row *designs, size_t n)
{
    rf_rng layout, cosmetic;
    rf_brogue_params_scale(&p, rf_grid_width(g), rf_grid_height(g));
    rf_rng_seed_named(&layout, seed, RF_RNG_LAYOUT);
    rf_rng_seed_named(&cosmetic, seed, RF_RNG_COSMETIC);
    return rf_brogue_dig(g, &rooms, &p, designs, n, &layout, &cosmetic, NULL, &info);
}

static void reset(void)
{
    rf_grid_fill(g, 0, 0, 79, 29, RF_TILE_ROCK);
    rf_room_list_fini(&rooms);
    rf_room_list_init(&rooms);
}

START_TEST(depth_1_starts_with_the_upside_down_t)
{
    int x, y;
    params(1);
    p.attempts = 0;
    p.max_loops = 0;
    ck_assert_int_eq(dig(3, NULL, 0), RF_OK);
    ck_assert_uint_eq(rooms.n, 1);
    ck_assert_int_eq(rooms.items[0].kind, RF_ROOM_CROSS);
    /* 20x4 on the bottom floor rows, 9x10 standing on it, both centred */
    for (y = 0; y < 29; y++)
        for (x = 0; x < 79; x++) {
            bool base = x >= 29 && x < 49 && y >= 24 && y < 28;
            bool stem = x >= 35 && x < 44 && y >= 18 && y < 28;
            ck_assert_msg((rf_grid_get(g, x, y) == RF_TILE_FLOOR) == (base || stem), "tile %d,%d", x, y);
        }
    ck_assert_uint_eq(rf_grid_count(g, RF_TILE_FLOOR), 20 * 4 + 9 * 6);
}
END_TEST

START_TEST(first_room_is_a_rectangle_without_caves)
{
    int seed;
    for (seed = 1; seed <= 40; seed++) {
        const rf_room_rec *r;
        reset();
        params(2 + seed % 20);
        p.cave_chance = 0;
        p.attempts = 0;
        ck_assert_int_eq(dig((uint64_t)seed, NULL, 0), RF_OK);
        r = &rooms.items[0];
        ck_assert_int_eq(r->kind, RF_ROOM_RECT);
        ck_assert_int_ge(r->w - 2, 4);
        ck_assert_int_le(r->w - 2, 25);
        ck_assert_int_ge(r->h - 2, 2);
        ck_assert_int_le(r->h - 2, 7);
        ck_assert_uint_eq(rf_grid_count(g, RF_TILE_FLOOR), (size_t)(r->w - 2) * (size_t)(r->h - 2));
        ck_assert(!info.cave_first);
    }
}
END_TEST

START_TEST(cave_chance_is_drawn_per_level)
{
    int seed, caves = 0;
    for (seed = 1; seed <= 300; seed++) {
        reset();
        params(5);
        p.attempts = 0;
        ck_assert_int_eq(dig((uint64_t)seed, NULL, 0), RF_OK);
        caves += info.cave_first;
        ck_assert_int_eq(rooms.items[0].kind, info.cave_first ? RF_ROOM_CAVE : RF_ROOM_RECT);
    }
    /* 33% of 300: 99 expected; a fair draw stays well inside 60..140 */
    ck_assert_int_gt(caves, 60);
    ck_assert_int_lt(caves, 140);
}
END_TEST

START_TEST(accretion_respects_the_room_cap)
{
    params(3);
    p.max_rooms = 5;
    ck_assert_int_eq(dig(11, NULL, 0), RF_OK);
    ck_assert_int_eq(info.rooms, 5);
}
END_TEST

START_TEST(without_corridor_chance_no_corridors)
{
    size_t i;
    params(3);
    p.corridor_chance = 0;
    ck_assert_int_eq(dig(12, NULL, 0), RF_OK);
    ck_assert_int_eq(info.corridors, 0);
    ck_assert_int_gt(info.rooms, 5);
    for (i = 0; i < rooms.n; i++)
        ck_assert_int_ne(rooms.items[i].kind, RF_ROOM_CORRIDOR);
}
END_TEST

START_TEST(rooms_only_attempts_build_no_corridors)
{
    params(3);
    p.corridor_chance = 100;
    p.rooms_only_last = p.attempts;
    ck_assert_int_eq(dig(13, NULL, 0), RF_OK);
    ck_assert_int_eq(info.corridors, 0);
}
END_TEST

START_TEST(corridors_have_the_spec_lengths)
{
    size_t i;
    int seen = 0, seed;
    for (seed = 1; seed <= 10; seed++) {
        reset();
        params(3);
        ck_assert_int_eq(dig((uint64_t)seed, NULL, 0), RF_OK);
        for (i = 0; i < rooms.n; i++) {
            const rf_room_rec *r = &rooms.items[i];
            if (r->kind != RF_ROOM_CORRIDOR)
                continue;
            seen++;
            if (r->h == 3) { /* across: 5-15 */
                ck_assert_int_ge(r->w - 2, 5);
                ck_assert_int_le(r->w - 2, 15);
            } else { /* down: 2-10 */
                ck_assert_int_eq(r->w, 3);
                ck_assert_int_ge(r->h - 2, 2);
                ck_assert_int_le(r->h - 2, 10);
            }
        }
    }
    ck_assert_int_gt(seen, 10);
}
END_TEST

START_TEST(door_chance_zero_leaves_openings_only)
{
    params(20);
    p.door_chance = 0;
    ck_assert_int_eq(dig(14, NULL, 0), RF_OK);
    ck_assert_uint_eq(rf_grid_count(g, RF_TILE_DOOR) + rf_grid_count(g, RF_TILE_SECRET_DOOR), 0);
    reset();
    params(1);
    p.door_chance = 100;
    ck_assert_int_eq(dig(14, NULL, 0), RF_OK);
    ck_assert_int_gt(info.doors, info.rooms / 2);
}
END_TEST

START_TEST(loops_join_rooms_far_apart)
{
    params(3);
    ck_assert_int_eq(dig(15, NULL, 0), RF_OK);
    ck_assert_int_gt(info.loops, 0);
    ck_assert_int_le(info.loops, 30);
    reset();
    params(3);
    p.max_loops = 0;
    ck_assert_int_eq(dig(15, NULL, 0), RF_OK);
    ck_assert_int_eq(info.loops, 0);
}
END_TEST

/* A drawing design: a plus sign 5 across, found doors by the helper. */
static bool design_plus(void *ud, const rf_brogue_params *pp, rf_rng *r, rf_grid *s, rf_design *out)
{
    int *calls = ud;
    (void)pp;
    (*calls)++;
    rf_grid_fill(s, 1, 3, 5, 1, RF_TILE_FLOOR);
    rf_grid_fill(s, 3, 1, 1, 5, RF_TILE_FLOOR);
    out->w = 7;
    out->h = 7;
    out->kind = RF_ROOM_VAULT;
    rf_design_find_doors(s, r, out);
    return true;
}

/* A broken design: its door site does not touch its floor. */
static bool design_bad(void *ud, const rf_brogue_params *pp, rf_rng *r, rf_grid *s, rf_design *out)
{
    int k;
    (void)ud;
    (void)pp;
    (void)r;
    rf_grid_fill(s, 1, 1, 2, 2, RF_TILE_FLOOR);
    out->w = 6;
    out->h = 6;
    out->kind = RF_ROOM_TEMPLATE;
    for (k = 0; k < RF_DIR_COUNT; k++) {
        out->door_x[k] = 4;
        out->door_y[k] = 4;
    }
    return true;
}

START_TEST(design_table_rows_are_drawn_by_weight)
{
    int calls = 0, zero_calls = 0, fx, fy;
    lc_map m;
    size_t i, vaults = 0;
    rf_design_row rows[3] = {
        {"plus", 1, design_plus, &calls, {0, 0}, false},
        {"never", 0, design_plus, &zero_calls, {0, 0}, false},
        {"bad", 1, design_bad, NULL, {0, 0}, false},
    };
    params(4);
    ck_assert_int_eq(dig(16, rows, 3), RF_OK);
    ck_assert_int_gt(calls, 0);
    ck_assert_int_eq(zero_calls, 0);
    for (i = 1; i < rooms.n; i++) {
        ck_assert_int_ne(rooms.items[i].kind, RF_ROOM_TEMPLATE); /* never fits */
        vaults += rooms.items[i].kind == RF_ROOM_VAULT;
    }
    ck_assert_uint_gt(vaults, 3);
    ck_assert(lc_load(&m, g));
    ck_assert_int_eq(lc_diagonals(&m, &fx, &fy), 0);
    lc_free(&m);
}
END_TEST

START_TEST(builtin_designs_follow_cross_chance)
{
    rf_design_row rows[4];
    params(2);
    p.cross_chance = 100;
    ck_assert_uint_eq(rf_brogue_designs(&p, rows, 4), 2);
    ck_assert_str_eq(rows[0].name, "cross");
    ck_assert_int_eq(rows[0].weight, 100);
    ck_assert_int_eq(rows[1].weight, 0);
    /* reach: the door's bar, either bar of the cross */
    ck_assert_int_eq(rows[0].reach[0], p.cross_h.lo < p.room_h.lo ? p.cross_h.lo : p.room_h.lo);
    ck_assert_int_eq(rows[0].reach[1], p.room_w.lo < p.cross_w.lo ? p.room_w.lo : p.cross_w.lo);
    ck_assert_int_eq(rows[1].reach[0], p.room_h.lo);
    ck_assert_int_eq(rows[1].reach[1], p.room_w.lo);
}
END_TEST

/* The built-in rows say their drawings keep the contract (accretion then
 * skips its rectangle test): every drawing, at every depth, size and door
 * side, reports rectangles inside the ring, a size of 3 to
 * RF_DESIGN_MAX_SIDE and the wanted door on the ring, off the floor, with
 * floor right behind it. */
START_TEST(builtin_drawings_keep_the_contract)
{
    static const int sizes[][2] = {{79, 29}, {30, 12}, {200, 200}};
    rf_grid *scratch = rf_grid_new(RF_DESIGN_MAX_SIDE, RF_DESIGN_MAX_SIDE);
    size_t s, k;
    int depth, want, n;
    ck_assert_ptr_nonnull(scratch);
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (depth = 1; depth <= 26; depth += 5) {
            rf_design_row rows[2];
            rf_rng r;
            rf_brogue_params_init(&p, depth);
            rf_brogue_params_scale(&p, sizes[s][0], sizes[s][1]);
            p.cross_chance = 50;
            ck_assert_uint_eq(rf_brogue_designs(&p, rows, 2), 2);
            rf_rng_seed(&r, (uint64_t)depth, s);
            for (k = 0; k < 2; k++) {
                ck_assert(rows[k].drawn_valid);
                for (n = 0; n < 200; n++)
                    for (want = 0; want < RF_DIR_COUNT; want++) {
                        rf_design ds;
                        int i, dx, dy, inx, iny, in_rect = 0, at_door = 0;
                        memset(&ds, 0, sizeof ds);
                        ds.want = want;
                        ds.kind = RF_ROOM_RECT;
                        for (i = 0; i < RF_DIR_COUNT; i++)
                            ds.door_x[i] = ds.door_y[i] = -1;
                        ck_assert(rows[k].fn(rows[k].ud, &p, &r, scratch, &ds));
                        ck_assert(ds.w >= 3 && ds.h >= 3 && ds.w <= RF_DESIGN_MAX_SIDE &&
                                  ds.h <= RF_DESIGN_MAX_SIDE);
                        ck_assert(ds.nrects >= 1 && ds.nrects <= RF_DESIGN_MAX_RECTS);
                        dx = ds.door_x[want];
                        dy = ds.door_y[want];
                        ck_assert(dx >= 0 && dy >= 0 && dx < ds.w && dy < ds.h);
                        inx = dx - (want == RF_DIR_RIGHT) + (want == RF_DIR_LEFT);
                        iny = dy - (want == RF_DIR_DOWN) + (want == RF_DIR_UP);
                        for (i = 0; i < ds.nrects; i++) {
                            const rf_design_rect *q = &ds.rects[i];
                            ck_assert(q->w >= 1 && q->h >= 1 && q->x >= 1 && q->y >= 1 &&
                                      q->x + q->w <= ds.w - 1 && q->y + q->h <= ds.h - 1);
                            at_door |= dx >= q->x && dy >= q->y && dx < q->x + q->w &&
                                       dy < q->y + q->h;
                            in_rect |= inx >= q->x && iny >= q->y && inx < q->x + q->w &&
                                       iny < q->y + q->h;
                        }
                        ck_assert(!at_door && in_rect);
                    }
            }
        }
    rf_grid_free(scratch);
}
END_TEST

/* A site with less rock ahead than every design's reach takes no try: a
 * row that reaches past the level's inside is never drawn, while the same
 * row with its true reach (the plus's arm: 5) grows the level. */
START_TEST(sites_short_of_every_reach_take_no_try)
{
    int calls = 0;
    rf_design_row far[1] = {{"plus", 1, design_plus, &calls, {28, 78}, false}};
    rf_design_row near[1] = {{"plus", 1, design_plus, &calls, {5, 5}, false}};
    params(2);
    p.cave_chance = 0;
    p.corridor_chance = 0;
    ck_assert_int_eq(dig(7, far, 1), RF_OK);
    ck_assert_int_eq(calls, 0);
    ck_assert_uint_eq(rooms.n, 1);
    reset();
    ck_assert_int_eq(dig(7, near, 1), RF_OK);
    ck_assert_int_gt(calls, 0);
    ck_assert_uint_gt(rooms.n, 1);
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    rf_rng r;
    rf_grid *small = rf_grid_new(19, 10);
    rf_design_row rows[1] = {{"x", 1, design_bad, NULL, {0, 0}, false}};
    params(2);
    rf_rng_seed(&r, 1, 1);
    ck_assert_int_eq(rf_brogue_dig(small, &rooms, &p, NULL, 0, &r, &r, NULL, NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_brogue_dig(g, &rooms, &p, rows, 0, &r, &r, NULL, NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_brogue_dig(g, &rooms, NULL, NULL, 0, &r, &r, NULL, NULL), RF_ERR_ARG);
    p.room_w.lo = 0;
    ck_assert_int_eq(rf_brogue_dig(g, &rooms, &p, NULL, 0, &r, &r, NULL, NULL), RF_ERR_ARG);
    params(2);
    rf_grid_set(g, 5, 5, RF_TILE_FLOOR); /* a grid already dug */
    ck_assert_int_eq(rf_brogue_dig(g, &rooms, &p, NULL, 0, &r, &r, NULL, NULL), RF_ERR_ARG);
    rf_grid_free(small);
}
END_TEST

static Suite *accrete_suite(void)
{
    Suite *s = suite_create("accrete");
    TCase *first = tcase_create("first_room"), *grow = tcase_create("accretion");
    tcase_add_checked_fixture(first, setup, teardown);
    tcase_add_checked_fixture(grow, setup, teardown);
    tcase_add_test(first, depth_1_starts_with_the_upside_down_t);
    tcase_add_test(first, first_room_is_a_rectangle_without_caves);
    tcase_add_test(first, cave_chance_is_drawn_per_level);
    tcase_add_test(grow, accretion_respects_the_room_cap);
    tcase_add_test(grow, without_corridor_chance_no_corridors);
    tcase_add_test(grow, rooms_only_attempts_build_no_corridors);
    tcase_add_test(grow, corridors_have_the_spec_lengths);
    tcase_add_test(grow, door_chance_zero_leaves_openings_only);
    tcase_add_test(grow, loops_join_rooms_far_apart);
    tcase_add_test(grow, design_table_rows_are_drawn_by_weight);
    tcase_add_test(grow, builtin_designs_follow_cross_chance);
    tcase_add_test(grow, builtin_drawings_keep_the_contract);
    tcase_add_test(grow, sites_short_of_every_reach_take_no_try);
    tcase_add_test(grow, bad_arguments_are_refused);
    suite_add_tcase(s, first);
    suite_add_tcase(s, grow);
    return s;
}
RF_TEST_MAIN(accrete_suite)
