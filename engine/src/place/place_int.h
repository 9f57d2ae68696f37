/* engine/src/place/place_int.h: the placer's working state, shared by
 * place.c, place_attach.c, place_fit.c and place_objects.c.
 *
 * Pipeline: place; one rf_placer per level. Design: a template is placed
 * through a view (its map turned and mirrored, written once per orientation);
 * every plan entry ends placed or with the reason it was not.
 */
#ifndef RF_PLACE_INT_H
#define RF_PLACE_INT_H

#include "dig/seam.h" /* rf_dir, RF_DIR_DX */
#include "grid/seam.h"
#include "load/seam.h"
#include "place/seam.h"
#include "roomforge/orient.h"
#include "roomforge/place.h"
#include "roomforge/template.h"

/* Orientations (roomforge/orient.h): bits 0-1 quarter turns clockwise,
 * bit 2 mirrored (x flipped before turning). */

typedef struct rf_vdoor {
    int x, y; /* view coordinates of the door centre */
    int dir;  /* rf_dir the door opens towards (away from the room) */
} rf_vdoor;

/* A cell of a view, relative to its origin (may lie just outside the box). */
typedef struct rf_vcell {
    int x, y;
} rf_vcell;

/* One orientation of a template, drawn out. The cell lists are what the
 * collision test and the fit's cut test walk instead of the map: drawn once
 * with the view, they spare a scan of the box and a symbol lookup per cell. */
typedef struct rf_tview {
    int orient;
    int w, h;
    char *cells;    /* w*h map symbols */
    size_t ndoors;
    rf_vdoor *doors;
    unsigned used_digits; /* bit n: anchor n is named (else n is wall) */
    rf_vcell *list;       /* one block: the four lists below, in this order */
    size_t nwallish;      /* cells that become wall */
    size_t nopen;         /* open cells with all 8 neighbours in the view */
    size_t nrim;          /* open cells with a neighbour outside the view */
    size_t nbound;        /* cells outside the view with a 4-neighbour in it */
    rf_vcell core;        /* origin of the largest rectangle of non-space cells */
    int core_w, core_h;   /* its size (the whole box for a solid template) */
    uint8_t *reach;       /* w*h: 1 on the open cells a door reaches by 4-neighbour
                           * steps (the room's connected region), 0 elsewhere */
} rf_tview;

typedef struct rf_plan_entry {
    const rf_template *t;    /* what is placed: the template, or its variant */
    const rf_template *base; /* the template loaded (t but for a variant) */
    rf_template *own;        /* t when it is a variant the placer owns, else NULL */
    bool forced;
    bool placed;
    bool refused;     /* no variant passed (why RF_PLACE_VALIDATE): never tried */
    rf_place_why why; /* why it is not placed (RF_PLACE_BUDGET until tried) */
    int slot;         /* Brogue: its place in the attach order (rf_place_attach_order) */
    int budget;       /* Brogue: accretion attempts it may still take */
    bool retry;       /* drawn, on a level's retry: reserved as a forced room is */
    bool pre;         /* drawn, on a digger that does not attach templates
                       * (rf_place_opts.reserve_drawn): reserved before digging
                       * where a box with a free ring is found, else fitted */
    bool tried;       /* retry: its reservation was tried (place_reserve.c) */
    bool reserved;    /* forced or retry: its box was kept free before digging
                       * (place_reserve.c) */
    int room;         /* the room record id once placed */
    int ox, oy, orient;
    unsigned orients; /* the orientations it may take (rf_place_orient_mask) */
    rf_tview views[RF_ORIENT_COUNT]; /* drawn on first use (cells NULL before) */
    /* the template in its own coordinates, made with the first view and
     * mapped by every view (place.c): its cells, the cells its doors reach,
     * and each cell's class (view lists) on the box grown by one */
    char *cells0;
    uint8_t *reach0;
    signed char *class0;
} rf_plan_entry;

/* pl->prot marks: a cell of a placed template (or the front of a door in
 * use), an unused door of one, and the rock in front of an unused door,
 * which no template may cover or wall off but a corridor may cross. */
/* RF_PROT_RESERVED marks the box of a forced room reserved before digging
 * (stamped after it): nothing else covers it, not even a shared wall. */
enum { RF_PROT_CELL = 1, RF_PROT_DOOR = 2, RF_PROT_FRONT = 3, RF_PROT_RESERVED = 4 };
/* True when prot mark m belongs to a placed template (not a door's front). */
static inline bool rf_prot_is_template(uint8_t m)
{
    return m == RF_PROT_CELL || m == RF_PROT_DOOR || m == RF_PROT_RESERVED;
}

struct rf_placer {
    rf_grid *g;             /* the level's, retained */
    rf_room_list *rooms;    /* its room records */
    rf_placed_list *objs;   /* its objects */
    rf_place_opts po;       /* a copy: templates, forced names, depth, seed, ... */
    rf_plan_entry *plan;
    size_t *order;      /* plan indexes in attach order (rf_place_attach_order) */
    size_t attach_from; /* rf_place_attach_step: entries of order before it are done */
    size_t n, cap;
    uint8_t *prot;   /* w*h RF_PROT_* marks (0: free) */
    int *queue, *from; /* w*h BFS buffers for fit corridors */
    int *label;      /* w*h walkable region labels; the cut test's set parents */
    unsigned *seen;  /* w*h visit stamps of the fit's searches (== round: seen) */
    unsigned round;
    uint8_t *locked; /* w*h: 1 in the boxes of locked rooms (set by the fit) */
    uint8_t walk[256]; /* by tile byte: walkable and no hazard (no route may
                        * depend on a chasm's edge or brimstone) */
    uint8_t *mark;   /* w*h */
    rf_tile terrain[RF_SYMBOL_TERRAINS]; /* what W, L, I, G become (profile map) */
    bool wall_corridors; /* the digger walls its corridors (Brogue) */
    uint8_t *keep;   /* w*h, NULL without reservations: 1 on a reserved box,
                        2 on the ring of one tile around it (diggers keep out) */
    rf_rng rng;      /* stream "place": choice and fit */
    struct rf_luavm *vm; /* <validate>'s sandbox, made on first use (place_vary.c) */
};


