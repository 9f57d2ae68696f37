/* engine/src/dig/brogue/dig_accrete.c: Brogue's accretion: the first room,
 * then rooms and corridors grown off wall sites of what is already dug.
 *
 * Pipeline: dig, the first pass of a Brogue dig; the placer's attach hook
 * runs before each attempt. Design: walls around every dug floor tile make
 * "fits" one byte test per tile; wall sites are kept per direction, O(1).
 * Seeds: shared/seeds/brogue-level-generation.txt (Digging the Level).
 */
#include <string.h>

#include "brogue_int.h"

/* Cell c is a box reserved for a forced room (rf_brogue_attach.keep). */
static bool reserved(const rf_brogue *d, int c)
{
    return d->protect && d->protect[c] == RF_PROTECT_CELL;
}

/* Digs a w x h rectangle of floor for room id_room and records its sites;
 * cells of a reserved box are left out. */
static bool dig_rect_room(rf_brogue *d, int id_room, int x, int y, int w, int h)
{
    int i, j;
    for (j = y; j < y + h; j++)
        for (i = x; i < x + w; i++)
            if (!reserved(d, j * d->w + i))
                rf_brogue_floor(d, j * d->w + i, id_room);
    for (j = y; j < y + h; j++)
        for (i = x; i < x + w; i++)
            if (!reserved(d, j * d->w + i) && !rf_brogue_add_sites(d, j * d->w + i))
                return false;
    return true;
}

/* The rectangle (x, y, w, h), walls included, meets a reserved box. */
static bool meets_reserved(const rf_brogue *d, int x, int y, int w, int h)
{
    int i, j;
    for (j = y - 1; d->protect && j <= y + h; j++)
        for (i = x - 1; i <= x + w; i++)
            if (reserved(d, j * d->w + i))
                return true;
    return false;
}

#define FIRST_REDRAWS 40 /* places a first rectangle tries off reserved boxes */

/* Depth 1: the upside-down T at the bottom centre, a 9x10 bar standing on a
 * 20x4 one (seed: "Measure it - it's always true"); clipped on tiny levels. */
static bool first_cross(rf_brogue *d)
{
    int hw = d->w - 2 < 20 ? d->w - 2 : 20, hh = d->h - 2 < 4 ? d->h - 2 : 4;
    int vw = d->w - 2 < 9 ? d->w - 2 : 9, vh = d->h - 2 < 10 ? d->h - 2 : 10;
    int hx = (d->w - hw) / 2, hy = d->h - 1 - hh;
    int vx = (d->w - vw) / 2, vy = d->h - 1 - vh;
    int id = rf_brogue_add_room(d, RF_ROOM_CROSS, hx - 1, vy - 1, hw + 2, vh + 2);
    return id && dig_rect_room(d, id, hx, hy, hw, hh) &&
           dig_rect_room(d, id, vx, vy, vw, vh);
}

static bool first_rect(rf_brogue *d)
{
    int w = rf_rng_range_lemire(d->rng, d->p->first_w.lo, d->p->first_w.hi);
    int h = rf_rng_range_lemire(d->rng, d->p->first_h.lo, d->p->first_h.hi);
    int x = rf_rng_range_lemire(d->rng, 1, d->w - 1 - w), y = rf_rng_range_lemire(d->rng, 1, d->h - 1 - h);
    int id, k;
    /* only with a reserved box: elsewhere if it can, else clipped by it */
    for (k = 0; k < FIRST_REDRAWS && meets_reserved(d, x, y, w, h); k++) {
        x = rf_rng_range_lemire(d->rng, 1, d->w - 1 - w);
        y = rf_rng_range_lemire(d->rng, 1, d->h - 1 - h);
    }
    id = rf_brogue_add_room(d, RF_ROOM_RECT, x - 1, y - 1, w + 2, h + 2);
    return id && dig_rect_room(d, id, x, y, w, h);
}

bool rf_accrete_first_room(rf_brogue *d)
{
    if (d->p->depth == 1)
        return first_cross(d);
    if (rf_rng_chance_lemire(d->rng, d->p->cave_chance)) {
        d->info->cave_first = true;
        return rf_cave_first_room(d);
    }
    return first_rect(d);
}

