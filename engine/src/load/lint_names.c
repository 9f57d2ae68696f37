/* engine/src/load/lint_names.c: the grammar and the built-in clause types
 * as lists of names, for editors (roomforge/lint.h: rf_lint_element_at ...).
 *
 * Pipeline: load; read by the language server's completion (tools/lsp).
 * Design: no table of its own: it walks the grammar (grammar.c) and the
 * clause and object tables (script_types.c) the loader checks with, so a
 * name the editor offers is one the checker accepts. Objects' attributes come
 * spelled as Dredmor writes them (the object spec), others as normalised keys.
 */
#include <string.h>

#include "core/seam.h"
#include "grammar_int.h"
#include "load/seam.h"
#include "roomforge/lint.h"

/* The tag of the first grammar row of kind, or NULL. */
static const char *kind_tag(rf_elem_kind kind)
{
    const rf_gelem_spec *e;
    size_t i;
    for (i = 0; (e = rf_grammar_elem_at(i)) != NULL; i++)
        if (e->kind == kind)
            return e->key;
    return NULL;
}

const char *rf_lint_element_at(size_t i, const char **parent)
{
    const rf_gelem_spec *e = rf_grammar_elem_at(i);
    if (!e)
        return NULL;
    if (parent)
        *parent = rf_grammar_is_root(e->kind) ? NULL : kind_tag(e->parent);
    if (e->obj >= 0 && e->obj < RF_OBJ_OTHER)
        return rf_object_type_name((rf_object_type)e->obj);
    return e->key;
}

/* The ith name of a point spec: its at=, x= and y= attributes. */
static const char *point_name(const rf_point_spec *p, size_t i)
{
    return i == 0 ? p->name : i == 1 ? p->x_name : p->y_name;
}

/* The ith of attrs then of the npoints points (three names each). */
static const char *spec_name(const rf_attr_spec *attrs, size_t nattrs, const rf_point_spec *pts,
                             size_t npoints, size_t i)
{
    if (i < nattrs)
        return attrs[i].name;
    i -= nattrs;
    return i / 3 < npoints ? point_name(&pts[i / 3], i % 3) : NULL;
}

const char *rf_lint_attribute_at(const char *element, size_t i)
{
    char key[64];
    rf_object_type type;
    const rf_gelem_spec *e;
    size_t n = 0;
    if (!element || !rf_name_key(element, key, sizeof key))
        return NULL;
    if (rf_object_type_parse(key, &type)) {
        const rf_object_spec *o = rf_script_object_spec(type);
        return spec_name(o->attrs, o->nattrs, rf_script_object_point(), 1, i);
    }
    if (!(e = rf_grammar_elem(key)))
        return NULL;
    if (e->kind == RF_EL_CONDITION || e->kind == RF_EL_ACTION)
        return i == 0 ? (e->kind == RF_EL_CONDITION ? "condition_type" : "action_type") : NULL;
    while (e->attrs && e->attrs[n].key)
        n++;
    return i < n ? e->attrs[i].key : NULL;
}

const char *rf_lint_clause_type_at(bool action, size_t i)
{
    const rf_clause_spec *c = action ? rf_script_action_at(i) : rf_script_condition_at(i);
    return c ? c->type : NULL;
}

const char *rf_lint_clause_attr_at(bool action, const char *type, size_t i)
{
    const rf_clause_spec *c = action ? rf_script_action_spec(type) : rf_script_condition_spec(type);
    return c ? spec_name(c->attrs, c->nattrs, c->points, c->npoints, i) : NULL;
}
