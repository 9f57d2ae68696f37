/* tests/unit/test_horde.c: unit tests for the population tables and their
 * loader (horde.c, horde_bundled.c, the <hordes>, <traps> and
 * <decorations> sections of profile.c): the bundled tables against
 * content/profiles.xml, defaults and weights, every diagnostic of a
 * malformed table with its line, and allocation failures.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "profiles_check.h"
#include "rf_test.h"
#include "roomforge/diag.h"
#include "roomforge/horde.h"
#include "roomforge/profile.h"

START_TEST(the_bundled_tables_are_the_content_files)
{
    rf_profile_set *set = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    const rf_horde_table *f, *b = rf_horde_table_bundled();
    size_t i, m;
    ck_assert(set && d);
    ck_assert_int_eq(rf_profile_set_load(set, RF_SOURCE_DIR "/content/profiles.xml", d), RF_OK);
    f = rf_profile_set_hordes(set);
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(rf_horde_count(f), rf_horde_count(b));
    ck_assert_uint_eq(rf_horde_trap_count(f), rf_horde_trap_count(b));
    for (i = 0; i < rf_horde_count(b); i++) {
        const rf_horde *x = rf_horde_at(f, i), *y = rf_horde_at(b, i);
        ck_assert_str_eq(x->name, y->name);
        ck_assert_str_eq(x->leader, y->leader);
        ck_assert_int_eq(x->min_depth, y->min_depth);
        ck_assert_int_eq(x->max_depth, y->max_depth);
        ck_assert_int_eq(x->frequency, y->frequency);
        ck_assert_int_eq(x->machine, y->machine);
        ck_assert_uint_eq(x->nmembers, y->nmembers);
        ck_assert_int_gt(x->line, 0);
        for (m = 0; m < x->nmembers; m++) {
            ck_assert_str_eq(x->members[m].monster, y->members[m].monster);
            ck_assert_int_eq(x->members[m].lo, y->members[m].lo);
            ck_assert_int_eq(x->members[m].hi, y->members[m].hi);
        }
    }
    for (i = 0; i < rf_horde_trap_count(b); i++) {
        const rf_trap_kind *x = rf_horde_trap_at(f, i), *y = rf_horde_trap_at(b, i);
        ck_assert_str_eq(x->name, y->name);
        ck_assert_int_eq(x->min_depth, y->min_depth);
        ck_assert_int_eq(x->max_depth, y->max_depth);
        ck_assert_int_eq(x->frequency, y->frequency);
    }
    /* the decorations: same rows in the same order (the draw walks them) */
    ck_assert_uint_eq(rf_horde_decoration_count(f), rf_horde_decoration_count(b));
    ck_assert_uint_eq(rf_horde_decoration_count(b), 11);
    ck_assert_int_eq(rf_horde_decoration_chance(f), rf_horde_decoration_chance(b));
    for (i = 0; i < rf_horde_decoration_count(b); i++) {
        const rf_decoration *x = rf_horde_decoration_at(f, i), *y = rf_horde_decoration_at(b, i);
        ck_assert_int_eq(x->symbol, y->symbol);
        ck_assert_str_eq(x->type, y->type);
        ck_assert_str_eq(x->name, y->name);
        ck_assert_int_eq(x->weight, y->weight);
        ck_assert_int_gt(x->line, 0);
        ck_assert_int_eq(y->line, 0);
    }
    ck_assert_int_gt(rf_horde_decoration_weight(b, 'P'), 0);
    ck_assert_int_gt(rf_horde_decoration_weight(b, '@'), 0);
    ck_assert_int_gt(rf_horde_decoration_weight(b, '^'), 0);
    for (i = 1; i <= 1000; i++) /* every depth has a random horde */
        ck_assert(rf_horde_table_has_random(b, (int)i));
    rf_horde_table_free((rf_horde_table *)(uintptr_t)b); /* a no-op on the static table */
    ck_assert_uint_eq(rf_horde_count(rf_horde_table_bundled()), rf_horde_count(f));
    rf_diags_free(d);
    rf_profile_set_free(set);
}
END_TEST

