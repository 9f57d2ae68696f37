/* tests/unit/test_subroom.c: unit tests for <subroom> (DESIGN 16):
 * engine/src/load/load_vary.c's boxes, vary_link.c and vary_subroom.c, and a
 * level that places a room with one.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "load/seam.h"
#include "load_fixture.h"
#include "roomforge/level.h"
#include "roomforge/template.h"

/* The outer room: a 7x5 hall, a 3x2 box of Z at (2, 1); line 2 its <room>,
 * its <subroom> on line 10. */
#define HALL(tags)                                                                                 \
    "<roomdb>\n"                                                                                   \
    "<room name=\"Hall\">\n"                                                                       \
    "<row text=\"#D#####\"/>\n"                                                                    \
    "<row text=\"#.ZZZ.#\"/>\n"                                                                    \
    "<row text=\"#.ZZZ.#\"/>\n"                                                                    \
    "<row text=\"#.....#\"/>\n"                                                                    \
    "<row text=\"#####D#\"/>\n"                                                                    \
    "<loot x=\"1\" y=\"3\" id=\"gold\"/>\n"                                                        \
    "<vary>\n"                                                                                     \
    "<subroom glyph=\"Z\" tags=\"" tags "\"/>\n"                                                   \
    "</vary>\n"                                                                                    \
    "</room>\n"

static rf_status load_linked(const char *xml)
{
    rf_status st = load_str(xml);
    rf_status ls = rf_template_set_link(set, d, NULL);
    return st != RF_OK ? st : ls;
}

static rf_template *variant(const char *name, uint32_t v)
{
    rf_template *vt = NULL;
    const rf_template *t = rf_template_set_find(set, name);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(rf_template_variant(t, v, &vt), RF_OK);
    return vt;
}

/* The 3x2 box of variant vt as one string, rows apart by '/'. */
static void box_of(const rf_template *vt, char *out)
{
    int x, y, n = 0;
    for (y = 1; y <= 2; y++) {
        for (x = 2; x <= 4; x++)
            out[n++] = rf_template_cell(vt, x, y);
        out[n++] = y == 1 ? '/' : '\0';
    }
}

START_TEST(a_box_is_filled_by_a_room_with_all_its_tags)
{
    char box[16];
    uint32_t v;
    ck_assert_int_eq(load_linked(HALL("closet small")
                                 "<room name=\"Closet\" tags=\"small closet\">\n"
                                 "<row text=\"#.#\"/>\n<row text=\"#.#\"/>\n</room>\n"
                                 "<room name=\"Pantry\" tags=\"closet\">\n" /* one tag short */
                                 "<row text=\"...\"/>\n<row text=\"...\"/>\n</room>\n"
                                 "<room name=\"Big\" tags=\"small closet\">\n" /* no fit */
                                 "<row text=\"....\"/>\n<row text=\"....\"/>\n</room>\n"
                                 "</roomdb>\n"),
                     RF_OK);
    ck_assert_uint_eq(rf_diags_errors(d), 0);
    for (v = 0; v < 16; v++) {
        rf_template *vt = variant("Hall", v);
        box_of(vt, box);
        ck_assert_str_eq(box, "#.#/#.#");
        ck_assert_str_eq(rf_template_row(vt, 0), "#D#####"); /* the rest as written */
        rf_template_variant_free(vt);
    }
}
END_TEST

START_TEST(a_room_that_allows_it_is_turned_to_fit)
{
    char box[16];
    uint32_t v;
    int seen[2] = {0, 0};
    ck_assert_int_eq(load_linked(HALL("niche") "<room name=\"Niche\" tags=\"niche\" rotate=\"1\">\n"
                                 "<row text=\"#.\"/>\n<row text=\"#W\"/>\n<row text=\"##\"/>\n"
                                 "<loot x=\"1\" y=\"0\" id=\"coin\"/>\n"
                                 "</room>\n</roomdb>\n"),
                     RF_OK);
    for (v = 0; v < 16; v++) {
        rf_template *vt = variant("Hall", v);
        const rf_object *o = rf_template_object_find(vt, "Niche.coin");
        box_of(vt, box);
        /* 2x3 turned a quarter either way (odd orientations only: the box is 3x2) */
        ck_assert_msg(strcmp(box, "###/#W.") == 0 || strcmp(box, ".W#/###") == 0, "%s", box);
        seen[box[0] == '.']++;
        /* the coin turned with its cell: (4, 2) one way, (2, 1) the other */
        ck_assert_ptr_nonnull(o);
        ck_assert_int_eq(o->x, box[0] == '.' ? 2 : 4);
        ck_assert_int_eq(o->y, box[0] == '.' ? 1 : 2);
        ck_assert_int_eq(rf_template_cell(vt, o->x, o->y), '.');
        rf_template_variant_free(vt);
    }
    ck_assert(seen[0] > 0 && seen[1] > 0);
}
END_TEST

