/* tests/unit/test_machine_place.c: the machine pass (passes/machines*.c)
 * over real levels: the treasure schedule of seed lines 81-84, the bundled
 * content/machines.xml on Brogue levels (pairs, keys, rooms, depths, the
 * connectivity rule, chasm edges), a modder's own blueprint, determinism.
 *
 * 40 seeds x depths 1-26 (RF_SANITIZED: 4 seeds); the shares are checked
 * within 5 standard deviations on fixed seeds, so a pass is a pass for good.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level_check.h"
#include "rf_test.h"
#include "roomforge/level.h"
#include "roomforge/machines.h"

#define MACHINES_XML RF_SOURCE_DIR "/content/machines.xml"
#define DEPTHS 26

static int seeds(int full)
{
    const char *s = getenv("RF_SANITIZED");
    return s && *s ? 4 : full;
}

static rf_machines *bundled(void)
{
    rf_machines *m = rf_machines_new();
    ck_assert_ptr_nonnull(m);
    ck_assert_int_eq(rf_machines_load_file(m, MACHINES_XML, NULL), RF_OK);
    return m;
}

static rf_level *generate(const rf_machines *m, uint64_t seed, int depth)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    rf_level_opts_init(&o);
    o.seed = seed;
    o.depth = depth;
    o.machines = m;
    ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
    return lv;
}

/* Due only at 3, 7, ... 23; the catch-up rule: by depth 4k+3 at least k+1
 * made, and none due where the run is ahead; 6 and more a run; 20% of
 * another one at depth 3. */
START_TEST(treasure_machines_follow_the_seeds_schedule)
{
    int n = 20000, more = 0, s, d;
    double p = 0.2, sd = sqrt(n * p * (1 - p));
    for (s = 1; s <= n; s++) {
        int made = 0;
        for (d = 1; d <= 30; d++) {
            int here = rf_machines_treasure_count((uint64_t)s, d);
            if (d % 4 != 3 || d > 23) {
                ck_assert_int_eq(here, 0);
                continue;
            }
            ck_assert_int_eq(here > 0, made < (d + 1) / 4);
            made += here;
            ck_assert_int_ge(made, (d + 1) / 4);
            if (d == 3)
                more += here > 1;
        }
        ck_assert_int_ge(made, 6);
    }
    ck_assert_msg(fabs(more - n * p) < 5 * sd, "%d of %d runs had another at depth 3", more, n);
    ck_assert_int_eq(rf_machines_treasure_count(1, 0), 0);
}
END_TEST

/* What one placed machine must be, whatever its blueprint. */
static void check_machine(const rf_level *lv, const rf_machines *cat, const rf_level_machine *mc,
                          int depth)
{
    const rf_blueprint *b = rf_machines_find(cat, mc->blueprint);
    size_t k;
    ck_assert_ptr_nonnull(b);
    ck_assert(rf_blueprint_is_at_depth(b, depth));
    ck_assert_int_eq(rf_blueprint_kind(b), mc->kind);
    ck_assert_int_eq(mc->kind == RF_MACHINE_AUTO, mc->treasure == 0);
    ck_assert_int_eq(mc->kind == RF_MACHINE_AUTO, mc->room == 0);
    ck_assert_uint_gt(mc->ncells, 0);
    for (k = 0; k < mc->ncells; k++)
        ck_assert_int_eq(rf_level_machine_of(lv, mc->cells[2 * k], mc->cells[2 * k + 1]), mc->id);
    for (k = 0; k < mc->nobjects; k++) {
        const rf_placed *p = rf_level_object_at(lv, mc->objects[k]);
        ck_assert_ptr_nonnull(p);
        ck_assert_int_eq(p->machine, mc->id);
        ck_assert_int_eq(rf_level_machine_of(lv, p->x, p->y), mc->id);
        ck_assert(rf_tile_is_walkable(rf_grid_get(rf_level_grid(lv), p->x, p->y)));
        if (mc->room && (p->feature & RF_FEATURE_IN_ROOM))
            ck_assert_int_eq(p->room, mc->room);
    }
}

/* A chasm a machine made has no bare floor beside it. */
static void check_chasms(const rf_level *lv)
{
    const rf_grid *g = rf_level_grid(lv);
    int x, y, dx, dy;
    for (y = 0; y < rf_grid_height(g); y++)
        for (x = 0; x < rf_grid_width(g); x++) {
            if (rf_grid_get(g, x, y) != RF_TILE_CHASM || !rf_level_machine_of(lv, x, y))
                continue;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++)
                    ck_assert_msg(rf_grid_get(g, x + dx, y + dy) != RF_TILE_FLOOR,
                                  "machine chasm at %d,%d touches floor", x, y);
        }
}

