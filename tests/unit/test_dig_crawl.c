/* tests/unit/test_dig_crawl.c: unit tests for engine/src/dig_crawl.c and
 * crawler.c, the DungeonMaker digger: rooms and every style bit, corner and
 * centre parameters with the 10/20/30/40 modifiers, crawler headings, delays,
 * lifetimes, endings, open/closed pairs, protuberances, the repair of cut
 * regions, and invariants over 1,000 seeds per bundled rooms-file (fewer when
 * RF_SANITIZED is set). Grid coordinates: x column (the file's y), y row. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "dig_connect_int.h"
#include "level_dig2_int.h"
#include "level_gen_check.h"
#include "rf_test.h"
#include "dig/seam.h"
#include "roomforge/level.h"

#define CONTENT RF_SOURCE_DIR "/content/dungeonmaker/"
#define END_ROOMS                                                                                  \
    "div: 0; Xdiv: 0; Ydiv: 0; width: 0; lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; lBC: 0; "   \
    "lC: 0; style: 0; delay: 0\n"

static int seed_count(void) { return getenv("RF_SANITIZED") ? 50 : 1000; }

typedef struct run {
    rf_grid *g;
    rf_room_list rooms;
    rf_crawl_stats st;
    rf_status status;
} run;

/* A dimx x dimy rooms-file from its room lines, hand crawler line pairs and
 * protuberances (no squares). */
static rf_rooms_file *file_of(int dimx, int dimy, const char *rooms, const char *crawlers, int prot)
{
    char text[4096];
    rf_rooms_file *f = NULL;
    rf_diags *d = rf_diags_new();
    int n = snprintf(text, sizeof text,
                     "Dungeon dimensions - dimX = %d; dimY = %d.\n"
                     "numRooms < 9; numOpen < 9; numClosed < 9; numColumns < 9; numCrawlers < 9.\n"
                     "%s" END_ROOMS "Open square at ( 0 , 0 )\nWall tile at ( 0 , 0 )\n"
                     "Column at ( 0 , 0 )\n%sA Crawler starts at (x , y) = (0 , 0)\n"
                     "Outside walls sports %d protuberances.\n",
                     dimx, dimy, rooms, crawlers, prot);
    ck_assert_ptr_nonnull(d);
    ck_assert(n > 0 && (size_t)n < sizeof text);
    ck_assert_int_eq(rf_rooms_file_load_buffer(text, (size_t)n, "test", d, &f), RF_OK);
    rf_diags_free(d);
    return f;
}

static void dig(run *r, int w, int h, uint64_t seed, const rf_rooms_file *f,
                const rf_crawl_params *p)
{
    rf_rng rng;
    memset(r, 0, sizeof *r);
    r->g = rf_grid_new(w, h);
    ck_assert_ptr_nonnull(r->g);
    rf_room_list_init(&r->rooms);
    rf_rng_seed_named(&rng, seed, RF_RNG_LAYOUT);
    r->status = rf_dig_crawl(r->g, &r->rooms, &rng, f, p, &r->st);
    ck_assert_int_eq(r->status, RF_OK);
}

static void done(run *r)
{
    rf_room_list_fini(&r->rooms);
    rf_grid_free(r->g);
}

/* Straight crawlers: no turns, no children. */
static rf_crawl_params straight(void)
{
    rf_crawl_params p;
    rf_crawl_params_init(&p);
    p.turn_chance = 0;
    p.generations = 0;
    return p;
}

static rf_tile at(const run *r, int x, int y) { return rf_grid_get(r->g, x, y); }
#define WALL RF_TILE_WALL
#define FLOOR RF_TILE_FLOOR
#define DOOR RF_TILE_DOOR

START_TEST(the_seed_example_digs_its_room_squares_and_crawler)
{
    rf_diags *d = rf_diags_new();
    rf_rooms_file *f = NULL;
    rf_crawl_params p = straight();
    run r;
    int y;
    ck_assert_int_eq(rf_rooms_file_load(CONTENT "rooms1.txt", d, &f), RF_OK);
    dig(&r, 100, 100, 1, f, &p);
    /* div 12, Xdiv = Ydiv = 6: centre (49, 49); width 6: walls at 42 and 56 */
    ck_assert_uint_eq(r.rooms.n, 1);
    ck_assert_int_eq(r.rooms.items[0].kind, RF_ROOM_CRAWLED);
    ck_assert_int_eq(r.rooms.items[0].x, 42);
    ck_assert_int_eq(r.rooms.items[0].y, 42);
    ck_assert_int_eq(r.rooms.items[0].w, 15);
    ck_assert_int_eq(r.rooms.items[0].h, 15);
    ck_assert_int_eq(at(&r, 56, 49), DOOR); /* rC: 1 */
    ck_assert_int_eq(at(&r, 49, 56), DOOR); /* bC: 1 */
    ck_assert_int_eq(at(&r, 49, 42), WALL); /* tC: 0 */
    ck_assert_int_eq(at(&r, 42, 49), WALL); /* lC: 0 */
    ck_assert_int_eq(rf_grid_room(r.g, 49, 49), 1);
    ck_assert_int_eq(at(&r, 42, 41), WALL); /* lTC: 23 goes up first */
    /* columns at (10, 10), (13, 10); wall tiles at (47, 58), (47, 59) */
    ck_assert_int_eq(at(&r, 10, 10), WALL);
    ck_assert_int_eq(at(&r, 10, 13), WALL);
    ck_assert_int_eq(at(&r, 58, 47), WALL);
    ck_assert_int_eq(at(&r, 59, 47), WALL);
    ck_assert_int_eq(at(&r, 70, 70), FLOOR); /* the open square */
    /* the crawler at (99, 50) heads North from the bottom wall to the room */
    for (y = 58; y <= 98; y++)
        ck_assert_int_eq(at(&r, 50, y), WALL);
    ck_assert_int_eq(at(&r, 50, 57), FLOOR);
    ck_assert_uint_eq(rf_dig_regions(r.g, &r.rooms), 1);
    done(&r);
    rf_rooms_file_free(f);
    rf_diags_free(d);
}
END_TEST

