/* tools/bench/bench_common.h: what every benchmark shares: a monotonic clock
 * and the "AxB" / "A-B" option parser.
 *
 * Pipeline: benchmarks only (tools/bench/bench_*.c); header-only, so each
 * benchmark stays one file to build.
 */
#ifndef RF_BENCH_COMMON_H
#define RF_BENCH_COMMON_H

#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Parses "A<sep>B" with 1 <= A, B <= 100000 ("79x29", "1-26"). */
static inline bool bench_parse_pair(const char *s, char sep, int *a, int *b)
{
    char *end;
    long x = strtol(s, &end, 10), y;
    if (end == s || *end != sep)
        return false;
    y = strtol(end + 1, &end, 10);
    if (*end || x < 1 || y < 1 || x > 100000 || y > 100000)
        return false;
    *a = (int)x;
    *b = (int)y;
    return true;
}

#endif /* RF_BENCH_COMMON_H */
