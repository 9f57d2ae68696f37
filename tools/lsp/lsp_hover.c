/* tools/lsp/lsp_hover.c: textDocument/hover: a map cell's symbol, object
 * and anchor; a room's name shows the room drawn as text.
 *
 * Pipeline: CLI (roomforge lsp); lsp_rpc.c's table. Design: the cell under
 * the cursor is found through the library's own positions
 * (rf_template_cell_pos: the loader's column of each cell, entities and
 * tabs counted as it counts them), never by counting here; its meaning is
 * rf_map_symbol_name, the one symbol table. Only rooms that load (no
 * errors) can be shown: a broken room has its diagnostics instead.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lsp.h"
#include "roomforge/template_write.h"

#define HOVER_MAX 65536

typedef struct text_buf {
    char b[HOVER_MAX];
    size_t n;
} text_buf;

static void put(text_buf *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void put(text_buf *t, const char *fmt, ...)
{
    va_list ap;
    int w;
    if (t->n >= sizeof t->b - 1)
        return;
    va_start(ap, fmt);
    w = vsnprintf(t->b + t->n, sizeof t->b - t->n, fmt, ap);
    va_end(ap);
    if (w > 0)
        t->n = t->n + (size_t)w < sizeof t->b ? t->n + (size_t)w : sizeof t->b - 1;
}

/* The template and cell of doc at 1-based line:col; false when none. */
static bool cell_at(const lsp_doc *doc, int line, int col, const rf_template **out, int *cx,
                    int *cy)
{
    size_t i;
    for (i = 0; i < rf_template_set_count(doc->rooms); i++) {
        const rf_template *t = rf_template_set_at(doc->rooms, i);
        int x, y, l, c;
        for (y = 0; y < rf_template_height(t); y++) {
            if (rf_template_row_line(t, y) > line)
                break;
            for (x = 0; x < rf_template_width(t); x++)
                if (rf_template_cell_pos(t, x, y, &l, &c) && l == line && c == col) {
                    *out = t, *cx = x, *cy = y;
                    return true;
                }
        }
    }
    return false;
}

static void describe_cell(text_buf *t, const rf_template *r, int x, int y)
{
    char c = rf_template_cell(r, x, y);
    const char *meaning = rf_map_symbol_name(c);
    size_t i;
    put(t, "**`%c`** %s  \ncell (%d, %d) of room **%s**\n", c == ' ' ? ' ' : c,
        meaning ? meaning : "no map symbol", x, y, rf_template_name(r));
    if (c >= '0' && c <= '9')
        put(t, "\nanchor %c: %s\n", c,
            rf_template_used_digits(r) & (1u << (c - '0')) ? "used by at=, floor in a level"
                                                           : "no at= names it: a wall in a level");
    for (i = 0; i < rf_template_door_count(r); i++) {
        const rf_door *d = rf_template_door(r, i);
        if (d->x == x && d->y == y)
            put(t, "\ndoor opening %s\n", rf_side_name(d->side));
    }
    for (i = 0; i < rf_template_object_count(r); i++) {
        const rf_object *o = rf_template_object(r, i);
        if (o->x != x || o->y != y)
            continue;
        put(t, "\n- `<%s>`%s%s%s", rf_object_tag(o), o->id ? " id `" : "", o->id ? o->id : "",
            o->id ? "`" : "");
        if (o->at >= 0)
            put(t, " at anchor %d", o->at);
        put(t, " (line %d)\n", o->line);
    }
}

static void draw_room(text_buf *t, const rf_template *r)
{
    int y;
    put(t, "**%s**: %d x %d, %zu object(s), %zu script(s)\n\n```text\n", rf_template_name(r),
        rf_template_width(r), rf_template_height(r), rf_template_object_count(r),
        rf_template_script_count(r));
    for (y = 0; y < rf_template_height(r); y++)
        put(t, "%s\n", rf_template_row(r, y));
    put(t, "```\n");
}

json_object *lsp_hover(lsp_server *s, json_object *params, int *code, const char **message)
{
    static const text_buf zero;
    text_buf t = zero;
    lsp_doc *doc = lsp_doc_of(s, params);
    lsp_xml_at at;
    json_object *r, *contents;
    size_t off;
    if (!doc || !lsp_params_offset(doc, params, &off)) {
        *code = LSP_INVALID_PARAMS, *message = "no open document or position";
        return NULL;
    }
    lsp_xml_find(doc->text, doc->len, off, &at);
    if (at.where != LSP_IN_ATTR_VALUE)
        return NULL;
    if (lsp_same_name(at.tag, "row") && lsp_same_name(at.attr, "text")) {
        const rf_template *room;
        int line, col, x, y;
        lsp_linecol(doc->text, doc->len, off, &line, &col);
        if (!cell_at(doc, line, col, &room, &x, &y))
            return NULL;
        describe_cell(&t, room, x, y);
        at.from = lsp_offset_of_linecol(doc->text, doc->len, line, col);
        at.to = at.from + 1;
    } else if (lsp_same_name(at.tag, "room") && lsp_same_name(at.attr, "name")) {
        char name[256];
        const rf_template *room;
        const lsp_doc *where;
        if (at.to - at.from >= sizeof name)
            return NULL;
        memcpy(name, doc->text + at.from, at.to - at.from);
        name[at.to - at.from] = '\0';
        if (!(room = lsp_room_named(s, name, NULL, 0, &where)))
            return NULL;
        draw_room(&t, room);
    } else {
        return NULL;
    }
    r = json_object_new_object();
    contents = json_object_new_object();
    json_object_object_add(contents, "kind", json_object_new_string("markdown"));
    json_object_object_add(contents, "value", json_object_new_string_len(t.b, (int)t.n));
    json_object_object_add(r, "contents", contents);
    json_object_object_add(r, "range", lsp_json_range(doc->text, doc->len, at.from, at.to));
    return r;
}
