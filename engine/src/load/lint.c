/* engine/src/load/lint.c: script clause types checked against a registry.
 *
 * Pipeline: load -> lint; reports unknown-condition and unknown-action for
 * loaded templates. Design: the registry is two callbacks (built-in: the
 * tables of script_types.c; or the types a world registered in Lua).
 * Seeds: dredmor-room-system.txt sections 3 and 4.
 */
#include <string.h>

#include "roomforge/lint.h"
#include "core/text.h"
#include "load/script_types.h"

static bool builtin_has_condition(void *ud, const char *type)
{
    (void)ud;
    return rf_script_condition_spec(type) != NULL;
}

static bool builtin_has_action(void *ud, const char *type)
{
    (void)ud;
    return rf_script_action_spec(type) != NULL;
}

static const rf_script_types builtin = {NULL, builtin_has_condition, builtin_has_action, true};

const rf_script_types *rf_script_types_builtin(void) { return &builtin; }

/* The built-in type nearest to type, for a did-you-mean (rf_text_near);
 * NULL when none is near. */
static const char *nearest_type(const char *type, bool action)
{
    const rf_clause_spec *spec;
    rf_text_near n;
    size_t i;
    rf_text_near_init(&n, type);
    for (i = 0; (spec = action ? rf_script_action_at(i) : rf_script_condition_at(i)) != NULL;
         i++)
        rf_text_near_try(&n, spec->type);
    return n.pick;
}

/* Reports clauses whose type the registry lacks, named as the author wrote
 * them, with the built-in type most likely meant; returns how many errors. */
static size_t check_clauses(const rf_template *t, const rf_clause *cl, size_t n,
                            const rf_script_types *types, bool action, rf_diags *d)
{
    size_t i, errors = 0;
    const char *code = action ? "unknown-action" : "unknown-condition";
    bool (*has)(void *, const char *) = action ? types->has_action : types->has_condition;
    for (i = 0; i < n; i++) {
        const char *type = cl[i].type ? cl[i].type : "", *near, *written;
        if (has && has(types->ud, type))
            continue;
        if (!rf_diags_is_enabled(d, code))
            continue;
        written = rf_attrs_find(cl[i].attrs, cl[i].nattrs, action ? "actiontype" : "conditiontype");
        near = nearest_type(type, action);
        /* not a misspelt built-in and no scripts directory: an extension type */
        (void)rf_diag_add(d, code, rf_template_file(t) ? rf_template_file(t) : "", cl[i].line,
                          cl[i].col, "room '%s' uses %s type '%s', which no registered %s has%s%s%s",
                          rf_template_name(t), action ? "action" : "condition",
                          written ? written : type, action ? "action" : "condition",
                          near ? "; did you mean '" : "", near ? near : "",
                          near ? "'?" : types->suggest_scripts ? "; did you forget `--scripts`?" : "");
        errors++;
    }
    return errors;
}

rf_status rf_lint_template_script_types(const rf_template *t, const rf_script_types *types,
                                        rf_diags *d)
{
    size_t s, errors = 0;
    if (!t || !types || !d)
        return RF_ERR_ARG;
    for (s = 0; s < rf_template_script_count(t); s++) {
        const rf_script *sc = rf_template_script(t, s);
        if (sc->lang != RF_SCRIPT_XML)
            continue;
        errors += check_clauses(t, sc->conditions, sc->nconditions, types, false, d);
        errors += check_clauses(t, sc->actions, sc->nactions, types, true, d);
    }
    return errors ? RF_ERR_CONTENT : RF_OK;
}

rf_status rf_lint_script_types(const rf_template_set *set, const rf_script_types *types,
                               rf_diags *d)
{
    rf_status worst = RF_OK;
    size_t i;
    if (!set || !types || !d)
        return RF_ERR_ARG;
    for (i = 0; i < rf_template_set_count(set); i++)
        if (rf_lint_template_script_types(rf_template_set_at(set, i), types, d) != RF_OK)
            worst = RF_ERR_CONTENT;
    return worst;
}
