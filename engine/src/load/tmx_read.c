/* engine/src/load/tmx_read.c: a Tiled map (.tmx) into the Tiled conversion's
 * room model, every problem a diagnostic at file:line:col.
 *
 * Pipeline: load; `roomforge import` then writes the room as rooms.xml
 * (rf_tmx_write_rooms). Design: the map is read the way tmx_write.c writes
 * it and the way Tiled 1.8 saves it: cells go back to glyphs through each
 * tile's glyph property (not through its number, so a modder may paint with
 * any tileset that has them), objects to the cell under their centre, map
 * properties to <room> and <flags>, the rooms.xml property to the other
 * elements. Hostile maps meet bounds before anything is allocated for them:
 * sides of at most 255 cells, RF_TMX_MAX_OBJECTS objects, 4096 tiles.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "roomforge/fs.h"
#include "tmx_int.h"

#define MAX_TILES 4096u       /* tiles with a glyph, over every tileset */
#define GID_MASK 0x0FFFFFFFu  /* Tiled's flip bits off: a flipped wall is a wall */

typedef struct glyph_tile {
    uint32_t gid;
    char glyph;
} glyph_tile;

typedef struct reader {
    rf_tmx_src src;
    const char *buf; /* the raw bytes, for columns libxml2 does not keep */
    size_t len;
    glyph_tile *tiles;
    size_t ntiles;
    int tw, th; /* the map's tile size in pixels */
    rf_tmx_room *room;
    bool nomem;
} reader;

static void report(reader *rd, const char *code, int line, int col, const char *what)
{
    if (!rf_diag_add(rd->src.d, code, rd->src.file, line, col, "%s", what))
        rd->nomem = true;
}

/* The byte offset of the start of line (1-based) in the raw bytes. */
static size_t line_start(const reader *rd, int line)
{
    size_t i = 0;
    int l = 1;
    while (l < line && i < rd->len) {
        const char *nl = memchr(rd->buf + i, '\n', rd->len - i);
        if (!nl)
            return rd->len;
        i = (size_t)(nl - rd->buf) + 1;
        l++;
    }
    return i;
}

/* The offset just past the '>' of the first "<tag" at or after line's
 * start: where the element's text begins; len when none. */
static size_t text_start(const reader *rd, int line, const char *tag)
{
    size_t i = line_start(rd, line), m = strlen(tag);
    for (; i + m + 1 < rd->len; i++)
        if (rd->buf[i] == '<' && strncasecmp(rd->buf + i + 1, tag, m) == 0) {
            const char *gt = memchr(rd->buf + i, '>', rd->len - i);
            return gt ? (size_t)(gt - rd->buf) + 1 : rd->len;
        }
    return rd->len;
}

/* The line and column of byte offset at. */
static void pos_of(const reader *rd, size_t at, int *line, int *col)
{
    size_t i, start = 0;
    int l = 1;
    for (i = 0; i < at && i < rd->len; i++)
        if (rd->buf[i] == '\n') {
            l += l < INT_MAX;
            start = i + 1;
        }
    *line = l;
    *col = rf_text_col_at(rd->buf + start, (at < rd->len ? at : rd->len) - start);
}

/* Attribute name of n as an integer in lo..hi into *v; false when absent
 * (*v untouched) or, reported at n with code, out of range or no integer. */
static bool int_attr(reader *rd, const xmlNode *n, const char *name, long lo, long hi, long *v,
                     const char *code)
{
    char *s = rf_xml_attr_value(n, name, &rd->nomem), *end;
    long x;
    char msg[256];
    if (!s)
        return false;
    errno = 0;
    x = strtol(s, &end, 10);
    if (!*s || *end || errno || x < lo || x > hi) {
        (void)snprintf(msg, sizeof msg, "<%s %s=\"%.40s\">: not an integer in %ld..%ld",
                       (const char *)n->name, name, s, lo, hi);
        report(rd, code, rf_tmx_line(&rd->src, n), 1, msg);
        rf_free(s);
        return false;
    }
    rf_free(s);
    *v = x;
    return true;
}

/* The value of a <property>: its value attribute, else its text. */
static char *prop_value(reader *rd, const xmlNode *p)
{
    char *v = rf_xml_attr_value(p, "value", &rd->nomem);
    xmlChar *t;
    if (v || rd->nomem)
        return v;
    t = xmlNodeGetContent(p);
    v = rf_strdup(t ? (const char *)t : "");
    xmlFree(t);
    rd->nomem = rd->nomem || !v;
    return v;
}

/* Calls fn for each <property> of n's <properties>; false when fn is. */
typedef bool (*prop_fn)(reader *rd, const xmlNode *p, const char *name, const char *value,
                        void *ud);
