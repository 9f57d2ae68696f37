/* roomforge/special.h: what DoomRL's special-room pass can make and what it
 * made on a level (rf_level_special), and DoomRL's difficulty numbers
 * (rf_level_opts.difficulty).
 *
 * Pipeline: passes, after stairs, before populate; the pass itself is the
 * engine's (engine/src/seam/passes/seam.h). Rules: docs/reference.md.
 * Seeds: shared/seeds/doomrl-special-rooms.txt.
 */
#ifndef RF_SPECIAL_H
#define RF_SPECIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/common.h"

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
RF_API const char *rf_special_kind_name(rf_special_kind k);
/* DoomRL's table weight of kind k (out of 50 on a normal level; the
 * single-monster table leaves vaults out): each of the pass's 7d2-7 draws
 * picks k with this weight over the table's total. 0 for a bad k. */
RF_API int rf_special_kind_weight(rf_special_kind k, bool single_monster);
/* Parses "itytd", "hntr", "hmp", "uv", "nightmare" (or 1-5); false otherwise. */
RF_API bool rf_difficulty_parse(const char *s, rf_difficulty *out);
RF_API const char *rf_difficulty_name(rf_difficulty d);

RF_END_C

#endif /* RF_SPECIAL_H */
