/* roomforge/grid.h: the tile grid diggers write and the placer reads.
 *
 * Pipeline: dig, place, passes, output. w x h tiles plus a room number per
 * tile (0 = none); x grows right, y down, both from 0. Reading outside gives
 * RF_TILE_ROCK and room 0; writing outside changes nothing.
 */
#ifndef RF_GRID_H
#define RF_GRID_H

#include <stdio.h>

#include "roomforge/common.h"

RF_BEGIN_C

typedef enum rf_tile {
    RF_TILE_ROCK = 0,      /* ' ' solid rock, never dug */
    RF_TILE_WALL,          /* '#' */
    RF_TILE_FLOOR,         /* '.' */
    RF_TILE_DOOR,          /* '+' */
    RF_TILE_SECRET_DOOR,   /* '*' */
    RF_TILE_BREAKABLE,     /* '!' destructible wall, counts as walkable */
    RF_TILE_IMPASSABLE,    /* 'X' impassable floor */
    RF_TILE_STAIRS_UP,     /* '<' */
    RF_TILE_STAIRS_DOWN,   /* '>' */
    RF_TILE_DEEP_WATER,    /* '~' */
    RF_TILE_SHALLOW_WATER, /* ',' */
    RF_TILE_WATER,         /* 'W' template or fluid-room water */
    RF_TILE_ICE,           /* 'I' */
    RF_TILE_GOO,           /* 'G' */
    RF_TILE_ACID,          /* 'A' */
    RF_TILE_LAVA,          /* 'L' */
    RF_TILE_CHASM,         /* ':' */
    RF_TILE_BRIDGE,        /* '=' */
    RF_TILE_CHASM_EDGE,    /* ';' a chasm's walkable rim (Brogue's lakes) */
    RF_TILE_BRIMSTONE,     /* 'B' walkable, ignites underfoot (Brogue's lakes) */
    RF_TILE_COUNT
} rf_tile;

#define RF_GRID_MAX_SIDE 4096

typedef struct rf_grid rf_grid; /* opaque */

/* The glyph of t (DESIGN 6); '?' for values outside the enum. */
RF_API char rf_tile_glyph(rf_tile t);
/* The tile drawn as c; false when c is no terrain glyph. */
RF_API bool rf_tile_from_glyph(char c, rf_tile *out);
/* Walkable as DESIGN 6 counts it ('!' counts as yes), and the two tiles
 * roomforge adds to its table, ';' chasm edge and 'B' brimstone. */
RF_API bool rf_tile_is_walkable(rf_tile t);
/* Liquid or chasm: deep/shallow water, W, I, G, A, lava, chasm, brimstone. */
RF_API bool rf_tile_is_liquid(rf_tile t);
/* Walkable ground no route of a generated level depends on: ';' (a step
 * from a fall) and 'B' (it ignites). Every walkable tile is reachable without
 * crossing one, so tools that know only DESIGN 6's glyphs see whole levels. */
RF_API bool rf_tile_is_hazard(rf_tile t);

/* A w x h grid of RF_TILE_ROCK, or NULL when a side is outside
 * 1..RF_GRID_MAX_SIDE or memory runs out. The caller frees it. */
RF_API RF_NODISCARD rf_grid *rf_grid_new(int w, int h);
/* Frees g and all it owns; g may be NULL. */
RF_API void rf_grid_free(rf_grid *g);
/* A copy of g, or NULL when memory runs out. */
RF_API RF_NODISCARD rf_grid *rf_grid_clone(const rf_grid *g);
RF_API int rf_grid_width(const rf_grid *g);
RF_API int rf_grid_height(const rf_grid *g);
RF_API bool rf_grid_in_bounds(const rf_grid *g, int x, int y);
RF_API rf_tile rf_grid_get(const rf_grid *g, int x, int y);
/* Sets one tile; returns false, changing nothing, when (x, y) is outside. */
RF_API bool rf_grid_set(rf_grid *g, int x, int y, rf_tile t);
/* The room number at (x, y); 0 outside or where no room was recorded. */
RF_API int rf_grid_room(const rf_grid *g, int x, int y);
RF_API bool rf_grid_set_room(rf_grid *g, int x, int y, int room);
/* Sets every tile of the rectangle clipped to the grid. */
RF_API void rf_grid_fill(rf_grid *g, int x, int y, int w, int h, rf_tile t);
/* Counts tiles equal to t. */
RF_API size_t rf_grid_count(const rf_grid *g, rf_tile t);
/* Row y as glyphs into buf (w + 1 bytes with the NUL); false when y is outside
 * or cap is too small. */
RF_API bool rf_grid_row(const rf_grid *g, int y, char *buf, size_t cap);
/* The grid as h lines of glyphs, each ended by '\n'. RF_ERR_IO on failure. */
RF_API RF_NODISCARD rf_status rf_grid_write_ascii(const rf_grid *g, FILE *out);

RF_END_C
#endif /* RF_GRID_H */