/* One room, centre (29, 29) of a 60 x 60 level, width 6 (walls at 22, 36). */
static void dig_room(run *r, const char *sides, int style, const char *crawlers)
{
    char line[512];
    rf_crawl_params p = straight();
    rf_rooms_file *f;
    snprintf(line, sizeof line, "div: 2; Xdiv: 1; Ydiv: 1; width: 6; %s; style: %d; delay: 0\n",
             sides, style);
    f = file_of(60, 60, line, crawlers, 0);
    dig(r, 60, 60, 5, f, &p);
    rf_rooms_file_free(f);
}

#define NO_SIDES "lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; lBC: 0; lC: 0"
#define TOP_DOOR "lTC: 0; tC: 1; rTC: 0; rC: 0; rBC: 0; bC: 0; lBC: 0; lC: 0"
#define CORNER_DOOR "lTC: 1; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; lBC: 0; lC: 0"

START_TEST(style_bit_1_gives_walls_and_even_styles_none)
{
    run r;
    dig_room(&r, TOP_DOOR, 0, "");
    ck_assert_int_eq(at(&r, 22, 22), FLOOR);
    ck_assert_int_eq(at(&r, 29, 22), FLOOR); /* no wall, so no door */
    ck_assert_int_eq(at(&r, 36, 30), FLOOR);
    ck_assert_int_eq(rf_grid_room(r.g, 23, 23), 1);
    done(&r);
    dig_room(&r, TOP_DOOR, 1, "");
    ck_assert_int_eq(at(&r, 22, 22), WALL);
    ck_assert_int_eq(at(&r, 36, 30), WALL);
    ck_assert_int_eq(at(&r, 29, 22), DOOR);
    ck_assert_int_eq(at(&r, 28, 22), WALL);
    ck_assert_int_eq(at(&r, 30, 22), WALL);
    done(&r);
}
END_TEST

START_TEST(centre_doors_are_one_three_or_five_wide)
{
    run r;
    dig_room(&r, TOP_DOOR, 1 + 8, "");
    ck_assert_int_eq(at(&r, 28, 22), DOOR);
    ck_assert_int_eq(at(&r, 30, 22), DOOR);
    ck_assert_int_eq(at(&r, 27, 22), WALL);
    done(&r);
    dig_room(&r, TOP_DOOR, 1 + 16, "");
    ck_assert_int_eq(at(&r, 27, 22), DOOR);
    ck_assert_int_eq(at(&r, 31, 22), DOOR);
    ck_assert_int_eq(at(&r, 26, 22), WALL);
    done(&r);
}
END_TEST

START_TEST(corner_doors_grow_and_can_be_filled)
{
    run r;
    dig_room(&r, CORNER_DOOR, 1, "");
    ck_assert_int_eq(at(&r, 22, 22), DOOR);
    ck_assert_int_eq(at(&r, 23, 22), DOOR);
    ck_assert_int_eq(at(&r, 22, 23), DOOR);
    ck_assert_int_eq(at(&r, 24, 22), WALL);
    done(&r);
    dig_room(&r, CORNER_DOOR, 1 + 2, "");
    ck_assert_int_eq(at(&r, 24, 22), DOOR);
    ck_assert_int_eq(at(&r, 22, 24), DOOR);
    ck_assert_int_eq(at(&r, 25, 22), WALL);
    done(&r);
    dig_room(&r, CORNER_DOOR, 1 + 4, "");
    ck_assert_int_eq(at(&r, 25, 22), DOOR);
    ck_assert_int_eq(at(&r, 26, 22), WALL);
    done(&r);
    dig_room(&r, CORNER_DOOR, 1 + 32, ""); /* the centre filled: two doors */
    ck_assert_int_eq(at(&r, 22, 22), WALL);
    ck_assert_int_eq(at(&r, 23, 22), DOOR);
    ck_assert_int_eq(at(&r, 22, 23), DOOR);
    done(&r);
}
END_TEST

