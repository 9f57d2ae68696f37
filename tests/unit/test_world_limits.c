/* tests/unit/test_world_limits.c: the world under hostile scripts (world.c,
 * world_lua.c and the vm's sandbox as a world uses them): escape and abuse
 * attempts at load and at tick, each a diagnostic at its line and no harm
 * while the rest of the world ticks on; budgets for the whole tick and the
 * whole load, random streams, effect caps and memory blame per room.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/seam.h"
#include "world_fixture.h"

/* ---- abuse, at load and at tick ---- */

typedef struct abuse {
    const char *name;
    const char *code; /* Lua; the offending line is line `line` */
    int line;         /* Lua line of the diagnostic, 0: not asserted */
    const char *diag; /* expected code; NULL: any script-* code */
} abuse;

static const abuse abuses[] = {
    {"os.execute", "local x = 1\nos.execute('touch /tmp/rf_vm_escaped')", 2, "script-forbidden"},
    {"io.open", "local f = io.open('/etc/passwd')", 1, "script-forbidden"},
    {"require", "local x = 1\nlocal os = require('os')", 2, "script-forbidden"},
    {"load of a binary chunk", "local f = load('\\27Lua\\84\\0')", 1, "script-forbidden"},
    {"_G escape", "local g = _G\nreturn g.os", 1, "script-forbidden"},
    {"rawset on a library", "rawset(string, 'rep', nil)", 1, "script-forbidden"},
    {"string.rep in a loop",
     "local t = {}\nfor i = 1, 1e9 do t[i] = string.rep('x', 65536) .. i end", 0, "script-memory"},
    {"one huge string.rep", "local s = string.rep('x', 1000000000)", 0, "script-memory"},
    {"infinite loop", "local n = 0\nwhile true do n = n + 1 end", 2, "script-budget"},
    {"pcall around an infinite loop", "while true do pcall(function() while true do end end) end",
     1, "script-budget"},
    {"unbounded recursion", "local function f(n) return 1 + f(n + 1) end\nf(1)", 0, NULL},
    {"getmetatable of a string", "local mt = getmetatable('')\nmt.__index = {}", 2, "script-error"},
    {"changing the string library", "string.rep = function() end", 1, "script-error"},
    {"coroutine that never yields",
     "local co = coroutine.create(function() while true do end end)\ncoroutine.resume(co)", 1,
     "script-forbidden"},
    {"dofile", "dofile('/etc/passwd')", 1, "script-forbidden"},
    {"collectgarbage", "collectgarbage('stop')", 1, "script-forbidden"},
    {"a finalizer", "local t = setmetatable({}, {__gc = function() while true do end end})", 1,
     "script-forbidden"},
    {"a finalizer added later", "local mt = {__gc = true}\nsetmetatable({}, mt)", 2,
     "script-forbidden"},
    {"a backtracking pattern as a method",
     "local s = string.rep('a', 5000)\nlocal i = s:find(string.rep('a*', 20) .. 'b')", 2,
     "script-forbidden"},
    {"a backtracking pattern through string.gsub",
     "local s = string.rep('a', 3000)\nlocal r = string.gsub(s, 'a-a-a-b', '')", 2,
     "script-forbidden"},
    /* issue 13: C that loops where no instruction is counted */
    {"string.rep of nothing", "local x = 1\nlocal s = string.rep('', math.maxinteger)", 2,
     "script-budget"},
    {"rep of nothing as a method", "local s = (''):rep(math.maxinteger)", 1, "script-budget"},
    {"table.move over nothing", "table.move({}, 1, math.maxinteger - 1, 2)", 1, "script-budget"},
    {"table.insert under a lying __len",
     "local t = setmetatable({}, {__len = function() return 1 &lt;&lt; 62 end})\ntable.insert(t, 1, 0)",
     2, "script-forbidden"},
    {"table.remove under a lying __len",
     "local t = setmetatable({}, {__len = function() return 1 &lt;&lt; 62 end})\ntable.remove(t, 1)", 2,
     "script-forbidden"},
    {"a pattern on a number", "string.find(1111111111111111111, ('.-'):rep(18) .. 'x')", 1,
     "script-forbidden"},
    {"? repetitions", "local p = ('a?'):rep(40) .. ('a'):rep(40)\nstring.match(('a'):rep(40), p)",
     2, "script-forbidden"},
    {"gmatch", "for m in string.gmatch(('a'):rep(5000), 'a*a*a*a*a*b') do end", 1,
     "script-forbidden"},
    {"xpcall whose handler loops",
     "xpcall(function() while true do end end, function() while true do end end)", 1,
     "script-budget"},
    {"a __close that loops",
     "local t &lt;close&gt; = setmetatable({}, {__close = function() while true do end end})\n"
     "while true do end", 0, "script-budget"},
    {"catching stack overflows", "local function f(n) return 1 + f(n + 1) end\n"
     "for i = 1, 1000 do pcall(f, 1) end", 0, NULL},
    {"print", "print('\\27[2J')", 1, "script-forbidden"},
    /* issue 19: what C copies is capped */
    {"one long ticker", "room:ticker(('x'):rep(5000))", 1, "script-error"},
    {"a NUL in a ticker", "room:ticker('a\\0b')", 1, "script-error"},
};

