/* engine/src/seam/grid/seam.h: the grid stage's one shared header: what the
 * later stages, the tests and the benchmarks use of it beyond the public
 * API: the grid's layout for hot loops, and line of sight.
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_GRID_H
#define RF_SEAM_GRID_H

#include <stdint.h>

#include "roomforge/common.h"
#include "roomforge/grid.h"

/* The grid's layout, for engine hot loops only.
 *
 * Pipeline: dig and passes read and write tiles millions of times per level;
 * they index t[] directly after checking bounds once per loop. Public callers
 * use grid.h. Tiles are bytes (rf_tile values), rooms are ints.
 */
struct rf_grid {
    int w, h;
    uint8_t *t;  /* w * h tiles, row-major */
    int *room;   /* w * h room numbers, 0 = none */
};

#define RF_GRID_AT(g, x, y) ((g)->t[(size_t)(y) * (size_t)(g)->w + (size_t)(x)])
#define RF_GRID_ROOM_AT(g, x, y) ((g)->room[(size_t)(y) * (size_t)(g)->w + (size_t)(x)])

/* Line of sight on a level's grid.
 *
 * Pipeline: passes (population keeps hordes out of the up stairs' view) and
 * hosts. A tile sees another when the Bresenham line between them crosses
 * only transparent tiles; the two end tiles are not tested; no range limit.
 */
RF_BEGIN_C

/* True when t blocks sight. */
bool rf_fov_is_opaque(rf_tile t);
/* True when (x0, y0) sees (x1, y1) on g; false when either is outside g. */
bool rf_fov_los(const rf_grid *g, int x0, int y0, int x1, int y1);
/* Fills seen (w * h bytes, row-major) with 1 on every tile (x, y) sees and
 * 0 elsewhere: seen[ty * w + tx] == rf_fov_los(g, x, y, tx, ty) for every
 * tile, at the cost of the tiles lit (plus clearing seen), not one walk a
 * tile. RF_ERR_ARG when (x, y) is outside g or seen is NULL, RF_ERR_NOMEM
 * when its scratch (a few spans a tile of the longer side) cannot be had;
 * seen is written only on RF_OK. */
RF_NODISCARD rf_status rf_fov_map(const rf_grid *g, int x, int y, unsigned char *seen);

/* Stranded hazards.
 *
 * Pipeline: the Brogue dig (after bridges) and the recipe (on the finished
 * level, after every step). Every hazard tile (rf_tile_is_hazard) that no 4-neighbour walk
 * over walkable tiles from a route tile (walkable, no hazard) reaches sinks:
 * a chasm's edge into chasm, brimstone into impassable. *sunk (may be
 * NULL) counts them; RF_ERR_NOMEM leaves g unchanged.
 */
RF_NODISCARD rf_status rf_grid_sink_stranded(rf_grid *g, size_t *sunk);

/* Rows as words, and diagonal openings (grid_rows.c).
 *
 * Pipeline: the Brogue dig's passes and the placer's diagonal rule. Bit x
 * of word x / 64 is column x; bits past the row are 0. Solid is rock or
 * wall: what blocks a diagonal step (liquids, chasm and impassable floor
 * do not).
 */
#define RF_GRID_ROW_WORDS(w) (((w) + 63) / 64)
#define RF_GRID_MAX_ROW_WORDS RF_GRID_ROW_WORDS(RF_GRID_MAX_SIDE)

static inline bool rf_grid_is_solid(uint8_t t) { return t == RF_TILE_ROCK || t == RF_TILE_WALL; }
/* Row y's solid tiles into out (RF_GRID_ROW_WORDS(w) words). */
void rf_grid_solid_row(const rf_grid *g, int y, uint64_t *out);
/* The 2x2 blocks (x, y)-(x + 1, y + 1), x from `from` to w - 2, of the
 * solid rows s0 (y) and s1 (y + 1) with one pair of opposite corners solid
 * and the other not: bit x of out. */
void rf_grid_diagonal_blocks(const uint64_t *s0, const uint64_t *s1, int w, int from,
                             uint64_t *out);

RF_END_C

#endif /* RF_SEAM_GRID_H */
