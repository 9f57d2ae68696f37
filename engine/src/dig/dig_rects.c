/* engine/src/dig/dig_rects.c: NetHack's makerooms: rectangle splitting, the
 * vault rule, lighting by depth, rooms sorted by low x, corridors.
 *
 * Pipeline: dig; reads a rock grid, params, depth and the layout stream,
 * writes terrain and room records; called by the dig_rects recipe step and
 * tests. Design: a free-rectangle list that never touches a room.
 * Seeds: shared/seeds/nethack-makerooms.txt.
 */
#include "dig/seam.h"

#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "dig_connect_int.h"
#include "grid/seam.h"

#define RECT_MAX 256
#define XLIM 4 /* columns kept free between a room and a shared rect edge */
#define YLIM 3 /* rows likewise */
#define NXCOR_STOP_ONE_IN 35 /* an extra corridor stops with 1/35 per step */

typedef struct rect {
    int lx, ly, hx, hy; /* inclusive */
} rect;

typedef struct nroom {
    int lx, ly, hx, hy; /* interior, inclusive */
    bool vault, lit;
    int order; /* creation index: the sort's tie break */
} nroom;

typedef struct state {
    rf_grid *g;
    rf_rng *rng;
    const rf_rects_params *p;
    int depth;
    rect rects[RECT_MAX];
    int nrects;
    nroom rooms[RF_RECTS_MAX_ROOMS];
    int nrooms;
    int failures;
    bool gave_up;
    bool vault_tried, vault; /* the vault rule was drawn; a vault was made */
    int *from, *queue; /* w*h scratch for the corridor BFS */
} state;

void rf_rects_params_init(rf_rects_params *p)
{
    p->max_rooms = RF_RECTS_MAX_ROOMS;
    p->tries = 100;
    p->vault_chance = 50;
    p->secret_door_one_in = 8;
    p->dark_from_depth = 10;
    p->lit_anyway_one_in = 77;
    p->extra_joins = 4;
    p->keep_out = NULL;
}

/* lit = roll(1 .. 1 + depth) <= dark_from_depth, or 1 in lit_anyway_one_in. */
static bool draw_lit(state *s)
{
    bool lit = rf_rng_range(s->rng, 1, 1 + s->depth) <= s->p->dark_from_depth;
    bool anyway = s->p->lit_anyway_one_in > 0 &&
                  rf_rng_below(s->rng, (uint32_t)s->p->lit_anyway_one_in) == 0;
    return lit || anyway;
}

/* The interior (lx..lx+dx, ly..ly+dy) with its walls inside the border and
 * everything within XLIM-1 / YLIM-1 of the interior still rock. */
static bool fits(const state *s, int lx, int ly, int dx, int dy)
{
    const rf_grid *g = s->g;
    int x, y;
    if (lx - 1 < 1 || ly - 1 < 1 || lx + dx + 1 > g->w - 2 || ly + dy + 1 > g->h - 2)
        return false;
    for (y = ly - (YLIM - 1); y <= ly + dy + (YLIM - 1); y++)
        for (x = lx - (XLIM - 1); x <= lx + dx + (XLIM - 1); x++)
            if (x >= 0 && y >= 0 && x < g->w && y < g->h &&
                (RF_GRID_AT(g, x, y) != RF_TILE_ROCK ||
                 (s->p->keep_out && s->p->keep_out[(size_t)y * (size_t)g->w + (size_t)x])))
                return false;
    for (x = 0; x < s->nrooms; x++) { /* rooms are not dug yet: test their boxes */
        const nroom *r = &s->rooms[x];
        if (lx - XLIM <= r->hx + 1 && r->lx - 1 <= lx + dx + XLIM && ly - YLIM <= r->hy + 1 &&
            r->ly - 1 <= ly + dy + YLIM)
            return false;
    }
    return true;
}

static bool contains(const rect *a, const rect *b)
{
    return a->lx <= b->lx && a->ly <= b->ly && a->hx >= b->hx && a->hy >= b->hy;
}

