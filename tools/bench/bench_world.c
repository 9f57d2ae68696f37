/* tools/bench/bench_world.c: what a game pays for a level's world: building
 * it (rf_world_new + rf_world_add_level) beside generating the level and
 * beside adding the same template rooms alone (their template objects, no
 * level objects), a tick of a level's worth of rooms, and saving and
 * loading that world (time and size).
 *
 * Pipeline: benchmark over level.h and world.h; prints figures (no assertion
 * on time; docs/reference.md, Benchmarks). Design: bundled content, every
 * bundled profile, seeds 1..N at depth 5; the player enters every room once
 * before the ticks so entered-rules run; the log is kept and cleared per tick.
 * Options: --levels N (default 40), --ticks K per world (200).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_common.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

#ifndef RF_SOURCE_DIR
#define RF_SOURCE_DIR "."
#endif

static int fail(const char *what, rf_diags *d)
{
    fprintf(stderr, "bench_world: %s\n", what);
    if (d && rf_diags_write_gcc(d, stderr, 0) != RF_OK)
        fputs("bench_world: cannot write the diagnostics\n", stderr);
    return 1;
}

/* The template rooms of lv alone, as rf_world_add_room_turned adds them. */
static rf_status rooms_alone(rf_world *w, const rf_level *lv, rf_diags *d)
{
    size_t i;
    for (i = 0; i < rf_level_room_count(lv); i++) {
        const rf_room_rec *r = rf_level_room_at(lv, i);
        rf_status st;
        if (r->kind != RF_ROOM_TEMPLATE || !r->tmpl)
            continue;
        st = rf_world_add_room_turned(w, r->tmpl, r->x, r->y, r->orient, d, NULL);
        if (st != RF_OK && st != RF_ERR_CONTENT)
            return st;
    }
    return RF_OK;
}

typedef struct figures {
    double gen, build, alone, tick, save, load;
    size_t rooms, objects, ticks, bytes;
} figures;

/* Saves w into memory and loads it back, timing both; false on failure. */
static bool save_load(rf_world *w, const rf_template_set *ts, figures *f, rf_diags *d)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len), *in;
    rf_world *back = NULL;
    double t0 = bench_now();
    bool ok;
    if (!out)
        return false;
    ok = rf_world_save(w, out, d) == RF_OK;
    ok = fclose(out) == 0 && ok;
    f->save += bench_now() - t0;
    f->bytes += len;
    in = ok ? fmemopen(buf, len, "r") : NULL;
    t0 = bench_now();
    ok = in && rf_world_load(NULL, ts, in, d, &back) == RF_OK;
    f->load += bench_now() - t0;
    if (in)
        fclose(in);
    rf_world_free(back);
    free(buf);
    return ok;
}

static int one_profile(const rf_profile_set *ps, const rf_template_set *ts, const char *name,
                       long levels, long ticks, figures *f, rf_diags *d)
{
    long s, t;
    memset(f, 0, sizeof *f);
    for (s = 1; s <= levels; s++) {
        rf_level_opts o;
        rf_level *lv = NULL;
        rf_world *w = NULL, *w2 = NULL;
        double t0;
        size_t r;
        rf_level_opts_init(&o);
        o.profile = name;
        o.seed = (uint64_t)s;
        o.depth = 5;
        o.templates = ts;
        t0 = bench_now();
        if (rf_level_generate(ps, &o, &lv, d) != RF_OK)
            return fail("a level failed", d);
        f->gen += bench_now() - t0;
        t0 = bench_now();
        if (rf_world_new(NULL, d, &w) != RF_OK || rf_world_add_level(w, lv, d) == RF_ERR_NOMEM)
            return fail("a world failed", d);
        f->build += bench_now() - t0;
        t0 = bench_now();
        if (rf_world_new(NULL, d, &w2) != RF_OK || rooms_alone(w2, lv, d) != RF_OK)
            return fail("a world of rooms alone failed", d);
        f->alone += bench_now() - t0;
        rf_world_free(w2);
        f->rooms += rf_world_room_count(w);
        for (r = 0; r < rf_world_room_count(w); r++) {
            f->objects += rf_world_object_count(w, r);
            if (rf_world_enter(w, r, NULL) != RF_OK)
                return fail("enter failed", d);
        }
        t0 = bench_now();
        for (t = 0; t < ticks; t++) {
            if (rf_world_tick(w, d) == RF_ERR_NOMEM)
                return fail("a tick failed", d);
            rf_world_effects_clear(w);
        }
        f->tick += bench_now() - t0;
        f->ticks += (size_t)ticks;
        if (!save_load(w, ts, f, d))
            return fail("a save or load failed", d);
        rf_world_free(w);
        rf_level_free(lv);
    }
    return 0;
}