/* A random live site for dir, or -1. A site is a wall with floor behind it,
 * rock in front and no floor on its two sides (a straight wall), and no cell
 * of a placed template unless it is one of its unused doors. */
int rf_accrete_pick_site(rf_brogue *d, int dir, size_t *at)
{
    rf_site_list *l = &d->sites[dir];
    int w = d->w, off = RF_DIR_DY(dir) * w + RF_DIR_DX(dir);
    int side = RF_DIR_DX(dir) ? w : 1;
    const uint8_t *t = d->g->t;
    while (l->n > 0) {
        size_t i = rf_rng_below_lemire(d->rng, (uint32_t)l->n);
        int c = l->cells[i], x = c % w, y = c / w;
        if (x > 0 && y > 0 && x < w - 1 && y < d->h - 1 && t[c] == RF_TILE_WALL &&
            t[c - off] == RF_TILE_FLOOR && t[c + off] == RF_TILE_ROCK &&
            t[c - side] != RF_TILE_FLOOR && t[c + side] != RF_TILE_FLOOR &&
            (!d->protect || d->protect[c] != RF_PROTECT_CELL)) {
            *at = i;
            return c;
        }
        l->cells[i] = l->cells[--l->n];
    }
    return -1;
}

/* The rows' total weight (rows <= 0 weigh nothing). */
static long design_weight(const rf_brogue *d)
{
    long total = 0;
    size_t i;
    for (i = 0; i < d->ndesigns; i++)
        total += d->designs[i].weight > 0 ? d->designs[i].weight : 0;
    return total;
}

static const rf_design_row *pick_design(rf_brogue *d)
{
    size_t i;
    long k;
    if (d->design_weight <= 0)
        return NULL;
    k = (long)rf_rng_below_lemire(d->rng, (uint32_t)d->design_weight);
    for (i = 0; i < d->ndesigns; i++) {
        int wgt = d->designs[i].weight > 0 ? d->designs[i].weight : 0;
        if (k < wgt)
            return &d->designs[i];
        k -= wgt;
    }
    return NULL;
}

/* Floor of the design at drawing cell (i, j). */
static bool design_floor(const rf_brogue *d, const rf_design *ds, int i, int j)
{
    int k;
    if (i < 0 || j < 0 || i >= ds->w || j >= ds->h)
        return false;
    if (ds->nrects == 0)
        return RF_GRID_AT(d->scratch, i, j) == RF_TILE_FLOOR;
    for (k = 0; k < ds->nrects; k++) {
        const rf_design_rect *r = &ds->rects[k];
        if (i >= r->x && j >= r->y && i < r->x + r->w && j < r->y + r->h)
            return true;
    }
    return false;
}

/* The design fits with its origin at (ox, oy): every floor tile on rock
 * inside the border. Rectangles are tested row by row on the level. */
static bool design_fits(const rf_brogue *d, const rf_design *ds, int ox, int oy)
{
    const rf_grid *s = d->scratch;
    int i, j, k;
    if (ox + 1 < 1 || oy + 1 < 1 || ox + ds->w - 2 > d->w - 2 || oy + ds->h - 2 > d->h - 2)
        return false;
    /* probe corners and centres first: most misfits show there, cheaply */
    for (k = 0; k < ds->nrects; k++) {
        const rf_design_rect *r = &ds->rects[k];
        int x0 = ox + r->x, y0 = oy + r->y, x1 = x0 + r->w - 1, y1 = y0 + r->h - 1;
        if (RF_GRID_AT(d->g, x0, y0) | RF_GRID_AT(d->g, x1, y0) | RF_GRID_AT(d->g, x0, y1) |
            RF_GRID_AT(d->g, x1, y1) | RF_GRID_AT(d->g, (x0 + x1) / 2, (y0 + y1) / 2))
            return false; /* RF_TILE_ROCK is 0: any other tile is a misfit */
    }
    for (k = 0; k < ds->nrects; k++) {
        const rf_design_rect *r = &ds->rects[k];
        for (j = 0; j < r->h; j++) {
            const uint8_t *lrow = &RF_GRID_AT(d->g, ox + r->x, oy + r->y + j);
            for (i = 0; i < r->w; i++)
                if (lrow[i] != RF_TILE_ROCK)
                    return false;
        }
    }
    if (ds->nrects > 0)
        return true;
    for (j = 1; j < ds->h - 1; j++) {
        const uint8_t *srow = &RF_GRID_AT(s, 0, j);
        const uint8_t *lrow = &RF_GRID_AT(d->g, ox, oy + j);
        for (i = 1; i < ds->w - 1; i++)
            if (srow[i] == RF_TILE_FLOOR && lrow[i] != RF_TILE_ROCK)
                return false;
    }
    return true;
}

