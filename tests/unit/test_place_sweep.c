/* tests/unit/test_place_sweep.c: DESIGN 6 over many levels with templates:
 * every bundled profile, the bundled content, seeds x depths 1-26.
 *
 * Each level: every walkable tile outside locked rooms reachable from the up
 * stairs, templates within their depth ranges, a special template at most
 * once, template interiors never meeting, template cells as drawn (no pass
 * altered them), no population object in a room whose flags keep it out,
 * no two doors in a row;
 * every 25th seed is generated twice and must give the same bytes and the
 * same objects. 500 seeds a profile, split into TCases of 125 to 250
 * seeds ("brogue0" .. "brogue3", ...; fewer for quick profiles, more for
 * slow ones), each run as its own CTest test (CK_RUN_CASE), so ctest -j
 * spreads them and none runs long. RF_SANITIZED: the first 3 seeds of each
 * 500 (the seeds checked there before the split) and the first of every
 * other chunk.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level_check.h"
#include "place_check.h"
#include "rf_test.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"
#include "sweep_cases.h"

#define SEEDS 500 /* a profile (2,000, then 1,000, until CI outgrew its 30 minutes) */

/* The profiles and the TCases each is split into (each count dividing
 * SEEDS): about 6 s a TCase on an idle machine. tests/CMakeLists.txt lists
 * the same names (sweep_cases.h checks it). */
static const struct {
    const char *name;
    int chunks;
} profiles[] = {{"brogue", 4}, {"nethack", 2}, {"dungeonmaker", 4}, {"caverns", 4}};

/* The seeds a chunk of size seeds from first checks (see the top). */
static int seeds_in_chunk(int first, int size)
{
    const char *s = getenv("RF_SANITIZED");
    if (s && *s && *s != '0')
        return first % 500 == 0 ? 3 : 1;
    return size;
}

/* The population types a keep_out bit keeps out. */
static bool kept_out(unsigned keep, const char *type)
{
    return ((keep & RF_KEEP_MONSTERS) && strcmp(type, "monster") == 0) ||
           ((keep & RF_KEEP_TRAPS) && strcmp(type, "trap") == 0);
}

static bool same_objects(const rf_level *a, const rf_level *b)
{
    size_t i;
    if (rf_level_object_count(a) != rf_level_object_count(b))
        return false;
    for (i = 0; i < rf_level_object_count(a); i++) {
        const rf_placed *p = rf_level_object_at(a, i), *q = rf_level_object_at(b, i);
        if (strcmp(p->type, q->type) || strcmp(p->name, q->name) || p->x != q->x || p->y != q->y)
            return false;
    }
    return true;
}

/* The first door (or secret door) with another right beside it, or -1:
 * templates and their corridors never leave two doors in a row. */
static int doors_in_a_row(const rf_grid *g)
{
    int w = rf_grid_width(g), h = rf_grid_height(g), x, y;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            rf_tile t = rf_grid_get(g, x, y), r = x + 1 < w ? rf_grid_get(g, x + 1, y) : 0,
                    b = y + 1 < h ? rf_grid_get(g, x, y + 1) : 0;
            bool door = t == RF_TILE_DOOR || t == RF_TILE_SECRET_DOOR;
            if (door && (r == RF_TILE_DOOR || r == RF_TILE_SECRET_DOOR || b == RF_TILE_DOOR ||
                         b == RF_TILE_SECRET_DOOR))
                return y * w + x;
        }
    return -1;
}