/* The view of entry e in orientation o, drawn on first use; NULL when
 * memory runs out. */
const rf_tview *rf_place_view(rf_plan_entry *e, int o);
/* Frees what rf_place_view made for e (its views and template data). */
void rf_place_entry_views_free(rf_plan_entry *e);
/* The orientations t may take (bit o: orientation o) under the profile's
 * orient mode (RF_PLACE_ORIENT_*): its rotate/mirror permissions, none but
 * 0, or all eight. */
unsigned rf_place_orient_mask(const rf_template *t, int mode);
/* True when entry e may take orientation o. */
bool rf_place_orient_ok(const rf_plan_entry *e, int o);
/* The rf_dir a door on side s opens towards, turned with orientation o. */
int rf_place_door_dir(rf_side s, int o);

/* The origin (ox, oy) puts view v on the level without collision: every
 * cell it draws lands on rock (or, with over_floor, on floor, wall or door
 * of no template: the caller then checks the level stays connected), wall-like
 * cells also on wall; no open cell touches an open tile of the level
 * outside v; its box interior meets no other template's nor a locked
 * room's; nothing but a shared wall lands on a cell in prot. */
bool rf_place_fits(const rf_placer *pl, const rf_tview *v, int ox, int oy, bool over_floor);
/* Draws v at (ox, oy) as room `room`: terrain (used_door: the index of the
 * door in use, or -1; every other door becomes wall), room ids on open
 * cells, walls on the rock around them, prot marks on every drawn cell. */
void rf_place_stamp(rf_placer *pl, const rf_tview *v, int ox, int oy, int room, int used_door);
/* Puts door k of v at (ox, oy) in use: a door tile, and the tile in front
 * of it marked in prot, so no later template covers it. */
void rf_place_door_open(rf_placer *pl, const rf_tview *v, int ox, int oy, size_t k);
/* Records e as placed at (ox, oy) in orientation o as room id. */
void rf_place_record(rf_placer *pl, rf_plan_entry *e, int room, int ox, int oy, int o);

/* Joins door k of v at (ox, oy) to the level: a corridor from the tile in
 * front of it to the nearest walkable tile (place_fit.c), then the door
 * opened. false, changing nothing, when no corridor reaches the level. */
bool rf_place_join_door(rf_placer *pl, const rf_tview *v, int ox, int oy, size_t k);
/* True when template t fits a w x h level (its box inside the border and
 * one door's front too) in an orientation of mask (rf_place_orient_mask); *need_w x *need_h: the smallest level (not
 * smaller than w x h) where it would, orients: the orientations of mask, as
 * "0, 1, 2". */
bool rf_place_template_fits(const rf_template *t, unsigned mask, int w, int h, int *need_w,
                            int *need_h, char *orients, size_t cap);
/* Chooses a box for every forced entry, then every retry entry, before
 * digging (stream "reserve"), marks prot and pl->keep. RF_OK or
 * RF_ERR_NOMEM; an entry with no box left stays pending (the fit tries it
 * after digging). */
rf_status rf_place_reserve(rf_placer *pl);
/* Sets pl->order, the order accretion offers the entries its attempts
 * (place_attach.c), and each entry's slot, its first attempt;
 * RF_ERR_NOMEM. */
rf_status rf_place_attach_order(rf_placer *pl);
/* After digging: draws every reserved entry in its box and joins its doors.
 * RF_OK or RF_ERR_NOMEM. */
rf_status rf_place_stamp_reserved(rf_placer *pl);

/* Fit: places every entry still pending into free rock, its doors joined by
 * corridors (place_fit.c). RF_OK or RF_ERR_NOMEM. */
rf_status rf_place_fit_pending(rf_placer *pl);
/* Objects of every placed template (place_objects.c); hordes (may be NULL)
 * names template hordes and zoo monsters and holds the decorations of P, @
 * and ^ (NULL: the bundled ones). decoration-missing warnings go to d (may
 * be NULL). RF_OK or RF_ERR_NOMEM. */
rf_status rf_place_objects_with(rf_placer *pl, rf_rng *cosmetic,
                                const struct rf_horde_table *hordes, rf_diags *d);

/* Rooms that vary (place_vary.c): whether the plan holds a room of t's
 * <unique> group (any scope); the variant of varying entry e drawn (e->t,
 * e->own), or e refused with RF_PLACE_VALIDATE. false when memory ran out. */
bool rf_place_plan_has_unique(const rf_placer *pl, const rf_template *t);
/* Whether t is a scope="run" room of a group o's used groups hold (placed on
 * an earlier level of the run, DESIGN 18; compared ignoring case, as the
 * plan's groups are). scope="level" rooms: always false. */
bool rf_place_run_has_group(const rf_place_opts *o, const rf_template *t);
bool rf_place_draw_variant(rf_placer *pl, rf_plan_entry *e);

#endif /* RF_PLACE_INT_H */
