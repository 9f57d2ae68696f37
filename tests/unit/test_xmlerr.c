/* tests/unit/test_xmlerr.c: unit tests for engine/src/load/load_xmlerr.c
 * and the loader's hold on unknown elements: each libxml2 syntax error
 * reported where its problem starts, in plain words with libxml2's after
 * them, no cascade of unknown-element warnings after a break, and a game's
 * own elements kept as generic objects. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load_fixture.h"


/* One syntax error: where its problem starts, the plain words and libxml2's. */
static const struct {
    const char *xml;
    int line, col;
    const char *says;
} syntax[] = {
    /* an unclosed <row> at its own line, not at the </room> that found it */
    {"<roomdb>\n<room name=\"a\">\n  <row text=\"#D#\">\n  <row text=\"#.#\"/>\n</room>\n</roomdb>\n", 3,
     3, "<row> opened here is never closed: the next end tag is </room> at line 5"},
    {"<roomdb>\n<room name=\"a\">\n<row text=\"#D#\"/>\n</rom>\n</roomdb>\n", 4, 1,
     "</rom> does not end <room> opened at line 2; did you mean </room>?"},
    {"<roomdb>\n<room name=\"a\">\n<row text=\"#D#\"\n<row text=\"#.#\"/>\n</room></roomdb>\n", 3, 1,
     "the tag <row> is not finished: '/>' or '>' is missing before the next tag (line 4)"},
    {"<roomdb>\n<room name=\"a>\n<row text=\"#D#\"/>\n</room></roomdb>\n", 2, 12,
     "the value opened here has no closing '\"'"},
    {"<roomdb>\n<room name=a>\n</room></roomdb>\n", 2, 12, "a value is written in quotes"},
    {"<roomdb>\n<room name=\"a&b\">\n</room></roomdb>\n", 2, 0, "a '&' is written &amp;"},
    {"<roomdb>\n<room name=\"a\"><row text=\"##D##\"/><row text=\"d...d\"/>\n<row text=\"##D##\"/>\n</room>\n", 4, 8,
     "the file ends before </roomdb>: <roomdb> opened at line 1 is not closed"},
    {"<roomdb>\n</roomdb>\n<room name=\"b\"/>\n", 3, 1, "this comes after </roomdb>"},
    {"hello\n", 1, 1, "no element was found: the file holds one <roomDB> element (libxml2: Document is empty)"},
    {"  \n\t\n", 1, 1, "the file is empty: it holds only blanks"},
    {"<roomdb>\n<!-- open\n<room name=\"a\"/></roomdb>\n", 2, 1,
     "the comment opened here is not closed with '-->'"},
};

START_TEST(syntax_errors_point_where_the_problem_starts)
{
    const rf_diag *g;
    ck_assert_int_eq(load_str(syntax[_i].xml), RF_ERR_CONTENT);
    g = find_code("xml-syntax");
    ck_assert_ptr_nonnull(g);
    ck_assert_uint_eq(rf_diags_errors(d), 1);
    ck_assert_int_eq(g->line, syntax[_i].line);
    if (syntax[_i].col > 0)
        ck_assert_int_eq(g->col, syntax[_i].col);
    ck_assert_msg(strstr(g->message, syntax[_i].says) != NULL, "message: %s", g->message);
}
END_TEST

/* An unclosed <flags> makes every <row> after it its child; the reader hands
 * them over before it meets the end tag that breaks: none is reported, the
 * room before still loads. */
START_TEST(a_syntax_error_has_no_cascade_of_unknown_elements)
{
    char xml[8192];
    size_t n = (size_t)snprintf(xml, sizeof xml, "<roomdb>\n<room name=\"ok\"><row text=\"##D##\"/>"
                                                 "<row text=\"d...d\"/><row text=\"##D##\"/></room>\n"
                                                 "<room name=\"bad\">\n<flags minLevel=\"1\">\n");
    int i;
    for (i = 0; i < 60; i++)
        n += (size_t)snprintf(xml + n, sizeof xml - n, "<row text=\"#.....................#\"/>\n");
    n += (size_t)snprintf(xml + n, sizeof xml - n, "<bogus/>\n</room>\n</roomdb>\n");
    ck_assert_uint_lt(n, sizeof xml);
    ck_assert_int_eq(load_str(xml), RF_ERR_CONTENT);
    ck_assert_ptr_null(find_code("unknown-element"));
    expect_diag("xml-syntax", 4, 1);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_uint_eq(rf_template_set_count(set), 1);
    ck_assert_str_eq(rf_template_name(rf_template_set_at(set, 0)), "ok");
}
END_TEST

/* Unknown elements of a file that parses are all reported, past the bound
 * on those held back. */
