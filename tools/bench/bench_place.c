/* tools/bench/bench_place.c: what a complete level costs beside digging
 * alone, by profile, size and depth mix.
 *
 * Pipeline: benchmark over the diggers' headers and level.h; prints figures,
 * asserts nothing; every mode walks the same seeds and depths. Complete
 * levels come from one level maker, as a game makes them (full), or from
 * rf_level_generate, a Lua state each (fresh): the same levels, the same
 * check.
 * Usage: `--profile P [--size WxH] [--depths A-B] [--count N] [--mode dig|full|fresh]`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"
#include "dig/seam.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"

enum { MODE_BOTH, MODE_DIG, MODE_FULL, MODE_FRESH };

typedef struct bench {
    const rf_profile_set *ps;
    const rf_template_set *ts;
    const rf_rooms_file *rooms1; /* the bundled rooms-file DungeonMaker digs by default */
} bench;

/* One configuration: profile, size (0 x 0: the profile's own), depth mix. */
typedef struct config {
    const char *profile;
    int w, h, a, b, count;
} config;

static unsigned gcd(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* The depth of the ith level of c: a stride prime to the mix's length, so a
 * short run still spans the mix. */
static int depth_at(const config *c, int i)
{
    unsigned span = (unsigned)(c->b - c->a + 1), stride = 7;
    while (gcd(span, stride) != 1)
        stride++;
    return c->a + (int)(((unsigned)i * stride) % span);
}

/* Digs one level of c's digger alone into a fresh w x h grid; returns the
 * grid's floor count as a check (-1 on failure). */
static long dig_one(const bench *bn, const config *c, int w, int h, uint64_t seed, int depth)
{
    rf_grid *g = rf_grid_new(w, h);
    int *choke = calloc((size_t)w * (size_t)h, sizeof *choke);
    rf_room_list rooms;
    rf_rng layout, cosmetic;
    rf_status st = RF_ERR_NOMEM;
    long floor = -1;
    rf_room_list_init(&rooms);
    rf_rng_seed_named(&layout, seed, RF_RNG_LAYOUT);
    rf_rng_seed_named(&cosmetic, seed, RF_RNG_COSMETIC);
    if (g && choke && strcmp(c->profile, "brogue") == 0) {
        rf_brogue_params bp;
        rf_brogue_info info;
        rf_brogue_params_init(&bp, depth);
        rf_brogue_params_scale(&bp, w, h);
        /* with the chokepoint map, which the level's dig step always asks for */
        st = rf_brogue_dig(g, &rooms, &bp, NULL, 0, &layout, &cosmetic, choke, &info);
    } else if (g && choke && strcmp(c->profile, "nethack") == 0) {
        st = rf_dig_rects(g, &rooms, &layout, NULL, depth, NULL);
    } else if (g && choke && strcmp(c->profile, "dungeonmaker") == 0) {
        st = rf_dig_crawl(g, &rooms, &layout, bn->rooms1, NULL, NULL);
    } else if (g && choke) {
        st = RF_ERR_ARG;
    }
    if (st == RF_OK)
        floor = (long)rf_grid_count(g, RF_TILE_FLOOR);
    else
        fprintf(stderr, "bench_place: %s dig, seed %llu: %s\n", c->profile,
                (unsigned long long)seed, rf_status_str(st));
    free(choke);
    rf_grid_free(g);
    rf_room_list_fini(&rooms);
    return floor;
}

/* Seconds for c's levels in one mode; *check folds a digest of each level,
 * *templates counts the templates placed (full mode). -1 on failure. */
static double run(const bench *bn, const config *c, int mode, int w, int h, uint64_t *check,
                  size_t *templates)
{
    rf_level_opts o;
    rf_level_maker *mk = mode == MODE_FULL ? rf_level_maker_new(bn->ps) : NULL;
    double t0 = bench_now();
    int i;
    if (mode == MODE_FULL && !mk)
        return -1;
    rf_level_opts_init(&o);
    o.profile = c->profile;
    o.width = c->w;
    o.height = c->h;
    o.templates = bn->ts;
    *check = 0;
    *templates = 0;
    for (i = 0; i < c->count; i++) {
        uint64_t seed = (uint64_t)i + 1;
        int depth = depth_at(c, i);
        if (mode == MODE_DIG) {
            long floor = dig_one(bn, c, w, h, seed, depth);
            if (floor < 0)
                return -1;
            *check = *check * 31 + (uint64_t)floor;
        } else {
            rf_level *lv = NULL;
            rf_status st;
            o.seed = seed;
            o.depth = depth;
            st = mk ? rf_level_maker_generate(mk, &o, &lv, NULL)
                    : rf_level_generate(bn->ps, &o, &lv, NULL);
            if (st != RF_OK) {
                fprintf(stderr, "bench_place: %s level, seed %llu depth %d failed\n", c->profile,
                        (unsigned long long)seed, depth);
                rf_level_maker_free(mk);
                return -1;
            }
            *check ^= rf_level_digest(lv);
            *templates += rf_level_template_count(lv);
            rf_level_free(lv);
        }
    }
    rf_level_maker_free(mk);
    return bench_now() - t0;
}

static int line(const bench *bn, const config *c, int mode)
{
    rf_level_opts o;
    uint64_t cd = 0, cf = 0;
    size_t none, placed = 0;
    double td = 0, tf = 0;
    int w = c->w, h = c->h;
    char size[32];
    bool dig = mode == MODE_BOTH || mode == MODE_DIG;
    rf_level_opts_init(&o);
    o.profile = c->profile;
    if (w == 0 && rf_level_default_size(bn->ps, &o, &w, &h, NULL) != RF_OK) {
        fprintf(stderr, "bench_place: no profile '%s'\n", c->profile);
        return 1;
    }
    if (dig && (td = run(bn, c, MODE_DIG, w, h, &cd, &none)) < 0)
        return 1;
    if (mode != MODE_DIG && (tf = run(bn, c, mode == MODE_FRESH ? MODE_FRESH : MODE_FULL, w, h,
                                      &cf, &placed)) < 0)
        return 1;
    snprintf(size, sizeof size, "%dx%d", w, h);
    printf("  %-12s %-7s d%2d-%-2d %5d lv", c->profile, size, c->a, c->b, c->count);
    if (dig)
        printf("  dig %8.1f/s %7.3f ms", c->count / td, td * 1000.0 / c->count);
    if (mode != MODE_DIG)
        printf("  level %8.1f/s %7.3f ms (%4.1f tpl)", c->count / tf, tf * 1000.0 / c->count,
               (double)placed / c->count);
    if (mode == MODE_BOTH)
        printf("  %+5.0f%%", (tf - td) * 100.0 / td);
    printf("  [%016llx]\n", (unsigned long long)(cd ^ cf));
    return 0;
}

/* Loads the bundled profiles, rooms and rooms-file into bn; false with a
 * message when they do not load. */
static bool load(bench *bn, rf_profile_set *ps, rf_template_set *ts, rf_rooms_file **rooms1)
{
    rf_diags *d = rf_diags_new();
    size_t len;
    const char *text = rf_rooms_file_bundled(1, &len);
    bool ok = d && text &&
              rf_profile_set_load(ps, RF_SOURCE_DIR "/content/profiles.xml", d) == RF_OK &&
              rf_template_set_load_path(ts, RF_SOURCE_DIR "/content/rooms", d) == RF_OK &&
              rf_template_set_link(ts, d, NULL) == RF_OK && /* <subroom>s: after the last load */
              rf_rooms_file_load_buffer(text, len, "rooms1", d, rooms1) == RF_OK;
    if (!ok)
        fprintf(stderr, "bench_place: the bundled content does not load: %s\n",
                d && rf_diags_count(d) ? rf_diags_at(d, 0)->message : "out of memory");
    rf_diags_free(d);
    bn->ps = ps;
    bn->ts = ts;
    bn->rooms1 = *rooms1;
    return ok;
}

static const char usage[] = "usage: bench_place [--mode dig|full|fresh] [--profile P] [--size WxH] "
                            "[--depths A-B] [--count N]\n";

int main(int argc, char **argv)
{
    static const config lines[] = {
        {"brogue", 79, 29, 1, 5, 1000},  {"brogue", 79, 29, 1, 26, 1000},
        {"brogue", 200, 200, 1, 5, 40},  {"nethack", 0, 0, 1, 26, 2000},
        {"dungeonmaker", 0, 0, 1, 26, 300},
    };
    config one = {NULL, 0, 0, 1, 26, 0};
    rf_profile_set *ps = rf_profile_set_new();
    rf_template_set *ts = rf_template_set_new();
    rf_rooms_file *rooms1 = NULL;
    bench bn;
    int mode = MODE_BOTH, rc = 0, k;
    size_t i;
    for (k = 1; k + 1 < argc; k += 2) {
        const char *v = argv[k + 1];
        if (strcmp(argv[k], "--mode") == 0 && strcmp(v, "dig") == 0)
            mode = MODE_DIG;
        else if (strcmp(argv[k], "--mode") == 0 && strcmp(v, "full") == 0)
            mode = MODE_FULL;
        else if (strcmp(argv[k], "--mode") == 0 && strcmp(v, "fresh") == 0)
            mode = MODE_FRESH;
        else if (strcmp(argv[k], "--profile") == 0)
            one.profile = v;
        else if (!(strcmp(argv[k], "--size") == 0 && bench_parse_pair(v, 'x', &one.w, &one.h)) &&
                 !(strcmp(argv[k], "--depths") == 0 && bench_parse_pair(v, '-', &one.a, &one.b) &&
                   one.a <= one.b && one.b <= 1000) &&
                 !(strcmp(argv[k], "--count") == 0 && (one.count = atoi(v)) > 0))
            break;
    }
    if (k < argc || (!one.profile && (one.w || one.count || mode != MODE_BOTH))) {
        fputs(usage, stderr);
        rf_profile_set_free(ps);
        rf_template_set_free(ts);
        return 2;
    }
    if (!ps || !ts || !load(&bn, ps, ts, &rooms1)) {
        rc = 2;
    } else if (one.profile) {
        if (one.count == 0)
            one.count = 200;
        rc = line(&bn, &one, mode);
    } else {
        for (i = 0; i < sizeof lines / sizeof lines[0] && rc == 0; i++)
            rc = line(&bn, &lines[i], mode);
    }
    rf_rooms_file_free(rooms1);
    rf_profile_set_free(ps);
    rf_template_set_free(ts);
    return rc;
}
