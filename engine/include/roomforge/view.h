/* roomforge/view.h: a level drawn for people and tools (DESIGN 10).
 *
 * Pipeline: view, over a generated level (level.h). One entry point writes
 * every format of `gen --format`; one table gives each object kind its
 * glyph, colour and legend word, read by every format.
 */
#ifndef RF_VIEW_H
#define RF_VIEW_H

#include <stdio.h>

#include "roomforge/common.h"
#include "roomforge/level.h"
#include "roomforge/placed.h"

RF_BEGIN_C

typedef enum rf_view_format {
    RF_VIEW_ASCII = 0, /* terrain glyphs only (rf_level_write_ascii) */
    RF_VIEW_TEXT,      /* terrain and objects, template rooms set apart, legend,
                        * templates placed (forced first), feelings */
    RF_VIEW_ANSI,      /* text with colours; template rooms on a tinted background */
    RF_VIEW_JSON,      /* DESIGN 5's gen JSON (rf_level_write_json) */
    RF_VIEW_HTML,      /* one self-contained page, the JSON embedded */
    RF_VIEW_PNG,       /* an image, one cell a square of scale pixels */
    RF_VIEW_FORMAT_COUNT
} rf_view_format;

#define RF_VIEW_SCALE_MIN 1
#define RF_VIEW_SCALE_MAX 32
#define RF_VIEW_SCALE_DEFAULT 8
#define RF_VIEW_PNG_MAX_SIDE 16384 /* pixels a png side may have */

typedef struct rf_view_opts {
    int scale;   /* png: pixels per cell side, RF_VIEW_SCALE_MIN..MAX */
    bool legend; /* png: a legend strip under the map (a swatch and a word
                  * for each terrain, object mark and outline it shows) */
} rf_view_opts;

/* Defaults: scale RF_VIEW_SCALE_DEFAULT, legend on. */
RF_API void rf_view_opts_init(rf_view_opts *o);
/* "ascii", "text", "ansi", "json", "html", "png" -> *out; false otherwise. */
RF_API bool rf_view_format_parse(const char *name, rf_view_format *out);
/* The name rf_view_format_parse reads; "?" outside the enum. */
RF_API const char *rf_view_format_name(rf_view_format f);
/* True for the formats that write bytes no terminal should show (png). */
RF_API bool rf_view_format_is_binary(rf_view_format f);

/* Writes l to out in format f. o may be NULL (defaults). RF_ERR_ARG for a
 * format outside the enum or a scale outside its bounds; RF_ERR_LIMIT when
 * a png side would pass RF_VIEW_PNG_MAX_SIDE pixels; RF_ERR_NOMEM; RF_ERR_IO
 * when out fails. */
RF_API RF_NODISCARD rf_status rf_view_write(const rf_level *l, rf_view_format f,
                                            const rf_view_opts *o, FILE *out);

/* One row of the object glyph table. */
typedef struct rf_view_glyph {
    const char *type;   /* the rf_placed type it draws ("monster", "trap", ...);
                         * NULL for the last row, every other type */
    bool leader;        /* this row draws horde leaders of its type */
    char glyph;         /* never a terrain glyph of DESIGN 6 */
    const char *legend; /* the word the legends print ("monster") */
    const char *sgr;    /* ANSI SGR foreground ("31;1") */
    unsigned rgb;       /* 0xRRGGBB for html and png */
    bool key;           /* this row draws keys (rf_placed.key) of its type */
} rf_view_glyph;

/* The legend word of a terrain tile ("wall", "deep water"; "?" outside
 * the enum), as every view's legend prints it. */
RF_API const char *rf_view_tile_legend(rf_tile t);

/* The table, in drawing priority (the first row drawn over later ones). */
RF_API size_t rf_view_glyph_count(void);
RF_API const rf_view_glyph *rf_view_glyph_at(size_t i);
/* The row that draws p (the last row for a type the table does not name). */
RF_API const rf_view_glyph *rf_view_glyph_of(const rf_placed *p);

/* The tileset image of roomforge's Tiled maps (roomforge/tmx.h): tile i
 * draws glyph rf_tmx_glyph_at(i) in a side x side square over the colour of
 * the terrain its symbol becomes, RF_TMX_COLUMNS tiles a row. RF_ERR_ARG
 * for a side outside RF_TMX_TILE_MIN..MAX; RF_ERR_NOMEM; RF_ERR_IO. */
RF_API RF_NODISCARD rf_status rf_view_write_tileset(int side, FILE *out);

RF_END_C
#endif /* RF_VIEW_H */
