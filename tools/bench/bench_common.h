/* tools/bench/bench_common.h: what every benchmark shares: a monotonic clock,
 * the "AxB" / "A-B" option parser, and a run in a child process measured for
 * time and peak memory.
 *
 * Pipeline: benchmarks only (tools/bench/bench_*.c); header-only, so each
 * benchmark stays one file to build.
 */
#ifndef RF_BENCH_COMMON_H
#define RF_BENCH_COMMON_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

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

/* A run in a child process: wall seconds, peak RSS and exit status (-1 when
 * it could not run or did not exit; 127 when xmllint is not installed). */
typedef struct bench_result {
    double secs;
    long rss_kb;
    int status;
} bench_result;

/* Runs child(path, n) in a child process, or `xmllint --noout path` when
 * child is NULL (its stderr silenced), and measures it. */
static inline bench_result bench_measure(int (*child)(const char *path, long n), const char *path,
                                         long n)
{
    bench_result r = {0, 0, -1};
    struct rusage ru;
    int status;
    double t0 = bench_now();
    pid_t pid = fork();
    if (pid < 0)
        return r;
    if (pid == 0) {
        if (!child) {
            if (!freopen("/dev/null", "w", stderr))
                _exit(126);
            execlp("xmllint", "xmllint", "--noout", path, (char *)NULL);
            _exit(127);
        }
        _exit(child(path, n));
    }
    if (wait4(pid, &status, 0, &ru) != pid)
        return r;
    r.secs = bench_now() - t0;
    r.rss_kb = ru.ru_maxrss;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

#endif /* RF_BENCH_COMMON_H */
