/* tests/unit/test_grid.c: unit tests for engine/src/grid.c. */
#include <string.h>

#include "core/seam.h"
#include "grid/seam.h"
#include "rf_test.h"
#include "roomforge/grid.h"
#include "roomforge/placed.h"

static rf_grid *g;
static void setup(void)
{
    g = rf_grid_new(8, 4);
    ck_assert_ptr_nonnull(g);
}
static void teardown(void) { rf_grid_free(g); }

START_TEST(new_grid_is_rock)
{
    ck_assert_int_eq(rf_grid_width(g), 8);
    ck_assert_int_eq(rf_grid_height(g), 4);
    ck_assert_uint_eq(rf_grid_count(g, RF_TILE_ROCK), 32);
}
END_TEST

START_TEST(set_outside_changes_nothing)
{
    ck_assert(!rf_grid_set(g, 8, 0, RF_TILE_FLOOR));
    ck_assert(!rf_grid_set(g, -1, 0, RF_TILE_FLOOR));
    ck_assert(!rf_grid_set(g, 0, 4, RF_TILE_FLOOR));
    ck_assert(!rf_grid_set(g, 0, 0, RF_TILE_COUNT));
    ck_assert_int_eq(rf_grid_get(g, 7, 0), RF_TILE_ROCK);
    ck_assert_int_eq(rf_grid_get(g, 100, 100), RF_TILE_ROCK);
    ck_assert_uint_eq(rf_grid_count(g, RF_TILE_ROCK), 32);
}
END_TEST

START_TEST(fill_clips_and_rows_render)
{
    char row[9];
    rf_grid_fill(g, -2, 1, 5, 2, RF_TILE_FLOOR);
    rf_grid_set(g, 7, 3, RF_TILE_STAIRS_DOWN);
    ck_assert(rf_grid_row(g, 1, row, sizeof row));
    ck_assert_str_eq(row, "...     ");
    ck_assert(rf_grid_row(g, 3, row, sizeof row));
    ck_assert_str_eq(row, "       >");
    ck_assert(!rf_grid_row(g, 3, row, 8));
    ck_assert(!rf_grid_row(g, 4, row, sizeof row));
}
END_TEST

START_TEST(rooms_are_recorded)
{
    ck_assert(rf_grid_set_room(g, 2, 2, 5));
    ck_assert_int_eq(rf_grid_room(g, 2, 2), 5);
    ck_assert_int_eq(rf_grid_room(g, 9, 9), 0);
    ck_assert(!rf_grid_set_room(g, 9, 9, 1));
}
END_TEST

START_TEST(clone_is_deep)
{
    rf_grid *c;
    rf_grid_set(g, 1, 1, RF_TILE_WALL);
    c = rf_grid_clone(g);
    ck_assert_ptr_nonnull(c);
    rf_grid_set(g, 1, 1, RF_TILE_FLOOR);
    ck_assert_int_eq(rf_grid_get(c, 1, 1), RF_TILE_WALL);
    rf_grid_free(c);
}
END_TEST

START_TEST(glyph_table_round_trips)
{
    int t;
    for (t = 0; t < RF_TILE_COUNT; t++) {
        rf_tile back;
        ck_assert(rf_tile_from_glyph(rf_tile_glyph((rf_tile)t), &back));
        ck_assert_int_eq(back, t);
    }
    ck_assert_int_eq(rf_tile_glyph(RF_TILE_COUNT), '?');
    {
        rf_tile x;
        ck_assert(!rf_tile_from_glyph('Q', &x));
    }
}
END_TEST

START_TEST(walkable_matches_design_6)
{
    /* DESIGN 6's walkable glyphs, and the two walkable hazards
     * docs/reference.md adds to its table (a chasm's edge, brimstone) */
    static const char walkable[] = ".+*!<>,WIGA=;B";
    int t;
    for (t = 0; t < RF_TILE_COUNT; t++)
        ck_assert_msg(rf_tile_is_walkable((rf_tile)t) == (strchr(walkable, rf_tile_glyph((rf_tile)t)) != NULL),
                      "tile '%c'", rf_tile_glyph((rf_tile)t));
}
END_TEST

