/* tests/unit/test_world_handles.c: unit tests for events by handle and what
 * a host reads of an object (engine/src/world, DESIGN 14): kill, pull, hit,
 * break and move by handle, each refusal named by a world-event
 * diagnostic (by room and id too); names, attributes and blocking; a created object's
 * attributes across a save; rf_world_room_at at door and blank cells; and
 * a host callback that calls the world is refused (world-busy).
 */
#include <stdio.h>
#include <string.h>

#include "world_fixture.h"

static const char xml[] =
    "<roomdb>\n"
    "  <room name=\"H\" width=\"5\" height=\"4\">\n"
    "    <row text=\"##D##\"/>\n"
    "    <row text=\"#...#\"/>\n"
    "    <row text=\"#.###\"/>\n"
    "    <row text=\"###  \"/>\n"
    "    <lever x=\"1\" y=\"1\"/>\n"
    "    <monster name=\"Kobold\" x=\"2\" y=\"1\"/>\n"
    "    <customBreakable id=\"urn\" name=\"Urn\" hitsNeededToBreak=\"3\" png=\"u.png\"\n"
    "                     broken=\"ub.png\" x=\"3\" y=\"1\"/>\n"
    "    <customBlocker id=\"wall\" name=\"Rubble\" passable=\"0\" png=\"r.png\"\n"
    "                   x=\"1\" y=\"2\"/>\n"
    "    <script>\n"
    "      <condition condition_type=\"event\" id=\"urn\" eventType=\"broken\"/>\n"
    "      <action on=\"success\" action_type=\"create\" create_type=\"loot\" x=\"3\" y=\"1\"\n"
    "              type=\"reagent\" subtype=\"Grub Jelly\"/>\n"
    "    </script>\n"
    "  </room>\n"
    "</roomdb>\n";

/* The world of room H at level (10, 20); handles 1 lever, 2 monster, 3 urn,
 * 4 rubble. */
static void make(void)
{
    load_xml("h.xml", xml);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 10, 20, d, NULL), RF_OK);
    ck_assert_uint_eq(rf_world_last_handle(w), 4);
}

/* w saved and loaded again (w replaced). */
static void reload(void)
{
    FILE *f = tmpfile();
    rf_world *back = NULL;
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rf_world_save(w, f, d), RF_OK);
    rewind(f);
    ck_assert_int_eq(rf_world_load(NULL, set, f, d, &back), RF_OK);
    fclose(f);
    rf_world_free(w);
    w = back;
}

START_TEST(events_by_handle_reach_objects_without_id)
{
    rf_world_object o;
    make();
    ck_assert_int_eq(rf_world_pull_obj(w, 1, d), RF_OK);
    ck_assert(rf_world_object_by_handle(w, 1, &o) && o.activated);
    ck_assert(rf_world_object_blocks(w, 2));
    ck_assert_int_eq(rf_world_kill_obj(w, 2, d), RF_OK);
    ck_assert(rf_world_object_by_handle(w, 2, &o) && !o.alive);
    ck_assert(!rf_world_object_blocks(w, 2));
    ck_assert_int_eq(rf_world_kill_obj(w, 2, d), RF_OK); /* dead already: nothing */
    ck_assert_int_eq(rf_world_hit_obj(w, 3, 1, d), RF_OK);
    ck_assert(rf_world_object_by_handle(w, 3, &o) && o.hits == 1 && !o.broken);
    ck_assert(rf_world_object_blocks(w, 3));
    ck_assert_int_eq(rf_world_break_obj(w, 3, d), RF_OK);
    ck_assert(rf_world_object_by_handle(w, 3, &o) && o.hits == 3 && o.broken);
    ck_assert(!rf_world_object_blocks(w, 3));
    ck_assert_int_eq(rf_world_move_obj(w, 2, 11, 21, d), RF_OK);
    ck_assert(rf_world_object_by_handle(w, 2, &o));
    ck_assert(o.x == 11 && o.y == 21 && o.lx == 1 && o.ly == 1 && o.room == 0);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    /* the id calls are wrappers of the same */
    ck_assert_int_eq(rf_world_hit(w, 0, "urn", 1, NULL), RF_OK);
    ck_assert_int_eq(rf_world_kill(w, 0, "urn", NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_str_eq(effects(true), "T1 create loot at 3,1");
    ck_assert(rf_world_object_blocks(w, 4));
}
END_TEST

START_TEST(every_refused_event_is_named)
{
    static const struct {
        int which;
        uint64_t h;
        int n;
        const char *says;
    } cases[] = {
        {0, 99, 1, "no object has handle 99"},
        {0, 0, 1, "no object has handle 0"},
        {0, 2, 1, "object 2 is a monster, which cannot be pulled"},
        {1, 1, 1, "object 1 is a lever, which cannot be hit"},
        {1, 3, 0, "0 hits"},
        {1, 3, -4, "-4 hits"},
        {2, 3, 1, "object 3 is a customBreakable, which cannot be killed"},
        {3, 1, 1, "object 1 is a lever, which cannot be broken"},
    };
    size_t i;
    make();
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rf_status st = RF_OK;
        rf_diags_clear(d);
        switch (cases[i].which) {
        case 0: st = rf_world_pull_obj(w, cases[i].h, d); break;
        case 1: st = rf_world_hit_obj(w, cases[i].h, cases[i].n, d); break;
        case 2: st = rf_world_kill_obj(w, cases[i].h, d); break;
        default: st = rf_world_break_obj(w, cases[i].h, d); break;
        }
        ck_assert_int_eq(st, RF_ERR_ARG);
        ck_assert_uint_eq(rf_diags_count(d), 1);
        ck_assert_str_eq(rf_diags_at(d, 0)->code, "world-event");
        ck_assert_msg(strstr(rf_diags_at(d, 0)->message, cases[i].says), "case %zu: %s", i,
                      rf_diags_at(d, 0)->message);
    }
    rf_diags_clear(d);
    ck_assert_int_eq(rf_world_move_obj(w, 2, 1 << 29, 0, d), RF_ERR_ARG);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "world-event");
    ck_assert_int_eq(rf_world_kill_obj(w, 2, NULL), RF_OK); /* no sink: fine */
}
END_TEST

