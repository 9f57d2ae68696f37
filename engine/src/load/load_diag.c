/* engine/src/load/load_diag.c: how the rooms.xml loader reports a diagnostic.
 *
 * Pipeline: load; every loader file reports through rf_load_emit.
 * Design: one funnel decides what an error does to the room and the file,
 * and keeps the recovery pass quiet about what the first pass said.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "load_int.h"

/* Errors after which the loader goes on as if the attribute were absent, so
 * that a user who disables the code (lint --disable) gets the room loaded,
 * as with the checks of template_check.c. Every other error leaves no usable
 * room (or file) and skips it, disabled or not. */
static bool recoverable(const char *code)
{
    return strcmp(code, "bad-value") == 0 || strcmp(code, "missing-attribute") == 0 ||
           strcmp(code, "duplicate-attribute") == 0;
}

/* True when the first pass of this file already gave this diagnostic. */
static bool already_said(const rf_loader *ld, const char *code, int line, int col)
{
    size_t i, n = ld->d ? rf_diags_count(ld->d) : 0;
    for (i = ld->diags0; i < n; i++) {
        const rf_diag *g = rf_diags_at(ld->d, i);
        if (g->line == line && g->col == col && strcmp(g->code, code) == 0 &&
            strcmp(g->file, ld->file) == 0)
            return true;
    }
    return false;
}

/* Reports one diagnostic; an enabled error (or one the loader cannot recover
 * from) skips the current room. */
void rf_load_emit(rf_loader *ld, const char *code, int line, int col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    unsigned verdict;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (ld->recovering && (strncmp(code, "xml-", 4) == 0 || already_said(ld, code, line, col)))
        return; /* the first pass reported it (or the cut the recovery made) */
    verdict = rf_diag_report(ld->d, code, ld->file, line, col, "%s", msg); /* a lost one counts */
    /* a disabled error still skips the room when the loader cannot go on without it */
    if (!(verdict & RF_DIAG_FAULT) && !recoverable(code)) {
        const rf_diag_code *c = rf_diag_code_find(code);
        if (c && c->severity == RF_SEV_ERROR)
            verdict |= RF_DIAG_FAULT;
    }
    if (verdict & RF_DIAG_FAULT) {
        ld->room_errors++;
        ld->file_errors++;
    }
}
