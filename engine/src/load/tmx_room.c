/* engine/src/load/tmx_room.c: the Tiled conversion's room model, its tileset
 * of glyphs and its canonical rooms.xml writer.
 *
 * Pipeline: load; rf_tmx_room is filled by tmx_xml.c (from rooms.xml) or
 * tmx_read.c (from a .tmx) and written by tmx_write.c (a .tmx) or here
 * (rooms.xml). Design: rooms.xml comes out in one layout whatever the input
 * looked like: rows, flags, objects, then the other elements as libxml2
 * serialises them; attributes in a fixed order (name, id, type, x, y, at,
 * width, height, then by name), because Tiled sorts properties by name and
 * so cannot keep the author's order. Two equal rooms write equal bytes.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "tmx_int.h"

/* The attributes written first, in this order (rf_tmx_attrs_order). */
static const char *const lead_names[] = {"name", "id", "type", "x", "y", "at", "width", "height"};
#define NLEAD (sizeof lead_names / sizeof lead_names[0])

void rf_tmx_opts_init(rf_tmx_opts *o)
{
    o->tile = 24;
    o->image = "roomforge-glyphs.png";
}

/* The glyphs of the symbol table but ' ', walked in its order; then every
 * other printable ASCII character. i-th of them, or '\0'. */
char rf_tmx_glyph_at(size_t i)
{
    size_t k, n = 0;
    int c;
    for (k = 0; k < rf_symbol_count(); k++) {
        const rf_symbol *s = rf_symbol_at(k);
        for (c = (unsigned char)s->first; c <= (unsigned char)s->last; c++)
            if (c != ' ' && n++ == i)
                return (char)c;
    }
    for (c = '!'; c <= '~'; c++)
        if (!rf_symbol_find((char)c) && n++ == i)
            return (char)c;
    return '\0';
}

size_t rf_tmx_glyph_count(void) { return '~' - '!' + 1; }

rf_tmx_room *rf_tmx_room_alloc(void)
{
    rf_tmx_room *r = rf_calloc(1, sizeof *r);
    if (r && !(r->rest = rf_strdup(""))) {
        rf_free(r);
        r = NULL;
    }
    return r;
}

void rf_tmx_attrs_fini(rf_tmx_attrs *a)
{
    size_t i;
    for (i = 0; i < a->n; i++) {
        rf_free(a->items[i].name);
        rf_free(a->items[i].value);
    }
    rf_free(a->items);
    a->items = NULL;
    a->n = a->cap = 0;
}

void rf_tmx_room_free(rf_tmx_room *r)
{
    size_t i;
    if (!r)
        return;
    rf_tmx_attrs_fini(&r->room);
    rf_tmx_attrs_fini(&r->flags);
    for (i = 0; i < r->nobjs; i++) {
        rf_free(r->objs[i].tag);
        rf_tmx_attrs_fini(&r->objs[i].attrs);
    }
    rf_free(r->objs);
    rf_free(r->cells);
    rf_free(r->rest);
    rf_free(r);
}

bool rf_tmx_attrs_add(rf_tmx_attrs *a, const char *name, const char *value)
{
    char *n, *v;
    if (a->n >= RF_TMX_MAX_ATTRS || !rf_grow((void **)&a->items, &a->cap, a->n + 1, sizeof *a->items))
        return false;
    n = rf_strdup(name);
    v = rf_strdup(value);
    if (!n || !v) {
        rf_free(n);
        rf_free(v);
        return false;
    }
    a->items[a->n].name = n;
    a->items[a->n++].value = v;
    return true;
}

const char *rf_tmx_attrs_find(const rf_tmx_attrs *a, const char *name)
{
    size_t i;
    for (i = 0; i < a->n; i++)
        if (strcasecmp(a->items[i].name, name) == 0)
            return a->items[i].value;
    return NULL;
}

rf_tmx_obj *rf_tmx_room_add_obj(rf_tmx_room *r, const char *tag, int x, int y)
{
    rf_tmx_obj *o;
    char *t;
    if (r->nobjs >= RF_TMX_MAX_OBJECTS ||
        !rf_grow((void **)&r->objs, &r->cap, r->nobjs + 1, sizeof *r->objs))
        return NULL;
    if (!(t = rf_strdup(tag)))
        return NULL;
    o = &r->objs[r->nobjs++];
    memset(o, 0, sizeof *o);
    o->tag = t;
    o->x = x;
    o->y = y;
    return o;
}

bool rf_tmx_room_set_size(rf_tmx_room *r, int w, int h)
{
    size_t n;
    char *cells;
    if (w < 0 || h < 0 || !rf_size_mul((size_t)w, (size_t)h, &n))
        return false;
    if (!(cells = rf_alloc(n + 1)))
        return false;
    memset(cells, ' ', n);
    cells[n] = '\0';
    rf_free(r->cells);
    r->cells = cells;
    r->w = w;
    r->h = h;
    return true;
}

