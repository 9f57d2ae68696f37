/* tests/unit/test_populate.c: unit tests for population (populate.c): the
 * horde rules, the pass on hand-made grids and on generated levels (line of
 * sight is test_fov's, the tables test_horde's). Statistical tests
 * draw many seeds (fewer when RF_SANITIZED is set) with bounds several
 * standard deviations wide, on fixed seeds, so they cannot flake.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "grid_rows.h"
#include "profiles_check.h"
#include "rf_test.h"
#include "grid/seam.h"
#include "roomforge/horde.h"
#include "roomforge/level.h"
#include "passes/seam.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"

static bool sanitized(void) { return getenv("RF_SANITIZED") != NULL; }

/* Adds n plain room records (ids 1..n) covering the whole grid. */
static void rooms_of(rf_room_list *l, int n, int w, int h)
{
    int i;
    rf_room_list_init(l);
    for (i = 0; i < n; i++) {
        rf_room_rec r;
        memset(&r, 0, sizeof r);
        r.kind = RF_ROOM_RECT;
        r.w = w;
        r.h = h;
        r.lit = true;
        ck_assert_int_eq(rf_room_list_add(l, &r), i + 1);
    }
}

/* ------------------------------------------------------------- rules */

START_TEST(six_hordes_down_to_26_then_one_more_a_depth_up_to_20)
{
    int d;
    for (d = 1; d <= 26; d++)
        ck_assert_int_eq(rf_populate_horde_count(d, 79, 29), 6);
    ck_assert_int_eq(rf_populate_horde_count(27, 79, 29), 7);
    ck_assert_int_eq(rf_populate_horde_count(39, 79, 29), 19);
    ck_assert_int_eq(rf_populate_horde_count(40, 79, 29), 20);
    ck_assert_int_eq(rf_populate_horde_count(400, 79, 29), 20);
    /* counts are for the seed's 79 x 29: a level 4 times as large gets 4
     * times as many, a smaller one as many */
    ck_assert_int_eq(rf_populate_horde_count(3, 158, 58), 24);
    ck_assert_int_eq(rf_populate_horde_count(3, 40, 20), 6);
}
END_TEST

START_TEST(no_horde_is_out_of_depth_at_depth_1)
{
    rf_rng rng;
    int i;
    rf_rng_seed(&rng, 5, 5);
    for (i = 0; i < 2000; i++)
        ck_assert_int_eq(rf_populate_horde_depth(1, &rng), 1);
}
END_TEST

/* 10% out of depth, by 1dK with K = min(depth / 2, 5), each excess about
 * equally likely. */
START_TEST(ten_percent_of_hordes_are_out_of_depth_by_1dK)
{
    static const int depths[] = {2, 3, 4, 7, 10, 20};
    int n = sanitized() ? 6000 : 40000;
    size_t di;
    for (di = 0; di < sizeof depths / sizeof depths[0]; di++) {
        int depth = depths[di], k = depth / 2 < 5 ? depth / 2 : 5, hist[6] = {0}, i, ood = 0;
        rf_rng rng;
        rf_rng_seed(&rng, (uint64_t)depth, 11);
        for (i = 0; i < n; i++) {
            int d = rf_populate_horde_depth(depth, &rng);
            ck_assert_int_ge(d, depth);
            ck_assert_int_le(d, depth + k);
            if (d > depth) {
                ood++;
                hist[d - depth]++;
            }
        }
        /* 10% +- 5 standard deviations (sqrt(0.09 n)) */
        ck_assert_msg(ood > n / 10 - 5 * 0.3 * sqrt(n) &&
                          ood < n / 10 + 5 * 0.3 * sqrt(n),
                      "depth %d: %d of %d out of depth", depth, ood, n);
        for (i = 1; i <= k; i++) /* each excess about ood / k: within 40% of it */
            ck_assert_msg(hist[i] > ood / k * 6 / 10 && hist[i] < ood / k * 14 / 10,
                          "depth %d excess %d: %d of %d", depth, i, hist[i], ood);
    }
}
END_TEST

START_TEST(hordes_are_never_picked_deeper_than_26_above_depth_26)
{
    int n = sanitized() ? 3000 : 20000, depth, deepest30 = 0;
    for (depth = 20; depth <= 26; depth++) {
        rf_rng rng;
        int i, at26 = 0;
        rf_rng_seed(&rng, (uint64_t)depth, 26);
        for (i = 0; i < n; i++) {
            int d = rf_populate_horde_depth(depth, &rng);
            ck_assert_int_le(d, 26);
            at26 += d == 26;
        }
        if (depth >= 21 && depth < 26) /* the cap keeps the draws, at 26 */
            ck_assert_int_gt(at26, 0);
    }
    for (depth = 27; depth <= 30; depth++) { /* below 26: no cap */
        rf_rng rng;
        int i;
        rf_rng_seed(&rng, (uint64_t)depth, 27);
        for (i = 0; i < n; i++) {
            int d = rf_populate_horde_depth(depth, &rng);
            if (depth == 30 && d > deepest30)
                deepest30 = d;
        }
    }
    ck_assert_int_eq(deepest30, 35);
}
END_TEST

