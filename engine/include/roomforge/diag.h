/* roomforge/diag.h: the diagnostics sink and its gcc, JSON and SARIF writers.
 *
 * Pipeline: core; every stage that reads user input reports here, the CLI and
 * games print it. A diagnostic is {file, line, col, severity, code, message},
 * line and col 1-based, line 0 for "no position"; the sink copies its strings.
 */
#ifndef RF_DIAG_H
#define RF_DIAG_H

#include <stdio.h>

#include "roomforge/common.h"

RF_BEGIN_C

typedef enum rf_severity { RF_SEV_NOTE = 0, RF_SEV_WARNING = 1, RF_SEV_ERROR = 2 } rf_severity;

typedef struct rf_diag {
    const char *file;    /* path as given to the loader; never NULL */
    int line;            /* 1-based, 0 when the problem has no position */
    int col;             /* 1-based, 0 with line 0 */
    rf_severity severity; /* after --werror promotion */
    const char *code;    /* a row of the code table, e.g. "row-width" */
    const char *message; /* one English sentence without a trailing period */
    /* A certain fix (a did-you-mean with one candidate, at most 2 edits
     * away) that `lint --fix` applies, or NULL fix_attr: in the tag that
     * starts or stands at line:col, the value of the attribute fix_attr (as
     * written), exactly fix_from now, becomes fix_to. */
    const char *fix_attr, *fix_from, *fix_to;
} rf_diag;

typedef struct rf_diag_code {
    const char *code;
    rf_severity severity;
    bool enabled; /* on unless a user enables it with --enable */
    const char *help;
} rf_diag_code;

typedef struct rf_diags rf_diags; /* opaque sink */

/* The code table, in a stable order; *count receives its length. */
RF_API const rf_diag_code *rf_diag_codes(size_t *count);
/* The row for code, or NULL when no such code exists. */
RF_API const rf_diag_code *rf_diag_code_find(const char *code);
RF_API const char *rf_severity_name(rf_severity s); /* "note", "warning", "error" */

/* An empty sink, or NULL when memory runs out. The caller frees it. */
RF_API RF_NODISCARD rf_diags *rf_diags_new(void);
RF_API void rf_diags_free(rf_diags *d);
/* A staging sink: every code on (those off by default too), no file cap, for
 * diagnostics copied into another sink later (rf_diags_append), where that
 * sink's filters and caps apply. NULL when memory runs out. */
RF_API RF_NODISCARD rf_diags *rf_diags_new_staging(void);
/* Adds from's diagnostics to d, in order, as if reported there (d's enabled
 * codes, --werror and file cap apply); either may be NULL. false when
 * memory ran out. */
RF_API bool rf_diags_append(rf_diags *d, const rf_diags *from);
/* The same for from's diagnostics first .. first + n - 1 (those past its
 * end are not there to add). */
RF_API bool rf_diags_append_range(rf_diags *d, const rf_diags *from, size_t first, size_t n);
/* Forgets every diagnostic d holds, with its counts and per-file caps; the
 * enabled codes and --werror stay. A game reuses one sink this way. */
RF_API void rf_diags_clear(rf_diags *d);

/* Turns a code on or off for this sink; false when code is unknown. */
RF_API RF_NODISCARD bool rf_diags_enable(rf_diags *d, const char *code, bool on);
RF_API bool rf_diags_is_enabled(const rf_diags *d, const char *code);
/* Records code's diagnostics with severity sev from now on (a project's
 * roomforge.toml [severity] table); what a diagnostic means for loading
 * (rf_diag_report's verdict) stays the code table's. false when code is
 * unknown or sev is no severity. */
RF_API RF_NODISCARD bool rf_diags_set_severity(rf_diags *d, const char *code, rf_severity sev);
/* With werror, warnings are recorded as errors. */
RF_API void rf_diags_set_werror(rf_diags *d, bool werror);
/* At most max errors and warnings are kept per file; the next one is replaced
 * by one `too-many-errors` note. 0 means no cap. Default 200. */
RF_API void rf_diags_set_file_cap(rf_diags *d, size_t max);

/* Adds one diagnostic; its severity comes from the code table. A disabled
 * code adds nothing. Returns false only when memory ran out (the sink then
 * remembers it and rf_diags_lost() says how many were dropped). */
RF_API bool rf_diag_add(rf_diags *d, const char *code, const char *file, int line, int col,
                        const char *fmt, ...) RF_PRINTF(6, 7);

/* Adds a diagnostic as rf_diag_add does and says what it means for the
 * input it is about, decided here for every reader: RF_DIAG_FAULT when its
 * code is an enabled error in the code table (a warning promoted by --werror
 * is not: the room or file still loads, and the exit code still fails), with
 * RF_DIAG_LOST added when memory ran out recording it; 0 for an enabled
 * warning or note and for a disabled code (nothing is added). d may be NULL:
 * nothing is recorded, and the table alone decides. */
enum { RF_DIAG_FAULT = 1, RF_DIAG_LOST = 2 };
RF_API unsigned rf_diag_report(rf_diags *d, const char *code, const char *file, int line,
                               int col, const char *fmt, ...) RF_PRINTF(6, 7);

/* Gives the ith diagnostic of d a certain fix (rf_diag's fix_* fields; the
 * strings are copied). false when i is past the end, or when memory ran out
 * (counted by rf_diags_lost: the finding stays, without its fix). */
RF_API bool rf_diags_set_fix(rf_diags *d, size_t i, const char *attr, const char *from,
                             const char *to);

RF_API size_t rf_diags_count(const rf_diags *d);
/* The ith diagnostic in the order added; valid until d is freed. */
RF_API const rf_diag *rf_diags_at(const rf_diags *d, size_t i);
RF_API size_t rf_diags_errors(const rf_diags *d);
RF_API size_t rf_diags_warnings(const rf_diags *d);
RF_API size_t rf_diags_lost(const rf_diags *d);

/* Writers. gcc: `path:line:col: error: message [code]`, then the source line
 * and a caret under the column when the file can be read (flags below).
 * JSON: {"diagnostics":[...],"errors":N,"warnings":N}. SARIF 2.1.0: one run
 * whose tool lists every code as a rule. RF_ERR_IO when out fails. */
/* RF_DIAG_WRITE_NO_NOTES (gcc): leave notes out (gen prints them with --verbose). */
enum { RF_DIAG_WRITE_SOURCE = 1, RF_DIAG_WRITE_COLOR = 2, RF_DIAG_WRITE_NO_NOTES = 4 };
RF_API RF_NODISCARD rf_status rf_diags_write_gcc(const rf_diags *d, FILE *out, unsigned flags);
RF_API RF_NODISCARD rf_status rf_diags_write_json(const rf_diags *d, FILE *out);
RF_API RF_NODISCARD rf_status rf_diags_write_sarif(const rf_diags *d, FILE *out,
                                                   const char *tool_version);

RF_END_C
#endif /* RF_DIAG_H */
