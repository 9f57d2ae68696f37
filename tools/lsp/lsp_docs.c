/* tools/lsp/lsp_docs.c: the documents the client has open, and file uris.
 *
 * Pipeline: CLI (roomforge lsp); lsp_rpc.c's didOpen, didChange and
 * didClose fill it, every feature reads it. Design: full sync: each change
 * brings the whole text, which replaces the old one, and the rooms that
 * load from it are loaded again (their findings dropped: diagnostics are
 * lint's, lsp_diag.c). Documents are kept in an array in opening order.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

static void doc_fini(lsp_doc *d)
{
    free(d->uri);
    free(d->path);
    free(d->text);
    rf_template_set_free(d->rooms);
    rf_diags_free(d->diags);
}

lsp_doc *lsp_doc_find(lsp_server *s, const char *uri)
{
    size_t i;
    for (i = 0; i < s->ndocs; i++)
        if (strcmp(s->docs[i].uri, uri) == 0)
            return &s->docs[i];
    return NULL;
}

static int hex(int c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

char *lsp_uri_path(const char *uri)
{
    static const char scheme[] = "file://";
    size_t n = strlen(scheme), o = 0;
    const char *p;
    char *out;
    if (strncmp(uri, scheme, n) != 0)
        return NULL;
    if (!(out = malloc(strlen(uri) + 1)))
        return NULL;
    for (p = uri + n; *p; p++) {
        if (*p == '%' && hex(p[1]) >= 0 && hex(p[2]) >= 0) {
            out[o++] = (char)(hex(p[1]) * 16 + hex(p[2]));
            p += 2;
        } else {
            out[o++] = *p;
        }
    }
    out[o] = '\0';
    return out;
}

char *lsp_path_uri(const char *path)
{
    static const char keep[] = "-._~/";
    size_t o = 0;
    const char *p;
    char *out = malloc(strlen(path) * 3 + 8);
    if (!out)
        return NULL;
    o = (size_t)sprintf(out, "file://");
    for (p = path; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr(keep, c))
            out[o++] = (char)c;
        else
            o += (size_t)sprintf(out + o, "%%%02X", c);
    }
    out[o] = '\0';
    return out;
}

/* The rooms of text (not for a .lua script), loaded quietly. */
static rf_template_set *load_rooms(const char *path, const char *text, size_t len)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *quiet = rf_diags_new_staging();
    size_t n = strlen(path);
    bool lua = n > 4 && strcmp(path + n - 4, ".lua") == 0;
    rf_status st = RF_OK;
    if (set && quiet && !lua) /* rooms with errors are left out; lint says why */
        st = rf_template_set_load_buffer(set, path, text, len, quiet);
    rf_diags_free(quiet);
    if (!quiet || st == RF_ERR_NOMEM) {
        rf_template_set_free(set);
        return NULL;
    }
    return set;
}

lsp_doc *lsp_doc_set(lsp_server *s, const char *uri, const char *text, size_t len, long version)
{
    lsp_doc nd, *d = lsp_doc_find(s, uri);
    memset(&nd, 0, sizeof nd);
    if (len > LSP_DOC_MAX || (!d && s->ndocs >= LSP_DOCS_MAX))
        return NULL;
    nd.version = version;
    nd.len = len;
    nd.uri = strdup(uri);
    nd.path = lsp_uri_path(uri);
    if (!nd.path)
        nd.path = strdup(uri);
    if ((nd.text = malloc(len + 1)) != NULL) {
        memcpy(nd.text, text, len);
        nd.text[len] = '\0';
    }
    nd.diags = rf_diags_new();
    if (!nd.uri || !nd.path || !nd.text || !nd.diags ||
        !(nd.rooms = load_rooms(nd.path, nd.text, len))) {
        doc_fini(&nd);
        return NULL;
    }
    if (!d && s->ndocs == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 8;
        lsp_doc *grown = realloc(s->docs, cap * sizeof *grown);
        if (!grown) {
            doc_fini(&nd);
            return NULL;
        }
        s->docs = grown;
        s->cap = cap;
    }
    if (d)
        doc_fini(d);
    else
        d = &s->docs[s->ndocs++];
    *d = nd;
    return d;
}

void lsp_doc_close(lsp_server *s, const char *uri)
{
    lsp_doc *d = lsp_doc_find(s, uri);
    size_t i;
    if (!d)
        return;
    i = (size_t)(d - s->docs);
    doc_fini(d);
    memmove(&s->docs[i], &s->docs[i + 1], (s->ndocs - i - 1) * sizeof *d);
    s->ndocs--;
}

const rf_template_set *lsp_bundled(lsp_server *s)
{
    rf_diags *quiet;
    if (s->bundled_tried || !s->bundled_dir)
        return s->bundled;
    s->bundled_tried = true;
    quiet = rf_diags_new_staging();
    s->bundled = rf_template_set_new();
    if (!quiet || !s->bundled ||
        rf_template_set_load_path(s->bundled, s->bundled_dir, quiet) == RF_ERR_NOMEM) {
        rf_template_set_free(s->bundled);
        s->bundled = NULL;
    }
    rf_diags_free(quiet);
    return s->bundled;
}

const rf_template *lsp_room_named(lsp_server *s, const char *name, const lsp_doc *skip, int line,
                                  const lsp_doc **doc)
{
    const rf_template_set *b;
    size_t i, k;
    for (i = 0; i < s->ndocs; i++)
        for (k = 0; k < rf_template_set_count(s->docs[i].rooms); k++) {
            const rf_template *t = rf_template_set_at(s->docs[i].rooms, k);
            if (!lsp_same_name(rf_template_name(t), name) ||
                (&s->docs[i] == skip && rf_template_line(t) == line))
                continue;
            *doc = &s->docs[i];
            return t;
        }
    *doc = NULL;
    b = lsp_bundled(s);
    return b ? rf_template_set_find(b, name) : NULL;
}

void lsp_docs_free(lsp_server *s)
{
    size_t i;
    rf_template_set_free(s->bundled);
    s->bundled = NULL;
    for (i = 0; i < s->ndocs; i++)
        doc_fini(&s->docs[i]);
    free(s->docs);
    s->docs = NULL;
    s->ndocs = s->cap = 0;
}

lsp_doc *lsp_doc_of(lsp_server *s, json_object *params)
{
    json_object *td, *uri;
    if (!json_object_object_get_ex(params, "textDocument", &td) ||
        !json_object_object_get_ex(td, "uri", &uri) || !json_object_is_type(uri, json_type_string))
        return NULL;
    return lsp_doc_find(s, json_object_get_string(uri));
}
