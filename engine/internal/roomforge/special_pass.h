/* roomforge/special_pass.h: the engine's DoomRL special-room pass over a
 * dug level's rooms (its kinds and results are public: roomforge/special.h).
 *
 * Pipeline: passes, after stairs, before populate; rewrites the terrain of the
 * rooms it picks, appends its objects, returns the level's feelings; one rng
 * stream, never over the stairs. Called from the recipe's special step.
 * Design: the pass draws from an rf_rng, which is the engine's own, so it is
 * not installed; a game reads what it did through rf_level_special.
 * Seeds: shared/seeds/doomrl-special-rooms.txt.
 */
#ifndef RF_SPECIAL_PASS_H
#define RF_SPECIAL_PASS_H

#include "roomforge/common.h"
#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/placed.h"
#include "roomforge/rng.h"
#include "roomforge/special.h"

RF_BEGIN_C

typedef struct rf_special_opts {
    int depth;            /* DoomRL's dlevel, 1-based */
    rf_difficulty difficulty;
    bool single_monster;  /* the single-monster level table: no vaults */
} rf_special_opts;

/* Runs the pass on g and its rooms. Rooms of kind rect, cross, cave or crawled
 * can be chosen (never corridors, vaults, templates or locked rooms); a room
 * takes one feature at most. A vault's inner chamber is appended to rooms as a
 * new RF_ROOM_VAULT record (locked when it is a locked vault). Objects go to
 * objs with the id of the room they are in. RF_ERR_ARG on a bad depth or
 * difficulty, RF_ERR_NOMEM when memory runs out (g, rooms and objs may then
 * hold part of the pass). */
RF_NODISCARD rf_status rf_special_rooms(rf_grid *g, rf_room_list *rooms,
                                               const rf_special_opts *o, rf_rng *rng,
                                               rf_placed_list *objs, rf_special_result *out);

RF_END_C

#endif /* RF_SPECIAL_PASS_H */
