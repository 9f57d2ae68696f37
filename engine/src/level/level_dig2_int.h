/* engine/src/level/level_dig2_int.h: the NetHack and DungeonMaker recipe steps'
 * keys and sizes (level_dig2.c; the steps themselves are in recipe_int.h).
 *
 * Pipeline: recipe -> dig. Each step reads its parameters and calls the
 * digger (dig_rects.h, dig_crawl.h) on the level's grid and room list.
 */
#ifndef RF_LEVEL_DIG2_INT_H
#define RF_LEVEL_DIG2_INT_H

#include "level_int.h"

struct rf_params;

/* Keys dig_rects and dig_crawl read (recipe.c checks profiles with them). */
bool rf_level_nethack_knows(const char *key);
bool rf_level_dungeonmaker_knows(const char *key);

/* The level size each digs at when the caller names none: nethack 80 x 21
 * (NetHack's COLNO x ROWNO); dungeonmaker the rooms-file's dimensions (dimY
 * columns x dimX rows, clamped to 20 x 10 .. 1000 x 1000), else those of the
 * bundled file src's `rooms` names. RF_ERR_ARG when no bundled file has that
 * number, RF_ERR_NOMEM; w and h only on RF_OK. */
rf_status rf_level_nethack_size(const struct rf_params *src, const struct rf_rooms_file *rf,
                                int *w, int *h);
rf_status rf_level_dungeonmaker_size(const struct rf_params *src, const struct rf_rooms_file *rf,
                                     int *w, int *h);

#endif /* RF_LEVEL_DIG2_INT_H */
