/* engine/src/seam/dig/seam.h: the dig stage's one shared header: what the
 * later stages, the tests and the benchmarks use of it beyond the public
 * API: the diggers (Brogue accretion, NetHack rectangles, DungeonMaker
 * crawlers).
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_DIG_H
#define RF_SEAM_DIG_H

#include <stdint.h>

#include "roomforge/common.h"
#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/rooms_file.h"

#include "core/seam.h"

/* The Brogue digger, callable alone.
 *
 * Pipeline: dig; writes a level's terrain into a caller's rf_grid and appends
 * its rooms and corridors to an rf_room_list; stairs and population come after.
 * Design: every number of the seed is a field of rf_brogue_params (scaled by
 * area, overridable by profiles); room designs are a table of callbacks.
 * Seeds: shared/seeds/brogue-level-generation.txt.
 */
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
    /* Floor tiles every drawing of this row has in a straight line from
     * its door inward: [0] for a door on the top or bottom side, [1] on
     * the left or right. 0 (or 1) promises only the contract's one tile.
     * Accretion makes no try at a site with less rock ahead than every row
     * needs (dig_accrete.c). */
    int reach[2];
    /* The row's drawings keep the contract by construction (the built-in
     * rows): a side of 3 to RF_DESIGN_MAX_SIDE, rectangles inside the ring,
     * the wanted door on the ring with floor right behind it, reported as
     * rectangles (such a row's fn gets scratch NULL). Accretion tests
     * another row's drawing for all of that before it fits it. */
    bool drawn_valid;
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

/* The Brogue digger as the stages above it see it.
 *
 * Pipeline: dig -> place and level. The level stage runs a Brogue dig stage by
 * stage (rf_brogue_run); the placer attaches templates during accretion through
 * the hook below and the few operations on the working state it needs. The
 * working state itself (struct rf_brogue) stays inside engine/src/dig/brogue.
 */
/* The Brogue digger's working state for one dig (opaque above dig/brogue). */
typedef struct rf_brogue rf_brogue;

/* The placer's hook into accretion (place_attach.c): step runs before every
 * accretion attempt (attempt 0..attempts-1) and may attach templates at wall
 * sites; false means memory ran out. ud is the placer's. */
typedef struct rf_brogue_attach {
    bool (*step)(void *ud, struct rf_brogue *d, int attempt);
    void *ud;
    /* w*h or NULL: boxes reserved for forced rooms (1), drawn after the dig,
     * and the ring of one tile around them (2). The dig walls a box and
     * protects it (RF_PROTECT_CELL): no room, corridor, cave, lake or pass
     * takes it. The ring is RF_PROTECT_FRONT: rooms may be dug there, no
     * lake or wall pass takes it. */
    const uint8_t *keep;
} rf_brogue_attach;

/* protect[] values: template cells no pass may alter, and the unused doors of
 * placed templates, which accretion may still open (they are then protected). */
#define RF_PROTECT_CELL 1
#define RF_PROTECT_DOOR 2
/* The rock in front of a seeded template's door: no lake, cave or wall pass
 * takes it, while accretion may still dig there (it tests RF_PROTECT_CELL). */
#define RF_PROTECT_FRONT 3

/* Steps of an rf_dir (up, right, down, left), as arithmetic the compiler
 * folds in unrolled loops (an extern table would be loaded every time). */
#define RF_DIR_DX(k) (((k) == RF_DIR_RIGHT) - ((k) == RF_DIR_LEFT))
#define RF_DIR_DY(k) (((k) == RF_DIR_DOWN) - ((k) == RF_DIR_UP))

/* The grid, the layout stream and the parameters of a dig in progress. */
rf_grid *rf_brogue_get_grid(rf_brogue *d);
rf_rng *rf_brogue_get_rng(rf_brogue *d);
const rf_brogue_params *rf_brogue_get_params(const rf_brogue *d);
/* The protect mask (w*h RF_PROTECT_* marks), allocated with the dig when an
 * attach hook is set; NULL without one. */
uint8_t *rf_brogue_get_protect(rf_brogue *d);
/* Marks cell c, a wall, as an unused template door facing dir: protected
 * (RF_PROTECT_DOOR) and a wall site accretion may still open. False when
 * memory runs out. */
