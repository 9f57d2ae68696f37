/* engine/src/place/place.c: the placer's core: the choice of templates,
 * template views, the collision test, the stamp, and what was not placed.
 *
 * Pipeline: place; the recipe steps call rf_place_begin before digging and
 * rf_place_finish after. Design: the plan is made before digging, forced
 * rooms first; forced rooms left out are errors, drawn ones notes. A drawn
 * entry that found no place is retried by the level stage, which runs the
 * level again with it reserved as forced rooms are (opts.retry), so what
 * is placed follows the weights (docs/internals.md, place).
 * Seeds: shared/seeds/dredmor-room-system.txt (symbols, flags, levels).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "place_int.h"
#include "vm/seam.h"

#define REF_AREA (79 * 29) /* the reference level the profile's count is for */
#define DEFAULT_COUNT_LO 1
#define DEFAULT_COUNT_HI 3

static const char *const why_text[RF_PLACE_WHY_COUNT] = {
    "placed",
    "its depth range (minLevel/maxLevel) excludes this depth",
    "it is larger than the level in every orientation it allows",
    "it has no door to stitch it into the level",
    "it is special and already on this level",
    "no place was found within the attempt budget",
    "no variant drawn passed its checks and <validate>",
};

static const char *const why_key[RF_PLACE_WHY_COUNT] = {
    "placed", "depth", "size", "doors", "special", "budget", "validate",
};

const char *rf_place_why_text(rf_place_why why)
{
    return (unsigned)why < RF_PLACE_WHY_COUNT ? why_text[why] : "?";
}

const char *rf_place_why_key(rf_place_why why)
{
    return (unsigned)why < RF_PLACE_WHY_COUNT ? why_key[why] : "?";
}

bool rf_place_depth_ok(const rf_template *t, int depth)
{
    const rf_flags *f = rf_template_flags(t);
    long floor0 = (long)depth - 1;
    return f && floor0 >= f->min_level && floor0 <= f->max_level;
}

void rf_place_count_range(int lo, int hi, int w, int h, int *slo, int *shi)
{
    long long area = (long long)w * h;
    if (lo < 0)
        lo = 0;
    if (hi < lo)
        hi = lo;
    if (area > REF_AREA) {
        long long a = (long long)lo * area / REF_AREA, b = (long long)hi * area / REF_AREA;
        lo = a > 10000 ? 10000 : (int)a;
        hi = b > 10000 ? 10000 : (int)b;
    }
    *slo = lo;
    *shi = hi;
}

/* ---- orientations and views ---- */

unsigned rf_place_orient_mask(const rf_template *t, int mode)
{
    unsigned mask = 1u;
    int o;
    if (mode == RF_PLACE_ORIENT_ANY)
        return 0xffu;
    if (mode == RF_PLACE_ORIENT_NONE)
        return 1u;
    for (o = 1; o < RF_ORIENT_COUNT; o++)
        if (((o & 3) == 0 || rf_template_can_rotate(t)) &&
            ((o & 4) == 0 || rf_template_can_mirror(t)))
            mask |= 1u << o;
    return mask;
}

bool rf_place_orient_ok(const rf_plan_entry *e, int o)
{
    return (e->orients >> o) & 1u;
}

int rf_place_door_dir(rf_side s, int o)
{
    static const int dirs[4] = {RF_DIR_UP, RF_DIR_RIGHT, RF_DIR_DOWN, RF_DIR_LEFT};
    int dx = s == RF_SIDE_WEST ? -1 : s == RF_SIDE_EAST ? 1 : 0;
    int dy = s == RF_SIDE_NORTH ? -1 : s == RF_SIDE_SOUTH ? 1 : 0, k;
    rf_orient_dir(o, dx, dy, &dx, &dy);
    for (k = 0; k < 4; k++)
        if (RF_DIR_DX(dirs[k]) == dx && RF_DIR_DY(dirs[k]) == dy)
            return dirs[k];
    return RF_DIR_UP; /* not reached: a turned side is a side */
}

static bool in_view(const rf_tview *v, int x, int y)
{
    return x >= 0 && y >= 0 && x < v->w && y < v->h && v->cells[(size_t)y * (size_t)v->w + (size_t)x] != ' ';
}

