/* engine/src/load/vary_int.h: rooms that vary (DESIGN 16) inside the load
 * stage: parsing <vary>'s attribute texts, drawing a variant, checking one.
 *
 * Pipeline: load; vary_parse.c serves load_vary.c, vary_expand.c and
 * vary_check.c serve load_room.c (every variant checked at load, as lint
 * does) and the public rf_template_variant (template.h); vary_subroom.c
 * fills <subroom> boxes, vary_link.c finds their rooms once the set is whole.
 * Design: a variant is an rf_template of its own in one heap block, sharing
 * its template's strings, scripts and cell positions (what subrooms bring
 * in its own arena): every check and the placer read it as any template.
 */
#ifndef RF_VARY_INT_H
#define RF_VARY_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/diag.h"
#include "core/seam.h"
#include "template_int.h"

/* Variant seeds lint and every load expand and check (DESIGN 16). */
#define RF_VARY_LINT_SEEDS 64

/* A placeholder glyph: printable ASCII, no space, no map symbol. */
bool rf_vary_is_placeholder(char c);
/* A glyph a choice may name: printable ASCII, no space. */
bool rf_vary_is_glyph(char c);
/* subst's choices ("W:3 .:1 %", weight 1 when not given) or, with counts,
 * nsubst's ("2=W / 1=L / *=."), into out (RF_VARY_MAX_PICKS). false with
 * why filled when the text is malformed. */
bool rf_vary_parse_picks(const char *s, bool counts, rf_vary_pick *out, size_t *n, char *why,
                         size_t why_cap);
/* shuffle's groups ("AB / CE"): out gets the glyphs group after group
 * (cap bytes), *ngroups and *glen their count and common length. */
bool rf_vary_parse_groups(const char *s, char *out, size_t cap, size_t *ngroups, size_t *glen,
                          char *why, size_t why_cap);
/* "A-B" or "A" (1-based depths), A <= B. */
bool rf_vary_parse_depths(const char *s, int *lo, int *hi);

/* The doors of t's map (D opens north when nothing is above it, d west when
 * nothing is left of it) into out, in row-major order; out NULL: counted. */
size_t rf_vary_doors(const rf_template *t, rf_door *out);
/* Draws variant number v of t (a varying template) into a new heap block:
 * steps in order, doors, anchors and at= objects from the new cells.
 * Validate steps are not run here. *unresolved gets the first cell (x, y)
 * still holding a placeholder, or -1. NULL when memory runs out. */
rf_template *rf_vary_expand(const rf_template *t, uint32_t v, int *ux, int *uy);

/* The same at subroom depth depth (0 for a room drawn itself): a
 * <subroom> step fills its box only below RF_VARY_SUBROOM_DEPTH. */
rf_template *rf_vary_expand_at(const rf_template *t, uint32_t v, int depth, int *ux, int *uy);

/* What the subrooms of one variant bring (vary_subroom.c): objects and
 * scripts, their ids, rewritten clauses and the inner variants' own
 * arenas in arena, which the variant takes (rf_template.own). */
typedef struct rf_vary_extra {
    rf_object *objs;
    size_t nobjs, objs_cap;
    rf_script *scripts;
    size_t nscripts, scripts_cap;
    rf_arena arena;
} rf_vary_extra;
void rf_vary_extra_fini(rf_vary_extra *x);
/* Whether t allows orientation k (DESIGN 12): turns with rotate="1",
 * mirrored ones with mirror="1". */
bool rf_vary_orient_allowed(const rf_template *t, int k);
/* Fills subroom step st's box in cells (w wide) with one of its candidates
 * drawn from r, turned, its own variant drawn at depth + 1; its objects and
 * scripts into x. Leaves the box as it is with no candidate or at the depth
 * limit. false when memory ran out. */
bool rf_vary_fill_subroom(const rf_vary_step *st, char *cells, int w, rf_rng *r, int depth,
                          rf_vary_extra *x);

/* Checks variants 0 .. RF_VARY_LINT_SEEDS - 1 of t as rooms (the checks of
 * rf_template_check_walls, vary-unresolved, vary-object-blocked) and reports
 * to d the diagnostics of the first variant with an error or a warning,
 * each message led by "variant N: ". The errors reported, or SIZE_MAX when
 * memory ran out. */
size_t rf_vary_check(const rf_template *t, rf_diags *d, bool thin_walls);
/* The same for the one variant vt of its template: errors reported. */
size_t rf_vary_check_one(const rf_template *vt, rf_diags *d, bool thin_walls);

#endif /* RF_VARY_INT_H */