static void check_whole(const rf_level *lv, uint64_t seed, int depth)
{
    lc_map m;
    int ux, uy, fx = -1, fy = -1, bad;
    ck_assert(lc_load(&m, rf_level_grid(lv)));
    ck_assert(lc_skip_locked(&m, rf_level_room_at(lv, 0), rf_level_room_count(lv)));
    rf_level_stairs_up(lv, &ux, &uy);
    bad = lc_unreachable(&m, ux, uy, &fx, &fy);
    ck_assert_msg(bad == 0, "seed %llu depth %d: %d unreachable, first %d,%d",
                  (unsigned long long)seed, depth, bad, fx, fy);
    ck_assert_int_eq(lc_diagonals(&m, &fx, &fy), 0);
    ck_assert_int_eq(lc_orphan_doors(&m, &fx, &fy), 0);
    ck_assert_int_eq(lc_bad_walls(&m, &fx, &fy), 0);
    lc_free(&m);
}

/* Each treasure machine made is a reward room and a key holder with its
 * key; most due are made; autogenerators keep to their depths; the level
 * stays whole. */
START_TEST(bundled_machines_place_on_brogue_levels)
{
    rf_machines *cat = bundled();
    int n = seeds(40), s, d, due = 0, made = 0, autos = 0;
    for (s = 1; s <= n; s++)
        for (d = 1; d <= DEPTHS; d++) {
            uint64_t seed = (uint64_t)s * 7919u + 3;
            rf_level *lv = generate(cat, seed, d);
            int rewards[8] = {0}, holders[8] = {0}, keys[8] = {0}, t;
            size_t i, k;
            due += rf_machines_treasure_count(seed, d);
            for (i = 0; i < rf_level_machine_count(lv); i++) {
                const rf_level_machine *mc = rf_level_machine_at(lv, i);
                ck_assert_int_eq(mc->id, (int)i + 1);
                check_machine(lv, cat, mc, d);
                ck_assert_int_le(mc->treasure, rf_machines_treasure_count(seed, d));
                if (mc->kind == RF_MACHINE_AUTO) {
                    autos++;
                    continue;
                }
                (mc->kind == RF_MACHINE_REWARD ? rewards : holders)[mc->treasure]++;
                if (getenv("RF_DEBUG_MACHINES"))
                    fprintf(stderr, "%llu %d: %s %zu cells %zu objects\n", (unsigned long long)seed,
                            d, mc->blueprint, mc->ncells, mc->nobjects);
                for (k = 0; k < mc->nobjects; k++)
                    keys[mc->treasure] += mc->kind == RF_MACHINE_KEY_HOLDER &&
                                          rf_level_object_at(lv, mc->objects[k])->key;
            }
            for (t = 1; t < 8; t++) {
                ck_assert_int_eq(rewards[t], holders[t]);
                ck_assert_int_le(rewards[t], 1);
                if (holders[t])
                    ck_assert_msg(keys[t] == 1, "seed %llu depth %d: treasure %d has %d keys",
                                  (unsigned long long)seed, d, t, keys[t]);
                made += rewards[t];
            }
            check_chasms(lv);
            check_whole(lv, seed, d);
            rf_level_free(lv);
        }
    ck_assert_int_ge(due, 6 * n);
    ck_assert_msg(made * 10 >= due * 9, "%d of %d treasure machines made", made, due);
    ck_assert_int_gt(autos, n * DEPTHS);
    rf_machines_free(cat);
}
END_TEST

static const char modder_xml[] =
    "<machines>\n"
    "  <blueprint name=\"Moss garden\" kind=\"auto\" depth=\"1-26\" frequency=\"100\" room=\"none\">\n"
    "    <feature object=\"moss\" count=\"2-3\"/>\n"
    "  </blueprint>\n"
    "  <blueprint name=\"Never\" kind=\"auto\" depth=\"1-26\" frequency=\"0\" room=\"none\">\n"
    "    <feature object=\"nothing\"/>\n"
    "  </blueprint>\n"
    "</machines>\n";