static bool each_prop(reader *rd, const xmlNode *n, prop_fn fn, void *ud)
{
    const xmlNode *ps, *p;
    bool ok = true;
    for (ps = n->children; ps; ps = ps->next)
        for (p = rf_xml_is(ps, "properties") ? ps->children : NULL; p && !rd->nomem; p = p->next) {
            char *name, *value;
            if (!rf_xml_is(p, "property"))
                continue;
            name = rf_xml_attr_value(p, "name", &rd->nomem);
            value = name ? prop_value(rd, p) : NULL;
            if (name && value)
                ok = fn(rd, p, name, value, ud) && ok;
            rf_free(name);
            rf_free(value);
        }
    return ok && !rd->nomem;
}

/* A tile's glyph property into the table, at gid. */
static bool take_glyph(reader *rd, const xmlNode *p, const char *name, const char *value,
                       void *ud)
{
    uint32_t gid = *(const uint32_t *)ud;
    if (strcmp(name, "glyph") != 0)
        return true;
    if (strlen(value) != 1 || value[0] < ' ' || value[0] > '~') {
        report(rd, "tmx-property", rf_tmx_line(&rd->src, p), 1,
               "a tile's glyph property must be one printable ASCII character");
        return false;
    }
    if (rd->ntiles >= MAX_TILES) {
        report(rd, "tmx-map", rf_tmx_line(&rd->src, p), 1, "more than 4096 tiles with a glyph");
        return false;
    }
    rd->tiles[rd->ntiles].gid = gid;
    rd->tiles[rd->ntiles++].glyph = value[0];
    return true;
}

/* One <tileset>: each <tile id>'s glyph at firstgid + id. */
static bool take_tileset(reader *rd, const xmlNode *ts)
{
    long first = 0, id;
    const xmlNode *t;
    bool ok = true;
    if (rf_xml_is(ts, "tileset") && xmlHasProp(ts, (const xmlChar *)"source")) {
        report(rd, "tmx-map", rf_tmx_line(&rd->src, ts), 1,
               "an external tileset (.tsx) is not read: embed it (Tiled: Map > Embed Tileset)");
        return false;
    }
    if (!int_attr(rd, ts, "firstgid", 1, (long)GID_MASK, &first, "tmx-map"))
        return false;
    for (t = ts->children; t && ok; t = t->next) {
        uint32_t gid;
        if (!rf_xml_is(t, "tile") || !int_attr(rd, t, "id", 0, (long)GID_MASK, &id, "tmx-map"))
            continue;
        gid = (uint32_t)(first + id);
        ok = each_prop(rd, t, take_glyph, &gid);
    }
    return ok;
}

/* The glyph of gid; false when no tile with a glyph has it. */
static bool glyph_of(const reader *rd, uint32_t gid, char *out)
{
    size_t i;
    if (gid == 0) {
        *out = ' ';
        return true;
    }
    for (i = 0; i < rd->ntiles; i++)
        if (rd->tiles[i].gid == gid) {
            *out = rd->tiles[i].glyph;
            return true;
        }
    return false;
}