START_TEST(decorations_stand_outside_doors)
{
    run r;
    dig_room(&r, TOP_DOOR, 1 + 512, "");
    ck_assert_int_eq(at(&r, 28, 21), WALL);
    ck_assert_int_eq(at(&r, 30, 21), WALL);
    ck_assert_int_eq(at(&r, 29, 21), FLOOR);
    done(&r);
    dig_room(&r, TOP_DOOR, 1 + 1024, "");
    ck_assert_int_eq(at(&r, 28, 20), WALL);
    ck_assert_int_eq(at(&r, 30, 20), WALL);
    ck_assert_int_eq(at(&r, 28, 21), FLOOR);
    done(&r);
    dig_room(&r, CORNER_DOOR, 1 + 2048, "");
    ck_assert_int_eq(at(&r, 21, 22), WALL);
    ck_assert_int_eq(at(&r, 22, 21), WALL);
    done(&r);
    dig_room(&r, CORNER_DOOR, 1 + 4096, "");
    ck_assert_int_eq(at(&r, 20, 20), WALL);
    ck_assert_int_eq(at(&r, 21, 22), FLOOR);
    done(&r);
}
END_TEST

START_TEST(columns_stand_behind_and_beside_centre_doors)
{
    run r;
    dig_room(&r, TOP_DOOR, 1 + 128, "");
    ck_assert_int_eq(at(&r, 28, 24), WALL);
    ck_assert_int_eq(at(&r, 30, 24), WALL);
    ck_assert_int_eq(at(&r, 29, 24), FLOOR);
    ck_assert_int_eq(at(&r, 28, 23), FLOOR);
    done(&r);
    dig_room(&r, TOP_DOOR, 1 + 256, "");
    ck_assert_int_eq(at(&r, 28, 24), WALL);
    ck_assert_int_eq(at(&r, 30, 26), WALL);
    ck_assert_int_eq(at(&r, 28, 25), FLOOR);
    ck_assert_int_eq(at(&r, 28, 28), FLOOR); /* rows run to the width, not past */
    done(&r);
}
END_TEST

START_TEST(the_pyramid_is_a_block_at_the_centre)
{
    run r;
    int x, y;
    dig_room(&r, NO_SIDES, 1 + 8192, "");
    for (y = 27; y <= 31; y++)
        for (x = 27; x <= 31; x++)
            ck_assert_int_eq(at(&r, x, y), WALL);
    ck_assert_int_eq(at(&r, 26, 29), FLOOR);
    ck_assert_int_eq(rf_grid_room(r.g, 29, 29), 0);
    done(&r);
}
END_TEST

START_TEST(centre_crawlers_head_straight_away)
{
    run r;
    dig_room(&r, "lTC: 0; tC: 2; rTC: 0; rC: 3; rBC: 0; bC: 0; lBC: 0; lC: 0", 1, "");
    ck_assert_int_eq(at(&r, 29, 21), WALL);
    ck_assert_int_eq(at(&r, 29, 2), WALL);
    ck_assert_int_eq(at(&r, 37, 29), WALL);
    ck_assert_int_eq(at(&r, 57, 29), WALL);
    done(&r);
    /* style 64: a crawler in the middle of a large centre door */
    dig_room(&r, TOP_DOOR, 1 + 8 + 64, "");
    ck_assert_int_eq(at(&r, 28, 22), DOOR);
    ck_assert_int_eq(at(&r, 29, 22), WALL);
    ck_assert_int_eq(at(&r, 30, 22), DOOR);
    ck_assert_int_eq(at(&r, 29, 21), WALL);
    ck_assert_int_eq(at(&r, 29, 1), FLOOR); /* it leaves an opening */
    done(&r);
}
END_TEST

/* Corner modifiers: 10 up/up, 20 up/diagonal, 30 side/diagonal, 40 side/side. */
START_TEST(corner_modifiers_set_forward_and_direction)
{
    static const struct {
        const char *sides;
        int x, y;
    } first[] = {
        {"lTC: 12; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; lBC: 0; lC: 0", 22, 21},
        {"lTC: 22; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; lBC: 0; lC: 0", 22, 21},
        {"lTC: 32; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; lBC: 0; lC: 0", 21, 22},
        {"lTC: 42; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; lBC: 0; lC: 0", 21, 22},
        {"lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 12; bC: 0; lBC: 0; lC: 0", 36, 37},
        {"lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 42; bC: 0; lBC: 0; lC: 0", 37, 36},
        {"lTC: 0; tC: 0; rTC: 33; rC: 0; rBC: 0; bC: 0; lBC: 0; lC: 0", 37, 22},
        {"lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; lBC: 23; lC: 0", 22, 37},
    };
    size_t i;
    for (i = 0; i < sizeof first / sizeof first[0]; i++) {
        run r;
        dig_room(&r, first[i].sides, 1, "");
        ck_assert_msg(at(&r, first[i].x, first[i].y) == WALL, "case %zu", i);
        done(&r);
    }
}
END_TEST

/* All crawler walls of a run (tiles walls now that are not in base). */
static void crawled_box(const run *r, const run *base, int *x0, int *y0, int *x1, int *y1)
{
    int x, y;
    *x0 = *y0 = 1 << 20;
    *x1 = *y1 = -1;
    for (y = 1; y < rf_grid_height(r->g) - 1; y++)
        for (x = 1; x < rf_grid_width(r->g) - 1; x++)
            if (at(r, x, y) == WALL && at(base, x, y) != WALL) {
                *x0 = x < *x0 ? x : *x0;
                *y0 = y < *y0 ? y : *y0;
                *x1 = x > *x1 ? x : *x1;
                *y1 = y > *y1 ? y : *y1;
            }
}

