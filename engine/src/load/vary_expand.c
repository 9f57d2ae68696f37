/* engine/src/load/vary_expand.c: one variant of a room that varies drawn
 * from its number: <vary>'s steps in order, then doors, anchors, objects.
 *
 * Pipeline: load; called by vary_check.c (every load and lint) and by
 * rf_template_variant (the placer, show --variant). Design: variant v is a
 * PCG32 stream of v and the room's name, so a number names one map
 * whatever the level; the level's stream only picks the number. The variant
 * is one heap block (template, cells, doors, objects, subst picks; scripts
 * when a subroom brought some) and an arena of what subrooms brought
 * (vary_subroom.c), freed with rf_template_variant_free; each <subst>
 * counts what its picks drew (stats reads them).
 */
#include <string.h>

#include "core/seam.h"
#include "load/seam.h"
#include "vary_int.h"

#define ALIGN(n) (((n) + 15u) & ~(size_t)15u)

static char *cell_at(char *cells, int w, int x, int y)
{
    return &cells[(size_t)y * (size_t)(w + 1) + (size_t)x];
}

/* A pick by weight among st's choices, counted in counts[choice]. */
static char pick_weighted(const rf_vary_step *st, rf_rng *r, uint32_t *counts)
{
    uint32_t total = 0, k;
    size_t i;
    for (i = 0; i < st->npicks; i++)
        total += (uint32_t)st->picks[i].n;
    k = rf_rng_below(r, total);
    for (i = 0; i + 1 < st->npicks; i++) {
        if (k < (uint32_t)st->picks[i].n)
            break;
        k -= (uint32_t)st->picks[i].n;
    }
    counts[i]++; /* the last choice when the loop ran out: k < total */
    return st->picks[i].glyph;
}

/* Every cell of st's glyph picks on its own, or once="1" one draw (made
 * and counted even when no cell holds the glyph) for them all. */
static void do_subst(const rf_vary_step *st, char *cells, int w, int h, rf_rng *r,
                     uint32_t *counts)
{
    char once = st->once ? pick_weighted(st, r, counts) : 0;
    int x, y;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            char *c = cell_at(cells, w, x, y);
            if (*c == st->glyph)
                *c = st->once ? once : pick_weighted(st, r, counts);
        }
}

/* Exact counts: the cells of the glyph in a random order, the first ones to
 * the counted picks in the order written, the rest to '*' (else kept). */
static bool do_nsubst(const rf_vary_step *st, char *cells, int w, int h, rf_rng *r)
{
    size_t n = 0, i, k, at = 0;
    char rest = 0;
    int x, y;
    char **list;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            n += *cell_at(cells, w, x, y) == st->glyph;
    if (n == 0)
        return true;
    if (!(list = rf_alloc(n * sizeof *list)))
        return false;
    n = 0;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if (*cell_at(cells, w, x, y) == st->glyph)
                list[n++] = cell_at(cells, w, x, y);
    for (i = n; i > 1; i--) { /* Fisher-Yates */
        size_t j = rf_rng_below(r, (uint32_t)i);
        char *tmp = list[i - 1];
        list[i - 1] = list[j];
        list[j] = tmp;
    }
    for (k = 0; k < st->npicks; k++) {
        int c;
        if (st->picks[k].n == RF_VARY_REST) {
            rest = st->picks[k].glyph;
            continue;
        }
        for (c = 0; c < st->picks[k].n && at < n; c++)
            *list[at++] = st->picks[k].glyph;
    }
    for (; rest && at < n; at++)
        *list[at] = rest;
    rf_free(list);
    return true;
}

/* The groups permuted as wholes: group i's k-th glyph becomes group p[i]'s. */
static void do_shuffle(const rf_vary_step *st, char *cells, int w, int h, rf_rng *r)
{
    unsigned char map[128];
    size_t perm[64], i, k, ng = st->ngroups < 64 ? st->ngroups : 64;
    int x, y;
    for (i = 0; i < 128; i++)
        map[i] = (unsigned char)i;
    for (i = 0; i < ng; i++)
        perm[i] = i;
    for (i = ng; i > 1; i--) {
        size_t j = rf_rng_below(r, (uint32_t)i), tmp = perm[i - 1];
        perm[i - 1] = perm[j];
        perm[j] = tmp;
    }
    for (i = 0; i < ng; i++)
        for (k = 0; k < st->glen; k++)
            map[(unsigned char)st->groups[i * st->glen + k] & 0x7f] =
                (unsigned char)st->groups[perm[i] * st->glen + k];
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            char *c = cell_at(cells, w, x, y);
            if ((unsigned char)*c < 128)
                *c = (char)map[(unsigned char)*c];
        }
}

