/* tools/bench/bench_lint.c: lint at scale (issue 13): `roomforge lint`'s work
 * (rf_lint_paths) on N scripted rooms beside the loader alone and `xmllint --noout`.
 *
 * Pipeline: benchmark over lint.h and template.h; prints figures, asserts nothing.
 * Design: every room carries a Lua chunk registering a rule and an XML script;
 * each contender runs in its own child (wait4 gives its peak RSS, printed as a
 * multiple of the file), the best of RUNS runs. The last row is the floor of
 * any linter that checks the chunks: Lua's own compiler on them alone. Usage:
 * `--rooms N` (default 100,000), `--lua-every K` (a chunk on every K-th room).
 */
#define _DEFAULT_SOURCE 1 /* wait4 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "bench_child.h"
#include "roomforge/lint.h"
#include "roomforge/template.h"

#define RUNS 3 /* each contender's best of this many runs */

static long lua_every = 1; /* a Lua chunk on every lua_every-th room */

/* Room i's Lua chunk into buf (cap bytes). */
static void lua_chunk(char *buf, size_t cap, long i)
{
    snprintf(buf, cap,
             "room:rule{when = function() return room:find(\"m\") ~= nil end, "
             "run = function() room:ticker(\"seen %ld\") end}",
             i);
}

/* Writes rooms scripted rooms to path; -1 when it cannot. */
static int write_rooms(const char *path, long rooms)
{
    FILE *f = fopen(path, "w");
    char chunk[256];
    long i;
    if (!f)
        return -1;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<roomdb>\n", f);
    for (i = 0; i < rooms; i++) {
        fprintf(f,
                "  <room name=\"lint room %ld\">\n"
                "    <row text=\"##D##\"/>\n"
                "    <row text=\"d.1.d\"/>\n"
                "    <row text=\"##D##\"/>\n"
                "    <monster at=\"1\" name=\"bat\" id=\"m\"/>\n"
                "    <script><condition condition_type=\"isDead\" id=\"m\"/>"
                "<action action_type=\"ticker\" text=\"dead %ld\"/></script>\n",
                i, i);
        if (i % lua_every == 0) {
            lua_chunk(chunk, sizeof chunk, i);
            fprintf(f, "    <script lang=\"lua\">%s</script>\n", chunk);
        }
        fputs("  </room>\n", f);
    }
    fputs("</roomdb>\n", f);
    return fclose(f) == 0 ? 0 : -1;
}

/* rf_lint_paths as `roomforge lint` calls it; exit 0 when the file linted
 * clean with every room counted. */
static int child_lint(const char *path, long rooms)
{
    rf_diags *d = rf_diags_new();
    rf_lint_opts o;
    rf_lint_summary sum = {0, 0, 0};
    rf_status st;
    if (!d)
        return 3;
    rf_lint_opts_init(&o);
    st = rf_lint_paths(&path, 1, &o, d, &sum);
    if (st != RF_OK || (long)sum.rooms != rooms || rf_diags_count(d) > 0) {
        fprintf(stderr, "bench_lint: status %d, %zu rooms, %zu diagnostics\n", (int)st, sum.rooms,
                rf_diags_count(d));
        return rf_diags_write_gcc(d, stderr, 0) == RF_OK ? 1 : 4;
    }
    rf_diags_free(d);
    return 0;
}

/* rf_template_set_load_file alone. */
static int child_load(const char *path, long rooms)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_status st;
    if (!set || !d)
        return 3;
    st = rf_template_set_load_file(set, path, d);
    if (st != RF_OK || (long)rf_template_set_count(set) != rooms)
        return 1;
    rf_template_set_free(set);
    rf_diags_free(d);
    return 0;
}

/* Lua's compiler alone on the file's chunks, in one plain state: what any
 * check of them costs before running a line. */
static int child_compile(const char *path, long rooms)
{
    lua_State *L = luaL_newstate();
    char chunk[256];
    long i;
    (void)path;
    if (!L)
        return 3;
    for (i = 0; i < rooms; i += lua_every) {
        lua_chunk(chunk, sizeof chunk, i);
        if (luaL_loadbufferx(L, chunk, strlen(chunk), "=chunk", "t") != LUA_OK)
            return 1;
        lua_pop(L, 1);
    }
    lua_close(L);
    return 0;
}

static void row(const char *name, bench_result r, long rooms, double mb)
{
    if (r.status == 127) {
        printf("  %-22s (not installed)\n", name);
        return;
    }
    printf("  %-22s %9.3f %9.3f %11.0f %12.1f %9.2f%s\n", name, r.secs, r.cpu, rooms / r.secs,
           r.rss_kb / 1024.0, r.rss_kb / 1024.0 / mb, r.status == 0 ? "" : "  (FAILED)");
}

int main(int argc, char **argv)
{
    long rooms = 100000;
    char dir[] = "/tmp/rf_bench_lintXXXXXX";
    char path[sizeof dir + 16];
    struct stat sb;
    bench_result lint, load, xml, compile;
    double mb;
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--rooms") == 0 && i + 1 < argc)
            rooms = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--lua-every") == 0 && i + 1 < argc)
            lua_every = strtol(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: bench_lint [--rooms N] [--lua-every K]\n");
            return 2;
        }
    }
    if (rooms < 1 || lua_every < 1 || !mkdtemp(dir)) {
        fprintf(stderr, "bench_lint: bad options or no temp dir\n");
        return 2;
    }
    snprintf(path, sizeof path, "%s/rooms.xml", dir);
    if (write_rooms(path, rooms) != 0 || stat(path, &sb) != 0) {
        fprintf(stderr, "bench_lint: cannot write %s\n", path);
        rmdir(dir);
        return 2;
    }
    mb = (double)sb.st_size / (1024.0 * 1024.0);
    lint = bench_best(child_lint, path, rooms, RUNS);
    load = bench_best(child_load, path, rooms, RUNS);
    xml = bench_best(NULL, path, rooms, RUNS);
    compile = bench_best(child_compile, path, rooms, RUNS);
    unlink(path);
    rmdir(dir);
    printf("  file: %ld rooms, %ld with a Lua chunk, %.1f MB\n", rooms,
           (rooms + lua_every - 1) / lua_every, mb);
    printf("  %-22s %9s %9s %11s %12s %9s\n", "", "seconds", "CPU s", "rooms/s", "peak RSS MB",
           "RSS/file");
    row("roomforge lint", lint, rooms, mb);
    row("rf_template_set_load", load, rooms, mb);
    row("xmllint --noout", xml, rooms, mb);
    row("Lua compile alone", compile, rooms, mb);
    return 0;
}
