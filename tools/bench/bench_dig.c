/* tools/bench/bench_dig.c: levels per second and ms per level of the Brogue
 * digger (rf_level_generate, profile defaults) by size and depth mix.
 *
 * Pipeline: benchmark over level.h; prints figures, asserts nothing.
 * Usage: no options for the standard set; `--size WxH --depths A-B --count N`
 * for one configuration (run.sh runs it under callgrind).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_common.h"
#include "roomforge/level.h"

static unsigned gcd(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int run(int w, int h, int a, int b, int count)
{
    rf_level_opts o;
    double t0, t;
    int i;
    unsigned long long check = 0;
    unsigned span = (unsigned)(b - a + 1), stride = 7;
    /* a stride prime to the mix's length: a short run (1000x1000) still
     * spans the mix, and every depth comes round */
    while (gcd(span, stride) != 1)
        stride++;
    rf_level_opts_init(&o);
    o.width = w;
    o.height = h;
    t0 = bench_now();
    for (i = 0; i < count; i++) {
        rf_level *lv = NULL;
        o.seed = (uint64_t)i + 1;
        o.depth = a + (int)(((unsigned)i * stride) % span);
        if (rf_level_generate(NULL, &o, &lv, NULL) != RF_OK) {
            fprintf(stderr, "bench_dig: seed %d failed\n", i + 1);
            return 1;
        }
        check ^= rf_level_digest(lv);
        rf_level_free(lv);
    }
    t = bench_now() - t0;
    printf("  %4dx%-4d depths %2d-%-2d  %6d levels  %9.1f levels/s  %8.3f ms/level  (%016llx)\n", w,
           h, a, b, count, count / t, t * 1000.0 / count, check);
    return 0;
}

int main(int argc, char **argv)
{
    int w = 0, h = 0, a = 1, b = 5, count = 0, k;
    for (k = 1; k + 1 < argc; k += 2) {
        if (strcmp(argv[k], "--size") == 0 && bench_parse_pair(argv[k + 1], 'x', &w, &h))
            continue;
        if (strcmp(argv[k], "--depths") == 0 && bench_parse_pair(argv[k + 1], '-', &a, &b) && a <= b)
            continue;
        if (strcmp(argv[k], "--count") == 0 && (count = atoi(argv[k + 1])) > 0)
            continue;
        fprintf(stderr, "usage: bench_dig [--size WxH] [--depths A-B] [--count N]\n");
        return 2;
    }
    if (k < argc) {
        fprintf(stderr, "usage: bench_dig [--size WxH] [--depths A-B] [--count N]\n");
        return 2;
    }
    if (w > 0)
        return run(w, h, a, b, count > 0 ? count : 100);
    return run(79, 29, 1, 5, 2000) || run(79, 29, 1, 26, 2000) || run(200, 200, 1, 5, 100) ||
           run(200, 200, 1, 26, 100) || run(1000, 1000, 1, 5, 4) || run(1000, 1000, 1, 26, 4);
}
