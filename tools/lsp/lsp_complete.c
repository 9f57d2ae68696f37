/* tools/lsp/lsp_complete.c: textDocument/completion: element, attribute,
 * condition and action names, object ids of the room, room names, tags.
 *
 * Pipeline: CLI (roomforge lsp); lsp_rpc.c's table. Design: every name comes
 * from the library's tables (rf_lint_element_at, rf_lint_attribute_at,
 * rf_lint_clause_type_at, rf_object_type_name) or from loaded rooms, never a
 * list of our own; extension types from --scripts (lsp_ext.c). One table of
 * value kinds (the attribute a value belongs to -> what to offer) walked by
 * one loop. Each item replaces the whole word under the cursor (textEdit).
 */
#include <string.h>

#include "lsp.h"
#include "roomforge/lint.h"

/* LSP CompletionItemKind values used. */
enum {
    K_FUNCTION = 3,
    K_MODULE = 9,
    K_PROPERTY = 10,
    K_KEYWORD = 14,
    K_REFERENCE = 18,
    K_CONSTANT = 21
};

typedef struct items {
    json_object *list;
    const lsp_doc *doc;
    size_t from, to;
} items;

static void add(items *it, const char *label, int kind, const char *detail)
{
    json_object *o = json_object_new_object(), *edit = json_object_new_object();
    size_t i, n = json_object_array_length(it->list);
    for (i = 0; i < n; i++) /* each label once */
        if (!strcmp(json_object_get_string(
                        json_object_object_get(json_object_array_get_idx(it->list, i), "label")),
                    label)) {
            json_object_put(o);
            json_object_put(edit);
            return;
        }
    json_object_object_add(o, "label", json_object_new_string(label));
    json_object_object_add(o, "kind", json_object_new_int(kind));
    if (detail)
        json_object_object_add(o, "detail", json_object_new_string(detail));
    json_object_object_add(edit, "range",
                           lsp_json_range(it->doc->text, it->doc->len, it->from, it->to));
    json_object_object_add(edit, "newText", json_object_new_string(label));
    json_object_object_add(o, "textEdit", edit);
    json_object_array_add(it->list, o);
}

static void elements(items *it, const lsp_xml_at *at)
{
    const char *name, *parent;
    size_t i;
    for (i = 0; (name = rf_lint_element_at(i, &parent)) != NULL; i++)
        if (parent ? at->parent[0] && lsp_same_name(parent, at->parent) : !at->parent[0])
            add(it, name, K_KEYWORD, parent ? "element" : "root element");
}

static void attributes(items *it, const lsp_doc *doc, const lsp_xml_at *at)
{
    const char *name;
    char type[64];
    size_t i;
    bool action = lsp_same_name(at->tag, "action");
    for (i = 0; (name = rf_lint_attribute_at(at->tag, i)) != NULL; i++)
        add(it, name, K_PROPERTY, "attribute");
    if ((action || lsp_same_name(at->tag, "condition")) &&
        lsp_xml_attr(doc->text, at, action ? "action_type" : "condition_type", type, sizeof type))
        for (i = 0; (name = rf_lint_clause_attr_at(action, type, i)) != NULL; i++)
            add(it, name, K_PROPERTY, type);
}

static void clause_types(items *it, lsp_server *s, bool action)
{
    const char *name;
    lsp_ext *e;
    size_t i, n = 0;
    for (i = 0; (name = rf_lint_clause_type_at(action, i)) != NULL; i++)
        add(it, name, K_FUNCTION, action ? "built-in action" : "built-in condition");
    e = lsp_ext_scan(s, &n);
    for (i = 0; i < n; i++)
        if (e[i].action == action)
            add(it, e[i].name, K_FUNCTION, action ? "extension action" : "extension condition");
    lsp_ext_free(e, n);
}

