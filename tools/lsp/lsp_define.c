/* tools/lsp/lsp_define.c: textDocument/definition: an object id to its
 * element, a room name to its <room>, a script src to its file, an extension
 * type to where --scripts registers it.
 *
 * Pipeline: CLI (roomforge lsp); lsp_rpc.c's table. Design: positions come
 * from what the library loaded (rf_object line and col, rf_template_line and
 * col); a room is looked for in the open documents, then in the rooms files
 * of the document's folder (rf_template_set_load_path, read for the request).
 * A place in a file that is not open is given as line and column - 1: the
 * files are ASCII in practice, and the client opens them at that line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsp.h"

/* A Location in uri at the 1-based line:col; text (may be NULL: a file
 * not open) turns col into UTF-16 units. */
static json_object *location(const char *path, const lsp_doc *open, int line, int col)
{
    json_object *loc = json_object_new_object(), *range, *pos;
    char *uri = lsp_path_uri(path);
    size_t off;
    if (open) {
        off = lsp_offset_of_linecol(open->text, open->len, line, col);
        range = lsp_json_range(open->text, open->len, off, off);
    } else {
        range = json_object_new_object();
        pos = json_object_new_object();
        json_object_object_add(pos, "line", json_object_new_int(line > 0 ? line - 1 : 0));
        json_object_object_add(pos, "character", json_object_new_int(col > 0 ? col - 1 : 0));
        json_object_object_add(range, "start", pos);
        json_object_object_add(range, "end", json_object_get(pos));
    }
    json_object_object_add(loc, "uri", json_object_new_string(uri ? uri : ""));
    json_object_object_add(loc, "range", range);
    free(uri);
    return loc;
}

static lsp_doc *open_doc_of(lsp_server *s, const char *path)
{
    size_t i;
    for (i = 0; i < s->ndocs; i++)
        if (strcmp(s->docs[i].path, path) == 0)
            return &s->docs[i];
    return NULL;
}

/* The folder of path into buf ("." when it has none). */
static void folder_of(const char *path, char *buf, size_t cap)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, cap, ".");
    else
        snprintf(buf, cap, "%.*s", slash == path ? 1 : (int)(slash - path), path);
}

/* Another room of that name: an open document's, then the bundled one a
 * mod's room replaces, then one in the rooms files of doc's folder. */
static json_object *room_named(lsp_server *s, const lsp_doc *doc, int line, const char *name)
{
    char dir[4096];
    rf_template_set *set;
    rf_diags *quiet;
    const lsp_doc *where;
    const rf_template *t = lsp_room_named(s, name, doc, line, &where);
    json_object *r = NULL;
    if (t)
        return location(rf_template_file(t), where, rf_template_line(t), rf_template_col(t));
    folder_of(doc->path, dir, sizeof dir);
    set = rf_template_set_new();
    quiet = rf_diags_new_staging();
    if (set && quiet && rf_template_set_load_path(set, dir, quiet) != RF_ERR_NOMEM &&
        (t = rf_template_set_find(set, name)) != NULL &&
        (strcmp(rf_template_file(t), doc->path) != 0 || rf_template_line(t) != line))
        r = location(rf_template_file(t), open_doc_of(s, rf_template_file(t)), rf_template_line(t),
                     rf_template_col(t));
    rf_diags_free(quiet);
    rf_template_set_free(set);
    return r;
}

static json_object *ext_type(lsp_server *s, const char *name, bool action)
{
    size_t i, n = 0;
    lsp_ext *e = lsp_ext_scan(s, &n);
    json_object *r = NULL;
    for (i = 0; i < n && !r; i++)
        if (e[i].action == action && !strcmp(e[i].name, name))
            r = location(e[i].path, open_doc_of(s, e[i].path), e[i].line, e[i].col);
    lsp_ext_free(e, n);
    return r;
}

static json_object *script_src(lsp_server *s, const lsp_doc *doc, const char *src)
{
    char dir[4096], path[8192];
    folder_of(doc->path, dir, sizeof dir);
    if (src[0] == '/' || snprintf(path, sizeof path, "%s/%s", dir, src) >= (int)sizeof path ||
        access(path, R_OK) != 0)
        return NULL;
    return location(path, open_doc_of(s, path), 1, 1);
}

static json_object *object_id(const lsp_doc *doc, size_t off, const char *id)
{
    int line, col;
    const rf_template *t;
    const rf_object *o;
    lsp_linecol(doc->text, doc->len, off, &line, &col);
    if (!(t = lsp_room_at_line(doc, line)) || !(o = rf_template_object_find(t, id)))
        return NULL;
    return location(doc->path, doc, o->line, o->col);
}

json_object *lsp_define(lsp_server *s, json_object *params, int *code, const char **message)
{
    lsp_doc *doc = lsp_doc_of(s, params);
    lsp_xml_at at;
    char value[256];
    size_t off;
    if (!doc || !lsp_params_offset(doc, params, &off)) {
        *code = LSP_INVALID_PARAMS, *message = "no open document or position";
        return NULL;
    }
    lsp_xml_find(doc->text, doc->len, off, &at);
    if (at.where != LSP_IN_ATTR_VALUE || at.to - at.from >= sizeof value || at.to == at.from)
        return NULL;
    memcpy(value, doc->text + at.from, at.to - at.from);
    value[at.to - at.from] = '\0';
    if (lsp_same_name(at.attr, "src"))
        return script_src(s, doc, value);
    if (lsp_same_name(at.attr, "condition_type") || lsp_same_name(at.attr, "action_type"))
        return ext_type(s, value, lsp_same_name(at.attr, "action_type"));
    if (lsp_same_name(at.tag, "room") && lsp_same_name(at.attr, "name")) {
        int line, col;
        lsp_linecol(doc->text, doc->len, at.tag_at, &line, &col);
        return room_named(s, doc, line, value);
    }
    return object_id(doc, off, value);
}
