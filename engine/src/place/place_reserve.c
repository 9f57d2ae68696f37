/* engine/src/place/place_reserve.c: forced rooms (and drawn ones a level's
 * retry names) reserved before digging, drawn into their boxes after it,
 * their doors joined.
 *
 * Pipeline: place; rf_place_begin reserves, every digger keeps out of the
 * keep mask, rf_place_finish stamps. Design: a box with a free ring of one
 * tile inside the border when the level has room for one, else against the
 * border with a door's front inside it; see docs/internals.md (place).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "place_int.h"

#define RESERVE_DRAWS 200 /* random boxes tried per kind before a full scan */
/* Retried drawn rooms are reserved while all reserved boxes stay within
 * 1/RETRY_AREA_SHARE of the level's inner area; drawn rooms reserved on a
 * level's first run (rf_place_opts.reserve_drawn) within 1/PRE_AREA_SHARE,
 * so the digger keeps most of the level whatever falls where. */
#define RETRY_AREA_SHARE 2
#define PRE_AREA_SHARE 4

/* True when cell (x, y) of the level lies inside its border. */
static bool inner(const rf_grid *g, int x, int y)
{
    return x >= 1 && y >= 1 && x <= g->w - 2 && y <= g->h - 2;
}

/* The cells reached from inner cell s over inner cells outside every
 * reserved box and outside v at (ox, oy), counted; with keep_marks they
 * stay marked in pl->mark (the caller clears them), else it is left clear. */
static long reach_from(rf_placer *pl, const rf_tview *v, int ox, int oy, int s, bool keep_marks)
{
    const rf_grid *g = pl->g;
    int w = g->w, head = 0, tail = 0, k;
    pl->mark[s] = 1;
    pl->queue[tail++] = s;
    while (head < tail) {
        int c = pl->queue[head++], x = c % w, y = c / w;
        for (k = 0; k < 4; k++) {
            int nx = x + RF_DIR_DX(k), ny = y + RF_DIR_DY(k), n = ny * w + nx;
            if (!inner(g, nx, ny) || pl->mark[n] || pl->keep[n] == 1 ||
                (nx >= ox && ny >= oy && nx < ox + v->w && ny < oy + v->h))
                continue;
            pl->mark[n] = 1;
            pl->queue[tail++] = n;
        }
    }
    for (k = 0; !keep_marks && k < tail; k++)
        pl->mark[pl->queue[k]] = 0;
    return tail;
}

/* The box of v at (ox, oy) may be reserved: inside the border (with ring:
 * its ring too), on no other reserved box or ring, its ring on no other
 * box, and one door's front inside the border; without a ring, that front
 * must lie in the larger part of the level the box leaves (a box as tall
 * as the level splits it, and a door facing the narrow side would open
 * onto a pocket no corridor leaves). Returns that front's cell, or -1. */
static int box_ok(rf_placer *pl, const rf_tview *v, int ox, int oy, bool ring)
{
    const rf_grid *g = pl->g;
    int x, y, m = ring ? 2 : 1;
    size_t k;
    if (ox < m || oy < m || ox + v->w > g->w - m || oy + v->h > g->h - m)
        return -1;
    for (y = oy - 1; y <= oy + v->h; y++)
        for (x = ox - 1; x <= ox + v->w; x++) {
            bool in_box = x >= ox && y >= oy && x < ox + v->w && y < oy + v->h;
            uint8_t kp = pl->keep[(size_t)y * (size_t)g->w + (size_t)x];
            if (kp == 1 || (in_box && kp != 0))
                return -1;
        }
    for (k = 0; k < v->ndoors; k++) {
        int fx = ox + v->doors[k].x + RF_DIR_DX(v->doors[k].dir);
        int fy = oy + v->doors[k].y + RF_DIR_DY(v->doors[k].dir);
        long free_cells = 0;
        if (!inner(g, fx, fy) || pl->keep[(size_t)fy * (size_t)g->w + (size_t)fx] == 1)
            continue;
        if (ring)
            return fy * g->w + fx;
        for (y = 1; y <= g->h - 2; y++)
            for (x = 1; x <= g->w - 2; x++)
                free_cells += pl->keep[(size_t)y * (size_t)g->w + (size_t)x] != 1 &&
                              !(x >= ox && y >= oy && x < ox + v->w && y < oy + v->h);
        if (2 * reach_from(pl, v, ox, oy, fy * g->w + fx, false) >= free_cells)
            return fy * g->w + fx;
    }
    return -1;
}

