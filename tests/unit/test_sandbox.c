/* tests/unit/test_sandbox.c: escape and abuse attempts against the Lua
 * sandbox (luavm.c): each gives its diagnostic, at its line, and no harm;
 * and a state kept from use to use (a chunk compiled once, a recycle). */
#include <fts.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "vm/seam.h"
#include "vm_int.h"
#include "rf_test.h"
#include "roomforge/diag.h"

static rf_luavm *vm;
static rf_diags *d;
static void setup(void)
{
    vm = rf_luavm_new(4 * 1024 * 1024, 200000);
    d = rf_diags_new();
    ck_assert_ptr_nonnull(vm);
    ck_assert_ptr_nonnull(d);
}
static void teardown(void)
{
    rf_luavm_free(vm);
    rf_diags_free(d);
}

/* Runs code as the script of room "vault" starting at file line 10. */
static rf_status run(const char *code)
{
    rf_luavm_origin o = {"vault", "script 1", "rooms.xml", 10};
    return rf_luavm_run(vm, code, strlen(code), &o, d);
}

/* Asserts exactly one new diagnostic with this code at this file line, and
 * that the VM still runs a good chunk afterwards. */
static void expect_diag(const char *code, int line)
{
    const rf_diag *g;
    ck_assert_uint_eq(rf_diags_count(d), 1);
    g = rf_diags_at(d, 0);
    ck_assert_str_eq(g->code, code);
    ck_assert_str_eq(g->file, "rooms.xml");
    if (line)
        ck_assert_int_eq(g->line, line);
    ck_assert_ptr_nonnull(strstr(g->message, "vault"));
    ck_assert_ptr_nonnull(strstr(g->message, "script 1"));
    ck_assert_int_eq(run("local t = {} for i = 1, 100 do t[i] = i end assert(#t == 100)"), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 1);
}

START_TEST(plain_chunk_runs)
{
    ck_assert_int_eq(run("x = string.format('%d', math.floor(2.5)) assert(utf8.char(65) == 'A')"),
                     RF_OK);
    ck_assert_int_eq(run("assert(x == '2')"), RF_OK); /* globals persist in the world */
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_ptr_null(rf_luavm_last_code(vm));
}
END_TEST

START_TEST(syntax_error_at_file_line)
{
    ck_assert_int_eq(run("local a = 1\nlocal b = 2\nlocal c = = 3\n"), RF_ERR_SCRIPT);
    expect_diag("script-syntax", 12);
}
END_TEST

START_TEST(runtime_error_at_file_line)
{
    ck_assert_int_eq(run("local a = 1\n\nerror('boom')\n"), RF_ERR_SCRIPT);
    expect_diag("script-error", 12);
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "boom"));
}
END_TEST

START_TEST(os_execute_is_forbidden)
{
    ck_assert_int_eq(run("\nos.execute('touch /tmp/rf_sandbox_escaped')"), RF_ERR_SCRIPT);
    expect_diag("script-forbidden", 11);
    ck_assert_int_ne(remove("/tmp/rf_sandbox_escaped"), 0);
}
END_TEST

START_TEST(io_open_is_forbidden)
{
    ck_assert_int_eq(run("local f = io.open('/etc/passwd')"), RF_ERR_SCRIPT);
    expect_diag("script-forbidden", 10);
}
END_TEST

START_TEST(require_is_forbidden)
{
    ck_assert_int_eq(run("local x = 1\nrequire('os')"), RF_ERR_SCRIPT);
    expect_diag("script-forbidden", 11);
}
END_TEST

START_TEST(dofile_and_loadfile_are_forbidden)
{
    ck_assert_int_eq(run("dofile('/etc/passwd')"), RF_ERR_SCRIPT);
    expect_diag("script-forbidden", 10);
    ck_assert_int_eq(run("loadfile('/etc/passwd')"), RF_ERR_SCRIPT);
    ck_assert_str_eq(rf_luavm_last_code(vm), "script-forbidden");
}
END_TEST

START_TEST(binary_chunk_is_forbidden)
{
    /* the chunk itself binary: refused by mode "t" */
    static const char bin[] = "\x1bLua\x54\x00\x19\x93\r\n\x1a\n";
    rf_luavm_origin o = {"vault", "script 1", "rooms.xml", 10};
    ck_assert_int_eq(rf_luavm_run(vm, bin, sizeof bin - 1, &o, d), RF_ERR_SCRIPT);
    expect_diag("script-forbidden", 0);
    /* making one: string.dump is gone, load is gone */
    ck_assert_int_eq(run("local s = string.dump(function() end)"), RF_ERR_SCRIPT);
    ck_assert_str_eq(rf_luavm_last_code(vm), "script-error");
    ck_assert_int_eq(run("load('\\27Lua')"), RF_ERR_SCRIPT);
    ck_assert_str_eq(rf_luavm_last_code(vm), "script-forbidden");
}
END_TEST

