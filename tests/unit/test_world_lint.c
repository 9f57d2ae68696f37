/* tests/unit/test_world_lint.c: unit tests for lint's Lua rooms
 * (world_lint.c over rf_world_lint_room): one lint world checks room after
 * room and reports exactly what a fresh world per room reports, whatever the
 * rooms before it did (errors, loops, the memory cap, rules registered
 * wrongly, objects made at load, garbage past lint's collection threshold),
 * and however its chunk first asks about the room's objects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rf_test.h"
#include "same_diags.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

#include "world_int.h"

#ifndef RF_TEST_DATA
#define RF_TEST_DATA "tests/data"
#endif

/* Lua chunks of one room each (no '<', '>' or '&': they go into XML as
 * they are). Each reports what it saw in its error message, so a state
 * leaking from an earlier room would change a diagnostic. */
static const char *const chunks[] = {
    /* fine: a rule from functions, one from lists */
    "room:rule{when = function() return room:object('m') ~= nil end,\n"
    "  run = function() room:ticker('seen') end}",
    "room:rule{when = {{'isDead', id = 'm'}}, run = {{'ticker', text = 'gone'}}, ['repeat'] = true}",
    /* what earlier rooms made must be gone: objects, globals, anchors */
    "local seen = (room:object('lv') and 'lever ' or '') .. (rawget(_ENV, 'g') and 'global' or '')\n"
    "g = 1\n"
    "if seen ~= '' then error('left over: ' .. seen) end\n"
    "local x, y = room:anchor(1)\n"
    "error('anchor ' .. tostring(x) .. ',' .. tostring(y) .. ' m ' .. room:object('m').type)",
    /* objects made at load, then an error naming them */
    "local v = room:create('lever', {id = 'lv', x = 1, y = 1})\n"
    "room:rule{when = function() return v.activated end, run = function() end}\n"
    "error('made ' .. v.id .. ' at ' .. v.x .. ',' .. v.y)",
    /* a lint room's objects come when first asked about: whatever asks first */
    "local v = room:create('lever', {x = 2, y = 1})\n"
    "error('first ' .. v.type .. ' then ' .. room:object('m').type .. ' at ' .. room:object('m').x)",
    "error('check ' .. tostring(room:check('isDead', {id = 'm'})) .. ' ' ..\n"
    "  tostring(room:check('isAlive', {id = 'm'})))",
    "room:remove('m')\nerror('removed ' .. tostring(room:object('m')))",
    "room:move('m', 3, 1)\nlocal m = room:object('m')\nerror('moved ' .. m.x .. ',' .. m.y)",
    "room:rule{when = {{'isAlive', id = 'nobody'}}, run = function() end}\n"
    "error('then ' .. room:object('m').type)",
    /* the room's own random stream */
    "error('draw ' .. math.random(1, 1000000000) .. ' ' .. math.random(1, 1000000000))",
    /* errors of every kind */
    "local a = 1\nlocal b = = 2",
    "local a = 1\nerror('plain')",
    "local a = 1\nwhile true do a = a + 1 end",
    "local t = {}\nfor i = 1, 1e9 do t[i] = string.rep('x', 4096) .. i end",
    "local function f(n) return 1 + f(n + 1) end\nf(1)",
    "local a = 1\nos.execute('true')",
    "local a = 1\nlocal m = require('io')",
    "local a = 1\nlocal s = string.rep('', math.maxinteger)",
    /* rules registered wrongly */
    "room:rule('not a table')",
    "room:rule{when = 3, run = function() end}",
    "room:rule{when = {{'noSuchCondition'}}, run = function() end}",
    "room:rule{run = {{'noSuchAction'}}}",
    "room:rule{when = {{'isDead', at = 7}}, run = function() end}",
    "local r = room\nroom:rule{run = function() r:rule{} end}\nerror('kept ' .. type(r))",
    /* the shared libraries stay out of reach (pairs' state is nil) */
    "local _, s = pairs(string)\nif s then s.upper = function() return 'changed' end end\n"
    "error('upper ' .. string.upper('x') .. ' floor ' .. math.floor(1.5))",
    /* garbage: a few of these pass lint's threshold for a full collection */
    "local t = {}\nfor i = 1, 12000 do t[i] = {i, tostring(i)} end\n"
    "room:rule{run = function() end}",
};
#define NCHUNKS (sizeof chunks / sizeof chunks[0])

/* The rooms file: rooms of one or two Lua scripts (chunks picked in a fixed
 * order that puts every chunk after every other), some with an XML script
 * of the extension's action; into buf. */
