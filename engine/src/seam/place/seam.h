/* engine/src/seam/place/seam.h: the place stage's one shared header: what
 * the later stages, the tests and the benchmarks use of it beyond the public
 * API: the placer as the level stage drives it.
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_PLACE_H
#define RF_SEAM_PLACE_H

#include "roomforge/diag.h"
#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/place.h"
#include "roomforge/placed.h"
#include "roomforge/template.h"

#include "dig/seam.h"

/* The placer as the level stage drives it.
 *
 * Pipeline: place, called by the recipe steps with the level's grid, rooms,
 * objects and plain option values (the placer never reads the profile):
 * plan before digging, attach during Brogue accretion, fit after.
 */
struct rf_horde_table;

typedef struct rf_placer rf_placer; /* one level's placement, opaque */

typedef struct rf_place_opts {
    const rf_template_set *templates; /* borrowed; NULL: nothing is placed */
    const char *const *rooms;         /* nrooms forced template names */
    size_t nrooms;
    int depth;                        /* 1-based */
    uint64_t seed;                    /* the level's stream seed (rf_rng_depth_seed):
                                       * seeds stream "place" */
    int terrain[4];   /* what W, L, I, G become: RF_PLACE_TERRAIN_CODES values */
    int count_lo, count_hi; /* templates drawn at 79x29, scaled to the level */
    int orient;             /* RF_PLACE_ORIENT_* (place.h): the profile's orient */
    const char *const *used; /* nused names of special templates a run placed on
                              * earlier levels: never drawn (forced ones still go) */
    size_t nused;
    const char *const *used_groups; /* nused_groups unique groups of scope="run"
                                     * a run placed on earlier levels: a
                                     * scope="run" room of one is never drawn */
    size_t nused_groups;
    bool force_variant;     /* every varying room drawn as variant `variant` (gen
                             * --variant N); else numbers from stream "place" */
    uint32_t variant;
    /* The retry of a level (level_gen.c): retry[i] true for a drawn entry i
     * of the plan (plan order) that found no place on the first run; it is
     * reserved before digging as a forced room is. NULL: none. */
    const bool *retry;
    size_t nretry;
    /* Every drawn entry reserved before digging as a retried one is (the
     * diggers that do not attach templates: NetHack, DungeonMaker), so the
     * fit after digging takes only what found no box. */
    bool reserve_drawn;
    /* While the plan draws at most this many entries, a drawn entry the
     * fit's random tries miss is looked for at every origin, as a forced
     * room is: the level would otherwise be made again for it (level
     * stage, rf_recipe_worth_retry), a whole level's work. 0: never. */
    size_t scan_upto;
} rf_place_opts;

/* Defaults: no templates, depth 1, seed 1, W L I G as water, lava, ice, goo
 * (codes 1, 5, 2, 3), 1-3 templates drawn. */
void rf_place_opts_init(rf_place_opts *po);

/* Makes the plan for a level whose grid g is allocated and not dug yet:
 * forced rooms first, then the drawn count. g, rooms and objs are retained
 * until rf_place_free. Forced rooms that cannot go on this level at all are
 * reported to d (unknown-room, room-not-placed): RF_ERR_CONTENT; RF_ERR_NOMEM.
 * *out is set in both cases and on RF_OK; the caller frees it (NULL only when
 * memory ran out before it existed). */
rf_status rf_place_begin(rf_grid *g, rf_room_list *rooms, rf_placed_list *objs,
                         const rf_place_opts *po, rf_diags *d, rf_placer **out);
/* After digging: fits what is still pending (wall_corridors: the digger walls
 * its corridors, as Brogue does), reports what stayed out (room-not-placed
 * for forced rooms, then RF_ERR_CONTENT; room-skipped notes for drawn ones)
 * and places the objects of the placed templates (hordes NULL: the bundled
 * tables; decoration-missing warnings to d). */
rf_status rf_place_finish(rf_placer *pl, bool wall_corridors, rf_rng *cosmetic,
                          const struct rf_horde_table *hordes, rf_diags *d);
/* The keep-out mask of the rooms reserved before digging, forced ones and
 * retried drawn ones (w*h: 1 on a reserved box, 2 on the one-tile ring
 * around it; 0 elsewhere), which the digger must leave as it is; NULL when
 * nothing is reserved. Valid until rf_place_free. */
const uint8_t *rf_place_keep_out(const rf_placer *pl);
/* True when some planned template is forced, reserved or already placed:
 * the level must call rf_place_finish before it is whole. */
bool rf_place_is_started(const rf_placer *pl);
/* The plan's entries (place.h's rf_place_entry), in plan order, for the
 * level's record of what became of each template; 0 for NULL. */
size_t rf_place_entry_count(const rf_placer *pl);
void rf_place_entry_at(const rf_placer *pl, size_t i, rf_place_entry *out);
void rf_place_free(rf_placer *pl);
/* Hands the variants of varying rooms the plan drew (DESIGN 16) to the
 * caller, who frees each with rf_template_variant_free once nothing reads
 * the level's room records (rf_room_rec.tmpl points at them): *out gets a
 * heap array of *n (rf_free it; NULL when none). RF_OK or RF_ERR_NOMEM
 * (the placer keeps them then and frees them itself). */
rf_status rf_place_take_variants(rf_placer *pl, rf_template ***out, size_t *n);

/* Brogue: the accretion hook (place_attach.c); ud is the rf_placer. */
bool rf_place_attach_step(void *ud, rf_brogue *d, int attempt);

#endif /* RF_SEAM_PLACE_H */