/* Marks the box of v at (ox, oy) in keep (1) and prot, and its ring (2).
 * Without a ring, the part of the level the door's front (cell front) does
 * not reach is marked as a box too: no digger digs there, nothing is placed
 * there, so nothing is left in a pocket the level cannot join. */
static void mark(rf_placer *pl, const rf_tview *v, int ox, int oy, int front, bool ring)
{
    const rf_grid *g = pl->g;
    int x, y;
    if (!ring) {
        (void)reach_from(pl, v, ox, oy, front, true);
        for (y = 1; y <= g->h - 2; y++)
            for (x = 1; x <= g->w - 2; x++) {
                size_t c = (size_t)y * (size_t)g->w + (size_t)x;
                bool in_box = x >= ox && y >= oy && x < ox + v->w && y < oy + v->h;
                if (!in_box && !pl->mark[c] && pl->keep[c] != 1) {
                    pl->keep[c] = 1;
                    pl->prot[c] = RF_PROT_RESERVED;
                }
                pl->mark[c] = 0;
            }
    }
    for (y = oy - 1; y <= oy + v->h; y++)
        for (x = ox - 1; x <= ox + v->w; x++) {
            size_t c = (size_t)y * (size_t)g->w + (size_t)x;
            if (x >= ox && y >= oy && x < ox + v->w && y < oy + v->h) {
                pl->keep[c] = 1;
                pl->prot[c] = RF_PROT_RESERVED;
            } else if (pl->keep[c] == 0) {
                pl->keep[c] = 2;
                if (pl->prot[c] == 0)
                    pl->prot[c] = RF_PROT_FRONT;
            }
        }
}

/* Whether e's view in orientation o fits a w x h level by the rule of
 * rf_place_template_fits, read off the template: no view is drawn for an
 * orientation never tried. */
static bool orient_fits_size(const rf_plan_entry *e, int o, int w, int h)
{
    int need_w, need_h;
    return rf_place_template_fits(e->t, 1u << o, w, h, &need_w, &need_h, NULL, 0);
}

/* Finds a box for e: random boxes with a ring, then (unless ring_only)
 * without, then (with scan) every origin and orientation from a random
 * start. Views are drawn as a draw names them. 1 reserved, 0 none, -1 out
 * of memory. */
