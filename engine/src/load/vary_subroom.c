/* engine/src/load/vary_subroom.c: a <subroom> box filled as a variant is
 * drawn: a candidate room picked, its own variant drawn, turned, written.
 *
 * Pipeline: load; rf_vary_expand_at (vary_expand.c) calls it for each
 * subroom step, in the order written. Design: every pick comes from the
 * outer variant's own stream, so variant v names the whole nested map. The
 * inner room's doors become floor (it opens into the room around it), its
 * used anchors floor and unused ones wall (the anchors are the outer room's);
 * its objects keep their cells, turned and moved into the box, at= resolved,
 * ids led by "Name."; its scripts are appended as written. Depth is bounded
 * by RF_VARY_SUBROOM_DEPTH, so a cycle the link missed cannot hang a draw.
 */
#include <string.h>

#include "core/alloc.h"
#include "load/symbols.h"
#include "roomforge/orient.h"
#include "vary_int.h"

void rf_vary_extra_fini(rf_vary_extra *x)
{
    rf_free(x->objs);
    rf_free(x->id_off);
    rf_free(x->scripts);
    rf_free(x->ids);
    memset(x, 0, sizeof *x);
}

bool rf_vary_orient_allowed(const rf_template *t, int k)
{
    return ((k & 3) == 0 || t->rotate) && ((k & 4) == 0 || t->mirror);
}

/* prefix "." id into x->ids; its offset, or SIZE_MAX when memory ran out. */
static size_t add_id(rf_vary_extra *x, const char *prefix, const char *id)
{
    size_t lp = strlen(prefix), li = strlen(id), at = x->ids_len;
    if (!rf_grow((void **)&x->ids, &x->ids_cap, x->ids_len + lp + li + 2, 1))
        return SIZE_MAX;
    memcpy(x->ids + at, prefix, lp);
    x->ids[at + lp] = '.';
    memcpy(x->ids + at + lp + 1, id, li + 1);
    x->ids_len += lp + li + 2;
    return at;
}

/* The objects of the inner variant cv (turned by k, tw x th) into x. */
static bool carry_objects(const rf_template *cv, const rf_vary_step *st, int k, rf_vary_extra *x)
{
    size_t i;
    for (i = 0; i < cv->nobjects; i++) {
        rf_object o = cv->objects[i];
        size_t off = SIZE_MAX;
        if (!rf_grow((void **)&x->objs, &x->objs_cap, x->nobjs + 1, sizeof *x->objs) ||
            !rf_grow((void **)&x->id_off, &x->id_cap, x->nobjs + 1, sizeof *x->id_off))
            return false;
        if (o.x >= 0 && o.y >= 0) {
            int rx, ry;
            rf_orient_to_room(k, cv->width, cv->height, o.x, o.y, &rx, &ry);
            o.x = st->bx + rx;
            o.y = st->by + ry;
        }
        o.at = -1; /* its cell is fixed: the anchors are the outer room's */
        if (o.id && (off = add_id(x, cv->name ? cv->name : "", o.id)) == SIZE_MAX)
            return false;
        o.id = NULL; /* set from id_off once the block is built */
        x->id_off[x->nobjs] = off;
        x->objs[x->nobjs++] = o;
    }
    return true;
}

static bool carry_scripts(const rf_template *cv, rf_vary_extra *x)
{
    if (!cv->nscripts)
        return true;
    if (!rf_grow((void **)&x->scripts, &x->scripts_cap, x->nscripts + cv->nscripts,
                 sizeof *x->scripts))
        return false;
    memcpy(x->scripts + x->nscripts, cv->scripts, cv->nscripts * sizeof *x->scripts);
    x->nscripts += cv->nscripts;
    return true;
}

/* The inner cell ch as it stands in the outer room. */
static char carried_cell(char ch, unsigned used_digits)
{
    const rf_symbol *s = rf_symbol_find(ch);
    if (s && s->cls == RF_SYMBOL_DOOR)
        return '.';
    if (ch >= '0' && ch <= '9')
        return (used_digits >> (ch - '0')) & 1u ? '.' : '#';
    return ch;
}

bool rf_vary_fill_subroom(const rf_vary_step *st, char *cells, int w, rf_rng *r, int depth,
                          rf_vary_extra *x)
{
    const rf_template *c, *cv;
    rf_template *own = NULL;
    int ks[RF_ORIENT_COUNT], nk = 0, k, rx, ry;
    uint32_t inner;
    unsigned used;
    bool ok;
    if (st->ncands == 0 || depth >= RF_VARY_SUBROOM_DEPTH)
        return true; /* the box keeps its glyph: vary-unresolved says so */
    c = st->cands[rf_rng_below(r, (uint32_t)st->ncands)];
    for (k = 0; k < RF_ORIENT_COUNT; k++) {
        int tw, th;
        rf_orient_size(k, c->width, c->height, &tw, &th);
        if (rf_vary_orient_allowed(c, k) && tw == st->bw && th == st->bh)
            ks[nk++] = k;
    }
    if (nk == 0)
        return true; /* not reached: the link keeps only rooms that fit */
    k = ks[rf_rng_below(r, (uint32_t)nk)];
    inner = rf_rng_next(r);
    cv = c;
    if (c->nvary) {
        int ux, uy;
        if (!(own = rf_vary_expand_at(c, inner, depth + 1, &ux, &uy)))
            return false;
        cv = own;
    }
    used = rf_template_used_digits(cv);
    for (ry = 0; ry < st->bh; ry++)
        for (rx = 0; rx < st->bw; rx++) {
            int tx, ty;
            rf_orient_to_template(k, cv->width, cv->height, rx, ry, &tx, &ty);
            cells[(size_t)(st->by + ry) * (size_t)(w + 1) + (size_t)(st->bx + rx)] =
                carried_cell(cv->cells[(size_t)ty * (size_t)(cv->width + 1) + (size_t)tx], used);
        }
    ok = carry_objects(cv, st, k, x) && carry_scripts(cv, x);
    rf_free(own);
    return ok;
}
