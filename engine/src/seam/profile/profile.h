/* engine/src/seam/profile/profile.h: what the level stage reads of a loaded
 * profile beyond the public accessors: recipe text and source lines.
 *
 * Pipeline: profile -> level (recipe.c, level_gen.c, level_trial.c), so
 * recipe problems are reported at the profiles file's lines; pack layers sets.
 */
#ifndef RF_SEAM_PROFILE_PROFILE_H
#define RF_SEAM_PROFILE_PROFILE_H

#include <stddef.h>

#include "roomforge/profile.h"

/* A file recipe's text (*len bytes) and its path as diagnostics name it
 * (*file), read when the profiles file was loaded; NULL for a recipe named
 * by its bundled name. Valid until p's set is freed. */
const char *rf_profile_recipe_text(const rf_profile *p, size_t *len, const char **file);
/* The profiles file p was loaded from (its name as given to the loader) and
 * the line of its <profile> element (*line, 1-based). Valid until p's set
 * is freed. */
const char *rf_profile_file(const rf_profile *p, int *line);
/* The line of p's ith parameter row (rf_profile_key_at), 0 past the end. */
int rf_profile_line_at(const rf_profile *p, size_t i);

/* Layers src over s (content packs, rf_pack_load): each profile of src
 * replaces the one of s with its name where it stands, or is appended;
 * src's population tables, when it has any, replace s's whole. Frees src
 * (taken even on failure). RF_OK, or RF_ERR_NOMEM with s unchanged. */
rf_status rf_profile_set_take(rf_profile_set *s, rf_profile_set *src);

#endif /* RF_SEAM_PROFILE_PROFILE_H */
