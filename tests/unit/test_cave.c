/* tests/unit/test_cave.c: cellular caves (engine/src/cave.c): the automaton
 * rules against a model written from the seed, the cave first room, its size
 * and its walls, and the scaling of the cave minimum.
 */
#include <stdlib.h>
#include <string.h>

#include "brogue_int.h"
#include "level_check.h"
#include "rf_test.h"
#include "dig/seam.h"

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

/* The seed's rules as neighbour-count sets: lakes B5678/S45678, caves
 * B678/S45678. */
START_TEST(automaton_rules_are_the_seeds)
{
    unsigned n, lake_b = 0, lake_s = 0, cave_b = 0;
    for (n = 5; n <= 8; n++)
        lake_b |= 1u << n;
    for (n = 4; n <= 8; n++)
        lake_s |= 1u << n;
    for (n = 6; n <= 8; n++)
        cave_b |= 1u << n;
    ck_assert_uint_eq(RF_LAKE_BIRTH, lake_b);
    ck_assert_uint_eq(RF_LAKE_SURVIVE, lake_s);
    ck_assert_uint_eq(RF_CAVE_BIRTH, cave_b);
    ck_assert_uint_eq(RF_CAVE_SURVIVE, lake_s);
    ck_assert_int_eq(RF_CA_ALIVE, 55);
    ck_assert_int_eq(RF_CA_GENS, 5);
}
END_TEST

/* A plain model of one run: seed alive% (one draw a tile, row by row, alive
 * when the draw is below alive% of 2^32), `gens` generations of the rule with
 * everything outside dead, then the largest 4-connected blob whose bounding
 * box fits max_w x max_h (the first found in row order on a tie). Fills
 * keep[bw*bh] and returns its cell count. */
static int model_blob(rf_rng *r, int bw, int bh, const int *birth, const int *survive, int gens,
                      int max_w, int max_h, unsigned char *keep)
{
    size_t n = (size_t)bw * (size_t)bh;
    unsigned char *a = calloc(n, 1), *b = calloc(n, 1);
    int *label = calloc(n, sizeof *label), *stack = malloc(n * sizeof *stack);
    uint32_t below = (uint32_t)(((uint64_t)RF_CA_ALIVE << 32) / 100u);
    int x, y, g, i, best = 0, best_cells = 0, labels = 0;
    ck_assert(a && b && label && stack);
    for (i = 0; i < (int)n; i++)
        a[i] = rf_rng_next(r) < below;
    for (g = 0; g < gens; g++) {
        for (y = 0; y < bh; y++)
            for (x = 0; x < bw; x++) {
                int live = 0, dx, dy;
                for (dy = -1; dy <= 1; dy++)
                    for (dx = -1; dx <= 1; dx++)
                        if ((dx || dy) && x + dx >= 0 && y + dy >= 0 && x + dx < bw && y + dy < bh)
                            live += a[(y + dy) * bw + x + dx];
                b[y * bw + x] = (unsigned char)(a[y * bw + x] ? survive[live] : birth[live]);
            }
        memcpy(a, b, n);
    }
    for (i = 0; i < (int)n; i++) {
        int top = 0, cells = 0, x0 = bw, y0 = bh, x1 = -1, y1 = -1;
        if (!a[i] || label[i])
            continue;
        label[i] = ++labels;
        stack[top++] = i;
        while (top > 0) {
            int c = stack[--top], cx = c % bw, cy = c / bw, k;
            const int nx[4] = {cx + 1, cx - 1, cx, cx}, ny[4] = {cy, cy, cy + 1, cy - 1};
            cells++;
            x0 = cx < x0 ? cx : x0;
            x1 = cx > x1 ? cx : x1;
            y0 = cy < y0 ? cy : y0;
            y1 = cy > y1 ? cy : y1;
            for (k = 0; k < 4; k++) {
                int m = ny[k] * bw + nx[k];
                if (nx[k] < 0 || ny[k] < 0 || nx[k] >= bw || ny[k] >= bh || !a[m] || label[m])
                    continue;
                label[m] = labels;
                stack[top++] = m;
            }
        }
        if (x1 - x0 + 1 <= max_w && y1 - y0 + 1 <= max_h && cells > best_cells) {
            best = labels;
            best_cells = cells;
        }
    }
    for (i = 0; i < (int)n; i++)
        keep[i] = best && label[i] == best;
    free(a);
    free(b);
    free(label);
    free(stack);
    return best_cells;
}

