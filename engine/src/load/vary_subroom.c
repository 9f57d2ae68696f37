/* engine/src/load/vary_subroom.c: a <subroom> box filled as a variant is
 * drawn: a candidate room picked, its own variant drawn, turned, written.
 *
 * Pipeline: load; rf_vary_expand_at (vary_expand.c) calls it for each
 * subroom step, in the order written. Design: every pick comes from the
 * outer variant's stream, so variant v names the whole nested map. Inner
 * doors become floor, used anchors floor and unused ones wall (the anchors
 * are the outer room's); objects and XML clauses move to the outer frame
 * (at= made x, y), ids led by "Name."; a room with Lua scripts is no
 * candidate (vary_link.c). Depth is bounded by RF_VARY_SUBROOM_DEPTH: a
 * cycle the link missed cannot hang.
 */
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "load/seam.h"
#include "roomforge/orient.h"
#include "vary_int.h"

void rf_vary_extra_fini(rf_vary_extra *x)
{
    rf_arena_mark none = {NULL, 0};
    rf_free(x->objs);
    rf_free(x->scripts);
    rf_arena_rewind(&x->arena, none);
    memset(x, 0, sizeof *x);
}

bool rf_vary_orient_allowed(const rf_template *t, int k)
{
    return ((k & 3) == 0 || t->rotate) && ((k & 4) == 0 || t->mirror);
}

/* Where the inner room sits: its variant, its turn, the box. */
typedef struct fill {
    const rf_template *cv;
    const rf_vary_step *st;
    int k;
    rf_arena *arena;
} fill;

/* Inner cell (x, y) in the outer room's frame. */
static void to_outer(const fill *f, int x, int y, int *ox, int *oy)
{
    int rx, ry;
    rf_orient_to_room(f->k, f->cv->width, f->cv->height, x, y, &rx, &ry);
    *ox = f->st->bx + rx;
    *oy = f->st->by + ry;
}

/* "Name." id in the arena; NULL when memory ran out. */
static const char *prefixed(const fill *f, const char *id)
{
    const char *name = f->cv->name ? f->cv->name : "";
    size_t ln = strlen(name), li = strlen(id);
    char *p = rf_arena_alloc(f->arena, ln + li + 2);
    if (!p)
        return NULL;
    memcpy(p, name, ln);
    p[ln] = '.';
    memcpy(p + ln + 1, id, li + 1);
    return p;
}

static const char *number(const fill *f, int v)
{
    char buf[16];
    int n = snprintf(buf, sizeof buf, "%d", v);
    return rf_arena_strndup(f->arena, buf, (size_t)n);
}

/* The attribute of cl with key, or -1. */
static long attr_index(const rf_attr *a, size_t n, const char *key)
{
    size_t i;
    for (i = 0; key && i < n; i++)
        if (strcmp(a[i].key, key) == 0)
            return (long)i;
    return -1;
}

/* One point of a clause moved to the outer frame: at= becomes x= (its
 * slot) and y= (appended), x= and y= are turned and moved. */
static bool move_point(const fill *f, const rf_point_spec *p, rf_attr *a, size_t *n)
{
    long ia = attr_index(a, *n, p->at_key), ix = attr_index(a, *n, p->x_key),
         iy = attr_index(a, *n, p->y_key);
    int x, y, ox, oy;
    if (ia >= 0) {
        int d = rf_script_parse_anchor(a[ia].value);
        if (d < 0 || f->cv->anchor_x[d] < 0)
            return true; /* the checks of the outer variant say what is wrong */
        to_outer(f, f->cv->anchor_x[d], f->cv->anchor_y[d], &ox, &oy);
        a[*n] = a[ia];
        a[ia].key = p->x_key;
        a[ia].name = p->x_name;
        a[*n].key = p->y_key;
        a[*n].name = p->y_name;
        if (!(a[ia].value = number(f, ox)) || !(a[*n].value = number(f, oy)))
            return false;
        (*n)++;
        return true;
    }
    if (ix < 0 || iy < 0 ||
        !rf_script_parse_int(a[ix].value, RF_SCRIPT_COORD_MIN, RF_SCRIPT_COORD_MAX, &x) ||
        !rf_script_parse_int(a[iy].value, RF_SCRIPT_COORD_MIN, RF_SCRIPT_COORD_MAX, &y))
        return true;
    to_outer(f, x, y, &ox, &oy);
    return (a[ix].value = number(f, ox)) != NULL && (a[iy].value = number(f, oy)) != NULL;
}

/* n clauses rewritten into the arena: ids led by the room's name, points
 * in the outer frame. NULL when memory ran out. */
