/* engine/src/view/view_tileset.c: the tileset image of roomforge's Tiled
 * maps: one square tile per glyph of rf_tmx_glyph_at, the glyph drawn in a
 * 5x7 font (view_font.c) over the colour of the terrain its symbol becomes.
 *
 * Pipeline: view; `roomforge export --format tmx -o FILE` writes it beside
 * the map (roomforge-glyphs-N.png). Design: the font has every printable
 * ASCII character, so the placeholders of <vary> show as
 * themselves too; a glyph scales by whole pixels (side / 8) and is centred.
 * Tiles past the last glyph on the last row are black. Same side, same bytes.
 */
#include <png.h>
#include <string.h>

#include "core/seam.h"
#include "load/seam.h"
#include "roomforge/tmx.h"
#include "view_int.h"

#define PLACEHOLDER_RGB 0x3a3a5cu /* glyphs that are no map symbol */


/* The background of glyph c: its symbol's terrain colour. */
static unsigned back_rgb(char c)
{
    const rf_symbol *s = rf_symbol_find(c);
    return s ? rf_view_tile_rgb(s->tile) : PLACEHOLDER_RGB;
}

/* Black or white, whichever reads on rgb. */
static unsigned ink_rgb(unsigned rgb)
{
    unsigned luma = ((rgb >> 16) * 3 + ((rgb >> 8) & 0xffu) * 6 + (rgb & 0xffu)) / 10;
    return luma > 140 ? 0x000000u : 0xffffffu;
}

/* Pixel row py (0..side-1) of tile i into px (side * 3 bytes). */
static void tile_row(size_t i, int side, int py, png_byte *px)
{
    char c = rf_tmx_glyph_at(i);
    unsigned back = c ? back_rgb(c) : 0u, ink = ink_rgb(back), rgb;
    int s = side / 8 > 0 ? side / 8 : 1, x0 = (side - RF_VIEW_FONT_W * s) / 2;
    int y0 = (side - RF_VIEW_FONT_H * s) / 2, gy = py - y0, x;
    for (x = 0; x < side; x++) {
        int gx = x - x0;
        bool on = c > ' ' && c <= '~' && gy >= 0 && gy < RF_VIEW_FONT_H * s && gx >= 0 &&
                  gx < RF_VIEW_FONT_W * s && (rf_view_font_row(c, gy / s) >> (RF_VIEW_FONT_W - 1 - gx / s)) & 1u;
        rgb = on ? ink : back;
        px[x * 3] = (png_byte)(rgb >> 16);
        px[x * 3 + 1] = (png_byte)(rgb >> 8);
        px[x * 3 + 2] = (png_byte)rgb;
    }
}

/* Pixel row y of the sheet: a pixel row of each tile of its row of tiles. */
static void sheet_row(void *ctx, int y, unsigned char *row)
{
    int side = *(const int *)ctx, tx;
    for (tx = 0; tx < RF_TMX_COLUMNS; tx++)
        tile_row((size_t)((y / side) * RF_TMX_COLUMNS + tx), side, y % side,
                 row + (size_t)tx * (size_t)side * 3);
}

rf_status rf_view_write_tileset(int side, FILE *out)
{
    int rows = (int)((rf_tmx_glyph_count() + RF_TMX_COLUMNS - 1) / RF_TMX_COLUMNS);
    png_byte *row;
    rf_status st;
    if (!out || side < RF_TMX_TILE_MIN || side > RF_TMX_TILE_MAX)
        return RF_ERR_ARG;
    if (!(row = rf_alloc((size_t)RF_TMX_COLUMNS * (size_t)side * 3)))
        return RF_ERR_NOMEM;
    st = rf_png_write_rgb(out, RF_TMX_COLUMNS * side, rows * side, sheet_row, &side, row);
    rf_free(row);
    return st == RF_OK && (fflush(out) != 0 || ferror(out)) ? RF_ERR_IO : st;
}
