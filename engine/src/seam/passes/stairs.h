/* engine/src/seam/passes/stairs.h: the stairs pass as the level stage calls it.
 *
 * Pipeline: passes, after digging and placing, for every recipe. Reads the
 * grid, its room records and objects; writes the two stair tiles.
 */
#ifndef RF_SEAM_PASSES_STAIRS_H
#define RF_SEAM_PASSES_STAIRS_H

#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/placed.h"
#include "roomforge/rng.h"

/* Places up and down stairs far apart on floor of g (depth 1: the up stairs
 * in the first room when it is not locked), off objs and locked rooms; their
 * cells in up and down (index y * w + x). near >= 0 (a cell of g): the up
 * stairs go on the candidate nearest it, drawing nothing (a run's aligned
 * stairs); -1: drawn. RF_ERR_CONTENT when g has fewer than two floor tiles,
 * RF_ERR_NOMEM. */
rf_status rf_stairs_place(rf_grid *g, const rf_room_list *rooms, const rf_placed_list *objs,
                          int depth, int near, rf_rng *layout, int *up, int *down);

#endif /* RF_SEAM_PASSES_STAIRS_H */
