/* engine/src/grid/fov.c: line of sight and the field of view of one tile.
 *
 * Pipeline: grid, read by population (hordes out of the up stairs' view).
 * Design: an integer Bresenham walk that stops at the first opaque tile;
 * shadowcasting was rejected (not the same relation as the pair test).
 * Seeds: shared/seeds/brogue-level-generation.txt (hordes out of view).
 */
#include <stdlib.h>

#include "grid/seam.h"

bool rf_fov_is_opaque(rf_tile t)
{
    switch (t) {
    case RF_TILE_ROCK:
    case RF_TILE_WALL:
    case RF_TILE_DOOR:
    case RF_TILE_SECRET_DOOR:
    case RF_TILE_BREAKABLE:
        return true;
    default:
        return false;
    }
}

bool rf_fov_los(const rf_grid *g, int x0, int y0, int x1, int y1)
{
    int dx, dy, sx, sy, err, x = x0, y = y0;
    if (!g || !rf_grid_in_bounds(g, x0, y0) || !rf_grid_in_bounds(g, x1, y1))
        return false;
    if (x0 == x1 && y0 == y1)
        return true;
    dx = abs(x1 - x0);
    dy = -abs(y1 - y0);
    sx = x0 < x1 ? 1 : -1;
    sy = y0 < y1 ? 1 : -1;
    err = dx + dy;
    for (;;) {
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
        /* the walk moved one step (both ends are in bounds, so is every
         * tile between them) */
        if (x == x1 && y == y1)
            return true;
        if (rf_fov_is_opaque((rf_tile)RF_GRID_AT(g, x, y)))
            return false;
    }
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
