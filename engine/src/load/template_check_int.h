/* engine/src/load/template_check_int.h: the semantic checks of one loaded room.
 *
 * Pipeline: load; load_room.c calls rf_template_check on every room it builds;
 * a room with errors is skipped, one with warnings kept.
 */
#ifndef RF_TEMPLATE_CHECK_INT_H
#define RF_TEMPLATE_CHECK_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/diag.h"
#include "roomforge/template.h"

/* Reports every problem of t to d (codes in diag_codes.c) and returns how
 * many errors it reported. Unknown condition/action types are not reported
 * here (see lint.h: they depend on the rule VM's registry). */
size_t rf_template_check(const rf_template *t, rf_diags *d);
/* The same, for a caller that asked d once whether it takes wall-thin
 * (thin_walls) rather than at every room: the loader. */
size_t rf_template_check_walls(const rf_template *t, rf_diags *d, bool thin_walls);

#endif /* RF_TEMPLATE_CHECK_INT_H */
