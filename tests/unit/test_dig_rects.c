/* tests/unit/test_dig_rects.c: unit tests for engine/src/dig_rects.c, the
 * NetHack digger: rectangle splitting, 40 rooms, the vault rule, lighting by
 * depth, the low-x order, corridors and doors, and invariants over 1,000
 * seeds (fewer when RF_SANITIZED is set). */
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "dig_connect_int.h"
#include "level_gen_check.h"
#include "rf_test.h"
#include "dig/seam.h"
#include "roomforge/level.h"

static int seed_count(void) { return getenv("RF_SANITIZED") ? 100 : 1000; }

typedef struct run {
    rf_grid *g;
    rf_room_list rooms;
    rf_rects_stats st;
    rf_status status;
} run;

static void dig(run *r, int w, int h, uint64_t seed, const rf_rects_params *p, int depth)
{
    rf_rng rng;
    memset(r, 0, sizeof *r);
    r->g = rf_grid_new(w, h);
    ck_assert_ptr_nonnull(r->g);
    rf_room_list_init(&r->rooms);
    rf_rng_seed_named(&rng, seed, RF_RNG_LAYOUT);
    r->status = rf_dig_rects(r->g, &r->rooms, &rng, p, depth, &r->st);
}

static void done(run *r)
{
    rf_room_list_fini(&r->rooms);
    rf_grid_free(r->g);
}

static bool is_door(rf_tile t) { return t == RF_TILE_DOOR || t == RF_TILE_SECRET_DOOR; }

START_TEST(defaults_are_nethacks)
{
    rf_rects_params p;
    rf_rects_params_init(&p);
    ck_assert_int_eq(p.max_rooms, 40);
    ck_assert_int_eq(p.tries, 100);
    ck_assert_int_eq(p.vault_chance, 50);
    ck_assert_int_eq(p.dark_from_depth, 10);
    ck_assert_int_eq(p.lit_anyway_one_in, 77);
    ck_assert_int_eq(RF_RECTS_DEFAULT_W, 80);
    ck_assert_int_eq(RF_RECTS_DEFAULT_H, 21);
}
END_TEST

START_TEST(rooms_are_walled_rectangles_recorded_in_low_x_order)
{
    run r;
    size_t i;
    int x, y;
    dig(&r, 80, 21, 7, NULL, 1);
    ck_assert_int_eq(r.status, RF_OK);
    ck_assert_uint_ge(r.rooms.n, 2);
    ck_assert_uint_eq(r.rooms.n, (size_t)r.st.rooms);
    for (i = 0; i < r.rooms.n; i++) {
        const rf_room_rec *q = &r.rooms.items[i];
        ck_assert_int_eq(q->id, (int)i + 1);
        if (i > 0)
            ck_assert_int_le(r.rooms.items[i - 1].x, q->x);
        for (y = q->y; y < q->y + q->h; y++)
            for (x = q->x; x < q->x + q->w; x++) {
                bool edge = x == q->x || y == q->y || x == q->x + q->w - 1 || y == q->y + q->h - 1;
                rf_tile t = rf_grid_get(r.g, x, y);
                if (edge) {
                    ck_assert(t == RF_TILE_WALL || is_door(t));
                } else {
                    ck_assert_int_eq(t, RF_TILE_FLOOR);
                    ck_assert_int_eq(rf_grid_room(r.g, x, y), q->id);
                }
            }
    }
    done(&r);
}
END_TEST

START_TEST(one_room_max_splits_nothing_further)
{
    rf_rects_params p;
    run r;
    rf_rects_params_init(&p);
    p.max_rooms = 1;
    dig(&r, 80, 21, 3, &p, 1);
    ck_assert_int_eq(r.status, RF_OK);
    ck_assert_uint_eq(r.rooms.n, 1);
    ck_assert_int_eq(r.rooms.items[0].kind, RF_ROOM_RECT);
    done(&r);
}
END_TEST