START_TEST(a_room_that_may_not_turn_does_not_fit_a_turned_box)
{
    const rf_diag *g;
    ck_assert_int_eq(load_linked(HALL("niche") "<room name=\"Niche\" tags=\"niche\">\n"
                                 "<row text=\"#.\"/>\n<row text=\"#W\"/>\n<row text=\"##\"/>\n"
                                 "</room>\n</roomdb>\n"),
                     RF_ERR_CONTENT);
    expect_diag("vary-subroom-none", 10, 1);
    g = find_code("vary-subroom-none");
    ck_assert_ptr_nonnull(strstr(g->message, "3x2"));
}
END_TEST

/* The value of key in clause cl, or "". */
static const char *clause_attr(const rf_clause *cl, const char *key)
{
    const char *v = rf_attrs_find(cl->attrs, cl->nattrs, key);
    return v ? v : "";
}

START_TEST(objects_and_scripts_come_with_the_room_their_ids_prefixed)
{
    const rf_object *o;
    const rf_script *sc;
    rf_template *vt;
    ck_assert_int_eq(
        load_linked(HALL("closet") "<room name=\"Closet\" tags=\"closet\">\n"
                    "<row text=\"#2#\"/>\n<row text=\"#3#\"/>\n"
                    "<lever at=\"2\" id=\"pull\"/>\n"
                    "<script><condition condition_type=\"activated\" id=\"pull\"/>"
                    "<action action_type=\"create\" create_type=\"monster\" id=\"rat\" at=\"3\"/>"
                    "<action action_type=\"remove\" id=\"rat\"/></script>\n"
                    "</room>\n</roomdb>\n"),
        RF_OK);
    ck_assert_uint_eq(rf_diags_errors(d), 0); /* no unknown-id, no anchor-missing */
    vt = variant("Hall", 3);
    ck_assert_uint_eq(rf_template_object_count(vt), 2);
    ck_assert_ptr_nonnull(rf_template_object_find(vt, "gold"));
    o = rf_template_object_find(vt, "Closet.pull");
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq(o->x, 3); /* the anchor's cell in the box, now floor */
    ck_assert_int_eq(o->y, 1);
    ck_assert_int_eq(o->at, -1);
    ck_assert_int_eq(rf_template_cell(vt, 3, 1), '.');
    ck_assert_int_eq(rf_template_cell(vt, 3, 2), '.');
    ck_assert_uint_eq(rf_template_script_count(vt), 1);
    ck_assert_uint_eq(rf_template_script_count(rf_template_set_find(set, "Hall")), 0);
    sc = rf_template_script(vt, 0);
    ck_assert_str_eq(clause_attr(&sc->conditions[0], "id"), "Closet.pull");
    ck_assert_str_eq(clause_attr(&sc->actions[0], "id"), "Closet.rat");
    ck_assert_str_eq(clause_attr(&sc->actions[0], "x"), "3"); /* at="3", in the hall's frame */
    ck_assert_str_eq(clause_attr(&sc->actions[0], "y"), "2");
    ck_assert_str_eq(clause_attr(&sc->actions[0], "at"), "");
    ck_assert_str_eq(clause_attr(&sc->actions[1], "id"), "Closet.rat");
    /* the room as loaded is untouched */
    sc = rf_template_script(rf_template_set_find(set, "Closet"), 0);
    ck_assert_str_eq(clause_attr(&sc->conditions[0], "id"), "pull");
    ck_assert_str_eq(clause_attr(&sc->actions[0], "at"), "3");
    ck_assert_uint_eq(rf_template_variant_check(vt, d), 0);
    rf_template_variant_free(vt);
}
END_TEST

