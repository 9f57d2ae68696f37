/* roomforge/orient.h: the eight orientations of a template (DESIGN 12) and
 * the one mapping between a template's own coordinates and a turned room's.
 *
 * Pipeline: core; the placer turns templates with it, the world maps every
 * script coordinate with it, sim and games read it. Design: orientation K
 * is K mod 4 quarter turns clockwise, the template first mirrored left to
 * right when K >= 4; a turned room's own coordinates put its (0, 0) at the
 * top-left corner of its (turned) box.
 */
#ifndef RF_ORIENT_H
#define RF_ORIENT_H

#include "roomforge/common.h"

RF_BEGIN_C

#define RF_ORIENT_COUNT 8

/* Where a coordinate is counted from: the template's own frame (what scripts
 * and scenarios speak), the turned room's own box, or the level. */
typedef enum rf_coords {
    RF_COORDS_TEMPLATE = 0,
    RF_COORDS_ROOM,
    RF_COORDS_LEVEL
} rf_coords;

/* The size *w x *h of a tw x th template turned by k (odd k swaps them). */
RF_API void rf_orient_size(int k, int tw, int th, int *w, int *h);
/* Template cell (x, y) of a tw x th template, in the turned room's own
 * coordinates. Any integers map (a point outside the template maps by the
 * same rule), so the mapping is a bijection of the plane. */
RF_API void rf_orient_to_room(int k, int tw, int th, int x, int y, int *rx, int *ry);
/* The inverse: the turned room's cell (rx, ry) in the template's frame. */
RF_API void rf_orient_to_template(int k, int tw, int th, int rx, int ry, int *x, int *y);
/* A direction (dx, dy) of the template's frame, turned with it. */
RF_API void rf_orient_dir(int k, int dx, int dy, int *odx, int *ody);
/* The orientation that turns the turned template back: turning by k then by
 * rf_orient_inverse(k) is orientation 0. */
RF_API int rf_orient_inverse(int k);
/* The orientation of turning by a then by b. */
RF_API int rf_orient_compose(int a, int b);

RF_END_C
#endif /* RF_ORIENT_H */