START_TEST(machine_only_hordes_are_never_picked_at_random)
{
    const rf_horde_table *t = rf_horde_table_bundled();
    int depth, n = sanitized() ? 200 : 1000;
    size_t i, machines = 0;
    for (i = 0; i < rf_horde_count(t); i++)
        machines += rf_horde_at(t, i)->machine;
    ck_assert_uint_ge(machines, 3); /* the test means something */
    for (depth = 1; depth <= 40; depth++) {
        rf_rng rng;
        int k;
        rf_rng_seed(&rng, (uint64_t)depth, 40);
        for (k = 0; k < n; k++) {
            int picked = 0;
            const rf_horde *h = rf_populate_pick_horde(t, depth, &rng, &picked);
            ck_assert_ptr_nonnull(h);
            ck_assert(!h->machine);
            ck_assert_int_le(h->min_depth, picked);
            ck_assert_int_ge(h->max_depth, picked);
        }
    }
    /* but a template can still name one */
    ck_assert_ptr_nonnull(rf_horde_find(t, "goblin king"));
    ck_assert(rf_horde_find(t, "goblin king")->machine);
}
END_TEST

START_TEST(picks_follow_frequency_and_fall_back_to_the_depth)
{
    rf_profile_set *s = profiles(
        "<profiles><hordes>"
        "<horde name=\"a\" leader=\"a\" depth=\"5\" frequency=\"1\"/>"
        "<horde name=\"b\" leader=\"b\" depth=\"5\" frequency=\"3\"/>"
        "<horde name=\"m\" leader=\"m\" depth=\"5-9\" machine=\"1\"/>"
        "</hordes><traps><trap name=\"t\" depth=\"1-30\"/></traps></profiles>",
        RF_OK);
    const rf_horde_table *t = rf_profile_set_hordes(s);
    rf_rng rng;
    int i, b = 0, n = 8000, picked;
    ck_assert_ptr_nonnull(t);
    rf_rng_seed(&rng, 9, 9);
    for (i = 0; i < n; i++) {
        const rf_horde *h = rf_populate_pick_horde(t, 5, &rng, &picked);
        ck_assert_ptr_nonnull(h);
        ck_assert_int_eq(picked, 5); /* out-of-depth picks find nothing deeper */
        b += strcmp(h->name, "b") == 0;
    }
    ck_assert_int_gt(b, n * 70 / 100); /* 75% expected; 5 sd is 2.4% */
    ck_assert_int_lt(b, n * 80 / 100);
    /* depths 6-9 have only the machine-only horde: nothing at random */
    ck_assert_ptr_null(rf_populate_pick_horde(t, 7, &rng, &picked));
    rf_profile_set_free(s);
}
END_TEST

/* -------------------------------------------------------------- pass */

/* Two rooms joined by a door: the up stairs' room (1) and a room out of
 * its sight (2), plus a locked room (3) no one reaches. */
static const char *const two_rooms[] = {
    "##################",
    "#1111111#22222222#",
    "#1<11111#22222222#",
    "#1111111+22222222#",
    "#1111111#22222222#",
    "##################",
    "#3333#############",
    "#3333#############",
    "##################",
};

static void pass_on(const rf_grid *g, const rf_room_list *rooms, int depth, int hordes, int traps,
                    uint64_t seed, rf_placed_list *objs, rf_populate_result *res)
{
    rf_populate_opts o;
    rf_rng rng;
    rf_populate_opts_init(&o);
    o.depth = depth;
    o.hordes = hordes;
    o.traps = traps;
    o.up_x = 2;
    o.up_y = 2;
    rf_rng_seed(&rng, seed, 1);
    ck_assert_int_eq(rf_populate(g, rooms, rf_horde_table_bundled(), &o, &rng, objs, res), RF_OK);
}

