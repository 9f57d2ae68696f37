/* tests/unit/test_diag.c: unit tests for the sink and writers (diag*.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "rf_test.h"
#include "roomforge/diag.h"

static rf_diags *d;
static void setup(void)
{
    d = rf_diags_new();
    ck_assert_ptr_nonnull(d);
}
static void teardown(void) { rf_diags_free(d); }

/* Runs a writer into memory and returns the text (caller frees). */
static char *capture(int which)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    rf_status s = RF_OK;
    ck_assert_ptr_nonnull(f);
    if (which == 0)
        s = rf_diags_write_gcc(d, f, RF_DIAG_WRITE_SOURCE);
    else if (which == 1)
        s = rf_diags_write_json(d, f);
    else
        s = rf_diags_write_sarif(d, f, "9.9");
    ck_assert_int_eq(s, RF_OK);
    fclose(f);
    return buf;
}

START_TEST(add_takes_severity_from_table)
{
    ck_assert(rf_diag_add(d, "row-width", "a.xml", 3, 5, "rows are %d wide", 7));
    ck_assert(rf_diag_add(d, "unknown-symbol", "a.xml", 4, 2, "bad"));
    ck_assert_uint_eq(rf_diags_count(d), 2);
    ck_assert_int_eq(rf_diags_at(d, 0)->severity, RF_SEV_WARNING);
    ck_assert_int_eq(rf_diags_at(d, 1)->severity, RF_SEV_ERROR);
    ck_assert_str_eq(rf_diags_at(d, 0)->message, "rows are 7 wide");
    ck_assert_uint_eq(rf_diags_errors(d), 1);
    ck_assert_uint_eq(rf_diags_warnings(d), 1);
}
END_TEST

START_TEST(disable_and_enable)
{
    ck_assert(rf_diags_enable(d, "row-width", false));
    ck_assert(!rf_diags_enable(d, "no-such-code", false));
    rf_diag_add(d, "row-width", "a.xml", 3, 5, "x");
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert(!rf_diags_is_enabled(d, "wall-thin"));
    ck_assert(rf_diags_enable(d, "wall-thin", true));
    rf_diag_add(d, "wall-thin", "a.xml", 1, 1, "thin");
    ck_assert_uint_eq(rf_diags_count(d), 1);
}
END_TEST

START_TEST(werror_promotes_warnings)
{
    rf_diags_set_werror(d, true);
    rf_diag_add(d, "no-doors", "a.xml", 2, 1, "no doors");
    ck_assert_int_eq(rf_diags_at(d, 0)->severity, RF_SEV_ERROR);
    ck_assert_uint_eq(rf_diags_errors(d), 1);
}
END_TEST

START_TEST(file_cap_adds_one_note)
{
    int i;
    rf_diags_set_file_cap(d, 3);
    for (i = 0; i < 10; i++)
        rf_diag_add(d, "unknown-symbol", "big.xml", i + 1, 1, "bad %d", i);
    rf_diag_add(d, "unknown-symbol", "other.xml", 1, 1, "fine");
    ck_assert_uint_eq(rf_diags_count(d), 5);
    ck_assert_str_eq(rf_diags_at(d, 3)->code, "too-many-errors");
    ck_assert_uint_eq(rf_diags_errors(d), 11);
}
END_TEST

/* A sink reused by a game: clear forgets the diagnostics, counts and file
 * caps, keeps the codes turned off and --werror. */
START_TEST(clear_forgets_diagnostics_keeps_settings)
{
    int i;
    rf_diags_set_werror(d, true);
    rf_diags_set_file_cap(d, 2);
    ck_assert(rf_diags_enable(d, "row-width", false));
    for (i = 0; i < 5; i++)
        rf_diag_add(d, "unknown-symbol", "big.xml", i + 1, 1, "bad %d", i);
    ck_assert_uint_eq(rf_diags_count(d), 3);
    rf_diags_clear(d);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_uint_eq(rf_diags_errors(d), 0);
    ck_assert_uint_eq(rf_diags_warnings(d), 0);
    ck_assert_uint_eq(rf_diags_lost(d), 0);
    rf_diag_add(d, "unknown-symbol", "big.xml", 1, 1, "again");
    rf_diag_add(d, "unknown-symbol", "big.xml", 2, 1, "and again");
    ck_assert_uint_eq(rf_diags_count(d), 2); /* the file's cap starts over */
    ck_assert(!rf_diags_is_enabled(d, "row-width"));
    rf_diag_add(d, "no-doors", "a.xml", 2, 1, "no doors");
    ck_assert_int_eq(rf_diags_at(d, 2)->severity, RF_SEV_ERROR);
    rf_diags_clear(NULL);
}
END_TEST

