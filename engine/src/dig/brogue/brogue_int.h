/* engine/src/brogue_int.h: the Brogue digger's working state, shared by its
 * passes (brogue.c, designs.c, dig_accrete.c, loops.c, cave.c, lakes.c,
 * passes.c, choke.c, bridges.c, doors.c).
 *
 * Pipeline: dig. One rf_dig lives for one rf_brogue_dig call; every buffer a
 * pass needs is allocated once there (flat arrays sized w*h), so no pass
 * allocates per cell or per try. Walls are kept around every floor tile while
 * digging, so "room fits" means "all its floor lands on rock".
 * Seeds: shared/seeds/brogue-level-generation.txt.
 */
#ifndef RF_BROGUE_INT_H
#define RF_BROGUE_INT_H

#include <stdint.h>

#include "grid_int.h"
#include "roomforge/brogue.h"

typedef struct rf_site_list {
    int *cells;
    size_t n, cap;
} rf_site_list;

struct rf_dig;

/* The placer's hook into accretion (place_attach.c): step runs before every
 * accretion attempt (attempt 0..attempts-1) and may attach templates at wall
 * sites; false means memory ran out. ud is the placer's. */
typedef struct rf_dig_attach {
    bool (*step)(void *ud, struct rf_dig *d, int attempt);
    void *ud;
} rf_dig_attach;

/* protect[] values: template cells no pass may alter, and the unused doors of
 * placed templates, which accretion may still open (they are then protected). */
#define RF_PROTECT_CELL 1
#define RF_PROTECT_DOOR 2

typedef struct rf_dig {
    rf_grid *g;
    int w, h;
    const rf_brogue_params *p;
    const rf_design_row *designs;
    size_t ndesigns;
    rf_rng *rng;      /* layout stream */
    rf_rng *cosmetic; /* cosmetic stream */
    rf_room_list *rooms;
    rf_brogue_info *info;
    /* room graph: adjacency as linked lists over edge arrays */
    int *adj_head;   /* per room id (index id), -1 = none */
    size_t adj_cap;  /* entries in adj_head */
    struct rf_edge {
        int to, next; /* next: index of the room's next edge, -1 = end */
    } *edges;
    size_t nedges, edge_cap;
    /* accretion sites, one list per direction */
    rf_site_list sites[RF_DIR_COUNT];
    /* reusable buffers */
    int *queue;      /* w*h */
    uint32_t *stamp; /* w*h visit marks, valid when == stamp_gen */
    uint32_t stamp_gen;
    int *dist;       /* w*h */
    uint8_t *ca_a, *ca_b; /* (w+2)*(h+2): automaton buffers, zero-padded */
    int *label;      /* (w+2)*(h+2) blob labels */
    int *aux;        /* w*h */
    rf_grid *scratch; /* RF_DESIGN_MAX_SIDE square design canvas */
    uint8_t walk[256]; /* rf_tile_is_walkable by tile byte, for hot loops */
    /* the placer (NULL without templates) and its protect mask: w*h
     * RF_PROTECT_* marks, NULL when no template is attached */
    const rf_dig_attach *attach;
    uint8_t *protect;
} rf_dig;

/* True when pass code must leave cell c alone (a placed template's cell). */
static inline bool rf_dig_protected(const rf_dig *d, int c) { return d->protect && d->protect[c]; }

/* Steps of an rf_dir (up, right, down, left), as arithmetic the compiler
 * folds in unrolled loops (an extern table would be loaded every time). */
#define RF_DIR_DX(k) (((k) == RF_DIR_RIGHT) - ((k) == RF_DIR_LEFT))
#define RF_DIR_DY(k) (((k) == RF_DIR_DOWN) - ((k) == RF_DIR_UP))

/* A fresh visit stamp (clears stamp[] on wrap-around). */
uint32_t rf_dig_stamp(rf_dig *d);
/* Adds an undirected edge between rooms a and b (ids); false on no memory. */
bool rf_dig_link(rf_dig *d, int a, int b);
/* True when rooms a and b are at most two links apart. */
bool rf_dig_rooms_near(const rf_dig *d, int a, int b);
/* Records a room and grows the graph; returns its id or 0 on no memory. */
int rf_dig_add_room(rf_dig *d, rf_room_kind kind, int x, int y, int w, int h);
/* Digs a straight corridor of len tiles from wall site `site` in dir (dig_accrete.c):
 * its room record, its floor; *id gets the record's id (0 when len <= 0).
 * false when memory runs out. Accretion and the template attach share it. */
bool rf_dig_corridor(rf_dig *d, int site, int dir, int len, int *id);
/* Sets floor at cell index c with room id, walls on the rock around it. */
void rf_dig_floor(rf_dig *d, int c, int room);
/* Adds the wall sites around floor cell c for every direction; false on no memory. */
bool rf_dig_add_sites(rf_dig *d, int c);

/* The automaton rules of the seed as birth/survive masks (bit n: n live
 * neighbours of 8): lakes B5678/S45678, caves B678/S45678; both seeded 55%
 * alive and run 5 generations. */
