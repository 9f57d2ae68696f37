/* tools/lsp/lsp_diag.c: lint's findings on a document, published as LSP
 * diagnostics on open and on every change.
 *
 * Pipeline: CLI (roomforge lsp); lsp_rpc.c calls lsp_diag_publish after each
 * didOpen and didChange. Design: the one checker: rf_lint_buffer lints the
 * text as `roomforge lint` lints the file, into the document's sink (kept
 * for code actions). A finding at line:col covers the word there; one about
 * another file (a src chunk, an extension) is shown at the top, led by its
 * file and line; the certain fix rides in `data` for code actions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsp.h"
#include "roomforge/lint.h"

/* LSP DiagnosticSeverity: 1 error, 2 warning, 3 information. */
static int lsp_severity(rf_severity sev)
{
    return sev == RF_SEV_ERROR ? 1 : sev == RF_SEV_WARNING ? 2 : 3;
}

/* The end of the word at p: a tag's name, a value, or a run of non-blanks. */
static size_t word_end(const char *text, size_t len, size_t p)
{
    size_t q = p;
    if (q < len && (text[q] == '"' || text[q] == '\''))
        q++;
    else if (q < len && text[q] == '<')
        q++;
    while (q < len && !strchr(" \t\r\n<>\"'=", text[q]))
        q++;
    return q > p ? q : (p < len ? p + 1 : p);
}

static json_object *one(const lsp_doc *doc, const rf_diag *g)
{
    json_object *o = json_object_new_object();
    size_t at = 0, end = 0;
    bool here = strcmp(g->file, doc->path) == 0 && g->line > 0;
    if (here) {
        at = lsp_offset_of_linecol(doc->text, doc->len, g->line, g->col > 0 ? g->col : 1);
        end = word_end(doc->text, doc->len, at);
    }
    json_object_object_add(o, "range", lsp_json_range(doc->text, doc->len, at, end));
    json_object_object_add(o, "severity", json_object_new_int(lsp_severity(g->severity)));
    json_object_object_add(o, "code", json_object_new_string(g->code));
    json_object_object_add(o, "source", json_object_new_string("roomforge"));
    if (here || !strcmp(g->file, doc->path)) {
        json_object_object_add(o, "message", json_object_new_string(g->message));
    } else {
        char buf[4096];
        snprintf(buf, sizeof buf, "%s:%d: %s", g->file, g->line, g->message);
        json_object_object_add(o, "message", json_object_new_string(buf));
    }
    if (g->fix_attr) {
        json_object *fix = json_object_new_object();
        json_object_object_add(fix, "attr", json_object_new_string(g->fix_attr));
        json_object_object_add(fix, "from", json_object_new_string(g->fix_from));
        json_object_object_add(fix, "to", json_object_new_string(g->fix_to));
        json_object_object_add(o, "data", fix);
    }
    return o;
}

/* What lint would leave out of doc's findings: roomforge.toml's ignored
 * paths and the buffer's own suppression comments (as typed, not saved). */
static rf_status hush(lsp_server *s, lsp_doc *doc)
{
    rf_diags *kept = rf_diags_new();
    rf_status st = RF_ERR_NOMEM;
    if (kept && rf_lint_policy_buffer(s->policy, doc->path, doc->text, doc->len) == RF_OK) {
        st = rf_lint_policy_apply(s->policy, doc->diags, kept, NULL);
        if (rf_lint_policy_buffer(s->policy, doc->path, NULL, 0) != RF_OK)
            st = RF_ERR_ARG; /* not for a policy and a path set */
        if (st == RF_OK) {
            rf_diags_clear(doc->diags);
            if (!rf_diags_append_range(doc->diags, kept, 0, rf_diags_count(kept)))
                st = RF_ERR_NOMEM;
        }
    }
    rf_diags_free(kept);
    return st;
}

void lsp_diag_publish(lsp_server *s, lsp_doc *doc)
{
    json_object *p = json_object_new_object(), *list = json_object_new_array();
    rf_lint_opts o;
    rf_status st;
    size_t i;
    rf_lint_opts_init(&o);
    o.scripts_dir = s->scripts_dir;
    rf_diags_clear(doc->diags);
    rf_lint_policy_setup(s->policy, doc->diags); /* roomforge.toml's codes and severities */
    st = rf_lint_buffer(doc->path, doc->text, doc->len, &o, doc->diags, NULL);
    if (st != RF_ERR_NOMEM && s->policy)
        st = hush(s, doc);
    if (st == RF_ERR_NOMEM)
        lsp_log(s, "out of memory linting %s: its diagnostics are incomplete", doc->uri);
    for (i = 0; i < rf_diags_count(doc->diags); i++)
        json_object_array_add(list, one(doc, rf_diags_at(doc->diags, i)));
    json_object_object_add(p, "uri", json_object_new_string(doc->uri));
    json_object_object_add(p, "version", json_object_new_int64(doc->version));
    json_object_object_add(p, "diagnostics", list);
    lsp_notify(s, "textDocument/publishDiagnostics", p);
}

/* The workspace root's uri in initialize's params, or NULL. */
static const char *root_uri(json_object *params)
{
    json_object *v, *folders;
    if (json_object_object_get_ex(params, "rootUri", &v) &&
        json_object_is_type(v, json_type_string))
        return json_object_get_string(v);
    if (json_object_object_get_ex(params, "workspaceFolders", &folders) &&
        json_object_is_type(folders, json_type_array) && json_object_array_length(folders) > 0 &&
        json_object_object_get_ex(json_object_array_get_idx(folders, 0), "uri", &v) &&
        json_object_is_type(v, json_type_string))
        return json_object_get_string(v);
    return NULL;
}

void lsp_diag_configure(lsp_server *s, json_object *init_params)
{
    const char *uri = root_uri(init_params);
    char *root = uri ? lsp_uri_path(uri) : NULL, path[4096];
    rf_diags *d = rf_diags_new();
    rf_status st;
    size_t i;
    if (root && d && snprintf(path, sizeof path, "%s/roomforge.toml", root) < (int)sizeof path &&
        access(path, F_OK) == 0 && (s->policy = rf_lint_policy_new()) != NULL) {
        if ((st = rf_lint_policy_config(s->policy, path, d)) != RF_OK) {
            for (i = 0; i < rf_diags_count(d); i++)
                lsp_log(s, "%s:%d:%d: %s [%s]", rf_diags_at(d, i)->file, rf_diags_at(d, i)->line,
                        rf_diags_at(d, i)->col, rf_diags_at(d, i)->message,
                        rf_diags_at(d, i)->code);
            lsp_log(s, "%s was not read: lint's defaults apply", path);
            rf_lint_policy_free(s->policy);
            s->policy = NULL;
        } else if (!s->scripts_dir) {
            s->scripts_dir = rf_lint_policy_scripts(s->policy);
        }
    }
    rf_diags_free(d);
    free(root);
}