START_TEST(unknown_elements_are_reported_when_the_xml_is_sound)
{
    char *xml = malloc(64 * 1024);
    size_t n, i, count = 0;
    ck_assert_ptr_nonnull(xml);
    n = (size_t)sprintf(xml, "<roomdb><room name=\"r\"><row text=\"##D##\"/><row text=\"d...d\"/>"
                             "<row text=\"##D##\"/>\n");
    for (i = 0; i < 300; i++)
        n += (size_t)sprintf(xml + n, "<bogus/>\n");
    sprintf(xml + n, "</room></roomdb>\n");
    ck_assert_int_eq(load_str(xml), RF_OK);
    free(xml);
    for (i = 0; i < rf_diags_count(d); i++)
        count += strcmp(rf_diags_at(d, i)->code, "unknown-element") == 0;
    ck_assert_uint_eq(count, 300);
}
END_TEST

/* A game's own elements inside a room (issue 15) are kept as generic
 * objects: their tag and every attribute, the common ones typed; one
 * unknown-object warning each, with a did-you-mean for a misspelling;
 * elsewhere an unknown element is still ignored. */
START_TEST(unknown_objects_are_kept_with_their_attributes)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Court\" width=\"7\" height=\"3\">\n"
        "    <row text=\"###D###\"/><row text=\"d.....d\"/><row text=\"###D###\"/>\n"
        "    <fountain id=\"well\" x=\"3\" y=\"1\" flow=\"3\" potion=\"healing\"/>\n"
        "    <mosnter name=\"Diggle\" x=\"1\" y=\"1\"/>\n"
        "    <flags><sparkle/></flags>\n"
        "  </room>\n"
        "</roomdb>\n";
    const rf_template *t;
    const rf_object *o;
    ck_assert_int_eq(load_str(xml), RF_OK);
    t = rf_template_set_at(set, 0);
    ck_assert_uint_eq(rf_template_object_count(t), 2);
    o = rf_template_object(t, 0);
    ck_assert_int_eq(o->type, RF_OBJ_OTHER);
    ck_assert_str_eq(o->tag, "fountain");
    ck_assert_str_eq(rf_object_tag(o), "fountain");
    ck_assert_str_eq(o->id, "well");
    ck_assert_int_eq(o->x, 3);
    ck_assert_int_eq(o->y, 1);
    ck_assert_str_eq(rf_attrs_find(o->attrs, o->nattrs, "flow"), "3");
    ck_assert_str_eq(rf_attrs_find(o->attrs, o->nattrs, "potion"), "healing");
    ck_assert_str_eq(rf_object_tag(rf_template_object(t, 1)), "mosnter");
    ck_assert_uint_eq(rf_diags_count(d), 3);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "unknown-object");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 4);
    ck_assert_str_eq(rf_diags_at(d, 1)->code, "unknown-object");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 1)->message, "did you mean <monster>?"));
    ck_assert_str_eq(rf_diags_at(d, 2)->code, "unknown-element"); /* not in a room: ignored */
    /* "object" names no element: a tag never parses to RF_OBJ_OTHER */
    {
        rf_object_type ty;
        ck_assert(!rf_object_type_parse("object", &ty));
        ck_assert(!rf_object_type_parse("fountain", &ty));
    }
}
END_TEST

/* The attributes every object takes stay typed on a game's own object. */
START_TEST(unknown_objects_keep_typed_positions)
{
    static const char xml[] =
        "<roomdb>\n"
        "  <room name=\"Court\" width=\"7\" height=\"3\">\n"
        "    <row text=\"###D###\"/><row text=\"d.....d\"/><row text=\"###D###\"/>\n"
        "    <fountain x=\"three\" y=\"1\"/>\n"
        "  </room>\n"
        "</roomdb>\n";
    size_t i;
    bool bad = false;
    (void)load_str(xml);
    for (i = 0; i < rf_diags_count(d); i++)
        bad = bad || strcmp(rf_diags_at(d, i)->code, "bad-value") == 0;
    ck_assert(bad);
}
END_TEST

static Suite *xmlerr_suite(void)
{
    Suite *s = suite_create("xmlerr");
    TCase *tc = tcase_create("syntax");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, syntax_errors_point_where_the_problem_starts, 0,
                        (int)(sizeof syntax / sizeof syntax[0]));
    tcase_add_test(tc, a_syntax_error_has_no_cascade_of_unknown_elements);
    tcase_add_test(tc, unknown_elements_are_reported_when_the_xml_is_sound);
    tcase_add_test(tc, unknown_objects_are_kept_with_their_attributes);
    tcase_add_test(tc, unknown_objects_keep_typed_positions);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(xmlerr_suite)
