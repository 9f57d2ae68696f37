/* tools/bench/bench_rules.c: ticks/s and condition evaluations/s of the rule
 * VM over 10,000 scripted rooms, beside a plain Lua floor.
 *
 * Pipeline: benchmark over template.h and world.h; prints figures (targets:
 * docs/reference.md, Benchmarks). Design: docs/internals.md, tools.
 * Options: --rooms N (default 10000), --ticks K per round (200), --rounds R (5).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "bench_common.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

typedef struct text {
    char *buf;
    size_t len, cap;
} text;

static int add(text *t, const char *fmt, ...) RF_PRINTF(2, 3);
static int add(text *t, const char *fmt, ...)
{
    char tmp[4096];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof tmp)
        return -1;
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1 << 20;
        char *p;
        while (cap < t->len + (size_t)n + 1)
            cap *= 2;
        p = realloc(t->buf, cap);
        if (!p)
            return -1;
        t->buf = p;
        t->cap = cap;
    }
    memcpy(t->buf + t->len, tmp, (size_t)n + 1);
    t->len += (size_t)n;
    return 0;
}

/* The floor: plain tables with the state the rules read, and one loop doing
 * the same tests in the same order with the same short-circuits. No '<' or
 * '&' so that it sits in XML as it is. FLOOR_RULE makes it a rule of room 0
 * (run while its lever `on` is up), FLOOR_BARE returns it to C. */
#define FLOOR_CHECK \
    "local N = %ld\n" \
    "local st = {}\n" \
    "for i = 1, N do\n" \
    "  st[i] = {m = {alive = true}, lv = {activated = false}, crate = {x = 3, y = 1},\n" \
    "           three = (i %% 2 == 0), ev = {}}\n" \
    "end\n" \
    "local function check()\n" \
    "  for i = 1, N do\n" \
    "    local s = st[i]\n" \
    "    if s.m.alive == true then\n" \
    "      if s.three then\n" \
    "        if (s.lv.activated == true) ~= true then\n" \
    "          if s.crate.x == 5 and s.crate.y == 3 then return true end\n" \
    "        end\n" \
    "      elseif s.ev.entered == true then\n" \
    "        return true\n" \
    "      end\n" \
    "    end\n" \
    "  end\n" \
    "  return false\n" \
    "end\n"
#define FLOOR_RULE \
    FLOOR_CHECK \
    "room:rule{[\"repeat\"] = 1, run = function() end, when = function(r)\n" \
    "  if not r:object(\"on\").activated then return false end\n" \
    "  return check()\n" \
    "end}\n"
#define FLOOR_BARE FLOOR_CHECK "return check\n"

/* A bare lua_State of its own (no sandbox, no budget hook) holding the floor
 * loop on top of its stack, or NULL. */
static lua_State *bare_floor_new(long n)
{
    char code[4096];
    lua_State *L = luaL_newstate();
    if (!L)
        return NULL;
    luaL_openlibs(L);
    snprintf(code, sizeof code, FLOOR_BARE, n);
    if (luaL_loadstring(L, code) != LUA_OK || lua_pcall(L, 0, 1, 0) != LUA_OK) {
        lua_close(L);
        return NULL;
    }
    return L;
}

/* Seconds one call of the bare floor took; negative when it failed. */
static double bare_floor_call(lua_State *L)
{
    double t0 = bench_now();
    lua_pushvalue(L, -1);
    if (lua_pcall(L, 0, 1, 0) != LUA_OK)
        return -1.0;
    lua_pop(L, 1);
    return bench_now() - t0;
}

