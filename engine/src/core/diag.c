/* engine/src/core/diag.c: the diagnostics sink.
 *
 * Pipeline: core; every loader, checker and script compiler adds here.
 * Design: the sink owns its strings; severity and on/off come from the code
 * table plus the sink's overrides; a per-file cap ends in `too-many-errors`.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/diag.h"

typedef struct file_count {
    char *file;
    size_t n;     /* errors and warnings kept for this file */
    bool capped;  /* the too-many-errors note was added */
} file_count;

struct rf_diags {
    rf_diag *items;
    size_t n, cap;
    file_count *files;
    size_t nfiles, files_cap;
    bool *enabled;        /* one per row of the code table */
    rf_severity *severity; /* one per row: the table's, or a user's override */
    size_t ncodes;
    const rf_diag_code *table;
    bool werror;
    size_t file_cap;
    size_t errors, warnings, lost;
};

rf_diags *rf_diags_new(void)
{
    rf_diags *d = rf_calloc(1, sizeof *d);
    size_t i;
    if (!d)
        return NULL;
    d->table = rf_diag_codes(&d->ncodes);
    d->enabled = rf_calloc(d->ncodes, sizeof *d->enabled);
    d->severity = rf_calloc(d->ncodes, sizeof *d->severity);
    if (!d->enabled || !d->severity) {
        rf_free(d->enabled);
        rf_free(d->severity);
        rf_free(d);
        return NULL;
    }
    for (i = 0; i < d->ncodes; i++) {
        d->enabled[i] = d->table[i].enabled;
        d->severity[i] = d->table[i].severity;
    }
    d->file_cap = 200;
    return d;
}

rf_diags *rf_diags_new_staging(void)
{
    rf_diags *d = rf_diags_new();
    size_t i;
    if (!d)
        return NULL;
    for (i = 0; i < d->ncodes; i++)
        d->enabled[i] = true;
    d->file_cap = 0;
    return d;
}

bool rf_diags_append(rf_diags *d, const rf_diags *from)
{
    return rf_diags_append_range(d, from, 0, from ? from->n : 0);
}

bool rf_diags_append_range(rf_diags *d, const rf_diags *from, size_t first, size_t n)
{
    size_t i, lost;
    if (!d || !from)
        return true;
    lost = rf_diags_lost(d);
    for (i = first; i < from->n && i - first < n; i++) {
        const rf_diag *g = &from->items[i];
        size_t at = d->n;
        (void)rf_diag_add(d, g->code, g->file, g->line, g->col, "%s", g->message);
        if (g->fix_attr && d->n > at && d->items[at].code == g->code)
            (void)rf_diags_set_fix(d, at, g->fix_attr, g->fix_from, g->fix_to);
    }
    return rf_diags_lost(d) == lost;
}

void rf_diags_clear(rf_diags *d)
{
    size_t i;
    if (!d)
        return;
    for (i = 0; i < d->n; i++) {
        rf_free((char *)d->items[i].file);
        rf_free((char *)d->items[i].message);
        rf_free((char *)d->items[i].fix_attr);
        rf_free((char *)d->items[i].fix_from);
        rf_free((char *)d->items[i].fix_to);
    }
    for (i = 0; i < d->nfiles; i++)
        rf_free(d->files[i].file);
    d->n = d->nfiles = 0;
    d->errors = d->warnings = d->lost = 0;
}

void rf_diags_free(rf_diags *d)
{
    if (!d)
        return;
    rf_diags_clear(d);
    rf_free(d->items);
    rf_free(d->files);
    rf_free(d->enabled);
    rf_free(d->severity);
    rf_free(d);
}

static long code_index(const rf_diags *d, const char *code)
{
    size_t i;
    for (i = 0; i < d->ncodes; i++)
        if (rf_text_eq(d->table[i].code, code))
            return (long)i;
    return -1;
}

bool rf_diags_enable(rf_diags *d, const char *code, bool on)
{
    long i = code ? code_index(d, code) : -1;
    if (i < 0)
        return false;
    d->enabled[i] = on;
    return true;
}

bool rf_diags_is_enabled(const rf_diags *d, const char *code)
{
    long i = code ? code_index(d, code) : -1;
    return i >= 0 && d->enabled[i];
}

bool rf_diags_set_severity(rf_diags *d, const char *code, rf_severity sev)
{
    long i = code ? code_index(d, code) : -1;
    if (i < 0 || sev < RF_SEV_NOTE || sev > RF_SEV_ERROR)
        return false;
    d->severity[i] = sev;
    return true;
}

void rf_diags_set_werror(rf_diags *d, bool werror) { d->werror = werror; }
void rf_diags_set_file_cap(rf_diags *d, size_t max) { d->file_cap = max; }

static file_count *file_slot(rf_diags *d, const char *file)
{
    size_t i;
    for (i = d->nfiles; i-- > 0;)
        if (strcmp(d->files[i].file, file) == 0)
            return &d->files[i];
    if (!rf_grow((void **)&d->files, &d->files_cap, d->nfiles + 1, sizeof *d->files))
        return NULL;
    d->files[d->nfiles].file = rf_strdup(file);
    if (!d->files[d->nfiles].file)
        return NULL;
    d->files[d->nfiles].n = 0;
    d->files[d->nfiles].capped = false;
    return &d->files[d->nfiles++];
}