/* The design's rectangles are inside its ring; false for a bad design. */
static bool rects_valid(const rf_design *ds)
{
    int k;
    if (ds->nrects < 0 || ds->nrects > RF_DESIGN_MAX_RECTS)
        return false;
    for (k = 0; k < ds->nrects; k++) {
        const rf_design_rect *r = &ds->rects[k];
        if (r->w < 1 || r->h < 1 || r->x < 1 || r->y < 1 || r->x + r->w > ds->w - 1 ||
            r->y + r->h > ds->h - 1)
            return false;
    }
    return true;
}

static void clear_scratch(rf_grid *s, int w, int h)
{
    int j;
    for (j = 0; j < h && j < s->h; j++)
        memset(&RF_GRID_AT(s, 0, j), RF_TILE_ROCK, (size_t)(w < s->w ? w : s->w));
}

bool rf_brogue_corridor(rf_brogue *d, int site, int dir, int len, int *id)
{
    int w = d->w, off = RF_DIR_DY(dir) * w + RF_DIR_DX(dir), k;
    int x0 = site % w, y0 = site / w;
    int x1 = x0 + RF_DIR_DX(dir) * len, y1 = y0 + RF_DIR_DY(dir) * len;
    int bx = (x0 < x1 ? x0 : x1) + (dir == RF_DIR_LEFT ? 0 : RF_DIR_DX(dir));
    int by = (y0 < y1 ? y0 : y1) + (dir == RF_DIR_UP ? 0 : RF_DIR_DY(dir));
    *id = 0;
    if (len <= 0)
        return true;
    *id = rf_brogue_add_room(d, RF_ROOM_CORRIDOR, bx - 1, by - 1, (RF_DIR_DX(dir) ? len : 1) + 2,
                          (RF_DIR_DY(dir) ? len : 1) + 2);
    if (!*id)
        return false;
    for (k = 1; k <= len; k++)
        rf_brogue_floor(d, site + off * k, *id);
    return true;
}

/* Digs the corridor (len tiles from the site, then the room's door site) and
 * the design at (ox, oy); links both into the room graph. */
static bool build(rf_brogue *d, int site, int dir, int len, const rf_design *ds, int ox, int oy)
{
    int w = d->w, off = RF_DIR_DY(dir) * w + RF_DIR_DX(dir), k, i, j;
    int from = d->g->room[site - off], corridor, room, c;
    if (!rf_brogue_corridor(d, site, dir, len, &corridor))
        return false;
    room = rf_brogue_add_room(d, ds->kind, ox, oy, ds->w, ds->h);
    if (!room)
        return false;
    for (k = 0; k < ds->nrects; k++)
        for (j = 0; j < ds->rects[k].h; j++)
            for (i = 0; i < ds->rects[k].w; i++)
                rf_brogue_floor(d, (oy + ds->rects[k].y + j) * w + ox + ds->rects[k].x + i, room);
    for (j = 1; ds->nrects == 0 && j < ds->h - 1; j++)
        for (i = 1; i < ds->w - 1; i++)
            if (RF_GRID_AT(d->scratch, i, j) == RF_TILE_FLOOR)
                rf_brogue_floor(d, (oy + j) * w + ox + i, room);
    if (len > 0)
        rf_brogue_floor(d, site + off * (len + 1), room); /* the room's own door site */
    /* the join with the level: a door by the door chance, else an opening;
     * an unused template door taken as the site becomes a door, now in use */
    if (d->protect && d->protect[site] == RF_PROTECT_DOOR) {
        d->g->t[site] = RF_TILE_DOOR;
        d->protect[site] = RF_PROTECT_CELL;
        d->protect[site + off] = RF_PROTECT_CELL; /* what it opens onto stays open */
    } else {
        d->g->t[site] = rf_rng_chance_lemire(d->rng, d->p->door_chance) ? RF_TILE_DOOR : RF_TILE_FLOOR;
    }
    if (!rf_brogue_link(d, from, corridor ? corridor : room) ||
        (corridor && !rf_brogue_link(d, corridor, room)))
        return false;
    for (k = 1; k <= len; k++)
        if (!rf_brogue_add_sites(d, site + off * k))
            return false;
    for (j = 1; j < ds->h - 1; j++)
        for (i = 1; i < ds->w - 1; i++) {
            c = (oy + j) * w + ox + i;
            if (d->g->t[c] == RF_TILE_FLOOR && d->g->room[c] == room && !rf_brogue_add_sites(d, c))
                return false;
        }
    return true;
}

