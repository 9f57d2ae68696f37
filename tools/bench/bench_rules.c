/* tools/bench/bench_rules.c: ticks/s and condition evaluations/s of the rule
 * VM over 10,000 scripted rooms, beside a plain Lua floor.
 *
 * Pipeline: benchmark over template.h and world.h; prints figures (targets:
 * docs/reference.md, Benchmarks). Design: docs/internals.md, tools.
 * Options: --rooms N (default 10000), --ticks K per round (200), --rounds R (5).
 * Two worlds: XML rules, and the same checks as one Lua rule a room; each
 * tick beside the bare floor, the same checks in one plain Lua loop.
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

/* A bare lua_State of its own (no sandbox, no budget) holding the floor
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

/* Seconds one call of the function on top of L's stack took; negative when
 * it failed. */
static double call_top(lua_State *L)
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

/* The same rooms with the same checks as one Lua rule each (room API:
 * r:object(id).field, r:entered()), all idle. */
#define LUA_RULE \
    "local three = %s\n" \
    "room:rule{[\"repeat\"] = true, run = function() end, when = function(r)\n" \
    "  if r:object(\"m\").alive ~= true then return false end\n" \
    "  if three then\n" \
    "    if r:object(\"lv\").activated then return false end\n" \
    "    local c = r:object(\"crate\")\n" \
    "    return c.x == 5 and c.y == 3\n" \
    "  end\n" \
    "  return r:entered()\n" \
    "end}\n"

