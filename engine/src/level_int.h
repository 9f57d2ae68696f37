/* engine/src/level_int.h: the rf_level layout and the digger table's row
 * type, for level.c, level_gen.c, stairs.c and the diggers.
 *
 * Pipeline: dig -> stairs -> output. A digger fills lv->g, lv->rooms,
 * lv->choke and lv->traps; level_gen.c then places the stairs. To add a
 * digger, write an rf_digger_fn and add one row to the table in level_gen.c.
 */
#ifndef RF_LEVEL_INT_H
#define RF_LEVEL_INT_H

#include "grid_int.h"
#include "roomforge/level.h"
#include "roomforge/rng.h"

struct rf_level {
    rf_grid *g;
    rf_room_list rooms;
    int *choke;      /* w*h, zeroed; diggers without a map leave it so */
    int up_x, up_y, down_x, down_y;
    int traps;
    uint64_t seed;
    int depth;
    const struct rf_rooms_file *rooms_file; /* dungeonmaker: borrowed from the opts */
    char **feelings; /* nfeelings owned strings */
    size_t nfeelings, feel_cap;
};

/* Digs lv->g (all rock, lv->depth set) with profile p (may be NULL: the
 * digger's defaults). Returns RF_OK or RF_ERR_NOMEM. */
typedef rf_status (*rf_digger_fn)(rf_level *lv, const rf_profile *p, rf_rng *layout,
                                  rf_rng *cosmetic);

/* True when the digger reads profile parameter key (profiles warn about
 * keys no digger reads: a typo would otherwise be ignored silently). */
typedef bool (*rf_digger_key_fn)(const char *key);

typedef struct rf_digger_row {
    const char *name;
    rf_digger_fn dig;
    rf_digger_key_fn knows; /* NULL: the digger takes any key */
} rf_digger_row;

/* The Brogue digger behind the table row "brogue" (level_brogue.c). */
rf_status rf_level_dig_brogue(rf_level *lv, const rf_profile *p, rf_rng *layout, rf_rng *cosmetic);
bool rf_level_brogue_knows(const char *key);
/* Places up and down stairs far apart on floor (stairs.c). RF_ERR_CONTENT
 * when the level has fewer than two floor tiles. */
rf_status rf_level_place_stairs(rf_level *lv, rf_rng *layout);
/* Appends a feeling (copied); false when memory runs out. */
bool rf_level_add_feeling(rf_level *lv, const char *text);

#endif /* RF_LEVEL_INT_H */
