/* tests/unit/test_world_host.c: unit tests for effects a host can apply
 * (engine/src/world, DESIGN 14): a create carries the new object's handle,
 * its tag and every attribute the script gave (Lua and XML), a designer's
 * own effect kind (room:emit, from a rule or an extension action) reaches
 * the host with its values, and bad values are a script error.
 */
#include <stdio.h>
#include <string.h>

#include "world_fixture.h"

/* What the host saw, copied during the callbacks. */
typedef struct seen {
    int n;
    char lines[8][512];
    char attrs[8][512]; /* key=value;... */
    uint64_t handles[8];
} seen;

static void keep(void *ud, const rf_effect *e)
{
    seen *s = ud;
    size_t i, len = 0;
    if (s->n >= 8)
        return;
    rf_effect_format(e, true, s->lines[s->n], sizeof s->lines[s->n]);
    s->attrs[s->n][0] = '\0';
    for (i = 0; i < e->nattrs; i++)
        len += (size_t)snprintf(s->attrs[s->n] + len, sizeof s->attrs[s->n] - len, "%s=%s;",
                                e->attrs[i].key, e->attrs[i].value);
    s->handles[s->n] = e->handle;
    s->n++;
}

static rf_world_host host_of(seen *s)
{
    rf_world_host h;
    memset(&h, 0, sizeof h);
    h.ud = s;
    h.create = h.custom = h.ticker = keep;
    return h;
}

START_TEST(a_lua_create_carries_handle_tag_and_every_attribute)
{
    seen s = {0};
    rf_world_host h = host_of(&s);
    rf_world_object o;
    const rf_effect *e;
    ck_assert_int_eq(
        add_lua_room("room:rule { when = function(r) return r:entered() end,\n"
                     "  run = function(r)\n"
                     "    r:create('horde', { id = 'grubs', name = 'Cave Grubs', min = 4,\n"
                     "                        additional = 3, x = 2, y = 1 })\n"
                     "    r:create('loot', { type = 'food', subtype = 'Mango', amount = 2,\n"
                     "                       x = 3, y = 1 })\n"
                     "  end }\n",
                     0),
        RF_OK);
    rf_world_set_host(w, &h);
    ck_assert_uint_eq(rf_world_last_handle(w), 1); /* the room's monster */
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(s.n, 2); /* two creates (the room's "alive" ticker waits: entered) */
    ck_assert_str_eq(s.lines[0], "T1 create horde grubs at 2,1");
    ck_assert_str_eq(s.attrs[0], "additional=3;min=4;name=Cave Grubs;");
    ck_assert_str_eq(s.lines[1], "T1 create loot at 3,1");
    ck_assert_str_eq(s.attrs[1], "amount=2;subtype=Mango;type=food;");
    ck_assert_uint_eq(s.handles[0], 2);
    ck_assert_uint_eq(s.handles[1], 3);
    /* the log holds its own copies, and the handles find the objects */
    e = rf_world_effect_at(w, 1);
    ck_assert_uint_eq(e->nattrs, 3);
    ck_assert_str_eq(e->attrs[1].key, "subtype");
    ck_assert_str_eq(e->attrs[1].value, "Mango");
    ck_assert(rf_world_object_by_handle(w, 2, &o));
    ck_assert_str_eq(o.tag, "horde");
    ck_assert_str_eq(o.id, "grubs");
    ck_assert_uint_eq(o.room, 0);
    ck_assert(rf_world_object_by_handle(w, 3, &o));
    ck_assert_int_eq(o.type, RF_OBJ_LOOT);
    ck_assert_int_eq(o.x, 3);
    ck_assert_uint_eq(rf_world_last_handle(w), 3);
}
END_TEST

static const char xml_create[] =
    "<roomdb>\n"
    "  <room name=\"X\" width=\"5\" height=\"3\">\n"
    "    <row text=\"##D##\"/>\n"
    "    <row text=\"#...#\"/>\n"
    "    <row text=\"##D##\"/>\n"
    "    <lever id=\"lv\" x=\"1\" y=\"1\"/>\n"
    "    <script>\n"
    "      <condition condition_type=\"activated\" id=\"lv\"/>\n"
    "      <action on=\"success\" action_type=\"create\" create_type=\"loot\" x=\"3\" y=\"1\"\n"
    "              type=\"reagent\" subtype=\"Grub Jelly\"/>\n"
    "      <action on=\"success\" action_type=\"remove\" id=\"lv\"/>\n"
    "    </script>\n"
    "  </room>\n"
    "</roomdb>\n";