static char *make_lua_rooms(long n, size_t *len)
{
    text t = {NULL, 0, 0};
    long i;
    int bad = add(&t, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<roomdb>\n");
    for (i = 0; i < n && !bad; i++) {
        bad |= add(&t,
                   "<room name=\"lua %ld\" width=\"7\" height=\"5\">\n"
                   "<row text=\"###D###\"/><row text=\"#.....#\"/><row text=\"d.....d\"/>"
                   "<row text=\"#.....#\"/><row text=\"#######\"/>\n"
                   "<flags minLevel=\"0\" maxLevel=\"0\"/>\n"
                   "<monster id=\"m\" x=\"1\" y=\"1\" name=\"M\"/>"
                   "<lever id=\"lv\" x=\"2\" y=\"1\"/>"
                   "<customBlocker id=\"crate\" x=\"3\" y=\"1\" png=\"c.png\"/>\n"
                   "<script lang=\"lua\">\n",
                   i);
        bad |= add(&t, LUA_RULE, i % 2 == 1 ? "true" : "false");
        bad |= add(&t, "</script>\n</room>\n");
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

/* The measured calls, each a function of its own that callgrind counts
 * (run.sh: instructions per call, each beside its peer). */
#if defined(__clang__)
#define BENCH_CALL __attribute__((noinline)) static
#else /* noipa: gcc would fold the identical wrappers into one */
#define BENCH_CALL __attribute__((noipa)) static
#endif
BENCH_CALL double xml_tick(rf_world *w, rf_diags *d) { return one_tick(w, d); }
BENCH_CALL double floor_tick(rf_world *w, rf_diags *d) { return one_tick(w, d); }
BENCH_CALL double lua_tick(rf_world *w, rf_diags *d) { return one_tick(w, d); }
BENCH_CALL double bare_floor_call(lua_State *L) { return call_top(L); }
BENCH_CALL double bare_rules_call(lua_State *L) { return call_top(L); }
/* The warm-up rounds of the Lua rules and their peer, apart: what callgrind
 * counts of lua_tick and bare_rules_call is the idle steady state (the
 * first tick also makes the views the rules keep, once a world). */
BENCH_CALL double lua_warm(rf_world *w, rf_diags *d) { return one_tick(w, d); }
BENCH_CALL double bare_rules_warm(lua_State *L) { return call_top(L); }

/* The peer of the Lua rules: a bare lua_State (no sandbox, no budget) where
 * each of n rooms is a plain table whose object(id) gives a plain table of
 * fields and entered() false, and each room's rule is the same source
 * compiled for it; on top of the stack, the loop calling every rule's
 * `when` once. NULL when it failed. */
#define BARE_ROOMS \
    "local N, rule_src = ...\n" \
    "local M = {}\n" \
    "function M.object(self, id) return self.objs[id] end\n" \
    "function M.entered(self) return self.ev end\n" \
    "local MT = {__index = M}\n" \
    "local rooms, whens = {}, {}\n" \
    "for i = 0, N - 1 do\n" \
    "  local r = setmetatable({ev = false, objs = {m = {alive = true}, lv = {activated = false},\n" \
    "                                              crate = {x = 3, y = 1}}}, MT)\n" \
    "  local env = {room = {rule = function(_, spec) whens[#whens + 1] = spec.when end}}\n" \
    "  load(string.format(rule_src, i % 2 == 1 and 'true' or 'false'), 'rule', 't', env)()\n" \
    "  rooms[#rooms + 1] = r\n" \
    "end\n" \
    "return function()\n" \
    "  local fired = 0\n" \
    "  for i = 1, #whens do if whens[i](rooms[i]) then fired = fired + 1 end end\n" \
    "  return fired\n" \
    "end\n"

static lua_State *bare_rules_new(long n)
{
    lua_State *L = luaL_newstate();
    if (!L)
        return NULL;
    luaL_openlibs(L);
    lua_pushinteger(L, n);
    lua_pushstring(L, LUA_RULE);
    if (luaL_loadstring(L, BARE_ROOMS) != LUA_OK || (lua_insert(L, -3), 0) ||
        lua_pcall(L, 2, 1, 0) != LUA_OK) {
        fprintf(stderr, "bench_rules: %s\n", lua_tostring(L, -1));
        lua_close(L);
        return NULL;
    }
    return L;
}

/* Seconds of the fastest idle tick of a world of n Lua-rule rooms (rounds
 * of ticks, the fastest round's mean), its build in *build_s; negative when
 * it failed (what went wrong on stderr). */
static double lua_world_tick(long n, long ticks, long rounds, double *build_s)
{
    double best = 1e30, t0;
    size_t len, i;
    char *xml = make_lua_rooms(n, &len);
    rf_diags *d = rf_diags_new();
    rf_template_set *set = rf_template_set_new();
    rf_world *w = NULL;
    rf_world_opts o;
    long r, j;
    if (!xml || !d || !set || rf_template_set_load_buffer(set, "lua.xml", xml, len, d) != RF_OK)
        return fail("the Lua rooms did not load", d), -1.0;
    free(xml);
    rf_world_opts_init(&o);
    o.mem_cap = (size_t)1 << 30;
    o.load_budget = 100000000L;
    t0 = bench_now();
    if (rf_world_new(&o, d, &w) != RF_OK)
        return fail("no world", d), -1.0;
    for (i = 0; i < rf_template_set_count(set); i++)
        if (rf_world_add_room(w, rf_template_set_at(set, i), (int)(i % 100) * 8, (int)(i / 100) * 6,
                              d, NULL) != RF_OK)
            return fail("a Lua room did not compile", d), -1.0;
    *build_s = bench_now() - t0;
    for (r = 0; r < rounds + 1; r++) { /* round 0 warms up */
        double sum = 0, t;
        for (j = 0; j < ticks; j++) {
            if ((t = r == 0 ? lua_warm(w, d) : lua_tick(w, d)) < 0)
                return fail("a Lua tick failed", d), -1.0;
            sum += t;
        }
        if (r > 0 && sum / (double)ticks < best)
            best = sum / (double)ticks;
    }
    if (rf_world_effect_count(w) != 0)
        return fail("a Lua rule fired: the rooms are not idle as designed", d), -1.0;
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
    return best;
}

/* The Lua rules beside their bare peer, printed; 0, or 1 when one failed. */
static int lua_rules(long rooms, long ticks, long rounds)
{
    double build_s, bare = 1e30, lua_s;
    lua_State *L = bare_rules_new(rooms);
    long r, j;
    if (!L)
        return fail("the bare rules did not load", NULL);
    for (r = 0; r < 2 * rounds; r++) {
        double sum = 0, t;
        for (j = 0; j < ticks; j++) {
            if ((t = r == 0 ? bare_rules_warm(L) : bare_rules_call(L)) < 0)
                return fail("the bare rules failed", NULL);
            sum += t;
        }
        if (sum / (double)ticks < bare)
            bare = sum / (double)ticks;
    }
    lua_close(L);
    lua_s = lua_world_tick(rooms, ticks, rounds, &build_s);
    if (lua_s < 0)
        return 1;
    printf("Lua rules: %ld rooms, one repeat Lua rule each (the same checks through\n"
           "  r:object(id).field and r:entered()); world build %.2f s\n", rooms, build_s);
    printf("  engine:      %7.3f ms/tick %7.0f ticks/s\n", lua_s * 1e3, 1.0 / lua_s);
    printf("  bare rules:  %7.3f ms/tick %7.0f ticks/s  (the same rule functions in a bare\n"
           "               lua_State over plain tables: no sandbox, no budget)\n",
           bare * 1e3, 1.0 / bare);
    printf("  engine / bare rules %.2fx (target <= 2x)\n", lua_s / bare);
    return 0;
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
            if (rf_world_pull(w, 0, "on", NULL) != RF_OK || (t = floor_tick(w, d)) < 0)
                return fail("a tick failed", d);
            on += t;
            if (rf_world_pull(w, 0, "on", NULL) != RF_OK || (t = xml_tick(w, d)) < 0)
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
               "               of the same world: sandboxed, its budget counted)\n",
               (best_on - best_off) * 1e3, 1.0 / (best_on - best_off),
               evals / (best_on - best_off) / 1e6);
    else
        printf("  floor:       below the noise of this run\n");
    if (bare > 0)
        printf("  bare floor:  %7.3f ms/tick %7.0f ticks/s %6.1f M evals/s  (the loop in a bare\n"
               "               lua_State: no sandbox, no budget)\n",
               bare * 1e3, 1.0 / bare, evals / bare / 1e6);
    printf("  engine / floor %.2fx, engine / bare floor %.2fx (target <= 1.2x); idle tick %.3f ms"
           " (target < 2 ms)\n",
           best_on > best_off ? best_off / (best_on - best_off) : 0.0, bare > 0 ? best_off / bare : 0.0,
           best_off * 1e3);
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
    return lua_rules(rooms, ticks, rounds);
}
