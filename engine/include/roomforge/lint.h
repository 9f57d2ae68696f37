/* roomforge/lint.h: the checks that need more than one room: script types
 * against a registry of condition and action types.
 *
 * Pipeline: load -> lint. Loading already checks each room on its own
 * (template_check.c). Which condition and action types exist depends on the rule
 * VM (designers register new ones in Lua), so that check takes a registry:
 * the built-in Dredmor types, or the rule VM's (rules.h).
 */
#ifndef RF_LINT_H
#define RF_LINT_H

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"

RF_BEGIN_C

/* A registry of script types; names are compared lower-cased. */
typedef struct rf_script_types {
    void *ud;
    bool (*has_condition)(void *ud, const char *type);
    bool (*has_action)(void *ud, const char *type);
} rf_script_types;

/* The ten Dredmor conditions and the six actions plus `trigger`. Static. */
RF_API const rf_script_types *rf_script_types_builtin(void);

/* Reports unknown-condition and unknown-action for every XML script clause of
 * every template in set whose type types does not know. RF_OK when none,
 * RF_ERR_CONTENT when at least one was reported. */
RF_API RF_NODISCARD rf_status rf_lint_script_types(const rf_template_set *set,
                                                   const rf_script_types *types, rf_diags *d);

RF_END_C
#endif /* RF_LINT_H */
