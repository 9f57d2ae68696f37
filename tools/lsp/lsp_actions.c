/* tools/lsp/lsp_actions.c: textDocument/codeAction: one quick fix for each
 * did-you-mean of the lint findings in the range asked about.
 *
 * Pipeline: CLI (roomforge lsp); lsp_rpc.c's table, over the findings the
 * last lint of the document kept (lsp_diag.c). Design: the fix is lint's:
 * a finding's certain fix (rf_diag fix_attr, fix_from, fix_to: one
 * candidate at most 2 edits away) placed by rf_lint_fix_span, as `lint
 * --fix` places it, so the editor changes exactly the bytes `--fix` would.
 * A fix whose bytes no longer hold fix_from (the text moved on) is not offered.
 * A misspelt element or attribute name (no value to fix) takes the loader's
 * suggestion from its message (names[] below).
 */
#include <stdio.h>
#include <string.h>

#include "lsp.h"
#include "roomforge/lint.h"

/* The 0-based lines [*first, *last] of params.range; false when absent. */
static bool range_lines(json_object *params, int *first, int *last)
{
    json_object *r, *a, *b, *la, *lb;
    if (!json_object_object_get_ex(params, "range", &r) ||
        !json_object_object_get_ex(r, "start", &a) || !json_object_object_get_ex(r, "end", &b) ||
        !json_object_object_get_ex(a, "line", &la) || !json_object_object_get_ex(b, "line", &lb))
        return false;
    *first = json_object_get_int(la);
    *last = json_object_get_int(lb);
    return true;
}

/* The diagnostics of params.context with g's code on line (0-based). */
static json_object *matching(json_object *params, const rf_diag *g, int line)
{
    json_object *ctx, *list, *out = json_object_new_array();
    size_t i, n;
    if (!json_object_object_get_ex(params, "context", &ctx) ||
        !json_object_object_get_ex(ctx, "diagnostics", &list) ||
        !json_object_is_type(list, json_type_array))
        return out;
    n = json_object_array_length(list);
    for (i = 0; i < n; i++) {
        json_object *d = json_object_array_get_idx(list, i), *c, *r, *st, *l;
        if (json_object_object_get_ex(d, "code", &c) &&
            !strcmp(json_object_get_string(c), g->code) &&
            json_object_object_get_ex(d, "range", &r) &&
            json_object_object_get_ex(r, "start", &st) &&
            json_object_object_get_ex(st, "line", &l) && json_object_get_int(l) == line)
            json_object_array_add(out, json_object_get(d));
    }
    return out;
}

/* A quick fix: bytes [at, at + vlen) of doc, now from, become to. */
static json_object *action(const lsp_doc *doc, const char *from, const char *to, size_t at,
                           size_t vlen, json_object *diags)
{
    json_object *a = json_object_new_object(), *edit = json_object_new_object();
    json_object *changes = json_object_new_object(), *edits = json_object_new_array();
    json_object *te = json_object_new_object();
    char title[512];
    snprintf(title, sizeof title, "Change '%s' to '%s'", from, to);
    json_object_object_add(te, "range", lsp_json_range(doc->text, doc->len, at, at + vlen));
    json_object_object_add(te, "newText", json_object_new_string(to));
    json_object_array_add(edits, te);
    json_object_object_add(changes, doc->uri, edits);
    json_object_object_add(edit, "changes", changes);
    json_object_object_add(a, "title", json_object_new_string(title));
    json_object_object_add(a, "kind", json_object_new_string("quickfix"));
    json_object_object_add(a, "diagnostics", diags);
    json_object_object_add(a, "isPreferred", json_object_new_boolean(1));
    json_object_object_add(a, "edit", edit);
    return a;
}

/* The did-you-mean of a misspelt name (an element or attribute: no value
 * for rf_lint_fix_span), as the loader words it: the name stands at the
 * finding's column (after the '<' for an element), the suggestion between
 * the markers. One row a code, walked by one loop. */
static const struct {
    const char *code, *open, *close;
    size_t skip; /* bytes from the column to the name */
} names[] = {
    {"unknown-attribute", "(did you mean ", "?)", 0},
    {"unknown-element", "(did you mean <", ">?)", 1},
    {"unknown-object", "(did you mean <", ">?)", 1},
};

/* The fix of g's misspelt name: its bytes in doc and the suggestion. */
static bool name_fix(const lsp_doc *doc, const rf_diag *g, size_t *at, size_t *len, char *to,
                     size_t cap)
{
    size_t k, p, q;
    for (k = 0; k < sizeof names / sizeof names[0]; k++) {
        const char *a, *b;
        if (strcmp(g->code, names[k].code) != 0 || !(a = strstr(g->message, names[k].open)))
            continue;
        a += strlen(names[k].open);
        if (!(b = strstr(a, names[k].close)) || b == a || (size_t)(b - a) >= cap)
            return false;
        memcpy(to, a, (size_t)(b - a));
        to[b - a] = '\0';
        p = lsp_offset_of_linecol(doc->text, doc->len, g->line, g->col) + names[k].skip;
        for (q = p; q < doc->len && !strchr(" \t\r\n=/<>\"'", doc->text[q]); q++)
            ;
        *at = p;
        *len = q - p;
        return q > p && q <= doc->len;
    }
    return false;
}

json_object *lsp_actions(lsp_server *s, json_object *params, int *code, const char **message)
{
    lsp_doc *doc = lsp_doc_of(s, params);
    json_object *list;
    int first, last;
    size_t i;
    if (!doc || !range_lines(params, &first, &last)) {
        *code = LSP_INVALID_PARAMS, *message = "no open document or range";
        return NULL;
    }
    list = json_object_new_array();
    for (i = 0; i < rf_diags_count(doc->diags); i++) {
        const rf_diag *g = rf_diags_at(doc->diags, i);
        char from[128], to[128];
        size_t at, vlen;
        int line, ch;
        if (strcmp(g->file, doc->path) != 0 || g->line < 1)
            continue;
        if (g->fix_attr && rf_lint_fix_span(g, doc->text, doc->len, &at, &vlen))
            snprintf(to, sizeof to, "%s", g->fix_to);
        else if (!name_fix(doc, g, &at, &vlen, to, sizeof to))
            continue;
        if (vlen >= sizeof from)
            continue;
        memcpy(from, doc->text + at, vlen);
        from[vlen] = '\0';
        lsp_position(doc->text, doc->len,
                     lsp_offset_of_linecol(doc->text, doc->len, g->line, g->col), &line, &ch);
        if (line >= first && line <= last)
            json_object_array_add(list, action(doc, from, to, at, vlen, matching(params, g, line)));
    }
    return list;
}