static void object_ids(items *it, const lsp_doc *doc)
{
    int line, col;
    const rf_template *t;
    size_t i;
    lsp_linecol(doc->text, doc->len, it->from, &line, &col);
    if (!(t = lsp_room_at_line(doc, line)))
        return;
    for (i = 0; i < rf_template_object_count(t); i++)
        if (rf_template_object(t, i)->id)
            add(it, rf_template_object(t, i)->id, K_REFERENCE,
                rf_object_tag(rf_template_object(t, i)));
}

/* The tags of t, each once. */
static void tags_of(items *it, const rf_template *t)
{
    const char *p = rf_template_tags(t);
    while (p && *p) {
        char tag[64];
        size_t n = strcspn(p, ", \t");
        if (n > 0 && n < sizeof tag) {
            memcpy(tag, p, n);
            tag[n] = '\0';
            add(it, tag, K_CONSTANT, "tag");
        }
        p += n;
        p += strspn(p, ", \t");
    }
}

/* Every room name (tags: every tag) of the open documents and the bundled
 * pack: a mod's room replaces the bundled room of its name (DESIGN 5). */
static void rooms_or_tags(items *it, lsp_server *s, bool tags)
{
    const rf_template_set *sets[LSP_DOCS_MAX + 1];
    size_t d, i, n = 0;
    for (d = 0; d < s->ndocs; d++)
        sets[n++] = s->docs[d].rooms;
    if (lsp_bundled(s))
        sets[n++] = lsp_bundled(s);
    for (d = 0; d < n; d++)
        for (i = 0; i < rf_template_set_count(sets[d]); i++) {
            const rf_template *t = rf_template_set_at(sets[d], i);
            if (tags)
                tags_of(it, t);
            else
                add(it, rf_template_name(t), K_MODULE, d < s->ndocs ? "room" : "bundled room");
        }
}

static void object_types(items *it)
{
    int k;
    for (k = 0; k < RF_OBJ_OTHER; k++)
        add(it, rf_object_type_name((rf_object_type)k), K_KEYWORD, "object type");
}

enum { V_CONDITION, V_ACTION, V_ID, V_ROOM, V_TAGS, V_CREATE };
/* What a value offers, by its attribute (normalised) and its tag ("" any). */
static const struct {
    const char *attr, *tag;
    int what;
} values[] = {
    {"conditiontype", "condition", V_CONDITION},
    {"actiontype", "action", V_ACTION},
    {"id", "condition", V_ID},
    {"id", "action", V_ID},
    {"name", "room", V_ROOM},
    {"tags", "", V_TAGS},
    {"createtype", "action", V_CREATE},
};

static void value(items *it, lsp_server *s, const lsp_doc *doc, const lsp_xml_at *at)
{
    size_t i;
    for (i = 0; i < sizeof values / sizeof values[0]; i++) {
        if (!lsp_same_name(at->attr, values[i].attr) ||
            (values[i].tag[0] && !lsp_same_name(at->tag, values[i].tag)))
            continue;
        if (values[i].what == V_CONDITION || values[i].what == V_ACTION)
            clause_types(it, s, values[i].what == V_ACTION);
        else if (values[i].what == V_ID)
            object_ids(it, doc);
        else if (values[i].what == V_CREATE)
            object_types(it);
        else
            rooms_or_tags(it, s, values[i].what == V_TAGS);
        return;
    }
}

json_object *lsp_complete(lsp_server *s, json_object *params, int *code, const char **message)
{
    lsp_doc *doc = lsp_doc_of(s, params);
    lsp_xml_at at;
    items it;
    size_t off;
    if (!doc || !lsp_params_offset(doc, params, &off)) {
        *code = LSP_INVALID_PARAMS, *message = "no open document or position";
        return NULL;
    }
    lsp_xml_find(doc->text, doc->len, off, &at);
    it.list = json_object_new_array();
    it.doc = doc;
    it.from = at.from;
    it.to = at.to;
    if (at.where == LSP_IN_TAG_NAME)
        elements(&it, &at);
    else if (at.where == LSP_IN_ATTR_NAME)
        attributes(&it, doc, &at);
    else if (at.where == LSP_IN_ATTR_VALUE)
        value(&it, s, doc, &at);
    return it.list;
}
