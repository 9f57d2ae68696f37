/* tools/bench/bench_populate.c: what population costs per level, beside the
 * level without it.
 *
 * Pipeline: benchmark over level.h, populate.h and profile.h; prints figures.
 * Design: populate 0 and 1 give the same levels (own stream), so the
 * difference is population's share. Usage: see docs/internals.md, tools.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"
#include "roomforge/level.h"
#include "passes/seam.h"
#include "roomforge/profile.h"

enum { MODE_ALL, MODE_OFF, MODE_ON, MODE_PASS };

static rf_profile_set *profile(bool populate)
{
    static const char on[] = "<profiles><profile name=\"b\" digger=\"brogue\"/></profiles>";
    static const char off[] = "<profiles><profile name=\"b\" digger=\"brogue\">"
                              "<param name=\"populate\" value=\"0\"/></profile></profiles>";
    const char *xml = populate ? on : off;
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    if (!s || !d || rf_profile_set_load_buffer(s, xml, strlen(xml), "bench.xml", d) != RF_OK) {
        rf_diags_free(d);
        rf_profile_set_free(s);
        return NULL;
    }
    rf_diags_free(d);
    return s;
}

static void opts_for(rf_level_opts *o, int w, int h, int a, int b, int i)
{
    rf_level_opts_init(o);
    o->profile = "b";
    o->width = w;
    o->height = h;
    o->seed = (uint64_t)i + 1;
    o->depth = a + (i * 7) % (b - a + 1);
}

/* Seconds for count levels of set; -1 on failure. *monsters gets the total. */
static double time_levels(const rf_profile_set *set, int w, int h, int a, int b, int count,
                          size_t *monsters)
{
    double t0 = bench_now();
    int i;
    *monsters = 0;
    for (i = 0; i < count; i++) {
        rf_level_opts o;
        rf_level *lv = NULL;
        opts_for(&o, w, h, a, b, i);
        if (rf_level_generate(set, &o, &lv, NULL) != RF_OK)
            return -1;
        *monsters += rf_level_object_count_of(lv, "monster");
        rf_level_free(lv);
    }
    return bench_now() - t0;
}

/* The pass alone on one unpopulated level, repeated reps times; seconds. */
static double time_pass(const rf_level *lv, int reps, int depth)
{
    const rf_grid *g = rf_level_grid(lv);
    int w = rf_grid_width(g), hh = rf_grid_height(g), x, y, r;
    int *choke = malloc((size_t)w * (size_t)hh * sizeof *choke);
    rf_room_list rooms;
    rf_populate_opts po;
    double t0, t = -1;
    size_t i;
    rf_room_list_init(&rooms);
    if (!choke)
        return -1;
    for (y = 0; y < hh; y++)
        for (x = 0; x < w; x++)
            choke[y * w + x] = rf_level_choke(lv, x, y);
    for (i = 0; i < rf_level_room_count(lv); i++)
        if (rf_room_list_add(&rooms, rf_level_room_at(lv, i)) == 0)
            goto done;
    rf_populate_opts_init(&po);
    po.depth = depth;
    po.traps = rf_level_traps(lv);
    po.choke = choke;
    rf_level_stairs_up(lv, &po.up_x, &po.up_y);
    t0 = bench_now();
    for (r = 0; r < reps; r++) {
        rf_placed_list objs;
        rf_rng rng;
        rf_placed_list_init(&objs);
        for (i = 0; i < rf_level_object_count(lv); i++)
            if (!rf_placed_list_add(&objs, rf_level_object_at(lv, i))) {
                rf_placed_list_fini(&objs);
                goto done;
            }
        rf_rng_seed_named(&rng, rf_rng_depth_seed(rf_level_seed(lv), depth), RF_RNG_POPULATE);
        if (rf_populate(g, &rooms, rf_horde_table_bundled(), &po, &rng, &objs, NULL) != RF_OK) {
            rf_placed_list_fini(&objs);
            goto done;
        }
        rf_placed_list_fini(&objs);
    }
    t = bench_now() - t0;
done:
    rf_room_list_fini(&rooms);
    free(choke);
    return t;
}

