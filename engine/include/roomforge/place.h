/* roomforge/place.h: the placer's rules a caller or test can ask about
 * without generating a level: which templates a level gets, why one is out.
 *
 * Pipeline: place, run by rf_level_generate's recipe steps when the options
 * carry a template set. How many, at which depth and by which weight:
 * docs/reference.md, "The placer: templates in levels".
 */
#ifndef RF_PLACE_H
#define RF_PLACE_H

#include "roomforge/common.h"
#include "roomforge/template.h"

RF_BEGIN_C

/* Why a template was not placed. */
/* Accretion attempts the placer gives each template it draws (forced ones
 * are not limited); the level's work budget counts them. */
#define RF_PLACE_BUDGET_DRAWN 40
/* Draws of a varying room's variant before it is refused (DESIGN 16). */
#define RF_PLACE_VARIANT_TRIES 20

typedef enum rf_place_why {
    RF_PLACE_OK = 0,
    RF_PLACE_DEPTH,   /* its minLevel/maxLevel exclude the depth */
    RF_PLACE_SIZE,    /* larger than the level in every allowed orientation */
    RF_PLACE_DOORS,   /* no door to stitch it with */
    RF_PLACE_SPECIAL, /* special, and already on the level */
    RF_PLACE_BUDGET,  /* no place found within the attempt budget */
    RF_PLACE_VALIDATE, /* varying (DESIGN 16): no variant drawn passed its checks and
                        * <validate> in RF_PLACE_VARIANT_TRIES draws */
    RF_PLACE_WHY_COUNT
} rf_place_why;

/* A short English phrase for why ("its depth range", ...). */
RF_API const char *rf_place_why_text(rf_place_why why);
/* A one-word key for why ("placed", "depth", "size", "doors", "special",
 * "budget", "validate"), as `roomforge stats` tallies refusals. */
RF_API const char *rf_place_why_key(rf_place_why why);

/* What became of one template the placer planned for a level (forced, or
 * drawn by weight), in plan order: forced rooms first, then each draw. */
typedef struct rf_place_entry {
    const rf_template *t;
    bool forced;
    bool placed;
    rf_place_why why; /* RF_PLACE_OK when placed, else why it was not */
} rf_place_entry;

/* True when t may appear at 1-based depth: minLevel <= depth-1 <= maxLevel. */
RF_API bool rf_place_depth_ok(const rf_template *t, int depth);
/* Why t can never go on a w x h level at depth with the profile's orient
 * (RF_PLACE_ORIENT_*, below): RF_PLACE_DEPTH, _DOORS, _SIZE, in that
 * order; RF_PLACE_OK when the placer may draw it there (if its weight is
 * above 0): the test every draw makes. */
RF_API rf_place_why rf_place_static_why(const rf_template *t, int orient, int depth, int w, int h);

/* The templates a level of w x h draws at the reference count range lo-hi:
 * lo and hi scaled by the area over 79x29 (never below the range), the
 * pair written to *scaled_lo, *scaled_hi. */
RF_API void rf_place_count_range(int lo, int hi, int w, int h, int *scaled_lo, int *scaled_hi);

/* Profile parameter values for W/L/I/G remapping ("water-tile",
 * "lava-tile", "ice-tile", "goo-tile"): 0 floor, 1 water W, 2 ice I, 3 goo
 * G, 4 acid A, 5 lava L, 6 deep water, 7 shallow water. */
#define RF_PLACE_TERRAIN_CODES 8

/* Profile parameter "orient" (DESIGN 12), written template, none or any in
 * profiles.xml: the orientations a template may take. template (default):
 * what its rotate/mirror permissions allow; none: only as drawn; any: all
 * eight, whatever it says. */
enum { RF_PLACE_ORIENT_TEMPLATE = 0, RF_PLACE_ORIENT_NONE = 1, RF_PLACE_ORIENT_ANY = 2 };

RF_END_C
#endif /* RF_PLACE_H */
