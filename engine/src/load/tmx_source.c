/* engine/src/load/tmx_source.c: a <room> element of rooms.xml into the
 * Tiled conversion's model, and a loaded template's element read back.
 *
 * Pipeline: load; rf_tmx_room_from_template serves `roomforge export`
 * (both formats), rf_tmx_room_of also tmx_read.c (the rooms.xml property
 * holds no <room>, so it only uses rf_tmx_rest_canon). Design: the template
 * says where its room is (file, line); the element is read again from the
 * file rather than rebuilt from the template, so that nothing the loader
 * normalises or leaves out (case of names, attributes it ignores, elements
 * of a game's own, comments) is lost on the way to Tiled.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "roomforge/fs.h"
#include "tmx_int.h"

#define MAX_SOURCE ((size_t)1 << 30) /* a rooms file, as the rooms loader reads */

/* The integer s holds whole, into *v; false otherwise. */
static bool whole_int(const char *s, int *v)
{
    char *end;
    long n;
    if (!s || !*s)
        return false;
    n = strtol(s, &end, 10);
    if (*end || n < INT_MIN || n > INT_MAX)
        return false;
    *v = (int)n;
    return true;
}

static bool copy_attrs(const xmlNode *n, rf_tmx_attrs *to, bool skip_size, bool *nomem)
{
    const xmlAttr *a;
    for (a = n->properties; a; a = a->next) {
        char *v;
        bool ok;
        if (skip_size && (xmlStrcasecmp(a->name, (const xmlChar *)"width") == 0 ||
                          xmlStrcasecmp(a->name, (const xmlChar *)"height") == 0))
            continue;
        if (!(v = rf_xml_attr_value(n, (const char *)a->name, nomem)))
            return false;
        ok = rf_tmx_attrs_add(to, (const char *)a->name, v);
        rf_free(v);
        if (!ok)
            return !(*nomem = true);
    }
    return true;
}

/* The rows of room into r->cells: their count and longest length first. A
 * character outside printable ASCII has no tile: tmx-glyph. */
static bool take_rows(const rf_tmx_src *src, const xmlNode *room, rf_tmx_room *r, bool *nomem)
{
    const xmlNode *c;
    int w = 0, h = 0, y = 0;
    bool ok = true;
    for (c = room->children; c; c = c->next)
        if (rf_xml_is(c, "row")) {
            char *t = rf_xml_attr_value(c, "text", nomem);
            size_t n = t ? strlen(t) : 0;
            w = n > (size_t)w && n <= RF_TEMPLATE_MAX_SIDE ? (int)n : w;
            h += h < RF_TEMPLATE_MAX_SIDE;
            rf_free(t);
        }
    if (*nomem || !rf_tmx_room_set_size(r, w, h))
        return !(*nomem = true);
    for (c = room->children; c && y < h; c = c->next)
        if (rf_xml_is(c, "row")) {
            char *t = rf_xml_attr_value(c, "text", nomem);
            int x;
            for (x = 0; t && t[x] && x < w; x++) {
                if ((t[x] < ' ' || t[x] > '~') && ok) { /* the tileset's glyphs and ' ' */
                    (void)rf_diag_add(src->d, "tmx-glyph", src->file, rf_tmx_line(src, c), 1,
                                      "row %d holds a character no tile draws", y + 1);
                    ok = false;
                }
                r->cells[(size_t)y * (size_t)w + (size_t)x] = t[x];
            }
            rf_free(t);
            y++;
        }
    return ok && !*nomem;
}

/* An object element into r: its cell from x and y, else from its at= digit. */
static bool take_object(const xmlNode *c, rf_tmx_room *r, bool *nomem)
{
    char *xs = rf_xml_attr_value(c, "x", nomem), *ys = rf_xml_attr_value(c, "y", nomem);
    char *at = rf_xml_attr_value(c, "at", nomem);
    int x = 0, y = 0;
    rf_tmx_obj *o;
    if (!whole_int(xs, &x) || !whole_int(ys, &y)) {
        size_t i, n = (size_t)r->w * (size_t)r->h;
        x = y = 0;
        for (i = 0; at && at[0] && n > 0 && i < n; i++)
            if (r->cells[i] == at[0]) {
                x = (int)(i % (size_t)r->w);
                y = (int)(i / (size_t)r->w);
                break;
            }
    }
    rf_free(xs);
    rf_free(ys);
    rf_free(at);
    if (*nomem || !(o = rf_tmx_room_add_obj(r, (const char *)c->name, x, y)))
        return !(*nomem = true);
    return copy_attrs(c, &o->attrs, false, nomem);
}

