/* engine/src/seam/passes/seam.h: the passes stage's one shared header: what
 * the later stages, the tests and the benchmarks use of it beyond the public
 * API: the stairs, population and special-room passes.
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_PASSES_H
#define RF_SEAM_PASSES_H

#include "roomforge/common.h"
#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/horde.h"
#include "roomforge/machines.h"
#include "roomforge/placed.h"
#include "roomforge/special.h"

#include "core/seam.h"

/* The stairs pass as the level stage calls it.
 *
 * Pipeline: passes, after digging and placing, for every recipe. Reads the
 * grid, its room records and objects; writes the two stair tiles.
 */
/* Places up and down stairs far apart on floor of g (depth 1: the up stairs
 * in the first room when it is not locked), off objs and locked rooms; their
 * cells in up and down (index y * w + x). near >= 0 (a cell of g): the up
 * stairs go on the candidate nearest it, drawing nothing (a run's aligned
 * stairs); -1: drawn. RF_ERR_CONTENT when g has fewer than two floor tiles,
 * RF_ERR_NOMEM. */
rf_status rf_stairs_place(rf_grid *g, const rf_room_list *rooms, const rf_placed_list *objs,
                          int depth, int near, rf_rng *layout, int *up, int *down);

/* Population: a level's sleeping hordes and its traps.
 *
 * Pipeline: passes, after stairs and special; reads the grid, room records
 * and placed objects, appends "trap" and "monster" objects, changes no tile,
 * draws from the "populate" stream only. Rules: docs/reference.md, Population.
 * Seeds: shared/seeds/brogue-level-generation.txt.
 */
RF_BEGIN_C

#define RF_POPULATE_HORDES 6        /* the seed's hordes a level, down to depth 26 */
#define RF_POPULATE_HORDES_MAX 20   /* the most a level gets below depth 26 */
#define RF_POPULATE_AMULET_DEPTH 26 /* no hordes from deeper until below it */
#define RF_POPULATE_OOD_PERCENT 10  /* hordes picked out of depth, from depth 2 */
#define RF_POPULATE_OOD_MAX 5       /* K = min(depth / 2, 5) */
#define RF_POPULATE_MEMBER_REACH 6  /* members stand this many steps from the leader at most */

typedef struct rf_populate_opts {
    int depth;        /* 1-based */
    int hordes;       /* hordes to place; -1: rf_populate_horde_count's */
    int traps;        /* traps to place, >= 0 */
    int up_x, up_y;   /* the up stairs: reachability and line of sight */
    const int *choke; /* w * h chokepoint values (traps avoid > 0); NULL: none */
} rf_populate_opts;

typedef struct rf_populate_result {
    size_t hordes;       /* hordes placed */
    size_t monsters;     /* leaders and members placed */
    size_t out_of_depth; /* placed hordes picked deeper than the depth */
    size_t traps;        /* traps placed */
    size_t captives;     /* captive hordes placed (their leaders shackled) */
} rf_populate_result;

/* depth 1, hordes -1, traps 0, up (0, 0), no choke map. */
void rf_populate_opts_init(rf_populate_opts *o);
/* The hordes a w x h level at depth starts with (the rule above). */
int rf_populate_horde_count(int depth, int w, int h);
/* The depth a horde spawned at depth is picked as: depth, or out of depth
 * by the rule above (draws from rng only from depth 2). */
int rf_populate_horde_depth(int depth, rf_rng *rng);
/* A random horde for a spawn at depth: rf_populate_horde_depth's depth,
 * then a weighted pick by frequency among the hordes that are not
 * machine-only and cover it; when none covers an out-of-depth pick, the
 * pick is made at depth itself. *picked gets the depth used. NULL when no
 * horde covers depth. */
const rf_horde *rf_populate_pick_horde(const rf_horde_table *t, int depth, rf_rng *rng,
                                              int *picked);