START_TEST(a_diagonal_direction_keeps_forward_to_its_two_parts)
{
    rf_crawl_params p = straight();
    rf_rooms_file *f, *none = file_of(40, 40, "", "", 0);
    int seed;
    p.turn_chance = 100;
    /* from the bottom wall, direction 14: Forward North, Direction North-East */
    f = file_of(40, 40, "",
                "A Crawler starts at (x , y) = (39 , 10)\n"
                "and this crawler will head in direction 14 with delay 0 and termination 1.\n",
                0);
    for (seed = 1; seed <= 20; seed++) {
        run r, base;
        int x0, y0, x1, y1;
        dig(&r, 40, 40, (uint64_t)seed, f, &p);
        dig(&base, 40, 40, (uint64_t)seed, none, &p);
        crawled_box(&r, &base, &x0, &y0, &x1, &y1);
        ck_assert_int_ge(x0, 10); /* never West */
        ck_assert_int_le(y1, 38); /* never South */
        ck_assert_int_gt(r.st.walls, 3);
        done(&r);
        done(&base);
    }
    rf_rooms_file_free(f);
    rf_rooms_file_free(none);
}
END_TEST

START_TEST(the_lifetime_bounds_a_run)
{
    rf_crawl_params p = straight();
    rf_rooms_file *f = file_of(40, 40, "",
                               "A Crawler starts at (x , y) = (20 , 0)\n"
                               "and this crawler will head in direction 1 with delay 0 and "
                               "termination 1.\n",
                               0);
    run r;
    int x;
    p.lifetime = 10;
    dig(&r, 40, 40, 1, f, &p);
    for (x = 1; x <= 10; x++)
        ck_assert_int_eq(at(&r, x, 20), WALL);
    ck_assert_int_eq(at(&r, 11, 20), FLOOR);
    ck_assert_uint_eq(r.st.walls, 10);
    done(&r);
    rf_rooms_file_free(f);
}
END_TEST

/* A crosses row 20 eastward, B comes down column 20; the delayed one loses. */
START_TEST(delays_keep_crawlers_dormant)
{
    rf_crawl_params p = straight();
    char text[512];
    rf_rooms_file *f;
    run r;
    snprintf(text, sizeof text,
             "A Crawler starts at (x , y) = (20 , 0)\n"
             "and this crawler will head in direction 1 with delay %d and termination 1.\n"
             "A Crawler starts at (x , y) = (0 , 20)\n"
             "and this crawler will head in direction 2 with delay %d and termination 1.\n",
             0, 9);
    f = file_of(40, 40, "", text, 0);
    dig(&r, 40, 40, 1, f, &p);
    ck_assert_int_eq(at(&r, 20, 20), WALL); /* A's */
    ck_assert_int_eq(at(&r, 20, 18), WALL); /* B up to the gap */
    ck_assert_int_eq(at(&r, 20, 19), FLOOR);
    done(&r);
    rf_rooms_file_free(f);
    snprintf(text, sizeof text,
             "A Crawler starts at (x , y) = (20 , 0)\n"
             "and this crawler will head in direction 1 with delay %d and termination 1.\n"
             "A Crawler starts at (x , y) = (0 , 20)\n"
             "and this crawler will head in direction 2 with delay %d and termination 1.\n",
             9, 0);
    f = file_of(40, 40, "", text, 0);
    dig(&r, 40, 40, 1, f, &p);
    ck_assert_int_eq(at(&r, 20, 21), WALL); /* B passes row 20 */
    ck_assert_int_eq(at(&r, 19, 20), FLOOR);
    ck_assert_int_eq(at(&r, 18, 20), WALL);
    done(&r);
    rf_rooms_file_free(f);
}
END_TEST

/* Delay 10 is random 0..9: over seeds, the delayed B sometimes wins. */
START_TEST(delay_ten_is_random)
{
    rf_crawl_params p = straight();
    rf_rooms_file *f = file_of(40, 40, "",
                               "A Crawler starts at (x , y) = (20 , 0)\n"
                               "and this crawler will head in direction 1 with delay 2 and "
                               "termination 1.\n"
                               "A Crawler starts at (x , y) = (0 , 20)\n"
                               "and this crawler will head in direction 2 with delay 10 and "
                               "termination 1.\n",
                               0);
    int seed, a_wins = 0;
    for (seed = 1; seed <= 40; seed++) {
        run r;
        dig(&r, 40, 40, (uint64_t)seed, f, &p);
        a_wins += at(&r, 20, 21) == FLOOR;
        done(&r);
    }
    ck_assert_int_gt(a_wins, 0);
    ck_assert_int_lt(a_wins, 40);
    rf_rooms_file_free(f);
}
END_TEST

START_TEST(room_delays_are_dormant_ages)
{
    static const char cross[] = "A Crawler starts at (x , y) = (15 , 0)\n"
                                "and this crawler will head in direction 1 with delay 0 and "
                                "termination 1.\n";
    const char *room[2] = {"div: 2; Xdiv: 1; Ydiv: 1; width: 6; lTC: 0; tC: 2; rTC: 0; rC: 0; "
                           "rBC: 0; bC: 0; lBC: 0; lC: 0; style: 1; delay: 0\n",
                           "div: 2; Xdiv: 1; Ydiv: 1; width: 6; lTC: 0; tC: 2; rTC: 0; rC: 0; "
                           "rBC: 0; bC: 0; lBC: 0; lC: 0; style: 1; delay: 9\n"};
    rf_crawl_params p = straight();
    int k;
    for (k = 0; k < 2; k++) {
        rf_rooms_file *f = file_of(60, 60, room[k], cross, 0);
        run r;
        dig(&r, 60, 60, 1, f, &p);
        /* undelayed, the room's crawler crosses row 15 first; delayed, it stops */
        ck_assert_int_eq(at(&r, 29, 14), k == 0 ? WALL : FLOOR);
        done(&r);
        rf_rooms_file_free(f);
    }
}
END_TEST

