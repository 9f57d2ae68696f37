/* tools/lsp/lsp_symbols.c: textDocument/documentSymbol: the rooms of a
 * rooms file (and the blueprints of a machines file), in file order.
 *
 * Pipeline: CLI (roomforge lsp); lsp_rpc.c's table. Design: the rooms are
 * those the document loads, with the ones left out for errors (their names
 * and lines from rf_template_set_skipped_at), so an outline never loses a
 * room while it is being fixed. A symbol runs from its <room> to the line
 * before the next one (or the end); its selection is the '<' of its tag.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp.h"
#include "roomforge/machines.h"

#define SYMBOLS_MAX 100000

typedef struct mark {
    const char *name, *detail;
    int line, col;
} mark;

static int by_line(const void *a, const void *b)
{
    const mark *x = a, *y = b;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* LSP SymbolKind: 5 Class (a room), 12 Function (a blueprint). */
static json_object *symbols_of(const lsp_doc *doc, mark *m, size_t n, int kind)
{
    json_object *list = json_object_new_array();
    size_t i;
    qsort(m, n, sizeof *m, by_line);
    for (i = 0; i < n; i++) {
        json_object *o = json_object_new_object();
        size_t at = lsp_offset_of_linecol(doc->text, doc->len, m[i].line, m[i].col);
        size_t end =
            i + 1 < n ? lsp_offset_of_linecol(doc->text, doc->len, m[i + 1].line, 1) : doc->len;
        json_object_object_add(o, "name",
                               json_object_new_string(m[i].name ? m[i].name : "(no name)"));
        if (m[i].detail)
            json_object_object_add(o, "detail", json_object_new_string(m[i].detail));
        json_object_object_add(o, "kind", json_object_new_int(kind));
        json_object_object_add(o, "range",
                               lsp_json_range(doc->text, doc->len, at, end > at ? end : at));
        json_object_object_add(o, "selectionRange",
                               lsp_json_range(doc->text, doc->len, at, at + 1));
        json_object_array_add(list, o);
    }
    return list;
}

static json_object *rooms(const lsp_doc *doc)
{
    size_t n = rf_template_set_count(doc->rooms), k = rf_template_set_skipped_count(doc->rooms);
    size_t i, w = 0;
    mark *m = calloc(n + k + 1, sizeof *m);
    json_object *r;
    if (!m)
        return NULL;
    for (i = 0; i < n; i++, w++) {
        const rf_template *t = rf_template_set_at(doc->rooms, i);
        m[w].name = rf_template_name(t);
        m[w].line = rf_template_line(t);
        m[w].col = rf_template_col(t);
    }
    for (i = 0; i < k; i++) {
        const char *file;
        if (rf_template_set_skipped_at(doc->rooms, i, &m[w].name, &file, &m[w].line, &m[w].col)) {
            m[w].detail = "left out: see its diagnostics";
            w++;
        }
    }
    r = symbols_of(doc, m, w, 5);
    free(m);
    return r;
}

static json_object *blueprints(const lsp_doc *doc)
{
    rf_machines *ms = rf_machines_new();
    mark *m = NULL;
    json_object *r = NULL;
    size_t i, n;
    if (!ms)
        return NULL;
    if (rf_machines_load_buffer(ms, doc->path, doc->text, doc->len, NULL) != RF_ERR_NOMEM &&
        (n = rf_machines_count(ms)) <= SYMBOLS_MAX && (m = calloc(n + 1, sizeof *m)) != NULL) {
        for (i = 0; i < n; i++) {
            const rf_blueprint *b = rf_machines_at(ms, i);
            m[i].name = rf_blueprint_name(b);
            (void)rf_blueprint_file(b, &m[i].line);
            m[i].col = 1;
        }
        r = symbols_of(doc, m, n, 12);
    }
    free(m);
    rf_machines_free(ms);
    return r;
}

json_object *lsp_symbols(lsp_server *s, json_object *params, int *code, const char **message)
{
    lsp_doc *doc = lsp_doc_of(s, params);
    if (!doc) {
        *code = LSP_INVALID_PARAMS, *message = "no open document";
        return NULL;
    }
    if (rf_template_set_count(doc->rooms) + rf_template_set_skipped_count(doc->rooms) > 0)
        return rooms(doc);
    return blueprints(doc);
}