/* Reads one CSV number at *at (past separators); false at the end. */
static bool next_number(const char *s, size_t n, size_t *at, size_t *start, unsigned long long *v)
{
    size_t i = *at;
    while (i < n && (s[i] == ',' || s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t'))
        i++;
    if (i >= n)
        return false;
    *start = i;
    *v = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9') {
        *v = *v > 0xFFFFFFFFull ? *v : *v * 10 + (unsigned)(s[i] - '0');
        i++;
    }
    if (i == *start || (i < n && !strchr(", \n\r\t", s[i])))
        *v = ~0ull; /* not a number ("x", "1x"): no gid */
    while (i < n && s[i] != ',' && s[i] != '\n')
        i++;
    *at = i;
    return true;
}

/* The CSV cells of the layer's text, whose first byte is at offset base of
 * the raw bytes, into the room's cells. */
static bool take_csv(reader *rd, const char *s, size_t n, size_t base)
{
    rf_tmx_room *r = rd->room;
    size_t at = 0, start, k = 0, cells = (size_t)r->w * (size_t)r->h;
    unsigned long long v;
    int line, col;
    char msg[200];
    while (next_number(s, n, &at, &start, &v)) {
        char g;
        if (k >= cells) {
            pos_of(rd, base + start, &line, &col);
            report(rd, "tmx-layer", line, col, "the layer holds more cells than its size");
            return false;
        }
        if (v > 0xFFFFFFFFull || !glyph_of(rd, (uint32_t)v & GID_MASK, &g)) {
            pos_of(rd, base + start, &line, &col);
            if (v > 0xFFFFFFFFull)
                (void)snprintf(msg, sizeof msg, "cell (%zu, %zu): not a tile number",
                               k % (size_t)r->w, k / (size_t)r->w);
            else
                (void)snprintf(msg, sizeof msg,
                               "cell (%zu, %zu): no tile with a glyph property has gid %llu",
                               k % (size_t)r->w, k / (size_t)r->w, v);
            report(rd, "tmx-gid", line, col, msg);
            return false;
        }
        r->cells[k++] = g;
    }
    if (k < cells) {
        pos_of(rd, base + n, &line, &col);
        report(rd, "tmx-layer", line, col, "the layer holds fewer cells than its size");
        return false;
    }
    return true;
}

/* The tile layer: the one named "map", else the first. */
static const xmlNode *find_layer(const xmlNode *map)
{
    const xmlNode *c, *first = NULL;
    for (c = map->children; c; c = c->next)
        if (rf_xml_is(c, "layer")) {
            bool nomem = false;
            char *name = rf_xml_attr_value(c, "name", &nomem);
            bool is_map = name && strcmp(name, "map") == 0;
            rf_free(name);
            if (is_map)
                return c;
            first = first ? first : c;
        }
    return first;
}

/* The layer's size and CSV data into the room's map. */
static bool take_layer(reader *rd, const xmlNode *map)
{
    const xmlNode *layer = find_layer(map), *data;
    long w = 0, h = 0;
    char *enc, *comp;
    xmlChar *text;
    bool ok;
    if (!layer) {
        report(rd, "tmx-layer", rf_tmx_line(&rd->src, map), 1, "the map has no tile layer");
        return false;
    }
    if (!xmlHasProp(layer, (const xmlChar *)"width") ||
        !xmlHasProp(layer, (const xmlChar *)"height")) {
        report(rd, "tmx-layer", rf_tmx_line(&rd->src, layer), 1,
               "the tile layer needs a width and a height of 1..255 cells");
        return false;
    }
    if (!int_attr(rd, layer, "width", 1, RF_TEMPLATE_MAX_SIDE, &w, "tmx-layer") ||
        !int_attr(rd, layer, "height", 1, RF_TEMPLATE_MAX_SIDE, &h, "tmx-layer"))
        return false;
    for (data = layer->children; data && !rf_xml_is(data, "data"); data = data->next)
        ;
    enc = data ? rf_xml_attr_value(data, "encoding", &rd->nomem) : NULL;
    comp = data ? rf_xml_attr_value(data, "compression", &rd->nomem) : NULL;
    ok = data && enc && strcmp(enc, "csv") == 0 && !comp;
    rf_free(enc);
    rf_free(comp);
    if (!ok) {
        report(rd, "tmx-layer", rf_tmx_line(&rd->src, data ? data : layer), 1,
               "the tile layer's data is not CSV (Tiled: Map > Map Properties > Tile Layer "
               "Format: CSV)");
        return false;
    }
    if (!rf_tmx_room_set_size(rd->room, (int)w, (int)h))
        return !(rd->nomem = true);
    text = xmlNodeGetContent(data);
    ok = take_csv(rd, text ? (const char *)text : "", text ? strlen((const char *)text) : 0,
                  text_start(rd, rf_tmx_line(&rd->src, data), "data"));
    xmlFree(text);
    return ok;
}

/* True when s is an XML name of ASCII letters, digits, '_', '-' and '.'
 * that does not start with a digit, '-' or '.'. */
static bool xml_name(const char *s)
{
    size_t i;
    if (!s[0] || (s[0] >= '0' && s[0] <= '9') || s[0] == '-' || s[0] == '.')
        return false;
    for (i = 0; s[i]; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
              (s[i] >= '0' && s[i] <= '9') || s[i] == '_' || s[i] == '-' || s[i] == '.'))
            return false;
    return true;
}

/* An object's property: an attribute of its element. */
static bool take_obj_prop(reader *rd, const xmlNode *p, const char *name, const char *value,
                          void *ud)
{
    rf_tmx_obj *o = ud;
    char msg[256];
    if (!xml_name(name) || rf_tmx_attrs_find(&o->attrs, name)) {
        (void)snprintf(msg, sizeof msg, "property '%.60s' of a %.40s: %s", name, o->tag,
                       xml_name(name) ? "given twice (the object's name is its id)"
                                      : "not a rooms.xml attribute name");
        report(rd, "tmx-property", rf_tmx_line(&rd->src, p), 1, msg);
        return false;
    }
    if (!rf_tmx_attrs_add(&o->attrs, name, value))
        rd->nomem = true;
    return !rd->nomem;
}

