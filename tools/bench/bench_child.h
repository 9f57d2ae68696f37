/* tools/bench/bench_child.h: a run in a child process measured for wall time
 * and peak memory, against `xmllint --noout` on the same file.
 *
 * Pipeline: benchmarks only (bench_load.c, bench_lint.c); header-only. The
 * includer defines _DEFAULT_SOURCE (wait4) before any system header.
 */
#ifndef RF_BENCH_CHILD_H
#define RF_BENCH_CHILD_H

#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_common.h"

/* A run in a child process: wall seconds, CPU seconds (user + system: what
 * a busy machine disturbs least), peak RSS and exit status (-1 when it could
 * not run or did not exit; 127 when xmllint is not installed). */
typedef struct bench_result {
    double secs;
    double cpu;
    long rss_kb;
    int status;
} bench_result;

/* Runs child(path, n) in a child process, or `xmllint --noout path` when
 * child is NULL (its stderr silenced), and measures it. */
static inline bench_result bench_measure(int (*child)(const char *path, long n), const char *path,
                                         long n)
{
    bench_result r = {0, 0, 0, -1};
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
    r.cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
            ru.ru_stime.tv_usec / 1e6;
    r.rss_kb = ru.ru_maxrss;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

/* The fastest (wall time) of runs bench_measure runs; a failed run is
 * returned at once. Contenders measured alike keep the noise of a shared
 * machine out of their comparison. */
static inline bench_result bench_best(int (*child)(const char *path, long n), const char *path,
                                      long n, int runs)
{
    bench_result best = bench_measure(child, path, n);
    int i;
    for (i = 1; i < runs && best.status == 0; i++) {
        bench_result r = bench_measure(child, path, n);
        if (r.status != 0)
            return r;
        if (r.secs < best.secs)
            best = r;
    }
    return best;
}

#endif /* RF_BENCH_CHILD_H */
