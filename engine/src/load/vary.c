/* engine/src/load/vary.c: the public face of rooms that vary (template.h):
 * per-depth weights, uniqueness, variants drawn and checked.
 *
 * Pipeline: load; read by the placer, show and gen. Design: thin wrappers
 * over vary_expand.c and vary_check.c; nothing here allocates but a
 * variant, which the caller frees.
 */
#include <stdint.h>
#include <string.h>

#include "core/alloc.h"
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
