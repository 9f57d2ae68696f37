/* roomforge/brogue.h: the Brogue digger, callable alone.
 *
 * Pipeline: dig; writes a level's terrain into a caller's rf_grid and appends
 * its rooms and corridors to an rf_room_list; stairs and population come after.
 * Design: every number of the seed is a field of rf_brogue_params (scaled by
 * area, overridable by profiles); room designs are a table of callbacks.
 * Seeds: shared/seeds/brogue-level-generation.txt.
 */
#ifndef RF_BROGUE_H
#define RF_BROGUE_H

#include "roomforge/common.h"
#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/rng.h"

RF_BEGIN_C

/* Directions of door sites and accretion: up, right, down, left. */
typedef enum rf_dir { RF_DIR_UP = 0, RF_DIR_RIGHT, RF_DIR_DOWN, RF_DIR_LEFT, RF_DIR_COUNT } rf_dir;

/* An inclusive range of sizes or counts. */
typedef struct rf_span {
    int lo, hi;
} rf_span;

/* The level profile and level spec of the seed, after scaling to the level. */
typedef struct rf_brogue_params {
    int depth;             /* 1-based */
    int cave_chance;       /* % the first room is a cave (not on depth 1) */
    int cross_chance;      /* % weight of the cross-room design (rest: rectangles) */
    int corridor_chance;   /* % an attempt builds corridor + room */
    int door_chance;       /* % a join or loop gets a door */
    int max_rooms;         /* rooms, corridors not counted */
    int max_loops;
    int attempts;          /* accretion attempts */
    int rooms_only_last;   /* the last N attempts build rooms only */
    int tries_per_attempt; /* fresh sizes per attempt */
    int loop_attempts;
    rf_span room_w, room_h;   /* the longer bar of a cross room */
    rf_span cross_w, cross_h; /* the shorter bar */
    rf_span first_w, first_h; /* the rectangular first room */
    rf_span corridor_h_len;   /* horizontal corridors */
    rf_span corridor_v_len;   /* vertical corridors */
    int cave_min_w, cave_min_h; /* smallest acceptable cave blob */
    int lakes;                  /* lake count (0 = no lakes) */
    int lake_max_w, lake_max_h; /* first lake's limit; then -2, -1 per lake */
    int lake_min_w, lake_min_h; /* where the limit stops shrinking */
    int lake_tries;             /* placements tried per lake */
    int secret_door_chance;     /* % per door, clamped 0-67 */
    rf_span traps;              /* trap count range */
    int bridge_min_detour;      /* a bridge needs a walk at least this long */
} rf_brogue_params;

/* Fills p with the seed's numbers for depth (>= 1), as they stand for the
 * reference 79x29 level (a profile may then override fields). */
void rf_brogue_params_init(rf_brogue_params *p, int depth);
/* Scales p to a w x h level: the counts (attempts, rooms, loops, lakes) grow
 * with the area beyond 79x29 (never shrink), the cave minimum follows each
 * side, lake and room sizes are clamped to the level. */
void rf_brogue_params_scale(rf_brogue_params *p, int w, int h);
/* The seed's secret-door percent for depth: (depth-1)*67/25 clamped to 0-67. */
int rf_brogue_secret_chance(int depth);
/* The seed's trap count range for depth: (depth-1)/4 .. (depth-1)/2. */
rf_span rf_brogue_trap_span(int depth);

/* A room design draws one room into a scratch grid: floor (RF_TILE_FLOOR)
 * inside [1, w-2] x [1, h-2] of its own w x h drawing (the scratch starts as
 * RF_TILE_ROCK; the border row and column are the wall ring), and reports for
 * each direction a door site: a ring cell with floor next to it on the room
 * side and nothing of the room beyond, or x = -1 when that side has none. */
#define RF_DESIGN_MAX_RECTS 4
typedef struct rf_design_rect {
    int x, y, w, h;
} rf_design_rect;
typedef struct rf_design {
    int want;                  /* set by the caller: the side it will use */
    int w, h;                  /* size of the drawing, ring included, >= 3 */
    int door_x[RF_DIR_COUNT];  /* in drawing coordinates; -1: no site */
    int door_y[RF_DIR_COUNT];
    rf_room_kind kind;
    /* A design made of rectangles may report them instead of drawing: with
     * nrects > 0 the floor is exactly their union (inside the ring) and the
     * scratch is left untouched, which spares drawing and clearing it. */
    int nrects;
    rf_design_rect rects[RF_DESIGN_MAX_RECTS];
} rf_design;
/* Draws a design. scratch is at least RF_DESIGN_MAX_SIDE square and all rock;
 * on entry out->want is set, w = h = nrects = 0, kind RF_ROOM_RECT and every
 * door site -1. Only the door site of side out->want is needed (designs may
 * report all four). Returns false when it cannot draw (the try then fails). */
typedef bool (*rf_design_fn)(void *ud, const rf_brogue_params *p, rf_rng *r, rf_grid *scratch,
                             rf_design *out);
#define RF_DESIGN_MAX_SIDE 64
typedef struct rf_design_row {
    const char *name;
    int weight; /* relative; <= 0 never chosen */
    rf_design_fn fn;
    void *ud;
} rf_design_row;

/* The built-in designs (cross room, rectangle) weighted by p's cross chance,
 * written into rows (cap >= 2); returns the number written. */
size_t rf_brogue_designs(const rf_brogue_params *p, rf_design_row *rows, size_t cap);
/* Helper for design callbacks: picks door sites on all four sides of the floor
 * already drawn in scratch's out->w x out->h top-left area, one random site a
 * side (-1 where a side has none, or everywhere when the size is outside
 * 3..RF_DESIGN_MAX_SIDE). */
void rf_design_find_doors(const rf_grid *scratch, rf_rng *r, rf_design *out);

/* What a dig reports besides terrain and rooms. */
typedef struct rf_brogue_info {
    int rooms, corridors, loops, lakes, bridges, doors, secret_doors;
    int traps;        /* the trap count drawn for population */
    bool cave_first;  /* the first room was a cave */
} rf_brogue_info;

/* Digs a level into g (all RF_TILE_ROCK, at least 20x10, at most 1000x1000
 * for the documented costs) and appends its rooms and corridors to rooms.
 * Layout draws come from layout, cosmetic ones (liquid kinds) from cosmetic.
 * designs/ndesigns replace the built-in table when designs is not NULL.
 * choke, when not NULL, receives w*h chokepoint values (0 = no chokepoint,
 * else the number of walkable tiles the tile cuts off). RF_ERR_ARG on bad
 * arguments, RF_ERR_NOMEM when memory runs out (g is then half dug). */
RF_NODISCARD rf_status rf_brogue_dig(rf_grid *g, rf_room_list *rooms,
                                            const rf_brogue_params *p, const rf_design_row *designs,
                                            size_t ndesigns, rf_rng *layout, rf_rng *cosmetic,
                                            int *choke, rf_brogue_info *info);

RF_END_C
#endif /* RF_BROGUE_H */