static const int dx8[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int dy8[8] = {-1, -1, -1, 0, 0, 1, 1, 1};

/* The largest rectangle of non-space cells of v (by area, first found on
 * ties) into v->core: for each row as the bottom, the runs of cells upwards
 * form a histogram whose largest rectangle a stack finds in O(w). */
static void view_core(rf_tview *v)
{
    int up[RF_TEMPLATE_MAX_SIDE + 1], stack[RF_TEMPLATE_MAX_SIDE + 1], x, y, best = 0;
    for (x = 0; x < v->w; x++)
        up[x] = 0;
    v->core = (rf_vcell){0, 0};
    v->core_w = v->core_h = 0;
    for (y = 0; y < v->h; y++) {
        int top = 0;
        for (x = 0; x < v->w; x++)
            up[x] = in_view(v, x, y) ? up[x] + 1 : 0;
        for (x = 0; x <= v->w; x++) {
            int cur = x < v->w ? up[x] : 0;
            while (top > 0 && up[stack[top - 1]] >= cur) {
                int hgt = up[stack[--top]], left = top > 0 ? stack[top - 1] + 1 : 0;
                if (hgt * (x - left) > best) {
                    best = hgt * (x - left);
                    v->core = (rf_vcell){left, y - hgt + 1};
                    v->core_w = x - left;
                    v->core_h = hgt;
                }
            }
            stack[top++] = x;
        }
    }
}

/* Fills v's cell lists in reading order of the box grown by one, each
 * cell's class read from class0 (the template's, on its own box grown by
 * one) through the map m of view to template coordinates; v->list has room
 * for every cell. */
typedef struct orient_map {
    int x0, y0, xdx, xdy, ydx, ydy; /* template (x, y) = (x0 + xdx vx + xdy vy, ...) */
} orient_map;

static void view_lists(rf_tview *v, const signed char *class0, int tw, orient_map m)
{
    size_t counts[4] = {0, 0, 0, 0}, at[4];
    int x, y, c, gw = tw + 2;
    for (y = -1; y <= v->h; y++)
        for (x = -1; x <= v->w; x++) {
            c = class0[(m.y0 + m.ydx * x + m.ydy * y + 1) * gw + m.x0 + m.xdx * x + m.xdy * y + 1];
            if (c >= 0)
                counts[c]++;
        }
    at[0] = 0;
    for (c = 1; c < 4; c++)
        at[c] = at[c - 1] + counts[c - 1];
    v->nwallish = counts[0];
    v->nopen = counts[1];
    v->nrim = counts[2];
    v->nbound = counts[3];
    for (y = -1; y <= v->h; y++)
        for (x = -1; x <= v->w; x++) {
            c = class0[(m.y0 + m.ydx * x + m.ydy * y + 1) * gw + m.x0 + m.xdx * x + m.xdy * y + 1];
            if (c >= 0)
                v->list[at[c]++] = (rf_vcell){x, y};
        }
    view_core(v);
}

/* Marks in v->reach the room's connected region: the open cells its doors
 * reach by 4-neighbour steps (levels connect by those alone). A part no door
 * reaches, even one a diagonal step would, is walled when the level is
 * joined (place_fit.c), and lint warns about it. v->list, not yet
 * filled, is the stack. */
static void view_reach(rf_tview *v)
{
    size_t top = 0, i;
    for (i = 0; i < v->ndoors; i++) { /* a door cell is walled as a symbol, open in use */
        int x = v->doors[i].x, y = v->doors[i].y;
        if (in_view(v, x, y) && !v->reach[(size_t)y * (size_t)v->w + (size_t)x]) {
            v->reach[(size_t)y * (size_t)v->w + (size_t)x] = 1;
            v->list[top++] = (rf_vcell){x, y};
        }
    }
    while (top > 0) {
        rf_vcell c = v->list[--top];
        int k;
        for (k = 0; k < 4; k++) {
            int nx = c.x + RF_DIR_DX(k), ny = c.y + RF_DIR_DY(k);
            size_t ni = (size_t)ny * (size_t)v->w + (size_t)nx;
            if (!in_view(v, nx, ny) || v->reach[ni] ||
                rf_symbol_is_walled(v->cells[ni], v->used_digits))
                continue;
            v->reach[ni] = 1;
            v->list[top++] = (rf_vcell){nx, ny};
        }
    }
}

/* The affine map of view coordinates to template ones under orientation o
 * (a turn and a mirror: exact on the box grown by one too). */
static orient_map map_of(int o, int tw, int th)
{
    orient_map m;
    int x, y;
    rf_orient_to_template(o, tw, th, 0, 0, &m.x0, &m.y0);
    rf_orient_to_template(o, tw, th, 1, 0, &x, &y);
    m.xdx = x - m.x0;
    m.ydx = y - m.y0;
    rf_orient_to_template(o, tw, th, 0, 1, &x, &y);
    m.xdy = x - m.x0;
    m.ydy = y - m.y0;
    return m;
}

/* Frees view v's arrays and marks it not drawn. */
static void view_drop(rf_tview *v)
{
    rf_free(v->cells);
    rf_free(v->doors);
    rf_free(v->list);
    rf_free(v->reach);
    v->cells = NULL;
    v->doors = NULL;
    v->list = NULL;
    v->reach = NULL;
}

/* Frees e's template data (entry_base) and marks it not made. */
static void base_drop(rf_plan_entry *e)
{
    rf_free(e->cells0);
    rf_free(e->reach0);
    rf_free(e->class0);
    e->cells0 = NULL;
    e->reach0 = NULL;
    e->class0 = NULL;
}

/* Makes e's template data in its own coordinates (cells0, reach0, class0)
 * once: reach and class are the same under every turn and mirror (both
 * read 4- and 8-neighbourhoods, which a turn maps onto themselves), so each
 * view maps them instead of finding them again. false when memory ran out. */
static bool entry_base(rf_plan_entry *e)
{
    const rf_template *t = e->t;
    int tw = rf_template_width(t), th = rf_template_height(t), x, y, pw = tw + 4;
    size_t nd = rf_template_door_count(t), i;
    rf_tview b;
    char *pad;
    if (e->class0)
        return true;
    memset(&b, 0, sizeof b);
    b.w = tw;
    b.h = th;
    b.cells = e->cells0 = rf_alloc((size_t)tw * (size_t)th);
    b.reach = e->reach0 = rf_calloc((size_t)tw * (size_t)th, 1);
    e->class0 = rf_alloc(((size_t)tw + 2) * ((size_t)th + 2));
    b.list = rf_alloc(((size_t)tw + 2) * ((size_t)th + 2) * sizeof *b.list);
    b.doors = nd ? rf_calloc(nd, sizeof *b.doors) : NULL;
    if (!b.cells || !b.reach || !e->class0 || !b.list || (nd && !b.doors)) {
        rf_free(b.list);
        rf_free(b.doors);
        base_drop(e);
        return false;
    }
    for (y = 0; y < th; y++)
        for (x = 0; x < tw; x++)
            b.cells[(size_t)y * (size_t)tw + (size_t)x] = rf_template_cell(t, x, y);
    b.ndoors = nd;
    for (i = 0; i < nd; i++) {
        b.doors[i].x = rf_template_door(t, i)->x;
        b.doors[i].y = rf_template_door(t, i)->y;
    }
    b.used_digits = rf_template_used_digits(t);
    view_reach(&b);
    /* each cell's class on the box grown by one, read off a copy padded with
     * two rings of spaces (in b.list's block, now free): no bounds test a
     * neighbour */
    pad = (char *)b.list;
    memset(pad, ' ', (size_t)pw * ((size_t)th + 4));
    for (y = 0; y < th; y++)
        memcpy(pad + ((size_t)y + 2) * (size_t)pw + 2, b.cells + (size_t)y * (size_t)tw, (size_t)tw);
    for (i = 0, y = -1; y <= th; y++)
        for (x = -1; x <= tw; x++) {
            const char *c = pad + (ptrdiff_t)(y + 2) * pw + (x + 2); /* x from -1 */
            int cls;
            if (*c != ' ')
                cls = rf_symbol_is_walled(*c, b.used_digits) ? 0
                      : c[-pw - 1] == ' ' || c[-pw] == ' ' || c[-pw + 1] == ' ' || c[-1] == ' ' ||
                              c[1] == ' ' || c[pw - 1] == ' ' || c[pw] == ' ' || c[pw + 1] == ' '
                          ? 2
                          : 1;
            else
                cls = c[-pw] != ' ' || c[pw] != ' ' || c[-1] != ' ' || c[1] != ' ' ? 3 : -1;
            e->class0[i++] = (signed char)cls;
        }
    rf_free(b.list);
    rf_free(b.doors);
    return true;
}

void rf_place_entry_views_free(rf_plan_entry *e)
{
    int o;
    for (o = 0; o < RF_ORIENT_COUNT; o++)
        view_drop(&e->views[o]);
    base_drop(e);
}

const rf_tview *rf_place_view(rf_plan_entry *e, int o)
{
    rf_tview *v = &e->views[o];
    const rf_template *t = e->t;
    int tw = rf_template_width(t), th = rf_template_height(t), x, y;
    size_t i, nd = rf_template_door_count(t);
    orient_map m;
    if (v->cells)
        return v;
    if (!entry_base(e))
        return NULL;
    v->orient = o;
    rf_orient_size(o, tw, th, &v->w, &v->h);
    v->cells = rf_alloc((size_t)tw * (size_t)th);
    v->doors = nd ? rf_calloc(nd, sizeof *v->doors) : NULL;
    v->list = rf_alloc(((size_t)tw + 2) * ((size_t)th + 2) * sizeof *v->list);
    v->reach = rf_alloc((size_t)tw * (size_t)th);
    if (!v->cells || (nd && !v->doors) || !v->list || !v->reach) {
        view_drop(v);
        return NULL;
    }
    m = map_of(o, tw, th);
    for (y = 0; y < v->h; y++)
        for (x = 0; x < v->w; x++) {
            size_t from = (size_t)(m.y0 + m.ydx * x + m.ydy * y) * (size_t)tw +
                          (size_t)(m.x0 + m.xdx * x + m.xdy * y);
            v->cells[(size_t)y * (size_t)v->w + (size_t)x] = e->cells0[from];
            v->reach[(size_t)y * (size_t)v->w + (size_t)x] = e->reach0[from];
        }
    v->ndoors = nd;
    for (i = 0; i < nd; i++) {
        const rf_door *dr = rf_template_door(t, i);
        rf_orient_to_room(o, tw, th, dr->x, dr->y, &v->doors[i].x, &v->doors[i].y);
        v->doors[i].dir = rf_place_door_dir(dr->side, o);
    }
    v->used_digits = rf_template_used_digits(t);
    view_lists(v, e->class0, tw, m);
    return v;
}

/* ---- collision and stamping ---- */

/* The box interiors of (x, y, w, h) and room r meet. */
static bool interiors_meet(const rf_room_rec *r, int x, int y, int w, int h)
{
    return x + 1 < r->x + r->w - 1 && r->x + 1 < x + w - 1 && y + 1 < r->y + r->h - 1 &&
           r->y + 1 < y + h - 1;
}

/* A door the level can reach: one whose front cell lies inside the level's
 * border (a room whose doors all face the edge would be walled up whole when
 * nothing joins it). A view with no door passes. */
static bool door_reachable(const rf_grid *g, const rf_tview *v, int ox, int oy)
{
    size_t k;
    for (k = 0; k < v->ndoors; k++) {
        int fx = ox + v->doors[k].x + RF_DIR_DX(v->doors[k].dir);
        int fy = oy + v->doors[k].y + RF_DIR_DY(v->doors[k].dir);
        if (fx >= 1 && fy >= 1 && fx <= g->w - 2 && fy <= g->h - 2)
            break;
    }
    return !(v->ndoors > 0 && k == v->ndoors);
}

/* Open cells (they want rock, the most telling test): on rock of no template
 * (over_floor: or dug ground), inside the level's border; a rim cell touches
 * nothing open outside the view. */
static bool open_cells_fit(const rf_placer *pl, const rf_tview *v, int ox, int oy,
                           bool over_floor)
{
    const rf_grid *g = pl->g;
    const rf_vcell *c = v->list;
    size_t gw = (size_t)g->w, i, k, open_end = v->nwallish + v->nopen + v->nrim;
    for (i = v->nwallish; i < open_end; i++) {
        int lx = ox + c[i].x, ly = oy + c[i].y;
        size_t li = (size_t)ly * gw + (size_t)lx;
        uint8_t t = g->t[li];
        if (pl->prot[li] || lx < 1 || ly < 1 || lx > g->w - 2 || ly > g->h - 2)
            return false;
        if (t != RF_TILE_ROCK &&
            !(over_floor && (t == RF_TILE_FLOOR || t == RF_TILE_WALL || t == RF_TILE_DOOR ||
                             t == RF_TILE_SECRET_DOOR)))
            return false;
        if (i < v->nwallish + v->nopen)
            continue;
        for (k = 0; k < 8; k++) { /* a rim cell touches nothing open outside */
            uint8_t nt;
            if (in_view(v, c[i].x + dx8[k], c[i].y + dy8[k]))
                continue;
            nt = RF_GRID_AT(g, lx + dx8[k], ly + dy8[k]);
            if (nt != RF_TILE_ROCK && nt != RF_TILE_WALL)
                return false;
        }
    }
    return true;
}

/* Wall-like cells: on wall (another template's too: a shared wall), or on
 * rock or dug ground of no template. */
static bool wall_cells_fit(const rf_placer *pl, const rf_tview *v, int ox, int oy,
                           bool over_floor)
{
    const rf_grid *g = pl->g;
    const rf_vcell *c = v->list;
    size_t gw = (size_t)g->w, i;
    for (i = 0; i < v->nwallish; i++) {
        size_t li = (size_t)(oy + c[i].y) * gw + (size_t)(ox + c[i].x);
        uint8_t t = g->t[li];
        if (t == RF_TILE_WALL && (pl->prot[li] == 0 || pl->prot[li] == RF_PROT_CELL))
            continue; /* a shared wall, but never over an unused door, before one or
                         in a reserved box */
        if (pl->prot[li])
            return false;
        if (t != RF_TILE_ROCK &&
            !(over_floor && (t == RF_TILE_FLOOR || t == RF_TILE_DOOR || t == RF_TILE_SECRET_DOOR)))
            return false;
    }
    return true;
}

/* The view's box at (ox, oy) meets no template room, no locked room and no
 * box reserved for a forced room (which has no record until it is drawn). */
static bool boxes_clear(const rf_placer *pl, const rf_tview *v, int ox, int oy)
{
    size_t i;
    for (i = 0; i < pl->rooms->n; i++) {
        const rf_room_rec *r = &pl->rooms->items[i];
        if ((r->kind == RF_ROOM_TEMPLATE || r->locked) && interiors_meet(r, ox, oy, v->w, v->h))
            return false;
    }
    for (i = 0; i < pl->n; i++) {
        const rf_plan_entry *e = &pl->plan[i];
        rf_room_rec box;
        if (!e->reserved || e->placed)
            continue;
        box.x = e->ox;
        box.y = e->oy;
        box.w = e->views[e->orient].w;
        box.h = e->views[e->orient].h;
        if (interiors_meet(&box, ox, oy, v->w, v->h))
            return false;
    }
    return true;
}

bool rf_place_fits(const rf_placer *pl, const rf_tview *v, int ox, int oy, bool over_floor)
{
    const rf_grid *g = pl->g;
    if (ox < 0 || oy < 0 || ox + v->w > g->w || oy + v->h > g->h)
        return false;
    return door_reachable(g, v, ox, oy) && open_cells_fit(pl, v, ox, oy, over_floor) &&
           wall_cells_fit(pl, v, ox, oy, over_floor) && boxes_clear(pl, v, ox, oy);
}

void rf_place_stamp(rf_placer *pl, const rf_tview *v, int ox, int oy, int room, int used_door)
{
    rf_grid *g = pl->g;
    int x, y, k;
    for (y = 0; y < v->h; y++)
        for (x = 0; x < v->w; x++) {
            char c = v->cells[(size_t)y * (size_t)v->w + (size_t)x];
            size_t li = (size_t)(oy + y) * (size_t)g->w + (size_t)(ox + x);
            if (c == ' ')
                continue;
            pl->prot[li] = RF_PROT_CELL;
            if (rf_symbol_is_walled(c, v->used_digits)) {
                g->t[li] = RF_TILE_WALL;
                g->room[li] = 0;
                continue;
            }
            g->t[li] = (uint8_t)rf_symbol_tile(c, pl->terrain);
            g->room[li] = room;
            for (k = 0; k < 8; k++) {
                size_t ni = (size_t)(oy + y + dy8[k]) * (size_t)g->w + (size_t)(ox + x + dx8[k]);
                if (g->t[ni] == RF_TILE_ROCK && !in_view(v, x + dx8[k], y + dy8[k]))
                    g->t[ni] = RF_TILE_WALL;
            }
        }
    /* the unused doors, and the rock before them: no later template covers
     * or walls them off, so a corridor can still open one */
    for (k = 0; (size_t)k < v->ndoors; k++) {
        int dx = ox + v->doors[k].x, dy = oy + v->doors[k].y;
        int fx = dx + RF_DIR_DX(v->doors[k].dir), fy = dy + RF_DIR_DY(v->doors[k].dir);
        if (k == used_door)
            continue;
        pl->prot[(size_t)dy * (size_t)g->w + (size_t)dx] = RF_PROT_DOOR;
        if (fx >= 1 && fy >= 1 && fx <= g->w - 2 && fy <= g->h - 2 &&
            !pl->prot[(size_t)fy * (size_t)g->w + (size_t)fx])
            pl->prot[(size_t)fy * (size_t)g->w + (size_t)fx] = RF_PROT_FRONT;
    }
    if (used_door >= 0 && (size_t)used_door < v->ndoors)
        rf_place_door_open(pl, v, ox, oy, (size_t)used_door);
}

void rf_place_door_open(rf_placer *pl, const rf_tview *v, int ox, int oy, size_t k)
{
    rf_grid *g = pl->g;
    int x = ox + v->doors[k].x, y = oy + v->doors[k].y;
    int fx = x + RF_DIR_DX(v->doors[k].dir), fy = y + RF_DIR_DY(v->doors[k].dir);
    RF_GRID_AT(g, x, y) = RF_TILE_DOOR;
    pl->prot[(size_t)y * (size_t)g->w + (size_t)x] = RF_PROT_CELL;
    if (!rf_grid_in_bounds(g, fx, fy))
        return;
    /* a level door right in front (a room's wall against the template's):
     * it becomes an empty doorway, so no two doors stand in a row */
    if ((RF_GRID_AT(g, fx, fy) == RF_TILE_DOOR || RF_GRID_AT(g, fx, fy) == RF_TILE_SECRET_DOOR) &&
        !rf_prot_is_template(pl->prot[(size_t)fy * (size_t)g->w + (size_t)fx]))
        RF_GRID_AT(g, fx, fy) = RF_TILE_FLOOR;
    /* a door never ends up facing a wall */
    pl->prot[(size_t)fy * (size_t)g->w + (size_t)fx] = RF_PROT_CELL;
}

void rf_place_record(rf_placer *pl, rf_plan_entry *e, int room, int ox, int oy, int o)
{
    rf_room_rec *r = &pl->rooms->items[room - 1];
    const rf_flags *f = rf_template_flags(e->t);
    r->kind = RF_ROOM_TEMPLATE;
    r->tmpl = e->t;
    r->orient = o; /* the placer's bits are DESIGN 12's numbering */
    r->forced = e->forced;
    r->keep_out = (f->no_monsters ? RF_KEEP_MONSTERS : 0u) | (f->no_traps ? RF_KEEP_TRAPS : 0u) |
                  (f->no_treasure ? RF_KEEP_TREASURE : 0u) |
                  (f->no_blockers ? RF_KEEP_BLOCKERS : 0u);
    e->placed = true;
    e->why = RF_PLACE_OK;
    e->room = room;
    e->ox = ox;
    e->oy = oy;
    e->orient = o;
}

/* ---- the plan ---- */

/* Why t cannot go on a w x h level at depth at all (RF_PLACE_OK when it may). */
static rf_place_why static_why(const rf_template *t, int mode, int depth, int w, int h)
{
    int tw = rf_template_width(t), th = rf_template_height(t);
    bool fits = tw <= w && th <= h;
    if (!rf_place_depth_ok(t, depth))
        return RF_PLACE_DEPTH;
    if (rf_template_door_count(t) == 0)
        return RF_PLACE_DOORS;
    if (!fits && (rf_place_orient_mask(t, mode) & 0xaau)) /* an odd orientation */
        fits = th <= w && tw <= h;
    return fits ? RF_PLACE_OK : RF_PLACE_SIZE;
}

rf_place_why rf_place_static_why(const rf_template *t, int orient, int depth, int w, int h)
{
    return t ? static_why(t, orient, depth, w, h) : RF_PLACE_DEPTH;
}

static bool plan_has_special(const rf_placer *pl, const rf_template *t)
{
    size_t i;
    for (i = 0; i < pl->n; i++)
        if (pl->plan[i].base == t)
            return true;
    return false;
}

/* True when t is special and may not be drawn: already in the plan, or one
 * the run placed on a level before (o's used names, DESIGN 18). */
static bool special_taken(const rf_placer *pl, const rf_place_opts *o, const rf_template *t)
{
    size_t i;
    if (!rf_template_flags(t)->special)
        return false;
    if (plan_has_special(pl, t))
        return true;
    for (i = 0; i < o->nused; i++)
        if (o->used[i] && strcmp(o->used[i], rf_template_name(t)) == 0)
            return true;
    return false;
}

/* Whether t may be drawn once more on this level: not a special room the
 * plan or the run holds, nor of a unique group the plan holds, nor of a
 * scope="run" group the run placed on a level above. */
static bool plan_allows(const rf_placer *pl, const rf_place_opts *o, const rf_template *t)
{
    return !special_taken(pl, o, t) && !rf_place_plan_has_unique(pl, t) &&
           !rf_place_run_has_group(o, t);
}

static bool plan_add(rf_placer *pl, const rf_template *t, bool forced)
{
    rf_plan_entry *e;
    if (!rf_grow((void **)&pl->plan, &pl->cap, pl->n + 1, sizeof *pl->plan))
        return false;
    e = &pl->plan[pl->n++];
    memset(e, 0, sizeof *e);
    e->t = e->base = t;
    e->orients = rf_place_orient_mask(t, pl->po.orient);
    e->forced = forced;
    e->why = RF_PLACE_BUDGET;
    return !rf_template_varies(t) || rf_place_draw_variant(pl, e);
}

static void terrain_map(rf_placer *pl)
{
    static const rf_tile codes[RF_PLACE_TERRAIN_CODES] = {
        RF_TILE_FLOOR, RF_TILE_WATER, RF_TILE_ICE, RF_TILE_GOO,
        RF_TILE_ACID, RF_TILE_LAVA, RF_TILE_DEEP_WATER, RF_TILE_SHALLOW_WATER};
    static const int defaults[4] = {1, 5, 2, 3};
    int k;
    for (k = 0; k < 4; k++) {
        int c = pl->po.terrain[k];
        pl->terrain[k] = codes[c >= 0 && c < RF_PLACE_TERRAIN_CODES ? c : defaults[k]];
    }
}

void rf_place_opts_init(rf_place_opts *po)
{
    memset(po, 0, sizeof *po);
    po->depth = 1;
    po->seed = 1;
    po->terrain[0] = 1; /* water-tile: W is water */
    po->terrain[1] = 5; /* lava-tile */
    po->terrain[2] = 2; /* ice-tile */
    po->terrain[3] = 3; /* goo-tile */
    po->count_lo = DEFAULT_COUNT_LO;
    po->count_hi = DEFAULT_COUNT_HI;
}

/* Says no template is called name, with the nearest name when there is one. */
static void say_unknown_room(const rf_place_opts *o, const char *name, rf_diags *d)
{
    const char *near = rf_template_set_suggest(o->templates, name);
    if (d)
        (void)rf_diag_add(d, "unknown-room", "roomforge", 0, 0,
                          "forced room '%s': no template of that name is loaded%s%s%s",
                          name ? name : "", near ? "; did you mean '" : "", near ? near : "",
                          near ? "'?" : "");
}

/* Whether forced room t fits inside the level's border in some orientation
 * it allows, a door's front too (it is reserved there); says why not. */
static bool forced_fits_inside(const rf_placer *pl, const rf_place_opts *o, const rf_template *t,
                               rf_diags *d)
{
    int nw, nh;
    char orients[64];
    if (rf_place_template_fits(t, rf_place_orient_mask(t, o->orient), pl->g->w, pl->g->h, &nw,
                               &nh, orients, sizeof orients))
        return true;
    if (d)
        (void)rf_diag_add(
            d, "room-not-placed", rf_template_file(t), rf_template_line(t), rf_template_col(t),
            "forced room '%s' (%dx%d) is larger than the level's inner area in "
            "every orientation it allows (%s): the level is %dx%d, inside its "
            "border %dx%d, and one door needs a free tile in front of it; try "
            "--size %dx%d",
            rf_template_name(t), rf_template_width(t), rf_template_height(t), orients, pl->g->w,
            pl->g->h, pl->g->w - 2, pl->g->h - 2, nw, nh);
    return false;
}

/* Says why forced room t cannot be placed, with the range that refused it. */
static void say_not_placed(const rf_placer *pl, const rf_place_opts *o, const rf_template *t,
                           rf_place_why why, rf_diags *d)
{
    const rf_flags *f = rf_template_flags(t);
    char range[96] = "";
    if (why == RF_PLACE_DEPTH && f->max_level < RF_LEVEL_ANY)
        snprintf(range, sizeof range, " (minLevel %d, maxLevel %d: depths %d-%d)",
                 f->min_level, f->max_level, f->min_level + 1, f->max_level + 1);
    else if (why == RF_PLACE_DEPTH)
        snprintf(range, sizeof range, " (minLevel %d: depth %d and deeper)", f->min_level,
                 f->min_level + 1);
    else if (why == RF_PLACE_SIZE)
        snprintf(range, sizeof range, " (%dx%d)", rf_template_width(t), rf_template_height(t));
    if (d)
        (void)rf_diag_add(d, "room-not-placed", rf_template_file(t), rf_template_line(t),
                          rf_template_col(t),
                          "forced room '%s' cannot be placed at depth %d on a %dx%d "
                          "level: %s%s",
                          rf_template_name(t), o->depth, pl->g->w, pl->g->h,
                          rf_place_why_text(why), range);
}

/* Forced rooms: each must exist, suit the depth and size, have doors, and a
 * special one may be forced once. Reports every failure; RF_ERR_CONTENT
 * when there was one. */
static rf_status plan_forced(rf_placer *pl, const rf_place_opts *o, rf_diags *d)
{
    rf_status st = RF_OK;
    size_t i;
    for (i = 0; i < o->nrooms; i++) {
        const char *name = o->rooms ? o->rooms[i] : NULL;
        const rf_template *t = name ? rf_template_set_find(o->templates, name) : NULL;
        rf_place_why why;
        if (!t) {
            say_unknown_room(o, name, d);
            st = RF_ERR_CONTENT;
            continue;
        }
        why = static_why(t, o->orient, o->depth, pl->g->w, pl->g->h);
        if (why == RF_PLACE_OK || why == RF_PLACE_SIZE) {
            if (!forced_fits_inside(pl, o, t, d)) {
                st = RF_ERR_CONTENT;
                continue;
            }
            why = RF_PLACE_OK;
        }
        if (why == RF_PLACE_OK && rf_template_flags(t)->special && plan_has_special(pl, t))
            why = RF_PLACE_SPECIAL;
        if (why != RF_PLACE_OK) {
            say_not_placed(pl, o, t, why, d);
            st = RF_ERR_CONTENT;
            continue;
        }
        if (!plan_add(pl, t, true))
            return RF_ERR_NOMEM;
    }
    return st;
}

/* The drawn templates: the profile's count, each a weighted draw among the
 * templates the depth and size allow (plan_allows: special ones and unique
 * groups not yet in the plan nor placed earlier in the run). */
static rf_status plan_drawn(rf_placer *pl, const rf_place_opts *o)
{
    size_t nt = rf_template_set_count(o->templates), i;
    int lo, hi, count, k;
    rf_place_count_range(o->count_lo, o->count_hi, pl->g->w, pl->g->h, &lo, &hi);
    count = rf_rng_range(&pl->rng, lo, hi);
    for (k = 0; k < count; k++) {
        long total = 0, pick;
        const rf_template *chosen = NULL;
        for (i = 0; i < nt; i++) {
            const rf_template *t = rf_template_set_at(o->templates, i);
            int wgt = rf_template_weight_at(t, o->depth);
            if (wgt > 0 && static_why(t, o->orient, o->depth, pl->g->w, pl->g->h) == RF_PLACE_OK &&
                plan_allows(pl, o, t))
                total += wgt;
        }
        if (total <= 0)
            break;
        pick = (long)rf_rng_below(&pl->rng, (uint32_t)(total > 0x7fffffffL ? 0x7fffffffL : total));
        for (i = 0; i < nt && !chosen; i++) {
            const rf_template *t = rf_template_set_at(o->templates, i);
            long wgt = rf_template_weight_at(t, o->depth);
            if (wgt <= 0 || static_why(t, o->orient, o->depth, pl->g->w, pl->g->h) != RF_PLACE_OK ||
                !plan_allows(pl, o, t))
                continue;
            if (pick < wgt)
                chosen = t;
            pick -= wgt;
        }
        if (!chosen || !plan_add(pl, chosen, false))
            return chosen ? RF_ERR_NOMEM : RF_OK;
    }
    return RF_OK;
}

rf_status rf_place_begin(rf_grid *g, rf_room_list *rooms, rf_placed_list *objs,
                         const rf_place_opts *po, rf_diags *d, rf_placer **out)
{
    size_t n = (size_t)g->w * (size_t)g->h, i;
    rf_placer *pl = rf_calloc(1, sizeof *pl);
    rf_status st;
    *out = pl;
    if (!pl)
        return RF_ERR_NOMEM;
    pl->g = g;
    pl->rooms = rooms;
    pl->objs = objs;
    pl->po = *po;
    if (!po->templates) { /* nothing to place; a forced room cannot be found */
        for (i = 0; d && i < po->nrooms; i++)
            (void)rf_diag_add(d, "unknown-room", "roomforge", 0, 0,
                              "forced room '%s': no templates are loaded",
                              po->rooms && po->rooms[i] ? po->rooms[i] : "");
        return po->nrooms ? RF_ERR_CONTENT : RF_OK;
    }
    rf_rng_seed_named(&pl->rng, po->seed, "place");
    terrain_map(pl);
    pl->wall_corridors = true;
    pl->prot = rf_calloc(n, 1);
    pl->mark = rf_calloc(n, 1);
    pl->queue = rf_alloc(n * sizeof *pl->queue); /* scratch, written before read */
    pl->from = rf_alloc(n * sizeof *pl->from);
    pl->label = rf_alloc(n * sizeof *pl->label);
    pl->seen = rf_calloc(n, sizeof *pl->seen);
    pl->locked = rf_calloc(n, 1);
    for (i = 0; i < 256; i++)
        pl->walk[i] = rf_tile_is_walkable((rf_tile)i) && !rf_tile_is_hazard((rf_tile)i);
    if (!pl->prot || !pl->mark || !pl->queue || !pl->from || !pl->label || !pl->seen ||
        !pl->locked)
        return RF_ERR_NOMEM;
    st = plan_forced(pl, po, d);
    if (st == RF_OK)
        st = plan_drawn(pl, po);
    /* a level's retry: the plan is drawn again from the same stream, so the
     * same entries come; those that found no place are reserved this time */
    for (i = 0; st == RF_OK && po->retry && i < pl->n && i < po->nretry; i++)
        pl->plan[i].retry = !pl->plan[i].forced && po->retry[i];
    /* a digger that does not attach templates: the other drawn ones are
     * reserved before digging too, where a box with a free ring is found */
    for (i = 0; st == RF_OK && po->reserve_drawn && i < pl->n; i++)
        pl->plan[i].pre = !pl->plan[i].forced && !pl->plan[i].retry;
    if (st == RF_OK)
        st = rf_place_reserve(pl);
    /* forced entries take every attempt, drawn ones a budget */
    for (i = 0; i < pl->n; i++)
        pl->plan[i].budget = pl->plan[i].forced ? 1 << 30 : RF_PLACE_BUDGET_DRAWN;
    return st == RF_OK ? rf_place_attach_order(pl) : st;
}

bool rf_place_is_started(const rf_placer *pl)
{
    size_t i;
    for (i = 0; i < pl->n; i++)
        if (pl->plan[i].forced || pl->plan[i].reserved || pl->plan[i].placed)
            return true;
    return false;
}

rf_status rf_place_finish(rf_placer *pl, bool wall_corridors, rf_rng *cosmetic,
                          const struct rf_horde_table *hordes, rf_diags *d)
{
    rf_status st, failed = RF_OK;
    size_t i;
    pl->wall_corridors = wall_corridors;
    st = rf_place_fit_pending(pl);
    if (st != RF_OK)
        return st;
    for (i = 0; i < pl->n; i++) {
        const rf_plan_entry *e = &pl->plan[i];
        if (e->placed)
            continue;
        if (e->forced)
            failed = RF_ERR_CONTENT;
        if (d)
            (void)rf_diag_add(d, e->forced ? "room-not-placed" : "room-skipped",
                              rf_template_file(e->t), rf_template_line(e->t),
                              rf_template_col(e->t), "%s room '%s' was not placed at depth %d: %s",
                              e->forced ? "forced" : "drawn", rf_template_name(e->t),
                              pl->po.depth, rf_place_why_text(e->why));
    }
    if (failed != RF_OK)
        return failed;
    return rf_place_objects_with(pl, cosmetic, hordes, d);
}

size_t rf_place_entry_count(const rf_placer *pl)
{
    return pl ? pl->n : 0;
}

void rf_place_entry_at(const rf_placer *pl, size_t i, rf_place_entry *out)
{
    const rf_plan_entry *e = &pl->plan[i];
    out->t = e->base;
    out->forced = e->forced;
    out->placed = e->placed;
    out->why = e->placed ? RF_PLACE_OK : e->why;
}

void rf_place_free(rf_placer *pl)
{
    size_t i;
    if (!pl)
        return;
    for (i = 0; i < pl->n; i++)
        rf_template_variant_free(pl->plan[i].own);
    rf_luavm_free(pl->vm);
    for (i = 0; i < pl->n; i++)
        rf_place_entry_views_free(&pl->plan[i]);
    rf_free(pl->plan);
    rf_free(pl->order);
    rf_free(pl->prot);
    rf_free(pl->mark);
    rf_free(pl->queue);
    rf_free(pl->from);
    rf_free(pl->label);
    rf_free(pl->seen);
    rf_free(pl->locked);
    rf_free(pl->keep);
    rf_free(pl);
}
