/* engine/src/passes/machine_pass_int.h: the machine pass's working state, shared
 * by its files: machines.c (the order: treasure, then autogenerators),
 * machines_site.c (rooms a blueprint may take), machines_feature.c (each
 * feature's cells) and machines_treasure.c (the schedule and the draws).
 *
 * Pipeline: passes (seam/passes/seam.h "The machine pass").
 */
#ifndef RF_MACHINE_PASS_INT_H
#define RF_MACHINE_PASS_INT_H

#include "grid/seam.h"
#include "passes/seam.h"

/* A room as a machine sees it: its floor cells and the cells that lead in. */
typedef struct rf_mach_site {
    int room;           /* room record id */
    int *cells;         /* ncells cell indexes (y * w + x), row order */
    size_t ncells;
    int *doors;         /* ndoors walkable cells outside it next to a cell of it */
    size_t ndoors;
    bool candidate;     /* its kind, lock and doors let a machine take it */
    bool loops;         /* a cell of it or a door lies on a loop */
    bool blocked;       /* something stands in it or a machine holds a cell
                         * (rf_mach_sites_refresh) */
} rf_mach_site;

typedef struct rf_mach_ctx {
    rf_grid *g;
    const rf_room_list *rooms;
    const rf_machines_opts *o;
    rf_rng *rng;
    rf_placed_list *objs;
    rf_machine_list *out;
    rf_mach_site *sites;  /* one per room record, sites[id - 1] */
    uint8_t *held;        /* w*h: a machine holds it (its room, its features) */
    uint8_t *occupied;    /* w*h: stairs or an object stand on it */
    uint8_t *mark;        /* w*h scratch */
    int *queue;           /* w*h scratch */
    int *dist;            /* w*h: walking distances (rf_mach_distances), -1 where
                           * the last walk did not reach */
    int *dqueue;          /* w*h: the cells the last walk reached (ndist), in walk
                           * order: an autogenerator's area */
    size_t ndist;
    size_t reach;         /* route tiles reached from the up stairs now */
    size_t work;          /* cells the pass may still visit (scans and walks) */
    int runs;             /* autogenerator runs made */
    size_t sights;        /* lines of sight drawn (not-in-view-of-door) */
    size_t instances;     /* feature instances made */
    int checks;           /* connectivity walks made */
    rf_level_machine *cur; /* the machine being built */
    size_t group_first;   /* c->objs index of its group's first object: a treasure
                           * machine's two, or an autogenerator's (ids, DESIGN 17) */
    size_t capcells, capobjs;
} rf_mach_ctx;

#define RF_MACH_AREA 6 /* steps from its origin an autogenerator's features keep to */

/* Charges n cell visits to the pass's work; false (nothing charged) when
 * they are not left: the scan or walk is then not made, and what needed it
 * is not placed. Counts, not time: the same level stops at the same place. */
static inline bool rf_mach_spend(rf_mach_ctx *c, size_t n)
{
    if (n > c->work)
        return false;
    c->work -= n;
    return true;
}

/* machines_site.c */
rf_status rf_mach_sites_build(rf_mach_ctx *c);
void rf_mach_sites_free(rf_mach_ctx *c);
/* Sets every site's blocked from what is held and occupied now: before a
 * draw or a pick asks which sites suit. */
void rf_mach_sites_refresh(rf_mach_ctx *c);
/* Whether site s suits blueprint b (requirement, size, not blocked at the
 * last refresh). */
bool rf_mach_site_suits(const rf_mach_site *s, const rf_blueprint *b);
/* The number of sites that suit b now. */
size_t rf_mach_site_count(const rf_mach_ctx *c, const rf_blueprint *b);
/* A random site that suits b (one draw), NULL when none does. */
rf_mach_site *rf_mach_site_pick(rf_mach_ctx *c, const rf_blueprint *b);
/* Marks every cell of s held (or not). */
void rf_mach_site_hold(rf_mach_ctx *c, const rf_mach_site *s, bool on);

/* machines_feature.c */
/* The route tiles (walkable, no hazard) a 4-neighbour walk from the up
 * stairs reaches; SIZE_MAX when memory or the walk budget runs out. */
size_t rf_mach_reach(rf_mach_ctx *c);
/* Places n instances of feature f of the machine being built (site s, NULL
 * for an autogenerator). RF_OK or RF_ERR_NOMEM. */
rf_status rf_mach_feature(rf_mach_ctx *c, const rf_mach_site *s, const rf_feature *f);
/* Bare floor no machine holds, nothing stands on, outside template rooms,
 * locked rooms and vaults: where a feature outside a room may go. */
bool rf_mach_free_floor(const rf_mach_ctx *c, int i);
/* Appends an object of the machine being built at cell i, its id unique in
 * the machine's group (group_id); RF_OK or RF_ERR_NOMEM. */
rf_status rf_mach_object(rf_mach_ctx *c, const char *type, const char *name, unsigned flags,
                         int i);
/* Adds cell i to the machine being built (false: memory ran out). */
bool rf_mach_add_cell(rf_mach_ctx *c, int i);

/* Fills c->dist with the walking distance (4-neighbour, walkable tiles; of
 * room `room` only, 0: any) from the n cells of from, up to limit steps
 * (-1: no limit), -1 where the walk does not reach; c->dqueue lists the
 * cells it reached. Costs what it reaches, not the map. */
void rf_mach_distances(rf_mach_ctx *c, const int *from, size_t n, int limit, int room);

/* machines_treasure.c */
/* A weighted draw by frequency among the blueprints of kind (reward or key
 * holder) at the depth that some site suits; NULL when none does. */
const rf_blueprint *rf_mach_draw(rf_mach_ctx *c, rf_machine_kind kind);

#endif /* RF_MACHINE_PASS_INT_H */
