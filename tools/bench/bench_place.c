/* tools/bench/bench_place.c: what templates cost: levels per second and ms
 * per level with the bundled templates placed, beside the same levels
 * without templates, by profile and size.
 *
 * Pipeline: benchmark over level.h with the bundled content and profiles
 * (content/profiles.xml: special rooms and population as the profiles set
 * them, in both runs, so the difference is the placer: attach or fit,
 * objects). Prints figures, asserts nothing. With no options: brogue at
 * 79x29 and 200x200, nethack and dungeonmaker at their own sizes, depths
 * 1-26; `--profile P --size WxH --count N` runs one line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Seconds for count levels (seeds 1.., depths 1-26 in turn); *templates
 * receives the templates placed in all. -1 on failure. */
static double time_levels(const rf_profile_set *ps, const rf_template_set *ts, const char *profile,
                          int w, int h, int count, size_t *templates)
{
    rf_level_opts o;
    double t0 = now();
    int i;
    rf_level_opts_init(&o);
    o.profile = profile;
    o.width = w;
    o.height = h;
    o.templates = ts;
    *templates = 0;
    for (i = 0; i < count; i++) {
        rf_level *lv = NULL;
        o.seed = (uint64_t)i + 1;
        o.depth = 1 + (i * 7) % 26;
        if (rf_level_generate(ps, &o, &lv, NULL) != RF_OK) {
            fprintf(stderr, "bench_place: %s seed %d failed\n", profile, i + 1);
            return -1;
        }
        *templates += rf_level_template_count(lv);
        rf_level_free(lv);
    }
    return now() - t0;
}

static int line(const rf_profile_set *ps, const rf_template_set *ts, const char *profile, int w,
                int h, int count)
{
    size_t none, placed;
    double a = time_levels(ps, NULL, profile, w, h, count, &none);
    double b = time_levels(ps, ts, profile, w, h, count, &placed);
    char size[32];
    if (a < 0 || b < 0)
        return 1;
    if (w)
        snprintf(size, sizeof size, "%dx%d", w, h);
    else
        snprintf(size, sizeof size, "default");
    printf("  %-12s %-9s %6d levels  without: %9.1f levels/s %7.3f ms  with templates: %9.1f "
           "levels/s %7.3f ms (%.1f a level)  +%.0f%%\n",
           profile, size, count, count / a, a * 1000.0 / count, count / b, b * 1000.0 / count,
           (double)placed / count, (b - a) * 100.0 / a);
    return 0;
}

int main(int argc, char **argv)
{
    rf_profile_set *ps = rf_profile_set_new();
    rf_template_set *ts = rf_template_set_new();
    const char *profile = NULL;
    rf_diags *d;
    int w = 0, h = 0, count = 0, rc = 0, k;
    if (!ps || !ts)
        return 2;
    for (k = 1; k + 1 < argc; k += 2) {
        if (strcmp(argv[k], "--profile") == 0)
            profile = argv[k + 1];
        else if (strcmp(argv[k], "--size") == 0 && sscanf(argv[k + 1], "%dx%d", &w, &h) == 2)
            continue;
        else if (strcmp(argv[k], "--count") == 0 && (count = atoi(argv[k + 1])) > 0)
            continue;
        else
            break;
    }
    if (k < argc) {
        fprintf(stderr, "usage: bench_place [--profile P] [--size WxH] [--count N]\n");
        return 2;
    }
    d = rf_diags_new();
    if (!d || rf_profile_set_load(ps, RF_SOURCE_DIR "/content/profiles.xml", d) != RF_OK ||
        rf_template_set_load_path(ts, RF_SOURCE_DIR "/content/rooms", d) != RF_OK) {
        fprintf(stderr, "bench_place: the bundled content does not load: %s\n",
                d && rf_diags_count(d) ? rf_diags_at(d, 0)->message : "out of memory");
        rf_diags_free(d);
        return 2;
    }
    rf_diags_free(d);
    if (profile)
        rc = line(ps, ts, profile, w, h, count > 0 ? count : 200);
    else
        rc = line(ps, ts, "brogue", 79, 29, 2000) || line(ps, ts, "brogue", 200, 200, 100) ||
             line(ps, ts, "nethack", 0, 0, 2000) || line(ps, ts, "dungeonmaker", 0, 0, 300);
    rf_profile_set_free(ps);
    rf_template_set_free(ts);
    return rc;
}
