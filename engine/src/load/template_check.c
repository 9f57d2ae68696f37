/* engine/src/load/template_check.c: the semantic checks of one loaded room.
 *
 * Pipeline: load; run by load_room.c on every room, through template.h only.
 * Design: a few linear passes, O(cells + objects + clauses); ids matched by
 * sorted arrays, with a linear fallback if memory runs out. Clause types are
 * lint.c's to judge.
 * Seeds: dredmor-room-system.txt 1.1, 1.2, 2, 3-4.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "template_check_int.h"
#include "template_parts_int.h"
#include "roomforge/placed.h"
#include "load/seam.h"

/* ---- map symbols ---- */

/* Map symbols are load/seam.h's rows. Objects may stand on every
 * floor-like cell, doors, shop cells, '!' and 'X' included (a 2-tile blocker
 * covers an X; a trap's launcher finds the wall north of it by itself), never
 * on '#', 'P' or outside the room. Doors need a walkable cell behind them
 * that no blocker or sales pedestal may close; a digit is walkable only when
 * an at= names it, since an unused anchor becomes wall. */

/* Below this many ids the index lives on the stack; a room may hold up to
 * RF_TEMPLATE_MAX_OBJECTS objects and far more create actions. */
#define SMALL_IDS 64

typedef struct id_entry {
    const char *id;
    size_t index;     /* document order, breaks ties */
    const char *what; /* "monster", "create action", ... */
} id_entry;

typedef struct id_index {
    id_entry *items; /* sorted by id then index; NULL when it could not be built */
    size_t n;
    bool heap;
    id_entry small[SMALL_IDS];
} id_index;

typedef struct check {
    const rf_template *t;
    rf_diags *d;
    const char *file;
    const char *name;
    int w, h;
    size_t errors;
    bool on_map[10]; /* the digit appears on the map */
    unsigned used;   /* bit n: an object's or an XML clause's at= names digit n */
    bool has_lua;
    size_t doors;
    bool shop_cell[3]; /* S, s, i are on the map */
    bool any_shop;     /* one is: the first at (shop_x, shop_y) */
    int shop_x, shop_y;
    /* set by their builders, not cleared first: */
    id_index objects;                        /* ids of the room's objects */
    id_index created;                        /* ids that create actions make */
    const char *rows[RF_TEMPLATE_MAX_SIDE]; /* rf_template_row of each y < h */
} check;

/* ---- reporting ---- */

static void report(check *c, const char *code, int line, int col, const char *fmt, ...)
    RF_PRINTF(5, 6);

/* Adds one diagnostic; counts it when it is a fault (rf_diag_report). */
static void report(check *c, const char *code, int line, int col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (rf_diag_report(c->d, code, c->file, line, col, "%s", msg) & RF_DIAG_FAULT)
        c->errors++; /* lost ones are counted */
}

/* The exact file position of cell (x, y) of the map (template.h). */
static void cell_pos(const check *c, int x, int y, int *line, int *col)
{
    if (!rf_template_cell_pos(c->t, x, y, line, col) || *line <= 0) {
        *line = rf_template_line(c->t);
        *col = rf_template_col(c->t);
    }
}

/* Room-wide problems point at the room's '<'. */
static void room_pos(const check *c, int *line, int *col)
{
    *line = rf_template_line(c->t);
    *col = rf_template_col(c->t);
}

static const rf_attr *attr_find(const rf_attr *attrs, size_t n, const char *key)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (attrs[i].key && rf_text_eq(attrs[i].key, key))
            return &attrs[i];
    return NULL;
}

/* rf_template_cell, read from the rows kept. */
static char cell(const check *c, int x, int y)
{
    if (x < 0 || y < 0 || x >= c->w || y >= c->h)
        return ' ';
    return c->rows[y][x];
}
static const rf_symbol *sym(char ch) { return rf_symbol_find(ch); }

static bool wall_like(char ch)
{
    const rf_symbol *s = sym(ch);
    return s && s->wall_like;
}

/* ---- id indexes ---- */