#define RF_CA_BIT(n) (1u << (n))
#define RF_LAKE_BIRTH (RF_CA_BIT(5) | RF_CA_BIT(6) | RF_CA_BIT(7) | RF_CA_BIT(8))
#define RF_LAKE_SURVIVE (RF_CA_BIT(4) | RF_LAKE_BIRTH)
#define RF_CAVE_BIRTH (RF_CA_BIT(6) | RF_CA_BIT(7) | RF_CA_BIT(8))
#define RF_CAVE_SURVIVE RF_LAKE_SURVIVE
#define RF_CA_ALIVE 55
#define RF_CA_GENS 5

/* Cellular automaton blob (cave.c): runs birth/survive (bit n = n neighbours)
 * on a bw x bh area (bw <= w, bh <= h) seeded alive% for gens generations,
 * keeps the largest 4-connected blob no larger than max_w x max_h; restarts
 * (at most `restarts` times) while the best is smaller than min_w x min_h.
 * On return RF_CA_AT(d, bw, x, y) is 1 on the blob's tiles; out->cells is 0
 * when no blob at all was found. */
#define RF_CA_AT(d, bw, x, y) ((d)->ca_a[((size_t)(y) + 1) * ((size_t)(bw) + 2) + (size_t)(x) + 1])
typedef struct rf_blob {
    int x, y, w, h; /* bbox within the bw x bh area */
    int cells;
} rf_blob;
void rf_cave_blob(rf_dig *d, int bw, int bh, unsigned birth, unsigned survive, int alive,
                  int gens, int min_w, int min_h, int max_w, int max_h, int restarts,
                  rf_blob *out);
/* Restarts the cave automaton may make on a bw x bh area: 40 up to the
 * seed's level, then fewer so that a cave costs O(area) at any size. */
int rf_cave_restarts(int bw, int bh);
/* Digs the first room as a cave; false when memory ran out. */
bool rf_cave_first_room(rf_dig *d);

/* Accretion internals the placer shares (dig_accrete.c): a random live wall
 * site facing dir (its index in d->sites[dir] in *at), or -1; the rock run
 * from (sx, sy) along dir, at most cap. */
int rf_accrete_pick_site(rf_dig *d, int dir, size_t *at);
int rf_accrete_free_run(const rf_dig *d, int sx, int sy, int dir, int cap);

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
                            const rf_dig_attach *attach, rf_brogue_run **out);
rf_status rf_brogue_run_rooms(rf_brogue_run *r, const rf_brogue_params *p);
rf_status rf_brogue_run_loops(rf_brogue_run *r, const rf_brogue_params *p);
rf_status rf_brogue_run_lakes(rf_brogue_run *r, const rf_brogue_params *p);
rf_status rf_brogue_run_finish(rf_brogue_run *r, const rf_brogue_params *p, int *choke);
const rf_brogue_info *rf_brogue_run_info(const rf_brogue_run *r);
void rf_brogue_run_free(rf_brogue_run *r);

/* rf_brogue_dig with the placer's hook (NULL: rf_brogue_dig itself). */
rf_status rf_brogue_dig_attach(rf_grid *g, rf_room_list *rooms, const rf_brogue_params *p,
                               const rf_design_row *designs, size_t ndesigns, rf_rng *layout,
                               rf_rng *cosmetic, int *choke, rf_brogue_info *info,
                               const rf_dig_attach *attach);

/* Passes, each in its own file, in Brogue's order (brogue.c runs them). */
bool rf_accrete_first_room(rf_dig *d);
bool rf_accrete_rooms(rf_dig *d);
bool rf_loops_add(rf_dig *d);
bool rf_lakes_add(rf_dig *d);
void rf_pass_diagonals(rf_dig *d);
bool rf_pass_chokepoints(rf_dig *d, int *choke);
/* The same map for any grid, with scratch of its own: RF_OK or RF_ERR_NOMEM. */
rf_status rf_chokepoints(const rf_grid *g, int *choke);
void rf_pass_lake_walls(rf_dig *d);
void rf_bridges_add(rf_dig *d);
void rf_pass_orphan_doors(rf_dig *d);
void rf_pass_secret_doors(rf_dig *d);
void rf_pass_finish_walls(rf_dig *d);

/* Bounded draws for the digger's hot loops, from the same stream as rf_rng_*
 * but division-free in the common case (Lemire's multiply-shift with
 * rejection: unbiased, and the same on every machine). */
static inline uint32_t rf_dig_below(rf_rng *r, uint32_t n)
{
    uint64_t m;
    uint32_t l;
    if (n == 0)
        return 0;
    m = (uint64_t)rf_rng_next(r) * n;
    l = (uint32_t)m;
    if (l < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while (l < t) {
            m = (uint64_t)rf_rng_next(r) * n;
            l = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}
/* Uniform in [lo, hi]; lo when hi < lo. */
static inline int rf_dig_range(rf_rng *r, int lo, int hi)
{
    if (hi <= lo)
        return lo;
    return (int)((int64_t)lo + (int64_t)rf_dig_below(r, (uint32_t)((int64_t)hi - lo + 1)));
}
/* True with percent/100 probability. */
static inline bool rf_dig_chance(rf_rng *r, int percent)
{
    return percent >= 100 || (percent > 0 && (int)rf_dig_below(r, 100) < percent);
}

/* Tiles that stop movement for the diagonal and door passes: rock and wall. */
static inline bool rf_dig_is_solid(uint8_t t) { return t == RF_TILE_ROCK || t == RF_TILE_WALL; }

#endif /* RF_BROGUE_INT_H */