static char *make_rooms(long n, size_t *len)
{
    text t = {NULL, 0, 0};
    long i;
    int bad = 0;
    bad |= add(&t, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<roomdb>\n");
    bad |= add(&t,
               "<room name=\"floor\" width=\"7\" height=\"5\">\n"
               "<row text=\"###D###\"/><row text=\"#.....#\"/><row text=\"d.....d\"/>"
               "<row text=\"#.....#\"/><row text=\"#######\"/>\n"
               "<flags minLevel=\"0\" maxLevel=\"0\"/>\n<lever id=\"on\" x=\"1\" y=\"1\"/>\n"
               "<script lang=\"lua\">\n");
    bad |= add(&t, FLOOR_RULE, n);
    bad |= add(&t, "</script>\n</room>\n");
    for (i = 0; i < n && !bad; i++) {
        bad |= add(&t,
                   "<room name=\"bench %ld\" width=\"7\" height=\"5\">\n"
                   "<row text=\"###D###\"/><row text=\"#.....#\"/><row text=\"d.....d\"/>"
                   "<row text=\"#.....#\"/><row text=\"#######\"/>\n"
                   "<flags minLevel=\"0\" maxLevel=\"0\"/>\n"
                   "<monster id=\"m\" x=\"1\" y=\"1\" name=\"M\"/>"
                   "<lever id=\"lv\" x=\"2\" y=\"1\"/>"
                   "<customBlocker id=\"crate\" x=\"3\" y=\"1\" png=\"c.png\"/>\n"
                   "<script repeat=\"1\"><condition condition_type=\"isAlive\" id=\"m\"/>",
                   i);
        if (i % 2 == 1)
            bad |= add(&t,
                       "<condition condition_type=\"activated\" id=\"lv\" not=\"1\"/>"
                       "<condition condition_type=\"at\" id=\"crate\" x=\"5\" y=\"3\"/>");
        else
            bad |= add(&t, "<condition condition_type=\"entered\"/>");
        bad |= add(&t, "<action action_type=\"ticker\" text=\"never\"/></script>\n</room>\n");
    }
    bad |= add(&t, "</roomdb>\n");
    if (bad) {
        free(t.buf);
        return NULL;
    }
    *len = t.len;
    return t.buf;
}

static int fail(const char *what, rf_diags *d)
{
    fprintf(stderr, "bench_rules: %s\n", what);
    if (d && rf_diags_write_gcc(d, stderr, 0) != RF_OK)
        fputs("bench_rules: cannot write the diagnostics\n", stderr);
    return 1;
}

/* Seconds one tick took; negative when it failed. */
static double one_tick(rf_world *w, rf_diags *d)
{
    double t0 = bench_now();
    if (rf_world_tick(w, d) != RF_OK)
        return -1.0;
    return bench_now() - t0;
}

int main(int argc, char **argv)
{
    long rooms = 10000, ticks = 200, rounds = 5, i;
    double best_off = 1e30, best_on = 1e30, best_bare = 1e30, t0, load_s, build_s;
    lua_State *bare_state;
    size_t len;
    char *xml;
    rf_diags *d = rf_diags_new();
    rf_template_set *set = rf_template_set_new();
    rf_world *w = NULL;
    rf_world_opts o;
    double evals, bare;
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
    bare_state = bare_floor_new(rooms);
    if (!bare_state)
        return fail("the bare floor did not load", NULL);
    xml = make_rooms(rooms, &len);
    if (!xml)
        return fail("out of memory", NULL);
    t0 = bench_now();
    if (rf_template_set_load_buffer(set, "bench.xml", xml, len, d) != RF_OK)
        return fail("the generated rooms did not load", d);
    load_s = bench_now() - t0;
    free(xml);
    rf_world_opts_init(&o);
    o.mem_cap = (size_t)1 << 30;
    o.tick_budget = 1000000000L;
    o.load_budget = 100000000L;
    t0 = bench_now();
    if (rf_world_new(&o, d, &w) != RF_OK)
        return fail("no world", d);
    for (i = 0; i < (long)rf_template_set_count(set); i++) {
        const rf_template *t = rf_template_set_at(set, (size_t)i);
        if (rf_world_add_room(w, t, (int)(i % 100) * 8, (int)(i / 100) * 6, d, NULL) != RF_OK)
            return fail("a room did not compile", d);
    }
    build_s = bench_now() - t0;
    for (i = 0; i < 10; i++) /* warm up: first-touch allocations, caches */
        if (one_tick(w, d) < 0)
            return fail("a tick failed", d);
    /* floor-on and floor-off ticks interleave, so drift and other load on the
     * machine fall on both alike; the round with the fastest engine is kept */
    for (i = 0; i < rounds; i++) {
        double off = 0, on = 0, t;
        long j;
        for (j = 0; j < ticks; j++) {
            if (rf_world_pull(w, 0, "on", NULL) != RF_OK || (t = one_tick(w, d)) < 0)
                return fail("a tick failed", d);
            on += t;
            if (rf_world_pull(w, 0, "on", NULL) != RF_OK || (t = one_tick(w, d)) < 0)
                return fail("a tick failed", d);
            off += t;
        }
        if (off / (double)ticks < best_off) {
            best_off = off / (double)ticks;
            best_on = on / (double)ticks;
        }
    }
    /* the bare floor runs in rounds of its own (interleaved with world ticks
     * its tables would be evicted from the caches by every tick, which the
     * in-world floor and the engine are not): the fastest round is kept. Its
     * state was built first, before the heap filled up, so its tables lie as
     * close together as the in-world floor's. */
    for (i = 0; i < 2 * rounds; i++) {
        double bsum = 0, t;
        long j;
        for (j = 0; j < ticks; j++) {
            if ((t = bare_floor_call(bare_state)) < 0)
                return fail("the bare floor failed", d);
            bsum += t;
        }
        if (bsum / (double)ticks < best_bare)
            best_bare = bsum / (double)ticks;
    }
    lua_close(bare_state);
    if (rf_world_effect_count(w) != 0)
        return fail("a rule fired: the rooms are not idle as designed", d);
    evals = 2.5 * (double)rooms;
    bare = best_bare;
    printf("rule VM: %ld rooms, one repeat=\"1\" XML rule each (2 or 3 conditions, all idle),\n"
           "  %.0f condition evaluations per tick; load %.2f s, world build %.2f s\n",
           rooms, evals, load_s, build_s);
    printf("  engine:      %7.3f ms/tick %7.0f ticks/s %6.1f M condition evals/s\n", best_off * 1e3,
           1.0 / best_off, evals / best_off / 1e6);
    if (best_on > best_off)
        printf("  floor:       %7.3f ms/tick %7.0f ticks/s %6.1f M evals/s  (the loop as a Lua rule\n"
               "               of the same world: sandboxed, budget hook armed)\n",
               (best_on - best_off) * 1e3, 1.0 / (best_on - best_off),
               evals / (best_on - best_off) / 1e6);
    else
        printf("  floor:       below the noise of this run\n");
    if (bare > 0)
        printf("  bare floor:  %7.3f ms/tick %7.0f ticks/s %6.1f M evals/s  (the loop in a bare\n"
               "               lua_State: no sandbox, no hook)\n",
               bare * 1e3, 1.0 / bare, evals / bare / 1e6);
    printf("  engine / floor %.2fx, engine / bare floor %.2fx (target <= 2x); idle tick %.3f ms"
           " (target < 2 ms)\n",
           best_on > best_off ? best_off / (best_on - best_off) : 0.0, bare > 0 ? best_off / bare : 0.0,
           best_off * 1e3);
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
    return 0;
}