/* A coordinate attribute of an object in pixels (0 when absent). */
static double px(reader *rd, const xmlNode *n, const char *name)
{
    char *s = rf_xml_attr_value(n, name, &rd->nomem), *end;
    double v = s ? strtod(s, &end) : 0.0;
    if (s && (*end || !isfinite(v) || fabs(v) > 1e9))
        v = -1e12; /* outside any map */
    rf_free(s);
    return v;
}

/* The cell under the object's centre (a tile object's y is its bottom). */
static void object_cell(reader *rd, const xmlNode *n, int *x, int *y)
{
    double cx = px(rd, n, "x") + px(rd, n, "width") / 2;
    double cy = px(rd, n, "y") + px(rd, n, "height") / 2;
    if (xmlHasProp(n, (const xmlChar *)"gid"))
        cy -= px(rd, n, "height");
    cx = floor(cx / rd->tw);
    cy = floor(cy / rd->th);
    *x = cx >= 0 && cx < rd->room->w ? (int)cx : -1;
    *y = cy >= 0 && cy < rd->room->h ? (int)cy : -1;
}

/* The object's name (its id attribute, when not empty) and properties. */
static bool take_obj_attrs(reader *rd, const xmlNode *n, rf_tmx_obj *o)
{
    char *id = rf_xml_attr_value(n, "name", &rd->nomem);
    if (id && id[0] && !rf_tmx_attrs_add(&o->attrs, "id", id))
        rd->nomem = true;
    rf_free(id);
    return !rd->nomem && each_prop(rd, n, take_obj_prop, o);
}

static bool take_object(reader *rd, const xmlNode *n)
{
    char *tag = rf_xml_attr_value(n, "type", &rd->nomem);
    int x, y, line = rf_tmx_line(&rd->src, n);
    rf_tmx_obj *o = NULL;
    if (!tag)
        tag = rf_xml_attr_value(n, "class", &rd->nomem); /* Tiled 1.9's name for it */
    object_cell(rd, n, &x, &y);
    if (!tag || !xml_name(tag))
        report(rd, "tmx-object", line, 1,
               "an object needs a type: its rooms.xml element (monster, loot, lever, ...)");
    else if (x < 0 || y < 0)
        report(rd, "tmx-object", line, 1, "the object's centre is outside the map");
    else if (!(o = rf_tmx_room_add_obj(rd->room, tag, x, y)))
        report(rd, "tmx-object", line, 1, "more objects than a room may hold (4096)");
    rf_free(tag);
    return o && take_obj_attrs(rd, n, o);
}

/* Every object of every object layer, in order. */
static bool take_objects(reader *rd, const xmlNode *map)
{
    const xmlNode *g, *o;
    bool ok = true;
    for (g = map->children; g; g = g->next)
        for (o = rf_xml_is(g, "objectgroup") ? g->children : NULL; o && !rd->nomem; o = o->next)
            if (rf_xml_is(o, "object"))
                ok = take_object(rd, o) && ok;
    return ok && !rd->nomem;
}

/* A map property: room.*, flags.* or the rooms.xml elements. */
static bool take_map_prop(reader *rd, const xmlNode *p, const char *name, const char *value,
                          void *ud)
{
    rf_tmx_room *r = rd->room;
    size_t rl = strlen(RF_TMX_ROOM_PREFIX), fl = strlen(RF_TMX_FLAGS_PREFIX);
    int line = rf_tmx_line(&rd->src, p);
    (void)ud;
    if (strcmp(name, RF_TMX_REST_PROPERTY) == 0) {
        rf_tmx_src at = rd->src;
        char *canon;
        int col = 1;
        pos_of(rd, text_start(rd, line, "property"), &at.line, &col);
        at.col = col;
        if (!(canon = rf_tmx_rest_canon(&at, value, &rd->nomem)))
            return false;
        rf_free(r->rest);
        r->rest = canon;
        return true;
    }
    if (strncmp(name, RF_TMX_ROOM_PREFIX, rl) == 0 && xml_name(name + rl)) {
        if (strcasecmp(name + rl, "width") == 0 || strcasecmp(name + rl, "height") == 0)
            return true; /* the layer's size is the room's */
        rd->nomem = !rf_tmx_attrs_add(&r->room, name + rl, value);
    } else if (strncmp(name, RF_TMX_FLAGS_PREFIX, fl) == 0 && xml_name(name + fl)) {
        r->has_flags = true;
        rd->nomem = !rf_tmx_attrs_add(&r->flags, name + fl, value);
    } else {
        char msg[256];
        (void)snprintf(msg, sizeof msg,
                       "map property '%.60s' is ignored (room.*, flags.* and rooms.xml travel)",
                       name);
        report(rd, "tmx-ignored", line, 1, msg);
    }
    return !rd->nomem;
}

