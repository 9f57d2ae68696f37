/* engine/src/load/lint.c: script clause types checked against a registry.
 *
 * Pipeline: load -> lint; reports unknown-condition and unknown-action for
 * loaded templates and machine blueprints. Design: the registry is two
 * callbacks (built-in: the tables of script_types.c; or the types a world
 * registered in Lua).
 * Seeds: dredmor-room-system.txt sections 3 and 4.
 */
#include <stdio.h>
#include <string.h>

#include "roomforge/lint.h"
#include "roomforge/machines.h"
#include "core/seam.h"
#include "load/seam.h"

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
 * NULL when none is near. *certain: lint --fix may write it. */
static const char *nearest_type(const char *type, bool action, bool *certain)
{
    const rf_clause_spec *spec;
    rf_text_near n;
    size_t i;
    rf_text_near_init(&n, type);
    for (i = 0; (spec = action ? rf_script_action_at(i) : rf_script_condition_at(i)) != NULL;
         i++)
        rf_text_near_try(&n, spec->type);
    *certain = rf_text_near_certain(&n);
    return n.pick;
}

/* The clause's *_type attribute as written (name and value). */
static const rf_attr *type_attr(const rf_clause *cl, bool action)
{
    size_t i;
    for (i = 0; i < cl->nattrs; i++)
        if (strcmp(cl->attrs[i].key, action ? "actiontype" : "conditiontype") == 0)
            return &cl->attrs[i];
    return NULL;
}

/* Reports clauses whose type the registry lacks, named as the author wrote
 * them, with the built-in type most likely meant; returns how many errors. */
static size_t check_clauses(const char *file, const char *owner, const rf_clause *cl, size_t n,
                            const rf_script_types *types, bool action, rf_diags *d)
{
    size_t i, errors = 0;
    const char *code = action ? "unknown-action" : "unknown-condition";
    bool (*has)(void *, const char *) = action ? types->has_action : types->has_condition;
    for (i = 0; i < n; i++) {
        const char *type = cl[i].type ? cl[i].type : "", *near, *written;
        const rf_attr *ta;
        size_t at;
        bool certain;
        if (has && has(types->ud, type))
            continue;
        if (!rf_diags_is_enabled(d, code))
            continue;
        ta = type_attr(&cl[i], action);
        written = ta ? ta->value : NULL;
        near = nearest_type(type, action, &certain);
        at = rf_diags_count(d);
        /* not a misspelt built-in and no scripts directory: an extension type */
        (void)rf_diag_add(d, code, file, cl[i].line, cl[i].col,
                          "%s uses %s type '%s', which no registered %s has%s%s%s", owner,
                          action ? "action" : "condition",
                          written ? written : type, action ? "action" : "condition",
                          near ? "; did you mean '" : "", near ? near : "",
                          near ? "'?" : types->suggest_scripts ? "; did you forget `--scripts`?" : "");
        /* lint --fix writes the built-in type meant when no other is as near */
        if (certain && ta && written && rf_diags_count(d) > at)
            (void)rf_diags_set_fix(d, at, ta->name, written, near);
        errors++;
    }
    return errors;
}

/* The clauses of the XML scripts sc[0, n) of owner ("room 'X'"), in file;
 * how many errors. */
static size_t check_scripts(const char *file, const char *owner, const rf_script *sc, size_t n,
                            const rf_script_types *types, rf_diags *d)
{
    size_t s, errors = 0;
    for (s = 0; s < n; s++) {
        if (sc[s].lang != RF_SCRIPT_XML)
            continue;
        errors += check_clauses(file, owner, sc[s].conditions, sc[s].nconditions, types, false, d);
        errors += check_clauses(file, owner, sc[s].actions, sc[s].nactions, types, true, d);
    }
    return errors;
}

rf_status rf_lint_template_script_types(const rf_template *t, const rf_script_types *types,
                                        rf_diags *d)
{
    char owner[320];
    if (!t || !types || !d)
        return RF_ERR_ARG;
    if (rf_template_script_count(t) == 0)
        return RF_OK;
    snprintf(owner, sizeof owner, "room '%s'", rf_template_name(t));
    return check_scripts(rf_template_file(t) ? rf_template_file(t) : "", owner,
                         rf_template_script(t, 0), rf_template_script_count(t), types, d)
               ? RF_ERR_CONTENT
               : RF_OK;
}

rf_status rf_lint_machines_script_types(const rf_machines *m, const rf_script_types *types,
                                        rf_diags *d)
{
    char owner[320];
    size_t i, errors = 0;
    if (!m || !types || !d)
        return RF_ERR_ARG;
    for (i = 0; i < rf_machines_count(m); i++) {
        const rf_blueprint *b = rf_machines_at(m, i);
        if (rf_blueprint_script_count(b) == 0)
            continue;
        snprintf(owner, sizeof owner, "blueprint '%s'", rf_blueprint_name(b));
        errors += check_scripts(rf_blueprint_file(b, NULL), owner, rf_blueprint_script_at(b, 0),
                                rf_blueprint_script_count(b), types, d);
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
