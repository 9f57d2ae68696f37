/* roomforge/tmx.h: rooms to and from Tiled maps (.tmx), and rooms.xml back.
 *
 * Pipeline: load -> output (`roomforge export --format tmx|xml`), and a Tiled
 * map -> rooms.xml (`roomforge import`). An rf_tmx_room is one room in the
 * conversion's model: <room>'s attributes, the map, <flags>, the objects and
 * every other child of <room> as XML text. docs/reference.md, "export,
 * import", says what goes where in the map.
 */
#ifndef RF_TMX_H
#define RF_TMX_H

#include <stdio.h>

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"

RF_BEGIN_C

typedef struct rf_tmx_room rf_tmx_room; /* opaque, owned by the caller */

#define RF_TMX_MAX_BYTES (16u << 20) /* a .tmx or rooms.xml file read for a room */
#define RF_TMX_TILE_MIN 8            /* tile side in pixels */
#define RF_TMX_TILE_MAX 64
#define RF_TMX_COLUMNS 16 /* tiles a row of the tileset image holds */

typedef struct rf_tmx_opts {
    int tile;          /* tile side in pixels, RF_TMX_TILE_MIN..MAX (default 24) */
    const char *image; /* the tileset image as the map names it, relative to
                        * the .tmx (default "roomforge-glyphs.png"); NULL:
                        * no <image> element */
} rf_tmx_opts;

RF_API void rf_tmx_opts_init(rf_tmx_opts *o);

/* The tileset: every printable ASCII glyph but the space (the space, outside
 * the room, is the empty tile), the map symbols first in the order of the
 * symbol table, then the other glyphs (placeholders of <vary>) in byte order.
 * Tile i has local id i (gid i + 1 in our maps). */
RF_API size_t rf_tmx_glyph_count(void);
/* The glyph of tile i; '\0' past the end. */
RF_API char rf_tmx_glyph_at(size_t i);

/* Reads t's <room> element back from its file (rf_template_file(t), the room
 * starting at rf_template_line(t)) into *out, which the caller frees with
 * rf_tmx_room_free. Problems go to d: the file unreadable (io-error), the
 * room no longer there (tmx-source), a row character no tile draws
 * (tmx-glyph): a file changed since it was loaded. RF_OK; RF_ERR_IO;
 * RF_ERR_CONTENT; RF_ERR_NOMEM; RF_ERR_ARG when an argument is NULL. *out
 * is set only on RF_OK. */
RF_API RF_NODISCARD rf_status rf_tmx_room_from_template(const rf_template *t, rf_diags *d,
                                                        rf_tmx_room **out);
/* Reads a Tiled map from memory (name: the file diagnostics carry; the
 * caller keeps buf) into *out. Every problem is a diagnostic at its
 * file:line:col: XML errors (xml-syntax, xml-doctype, xml-encoding,
 * xml-limit), the map (tmx-map, tmx-layer, tmx-gid, tmx-object,
 * tmx-property). RF_OK (warnings allowed); RF_ERR_CONTENT when an error was
 * reported (no room); RF_ERR_LIMIT for more than RF_TMX_MAX_BYTES (not a
 * byte read); RF_ERR_NOMEM; RF_ERR_ARG when name, d or out is NULL. */
RF_API RF_NODISCARD rf_status rf_tmx_room_load_buffer(const char *name, const char *buf,
                                                      size_t len, rf_diags *d,
                                                      rf_tmx_room **out);
/* The same from the file at path; its unreadable or too big file is an
 * io-error or xml-limit diagnostic and RF_ERR_IO or RF_ERR_LIMIT. */
RF_API RF_NODISCARD rf_status rf_tmx_room_load_file(const char *path, rf_diags *d,
                                                    rf_tmx_room **out);
/* Frees r and all it owns; r may be NULL. */
RF_API void rf_tmx_room_free(rf_tmx_room *r);
/* The room's name attribute, or "" when it has none; valid until r is freed. */
RF_API const char *rf_tmx_room_name(const rf_tmx_room *r);

/* Writes r as a Tiled map (TMX 1.8, CSV tile layer, embedded tileset).
 * RF_OK; RF_ERR_ARG for a tile size out of range; RF_ERR_NOMEM;
 * RF_ERR_IO when out fails. */
RF_API RF_NODISCARD rf_status rf_tmx_room_write_tmx(const rf_tmx_room *r, const rf_tmx_opts *o,
                                                    FILE *out);
/* Writes rooms[0..n) as one rooms.xml file in the canonical layout (rows,
 * flags, objects, the other elements; attributes in a fixed order): two
 * rooms that are the same write the same bytes. RF_OK; RF_ERR_IO. */
RF_API RF_NODISCARD rf_status rf_tmx_write_rooms(const rf_tmx_room *const *rooms, size_t n,
                                                 FILE *out);

RF_END_C
#endif /* RF_TMX_H */