START_TEST(bad_sizes_are_refused)
{
    ck_assert_ptr_null(rf_grid_new(0, 5));
    ck_assert_ptr_null(rf_grid_new(5, -1));
    ck_assert_ptr_null(rf_grid_new(RF_GRID_MAX_SIDE + 1, 5));
}
END_TEST

START_TEST(allocation_failures_give_null)
{
    long n;
    for (n = 1; n <= 3; n++) {
        rf_grid *x;
        rf_alloc_fail_after(n);
        x = rf_grid_new(10, 10);
        rf_alloc_fail_after(0);
        ck_assert_ptr_null(x);
    }
}
END_TEST

/* A chasm's edge a floor reaches stays; one cut off by walls and the chasm
 * falls in; brimstone joined only to other brimstone cut off turns impassable;
 * brimstone beside floor stays, and so do hazards a floor reaches only over
 * other hazards. */
START_TEST(stranded_hazards_sink)
{
    static const char *rows[] = {".;:#;:#BB", "..:#::##B", ".B:######"};
    rf_grid *sg = rf_grid_new(9, 3);
    size_t sunk = 99;
    int x, y;
    ck_assert_ptr_nonnull(sg);
    for (y = 0; y < 3; y++)
        for (x = 0; x < 9; x++) {
            rf_tile t;
            ck_assert(rf_tile_from_glyph(rows[y][x], &t));
            rf_grid_set(sg, x, y, t);
        }
    ck_assert_int_eq(rf_grid_sink_stranded(sg, &sunk), RF_OK);
    ck_assert_uint_eq(sunk, 4);
    ck_assert_int_eq(rf_grid_get(sg, 1, 0), RF_TILE_CHASM_EDGE);
    ck_assert_int_eq(rf_grid_get(sg, 1, 2), RF_TILE_BRIMSTONE);
    ck_assert_int_eq(rf_grid_get(sg, 4, 0), RF_TILE_CHASM);
    ck_assert_int_eq(rf_grid_get(sg, 7, 0), RF_TILE_IMPASSABLE);
    ck_assert_int_eq(rf_grid_get(sg, 8, 0), RF_TILE_IMPASSABLE);
    ck_assert_int_eq(rf_grid_get(sg, 8, 1), RF_TILE_IMPASSABLE);
    rf_grid_free(sg);
    /* hazards reached over other hazards stay: the walk goes on over them */
    sg = rf_grid_new(6, 1);
    ck_assert_ptr_nonnull(sg);
    rf_grid_set(sg, 0, 0, RF_TILE_FLOOR);
    for (x = 1; x < 5; x++)
        rf_grid_set(sg, x, 0, x % 2 ? RF_TILE_CHASM_EDGE : RF_TILE_BRIMSTONE);
    rf_grid_set(sg, 5, 0, RF_TILE_WALL);
    ck_assert_int_eq(rf_grid_sink_stranded(sg, &sunk), RF_OK);
    ck_assert_uint_eq(sunk, 0);
    ck_assert_int_eq(rf_grid_get(sg, 4, 0), RF_TILE_BRIMSTONE);
    rf_grid_free(sg);
}
END_TEST

/* Rows as words (grid_rows.c): the solid bits of every tile byte (eight
 * at a time and the tail), and the diagonal blocks, match a tile-by-tile
 * reading, at widths round the word edges and from every start column. */
