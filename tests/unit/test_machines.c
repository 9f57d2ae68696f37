/* tests/unit/test_machines.c: unit tests for the machines.xml loader
 * (load/machines*.c on the streaming loader): a good file's fields, one case
 * per diagnostic with code, line and column, the bundled catalogue, and
 * allocation failure. */
#include <string.h>

#include "core/seam.h"
#include "roomforge/lint.h"
#include "roomforge/machines.h"
#include "rf_test.h"

#define DATA RF_TEST_DATA "/machines/"

/* A catalogue loaded from the buffer xml (diagnostics into *d, status into
 * *st); the caller frees both. */
static rf_machines *load(const char *xml, rf_diags **d, rf_status *st)
{
    rf_machines *m = rf_machines_new();
    *d = rf_diags_new();
    ck_assert(m && *d);
    *st = rf_machines_load_buffer(m, "m.xml", xml, strlen(xml), *d);
    return m;
}

START_TEST(a_good_file_loads_every_field)
{
    rf_machines *m = rf_machines_new();
    rf_diags *d = rf_diags_new();
    const rf_blueprint *b;
    const rf_feature *f;
    int lo, hi, line, col;
    ck_assert(m && d);
    ck_assert_int_eq(rf_machines_load_file(m, DATA "good.xml", d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_uint_eq(rf_machines_count(m), 2);
    b = rf_machines_at(m, 0);
    ck_assert_str_eq(rf_blueprint_name(b), "Mixed item library");
    ck_assert_int_eq(rf_blueprint_kind(b), RF_MACHINE_REWARD);
    rf_blueprint_depths(b, &lo, &hi);
    ck_assert(lo == 2 && hi == 26);
    ck_assert_int_eq(rf_blueprint_frequency(b), 30);
    ck_assert_int_eq(rf_blueprint_room(b), RF_MACHINE_ROOM_DEAD_END);
    rf_blueprint_size(b, &lo, &hi);
    ck_assert(lo == 30 && hi == 160);
    ck_assert_int_eq(rf_blueprint_file(b, &line) != NULL, 1);
    ck_assert_int_eq(line, 2);
    ck_assert(rf_blueprint_is_at_depth(b, 2) && !rf_blueprint_is_at_depth(b, 27));
    ck_assert_uint_eq(rf_blueprint_feature_count(b), 2);
    f = rf_blueprint_feature_at(b, 0);
    ck_assert_str_eq(rf_feature_object(f), "altar-cage");
    ck_assert_int_eq(rf_feature_terrain(f), '\0');
    rf_feature_counts(f, &lo, &hi);
    ck_assert(lo == 3 && hi == 5);
    ck_assert_uint_eq(rf_feature_flags(f),
                      RF_FEATURE_IN_ROOM | RF_FEATURE_ON_ALTAR | RF_FEATURE_IN_CAGE);
    ck_assert_int_eq(rf_feature_line(f, &col), 4);
    ck_assert_int_eq(col, 5);
    f = rf_blueprint_feature_at(b, 1);
    ck_assert_int_eq(rf_feature_terrain(f), '.');
    ck_assert_ptr_null(rf_feature_object(f));
    rf_feature_counts(f, &lo, &hi);
    ck_assert(lo == 1 && hi == 1);
    ck_assert(rf_feature_has_flag(f, RF_FEATURE_IN_ROOM));
    ck_assert(!rf_feature_has_flag(f, RF_FEATURE_KEY));
    ck_assert_ptr_null(rf_blueprint_feature_at(b, 2));
    /* the script, built by the rooms loader's own code */
    ck_assert_uint_eq(rf_blueprint_script_count(b), 1);
    ck_assert_uint_eq(rf_blueprint_script_at(b, 0)->nconditions, 1);
    ck_assert_str_eq(rf_blueprint_script_at(b, 0)->actions[0].type, "ticker");
    /* the second: an autogenerator, room none by default, one depth, a Lua rule */
    b = rf_machines_find(m, "GRASS");
    ck_assert_ptr_eq(b, rf_machines_at(m, 1));
    ck_assert_int_eq(rf_blueprint_kind(b), RF_MACHINE_AUTO);
    ck_assert_int_eq(rf_blueprint_room(b), RF_MACHINE_ROOM_NONE);
    rf_blueprint_depths(b, &lo, &hi);
    ck_assert(lo == 4 && hi == 4);
    rf_blueprint_size(b, &lo, &hi);
    ck_assert(lo == 0 && hi == RF_MACHINES_MAX_SIZE);
    ck_assert_int_eq(rf_blueprint_script_at(b, 0)->lang, RF_SCRIPT_LUA);
    ck_assert_ptr_nonnull(strstr(rf_blueprint_script_at(b, 0)->code, "room:rule"));
    ck_assert_ptr_null(rf_machines_find(m, "nothing"));
    rf_diags_free(d);
    rf_machines_free(m);
}
END_TEST

START_TEST(names_of_kinds_rooms_and_flags)
{
    ck_assert_str_eq(rf_machine_kind_name(RF_MACHINE_KEY_HOLDER), "key-holder");
    ck_assert_str_eq(rf_machine_kind_name((rf_machine_kind)9), "?");
    ck_assert_str_eq(rf_machine_room_name(RF_MACHINE_ROOM_CHOKEPOINT), "chokepoint");
    ck_assert_str_eq(rf_feature_flag_name(RF_FEATURE_NOT_IN_VIEW_OF_DOOR), "not-in-view-of-door");
    ck_assert_ptr_null(rf_feature_flag_name(0));
    ck_assert_ptr_null(rf_feature_flag_name(RF_FEATURE_IN_ROOM | RF_FEATURE_KEY));
}
END_TEST

#define BP "<machines>\n<blueprint name=\"b\" kind=\"reward\" depth=\"1-3\" frequency=\"1\">\n"
#define FEAT "<feature object=\"o\"/>\n"
#define END "\n</blueprint></machines>"

static const struct {
    const char *xml, *code;
    int line, col;
} cases[] = {
    {"<roomdb/>", "not-machines", 1, 1},
    {"<machines>\n  <bogus/>\n</machines>", "unknown-element", 2, 3},
    {BP FEAT "<featur object=\"o\"/>" END, "unknown-element", 4, 1},
    {BP FEAT "<room name=\"r\"/>" END, "unknown-element", 4, 1},
    {"<machines>\n<blueprint name=\"b\" kind=\"auto\" depth=\"1\" frequency=\"1\" "
     "colour=\"r\">" FEAT
     "</blueprint></machines>",
     "unknown-attribute", 2, 57},
    {BP "<feature object=\"o\" cuont=\"2\"/>" END, "unknown-attribute", 3, 21},
    {"<machines>\n<blueprint name=\"b\" depth=\"1\" frequency=\"1\">" FEAT
     "</blueprint></machines>",
     "missing-attribute", 2, 1},
    {"<machines>\n<blueprint name=\"b\" kind=\"rewrad\" depth=\"1\" frequency=\"1\">" FEAT
     "</blueprint></machines>",
     "unknown-kind", 2, 21},
    {"<machines>\n<blueprint name=\"b\" kind=\"reward\" room=\"deadend\" depth=\"1\" "
     "frequency=\"1\">" FEAT
     "</blueprint></machines>",
     "unknown-requirement", 2, 35},
    {"<machines>\n<blueprint name=\"b\" kind=\"reward\" depth=\"9-3\" frequency=\"1\">" FEAT
     "</blueprint></machines>",
     "bad-range", 2, 35},
    {"<machines>\n<blueprint name=\"b\" kind=\"reward\" depth=\"-2\" frequency=\"1\">" FEAT
     "</blueprint></machines>",
     "bad-range", 2, 35},
    {"<machines>\n<blueprint name=\"b\" kind=\"reward\" depth=\"1\" frequency=\"1\" "
     "size=\"9-x\">" FEAT
     "</blueprint></machines>",
     "bad-range", 2, 59},
    {BP "<feature object=\"o\" count=\"5-2\"/>" END, "bad-range", 3, 21},
    {"<machines>\n<blueprint name=\"b\" kind=\"reward\" depth=\"1\" frequency=\"-4\">" FEAT
     "</blueprint></machines>",
     "bad-value", 2, 45},
    {BP "<feature/>" END, "feature-one-of", 3, 1},
    {BP "<feature terrain=\".\" object=\"o\"/>" END, "feature-one-of", 3, 1},
    {BP "<feature terrain=\"Q\"/>" END, "unknown-glyph", 3, 10},
    {BP "<feature terrain=\"lava\"/>" END, "unknown-glyph", 3, 10},
    {BP "<feature object=\"o\" flags=\"in-room  gaurds\"/>" END, "unknown-flag", 3, 37},
    {BP FEAT "</blueprint>\n<blueprint name=\"B\" kind=\"auto\" depth=\"1\" frequency=\"1\">" FEAT
     "</blueprint></machines>",
     "duplicate-blueprint", 5, 12},
    {BP "<script><condition/></script>" FEAT END, "missing-attribute", 3, 9},
    {BP END, "no-features", 2, 1},
    {BP FEAT "<feature object=\"o\"" END, "xml-syntax", 4, 1},
};

START_TEST(each_error_has_its_code_line_and_column)
{
    rf_diags *d;
    rf_status st;
    rf_machines *m = load(cases[_i].xml, &d, &st);
    size_t k;
    bool found = false;
    for (k = 0; k < rf_diags_count(d) && !found; k++) {
        const rf_diag *g = rf_diags_at(d, k);
        found = strcmp(g->code, cases[_i].code) == 0 && g->line == cases[_i].line &&
                g->col == cases[_i].col;
    }
    if (!found)
        for (k = 0; k < rf_diags_count(d); k++) {
            const rf_diag *g = rf_diags_at(d, k);
            fprintf(stderr, "case %d: %d:%d %s %s\n", _i, g->line, g->col, g->code, g->message);
        }
    ck_assert_msg(found, "case %d: no %s at %d:%d", _i, cases[_i].code, cases[_i].line,
                  cases[_i].col);
    /* an error leaves its blueprint out (a warning keeps it) */
    if (rf_diag_code_find(cases[_i].code)->severity == RF_SEV_ERROR) {
        ck_assert_int_eq(st, RF_ERR_CONTENT);
        ck_assert_uint_eq(rf_machines_count(m), strcmp(cases[_i].code, "duplicate-blueprint") == 0);
    }
    rf_diags_free(d);
    rf_machines_free(m);
}
END_TEST

START_TEST(did_you_mean_names_the_nearest)
{
    static const struct {
        const char *xml, *hint;
    } hints[] = {
        {"<machines>\n<blueprint name=\"b\" kind=\"keyholder\" depth=\"1\" frequency=\"1\">" FEAT
         "</blueprint></machines>",
         "did you mean 'key-holder'?"},
        {BP "<feature object=\"o\" flags=\"far-from-dor\"/>" END, "did you mean 'far-from-door'?"},
        {BP "<feature terrain=\"lava\"/>" END, "did you mean 'L' (lava)?"},
        {BP "<feature terrain=\"l\"/>" END, "did you mean 'L' (lava)?"},
        {BP "<featur object=\"o\"/>" END, "did you mean <feature>?"},
    };
    size_t i;
    for (i = 0; i < sizeof hints / sizeof hints[0]; i++) {
        rf_diags *d;
        rf_status st;
        rf_machines *m = load(hints[i].xml, &d, &st);
        ck_assert_uint_ge(rf_diags_count(d), 1);
        ck_assert_msg(strstr(rf_diags_at(d, 0)->message, hints[i].hint), "%s",
                      rf_diags_at(d, 0)->message);
        rf_diags_free(d);
        rf_machines_free(m);
    }
}
END_TEST

START_TEST(a_bad_blueprint_leaves_the_others)
{
    rf_diags *d;
    rf_status st;
    rf_machines *m = load(BP FEAT "</blueprint>\n"
                             "<blueprint name=\"c\" kind=\"wrong\" depth=\"1\" "
                             "frequency=\"1\">" FEAT
                             "</blueprint>\n"
                             "<blueprint name=\"e\" kind=\"auto\" depth=\"1\" frequency=\"1\">" FEAT
                             "</blueprint></machines>",
                          &d, &st);
    ck_assert_int_eq(st, RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_machines_count(m), 2);
    ck_assert_str_eq(rf_blueprint_name(rf_machines_at(m, 1)), "e");
    rf_diags_free(d);
    rf_machines_free(m);
}
END_TEST

START_TEST(script_types_are_checked_like_a_rooms)
{
    rf_diags *d;
    rf_status st;
    rf_machines *m = load(BP FEAT "<script><condition condition_type=\"enterd\"/>"
                                  "<action action_type=\"ticker\" text=\"t\"/></script>" END,
                          &d, &st);
    ck_assert_int_eq(st, RF_OK);
    ck_assert_int_eq(rf_lint_machines_script_types(m, rf_script_types_builtin(), d),
                     RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "unknown-condition");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 4);
    ck_assert_int_eq(rf_diags_at(d, 0)->col, 9);
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "blueprint 'b'"));
    rf_diags_free(d);
    rf_machines_free(m);
}
END_TEST

