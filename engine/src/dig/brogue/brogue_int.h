/* engine/src/dig/brogue/brogue_int.h: the Brogue digger's working state,
 * shared by the passes of this folder.
 *
 * Pipeline: dig. One rf_brogue lives for one dig; its buffers are allocated
 * once (flat w*h arrays), and walls are kept around every floor tile while
 * digging, so "room fits" means "all its floor lands on rock".
 * Seeds: shared/seeds/brogue-level-generation.txt.
 */
#ifndef RF_BROGUE_INT_H
#define RF_BROGUE_INT_H

#include <stdint.h>

#include "core/seam.h"
#include "dig/seam.h"
#include "grid/seam.h"

typedef struct rf_site_list {
    int *cells;
    size_t n, cap;
} rf_site_list;




struct rf_brogue {
    rf_grid *g;
    int w, h;
    const rf_brogue_params *p;
    const rf_design_row *designs;
    size_t ndesigns;
    long design_weight; /* the rows' total weight (rf_accrete_rooms) */
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
    uint8_t *ca_a;   /* (w+2)*(h+2): the kept blob, zero-padded (written whole, cave.c) */
    uint8_t *ca_b;   /* (w+2)*(h+2) bytes of scratch (choke.c) */
    uint64_t *ca_w;  /* 2*h*((w+63)/64): the automaton's generations as row words */
    int *label;      /* (w+2)*(h+2) labels (choke.c) */
    struct rf_ca_run {  /* a run of live tiles x0..x1-1 of row y of a blob (cave.c) */
        int y, x0, x1, up;            /* up: union-find parent, the lower index */
        int minx, maxx, maxy, cells;  /* a root's blob: bbox (its y is the top) and size */
    } *runs;          /* h * ((w+1)/2): the most runs a blob area holds */
    int nruns;        /* the last blob's */
    int *aux;        /* w*h */
    rf_grid *scratch; /* RF_DESIGN_MAX_SIDE square design canvas */
    uint8_t walk[256]; /* rf_tile_is_walkable by tile byte, for hot loops */
    uint8_t route[256]; /* walkable and no hazard (rf_tile_is_hazard): what lakes keep joined */
    /* the placer (NULL without templates) and its protect mask: w*h
     * RF_PROTECT_* marks, NULL when no template is attached */
    const rf_brogue_attach *attach;
    uint8_t *protect;
};

/* True when pass code must leave cell c alone (a placed template's cell). */
static inline bool rf_brogue_protected(const rf_brogue *d, int c) { return d->protect && d->protect[c]; }


/* A fresh visit stamp (clears stamp[] on wrap-around). */
uint32_t rf_brogue_stamp(rf_brogue *d);
/* True when rooms a and b are at most two links apart. */
bool rf_brogue_rooms_near(const rf_brogue *d, int a, int b);
/* Sets floor at cell index c with room id, walls on the rock around it. */
void rf_brogue_floor(rf_brogue *d, int c, int room);

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
typedef struct rf_ca_run rf_ca_run;
typedef struct rf_blob {
    int x, y, w, h; /* bbox within the bw x bh area */
    int cells;
} rf_blob;
void rf_cave_blob(rf_brogue *d, int bw, int bh, unsigned birth, unsigned survive, int alive,
                  int gens, int min_w, int min_h, int max_w, int max_h, int restarts,
                  rf_blob *out);
/* Restarts the cave automaton may make on a bw x bh area: 40 up to the
 * seed's level, then fewer so that a cave costs O(area) at any size. */
int rf_cave_restarts(int bw, int bh);
/* Digs the first room as a cave; false when memory ran out. */
bool rf_cave_first_room(rf_brogue *d);




/* Passes, each in its own file, in Brogue's order (brogue.c runs them). */
bool rf_accrete_first_room(rf_brogue *d);
bool rf_accrete_rooms(rf_brogue *d);
bool rf_loops_add(rf_brogue *d);
bool rf_lakes_add(rf_brogue *d);
void rf_pass_diagonals(rf_brogue *d);
bool rf_pass_chokepoints(rf_brogue *d, int *choke);
void rf_pass_lake_walls(rf_brogue *d);
void rf_bridges_add(rf_brogue *d);
void rf_pass_orphan_doors(rf_brogue *d);
void rf_pass_secret_doors(rf_brogue *d);
void rf_pass_finish_walls(rf_brogue *d);


#endif /* RF_BROGUE_INT_H */