START_TEST(a_subroom_inside_a_subroom_leads_ids_with_both_names)
{
    rf_template *vt;
    const rf_object *o;
    const rf_script *sc;
    ck_assert_int_eq(
        load_linked("<roomdb>\n<room name=\"Outer\">\n<row text=\"#D#####\"/>\n"
                    "<row text=\"#.YYYY#\"/>\n<row text=\"#.YYYY#\"/>\n<row text=\"#.YYYY#\"/>\n"
                    "<row text=\"#D#####\"/>\n<vary><subroom glyph=\"Y\" tags=\"mid\"/></vary>\n"
                    "</room>\n<room name=\"Mid\" tags=\"mid\">\n<row text=\"ZZZ.\"/>\n"
                    "<row text=\"ZZZ.\"/>\n<row text=\"....\"/>\n"
                    "<vary><subroom glyph=\"Z\" tags=\"closet\"/></vary>\n</room>\n"
                    "<room name=\"Closet\" tags=\"closet\">\n"
                    "<row text=\"#2#\"/>\n<row text=\"#3#\"/>\n"
                    "<lever at=\"2\" id=\"pull\"/>\n"
                    "<script><condition condition_type=\"activated\" id=\"pull\"/>"
                    "<action action_type=\"create\" create_type=\"monster\" id=\"rat\" at=\"3\"/>"
                    "</script>\n</room>\n</roomdb>\n"),
        RF_OK);
    vt = variant("Outer", 1);
    ck_assert_str_eq(rf_template_row(vt, 1), "#.#.#.#");
    ck_assert_str_eq(rf_template_row(vt, 2), "#.#.#.#");
    ck_assert_str_eq(rf_template_row(vt, 3), "#.....#");
    o = rf_template_object_find(vt, "Mid.Closet.pull");
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq(o->x, 3);
    ck_assert_int_eq(o->y, 1);
    sc = rf_template_script(vt, 0);
    ck_assert_ptr_nonnull(sc);
    ck_assert_str_eq(clause_attr(&sc->conditions[0], "id"), "Mid.Closet.pull");
    ck_assert_str_eq(clause_attr(&sc->actions[0], "x"), "3");
    ck_assert_str_eq(clause_attr(&sc->actions[0], "y"), "2");
    rf_template_variant_free(vt);
}
END_TEST

START_TEST(the_same_number_draws_the_same_nested_variant)
{
    char a[16], b[16];
    int differ = 0;
    uint32_t v;
    ck_assert_int_eq(load_linked(HALL("closet") "<room name=\"Shelf\" tags=\"closet\">\n"
                                 "<row text=\"???\"/>\n<row text=\"...\"/>\n"
                                 "<vary><subst glyph=\"?\" choices=\"# . W\"/></vary>\n"
                                 "</room>\n</roomdb>\n"),
                     RF_OK);
    for (v = 0; v < 16; v++) {
        rf_template *x = variant("Hall", v), *y = variant("Hall", v), *n = variant("Hall", v + 1);
        box_of(x, a);
        box_of(y, b);
        ck_assert_str_eq(a, b);
        box_of(n, b);
        differ += strcmp(a, b) != 0;
        rf_template_variant_free(x);
        rf_template_variant_free(y);
        rf_template_variant_free(n);
    }
    ck_assert_int_gt(differ, 0);
}
END_TEST

START_TEST(no_room_for_a_tag_is_an_error_with_a_did_you_mean)
{
    const rf_diag *g;
    ck_assert_int_eq(load_linked(HALL("closat") "<room name=\"Closet\" tags=\"closet\">\n"
                                 "<row text=\"#.#\"/>\n<row text=\"#.#\"/>\n</room>\n</roomdb>\n"),
                     RF_ERR_CONTENT);
    expect_diag("vary-subroom-none", 10, 1);
    g = find_code("vary-subroom-none");
    ck_assert_ptr_nonnull(strstr(g->message, "no room is tagged 'closat'; did you mean 'closet'?"));
    ck_assert_str_eq(g->file, "mem.xml");
}
END_TEST

START_TEST(a_box_that_is_no_filled_rectangle_is_an_error)
{
    ck_assert_int_eq(load_str("<roomdb>\n<room name=\"Hall\">\n<row text=\"###D###\"/>\n"
                              "<row text=\"#.ZZZ.#\"/>\n<row text=\"#.ZZ..#\"/>\n"
                              "<row text=\"#######\"/>\n<vary>\n"
                              "  <subroom glyph=\"Z\" tags=\"closet\"/>\n</vary>\n</room>\n"
                              "</roomdb>\n"),
                     RF_ERR_CONTENT);
    expect_diag("vary-subroom-box", 8, 3);
    ck_assert_ptr_nonnull(strstr(find_code("vary-subroom-box")->message, "(4, 2)"));
    ck_assert_ptr_null(rf_template_set_find(set, "Hall"));
}
END_TEST

START_TEST(a_glyph_on_no_cell_is_no_box)
{
    ck_assert_int_eq(load_str("<roomdb>\n<room name=\"Hall\">\n<row text=\"#D#\"/>\n"
                              "<row text=\"#.#\"/>\n<row text=\"###\"/>\n<vary>\n"
                              "  <subroom glyph=\"Q\" tags=\"closet\"/>\n</vary>\n</room>\n"
                              "</roomdb>\n"),
                     RF_ERR_CONTENT);
    expect_diag("vary-subroom-box", 7, 3);
    ck_assert_ptr_nonnull(strstr(find_code("vary-subroom-box")->message, "no box"));
}
END_TEST