/* One try: a fresh design (and corridor length) at site; 1 built, 0 did not
 * fit, -1 out of memory. run is the rock ahead of the site, need the floor
 * every design has in line from its door (reach). */
static int try_build(rf_brogue *d, int site, int sx, int sy, int dir, bool corridor, int run,
                     int need)
{
    const rf_design_row *row;
    rf_design ds;
    int opp = (dir + 2) % RF_DIR_COUNT, len = 0, k, ex, ey, ox, oy, rc = 0;
    /* the corridor first: its length is drawn and checked against the free
     * run of rock before a design is drawn for its end: the corridor, the
     * room's door and the floor every design has in line beyond it */
    if (corridor) {
        rf_span s = RF_DIR_DX(dir) ? d->p->corridor_h_len : d->p->corridor_v_len;
        len = rf_rng_range_lemire(d->rng, s.lo, s.hi);
        if (len + 1 + need > run)
            return 0;
    }
    row = pick_design(d);
    if (!row)
        return 0;
    /* the entry state the design contract promises (no memset: this runs
     * thousands of times a level) */
    ds.want = opp;
    ds.w = ds.h = 0;
    ds.kind = RF_ROOM_RECT;
    ds.nrects = 0;
    for (k = 0; k < RF_DIR_COUNT; k++)
        ds.door_x[k] = ds.door_y[k] = -1;
    /* the design canvas, made for the first row that may draw on it (the
     * built-in rows never do) */
    if (!row->drawn_valid && !d->scratch &&
        !(d->scratch = rf_grid_new(RF_DESIGN_MAX_SIDE, RF_DESIGN_MAX_SIDE)))
        return -1;
    if (!row->fn(row->ud, d->p, d->rng, row->drawn_valid ? NULL : d->scratch, &ds))
        goto out;
    /* a row's drawing is tested unless the row keeps the contract by
     * construction: its size, its rectangles, and a site that leads into
     * the room (floor behind it, none on it) */
    if (!row->drawn_valid &&
        (ds.w < 3 || ds.h < 3 || ds.w > RF_DESIGN_MAX_SIDE || ds.h > RF_DESIGN_MAX_SIDE ||
         ds.door_x[opp] < 0 || ds.door_x[opp] >= ds.w || ds.door_y[opp] < 0 ||
         ds.door_y[opp] >= ds.h || !rects_valid(&ds) ||
         design_floor(d, &ds, ds.door_x[opp], ds.door_y[opp]) ||
         !design_floor(d, &ds, ds.door_x[opp] + RF_DIR_DX(dir), ds.door_y[opp] + RF_DIR_DY(dir))))
        goto out;
    ex = sx + RF_DIR_DX(dir) * (len > 0 ? len + 1 : 0);
    ey = sy + RF_DIR_DY(dir) * (len > 0 ? len + 1 : 0);
    ox = ex - ds.door_x[opp];
    oy = ey - ds.door_y[opp];
    if (!design_fits(d, &ds, ox, oy))
        goto out;
    rc = build(d, site, dir, len, &ds, ox, oy) ? 1 : -1;
out:
    if (ds.nrects == 0 && d->scratch) /* a drawing design: clear what it may have drawn */
        clear_scratch(d->scratch, ds.w > 0 && ds.w <= RF_DESIGN_MAX_SIDE ? ds.w : RF_DESIGN_MAX_SIDE,
                      ds.h > 0 && ds.h <= RF_DESIGN_MAX_SIDE ? ds.h : RF_DESIGN_MAX_SIDE);
    return rc;
}