static int entry_cmp(const void *a, const void *b)
{
    const id_entry *ea = a, *eb = b;
    int r = strcmp(ea->id, eb->id);
    if (r)
        return r;
    return ea->index < eb->index ? -1 : ea->index > eb->index;
}

/* Reserves room for n entries; false (items NULL) when memory runs out. */
static bool index_reserve(id_index *ix, size_t n)
{
    ix->n = 0;
    ix->heap = false;
    ix->items = ix->small;
    if (n <= SMALL_IDS)
        return true;
    ix->items = rf_calloc(n, sizeof *ix->items);
    ix->heap = ix->items != NULL;
    return ix->heap;
}

static void index_sort(id_index *ix)
{
    if (ix->items && ix->n > 1)
        qsort(ix->items, ix->n, sizeof *ix->items, entry_cmp);
}

static void index_fini(id_index *ix)
{
    if (ix->heap)
        rf_free(ix->items);
    ix->items = NULL;
    ix->heap = false;
}

/* The first entry (lowest index) with id, or NULL. ix must be built. */
static const id_entry *index_find(const id_index *ix, const char *id)
{
    size_t lo = 0, hi = ix->n;
    while (lo < hi) { /* first entry whose id is >= id */
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(ix->items[mid].id, id) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ix->n && strcmp(ix->items[lo].id, id) == 0 ? &ix->items[lo] : NULL;
}

static bool is_create(const rf_clause *cl) { return cl->type && strcmp(cl->type, "create") == 0; }

static void build_object_index(check *c)
{
    size_t i, n = rf_template_object_count(c->t), nid = 0;
    for (i = 0; i < n; i++)
        if (rf_template_object(c->t, i)->id)
            nid++;
    if (!index_reserve(&c->objects, nid))
        return;
    for (i = 0; i < n; i++) {
        const rf_object *o = rf_template_object(c->t, i);
        id_entry *e;
        if (!o->id)
            continue;
        e = &c->objects.items[c->objects.n++];
        e->id = o->id;
        e->index = i;
        e->what = rf_object_tag(o);
    }
    index_sort(&c->objects);
}

static void build_created_index(check *c)
{
    size_t s, i, ns = rf_template_script_count(c->t), n = 0, k = 0;
    for (s = 0; s < ns; s++) {
        const rf_script *sc = rf_template_script(c->t, s);
        if (sc->lang != RF_SCRIPT_XML)
            continue;
        for (i = 0; i < sc->nactions; i++)
            if (is_create(&sc->actions[i]) &&
                attr_find(sc->actions[i].attrs, sc->actions[i].nattrs, "id"))
                n++;
    }
    if (!index_reserve(&c->created, n))
        return;
    for (s = 0; s < ns; s++) {
        const rf_script *sc = rf_template_script(c->t, s);
        if (sc->lang != RF_SCRIPT_XML)
            continue;
        for (i = 0; i < sc->nactions; i++) {
            const rf_clause *cl = &sc->actions[i];
            const rf_attr *a = is_create(cl) ? attr_find(cl->attrs, cl->nattrs, "id") : NULL;
            id_entry *e;
            if (!a || !a->value)
                continue;
            e = &c->created.items[c->created.n++];
            e->id = a->value;
            e->index = k++;
            e->what = "create action";
        }
    }
    index_sort(&c->created);
}

/* Whether an object of the room has id. */
static bool object_has_id(const check *c, const char *id)
{
    if (c->objects.items)
        return index_find(&c->objects, id) != NULL;
    return rf_template_object_find(c->t, id) != NULL; /* index lost to memory: linear */
}

/* The id of an object or a create action of the room nearest to id, for a
 * did-you-mean (rf_text_near); NULL when none is near or the indexes were
 * lost to memory. */
static const char *nearest_id(const check *c, const char *id, bool *certain)
{
    const id_index *ix[2] = {&c->objects, &c->created};
    rf_text_near n;
    size_t k, i;
    rf_text_near_init(&n, id);
    for (k = 0; k < 2; k++)
        for (i = 0; ix[k]->items && i < ix[k]->n; i++)
            rf_text_near_try(&n, ix[k]->items[i].id);
    *certain = rf_text_near_certain(&n);
    return n.pick;
}

/* Whether a create action of the room makes id. */
static bool created_has_id(const check *c, const char *id)
{
    size_t s, i, ns;
    if (c->created.items)
        return index_find(&c->created, id) != NULL;
    ns = rf_template_script_count(c->t);
    for (s = 0; s < ns; s++) {
        const rf_script *sc = rf_template_script(c->t, s);
        for (i = 0; sc->lang == RF_SCRIPT_XML && i < sc->nactions; i++) {
            const rf_clause *cl = &sc->actions[i];
            const rf_attr *a = is_create(cl) ? attr_find(cl->attrs, cl->nattrs, "id") : NULL;
            if (a && a->value && strcmp(a->value, id) == 0)
                return true;
        }
    }
    return false;
}

/* ---- the map ---- */

static void scan_map(check *c)
{
    int x, y;
    for (y = 0; y < c->h; y++) {
        const char *row = rf_template_row(c->t, y);
        if (!row)
            continue;
        for (x = 0; x < c->w && row[x]; x++) {
            unsigned char ch = (unsigned char)row[x];
            const rf_symbol *k = sym((char)ch);
            if (k && k->cls == RF_SYMBOL_DOOR)
                c->doors++;
            if (k && k->cls == RF_SYMBOL_ANCHOR)
                c->on_map[ch - '0'] = true;
            if (ch == 'S' || ch == 's' || ch == 'i') { /* for check_shop */
                c->shop_cell[ch == 'S' ? 0 : ch == 's' ? 1 : 2] = true;
                if (!c->any_shop) {
                    c->any_shop = true;
                    c->shop_x = x;
                    c->shop_y = y;
                }
            }
            if (!k && rf_text_is_lead(ch)) { /* report a UTF-8 sequence once */
                int line, col;
                cell_pos(c, x, y, &line, &col);
                if (ch == (unsigned char)RF_CELL_NON_ASCII)
                    report(c, "unknown-symbol", line, col,
                           "a character outside ASCII is not a rooms.xml map symbol");
                else if (ch >= 0x20 && ch < 0x7f)
                    report(c, "unknown-symbol", line, col, "'%c' is not a rooms.xml map symbol",
                           ch);
                else
                    report(c, "unknown-symbol", line, col,
                           "byte 0x%02x is not a rooms.xml map symbol", ch);
            }
        }
    }
}

static void check_levels(check *c)
{
    const rf_flags *f = rf_template_flags(c->t);
    if (f && f->min_level > f->max_level) {
        int line, col;
        room_pos(c, &line, &col);
        if (f->line > 0) {
            line = f->line;
            col = f->col;
        }
        report(c, "level-range", line, col, "minLevel %d is greater than maxLevel %d", f->min_level,
               f->max_level);
    }
}

/* ---- objects ---- */

static bool is_monster(rf_object_type t) { return t == RF_OBJ_MONSTER || t == RF_OBJ_HORDE; }

/* Checks the tile an object (or a created one) stands on. */
static void check_tile(check *c, const char *what, int x, int y, int line, int col)
{
    char ch;
    if (x < 0 || y < 0 || x >= c->w || y >= c->h) {
        report(c, "object-outside", line, col, "the %s at (%d, %d) is outside the %dx%d map", what,
               x, y, c->w, c->h);
        return;
    }
    ch = cell(c, x, y);
    if (!sym(ch) || !sym(ch)->stand)
        report(c, "object-on-wall", line, col, "the %s at (%d, %d) stands on '%c', not on floor",
               what, x, y, ch);
}

static void check_shop_monster(check *c, const char *what, int line, int col)
{
    report(c, "shop-monster", line, col,
           "a %s in a shop may turn the shopkeeper hostile or make him vanish", what);
}

/* The attributes a level object carries as text: refused when longer than
 * the level keeps (roomforge/placed.h), never cut. */
static const char *const kept_names[] = {"id", "name"};

static void check_name_lengths(check *c, const rf_object *o, const char *what)
{
    size_t k;
    if (o->type == RF_OBJ_OTHER && o->tag && strlen(o->tag) >= RF_PLACED_TYPE_MAX)
        report(c, "bad-value", o->line, o->col,
               "the element <%.40s...> is %zu bytes long; a level keeps at most %d", o->tag,
               strlen(o->tag), RF_PLACED_TYPE_MAX - 1);
    for (k = 0; k < sizeof kept_names / sizeof kept_names[0]; k++) {
        const rf_attr *a = attr_find(o->attrs, o->nattrs, kept_names[k]);
        if (a && strlen(a->value) >= RF_PLACED_NAME_MAX)
            report(c, "bad-value", a->line, a->col,
                   "the %s's %s is %zu bytes long; a level keeps at most %d", what,
                   kept_names[k], strlen(a->value), RF_PLACED_NAME_MAX - 1);
    }
}

static void check_objects(check *c)
{
    size_t i, n = rf_template_object_count(c->t);
    const rf_flags *f = rf_template_flags(c->t);
    for (i = 0; i < n; i++) {
        const rf_object *o = rf_template_object(c->t, i);
        const char *what = rf_object_tag(o);
        check_name_lengths(c, o, what);
        if (o->at >= 0 && o->at <= 9) {
            if (!c->on_map[o->at]) {
                const rf_attr *a = attr_find(o->attrs, o->nattrs, "at");
                report(c, "anchor-missing", a ? a->line : o->line, a ? a->col : o->col,
                       "the %s is placed at digit %d, which is not on the map", what, o->at);
            } else {
                check_tile(c, what, o->x, o->y, o->line, o->col);
            }
        } else {
            const rf_attr *ax = attr_find(o->attrs, o->nattrs, "x");
            const rf_attr *ay = attr_find(o->attrs, o->nattrs, "y");
            /* No or malformed x/y is the loader's object-position or bad-value. */
            if (ax && ay && rf_script_parse_int(ax->value, -RF_LEVEL_ANY, RF_LEVEL_ANY, NULL) &&
                rf_script_parse_int(ay->value, -RF_LEVEL_ANY, RF_LEVEL_ANY, NULL))
                check_tile(c, what, o->x, o->y, o->line, o->col);
        }
        if (f && f->shop && is_monster(o->type))
            check_shop_monster(c, what, o->line, o->col);
    }
}

/* Two objects with one id: every one after the first, in document order
 * (each object finds the first of its id through the index). */
static void check_duplicate_ids(check *c)
{
    size_t i, n = rf_template_object_count(c->t);
    for (i = 0; i < n; i++) {
        const rf_object *o = rf_template_object(c->t, i);
        const rf_attr *a;
        int first_line;
        const char *first_what;
        if (!o->id)
            continue;
        if (c->objects.items) {
            const id_entry *first = index_find(&c->objects, o->id);
            if (!first || first->index == i)
                continue;
            first_line = rf_template_object(c->t, first->index)->line;
            first_what = first->what;
        } else { /* the index was lost to memory: linear, still right */
            const rf_object *first = rf_template_object_find(c->t, o->id);
            if (!first || first == o)
                continue;
            first_line = first->line;
            first_what = rf_object_tag(first);
        }
        a = attr_find(o->attrs, o->nattrs, "id");
        report(c, "duplicate-id", a ? a->line : o->line, a ? a->col : o->col,
               "id '%s' of this %s is already used by the %s on line %d", o->id,
               rf_object_tag(o), first_what, first_line);
    }
}

/* ---- scripts ---- */

/* What a bad value should have been, for messages. */
static void expected(const rf_attr_spec *s, char *buf, size_t cap)
{
    switch (s->kind) {
    case RF_VALUE_BOOL: snprintf(buf, cap, "0 or 1"); break;
    case RF_VALUE_INT: snprintf(buf, cap, "an integer from %d to %d", s->min, s->max); break;
    case RF_VALUE_ANCHOR: snprintf(buf, cap, "a digit 0-9"); break;
    case RF_VALUE_ENUM: snprintf(buf, cap, "one of %s", s->choices); break;
    case RF_VALUE_OBJECT_TAG:
        snprintf(buf, cap, "an object tag (clock, customBlocker, monster, ...)");
        break;
    case RF_VALUE_STRING:
    case RF_VALUE_REF: snprintf(buf, cap, "text"); break;
    }
}

/* "the <type> action" (or condition) into out, cut as snprintf cuts: the
 * name every clause diagnostic gives, made without printf. */
static void clause_what(char *out, size_t cap, const char *type, bool action)
{
    const char *parts[3] = {"the ", type, action ? " action" : " condition"};
    size_t i, n = 0;
    for (i = 0; i < 3; i++) {
        size_t k = strlen(parts[i]);
        if (k > cap - 1 - n)
            k = cap - 1 - n;
        memcpy(out + n, parts[i], k);
        n += k;
    }
    out[n] = '\0';
}

/* A clause's name for its diagnostics, made when the first one needs it
 * (most clauses have none); made from the start for a create action's. */
typedef struct clause_name {
    const char *type;
    bool action, made;
    char text[96];
} clause_name;

static const char *name_of(clause_name *w)
{
    if (!w->made)
        clause_what(w->text, sizeof w->text, w->type, w->action);
    w->made = true;
    return w->text;
}

/* Checks attrs (of a clause at line:col) against the spec rows: presence,
 * value kind, and that referenced ids exist. w names the clause. */
static void check_attrs(check *c, const rf_clause *cl, const rf_attr_spec *specs, size_t nspecs,
                        clause_name *w)
{
    size_t i;
    for (i = 0; i < nspecs; i++) {
        const rf_attr_spec *s = &specs[i];
        const rf_attr *a = attr_find(cl->attrs, cl->nattrs, s->key);
        if (!a || !a->value) {
            if (s->required && !(s->alt && attr_find(cl->attrs, cl->nattrs, s->alt)))
                report(c, "missing-attribute", cl->line, cl->col, "%s needs the %s attribute",
                       name_of(w), s->name);
            continue;
        }
        if (!rf_script_value_ok(s, a->value)) {
            char exp[96];
            expected(s, exp, sizeof exp);
            report(c, "bad-value", a->line, a->col, "%s=\"%s\" of %s must be %s", a->name, a->value,
                   name_of(w), exp);
        } else if (s->kind == RF_VALUE_REF && !object_has_id(c, a->value) &&
                   !created_has_id(c, a->value)) {
            bool certain;
            const char *near = nearest_id(c, a->value, &certain);
            size_t at = c->d ? rf_diags_count(c->d) : 0;
            report(c, "unknown-id", a->line, a->col,
                   "%s names id '%s', which no object of room '%s' has or creates%s%s%s",
                   name_of(w), a->value, c->name, near ? "; did you mean '" : "", near ? near : "",
                   near ? "'?" : "");
            /* lint --fix writes the id meant when no other is as near */
            if (certain && c->d && rf_diags_count(c->d) > at)
                (void)rf_diags_set_fix(c->d, at, a->name, a->value, near);
        }
    }
}

/* Checks one at= / x= y= pair of a clause. Sets *x, *y to the tile it names
 * (room-local) and returns true when it names one well-formed tile. */
static bool check_point(check *c, const rf_clause *cl, const rf_point_spec *p, clause_name *w,
                        int *x, int *y)
{
    const rf_attr *at = attr_find(cl->attrs, cl->nattrs, p->at_key);
    const rf_attr *ax = attr_find(cl->attrs, cl->nattrs, p->x_key);
    const rf_attr *ay = attr_find(cl->attrs, cl->nattrs, p->y_key);
    bool ok = true;
    if (at && at->value) {
        int digit = rf_script_parse_anchor(at->value);
        if (digit < 0) {
            report(c, "bad-value", at->line, at->col, "%s=\"%s\" of %s must be a digit 0-9",
                   at->name, at->value, name_of(w));
            return false;
        }
        if (!c->on_map[digit]) {
            report(c, "anchor-missing", at->line, at->col,
                   "%s names digit %d, which is not on the map", name_of(w), digit);
            return false;
        }
        return rf_template_anchor(c->t, digit, x, y);
    }
    if (!ax && !ay) {
        if (p->required)
            report(c, "missing-attribute", cl->line, cl->col, "%s needs %s or %s and %s",
                   name_of(w), p->name, p->x_name, p->y_name);
        return false;
    }
    if (!ax || !ay) {
        report(c, "missing-attribute", cl->line, cl->col, "%s gives %s without %s",
               name_of(w), ax ? p->x_name : p->y_name, ax ? p->y_name : p->x_name);
        return false;
    }
    if (!rf_script_parse_int(ax->value, RF_SCRIPT_COORD_MIN, RF_SCRIPT_COORD_MAX, x)) {
        report(c, "bad-value", ax->line, ax->col, "%s=\"%s\" of %s must be an integer", ax->name,
               ax->value, name_of(w));
        ok = false;
    }
    if (!rf_script_parse_int(ay->value, RF_SCRIPT_COORD_MIN, RF_SCRIPT_COORD_MAX, y)) {
        report(c, "bad-value", ay->line, ay->col, "%s=\"%s\" of %s must be an integer", ay->name,
               ay->value, name_of(w));
        ok = false;
    }
    return ok;
}

/* A create action: the object it makes is checked as if it were in the room. */
static void check_create(check *c, const rf_clause *cl, bool placed, int x, int y)
{
    const rf_attr *tag = attr_find(cl->attrs, cl->nattrs, "createtype");
    const rf_attr *id = attr_find(cl->attrs, cl->nattrs, "id");
    const rf_flags *f = rf_template_flags(c->t);
    const rf_object_spec *os;
    rf_object_type type;
    char what[64];
    clause_name made = {NULL, true, true, ""};
    if (!tag || !tag->value || !rf_object_type_parse(tag->value, &type))
        return; /* reported by check_attrs */
    os = rf_script_object_spec(type);
    snprintf(made.text, sizeof what, "the %s this create action makes", /* cut as it was */
             rf_object_type_name(type));
    if (os)
        check_attrs(c, cl, os->attrs, os->nattrs, &made);
    snprintf(what, sizeof what, "created %s", rf_object_type_name(type));
    if (placed)
        check_tile(c, what, x, y, cl->line, cl->col);
    if (id && id->value && object_has_id(c, id->value)) {
        const rf_object *o = rf_template_object_find(c->t, id->value);
        report(c, "duplicate-id", id->line, id->col,
               "this create action makes id '%s', already used by the %s on line %d", id->value,
               o ? rf_object_type_name(o->type) : "object", o ? o->line : 0);
    }
    if (f && f->shop && is_monster(type))
        check_shop_monster(c, what, cl->line, cl->col);
}

static void check_clause(check *c, const rf_clause *cl, bool action)
{
    const rf_clause_spec *spec;
    clause_name w;
    size_t i;
    int x = 0, y = 0;
    bool placed = false;
    spec = action ? rf_script_action_spec(cl->type) : rf_script_condition_spec(cl->type);
    if (!spec)
        return; /* unknown types: rf_lint_script_types */
    w.type = spec->type;
    w.action = action;
    w.made = false;
    check_attrs(c, cl, spec->attrs, spec->nattrs, &w);
    for (i = 0; i < spec->npoints; i++) {
        int px, py;
        if (check_point(c, cl, &spec->points[i], &w, &px, &py) && i == 0) {
            placed = true;
            x = px;
            y = py;
        }
    }
    if (spec->creates)
        check_create(c, cl, placed, x, y);
}

static void check_scripts(check *c)
{
    size_t s, i, ns = rf_template_script_count(c->t);
    for (s = 0; s < ns; s++) {
        const rf_script *sc = rf_template_script(c->t, s);
        if (sc->lang != RF_SCRIPT_XML) {
            c->has_lua = true;
            continue;
        }
        if (sc->nactions == 0)
            report(c, "empty-script", sc->line, sc->col, "this script has no actions");
        for (i = 0; i < sc->nconditions; i++)
            check_clause(c, &sc->conditions[i], false);
        for (i = 0; i < sc->nactions; i++)
            check_clause(c, &sc->actions[i], true);
    }
}

/* ---- anchors, doors, shops, zoos, walls ---- */

/* Lua scripts may use any anchor, so a room with one reports none unused. */
static void check_anchors(check *c)
{
    int digit;
    if (c->has_lua)
        return;
    for (digit = 0; digit <= 9; digit++) {
        int x, y, line, col;
        if (!c->on_map[digit] || (c->used & (1u << digit)) ||
            !rf_template_anchor(c->t, digit, &x, &y))
            continue;
        cell_pos(c, x, y, &line, &col);
        report(c, "anchor-unused", line, col,
               "digit %d is on the map but no at= uses it; it becomes wall", digit);
    }
}

static bool outside(const check *c, int x, int y) { return cell(c, x, y) == ' '; }

static bool walkable(const check *c, int x, int y)
{
    char ch = cell(c, x, y);
    const rf_symbol *s = sym(ch);
    if (s && s->cls == RF_SYMBOL_ANCHOR)
        return (c->used & (1u << (ch - '0'))) != 0;
    return s && s->walkable && !s->may_block;
}

static void check_door(check *c, int x, int y, char ch)
{
    bool vertical = ch == 'D'; /* opens up/down: sits on a top or bottom edge */
    int dx = vertical ? 0 : 1, dy = vertical ? 1 : 0;
    bool before = outside(c, x - dx, y - dy), after = outside(c, x + dx, y + dy);
    int line, col, k; /* the door's cell: where each report points, found when one is made */
    if (!before && !after) {
        cell_pos(c, x, y, &line, &col);
        report(c, "door-edge", line, col, "door '%c' at (%d, %d) is not on a %s edge of the room",
               ch, x, y, vertical ? "top or bottom" : "left or right");
        return;
    }
    if (before && after) {
        cell_pos(c, x, y, &line, &col);
        report(c, "door-blocked", line, col,
               "door '%c' at (%d, %d) has the outside on both sides and no room behind it", ch, x,
               y);
    } else {
        int ix = before ? x + dx : x - dx, iy = before ? y + dy : y - dy;
        if (!walkable(c, ix, iy)) {
            cell_pos(c, x, y, &line, &col);
            report(c, "door-blocked", line, col,
                   "door '%c' at (%d, %d) opens onto '%c' at (%d, %d), which is not walkable", ch,
                   x, y, cell(c, ix, iy), ix, iy);
        }
    }
    for (k = -1; k <= 1; k += 2) { /* the span runs along the edge */
        int sx = x + k * dy, sy = y + k * dx;
        bool in = sx >= 0 && sy >= 0 && sx < c->w && sy < c->h;
        if (!in || !wall_like(cell(c, sx, sy))) {
            cell_pos(c, x, y, &line, &col);
            if (in)
                report(c, "door-span", line, col,
                       "door '%c' at (%d, %d) has '%c' beside it at (%d, %d); its span needs wall",
                       ch, x, y, cell(c, sx, sy), sx, sy);
            else
                report(c, "door-span", line, col,
                       "door '%c' at (%d, %d) is at the end of its edge; its 3-tile span "
                       "leaves the map",
                       ch, x, y);
            break;
        }
    }
}

static void check_doors(check *c)
{
    int x, y;
    if (c->doors == 0) {
        int line, col;
        if (rf_template_is_subroom_only(c->t))
            return; /* it opens into the room around it, checked there (DESIGN 16) */
        room_pos(c, &line, &col);
        report(c, "no-doors", line, col, "room '%s' has no door (D or d) on its map", c->name);
        return;
    }
    for (y = 0; y < c->h; y++)
        for (x = 0; x < c->w; x++) {
            char ch = cell(c, x, y);
            if (sym(ch) && sym(ch)->cls == RF_SYMBOL_DOOR)
                check_door(c, x, y, ch);
        }
}

static void check_shop(check *c)
{
    const rf_flags *f = rf_template_flags(c->t);
    const bool *has = c->shop_cell; /* S, s, i: scan_map saw them */
    int line, col;
    if (f && f->shop) {
        if (!has[0] || !has[1] || !has[2]) {
            room_pos(c, &line, &col);
            report(c, "shop-incomplete", line, col, "shop room '%s' lacks%s%s%s on its map",
                   c->name, has[0] ? "" : " S (shopkeeper)", has[1] ? "" : " s (his block area)",
                   has[2] ? "" : " i (sales pedestals)");
        }
    } else if (c->any_shop) {
        cell_pos(c, c->shop_x, c->shop_y, &line, &col);
        report(c, "shop-symbol", line, col, "'%c' belongs in shops, but room '%s' is no shop",
               cell(c, c->shop_x, c->shop_y), c->name);
    }
}

/* A zoo is rectangular when no cell of its map is outside the room and its
 * border is all wall or door; the first cell breaking that is reported. */
static void check_zoo(check *c)
{
    const rf_flags *f = rf_template_flags(c->t);
    int x, y, line, col;
    if (!f || !f->zoo)
        return;
    for (y = 0; y < c->h; y++)
        for (x = 0; x < c->w; x++) {
            char ch = cell(c, x, y);
            bool border = x == 0 || y == 0 || x == c->w - 1 || y == c->h - 1;
            if (ch == ' ' ||
                (border && !wall_like(ch) && !(sym(ch) && sym(ch)->cls == RF_SYMBOL_DOOR))) {
                cell_pos(c, x, y, &line, &col);
                report(c, "zoo-shape", line, col,
                       "zoo '%s' is not a walled rectangle: '%c' at (%d, %d)%s", c->name, ch, x, y,
                       ch == ' ' ? " is outside the room" : " breaks its border");
                return;
            }
        }
}

/* Walls two tiles high (seed 1.1): a '#' needs wall above or below, except
 * the two cells beside a 'D'. Outside the room (above the top edge, below the
 * bottom one) counts as wall: placed rooms are surrounded by rock or by the
 * next room's wall, so a map's one-row border is not reported. */
static void check_thin_walls(check *c, bool enabled)
{
    int x, y, line, col;
    if (!enabled)
        return;
    for (y = 0; y < c->h; y++)
        for (x = 0; x < c->w; x++) {
            if (cell(c, x, y) != '#')
                continue;
            if (wall_like(cell(c, x, y - 1)) || wall_like(cell(c, x, y + 1)) ||
                outside(c, x, y - 1) || outside(c, x, y + 1))
                continue;
            if (cell(c, x - 1, y) == 'D' || cell(c, x + 1, y) == 'D')
                continue;
            cell_pos(c, x, y, &line, &col);
            report(c, "wall-thin", line, col,
                   "the wall at (%d, %d) is one tile high; Dredmor walls are two", x, y);
        }
}

size_t rf_template_check(const rf_template *t, rf_diags *d)
{
    return rf_template_check_walls(t, d, d && rf_diags_is_enabled(d, "wall-thin"));
}

size_t rf_template_check_walls(const rf_template *t, rf_diags *d, bool thin_walls)
{
    check c;
    int y;
    size_t doors_errors;
    if (!t || !d)
        return 0;
    memset(&c, 0, offsetof(check, objects));
    c.t = t;
    c.d = d;
    c.file = rf_template_file(t) ? rf_template_file(t) : "";
    c.name = rf_template_name(t) ? rf_template_name(t) : "";
    c.w = rf_template_width(t);
    c.h = rf_template_height(t);
    if (c.h > RF_TEMPLATE_MAX_SIDE) /* the loader's room-too-big keeps it from coming */
        return 0;
    for (y = 0; y < c.h; y++)
        c.rows[y] = rf_template_row(t, y);
    /* the digits that become floor, as the placer draws them: in a Lua
     * room every one (a script may name any; check_anchors skips them) */
    c.used = rf_template_used_digits(t);
    scan_map(&c);
    check_levels(&c);
    build_object_index(&c);
    build_created_index(&c);
    check_objects(&c);
    check_duplicate_ids(&c);
    check_scripts(&c);
    check_anchors(&c);
    doors_errors = c.errors;
    check_doors(&c);
    /* the parts no door reaches, when the doors stand where they may: a
     * blocked door would make its whole room one */
    if (c.doors > 0 && c.errors == doors_errors)
        c.errors += rf_template_check_parts(t, c.used, d);
    check_shop(&c);
    check_zoo(&c);
    check_thin_walls(&c, thin_walls);
    index_fini(&c.objects);
    index_fini(&c.created);
    return c.errors;
}