size_t rf_vary_doors(const rf_template *t, rf_door *out)
{
    int w = t->width, h = t->height, x, y, k;
    size_t n = 0;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            char ch = t->cells[(size_t)y * (size_t)(w + 1) + (size_t)x];
            const rf_symbol *s = rf_symbol_find(ch);
            rf_door *dr;
            if (!s || s->cls != RF_SYMBOL_DOOR)
                continue;
            if (!out) {
                n++;
                continue;
            }
            dr = &out[n++];
            dr->x = x;
            dr->y = y;
            /* D opens north when nothing is above it, d west when nothing is left */
            if (ch == 'D') {
                char above = y == 0 ? ' ' : t->cells[(size_t)(y - 1) * (size_t)(w + 1) + (size_t)x];
                dr->side = above == ' ' ? RF_SIDE_NORTH : RF_SIDE_SOUTH;
                for (k = 0; k < 3; k++) {
                    dr->span_x[k] = x - 1 + k;
                    dr->span_y[k] = y;
                }
            } else {
                char left = x == 0 ? ' ' : t->cells[(size_t)y * (size_t)(w + 1) + (size_t)x - 1];
                dr->side = left == ' ' ? RF_SIDE_WEST : RF_SIDE_EAST;
                for (k = 0; k < 3; k++) {
                    dr->span_x[k] = x;
                    dr->span_y[k] = y - 1 + k;
                }
            }
            (void)rf_template_cell_pos(t, x, y, &dr->line, &dr->col); /* in the map */
        }
    return n;
}

/* Where each part of a variant's block begins, after the template itself. */
typedef struct layout {
    size_t ncell, ndoors, nobj, nscr;
    size_t off_cells, off_doors, off_picks, off_objs, off_scr, end;
} layout;

/* The block for probe (t with the variant's cells), the nobjs and nscripts
 * its subrooms brought (x) and npick subst pick counts. */
static void layout_of(layout *l, const rf_template *probe, const rf_vary_extra *x, size_t npick)
{
    l->ncell = (size_t)probe->height * (size_t)(probe->width + 1);
    l->ndoors = rf_vary_doors(probe, NULL);
    l->nobj = probe->nobjects + x->nobjs;
    l->nscr = x->nscripts ? probe->nscripts + x->nscripts : 0;
    l->off_cells = ALIGN(sizeof(rf_template));
    l->off_doors = l->off_cells + ALIGN(l->ncell);
    l->off_picks = l->off_doors + ALIGN(l->ndoors * sizeof(rf_door));
    l->off_objs = l->off_picks + ALIGN(npick * sizeof(uint32_t));
    l->off_scr = l->off_objs + ALIGN(l->nobj * sizeof(rf_object));
    l->end = l->off_scr + l->nscr * sizeof(rf_script);
}

/* The anchors of vt's cells (the first cell of a digit wins) and in *ux,
 * *uy the first cell of no known symbol (-1, -1 when there is none). */
static void find_anchors(rf_template *vt, int *ux, int *uy)
{
    int xx, y;
    size_t i;
    *ux = *uy = -1;
    for (i = 0; i < 10; i++)
        vt->anchor_x[i] = vt->anchor_y[i] = -1;
    for (y = vt->height - 1; y >= 0; y--) /* backwards: the first cell wins */
        for (xx = vt->width - 1; xx >= 0; xx--) {
            char c = vt->cells[(size_t)y * (size_t)(vt->width + 1) + (size_t)xx];
            if (c >= '0' && c <= '9') {
                vt->anchor_x[c - '0'] = (int16_t)xx;
                vt->anchor_y[c - '0'] = (int16_t)y;
            }
            if (!rf_symbol_find(c)) {
                *ux = xx;
                *uy = y;
            }
        }
}

/* t's objects into objs, one at an anchor moved to the anchor's variant
 * cell, then the objects x's subrooms brought. */