bool rf_tmx_is_object_tag(const char *tag)
{
    rf_object_type t;
    return rf_object_type_parse(tag, &t);
}

const char *rf_tmx_room_name(const rf_tmx_room *r)
{
    const char *n = rf_tmx_attrs_find(&r->room, "name");
    return n ? n : "";
}

void rf_tmx_put_escaped(FILE *out, const char *s, bool attr)
{
    for (; *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\t': fputs(attr ? "&#9;" : "\t", out); break;
        case '\n': fputs(attr ? "&#10;" : "\n", out); break;
        case '\r': fputs("&#13;", out); break;
        default: fputc(*s, out);
        }
}

/* Where name stands in lead_names, or NLEAD for the others. */
static size_t rank(const char *name)
{
    size_t i;
    for (i = 0; i < NLEAD; i++)
        if (strcasecmp(name, lead_names[i]) == 0)
            return i;
    return NLEAD;
}

void rf_tmx_attrs_order(const rf_tmx_attrs *a, size_t *idx)
{
    size_t i, j;
    for (i = 0; i < a->n; i++) { /* insertion sort: an element has few attributes */
        size_t v = idx[i] = i, ra = rank(a->items[v].name);
        for (j = i; j > 0; j--) {
            size_t u = idx[j - 1], rb = rank(a->items[u].name);
            int c = ra != rb ? (ra < rb ? -1 : 1)
                             : strcasecmp(a->items[v].name, a->items[u].name);
            if (c >= 0)
                break;
            idx[j] = u;
        }
        idx[j] = v;
    }
}

static void put_attr(FILE *out, const char *name, const char *value)
{
    fprintf(out, " %s=\"", name);
    rf_tmx_put_escaped(out, value, true);
    fputc('"', out);
}

/* Writes a's attributes in order; the room's width and height (w >= 0) go
 * where rank puts them, and an object's x and y (x >= 0) replace its own. */
static bool put_attrs(FILE *out, const rf_tmx_attrs *a, int w, int h, int x, int y)
{
    size_t i, *idx = rf_alloc((a->n + 1) * sizeof *idx);
    bool sized = w < 0, placed = x < 0;
    char num[16];
    if (!idx)
        return false;
    rf_tmx_attrs_order(a, idx);
    for (i = 0; i <= a->n; i++) {
        size_t rk = i < a->n ? rank(a->items[idx[i]].name) : NLEAD;
        if (!placed && rk > 4) {
            put_attr(out, "x", (snprintf(num, sizeof num, "%d", x), num));
            put_attr(out, "y", (snprintf(num, sizeof num, "%d", y), num));
            placed = true;
        }
        if (!sized && rk > 5) {
            put_attr(out, "width", (snprintf(num, sizeof num, "%d", w), num));
            put_attr(out, "height", (snprintf(num, sizeof num, "%d", h), num));
            sized = true;
        }
        if (i < a->n && !(x >= 0 && (rk == 3 || rk == 4)))
            put_attr(out, a->items[idx[i]].name, a->items[idx[i]].value);
    }
    rf_free(idx);
    return true;
}

/* One <room> element, indented two spaces. */
static bool put_room(FILE *out, const rf_tmx_room *r)
{
    size_t i;
    int y;
    fputs("  <room", out);
    if (!put_attrs(out, &r->room, r->w, r->h, -1, -1))
        return false;
    fputs(">\n", out);
    for (y = 0; y < r->h; y++) {
        fputs("    <row text=\"", out);
        for (i = 0; i < (size_t)r->w; i++) {
            char c[2] = {r->cells[(size_t)y * (size_t)r->w + i], '\0'};
            rf_tmx_put_escaped(out, c, true);
        }
        fputs("\"/>\n", out);
    }
    if (r->has_flags && r->flags.n > 0) {
        fputs("    <flags", out);
        if (!put_attrs(out, &r->flags, -1, -1, -1, -1))
            return false;
        fputs("/>\n", out);
    }
    for (i = 0; i < r->nobjs; i++) {
        const rf_tmx_obj *o = &r->objs[i];
        bool at = rf_tmx_attrs_find(&o->attrs, "at") != NULL;
        fprintf(out, "    <%s", o->tag);
        if (!put_attrs(out, &o->attrs, -1, -1, at ? -1 : o->x, at ? -1 : o->y))
            return false;
        fputs("/>\n", out);
    }
    if (r->rest[0])
        fprintf(out, "    %s\n", r->rest);
    fputs("  </room>\n", out);
    return true;
}

rf_status rf_tmx_write_rooms(const rf_tmx_room *const *rooms, size_t n, FILE *out)
{
    size_t i;
    if (!out || (n > 0 && !rooms))
        return RF_ERR_ARG;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<roomdb>\n", out);
    for (i = 0; i < n; i++)
        if (!put_room(out, rooms[i]))
            return RF_ERR_NOMEM;
    fputs("</roomdb>\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