/* The calls by room and id name what was wrong as the handle calls do
 * (issue 29: no bare "invalid argument"). */
START_TEST(refused_events_by_id_are_named_too)
{
    static const struct {
        int which;
        size_t room;
        const char *id;
        const char *says;
    } cases[] = {
        {0, 5, "urn", "rf_world_pull: no room 5: the world holds 1"},
        {0, 0, "ghost", "rf_world_pull: room 0 has no object 'ghost'"},
        {0, 0, "urn", "rf_world_pull: 'urn' of room 0 is not a lever"},
        {1, 0, "wall", "rf_world_hit: 'wall' of room 0 is not a breakable"},
        {2, 0, "urn", "rf_world_kill: 'urn' of room 0 is not a monster or horde"},
        {3, 7, NULL, "rf_world_enter: no room 7: the world holds 1"},
        {4, 1, NULL, "rf_world_exit: no room 1: the world holds 1"},
    };
    size_t i;
    make();
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rf_status st = RF_OK;
        rf_diags_clear(d);
        switch (cases[i].which) {
        case 0: st = rf_world_pull(w, cases[i].room, cases[i].id, d); break;
        case 1: st = rf_world_hit(w, cases[i].room, cases[i].id, 1, d); break;
        case 2: st = rf_world_kill(w, cases[i].room, cases[i].id, d); break;
        case 3: st = rf_world_enter(w, cases[i].room, d); break;
        default: st = rf_world_exit(w, cases[i].room, d); break;
        }
        ck_assert_int_eq(st, RF_ERR_ARG);
        ck_assert_uint_eq(rf_diags_count(d), 1);
        ck_assert_str_eq(rf_diags_at(d, 0)->code, "world-event");
        ck_assert_str_eq(rf_diags_at(d, 0)->message, cases[i].says);
    }
    rf_diags_clear(d);
    ck_assert_int_eq(rf_world_hit(w, 0, "urn", 0, d), RF_ERR_ARG); /* the handle call's words */
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "0 hits"));
    ck_assert_int_eq(rf_world_pull(w, 9, "urn", NULL), RF_ERR_ARG); /* no sink: the status */
    ck_assert_int_eq(rf_world_move_player(w, 11, 21, d), RF_OK);
}
END_TEST