START_TEST(a_room_that_can_hold_itself_is_a_cycle)
{
    ck_assert_int_eq(load_linked("<roomdb>\n<room name=\"Loop\" tags=\"loop\">\n"
                                 "<row text=\"ZZ\"/>\n<row text=\"ZZ\"/>\n"
                                 "<vary><subroom glyph=\"Z\" tags=\"loop\"/></vary>\n"
                                 "</room>\n</roomdb>\n"),
                     RF_ERR_CONTENT);
    expect_diag("vary-subroom-cycle", 5, 7);
    ck_assert_ptr_null(find_code("vary-subroom-depth"));
}
END_TEST

START_TEST(subrooms_nested_past_the_limit_are_an_error)
{
    /* R1 holds R2 holds ... R5 holds the leaf: R1 is 5 deep, R2 is 4 */
    char xml[4096];
    int n = 0, k;
    bool bad[8] = {false};
    n += snprintf(xml + n, sizeof xml - (size_t)n, "<roomdb>\n");
    for (k = 1; k <= 5; k++)
        n += snprintf(xml + n, sizeof xml - (size_t)n,
                      "<room name=\"R%d\" tags=\"t%d\">\n<row text=\"ZZ\"/>\n<row text=\"ZZ\"/>\n"
                      "<vary><subroom glyph=\"Z\" tags=\"t%d\"/></vary>\n</room>\n",
                      k, k, k + 1);
    n += snprintf(xml + n, sizeof xml - (size_t)n,
                  "<room name=\"Leaf\" tags=\"t6\">\n<row text=\"..\"/>\n<row text=\"..\"/>\n"
                  "</room>\n</roomdb>\n");
    ck_assert_int_eq(load_str(xml), RF_OK);
    ck_assert_int_eq(rf_template_set_link(set, d, bad), RF_ERR_CONTENT);
    expect_diag("vary-subroom-depth", 5, 7);
    ck_assert_ptr_nonnull(strstr(find_code("vary-subroom-depth")->message, "'R1'"));
    ck_assert(bad[0]);
    for (k = 1; k < 6; k++)
        ck_assert_msg(!bad[k], "room %d", k);
    ck_assert_ptr_null(find_code("vary-subroom-cycle"));
}
END_TEST

START_TEST(a_closet_is_checked_in_the_room_around_it)
{
    const rf_diag *g;
    /* alone it needs no door; inside, its cell walled in by the hall's top
     * wall is the hall's fault */
    ck_assert_int_eq(load_linked(HALL("closet") "<room name=\"Closet\" tags=\"closet\">\n"
                                 "<row text=\"#.#\"/>\n<row text=\"###\"/>\n</room>\n</roomdb>\n"),
                     RF_OK);
    ck_assert_ptr_null(find_code("no-doors"));
    g = find_code("unreachable-part");
    ck_assert_ptr_nonnull(g);
    ck_assert_ptr_nonnull(strstr(g->message, "variant 0: "));
    ck_assert_ptr_nonnull(strstr(g->message, "cell x 3, y 1"));
    ck_assert_int_eq(g->line, 2); /* the hall's <room>, where unreachable-part stands */
}
END_TEST

START_TEST(a_doorless_tagged_room_no_subroom_holds_warns_no_doors)
{
    const rf_diag *g;
    ck_assert_int_eq(load_linked(HALL("closet") "<room name=\"Closet\" tags=\"closet\">\n"
                                 "<row text=\"#.#\"/>\n<row text=\"#.#\"/>\n</room>\n"
                                 "<room name=\"Nook\" tags=\"nook\">\n"
                                 "<row text=\"#.#\"/>\n</room>\n</roomdb>\n"),
                     RF_OK);
    g = find_code("no-doors");
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(g->line, 17); /* Nook's <room>; the closet the hall holds is not named */
    ck_assert_int_eq(g->severity, RF_SEV_WARNING);
    ck_assert_ptr_nonnull(strstr(g->message, "'Nook'"));
    ck_assert_uint_eq(rf_diags_count(d), 1);
}
END_TEST

