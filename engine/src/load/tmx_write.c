/* engine/src/load/tmx_write.c: a room of the Tiled conversion's model as a
 * Tiled map (.tmx).
 *
 * Pipeline: load -> output; `roomforge export --format tmx` after
 * rf_tmx_room_from_template. Design: what Tiled 1.8 itself writes, so that
 * a map saved by Tiled diffs little against ours: a CSV tile layer "map"
 * (the empty tile is the space outside the room), an object layer "objects"
 * (one tile-sized rectangle per object, its tag as Tiled's type, its id as
 * the name, every other attribute a string property), map properties sorted
 * by name as Tiled sorts them, and the tileset embedded, each tile with its
 * glyph property (what import reads) and what the glyph means.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "tmx_int.h"

/* One property to write: its name (prefix + attribute name) and value. */
typedef struct prop {
    const char *prefix, *name, *value;
} prop;

/* The ith character of p's full name (prefix then name), '\0' past it. */
static unsigned char prop_char(const prop *p, size_t i, size_t plen)
{
    return (unsigned char)(i < plen ? p->prefix[i] : p->name[i - plen]);
}

/* Byte order of the full names, as Tiled sorts properties. */
static int prop_cmp(const void *a, const void *b)
{
    const prop *p = a, *q = b;
    size_t i, pl = strlen(p->prefix), ql = strlen(q->prefix);
    for (i = 0;; i++) {
        unsigned char c = prop_char(p, i, pl), d = prop_char(q, i, ql);
        if (c != d || c == '\0')
            return (int)c - (int)d;
    }
}

static void put_prop(FILE *out, const char *indent, const prop *p)
{
    fprintf(out, "%s<property name=\"", indent);
    rf_tmx_put_escaped(out, p->prefix, true);
    rf_tmx_put_escaped(out, p->name, true);
    if (strchr(p->value, '\n')) { /* as Tiled writes a multi-line string */
        fputs("\">", out);
        rf_tmx_put_escaped(out, p->value, false);
        fputs("</property>\n", out);
    } else {
        fputs("\" value=\"", out);
        rf_tmx_put_escaped(out, p->value, true);
        fputs("\"/>\n", out);
    }
}

/* Writes n properties sorted by full name inside <properties>. */
static void put_props(FILE *out, const char *indent, prop *ps, size_t n)
{
    size_t i;
    char inner[16];
    if (n == 0)
        return;
    (void)snprintf(inner, sizeof inner, "%s ", indent);
    qsort(ps, n, sizeof *ps, prop_cmp);
    fprintf(out, "%s<properties>\n", indent);
    for (i = 0; i < n; i++)
        put_prop(out, inner, &ps[i]);
    fprintf(out, "%s</properties>\n", indent);
}

static bool put_map_props(FILE *out, const rf_tmx_room *r)
{
    size_t i, n = 0;
    prop *ps = rf_alloc((r->room.n + r->flags.n + 1) * sizeof *ps);
    if (!ps)
        return false;
    for (i = 0; i < r->room.n; i++)
        ps[n++] = (prop){RF_TMX_ROOM_PREFIX, r->room.items[i].name, r->room.items[i].value};
    for (i = 0; i < r->flags.n; i++)
        ps[n++] = (prop){RF_TMX_FLAGS_PREFIX, r->flags.items[i].name, r->flags.items[i].value};
    if (r->rest[0])
        ps[n++] = (prop){"", RF_TMX_REST_PROPERTY, r->rest};
    put_props(out, " ", ps, n);
    rf_free(ps);
    return true;
}

static void put_tileset(FILE *out, const rf_tmx_opts *o)
{
    size_t i, n = rf_tmx_glyph_count();
    int rows = (int)((n + RF_TMX_COLUMNS - 1) / RF_TMX_COLUMNS);
    fprintf(out,
            " <tileset firstgid=\"1\" name=\"roomforge glyphs\" tilewidth=\"%d\" tileheight=\"%d\""
            " tilecount=\"%d\" columns=\"%d\">\n",
            o->tile, o->tile, rows * RF_TMX_COLUMNS, RF_TMX_COLUMNS); /* as Tiled counts */
    if (o->image) {
        fputs("  <image source=\"", out);
        rf_tmx_put_escaped(out, o->image, true);
        fprintf(out, "\" width=\"%d\" height=\"%d\"/>\n", RF_TMX_COLUMNS * o->tile,
                rows * o->tile);
    }
    for (i = 0; i < n; i++) {
        char g[2] = {rf_tmx_glyph_at(i), '\0'};
        const rf_symbol *s = rf_symbol_find(g[0]);
        prop ps[2] = {{"", "glyph", g}, {"", "meaning", s ? s->legend : "placeholder (<vary>)"}};
        fprintf(out, "  <tile id=\"%zu\">\n", i);
        put_props(out, "   ", ps, 2);
        fputs("  </tile>\n", out);
    }
    fputs(" </tileset>\n", out);
}