START_TEST(string_rep_in_a_loop_hits_memory_cap)
{
    ck_assert_int_eq(run("local t = {}\nfor i = 1, 1e9 do t[i] = string.rep('x', 65536) .. i end"),
                     RF_ERR_SCRIPT);
    expect_diag("script-memory", 0);
    ck_assert_uint_lt(rf_luavm_memory(vm), 4 * 1024 * 1024);
    ck_assert_int_eq(run("local s = string.rep('x', 1 << 30)"), RF_ERR_SCRIPT);
    ck_assert_str_eq(rf_luavm_last_code(vm), "script-memory");
}
END_TEST

START_TEST(infinite_loop_hits_budget)
{
    ck_assert_int_eq(run("local n = 0\nwhile true do n = n + 1 end"), RF_ERR_SCRIPT);
    expect_diag("script-budget", 11);
}
END_TEST

START_TEST(pcall_cannot_swallow_budget)
{
    ck_assert_int_eq(run("while true do pcall(function() while true do end end) end"),
                     RF_ERR_SCRIPT);
    expect_diag("script-budget", 10);
}
END_TEST

START_TEST(unbounded_recursion_is_stopped)
{
    const char *c;
    ck_assert_int_eq(run("local function f(n) return 1 + f(n + 1) end\nf(1)"), RF_ERR_SCRIPT);
    c = rf_luavm_last_code(vm);
    ck_assert(strcmp(c, "script-error") == 0 || strcmp(c, "script-memory") == 0 ||
              strcmp(c, "script-budget") == 0);
    ck_assert_int_eq(run("assert(1 + 1 == 2)"), RF_OK);
}
END_TEST

START_TEST(string_metatable_is_protected)
{
    ck_assert_int_eq(run("assert(getmetatable('') == false)\nassert(getmetatable(string) == false)"),
                     RF_OK);
    ck_assert_int_eq(run("local mt = getmetatable('')\nmt.__index = {}"), RF_ERR_SCRIPT);
    expect_diag("script-error", 11);
    ck_assert_int_eq(run("setmetatable(string, nil)"), RF_ERR_SCRIPT);
    ck_assert_int_eq(run("assert(('abc'):upper() == 'ABC')"), RF_OK);
}
END_TEST

START_TEST(coroutine_is_not_available)
{
    ck_assert_int_eq(
        run("local co = coroutine.create(function() while true do end end)\ncoroutine.resume(co)"),
        RF_ERR_SCRIPT);
    expect_diag("script-forbidden", 10);
}
END_TEST

/* The one forbidden list (rf_luavm_push_forbidden): every name on it is
 * script-forbidden, for room scripts, extensions and recipes alike. */
START_TEST(the_forbidden_list_is_the_states)
{
    lua_State *L = rf_luavm_state(vm);
    size_t n = 0;
    rf_luavm_push_forbidden(L);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        char code[128];
        const char *name = lua_tostring(L, -2);
        bool kept = false;
        lua_pop(L, 1);
        snprintf(code, sizeof code, "local x = %s\nassert(x ~= nil)", name);
        ck_assert_int_eq(run(code), kept ? RF_OK : RF_ERR_SCRIPT);
        if (!kept) {
            expect_diag("script-forbidden", 10);
            rf_diags_free(d);
            d = rf_diags_new();
            ck_assert_ptr_nonnull(d);
        }
        n++;
    }
    lua_pop(L, 1);
    ck_assert_uint_eq(n, 18);
}
END_TEST