static const rf_clause *move_clauses(const fill *f, const rf_clause *cl, size_t n, bool actions)
{
    rf_clause *out = n ? rf_arena_alloc(f->arena, n * sizeof *out) : NULL;
    size_t i, k;
    if (n && !out)
        return NULL;
    for (i = 0; i < n; i++) {
        const rf_clause_spec *spec =
            actions ? rf_script_action_spec(cl[i].type) : rf_script_condition_spec(cl[i].type);
        size_t np = spec ? spec->npoints : 0, na = cl[i].nattrs;
        rf_attr *a = rf_arena_alloc(f->arena, (na + np + 1) * sizeof *a);
        if (!a)
            return NULL;
        memcpy(a, cl[i].attrs, na * sizeof *a);
        for (k = 0; spec && k < na; k++) {
            const rf_attr_spec *as = rf_script_attr_spec(spec->attrs, spec->nattrs, a[k].key);
            bool ref = (as && as->kind == RF_VALUE_REF) ||
                       (spec->creates && strcmp(a[k].key, "id") == 0);
            if (ref && !(a[k].value = prefixed(f, a[k].value)))
                return NULL;
        }
        for (k = 0; k < np; k++)
            if (!move_point(f, &spec->points[k], a, &na))
                return NULL;
        out[i] = cl[i];
        out[i].attrs = a;
        out[i].nattrs = na;
    }
    return out;
}

static bool carry_objects(const fill *f, rf_vary_extra *x)
{
    size_t i;
    for (i = 0; i < f->cv->nobjects; i++) {
        rf_object o = f->cv->objects[i];
        if (!rf_grow((void **)&x->objs, &x->objs_cap, x->nobjs + 1, sizeof *x->objs))
            return false;
        if (o.x >= 0 && o.y >= 0)
            to_outer(f, o.x, o.y, &o.x, &o.y);
        o.at = -1; /* its cell is fixed: the anchors are the outer room's */
        if (o.id && !(o.id = prefixed(f, o.id)))
            return false;
        x->objs[x->nobjs++] = o;
    }
    return true;
}

static bool carry_scripts(const fill *f, rf_vary_extra *x)
{
    size_t i;
    if (!f->cv->nscripts)
        return true;
    if (!rf_grow((void **)&x->scripts, &x->scripts_cap, x->nscripts + f->cv->nscripts,
                 sizeof *x->scripts))
        return false;
    for (i = 0; i < f->cv->nscripts; i++) {
        rf_script sc = f->cv->scripts[i];
        if (sc.lang == RF_SCRIPT_XML &&
            ((sc.nconditions &&
              !(sc.conditions = move_clauses(f, sc.conditions, sc.nconditions, false))) ||
             (sc.nactions && !(sc.actions = move_clauses(f, sc.actions, sc.nactions, true)))))
            return false;
        x->scripts[x->nscripts++] = sc;
    }
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

/* The inner variant's own arena (what its subrooms brought) into x's. */
static void take_arena(rf_vary_extra *x, rf_template *own)
{
    rf_chunk *bottom;
    if (!own->own.top)
        return;
    for (bottom = own->own.top; bottom->prev; bottom = bottom->prev)
        ;
    bottom->prev = x->arena.top;
    x->arena.top = own->own.top;
    own->own.top = NULL;
}

bool rf_vary_fill_subroom(const rf_vary_step *st, char *cells, int w, rf_rng *r, int depth,
                          rf_vary_extra *x)
{
    const rf_template *c;
    rf_template *own = NULL;
    int ks[RF_ORIENT_COUNT], nk = 0, k, rx, ry;
    uint32_t inner;
    unsigned used;
    fill f;
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
    f.k = ks[rf_rng_below(r, (uint32_t)nk)];
    f.st = st;
    f.arena = &x->arena;
    f.cv = c;
    inner = rf_rng_next(r);
    if (c->nvary) {
        int ux, uy;
        if (!(own = rf_vary_expand_at(c, inner, depth + 1, &ux, &uy)))
            return false;
        take_arena(x, own);
        f.cv = own;
    }
    used = rf_template_used_digits(f.cv);
    for (ry = 0; ry < st->bh; ry++)
        for (rx = 0; rx < st->bw; rx++) {
            int tx, ty;
            rf_orient_to_template(f.k, f.cv->width, f.cv->height, rx, ry, &tx, &ty);
            cells[(size_t)(st->by + ry) * (size_t)(w + 1) + (size_t)(st->bx + rx)] = carried_cell(
                f.cv->cells[(size_t)ty * (size_t)(f.cv->width + 1) + (size_t)tx], used);
        }
    ok = carry_objects(&f, x) && carry_scripts(&f, x);
    rf_free(own); /* its arena is x's now */
    return ok;
}