bool rf_brogue_add_door_site(rf_brogue *d, int c, int dir);
/* Adds an undirected edge between rooms a and b (ids); false on no memory. */
bool rf_brogue_link(rf_brogue *d, int a, int b);
/* Records a room and grows the graph; returns its id or 0 on no memory. */
int rf_brogue_add_room(rf_brogue *d, rf_room_kind kind, int x, int y, int w, int h);
/* Digs a straight corridor of len tiles from wall site `site` in dir (dig_accrete.c):
 * its room record, its floor; *id gets the record's id (0 when len <= 0).
 * false when memory runs out. Accretion and the template attach share it. */
bool rf_brogue_corridor(rf_brogue *d, int site, int dir, int len, int *id);
/* Adds the wall sites around floor cell c for every direction; false on no memory. */
bool rf_brogue_add_sites(rf_brogue *d, int c);
/* Accretion internals the placer shares (dig_accrete.c): a random live wall
 * site facing dir (its index in d->sites[dir] in *at), or -1; the rock run
 * from (sx, sy) along dir, at most cap. */
int rf_accrete_pick_site(rf_brogue *d, int dir, size_t *at);
int rf_accrete_free_run(const rf_brogue *d, int sx, int sy, int dir, int cap);

/* A Brogue dig run stage by stage (level recipes, recipe_steps.c): new
 * allocates the working state over g (all rock; attach and designs as for
 * rf_brogue_dig_attach), rooms digs the first room and accretes the rest,
 * loops and lakes may then run any number of times in any order, finish runs
 * the passes in Brogue's order (diagonals, chokepoints into choke when not
 * NULL, lake walls, bridges, orphan and secret doors, the trap count, the
 * final walls). Each stage reads the p it is given (scaled to g already).
 * RF_ERR_ARG for a stage out of order or a bad p, RF_ERR_NOMEM when memory
 * runs out. rf_brogue_dig is new, rooms, loops, lakes, finish. */
typedef struct rf_brogue_run rf_brogue_run;
rf_status rf_brogue_run_new(rf_grid *g, rf_room_list *rooms, const rf_design_row *designs,
                            size_t ndesigns, rf_rng *layout, rf_rng *cosmetic,
                            const rf_brogue_attach *attach, rf_brogue_run **out);
rf_status rf_brogue_run_rooms(rf_brogue_run *r, const rf_brogue_params *p);
rf_status rf_brogue_run_loops(rf_brogue_run *r, const rf_brogue_params *p);
rf_status rf_brogue_run_lakes(rf_brogue_run *r, const rf_brogue_params *p);
/* finish makes the chokepoint map into choke (w*h) when it is not NULL, at
 * the seed's point of the passes; with choke NULL and tiles not, it copies
 * the level's tiles at that point into tiles (w*h bytes) instead, for a
 * caller that makes the map only if it is read before the level changes
 * (rf_chokepoints of those tiles is the same map). */
rf_status rf_brogue_run_finish(rf_brogue_run *r, const rf_brogue_params *p, int *choke,
                               uint8_t *tiles);
const rf_brogue_info *rf_brogue_run_info(const rf_brogue_run *r);
void rf_brogue_run_free(rf_brogue_run *r);

/* rf_brogue_dig with the placer's hook (NULL: rf_brogue_dig itself). */
rf_status rf_brogue_dig_attach(rf_grid *g, rf_room_list *rooms, const rf_brogue_params *p,
                               const rf_design_row *designs, size_t ndesigns, rf_rng *layout,
                               rf_rng *cosmetic, int *choke, rf_brogue_info *info,
                               const rf_brogue_attach *attach);

/* The same map for any grid, with scratch of its own, and when loop is not
 * NULL the loop map (w*h bytes, 1 on a tile that lies on a cycle of walkable
 * 4-neighbour steps): RF_OK or RF_ERR_NOMEM. */
rf_status rf_chokepoints(const rf_grid *g, int *choke, uint8_t *loop);

/* NetHack's rooms-and-corridors digger.
 *
 * Pipeline: dig; writes walls, floors, doors and corridors into a rock grid and
 * one rf_room_rec per room, ids in low-x order. Same inputs: same bytes.
 * Seeds: shared/seeds/nethack-makerooms.txt.
 */
RF_BEGIN_C

#define RF_RECTS_DEFAULT_W 80 /* NetHack's COLNO x ROWNO */
#define RF_RECTS_DEFAULT_H 21
#define RF_RECTS_MAX_ROOMS 40 /* NetHack's MAXNROFROOMS */

