/* engine/src/seam/world/seam.h: the world stage's one shared header: what
 * the later stages, the tests and the benchmarks use of it beyond the public
 * API: the lint world that runs a room's rules.
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_WORLD_H
#define RF_SEAM_WORLD_H

#include <stdbool.h>

#include "roomforge/world.h"

/* Lint of room scripts one room at a time.
 *
 * Pipeline: world owns it (world_lint.c); the pack stage's streaming lint
 * (rf_lint_paths) hands it each room as the loader lets it go, and
 * rf_world_lint_rooms walks a whole set with it. Design: one linter keeps the
 * registries, a shared world of XML rooms and the lint world of Lua rooms,
 * so one room's script state is held at a time.
 */
typedef struct rf_world_linter rf_world_linter;

/* A linter with opts (NULL: defaults); extension files of opts->scripts_dir
 * are reported to d here, once. With compile_all, XML scripts of built-in
 * clauses are compiled in a world too (tests). RF_OK; RF_ERR_CONTENT when an
 * extension was reported (the linter works, with the others); RF_ERR_IO or
 * RF_ERR_NOMEM with *out NULL. */
rf_status rf_world_linter_new(const rf_world_opts *opts, bool compile_all, rf_diags *d,
                              rf_world_linter **out);
/* Checks template t, as rf_world_lint does each: clause types against the
 * registries (unknown-condition, unknown-action), XML scripts of extension
 * types compiled, Lua chunks run once. RF_OK, RF_ERR_CONTENT when t had a
 * script left out, RF_ERR_NOMEM. */
rf_status rf_world_linter_room(rf_world_linter *l, const rf_template *t, rf_diags *d);
/* Whether rf_world_linter_room has anything to check in t: false for a room
 * without Lua whose XML clauses are all built-in types (the loader's checker
 * saw all of it), so a caller may skip it; reading l only, from any thread. */
bool rf_world_linter_needs(const rf_world_linter *l, const rf_template *t);
void rf_world_linter_free(rf_world_linter *l);

#endif /* RF_SEAM_WORLD_H */
