/* engine/src/passes/special_int.h: what special.c (choice of types and rooms, the
 * simple features) shares with special_vault.c (vaults and locked vaults).
 *
 * Pipeline: special pass; see roomforge/special.h.
 * Seeds: shared/seeds/doomrl-special-rooms.txt.
 */
#ifndef RF_SPECIAL_INT_H
#define RF_SPECIAL_INT_H

#include "grid/seam.h"
#include "passes/seam.h"

/* The pass's working state: one per rf_special_rooms call. */
typedef struct rf_special_ctx {
    rf_grid *g;
    rf_room_list *rooms;
    const rf_special_opts *o;
    rf_rng *rng;
    rf_placed_list *objs;
    rf_special_result *res;
    bool *used;   /* per room index: already has a feature */
    int *picks;   /* scratch: candidate room indices */
    int *cells;   /* scratch: cell indices (x + y * w), w*h entries */
    int *queue;   /* scratch for flood fills, w*h entries */
    bool *seen;   /* scratch for flood fills, w*h entries */
    bool *taken;  /* w*h: an object stands there (objs as a map, kept in step) */
    /* the lava test's searches (special.c), allocated on first use: */
    unsigned *stamp; /* w*h visit stamps, == round: seen */
    unsigned round;
    int *parent;     /* w*h: a seen cell's search (union-find) */
    int *left;       /* w*h: a search root's cells still queued */
    signed char *cut; /* per room index: rf_special_cut_map's answers this pick */
} rf_special_ctx;

/* A tile of the lava test's level: walkable and no hazard (no route may
 * depend on one, rf_tile_is_hazard), outside locked rooms, and not the floor
 * of room id `drowned` (0: none). */
static inline bool rf_special_lava_open(const rf_special_ctx *ctx, int c, int drowned)
{
    const rf_grid *g = ctx->g;
    int room = g->room[c];
    return rf_tile_is_walkable((rf_tile)g->t[c]) && !rf_tile_is_hazard((rf_tile)g->t[c]) &&
           !(drowned && room == drowned && g->t[c] == RF_TILE_FLOOR) &&
           !(room > 0 && ctx->rooms->items[room - 1].locked);
}
/* The lava test of every room at once, for a level whose open tiles form
 * one region: cut[ri] (nrooms of them) is 1 when room index ri's floor
 * turned to lava would split them, 0 when not, -1 when its floor is not one
 * piece (then ask special.c's search). In special_cut.c. RF_OK or
 * RF_ERR_NOMEM. */
rf_status rf_special_cut_map(const rf_special_ctx *ctx, signed char *cut, size_t nrooms);

/* Collects the empty floor tiles of room index ri (floor tiles whose room
 * layer is the room's id and no object stands on) into ctx->cells, in row
 * order; returns how many. */
size_t rf_special_empty_tiles(rf_special_ctx *ctx, size_t ri);
/* Takes a random cell of ctx->cells[0..*n), removes it (swapping the last in)
 * and stores its position; false when *n is 0. */
bool rf_special_take_cell(rf_special_ctx *ctx, size_t *n, int *x, int *y);
/* True when an object stands on (x, y) (x, y inside the grid). */
#define RF_SPECIAL_TAKEN(ctx, x, y) ((ctx)->taken[(size_t)(y) * (size_t)rf_grid_width((ctx)->g) + (size_t)(x)])
/* Appends an object and marks its tile; RF_ERR_NOMEM when the list cannot grow. */
rf_status rf_special_add(rf_special_ctx *ctx, const rf_placed *p);
/* Adds a feeling (kept when there is room for it). */
void rf_special_feel(rf_special_ctx *ctx, const char *feeling);

/* True when room index ri can hold a vault: its box's inside (walls
 * excluded) is all its own empty floor. */
bool rf_special_vault_fits(const rf_special_ctx *ctx, size_t ri);
/* Builds a vault in room index ri (see special_vault.c). */
rf_status rf_special_vault(rf_special_ctx *ctx, size_t ri);

/* The vault roll max(1d5 + depth + (difficulty - 2) * 3, 1) and what it
 * makes, exposed for the tests. */
int rf_special_vault_roll(const rf_special_opts *o, rf_rng *rng);
const char *rf_special_vault_monster(int roll);

#endif /* RF_SPECIAL_INT_H */