START_TEST(names_and_attributes_stay_across_a_save)
{
    const char *k, *v;
    uint64_t loot;
    make();
    ck_assert_str_eq(rf_world_object_name(w, 2), "Kobold");
    ck_assert_str_eq(rf_world_object_name(w, 3), "Urn");
    ck_assert_ptr_null(rf_world_object_name(w, 1));
    ck_assert_str_eq(rf_world_object_attr(w, 3, "hits_Needed_To_Break"), "3");
    ck_assert_uint_eq(rf_world_object_attr_count(w, 3), 4); /* sorted by key */
    ck_assert(rf_world_object_attr_get(w, 3, 0, &k, &v));
    ck_assert_str_eq(k, "broken");
    ck_assert_str_eq(v, "ub.png");
    ck_assert(rf_world_object_attr_get(w, 3, 3, &k, &v));
    ck_assert_str_eq(k, "png");
    ck_assert(!rf_world_object_attr_get(w, 3, 4, &k, &v));
    ck_assert_uint_eq(rf_world_object_attr_count(w, 99), 0);
    ck_assert_int_eq(rf_world_break_obj(w, 3, d), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    loot = rf_world_last_handle(w);
    ck_assert_uint_eq(loot, 5);
    ck_assert_uint_eq(rf_world_object_attr_count(w, loot), 2);
    reload();
    ck_assert_uint_eq(rf_world_object_attr_count(w, loot), 2);
    ck_assert_str_eq(rf_world_object_attr(w, loot, "type"), "reagent");
    ck_assert_str_eq(rf_world_object_attr(w, loot, "subtype"), "Grub Jelly");
    ck_assert_ptr_null(rf_world_object_attr(w, loot, "x"));
    ck_assert_str_eq(rf_world_object_name(w, 2), "Kobold");
    ck_assert_int_eq(rf_world_kill_obj(w, 2, d), RF_OK);
    reload();
    {
        rf_world_object o;
        ck_assert(rf_world_object_by_handle(w, 2, &o) && !o.alive);
    }
}
END_TEST

START_TEST(room_at_counts_door_cells_and_not_blanks)
{
    size_t room = 7;
    make();
    ck_assert(rf_world_room_at(w, 12, 20, &room)); /* the door */
    ck_assert_uint_eq(room, 0);
    ck_assert(rf_world_room_at(w, 10, 20, NULL)); /* a wall */
    ck_assert(rf_world_room_at(w, 11, 21, NULL));
    ck_assert(!rf_world_room_at(w, 13, 23, NULL)); /* a blank inside the box */
    ck_assert(!rf_world_room_at(w, 14, 23, NULL));
    ck_assert(!rf_world_room_at(w, 15, 20, NULL)); /* beyond the box */
    ck_assert(!rf_world_room_at(w, 9, 20, NULL));
}
END_TEST

/* A host whose ticker callback calls the world. */
typedef struct busy_host {
    rf_status tick, kill, save;
    size_t diags;
} busy_host;

static void call_back(void *ud, const rf_effect *e)
{
    busy_host *b = ud;
    FILE *f = tmpfile();
    (void)e;
    b->tick = rf_world_tick(w, d);
    b->kill = rf_world_kill_obj(w, 2, d);
    b->save = f ? rf_world_save(w, f, d) : RF_ERR_IO;
    if (f)
        fclose(f);
    rf_world_effects_clear(w); /* does nothing here */
    b->diags = rf_diags_count(d);
}

START_TEST(a_host_callback_may_not_call_the_world)
{
    busy_host b;
    rf_world_host h;
    rf_world_object o;
    load_xml("t.xml", "<roomdb><room name=\"T\" width=\"3\" height=\"3\">"
                      "<row text=\"#D#\"/><row text=\"#.#\"/><row text=\"###\"/>"
                      "<monster x=\"1\" y=\"1\"/>"
                      "<script><condition condition_type=\"entered\"/>"
                      "<action on=\"success\" action_type=\"ticker\" text=\"hi\"/></script>"
                      "</room></roomdb>");
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    /* handle 1 is the monster; make it 2 by a second room */
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 5, 0, d, NULL), RF_OK);
    memset(&b, 0, sizeof b);
    memset(&h, 0, sizeof h);
    h.ud = &b;
    h.ticker = call_back;
    rf_world_set_host(w, &h);
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    ck_assert_int_eq(b.tick, RF_ERR_ARG);
    ck_assert_int_eq(b.kill, RF_ERR_ARG);
    ck_assert_int_eq(b.save, RF_ERR_ARG);
    ck_assert_uint_eq(b.diags, 3);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "world-busy");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "rf_world_tick"));
    ck_assert_uint_eq(rf_world_tick_count(w), 1);
    ck_assert_uint_eq(rf_world_effect_count(w), 1);
    ck_assert(rf_world_object_by_handle(w, 2, &o) && o.alive);
    /* after the callback the world takes calls again */
    ck_assert_int_eq(rf_world_kill_obj(w, 2, d), RF_OK);
}
END_TEST

static Suite *world_handles_suite(void)
{
    Suite *s = suite_create("world_handles");
    TCase *tc = tcase_create("handles");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, events_by_handle_reach_objects_without_id);
    tcase_add_test(tc, every_refused_event_is_named);
    tcase_add_test(tc, refused_events_by_id_are_named_too);
    tcase_add_test(tc, names_and_attributes_stay_across_a_save);
    tcase_add_test(tc, room_at_counts_door_cells_and_not_blanks);
    tcase_add_test(tc, a_host_callback_may_not_call_the_world);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(world_handles_suite)
