/* tests/unit/grid_rows.h: a grid drawn as rows of DESIGN 6 glyphs, for the
 * suites that test passes on hand-made levels (test_fov, test_populate).
 */
#ifndef RF_GRID_ROWS_H
#define RF_GRID_ROWS_H

#include <check.h>
#include <string.h>

#include "roomforge/grid.h"

/* A grid from row strings (DESIGN 6 glyphs); digits 1-9 are floor of that
 * room number. */
static inline rf_grid *grid_of(const char *const *rows, int h)
{
    int w = (int)strlen(rows[0]), x, y;
    rf_grid *g = rf_grid_new(w, h);
    ck_assert_ptr_nonnull(g);
    for (y = 0; y < h; y++) {
        ck_assert_int_eq((int)strlen(rows[y]), w);
        for (x = 0; x < w; x++) {
            char c = rows[y][x];
            rf_tile t;
            if (c >= '1' && c <= '9') {
                ck_assert(rf_grid_set(g, x, y, RF_TILE_FLOOR));
                ck_assert(rf_grid_set_room(g, x, y, c - '0'));
                continue;
            }
            ck_assert_msg(rf_tile_from_glyph(c, &t), "glyph %c", c);
            ck_assert(rf_grid_set(g, x, y, t));
        }
    }
    return g;
}

#endif /* RF_GRID_ROWS_H */