static int reserve_one(rf_placer *pl, rf_plan_entry *e, rf_rng *rng, bool ring_only, bool scan)
{
    const rf_grid *g = pl->g;
    int allowed[RF_ORIENT_COUNT], n = 0, o, pass, t;
    long cells = (long)g->w * g->h, s0, i;
    for (o = 0; o < RF_ORIENT_COUNT; o++)
        if (rf_place_orient_ok(e, o) && orient_fits_size(e, o, g->w, g->h))
            allowed[n++] = o;
    if (n == 0)
        return 0;
    for (pass = 0; pass < (ring_only ? 1 : 2); pass++)
        for (t = 0; t < RESERVE_DRAWS; t++) {
            const rf_tview *v = rf_place_view(e, allowed[rf_rng_below(rng, (uint32_t)n)]);
            int m = pass == 0 ? 2 : 1, ox, oy;
            if (!v)
                return -1;
            if (g->w - m - v->w < m || g->h - m - v->h < m)
                continue;
            ox = rf_rng_range(rng, m, g->w - m - v->w);
            oy = rf_rng_range(rng, m, g->h - m - v->h);
            int front = box_ok(pl, v, ox, oy, pass == 0);
            if (front >= 0) {
                mark(pl, v, ox, oy, front, pass == 0);
                e->reserved = true;
                e->ox = ox;
                e->oy = oy;
                e->orient = v->orient;
                return 1;
            }
        }
    if (!scan)
        return 0;
    for (t = 0; t < n; t++)
        if (!rf_place_view(e, allowed[t]))
            return -1;
    s0 = (long)rf_rng_below(rng, (uint32_t)cells);
    for (i = 0; i < cells; i++) {
        long c = (s0 + i) % cells;
        for (t = 0; t < n; t++) {
            const rf_tview *v = &e->views[allowed[t]];
            int front = box_ok(pl, v, (int)(c % g->w), (int)(c / g->w), ring_only);
            if (front < 0)
                continue;
            mark(pl, v, (int)(c % g->w), (int)(c / g->w), front, ring_only);
            e->reserved = true;
            e->ox = (int)(c % g->w);
            e->oy = (int)(c / g->w);
            e->orient = v->orient;
            return 1;
        }
    }
    return 0;
}

/* A box with a free ring for e, the first that fits scanning the level from
 * a random corner, row by row: packed boxes leave room for the next (two
 * big rooms drawn at random may leave none between them). 1 reserved, 0
 * none, -1 out of memory. */
static int reserve_packed(rf_placer *pl, rf_plan_entry *e, rf_rng *rng)
{
    const rf_grid *g = pl->g;
    uint32_t corner = rf_rng_below(rng, 4);
    int o, x, y;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            for (o = 0; o < RF_ORIENT_COUNT; o++) {
                const rf_tview *v;
                int ox, oy, front;
                if (!rf_place_orient_ok(e, o))
                    continue;
                if (!(v = rf_place_view(e, o)))
                    return -1;
                ox = corner & 1 ? g->w - x - v->w : x; /* from the right: the box's right edge */
                oy = corner & 2 ? g->h - y - v->h : y;
                if ((front = box_ok(pl, v, ox, oy, true)) < 0)
                    continue;
                mark(pl, v, ox, oy, front, true);
                e->reserved = true;
                e->ox = ox;
                e->oy = oy;
                e->orient = v->orient;
                return 1;
            }
    return 0;
}

/* An entry to reserve and its box's area: sorted largest first, the first
 * in the plan on ties (the order a scan for the largest left gives). */
typedef struct by_area {
    long area;
    size_t i;
} by_area;

static int larger_first(const void *pa, const void *pb)
{
    const by_area *a = pa, *b = pb;
    if (a->area != b->area)
        return a->area > b->area ? -1 : 1;
    return a->i < b->i ? -1 : a->i > b->i;
}

/* Reserves the retried entries of pl (with pre, the pre ones instead),
 * largest first, while all reserved boxes (area cells so far, updated)
 * stay within 1/RETRY_AREA_SHARE of the level: each at random (reserve_one,
 * ring only), or with packed, each packed against a corner. The number
 * that found no box, or -1 when memory ran out. */
static int reserve_retries(rf_placer *pl, rf_rng *rng, long *area, bool packed, bool pre)
{
    long inner = (long)(pl->g->w - 2) * (pl->g->h - 2);
    int missed = 0;
    size_t i, n = 0;
    by_area *order = rf_alloc((pl->n ? pl->n : 1) * sizeof *order);
    if (!order)
        return -1;
    for (i = 0; i < pl->n; i++) {
        const rf_plan_entry *e = &pl->plan[i];
        long a = (long)rf_template_width(e->t) * rf_template_height(e->t);
        if ((pre ? e->pre : e->retry) && !e->refused && !e->reserved && !e->tried && a > 0)
            order[n++] = (by_area){a, i};
    }
    qsort(order, n, sizeof *order, larger_first);
    for (i = 0; i < n; i++) {
        rf_plan_entry *best = &pl->plan[order[i].i];
        long box = order[i].area;
        int got;
        best->tried = true;
        if ((*area + box) * (pre ? PRE_AREA_SHARE : RETRY_AREA_SHARE) > inner)
            continue;
        got = packed ? reserve_packed(pl, best, rng) : reserve_one(pl, best, rng, true, !pre);
        if (got < 0) {
            rf_free(order);
            return -1;
        }
        missed += got == 0;
        *area += got ? box : 0;
    }
    rf_free(order);
    return missed;
}

