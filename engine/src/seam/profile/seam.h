/* engine/src/seam/profile/seam.h: the profile stage's one shared header:
 * what the later stages, the tests and the benchmarks use of it beyond the
 * public API: a profile's recipe text and the bounds of every step key.
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_PROFILE_H
#define RF_SEAM_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/profile.h"

/* What the level stage reads of a loaded
 * profile beyond the public accessors: recipe text and source lines.
 *
 * Pipeline: profile -> level (recipe.c, level_gen.c, level_trial.c), so
 * recipe problems are reported at the profiles file's lines; pack layers sets.
 */
/* A file recipe's text (*len bytes) and its path as diagnostics name it
 * (*file), read when the profiles file was loaded; NULL for a recipe named
 * by its bundled name. Valid until p's set is freed. */
const char *rf_profile_recipe_text(const rf_profile *p, size_t *len, const char **file);
/* The profiles file p was loaded from (its name as given to the loader) and
 * the line of its <profile> element (*line, 1-based). Valid until p's set
 * is freed. */
const char *rf_profile_file(const rf_profile *p, int *line);
/* The last profiles file loaded into s (through rf_profile_set_take too)
 * and the line of its <profiles> element (*line), for diagnostics about
 * the set as a whole (unknown-profile); NULL (line 0) when none was. */
const char *rf_profile_set_file(const rf_profile_set *s, int *line);
/* The line of p's ith parameter row (rf_profile_key_at), 0 past the end. */
int rf_profile_line_at(const rf_profile *p, size_t i);

/* Layers src over s (content packs, rf_pack_load): each profile of src
 * replaces the one of s with its name where it stands, or is appended;
 * src's population tables, when it has any, replace s's whole. Frees src
 * (taken even on failure). RF_OK, or RF_ERR_NOMEM with s unchanged. */
rf_status rf_profile_set_take(rf_profile_set *s, rf_profile_set *src);

/* The documented range of every
 * parameter a bundled step reads, so no number in content buys unbounded work.
 *
 * Pipeline: profile (checked at load) and level (checked when a recipe passes
 * a table to a step). Ranges are for the 79x29 reference level; the diggers
 * scale counts by the level's area at most. docs/reference.md, Profiles.
 */
typedef struct rf_param_bound {
    const char *key;
    int lo, hi; /* both ends of a value or range must lie in lo..hi */
} rf_param_bound;

/* The bound of key, or NULL for a key no bundled step reads (a recipe file's
 * own numbers: any 0..RF_PARAM_MAX). */
const rf_param_bound *rf_param_bound_find(const char *key);
/* The ith bound in table order, NULL past the end (for docs and tests). */
const rf_param_bound *rf_param_bound_at(size_t i);
/* True when lo..hi lies inside key's bound (always for an unbounded key). */
bool rf_param_bound_ok(const char *key, int lo, int hi);

#endif /* RF_SEAM_PROFILE_H */
