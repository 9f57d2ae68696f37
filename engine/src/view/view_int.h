/* engine/src/view/view_int.h: what the view stage's writers share: the
 * composed map, the terrain palette and the embedded html page.
 *
 * Pipeline: view. Design: the map is composed once per write (which object
 * shows on a cell, which template room a cell belongs to), so text, ansi and
 * png agree cell for cell; the html page composes the same in its script.
 */
#ifndef RF_VIEW_INT_H
#define RF_VIEW_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/view.h"

typedef struct rf_view_map {
    const rf_level *l;
    int w, h;
    int *tmpl; /* w*h: the id of the template room the cell belongs to (its
                * open cells and the walls and doors around them), 0 none */
    int *obj;  /* w*h: 1 + the index of the object drawn on the cell, 0 none */
} rf_view_map;

/* Composes l's map. RF_OK or RF_ERR_NOMEM (m then holds nothing to free). */
rf_status rf_view_map_init(rf_view_map *m, const rf_level *l);
void rf_view_map_fini(rf_view_map *m);
/* The object drawn at (x, y) inside the map, or NULL. */
const rf_placed *rf_view_map_object(const rf_view_map *m, int x, int y);
/* The template room drawn at (x, y), or NULL. */
const rf_room_rec *rf_view_map_template(const rf_view_map *m, int x, int y);

/* Terrain: its ANSI SGR foreground (NULL: plain) and colour; the legend
 * word is public (rf_view_tile_legend). */
const char *rf_view_tile_sgr(rf_tile t);
unsigned rf_view_tile_rgb(rf_tile t);
/* The glyph text and ansi draw for floor inside a template room (text: no
 * colour sets it apart), the ansi background of template rooms, and the
 * outline colour of template rooms in png. */
#define RF_VIEW_TEMPLATE_FLOOR '\''
#define RF_VIEW_TEMPLATE_BG "48;5;236"
/* The ansi background and png tint of a machine's cells (DESIGN 17). */
#define RF_VIEW_MACHINE_BG "48;5;23"
#define RF_VIEW_MACHINE_RGB 0x123a3au
#define RF_VIEW_OUTLINE_RGB 0xffd75fu

/* The png's legend strip (view_png_legend.c): the entries the map shows,
 * laid out in lines under it. */
#define RF_PNG_LEGEND_MAX 64
typedef struct rf_png_legend_entry {
    unsigned rgb;
    const char *word; /* the legend word of the glyph table or the palette */
    bool outline;     /* drawn as a hollow square (template room outline) */
    int x, line;      /* where it stands */
} rf_png_legend_entry;
typedef struct rf_png_legend {
    rf_png_legend_entry e[RF_PNG_LEGEND_MAX];
    size_t n;
    int t;             /* the font's pixel, in image pixels */
    int width, height; /* of the strip; width >= the map's, height 0 when empty */
} rf_png_legend;
/* The legend of map m drawn at scale. */
void rf_png_legend_make(rf_png_legend *lg, const rf_view_map *m, int scale);
/* Pixel row py (0..height-1) of the strip into row (width pixels, RGB). */
void rf_png_legend_row(const rf_png_legend *lg, int py, unsigned char *row);

/* The pictures' 5x7 font (view_font.c): row r of character c's glyph, five
 * bits, bit 4 the leftmost pixel; 0 for a blank or a character past '~'. */
#define RF_VIEW_FONT_W 5
#define RF_VIEW_FONT_H 7
unsigned rf_view_font_row(char c, int r);

/* Pixel row y of a picture into row (its width x 3 bytes, RGB). */
typedef void (*rf_png_row_fn)(void *ctx, int y, unsigned char *row);
/* Writes a w x h RGB png to out, each row drawn by draw into row (w * 3
 * bytes, the caller's). RF_OK; RF_ERR_IO when libpng fails; RF_ERR_NOMEM.
 * In view_png_write.c. */
rf_status rf_png_write_rgb(FILE *out, int w, int h, rf_png_row_fn draw, void *ctx,
                           unsigned char *row);

/* The writers (rf_view_write checks the arguments before calling them). */
rf_status rf_view_write_text(const rf_level *l, bool colour, FILE *out);
rf_status rf_view_write_html(const rf_level *l, FILE *out);
rf_status rf_view_write_png(const rf_level *l, int scale, bool legend, FILE *out);

/* level.html, embedded at build time (cmake/embed_file.cmake). */
extern const char rf_view_html_page[];
extern const size_t rf_view_html_page_len;

#endif /* RF_VIEW_INT_H */
