/* engine/src/place/place_objects.c: the objects of placed templates: percent
 * rolls, hordes, traps, shops, zoos and the P/@/^ decorations.
 *
 * Pipeline: place, after fit and before stairs; appends in plan order.
 * Design: layout draws from "place-objects", decorations from the cosmetic
 * stream. Rules: docs/reference.md, "Objects".
 * Seeds: shared/seeds/dredmor-room-system.txt.
 */
#include <stdio.h>
#include <string.h>

#include "place_int.h"
#include "roomforge/horde.h"

#define ZOO_CHANCE 80    /* "a high chance of generating a monster" */
#define HORDE_MIN 2      /* Dredmor's tweakDB horde defaults */
#define HORDE_ADDITIONAL 2
#define HORDE_RADIUS 4   /* members stand at most this far from the leader */

typedef struct obj_ctx {
    rf_placer *pl;
    const rf_plan_entry *e;
    const rf_tview *v;
    rf_rng *rng;
    rf_rng *cosmetic;
    const rf_horde_table *hordes;
    const rf_horde_table *decor;        /* hordes, or the bundled table when NULL */
    int decor_weight[RF_SYMBOL_DECORS]; /* total weight of each decorated symbol's rows */
    uint8_t *taken;                     /* w*h: 1 where an object of the level stands */
    int *horde_top;                     /* the highest horde number an object holds */
} obj_ctx;

/* Whether an object stands on (x, y): the level's list as a map, so a
 * query does not walk every object placed so far (a quadratic on large
 * levels). */
static bool taken_at(const obj_ctx *c, int x, int y)
{
    return rf_grid_in_bounds(c->pl->g, x, y) && c->taken[(size_t)y * (size_t)c->pl->g->w + (size_t)x];
}

static rf_status add_from(obj_ctx *c, const char *type, const char *name, const char *id, int x,
                          int y, int count, int source)
{
    rf_placed p;
    rf_placed_init(&p, type, name, x, y, c->e->room);
    p.source = source;
    if (id)
        snprintf(p.id, sizeof p.id, "%s", id);
    p.count = count > 0 ? count : 1;
    if (!rf_placed_list_add(c->pl->objs, &p))
        return RF_ERR_NOMEM;
    if (rf_grid_in_bounds(c->pl->g, x, y))
        c->taken[(size_t)y * (size_t)c->pl->g->w + (size_t)x] = 1;
    return RF_OK;
}

static rf_status add(obj_ctx *c, const char *type, const char *name, const char *id, int x, int y,
                     int count)
{
    return add_from(c, type, name, id, x, y, count, 0);
}

static int attr_int(const rf_object *ob, const char *key, int def)
{
    const char *s = rf_attrs_find(ob->attrs, ob->nattrs, key);
    long v = 0;
    if (!s || !*s)
        return def;
    for (; *s >= '0' && *s <= '9'; s++)
        if ((v = v * 10 + (*s - '0')) > 1000)
            return 1000;
    return *s ? def : (int)v;
}

/* An open, walkable cell of this room with nothing on it. */
static bool free_cell(const obj_ctx *c, int x, int y)
{
    const rf_grid *g = c->pl->g;
    return rf_grid_in_bounds(g, x, y) && rf_grid_room(g, x, y) == c->e->room &&
           rf_tile_is_walkable(rf_grid_get(g, x, y)) &&
           rf_grid_get(g, x, y) != RF_TILE_BREAKABLE &&
           !taken_at(c, x, y);
}

/* The nearest free cell to (x, y) within HORDE_RADIUS rings, scanned ring by
 * ring in row order; false when none. */
static bool nearest_free(const obj_ctx *c, int x, int y, int *ox, int *oy)
{
    int r, i, j;
    for (r = 1; r <= HORDE_RADIUS; r++)
        for (j = -r; j <= r; j++)
            for (i = -r; i <= r; i++) {
                if ((i > -r && i < r && j > -r && j < r) || !free_cell(c, x + i, y + j))
                    continue;
                *ox = x + i;
                *oy = y + j;
                return true;
            }
    return false;
}

