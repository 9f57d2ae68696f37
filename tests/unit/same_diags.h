/* tests/unit/same_diags.h: what suites ask of diagnostics sinks: whether
 * two hold the same diagnostics in the same order, for the suites that
 * compare two ways of checking the same content (test_world,
 * test_world_lint; the first difference is printed to stderr), and whether
 * one holds a code (test_stats, test_level_maker). */
#ifndef RF_SAME_DIAGS_H
#define RF_SAME_DIAGS_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "roomforge/diag.h"

static inline bool same_diags(const rf_diags *a, const rf_diags *b)
{
    size_t i;
    if (rf_diags_count(a) != rf_diags_count(b)) {
        fprintf(stderr, "%zu diagnostics against %zu\n", rf_diags_count(a), rf_diags_count(b));
        return false;
    }
    for (i = 0; i < rf_diags_count(a); i++) {
        const rf_diag *x = rf_diags_at(a, i), *y = rf_diags_at(b, i);
        if (strcmp(x->code, y->code) != 0 || strcmp(x->file, y->file) != 0 ||
            x->line != y->line || x->col != y->col || strcmp(x->message, y->message) != 0) {
            fprintf(stderr, "diagnostic %zu differs:\n  %s:%d:%d %s [%s]\n  %s:%d:%d %s [%s]\n",
                    i, x->file, x->line, x->col, x->message, x->code, y->file, y->line, y->col,
                    y->message, y->code);
            return false;
        }
    }
    return true;
}

/* Whether d holds a diagnostic with code. */
static inline bool diags_have(const rf_diags *d, const char *code)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++)
        if (strcmp(rf_diags_at(d, i)->code, code) == 0)
            return true;
    return false;
}

#endif /* RF_SAME_DIAGS_H */
