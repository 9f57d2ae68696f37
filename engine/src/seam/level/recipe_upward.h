/* engine/src/seam/level/recipe_upward.h: what profile.c still asks of the
 * recipe runner: an upward edge (profile -> level) the boundary check
 * reports, removed when profiles become data only (issue 11).
 */
#ifndef RF_SEAM_LEVEL_RECIPE_UPWARD_H
#define RF_SEAM_LEVEL_RECIPE_UPWARD_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/diag.h"
#include "roomforge/profile.h"

const char *rf_recipe_bundled(const char *name, size_t *len);
rf_status rf_recipe_check(const char *text, size_t len, const char *file, rf_diags *d);
bool rf_recipe_reads(const char *text, const char *key);
const char *rf_profile_recipe_text(const rf_profile *p, size_t *len, const char **file);

#endif /* RF_SEAM_LEVEL_RECIPE_UPWARD_H */