/* A modder's blueprint with frequency 100 is on every level, with 0 never. */
START_TEST(a_modders_blueprint_appears)
{
    rf_machines *cat = rf_machines_new();
    int d, s;
    ck_assert_int_eq(rf_machines_load_buffer(cat, "mine.xml", modder_xml, strlen(modder_xml), NULL),
                     RF_OK);
    for (s = 1; s <= 5; s++)
        for (d = 1; d <= DEPTHS; d += 5) {
            rf_level *lv = generate(cat, (uint64_t)s, d);
            size_t i, moss = 0;
            ck_assert_uint_eq(rf_level_machine_count(lv), 1);
            ck_assert_str_eq(rf_level_machine_at(lv, 0)->blueprint, "Moss garden");
            for (i = 0; i < rf_level_object_count(lv); i++)
                moss += strcmp(rf_level_object_at(lv, i)->name, "moss") == 0;
            ck_assert(moss >= 2 && moss <= 3);
            ck_assert_uint_eq(moss, rf_level_machine_at(lv, 0)->nobjects);
            check_whole(lv, (uint64_t)s, d);
            rf_level_free(lv);
        }
    rf_machines_free(cat);
}
END_TEST

/* A catalogue written to make the pass work without end (300 autogenerators
 * at frequency 10000, 21 features of 255 each, terrain everywhere, and a
 * treasure pair of the same) still makes a whole level within the pass's
 * bounds: 64 machines, 2,048 features (and a reward's vault doors). */
START_TEST(a_hostile_catalogue_stays_bounded)
{
    size_t cap = 4u << 20, len = 0, i, objs = 0;
    char *xml = malloc(cap);
    rf_machines *cat = rf_machines_new();
    int b, k, d;
    ck_assert(xml && cat);
#define PUT(...) (len += (size_t)snprintf(xml + len, cap - len, __VA_ARGS__))
    PUT("<machines>\n");
    for (b = 0; b < 300; b++) {
        PUT("<blueprint name=\"Flood %d\" kind=\"auto\" depth=\"1-26\" frequency=\"10000\">\n", b);
        for (k = 0; k < 20; k++)
            PUT("<feature object=\"thing%d\" count=\"255\"/>\n", k);
        PUT("<feature terrain=\"~\" count=\"255\"/></blueprint>\n");
    }
    PUT("<blueprint name=\"Vault\" kind=\"reward\" depth=\"1-26\" frequency=\"1\" room=\"any\">"
        "<feature object=\"gold\" count=\"255\"/></blueprint>\n"
        "<blueprint name=\"Maze\" kind=\"key-holder\" depth=\"1-26\" frequency=\"1\" room=\"any\">"
        "<feature object=\"junk\" count=\"255\" flags=\"not-in-view-of-door far-from-door\"/>"
        "<feature terrain=\":\" count=\"255\"/></blueprint>\n</machines>\n");
#undef PUT
    ck_assert_uint_lt(len, cap);
    ck_assert_int_eq(rf_machines_load_buffer(cat, "hostile.xml", xml, len, NULL), RF_OK);
    for (d = 3; d <= 7; d += 4) {
        rf_level *lv = generate(cat, 5, d);
        ck_assert_uint_le(rf_level_machine_count(lv), 64);
        for (i = 0; i < rf_level_object_count(lv); i++)
            objs += rf_level_object_at(lv, i)->machine > 0;
        ck_assert_uint_le(objs, 2048 + 8);
        check_whole(lv, 5, d);
        rf_level_free(lv);
        objs = 0;
    }
    rf_machines_free(cat);
    free(xml);
}
END_TEST

/* Same seed, same bytes; no catalogue, no machines (and the level the pass
 * would start from). */
START_TEST(machines_are_deterministic_and_optional)
{
    rf_machines *cat = bundled();
    rf_level *a = generate(cat, 77, 11), *b = generate(cat, 77, 11), *none = generate(NULL, 77, 11);
    ck_assert_uint_gt(rf_level_machine_count(a), 0);
    ck_assert(rf_level_digest(a) == rf_level_digest(b));
    ck_assert_uint_eq(rf_level_machine_count(none), 0);
    ck_assert_int_eq(rf_level_machine_of(none, 1, 1), 0);
    ck_assert_ptr_null(rf_level_machine_at(none, 0));
    rf_level_free(a);
    rf_level_free(b);
    rf_level_free(none);
    rf_machines_free(cat);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("machine_place");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, treasure_machines_follow_the_seeds_schedule);
    tcase_add_test(tc, bundled_machines_place_on_brogue_levels);
    tcase_add_test(tc, a_modders_blueprint_appears);
    tcase_add_test(tc, machines_are_deterministic_and_optional);
    tcase_add_test(tc, a_hostile_catalogue_stays_bounded);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(suite)
