/* roomforge/fov.h: line of sight on a level's grid.
 *
 * Pipeline: passes (population keeps hordes out of the up stairs' view) and
 * hosts. A tile sees another when the Bresenham line between them crosses
 * only transparent tiles; the two end tiles are not tested; no range limit.
 */
#ifndef RF_FOV_H
#define RF_FOV_H

#include "roomforge/common.h"
#include "roomforge/grid.h"

RF_BEGIN_C

/* True when t blocks sight. */
bool rf_fov_is_opaque(rf_tile t);
/* True when (x0, y0) sees (x1, y1) on g; false when either is outside g. */
bool rf_fov_los(const rf_grid *g, int x0, int y0, int x1, int y1);
/* Fills seen (w * h bytes, row-major) with 1 on every tile (x, y) sees and
 * 0 elsewhere; RF_ERR_ARG when (x, y) is outside g or seen is NULL. */
RF_NODISCARD rf_status rf_fov_map(const rf_grid *g, int x, int y, unsigned char *seen);

RF_END_C
#endif /* RF_FOV_H */