static void write_rooms(char *buf, size_t cap, size_t *nrooms)
{
    size_t len = 0, i, n = 0;
    len += (size_t)snprintf(buf + len, cap - len, "<roomdb>\n");
    for (i = 0; i < NCHUNKS * 6; i++) {
        size_t a = i % NCHUNKS, b = (i * 7 + i / NCHUNKS) % NCHUNKS;
        len += (size_t)snprintf(
            buf + len, cap - len,
            "  <room name=\"R%zu\" width=\"5\" height=\"3\">\n"
            "    <row text=\"##D##\"/>\n    <row text=\"d.1.d\"/>\n    <row text=\"##D##\"/>\n"
            "    <monster at=\"1\" name=\"bat\" id=\"m\"/>\n"
            "    <script><condition condition_type=\"isDead\" id=\"m\"/>"
            "<action action_type=\"ticker\" text=\"dead\"/></script>\n"
            "    <script lang=\"lua\">%s</script>\n",
            i, chunks[a]);
        if (i % 3 == 1)
            len += (size_t)snprintf(buf + len, cap - len, "    <script lang=\"lua\">%s</script>\n",
                                    chunks[b]);
        if (i % 4 == 2)
            len += (size_t)snprintf(buf + len, cap - len,
                                    "    <script><condition condition_type=\"entered\"/>"
                                    "<action action_type=\"shout\" text=\"in\"/></script>\n");
        len += (size_t)snprintf(buf + len, cap - len, "  </room>\n");
        ck_assert_uint_lt(len, cap);
        n++;
    }
    len += (size_t)snprintf(buf + len, cap - len, "</roomdb>\n");
    ck_assert_uint_lt(len, cap);
    *nrooms = n;
}

static void opts(rf_world_opts *o)
{
    rf_world_opts_init(o);
    o->mem_cap = 8u * 1024 * 1024;
    o->load_budget = 200000;
    o->scripts_dir = RF_TEST_DATA "/rules/ext";
    o->seed = 7;
}

/* Every room checked in a world of its own, as lint did before it kept one
 * world: its diagnostics into want, bad[i] its verdict. */
static void fresh_worlds(const rf_template_set *set, rf_diags *want, bool *bad)
{
    size_t i;
    rf_world_opts o;
    opts(&o);
    for (i = 0; i < rf_template_set_count(set); i++) {
        rf_diags *quiet = rf_diags_new();
        rf_world *fw = NULL;
        ck_assert_ptr_nonnull(quiet);
        ck_assert_int_eq(rf_world_new(&o, quiet, &fw), RF_OK);
        fw->quiet_unknown = true;
        fw->checked_xml = true;
        bad[i] = rf_world_add_room(fw, rf_template_set_at(set, i), 0, 0, want, NULL) != RF_OK;
        rf_world_free(fw);
        rf_diags_free(quiet);
    }
}

START_TEST(one_lint_world_reports_what_fresh_worlds_report)
{
    static char xml[256 * 1024];
    rf_template_set *set = rf_template_set_new();
    rf_diags *load = rf_diags_new(), *want = rf_diags_new(), *got = rf_diags_new();
    rf_world_opts o;
    size_t n = 0, i, errors = 0;
    bool *bad_want, *bad_got;
    ck_assert(set && load && want && got);
    write_rooms(xml, sizeof xml, &n);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "lint_rooms.xml", xml, strlen(xml), load),
                     RF_OK);
    ck_assert_uint_eq(rf_template_set_count(set), n);
    bad_want = calloc(n, sizeof *bad_want);
    bad_got = calloc(n, sizeof *bad_got);
    ck_assert(bad_want && bad_got);
    fresh_worlds(set, want, bad_want);
    opts(&o);
    ck_assert_int_eq(rf_world_lint_rooms(set, &o, got, bad_got), RF_ERR_CONTENT);
    ck_assert(same_diags(want, got));
    for (i = 0; i < n; i++) {
        ck_assert_msg(bad_want[i] == bad_got[i], "room %zu", i);
        errors += bad_got[i];
    }
    /* every kind of failure is there, and so are clean rooms */
    ck_assert_uint_gt(errors, n / 3);
    ck_assert_uint_lt(errors, n);
    for (i = 0; i < rf_diags_count(got); i++)
        ck_assert_str_ne(rf_diags_at(got, i)->code, "io-error");
    free(bad_got);
    free(bad_want);
    rf_diags_free(got);
    rf_diags_free(want);
    rf_diags_free(load);
    rf_template_set_free(set);
}
END_TEST

