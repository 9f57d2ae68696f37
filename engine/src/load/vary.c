/* engine/src/load/vary.c: the public face of rooms that vary (template.h):
 * per-depth weights, uniqueness, variants drawn and checked.
 *
 * Pipeline: load; read by the placer, show, gen and stats. Design: thin
 * wrappers over vary_expand.c and vary_check.c; nothing here allocates but
 * a variant, which the caller frees.
 */
#include <stdint.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/template.h"
#include "vary_int.h"

bool rf_template_varies(const rf_template *t) { return t && t->nvary > 0; }

bool rf_template_is_subroom_only(const rf_template *t)
{
    return t && t->ndoors == 0 && t->tags && t->tags[strspn(t->tags, " \t\r\n")];
}

int rf_template_weight_at(const rf_template *t, int depth)
{
    size_t i;
    for (i = 0; i < t->ndepth_weights; i++)
        if (depth >= t->depth_weights[i].lo && depth <= t->depth_weights[i].hi)
            return t->depth_weights[i].value;
    return t->weight;
}

int rf_template_unique_scope(const rf_template *t) { return (int)t->unique; }

const char *rf_template_unique_group(const rf_template *t)
{
    return t->unique_group ? t->unique_group : t->name;
}

rf_status rf_template_variant(const rf_template *t, uint32_t v, rf_template **out)
{
    int ux, uy;
    rf_template *vt;
    if (!t || !out || !t->nvary || t->base)
        return RF_ERR_ARG;
    if (!(vt = rf_vary_expand(t, v, &ux, &uy)))
        return RF_ERR_NOMEM;
    *out = vt;
    return RF_OK;
}

void rf_template_variant_free(rf_template *vt)
{
    rf_arena_mark none = {NULL, 0};
    if (!vt)
        return;
    rf_arena_rewind(&vt->own, none);
    rf_free(vt);
}

const rf_template *rf_template_base(const rf_template *t) { return t->base ? t->base : t; }

long rf_template_variant_number(const rf_template *t) { return t->base ? (long)t->variant : -1; }

size_t rf_template_variant_check(const rf_template *vt, rf_diags *d)
{
    if (!vt || !vt->base)
        return 0;
    return rf_vary_check_one(vt, d, d && rf_diags_is_enabled(d, "wall-thin"));
}

size_t rf_template_validate_count(const rf_template *t)
{
    size_t i, n = 0;
    for (i = 0; t && i < t->nvary; i++)
        n += t->vary[i].kind == RF_VARY_VALIDATE;
    return n;
}

const char *rf_template_validate_at(const rf_template *t, size_t i, int *line, int *col,
                                    int *el_line, int *el_col)
{
    size_t k;
    for (k = 0; t && k < t->nvary; k++) {
        const rf_vary_step *st = &t->vary[k];
        if (st->kind != RF_VARY_VALIDATE || i-- > 0)
            continue;
        *line = st->code_line;
        *col = st->code_col;
        *el_line = st->line;
        *el_col = st->col;
        return st->code ? st->code : "";
    }
    return NULL;
}

/* The ith <subst> step of t's template and, in *first, the index of its
 * first choice among the subst choices of every step before it. */
static const rf_vary_step *subst_step(const rf_template *t, size_t i, size_t *first)
{
    const rf_template *b = t ? rf_template_base(t) : NULL;
    size_t k, at = 0;
    for (k = 0; b && k < b->nvary; k++) {
        const rf_vary_step *st = &b->vary[k];
        if (st->kind != RF_VARY_SUBST)
            continue;
        if (i-- == 0) {
            *first = at;
            return st;
        }
        at += st->npicks;
    }
    return NULL;
}

size_t rf_template_subst_count(const rf_template *t)
{
    const rf_template *b = t ? rf_template_base(t) : NULL;
    size_t k, n = 0;
    for (k = 0; b && k < b->nvary; k++)
        n += b->vary[k].kind == RF_VARY_SUBST;
    return n;
}

bool rf_template_subst_at(const rf_template *t, size_t i, char *glyph, bool *once, int *line,
                          int *col, size_t *nchoices)
{
    size_t first;
    const rf_vary_step *st = subst_step(t, i, &first);
    if (!st)
        return false;
    if (glyph)
        *glyph = st->glyph;
    if (once)
        *once = st->once;
    if (line)
        *line = st->line;
    if (col)
        *col = st->col;
    if (nchoices)
        *nchoices = st->npicks;
    return true;
}

bool rf_template_subst_choice(const rf_template *t, size_t i, size_t k, char *glyph, int *weight)
{
    size_t first;
    const rf_vary_step *st = subst_step(t, i, &first);
    if (!st || k >= st->npicks)
        return false;
    if (glyph)
        *glyph = st->picks[k].glyph;
    if (weight)
        *weight = st->picks[k].n;
    return true;
}

size_t rf_template_subst_picks(const rf_template *vt, size_t i, size_t k)
{
    size_t first;
    const rf_vary_step *st;
    if (!vt || !vt->base || !vt->subst_picks || !(st = subst_step(vt, i, &first)) ||
        k >= st->npicks)
        return 0;
    return vt->subst_picks[first + k];
}
