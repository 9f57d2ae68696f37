/* engine/src/seam/dig/brogue.h: the Brogue digger as the stages above it see it.
 *
 * Pipeline: dig -> place and level. The level stage runs a Brogue dig stage by
 * stage (rf_brogue_run); the placer attaches templates during accretion through
 * the hook below and the few operations on the working state it needs. The
 * working state itself (struct rf_brogue) stays inside engine/src/dig/brogue.
 */
#ifndef RF_SEAM_DIG_BROGUE_H
#define RF_SEAM_DIG_BROGUE_H

#include <stdint.h>

#include "roomforge/brogue.h"
#include "roomforge/grid.h"
#include "roomforge/rng.h"

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
rf_status rf_brogue_run_finish(rf_brogue_run *r, const rf_brogue_params *p, int *choke);
const rf_brogue_info *rf_brogue_run_info(const rf_brogue_run *r);
void rf_brogue_run_free(rf_brogue_run *r);

/* rf_brogue_dig with the placer's hook (NULL: rf_brogue_dig itself). */
rf_status rf_brogue_dig_attach(rf_grid *g, rf_room_list *rooms, const rf_brogue_params *p,
                               const rf_design_row *designs, size_t ndesigns, rf_rng *layout,
                               rf_rng *cosmetic, int *choke, rf_brogue_info *info,
                               const rf_brogue_attach *attach);

/* The same map for any grid, with scratch of its own: RF_OK or RF_ERR_NOMEM. */
rf_status rf_chokepoints(const rf_grid *g, int *choke);

#endif /* RF_SEAM_DIG_BROGUE_H */