/* Marks the object just added as a member of horde number, its leader when
 * leader (DESIGN: a template horde's first monster leads it). */
static void mark_horde(obj_ctx *c, int number, bool leader)
{
    rf_placed *p = &c->pl->objs->items[c->pl->objs->n - 1];
    p->horde = number;
    p->leader = leader;
    if (number > *c->horde_top)
        *c->horde_top = number;
}

static rf_status place_horde(obj_ctx *c, const rf_object *ob, int x, int y, int source)
{
    const char *name = rf_attrs_find(ob->attrs, ob->nattrs, "name");
    const rf_horde *row = name && c->hordes ? rf_horde_find(c->hordes, name) : NULL;
    int n = attr_int(ob, "min", HORDE_MIN) + rf_rng_range(c->rng, 0, attr_int(ob, "additional",
                                                                            HORDE_ADDITIONAL));
    /* one past the highest number any object holds (population's and
     * other template hordes'), so every horde, whoever placed it, has its
     * own (rf_placed.horde) */
    int k, mx, my, number = *c->horde_top + 1;
    rf_status st;
    if (!name || !*name)
        name = "horde";
    if (n < 1)
        return RF_OK;
    st = add_from(c, "monster", row ? row->leader : name, ob->id, x, y, 1, source);
    if (st == RF_OK)
        mark_horde(c, number, true);
    for (k = 1; st == RF_OK && k < n; k++) {
        const char *member = name;
        if (row && row->nmembers > 0)
            member = row->members[(size_t)(k - 1) % row->nmembers].monster;
        if (!nearest_free(c, x, y, &mx, &my))
            break; /* the room is full around the leader: a smaller horde */
        st = add_from(c, "monster", member, NULL, mx, my, 1, source);
        if (st == RF_OK)
            mark_horde(c, number, false);
    }
    return st;
}

/* A trap, and its launcher: the first wall (or breakable wall) north of the
 * trigger in the template's own frame, turned with the room. */
static rf_status place_trap(obj_ctx *c, const rf_object *ob, int x, int y, int source)
{
    const char *name = rf_attrs_find(ob->attrs, ob->nattrs, "name");
    const rf_grid *g = c->pl->g;
    rf_status st = add_from(c, "trap", name && *name ? name : "trap", ob->id, x, y, 1, source);
    int dx, dy, lx = x, ly = y;
    if (st != RF_OK || !name || !*name)
        return st;
    rf_orient_dir(c->e->orient, 0, -1, &dx, &dy);
    for (lx += dx, ly += dy; rf_grid_in_bounds(g, lx, ly); lx += dx, ly += dy) {
        rf_tile t = rf_grid_get(g, lx, ly);
        if (t == RF_TILE_WALL || t == RF_TILE_BREAKABLE)
            return add(c, "launcher", name, NULL, lx, ly, 1);
    }
    return RF_OK;
}

/* The type an object gets in the level, and its name. */
static void describe(const rf_object *ob, const char **type, const char **name)
{
    const char *nm = rf_attrs_find(ob->attrs, ob->nattrs, "name");
    const char *kind = rf_attrs_find(ob->attrs, ob->nattrs, "type");
    *type = rf_object_tag(ob);
    switch (ob->type) {
    case RF_OBJ_LOOT: {
        const char *sub = rf_attrs_find(ob->attrs, ob->nattrs, "subtype");
        *type = "item";
        *name = sub && *sub ? sub : kind && *kind ? kind : "loot";
        return;
    }
    case RF_OBJ_MONSTER: *type = "monster"; break;
    case RF_OBJ_LEVER: *type = "lever"; break;
    case RF_OBJ_ELEMENT: *name = kind && *kind ? kind : "element"; return;
    default: break;
    }
    *name = nm && *nm ? nm : *type;
}

