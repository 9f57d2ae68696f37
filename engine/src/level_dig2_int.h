/* engine/src/level_dig2_int.h: the level rows of the NetHack and DungeonMaker
 * diggers, for the digger table in level_gen.c.
 *
 * Pipeline: recipe -> dig. Each row reads its profile parameters and calls the
 * digger (dig_rects.h, dig_crawl.h) on the level's grid and room list.
 */
#ifndef RF_LEVEL_DIG2_INT_H
#define RF_LEVEL_DIG2_INT_H

#include "level_int.h"

/* Row "nethack": rf_dig_rects with the profile's max-rooms, tries,
 * vault-chance, secret-door-one-in, dark-from-depth, lit-anyway-one-in,
 * extra-joins at the level's depth. */
rf_status rf_level_dig_nethack(rf_level *lv, const rf_profile *p, rf_rng *layout,
                               rf_rng *cosmetic);
bool rf_level_nethack_knows(const char *key);
/* Row "dungeonmaker": rf_dig_crawl with the level's rooms-file, else the
 * bundled one the profile's `rooms` parameter names (default 1, the seed's
 * example); generations, lifetime, spawn-chance, turn-chance, child-closed. */
rf_status rf_level_dig_dungeonmaker(rf_level *lv, const rf_profile *p, rf_rng *layout,
                                    rf_rng *cosmetic);
bool rf_level_dungeonmaker_knows(const char *key);

/* The level size each row digs at when the caller names none (the size
 * functions of the digger table): nethack 80 x 21 (NetHack's COLNO x ROWNO);
 * dungeonmaker the rooms-file's dimensions (dimY columns x dimX rows, clamped
 * to 20 x 10 .. 1000 x 1000), else those of the bundled file the profile's
 * `rooms` names at depth. RF_ERR_ARG when no bundled file has that number,
 * RF_ERR_NOMEM; w and h only on RF_OK. */
rf_status rf_level_nethack_size(const rf_profile *p, int depth, const struct rf_rooms_file *rf,
                                int *w, int *h);
rf_status rf_level_dungeonmaker_size(const rf_profile *p, int depth,
                                     const struct rf_rooms_file *rf, int *w, int *h);

#endif /* RF_LEVEL_DIG2_INT_H */