static void put_layer(FILE *out, const rf_tmx_room *r)
{
    int x, y, gid[128] = {0}; /* 0: the empty tile */
    size_t i;
    for (i = 0; i < rf_tmx_glyph_count(); i++)
        gid[(unsigned char)rf_tmx_glyph_at(i) & 127] = (int)i + 1;
    fprintf(out, " <layer id=\"1\" name=\"map\" width=\"%d\" height=\"%d\">\n", r->w, r->h);
    fputs("  <data encoding=\"csv\">\n", out);
    for (y = 0; y < r->h; y++) {
        for (x = 0; x < r->w; x++) {
            unsigned char c = (unsigned char)r->cells[(size_t)y * (size_t)r->w + (size_t)x];
            fprintf(out, "%d%s", c < 128 ? gid[c] : 0, x + 1 < r->w || y + 1 < r->h ? "," : "");
        }
        fputc('\n', out);
    }
    fputs("</data>\n </layer>\n", out);
}

/* True for the attributes the object's rectangle carries, not a property:
 * its id (the name), and x and y unless it is placed by at=. */
static bool in_rect(const rf_tmx_attr *a, bool at)
{
    if (strcmp(a->name, "id") == 0 && a->value[0])
        return true;
    return !at && (strcasecmp(a->name, "x") == 0 || strcasecmp(a->name, "y") == 0);
}

static bool put_object(FILE *out, const rf_tmx_obj *o, size_t id, int tile)
{
    bool at = rf_tmx_attrs_find(&o->attrs, "at") != NULL;
    const char *name = NULL;
    prop *ps = rf_alloc((o->attrs.n + 1) * sizeof *ps);
    size_t i, n = 0;
    if (!ps)
        return false;
    for (i = 0; i < o->attrs.n; i++) {
        const rf_tmx_attr *a = &o->attrs.items[i];
        if (!in_rect(a, at))
            ps[n++] = (prop){"", a->name, a->value};
        else if (strcmp(a->name, "id") == 0)
            name = a->value;
    }
    fprintf(out, "  <object id=\"%zu\"", id);
    if (name) {
        fputs(" name=\"", out);
        rf_tmx_put_escaped(out, name, true);
        fputc('"', out);
    }
    fputs(" type=\"", out);
    rf_tmx_put_escaped(out, o->tag, true);
    fprintf(out, "\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"", o->x * tile, o->y * tile,
            tile, tile);
    if (n == 0) {
        fputs("/>\n", out);
    } else {
        fputs(">\n", out);
        put_props(out, "   ", ps, n);
        fputs("  </object>\n", out);
    }
    rf_free(ps);
    return true;
}

rf_status rf_tmx_room_write_tmx(const rf_tmx_room *r, const rf_tmx_opts *o, FILE *out)
{
    size_t i;
    if (!r || !o || !out || o->tile < RF_TMX_TILE_MIN || o->tile > RF_TMX_TILE_MAX)
        return RF_ERR_ARG;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
    fprintf(out,
            "<map version=\"1.8\" tiledversion=\"1.8.2\" orientation=\"orthogonal\""
            " renderorder=\"right-down\" width=\"%d\" height=\"%d\" tilewidth=\"%d\""
            " tileheight=\"%d\" infinite=\"0\" nextlayerid=\"3\" nextobjectid=\"%zu\">\n",
            r->w, r->h, o->tile, o->tile, r->nobjs + 1);
    if (!put_map_props(out, r))
        return RF_ERR_NOMEM;
    put_tileset(out, o);
    put_layer(out, r);
    fputs(" <objectgroup id=\"2\" name=\"objects\">\n", out);
    for (i = 0; i < r->nobjs; i++)
        if (!put_object(out, &r->objs[i], i + 1, o->tile))
            return RF_ERR_NOMEM;
    fputs(" </objectgroup>\n</map>\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