static void add_rect(rect *list, int *n, rect r)
{
    int i;
    if (r.hx - r.lx + 1 < 8 || r.hy - r.ly + 1 < 5 || *n >= RECT_MAX)
        return;
    for (i = 0; i < *n; i++)
        if (contains(&list[i], &r))
            return;
    list[(*n)++] = r;
}

/* Replaces every free rect touching box by its strips around box. */
static void split_rects(state *s, rect box)
{
    rect out[RECT_MAX];
    int n = 0, i;
    for (i = 0; i < s->nrects; i++) {
        const rect *r = &s->rects[i];
        if (r->hx < box.lx || r->lx > box.hx || r->hy < box.ly || r->ly > box.hy)
            out[n++] = *r;
    }
    for (i = 0; i < s->nrects; i++) {
        const rect *r = &s->rects[i];
        rect strip;
        if (r->hx < box.lx || r->lx > box.hx || r->hy < box.ly || r->ly > box.hy)
            continue;
        strip = (rect){r->lx, r->ly, box.lx - 1, r->hy};
        add_rect(out, &n, strip);
        strip = (rect){box.hx + 1, r->ly, r->hx, r->hy};
        add_rect(out, &n, strip);
        strip = (rect){r->lx, r->ly, r->hx, box.ly - 1};
        add_rect(out, &n, strip);
        strip = (rect){r->lx, box.hy + 1, r->hx, r->hy};
        add_rect(out, &n, strip);
    }
    memcpy(s->rects, out, (size_t)n * sizeof *out);
    s->nrects = n;
}

/* The free rectangles split around every box keep_out reserves (each
 * 4-connected part of it, ring included), as if each were a room already:
 * no room is drawn there and none is tried in vain. */
static void split_reserved(state *s)
{
    const rf_grid *g = s->g;
    const uint8_t *keep = s->p->keep_out;
    int n = g->w * g->h, c;
    if (!keep)
        return;
    for (c = 0; c < n; c++)
        s->from[c] = 0;
    for (c = 0; c < n; c++) {
        rect box;
        int head = 0, tail = 0;
        if (!keep[c] || s->from[c])
            continue;
        box = (rect){c % g->w, c / g->w, c % g->w, c / g->w};
        s->from[c] = 1;
        s->queue[tail++] = c;
        while (head < tail) {
            int cur = s->queue[head++], x = cur % g->w, y = cur / g->w, k;
            static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
            box.lx = x < box.lx ? x : box.lx;
            box.hx = x > box.hx ? x : box.hx;
            box.ly = y < box.ly ? y : box.ly;
            box.hy = y > box.hy ? y : box.hy;
            for (k = 0; k < 4; k++) {
                int nx = x + dx[k], ny = y + dy[k], m = ny * g->w + nx;
                if (nx < 0 || ny < 0 || nx >= g->w || ny >= g->h || !keep[m] || s->from[m])
                    continue;
                s->from[m] = 1;
                s->queue[tail++] = m;
            }
        }
        split_rects(s, box);
    }
}

