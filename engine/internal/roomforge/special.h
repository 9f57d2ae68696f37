/* roomforge/special.h: DoomRL's special rooms for a dug level's rooms.
 *
 * Pipeline: passes, after stairs, before populate; rewrites the terrain of the
 * rooms it picks, appends its objects, returns the level's feelings; one rng
 * stream, never over the stairs. Rules: docs/reference.md.
 * Seeds: shared/seeds/doomrl-special-rooms.txt.
 */
#ifndef RF_SPECIAL_H
#define RF_SPECIAL_H

#include "roomforge/common.h"
#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/placed.h"
#include "roomforge/rng.h"

RF_BEGIN_C

typedef enum rf_special_kind {
    RF_SPECIAL_WAREHOUSE = 0,
    RF_SPECIAL_FLUID,
    RF_SPECIAL_AMMO,
    RF_SPECIAL_TELEPORTER,
    RF_SPECIAL_LEVER,
    RF_SPECIAL_VAULT,
    RF_SPECIAL_KIND_COUNT
} rf_special_kind;

/* DoomRL's five difficulties, numbered as the game numbers them. */
typedef enum rf_difficulty {
    RF_DIFFICULTY_ITYTD = 1, /* I'm Too Young to Die */
    RF_DIFFICULTY_HNTR,      /* Hey, Not Too Rough */
    RF_DIFFICULTY_HMP,       /* Hurt Me Plenty (the default) */
    RF_DIFFICULTY_UV,        /* Ultra-Violence */
    RF_DIFFICULTY_NIGHTMARE  /* Nightmare! */
} rf_difficulty;

typedef struct rf_special_opts {
    int depth;            /* DoomRL's dlevel, 1-based */
    rf_difficulty difficulty;
    bool single_monster;  /* the single-monster level table: no vaults */
} rf_special_opts;

#define RF_SPECIAL_MAX_FEELINGS 16

typedef struct rf_special_result {
    int tried;                               /* the 7d2-7 roll */
    bool single_monster;                     /* the draws used the single-monster table */
    int made[RF_SPECIAL_KIND_COUNT];         /* rooms given each feature */
    int skipped;                             /* types drawn with no room that fits */
    int skipped_kind[RF_SPECIAL_KIND_COUNT]; /* skipped, by the type drawn */
    /* Vaults made while an auxiliary room for the key existed: the ones the
     * min(depth - 1, 25) % lock roll was made for; locked_vaults of them won. */
    int lockable_vaults;
    int locked_vaults;
    size_t nfeelings;
    const char *feelings[RF_SPECIAL_MAX_FEELINGS]; /* static strings, in order */
} rf_special_result;

/* "warehouse", "fluid", ... */
const char *rf_special_kind_name(rf_special_kind k);
/* DoomRL's table weight of kind k (out of 50 on a normal level; the
 * single-monster table leaves vaults out): each of the pass's 7d2-7 draws
 * picks k with this weight over the table's total. 0 for a bad k. */
int rf_special_kind_weight(rf_special_kind k, bool single_monster);
/* Parses "itytd", "hntr", "hmp", "uv", "nightmare" (or 1-5); false otherwise. */
bool rf_difficulty_parse(const char *s, rf_difficulty *out);
const char *rf_difficulty_name(rf_difficulty d);

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

#endif /* RF_SPECIAL_H */
