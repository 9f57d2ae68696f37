/* engine/src/load/vary_check.c: the variants of a room that varies checked
 * as rooms, the first failing one named (DESIGN 16).
 *
 * Pipeline: load; load_room.c calls rf_vary_check at </room> for a room with
 * <vary> (every command loads through it, so lint's check is every load's).
 * Design: each variant's findings go to a staging sink first; the first
 * variant with an enabled error or warning is copied to the caller's sink
 * (the others are not: one variant's findings, not 64 copies), each message
 * led by "variant N: ", so `show --variant N` reproduces it. An unresolved
 * placeholder stops that variant's checks (unknown-symbol would repeat it);
 * an object a variant walled is vary-object-blocked, not object-on-wall.
 */
#include <stdint.h>
#include <string.h>

#include "core/seam.h"
#include "load/seam.h"
#include "template_check_int.h"
#include "vary_int.h"

static bool walled_by_vary(const rf_template *vt, const rf_object *o)
{
    const rf_template *t = vt->base;
    const rf_symbol *s;
    if (!t || o->x < 0 || o->y < 0 || o->x >= vt->width || o->y >= vt->height)
        return false;
    if (rf_symbol_find(t->cells[(size_t)o->y * (size_t)(t->width + 1) + (size_t)o->x]))
        return false; /* a map symbol as written: the plain checks judge it */
    s = rf_symbol_find(vt->cells[(size_t)o->y * (size_t)(vt->width + 1) + (size_t)o->x]);
    return s && !s->stand;
}

/* Whether a <subroom> of vt's template has glyph g. */
static bool is_subroom_glyph(const rf_template *vt, char g)
{
    const rf_template *t = vt->base ? vt->base : vt;
    size_t i;
    for (i = 0; i < t->nvary; i++)
        if (t->vary[i].kind == RF_VARY_SUBROOM && t->vary[i].glyph == g)
            return true;
    return false;
}

/* One variant's findings into the staging sink s. */
static void stage(const rf_template *vt, int ux, int uy, rf_diags *s, bool thin_walls)
{
    const char *file = vt->file ? vt->file : "";
    size_t i;
    int line, col;
    if (ux >= 0) {
        char g = vt->cells[(size_t)uy * (size_t)(vt->width + 1) + (size_t)ux];
        (void)rf_template_cell_pos(vt, ux, uy, &line, &col);
        (void)rf_diag_add(s, "vary-unresolved", file, line, col,
                          "'%c' at (%d, %d) is no map symbol after <vary> (line %d): %s", g, ux,
                          uy, vt->vary_line,
                          is_subroom_glyph(vt, g)
                              ? "its <subroom> was filled by no room (none fits, or rooms nest "
                                "past the depth limit)"
                              : "no subst, nsubst or shuffle gives it one");
        return;
    }
    for (i = 0; i < vt->nobjects; i++) {
        const rf_object *o = &vt->objects[i];
        if (walled_by_vary(vt, o))
            (void)rf_diag_add(s, "vary-object-blocked", file, o->line, o->col,
                              "the %s at (%d, %d) stands on '%c', which this variant made",
                              rf_object_tag(o), o->x, o->y,
                              vt->cells[(size_t)o->y * (size_t)(vt->width + 1) + (size_t)o->x]);
    }
    (void)rf_template_check_walls(vt, s, thin_walls);
}

/* Whether staged diagnostic g stands: not an object-on-wall that a
 * vary-object-blocked at the same place already says. */
static bool stands(const rf_diags *s, const rf_diag *g)
{
    size_t i, n = rf_diags_count(s);
    if (strcmp(g->code, "object-on-wall") != 0)
        return true;
    for (i = 0; i < n; i++) {
        const rf_diag *o = rf_diags_at(s, i);
        if (strcmp(o->code, "vary-object-blocked") == 0 && o->line == g->line && o->col == g->col)
            return false;
    }
    return true;
}

/* The errors and warnings of s that d would hold. */
static size_t findings_for(const rf_diags *s, const rf_diags *d)
{
    size_t i, n = rf_diags_count(s), e = 0;
    for (i = 0; i < n; i++) {
        const rf_diag *g = rf_diags_at(s, i);
        const rf_diag_code *c = rf_diag_code_find(g->code);
        if (c && c->severity != RF_SEV_NOTE && rf_diags_is_enabled(d, g->code) && stands(s, g))
            e++;
    }
    return e;
}

/* Copies s to d, each message led by the variant's number; the errors. */
static size_t copy_out(const rf_diags *s, rf_diags *d, uint32_t v)
{
    size_t i, n = rf_diags_count(s), e = 0;
    for (i = 0; i < n; i++) {
        const rf_diag *g = rf_diags_at(s, i);
        if (stands(s, g) && (rf_diag_report(d, g->code, g->file, g->line, g->col,
                                            "variant %u: %s", (unsigned)v, g->message) &
                             RF_DIAG_FAULT))
            e++;
    }
    return e;
}

/* Draws and stages variant v; false when memory ran out. */
static bool stage_variant(const rf_template *t, uint32_t v, rf_diags *s, bool thin_walls)
{
    int ux, uy;
    rf_template *vt = rf_vary_expand(t, v, &ux, &uy);
    if (!vt)
        return false;
    rf_diags_clear(s);
    stage(vt, ux, uy, s, thin_walls);
    rf_template_variant_free(vt);
    return true;
}

size_t rf_vary_check(const rf_template *t, rf_diags *d, bool thin_walls)
{
    rf_diags *s = rf_diags_new_staging();
    size_t errors;
    uint32_t v;
    if (!s)
        return SIZE_MAX;
    errors = 0;
    for (v = 0; v < RF_VARY_LINT_SEEDS; v++) {
        if (!stage_variant(t, v, s, thin_walls)) {
            errors = SIZE_MAX;
            break;
        }
        if (findings_for(s, d) > 0) {
            errors = copy_out(s, d, v);
            break;
        }
    }
    rf_diags_free(s);
    return errors;
}

size_t rf_vary_check_one(const rf_template *vt, rf_diags *d, bool thin_walls)
{
    rf_diags *s = rf_diags_new_staging();
    size_t errors = SIZE_MAX;
    int x, y, ux = -1, uy = -1;
    if (!s)
        return SIZE_MAX;
    for (y = vt->height - 1; y >= 0; y--)
        for (x = vt->width - 1; x >= 0; x--)
            if (!rf_symbol_find(vt->cells[(size_t)y * (size_t)(vt->width + 1) + (size_t)x])) {
                ux = x;
                uy = y;
            }
    stage(vt, ux, uy, s, thin_walls);
    errors = copy_out(s, d, vt->variant);
    rf_diags_free(s);
    return errors;
}