/* Rock tiles in a row inside the border from the site along dir (at most
 * cap): the room a corridor has. */
int rf_accrete_free_run(const rf_brogue *d, int sx, int sy, int dir, int cap)
{
    int dx = RF_DIR_DX(dir), dy = RF_DIR_DY(dir), k;
    /* the steps that stay inside the border (none when the start's other
     * coordinate is outside it), then the rock along them */
    int room = dx > 0 ? d->w - 2 - sx : dx < 0 ? sx - 1 : dy > 0 ? d->h - 2 - sy : sy - 1;
    const uint8_t *t = &RF_GRID_AT(d->g, sx, sy);
    long off = (long)dy * d->w + dx;
    if (dx ? sy < 1 || sy > d->h - 2 : sx < 1 || sx > d->w - 2)
        return 0;
    cap = cap < room ? cap : room;
    for (k = 1; k <= cap && t[off * k] == RF_TILE_ROCK; k++)
        ;
    return k - 1;
}

/* The floor in line from the door that every design drawn may need, for
 * a door on the top or bottom side (k = 0) or the left or right (1): the
 * least reach of the rows that can be drawn, at least the one tile the
 * design contract promises. */
static int least_reach(const rf_brogue *d, int k)
{
    size_t i;
    int need = -1;
    for (i = 0; i < d->ndesigns; i++) {
        const rf_design_row *row = &d->designs[i];
        int r = row->reach[k] > 1 ? row->reach[k] : 1;
        if (row->weight > 0 && (need < 0 || r < need))
            need = r;
    }
    return need > 0 ? need : 1;
}

bool rf_accrete_rooms(rf_brogue *d)
{
    const rf_brogue_params *p = d->p;
    int i, t, reach[2];
    reach[0] = least_reach(d, 0);
    reach[1] = least_reach(d, 1);
    d->design_weight = design_weight(d);
    for (i = 0; i < p->attempts && d->info->rooms < p->max_rooms; i++) {
        int dir = (int)rf_rng_below_lemire(d->rng, RF_DIR_COUNT);
        bool corridor = i < p->attempts - p->rooms_only_last &&
                        rf_rng_chance_lemire(d->rng, p->corridor_chance);
        size_t at = 0;
        int site, sx, sy, run, need = reach[RF_DIR_DX(dir) != 0];
        rf_span span;
        /* the placer's turn first: it may attach a template at this attempt */
        if (d->attach && !d->attach->step(d->attach->ud, d, i))
            return false;
        site = rf_accrete_pick_site(d, dir, &at);
        if (site < 0)
            continue;
        sx = site % d->w;
        sy = site / d->w;
        span = RF_DIR_DX(dir) ? p->corridor_h_len : p->corridor_v_len;
        run = rf_accrete_free_run(d, sx, sy, dir, (corridor ? span.hi + 1 : 0) + need);
        /* a site with less rock ahead than the shortest corridor and every
         * design need takes no try: none could fit */
        for (t = run < (corridor ? span.lo + 1 : 0) + need ? p->tries_per_attempt : 0;
             t < p->tries_per_attempt; t++) {
            int rc = try_build(d, site, sx, sy, dir, corridor, run, need);
            if (rc < 0)
                return false;
            if (rc > 0)
                break;
        }
        /* in the rooms-only attempts, a site where no fresh design fitted is
         * dropped: later attempts spend their tries on sites with room left */
        if (t == p->tries_per_attempt && i >= p->attempts - p->rooms_only_last &&
            at < d->sites[dir].n && d->sites[dir].cells[at] == site)
            d->sites[dir].cells[at] = d->sites[dir].cells[--d->sites[dir].n];
    }
    return true;
}
