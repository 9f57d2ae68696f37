/* engine/src/load/tmx_int.h: the insides of rf_tmx_room, shared by the
 * Tiled conversion's files (tmx_room.c, tmx_xml.c, tmx_write.c, tmx_read.c).
 *
 * Pipeline: load. Design: the model is <room> taken apart as Tiled needs it:
 * attributes as written (name, value), the map as glyphs, the objects with
 * their cell, and every other child of <room> as canonical XML text (each
 * node as libxml2 serialises it, one a line), which travels through Tiled
 * untouched in a map property. Nothing here knows Tiled's XML but
 * tmx_write.c and tmx_read.c.
 */
#ifndef RF_TMX_INT_H
#define RF_TMX_INT_H

#include <libxml/tree.h>

#include "roomforge/tmx.h"

typedef struct rf_tmx_attr {
    char *name, *value; /* as written, entities decoded */
} rf_tmx_attr;

typedef struct rf_tmx_attrs {
    rf_tmx_attr *items;
    size_t n, cap;
} rf_tmx_attrs;

typedef struct rf_tmx_obj {
    char *tag;          /* the element's name as written */
    rf_tmx_attrs attrs; /* all of them, x and y too */
    int x, y;           /* the cell it stands on, room-local */
} rf_tmx_obj;

struct rf_tmx_room {
    rf_tmx_attrs room; /* <room>'s attributes but width and height */
    int w, h;
    char *cells;        /* h rows of w glyphs, row-major */
    bool has_flags;
    rf_tmx_attrs flags; /* the first <flags>'s attributes */
    rf_tmx_obj *objs;
    size_t nobjs, cap;
    char *rest; /* the other children of <room>: canonical XML, one a line,
                 * lines after the first indented four spaces; "" for none */
};

/* Map property names: <room>'s attributes lead with ROOM_PREFIX, <flags>'s
 * with FLAGS_PREFIX; the other elements travel in REST_PROPERTY. */
#define RF_TMX_ROOM_PREFIX "room."
#define RF_TMX_FLAGS_PREFIX "flags."
#define RF_TMX_REST_PROPERTY "rooms.xml"
#define RF_TMX_MAX_OBJECTS RF_TEMPLATE_MAX_OBJECTS
#define RF_TMX_MAX_ATTRS 256 /* on one element */

/* An empty room (w = h = 0, rest ""), or NULL when memory runs out. */
rf_tmx_room *rf_tmx_room_alloc(void);
/* Appends a copy of (name, value); false when memory runs out or the
 * element has RF_TMX_MAX_ATTRS already. */
bool rf_tmx_attrs_add(rf_tmx_attrs *a, const char *name, const char *value);
/* The value of the attribute named name (case-insensitively), or NULL. */
const char *rf_tmx_attrs_find(const rf_tmx_attrs *a, const char *name);
void rf_tmx_attrs_fini(rf_tmx_attrs *a);
/* Appends an object of tag at (x, y) with no attributes; NULL when memory
 * runs out or the room holds RF_TMX_MAX_OBJECTS. */
rf_tmx_obj *rf_tmx_room_add_obj(rf_tmx_room *r, const char *tag, int x, int y);
/* Sets the map to w x h cells of ' '; false when memory runs out. */
bool rf_tmx_room_set_size(rf_tmx_room *r, int w, int h);
/* True when tag names an object roomforge knows (rf_object_type_parse). */
bool rf_tmx_is_object_tag(const char *tag);
/* Writes s to out with &, <, > and " escaped (and tab, CR, LF as character
 * references when attr is true, so an attribute keeps them). */
void rf_tmx_put_escaped(FILE *out, const char *s, bool attr);
/* The order attributes are written in: the indices of a's items sorted by
 * rf_tmx_attr_rank, then case-insensitively by name, then by index; idx
 * holds a->n entries. */
void rf_tmx_attrs_order(const rf_tmx_attrs *a, size_t *idx);

/* ---- tmx_xml.c: libxml2 behind the gate ---- */

/* What a parse reports against: the file's name, the line its first byte
 * stands on and the column of that byte (1, 1 for a whole file; a map
 * property's text starts inside the .tmx). */
typedef struct rf_tmx_src {
    const char *file;
    int line, col;
    rf_diags *d;
} rf_tmx_src;

/* Parses buf[0..len) as XML: refuses NUL bytes and invalid UTF-8
 * (xml-encoding), a DOCTYPE or entity declaration (xml-doctype), more than
 * RF_TMX_MAX_BYTES (xml-limit), libxml2's errors (xml-syntax); network and
 * entity loading off. The document, or NULL when an error was reported
 * (*nomem set when memory ran out). The caller frees it with xmlFreeDoc. */
xmlDoc *rf_tmx_parse(const rf_tmx_src *src, const char *buf, size_t len, bool *nomem);
/* The file line of node n (1 when libxml2 has none). */
int rf_tmx_line(const rf_tmx_src *src, const xmlNode *n);
/* Appends n serialised as libxml2 writes it (no formatting added) to *buf
 * (rf_alloc'd, NUL-terminated, *len bytes), led by "\n    " when *len > 0
 * (the indentation rooms.xml gives a child of <room>).
 * false when memory runs out. */
bool rf_tmx_dump(const xmlNode *n, char **buf, size_t *len);
/* The room in the conversion's model from a <room> element (rows, flags,
 * objects, the rest); diagnostics at src. NULL with *nomem or an error
 * reported. */
rf_tmx_room *rf_tmx_room_of(const rf_tmx_src *src, const xmlNode *room, bool *nomem);
/* Canonical XML of the children of text (a run of elements as REST_PROPERTY
 * holds them): parsed and serialised again, elements and comments one a
 * line as in rest. NULL with an error reported (or *nomem) when text is not
 * such a run. */
char *rf_tmx_rest_canon(const rf_tmx_src *src, const char *text, bool *nomem);

#endif /* RF_TMX_INT_H */
