/* engine/src/seam/vm/vary_validate.h: a varying room's <validate> chunks
 * run against one variant in the sandbox (DESIGN 16).
 *
 * Pipeline: vm owns it (vary_validate.c); the placer asks it of each variant
 * it draws, the world's linter of each lint seed. Design: the one sandbox
 * (DESIGN 8): forbidden list, budget, memory cap of rf_luavm.
 */
#ifndef RF_SEAM_VM_VARY_VALIDATE_H
#define RF_SEAM_VM_VARY_VALIDATE_H

#include <stdbool.h>

#include "roomforge/diag.h"
#include "roomforge/template.h"
#include "vm/luavm.h"

/* Runs every <validate> chunk of variant vt in order, each in a fresh
 * environment with connected(a, b), count(g), exits() and cell(x, y) over
 * vt's map; *pass is true when each returned a true value. RF_OK (*pass set);
 * RF_ERR_SCRIPT when a chunk failed: reported to d (when not NULL) at its
 * file line with the script-* code, *pass false; RF_ERR_ARG. */
rf_status rf_luavm_vary_validate(rf_luavm *vm, const rf_template *vt, bool *pass, rf_diags *d);

/* Lint (DESIGN 16): runs varying t's <validate> chunks on its variants 0-63
 * in a sandbox of its own. A chunk that fails to run is reported once (its
 * script-* code); none of the 64 passing is vary-validate at the first
 * <validate>. RF_OK, RF_ERR_CONTENT when either was reported, RF_ERR_NOMEM. */
#define RF_VARY_VALIDATE_SEEDS 64
rf_status rf_luavm_vary_lint(const rf_template *t, rf_diags *d);

#endif /* RF_SEAM_VM_VARY_VALIDATE_H */
