/* roomforge/dig_rects.h: NetHack's rooms-and-corridors digger.
 *
 * Pipeline: dig; writes walls, floors, doors and corridors into a rock grid and
 * one rf_room_rec per room, ids in low-x order. Same inputs: same bytes.
 * Seeds: shared/seeds/nethack-makerooms.txt.
 */
#ifndef RF_DIG_RECTS_H
#define RF_DIG_RECTS_H

#include "roomforge/common.h"
#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/rng.h"

RF_BEGIN_C

#define RF_RECTS_DEFAULT_W 80 /* NetHack's COLNO x ROWNO */
#define RF_RECTS_DEFAULT_H 21
#define RF_RECTS_MAX_ROOMS 40 /* NetHack's MAXNROFROOMS */

typedef struct rf_rects_params {
    int max_rooms;         /* 1..40; default 40 */
    int tries;             /* failures per room before giving up; default 100 */
    int vault_chance;      /* percent once rooms >= max_rooms / 6 (and >= 1); default 50 */
    int secret_door_one_in; /* a door is secret with chance 1/N; default 8; 0 never */
    int dark_from_depth;   /* depth where darkness becomes possible; default 10 */
    int lit_anyway_one_in; /* a room is lit regardless with chance 1/N; default 77 */
    int extra_joins;       /* extra random joins: this many plus 0..rooms-1; default 4 */
    /* w*h cells the digger leaves as rock (a box reserved for a forced room:
     * 1, the ring of one tile around it: 2), or NULL (the default): no room
     * or corridor takes them, free rectangles are split around them first,
     * and the connectivity repair carves no box. Borrowed for the call. */
    const uint8_t *keep_out;
} rf_rects_params;

/* The defaults above. */
void rf_rects_params_init(rf_rects_params *p);

/* What one run did (for tests and the bench). */
typedef struct rf_rects_stats {
    int rooms;          /* rooms dug, the vault included */
    bool vault_tried;
    bool vault;         /* a vault was dug */
    int failures;       /* placement attempts that failed */
    bool gave_up;       /* room making ended after `tries` failures in a row */
    size_t repairs;     /* regions joined by the connectivity repair */
} rf_rects_stats;

/* Digs g, which must be all rock and at least 20 x 10. Lighting per room:
 * lit = roll(1 .. 1 + depth) < dark_from_depth + 1, or 1 in lit_anyway_one_in;
 * so every room is lit above dark_from_depth and the dark chance grows with
 * depth after it. The vault (2x2 floor, walls, no door) is lit, RF_ROOM_VAULT
 * and locked. stats may be NULL. RF_ERR_ARG for a bad grid or params,
 * RF_ERR_NOMEM (rooms then holds what was added). */
RF_NODISCARD rf_status rf_dig_rects(rf_grid *g, rf_room_list *rooms, rf_rng *rng,
                                           const rf_rects_params *p, int depth,
                                           rf_rects_stats *stats);

RF_END_C
#endif /* RF_DIG_RECTS_H */