static const char closed_north[] = "A Crawler starts at (x , y) = (39 , 20)\n"
                                   "and this crawler will head in direction 4 with delay 0 and "
                                   "termination %d.\n";

START_TEST(a_closed_ending_joins_and_the_cut_is_repaired)
{
    rf_crawl_params p = straight();
    char text[256];
    rf_rooms_file *f;
    run r;
    snprintf(text, sizeof text, closed_north, 2);
    f = file_of(40, 40, "", text, 0);
    dig(&r, 40, 40, 1, f, &p);
    ck_assert_uint_eq(r.st.joins, 1);
    ck_assert_uint_eq(r.st.regions, 2); /* the wall ran from bottom to top */
    ck_assert_uint_eq(r.st.repairs, 1);
    ck_assert_uint_eq(rf_grid_count(r.g, DOOR), 1); /* the repair's cut */
    ck_assert_uint_eq(rf_dig_regions(r.g, &r.rooms), 1);
    done(&r);
    rf_rooms_file_free(f);
    snprintf(text, sizeof text, closed_north, 1);
    f = file_of(40, 40, "", text, 0);
    dig(&r, 40, 40, 1, f, &p);
    ck_assert_uint_eq(r.st.joins, 0);
    ck_assert_uint_eq(r.st.regions, 1);
    ck_assert_int_eq(at(&r, 20, 1), FLOOR); /* the opening */
    ck_assert_int_eq(at(&r, 20, 2), WALL);
    done(&r);
    rf_rooms_file_free(f);
}
END_TEST

/* Two crawlers run up columns 10 and 30; open squares beside their last
 * tile keep them from turning, so a closed one joins the top wall at row 1. */
START_TEST(open_closed_pairs_close_exactly_one_at_random)
{
    static const char text[] =
        "Dungeon dimensions - dimX = 40; dimY = 40.\n"
        "numRooms < 1; numOpen < 5; numClosed < 1; numColumns < 1; numCrawlers < 3.\n" END_ROOMS
        "Open square at ( 2 , 9 )\nOpen square at ( 2 , 11 )\nOpen square at ( 2 , 29 )\n"
        "Open square at ( 2 , 31 )\nOpen square at ( 0 , 0 )\nWall tile at ( 0 , 0 )\n"
        "Column at ( 0 , 0 )\n"
        "A Crawler starts at (x , y) = (39 , 10)\n"
        "and this crawler will head in direction 4 with delay 0 and termination 3.\n"
        "A Crawler starts at (x , y) = (39 , 30)\n"
        "and this crawler will head in direction 4 with delay 0 and termination 4.\n"
        "A Crawler starts at (x , y) = (0 , 0)\nOutside walls sports 0 protuberances.\n";
    rf_crawl_params p = straight();
    rf_diags *d = rf_diags_new();
    rf_rooms_file *f = NULL;
    int seed, first_closed = 0;
    ck_assert_int_eq(rf_rooms_file_load_buffer(text, sizeof text - 1, "pair", d, &f), RF_OK);
    for (seed = 1; seed <= 30; seed++) {
        run r;
        bool a, b;
        dig(&r, 40, 40, (uint64_t)seed, f, &p);
        ck_assert_uint_eq(r.st.joins, 1);
        a = at(&r, 10, 1) != FLOOR; /* a wall, or the repair's door through it */
        b = at(&r, 30, 1) != FLOOR;
        ck_assert(a != b);
        first_closed += a;
        done(&r);
    }
    ck_assert_int_gt(first_closed, 0);
    ck_assert_int_lt(first_closed, 30);
    rf_rooms_file_free(f);
    rf_diags_free(d);
}
END_TEST

START_TEST(adjacent_corner_crawlers_can_block_and_are_repaired)
{
    rf_crawl_params p = straight();
    run r;
    rf_rooms_file *f = file_of(60, 60,
                               "div: 2; Xdiv: 1; Ydiv: 1; width: 6; lTC: 12; tC: 0; rTC: 12; "
                               "rC: 1; rBC: 0; bC: 0; lBC: 0; lC: 0; style: 1; delay: 0\n",
                               "", 0);
    dig(&r, 60, 60, 1, f, &p);
    ck_assert_uint_eq(r.st.joins, 2);
    ck_assert_uint_ge(r.st.regions, 2); /* the strip above the room is cut off */
    ck_assert_uint_eq(r.st.repairs, r.st.regions - 1);
    ck_assert_uint_eq(rf_dig_regions(r.g, &r.rooms), 1);
    done(&r);
    rf_rooms_file_free(f);
}
END_TEST