START_TEST(hordes_sleep_out_of_sight_of_the_up_stairs)
{
    rf_grid *g = grid_of(two_rooms, 9);
    rf_room_list rooms;
    uint64_t seed;
    rooms_of(&rooms, 3, 18, 9);
    rooms.items[2].locked = true;
    for (seed = 1; seed <= 40; seed++) {
        rf_placed_list objs;
        rf_populate_result res;
        size_t i;
        rf_placed_list_init(&objs);
        pass_on(g, &rooms, 3, 4, 0, seed, &objs, &res);
        ck_assert_uint_eq(res.hordes, 4);
        ck_assert_uint_eq(objs.n, res.monsters);
        for (i = 0; i < objs.n; i++) {
            const rf_placed *p = &objs.items[i];
            ck_assert_str_eq(p->type, "monster");
            ck_assert(p->asleep);
            ck_assert_int_eq(p->room, 2); /* room 1 is in sight, room 3 locked */
            ck_assert(!rf_fov_los(g, 2, 2, p->x, p->y));
            ck_assert_int_ge(p->horde, 1);
            ck_assert_int_le(p->horde, 4);
            ck_assert_int_ge(p->quality, 3); /* K = min(3 / 2, 5) = 1 */
            ck_assert_int_le(p->quality, 4);
        }
        rf_placed_list_fini(&objs);
    }
    rf_room_list_fini(&rooms);
    rf_grid_free(g);
}
END_TEST

START_TEST(each_horde_has_one_leader_and_members_near_it)
{
    rf_grid *g = grid_of(two_rooms, 9);
    rf_room_list rooms;
    uint64_t seed;
    size_t members = 0;
    rooms_of(&rooms, 3, 18, 9);
    for (seed = 1; seed <= 40; seed++) {
        rf_placed_list objs;
        rf_populate_result res;
        size_t i, j;
        rf_placed_list_init(&objs);
        pass_on(g, &rooms, 6, 3, 0, seed, &objs, &res);
        for (i = 0; i < objs.n; i++) {
            const rf_placed *p = &objs.items[i];
            const rf_placed *lead = NULL;
            const rf_horde *h;
            int n = 0;
            for (j = 0; j < objs.n; j++) {
                if (objs.items[j].horde != p->horde)
                    continue;
                n++;
                if (objs.items[j].leader) {
                    ck_assert_ptr_null(lead);
                    lead = &objs.items[j];
                }
                if (j != i) /* never two on one tile */
                    ck_assert(objs.items[j].x != p->x || objs.items[j].y != p->y);
            }
            ck_assert_ptr_nonnull(lead);
            ck_assert_int_le(abs(p->x - lead->x) + abs(p->y - lead->y), RF_POPULATE_MEMBER_REACH);
            if (p->leader) { /* members within the counts of hordes it may lead */
                int hi = 1;
                size_t m;
                for (m = 0; m < rf_horde_count(rf_horde_table_bundled()); m++) {
                    h = rf_horde_at(rf_horde_table_bundled(), m);
                    if (strcmp(h->leader, p->name) == 0 && h->min_depth <= p->quality &&
                        p->quality <= h->max_depth) {
                        size_t r;
                        for (r = 0; r < h->nmembers; r++)
                            hi += h->members[r].hi;
                    }
                }
                ck_assert_int_le(n, hi);
            } else {
                members++;
            }
        }
        rf_placed_list_fini(&objs);
    }
    ck_assert_uint_gt(members, 40);
    rf_room_list_fini(&rooms);
    rf_grid_free(g);
}
END_TEST

START_TEST(traps_go_on_free_reachable_floor_and_monsters_avoid_them)
{
    static const char *const rows[] = {
        "################",
        "#..............#",
        "#.<............#",
        "#......##......#",
        "#......#>......#",
        "#,,,,,,#.......#",
        "################",
    };
    rf_grid *g = grid_of(rows, 7);
    rf_room_list rooms;
    uint64_t seed;
    rooms_of(&rooms, 0, 16, 7);
    for (seed = 1; seed <= 30; seed++) {
        rf_placed_list objs;
        rf_populate_result res;
        rf_placed lever;
        size_t i, j, traps = 0;
        rf_placed_list_init(&objs);
        rf_placed_init(&lever, "lever", "old lever", 9, 4, 0);
        ck_assert_ptr_nonnull(rf_placed_list_add(&objs, &lever));
        pass_on(g, &rooms, 9, 4, 5, seed, &objs, &res);
        ck_assert_uint_eq(res.traps, 5);
        ck_assert_str_eq(objs.items[0].name, "old lever"); /* kept, first */
        for (i = 1; i < objs.n; i++) {
            const rf_placed *p = &objs.items[i];
            rf_tile t = rf_grid_get(g, p->x, p->y);
            ck_assert(p->x != 9 || p->y != 4);
            ck_assert(t != RF_TILE_STAIRS_UP && t != RF_TILE_STAIRS_DOWN);
            if (strcmp(p->type, "trap") == 0) {
                ck_assert_int_eq(t, RF_TILE_FLOOR);
                ck_assert(!p->asleep && p->horde == 0);
                ck_assert_uint_eq(i, ++traps); /* traps first */
            } else {
                ck_assert(rf_tile_is_walkable(t));
            }
            for (j = 0; j < i; j++)
                ck_assert(objs.items[j].x != p->x || objs.items[j].y != p->y);
        }
        rf_placed_list_fini(&objs);
    }
    rf_room_list_fini(&rooms);
    rf_grid_free(g);
}
END_TEST