static bool push(rf_diags *d, const char *code, rf_severity sev, const char *file, int line,
                 int col, const char *msg)
{
    rf_diag *g;
    if (!rf_grow((void **)&d->items, &d->cap, d->n + 1, sizeof *d->items))
        return false;
    g = &d->items[d->n];
    g->file = rf_strdup(file);
    g->message = rf_strdup(msg);
    if (!g->file || !g->message) {
        rf_free((char *)g->file);
        rf_free((char *)g->message);
        return false;
    }
    g->code = code; /* points into the static table */
    g->fix_attr = g->fix_from = g->fix_to = NULL;
    g->line = line > 0 ? line : 0;
    g->col = line > 0 && col > 0 ? col : (line > 0 ? 1 : 0);
    g->severity = sev;
    d->n++;
    if (sev == RF_SEV_ERROR)
        d->errors++;
    else if (sev == RF_SEV_WARNING)
        d->warnings++;
    return true;
}

/* Out of memory: the diagnostic is dropped but still counted, so the exit
 * code sees it. */
static bool lose(rf_diags *d, rf_severity sev)
{
    d->lost++;
    if (sev == RF_SEV_ERROR)
        d->errors++;
    else if (sev == RF_SEV_WARNING)
        d->warnings++;
    return false;
}

/* rf_diag_add's body, on a va_list. */
static bool add_v(rf_diags *d, const char *code, const char *file, int line, int col,
                  const char *fmt, va_list ap) RF_PRINTF(6, 0);

bool rf_diag_add(rf_diags *d, const char *code, const char *file, int line, int col,
                 const char *fmt, ...)
{
    va_list ap;
    bool ok;
    va_start(ap, fmt);
    ok = add_v(d, code, file, line, col, fmt, ap);
    va_end(ap);
    return ok;
}

unsigned rf_diag_report(rf_diags *d, const char *code, const char *file, int line, int col,
                        const char *fmt, ...)
{
    const rf_diag_code *row;
    unsigned verdict;
    va_list ap;
    long ci;
    if (!d) {
        row = rf_diag_code_find(code);
        return row && row->severity == RF_SEV_ERROR ? RF_DIAG_FAULT : 0;
    }
    ci = code_index(d, code);
    if (ci < 0)
        ci = code_index(d, "bad-value");
    if (!d->enabled[ci])
        return 0;
    verdict = d->table[ci].severity == RF_SEV_ERROR ? RF_DIAG_FAULT : 0;
    va_start(ap, fmt);
    if (!add_v(d, code, file, line, col, fmt, ap))
        verdict |= RF_DIAG_LOST;
    va_end(ap);
    return verdict;
}

static bool add_v(rf_diags *d, const char *code, const char *file, int line, int col,
                  const char *fmt, va_list ap)
{
    long ci = code_index(d, code);
    rf_severity sev;
    file_count *fc;
    char buf[1024];
    if (!file)
        file = "<input>";
    if (ci < 0) /* a code missing from the table is an engine bug: keep it visible */
        ci = code_index(d, "bad-value");
    if (!d->enabled[ci])
        return true;
    sev = d->severity[ci];
    if (sev == RF_SEV_WARNING && d->werror)
        sev = RF_SEV_ERROR;
    fc = file_slot(d, file);
    if (!fc)
        return lose(d, sev);
    if (sev != RF_SEV_NOTE && d->file_cap) {
        if (fc->n >= d->file_cap) {
            if (!fc->capped) {
                long tc = code_index(d, "too-many-errors");
                fc->capped = true;
                snprintf(buf, sizeof buf, "more than %zu diagnostics in this file; the rest are dropped",
                         d->file_cap);
                if (d->enabled[tc] && !push(d, d->table[tc].code, RF_SEV_NOTE, file, 0, 0, buf))
                    d->lost++;
            }
            if (sev == RF_SEV_ERROR) /* keep the count honest for exit codes */
                d->errors++;
            else
                d->warnings++;
            return true;
        }
        fc->n++;
    }
    vsnprintf(buf, sizeof buf, fmt, ap);
    if (!push(d, d->table[ci].code, sev, file, line, col, buf))
        return lose(d, sev);
    return true;
}

bool rf_diags_set_fix(rf_diags *d, size_t i, const char *attr, const char *from, const char *to)
{
    rf_diag *g;
    char *a, *f, *t;
    if (!d || i >= d->n || !attr || !from || !to)
        return false;
    g = &d->items[i];
    a = rf_strdup(attr);
    f = rf_strdup(from);
    t = rf_strdup(to);
    if (!a || !f || !t) {
        rf_free(a);
        rf_free(f);
        rf_free(t);
        d->lost++;
        return false;
    }
    rf_free((char *)g->fix_attr);
    rf_free((char *)g->fix_from);
    rf_free((char *)g->fix_to);
    g->fix_attr = a;
    g->fix_from = f;
    g->fix_to = t;
    return true;
}

size_t rf_diags_count(const rf_diags *d) { return d->n; }
const rf_diag *rf_diags_at(const rf_diags *d, size_t i) { return i < d->n ? &d->items[i] : NULL; }
size_t rf_diags_errors(const rf_diags *d) { return d->errors; }
size_t rf_diags_warnings(const rf_diags *d) { return d->warnings; }
size_t rf_diags_lost(const rf_diags *d) { return d->lost; }