START_TEST(children_come_in_generations)
{
    rf_crawl_params p;
    rf_rooms_file *f = file_of(60, 60, "",
                               "A Crawler starts at (x , y) = (59 , 30)\n"
                               "and this crawler will head in direction 54 with delay 0 and "
                               "termination 1.\n",
                               0);
    run r;
    rf_crawl_params_init(&p);
    p.generations = 0;
    dig(&r, 60, 60, 3, f, &p);
    ck_assert_uint_eq(r.st.crawlers, 1);
    done(&r);
    p.generations = 2;
    p.spawn_chance = 100;
    dig(&r, 60, 60, 3, f, &p);
    ck_assert_uint_gt(r.st.crawlers, 5);
    ck_assert_uint_eq(rf_dig_regions(r.g, &r.rooms), 1);
    done(&r);
    rf_rooms_file_free(f);
}
END_TEST

/* Walls reachable from the outer wall through walls. */
static size_t walls_hanging_off_border(const run *r)
{
    int w = rf_grid_width(r->g), h = rf_grid_height(r->g), x, y, changed = 1;
    char *seen = calloc((size_t)w * (size_t)h, 1);
    size_t n = 0;
    ck_assert_ptr_nonnull(seen);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            seen[y * w + x] = x == 0 || y == 0 || x == w - 1 || y == h - 1;
    while (changed) {
        changed = 0;
        for (y = 1; y < h - 1; y++)
            for (x = 1; x < w - 1; x++)
                if (!seen[y * w + x] && at(r, x, y) == WALL &&
                    (seen[y * w + x - 1] || seen[y * w + x + 1] || seen[(y - 1) * w + x] ||
                     seen[(y + 1) * w + x])) {
                    seen[y * w + x] = 1;
                    changed = 1;
                    n++;
                }
    }
    free(seen);
    return n;
}

START_TEST(protuberances_grow_from_the_outer_wall)
{
    rf_crawl_params p = straight();
    rf_rooms_file *f = file_of(40, 60, "", "", 20), *none = file_of(40, 60, "", "", 0);
    run r;
    size_t inner = 0;
    int x, y;
    dig(&r, 60, 40, 2, f, &p);
    for (y = 1; y < 39; y++)
        for (x = 1; x < 59; x++)
            inner += at(&r, x, y) == WALL;
    ck_assert_uint_ge(inner, 20 * 2);
    ck_assert_uint_le(inner, 20 * 4);
    ck_assert_uint_eq(walls_hanging_off_border(&r), inner);
    done(&r);
    dig(&r, 60, 40, 2, none, &p);
    ck_assert_uint_eq(rf_grid_count(r.g, WALL), 2 * 60 + 2 * 38);
    done(&r);
    rf_rooms_file_free(f);
    rf_rooms_file_free(none);
}
END_TEST

START_TEST(other_sizes_scale_the_hand_placed_points)
{
    rf_diags *d = rf_diags_new();
    rf_rooms_file *f = NULL;
    run r;
    ck_assert_int_eq(rf_rooms_file_load(CONTENT "rooms1.txt", d, &f), RF_OK);
    dig(&r, 200, 200, 4, f, NULL);
    ck_assert_int_eq(at(&r, 20, 20), WALL); /* the column at (10, 10) */
    ck_assert_uint_eq(rf_dig_regions(r.g, &r.rooms), 1);
    done(&r);
    rf_rooms_file_free(f);
    rf_diags_free(d);
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    rf_rooms_file *f = file_of(40, 40, "", "", 0);
    rf_grid *g = rf_grid_new(9, 40);
    rf_room_list l;
    rf_rng rng;
    rf_crawl_params p;
    rf_room_list_init(&l);
    rf_rng_seed(&rng, 1, 1);
    ck_assert_int_eq(rf_dig_crawl(g, &l, &rng, f, NULL, NULL), RF_ERR_ARG);
    rf_grid_free(g);
    g = rf_grid_new(40, 40);
    ck_assert_int_eq(rf_dig_crawl(g, &l, &rng, NULL, NULL, NULL), RF_ERR_ARG);
    rf_crawl_params_init(&p);
    p.spawn_chance = 101;
    ck_assert_int_eq(rf_dig_crawl(g, &l, &rng, f, &p, NULL), RF_ERR_ARG);
    rf_grid_free(g);
    rf_rooms_file_free(f);
}
END_TEST

START_TEST(out_of_memory_is_a_status)
{
    rf_diags *d = rf_diags_new();
    rf_rooms_file *f = NULL;
    long n;
    rf_status st = RF_ERR_NOMEM;
    ck_assert_int_eq(rf_rooms_file_load(CONTENT "rooms3.txt", d, &f), RF_OK);
    for (n = 1; n < 200 && st == RF_ERR_NOMEM; n++) {
        rf_grid *g = rf_grid_new(80, 50);
        rf_room_list l;
        rf_rng rng;
        rf_room_list_init(&l);
        rf_rng_seed(&rng, 2, 1);
        rf_alloc_fail_after(n);
        st = rf_dig_crawl(g, &l, &rng, f, NULL, NULL);
        rf_alloc_fail_after(0);
        ck_assert(st == RF_OK || st == RF_ERR_NOMEM);
        rf_room_list_fini(&l);
        rf_grid_free(g);
    }
    ck_assert_int_eq(st, RF_OK);
    rf_rooms_file_free(f);
    rf_diags_free(d);
}
END_TEST

/* Every bundled rooms-file at its own size over 200 seeds: connected,
 * byte-identical on a second run, regions cut only by closed endings. */