/* keep_out set by hand on rooms of a hand-made grid and of dug levels. */
START_TEST(rooms_keep_out_what_their_flags_say)
{
    static const char *const rows[] = {
        "###########################",
        "#1111111#22222222#33333333#",
        "#1<11111#22222222#33333333#",
        "#1111111+22222222+33333333#",
        "#1111111#22222222#33333333#",
        "#########+########+########",
        "#44444444444444444444444444",
        "###########################",
    };
    rf_grid *g = grid_of(rows, 8);
    rf_room_list rooms;
    uint64_t seed;
    size_t in4 = 0, traps4 = 0;
    rooms_of(&rooms, 4, 27, 8);
    rooms.items[1].keep_out = RF_KEEP_MONSTERS;
    rooms.items[2].keep_out = RF_KEEP_TRAPS | RF_KEEP_TREASURE | RF_KEEP_BLOCKERS;
    for (seed = 1; seed <= 60; seed++) {
        rf_placed_list objs;
        rf_populate_result res;
        size_t i;
        rf_placed_list_init(&objs);
        pass_on(g, &rooms, 12, 8, 8, seed, &objs, &res);
        for (i = 0; i < objs.n; i++) {
            const rf_placed *p = &objs.items[i];
            bool monster = strcmp(p->type, "monster") == 0;
            ck_assert(!(monster && p->room == 2));
            ck_assert(!(!monster && p->room == 3));
            in4 += monster && p->room == 4;
            traps4 += !monster && p->room == 4;
        }
        rf_placed_list_fini(&objs);
    }
    ck_assert_uint_gt(in4, 0); /* the others do get population */
    ck_assert_uint_gt(traps4, 0);
    rf_room_list_fini(&rooms);
    rf_grid_free(g);
}
END_TEST

START_TEST(keep_out_holds_on_dug_levels)
{
    int n = sanitized() ? 10 : 60, seed;
    size_t kept = 0;
    for (seed = 1; seed <= n; seed++) {
        rf_level_opts o;
        rf_level *lv = NULL;
        rf_room_list rooms;
        rf_placed_list objs;
        rf_populate_opts po;
        rf_rng rng;
        size_t i;
        rf_level_opts_init(&o);
        o.seed = (uint64_t)seed;
        o.depth = 1 + seed % 26;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
        rf_room_list_init(&rooms);
        for (i = 0; i < rf_level_room_count(lv); i++) {
            rf_room_rec r = *rf_level_room_at(lv, i);
            r.keep_out = i % 2 ? RF_KEEP_MONSTERS : RF_KEEP_TRAPS; /* every room flagged */
            ck_assert_int_eq(rf_room_list_add(&rooms, &r), (int)i + 1);
        }
        rf_placed_list_init(&objs);
        rf_populate_opts_init(&po);
        po.depth = o.depth;
        po.traps = 10;
        rf_level_stairs_up(lv, &po.up_x, &po.up_y);
        rf_rng_seed(&rng, (uint64_t)seed, 77);
        ck_assert_int_eq(rf_populate(rf_level_grid(lv), &rooms, rf_horde_table_bundled(), &po,
                                     &rng, &objs, NULL),
                         RF_OK);
        for (i = 0; i < objs.n; i++) {
            const rf_placed *p = &objs.items[i];
            if (p->room > 0) {
                unsigned k = rooms.items[p->room - 1].keep_out;
                ck_assert(!(strcmp(p->type, "monster") == 0 && (k & RF_KEEP_MONSTERS)));
                ck_assert(!(strcmp(p->type, "trap") == 0 && (k & RF_KEEP_TRAPS)));
                kept++;
            }
        }
        rf_placed_list_fini(&objs);
        rf_room_list_fini(&rooms);
        rf_level_free(lv);
    }
    ck_assert_uint_gt(kept, 0);
}
END_TEST