/* rf_cave_blob with the lake and the cave rules matches the model, seed by
 * seed: 55% seeding, 5 generations, the largest blob within the limits. */
START_TEST(blobs_match_a_model_of_the_seeds_automaton)
{
    static const int lake_birth[9] = {0, 0, 0, 0, 0, 1, 1, 1, 1};
    static const int cave_birth[9] = {0, 0, 0, 0, 0, 0, 1, 1, 1};
    static const int survive[9] = {0, 0, 0, 0, 1, 1, 1, 1, 1};
    const int bw = 30, bh = 15;
    rf_brogue d;
    unsigned char keep[30 * 15];
    size_t pad = (size_t)(bw + 2) * (size_t)(bh + 2);
    uint64_t seed;
    int kind, found = 0;
    memset(&d, 0, sizeof d);
    d.ca_a = calloc(pad, 1);
    d.ca_b = calloc(pad, 1);
    d.label = calloc(pad, sizeof *d.label);
    d.queue = calloc(pad, sizeof *d.queue);
    d.ca_w = calloc(2 * ((size_t)bh + 2) * (((size_t)bw + 63) / 64), sizeof *d.ca_w);
    d.runs = calloc((size_t)bh * (((size_t)bw + 1) / 2), sizeof *d.runs);
    ck_assert(d.ca_a && d.ca_b && d.ca_w && d.label && d.queue && d.runs);
    for (kind = 0; kind < 2; kind++)
        for (seed = 1; seed <= 40; seed++) {
            rf_rng r, model;
            rf_blob b;
            int x, y, cells, max_w = kind ? bw : 20, max_h = kind ? bh : 10;
            rf_rng_seed(&r, seed, 3);
            model = r;
            d.rng = &r;
            rf_cave_blob(&d, bw, bh, kind ? RF_CAVE_BIRTH : RF_LAKE_BIRTH,
                         kind ? RF_CAVE_SURVIVE : RF_LAKE_SURVIVE, RF_CA_ALIVE, RF_CA_GENS, 1, 1,
                         max_w, max_h, 0, &b);
            cells = model_blob(&model, bw, bh, kind ? cave_birth : lake_birth, survive, RF_CA_GENS,
                               max_w, max_h, keep);
            ck_assert_int_eq(b.cells, cells);
            ck_assert(r.state == model.state); /* one draw a tile, nothing more */
            for (y = 0; y < bh; y++)
                for (x = 0; x < bw; x++)
                    ck_assert_msg(RF_CA_AT(&d, bw, x, y) == keep[y * bw + x],
                                  "%s seed %d: %d,%d", kind ? "cave" : "lake", (int)seed, x, y);
            found += cells > 0 && b.w <= max_w && b.h <= max_h;
        }
    ck_assert_int_gt(found, 40); /* most runs found a blob within their limits */
    /* the two rules differ: the same start gives other blobs */
    {
        rf_rng r1, r2;
        rf_blob b1, b2;
        rf_rng_seed(&r1, 9, 3);
        r2 = r1;
        d.rng = &r1;
        rf_cave_blob(&d, bw, bh, RF_LAKE_BIRTH, RF_LAKE_SURVIVE, RF_CA_ALIVE, RF_CA_GENS, 1, 1, bw,
                     bh, 0, &b1);
        d.rng = &r2;
        rf_cave_blob(&d, bw, bh, RF_CAVE_BIRTH, RF_CAVE_SURVIVE, RF_CA_ALIVE, RF_CA_GENS, 1, 1, bw,
                     bh, 0, &b2);
        ck_assert(b1.cells != b2.cells || b1.w != b2.w || b1.h != b2.h);
    }
    free(d.ca_a);
    free(d.ca_b);
    free(d.ca_w);
    free(d.label);
    free(d.queue);
    free(d.runs);
}
END_TEST

/* Rules that are not "at least k" (the seed's are) take the general path:
 * Conway's B3/S23 and a B1357/S02468 parity rule match the model too, and
 * so do areas 64, 65 and 130 wide (blobs across row words). */