START_TEST(a_profiles_file_without_tables_has_none)
{
    rf_profile_set *s = profiles("<profiles><profile name=\"p\" digger=\"brogue\"/></profiles>",
                                 RF_OK);
    rf_horde_table *t = rf_horde_table_new();
    ck_assert_ptr_null(rf_profile_set_hordes(s));
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(rf_horde_count(t), 0);
    ck_assert_ptr_null(rf_horde_at(t, 0));
    ck_assert_ptr_null(rf_horde_find(t, "rat nest"));
    ck_assert_uint_eq(rf_horde_decoration_count(t), 0);
    ck_assert_ptr_null(rf_horde_decoration_at(t, 0));
    ck_assert_int_eq(rf_horde_decoration_weight(t, 'P'), 0);
    ck_assert_ptr_null(rf_horde_decoration_find(t, 'P', 0));
    ck_assert_int_eq(rf_horde_decoration_chance(t), RF_DECOR_CHANCE_DEFAULT);
    ck_assert_int_eq(rf_horde_decoration_chance(NULL), 0);
    rf_horde_table_free(t);
    rf_horde_table_free(NULL);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(decoration_rows_take_defaults_and_draw_by_weight)
{
    rf_profile_set *s = profiles(
        "<profiles><decorations chance=\"70\">\n"
        "<decoration symbol=\"P\" name=\"painting\" weight=\"3\"/>\n"
        "<decoration symbol=\"@\" name=\"statue\"/>\n"
        "<decoration symbol=\"P\" type=\"mural\" name=\"fresco\"/>\n"
        "<decoration symbol=\"^\" name=\"rug\" weight=\"2\"/>\n"
        "<decoration symbol=\"^\" name=\"painting\"/>\n" /* names are per symbol */
        "</decorations></profiles>",
        RF_OK);
    const rf_horde_table *t = rf_profile_set_hordes(s);
    const rf_decoration *r;
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(rf_horde_decoration_count(t), 5);
    ck_assert_int_eq(rf_horde_decoration_chance(t), 70);
    r = rf_horde_decoration_at(t, 0);
    ck_assert_int_eq(r->symbol, 'P');
    ck_assert_str_eq(r->type, "decoration");
    ck_assert_int_eq(r->weight, 3);
    ck_assert_int_eq(r->line, 2);
    ck_assert_str_eq(rf_horde_decoration_at(t, 1)->type, "blocker");
    ck_assert_int_eq(rf_horde_decoration_at(t, 1)->weight, 1);
    ck_assert_str_eq(rf_horde_decoration_at(t, 2)->type, "mural");
    /* P: painting spans draws 0-2, fresco 3; ^: rug 0-1, painting 2 */
    ck_assert_int_eq(rf_horde_decoration_weight(t, 'P'), 4);
    ck_assert_int_eq(rf_horde_decoration_weight(t, '@'), 1);
    ck_assert_int_eq(rf_horde_decoration_weight(t, '^'), 3);
    ck_assert_int_eq(rf_horde_decoration_weight(t, '#'), 0);
    ck_assert_str_eq(rf_horde_decoration_find(t, 'P', 2)->name, "painting");
    ck_assert_str_eq(rf_horde_decoration_find(t, 'P', 3)->name, "fresco");
    ck_assert_ptr_null(rf_horde_decoration_find(t, 'P', 4));
    ck_assert_ptr_null(rf_horde_decoration_find(t, 'P', -1));
    ck_assert_str_eq(rf_horde_decoration_find(t, '^', 1)->name, "rug");
    ck_assert_str_eq(rf_horde_decoration_find(t, '^', 2)->name, "painting");
    ck_assert_str_eq(rf_horde_decoration_find(t, '@', 0)->name, "statue");
    rf_profile_set_free(s);
    /* no chance=: the default */
    s = profiles("<profiles><decorations><decoration symbol=\"^\" name=\"rug\"/>"
                 "</decorations></profiles>",
                 RF_OK);
    ck_assert_int_eq(rf_horde_decoration_chance(rf_profile_set_hordes(s)), RF_DECOR_CHANCE_DEFAULT);
    rf_profile_set_free(s);
}
END_TEST

/* One malformed fixture: the code it must give, at which line; the rows
 * that survive. */
typedef struct fixture {
    const char *file, *code;
    int line;
    size_t hordes, traps, decorations;
} fixture;

static const fixture fixtures[] = {
    {"missing_leader.xml", "missing-attribute", 4, 1, 1, 0},
    {"missing_depth.xml", "missing-attribute", 5, 1, 1, 0},
    {"bad_depth.xml", "bad-value", 4, 1, 1, 0},
    {"bad_frequency.xml", "bad-value", 5, 1, 1, 0},
    {"bad_count.xml", "bad-value", 6, 1, 1, 0},
    {"bad_machine.xml", "bad-value", 4, 1, 1, 0},
    {"long_name.xml", "bad-value", 4, 1, 1, 0},
    {"duplicate_horde.xml", "duplicate-horde", 5, 1, 1, 0},
    {"duplicate_trap.xml", "duplicate-trap", 8, 1, 1, 0},
    {"too_many_members.xml", "xml-limit", 11, 1, 1, 0},
    {"unknown_element.xml", "unknown-element", 5, 2, 1, 0},
    {"unknown_attribute.xml", "unknown-attribute", 4, 2, 1, 0},
    {"gap.xml", "population-gap", 3, 1, 1, 0},
    {"syntax.xml", "xml-syntax", 6, 0, 0, 0},
    {"decoration_symbol.xml", "decoration-symbol", 7, 1, 1, 1},
    {"decoration_no_name.xml", "missing-attribute", 7, 1, 1, 1},
    {"duplicate_decoration.xml", "duplicate-decoration", 7, 1, 1, 1},
    {"decoration_weight.xml", "bad-value", 7, 1, 1, 1},
    {"decoration_type.xml", "bad-value", 7, 1, 1, 1},
    {"decoration_chance.xml", "bad-value", 5, 1, 1, 2},
    {"decoration_chance_twice.xml", "duplicate-decoration", 8, 1, 1, 2},
    {"decoration_attribute.xml", "unknown-attribute", 7, 1, 1, 2},
};

/* A table's diagnostic stands on a character of the file: the '<' of its
 * element or the first letter of an attribute's name (a real column, not 1). */
static void at_tag_or_attribute(const char *path, const rf_diag *g)
{
    char text[512];
    int line = 0;
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    while (line < g->line && fgets(text, sizeof text, f))
        line++;
    fclose(f);
    ck_assert_int_eq(line, g->line);
    ck_assert_int_gt(g->col, 1);
    ck_assert_msg(text[g->col - 1] == '<' || (text[g->col - 2] == ' ' && text[g->col - 1] >= 'a' &&
                                              text[g->col - 1] <= 'z'),
                  "%s:%d:%d is at '%c'", path, g->line, g->col, text[g->col - 1]);
}

START_TEST(malformed_tables_give_code_and_line)
{
    const fixture *f = &fixtures[_i];
    char path[512];
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    const rf_horde_table *t;
    size_t i;
    bool found = false;
    ck_assert(s && d);
    snprintf(path, sizeof path, "%s/populate/%s", RF_TEST_DATA, f->file);
    ck_assert_int_eq(rf_profile_set_load(s, path, d),
                     rf_diag_code_find(f->code)->severity == RF_SEV_ERROR ? RF_ERR_CONTENT
                                                                          : RF_OK);
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        if (strcmp(g->code, f->code) == 0 && g->line == f->line) {
            found = true;
            if (strcmp(f->code, "population-gap") != 0 && strcmp(f->code, "xml-syntax") != 0)
                at_tag_or_attribute(path, g);
        }
    }
    ck_assert_msg(found, "%s: no %s at line %d (first: %s at %d)", f->file, f->code, f->line,
                  rf_diags_count(d) ? rf_diags_at(d, 0)->code : "none",
                  rf_diags_count(d) ? rf_diags_at(d, 0)->line : 0);
    t = rf_profile_set_hordes(s);
    ck_assert_uint_eq(rf_horde_count(t), f->hordes);
    ck_assert_uint_eq(rf_horde_trap_count(t), f->traps);
    ck_assert_uint_eq(rf_horde_decoration_count(t), f->decorations);
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(loading_tables_survives_allocation_failures)
{
    char path[512];
    long k;
    bool failed = false, passed = false;
    snprintf(path, sizeof path, "%s/content/profiles.xml", RF_SOURCE_DIR);
    for (k = 1; k < 5000 && !passed; k++) {
        rf_profile_set *s = rf_profile_set_new();
        rf_diags *d = rf_diags_new();
        rf_status st;
        ck_assert(s && d);
        rf_alloc_fail_after(k);
        st = rf_profile_set_load(s, path, d);
        rf_alloc_fail_after(-1);
        ck_assert_msg(st == RF_OK || st == RF_ERR_NOMEM || st == RF_ERR_CONTENT, "%d", st);
        failed = failed || st != RF_OK;
        passed = st == RF_OK;
        if (passed)
            ck_assert_uint_gt(rf_horde_count(rf_profile_set_hordes(s)), 20);
        rf_diags_free(d);
        rf_profile_set_free(s);
    }
    ck_assert(failed && passed);
}
END_TEST

static Suite *horde_suite(void)
{
    Suite *s = suite_create("horde");
    TCase *tables = tcase_create("tables");
    tcase_add_test(tables, the_bundled_tables_are_the_content_files);
    tcase_add_test(tables, a_profiles_file_without_tables_has_none);
    tcase_add_test(tables, decoration_rows_take_defaults_and_draw_by_weight);
    tcase_add_loop_test(tables, malformed_tables_give_code_and_line, 0,
                        (int)(sizeof fixtures / sizeof fixtures[0]));
    tcase_add_test(tables, loading_tables_survives_allocation_failures);
    suite_add_tcase(s, tables);
    return s;
}

RF_TEST_MAIN(horde_suite)