START_TEST(gcc_has_source_and_caret)
{
    char path[1024], *out, want[2048];
    snprintf(path, sizeof path, "%s/diag/caret.xml", RF_TEST_DATA);
    rf_diag_add(d, "unknown-symbol", path, 2, 8, "bad");
    out = capture(0);
    snprintf(want, sizeof want, "%s:2:8: error: bad [unknown-symbol]\n \t<room name=\"x\">\n \t      ^\n",
             path);
    ck_assert_str_eq(out, want);
    free(out);
}
END_TEST

/* A message from content cannot drive the terminal (issue 19): control
 * characters print escaped, a newline as \n, a tab kept. */
START_TEST(gcc_escapes_control_characters)
{
    char *out;
    rf_diag_add(d, "script-error", "rooms\033.xml", 0, 0, "x\033[2J\033]0;T\007\n\tend");
    out = capture(0);
    ck_assert_str_eq(out, "rooms\\x1b.xml: error: x\\x1b[2J\\x1b]0;T\\x07\\n\\x09end "
                          "[script-error]\n");
    free(out);
}
END_TEST

START_TEST(gcc_without_position)
{
    char *out;
    rf_diag_add(d, "io-error", "missing.xml", 0, 0, "cannot open");
    out = capture(0);
    ck_assert_str_eq(out, "missing.xml: error: cannot open [io-error]\n");
    free(out);
}
END_TEST

START_TEST(json_shape_and_escaping)
{
    char *out;
    rf_diag_add(d, "bad-value", "q\"x.xml", 1, 2, "tab\there \xff");
    out = capture(1);
    ck_assert_str_eq(out, "{\"diagnostics\":[{\"file\":\"q\\\"x.xml\",\"line\":1,\"column\":2,"
                          "\"severity\":\"error\",\"code\":\"bad-value\",\"message\":\"tab\\there "
                          "\\ufffd\"}],\"errors\":1,\"warnings\":0}\n");
    free(out);
}
END_TEST

START_TEST(sarif_has_rules_and_results)
{
    char *out;
    rf_diag_add(d, "row-width", "dir/my rooms.xml", 4, 3, "w");
    out = capture(2);
    ck_assert_ptr_nonnull(strstr(out, "\"version\":\"2.1.0\""));
    ck_assert_ptr_nonnull(strstr(out, "{\"id\":\"row-width\",\"shortDescription\""));
    ck_assert_ptr_nonnull(strstr(out, "\"ruleId\":\"row-width\""));
    ck_assert_ptr_nonnull(strstr(out, "\"level\":\"warning\""));
    ck_assert_ptr_nonnull(strstr(out, "\"uri\":\"dir/my%20rooms.xml\""));
    ck_assert_ptr_nonnull(strstr(out, "\"region\":{\"startLine\":4,\"startColumn\":3}"));
    free(out);
}
END_TEST

/* Issue 35: paths are printed normalised in every format; a SARIF location
 * is relative to %SRCROOT% (declared in originalUriBaseIds) or, for an
 * absolute path, a file:// URI with no uriBaseId. */
START_TEST(paths_are_normalised_and_sarif_uris_have_a_base)
{
    char *out;
    rf_diag_add(d, "row-width", "./rooms//x.xml", 0, 0, "w");
    rf_diag_add(d, "row-width", "/tmp/my pack/./a.xml", 0, 0, "w");
    out = capture(0);
    ck_assert_ptr_nonnull(strstr(out, "rooms/x.xml: warning: w [row-width]\n"));
    ck_assert_ptr_null(strstr(out, "./rooms"));
    ck_assert_ptr_nonnull(strstr(out, "/tmp/my pack/a.xml: warning"));
    free(out);
    out = capture(1);
    ck_assert_ptr_nonnull(strstr(out, "\"file\":\"rooms/x.xml\""));
    ck_assert_ptr_nonnull(strstr(out, "\"file\":\"/tmp/my pack/a.xml\""));
    free(out);
    out = capture(2);
    ck_assert_ptr_nonnull(strstr(out, "\"originalUriBaseIds\":{\"%SRCROOT%\":{"));
    ck_assert_ptr_nonnull(
        strstr(out, "{\"uri\":\"rooms/x.xml\",\"uriBaseId\":\"%SRCROOT%\"}"));
    ck_assert_ptr_nonnull(strstr(out, "{\"uri\":\"file:///tmp/my%20pack/a.xml\"}"));
    ck_assert_ptr_null(strstr(out, "rooms//"));
    free(out);
}
END_TEST

START_TEST(codes_are_unique_kebab_case)
{
    size_t n, i, j;
    const rf_diag_code *c = rf_diag_codes(&n);
    ck_assert_uint_gt(n, 10);
    for (i = 0; i < n; i++) {
        const char *p;
        for (p = c[i].code; *p; p++)
            ck_assert_msg((*p >= 'a' && *p <= 'z') || *p == '-', "code %s", c[i].code);
        for (j = i + 1; j < n; j++)
            ck_assert_str_ne(c[i].code, c[j].code);
        ck_assert_ptr_eq(rf_diag_code_find(c[i].code), &c[i]);
    }
}
END_TEST