START_TEST(other_rules_and_word_edges_match_the_model)
{
    static const int life_birth[9] = {0, 0, 0, 1, 0, 0, 0, 0, 0};
    static const int life_survive[9] = {0, 0, 1, 1, 0, 0, 0, 0, 0};
    static const int odd[9] = {0, 1, 0, 1, 0, 1, 0, 1, 0};
    static const int even[9] = {1, 0, 1, 0, 1, 0, 1, 0, 1};
    static const int cave_birth[9] = {0, 0, 0, 0, 0, 0, 1, 1, 1};
    static const int survive[9] = {0, 0, 0, 0, 1, 1, 1, 1, 1};
    static const struct {
        const int *birth, *survive;
        unsigned bmask, smask;
        int bw, bh;
    } cases[] = {
        {life_birth, life_survive, RF_CA_BIT(3), RF_CA_BIT(2) | RF_CA_BIT(3), 30, 15},
        {odd, even, 0xaau, 0x155u, 30, 15},
        {cave_birth, survive, RF_CAVE_BIRTH, RF_CAVE_SURVIVE, 64, 9},
        {cave_birth, survive, RF_CAVE_BIRTH, RF_CAVE_SURVIVE, 65, 9},
        {cave_birth, survive, RF_CAVE_BIRTH, RF_CAVE_SURVIVE, 130, 12},
    };
    size_t k;
    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int bw = cases[k].bw, bh = cases[k].bh;
        size_t pad = (size_t)(bw + 2) * (size_t)(bh + 2);
        unsigned char *keep = malloc((size_t)bw * (size_t)bh);
        rf_brogue d;
        uint64_t seed;
        memset(&d, 0, sizeof d);
        d.ca_a = calloc(pad, 1);
        d.ca_w = calloc(2 * ((size_t)bh + 2) * (((size_t)bw + 63) / 64), sizeof *d.ca_w);
        d.runs = calloc((size_t)bh * (((size_t)bw + 1) / 2), sizeof *d.runs);
        ck_assert(keep && d.ca_a && d.ca_w && d.runs);
        for (seed = 1; seed <= 12; seed++) {
            rf_rng r, model;
            rf_blob b;
            int x, y, cells;
            rf_rng_seed(&r, seed, 5);
            model = r;
            d.rng = &r;
            rf_cave_blob(&d, bw, bh, cases[k].bmask, cases[k].smask, RF_CA_ALIVE, RF_CA_GENS, 1, 1,
                         bw, bh, 0, &b);
            cells = model_blob(&model, bw, bh, cases[k].birth, cases[k].survive, RF_CA_GENS, bw, bh,
                               keep);
            ck_assert_int_eq(b.cells, cells);
            for (y = 0; y < bh; y++)
                for (x = 0; x < bw; x++)
                    ck_assert_msg(RF_CA_AT(&d, bw, x, y) == keep[y * bw + x],
                                  "case %d seed %d: %d,%d", (int)k, (int)seed, x, y);
        }
        free(keep);
        free(d.ca_a);
        free(d.ca_w);
        free(d.runs);
    }
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

/* The cave's restarts: 40 up to the seed's level, then a share of the same
 * work, at least 2, so the automaton's work stays linear in area. */
START_TEST(cave_restarts_keep_the_work_linear)
{
    static const int sides[][2] = {{18, 8}, {77, 27}, {78, 27}, {156, 54}, {198, 198}, {998, 998}};
    size_t i;
    for (i = 0; i < sizeof sides / sizeof sides[0]; i++) {
        long area = (long)sides[i][0] * sides[i][1];
        int n = rf_cave_restarts(sides[i][0], sides[i][1]);
        long work = (long)(n + 1) * area, budget = 41L * 77 * 27;
        ck_assert_int_ge(n, 2);
        ck_assert_int_le(n, 40);
        ck_assert(work <= (budget > 3 * area ? budget : 3 * area));
    }
    ck_assert_int_eq(rf_cave_restarts(77, 27), 40);
    ck_assert_int_eq(rf_cave_restarts(18, 8), 40);
    ck_assert_int_eq(rf_cave_restarts(156, 54), 9);
    ck_assert_int_eq(rf_cave_restarts(998, 998), 2);
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
    tcase_add_test(tc, automaton_rules_are_the_seeds);
    tcase_add_test(tc, blobs_match_a_model_of_the_seeds_automaton);
    tcase_add_test(tc, other_rules_and_word_edges_match_the_model);
    tcase_add_test(tc, cave_first_room_is_one_big_blob);
    tcase_add_test(tc, cave_minimum_scales_with_the_level);
    tcase_add_test(tc, cave_restarts_keep_the_work_linear);
    tcase_add_test(tc, caves_work_on_the_smallest_and_large_levels);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(cave_suite)