/* create_room with every argument random: true when a room was made. */
static bool create_room(state *s, bool vault)
{
    const rf_grid *g = s->g;
    int failures = 0;
    bool lit = vault ? true : draw_lit(s);
    while (failures <= s->p->tries && s->nrects > 0) {
        rect r = s->rects[rf_rng_below(s->rng, (uint32_t)s->nrects)];
        int rw = r.hx - r.lx + 1, dx, dy, mxl, mxh, myl, myh, lx, ly, min = vault ? 1 : 2;
        int add = vault ? 1 : 0;
        if (vault) {
            dx = dy = 1;
        } else {
            dx = 2 + (int)rf_rng_below(s->rng, rw > 28 ? 12 : 8);
            dy = 2 + (int)rf_rng_below(s->rng, 4);
            if (dx * dy > 50)
                dy = 50 / dx;
        }
        mxl = (r.lx > 0 ? XLIM : 3) + add;
        mxh = (r.hx < g->w - 1 ? XLIM : 3) + add;
        myl = (r.ly > 0 ? YLIM : 2) + add;
        myh = (r.hy < g->h - 1 ? YLIM : 2) + add;
        if (r.hx - mxh - dx < r.lx + mxl || r.hy - myh - dy < r.ly + myl) {
            failures++;
            s->failures++;
            continue;
        }
        lx = rf_rng_range(s->rng, r.lx + mxl, r.hx - mxh - dx);
        ly = rf_rng_range(s->rng, r.ly + myl, r.hy - myh - dy);
        /* shrink until it fits: the longer side first */
        while (!fits(s, lx, ly, dx, dy)) {
            if (dx >= dy && dx > min)
                dx--;
            else if (dy > min)
                dy--;
            else if (dx > min)
                dx--;
            else
                break;
        }
        if (!fits(s, lx, ly, dx, dy) || (vault && (dx != 1 || dy != 1))) {
            failures++;
            s->failures++;
            continue;
        }
        s->rooms[s->nrooms] = (nroom){lx, ly, lx + dx, ly + dy, vault, lit, s->nrooms};
        s->nrooms++;
        split_rects(s, (rect){lx - 1, ly - 1, lx + dx + 1, ly + dy + 1});
        return true;
    }
    s->gave_up = failures > s->p->tries;
    return false;
}

static int by_low_x(const void *a, const void *b)
{
    const nroom *p = a, *q = b;
    if (p->lx != q->lx)
        return p->lx < q->lx ? -1 : 1;
    return p->order < q->order ? -1 : p->order > q->order;
}

static void dig_room(rf_grid *g, const nroom *r, int id)
{
    int x, y;
    for (y = r->ly - 1; y <= r->hy + 1; y++)
        for (x = r->lx - 1; x <= r->hx + 1; x++) {
            bool inner = x >= r->lx && x <= r->hx && y >= r->ly && y <= r->hy;
            RF_GRID_AT(g, x, y) = (uint8_t)(inner ? RF_TILE_FLOOR : RF_TILE_WALL);
            RF_GRID_ROOM_AT(g, x, y) = inner ? id : 0;
        }
}

/* Rock, or floor outside rooms (an earlier corridor), inside the border and
 * outside what keep_out reserves. */
static bool diggable(const rf_grid *g, const uint8_t *keep_out, int x, int y)
{
    rf_tile t;
    if (x < 1 || y < 1 || x > g->w - 2 || y > g->h - 2 ||
        (keep_out && keep_out[(size_t)y * (size_t)g->w + (size_t)x]))
        return false;
    t = (rf_tile)RF_GRID_AT(g, x, y);
    return t == RF_TILE_ROCK || (t == RF_TILE_FLOOR && RF_GRID_ROOM_AT(g, x, y) == 0);
}

static void carve(rf_grid *g, int x, int y) { RF_GRID_AT(g, x, y) = RF_TILE_FLOOR; }

/* Shortest corridor from (x, y) to (tx, ty) over diggable tiles; false when
 * there is none. */
static bool bfs_corridor(state *s, int x, int y, int tx, int ty)
{
    rf_grid *g = s->g;
    int w = g->w, n = g->w * g->h, head = 0, tail = 0, i, start = y * w + x, goal = ty * w + tx;
    const uint8_t *keep_out = s->p->keep_out;
    for (i = 0; i < n; i++)
        s->from[i] = -1;
    s->from[start] = start;
    s->queue[tail++] = start;
    while (head < tail && s->from[goal] < 0) {
        int c = s->queue[head++], cx = c % w, cy = c / w, j;
        /* right, left, down, up; diggable() written out, inside the border */
        int nb[4] = {cx < w - 2 ? c + 1 : -1, cx > 1 ? c - 1 : -1, cy < g->h - 2 ? c + w : -1,
                     cy > 1 ? c - w : -1};
        for (j = 0; j < 4; j++) {
            int m = nb[j];
            uint8_t t;
            if (m < 0 || s->from[m] >= 0 || (keep_out && keep_out[m]))
                continue;
            t = g->t[m];
            if (t != RF_TILE_ROCK && (t != RF_TILE_FLOOR || g->room[m] != 0))
                continue;
            s->from[m] = c;
            s->queue[tail++] = m;
        }
    }
    if (s->from[goal] < 0)
        return false;
    for (i = goal; i != start; i = s->from[i])
        g->t[i] = RF_TILE_FLOOR;
    return true;
}

