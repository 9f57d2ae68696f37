/* engine/src/load/load_vary.c: a room's <vary> children, <weight> and
 * <unique> (DESIGN 16) read into the room being built.
 *
 * Pipeline: load; load_xml.c calls rf_load_vary_start at each start tag and
 * rf_load_validate_end at </validate>; load_room.c calls rf_load_vary_finish
 * and rf_load_vary_boxes (each <subroom>'s box) at </room>. Design: every
 * problem is an error at the child's '<' with a vary-* code; picks and
 * groups go to the set's arena at once (rewound with the room when it is
 * left out), steps and weights to scratch vectors.
 */
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load_int.h"
#include "vary_int.h"

/* A new step of kind at the current element; NULL (reported) past the cap. */
static rf_vary_step *new_step(rf_loader *ld, rf_vary_kind kind)
{
    rf_vary_step *st;
    if (ld->nvsteps >= RF_VARY_MAX_STEPS) {
        rf_load_emit(ld, "xml-limit", ld->el_line, ld->el_col, "more than %d children of <vary>",
                     RF_VARY_MAX_STEPS);
        return NULL;
    }
    if (!rf_load_grow((void **)&ld->vsteps, &ld->vsteps_cap, ld->nvsteps + 1, sizeof *st)) {
        ld->nomem = true;
        return NULL;
    }
    st = &ld->vsteps[ld->nvsteps++];
    memset(st, 0, sizeof *st);
    st->kind = kind;
    st->line = ld->el_line;
    st->col = ld->el_col;
    return st;
}

/* The placeholder of glyph=; false (reported) when it is not one. */
static bool take_glyph(rf_loader *ld, const char *tag, char *out)
{
    const rf_attr *a = rf_load_attr(ld, "glyph");
    if (!a)
        return false; /* missing-attribute said so */
    if (strlen(a->value) != 1 || !rf_vary_is_placeholder(a->value[0])) {
        rf_load_emit(ld, "vary-bad-glyph", ld->el_line, ld->el_col,
                     "<%s glyph=\"%.20s\">: a placeholder is one printable ASCII character that "
                     "is no map symbol", tag, a->value);
        return false;
    }
    *out = a->value[0];
    return true;
}

static void subst_start(rf_loader *ld, bool counts)
{
    const char *tag = counts ? "nsubst" : "subst";
    const rf_attr *a = rf_load_attr(ld, counts ? "counts" : "choices");
    rf_vary_pick picks[RF_VARY_MAX_PICKS];
    rf_vary_pick *kept;
    rf_vary_step *st;
    char why[160], glyph;
    size_t n;
    if (!take_glyph(ld, tag, &glyph) || !a)
        return;
    if (!rf_vary_parse_picks(a->value, counts, picks, &n, why, sizeof why)) {
        rf_load_emit(ld, counts ? "vary-bad-counts" : "vary-bad-choices", ld->el_line, ld->el_col,
                     "<%s %s=\"%.60s\">: %s", tag, counts ? "counts" : "choices", a->value, why);
        return;
    }
    if (!(st = new_step(ld, counts ? RF_VARY_NSUBST : RF_VARY_SUBST)))
        return;
    kept = rf_arena_alloc(&ld->set->arena, n * sizeof *kept);
    if (!kept) {
        ld->nomem = true;
        return;
    }
    memcpy(kept, picks, n * sizeof *kept);
    st->glyph = glyph;
    st->picks = kept;
    st->npicks = n;
    st->once = !counts && rf_load_int_of(rf_load_attr(ld, "once"), 0) == 1;
}

static void shuffle_start(rf_loader *ld)
{
    const rf_attr *a = rf_load_attr(ld, "groups");
    char glyphs[96], why[160];
    size_t ng, glen;
    rf_vary_step *st;
    char *kept;
    if (!a)
        return;
    if (!rf_vary_parse_groups(a->value, glyphs, sizeof glyphs, &ng, &glen, why, sizeof why)) {
        rf_load_emit(ld, "vary-bad-groups", ld->el_line, ld->el_col,
                     "<shuffle groups=\"%.60s\">: %s", a->value, why);
        return;
    }
    if (!(st = new_step(ld, RF_VARY_SHUFFLE)))
        return;
    if (!(kept = rf_arena_strndup(&ld->set->arena, glyphs, ng * glen))) {
        ld->nomem = true;
        return;
    }
    st->groups = kept;
    st->ngroups = ng;
    st->glen = glen;
}