static void check_abuse_diag(const abuse *a, int line)
{
    const rf_diag *g;
    ck_assert_msg(rf_diags_count(d) == 1, "%s: %zu diagnostics", a->name, rf_diags_count(d));
    g = rf_diags_at(d, 0);
    if (a->diag)
        ck_assert_msg(strcmp(g->code, a->diag) == 0, "%s: got %s (%s)", a->name, g->code,
                      g->message);
    else
        ck_assert_msg(strncmp(g->code, "script-", 7) == 0, "%s: got %s", a->name, g->code);
    ck_assert_str_eq(g->file, "lua.xml");
    if (line)
        ck_assert_msg(g->line == line, "%s: line %d, want %d", a->name, g->line, line);
    ck_assert_ptr_nonnull(strstr(g->message, "room 'L'"));
    ck_assert_ptr_nonnull(strstr(g->message, "script 1"));
}

START_TEST(abuse_at_load_is_reported_and_harmless)
{
    const abuse *a = &abuses[_i];
    rf_world_room r;
    ck_assert_int_eq(add_lua_room(a->code, 8u * 1024 * 1024), RF_ERR_CONTENT);
    check_abuse_diag(a, a->line ? LUA_LINE(a->line) : 0);
    /* the rest of the room works: its XML rule ticks */
    ck_assert(rf_world_room_get(w, 0, &r));
    ck_assert_uint_eq(r.rules, 1);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_str_eq(effects(true), "T1 ticker \"alive\"|T2 ticker \"alive\"");
    ck_assert_int_ne(access("/tmp/rf_vm_escaped", F_OK), 0);
}
END_TEST

START_TEST(abuse_at_tick_disables_the_rule_only)
{
    const abuse *a = &abuses[_i];
    char body[1024];
    /* the abuse runs inside the rule's when; Lua line 1 is the rule header */
    snprintf(body, sizeof body,
             "room:rule { [\"repeat\"] = true, when = function(r)\n%s\nend,\n"
             "run = function(r) r:ticker('never') end }",
             a->code);
    ck_assert_int_eq(add_lua_room(body, 8u * 1024 * 1024), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_int_eq(rf_world_tick(w, d), RF_ERR_SCRIPT);
    check_abuse_diag(a, a->line ? LUA_LINE(a->line + 1) : 0);
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "disabled"));
    /* disabled for good; the XML rule after it ran in the same tick and keeps on */
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(effects(true), "T1 ticker \"alive\"|T2 ticker \"alive\"");
    ck_assert_int_ne(access("/tmp/rf_vm_escaped", F_OK), 0);
}
END_TEST

START_TEST(binary_src_chunk_is_refused)
{
    char dir[] = "/tmp/rf_vm_testXXXXXX";
    char path[256];
    FILE *f;
    static const char bin[] = "\x1bLua\x54\x00\x19\x93\r\n\x1a\nrest";
    static const char xml[] = "<roomdb>\n<room name=\"B\" width=\"5\" height=\"3\">\n"
                              "<row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
                              "<script src=\"bin.lua\"/>\n</room></roomdb>\n";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/bin.lua", dir);
    ck_assert_ptr_nonnull(f = fopen(path, "wb"));
    ck_assert_uint_eq(fwrite(bin, 1, sizeof bin - 1, f), sizeof bin - 1);
    fclose(f);
    snprintf(path, sizeof path, "%s/rooms.xml", dir);
    ck_assert_ptr_nonnull(f = fopen(path, "wb"));
    ck_assert_uint_eq(fwrite(xml, 1, sizeof xml - 1, f), sizeof xml - 1);
    fclose(f);
    ck_assert_int_eq(rf_template_set_load_file(set, path, d), RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL),
                     RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-forbidden");
    remove(path);
    snprintf(path, sizeof path, "%s/bin.lua", dir);
    remove(path);
    rmdir(dir);
}
END_TEST

/* ---- issue 19: a budget for the whole tick and the whole load ---- */

