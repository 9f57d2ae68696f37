/* tests/unit/test_world.c: unit tests for engine/src/world.c: the world API
 * (rooms at level offsets, objects, host callbacks, the effect log and its
 * text form), Lua rules and their room API, src paths, designer extensions,
 * and lint. The world under hostile scripts is test_world_limits.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/seam.h"
#include "rf_test.h"
#include "same_diags.h"
#include "roomforge/diag.h"
#include "roomforge/lint.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

#include "roomforge/fs.h"
#include "world_int.h"

#include "world_fixture.h"

/* ---- Lua rules and the room API ---- */

/* A game's own object stands in the world with its tag, inert, and a
 * script can still address it by id (issue 15). */
START_TEST(unknown_objects_stand_in_the_world)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Court\" width=\"7\" height=\"3\">\n"
        "    <row text=\"###D###\"/><row text=\"d.....d\"/><row text=\"###D###\"/>\n"
        "    <fountain id=\"well\" x=\"3\" y=\"1\" flow=\"3\"/>\n"
        "    <script><condition condition_type=\"entered\"/>\n"
        "      <action action_type=\"remove\" id=\"well\"/></script>\n"
        "  </room>\n"
        "</roomdb>\n";
    rf_world_opts o;
    rf_world_object ob;
    size_t room;
    load_xml("court.xml", xml);
    rf_world_opts_init(&o);
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 10, 5, d, &room), RF_OK);
    ck_assert(rf_world_object_find(w, room, "well", &ob));
    ck_assert_int_eq(ob.type, RF_OBJ_OTHER);
    ck_assert_str_eq(ob.tag, "fountain");
    ck_assert_int_eq(ob.x, 13);
    ck_assert_int_eq(ob.y, 6);
    ck_assert_int_eq(rf_world_enter(w, room, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert(!rf_world_object_find(w, room, "well", &ob));
    ck_assert_uint_eq(rf_world_object_count(w, room), 0);
}
END_TEST

/* Lint's shortcut: an XML room whose clauses are all built-in is not
 * compiled in a world again (the loader's checker saw it all). Over every
 * rooms file of the repository, lint with the shortcut reports exactly what
 * lint compiling every room reports, and the shortcut is taken. */
static void lint_both_ways(const char *dir, size_t *files, size_t *rooms)
{
    rf_fs_list *list = NULL;
    int why = 0;
    size_t i;
    ck_assert_int_eq(rf_fs_walk(dir, ".xml", RF_FS_WALK_RECURSIVE, &list, &why), RF_OK);
    for (i = 0; i < rf_fs_list_count(list); i++) {
        const char *file = rf_fs_list_at(list, i);
        rf_template_set *s = rf_template_set_new();
        rf_diags *quick = rf_diags_new(), *full = rf_diags_new(), *load = rf_diags_new();
        rf_world_opts o;
        rf_status qs, fs;
        ck_assert(s && quick && full && load);
        if (strstr(file, "profiles") == NULL && !rf_fs_list_error(list, i) &&
            rf_template_set_load_file(s, file, load) != RF_ERR_IO &&
            rf_template_set_count(s) > 0) {
            rf_world_opts_init(&o);
            qs = rf_world_lint_run(s, &o, quick, NULL, false);
            fs = rf_world_lint_run(s, &o, full, NULL, true);
            ck_assert_msg(qs == fs && same_diags(quick, full), "%s: lint differs", file);
            (*files)++;
            *rooms += rf_template_set_count(s);
        }
        rf_diags_free(load);
        rf_diags_free(full);
        rf_diags_free(quick);
        rf_template_set_free(s);
    }
    rf_fs_list_free(list);
}

START_TEST(lint_shortcut_reports_what_compiling_reports)
{
    size_t files = 0, rooms = 0;
    lint_both_ways(RF_SOURCE_DIR "/content", &files, &rooms);
    lint_both_ways(RF_TEST_DATA, &files, &rooms);
    fprintf(stderr, "lint shortcut: %zu files, %zu rooms\n", files, rooms);
    ck_assert_uint_ge(files, 40);
    ck_assert_uint_ge(rooms, 100);
}
END_TEST

START_TEST(lua_rule_api)
{
    ck_assert_int_eq(
        add_lua_room(
            "local n = 0\n"
            "assert(room:object('m').alive and room:object('m').type == 'monster')\n"
            "assert(room:object('nobody') == nil and room:name() == 'L')\n"
            "room:rule { when = function(r) return r:entered() end,\n"
            "  run = function(r)\n"
            "    n = n + 1\n"
            "    local o = r:create('lever', { id = 'lv', x = 3, y = 1 })\n"
            "    assert(o.activated == false and r:object('lv').x == 3)\n"
            "    r:move('m', 2, 1)\n"
            "    r:set('lv', 'passable', true)\n"
            "    r:spell('Blink')\n"
            "    r:trigger('count ' .. n .. ' at tick ' .. r:tick())\n"
            "  end, [\"repeat\"] = 1 }\n"
            "room:rule { when = { { 'isdead', id = 'm' }, { 'at', id = 'm', x = 2, y = 1 } },\n"
            "  run = { { 'remove', id = 'm' }, { 'ticker', text = 'bye' } } }\n",
            0),
        RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_int_eq(rf_world_move_player(w, 1, 1, NULL), RF_OK);
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_kill(w, 0, "m", NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_str_eq(effects(true), "T1 create lever lv at 3,1|T1 move m 2,1|T1 set lv passable 1|"
                                    "T1 spell \"Blink\" from 1,1 to 1,1|"
                                    "T1 ticker \"count 1 at tick 1\"|T2 remove m|T2 ticker \"bye\"|"
                                    "T2 ticker \"alive\"|T3 ticker \"alive\"");
}
END_TEST

START_TEST(removed_objects_are_reused_not_kept)
{
    /* a rule that makes and removes an object every other tick for 30,000
     * ticks: the world holds the live objects only, so a 4 MiB cap (which
     * 15,000 kept objects would pass) is never reached */
    long t;
    ck_assert_int_eq(
        add_lua_room("room:rule { when = function(r) return true end, [\"repeat\"] = 1,\n"
                     "  run = function(r)\n"
                     "    if r:object('spark') then r:remove('spark')\n"
                     "    else r:create('lever', { id = 'spark', x = 1, y = 1 }) end\n"
                     "  end }\n",
                     4u << 20),
        RF_OK);
    for (t = 0; t < 30000; t++)
        ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

START_TEST(a_view_of_a_removed_object_never_sees_its_successor)
{
    ck_assert_int_eq(
        add_lua_room("local kept\n"
                     "room:rule { when = function(r) return true end, [\"repeat\"] = 1,\n"
                     "  run = function(r)\n"
                     "    local t = r:tick()\n"
                     "    if t == 1 then\n"
                     "      kept = r:create('lever', { id = 'a', x = 1, y = 1 })\n"
                     "      assert(kept.x == 1)\n"
                     "      r:remove('a')\n"
                     "      assert(kept.x == nil and kept.type == nil, 'a removed object is seen')\n"
                     "    elseif t == 4 then\n"
                     "      local b = r:create('lever', { id = 'b', x = 2, y = 1 })\n"
                     "      assert(kept.x == nil and kept.id == nil, 'the dead view sees an object')\n"
                     "      assert(b.x == 2 and r:object('b').id == 'b')\n"
                     "      r:ticker('ok')\n"
                     "    end\n"
                     "  end }\n",
                     0),
        RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_ptr_nonnull(strstr(effects(true), "T4 ticker \"ok\""));
}
END_TEST

/* What the script's kept views showed in the last tick (its last ticker
 * starting "m ") is what the world holds (rf_world_object reads the
 * columns). */
static void kept_views_match_the_world(void)
{
    rf_world_object m, lv, b;
    char want[256];
    size_t n = rf_world_effect_count(w);
    const rf_effect *e = NULL;
    while (n > 0 && !e) { /* (the fixture's XML script tickers "alive" too) */
        e = rf_world_effect_at(w, --n);
        if (e->kind != RF_EFFECT_TICKER || strncmp(e->text, "m ", 2) != 0)
            e = NULL;
    }
    ck_assert_ptr_nonnull(e);
    ck_assert(rf_world_object_find(w, 0, "m", &m));
    ck_assert(rf_world_object_find(w, 0, "lv", &lv));
    ck_assert(rf_world_object_find(w, 0, "b", &b));
    snprintf(want, sizeof want, "m %d %d %d,%d lv %d %d,%d b %d %d", m.alive, !m.alive, m.lx, m.ly,
             lv.activated, lv.lx, lv.ly, b.hits, b.broken);
    ck_assert_str_eq(e->text, want);
}

/* A view a script keeps shows what the world holds after every kind of
 * change: the host's events by id and by handle, moves by both, the
 * script's own operations. Its most read fields live in a table of their
 * own that engine.lua keeps in step (synced); this checks every write. */
START_TEST(kept_views_follow_every_change)
{
    rf_world_object m, lv;
    ck_assert_int_eq(
        add_lua_room("local v\n"
                     "local function b01(x) return x and 1 or 0 end\n"
                     "room:rule { when = function(r) return true end, [\"repeat\"] = 1,\n"
                     "  run = function(r)\n"
                     "    if not v then\n"
                     "      r:create('lever', { id = 'lv', x = 2, y = 1 })\n"
                     "      r:create('customBreakable', { id = 'b', x = 3, y = 1, png = 'b.png',\n"
                     "        broken = 'c.png', hitsneededtobreak = 2 })\n"
                     "      v = { m = r:object('m'), lv = r:object('lv'), b = r:object('b') }\n"
                     "    end\n"
                     "    if r:tick() == 6 then r:move('lv', 3, 1) end\n"
                     "    local m, lv, b = v.m, v.lv, v.b\n"
                     "    r:ticker(string.format('m %d %d %d,%d lv %d %d,%d b %d %d', b01(m.alive),\n"
                     "      b01(m.dead), m.x, m.y, b01(lv.activated), lv.x, lv.y, b.hits, b01(b.broken)))\n"
                     "  end }\n",
                     0),
        RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    kept_views_match_the_world();
    ck_assert(rf_world_object_find(w, 0, "m", &m));
    ck_assert(rf_world_object_find(w, 0, "lv", &lv));
    ck_assert_int_eq(rf_world_pull(w, 0, "lv", NULL), RF_OK);
    ck_assert_int_eq(rf_world_hit(w, 0, "b", 1, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK); /* 2 */
    kept_views_match_the_world();
    ck_assert_int_eq(rf_world_move_obj(w, m.handle, 3, 1, NULL), RF_OK);
    ck_assert_int_eq(rf_world_pull_obj(w, lv.handle, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK); /* 3 */
    kept_views_match_the_world();
    ck_assert_int_eq(rf_world_hit(w, 0, "b", 1, NULL), RF_OK);
    ck_assert_int_eq(rf_world_kill(w, 0, "m", NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK); /* 4: broken, dead */
    kept_views_match_the_world();
    ck_assert_int_eq(rf_world_pull(w, 0, "lv", NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK); /* 5 */
    kept_views_match_the_world();
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK); /* 6: the script moves lv */
    kept_views_match_the_world();
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert(rf_world_object_find(w, 0, "lv", &lv));
    ck_assert_int_eq(lv.lx, 3);
    ck_assert(rf_world_object_find(w, 0, "m", &m));
    ck_assert(!m.alive && m.lx == 3);
}
END_TEST

START_TEST(room_table_and_objects_are_read_only)
{
    ck_assert_int_eq(add_lua_room("room.x = 1", 0), RF_ERR_CONTENT);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-error");
    rf_world_free(w);
    w = NULL;
    rf_template_set_free(set);
    set = rf_template_set_new();
    rf_diags_free(d);
    d = rf_diags_new();
    ck_assert_int_eq(add_lua_room("local o = room:object('m')\no.alive = false", 0),
                     RF_ERR_CONTENT);
    expect_one("script-error", "lua.xml", LUA_LINE(2));
}
END_TEST

START_TEST(a_failing_chunk_registers_no_rules)
{
    rf_world_room r;
    ck_assert_int_eq(
        add_lua_room("room:rule { run = function(r) r:ticker('x') end }\nerror('late')", 0),
        RF_ERR_CONTENT);
    expect_one("script-error", "lua.xml", LUA_LINE(2));
    ck_assert(rf_world_room_get(w, 0, &r));
    ck_assert_uint_eq(r.rules, 1); /* the XML script only */
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_str_eq(effects(true), "T1 ticker \"alive\"");
}
END_TEST

START_TEST(rule_outside_load_is_refused)
{
    ck_assert_int_eq(add_lua_room("local keep = room\n"
                                  "room:rule { [\"repeat\"] = true, run = function(r)\n"
                                  "  keep:rule { run = function() end }\nend }",
                                  0),
                     RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_ERR_SCRIPT);
    expect_one("script-error", "lua.xml", LUA_LINE(3));
}
END_TEST

/* ---- src paths ---- */

START_TEST(patterns_within_bounds_and_random_are_usable_and_deterministic)
{
    static const char *body =
        "local s = string.rep('ab', 100)\n"
        "assert(s:find('b+a') == 2 and select(2, string.gsub(s, 'a', 'x')) == 100)\n"
        "assert(('x-y'):find('-', 1, true) == 2)\n"
        "room:rule { [\"repeat\"] = true, run = function(r) r:ticker(tostring(math.random(1000000))) end }";
    char first[8192];
    ck_assert_int_eq(add_lua_room(body, 0), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    snprintf(first, sizeof first, "%s", effects(true));
    rf_world_free(w);
    w = NULL;
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_str_eq(effects(true), first);
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

START_TEST(src_paths_resolve_and_escapes_are_refused)
{
    size_t i;
    ck_assert_int_eq(rf_template_set_load_file(set, DATA "/src_rooms.xml", d), RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    for (i = 0; i < rf_template_set_count(set); i++) {
        rf_status st = rf_world_add_room(w, rf_template_set_at(set, i), 0, 0, d, NULL);
        ck_assert_int_eq(st, RF_ERR_CONTENT); /* each room has a refused src */
    }
    /* ok.lua loads; /etc/passwd, ../escape.lua and missing.lua do not */
    ck_assert_uint_eq(rf_diags_count(d), 3);
    for (i = 0; i < 3; i++) {
        ck_assert_str_eq(rf_diags_at(d, i)->code, "script-src");
        ck_assert_str_eq(rf_diags_at(d, i)->file, DATA "/src_rooms.xml");
    }
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 9);
    ck_assert_int_eq(rf_diags_at(d, 1)->line, 16);
    ck_assert_int_eq(rf_diags_at(d, 2)->line, 22);
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_str_eq(effects(true), "T1 ticker \"from ok.lua\"");
}
END_TEST

START_TEST(src_errors_point_into_the_src_file)
{
    ck_assert_int_eq(rf_template_set_load_file(set, DATA "/src_bad.xml", d), RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL),
                     RF_ERR_CONTENT);
    expect_one("script-error", DATA "/lua/bad.lua", 4);
}
END_TEST

/* ---- extensions ---- */

static const char ext_room[] =
    "<roomdb>\n"
    "  <room name=\"E\" width=\"5\" height=\"3\">\n"
    "    <row text=\"##D##\"/>\n"
    "    <row text=\"#...#\"/>\n"
    "    <row text=\"##D##\"/>\n"
    "    <customBreakable id=\"urn\" name=\"Urn\" x=\"1\" y=\"1\" hitsNeededToBreak=\"9\" "
    "broken=\"b.png\" png=\"p.png\"/>\n"
    "    <script repeat=\"1\">\n"
    "      <condition condition_type=\"hitsAtLeast\" id=\"urn\" hits=\"2\"/>\n"
    "      <condition condition_type=\"playerAt\" x=\"3\" y=\"1\" not=\"1\"/>\n"
    "      <action action_type=\"shout\" text=\"crack\"/>\n"
    "    </script>\n"
    "    <script>\n"
    "      <condition condition_type=\"hitsAtLeast\" id=\"nothing\" hits=\"1\" notfound=\"1\"/>\n"
    "      <action action_type=\"ticker\" text=\"notfound\"/>\n"
    "    </script>\n"
    "  </room>\n"
    "</roomdb>\n";

START_TEST(extensions_register_types_xml_uses)
{
    rf_world_opts o;
    rf_world_opts_init(&o);
    o.scripts_dir = DATA "/ext";
    load_xml("ext.xml", ext_room);
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert(rf_world_script_types(w)->has_condition(rf_world_script_types(w)->ud, "hitsatleast"));
    ck_assert(rf_world_script_types(w)->has_action(rf_world_script_types(w)->ud, "shout"));
    ck_assert(!rf_world_script_types(w)->has_action(rf_world_script_types(w)->ud, "whisper"));
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_hit(w, 0, "urn", 1, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_hit(w, 0, "urn", 1, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_move_player(w, 3, 1, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_str_eq(effects(true), "T1 ticker \"notfound\"|T2 ticker \"CRACK!\"");
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

static const char loop_room[] =
    "<roomdb>\n"
    "  <room name=\"S\" width=\"5\" height=\"3\">\n"
    "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
    "    <monster id=\"m\" x=\"1\" y=\"1\"/>\n"
    "    <script repeat=\"1\"><condition condition_type=\"spin\"/>\n"
    "      <action action_type=\"ticker\" text=\"never\"/></script>\n"
    "    <script repeat=\"1\"><condition condition_type=\"boom\" id=\"m\"/>\n"
    "      <action action_type=\"ticker\" text=\"never\"/></script>\n"
    "    <script repeat=\"1\"><condition condition_type=\"isAlive\" id=\"m\"/>\n"
    "      <action action_type=\"ticker\" text=\"alive\"/></script>\n"
    "  </room>\n"
    "</roomdb>\n";

START_TEST(extension_types_that_loop_or_err_disable_their_rule)
{
    rf_world_opts o;
    rf_world_opts_init(&o);
    o.scripts_dir = DATA "/ext_loop";
    o.tick_budget = 100000;
    load_xml("loop.xml", loop_room);
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_ERR_SCRIPT);
    ck_assert_uint_eq(rf_diags_count(d), 2);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-budget");
    ck_assert_str_eq(rf_diags_at(d, 0)->file, "loop.xml");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 5);
    /* raised in the extension's function: at the extension's line, the room
     * and its script named in the message */
    ck_assert_str_eq(rf_diags_at(d, 1)->code, "script-error");
    ck_assert_str_eq(rf_diags_at(d, 1)->file, DATA "/ext_loop/spin.lua");
    ck_assert_int_eq(rf_diags_at(d, 1)->line, 8);
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 1)->message, "room 'S', script 2: "));
    ck_assert_ptr_null(strstr(rf_diags_at(d, 1)->message, "spin.lua:8"));
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 2);
    ck_assert_str_eq(effects(true), "T1 ticker \"alive\"|T2 ticker \"alive\"");
}
END_TEST

START_TEST(without_extensions_the_types_are_unknown)
{
    load_xml("ext.xml", ext_room);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL),
                     RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 4);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "unknown-condition");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 8);
    ck_assert_str_eq(rf_diags_at(d, 2)->code, "unknown-action");
    ck_assert_int_eq(rf_diags_at(d, 2)->line, 10);
}
END_TEST

START_TEST(bad_extension_files_are_reported)
{
    rf_world_opts o;
    rf_world_opts_init(&o);
    o.scripts_dir = DATA "/ext_bad";
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_ERR_CONTENT);
    ck_assert_ptr_nonnull(w);
    ck_assert_uint_eq(rf_diags_count(d), 2);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-error"); /* a_redefine.lua */
    ck_assert_str_eq(rf_diags_at(d, 0)->file, DATA "/ext_bad/a_redefine.lua");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 3);
    ck_assert_str_eq(rf_diags_at(d, 1)->code, "script-syntax"); /* b_syntax.lua */
    ck_assert_int_eq(rf_diags_at(d, 1)->line, 2);
    rf_world_free(w);
    w = NULL;
    o.scripts_dir = DATA "/no_such_dir";
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_ERR_IO);
    ck_assert_ptr_null(w);
}
END_TEST

/* ---- lint ---- */

START_TEST(lint_reports_lua_chunks_at_their_xml_lines)
{
    /* a memory error names the line the chunk stood on when the cap was met
     * (the allocator notes it: such an error runs no message handler):
     * Hog's loop (40), Recursion's recursing function (48), whatever the
     * state's layout */
    static const struct {
        const char *code;
        int line;
    } want[] = {
        {"unknown-condition", 12}, {"script-syntax", 22},    {"script-budget", 31},
        {"script-memory", 40},     {"script-memory", 48},    {"script-forbidden", 58},
        {"script-forbidden", 67},
    };
    rf_world_opts o;
    size_t i;
    ck_assert_int_eq(rf_template_set_load_file(set, DATA "/lint_chunks.xml", d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    rf_world_opts_init(&o);
    o.mem_cap = 8u * 1024 * 1024;
    ck_assert_int_eq(rf_world_lint(set, &o, d), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), sizeof want / sizeof want[0]);
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        const rf_diag *g = rf_diags_at(d, i);
        ck_assert_msg(strcmp(g->code, want[i].code) == 0, "%zu: %s (%s)", i, g->code, g->message);
        ck_assert_msg(g->line == want[i].line, "%zu %s: line %d", i, g->code, g->line);
        ck_assert_str_eq(g->file, DATA "/lint_chunks.xml");
    }
}
END_TEST

START_TEST(lint_of_bundled_content_is_clean)
{
    ck_assert_int_eq(rf_template_set_load_path(set, RF_SOURCE_DIR "/content/rooms", d), RF_OK);
    ck_assert_int_eq(rf_world_lint(set, NULL, d), RF_OK);
    ck_assert_uint_eq(rf_diags_errors(d), 0);
}
END_TEST

/* ---- many rooms, the host, the log ---- */

static const char two_rooms[] =
    "<roomdb>\n"
    "  <room name=\"A\" width=\"5\" height=\"3\">\n"
    "    <row text=\"##D##\"/><row text=\"#.1.#\"/><row text=\"##D##\"/>\n"
    "    <lever id=\"lv\" x=\"1\" y=\"1\"/>\n"
    "    <customBlocker id=\"door\" at=\"1\" png=\"d.png\"/>\n"
    "    <script repeat=\"1\"><condition condition_type=\"activated_changed\" id=\"lv\"/>\n"
    "      <action action_type=\"set\" id=\"door\" set_type=\"passable\" value=\"1\"/>\n"
    "      <action action_type=\"move\" id=\"door\" x=\"3\" y=\"1\"/>\n"
    "      <action action_type=\"spell\" casts=\"Spark\" targetX=\"1\" targetY=\"1\"/></script>\n"
    "  </room>\n"
    "  <room name=\"B\" width=\"5\" height=\"3\">\n"
    "    <row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
    "    <clock id=\"c\" x=\"2\" y=\"1\" initial=\"1\" png=\"c.png\"/>\n"
    "    <script><condition condition_type=\"entered\"/>\n"
    "      <action action_type=\"create\" create_type=\"monster\" id=\"my id\" x=\"1\" y=\"1\"/>\n"
    "    </script>\n"
    "  </room>\n"
    "</roomdb>\n";

typedef struct host_log {
    char text[2048];
    size_t len;
} host_log;

static void host_any(void *ud, const rf_effect *e)
{
    host_log *h = ud;
    char line[256];
    rf_effect_format(e, false, line, sizeof line);
    h->len += (size_t)snprintf(h->text + h->len, sizeof h->text - h->len, "%s;", line);
}

START_TEST(rooms_at_offsets_report_level_and_local_coordinates)
{
    size_t a, b;
    rf_world_room r;
    rf_world_object o;
    host_log h = {{0}, 0};
    rf_world_host host = {&h, host_any, host_any, host_any, host_any, host_any, host_any, host_any,
                          host_any};
    load_xml("two.xml", two_rooms);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 10, 20, d, &a), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 1), 30, 5, d, &b), RF_OK);
    ck_assert_uint_eq(a, 0);
    ck_assert_uint_eq(b, 1);
    ck_assert_uint_eq(rf_world_room_count(w), 2);
    ck_assert(rf_world_room_get(w, 1, &r));
    ck_assert_str_eq(r.name, "B");
    ck_assert_int_eq(r.x, 30);
    ck_assert_int_eq(r.w, 5);
    ck_assert_uint_eq(r.rules, 1);
    ck_assert(rf_world_object_find(w, 0, "door", &o));
    ck_assert_int_eq(o.x, 12);
    ck_assert_int_eq(o.lx, 2);
    rf_world_set_host(w, &host);
    ck_assert_int_eq(rf_world_move_player(w, 31, 6, NULL), RF_OK);
    ck_assert_int_eq(rf_world_pull(w, 0, "lv", NULL), RF_OK);
    ck_assert_int_eq(rf_world_enter(w, 1, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_str_eq(effects(true), "T1 clock c stopped|T1 set door passable 1|T1 move door 3,1|"
                                    "T1 spell \"Spark\" from 21,-14 to 1,1|"
                                    "T1 create monster \"my id\" at 1,1");
    ck_assert_str_eq(effects(false), "T1 clock c stopped|T1 set door passable 1|T1 move door 13,21|"
                                     "T1 spell \"Spark\" from 31,6 to 11,21|"
                                     "T1 create monster \"my id\" at 31,6");
    ck_assert_str_eq(h.text, "T1 clock c stopped;T1 set door passable 1;T1 move door 13,21;"
                             "T1 spell \"Spark\" from 31,6 to 11,21;"
                             "T1 create monster \"my id\" at 31,6;");
    ck_assert_int_eq(rf_world_effect_at(w, 1)->script, 0);
    ck_assert_int_eq(rf_world_effect_at(w, 0)->script, -1);
    ck_assert_uint_eq(rf_world_effect_at(w, 4)->room, 1);
    ck_assert(rf_world_object_find(w, 1, "my id", &o));
    ck_assert_str_eq(o.id, "my id");
    ck_assert_int_eq(o.x, 31);
    /* a rule of room A does not see room B's events */
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_uint_eq(rf_world_effect_count(w), 5);
    rf_world_effects_clear(w);
    ck_assert_uint_eq(rf_world_effect_count(w), 0);
    ck_assert_ptr_null(rf_world_effect_at(w, 0));
    ck_assert_int_eq(rf_world_tick_count(w), 2);
}
END_TEST

START_TEST(host_only_worlds_keep_no_log)
{
    host_log h = {{0}, 0};
    rf_world_host host = {&h, NULL, NULL, NULL, host_any, NULL, NULL, NULL, NULL};
    rf_world_opts o;
    rf_world_opts_init(&o);
    o.keep_log = false;
    load_xml("two.xml", two_rooms);
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    rf_world_set_host(w, &host);
    ck_assert_int_eq(rf_world_pull(w, 0, "lv", NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_uint_eq(rf_world_effect_count(w), 0);
    ck_assert_str_eq(h.text, "T1 set door passable 1;");
}
END_TEST

START_TEST(effect_format_truncates_like_snprintf)
{
    rf_effect e;
    char buf[8];
    memset(&e, 0, sizeof e);
    e.tick = 12;
    e.kind = RF_EFFECT_TICKER;
    e.text = "tab\there \\ \"q\"\n";
    ck_assert_uint_eq(rf_effect_format(&e, true, buf, sizeof buf), 33);
    ck_assert_str_eq(buf, "T12 tic");
    {
        char big[64];
        rf_effect_format(&e, true, big, sizeof big);
        ck_assert_str_eq(big, "T12 ticker \"tab\\there \\\\ \\\"q\\\"\\n\"");
    }
    ck_assert_str_eq(rf_effect_kind_name(RF_EFFECT_CLOCK_STOPPED), "clock");
    ck_assert_str_eq(rf_effect_kind_name(RF_EFFECT_KIND_COUNT), "?");
}
END_TEST

START_TEST(same_events_same_effects)
{
    char first[8192];
    int run;
    for (run = 0; run < 2; run++) {
        rf_world *x = NULL;
        size_t i;
        rf_world_free(w);
        w = NULL;
        ck_assert_int_eq(rf_world_new(NULL, d, &x), RF_OK);
        w = x;
        if (run == 0)
            load_xml("two.xml", two_rooms);
        for (i = 0; i < 2; i++)
            ck_assert_int_eq(
                rf_world_add_room(w, rf_template_set_at(set, i), (int)i * 7, 0, d, NULL), RF_OK);
        ck_assert_int_eq(rf_world_pull(w, 0, "lv", NULL), RF_OK);
        ck_assert_int_eq(rf_world_enter(w, 1, NULL), RF_OK);
        ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
        if (run == 0)
            snprintf(first, sizeof first, "%s", effects(false));
        else
            ck_assert_str_eq(effects(false), first);
    }
}
END_TEST

START_TEST(a_failing_builtin_rule_resumes_the_tick_in_its_block)
{
    static const char xml[] =
        "<roomdb><room name=\"R\" width=\"5\" height=\"3\">\n"
        "<row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>\n"
        "<script><condition condition_type=\"entered\"/>\n"
        "<action action_type=\"ticker\" text=\"a\"/></script>\n"
        "<script><condition condition_type=\"entered\"/>\n"
        "<action action_type=\"ticker\" text=\"b\"/></script>\n"
        "</room></roomdb>\n";
    long n;
    bool seen = false;
    load_xml("r.xml", xml);
    /* fail the nth allocation of the tick until it is the effect log's growth
     * for the first ticker: that rule is disabled, the next one still runs */
    for (n = 1; n < 200 && !seen; n++) {
        rf_diags *dd = rf_diags_new();
        rf_status st;
        ck_assert_ptr_nonnull(dd);
        ck_assert_int_eq(rf_world_new(NULL, dd, &w), RF_OK);
        ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, dd, NULL), RF_OK);
        ck_assert_int_eq(rf_world_tick(w, dd), RF_OK); /* builds the tick's blocks */
        ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
        rf_alloc_fail_after(n);
        st = rf_world_tick(w, dd);
        rf_alloc_fail_after(0);
        if (st == RF_ERR_NOMEM && rf_diags_count(dd) == 1 &&
            strcmp(rf_diags_at(dd, 0)->code, "script-error") == 0 &&
            rf_diags_at(dd, 0)->line == 3) {
            ck_assert_str_eq(effects(true), "T2 ticker \"b\"");
            seen = true;
        }
        rf_diags_free(dd);
        rf_world_free(w);
        w = NULL;
    }
    ck_assert(seen);
}
END_TEST

START_TEST(out_of_memory_anywhere_is_a_status)
{
    long n;
    bool done = false;
    load_xml("two.xml", two_rooms);
    for (n = 1; n < 20000 && !done; n++) {
        rf_world *x = NULL;
        rf_status st;
        rf_alloc_fail_after(n);
        st = rf_world_new(NULL, d, &x);
        if (st == RF_OK)
            st = rf_world_add_room(x, rf_template_set_at(set, 0), 0, 0, d, NULL);
        if (st == RF_OK)
            st = rf_world_pull(x, 0, "lv", NULL);
        if (st == RF_OK)
            st = rf_world_tick(x, d);
        rf_alloc_fail_after(0);
        ck_assert_msg(st == RF_OK || st == RF_ERR_NOMEM || st == RF_ERR_SCRIPT ||
                          st == RF_ERR_CONTENT,
                      "n=%ld: %d", n, st);
        done = st == RF_OK && rf_world_effect_count(x) == 3;
        rf_world_free(x);
    }
    ck_assert(done);
}
END_TEST

static Suite *world_suite(void)
{
    Suite *s = suite_create("world");
    TCase *lua = tcase_create("lua");
    TCase *ext = tcase_create("extensions");
    TCase *api = tcase_create("api");
    tcase_add_checked_fixture(lua, setup, teardown);
    /* removed_objects_are_reused_not_kept ticks 30,000 times (0.3 s on an
     * idle machine): Check's 4 s default is too near on a busy one */
    tcase_set_timeout(lua, 60);
    tcase_add_test(lua, lua_rule_api);
    tcase_add_test(lua, lint_shortcut_reports_what_compiling_reports);
    tcase_add_test(lua, unknown_objects_stand_in_the_world);
    tcase_add_test(lua, patterns_within_bounds_and_random_are_usable_and_deterministic);
    tcase_add_test(lua, removed_objects_are_reused_not_kept);
    tcase_add_test(lua, a_view_of_a_removed_object_never_sees_its_successor);
    tcase_add_test(lua, kept_views_follow_every_change);
    tcase_add_test(lua, room_table_and_objects_are_read_only);
    tcase_add_test(lua, a_failing_chunk_registers_no_rules);
    tcase_add_test(lua, rule_outside_load_is_refused);
    tcase_add_test(lua, src_paths_resolve_and_escapes_are_refused);
    tcase_add_test(lua, src_errors_point_into_the_src_file);
    suite_add_tcase(s, lua);
    tcase_add_checked_fixture(ext, setup, teardown);
    /* lint of the bundled content runs every room's scripts once */
    tcase_set_timeout(ext, 60);
    tcase_add_test(ext, extensions_register_types_xml_uses);
    tcase_add_test(ext, without_extensions_the_types_are_unknown);
    tcase_add_test(ext, extension_types_that_loop_or_err_disable_their_rule);
    tcase_add_test(ext, bad_extension_files_are_reported);
    tcase_add_test(ext, lint_reports_lua_chunks_at_their_xml_lines);
    tcase_add_test(ext, lint_of_bundled_content_is_clean);
    suite_add_tcase(s, ext);
    tcase_add_checked_fixture(api, setup, teardown);
    tcase_set_timeout(api, 120);
    tcase_add_test(api, rooms_at_offsets_report_level_and_local_coordinates);
    tcase_add_test(api, host_only_worlds_keep_no_log);
    tcase_add_test(api, effect_format_truncates_like_snprintf);
    tcase_add_test(api, same_events_same_effects);
    tcase_add_test(api, a_failing_builtin_rule_resumes_the_tick_in_its_block);
    tcase_add_test(api, out_of_memory_anywhere_is_a_status);
    suite_add_tcase(s, api);
    return s;
}

RF_TEST_MAIN(world_suite)
