/* tests/unit/test_lint.c: unit tests for engine/src/lint.c (script types vs a registry). */
#include <stdlib.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/diag.h"
#include "roomforge/lint.h"
#include "roomforge/template.h"

static rf_diags *d;
static rf_template_set *set;

static void setup(void)
{
    d = rf_diags_new();
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_nonnull(set);
    ck_assert_int_eq(rf_template_set_load_file(set, RF_TEST_DATA "/check/lint-types.xml", d),
                     RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0); /* unknown types are not the loader's */
    ck_assert_uint_eq(rf_template_set_count(set), 2);
}

static void teardown(void)
{
    rf_template_set_free(set);
    rf_diags_free(d);
}

static void assert_diag(size_t i, const char *code, int line, int col)
{
    const rf_diag *g = rf_diags_at(d, i);
    ck_assert_ptr_nonnull(g);
    ck_assert_str_eq(g->code, code);
    ck_assert_int_eq(g->line, line);
    ck_assert_int_eq(g->col, col);
    ck_assert_int_eq(g->severity, RF_SEV_ERROR);
    ck_assert_ptr_nonnull(strstr(g->file, "lint-types.xml"));
}

START_TEST(builtin_registry_reports_unknown_types_at_the_clause)
{
    ck_assert_int_eq(rf_lint_script_types(set, rf_script_types_builtin(), d), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 2);
    assert_diag(0, "unknown-condition", 12, 7);
    assert_diag(1, "unknown-action", 14, 7);
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "'glows'"));
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 1)->message, "'explode'"));
}
END_TEST

/* Unknown types are named as written, with the built-in type meant. */
START_TEST(unknown_types_are_named_as_written_with_a_suggestion)
{
    static const char xml[] = "<roomdb><room name=\"Typo\"><row text=\"#D#\"/>"
                              "<row text=\"#.#\"/><row text=\"###\"/>"
                              "<script><condition condition_type=\"isDaed\" id=\"x\"/>"
                              "<action action_type=\"Tickr\" text=\"t\"/></script>"
                              "<monster name=\"m\" id=\"x\" x=\"1\" y=\"1\"/>"
                              "</room></roomdb>";
    rf_template_set *s = rf_template_set_new();
    ck_assert_int_eq(rf_template_set_load_buffer(s, "typo.xml", xml, sizeof xml - 1, d), RF_OK);
    ck_assert_int_eq(rf_lint_script_types(s, rf_script_types_builtin(), d), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 2);
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "type 'isDaed'"));
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "did you mean 'isdead'?"));
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 1)->message, "type 'Tickr'"));
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 1)->message, "did you mean 'ticker'?"));
    rf_template_set_free(s);
}
END_TEST

START_TEST(builtin_registry_knows_dredmor_types)
{
    const rf_script_types *b = rf_script_types_builtin();
    static const char *const conds[] = {
        "activated", "activated_changed", "at",     "entered", "event",
        "exited",    "isalive",           "isdead", "started", "stopped"};
    static const char *const acts[] = {"create", "move",   "remove", "set",
                                       "spell",  "ticker", "trigger"};
    size_t i;
    for (i = 0; i < sizeof conds / sizeof conds[0]; i++) {
        ck_assert(b->has_condition(b->ud, conds[i]));
        ck_assert(!b->has_action(b->ud, conds[i]));
    }
    for (i = 0; i < sizeof acts / sizeof acts[0]; i++) {
        ck_assert(b->has_action(b->ud, acts[i]));
        ck_assert(!b->has_condition(b->ud, acts[i]));
    }
    ck_assert(!b->has_condition(b->ud, "glows"));
    ck_assert(!b->has_condition(b->ud, ""));
    ck_assert_ptr_eq(rf_script_types_builtin(), b);
}
END_TEST

/* A registry as the rule VM would pass it: the built-in types plus the ones
 * a designer registered (here a list). */
typedef struct extra_types {
    const char *const *conditions;
    const char *const *actions;
    int calls;
} extra_types;

static bool in_list(const char *const *list, const char *type)
{
    for (; list && *list; list++)
        if (strcmp(*list, type) == 0)
            return true;
    return false;
}