START_TEST(room_making_gives_up_after_the_tries)
{
    rf_rects_params p;
    int seed, gave_up = 0;
    rf_rects_params_init(&p);
    for (seed = 1; seed <= 30; seed++) {
        run r;
        dig(&r, 80, 21, (uint64_t)seed, &p, 1);
        ck_assert_int_eq(r.status, RF_OK);
        if (r.st.gave_up) {
            ck_assert_int_ge(r.st.failures, p.tries + 1);
            gave_up++;
        }
        done(&r);
    }
    ck_assert_int_gt(gave_up, 0);
    p.tries = 0; /* the first failure ends room making */
    for (seed = 1; seed <= 30; seed++) {
        run r;
        dig(&r, 80, 21, (uint64_t)seed, &p, 1);
        ck_assert(!r.st.gave_up || r.st.failures >= 1);
        ck_assert_int_le(r.st.failures, 1 + (r.st.vault_tried && !r.st.vault));
        done(&r);
    }
}
END_TEST

START_TEST(a_level_too_small_for_a_second_rect_holds_one_room)
{
    run r;
    dig(&r, 20, 10, 5, NULL, 1);
    ck_assert_int_eq(r.status, RF_OK);
    ck_assert_uint_eq(r.rooms.n, 1);
    ck_assert(!r.st.gave_up);
    done(&r);
}
END_TEST

START_TEST(big_levels_stop_at_forty_rooms)
{
    run r;
    dig(&r, 200, 200, 11, NULL, 1);
    ck_assert_int_eq(r.status, RF_OK);
    ck_assert_int_eq(r.st.rooms, 40);
    ck_assert_uint_eq(r.rooms.n, 40);
    done(&r);
}
END_TEST

START_TEST(the_vault_is_a_locked_lit_2x2_tried_once_after_a_sixth)
{
    rf_rects_params p;
    int seed, vaults = 0;
    rf_rects_params_init(&p);
    p.vault_chance = 100;
    for (seed = 1; seed <= 40; seed++) {
        run r;
        size_t i, n = 0;
        dig(&r, 80, 21, (uint64_t)seed, &p, 30);
        ck_assert_int_eq(r.status, RF_OK);
        ck_assert(r.st.vault_tried == (r.st.rooms >= 40 / 6 || r.st.vault));
        for (i = 0; i < r.rooms.n; i++) {
            const rf_room_rec *q = &r.rooms.items[i];
            int x, y;
            if (q->kind != RF_ROOM_VAULT)
                continue;
            n++;
            ck_assert(q->locked && q->lit);
            ck_assert_int_eq(q->w, 4);
            ck_assert_int_eq(q->h, 4);
            for (y = q->y; y < q->y + 4; y++)
                for (x = q->x; x < q->x + 4; x++) /* closed: no door in its walls */
                    ck_assert(!is_door(rf_grid_get(r.g, x, y)));
        }
        ck_assert_uint_eq(n, r.st.vault ? 1 : 0);
        vaults += r.st.vault;
        done(&r);
    }
    ck_assert_int_gt(vaults, 10);
    p.max_rooms = 3; /* 3 / 6 == 0: the vault still waits for a first room */
    for (seed = 1; seed <= 20; seed++) {
        run r;
        dig(&r, 80, 21, (uint64_t)seed, &p, 1);
        ck_assert_int_eq(r.rooms.items[0].kind == RF_ROOM_VAULT && r.rooms.n == 1, 0);
        ck_assert_uint_eq(rf_dig_regions(r.g, &r.rooms), 1);
        done(&r);
    }
    p.max_rooms = 40;
    p.vault_chance = 0;
    for (seed = 1; seed <= 20; seed++) {
        run r;
        dig(&r, 80, 21, (uint64_t)seed, &p, 1);
        ck_assert(!r.st.vault_tried && !r.st.vault);
        done(&r);
    }
}
END_TEST

/* Dark rooms among n levels at depth. */
static void count_lit(int depth, int lit_anyway, int *lit, int *dark)
{
    rf_rects_params p;
    int seed;
    size_t i;
    rf_rects_params_init(&p);
    p.lit_anyway_one_in = lit_anyway;
    p.vault_chance = 0;
    *lit = *dark = 0;
    for (seed = 1; seed <= 60; seed++) {
        run r;
        dig(&r, 80, 21, (uint64_t)seed, &p, depth);
        for (i = 0; i < r.rooms.n; i++)
            *(r.rooms.items[i].lit ? lit : dark) += 1;
        done(&r);
    }
}