static double time_passes(const rf_profile_set *off, int w, int h, int a, int b, int count)
{
    double t = 0;
    int i;
    for (i = 0; i < count; i++) {
        rf_level_opts o;
        rf_level *lv = NULL;
        double one;
        opts_for(&o, w, h, a, b, i);
        if (rf_level_generate(off, &o, &lv, NULL) != RF_OK)
            return -1;
        one = time_pass(lv, 1, o.depth);
        rf_level_free(lv);
        if (one < 0)
            return -1;
        t += one;
    }
    return t;
}

static int run(const rf_profile_set *off, const rf_profile_set *on, int w, int h, int a, int b,
               int count, int mode)
{
    size_t m0 = 0, m1 = 0;
    double toff = 0, ton = 0, tpass = 0;
    if (mode == MODE_ALL || mode == MODE_OFF)
        toff = time_levels(off, w, h, a, b, count, &m0);
    if (mode == MODE_ALL || mode == MODE_ON)
        ton = time_levels(on, w, h, a, b, count, &m1);
    if (mode == MODE_ALL || mode == MODE_PASS)
        tpass = time_passes(off, w, h, a, b, count);
    if (toff < 0 || ton < 0 || tpass < 0) {
        fprintf(stderr, "bench_populate: generation failed\n");
        return 1;
    }
    printf("  %4dx%-4d depths %2d-%-2d %5d levels:", w, h, a, b, count);
    if (mode == MODE_ALL || mode == MODE_OFF)
        printf("  without population %8.3f ms/level", toff * 1000.0 / count);
    if (mode == MODE_ALL || mode == MODE_ON)
        printf("  with %8.3f ms/level (%.1f monsters)", ton * 1000.0 / count,
               (double)m1 / count);
    if (mode == MODE_ALL || mode == MODE_PASS)
        printf("  pass alone %7.3f ms/level", tpass * 1000.0 / count);
    if (mode == MODE_ALL)
        printf("  (+%.1f%%)", toff > 0 ? (ton - toff) * 100.0 / toff : 0.0);
    putchar('\n');
    (void)m0;
    return 0;
}

static const char usage[] =
    "usage: bench_populate [--size WxH] [--depths A-B] [--count N] [--mode off|on|pass]\n";

int main(int argc, char **argv)
{
    int w = 0, h = 0, a = 1, b = 5, count = 0, k, mode = MODE_ALL, rc;
    rf_profile_set *off = profile(false), *on = profile(true);
    if (!off || !on) {
        fprintf(stderr, "bench_populate: cannot load its profiles\n");
        rf_profile_set_free(off);
        rf_profile_set_free(on);
        return 1;
    }
    for (k = 1; k + 1 < argc; k += 2) {
        if (strcmp(argv[k], "--size") == 0 && bench_parse_pair(argv[k + 1], 'x', &w, &h))
            continue;
        if (strcmp(argv[k], "--depths") == 0 && bench_parse_pair(argv[k + 1], '-', &a, &b) && a <= b)
            continue;
        if (strcmp(argv[k], "--count") == 0 && (count = atoi(argv[k + 1])) > 0)
            continue;
        if (strcmp(argv[k], "--mode") == 0) {
            mode = strcmp(argv[k + 1], "off") == 0    ? MODE_OFF
                   : strcmp(argv[k + 1], "on") == 0   ? MODE_ON
                   : strcmp(argv[k + 1], "pass") == 0 ? MODE_PASS
                                                      : -1;
            if (mode >= 0)
                continue;
        }
        break;
    }
    if (k < argc) {
        fputs(usage, stderr);
        rf_profile_set_free(off);
        rf_profile_set_free(on);
        return 2;
    }
    if (w > 0)
        rc = run(off, on, w, h, a, b, count > 0 ? count : 100, mode);
    else
        rc = run(off, on, 79, 29, 1, 5, 2000, mode) || run(off, on, 79, 29, 1, 26, 2000, mode) ||
             run(off, on, 200, 200, 1, 5, 100, mode) || run(off, on, 200, 200, 1, 26, 100, mode);
    rf_profile_set_free(off);
    rf_profile_set_free(on);
    return rc;
}