START_TEST(an_xml_create_carries_its_attributes_and_removes_name_handles)
{
    rf_world_object o;
    const rf_effect *e;
    load_xml("x.xml", xml_create);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 10, 20, d, NULL), RF_OK);
    ck_assert(rf_world_object_find(w, 0, "lv", &o));
    ck_assert_uint_eq(o.handle, 1);
    ck_assert_int_eq(rf_world_pull(w, 0, "lv", NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_str_eq(effects(true), "T1 create loot at 3,1|T1 remove lv");
    e = rf_world_effect_at(w, 0);
    ck_assert_uint_eq(e->handle, 2);
    ck_assert_uint_eq(e->nattrs, 2);
    ck_assert_str_eq(e->attrs[0].key, "subtype");
    ck_assert_str_eq(e->attrs[0].value, "Grub Jelly");
    ck_assert_str_eq(e->attrs[1].key, "type");
    ck_assert_str_eq(e->attrs[1].value, "reagent");
    ck_assert_int_eq(e->x, 13);
    e = rf_world_effect_at(w, 1);
    ck_assert_uint_eq(e->handle, 1); /* the lever, by handle */
    ck_assert_ptr_null(e->attrs);
    ck_assert(!rf_world_object_by_handle(w, 1, NULL)); /* removed: never found again */
    ck_assert(rf_world_object_by_handle(w, 2, &o));
    ck_assert_int_eq(o.x, 13);
    ck_assert_int_eq(o.y, 21);
}
END_TEST

START_TEST(a_rule_emits_a_custom_effect_the_host_gets)
{
    seen s = {0};
    rf_world_host h = host_of(&s);
    rf_world_opts o;
    ck_assert_int_eq(
        add_lua_room("room:rule { when = function(r) return r:entered() end,\n"
                     "  run = function(r)\n"
                     "    r:emit('quake', { strength = 3, loud = true, where = 'the \"hall\"' })\n"
                     "    r:emit('calm')\n"
                     "  end }\n",
                     0),
        RF_OK);
    rf_world_set_host(w, &h);
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_int_ge(s.n, 2);
    ck_assert_str_eq(s.lines[0], "T1 custom \"quake\" loud=\"1\" strength=\"3\" where=\"the \\\"hall\\\"\"");
    ck_assert_str_eq(s.attrs[0], "loud=1;strength=3;where=the \"hall\";");
    ck_assert_uint_eq(s.handles[0], 0);
    ck_assert_str_eq(s.lines[1], "T1 custom \"calm\"");
    ck_assert_int_eq(rf_world_effect_at(w, 0)->kind, RF_EFFECT_CUSTOM);
    ck_assert_str_eq(rf_world_effect_at(w, 0)->text, "quake");
    /* a host-only world hands the same to the host */
    rf_world_free(w);
    w = NULL;
    memset(&s, 0, sizeof s);
    rf_world_opts_init(&o);
    o.keep_log = false;
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    rf_world_set_host(w, &h);
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_uint_eq(rf_world_effect_count(w), 0);
    ck_assert_str_eq(s.attrs[0], "loud=1;strength=3;where=the \"hall\";");
}
END_TEST

START_TEST(an_extension_action_emits_a_custom_effect)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Q\" width=\"5\" height=\"3\">\n"
        "    <row text=\"##D##\"/>\n"
        "    <row text=\"#...#\"/>\n"
        "    <row text=\"##D##\"/>\n"
        "    <script>\n"
        "      <condition condition_type=\"entered\"/>\n"
        "      <action action_type=\"quake\" strength=\"7\" loud=\"0\"/>\n"
        "    </script>\n"
        "  </room>\n"
        "</roomdb>\n";
    seen s = {0};
    rf_world_host h = host_of(&s);
    rf_world_opts o;
    load_xml("q.xml", xml);
    rf_world_opts_init(&o);
    o.scripts_dir = DATA "/ext_custom";
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    rf_world_set_host(w, &h);
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(s.n, 1);
    ck_assert_str_eq(s.lines[0], "T1 custom \"quake\" loud=\"0\" strength=\"7\" where=\"Q\"");
}
END_TEST

START_TEST(custom_values_that_are_not_plain_are_a_script_error)
{
    ck_assert_int_eq(
        add_lua_room("room:rule { when = function(r) return r:entered() end,\n"
                     "  run = function(r) r:emit('quake', { nested = {} }) end }\n",
                     0),
        RF_OK);
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_ERR_SCRIPT);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "script-error");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "nested"));
    ck_assert_uint_eq(rf_world_effect_count(w), 0); /* the rule made nothing */
}
END_TEST

static Suite *world_host_suite(void)
{
    Suite *s = suite_create("world_host");
    TCase *tc = tcase_create("effects");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, a_lua_create_carries_handle_tag_and_every_attribute);
    tcase_add_test(tc, an_xml_create_carries_its_attributes_and_removes_name_handles);
    tcase_add_test(tc, a_rule_emits_a_custom_effect_the_host_gets);
    tcase_add_test(tc, an_extension_action_emits_a_custom_effect);
    tcase_add_test(tc, custom_values_that_are_not_plain_are_a_script_error);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(world_host_suite)