enum { DUG, STOPPED, NO_WAY };

/* Digs from org to dest. The corridor keeps its axis (straight runs, the
 * longer axis first) and turns to the other with chance 1 / (distance left on
 * its own axis + 1), so it runs long and jogs near the end, or when its axis
 * is done; a blocked step tries the other axis, then a BFS detour. An extra
 * corridor (nxcor) may stop at any step. */
static int dig_corridor(state *s, int x, int y, int tx, int ty, bool nxcor)
{
    rf_grid *g = s->g;
    bool along_x = abs(tx - x) >= abs(ty - y);
    carve(g, x, y);
    while (x != tx || y != ty) {
        int ddx = tx - x, ddy = ty - y, own = along_x ? abs(ddx) : abs(ddy);
        int other = along_x ? abs(ddy) : abs(ddx), k;
        if (nxcor && rf_rng_below(s->rng, NXCOR_STOP_ONE_IN) == 0)
            return STOPPED;
        if (own == 0 || (other > 0 && rf_rng_below(s->rng, (uint32_t)own + 1) == 0))
            along_x = !along_x;
        for (k = 0; k < 2; k++, along_x = !along_x) {
            int sx = along_x ? (ddx > 0) - (ddx < 0) : 0, sy = along_x ? 0 : (ddy > 0) - (ddy < 0);
            if ((sx || sy) && diggable(g, s->p->keep_out, x + sx, y + sy)) {
                x += sx;
                y += sy;
                break;
            }
        }
        if (k == 2)
            return bfs_corridor(s, x, y, tx, ty) ? DUG : NO_WAY;
        carve(g, x, y);
    }
    return DUG;
}

/* True when the wall spot v has wall on both sides along the wall (no door
 * beside it). */
static bool spot_clear(const state *s, bool horiz, int fixed, int v)
{
    int a = horiz ? RF_GRID_AT(s->g, v - 1, fixed) : RF_GRID_AT(s->g, fixed, v - 1);
    int b = horiz ? RF_GRID_AT(s->g, v + 1, fixed) : RF_GRID_AT(s->g, fixed, v + 1);
    return a == RF_TILE_WALL && b == RF_TILE_WALL;
}

/* A door spot on one wall: random along it, avoiding a spot beside another
 * door: eight random tries, then the first clear spot along the wall, as
 * NetHack's finddpos falls back to a scan; only a wall with no clear spot
 * takes the last random one. horiz: the wall runs along x at row fixed. */
static void door_spot(state *s, bool horiz, int fixed, int lo, int hi, int *x, int *y)
{
    int k, v = lo, u;
    for (k = 0; k < 8; k++) {
        v = rf_rng_range(s->rng, lo, hi);
        if (spot_clear(s, horiz, fixed, v))
            break;
    }
    for (u = lo; k == 8 && u <= hi; u++)
        if (spot_clear(s, horiz, fixed, u)) {
            v = u;
            break;
        }
    *x = horiz ? v : fixed;
    *y = horiz ? fixed : v;
}

static void set_door(state *s, int x, int y)
{
    rf_tile t = (rf_tile)RF_GRID_AT(s->g, x, y);
    bool secret;
    if (t == RF_TILE_DOOR || t == RF_TILE_SECRET_DOOR)
        return;
    secret = s->p->secret_door_one_in > 0 &&
             rf_rng_below(s->rng, (uint32_t)s->p->secret_door_one_in) == 0;
    RF_GRID_AT(s->g, x, y) = (uint8_t)(secret ? RF_TILE_SECRET_DOOR : RF_TILE_DOOR);
}