/* Room Hog registers 5,000 rules each just under the rule budget; Victim's
 * rule comes after them. The tick's pool (twice a rule's budget) stops Hog
 * with one diagnostic naming it; Victim runs from the next tick on. */
START_TEST(many_near_budget_rules_share_one_tick_budget)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Hog\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
        "    <script lang=\"lua\">for i = 1, 5000 do room:rule{[\"repeat\"] = true,\n"
        "      when = function() for k = 1, 30000 do end return false end, run = {}} end</script>\n"
        "  </room>\n"
        "  <room name=\"Victim\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
        "    <script lang=\"lua\">room:rule{[\"repeat\"] = true,\n"
        "      run = function(r) r:ticker('v') end}</script>\n"
        "  </room>\n"
        "</roomdb>\n";
    rf_world_opts o;
    load_xml("hog.xml", xml);
    rf_world_opts_init(&o);
    o.tick_budget = 100000;
    o.load_budget = 5000000;
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_msg(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL) == RF_OK, "%s",
                  rf_diags_count(d) ? rf_diags_at(d, 0)->message : "");
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 1), 0, 4, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_ERR_SCRIPT);
    ck_assert_msg(rf_diags_count(d) == 1, "%zu: %s / %s", rf_diags_count(d),
                  rf_diags_at(d, 0)->message, rf_diags_at(d, rf_diags_count(d) - 1)->message);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-budget");
    ck_assert_str_eq(rf_diags_at(d, 0)->file, "hog.xml");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 2);
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "room 'Hog'"));
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(effects(true), "T2 ticker \"v\"");
}
END_TEST

/* The same with rules that fail after their work: a rule stopped by an error
 * pays what it spent too, so the pool still ends Hog's tick early instead
 * of every rule running and failing one after another. */
START_TEST(failing_rules_pay_the_tick_budget_too)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Hog\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
        "    <script lang=\"lua\">for i = 1, 500 do room:rule{[\"repeat\"] = true,\n"
        "      when = function() for k = 1, 30000 do end error(\"late\") end, run = {}} end</script>\n"
        "  </room>\n"
        "</roomdb>\n";
    rf_world_opts o;
    size_t i, budget = 0;
    load_xml("hog.xml", xml);
    rf_world_opts_init(&o);
    o.tick_budget = 100000;
    o.load_budget = 5000000;
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_ERR_SCRIPT);
    /* six rules fail (each reported), then the pool is spent: one script-budget */
    ck_assert_msg(rf_diags_count(d) <= 10, "%zu diagnostics", rf_diags_count(d));
    for (i = 0; i < rf_diags_count(d); i++)
        budget += strcmp(rf_diags_at(d, i)->code, "script-budget") == 0;
    ck_assert_uint_eq(budget, 1);
}
END_TEST

/* A room's scripts share one load budget: the second of two chunks that
 * each run 60% of it overruns. */
START_TEST(a_rooms_chunks_share_one_load_budget)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Two\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
        "    <script lang=\"lua\">for k = 1, 60000 do end</script>\n"
        "    <script lang=\"lua\">for k = 1, 60000 do end</script>\n"
        "  </room>\n"
        "</roomdb>\n";
    rf_world_opts o;
    load_xml("two.xml", xml);
    rf_world_opts_init(&o);
    o.load_budget = 100000;
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL),
                     RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-budget");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 5);
}
END_TEST

/* math.randomseed in one room leaves another room's draws as they were. */
static const char *draws_after(const char *first_chunk)
{
    static char out[8192];
    char xml[2048];
    rf_world_opts o;
    snprintf(xml, sizeof xml,
             "<roomdb>\n"
             "  <room name=\"A\" width=\"5\" height=\"3\">\n"
             "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
             "    <script lang=\"lua\">%s</script>\n"
             "  </room>\n"
             "  <room name=\"B\" width=\"5\" height=\"3\">\n"
             "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
             "    <script lang=\"lua\">room:rule{run = function(r)\n"
             "      r:ticker(math.random(1, 1000000) .. ',' .. math.random(1, 1000000)) end}"
             "</script>\n"
             "  </room>\n"
             "</roomdb>\n",
             first_chunk);
    rf_world_free(w);
    w = NULL;
    rf_template_set_free(set);
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(set);
    load_xml("rand.xml", xml);
    rf_world_opts_init(&o);
    o.seed = 5;
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 1), 0, 4, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    snprintf(out, sizeof out, "%s", effects(true));
    return out;
}

/* Effects print control characters escaped (issue 19): nothing a script
 * writes drives a terminal; ids with one are quoted. */