static const char *const bundled[] = {"rooms1.txt", "rooms2.txt", "rooms3.txt"};

START_TEST(invariants_hold_over_many_seeds)
{
    rf_diags *d = rf_diags_new();
    rf_rooms_file *f = NULL;
    char path[512];
    int seed, n = seed_count() / 5, w, h; /* the profile test runs the full count */
    snprintf(path, sizeof path, CONTENT "%s", bundled[_i]);
    ck_assert_int_eq(rf_rooms_file_load(path, d, &f), RF_OK);
    w = rf_rooms_file_dim_y(f);
    h = rf_rooms_file_dim_x(f);
    for (seed = 1; seed <= n; seed++) {
        run a, b;
        int y;
        dig(&a, w, h, (uint64_t)seed, f, NULL);
        dig(&b, w, h, (uint64_t)seed, f, NULL);
        ck_assert_msg(rf_dig_regions(a.g, &a.rooms) == 1, "%s seed %d", bundled[_i], seed);
        ck_assert_uint_le(a.st.regions, a.st.joins + 1);
        ck_assert_uint_eq(a.rooms.n, rf_rooms_file_room_count(f));
        for (y = 0; y < h; y++) {
            char ra[1024], rb[1024];
            ck_assert(rf_grid_row(a.g, y, ra, sizeof ra) && rf_grid_row(b.g, y, rb, sizeof rb));
            ck_assert_str_eq(ra, rb);
        }
        done(&a);
        done(&b);
    }
    rf_rooms_file_free(f);
    rf_diags_free(d);
}
END_TEST

/* The profile without a rooms-file (bundled rooms1 at 100 x 100 and at the
 * level's default size), and with one given through the level options. */
START_TEST(dungeonmaker_profile_levels_hold_the_invariants)
{
    rf_profile_set *set = lc_bundled_profiles();
    rf_level_opts o;
    rf_level *lv = NULL;
    rf_rooms_file *f = file_of(30, 40, "", "", 5);
    int seed, n = seed_count();
    for (seed = 1; seed <= n; seed++) {
        rf_level *l = lc_level_of(set, "dungeonmaker", (uint64_t)seed, 1 + seed % 20,
                               seed % 4 ? 100 : 79, seed % 4 ? 100 : 29);
        ck_assert_uint_eq(rf_level_room_count(l), 1);
        rf_level_free(l);
    }
    rf_level_opts_init(&o);
    o.profile = "dungeonmaker";
    o.rooms_file = f;
    o.width = 40;
    o.height = 30;
    ck_assert_int_eq(rf_level_generate(set, &o, &lv, NULL), RF_OK);
    ck_assert_uint_eq(rf_level_room_count(lv), 0); /* the given file, not the bundled one */
    rf_level_free(lv);
    rf_rooms_file_free(f);
    rf_profile_set_free(set);
}
END_TEST

/* The repair on its own: a grid of 2 x 2 cells walled apart (361 regions)
 * and a locked room that must stay closed. */
START_TEST(the_repair_joins_many_regions_and_spares_locked_rooms)
{
    rf_grid *g = rf_grid_new(58, 58);
    rf_room_list l;
    rf_room_rec vault;
    size_t joined = 0, before;
    int x, y;
    ck_assert_ptr_nonnull(g);
    rf_room_list_init(&l);
    for (y = 0; y < 58; y++)
        for (x = 0; x < 58; x++)
            rf_grid_set(g, x, y, x % 3 == 0 || y % 3 == 0 ? RF_TILE_WALL : RF_TILE_FLOOR);
    memset(&vault, 0, sizeof vault);
    vault.kind = RF_ROOM_VAULT;
    vault.x = vault.y = 27; /* the cell at 28..29 with its walls */
    vault.w = vault.h = 4;
    vault.locked = true;
    ck_assert_int_eq(rf_room_list_add(&l, &vault), 1);
    before = rf_dig_regions(g, &l);
    ck_assert_uint_eq(before, 19 * 19 - 1);
    ck_assert_int_eq(rf_dig_connect(g, &l, NULL, &joined), RF_OK);
    ck_assert_uint_eq(joined, before - 1);
    ck_assert_uint_eq(rf_dig_regions(g, &l), 1);
    for (y = 27; y <= 30; y++) /* the locked room's walls are untouched */
        for (x = 27; x <= 30; x++)
            ck_assert_int_eq(rf_grid_get(g, x, y),
                             x == 27 || y == 27 || x == 30 || y == 30 ? WALL : FLOOR);
    for (x = 0; x < 58; x++) /* and so is the border */
        ck_assert(rf_grid_get(g, x, 0) == WALL && rf_grid_get(g, x, 57) == WALL);
    rf_room_list_fini(&l);
    rf_grid_free(g);
}
END_TEST