rf_status rf_place_reserve(rf_placer *pl)
{
    rf_rng rng;
    size_t i, n;
    bool any = false;
    long area = 0, kept;
    int missed;
    uint8_t *before;
    for (i = 0; i < pl->n; i++)
        any |= (pl->plan[i].forced && !pl->plan[i].refused) || pl->plan[i].retry ||
               pl->plan[i].pre;
    if (!any)
        return RF_OK;
    pl->keep = rf_calloc((size_t)pl->g->w * (size_t)pl->g->h, 1);
    if (!pl->keep)
        return RF_ERR_NOMEM;
    rf_rng_seed_named(&rng, pl->po.seed, "reserve");
    /* forced rooms first, so a retry never moves their boxes */
    for (i = 0; i < pl->n; i++) {
        rf_plan_entry *e = &pl->plan[i];
        if (e->forced && !e->refused && reserve_one(pl, e, &rng, false, true) < 0)
            return RF_ERR_NOMEM;
        if (e->reserved)
            area += (long)e->views[e->orient].w * e->views[e->orient].h;
    }
    /* then the retried drawn ones, largest first (a small room still
     * attaches or fits), with a free ring only (never a pocket of the
     * level reserved with them) and while the boxes leave the digger most
     * of the level: a drawn room is not worth the layout. Where one finds
     * no box, all of them again, packed against corners */
    n = (size_t)pl->g->w * (size_t)pl->g->h;
    if (!(before = rf_alloc(2 * n)))
        return RF_ERR_NOMEM;
    memcpy(before, pl->keep, n);
    memcpy(before + n, pl->prot, n);
    kept = area;
    missed = reserve_retries(pl, &rng, &area, false, false);
    if (missed > 0) {
        memcpy(pl->keep, before, n);
        memcpy(pl->prot, before + n, n);
        for (i = 0; i < pl->n; i++)
            if (pl->plan[i].retry)
                pl->plan[i].reserved = pl->plan[i].tried = false;
        area = kept;
        missed = reserve_retries(pl, &rng, &area, true, false);
    }
    rf_free(before);
    /* last, on diggers that do not attach templates, the other drawn ones:
     * a free ring only, never packed; one that finds no box is fitted after
     * digging (and retried with the level if that fails too) */
    if (missed >= 0)
        missed = reserve_retries(pl, &rng, &area, false, true) < 0 ? -1 : 0;
    return missed < 0 ? RF_ERR_NOMEM : RF_OK;
}

const uint8_t *rf_place_keep_out(const rf_placer *pl) { return pl ? pl->keep : NULL; }

/* Draws reserved entry e in its box as a new room and joins its doors: a
 * door whose front is walkable opens, the others get a corridor when one
 * reaches the level; the rest stay wall. false when memory runs out. */
