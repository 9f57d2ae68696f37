/* tools/bench/bench_orient.c: what turning costs the rule VM: ticks of a
 * world whose rules write and read positions every tick, every room turned
 * (orientations 1-7 in turn), beside the same world unturned.
 *
 * Pipeline: benchmark over template.h and world.h; prints figures (no
 * assertion on time; docs/reference.md, Benchmarks). Design: each room has
 * an XML rule moving a blocker (a move effect mapped to the level) and a Lua
 * rule reading the player (mapped into the template) and an object (kept in
 * template coordinates: no mapping), so the mapping runs twice per room per
 * tick; the log is off, as for a game that only uses the host.
 * Options: --rooms N (default 2000), --ticks K per round (200), --rounds R (5).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

static const char room_xml[] =
    "<roomdb><room name=\"turn\" width=\"7\" height=\"5\" rotate=\"1\" mirror=\"1\">"
    "<row text=\"###D###\"/><row text=\"#1....#\"/><row text=\"d.....d\"/>"
    "<row text=\"#....2#\"/><row text=\"#######\"/>"
    "<customBlocker id=\"crate\" at=\"1\" png=\"c.png\"/>"
    "<script repeat=\"1\"><action action_type=\"move\" id=\"crate\" at=\"2\"/></script>"
    "<script lang=\"lua\">local n = 0\n"
    "room:rule{[\"repeat\"] = 1, run = function(r)\n"
    "  local px, py = r:player()\n"
    "  n = n + px + py + r:object(\"crate\").x\n"
    "end}</script></room></roomdb>";

static int fail(const char *what, rf_diags *d)
{
    fprintf(stderr, "bench_orient: %s\n", what);
    if (d && rf_diags_write_gcc(d, stderr, 0) != RF_OK)
        fputs("bench_orient: cannot write the diagnostics\n", stderr);
    return 1;
}

/* A world of n rooms of t, room i in orientation (turned ? 1 + i % 7 : 0). */
static rf_world *world_of(const rf_template *t, long n, bool turned, rf_diags *d)
{
    rf_world_opts o;
    rf_world *w = NULL;
    long i;
    rf_world_opts_init(&o);
    o.mem_cap = (size_t)1 << 30;
    o.tick_budget = 1000000000L;
    o.keep_log = false;
    if (rf_world_new(&o, d, &w) != RF_OK)
        return NULL;
    for (i = 0; i < n; i++)
        if (rf_world_add_room_turned(w, t, (int)(i % 100) * 8, (int)(i / 100) * 8,
                                     turned ? 1 + (int)(i % 7) : 0, d, NULL) != RF_OK) {
            rf_world_free(w);
            return NULL;
        }
    if (rf_world_move_player(w, 3, 3, NULL) != RF_OK) {
        rf_world_free(w);
        return NULL;
    }
    return w;
}

/* Seconds of `ticks` ticks of w; negative when one failed. */
static double run(rf_world *w, long ticks, rf_diags *d)
{
    double t0 = bench_now();
    long i;
    for (i = 0; i < ticks; i++)
        if (rf_world_tick(w, d) != RF_OK)
            return -1.0;
    return bench_now() - t0;
}

int main(int argc, char **argv)
{
    long rooms = 2000, ticks = 200, rounds = 5, i;
    double best[2] = {1e30, 1e30};
    rf_diags *d = rf_diags_new();
    rf_template_set *set = rf_template_set_new();
    rf_world *w[2];
    int k;
    for (k = 1; k + 1 < argc; k += 2) {
        long v = strtol(argv[k + 1], NULL, 10);
        if (v <= 0)
            continue;
        if (strcmp(argv[k], "--rooms") == 0)
            rooms = v;
        else if (strcmp(argv[k], "--ticks") == 0)
            ticks = v;
        else if (strcmp(argv[k], "--rounds") == 0)
            rounds = v;
    }
    if (!d || !set)
        return fail("out of memory", NULL);
    if (rf_template_set_load_buffer(set, "bench.xml", room_xml, sizeof room_xml - 1, d) != RF_OK)
        return fail("the room did not load", d);
    for (k = 0; k < 2; k++)
        if (!(w[k] = world_of(rf_template_set_at(set, 0), rooms, k == 1, d)))
            return fail("no world", d);
    /* the two worlds take turns, so load on the machine falls on both alike */
    for (i = 0; i < rounds; i++)
        for (k = 0; k < 2; k++) {
            double s = run(w[k], ticks, d);
            if (s < 0)
                return fail("a tick failed", d);
            if (s / (double)ticks < best[k])
                best[k] = s / (double)ticks;
        }
    printf("orientation: %ld rooms, each tick one move effect (template -> level) and one Lua\n"
           "  rule reading the player (level -> template) and an object\n",
           rooms);
    printf("  unturned:     %7.3f ms/tick %8.0f rooms/ms\n", best[0] * 1e3,
           (double)rooms / (best[0] * 1e3));
    printf("  turned (1-7): %7.3f ms/tick %8.0f rooms/ms  (turned / unturned %.2fx)\n",
           best[1] * 1e3, (double)rooms / (best[1] * 1e3), best[1] / best[0]);
    for (k = 0; k < 2; k++)
        rf_world_free(w[k]);
    rf_template_set_free(set);
    rf_diags_free(d);
    return 0;
}
