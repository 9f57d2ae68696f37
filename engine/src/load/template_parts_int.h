/* engine/src/load/template_parts_int.h: the parts of a room its doors do not
 * reach, found and reported.
 *
 * Pipeline: load; template_check.c calls rf_template_check_parts for every
 * room whose doors it found well placed, so lint, show and every command
 * that loads content report the parts through one sink.
 */
#ifndef RF_TEMPLATE_PARTS_INT_H
#define RF_TEMPLATE_PARTS_INT_H

#include <stddef.h>

#include "roomforge/diag.h"
#include "roomforge/template.h"

/* Reports to d, at t's '<', one unreachable-part or diagonal-only-part
 * warning for each 4-connected part of t's open cells (open as the placer
 * draws them: rf_symbol_is_walled with used_digits) that holds no door cell,
 * naming its box and every object standing in it. A room without doors gets
 * none (no-doors says it). Returns how many faults it reported (none while
 * the codes are warnings). When memory runs out the parts are not reported. */
size_t rf_template_check_parts(const rf_template *t, unsigned used_digits, rf_diags *d);

#endif /* RF_TEMPLATE_PARTS_INT_H */
