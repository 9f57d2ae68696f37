/* engine/src/load/machines_ids.c: rf_lint_machines_ids: the ids a
 * blueprint's XML rules name are ids its machine group will hold.
 *
 * Pipeline: load (lint); rf_lint_paths calls it for every machines file.
 * Design: a group's ids are its object features' names as the placer gives
 * them (rf_machine_object_id: name, name-2, ... up to the counts' sums),
 * the vault doors a reward's doors get and its key holder's rules open
 * (vault-door, vault-door-2, ... for up to RF_IDS_DOORS doors), and the ids
 * its own create actions make. Anything else is unknown-id, as in a room.
 */
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "roomforge/lint.h"
#include "roomforge/placed.h"

#define RF_IDS_DOORS 8 /* doors a reward room's vault-door ids may count */

/* Whether id is the (k+1)-th id of name for some k < n. */
static bool is_nth(const char *id, const char *name, size_t n)
{
    char want[RF_PLACED_NAME_MAX]; /* cut as rf_placed.id is */
    size_t k;
    for (k = 0; k < n; k++) {
        rf_machine_object_id(want, sizeof want, name, k);
        if (strcmp(want, id) == 0)
            return true;
    }
    return false;
}

/* How many objects called name the features of b make at most. */
static size_t made_of(const rf_blueprint *b, const char *name)
{
    size_t i, n = 0;
    int lo, hi;
    for (i = 0; i < rf_blueprint_feature_count(b); i++) {
        const rf_feature *f = rf_blueprint_feature_at(b, i);
        if (!rf_feature_object(f) || strcmp(rf_feature_object(f), name) != 0)
            continue;
        rf_feature_counts(f, &lo, &hi);
        n += hi > 0 ? (size_t)hi : 1;
    }
    return n;
}

/* Whether a create action of b's scripts makes id. */
static bool created(const rf_blueprint *b, const char *id)
{
    size_t i, k, j;
    for (i = 0; i < rf_blueprint_script_count(b); i++) {
        const rf_script *sc = rf_blueprint_script_at(b, i);
        for (k = 0; k < sc->nactions; k++)
            for (j = 0; sc->actions[k].type && strcmp(sc->actions[k].type, "create") == 0 &&
                        j < sc->actions[k].nattrs;
                 j++)
                if (strcmp(sc->actions[k].attrs[j].key, "id") == 0 &&
                    sc->actions[k].attrs[j].value &&
                    strcmp(sc->actions[k].attrs[j].value, id) == 0)
                    return true;
    }
    return false;
}

static bool known_id(const rf_blueprint *b, const char *id)
{
    size_t i;
    if (rf_blueprint_kind(b) != RF_MACHINE_AUTO && is_nth(id, RF_MACHINE_VAULT_DOOR, RF_IDS_DOORS))
        return true;
    for (i = 0; i < rf_blueprint_feature_count(b); i++) {
        const char *name = rf_feature_object(rf_blueprint_feature_at(b, i));
        if (name && is_nth(id, name, made_of(b, name)))
            return true;
    }
    return created(b, id);
}

/* The nearest id of b to id, for a did-you-mean (NULL: none near);
 * *certain when lint --fix may write it. */
static const char *nearest(const rf_blueprint *b, const char *id, bool *certain)
{
    rf_text_near n;
    size_t i;
    rf_text_near_init(&n, id);
    if (rf_blueprint_kind(b) != RF_MACHINE_AUTO)
        rf_text_near_try(&n, RF_MACHINE_VAULT_DOOR);
    for (i = 0; i < rf_blueprint_feature_count(b); i++)
        if (rf_feature_object(rf_blueprint_feature_at(b, i)))
            rf_text_near_try(&n, rf_feature_object(rf_blueprint_feature_at(b, i)));
    *certain = n.pick && rf_text_near_certain(&n);
    return n.pick;
}

/* The id references of clause cl (of spec s) that b's group will not hold. */
static size_t check_clause(const rf_blueprint *b, const rf_clause *cl, const rf_clause_spec *s,
                           rf_diags *d)
{
    size_t i, bad = 0;
    int line;
    for (i = 0; s && i < cl->nattrs; i++) {
        const rf_attr_spec *as = rf_script_attr_spec(s->attrs, s->nattrs, cl->attrs[i].key);
        const char *near;
        bool certain;
        size_t at = rf_diags_count(d);
        if (!as || as->kind != RF_VALUE_REF || !cl->attrs[i].value ||
            known_id(b, cl->attrs[i].value))
            continue;
        near = nearest(b, cl->attrs[i].value, &certain);
        (void)rf_diag_add(d, "unknown-id", rf_blueprint_file(b, &line), cl->attrs[i].line,
                          cl->attrs[i].col,
                          "%s names id '%s', which no object of blueprint '%s' (its features, "
                          "a reward's vault-door) has or creates%s%s%s",
                          cl->type, cl->attrs[i].value, rf_blueprint_name(b),
                          near ? "; did you mean '" : "", near ? near : "", near ? "'?" : "");
        if (certain && rf_diags_count(d) > at) /* lint --fix writes the id meant */
            (void)rf_diags_set_fix(d, at, cl->attrs[i].name, cl->attrs[i].value, near);
        bad++;
    }
    return bad;
}

rf_status rf_lint_machines_ids(const rf_machines *m, rf_diags *d)
{
    size_t i, k, c, bad = 0;
    if (!m || !d)
        return RF_ERR_ARG;
    for (i = 0; i < rf_machines_count(m); i++) {
        const rf_blueprint *b = rf_machines_at(m, i);
        for (k = 0; k < rf_blueprint_script_count(b); k++) {
            const rf_script *sc = rf_blueprint_script_at(b, k);
            if (sc->lang != RF_SCRIPT_XML)
                continue;
            for (c = 0; c < sc->nconditions; c++)
                bad += check_clause(b, &sc->conditions[c],
                                    rf_script_condition_spec(sc->conditions[c].type), d);
            for (c = 0; c < sc->nactions; c++)
                bad += check_clause(b, &sc->actions[c], rf_script_action_spec(sc->actions[c].type),
                                    d);
        }
    }
    return bad ? RF_ERR_CONTENT : RF_OK;
}