static bool stamp_one(rf_placer *pl, rf_plan_entry *e)
{
    rf_grid *g = pl->g;
    const rf_tview *v = &e->views[e->orient];
    rf_room_rec rec;
    int room, x, y;
    size_t k;
    /* the box as the digger left it (rock, the keep's wall, or crawlers'
     * floor) becomes rock, so the stamp walls the template in */
    for (y = e->oy; y < e->oy + v->h; y++)
        for (x = e->ox; x < e->ox + v->w; x++) {
            size_t c = (size_t)y * (size_t)g->w + (size_t)x;
            g->t[c] = RF_TILE_ROCK;
            g->room[c] = 0;
            pl->prot[c] = 0;
        }
    memset(&rec, 0, sizeof rec);
    rec.kind = RF_ROOM_TEMPLATE;
    rec.x = e->ox;
    rec.y = e->oy;
    rec.w = v->w;
    rec.h = v->h;
    rec.lit = true;
    room = rf_room_list_add(pl->rooms, &rec);
    if (!room)
        return false;
    rf_place_stamp(pl, v, e->ox, e->oy, room, -1);
    rf_place_record(pl, e, room, e->ox, e->oy, e->orient);
    for (k = 0; k < v->ndoors; k++) {
        int fx = e->ox + v->doors[k].x + RF_DIR_DX(v->doors[k].dir);
        int fy = e->oy + v->doors[k].y + RF_DIR_DY(v->doors[k].dir);
        size_t f = (size_t)fy * (size_t)g->w + (size_t)fx;
        if (!inner(g, fx, fy))
            continue;
        if (pl->walk[g->t[f]] && !rf_prot_is_template(pl->prot[f]))
            rf_place_door_open(pl, v, e->ox, e->oy, k);
        else
            (void)rf_place_join_door(pl, v, e->ox, e->oy, k); /* none: the door stays wall */
    }
    return true;
}

/* A digger that walls what it digs (Brogue) left the ring as rock where
 * nothing was dug: rock there beside walkable ground becomes wall. */
static void wall_ring(rf_placer *pl)
{
    rf_grid *g = pl->g;
    int x, y, k;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++) {
            size_t c = (size_t)y * (size_t)g->w + (size_t)x;
            if (pl->keep[c] != 2 || g->t[c] != RF_TILE_ROCK)
                continue;
            for (k = 0; k < 8; k++) {
                static const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
                static const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
                int nx = x + dx[k], ny = y + dy[k];
                if (rf_grid_in_bounds(g, nx, ny) && pl->walk[RF_GRID_AT(g, nx, ny)]) {
                    g->t[c] = RF_TILE_WALL;
                    break;
                }
            }
        }
}

rf_status rf_place_stamp_reserved(rf_placer *pl)
{
    size_t i;
    bool any = false;
    for (i = 0; i < pl->n; i++) {
        rf_plan_entry *e = &pl->plan[i];
        if (!e->reserved || e->placed)
            continue;
        if (!stamp_one(pl, e))
            return RF_ERR_NOMEM;
        any = true;
    }
    if (any && pl->wall_corridors)
        wall_ring(pl);
    return RF_OK;
}

bool rf_place_template_fits(const rf_template *t, unsigned mask, int w, int h, int *need_w,
                            int *need_h, char *orients, size_t cap)
{
    size_t nd = rf_template_door_count(t), k, len = 0;
    long best = -1;
    int o;
    bool fits = false;
    if (cap > 0)
        orients[0] = '\0';
    *need_w = w;
    *need_h = h;
    for (o = 0; o < RF_ORIENT_COUNT; o++) {
        int vw = (o & 1) ? rf_template_height(t) : rf_template_width(t);
        int vh = (o & 1) ? rf_template_width(t) : rf_template_height(t);
        if (!((mask >> o) & 1u))
            continue;
        if (len + 4 < cap)
            len += (size_t)snprintf(orients + len, cap - len, "%s%d", len ? ", " : "", o);
        for (k = 0; k < nd; k++) {
            int dir = rf_place_door_dir(rf_template_door(t, k)->side, o);
            bool across = RF_DIR_DX(dir) != 0;
            int nw = vw + (across ? 3 : 2), nh = vh + (across ? 2 : 3);
            nw = nw > w ? nw : w;
            nh = nh > h ? nh : h;
            if (nw == w && nh == h)
                fits = true;
            if (best < 0 || (long)nw * nh < best) {
                best = (long)nw * nh;
                *need_w = nw;
                *need_h = nh;
            }
        }
    }
    return fits;
}