static bool extra_has_condition(void *ud, const char *type)
{
    extra_types *x = ud;
    const rf_script_types *b = rf_script_types_builtin();
    x->calls++;
    return in_list(x->conditions, type) || b->has_condition(b->ud, type);
}

static bool extra_has_action(void *ud, const char *type)
{
    extra_types *x = ud;
    const rf_script_types *b = rf_script_types_builtin();
    x->calls++;
    return in_list(x->actions, type) || b->has_action(b->ud, type);
}

START_TEST(custom_registry_knows_an_extra_condition)
{
    static const char *const conds[] = {"glows", NULL};
    extra_types x = {conds, NULL, 0};
    rf_script_types types = {&x, extra_has_condition, extra_has_action, false};
    ck_assert_int_eq(rf_lint_script_types(set, &types, d), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    assert_diag(0, "unknown-action", 14, 7);
    ck_assert_int_eq(x.calls, 6); /* every clause of both rooms asked once */
}
END_TEST

START_TEST(custom_registry_knowing_everything_is_clean)
{
    static const char *const conds[] = {"glows", NULL};
    static const char *const acts[] = {"explode", NULL};
    extra_types x = {conds, acts, 0};
    rf_script_types types = {&x, extra_has_condition, extra_has_action, false};
    ck_assert_int_eq(rf_lint_script_types(set, &types, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

START_TEST(registry_without_callbacks_knows_nothing)
{
    rf_script_types none = {NULL, NULL, NULL, false};
    ck_assert_int_eq(rf_lint_script_types(set, &none, d), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 6);
}
END_TEST

START_TEST(disabled_codes_are_not_counted)
{
    ck_assert(rf_diags_enable(d, "unknown-condition", false));
    ck_assert(rf_diags_enable(d, "unknown-action", false));
    ck_assert_int_eq(rf_lint_script_types(set, rf_script_types_builtin(), d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    ck_assert_int_eq(rf_lint_script_types(NULL, rf_script_types_builtin(), d), RF_ERR_ARG);
    ck_assert_int_eq(rf_lint_script_types(set, NULL, d), RF_ERR_ARG);
    ck_assert_int_eq(rf_lint_script_types(set, rf_script_types_builtin(), NULL), RF_ERR_ARG);
}
END_TEST

START_TEST(lua_scripts_are_not_type_checked)
{
    rf_template_set *lua = rf_template_set_new();
    rf_script_types none = {NULL, NULL, NULL, false};
    ck_assert_ptr_nonnull(lua);
    ck_assert_int_eq(rf_template_set_load_file(lua, RF_TEST_DATA "/check/anchor-lua.xml", d),
                     RF_OK);
    ck_assert_uint_eq(rf_template_script_count(rf_template_set_at(lua, 0)), 1);
    ck_assert_int_eq(rf_lint_script_types(lua, &none, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    rf_template_set_free(lua);
}
END_TEST

START_TEST(empty_set_is_clean)
{
    rf_template_set *empty = rf_template_set_new();
    ck_assert_ptr_nonnull(empty);
    ck_assert_int_eq(rf_lint_script_types(empty, rf_script_types_builtin(), d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    rf_template_set_free(empty);
}
END_TEST

static Suite *lint_suite(void)
{
    Suite *s = suite_create("lint");
    TCase *tc = tcase_create("script_types");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, builtin_registry_reports_unknown_types_at_the_clause);
    tcase_add_test(tc, builtin_registry_knows_dredmor_types);
    tcase_add_test(tc, unknown_types_are_named_as_written_with_a_suggestion);
    tcase_add_test(tc, custom_registry_knows_an_extra_condition);
    tcase_add_test(tc, custom_registry_knowing_everything_is_clean);
    tcase_add_test(tc, registry_without_callbacks_knows_nothing);
    tcase_add_test(tc, disabled_codes_are_not_counted);
    tcase_add_test(tc, bad_arguments_are_refused);
    tcase_add_test(tc, lua_scripts_are_not_type_checked);
    tcase_add_test(tc, empty_set_is_clean);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(lint_suite)