static void copy_objects(rf_template *vt, const rf_template *t, const rf_vary_extra *x,
                         rf_object *objs)
{
    size_t i;
    for (i = 0; i < t->nobjects; i++) {
        objs[i] = t->objects[i];
        if (objs[i].at >= 0 && objs[i].at <= 9) {
            objs[i].x = vt->anchor_x[objs[i].at];
            objs[i].y = vt->anchor_y[objs[i].at];
        }
    }
    if (x->nobjs)
        memcpy(objs + t->nobjects, x->objs, x->nobjs * sizeof *objs);
    vt->objects = objs;
}

/* Variant v of t with what its subrooms brought (x, whose arena it takes)
 * and its npick subst pick counts: one block holding the template, its
 * cells, doors, pick counts, objects and scripts (when a subroom brought
 * any). */
static rf_template *build(const rf_template *t, uint32_t v, const char *cells, rf_vary_extra *x,
                          const uint32_t *counts, size_t npick, int *ux, int *uy)
{
    rf_template probe, *vt;
    layout l;
    probe = *t;
    probe.cells = cells;
    layout_of(&l, &probe, x, npick);
    if (!(vt = rf_alloc(l.end)))
        return NULL;
    *vt = probe;
    vt->cells = (char *)vt + l.off_cells;
    memcpy((char *)vt->cells, cells, l.ncell);
    if (npick)
        memcpy((char *)vt + l.off_picks, counts, npick * sizeof *counts);
    vt->subst_picks = npick ? (const uint32_t *)((char *)vt + l.off_picks) : NULL;
    vt->base = t->base ? t->base : t;
    vt->variant = v;
    vt->own = x->arena;
    x->arena.top = NULL;
    find_anchors(vt, ux, uy);
    if (l.ndoors) {
        rf_door *doors = (rf_door *)((char *)vt + l.off_doors);
        (void)rf_vary_doors(vt, doors);
        vt->doors = doors;
    } else {
        vt->doors = NULL;
    }
    vt->ndoors = l.ndoors;
    if (l.nobj)
        copy_objects(vt, t, x, (rf_object *)((char *)vt + l.off_objs));
    vt->nobjects = l.nobj;
    if (l.nscr) {
        rf_script *scr = (rf_script *)((char *)vt + l.off_scr);
        if (t->nscripts)
            memcpy(scr, t->scripts, t->nscripts * sizeof *scr);
        memcpy(scr + t->nscripts, x->scripts, x->nscripts * sizeof *scr);
        vt->scripts = scr;
        vt->nscripts = l.nscr;
    }
    return vt;
}

rf_template *rf_vary_expand_at(const rf_template *t, uint32_t v, int depth, int *ux, int *uy)
{
    size_t ncell = (size_t)t->height * (size_t)(t->width + 1), i, npick = 0, at = 0;
    rf_vary_extra x;
    rf_template *vt = NULL;
    uint32_t *counts;
    char *cells;
    rf_rng r;
    memset(&x, 0, sizeof x);
    for (i = 0; i < t->nvary; i++) /* at most RF_VARY_MAX_STEPS x RF_VARY_MAX_PICKS */
        npick += t->vary[i].kind == RF_VARY_SUBST ? t->vary[i].npicks : 0;
    /* scratch: the cells, then the pick counts */
    if (!(cells = rf_calloc(1, ALIGN(ncell) + npick * sizeof *counts)))
        return NULL;
    counts = (uint32_t *)(cells + ALIGN(ncell));
    memcpy(cells, t->cells, ncell);
    rf_rng_seed(&r, v, rf_template_name_hash(t->name ? t->name : ""));
    for (i = 0; i < t->nvary; i++) {
        const rf_vary_step *st = &t->vary[i];
        if (st->kind == RF_VARY_SUBST) {
            do_subst(st, cells, t->width, t->height, &r, counts + at);
            at += st->npicks;
        } else if (st->kind == RF_VARY_NSUBST && !do_nsubst(st, cells, t->width, t->height, &r)) {
            goto done;
        } else if (st->kind == RF_VARY_SHUFFLE) {
            do_shuffle(st, cells, t->width, t->height, &r);
        } else if (st->kind == RF_VARY_SUBROOM &&
                   !rf_vary_fill_subroom(st, cells, t->width, &r, depth, &x)) {
            goto done;
        }
    }
    vt = build(t, v, cells, &x, counts, npick, ux, uy);
done:
    rf_free(cells);
    rf_vary_extra_fini(&x);
    return vt;
}

rf_template *rf_vary_expand(const rf_template *t, uint32_t v, int *ux, int *uy)
{
    return rf_vary_expand_at(t, v, 0, ux, uy);
}
