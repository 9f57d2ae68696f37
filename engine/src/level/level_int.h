/* engine/src/level/level_int.h: the rf_level layout, for the level stage's
 * files (level.c, level_gen.c, the recipe and its steps).
 *
 * Pipeline: level. The recipe's steps (recipe_steps.c) fill lv->g, lv->rooms,
 * lv->choke, lv->loop and lv->traps, then the objects, stairs and feelings.
 */
#ifndef RF_LEVEL_INT_H
#define RF_LEVEL_INT_H

#include "grid/seam.h"
#include "roomforge/level.h"
#include "core/seam.h"
#include "passes/seam.h"

struct rf_level {
    rf_grid *g;
    rf_room_list rooms;
    int *choke;      /* w*h chokepoint values of the finished level */
    uint8_t *loop;   /* w*h: 1 on a tile that lies on a loop */
    uint8_t *maps_t; /* w*h: the tiles choke and loop were last made of
                      * together (rf_recipe_maps), valid when maps_made */
    bool maps_made;
    int up_x, up_y, down_x, down_y;
    int traps;
    uint64_t seed;
    int depth;
    rf_placed_list objs; /* special rooms, templates, population */
    rf_special_result special; /* the special-room pass's, zeroed when it did not run */
    struct rf_place_entry *plan; /* nplan: what became of each planned template */
    size_t nplan;
    struct rf_template **variants; /* nvariants the rooms' tmpl point at (DESIGN 16) */
    size_t nvariants;
    rf_machine_list machines; /* DESIGN 17: the machines step's */
    int *machine_at;          /* w*h machine ids (0: none), NULL without machines */
    char **feelings; /* nfeelings owned strings */
    size_t nfeelings, feel_cap;
};

struct rf_params;
/* The Brogue steps' keys and size (level_brogue.c): 79 x 29 (DCOLS x DROWS). */
bool rf_level_brogue_knows(const char *key);
rf_status rf_level_brogue_size(const struct rf_params *src, const struct rf_rooms_file *rf,
                               int *w, int *h);
/* Makes lv->machine_at again from lv->machines; false when memory runs out. */
bool rf_level_index_machines(rf_level *lv);
/* Appends a feeling (copied); false when memory runs out. */
bool rf_level_add_feeling(rf_level *lv, const char *text);

#endif /* RF_LEVEL_INT_H */