START_TEST(bad_calls_and_missing_files)
{
    rf_machines *m = rf_machines_new();
    rf_diags *d = rf_diags_new();
    ck_assert(m && d);
    ck_assert_int_eq(rf_machines_load_file(NULL, "x", d), RF_ERR_ARG);
    ck_assert_int_eq(rf_machines_load_buffer(m, "x", NULL, 3, d), RF_ERR_ARG);
    ck_assert_int_eq(rf_machines_load_file(m, DATA "none.xml", d), RF_ERR_IO);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "io-error");
    ck_assert_uint_eq(rf_machines_count(NULL), 0);
    ck_assert_ptr_null(rf_machines_at(m, 0));
    rf_machines_free(NULL);
    rf_diags_free(d);
    rf_machines_free(m);
}
END_TEST

/* The bundled catalogue loads clean and holds the seed's three lists. */
START_TEST(the_bundled_catalogue_is_clean)
{
    rf_machines *m = rf_machines_new();
    rf_diags *d = rf_diags_new();
    size_t i, per_kind[3] = {0, 0, 0};
    ck_assert(m && d);
    ck_assert_int_eq(rf_machines_load_file(m, RF_SOURCE_DIR "/content/machines.xml", d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    for (i = 0; i < rf_machines_count(m); i++) {
        const rf_blueprint *b = rf_machines_at(m, i);
        size_t k;
        bool key = false;
        per_kind[rf_blueprint_kind(b)]++;
        for (k = 0; k < rf_blueprint_feature_count(b); k++)
            key = key || rf_feature_has_flag(rf_blueprint_feature_at(b, k), RF_FEATURE_KEY);
        /* every key holder holds the key; a nested library holds a second */
        if (rf_blueprint_kind(b) == RF_MACHINE_KEY_HOLDER)
            ck_assert_msg(key, "%s holds no key", rf_blueprint_name(b));
    }
    ck_assert_uint_eq(per_kind[RF_MACHINE_REWARD], 8);
    ck_assert_uint_eq(per_kind[RF_MACHINE_KEY_HOLDER], 19);
    ck_assert_uint_eq(per_kind[RF_MACHINE_AUTO], 19);
    ck_assert_int_eq(rf_lint_machines_script_types(m, rf_script_types_builtin(), d), RF_OK);
    rf_diags_free(d);
    rf_machines_free(m);
}
END_TEST

START_TEST(allocation_failures_are_nomem_and_leak_nothing)
{
    rf_status st = RF_ERR_NOMEM;
    long n;
    for (n = 1; n < 100000 && st != RF_OK; n++) {
        rf_machines *m = rf_machines_new();
        rf_diags *d = rf_diags_new();
        ck_assert(m && d);
        rf_alloc_fail_after(n);
        st = rf_machines_load_file(m, DATA "good.xml", d);
        rf_alloc_fail_after(0);
        ck_assert(st == RF_OK || st == RF_ERR_NOMEM);
        if (st == RF_OK)
            ck_assert_uint_eq(rf_machines_count(m), 2);
        rf_diags_free(d);
        rf_machines_free(m);
    }
    ck_assert_int_eq(st, RF_OK);
    ck_assert_int_gt(n, 3); /* the loop did fail allocations */
}
END_TEST

/* A blueprint's rules name the ids its group will hold (rf_lint_machines_ids):
 * its features' (name, name-2, ... up to the counts), a reward's vault doors,
 * what it creates; a typo is unknown-id at its attribute with a did-you-mean
 * lint --fix may write; the bundled catalogue names none it will not hold. */
START_TEST(script_ids_are_the_groups)
{
    static const char xml[] =
        "<machines>\n"
        "  <blueprint name=\"Lever room\" kind=\"key-holder\" depth=\"3\" frequency=\"5\">\n"
        "    <feature object=\"altar-key\" flags=\"key\"/>\n"
        "    <feature object=\"statue\" count=\"1-2\"/>\n"
        "    <script>\n"
        "      <condition condition_type=\"activated\" id=\"altar-kye\"/>\n"
        "      <action action_type=\"remove\" id=\"vault-door\"/>\n"
        "      <action action_type=\"remove\" id=\"statue-2\"/>\n"
        "      <action action_type=\"remove\" id=\"statue-3\"/>\n"
        "    </script>\n"
        "  </blueprint>\n"
        "</machines>\n";
    rf_diags *d, *d2 = rf_diags_new();
    rf_status st;
    rf_machines *m = load(xml, &d, &st), *bundled = rf_machines_new();
    ck_assert_int_eq(st, RF_OK);
    ck_assert_int_eq(rf_lint_machines_ids(m, d), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 2);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "unknown-id");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 6);
    ck_assert_int_eq(rf_diags_at(d, 0)->col, 45);
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "did you mean 'altar-key'?"));
    ck_assert_str_eq(rf_diags_at(d, 0)->fix_to, "altar-key");
    ck_assert_int_eq(rf_diags_at(d, 1)->line, 9); /* statue-3: two statues at most */
    ck_assert(bundled && d2);
    ck_assert_int_eq(rf_machines_load_file(bundled, RF_SOURCE_DIR "/content/machines.xml", d2),
                     RF_OK);
    ck_assert_int_eq(rf_lint_machines_ids(bundled, d2), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d2), 0);
    rf_machines_free(m);
    rf_machines_free(bundled);
    rf_diags_free(d);
    rf_diags_free(d2);
}
END_TEST

static Suite *machines_suite(void)
{
    Suite *s = suite_create("machines");
    TCase *tl = tcase_create("load");
    TCase *te = tcase_create("errors");
    TCase *tm = tcase_create("limits");
    tcase_add_test(tl, a_good_file_loads_every_field);
    tcase_add_test(tl, names_of_kinds_rooms_and_flags);
    tcase_add_test(tl, the_bundled_catalogue_is_clean);
    tcase_add_loop_test(te, each_error_has_its_code_line_and_column, 0,
                        (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(te, did_you_mean_names_the_nearest);
    tcase_add_test(te, a_bad_blueprint_leaves_the_others);
    tcase_add_test(te, script_types_are_checked_like_a_rooms);
    tcase_add_test(te, script_ids_are_the_groups);
    tcase_add_test(te, bad_calls_and_missing_files);
    tcase_add_test(tm, allocation_failures_are_nomem_and_leak_nothing);
    suite_add_tcase(s, tl);
    suite_add_tcase(s, te);
    suite_add_tcase(s, tm);
    return s;
}
RF_TEST_MAIN(machines_suite)