/* Joins rooms a and b (indices into the sorted, vault-free order). */
static bool join(state *s, const nroom *a, const nroom *b, bool nxcor)
{
    int ax, ay, bx, by, dx = 0, dy = 0, r;
    if (b->lx > a->hx) { /* b to the right */
        dx = 1;
        door_spot(s, false, a->hx + 1, a->ly, a->hy, &ax, &ay);
        door_spot(s, false, b->lx - 1, b->ly, b->hy, &bx, &by);
    } else if (b->hy < a->ly) { /* b above */
        dy = -1;
        door_spot(s, true, a->ly - 1, a->lx, a->hx, &ax, &ay);
        door_spot(s, true, b->hy + 1, b->lx, b->hx, &bx, &by);
    } else if (b->hx < a->lx) { /* b to the left */
        dx = -1;
        door_spot(s, false, a->lx - 1, a->ly, a->hy, &ax, &ay);
        door_spot(s, false, b->hx + 1, b->ly, b->hy, &bx, &by);
    } else { /* b below */
        dy = 1;
        door_spot(s, true, a->hy + 1, a->lx, a->hx, &ax, &ay);
        door_spot(s, true, b->ly - 1, b->lx, b->hx, &bx, &by);
    }
    if (!diggable(s->g, s->p->keep_out, ax + dx, ay + dy) ||
        !diggable(s->g, s->p->keep_out, bx - dx, by - dy))
        return false;
    r = dig_corridor(s, ax + dx, ay + dy, bx - dx, by - dy, nxcor);
    set_door(s, ax, ay); /* a dead end still leaves by a door */
    if (r != DUG)
        return false;
    set_door(s, bx, by);
    return true;
}

static void merge(int *smeq, int m, int from, int to)
{
    int i;
    for (i = 0; i < m; i++)
        if (smeq[i] == from)
            smeq[i] = to;
}

static void try_join(state *s, const nroom *const *ord, int *smeq, int m, int a, int b, bool nxcor)
{
    if (join(s, ord[a], ord[b], nxcor) && !nxcor && smeq[a] != smeq[b])
        merge(smeq, m, smeq[b], smeq[a]);
}

/* makecorridors: next, every second, any still apart, then random extras. */
static void make_corridors(state *s)
{
    const nroom *ord[RF_RECTS_MAX_ROOMS];
    int smeq[RF_RECTS_MAX_ROOMS], m = 0, a, b, i;
    bool any = true;
    for (i = 0; i < s->nrooms; i++)
        if (!s->rooms[i].vault) {
            smeq[m] = m;
            ord[m++] = &s->rooms[i];
        }
    for (a = 0; a < m - 1; a++) {
        try_join(s, ord, smeq, m, a, a + 1, false);
        if (rf_rng_below(s->rng, 50) == 0)
            break; /* NetHack's "some randomness" */
    }
    for (a = 0; a < m - 2; a++)
        if (smeq[a] != smeq[a + 2])
            try_join(s, ord, smeq, m, a, a + 2, false);
    for (a = 0; any && a < m; a++) {
        any = false;
        for (b = 0; b < m; b++)
            if (smeq[a] != smeq[b]) {
                try_join(s, ord, smeq, m, a, b, false);
                any = true;
            }
    }
    if (m > 2)
        for (i = (int)rf_rng_below(s->rng, (uint32_t)m) + s->p->extra_joins; i > 0; i--) {
            a = (int)rf_rng_below(s->rng, (uint32_t)m);
            b = (int)rf_rng_below(s->rng, (uint32_t)(m - 2));
            if (b >= a)
                b += 2;
            try_join(s, ord, smeq, m, a, b, true);
        }
}