static void validate_start(rf_loader *ld)
{
    const rf_attr *lang = rf_load_attr(ld, "lang");
    rf_vary_step *st;
    rf_cursor c = ld->cur;
    if (lang && strcasecmp(lang->value, "lua") != 0) {
        rf_load_emit(ld, "bad-value", lang->line, lang->col, "lang=\"%.40s\" is not lua",
                     lang->value);
        return;
    }
    if (!(st = new_step(ld, RF_VARY_VALIDATE)))
        return;
    if (c.pos < ld->len && rf_load_starts(ld->buf, c.pos, ld->len, "<![CDATA["))
        rf_load_advance(ld->buf, &c, c.pos + 9);
    st->code_line = c.line;
    st->code_col = c.col;
    ld->code_len = 0;
    ld->in_validate = true;
}

void rf_load_validate_end(rf_loader *ld)
{
    rf_vary_step *st;
    if (!ld->in_validate)
        return;
    ld->in_validate = false;
    st = &ld->vsteps[ld->nvsteps - 1];
    st->code = rf_arena_strndup(&ld->set->arena, ld->code ? ld->code : "", ld->code_len);
    if (!st->code)
        ld->nomem = true;
}

static void subroom_start(rf_loader *ld)
{
    const rf_attr *tags = rf_load_attr(ld, "tags");
    rf_vary_step *st;
    char glyph;
    if (!take_glyph(ld, "subroom", &glyph) || !tags)
        return;
    if (!tags->value[strspn(tags->value, " \t\r\n")]) {
        rf_load_emit(ld, "bad-value", tags->line, tags->col,
                     "<subroom tags=\"\">: name at least one tag the inner room carries");
        return;
    }
    if (!(st = new_step(ld, RF_VARY_SUBROOM)))
        return;
    st->glyph = glyph;
    st->tags = rf_load_adup(ld, tags->value); /* NULL: nomem is set */
    ld->t.subrooms = true;
}

/* The cell of row y, column x as written; ' ' past its end. */
static char row_cell(const rf_loader *ld, size_t x, size_t y)
{
    return x < ld->rows[y].len ? ld->rows[y].text[x] : ' ';
}

bool rf_load_vary_boxes(rf_loader *ld)
{
    size_t i, x, y, w = ld->nrows ? ld->rows[0].len : 0;
    bool ok = true;
    for (i = 0; i < ld->nvsteps; i++) {
        rf_vary_step *st = &ld->vsteps[i];
        size_t x0 = SIZE_MAX, y0 = SIZE_MAX, x1 = 0, y1 = 0, n = 0;
        if (st->kind != RF_VARY_SUBROOM)
            continue;
        for (y = 0; y < ld->nrows; y++)
            for (x = 0; x < w; x++)
                if (row_cell(ld, x, y) == st->glyph) {
                    x0 = x < x0 ? x : x0;
                    y0 = y < y0 ? y : y0;
                    x1 = x > x1 ? x : x1;
                    y1 = y > y1 ? y : y1;
                    n++;
                }
        if (n == 0) {
            rf_load_emit(ld, "vary-subroom-box", st->line, st->col,
                         "<subroom glyph=\"%c\">: no cell of the map holds '%c', so there is "
                         "no box to fill", st->glyph, st->glyph);
            ok = false;
            continue;
        }
        if (n != (x1 - x0 + 1) * (y1 - y0 + 1)) {
            size_t hx = x0, hy = y0, k; /* the first cell of the bounding box that is not it */
            for (k = 0; k < (x1 - x0 + 1) * (y1 - y0 + 1); k++) {
                hx = x0 + k % (x1 - x0 + 1);
                hy = y0 + k / (x1 - x0 + 1);
                if (row_cell(ld, hx, hy) != st->glyph)
                    break;
            }
            rf_load_emit(ld, "vary-subroom-box", st->line, st->col,
                         "<subroom glyph=\"%c\">: its %zu cells are not one filled rectangle: "
                         "(%zu, %zu) is '%c' inside the box (%zu, %zu)-(%zu, %zu)", st->glyph, n,
                         hx, hy, row_cell(ld, hx, hy), x0, y0, x1, y1);
            ok = false;
            continue;
        }
        st->bx = (int)x0;
        st->by = (int)y0;
        st->bw = (int)(x1 - x0 + 1);
        st->bh = (int)(y1 - y0 + 1);
    }
    return ok;
}

