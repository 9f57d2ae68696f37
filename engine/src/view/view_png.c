/* engine/src/view/view_png.c: the png view (DESIGN 10): one cell a square of
 * scale pixels in its terrain colour, objects as marks, template rooms
 * outlined.
 *
 * Pipeline: view; reads the composed map (view_map.c), writes through
 * libpng; under the map a legend strip (view_png_legend.c) unless the
 * options turn it off. Design: rows are drawn and written one pixel row at
 * a time (view_png_write.c), so memory is one row whatever the level's size.
 */
#include <png.h>
#include <string.h>

#include "core/seam.h"
#include "view_int.h"

static void put_rgb(png_byte *px, unsigned rgb)
{
    px[0] = (png_byte)(rgb >> 16);
    px[1] = (png_byte)(rgb >> 8);
    px[2] = (png_byte)rgb;
}

/* True when the edge of template cell (x, y) towards (x+dx, y+dy) is the
 * room's outline: the neighbour belongs to another room or none. */
static bool outline_edge(const rf_view_map *m, int x, int y, int dx, int dy)
{
    const rf_room_rec *r = rf_view_map_template(m, x, y), *n;
    if (!r)
        return false;
    if (x + dx < 0 || y + dy < 0 || x + dx >= m->w || y + dy >= m->h)
        return true;
    n = rf_view_map_template(m, x + dx, y + dy);
    return n != r;
}

/* Pixel row py (0..scale-1) of cell row y into row: terrain, the object's
 * mark (a square inset by scale/4), then the outline (scale/8 wide, at
 * least 1; only from scale 3, below which it would hide the cell). */
static void draw_row(const rf_view_map *m, int y, int py, int scale, png_byte *row)
{
    const rf_grid *g = rf_level_grid(m->l);
    int inset = scale / 4, line = scale / 8 > 0 ? scale / 8 : 1, x, px;
    for (x = 0; x < m->w; x++) {
        const rf_placed *p = rf_view_map_object(m, x, y);
        rf_tile t = rf_grid_get(g, x, y);
        unsigned base = t == RF_TILE_FLOOR && rf_level_machine_of(m->l, x, y)
                            ? RF_VIEW_MACHINE_RGB
                            : rf_view_tile_rgb(t);
        unsigned mark = p ? rf_view_glyph_of(p)->rgb : base;
        bool in_y = py >= inset && py < scale - inset;
        bool top = scale >= 3 && py < line && outline_edge(m, x, y, 0, -1);
        bool bottom = scale >= 3 && py >= scale - line && outline_edge(m, x, y, 0, 1);
        bool left = scale >= 3 && outline_edge(m, x, y, -1, 0);
        bool right = scale >= 3 && outline_edge(m, x, y, 1, 0);
        for (px = 0; px < scale; px++) {
            unsigned c = in_y && px >= inset && px < scale - inset ? mark : base;
            if (top || bottom || (left && px < line) || (right && px >= scale - line))
                c = RF_VIEW_OUTLINE_RGB;
            put_rgb(row + ((size_t)x * (size_t)scale + (size_t)px) * 3, c);
        }
    }
}

/* What a row of the picture is drawn from: the map's rows, then the
 * legend's (lg NULL: none; the map's rows padded to the legend's width). */
typedef struct png_rows {
    const rf_view_map *m;
    int scale;
    const rf_png_legend *lg;
} png_rows;

static void draw_any(void *ctx, int y, unsigned char *row)
{
    const png_rows *r = ctx;
    if (y < r->m->h * r->scale)
        draw_row(r->m, y / r->scale, y % r->scale, r->scale, row);
    else
        rf_png_legend_row(r->lg, y - r->m->h * r->scale, row);
}

rf_status rf_view_write_png(const rf_level *l, int scale, bool legend, FILE *out)
{
    const rf_grid *g = rf_level_grid(l);
    rf_png_legend *lg = NULL;
    rf_view_map m;
    png_byte *row = NULL;
    rf_status st;
    int width;
    if (rf_grid_width(g) > RF_VIEW_PNG_MAX_SIDE / scale ||
        rf_grid_height(g) > RF_VIEW_PNG_MAX_SIDE / scale)
        return RF_ERR_LIMIT;
    st = rf_view_map_init(&m, l);
    if (st != RF_OK)
        return st;
    width = m.w * scale;
    if (legend) {
        if (!(lg = rf_alloc(sizeof *lg))) {
            rf_view_map_fini(&m);
            return RF_ERR_NOMEM;
        }
        rf_png_legend_make(lg, &m, scale);
        width = lg->width;
        if (lg->width > RF_VIEW_PNG_MAX_SIDE || m.h * scale + lg->height > RF_VIEW_PNG_MAX_SIDE)
            st = RF_ERR_LIMIT;
    }
    if (st == RF_OK && !(row = rf_calloc((size_t)width, 3)))
        st = RF_ERR_NOMEM;
    if (st == RF_OK) {
        png_rows r = {&m, scale, lg};
        st = rf_png_write_rgb(out, width, m.h * scale + (lg ? lg->height : 0), draw_any, &r, row);
    }
    rf_view_map_fini(&m);
    rf_free(lg);
    rf_free(row);
    return st;
}
