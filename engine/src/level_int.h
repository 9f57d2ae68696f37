/* engine/src/level_int.h: the rf_level layout and the digger table's row
 * type, for level.c, level_gen.c, stairs.c and the diggers.
 *
 * Pipeline: dig -> stairs -> output. A digger fills lv->g, lv->rooms,
 * lv->choke and lv->traps; level_gen.c then places the stairs. To add a
 * digger, write an rf_digger_fn (and its size and key functions) and add one
 * row to the table in level_gen.c.
 */
#ifndef RF_LEVEL_INT_H
#define RF_LEVEL_INT_H

#include "grid_int.h"
#include "roomforge/level.h"
#include "roomforge/rng.h"
#include "roomforge/special.h"

struct rf_level {
    rf_grid *g;
    rf_room_list rooms;
    int *choke;      /* w*h, zeroed; diggers without a map leave it so */
    int up_x, up_y, down_x, down_y;
    int traps;
    uint64_t seed;
    int depth;
    const struct rf_rooms_file *rooms_file; /* dungeonmaker: borrowed from the opts */
    rf_placed_list objs; /* special rooms, templates, population */
    struct rf_placer *placer; /* during generation: the template placer (place_int.h) */
    struct rf_world *world;   /* rf_level_world's, made on demand; NULL before */
    rf_special_result special; /* the special-room pass's, zeroed when it did not run */
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

/* The size the digger digs at when the caller names none (width = height =
 * 0 in rf_level_opts), for profile p at depth and the caller's rooms-file
 * (may be NULL). RF_OK with *w, *h within the level limits, or a failure. */
typedef rf_status (*rf_digger_size_fn)(const rf_profile *p, int depth,
                                       const struct rf_rooms_file *rf, int *w, int *h);

typedef struct rf_digger_row {
    const char *name;
    rf_digger_fn dig;
    rf_digger_key_fn knows; /* NULL: the digger takes any key */
    rf_digger_size_fn size;
} rf_digger_row;

/* The Brogue digger behind the table row "brogue" (level_brogue.c). */
rf_status rf_level_dig_brogue(rf_level *lv, const rf_profile *p, rf_rng *layout, rf_rng *cosmetic);
bool rf_level_brogue_knows(const char *key);
/* Brogue's 79 x 29 (DCOLS x DROWS). */
rf_status rf_level_brogue_size(const rf_profile *p, int depth, const struct rf_rooms_file *rf,
                               int *w, int *h);
/* Places up and down stairs far apart on floor (stairs.c). RF_ERR_CONTENT
 * when the level has fewer than two floor tiles. */
rf_status rf_level_place_stairs(rf_level *lv, rf_rng *layout);
/* Appends a feeling (copied); false when memory runs out. */
bool rf_level_add_feeling(rf_level *lv, const char *text);

#endif /* RF_LEVEL_INT_H */
