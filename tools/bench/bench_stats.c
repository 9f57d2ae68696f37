/* tools/bench/bench_stats.c: levels per second of `roomforge stats` at
 * --jobs 1 and 2, beside catalog's, and the memory it keeps.
 *
 * Pipeline: benchmark over stats.h (rf_stats_run, rf_stats_catalog) with
 * the bundled pack; prints figures (wall-clock levels/s, and CPU per level,
 * which a machine shared with other jobs leaves honest), asserts nothing;
 * jobs 1 and 2 must print the same report digest. Peak RSS after a run a
 * tenth as long and after the full run shows memory flat in the levels.
 * Usage: `--count N` (seeds, default 200), `--depths A-B` (1-26),
 * `--profile NAME` (brogue); the figure is --count 3847 (100,022
 * levels).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "bench_common.h"
#include "roomforge/profile.h"
#include "core/seam.h"
#include "roomforge/stats.h"
#include "roomforge/template.h"

/* CPU seconds (user + system) of every thread of the process so far. */
static double cpu_s(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0.0;
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static long peak_kb(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : -1;
}

/* FNV-1a 64 of the JSON report of s. */
static unsigned long long report_digest(const rf_stats *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    unsigned long long h = 0;
    if (f && rf_stats_write(s, f, RF_STATS_JSON) == RF_OK && fclose(f) == 0)
        h = (unsigned long long)rf_fnv1a64(buf, len);
    else if (f)
        fclose(f);
    free(buf);
    return h;
}

static bool count_row(void *ud, const rf_stats_row *row)
{
    unsigned long long *check = ud;
    *check ^= (unsigned long long)row->digest;
    return true;
}

/* One stats run at jobs; its levels/s in *rate. */
static int run_stats(rf_stats_opts *o, int jobs, const char *what, double *rate)
{
    rf_stats *s = NULL;
    double t0 = bench_now(), c0 = cpu_s(), t, c;
    uint64_t levels;
    o->jobs = jobs;
    if (rf_stats_run(o, &s, NULL) != RF_OK) {
        fprintf(stderr, "bench_stats: the run failed\n");
        return 1;
    }
    t = bench_now() - t0;
    c = cpu_s() - c0;
    levels = rf_stats_levels(s) + rf_stats_failed(s);
    *rate = (double)levels / t;
    printf("  stats   %-9s --jobs %d %8llu levels %8.2f s %9.1f levels/s %6.3f ms CPU/level"
           "  peak %4ld MB  (%016llx)\n",
           what, jobs, (unsigned long long)levels, t, *rate, 1000.0 * c / (double)levels,
           peak_kb() / 1024, report_digest(s));
    rf_stats_free(s);
    return 0;
}

int main(int argc, char **argv)
{
    rf_profile_set *ps = rf_profile_set_new();
    rf_template_set *ts = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    const char *profile = "brogue";
    rf_stats_opts o;
    unsigned long long check = 0;
    double r1, r2, rsmall, t0, t, c0;
    int count = 200, a = 1, b = 26, k, rc = 0;
    for (k = 1; k < argc; k++) {
        if (strcmp(argv[k], "--count") == 0 && k + 1 < argc)
            count = atoi(argv[++k]);
        else if (strcmp(argv[k], "--depths") == 0 && k + 1 < argc &&
                 bench_parse_pair(argv[k + 1], '-', &a, &b))
            k++;
        else if (strcmp(argv[k], "--profile") == 0 && k + 1 < argc)
            profile = argv[++k];
        else {
            fprintf(stderr, "usage: bench_stats [--count SEEDS] [--depths A-B] [--profile NAME]\n");
            return 2;
        }
    }
    if (count < 10 || !ps || !ts || !d ||
        rf_profile_set_load(ps, RF_SOURCE_DIR "/content/profiles.xml", d) != RF_OK ||
        rf_template_set_load_path(ts, RF_SOURCE_DIR "/content/rooms", d) != RF_OK ||
        rf_template_set_link(ts, d, NULL) != RF_OK) { /* <subroom>s: after the last load */
        fprintf(stderr, "bench_stats: --count below 10, or the bundled content does not load\n");
        return 1;
    }
    rf_stats_opts_init(&o);
    o.profiles = ps;
    o.templates = ts;
    o.profile_names = &profile;
    o.nprofiles = 1;
    o.depth_lo = a;
    o.depth_hi = b;
    printf("bench_stats: profile %s, seeds 1-%d, depths %d-%d, the bundled pack (%zu rooms)\n",
           profile, count, a, b, rf_template_set_count(ts));
    o.count = (uint64_t)count / 10;
    rc |= run_stats(&o, 1, "(a tenth)", &rsmall);
    o.count = (uint64_t)count;
    o.jobs = 1;
    t0 = bench_now();
    c0 = cpu_s();
    if (rf_stats_catalog(&o, count_row, &check, NULL) != RF_OK) {
        fprintf(stderr, "bench_stats: the catalog failed\n");
        return 1;
    }
    t = bench_now() - t0;
    c0 = cpu_s() - c0;
    printf("  catalog           --jobs 1 %8llu levels %8.2f s %9.1f levels/s %6.3f ms CPU/level"
           "  peak %4ld MB  (%016llx)\n",
           (unsigned long long)count * (unsigned long long)(b - a + 1), t,
           (double)count * (b - a + 1) / t, 1000.0 * c0 / ((double)count * (b - a + 1)),
           peak_kb() / 1024, check);
    rc |= run_stats(&o, 1, "", &r1);
    rc |= run_stats(&o, 2, "", &r2);
    if (rc == 0)
        printf("  speed-up from --jobs 1 to 2: %.2fx (the digests of both reports must match)\n",
               r2 / r1);
    rf_profile_set_free(ps);
    rf_template_set_free(ts);
    rf_diags_free(d);
    return rc;
}