/* The <map>'s tile size and that it is a finite map of ours to read. */
static bool take_map(reader *rd, const xmlNode *map)
{
    long tw = 0, th = 0, inf = 0;
    const xmlNode *c;
    bool ok = true;
    if (!rf_xml_is(map, "map")) {
        report(rd, "tmx-map", map ? rf_tmx_line(&rd->src, map) : 1, 1,
               "the root element is not a Tiled <map>");
        return false;
    }
    if (int_attr(rd, map, "infinite", 0, 1, &inf, "tmx-map") && inf) {
        report(rd, "tmx-map", rf_tmx_line(&rd->src, map), 1,
               "an infinite map is not a room (Tiled: Map > Map Properties > Infinite off)");
        return false;
    }
    if (!xmlHasProp(map, (const xmlChar *)"tilewidth") ||
        !xmlHasProp(map, (const xmlChar *)"tileheight")) {
        report(rd, "tmx-map", rf_tmx_line(&rd->src, map), 1,
               "the map needs a tilewidth and a tileheight of 1..4096 pixels");
        return false;
    }
    if (!int_attr(rd, map, "tilewidth", 1, 4096, &tw, "tmx-map") ||
        !int_attr(rd, map, "tileheight", 1, 4096, &th, "tmx-map"))
        return false;
    rd->tw = (int)tw;
    rd->th = (int)th;
    for (c = map->children; c && ok; c = c->next)
        if (rf_xml_is(c, "tileset"))
            ok = take_tileset(rd, c);
    return ok;
}

static rf_status read_doc(reader *rd, xmlDoc *doc)
{
    const xmlNode *map = xmlDocGetRootElement(doc);
    bool ok;
    if (!(rd->tiles = rf_alloc(MAX_TILES * sizeof *rd->tiles)) ||
        !(rd->room = rf_tmx_room_alloc()))
        return RF_ERR_NOMEM;
    ok = take_map(rd, map) && take_layer(rd, map);
    ok = ok && take_objects(rd, map);
    ok = ok && each_prop(rd, map, take_map_prop, NULL);
    if (rd->nomem)
        return RF_ERR_NOMEM;
    return ok ? RF_OK : RF_ERR_CONTENT;
}

rf_status rf_tmx_room_load_buffer(const char *name, const char *buf, size_t len, rf_diags *d,
                                  rf_tmx_room **out)
{
    reader rd;
    xmlDoc *doc;
    rf_status st;
    size_t before;
    if (!name || (!buf && len) || !out || !d)
        return RF_ERR_ARG;
    before = rf_diags_errors(d);
    memset(&rd, 0, sizeof rd);
    rd.src = (rf_tmx_src){name, 1, 1, d};
    rd.buf = buf ? buf : "";
    rd.len = len;
    if (len > RF_TMX_MAX_BYTES) {
        report(&rd, "xml-limit", 1, 1, "the map is larger than roomforge reads (16 MiB)");
        return RF_ERR_LIMIT;
    }
    doc = rf_tmx_parse(&rd.src, rd.buf, len, &rd.nomem);
    st = doc ? read_doc(&rd, doc) : rd.nomem ? RF_ERR_NOMEM : RF_ERR_CONTENT;
    xmlFreeDoc(doc);
    rf_free(rd.tiles);
    if (st == RF_OK && rf_diags_errors(d) == before) {
        *out = rd.room;
        return RF_OK;
    }
    rf_tmx_room_free(rd.room);
    return st == RF_OK ? RF_ERR_CONTENT : st;
}

rf_status rf_tmx_room_load_file(const char *path, rf_diags *d, rf_tmx_room **out)
{
    char *buf = NULL;
    size_t len = 0;
    int why = 0;
    rf_status st;
    if (!path || !out || !d)
        return RF_ERR_ARG;
    st = rf_fs_read(path, RF_TMX_MAX_BYTES, &buf, &len, &why);
    if (st == RF_ERR_LIMIT) {
        (void)rf_diag_add(d, "xml-limit", path, 0, 0, "the map is larger than roomforge reads (16 MiB)");
        return st;
    }
    if (st != RF_OK) {
        (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read: %s", rf_fs_why(why));
        return st == RF_ERR_NOMEM ? st : RF_ERR_IO;
    }
    st = rf_tmx_room_load_buffer(path, buf, len, d, out);
    rf_fs_free(buf);
    return st;
}