typedef struct rf_rects_params {
    int max_rooms;         /* 1..40; default 40 */
    int tries;             /* failures per room before giving up; default 100 */
    int vault_chance;      /* percent once rooms >= max_rooms / 6 (and >= 1); default 50 */
    int secret_door_one_in; /* a door is secret with chance 1/N; default 8; 0 never */
    int dark_from_depth;   /* depth where darkness becomes possible; default 10 */
    int lit_anyway_one_in; /* a room is lit regardless with chance 1/N; default 77 */
    int extra_joins;       /* extra random joins: this many plus 0..rooms-1; default 4 */
    /* w*h cells the digger leaves as rock (a box reserved for a forced room:
     * 1, the ring of one tile around it: 2), or NULL (the default): no room
     * or corridor takes them, free rectangles are split around them first,
     * and the connectivity repair carves no box. Borrowed for the call. */
    const uint8_t *keep_out;
} rf_rects_params;

/* The defaults above. */
void rf_rects_params_init(rf_rects_params *p);

/* What one run did (for tests and the bench). */
typedef struct rf_rects_stats {
    int rooms;          /* rooms dug, the vault included */
    bool vault_tried;
    bool vault;         /* a vault was dug */
    int failures;       /* placement attempts that failed */
    bool gave_up;       /* room making ended after `tries` failures in a row */
    size_t repairs;     /* regions joined by the connectivity repair */
} rf_rects_stats;

/* Digs g, which must be all rock and at least 20 x 10. Lighting per room:
 * lit = roll(1 .. 1 + depth) < dark_from_depth + 1, or 1 in lit_anyway_one_in;
 * so every room is lit above dark_from_depth and the dark chance grows with
 * depth after it. The vault (2x2 floor, walls, no door) is lit, RF_ROOM_VAULT
 * and locked. stats may be NULL. RF_ERR_ARG for a bad grid or params,
 * RF_ERR_NOMEM (rooms then holds what was added). */
RF_NODISCARD rf_status rf_dig_rects(rf_grid *g, rf_room_list *rooms, rf_rng *rng,
                                           const rf_rects_params *p, int depth,
                                           rf_rects_stats *stats);

RF_END_C

/* DungeonMaker's wall crawlers driven by a rooms-file.
 *
 * Pipeline: dig; reads an rf_rooms_file (rooms_file.h), writes DESIGN 6 glyphs
 * and one RF_ROOM_CRAWLED record per room. The file's x is the grid's row y.
 * Same file, grid size, params and rng state: same bytes.
 * Seeds: shared/seeds/dungeonmaker-rooms-file.txt.
 */
RF_BEGIN_C

#define RF_CRAWL_GENERATION 100 /* iterations per generation (seed) */
#define RF_CRAWL_MAX_CRAWLERS 100000

typedef struct rf_crawl_params {
    int generations;   /* crawler generations after the first, 0..20; default 3 */
    int lifetime;      /* steps a crawler lives once awake; default 100 (one generation) */
    int spawn_chance;  /* percent per built tile of a child crawler for the next
                          generation; default 6 */
    int turn_chance;   /* percent per step of picking another legal Forward; default 20 */
    int child_closed;  /* percent of child crawlers with closed endings; default 0 */
    /* w*h cells kept open floor (a box reserved for a forced room: 1, the ring
     * of one tile around it: 2), or NULL (the default): no crawler, wall or
     * column goes there, a rooms-file room that meets them is not built, and
     * the connectivity repair neither joins nor carves a box. Borrowed. */
    const uint8_t *keep_out;
} rf_crawl_params;

void rf_crawl_params_init(rf_crawl_params *p);

typedef struct rf_crawl_stats {
    size_t crawlers;     /* crawlers run, children included */
    size_t walls;        /* wall tiles crawlers built */
    size_t joins;        /* closed endings that joined a wall */
    size_t regions;      /* walkable regions found before repair */
    size_t repairs;      /* regions joined by the repair (regions - 1 when > 0) */
} rf_crawl_stats;

/* Digs g (any size from 10 x 10; its old content is replaced) from rf.
 * Rooms are square, centred on their division point, width counted from the
 * centre; corner and centre parameters, every style bit and delays (dormant
 * ages of -10 * delay) as the seed writes them. Closed crawlers that join two
 * walls can cut the dungeon; disconnected walkable regions are then joined
 * by carved passages (a door where a wall is cut), counted in stats (may be
 * NULL). RF_ERR_ARG for bad arguments, RF_ERR_NOMEM. */
RF_NODISCARD rf_status rf_dig_crawl(rf_grid *g, rf_room_list *rooms, rf_rng *rng,
                                           const rf_rooms_file *rf, const rf_crawl_params *p,
                                           rf_crawl_stats *stats);

RF_END_C

#endif /* RF_SEAM_DIG_H */