/* Populates g (read only) with t's hordes and trap kinds, appending to
 * objs: first the traps, then each horde's leader and its members (type
 * "monster", name, quality = the depth the horde was picked at, horde =
 * its number from 1, leader, asleep). Members take the free tiles nearest
 * their leader (at most RF_POPULATE_MEMBER_REACH steps); a horde or member
 * with no tile left is dropped. rooms gives each room's locked and
 * keep_out (the grid's room layer names the record). res (may be NULL) gets
 * the counts. RF_ERR_ARG for bad arguments (up stairs outside g, depth < 1,
 * traps < 0, hordes < -1), RF_ERR_NOMEM (objs then unchanged). */
RF_NODISCARD rf_status rf_populate(const rf_grid *g, const rf_room_list *rooms,
                                          const rf_horde_table *t, const rf_populate_opts *o,
                                          rf_rng *rng, rf_placed_list *objs,
                                          rf_populate_result *res);

RF_END_C

/* The engine's DoomRL special-room pass over a
 * dug level's rooms (its kinds and results are public: roomforge/special.h).
 *
 * Pipeline: passes, after stairs, before populate; rewrites the terrain of the
 * rooms it picks, appends its objects, returns the level's feelings; one rng
 * stream, never over the stairs. Called from the recipe's special step.
 * Design: the pass draws from an rf_rng, which is the engine's own, so it is
 * not installed; a game reads what it did through rf_level_special.
 * Seeds: shared/seeds/doomrl-special-rooms.txt.
 */
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

/* The machine pass (DESIGN 17): Brogue's treasure machines and
 * autogenerators, placed from a catalogue's blueprints.
 *
 * Pipeline: passes, after stairs, before special rooms and populate; called
 * from the recipe's machines step. Rewrites terrain only through the
 * seed's connectivity rule, appends its objects, records each machine.
 * Seeds: shared/seeds/brogue-level-generation.txt lines 70-100;
 * the decisions past the seed: docs/reference.md "Machines".
 */
RF_BEGIN_C

/* A growable list of machines; the list owns each one's strings and arrays. */
typedef struct rf_machine_list {
    rf_level_machine *items;
    size_t n, cap;
} rf_machine_list;

void rf_machine_list_fini(rf_machine_list *l);

typedef struct rf_machines_opts {
    const rf_machines *catalogue;
    uint64_t run_seed;   /* the run's: the treasure schedule */
    int depth;           /* 1-based */
    int up_x, up_y, down_x, down_y;
    const uint8_t *loop; /* w*h: 1 on a tile on a loop (rf_chokepoints) */
} rf_machines_opts;

/* Bounds on one level's machine work, whatever the catalogue says. */
#define RF_MACHINES_MAX_PLACED 64        /* machines a level */
#define RF_MACHINES_MAX_INSTANCES 2048   /* feature instances a level */
#define RF_MACHINES_MAX_CUT_CHECKS 1024  /* connectivity walks a level */
#define RF_MACHINES_MAX_RUNS 256         /* autogenerator runs a level, placing or not */
#define RF_MACHINES_WORK_MAPS 64         /* cells the pass may visit: this many maps */
#define RF_MACHINES_MAX_SIGHTS 65536     /* lines of sight a level (each one map side
                                          * long at most) */

/* Places the treasure machines due at o->depth (rf_machines_treasure_count)
 * and then each autogenerator of the depth, on g and its rooms, appending
 * objects to objs (type "machine", or "monster" for a feature that guards,
 * name the feature's object, machine and feature set) and machines to out.
 * A machine no room suits is not built. RF_ERR_ARG for bad arguments,
 * RF_ERR_NOMEM (g, objs and out may then hold part of the pass). */
RF_NODISCARD rf_status rf_machines_place(rf_grid *g, const rf_room_list *rooms,
                                         const rf_machines_opts *o, rf_rng *rng,
                                         rf_placed_list *objs, rf_machine_list *out);

RF_END_C

#endif /* RF_SEAM_PASSES_H */