START_TEST(pairs_walks_keys_in_a_fixed_order)
{
    /* numbers ascending, strings by bytes, false then true: whatever the
     * insertion order or the string hash seed of this run */
    ck_assert_int_eq(run("local function walk(t)\n"
                         "  local out = {}\n"
                         "  for k, v in pairs(t) do out[#out + 1] = tostring(k) .. '=' .. v end\n"
                         "  return table.concat(out, ',')\n"
                         "end\n"
                         "local a = {zeta = 1, alpha = 2, [3] = 3, [1] = 4, [2.5] = 5,\n"
                         "           [true] = 6, [false] = 7, beta = 8, a = 9, B = 10}\n"
                         "local b = {}\n"
                         "for _, k in ipairs({'B', 'a', 'beta', 'alpha', 'zeta'}) do b[k] = a[k] end\n"
                         "b[false], b[true], b[1], b[3], b[2.5] = 7, 6, 4, 3, 5\n"
                         "local want = '1=4,2.5=5,3=3,B=10,a=9,alpha=2,beta=8,zeta=1,false=7,true=6'\n"
                         "assert(walk(a) == want, walk(a))\n"
                         "assert(walk(b) == want, walk(b))\n"
                         "local u, seen = {a = 1, b = 2, c = 3}, {}\n"
                         "for k in pairs(u) do seen[#seen + 1] = k; u.b = nil end\n"
                         "assert(table.concat(seen) == 'ac')\n"
                         "local m = setmetatable({}, {__pairs = function(t)\n"
                         "  return function(_, k) if k == nil then return 1, 'x' end end, t, nil end})\n"
                         "local n = 0\n"
                         "for k, v in pairs(m) do n = n + 1; assert(k == 1 and v == 'x') end\n"
                         "assert(n == 1)\n"
                         "assert(not pcall(pairs, 42))\n"),
                     RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

START_TEST(out_of_memory_at_creation_gives_null)
{
    long n;
    rf_luavm *x = NULL;
    for (n = 1; n < 5000 && !x; n++) {
        rf_alloc_fail_after(n);
        x = rf_luavm_new(0, 0);
        rf_alloc_fail_after(0);
    }
    ck_assert_ptr_nonnull(x); /* succeeds once the failure comes too late */
    ck_assert_int_eq(rf_luavm_run(x, "return 1", 8, NULL, NULL), RF_OK);
    rf_luavm_free(x);
}
END_TEST

/* ---- issue 13: no uninterruptible C, a budget no handler escapes ---- */

/* Each case ends within the budget (200,000) with its code; the VM then runs
 * a good chunk. A hang fails through the test's CTest TIMEOUT. */
typedef struct hang_case {
    const char *code;
    const char *want; /* diagnostic code */
} hang_case;

static const hang_case hangs[] = {
    {"local s = string.rep('', math.maxinteger)", "script-budget"},
    {"local s = (''):rep(math.maxinteger)", "script-budget"},
    {"local s = string.rep('', math.maxinteger, '')", "script-budget"},
    {"local s = ('x'):rep(math.maxinteger)", "script-memory"},
    {"local s = string.rep('ab', 1 << 40, ',')", "script-memory"},
    {"table.move({}, 1, math.maxinteger - 1, 2)", "script-budget"},
    {"table.move({}, math.mininteger, -1, 1)", "script-budget"},
    {"local t = setmetatable({}, {__len = function() return 1 << 62 end})\n"
     "table.insert(t, 1, 'x')", "script-forbidden"},
    {"local t = setmetatable({}, {__len = function() return 1 << 62 end})\ntable.remove(t, 1)",
     "script-forbidden"},
    {"local t = setmetatable({}, {__index = rawlen})\nlocal s = table.concat(t, '', 1, 1 << 60)",
     "script-forbidden"},
    {"local t = table.unpack({}, 1, 1 << 40)", "script-budget"},
    {"string.find(1111111111111111111, ('.-'):rep(18) .. 'x')", "script-forbidden"},
    {"string.match(('a'):rep(40), ('a?'):rep(40) .. ('a'):rep(40))", "script-forbidden"},
    {"for m in string.gmatch(('a'):rep(5000), 'a*a*a*a*a*b') do end", "script-forbidden"},
    {"local s = ('a'):rep(5000)\ns:find('a*a*a*a*a*b')", "script-forbidden"},
    {"local s = ('a'):rep(5000)\ns:gsub('a-a-a-a-b', '')", "script-forbidden"},
    {"string.find(('a'):rep(1 << 20), ('a'):rep(1 << 19) .. 'b', 1, true)", "script-forbidden"},
    {"xpcall(function() while true do end end, function() while true do end end)",
     "script-budget"},
    {"while true do xpcall(function() while true do end end, function(m) return m end) end",
     "script-budget"},
    {"do\n local x <close> = setmetatable({}, {__close = function() while true do end end})\n"
     " while true do end\nend", "script-budget"},
    {"while true do pcall(string.rep, '', math.maxinteger) end", "script-budget"},
    {"local t = {}\nwhile true do pcall(function() t[#t + 1] = ('x'):rep(1 << 16) end) end",
     "script-memory"},
    {"setmetatable({}, {__gc = function() while true do end end})", "script-forbidden"},
    {"print('\\27[2J')", "script-forbidden"},
    {"warn('x')", "script-forbidden"},
    {"rawset(string, 'rep', nil)", "script-forbidden"},
    {"string.rep = nil", "script-error"},
    {"math.random = nil", "script-error"},
    /* the counting points (lua_count.c): loops without a loop statement */
    {"::top:: goto top", "script-budget"},
    {"local x = 0\n::top::\nx = x + 1 x = x * 1 x = x - 0\ngoto top", "script-budget"},
    {"repeat until false", "script-budget"},
    {"local function f() return f() end\nf()", "script-budget"},
    {"local function f() pcall(f) pcall(f) end\nf()", "script-budget"},
    {"local s = ('a'):rep(1000)\nwhile true do s:gsub('a', function() end) end",
     "script-budget"},
    {"local t = {} for i = 1, 100 do t[i] = i end\n"
     "while true do table.sort(t, function(a, b) return a > b end) end", "script-budget"},
    {"local n = 0\nwhile (function() n = n + 1 return true end)() do end", "script-budget"},
    {"local t = setmetatable({}, {__index = function(t, k) return k end})\n"
     "while true do local v = t.x end", "script-budget"},
    {"local __rf = function() end\nwhile true do end", "script-forbidden"},
    {"local t = {} t.__rfx = 1", "script-forbidden"},
    {"_ENV['__r' .. 'f'] = type", "script-forbidden"},
};

START_TEST(library_hangs_end_within_the_budget)
{
    const hang_case *c = &hangs[_i];
    rf_status st = run(c->code);
    if (st != RF_ERR_SCRIPT || strcmp(rf_luavm_last_code(vm), c->want) != 0)
        ck_abort_msg("%s: got %d %s, want %s", c->code, st,
                     rf_luavm_last_code(vm) ? rf_luavm_last_code(vm) : "-", c->want);
    expect_diag(c->want, 0);
}
END_TEST

/* The counting points change nothing a chunk means: keywords inside
 * strings and comments, a label at a block's end, a call after a block's
 * first word, methods, varargs, functions in loop headers. */
START_TEST(counting_points_keep_what_chunks_mean)
{
    static const char *const chunks[] = {
        "local s = [[while true do end]] assert(#s == 17)",
        "local s = \"do end -- x\" assert(s == 'do end -- x')",
        "local s = 'a\\'b' .. \"c\\\"d\" .. 'e\\z   \n  f' assert(s == \"a'bc\\\"def\")",
        "--[==[ while true do ]] end ]==] local x = 1 assert(x == 1)",
        "local s = [==[ ]] until ]=] ]==] assert(#s == 14)",
        "local n = 0 for i = 1, 3 do if i == 2 then goto continue end local y = i n = n + y "
        "::continue:: end assert(n == 4)",
        "local f = tostring do (f)(1) end",
        "local t = {} function t:m(a) return a end assert(t:m(3) == 3)",
        "local function f(...) return select('#', ...) end assert(f(1, 2) == 2)",
        "local n = 0 for i = 1, (function() return 3 end)() do n = n + i end assert(n == 6)",
        "local n = 0 while (function() do end n = n + 1 return n < 3 end)() do end assert(n == 3)",
        "local i = 0 repeat local j = i i = i + 1 until j >= 2 assert(i == 3)",
        "local x <const> = 0x1p4 + 1e-1 + .5 assert(x == 16.6)",
        "local a = 7 // 2 .. '' local b = 1 << 3 >> 1 assert(a == '3' and b == 4 and 2 ~= 3)",
        "assert(select('#', ...) == 0)",
    };
    size_t i;
    for (i = 0; i < sizeof chunks / sizeof chunks[0]; i++)
        ck_assert_msg(run(chunks[i]) == RF_OK, "%s: %s", chunks[i],
                      rf_diags_count(d) ? rf_diags_at(d, 0)->message : "");
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

/* A chunk run after another in the same environment counts its loops
 * with the sandbox's counter, whatever the first tried to put there. */
START_TEST(a_chunk_cannot_take_the_counter_from_the_next)
{
    ck_assert_int_eq(run("pcall(function() _ENV['__r' .. 'f'] = type end)\n"
                         "rf_was = _ENV['__r' .. 'f']"),
                     RF_OK);
    ck_assert_int_eq(run("while true do end"), RF_ERR_SCRIPT);
    expect_diag("script-budget", 10);
}
END_TEST

/* A turn of an empty loop costs one, as its one instruction did under a
 * count hook: 100,000 turns fit the budget of 200,000, 300,000 do not. */
START_TEST(a_loop_is_charged_what_it_runs)
{
    ck_assert_int_eq(run("for i = 1, 100000 do end"), RF_OK);
    ck_assert_int_eq(run("local n = 0\nfor i = 1, 300000 do end"), RF_ERR_SCRIPT);
    expect_diag("script-budget", 11);
}
END_TEST

/* Where the points stand and what they charge: a loop body (a while's
 * condition in it, a for's header not), a repeat's body and, late, its
 * until and the region around it, a goto back to a label before it the
 * whole function around it (a goto forward none), a function body; the
 * engine's own chunks a loop turn each, no function. */
START_TEST(points_stand_where_code_may_run_again)
{
    static const struct {
        const char *src, *want;
        bool user;
    } rows[] = {
        {"while x do end", "local __rf = __rf; while x do __rf(000000002);  end", true},
        {"for i = 1, n do f(i) end",
         "local __rf = __rf; for i = 1, n do __rf(000000004);  f(i) end", true},
        {"repeat x = x + 1 until x > 9",
         "local __rf = __rf; repeat __rf(000000013);  x = x + 1 until x > 9", true},
        {"::a:: x = 1 goto a", "local __rf = __rf; ::a:: x = 1  __rf(000000006); goto a", true},
        {"local function f(a) return a end",
         "local __rf = __rf; local function f(a) __rf(000000006);  return a end", true},
        {"local s = 'do end' --[[ while ]] if x then end",
         "local __rf = __rf; local s = 'do end' --[[ while ]] if x then end", true},
        {"local function f() while x do g() end end",
         "local __rf = __rf; local function f() while x do __rf(000000001);  g() end end", false},
        {"for k in pairs(t) do goto c ::c:: end",
         "local __rf = __rf; for k in pairs(t) do __rf(000000001);  goto c ::c:: end", false},
        {"for i = 1, 9 do if i > 2 then goto c end ::c:: end",
         "local __rf = __rf; for i = 1, 9 do __rf(000000008);  if i > 2 then goto c end ::c:: end",
         true},
        {"local function f() ::a:: end ::a:: goto a",
         "local __rf = __rf; local function f() __rf(000000004);  ::a:: end ::a::  __rf(000000004); "
         "goto a",
         true},
    };
    size_t i;
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char *out = NULL;
        size_t n, off;
        ck_assert_int_eq(rf_vm_count_points(rows[i].src, strlen(rows[i].src), rows[i].user, &out,
                                            &n, &off),
                         RF_OK);
        ck_assert_msg(n == strlen(rows[i].want) && memcmp(out, rows[i].want, n) == 0,
                      "%s: got [%.*s]", rows[i].src, (int)n, out);
        ck_assert(off == (size_t)-1);
        rf_free(out);
    }
}
END_TEST

/* Every Lua file of the source tree, counted, is its source again once the
 * first line's local and the points are taken out, with its lines as they
 * were; a user chunk's every point is filled in. */
static size_t strip_points(char *t, size_t n)
{
    static const char head[] = "local __rf = __rf; ";
    size_t r = 0, w = 0, hn = sizeof head - 1;
    if (n >= hn && memcmp(t, head, hn) == 0)
        r = hn;
    while (r < n) {
        if (n - r >= 18 && memcmp(t + r, " __rf(", 6) == 0 && memcmp(t + r + 15, "); ", 3) == 0) {
            ck_assert_msg(memcmp(t + r + 6, "999999999", 9) != 0, "a point left unfilled");
            r += 18;
            continue;
        }
        t[w++] = t[r++];
    }
    return w;
}

START_TEST(counted_sources_are_their_sources)
{
    char *roots[] = {RF_SOURCE_DIR "/scripts", RF_SOURCE_DIR "/tests/data",
                     RF_SOURCE_DIR "/content", RF_SOURCE_DIR "/docs", NULL};
    FTS *fts = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR, NULL);
    FTSENT *e;
    int files = 0;
    ck_assert_ptr_nonnull(fts);
    while ((e = fts_read(fts)) != NULL) {
        size_t len, n, off;
        char *src, *out = NULL;
        FILE *f;
        long size;
        if (e->fts_info != FTS_F || e->fts_namelen < 5 ||
            strcmp(e->fts_name + e->fts_namelen - 4, ".lua") != 0)
            continue;
        ck_assert_ptr_nonnull(f = fopen(e->fts_accpath, "rb"));
        ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
        ck_assert_int_ge(size = ftell(f), 0);
        rewind(f);
        ck_assert_ptr_nonnull(src = malloc((size_t)size + 1));
        len = fread(src, 1, (size_t)size, f);
        fclose(f);
        ck_assert_int_eq(rf_vm_count_points(src, len, true, &out, &n, &off), RF_OK);
        n = strip_points(out, n);
        ck_assert_msg(n == len && memcmp(out, src, len) == 0, "%s changed", e->fts_path);
        rf_free(out);
        free(src);
        files++;
    }
    fts_close(fts);
    ck_assert_int_gt(files, 10);
}
END_TEST

/* What stays: ordinary use of the wrapped functions. */
START_TEST(wrapped_functions_keep_their_meaning)
{
    ck_assert_int_eq(run("assert(string.rep('ab', 3, ',') == 'ab,ab,ab')\n"
                         "assert(('x'):rep(0) == '' and ('x'):rep(2) == 'xx')\n"
                         "assert(string.rep('', 10) == '')\n"
                         "local t = {1, 2, 3}\n"
                         "table.insert(t, 4) table.insert(t, 1, 0)\n"
                         "assert(table.concat(t, ',') == '0,1,2,3,4')\n"
                         "assert(table.remove(t) == 4 and table.remove(t, 1) == 0)\n"
                         "assert(select('#', table.unpack(t)) == 3)\n"
                         "local u = table.move(t, 1, 3, 2, {})\n"
                         "assert(u[2] == 1 and u[4] == 3)\n"
                         "table.sort(t, function(a, b) return a > b end)\n"
                         "assert(t[1] == 3)\n"
                         "assert(('hello world'):find('o w') == 5)\n"
                         "assert(string.match('key = value', '(%w+)%s*=%s*(%w+)') == 'key')\n"
                         "assert(select(2, ('a,b,c'):gsub(',', ';')) == 2)\n"
                         "local n = 0 for w in ('a b c'):gmatch('%a') do n = n + 1 end\n"
                         "assert(n == 3)\n"
                         "assert(string.find(12345, '34') == 3)\n"
                         "local k = 0 for _ in pairs(string) do k = k + 1 end assert(k > 10)\n"
                         "assert(xpcall(function() error('x') end, function(m) return 'h' end)"
                         " == false)\n"
                         "assert(select(2, xpcall(error, function(m) return 'h:' .. m end, 'e'))"
                         " == 'h:e')\n"
                         "assert(select(2, xpcall(function(a) return a end, tostring, 7)) == 7)\n"),
                     RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

/* The libraries are read-only proxies: pairs walks what is behind one but
 * never hands that table out, so a script cannot change string or math for
 * the chunks after it (it could: pairs returned the library as its state). */
START_TEST(libraries_behind_pairs_stay_out_of_reach)
{
    ck_assert_int_eq(run("for _, lib in ipairs({string, math, table, utf8}) do\n"
                         "  local f, s, k = pairs(lib)\n"
                         "  assert(s == nil and k == nil)\n"
                         "  local n = 0\n"
                         "  for name, v in pairs(lib) do n = n + 1 assert(lib[name] == v) end\n"
                         "  assert(n > 0)\n"
                         "end\n"
                         "local seen = {} for k in pairs(string) do seen[#seen + 1] = k end\n"
                         "assert(seen[1] == 'byte' and seen[2] == 'char')\n"
                         "assert(not pcall(function() string.upper = nil end))\n"),
                     RF_OK);
    ck_assert_int_eq(run("local f = pairs(string)\n"
                         "local ok = pcall(function() local _, t = f(nil, nil) t.x = 1 end)\n"
                         "assert(string.upper('a') == 'A')\n"
                         "local _, m = pairs(math)\n"
                         "assert(m == nil and math.floor(1.5) == 1)\n"),
                     RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

/* Deep recursion ends at Lua's stack limit or the cap, quickly: the
 * message handler looks at a bounded number of stack levels. */
START_TEST(deep_recursion_ends_quickly)
{
    rf_luavm *big = rf_luavm_new(64 * 1024 * 1024, 20000000);
    rf_luavm_origin o = {"deep", "script 1", "rooms.xml", 1};
    static const char code[] = "local function f(n) return 1 + f(n + 1) end\nf(1)";
    ck_assert_ptr_nonnull(big);
    ck_assert_int_eq(rf_luavm_run(big, code, sizeof code - 1, &o, d), RF_ERR_SCRIPT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    rf_luavm_free(big);
}
END_TEST

/* The state's allocator (lua_alloc.c): a block keeps its bytes as it grows
 * and shrinks across the pool's classes and out of the pool and back, the
 * state's memory and its owner's count are exactly what Lua asked for, the
 * cap refuses growth, and thousands of live blocks never overlap. */
static void fill(unsigned char *p, size_t n, unsigned seed)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (unsigned char)(seed * 31u + i * 7u);
}

static bool filled(const unsigned char *p, size_t n, unsigned seed)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (p[i] != (unsigned char)(seed * 31u + i * 7u))
            return false;
    return true;
}

START_TEST(allocator_keeps_bytes_and_counts_across_classes)
{
    static const size_t sizes[] = {10, 16, 100, 480, 497, 2000, 70000, 5000, 50, 1};
    enum { NB = 3000 };
    static unsigned char *blocks[NB];
    static size_t bsize[NB];
    rf_luavm *v = rf_luavm_new(8u * 1024 * 1024, 0);
    unsigned char *p = NULL;
    size_t base, old = 0, i;
    ck_assert_ptr_nonnull(v);
    base = rf_luavm_memory(v);
    ck_assert(rf_luavm_set_owner(v, 3));
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        size_t keep = old < sizes[i] ? old : sizes[i];
        p = rf_vm_alloc(v, p, old, sizes[i]);
        ck_assert_ptr_nonnull(p);
        ck_assert_msg(filled(p, keep, 5), "size %zu lost bytes", sizes[i]);
        fill(p, sizes[i], 5);
        old = sizes[i];
        ck_assert_uint_eq(rf_luavm_memory(v), base + old);
        ck_assert_uint_eq(rf_luavm_owned(v, 3), old);
    }
    /* over the cap: refused, nothing changes */
    ck_assert_ptr_null(rf_vm_alloc(v, p, old, 9u * 1024 * 1024));
    ck_assert(v->mem_hit);
    ck_assert(filled(p, old, 5));
    ck_assert_uint_eq(rf_luavm_memory(v), base + old);
    ck_assert_ptr_null(rf_vm_alloc(v, p, old, 0));
    ck_assert_uint_eq(rf_luavm_memory(v), base);
    ck_assert_uint_eq(rf_luavm_owned(v, 3), 0);
    /* many live blocks of every class, freed and grown in turn */
    for (i = 0; i < NB; i++) {
        bsize[i] = 1 + (i * 37) % 700;
        blocks[i] = rf_vm_alloc(v, NULL, 0, bsize[i]);
        ck_assert_ptr_nonnull(blocks[i]);
        fill(blocks[i], bsize[i], (unsigned)i);
    }
    for (i = 0; i < NB; i += 2) {
        ck_assert_ptr_null(rf_vm_alloc(v, blocks[i], bsize[i], 0));
        blocks[i] = NULL;
    }
    for (i = 1; i < NB; i += 2) {
        size_t n = 1 + (i * 53) % 900;
        ck_assert(filled(blocks[i], bsize[i], (unsigned)i));
        blocks[i] = rf_vm_alloc(v, blocks[i], bsize[i], n);
        ck_assert_ptr_nonnull(blocks[i]);
        ck_assert(filled(blocks[i], bsize[i] < n ? bsize[i] : n, (unsigned)i));
        bsize[i] = n;
        fill(blocks[i], n, (unsigned)i + 1);
    }
    for (i = 0; i < NB; i += 2) { /* the freed blocks come back for new ones */
        bsize[i] = 1 + (i * 11) % 500;
        blocks[i] = rf_vm_alloc(v, NULL, 0, bsize[i]);
        ck_assert_ptr_nonnull(blocks[i]);
        fill(blocks[i], bsize[i], (unsigned)i + 1);
    }
    for (i = 0; i < NB; i++) {
        ck_assert_msg(filled(blocks[i], bsize[i], (unsigned)i + 1), "block %zu overwritten", i);
        ck_assert_ptr_null(rf_vm_alloc(v, blocks[i], bsize[i], 0));
    }
    ck_assert_uint_eq(rf_luavm_memory(v), base);
    ck_assert_uint_eq(rf_luavm_owned(v, 3), 0);
    ck_assert(rf_luavm_set_owner(v, 0));
    rf_luavm_free(v);
}
END_TEST

/* rf_luavm_load_kept inside a call: the same bytes twice give the same
 * function; the same address with another length is compiled again. */
typedef struct kept_case {
    const char *code;
    bool same, other;
} kept_case;

static int load_kept_twice(lua_State *L)
{
    kept_case *k = lua_touserdata(L, 1);
    size_t n = strlen(k->code);
    rf_luavm_load_kept(L, k->code, n, "=kept");
    rf_luavm_load_kept(L, k->code, n, "=kept");
    k->same = lua_rawequal(L, -1, -2);
    rf_luavm_load_kept(L, k->code, n - 1, "=kept"); /* "return 1" less its last byte */
    k->other = !lua_rawequal(L, -1, -2) && lua_isfunction(L, -1);
    return 0;
}

START_TEST(a_kept_chunk_is_compiled_once_a_text)
{
    kept_case k = {"return 12", false, false};
    rf_luavm_fail fail;
    ck_assert_int_eq(rf_luavm_call(vm, load_kept_twice, &k, 0, NULL, &fail), RF_OK);
    ck_assert(k.same);
    ck_assert(k.other);
}
END_TEST

/* Pushes three environments, as three levels' recipes would. */
static int three_envs(lua_State *L)
{
    int i;
    (void)lua_touserdata(L, 1);
    for (i = 0; i < 3; i++) {
        rf_luavm_push_env(L, (uint64_t)i);
        lua_pop(L, 1);
    }
    return 0;
}

/* A recycled state forgets its environments' streams and holds no more
 * than it held after the last recycle, whatever a use made in between. */
START_TEST(a_recycled_state_starts_from_the_same_heap)
{
    rf_luavm_fail fail;
    size_t before;
    ck_assert_int_eq(rf_luavm_call(vm, three_envs, NULL, 0, NULL, &fail), RF_OK);
    ck_assert_uint_eq(rf_luavm_rng_count(rf_luavm_state(vm)), 3);
    rf_luavm_recycle(vm);
    ck_assert_uint_eq(rf_luavm_rng_count(rf_luavm_state(vm)), 0);
    before = rf_luavm_memory(vm);
    ck_assert_int_eq(run("local t = {} for i = 1, 20000 do t[i] = {i} end"), RF_OK);
    ck_assert_uint_gt(rf_luavm_memory(vm), before + 100000);
    ck_assert_int_eq(rf_luavm_call(vm, three_envs, NULL, 0, NULL, &fail), RF_OK);
    rf_luavm_recycle(vm);
    ck_assert_uint_eq(rf_luavm_rng_count(rf_luavm_state(vm)), 0);
    ck_assert_uint_le(rf_luavm_memory(vm), before + 4096); /* the run's environment at most */
}
END_TEST

static Suite *sandbox_suite(void)
{
    Suite *s = suite_create("sandbox");
    TCase *tc = tcase_create("abuse");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, plain_chunk_runs);
    tcase_add_test(tc, syntax_error_at_file_line);
    tcase_add_test(tc, runtime_error_at_file_line);
    tcase_add_test(tc, os_execute_is_forbidden);
    tcase_add_test(tc, io_open_is_forbidden);
    tcase_add_test(tc, require_is_forbidden);
    tcase_add_test(tc, dofile_and_loadfile_are_forbidden);
    tcase_add_test(tc, binary_chunk_is_forbidden);
    tcase_add_test(tc, string_rep_in_a_loop_hits_memory_cap);
    tcase_add_test(tc, infinite_loop_hits_budget);
    tcase_add_test(tc, pcall_cannot_swallow_budget);
    tcase_add_test(tc, unbounded_recursion_is_stopped);
    tcase_add_test(tc, string_metatable_is_protected);
    tcase_add_test(tc, coroutine_is_not_available);
    tcase_add_test(tc, the_forbidden_list_is_the_states);
    tcase_add_test(tc, pairs_walks_keys_in_a_fixed_order);
    suite_add_tcase(s, tc);
    tc = tcase_create("hangs");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, library_hangs_end_within_the_budget, 0,
                        (int)(sizeof hangs / sizeof hangs[0]));
    tcase_add_test(tc, wrapped_functions_keep_their_meaning);
    tcase_add_test(tc, counting_points_keep_what_chunks_mean);
    tcase_add_test(tc, a_loop_is_charged_what_it_runs);
    tcase_add_test(tc, a_chunk_cannot_take_the_counter_from_the_next);
    tcase_add_test(tc, points_stand_where_code_may_run_again);
    tcase_add_test(tc, counted_sources_are_their_sources);
    tcase_add_test(tc, libraries_behind_pairs_stay_out_of_reach);
    tcase_add_test(tc, deep_recursion_ends_quickly);
    suite_add_tcase(s, tc);
    tc = tcase_create("memory");
    tcase_add_test(tc, out_of_memory_at_creation_gives_null);
    tcase_add_test(tc, allocator_keeps_bytes_and_counts_across_classes);
    suite_add_tcase(s, tc);
    tc = tcase_create("kept");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, a_kept_chunk_is_compiled_once_a_text);
    tcase_add_test(tc, a_recycled_state_starts_from_the_same_heap);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(sandbox_suite)
