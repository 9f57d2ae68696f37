/* tests/unit/test_place_attach.c: the order drawn templates take
 * accretion's attempts in (place_attach.c: forced first, then largest
 * first, plan order between equals) and the fit's scan for a drawn one
 * (place_fit.c, rf_place_opts.scan_upto: a drawn room the random tries
 * miss is looked for everywhere while leaving it out would cost a retry).
 */
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "place_int.h"
#include "rf_test.h"
#include "roomforge/place.h"
#include "roomforge/template.h"

static long area_of(const rf_plan_entry *e)
{
    return (long)rf_template_width(e->t) * rf_template_height(e->t);
}

START_TEST(drawn_rooms_attach_largest_first)
{
    static const char xml[] =
        "<roomdb>"
        "<room name=\"Fixed\"><row text=\"##d##\"/><row text=\"#...#\"/><row text=\"#####\"/></room>"
        "<room name=\"Small\"><row text=\"##d##\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
        "<row text=\"#####\"/></room>"
        "<room name=\"Mid\"><row text=\"###d###\"/><row text=\"#.....#\"/><row text=\"#.....#\"/>"
        "<row text=\"#.....#\"/><row text=\"#######\"/></room>"
        "<room name=\"Large\"><row text=\"####d####\"/><row text=\"#.......#\"/>"
        "<row text=\"#.......#\"/><row text=\"#.......#\"/><row text=\"#.......#\"/>"
        "<row text=\"#########\"/></room></roomdb>";
    static const char *const forced[1] = {"Fixed"};
    rf_template_set *set = rf_template_set_new();
    uint64_t seed;
    bool unsorted = false; /* a plan whose own order was not the attach order */
    ck_assert_int_eq(rf_template_set_load_buffer(set, "o.xml", xml, strlen(xml), NULL), RF_OK);
    for (seed = 1; seed <= 20; seed++) {
        rf_grid *g = rf_grid_new(79, 29);
        rf_room_list rooms;
        rf_placed_list objs;
        rf_placer *pl = NULL;
        rf_place_opts po;
        size_t k;
        rf_room_list_init(&rooms);
        rf_placed_list_init(&objs);
        rf_place_opts_init(&po);
        po.templates = set;
        po.rooms = forced;
        po.nrooms = 1;
        po.seed = seed;
        po.count_lo = po.count_hi = 5;
        ck_assert_int_eq(rf_place_begin(g, &rooms, &objs, &po, NULL, &pl), RF_OK);
        ck_assert_uint_eq(pl->n, 6);
        ck_assert(pl->plan[pl->order[0]].forced);
        for (k = 0; k < pl->n; k++) {
            const rf_plan_entry *e = &pl->plan[pl->order[k]];
            const rf_plan_entry *before = k ? &pl->plan[pl->order[k - 1]] : NULL;
            ck_assert_int_eq(e->slot, (int)k);
            if (k < 2)
                continue;
            ck_assert(!e->forced);
            ck_assert_int_le(area_of(e), area_of(before));
            if (area_of(e) == area_of(before))
                ck_assert_uint_gt(pl->order[k], pl->order[k - 1]);
        }
        for (k = 2; k < pl->n; k++)
            unsorted |= area_of(&pl->plan[k]) > area_of(&pl->plan[k - 1]);
        rf_place_free(pl);
        rf_grid_free(g);
        rf_room_list_fini(&rooms);
        rf_placed_list_fini(&objs);
    }
    ck_assert(unsorted); /* the order was made, not found */
    rf_template_set_free(set);
}
END_TEST

/* A level of lava with one pocket of rock the room's size, a floor column
 * west of it: the one place the room has (its door on the west). The fit's
 * random tries miss it; with scan_upto the scan finds it, without it the
 * room is left out (budget), as before the scan. True when one draw of the
 * room was placed, at (*ox, *oy). */
static bool fit_in_lava(unsigned long scan_upto, int *ox, int *oy)
{
    static const char xml[] = "<roomdb><room name=\"West\"><row text=\"#####\"/>"
                              "<row text=\"#...#\"/><row text=\"d...#\"/><row text=\"#...#\"/>"
                              "<row text=\"#####\"/></room></roomdb>";
    enum { W = 250, H = 80, PX = 180, PY = 50 };
    rf_template_set *set = rf_template_set_new();
    rf_grid *g = rf_grid_new(W, H);
    rf_room_list rooms;
    rf_placed_list objs;
    rf_placer *pl = NULL;
    rf_place_opts po;
    rf_place_entry e;
    rf_rng cosmetic;
    int x, y, placed = 0;
    size_t k;
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "w.xml", xml, strlen(xml), NULL), RF_OK);
    for (y = 1; y < H - 1; y++)
        for (x = 1; x < W - 1; x++)
            ck_assert(rf_grid_set(g, x, y, RF_TILE_LAVA));
    for (y = PY; y < PY + 5; y++)
        for (x = PX; x < PX + 5; x++)
            ck_assert(rf_grid_set(g, x, y, RF_TILE_ROCK));
    for (y = PY - 3; y < PY + 8; y++)
        ck_assert(rf_grid_set(g, PX - 1, y, RF_TILE_FLOOR));
    rf_room_list_init(&rooms);
    rf_placed_list_init(&objs);
    rf_place_opts_init(&po);
    po.templates = set;
    po.seed = 3;
    po.count_lo = po.count_hi = 1;
    po.scan_upto = scan_upto;
    ck_assert_int_eq(rf_place_begin(g, &rooms, &objs, &po, NULL, &pl), RF_OK);
    rf_rng_seed_named(&cosmetic, 3, "cosmetic");
    ck_assert_int_eq(rf_place_finish(pl, false, &cosmetic, NULL, NULL), RF_OK);
    /* the count scales with the level: several draws of the one room, of
     * which one at most has a place */
    ck_assert_uint_gt(rf_place_entry_count(pl), 1);
    for (k = 0; k < rf_place_entry_count(pl); k++) {
        rf_place_entry_at(pl, k, &e);
        if (e.placed) {
            ck_assert_int_eq(placed, 0);
            placed++;
            *ox = pl->plan[k].ox;
            *oy = pl->plan[k].oy;
        } else {
            ck_assert_int_eq(e.why, RF_PLACE_BUDGET);
        }
    }
    rf_place_free(pl);
    rf_grid_free(g);
    rf_room_list_fini(&rooms);
    rf_placed_list_fini(&objs);
    rf_template_set_free(set);
    return placed == 1;
}

START_TEST(a_drawn_room_the_tries_miss_is_scanned_for)
{
    int ox = -1, oy = -1;
    ck_assert(!fit_in_lava(0, &ox, &oy)); /* the random tries alone miss it */
    ck_assert(fit_in_lava(100, &ox, &oy));
    ck_assert_int_eq(ox, 180);
    ck_assert_int_eq(oy, 50);
}
END_TEST

static Suite *place_attach_suite(void)
{
    Suite *s = suite_create("place_attach");
    TCase *tc = tcase_create("order");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, drawn_rooms_attach_largest_first);
    tcase_add_test(tc, a_drawn_room_the_tries_miss_is_scanned_for);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(place_attach_suite)