static bool params_ok(const rf_rects_params *p)
{
    return p->max_rooms >= 1 && p->max_rooms <= RF_RECTS_MAX_ROOMS && p->tries >= 0 &&
           p->tries <= 100000 && p->secret_door_one_in >= 0 && p->lit_anyway_one_in >= 0 &&
           p->extra_joins >= 0 && p->extra_joins <= 1000;
}

static void state_free(state *s)
{
    rf_free(s->from);
    rf_free(s->queue);
    rf_free(s);
}

/* A state over g with the BFS scratch and the whole level as one free
 * rectangle; NULL when memory runs out. */
static state *state_new(rf_grid *g, rf_rng *rng, const rf_rects_params *p, int depth)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    state *s = rf_calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->g = g;
    s->rng = rng;
    s->p = p;
    s->depth = depth;
    s->from = rf_alloc(n * sizeof *s->from);
    s->queue = rf_alloc(n * sizeof *s->queue);
    if (!s->from || !s->queue) {
        state_free(s);
        return NULL;
    }
    s->rects[0] = (rect){0, 0, g->w - 1, g->h - 1};
    s->nrects = 1;
    return s;
}

/* makerooms: the vault rule, else an ordinary room; stop at the first failure */
static void make_rooms(state *s)
{
    const rf_rects_params *p = s->p;
    while (s->nrooms < p->max_rooms) {
        /* a sixth of the maximum (6 of 40), and never before a first room */
        if (!s->vault_tried && s->nrooms >= (p->max_rooms / 6 > 1 ? p->max_rooms / 6 : 1) &&
            rf_rng_chance(s->rng, p->vault_chance)) {
            s->vault_tried = true;
            s->vault = create_room(s, true);
        } else if (!create_room(s, false)) {
            break;
        }
    }
}

/* sort_rooms, then dig them in that order so ids follow it; false when
 * memory runs out. */
static bool dig_rooms(state *s, rf_room_list *rooms)
{
    int i;
    qsort(s->rooms, (size_t)s->nrooms, sizeof s->rooms[0], by_low_x);
    for (i = 0; i < s->nrooms; i++) {
        const nroom *r = &s->rooms[i];
        rf_room_rec rec;
        int id;
        memset(&rec, 0, sizeof rec);
        rec.kind = r->vault ? RF_ROOM_VAULT : RF_ROOM_RECT;
        rec.x = r->lx - 1;
        rec.y = r->ly - 1;
        rec.w = r->hx - r->lx + 3;
        rec.h = r->hy - r->ly + 3;
        rec.lit = r->lit;
        rec.locked = r->vault; /* NetHack vaults are closed: no door, no corridor */
        id = rf_room_list_add(rooms, &rec);
        if (!id)
            return false;
        dig_room(s->g, r, id);
    }
    return true;
}

rf_status rf_dig_rects(rf_grid *g, rf_room_list *rooms, rf_rng *rng, const rf_rects_params *p,
                       int depth, rf_rects_stats *stats)
{
    state *s;
    rf_rects_params defaults;
    rf_status st = RF_ERR_NOMEM;
    size_t repairs = 0;
    if (!p) {
        rf_rects_params_init(&defaults);
        p = &defaults;
    }
    if (!g || !rooms || !rng || g->w < 20 || g->h < 10 || !params_ok(p))
        return RF_ERR_ARG;
    s = state_new(g, rng, p, depth);
    if (!s)
        return RF_ERR_NOMEM;
    split_reserved(s);
    make_rooms(s);
    if (!dig_rooms(s, rooms))
        goto done;
    make_corridors(s);
    st = rf_dig_connect(g, rooms, p->keep_out, &repairs);
    if (st == RF_OK && stats) {
        stats->rooms = s->nrooms;
        stats->vault_tried = s->vault_tried;
        stats->vault = s->vault;
        stats->failures = s->failures;
        stats->gave_up = s->gave_up;
        stats->repairs = repairs;
    }
done:
    state_free(s);
    return st;
}