START_TEST(default_sizes_come_from_nethack_and_the_rooms_file)
{
    rf_rooms_file *f = file_of(30, 40, "", "", 0);
    rf_rooms_file *tiny = file_of(12, 15, "", "", 0);
    rf_profile_set *set = lc_bundled_profiles();
    rf_level_opts o;
    rf_level *lv = NULL;
    int w = 0, h = 0;
    ck_assert_int_eq(rf_level_nethack_size(NULL, NULL, &w, &h), RF_OK);
    ck_assert_int_eq(w, 80);
    ck_assert_int_eq(h, 21);
    ck_assert_int_eq(rf_level_dungeonmaker_size(NULL, f, &w, &h), RF_OK);
    ck_assert_int_eq(w, 40); /* dimY columns */
    ck_assert_int_eq(h, 30); /* dimX rows */
    ck_assert_int_eq(rf_level_dungeonmaker_size(NULL, tiny, &w, &h), RF_OK);
    ck_assert_int_eq(w, 20); /* clamped to the smallest level */
    ck_assert_int_eq(h, 12);
    ck_assert_int_eq(rf_level_dungeonmaker_size(NULL, NULL, &w, &h), RF_OK);
    ck_assert_int_eq(w, 100); /* the bundled rooms1 */
    ck_assert_int_eq(h, 100);
    /* through the profiles: no size in the options digs at the digger's */
    rf_level_opts_init(&o);
    o.profile = "nethack";
    ck_assert_int_eq(rf_level_default_size(set, &o, &w, &h, NULL), RF_OK);
    ck_assert(w == 80 && h == 21);
    ck_assert_int_eq(rf_level_generate(set, &o, &lv, NULL), RF_OK);
    ck_assert(rf_grid_width(rf_level_grid(lv)) == 80 && rf_grid_height(rf_level_grid(lv)) == 21);
    rf_level_free(lv);
    o.profile = "dungeonmaker";
    ck_assert_int_eq(rf_level_default_size(set, &o, &w, &h, NULL), RF_OK);
    ck_assert(w == 100 && h == 100);
    o.rooms_file = f;
    ck_assert_int_eq(rf_level_generate(set, &o, &lv, NULL), RF_OK);
    ck_assert(rf_grid_width(rf_level_grid(lv)) == 40 && rf_grid_height(rf_level_grid(lv)) == 30);
    rf_level_free(lv);
    o.rooms_file = tiny;
    ck_assert_int_eq(rf_level_generate(set, &o, &lv, NULL), RF_OK);
    ck_assert(rf_grid_width(rf_level_grid(lv)) == 20 && rf_grid_height(rf_level_grid(lv)) == 12);
    rf_level_free(lv);
    o.rooms_file = NULL;
    o.profile = "brogue";
    ck_assert_int_eq(rf_level_default_size(set, &o, &w, &h, NULL), RF_OK);
    ck_assert(w == 79 && h == 29);
    o.profile = "nope";
    ck_assert_int_eq(rf_level_default_size(set, &o, &w, &h, NULL), RF_ERR_ARG);
    rf_profile_set_free(set);
    rf_rooms_file_free(tiny);
    rf_rooms_file_free(f);
}
END_TEST

static Suite *dig_crawl_suite(void)
{
    Suite *s = suite_create("dig_crawl");
    TCase *tr = tcase_create("rooms");
    TCase *tc = tcase_create("crawlers");
    TCase *ti = tcase_create("invariants");
    tcase_add_test(tr, the_seed_example_digs_its_room_squares_and_crawler);
    tcase_add_test(tr, style_bit_1_gives_walls_and_even_styles_none);
    tcase_add_test(tr, centre_doors_are_one_three_or_five_wide);
    tcase_add_test(tr, corner_doors_grow_and_can_be_filled);
    tcase_add_test(tr, decorations_stand_outside_doors);
    tcase_add_test(tr, columns_stand_behind_and_beside_centre_doors);
    tcase_add_test(tr, the_pyramid_is_a_block_at_the_centre);
    tcase_add_test(tr, centre_crawlers_head_straight_away);
    tcase_add_test(tr, corner_modifiers_set_forward_and_direction);
    tcase_add_test(tr, room_delays_are_dormant_ages);
    tcase_add_test(tr, adjacent_corner_crawlers_can_block_and_are_repaired);
    suite_add_tcase(s, tr);
    tcase_add_test(tc, a_diagonal_direction_keeps_forward_to_its_two_parts);
    tcase_add_test(tc, the_lifetime_bounds_a_run);
    tcase_add_test(tc, delays_keep_crawlers_dormant);
    tcase_add_test(tc, delay_ten_is_random);
    tcase_add_test(tc, a_closed_ending_joins_and_the_cut_is_repaired);
    tcase_add_test(tc, open_closed_pairs_close_exactly_one_at_random);
    tcase_add_test(tc, children_come_in_generations);
    tcase_add_test(tc, protuberances_grow_from_the_outer_wall);
    tcase_add_test(tc, other_sizes_scale_the_hand_placed_points);
    tcase_add_test(tc, bad_arguments_are_refused);
    tcase_add_test(tc, out_of_memory_is_a_status);
    suite_add_tcase(s, tc);
    tcase_set_timeout(ti, 300);
    tcase_add_test(ti, dungeonmaker_profile_levels_hold_the_invariants);
    tcase_add_test(ti, default_sizes_come_from_nethack_and_the_rooms_file);
    tcase_add_test(ti, the_repair_joins_many_regions_and_spares_locked_rooms);
    tcase_add_loop_test(ti, invariants_hold_over_many_seeds, 0,
                        (int)(sizeof bundled / sizeof bundled[0]));
    suite_add_tcase(s, ti);
    return s;
}
RF_TEST_MAIN(dig_crawl_suite)