static rf_status template_objects(obj_ctx *c)
{
    const rf_template *t = c->e->t;
    int tw = rf_template_width(t), th = rf_template_height(t);
    size_t i;
    rf_status st = RF_OK;
    for (i = 0; st == RF_OK && i < rf_template_object_count(t); i++) {
        const rf_object *ob = rf_template_object(t, i);
        const char *type, *name;
        int vx, vy, x, y;
        if (ob->x < 0 || ob->y < 0)
            continue;
        if (ob->percent < 100 && !rf_rng_chance(c->rng, ob->percent))
            continue;
        rf_orient_to_room(c->e->orient, tw, th, ob->x, ob->y, &vx, &vy);
        x = c->e->ox + vx;
        y = c->e->oy + vy;
        if (!rf_tile_is_walkable(rf_grid_get(c->pl->g, x, y)) &&
            rf_grid_get(c->pl->g, x, y) != RF_TILE_IMPASSABLE &&
            !rf_tile_is_liquid(rf_grid_get(c->pl->g, x, y)))
            continue; /* its cell was walled off (an unreachable pocket) */
        if (ob->type == RF_OBJ_HORDE) {
            st = place_horde(c, ob, x, y, (int)i + 1);
            continue;
        }
        if (ob->type == RF_OBJ_TRAP) {
            st = place_trap(c, ob, x, y, (int)i + 1);
            continue;
        }
        describe(ob, &type, &name);
        st = add_from(c, type, name, ob->id, x, y,
                      ob->type == RF_OBJ_LOOT ? attr_int(ob, "amount", 1) : 1, (int)i + 1);
    }
    return st;
}

/* A zoo monster: the leader of a random horde the table allows at depth
 * (machine-only hordes excluded), or a plain "zoo monster". */
static const char *zoo_monster(obj_ctx *c)
{
    size_t i, n = c->hordes ? rf_horde_count(c->hordes) : 0, total = 0, pick;
    for (i = 0; i < n; i++) {
        const rf_horde *h = rf_horde_at(c->hordes, i);
        if (!h->machine && c->pl->po.depth >= h->min_depth && c->pl->po.depth <= h->max_depth)
            total += (size_t)h->frequency;
    }
    if (total == 0)
        return "zoo monster";
    pick = rf_rng_below(c->rng, (uint32_t)total);
    for (i = 0; i < n; i++) {
        const rf_horde *h = rf_horde_at(c->hordes, i);
        if (h->machine || c->pl->po.depth < h->min_depth || c->pl->po.depth > h->max_depth)
            continue;
        if (pick < (size_t)h->frequency)
            return h->leader;
        pick -= (size_t)h->frequency;
    }
    return "zoo monster";
}

/* Warns decoration-missing, once a level for each template placed, for each
 * symbol the template holds (@ only outside noBlockers rooms) that the
 * table has no row for; at the template's first cell of that symbol. */
static void check_decorations(const rf_placer *pl, size_t i, const int *weight, rf_diags *d)
{
    const rf_template *t = pl->plan[i].t;
    int tw = rf_template_width(t), th = rf_template_height(t), x, y;
    size_t j, k;
    for (j = 0; j < i; j++)
        if (pl->plan[j].placed && pl->plan[j].base == pl->plan[i].base)
            return; /* said at its first placement */
    for (k = 0; k < rf_symbol_count(); k++) { /* in table order: P, @, ^ */
        const rf_symbol *sy = rf_symbol_at(k);
        char s = sy->first;
        int line = 0, col = 0;
        bool found = false;
        if (sy->decor < 0 || weight[sy->decor] > 0 ||
            (sy->may_block && rf_template_flags(t)->no_blockers))
            continue;
        for (y = 0; y < th && !found; y++)
            for (x = 0; x < tw && !found; x++)
                if ((found = rf_template_cell(t, x, y) == s))
                    (void)rf_template_cell_pos(t, x, y, &line, &col);
        if (found)
            (void)rf_diag_add(d, "decoration-missing",
                              rf_template_file(t) ? rf_template_file(t) : "", line, col,
                              "room '%s' has %c cells but the decoration table has no %c row; "
                              "they stay bare",
                              rf_template_name(t), s, s);
    }
}