START_TEST(lighting_follows_depth)
{
    int lit, dark;
    count_lit(9, 0, &lit, &dark); /* roll 1..10 <= 10: always lit */
    ck_assert_int_eq(dark, 0);
    ck_assert_int_gt(lit, 100);
    count_lit(10, 0, &lit, &dark); /* 1 in 11 dark */
    ck_assert_int_gt(dark, 0);
    ck_assert_int_lt(dark * 5, lit);
    count_lit(60, 0, &lit, &dark); /* 51 in 61 dark */
    ck_assert_int_gt(dark, lit * 2);
    count_lit(60, 1, &lit, &dark); /* 1 in 1: lit regardless */
    ck_assert_int_eq(dark, 0);
}
END_TEST

START_TEST(doors_are_secret_with_their_chance)
{
    rf_rects_params p;
    run r;
    rf_rects_params_init(&p);
    p.secret_door_one_in = 1;
    dig(&r, 80, 21, 9, &p, 1);
    ck_assert_uint_eq(rf_grid_count(r.g, RF_TILE_DOOR), 0);
    ck_assert_uint_gt(rf_grid_count(r.g, RF_TILE_SECRET_DOOR), 0);
    done(&r);
    p.secret_door_one_in = 0;
    dig(&r, 80, 21, 9, &p, 1);
    ck_assert_uint_eq(rf_grid_count(r.g, RF_TILE_SECRET_DOOR), 0);
    ck_assert_uint_gt(rf_grid_count(r.g, RF_TILE_DOOR), 0);
    done(&r);
}
END_TEST

START_TEST(every_door_leads_from_a_room_to_a_corridor)
{
    run r;
    int x, y;
    dig(&r, 80, 21, 21, NULL, 1);
    for (y = 1; y < 20; y++)
        for (x = 1; x < 79; x++) {
            int k, room_side = 0, out_side = 0;
            static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
            if (!is_door(rf_grid_get(r.g, x, y)))
                continue;
            for (k = 0; k < 4; k++) {
                int nx = x + dx[k], ny = y + dy[k];
                if (rf_grid_get(r.g, nx, ny) == RF_TILE_FLOOR)
                    *(rf_grid_room(r.g, nx, ny) ? &room_side : &out_side) += 1;
            }
            ck_assert_msg(room_side == 1 && out_side >= 1, "door at %d,%d", x, y);
        }
    done(&r);
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    rf_rects_params p;
    rf_grid *small = rf_grid_new(19, 10);
    rf_room_list l;
    rf_rng rng;
    run r;
    rf_room_list_init(&l);
    rf_rng_seed(&rng, 1, 1);
    ck_assert_int_eq(rf_dig_rects(small, &l, &rng, NULL, 1, NULL), RF_ERR_ARG);
    rf_rects_params_init(&p);
    p.max_rooms = 41;
    dig(&r, 80, 21, 1, &p, 1);
    ck_assert_int_eq(r.status, RF_ERR_ARG);
    done(&r);
    rf_grid_free(small);
}
END_TEST

START_TEST(out_of_memory_is_a_status)
{
    long n;
    rf_status st = RF_ERR_NOMEM;
    for (n = 1; n < 100 && st == RF_ERR_NOMEM; n++) {
        run r;
        rf_rng rng;
        memset(&r, 0, sizeof r);
        r.g = rf_grid_new(80, 21);
        rf_room_list_init(&r.rooms);
        rf_rng_seed(&rng, 3, 1);
        rf_alloc_fail_after(n);
        st = rf_dig_rects(r.g, &r.rooms, &rng, NULL, 1, NULL);
        rf_alloc_fail_after(0);
        ck_assert(st == RF_OK || st == RF_ERR_NOMEM);
        done(&r);
    }
    ck_assert_int_eq(st, RF_OK);
}
END_TEST

/* Invariants over many seeds at the default size and depths 1..30:
 * connectivity of every walkable tile outside locked rooms, at most 40
 * rooms, the low-x order, and the same bytes on a second run. */