START_TEST(a_room_with_lua_scripts_is_no_candidate)
{
    const rf_diag *g;
    char box[16];
    ck_assert_int_eq(load_linked(HALL("closet") "<room name=\"Closet\" tags=\"closet\">\n"
                                 "<row text=\"#.#\"/>\n<row text=\"#.#\"/>\n</room>\n"
                                 "<room name=\"Chatty\" tags=\"closet\">\n"
                                 "<row text=\"...\"/>\n<row text=\"...\"/>\n"
                                 "<script lang=\"lua\">local x = 1</script>\n</room>\n"
                                 "</roomdb>\n"),
                     RF_OK);
    g = find_code("vary-subroom-lua");
    ck_assert_ptr_nonnull(g);
    ck_assert_int_eq(g->line, 10); /* the <subroom> */
    ck_assert_int_eq(g->severity, RF_SEV_WARNING);
    ck_assert_ptr_nonnull(strstr(g->message, "'Chatty'"));
    ck_assert_uint_eq(rf_diags_errors(d), 0);
    for (uint32_t v = 0; v < 16; v++) { /* only the closet fills the box */
        rf_template *vt = variant("Hall", v);
        box_of(vt, box);
        ck_assert_str_eq(box, "#.#/#.#");
        rf_template_variant_free(vt);
    }
}
END_TEST

START_TEST(a_level_places_the_room_with_its_subroom_whole)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    const char *rooms[1] = {"Hall"};
    size_t k, found = 0;
    ck_assert_int_eq(load_linked(HALL("closet") "<room name=\"Closet\" tags=\"closet\">\n"
                                 "<row text=\"#W#\"/>\n<row text=\"#.#\"/>\n</room>\n</roomdb>\n"),
                     RF_OK);
    rf_level_opts_init(&o);
    o.seed = 5;
    o.templates = set;
    o.rooms = rooms;
    o.nrooms = 1;
    o.force_variant = true;
    o.variant = 2;
    ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
    for (k = 0; k < rf_level_room_count(lv); k++) {
        const rf_room_rec *r = rf_level_room_at(lv, k);
        char box[16];
        if (r->kind != RF_ROOM_TEMPLATE || !r->tmpl ||
            strcmp(rf_template_name(r->tmpl), "Hall") != 0)
            continue;
        found++;
        ck_assert_int_eq(rf_template_variant_number(r->tmpl), 2);
        box_of(r->tmpl, box);
        ck_assert_str_eq(box, "#W#/#.#");
        ck_assert_ptr_nonnull(rf_template_object_find(r->tmpl, "gold"));
    }
    ck_assert_uint_ge(found, 1); /* forced once; the only room with doors, drawn again */
    for (k = 0; k < rf_level_room_count(lv); k++) { /* the closet is never placed alone */
        const rf_room_rec *r = rf_level_room_at(lv, k);
        ck_assert(r->kind != RF_ROOM_TEMPLATE || !r->tmpl ||
                  strcmp(rf_template_name(r->tmpl), "Closet") != 0);
    }
    rf_level_free(lv);
}
END_TEST

static Suite *subroom_suite(void)
{
    Suite *s = suite_create("subroom");
    TCase *fill = tcase_create("fill"), *errors = tcase_create("errors"),
          *place = tcase_create("place");
    tcase_add_checked_fixture(fill, setup, teardown);
    tcase_add_checked_fixture(errors, setup, teardown);
    tcase_add_checked_fixture(place, setup, teardown);
    tcase_add_test(fill, a_box_is_filled_by_a_room_with_all_its_tags);
    tcase_add_test(fill, a_room_that_allows_it_is_turned_to_fit);
    tcase_add_test(fill, objects_and_scripts_come_with_the_room_their_ids_prefixed);
    tcase_add_test(fill, a_subroom_inside_a_subroom_leads_ids_with_both_names);
    tcase_add_test(fill, the_same_number_draws_the_same_nested_variant);
    tcase_add_test(errors, a_room_that_may_not_turn_does_not_fit_a_turned_box);
    tcase_add_test(errors, no_room_for_a_tag_is_an_error_with_a_did_you_mean);
    tcase_add_test(errors, a_box_that_is_no_filled_rectangle_is_an_error);
    tcase_add_test(errors, a_glyph_on_no_cell_is_no_box);
    tcase_add_test(errors, a_room_that_can_hold_itself_is_a_cycle);
    tcase_add_test(errors, subrooms_nested_past_the_limit_are_an_error);
    tcase_add_test(errors, a_closet_is_checked_in_the_room_around_it);
    tcase_add_test(errors, a_doorless_tagged_room_no_subroom_holds_warns_no_doors);
    tcase_add_test(errors, a_room_with_lua_scripts_is_no_candidate);
    tcase_add_test(place, a_level_places_the_room_with_its_subroom_whole);
    suite_add_tcase(s, fill);
    suite_add_tcase(s, errors);
    suite_add_tcase(s, place);
    return s;
}
RF_TEST_MAIN(subroom_suite)