START_TEST(effect_text_escapes_control_characters)
{
    rf_effect e;
    char line[256];
    memset(&e, 0, sizeof e);
    e.tick = 3;
    e.kind = RF_EFFECT_TICKER;
    e.text = "\033[2J\007\302\233x\tok";
    rf_effect_format(&e, true, line, sizeof line);
    ck_assert_str_eq(line, "T3 ticker \"\\x1b[2J\\x07\\xc2\\x9bx\\tok\"");
    e.kind = RF_EFFECT_REMOVE;
    e.id = "a\033b";
    rf_effect_format(&e, true, line, sizeof line);
    ck_assert_str_eq(line, "T3 remove \"a\\x1bb\"");
}
END_TEST

/* A rule flooding tickers is stopped during the tick by the per-tick caps
 * (issue 19), before C copies more than they allow. */
START_TEST(effect_floods_stop_during_the_tick)
{
    ck_assert_int_eq(add_lua_room("room:rule{run = function(r)\n"
                                  "  for i = 1, 1e9 do r:ticker(('x'):rep(1000) .. i) end end}", 0),
                     RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_ERR_SCRIPT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-error");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "bytes of effect text in one tick"));
    ck_assert_uint_le(rf_world_effect_count(w), 1100);
}
END_TEST

/* Room Hog keeps growing the state's memory; Victim's rule then asks for a
 * little more: the diagnostic names Hog, the holder, and Victim goes on. */
START_TEST(memory_is_blamed_on_the_room_that_holds_it)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Hog\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
        "    <script lang=\"lua\">local keep = {}\n"
        "      room:rule{[\"repeat\"] = true, run = function()\n"
        "        for i = 1, 200 do keep[#keep + 1] = ('x'):rep(1000) .. #keep end end}</script>\n"
        "  </room>\n"
        "  <room name=\"Victim\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
        "    <script lang=\"lua\">room:rule{[\"repeat\"] = true, run = function(r)\n"
        "      local t = {} for i = 1, 20000 do t[i] = i end end}</script>\n"
        "  </room>\n"
        "</roomdb>\n";
    rf_world_opts o;
    int ticks;
    rf_status st = RF_OK;
    load_xml("mem.xml", xml);
    rf_world_opts_init(&o);
    o.mem_cap = 8u * 1024 * 1024;
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 1), 0, 4, d, NULL), RF_OK);
    for (ticks = 0; ticks < 100 && st == RF_OK; ticks++)
        st = rf_world_tick(w, d);
    ck_assert_int_eq(st, RF_ERR_SCRIPT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-memory");
    ck_assert_msg(strstr(rf_diags_at(d, 0)->message, "room 'Hog'") != NULL, "%s",
                  rf_diags_at(d, 0)->message);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK); /* Hog's rule is off, Victim goes on */
}
END_TEST

START_TEST(each_room_has_its_own_random_stream)
{
    char plain[8192];
    snprintf(plain, sizeof plain, "%s", draws_after("local x = 1"));
    ck_assert_str_eq(draws_after("math.randomseed(42) local v = math.random()"), plain);
    ck_assert_str_eq(draws_after("room:rule{run = function() math.randomseed(7) end}"), plain);
    ck_assert_msg(rf_diags_count(d) == 0, "%s", rf_diags_count(d) ? rf_diags_at(d, 0)->message : "");
}
END_TEST

static Suite *world_limits_suite(void)
{
    Suite *s = suite_create("world_limits");
    TCase *ab = tcase_create("abuse");
    int n = (int)(sizeof abuses / sizeof abuses[0]);
    tcase_add_checked_fixture(ab, setup, teardown);
    tcase_set_timeout(ab, 60);
    tcase_add_loop_test(ab, abuse_at_load_is_reported_and_harmless, 0, n);
    tcase_add_loop_test(ab, abuse_at_tick_disables_the_rule_only, 0, n);
    tcase_add_test(ab, binary_src_chunk_is_refused);
    tcase_add_test(ab, many_near_budget_rules_share_one_tick_budget);
    tcase_add_test(ab, failing_rules_pay_the_tick_budget_too);
    tcase_add_test(ab, a_rooms_chunks_share_one_load_budget);
    tcase_add_test(ab, each_room_has_its_own_random_stream);
    tcase_add_test(ab, effect_text_escapes_control_characters);
    tcase_add_test(ab, effect_floods_stop_during_the_tick);
    tcase_add_test(ab, memory_is_blamed_on_the_room_that_holds_it);
    suite_add_tcase(s, ab);
    return s;
}

RF_TEST_MAIN(world_limits_suite)