START_TEST(a_level_all_in_sight_gets_no_horde)
{
    static const char *const rows[] = {"########", "#......#", "#.<....#", "########"};
    rf_grid *g = grid_of(rows, 4);
    rf_room_list rooms;
    rf_placed_list objs;
    rf_populate_result res;
    rooms_of(&rooms, 0, 8, 4);
    rf_placed_list_init(&objs);
    pass_on(g, &rooms, 5, 6, 2, 1, &objs, &res);
    ck_assert_uint_eq(res.hordes, 0);
    ck_assert_uint_eq(res.traps, 2); /* traps do not care about sight */
    ck_assert_uint_eq(objs.n, 2);
    rf_placed_list_fini(&objs);
    rf_room_list_fini(&rooms);
    rf_grid_free(g);
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    rf_grid *g = grid_of(two_rooms, 9);
    rf_room_list rooms;
    rf_placed_list objs;
    rf_populate_opts o;
    rf_rng rng;
    const rf_horde_table *t = rf_horde_table_bundled();
    rooms_of(&rooms, 3, 18, 9);
    rf_placed_list_init(&objs);
    rf_rng_seed(&rng, 1, 1);
    rf_populate_opts_init(&o);
    o.up_x = 2;
    o.up_y = 2;
    ck_assert_int_eq(rf_populate(NULL, &rooms, t, &o, &rng, &objs, NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_populate(g, &rooms, NULL, &o, &rng, &objs, NULL), RF_ERR_ARG);
    o.up_x = 18;
    ck_assert_int_eq(rf_populate(g, &rooms, t, &o, &rng, &objs, NULL), RF_ERR_ARG);
    o.up_x = 2;
    o.depth = 0;
    ck_assert_int_eq(rf_populate(g, &rooms, t, &o, &rng, &objs, NULL), RF_ERR_ARG);
    o.depth = 1;
    o.traps = -1;
    ck_assert_int_eq(rf_populate(g, &rooms, t, &o, &rng, &objs, NULL), RF_ERR_ARG);
    o.traps = 0;
    o.hordes = -2;
    ck_assert_int_eq(rf_populate(g, &rooms, t, &o, &rng, &objs, NULL), RF_ERR_ARG);
    ck_assert_uint_eq(objs.n, 0);
    rf_placed_list_fini(&objs);
    rf_room_list_fini(&rooms);
    rf_grid_free(g);
}
END_TEST

START_TEST(allocation_failures_leave_the_list_as_it_was)
{
    rf_grid *g = grid_of(two_rooms, 9);
    rf_room_list rooms;
    long k;
    bool failed = false, passed = false;
    rooms_of(&rooms, 3, 18, 9);
    for (k = 1; k < 200 && !passed; k++) {
        rf_placed_list objs;
        rf_placed seed_obj;
        rf_populate_opts o;
        rf_rng rng;
        rf_status st;
        rf_placed_list_init(&objs);
        rf_placed_init(&seed_obj, "lever", "l", 3, 3, 1);
        ck_assert_ptr_nonnull(rf_placed_list_add(&objs, &seed_obj));
        rf_populate_opts_init(&o);
        o.depth = 8;
        o.traps = 4;
        o.up_x = 2;
        o.up_y = 2;
        rf_rng_seed(&rng, 4, 4);
        rf_alloc_fail_after(k);
        st = rf_populate(g, &rooms, rf_horde_table_bundled(), &o, &rng, &objs, NULL);
        rf_alloc_fail_after(-1);
        ck_assert(st == RF_OK || st == RF_ERR_NOMEM);
        if (st == RF_ERR_NOMEM) {
            failed = true;
            ck_assert_uint_eq(objs.n, 1);
        } else {
            passed = true;
            ck_assert_uint_gt(objs.n, 5);
        }
        rf_placed_list_fini(&objs);
    }
    ck_assert(failed && passed);
    rf_room_list_fini(&rooms);
    rf_grid_free(g);
}
END_TEST

/* ------------------------------------------------------------ levels */

/* True when (x, y) is reachable from (sx, sy) by 4-neighbour walkable steps. */
static bool reachable(const rf_grid *g, int sx, int sy, int x, int y)
{
    int w = rf_grid_width(g), h = rf_grid_height(g), *q;
    unsigned char *seen;
    size_t head = 0, tail = 0;
    bool found = false;
    q = malloc((size_t)w * (size_t)h * sizeof *q);
    seen = calloc((size_t)w * (size_t)h, 1);
    ck_assert(q && seen);
    q[tail++] = sy * w + sx;
    seen[sy * w + sx] = 1;
    while (head < tail && !found) {
        int i = q[head++], cx = i % w, cy = i / w, k;
        static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
        found = cx == x && cy == y;
        for (k = 0; k < 4; k++) {
            int nx = cx + dx[k], ny = cy + dy[k];
            if (rf_grid_in_bounds(g, nx, ny) && !seen[ny * w + nx] &&
                rf_tile_is_walkable(rf_grid_get(g, nx, ny))) {
                seen[ny * w + nx] = 1;
                q[tail++] = ny * w + nx;
            }
        }
    }
    free(q);
    free(seen);
    return found;
}

START_TEST(generated_levels_follow_every_rule)
{
    static const char *const names[] = {"brogue", "nethack", "dungeonmaker"};
    rf_profile_set *set = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    int n = sanitized() ? 8 : 60, seed;
    size_t pi, hordes = 0, levels = 0, captives = 0;
    ck_assert(set && d);
    ck_assert_int_eq(rf_profile_set_load(set, RF_SOURCE_DIR "/content/profiles.xml", d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0); /* no population-gap in the bundled tables */
    for (pi = 0; pi < 3; pi++)
        for (seed = 1; seed <= n; seed++) {
            rf_level_opts o;
            rf_level *lv = NULL;
            const rf_grid *g;
            int ux, uy, depth = 1 + (seed * 7) % 30, maxh = 0;
            size_t i, j, traps = 0;
            rf_level_opts_init(&o);
            o.profile = names[pi];
            o.seed = (uint64_t)seed;
            o.depth = depth;
            ck_assert_int_eq(rf_level_generate(set, &o, &lv, NULL), RF_OK);
            g = rf_level_grid(lv);
            rf_level_stairs_up(lv, &ux, &uy);
            for (i = 0; i < rf_level_object_count(lv); i++) {
                const rf_placed *p = rf_level_object_at(lv, i);
                rf_tile t = rf_grid_get(g, p->x, p->y);
                for (j = 0; j < i; j++)
                    ck_assert_msg(rf_level_object_at(lv, j)->x != p->x ||
                                      rf_level_object_at(lv, j)->y != p->y,
                                  "%s seed %d: two objects on %d,%d", names[pi], seed, p->x, p->y);
                if (strcmp(p->type, "trap") == 0) {
                    traps++;
                    ck_assert_int_eq(t, RF_TILE_FLOOR);
                    continue;
                }
                if (p->horde == 0)
                    continue; /* special-room monsters */
                ck_assert(p->asleep);
                ck_assert(!p->captive || p->leader); /* a captive heads its captors' horde */
                captives += p->captive;
                ck_assert(rf_tile_is_walkable(t) && t != RF_TILE_DOOR && t != RF_TILE_STAIRS_UP &&
                          t != RF_TILE_STAIRS_DOWN);
                ck_assert_msg(!rf_fov_los(g, ux, uy, p->x, p->y), "%s seed %d: %d,%d in sight",
                              names[pi], seed, p->x, p->y);
                ck_assert(reachable(g, ux, uy, p->x, p->y));
                ck_assert_int_ge(p->quality, depth);
                if (depth <= 26)
                    ck_assert_int_le(p->quality, 26);
                if (p->room > 0)
                    ck_assert(!rf_level_room_at(lv, (size_t)p->room - 1)->locked);
                if (p->horde > maxh)
                    maxh = p->horde;
            }
            ck_assert_int_le(maxh, rf_populate_horde_count(depth, rf_grid_width(g),
                                                           rf_grid_height(g)));
            if (pi == 0)
                ck_assert_int_eq((int)traps, rf_level_traps(lv));
            hordes += (size_t)maxh;
            levels += pi == 0;
            rf_level_free(lv);
        }
    ck_assert_uint_gt(hordes, levels * 5); /* most levels get their six */
    ck_assert_uint_gt(captives, 0);         /* the seed's captive hordes are picked */
    rf_diags_free(d);
    rf_profile_set_free(set);
}
END_TEST

START_TEST(out_of_depth_hordes_on_levels_are_about_ten_percent)
{
    int n = sanitized() ? 40 : 400, seed;
    size_t hordes = 0, ood = 0;
    for (seed = 1; seed <= n; seed++) {
        rf_level_opts o;
        rf_level *lv = NULL;
        size_t i;
        rf_level_opts_init(&o);
        o.seed = (uint64_t)seed;
        o.depth = 12;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
        for (i = 0; i < rf_level_object_count(lv); i++) {
            const rf_placed *p = rf_level_object_at(lv, i);
            if (!p->leader)
                continue;
            hordes++;
            ood += p->quality > 12;
            ck_assert_int_le(p->quality, 17);
        }
        rf_level_free(lv);
    }
    /* 10% +- 5 sd, plus the few picks with nothing deeper to fall back on */
    ck_assert_msg(ood * 100 > hordes * 4 && ood * 100 < hordes * 16, "%zu of %zu", ood, hordes);
}
END_TEST

static rf_profile_set *pop_profiles(bool on)
{
    return profiles(on ? "<profiles><profile name=\"p\" digger=\"brogue\"/></profiles>"
                       : "<profiles><profile name=\"p\" digger=\"brogue\">"
                         "<param name=\"populate\" value=\"0\"/></profile></profiles>",
                    RF_OK);
}

/* FNV-1a 64 of the level's terrain rows (the digest hashes its objects too). */
static uint64_t terrain_hash(const rf_level *lv)
{
    const rf_grid *g = rf_level_grid(lv);
    uint64_t h = 0;
    char row[1024];
    int y;
    for (y = 0; y < rf_grid_height(g); y++) {
        ck_assert(rf_grid_row(g, y, row, sizeof row));
        h = h * 31 + rf_fnv1a64(row, strlen(row));
    }
    return h;
}

START_TEST(turning_population_off_leaves_the_level_otherwise_unchanged)
{
    rf_profile_set *on = pop_profiles(true), *off = pop_profiles(false);
    int n = sanitized() ? 10 : 80, seed;
    size_t added = 0;
    for (seed = 1; seed <= n; seed++) {
        rf_level_opts o;
        rf_level *a = NULL, *b = NULL;
        size_t i;
        int ax, ay, bx, by;
        rf_level_opts_init(&o);
        o.profile = "p";
        o.seed = (uint64_t)seed;
        o.depth = 1 + seed % 30;
        ck_assert_int_eq(rf_level_generate(on, &o, &a, NULL), RF_OK);
        ck_assert_int_eq(rf_level_generate(off, &o, &b, NULL), RF_OK);
        ck_assert(terrain_hash(a) == terrain_hash(b));
        ck_assert_uint_eq(rf_level_room_count(a), rf_level_room_count(b));
        ck_assert_uint_eq(rf_level_feeling_count(a), rf_level_feeling_count(b));
        rf_level_stairs_up(a, &ax, &ay);
        rf_level_stairs_up(b, &bx, &by);
        ck_assert(ax == bx && ay == by);
        ck_assert_uint_ge(rf_level_object_count(a), rf_level_object_count(b));
        for (i = 0; i < rf_level_object_count(b); i++) /* the same objects first */
            ck_assert(memcmp(rf_level_object_at(a, i), rf_level_object_at(b, i),
                             sizeof(rf_placed)) == 0);
        for (; i < rf_level_object_count(a); i++) {
            const char *type = rf_level_object_at(a, i)->type;
            ck_assert(strcmp(type, "monster") == 0 || strcmp(type, "trap") == 0);
            added++;
        }
        rf_level_free(a);
        rf_level_free(b);
    }
    ck_assert_uint_gt(added, (size_t)n * 6);
    rf_profile_set_free(on);
    rf_profile_set_free(off);
}
END_TEST

/* The bundled content's templates with noMonsters / noTraps, placed by the
 * placer: population (the objects a populated level has beyond the same
 * level unpopulated) stays out of them. */
START_TEST(template_rooms_flagged_no_monsters_or_traps_stay_empty)
{
    rf_profile_set *on = pop_profiles(true), *off = pop_profiles(false);
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    int n = sanitized() ? 12 : 120, seed;
    size_t flagged = 0, added = 0;
    ck_assert(set && d);
    ck_assert_int_eq(rf_template_set_load_path(set, RF_SOURCE_DIR "/content/rooms", d), RF_OK);
    for (seed = 1; seed <= n; seed++) {
        rf_level_opts o;
        rf_level *a = NULL, *b = NULL;
        size_t i;
        rf_level_opts_init(&o);
        o.profile = "p";
        o.seed = (uint64_t)seed;
        o.depth = 1 + seed % 20;
        o.templates = set;
        ck_assert_int_eq(rf_level_generate(on, &o, &a, NULL), RF_OK);
        ck_assert_int_eq(rf_level_generate(off, &o, &b, NULL), RF_OK);
        for (i = 0; i < rf_level_room_count(a); i++)
            flagged += (rf_level_room_at(a, i)->keep_out & (RF_KEEP_MONSTERS | RF_KEEP_TRAPS)) != 0;
        for (i = rf_level_object_count(b); i < rf_level_object_count(a); i++) {
            const rf_placed *p = rf_level_object_at(a, i);
            unsigned k = p->room > 0 ? rf_level_room_at(a, (size_t)p->room - 1)->keep_out : 0;
            added++;
            ck_assert_msg(!(strcmp(p->type, "monster") == 0 && (k & RF_KEEP_MONSTERS)),
                          "seed %d: %s in a noMonsters room", seed, p->name);
            ck_assert_msg(!(strcmp(p->type, "trap") == 0 && (k & RF_KEEP_TRAPS)),
                          "seed %d: %s in a noTraps room", seed, p->name);
        }
        rf_level_free(a);
        rf_level_free(b);
    }
    ck_assert_uint_gt(flagged, 0); /* flagged templates were placed */
    ck_assert_uint_gt(added, (size_t)n * 3);
    rf_diags_free(d);
    rf_template_set_free(set);
    rf_profile_set_free(on);
    rf_profile_set_free(off);
}
END_TEST

START_TEST(the_same_seed_gives_the_same_population)
{
    int seed;
    for (seed = 1; seed <= 10; seed++) {
        rf_level_opts o;
        rf_level *a = NULL, *b = NULL;
        size_t i;
        rf_level_opts_init(&o);
        o.seed = (uint64_t)seed * 1000003u;
        o.depth = 5 + seed;
        ck_assert_int_eq(rf_level_generate(NULL, &o, &a, NULL), RF_OK);
        ck_assert_int_eq(rf_level_generate(NULL, &o, &b, NULL), RF_OK);
        ck_assert_uint_eq(rf_level_object_count(a), rf_level_object_count(b));
        for (i = 0; i < rf_level_object_count(a); i++)
            ck_assert(memcmp(rf_level_object_at(a, i), rf_level_object_at(b, i),
                             sizeof(rf_placed)) == 0);
        rf_level_free(a);
        rf_level_free(b);
    }
}
END_TEST

START_TEST(level_generation_survives_allocation_failures)
{
    long k;
    bool failed = false, passed = false;
    for (k = 1; k < 400 && !passed; k++) {
        rf_level_opts o;
        rf_level *lv = NULL;
        rf_status st;
        rf_level_opts_init(&o);
        o.seed = 3;
        o.depth = 9;
        o.width = 40;
        o.height = 20;
        rf_alloc_fail_after(k);
        st = rf_level_generate(NULL, &o, &lv, NULL);
        rf_alloc_fail_after(-1);
        ck_assert(st == RF_OK || st == RF_ERR_NOMEM);
        failed = failed || st == RF_ERR_NOMEM;
        passed = st == RF_OK;
        rf_level_free(lv);
    }
    ck_assert(failed && passed);
}
END_TEST

static Suite *populate_suite(void)
{
    Suite *s = suite_create("populate");
    TCase *rules = tcase_create("rules"), *pass = tcase_create("pass");
    TCase *levels = tcase_create("levels");
    /* the odds are counted over 10,000s of picks and the pass runs on dug
     * levels (up to 1 s a case on an idle machine): not Check's 4 s default */
    tcase_set_timeout(rules, 60);
    tcase_set_timeout(pass, 60);
    tcase_add_test(rules, six_hordes_down_to_26_then_one_more_a_depth_up_to_20);
    tcase_add_test(rules, no_horde_is_out_of_depth_at_depth_1);
    tcase_add_test(rules, ten_percent_of_hordes_are_out_of_depth_by_1dK);
    tcase_add_test(rules, hordes_are_never_picked_deeper_than_26_above_depth_26);
    tcase_add_test(rules, machine_only_hordes_are_never_picked_at_random);
    tcase_add_test(rules, picks_follow_frequency_and_fall_back_to_the_depth);
    suite_add_tcase(s, rules);
    tcase_add_test(pass, hordes_sleep_out_of_sight_of_the_up_stairs);
    tcase_add_test(pass, each_horde_has_one_leader_and_members_near_it);
    tcase_add_test(pass, traps_go_on_free_reachable_floor_and_monsters_avoid_them);
    tcase_add_test(pass, rooms_keep_out_what_their_flags_say);
    tcase_add_test(pass, keep_out_holds_on_dug_levels);
    tcase_add_test(pass, a_level_all_in_sight_gets_no_horde);
    tcase_add_test(pass, bad_arguments_are_refused);
    tcase_add_test(pass, allocation_failures_leave_the_list_as_it_was);
    suite_add_tcase(s, pass);
    tcase_set_timeout(levels, 300);
    tcase_add_test(levels, generated_levels_follow_every_rule);
    tcase_add_test(levels, out_of_depth_hordes_on_levels_are_about_ten_percent);
    tcase_add_test(levels, turning_population_off_leaves_the_level_otherwise_unchanged);
    tcase_add_test(levels, template_rooms_flagged_no_monsters_or_traps_stay_empty);
    tcase_add_test(levels, the_same_seed_gives_the_same_population);
    tcase_add_test(levels, level_generation_survives_allocation_failures);
    suite_add_tcase(s, levels);
    return s;
}

RF_TEST_MAIN(populate_suite)