/* A P, @ or ^ cell: with the table's chance, a decoration drawn by weight
 * among the rows of its symbol, both from the cosmetic stream. */
static rf_status decorate(obj_ctx *c, char s, int k, int x, int y)
{
    const rf_decoration *row;
    if (c->decor_weight[k] == 0)
        return RF_OK; /* check_decorations said so */
    if (!rf_rng_chance(c->cosmetic, rf_horde_decoration_chance(c->decor)))
        return RF_OK;
    row = rf_horde_decoration_find(
        c->decor, s, (int)rf_rng_below(c->cosmetic, (uint32_t)c->decor_weight[k]));
    return row ? add(c, row->type, row->name, NULL, x, y, 1) : RF_OK;
}

/* Shops, zoos and decorations: one walk over the view's cells. */
static rf_status cell_objects(obj_ctx *c)
{
    const rf_flags *f = rf_template_flags(c->e->t);
    const rf_tview *v = c->v;
    int x, y;
    rf_status st = RF_OK;
    for (y = 0; st == RF_OK && y < v->h; y++)
        for (x = 0; st == RF_OK && x < v->w; x++) {
            char s = v->cells[(size_t)y * (size_t)v->w + (size_t)x];
            const rf_symbol *sy = rf_symbol_find(s);
            int lx = c->e->ox + x, ly = c->e->oy + y;
            if (!sy)
                continue;
            if (f->shop && sy->shop_type)
                st = add(c, sy->shop_type, sy->shop_name, NULL, lx, ly, 1);
            else if (f->zoo && s == '.' && free_cell(c, lx, ly) &&
                     rf_rng_chance(c->rng, ZOO_CHANCE))
                st = add(c, "monster", zoo_monster(c), NULL, lx, ly, 1);
            else if (sy->decor >= 0 && !(sy->may_block && f->no_blockers) &&
                     !taken_at(c, lx, ly))
                st = decorate(c, s, sy->decor, lx, ly);
        }
    return st;
}

rf_status rf_place_objects_with(rf_placer *pl, rf_rng *cosmetic,
                                const rf_horde_table *hordes, rf_diags *d)
{
    const rf_horde_table *decor = hordes ? hordes : rf_horde_table_bundled();
    int weight[RF_SYMBOL_DECORS];
    rf_rng rng;
    size_t i, k, w = (size_t)pl->g->w;
    int horde_top = 0;
    rf_status st = RF_OK;
    uint8_t *taken = rf_calloc(w * (size_t)pl->g->h, 1);
    if (!taken)
        return RF_ERR_NOMEM;
    for (i = 0; i < pl->objs->n; i++) { /* what stood there before */
        const rf_placed *p = &pl->objs->items[i];
        if (rf_grid_in_bounds(pl->g, p->x, p->y))
            taken[(size_t)p->y * w + (size_t)p->x] = 1;
        if (p->horde > horde_top)
            horde_top = p->horde;
    }
    rf_rng_seed_named(&rng, pl->po.seed, "place-objects");
    for (k = 0; k < rf_symbol_count(); k++)
        if (rf_symbol_at(k)->decor >= 0)
            weight[rf_symbol_at(k)->decor] =
                rf_horde_decoration_weight(decor, rf_symbol_at(k)->first);
    for (i = 0; st == RF_OK && i < pl->n; i++) {
        obj_ctx c;
        if (!pl->plan[i].placed)
            continue;
        c.pl = pl;
        c.e = &pl->plan[i];
        c.v = rf_place_view(&pl->plan[i], pl->plan[i].orient);
        c.rng = &rng;
        c.cosmetic = cosmetic;
        c.hordes = hordes;
        c.decor = decor;
        memcpy(c.decor_weight, weight, sizeof weight);
        c.taken = taken;
        c.horde_top = &horde_top;
        if (!c.v) {
            st = RF_ERR_NOMEM;
            break;
        }
        if (d)
            check_decorations(pl, i, weight, d);
        st = template_objects(&c);
        if (st == RF_OK)
            st = cell_objects(&c);
    }
    rf_free(taken);
    return st;
}