/* True when c has element children (then it travels whole, as XML). */
static bool has_elements(const xmlNode *c)
{
    const xmlNode *k;
    for (k = c->children; k; k = k->next)
        if (k->type == XML_ELEMENT_NODE)
            return true;
    return false;
}

/* Every child of room but the rows: the first <flags>, objects, the rest. */
static bool take_children(const xmlNode *room, rf_tmx_room *r, bool *nomem)
{
    const xmlNode *c;
    size_t len = 0;
    for (c = room->children; c && !*nomem; c = c->next) {
        if (rf_xml_is(c, "row") || (c->type != XML_ELEMENT_NODE && c->type != XML_COMMENT_NODE))
            continue;
        if (rf_xml_is(c, "flags") && !r->has_flags) {
            r->has_flags = true;
            if (!copy_attrs(c, &r->flags, false, nomem))
                return false;
        } else if (c->type == XML_ELEMENT_NODE && rf_tmx_is_object_tag((const char *)c->name) &&
                   !has_elements(c)) {
            if (!take_object(c, r, nomem))
                return false;
        } else if (!rf_tmx_dump(c, &r->rest, &len)) {
            return !(*nomem = true);
        }
    }
    return !*nomem;
}

rf_tmx_room *rf_tmx_room_of(const rf_tmx_src *src, const xmlNode *room, bool *nomem)
{
    rf_tmx_room *r = rf_tmx_room_alloc();
    if (!r) {
        *nomem = true;
        return NULL;
    }
    if (!copy_attrs(room, &r->room, true, nomem) || !take_rows(src, room, r, nomem) ||
        !take_children(room, r, nomem)) {
        rf_tmx_room_free(r);
        return NULL;
    }
    return r;
}

/* The <room> of doc that starts at line and is called name; NULL if none. */
static const xmlNode *find_room(const rf_tmx_src *src, xmlDoc *doc, int line, const char *name)
{
    const xmlNode *root = xmlDocGetRootElement(doc), *c;
    for (c = root ? root->children : NULL; c; c = c->next)
        if (rf_xml_is(c, "room") && rf_tmx_line(src, c) == line) {
            bool nomem = false;
            char *n = rf_xml_attr_value(c, "name", &nomem);
            bool same = n && strcasecmp(n, name) == 0;
            rf_free(n);
            if (same)
                return c;
        }
    return NULL;
}

rf_status rf_tmx_room_from_template(const rf_template *t, rf_diags *d, rf_tmx_room **out)
{
    rf_tmx_src src = {t ? rf_template_file(t) : NULL, 1, 1, d};
    char *buf = NULL;
    size_t len = 0;
    int why = 0;
    bool nomem = false;
    xmlDoc *doc;
    const xmlNode *room;
    rf_tmx_room *r = NULL;
    rf_status st;
    if (!t || !d || !out || !src.file)
        return RF_ERR_ARG;
    st = rf_fs_read(src.file, MAX_SOURCE, &buf, &len, &why);
    if (st != RF_OK) {
        (void)rf_diag_add(d, "io-error", src.file, 0, 0, "cannot read: %s", rf_fs_why(why));
        return st == RF_ERR_NOMEM ? st : RF_ERR_IO;
    }
    doc = rf_tmx_parse(&src, buf, len, &nomem);
    room = doc ? find_room(&src, doc, rf_template_line(t), rf_template_name(t)) : NULL;
    if (doc && !room)
        (void)rf_diag_add(d, "tmx-source", src.file, rf_template_line(t), rf_template_col(t),
                          "room '%s' is no longer at this line (the file changed?)",
                          rf_template_name(t));
    if (room)
        r = rf_tmx_room_of(&src, room, &nomem);
    xmlFreeDoc(doc);
    rf_fs_free(buf);
    if (!r)
        return nomem ? RF_ERR_NOMEM : RF_ERR_CONTENT;
    *out = r;
    return RF_OK;
}