START_TEST(rows_as_words_match_the_tiles)
{
    static const int widths[] = {1, 2, 7, 8, 9, 63, 64, 65, 130};
    rf_rng r;
    size_t k;
    rf_rng_seed(&r, 7, 1);
    for (k = 0; k < sizeof widths / sizeof widths[0]; k++) {
        int w = widths[k], h = 4, x, y, round;
        rf_grid *rg = rf_grid_new(w, h);
        ck_assert_ptr_nonnull(rg);
        for (round = 0; round < 20; round++) {
            uint64_t s0[RF_GRID_MAX_ROW_WORDS], s1[RF_GRID_MAX_ROW_WORDS];
            uint64_t blocks[RF_GRID_MAX_ROW_WORDS];
            /* every byte value in some rounds, mostly rock and wall in others */
            for (x = 0; x < w * h; x++)
                rg->t[x] = (uint8_t)(round % 2 ? rf_rng_below(&r, 256) : rf_rng_below(&r, 4));
            for (y = 0; y + 1 < h; y++) {
                int from;
                rf_grid_solid_row(rg, y, s0);
                rf_grid_solid_row(rg, y + 1, s1);
                for (x = 0; x < RF_GRID_ROW_WORDS(w) * 64; x++)
                    if ((bool)(s0[x >> 6] >> (x & 63) & 1u) !=
                        (x < w && rf_grid_is_solid(RF_GRID_AT(rg, x, y))))
                        ck_abort_msg("width %d row %d column %d: solid bit", w, y, x);
                for (from = 0; from <= w; from++) {
                    rf_grid_diagonal_blocks(s0, s1, w, from, blocks);
                    for (x = 0; x < RF_GRID_ROW_WORDS(w) * 64; x++) {
                        bool want = false;
                        if (x >= from && x + 1 < w) {
                            bool a = rf_grid_is_solid(RF_GRID_AT(rg, x, y));
                            bool b = rf_grid_is_solid(RF_GRID_AT(rg, x + 1, y));
                            bool c = rf_grid_is_solid(RF_GRID_AT(rg, x, y + 1));
                            bool e = rf_grid_is_solid(RF_GRID_AT(rg, x + 1, y + 1));
                            want = a == e && b == c && a != b;
                        }
                        if ((bool)(blocks[x >> 6] >> (x & 63) & 1u) != want)
                            ck_abort_msg("width %d row %d from %d column %d", w, y, from, x);
                    }
                }
            }
        }
        rf_grid_free(rg);
    }
}
END_TEST

/* The placed list answers where its objects stand (rf_placed_list_has_at,
 * public: the engine's own placer asks a map of the list instead). */
START_TEST(placed_list_says_what_stands_where)
{
    rf_placed_list l;
    rf_placed p;
    rf_placed_list_init(&l);
    ck_assert(!rf_placed_list_has_at(&l, 0, 0));
    rf_placed_init(&p, "monster", "kobold", 3, 2, 1);
    ck_assert_ptr_nonnull(rf_placed_list_add(&l, &p));
    rf_placed_init(&p, "item", "potion", 5, 2, 1);
    ck_assert_ptr_nonnull(rf_placed_list_add(&l, &p));
    ck_assert(rf_placed_list_has_at(&l, 3, 2));
    ck_assert(rf_placed_list_has_at(&l, 5, 2));
    ck_assert(!rf_placed_list_has_at(&l, 2, 3));
    ck_assert(!rf_placed_list_has_at(&l, 4, 2));
    rf_placed_list_fini(&l);
    ck_assert(!rf_placed_list_has_at(&l, 3, 2));
}
END_TEST

static Suite *grid_suite(void)
{
    Suite *s = suite_create("grid");
    TCase *tc = tcase_create("bounds");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, new_grid_is_rock);
    tcase_add_test(tc, set_outside_changes_nothing);
    tcase_add_test(tc, fill_clips_and_rows_render);
    tcase_add_test(tc, rooms_are_recorded);
    tcase_add_test(tc, clone_is_deep);
    suite_add_tcase(s, tc);
    tc = tcase_create("tiles");
    tcase_add_test(tc, glyph_table_round_trips);
    tcase_add_test(tc, walkable_matches_design_6);
    tcase_add_test(tc, stranded_hazards_sink);
    tcase_add_test(tc, rows_as_words_match_the_tiles);
    tcase_add_test(tc, placed_list_says_what_stands_where);
    tcase_add_test(tc, bad_sizes_are_refused);
    tcase_add_test(tc, allocation_failures_give_null);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(grid_suite)
