/* engine/src/dig/dig_connect_int.h: the connectivity repair shared by the
 * NetHack and DungeonMaker diggers.
 *
 * Pipeline: dig; called once a digger's terrain is down, so every walkable
 * tile outside locked rooms is reachable (DESIGN 6) wherever the stairs go.
 */
#ifndef RF_DIG_CONNECT_INT_H
#define RF_DIG_CONNECT_INT_H

#include "grid/seam.h"
#include "roomforge/dig.h"

/* Joins the 4-connected walkable regions of g into one by passages carved
 * through non-walkable tiles inside the border (rock becomes floor, anything
 * else a door), each where the BFS growths of two regions first meet. Tiles
 * in the boxes of locked rooms, and where keep (w*h, may be NULL) is 1 (a box
 * reserved for a forced room), are neither joined nor carved. *joined (may be
 * NULL) receives the number of joins (regions - 1 when all could be joined).
 * RF_ERR_NOMEM or RF_OK. */
rf_status rf_dig_connect(rf_grid *g, const rf_room_list *rooms, const uint8_t *keep,
                         size_t *joined);

/* The number of 4-connected walkable regions outside locked rooms, or
 * (size_t)-1 when memory runs out. For tests and the diggers' own checks. */
size_t rf_dig_regions(const rf_grid *g, const rf_room_list *rooms);

#endif /* RF_DIG_CONNECT_INT_H */
