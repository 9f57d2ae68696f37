/* tests/unit/load_fixture.h: what the rooms loader's suites share: a
 * diagnostics sink (no per-file cap) and a template set per test (setup,
 * teardown), a room loaded from text, and diagnostics found by code.
 * Included by test_load.c and test_xmlerr.c, each with its own copy. */
#ifndef RF_LOAD_FIXTURE_H
#define RF_LOAD_FIXTURE_H

#include <string.h>

#include "rf_test.h"
#include "roomforge/template.h"

static rf_diags *d;
static rf_template_set *set;

static inline void setup(void)
{
    d = rf_diags_new();
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_nonnull(set);
    rf_diags_set_file_cap(d, 0);
}

static inline void teardown(void)
{
    rf_template_set_free(set);
    rf_diags_free(d);
}

static inline rf_status load_str(const char *xml)
{
    return rf_template_set_load_buffer(set, "mem.xml", xml, strlen(xml), d);
}

/* The first diagnostic with code, or NULL. */
static inline const rf_diag *find_code(const char *code)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++)
        if (strcmp(rf_diags_at(d, i)->code, code) == 0)
            return rf_diags_at(d, i);
    return NULL;
}

/* Asserts a diagnostic with code at line (and col when above 0). */
static inline void expect_diag(const char *code, int line, int col)
{
    const rf_diag *g = find_code(code);
    ck_assert_msg(g != NULL, "no %s diagnostic", code);
    ck_assert_int_eq(g->line, line);
    if (col > 0)
        ck_assert_int_eq(g->col, col);
}

#endif /* RF_LOAD_FIXTURE_H */