static void sweep(const char *profile, int chunks, int chunk)
{
    rf_template_set *tset = rf_template_set_new();
    rf_profile_set *pset = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    int size = SEEDS / chunks, first = chunk * size, n = seeds_in_chunk(first, size), i, depth;
    size_t templates = 0;
    ck_assert(tset && pset && d);
    ck_assert_int_eq(rf_template_set_load_path(tset, RF_SOURCE_DIR "/content/rooms", d), RF_OK);
    ck_assert_int_eq(rf_profile_set_load(pset, RF_SOURCE_DIR "/content/profiles.xml", d), RF_OK);
    ck_assert(rf_diags_enable(d, "room-skipped", false));
    rf_level_opts_init(&o);
    o.profile = profile;
    o.templates = tset;
    for (i = 0; i < n; i++)
        for (depth = 1; depth <= 26; depth++) {
            rf_level *lv = NULL, *again = NULL;
            lc_map m;
            int ux, uy, fx = -1, fy = -1, bad;
            size_t k;
            char msg[200];
            o.seed = (uint64_t)(first + i) * 104729u + 3;
            o.depth = depth;
            ck_assert_msg(rf_level_generate(pset, &o, &lv, d) == RF_OK, "%s seed %llu depth %d",
                          profile, (unsigned long long)o.seed, depth);
            ck_assert(lc_load(&m, rf_level_grid(lv)));
            ck_assert(lc_skip_locked(&m, rf_level_room_at(lv, 0), rf_level_room_count(lv)));
            rf_level_stairs_up(lv, &ux, &uy);
            bad = lc_unreachable(&m, ux, uy, &fx, &fy);
            lc_free(&m);
            ck_assert_msg(bad == 0, "%s seed %llu depth %d: %d unreachable, first %d,%d", profile,
                          (unsigned long long)o.seed, depth, bad, fx, fy);
            ck_assert_msg(pc_level_ok(lv, depth, msg, sizeof msg), "%s seed %llu depth %d: %s",
                          profile, (unsigned long long)o.seed, depth, msg);
            bad = doors_in_a_row(rf_level_grid(lv));
            ck_assert_msg(bad < 0, "%s seed %llu depth %d: two doors in a row at %d,%d", profile,
                          (unsigned long long)o.seed, depth, bad % rf_grid_width(rf_level_grid(lv)),
                          bad / rf_grid_width(rf_level_grid(lv)));
            templates += rf_level_template_count(lv);
            for (k = 0; k < rf_level_object_count(lv); k++) {
                const rf_placed *p = rf_level_object_at(lv, k);
                const rf_room_rec *r = p->room > 0 ? rf_level_room_at(lv, (size_t)p->room - 1) : NULL;
                /* population (hordes numbered from 1, made from no template
                 * object: template hordes are numbered too) stays out of
                 * flagged rooms */
                ck_assert_msg(!(r && p->horde > 0 && p->source == 0 &&
                                kept_out(r->keep_out, p->type)),
                              "%s seed %llu depth %d: %s '%s' in a room that keeps it out",
                              profile, (unsigned long long)o.seed, depth, p->type, p->name);
            }
            if (i % 25 == 0) {
                ck_assert_int_eq(rf_level_generate(pset, &o, &again, d), RF_OK);
                ck_assert(rf_level_digest(lv) == rf_level_digest(again));
                ck_assert(same_objects(lv, again));
                rf_level_free(again);
            }
            rf_level_free(lv);
        }
    /* the sweep is about templates: most levels have some */
    ck_assert_uint_gt(templates, (size_t)n * 26 / 2);
    rf_diags_free(d);
    rf_profile_set_free(pset);
    rf_template_set_free(tset);
}

/* _i is the chunk */
START_TEST(brogue_levels_with_templates_hold_design_6)
{
    sweep("brogue", profiles[0].chunks, _i);
}
END_TEST
START_TEST(nethack_levels_with_templates_hold_design_6)
{
    sweep("nethack", profiles[1].chunks, _i);
}
END_TEST
START_TEST(dungeonmaker_levels_with_templates_hold_design_6)
{
    sweep("dungeonmaker", profiles[2].chunks, _i);
}
END_TEST
START_TEST(caverns_levels_with_templates_hold_design_6)
{
    sweep("caverns", profiles[3].chunks, _i);
}
END_TEST

static Suite *place_sweep_suite(void)
{
    Suite *s = suite_create("place_sweep");
    const TTest *tests[] = {brogue_levels_with_templates_hold_design_6,
                            nethack_levels_with_templates_hold_design_6,
                            dungeonmaker_levels_with_templates_hold_design_6,
                            caverns_levels_with_templates_hold_design_6};
    int p, c;
    for (p = 0; p < 4; p++) {
        for (c = 0; c < profiles[p].chunks; c++) {
            char name[24];
            snprintf(name, sizeof name, "%s%d", profiles[p].name, c);
            tcase_add_loop_test(sweep_tcase(s, name), tests[p], c, c + 1);
        }
    }
    return s;
}

RF_TEST_MAIN(place_sweep_suite)
