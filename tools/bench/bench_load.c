/* tools/bench/bench_load.c: rooms/s, MB/s and peak memory of the rooms.xml
 * loader against `xmllint --noout` on the same generated file.
 *
 * Pipeline: benchmark over template.h; prints figures, asserts nothing.
 * Design: each contender runs in its own child (wait4 gives its peak RSS).
 * Usage: `--rooms N` (default 100,000 rooms, about 50 MB).
 */
#define _DEFAULT_SOURCE 1 /* wait4 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "bench_child.h"
#include "roomforge/lint.h"
#include "roomforge/template.h"

static int write_rooms(const char *path, long rooms)
{
    FILE *f = fopen(path, "w");
    long i;
    if (!f)
        return -1;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<roomdb>\n", f);
    for (i = 0; i < rooms; i++)
        fprintf(f,
                "  <room name=\"bench room %ld\" width=\"13\" height=\"7\">\n"
                "    <row text=\"######D######\"/>\n"
                "    <row text=\"#...........#\"/>\n"
                "    <row text=\"#..1.....2..#\"/>\n"
                "    <row text=\"d...........d\"/>\n"
                "    <row text=\"#...........#\"/>\n"
                "    <row text=\"#...........#\"/>\n"
                "    <row text=\"######D######\"/>\n"
                "    <flags minLevel=\"%ld\" maxLevel=\"%ld\"/>\n"
                "    <monster id=\"m\" at=\"1\" name=\"Diggle\" percent=\"50\"/>\n"
                "    <loot at=\"2\" type=\"wand\"/>\n"
                "    <script><condition condition_type=\"isDead\" id=\"m\"/>"
                "<action action_type=\"ticker\" text=\"Gone.\"/></script>\n"
                "  </room>\n",
                i, i % 10, i % 10 + 5);
    fputs("</roomdb>\n", f);
    return fclose(f) == 0 ? 0 : -1;
}

/* Runs the loader and lint's script-type pass in this (child) process, as
 * `roomforge lint` does; exit 0 when every room loaded clean. */
static int child_load(const char *path, long rooms)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_status st;
    if (!set || !d)
        return 3;
    st = rf_template_set_load_file(set, path, d);
    if (st == RF_OK) /* what `roomforge lint` does after loading */
        st = rf_lint_script_types(set, rf_script_types_builtin(), d);
    if (st != RF_OK || (long)rf_template_set_count(set) != rooms) {
        fprintf(stderr, "bench_load: status %d, %zu rooms, %zu diagnostics\n", (int)st,
                rf_template_set_count(set), rf_diags_count(d));
        if (rf_diags_write_gcc(d, stderr, 0) != RF_OK)
            return 1;
        return 1;
    }
    rf_template_set_free(set);
    rf_diags_free(d);
    return 0;
}


int main(int argc, char **argv)
{
    long rooms = 100000;
    char dir[] = "/tmp/rf_bench_loadXXXXXX";
    char path[sizeof dir + 16];
    struct stat sb;
    bench_result mine, lint;
    double mb;
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rooms") == 0 && i + 1 < argc)
            rooms = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: bench_load [--rooms N]\n");
            return 2;
        }
    }
    if (rooms < 1 || !mkdtemp(dir)) {
        fprintf(stderr, "bench_load: cannot make a temp dir\n");
        return 2;
    }
    snprintf(path, sizeof path, "%s/rooms.xml", dir);
    if (write_rooms(path, rooms) != 0 || stat(path, &sb) != 0) {
        fprintf(stderr, "bench_load: cannot write %s\n", path);
        rmdir(dir);
        return 2;
    }
    mb = (double)sb.st_size / (1024.0 * 1024.0);
    mine = bench_measure(child_load, path, rooms);
    lint = bench_measure(NULL, path, rooms);
    unlink(path);
    rmdir(dir);
    printf("  file: %ld rooms, %.1f MB\n", rooms, mb);
    printf("  %-16s %9s %11s %9s %12s %9s\n", "", "seconds", "rooms/s", "MB/s", "peak RSS MB",
           "RSS/file");
    printf("  %-16s %9.3f %11.0f %9.1f %12.1f %9.2f%s\n", "roomforge lint", mine.secs,
           rooms / mine.secs, mb / mine.secs, mine.rss_kb / 1024.0, mine.rss_kb / 1024.0 / mb,
           mine.status == 0 ? "" : "  (FAILED)");
    if (lint.status == 127)
        printf("  %-16s (not installed)\n", "xmllint --noout");
    else
        printf("  %-16s %9.3f %11.0f %9.1f %12.1f %9.2f%s\n", "xmllint --noout", lint.secs,
               rooms / lint.secs, mb / lint.secs, lint.rss_kb / 1024.0, lint.rss_kb / 1024.0 / mb,
               lint.status == 0 ? "" : "  (FAILED)");
    if (lint.status == 0 && lint.secs > 0)
        printf("  load / xmllint time: %.2fx\n", mine.secs / lint.secs);
    return mine.status == 0 ? 0 : 1;
}