START_TEST(invariants_hold_over_many_seeds)
{
    int seed, n = seed_count();
    size_t repaired = 0;
    for (seed = 1; seed <= n; seed++) {
        run a, b;
        size_t i;
        int y;
        dig(&a, RF_RECTS_DEFAULT_W, RF_RECTS_DEFAULT_H, (uint64_t)seed, NULL, 1 + seed % 30);
        dig(&b, RF_RECTS_DEFAULT_W, RF_RECTS_DEFAULT_H, (uint64_t)seed, NULL, 1 + seed % 30);
        ck_assert_int_eq(a.status, RF_OK);
        ck_assert_uint_le(a.rooms.n, 40);
        ck_assert_uint_ge(a.rooms.n, 1);
        ck_assert_msg(rf_dig_regions(a.g, &a.rooms) == 1, "seed %d is not connected", seed);
        for (i = 1; i < a.rooms.n; i++)
            ck_assert_int_le(a.rooms.items[i - 1].x, a.rooms.items[i].x);
        for (i = 0; i < a.rooms.n; i++) { /* rooms never overlap, walls included */
            const rf_room_rec *p = &a.rooms.items[i];
            size_t j;
            for (j = i + 1; j < a.rooms.n; j++) {
                const rf_room_rec *q = &a.rooms.items[j];
                ck_assert(p->x + p->w <= q->x || q->x + q->w <= p->x || p->y + p->h <= q->y ||
                          q->y + q->h <= p->y);
            }
        }
        ck_assert_uint_eq(a.rooms.n, b.rooms.n);
        ck_assert(memcmp(a.rooms.items, b.rooms.items, a.rooms.n * sizeof *a.rooms.items) == 0);
        for (y = 0; y < RF_RECTS_DEFAULT_H; y++) {
            char ra[RF_RECTS_DEFAULT_W + 1], rb[RF_RECTS_DEFAULT_W + 1];
            ck_assert(rf_grid_row(a.g, y, ra, sizeof ra) && rf_grid_row(b.g, y, rb, sizeof rb));
            ck_assert_str_eq(ra, rb);
        }
        repaired += a.st.repairs;
        done(&a);
        done(&b);
    }
    /* corridors nearly always find their way; the repair is a safety net */
    ck_assert_uint_lt(repaired, (size_t)n / 10 + 1);
}
END_TEST

START_TEST(nethack_profile_levels_hold_the_invariants)
{
    rf_profile_set *set = lc_bundled_profiles();
    int seed, n = seed_count();
    for (seed = 1; seed <= n; seed++) {
        rf_level *lv = lc_level_of(set, "nethack", (uint64_t)seed, 1 + seed % 40, 80, 21);
        size_t i, rooms = rf_level_room_count(lv), dug = 0;
        int last_x = -1;
        /* The digger's rooms: vault chambers (NetHack's own, and DoomRL's the
         * special pass appends) stand outside the sorted list. */
        for (i = 0; i < rooms; i++) {
            const rf_room_rec *r = rf_level_room_at(lv, i);
            if (r->kind == RF_ROOM_VAULT)
                continue;
            ck_assert_int_le(last_x, r->x);
            last_x = r->x;
            dug++;
        }
        ck_assert_uint_le(dug, 40);
        rf_level_free(lv);
    }
    rf_profile_set_free(set);
}
END_TEST

static Suite *dig_rects_suite(void)
{
    Suite *s = suite_create("dig_rects");
    TCase *tc = tcase_create("rules");
    TCase *ti = tcase_create("invariants");
    tcase_add_test(tc, defaults_are_nethacks);
    tcase_add_test(tc, rooms_are_walled_rectangles_recorded_in_low_x_order);
    tcase_add_test(tc, one_room_max_splits_nothing_further);
    tcase_add_test(tc, room_making_gives_up_after_the_tries);
    tcase_add_test(tc, a_level_too_small_for_a_second_rect_holds_one_room);
    tcase_add_test(tc, big_levels_stop_at_forty_rooms);
    tcase_add_test(tc, the_vault_is_a_locked_lit_2x2_tried_once_after_a_sixth);
    tcase_add_test(tc, lighting_follows_depth);
    tcase_add_test(tc, doors_are_secret_with_their_chance);
    tcase_add_test(tc, every_door_leads_from_a_room_to_a_corridor);
    tcase_add_test(tc, bad_arguments_are_refused);
    tcase_add_test(tc, out_of_memory_is_a_status);
    suite_add_tcase(s, tc);
    tcase_set_timeout(ti, 120);
    tcase_add_test(ti, invariants_hold_over_many_seeds);
    tcase_add_test(ti, nethack_profile_levels_hold_the_invariants);
    suite_add_tcase(s, ti);
    return s;
}
RF_TEST_MAIN(dig_rects_suite)