int main(int argc, char **argv)
{
    long levels = 40, ticks = 200;
    rf_diags *d = rf_diags_new();
    rf_profile_set *ps = rf_profile_set_new();
    rf_template_set *ts = rf_template_set_new();
    size_t k;
    int i, rc = 0;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--levels") == 0 && i + 1 < argc)
            levels = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--ticks") == 0 && i + 1 < argc)
            ticks = strtol(argv[++i], NULL, 10);
        else {
            fputs("usage: bench_world [--levels N] [--ticks K]\n", stderr);
            return 2;
        }
    }
    if (levels < 1 || levels > 100000 || ticks < 1 || ticks > 1000000) {
        fputs("bench_world: --levels 1-100000, --ticks 1-1000000\n", stderr);
        return 2;
    }
    if (!d || !ps || !ts)
        return fail("out of memory", NULL);
    if (rf_profile_set_load(ps, RF_SOURCE_DIR "/content/profiles.xml", d) != RF_OK ||
        rf_template_set_load_path(ts, RF_SOURCE_DIR "/content/rooms", d) == RF_ERR_IO ||
        rf_template_set_link(ts, d, NULL) == RF_ERR_NOMEM) /* <subroom>s: after the last load */
        return fail("cannot load the bundled content", d);
    printf("bench_world: %ld levels a profile (seeds 1-%ld, depth 5), %ld ticks a world\n",
           levels, levels, ticks);
    printf("%-13s %6s %7s %7s %8s %9s %8s %8s %8s %8s\n", "profile", "rooms", "objects",
           "gen ms", "build ms", "alone ms", "tick us", "save ms", "load ms", "save KB");
    for (k = 0; k < rf_profile_count(ps) && rc == 0; k++) {
        const char *name = rf_profile_name(rf_profile_at(ps, k));
        figures f;
        rf_diags_clear(d);
        rc = one_profile(ps, ts, name, levels, ticks, &f, d);
        if (rc == 0)
            printf("%-13s %6.1f %7.1f %7.3f %8.3f %9.3f %8.2f %8.3f %8.3f %8.1f\n", name,
                   (double)f.rooms / (double)levels, (double)f.objects / (double)levels,
                   f.gen * 1e3 / (double)levels, f.build * 1e3 / (double)levels,
                   f.alone * 1e3 / (double)levels, f.tick * 1e6 / (double)f.ticks,
                   f.save * 1e3 / (double)levels, f.load * 1e3 / (double)levels,
                   (double)f.bytes / 1024.0 / (double)levels);
    }
    puts("rooms, objects: a level's world rooms and objects; gen: rf_level_generate;\n"
         "build: rf_world_new + rf_world_add_level; alone: rf_world_new + the template rooms\n"
         "alone (rf_world_add_room_turned, template objects); tick: rf_world_tick of the\n"
         "level's world, every room entered once before; save, load: rf_world_save and\n"
         "rf_world_load of that world after its ticks, in memory, and the save's size.");
    rf_template_set_free(ts);
    rf_profile_set_free(ps);
    rf_diags_free(d);
    return rc;
}