static void weight_start(rf_loader *ld)
{
    const rf_attr *depth = rf_load_attr(ld, "depth"), *value = rf_load_attr(ld, "value");
    rf_depth_weight w;
    if (!depth || !value)
        return;
    if (!rf_vary_parse_depths(depth->value, &w.lo, &w.hi)) {
        rf_load_emit(ld, "vary-bad-weight", ld->el_line, ld->el_col,
                     "<weight depth=\"%.40s\">: depths are \"A-B\" or \"A\", 1-based, A <= B",
                     depth->value);
        return;
    }
    w.value = (int)rf_load_int_of(value, -1);
    if (w.value < 0) /* bad-value said why */
        return;
    if (!rf_load_grow((void **)&ld->dweights, &ld->dweights_cap, ld->ndweights + 1, sizeof w)) {
        ld->nomem = true;
        return;
    }
    ld->dweights[ld->ndweights++] = w;
}

static void unique_start(rf_loader *ld)
{
    const rf_attr *scope = rf_load_attr(ld, "scope"), *group = rf_load_attr(ld, "group");
    ld->t.unique = RF_UNIQUE_LEVEL;
    if (scope && strcasecmp(scope->value, "run") == 0) {
        ld->t.unique = RF_UNIQUE_RUN;
    } else if (scope && strcasecmp(scope->value, "level") != 0) {
        rf_load_emit(ld, "vary-bad-unique", ld->el_line, ld->el_col,
                     "<unique scope=\"%.40s\">: the scope is level or run", scope->value);
        return;
    }
    if (group && group->value[0])
        ld->t.unique_group = rf_load_adup(ld, group->value);
}

void rf_load_vary_start(rf_loader *ld, rf_elem_kind kind)
{
    if (!ld->in_room)
        return;
    switch (kind) {
    case RF_EL_VARY:
        if (!ld->t.vary_line) {
            ld->t.vary_line = ld->el_line;
            ld->t.vary_col = ld->el_col;
        }
        break;
    case RF_EL_SUBST: subst_start(ld, false); break;
    case RF_EL_NSUBST: subst_start(ld, true); break;
    case RF_EL_SHUFFLE: shuffle_start(ld); break;
    case RF_EL_SUBROOM: subroom_start(ld); break;
    case RF_EL_VALIDATE: validate_start(ld); break;
    case RF_EL_WEIGHT: weight_start(ld); break;
    case RF_EL_UNIQUE: unique_start(ld); break;
    default: break;
    }
}

bool rf_load_vary_finish(rf_loader *ld)
{
    rf_vary_step *steps = NULL;
    rf_depth_weight *w = NULL;
    if (ld->nvsteps) {
        steps = rf_arena_alloc(&ld->set->arena, ld->nvsteps * sizeof *steps);
        if (!steps)
            return false;
        memcpy(steps, ld->vsteps, ld->nvsteps * sizeof *steps);
    }
    if (ld->ndweights) {
        w = rf_arena_alloc(&ld->set->arena, ld->ndweights * sizeof *w);
        if (!w)
            return false;
        memcpy(w, ld->dweights, ld->ndweights * sizeof *w);
    }
    ld->t.vary = steps;
    ld->t.nvary = ld->nvsteps;
    ld->t.depth_weights = w;
    ld->t.ndepth_weights = ld->ndweights;
    return true;
}
