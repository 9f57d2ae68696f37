/* engine/src/seam/grid/grid.h: the grid's layout, for engine hot loops only.
 *
 * Pipeline: dig and passes read and write tiles millions of times per level;
 * they index t[] directly after checking bounds once per loop. Public callers
 * use grid.h. Tiles are bytes (rf_tile values), rooms are ints.
 */
#ifndef RF_SEAM_GRID_GRID_H
#define RF_SEAM_GRID_GRID_H

#include <stdint.h>

#include "roomforge/grid.h"

struct rf_grid {
    int w, h;
    uint8_t *t;  /* w * h tiles, row-major */
    int *room;   /* w * h room numbers, 0 = none */
};

#define RF_GRID_AT(g, x, y) ((g)->t[(size_t)(y) * (size_t)(g)->w + (size_t)(x)])
#define RF_GRID_ROOM_AT(g, x, y) ((g)->room[(size_t)(y) * (size_t)(g)->w + (size_t)(x)])

#endif /* RF_SEAM_GRID_GRID_H */