/* rf_world_lint_room leaves the world as it found it after a room (kept),
 * hands back a world that is not to be used after a suspect room, and
 * refuses a world that holds rooms. */
START_TEST(lint_room_releases_or_gives_the_world_up)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Fine\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/><row text=\"d.1.d\"/><row text=\"##D##\"/>\n"
        "    <lever id=\"lv\" at=\"1\"/>\n"
        "    <script lang=\"lua\">room:rule{run = function() end}</script>\n"
        "  </room>\n"
        "  <room name=\"Loop\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/><row text=\"d.1.d\"/><row text=\"##D##\"/>\n"
        "    <script lang=\"lua\">while true do end</script>\n"
        "  </room>\n"
        "</roomdb>\n";
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world *lw = NULL;
    rf_world_opts o;
    rf_luavm_fail f;
    bool kept = false;
    ck_assert(set && d);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "two.xml", xml, strlen(xml), d), RF_OK);
    opts(&o);
    ck_assert_int_eq(rf_world_new(&o, d, &lw), RF_OK);
    ck_assert_int_eq(rf_luavm_call(lw->vm, rf_world_step_lint_boot, lw, 0, NULL, &f), RF_OK);
    lw->checked_xml = true;
    ck_assert_int_eq(rf_world_lint_room(lw, rf_template_set_at(set, 0), d, (size_t)-1, &kept),
                     RF_OK);
    ck_assert(kept);
    ck_assert_uint_eq(rf_world_room_count(lw), 0);
    ck_assert_uint_eq(lw->nchunks, 0);
    /* again: the same room, the same answer (its lever's id is free again) */
    ck_assert_int_eq(rf_world_lint_room(lw, rf_template_set_at(set, 0), d, 0, &kept), RF_OK);
    ck_assert(kept);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_int_eq(rf_world_lint_room(lw, rf_template_set_at(set, 1), d, (size_t)-1, &kept),
                     RF_ERR_CONTENT);
    ck_assert(!kept);
    ck_assert(lw->suspect);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-budget");
    /* a world holding a room is not lint's */
    ck_assert_int_eq(rf_world_lint_room(lw, rf_template_set_at(set, 0), d, 0, &kept), RF_ERR_ARG);
    ck_assert(!kept);
    ck_assert_int_eq(rf_world_lint_room(lw, NULL, d, 0, &kept), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_lint_room(lw, rf_template_set_at(set, 0), d, 0, NULL), RF_ERR_ARG);
    rf_world_free(lw);
    rf_diags_free(d);
    rf_template_set_free(set);
}
END_TEST

/* The registry answers the world keeps for lint (has_condition and
 * has_action) follow types that user Lua registers after they were asked:
 * here a chunk runs an extension action that registers a condition. */
START_TEST(registry_answers_follow_late_registrations)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Late\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/><row text=\"d...d\"/><row text=\"##D##\"/>\n"
        "    <script lang=\"lua\">room:act('registerLate')</script>\n"
        "  </room>\n"
        "</roomdb>\n";
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world *lw = NULL;
    rf_world_opts o;
    const rf_script_types *types;
    ck_assert(set && d);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "late.xml", xml, strlen(xml), d), RF_OK);
    rf_world_opts_init(&o);
    o.scripts_dir = RF_TEST_DATA "/rules/ext_late";
    ck_assert_int_eq(rf_world_new(&o, d, &lw), RF_OK);
    types = rf_world_script_types(lw);
    ck_assert(types->has_action(types->ud, "registerLate"));
    ck_assert(types->has_action(types->ud, "REGISTERLATE"));
    ck_assert(!types->has_condition(types->ud, "lateCondition"));
    ck_assert(!types->has_condition(types->ud, "lateCondition")); /* kept */
    ck_assert_int_eq(rf_world_add_room(lw, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert(types->has_condition(types->ud, "lateCondition"));
    ck_assert(types->has_condition(types->ud, "LateCondition"));
    ck_assert(!types->has_action(types->ud, "lateCondition"));
    ck_assert(!types->has_condition(types->ud, NULL));
    ck_assert_uint_eq(rf_diags_count(d), 0);
    rf_world_free(lw);
    rf_diags_free(d);
    rf_template_set_free(set);
}
END_TEST

static Suite *world_lint_suite(void)
{
    Suite *s = suite_create("world_lint");
    TCase *tc = tcase_create("lua_rooms");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, one_lint_world_reports_what_fresh_worlds_report);
    tcase_add_test(tc, lint_room_releases_or_gives_the_world_up);
    tcase_add_test(tc, registry_answers_follow_late_registrations);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(world_lint_suite)