START_TEST(out_of_memory_is_counted)
{
    long k;
    for (k = 1; k <= 4; k++) {
        rf_diags *x = rf_diags_new();
        ck_assert_ptr_nonnull(x);
        rf_alloc_fail_after(k);
        rf_diag_add(x, "unknown-symbol", "f.xml", 1, 1, "m");
        rf_alloc_fail_after(0);
        ck_assert_uint_eq(rf_diags_errors(x), 1);
        ck_assert_uint_eq(rf_diags_count(x) + rf_diags_lost(x), 1);
        rf_diags_free(x);
    }
}
END_TEST

/* Writers print by file, line and column, ties in found order; the sink
 * keeps found order. */
START_TEST(writers_print_in_position_order)
{
    char *out;
    const char *a, *b, *c, *e;
    rf_diag_add(d, "unknown-symbol", "b.xml", 2, 1, "third");
    rf_diag_add(d, "unknown-symbol", "a.xml", 9, 4, "second");
    rf_diag_add(d, "unknown-symbol", "a.xml", 9, 2, "first");
    rf_diag_add(d, "row-width", "b.xml", 2, 1, "fourth");
    ck_assert_str_eq(rf_diags_at(d, 0)->message, "third");
    out = capture(1);
    a = strstr(out, "first");
    b = strstr(out, "second");
    c = strstr(out, "third");
    e = strstr(out, "fourth");
    ck_assert(a && b && c && e && a < b && b < c && c < e);
    free(out);
}
END_TEST

/* The one reporting rule every reader follows (rf_diag_report). */
START_TEST(report_says_what_a_diagnostic_means)
{
    unsigned v;
    ck_assert_uint_eq(rf_diag_report(d, "unknown-symbol", "a.xml", 1, 1, "e"), RF_DIAG_FAULT);
    ck_assert_uint_eq(rf_diag_report(d, "row-width", "a.xml", 2, 1, "w"), 0);
    ck_assert_uint_eq(rf_diags_count(d), 2);
    ck_assert(rf_diags_enable(d, "unknown-symbol", false));
    ck_assert_uint_eq(rf_diag_report(d, "unknown-symbol", "a.xml", 3, 1, "off"), 0);
    ck_assert_uint_eq(rf_diags_count(d), 2);
    rf_diags_set_werror(d, true); /* promoted: counted as an error, not a fault */
    ck_assert_uint_eq(rf_diag_report(d, "no-doors", "a.xml", 4, 1, "w"), 0);
    ck_assert_int_eq(rf_diags_at(d, 2)->severity, RF_SEV_ERROR);
    /* no sink: the table alone decides */
    ck_assert_uint_eq(rf_diag_report(NULL, "unknown-symbol", "a.xml", 1, 1, "e"), RF_DIAG_FAULT);
    ck_assert_uint_eq(rf_diag_report(NULL, "row-width", "a.xml", 1, 1, "w"), 0);
    /* out of memory: still a fault, and lost */
    rf_alloc_fail_after(1);
    v = rf_diag_report(d, "bad-value", "c.xml", 1, 1, "x");
    rf_alloc_fail_after(0);
    ck_assert_uint_eq(v, RF_DIAG_FAULT | RF_DIAG_LOST);
    ck_assert_uint_eq(rf_diags_lost(d), 1);
}
END_TEST

static Suite *diag_suite(void)
{
    Suite *s = suite_create("diag");
    TCase *tc = tcase_create("sink");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, add_takes_severity_from_table);
    tcase_add_test(tc, disable_and_enable);
    tcase_add_test(tc, werror_promotes_warnings);
    tcase_add_test(tc, file_cap_adds_one_note);
    tcase_add_test(tc, clear_forgets_diagnostics_keeps_settings);
    tcase_add_test(tc, out_of_memory_is_counted);
    tcase_add_test(tc, report_says_what_a_diagnostic_means);
    tcase_add_test(tc, writers_print_in_position_order);
    suite_add_tcase(s, tc);
    tc = tcase_create("writers");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gcc_has_source_and_caret);
    tcase_add_test(tc, gcc_escapes_control_characters);
    tcase_add_test(tc, gcc_without_position);
    tcase_add_test(tc, json_shape_and_escaping);
    tcase_add_test(tc, sarif_has_rules_and_results);
    tcase_add_test(tc, paths_are_normalised_and_sarif_uris_have_a_base);
    tcase_add_test(tc, codes_are_unique_kebab_case);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(diag_suite)
