/* engine/src/grid/fov.c: line of sight and the field of view of one tile.
 *
 * Pipeline: grid, read by population (hordes out of the up stairs' view).
 * Design: an integer Bresenham walk that stops at the first opaque tile;
 * shadowcasting was rejected (not the same relation as the pair test).
 * Seeds: shared/seeds/brogue-level-generation.txt (hordes out of view).
 */
#include <stdlib.h>

#include "grid/seam.h"

/* What stops sight, by tile: one table, read by rf_fov_is_opaque and by the
 * line walk at every step. */
static const bool opaque[RF_TILE_COUNT] = {
    [RF_TILE_ROCK] = true,        [RF_TILE_WALL] = true,      [RF_TILE_DOOR] = true,
    [RF_TILE_SECRET_DOOR] = true, [RF_TILE_BREAKABLE] = true,
};

bool rf_fov_is_opaque(rf_tile t) { return (unsigned)t < RF_TILE_COUNT && opaque[t]; }

bool rf_fov_los(const rf_grid *g, int x0, int y0, int x1, int y1)
{
    int dx, dy, sx, sy, err, x = x0, y = y0, n;
    if (!g || x0 < 0 || y0 < 0 || x1 < 0 || y1 < 0 || x0 >= g->w || x1 >= g->w ||
        y0 >= g->h || y1 >= g->h)
        return false;
    dx = abs(x1 - x0);
    dy = -abs(y1 - y0);
    sx = x0 < x1 ? 1 : -1;
    sy = y0 < y1 ? 1 : -1;
    err = dx + dy;
    /* the walk moves along the longer axis at every step, so it reaches
     * (x1, y1) after exactly max(dx, -dy) steps; the tiles between are in
     * bounds, as both ends are, and only they may stop sight */
    for (n = (dx > -dy ? dx : -dy) - 1; n > 0; n--) {
        int e2 = 2 * err;
        uint8_t t;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
        t = RF_GRID_AT(g, x, y);
        if (t < RF_TILE_COUNT && opaque[t])
            return false;
    }
    return true;
}

rf_status rf_fov_map(const rf_grid *g, int x, int y, unsigned char *seen)
{
    int tx, ty;
    if (!g || !seen || !rf_grid_in_bounds(g, x, y))
        return RF_ERR_ARG;
    for (ty = 0; ty < g->h; ty++)
        for (tx = 0; tx < g->w; tx++)
            seen[(size_t)ty * (size_t)g->w + (size_t)tx] =
                (tx == x && ty == y) || rf_fov_los(g, x, y, tx, ty);
    return RF_OK;
}
