/* engine/src/place/place_fit.c: fit: a template takes free rock (or dug
 * ground) and its doors are joined to the level by corridors.
 *
 * Pipeline: place, after digging (NetHack, DungeonMaker, Brogue leftovers).
 * Design: bounded random tries; a refused origin leaves the level untouched;
 * a final join keeps DESIGN 6 connectivity. Details: docs/internals.md.
 * Seeds: shared/seeds/dredmor-room-system.txt (doors), DESIGN section 5.
 */
#include <string.h>

#include "core/seam.h"
#include "place_int.h"

/* Origins tried per template: on rock, then over ground rung by walkable
 * tiles, then over ground where the window test holds. A drawn template
 * gets fewer of the costly last kind (a level without it is fine). */
#define FIT_ROCK 150
#define FIT_RING 60
#define FIT_WINDOW_FORCED 300
#define FIT_WINDOW_DRAWN 30
#define WINDOW_MARGIN 6 /* around a fit over dug ground, for cut_keeps */
#define CUT_SPAN 4

/* True when view-relative (x, y) is a cell of v. */
static bool view_has(const rf_tview *v, int x, int y)
{
    return x >= 0 && y >= 0 && x < v->w && y < v->h &&
           v->cells[(size_t)y * (size_t)v->w + (size_t)x] != ' ';
}

/* A fresh stamp for pl->seen: cells stamped with it are seen in this round
 * (the stamps start again from zero when the counter wraps). */
static unsigned next_round(rf_placer *pl)
{
    if (++pl->round == 0) {
        memset(pl->seen, 0, (size_t)pl->g->w * (size_t)pl->g->h * sizeof *pl->seen);
        pl->round = 1;
    }
    return pl->round;
}

/* Marks pl->locked: 1 in the boxes of locked rooms (the fit adds no locked
 * room, so once per fit). */
static void mark_locked(rf_placer *pl)
{
    const rf_grid *g = pl->g;
    size_t i;
    int x, y;
    memset(pl->locked, 0, (size_t)g->w * (size_t)g->h);
    for (i = 0; i < pl->rooms->n; i++) {
        const rf_room_rec *r = &pl->rooms->items[i];
        if (!r->locked)
            continue;
        for (y = r->y < 0 ? 0 : r->y; y < r->y + r->h && y < g->h; y++)
            for (x = r->x < 0 ? 0 : r->x; x < r->x + r->w && x < g->w; x++)
                pl->locked[(size_t)y * (size_t)g->w + (size_t)x] = 1;
    }
}

/* A corridor may not enter cell c at (x, y): a template's cell or the tile
 * in front of a door in use (prot), a locked room's box, a cell of v at
 * (ox, oy). */
static bool closed(const rf_placer *pl, const rf_tview *v, int ox, int oy, int x, int y, int c)
{
    return rf_prot_is_template(pl->prot[c]) || pl->locked[c] || view_has(v, x - ox, y - oy);
}

/* Stamps the cells of view v at (ox, oy) that lie on the level with round
 * in pl->seen (and -1 in parent, when given): the searches below then pass
 * them over as seen, with no test of the view at each step. */
static void stamp_view(rf_placer *pl, const rf_tview *v, int ox, int oy, unsigned round,
                       int *parent)
{
    int w = pl->g->w, h = pl->g->h, x, y;
    int x0 = ox < 0 ? -ox : 0, x1 = ox + v->w > w ? w - ox : v->w;
    for (y = oy < 0 ? -oy : 0; y < v->h && oy + y < h; y++) {
        const char *row = &v->cells[(size_t)y * (size_t)v->w];
        size_t at = (size_t)(oy + y) * (size_t)w + (size_t)ox;
        for (x = x0; x < x1; x++)
            if (row[x] != ' ') {
                pl->seen[at + (size_t)x] = round;
                if (parent)
                    parent[at + (size_t)x] = -1;
            }
    }
}

/* Searches a corridor from door k of v at (ox, oy); on success pl->from
 * holds the path (pl->from[c] = previous cell, -1 at the start) and the
 * function returns the last carved cell (or -2 when the tile in front of the
 * door is walkable already); -1 when the level cannot be reached. */
static int search(rf_placer *pl, const rf_tview *v, int ox, int oy, size_t k)
{
    const rf_grid *g = pl->g;
    const uint8_t *t = g->t, *prot = pl->prot, *locked = pl->locked;
    unsigned *seen = pl->seen;
    int w = g->w, h = g->h, head = 0, tail = 0;
    int sx = ox + v->doors[k].x + RF_DIR_DX(v->doors[k].dir);
    int sy = oy + v->doors[k].y + RF_DIR_DY(v->doors[k].dir);
    int s = sy * w + sx;
    unsigned round;
    if (sx < 1 || sy < 1 || sx > w - 2 || sy > h - 2 || closed(pl, v, ox, oy, sx, sy, s))
        return -1;
    if (pl->walk[t[s]])
        return -2;
    if (t[s] != RF_TILE_ROCK && t[s] != RF_TILE_WALL)
        return -1;
    round = next_round(pl);
    stamp_view(pl, v, ox, oy, round, NULL); /* the view's cells are closed */
    seen[s] = round;
    pl->from[s] = -1;
    pl->queue[tail++] = s;
    while (head < tail) {
        int c = pl->queue[head++], cx = c % w, cy = c / w, dir;
        /* up, right, down, left: the order of rf_dir, inside the border */
        int nb[4] = {cy > 1 ? c - w : -1, cx < w - 2 ? c + 1 : -1, cy < h - 2 ? c + w : -1,
                     cx > 1 ? c - 1 : -1};
        for (dir = 0; dir < 4; dir++) {
            int nc = nb[dir];
            uint8_t tn;
            if (nc < 0 || seen[nc] == round || rf_prot_is_template(prot[nc]) || locked[nc])
                continue;
            tn = t[nc];
            if (pl->walk[tn] && tn != RF_TILE_BREAKABLE)
                return c;
            if (tn != RF_TILE_ROCK && tn != RF_TILE_WALL)
                continue;
            seen[nc] = round;
            pl->from[nc] = c;
            pl->queue[tail++] = nc;
        }
    }
    return -1;
}

static bool is_door(uint8_t t) { return t == RF_TILE_DOOR || t == RF_TILE_SECRET_DOOR; }

/* True when a 4-neighbour of c is a door. */
static bool beside_door(const rf_grid *g, int c)
{
    int w = g->w, x = c % w, y = c / w;
    return (x > 0 && is_door(g->t[c - 1])) || (x < w - 1 && is_door(g->t[c + 1])) ||
           (y > 0 && is_door(g->t[c - w])) || (y < g->h - 1 && is_door(g->t[c + w]));
}

/* Carves the path ending at c: rock to floor, wall to door, except a wall
 * beside a door (or, with at_door, the path's first cell, which faces a
 * template door about to open): that becomes an empty doorway, so no two
 * doors stand in a row. On levels whose digger walls its corridors
 * (Brogue), rock around new floor becomes wall, as the digger's own final
 * pass would have made it. */
static void carve(rf_placer *pl, int c, bool at_door)
{
    rf_grid *g = pl->g;
    int w = g->w, k, start = c;
    for (; c >= 0; c = pl->from[c]) {
        if (g->t[c] == RF_TILE_ROCK)
            g->t[c] = RF_TILE_FLOOR;
        else
            g->t[c] = beside_door(g, c) || (at_door && pl->from[c] < 0) ? RF_TILE_FLOOR
                                                                         : RF_TILE_DOOR;
    }
    for (c = start; pl->wall_corridors && c >= 0; c = pl->from[c]) {
        for (k = 0; k < 8; k++) {
            static const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
            static const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
            int nx = c % w + dx[k], ny = c / w + dy[k];
            if (nx >= 0 && ny >= 0 && nx < w && ny < g->h && RF_GRID_AT(g, nx, ny) == RF_TILE_ROCK)
                RF_GRID_AT(g, nx, ny) = RF_TILE_WALL;
        }
    }
}

/* Draws e's view v at (ox, oy) with door `first` joined (end: the search's
 * result for it), then joins every other door a corridor reaches. 1 done,
 * -1 out of memory. */
static int fit_draw(rf_placer *pl, rf_plan_entry *e, const rf_tview *v, int o, int ox, int oy,
                    size_t first, int end)
{
    rf_room_rec rec;
    int room;
    size_t k;
    memset(&rec, 0, sizeof rec);
    rec.kind = RF_ROOM_TEMPLATE;
    rec.x = ox;
    rec.y = oy;
    rec.w = v->w;
    rec.h = v->h;
    rec.lit = true;
    room = rf_room_list_add(pl->rooms, &rec);
    if (!room)
        return -1;
    rf_place_stamp(pl, v, ox, oy, room, (int)first);
    rf_place_record(pl, e, room, ox, oy, o);
    if (end >= 0)
        carve(pl, end, true);
    for (k = 0; k < v->ndoors; k++) {
        int c;
        if (k == first)
            continue;
        c = search(pl, v, ox, oy, k);
        if (c == -1)
            continue;
        if (c >= 0)
            carve(pl, c, true);
        rf_place_door_open(pl, v, ox, oy, k);
    }
    return 1;
}

bool rf_place_join_door(rf_placer *pl, const rf_tview *v, int ox, int oy, size_t k)
{
    int c = search(pl, v, ox, oy, k);
    if (c == -1)
        return false;
    if (c >= 0)
        carve(pl, c, true);
    rf_place_door_open(pl, v, ox, oy, k);
    return true;
}

/* Labels the walkable regions outside locked rooms' boxes (label[c] = region
 * from 1, 0 elsewhere; template cells count even there); returns the count. */
static int label_regions(rf_placer *pl, int *label)
{
    const rf_grid *g = pl->g;
    const uint8_t *t = g->t, *walk = pl->walk, *locked = pl->locked, *prot = pl->prot;
    int w = g->w, h = g->h, n = w * h, c, regions = 0;
    memset(label, 0, (size_t)n * sizeof *label);
    for (c = 0; c < n; c++) {
        int head = 0, tail = 0;
        if (label[c] || !walk[t[c]] || (locked[c] && !rf_prot_is_template(prot[c])))
            continue;
        label[c] = ++regions;
        pl->queue[tail++] = c;
        while (head < tail) {
            int cur = pl->queue[head++], cx = cur % w, cy = cur / w, dir;
            /* up, right, down, left: the order of rf_dir */
            int nb[4] = {cy > 0 ? cur - w : -1, cx < w - 1 ? cur + 1 : -1,
                         cy < h - 1 ? cur + w : -1, cx > 0 ? cur - 1 : -1};
            for (dir = 0; dir < 4; dir++) {
                int nc = nb[dir];
                if (nc < 0 || label[nc] || !walk[t[nc]] ||
                    (locked[nc] && !rf_prot_is_template(prot[nc])))
                    continue;
                label[nc] = regions;
                pl->queue[tail++] = nc;
            }
        }
    }
    return regions;
}


/* The root of cell c's search in the cut test (pl->from holds parents). */
static inline int root_of(int *parent, int c)
{
    while (parent[c] != c) {
        parent[c] = parent[parent[c]];
        c = parent[c];
    }
    return c;
}

/* Drawing view v at (ox, oy) keeps the level's connectivity: the walkable
 * cells next to the view (its bound list) stay joined to each other over
 * walkable cells outside the view inside a window WINDOW_MARGIN tiles
 * around its box. Any path of the level that crossed the view's cells
 * enters and leaves them at such cells, so it can go round instead; no
 * region is split, whichever door is used (the door joins only the
 * template's own inside, whose pockets the repair after placing handles).
 * One breadth-first search grows from every bound cell at once; a cell's
 * root in pl->from names the search it belongs to, pl->label[root] counts
 * that search's cells still queued. Two searches meeting merge; the test
 * holds when one is left and fails when a search runs dry first (its
 * cells are cut off from the others inside the window). Refuses some fits
 * a count of the whole level would allow, never one it would refuse. */
static bool cut_keeps(rf_placer *pl, const rf_tview *v, int ox, int oy)
{
    const rf_grid *g = pl->g;
    const rf_vcell *b = v->list + v->nwallish + v->nopen + v->nrim;
    const uint8_t *t = g->t, *walk = pl->walk;
    unsigned *seen = pl->seen;
    int w = g->w, h = g->h, head = 0, tail = 0, searches = 0, *parent = pl->from, *left = pl->label;
    int cap = CUT_SPAN * (v->w + 2 * WINDOW_MARGIN) * (v->h + 2 * WINDOW_MARGIN);
    unsigned round = next_round(pl);
    size_t i;
    stamp_view(pl, v, ox, oy, round, parent); /* seen, parent -1: never entered */
    for (i = 0; i < v->nbound; i++) {
        int x = ox + b[i].x, y = oy + b[i].y, c = y * w + x;
        if (x < 0 || y < 0 || x >= w || y >= h || !walk[t[c]])
            continue;
        seen[c] = round;
        parent[c] = c;
        left[c] = 1;
        pl->queue[tail++] = c;
        searches++;
    }
    while (head < tail && searches > 1) {
        int c = pl->queue[head++], cx = c % w, cy = c / w, root = root_of(parent, c), dir;
        /* up, right, down, left: the order of rf_dir */
        int nb[4] = {cy > 0 ? c - w : -1, cx < w - 1 ? c + 1 : -1, cy < h - 1 ? c + w : -1,
                     cx > 0 ? c - 1 : -1};
        left[root]--;
        for (dir = 0; dir < 4 && searches > 1; dir++) {
            int nc = nb[dir], other;
            if (nc < 0)
                continue;
            if (seen[nc] != round) {
                if (!walk[t[nc]])
                    continue;
                seen[nc] = round;
                parent[nc] = root;
                left[root]++;
                pl->queue[tail++] = nc;
                continue;
            }
            if (parent[nc] < 0 || parent[nc] == root) /* the view's, or this search's */
                continue;
            other = root_of(parent, nc);
            if (other != root) {
                parent[other] = root;
                left[root] += left[other];
                searches--;
            }
        }
        if (searches > 1 && (left[root] == 0 || tail > cap))
            return false;
    }
    return true;
}

/* The ring of tiles just outside view v's box at (ox, oy) is all walkable
 * (and inside the level): drawn there, the template is walked round, so
 * nothing is cut off and its doors open onto that ring. */
static bool ring_open(const rf_placer *pl, const rf_tview *v, int ox, int oy)
{
    const rf_grid *g = pl->g;
    int x, y, x0 = ox - 1, y0 = oy - 1, x1 = ox + v->w, y1 = oy + v->h;
    if (x0 < 0 || y0 < 0 || x1 >= g->w || y1 >= g->h)
        return false;
    for (x = x0; x <= x1; x++)
        if (!pl->walk[RF_GRID_AT(g, x, y0)] || !pl->walk[RF_GRID_AT(g, x, y1)])
            return false;
    for (y = y0 + 1; y < y1; y++)
        if (!pl->walk[RF_GRID_AT(g, x0, y)] || !pl->walk[RF_GRID_AT(g, x1, y)])
            return false;
    return true;
}

enum { ON_ROCK, OVER_RING, OVER_WINDOW }; /* how try_at may place */

static int try_at(rf_placer *pl, rf_plan_entry *e, int o, int ox, int oy, int mode)
{
    bool over = mode != ON_ROCK;
    const rf_grid *g = pl->g;
    const rf_tview *v = rf_place_view(e, o);
    size_t k, first = 0, start;
    int end = -1;
    if (!v)
        return -1;
    if (v->ndoors == 0 || (mode == OVER_RING && !ring_open(pl, v, ox, oy)) ||
        !rf_place_fits(pl, v, ox, oy, over))
        return 0;
    start = rf_rng_below(&pl->rng, (uint32_t)v->ndoors);
    for (k = 0; k < v->ndoors && end == -1; k++) {
        first = (start + k) % v->ndoors;
        if (over) { /* the first door opening onto free walkable ground */
            int fx = ox + v->doors[first].x + RF_DIR_DX(v->doors[first].dir);
            int fy = oy + v->doors[first].y + RF_DIR_DY(v->doors[first].dir);
            if (fx >= 0 && fy >= 0 && fx < g->w && fy < g->h && pl->walk[RF_GRID_AT(g, fx, fy)] &&
                !pl->prot[(size_t)fy * (size_t)g->w + (size_t)fx])
                end = -2;
            continue;
        }
        end = search(pl, v, ox, oy, first);
    }
    /* over dug ground the cut test does not depend on the door: once a try */
    if (end == -1 || (mode == OVER_WINDOW && !cut_keeps(pl, v, ox, oy)))
        return 0;
    return fit_draw(pl, e, v, o, ox, oy, first, end);
}

/* Tries to fit entry e somewhere: 1 placed, 0 not, -1 out of memory. The
 * first random tries take rock only; the next may also cover dug ground
 * (crawler levels are open floor with thin walls, Brogue levels are full by
 * now) where walkable ground rings the template (a test of its perimeter),
 * the last where the ground around it stays joined (cut_keeps). With scan
 * (a forced room, a retried drawn one that found no box to reserve, or a
 * drawn one the level would be made again for: rf_place_opts.scan_upto)
 * it then scans every origin and orientation (rock first, then over
 * floor) from a random start, so it is missed only when no place exists. */
static int fit_one(rf_placer *pl, rf_plan_entry *e, bool scan)
{

    int tries, pass, w = pl->g->w, h = pl->g->h;
    int budget = FIT_ROCK + FIT_RING + (e->forced ? FIT_WINDOW_FORCED : FIT_WINDOW_DRAWN);
    long n = (long)w * h, i, s0;
    for (tries = 0; tries < budget; tries++) {
        int o = (int)rf_rng_below(&pl->rng, RF_ORIENT_COUNT), rc, ox, oy;
        const rf_tview *v;
        if (!rf_place_orient_ok(e, o))
            o = 0;
        v = rf_place_view(e, o);
        if (!v)
            return -1;
        if (v->w > w || v->h > h)
            continue;
        /* y before x, in two statements: as arguments of one call their
         * order would be the compiler's */
        oy = rf_rng_range(&pl->rng, 0, h - v->h);
        ox = rf_rng_range(&pl->rng, 0, w - v->w);
        rc = try_at(pl, e, o, ox, oy,
                    tries < FIT_ROCK              ? ON_ROCK
                    : tries < FIT_ROCK + FIT_RING ? OVER_RING
                                                  : OVER_WINDOW);
        if (rc != 0)
            return rc;
    }
    if (!scan)
        return 0;
    s0 = (long)rf_rng_below(&pl->rng, (uint32_t)n);
    for (pass = 0; pass < 2; pass++)
        for (i = 0; i < n; i++) {
            long c = (s0 + i) % n;
            int o;
            for (o = 0; o < RF_ORIENT_COUNT; o++) {
                int rc;
                if (!rf_place_orient_ok(e, o))
                    continue;
                rc = try_at(pl, e, o, (int)(c % w), (int)(c / w), pass == 0 ? ON_ROCK : OVER_WINDOW);
                if (rc != 0)
                    return rc;
            }
        }
    return 0;
}

/* Marks pl->mark 1 on the open cells of entry e reachable from the level
 * (from its doors in use, over walkable template cells); returns how many
 * walkable cells of e stay unreached. */
static int reach(rf_placer *pl, const rf_plan_entry *e, const rf_tview *v)
{
    rf_grid *g = pl->g;
    int w = g->w, head = 0, tail = 0, x, y, lost = 0;
    size_t k;
    for (y = 0; y < v->h; y++)
        for (x = 0; x < v->w; x++)
            pl->mark[(size_t)(e->oy + y) * (size_t)w + (size_t)(e->ox + x)] = 0;
    for (k = 0; k < v->ndoors; k++) {
        int c = (e->oy + v->doors[k].y) * w + e->ox + v->doors[k].x;
        if (g->t[c] == RF_TILE_DOOR && !pl->mark[c]) {
            pl->mark[c] = 1;
            pl->queue[tail++] = c;
        }
    }
    while (head < tail) {
        int c = pl->queue[head++], cx = c % w, cy = c / w, dir;
        for (dir = 0; dir < 4; dir++) {
            int nx = cx + RF_DIR_DX(dir), ny = cy + RF_DIR_DY(dir), nc = ny * w + nx;
            if (nx < e->ox || ny < e->oy || nx >= e->ox + v->w || ny >= e->oy + v->h ||
                pl->mark[nc] || v->cells[(size_t)(ny - e->oy) * (size_t)v->w + (size_t)(nx - e->ox)] == ' ' ||
                !pl->walk[g->t[nc]])
                continue;
            pl->mark[nc] = 1;
            pl->queue[tail++] = nc;
        }
    }
    for (y = 0; y < v->h; y++)
        for (x = 0; x < v->w; x++) {
            size_t c = (size_t)(e->oy + y) * (size_t)w + (size_t)(e->ox + x);
            lost += v->cells[(size_t)y * (size_t)v->w + (size_t)x] != ' ' && !pl->mark[c] &&
                    pl->walk[g->t[c]];
        }
    return lost;
}

/* Parts of a placed template its doors in use do not reach (an unused door
 * walled them off, or an undefined anchor did): each unused door whose
 * inside is cut off is joined by a corridor when one reaches the level
 * (connect_level handles what is still apart). */
static void repair(rf_placer *pl, rf_plan_entry *e)
{
    rf_grid *g = pl->g;
    const rf_tview *v = &e->views[e->orient];
    int w = g->w;
    size_t k;
    if (reach(pl, e, v) == 0)
        return;
    for (k = 0; k < v->ndoors; k++) {
        int dx = e->ox + v->doors[k].x, dy = e->oy + v->doors[k].y;
        int ix = dx - RF_DIR_DX(v->doors[k].dir), iy = dy - RF_DIR_DY(v->doors[k].dir), c;
        size_t in = (size_t)iy * (size_t)w + (size_t)ix;
        if (g->t[(size_t)dy * (size_t)w + (size_t)dx] == RF_TILE_DOOR || pl->mark[in] ||
            !pl->walk[g->t[in]])
            continue;
        c = search(pl, v, e->ox, e->oy, k);
        if (c == -1)
            continue;
        if (c >= 0)
            carve(pl, c, true);
        rf_place_door_open(pl, v, e->ox, e->oy, k);
        if (reach(pl, e, v) == 0)
            return;
    }
}

/* A join's way: rock or wall of no template (nor locked room) and of no
 * region, cell c an inner cell of the level (the caller tests the edge). */
static bool join_way(const rf_placer *pl, const int *label, int c)
{
    const uint8_t t = pl->g->t[c];
    return !pl->locked[c] && !rf_prot_is_template(pl->prot[c]) && !label[c] &&
           (t == RF_TILE_ROCK || t == RF_TILE_WALL);
}

/* One join: a breadth-first search from every cell of region `main`
 * through rock and wall of no template (nor locked room) to the first
 * walkable cell of another region, carved. false when none is reachable. */
static bool join_one(rf_placer *pl, const int *label, int main)
{
    rf_grid *g = pl->g;
    int w = g->w, h = g->h, n = w * h, c, head = 0, tail = 0;
    unsigned round = next_round(pl);
    for (c = 0; c < n; c++)
        if (label[c] == main) {
            pl->seen[c] = round;
            pl->queue[tail++] = c;
        }
    while (head < tail) {
        int cur = pl->queue[head++], cx = cur % w, cy = cur / w, dir;
        for (dir = 0; dir < 4; dir++) {
            int nx = cx + RF_DIR_DX(dir), ny = cy + RF_DIR_DY(dir), nc = ny * w + nx;
            if (nx < 1 || ny < 1 || nx > w - 2 || ny > h - 2 || pl->seen[nc] == round)
                continue;
            if (label[nc] > 0 && label[nc] != main) {
                if (label[cur] != main)
                    carve(pl, cur, false);
                return true;
            }
            if (!join_way(pl, label, nc))
                continue;
            pl->seen[nc] = round;
            pl->from[nc] = label[cur] == main ? -1 : cur;
            pl->queue[tail++] = nc;
        }
    }
    return false;
}

/* Whether join_one can reach anything: the same search, run backwards
 * from every cell of the regions other than `main` to the first cell of
 * `main`. The way through rock and wall is the same both ways, so false
 * means join_one would fail; the search from the leftovers spans only
 * the rock around them, where join_one's from `main` spans the whole
 * level before failing (a linear search at 1000x1000 for one sealed
 * pocket). join_one still makes the join, so the corridor is its. */
static bool main_reachable(rf_placer *pl, const int *label, int main)
{
    rf_grid *g = pl->g;
    int w = g->w, h = g->h, n = w * h, c, head = 0, tail = 0;
    unsigned round = next_round(pl);
    for (c = 0; c < n; c++) /* join_one's ends lie inside the edge */
        if (label[c] > 0 && label[c] != main && c % w > 0 && c % w < w - 1 && c / w > 0 &&
            c / w < h - 1) {
            pl->seen[c] = round;
            pl->queue[tail++] = c;
        }
    while (head < tail) {
        int cur = pl->queue[head++], cx = cur % w, cy = cur / w, dir;
        for (dir = 0; dir < 4; dir++) {
            int nx = cx + RF_DIR_DX(dir), ny = cy + RF_DIR_DY(dir), nc = ny * w + nx;
            if (label[nc] == main) /* its starts may lie on the edge */
                return true;
            if (nx < 1 || ny < 1 || nx > w - 2 || ny > h - 2 || pl->seen[nc] == round)
                continue;
            if (!join_way(pl, label, nc))
                continue;
            pl->seen[nc] = round;
            pl->queue[tail++] = nc;
        }
    }
    return false;
}

/* The connected regions of the placed forced rooms as a map of the level
 * (rf_tview.reach: the part of a room its doors reach, never a sealed
 * pocket of it, however large): *out gets n bytes, 1 on such a cell, or
 * NULL when no forced room is placed. A cell in two boxes is the first
 * room's, in plan order. Made once a connect: asking the plan for every
 * template cell was O(cells x plan), a quadratic at 1000x1000. */
static rf_status forced_map(const rf_placer *pl, uint8_t **out)
{
    int w = pl->g->w, x, y;
    size_t i;
    uint8_t *map = NULL;
    *out = NULL;
    for (i = 0; i < pl->n; i++) {
        const rf_plan_entry *e = &pl->plan[i];
        const rf_tview *v = &e->views[e->orient];
        if (!e->forced || !e->placed)
            continue;
        if (!map && !(map = rf_calloc((size_t)w * (size_t)pl->g->h, 1)))
            return RF_ERR_NOMEM;
        for (y = 0; y < v->h; y++)
            for (x = 0; x < v->w; x++) {
                uint8_t *m = &map[(size_t)(e->oy + y) * (size_t)w + (size_t)(e->ox + x)];
                if (*m == 0) /* 2: in a box, no reach */
                    *m = v->reach[(size_t)y * (size_t)v->w + (size_t)x] != 0 ? 1 : 2;
            }
    }
    *out = map;
    return RF_OK;
}

/* DESIGN 6 after placement: the level's walkable regions joined into one
 * (a room accretion hung on a template door whose inside an undefined
 * anchor cut off, a pocket behind an unused door). What cannot be joined
 * becomes wall: a pocket of template cells, or dug cells that templates
 * and the level's edge box in. RF_ERR_NOMEM or RF_OK. */
static rf_status connect_level(rf_placer *pl)
{
    rf_grid *g = pl->g;
    int n = g->w * g->h, c, regions, main, guard;
    int *label = pl->label;
    size_t *size = NULL;
    uint8_t *forced = NULL;
    if (forced_map(pl, &forced) != RF_OK)
        return RF_ERR_NOMEM;
    for (guard = 0; guard < n; guard++) {
        int r;
        regions = label_regions(pl, label);
        if (regions <= 1)
            break;
        rf_free(size);
        size = rf_calloc((size_t)regions + 1, sizeof *size);
        if (!size) {
            rf_free(forced);
            return RF_ERR_NOMEM;
        }
        /* the main region is the largest by dug cells, unless a region
         * holds a forced room's connected region (those cells count as the
         * whole level): a forced room is never the leftover walled up, and
         * its sealed pockets never outweigh the level */
        for (c = 0; c < n; c++)
            size[label[c]] += label[c] <= 0                          ? 0
                              : !rf_prot_is_template(pl->prot[c]) ? 1
                              : forced && forced[c] == 1          ? (size_t)n
                                                                  : 0;
        for (main = 1, r = 2; r <= regions; r++)
            if (size[r] > size[main])
                main = r;
        if (main_reachable(pl, label, main) && join_one(pl, label, main))
            continue;
        /* nothing more can be joined: wall the leftovers (a pocket of
         * template cells, or dug cells boxed in by templates and the
         * level's edge), so every walkable tile stays reachable */
        for (c = 0; c < n; c++)
            if (label[c] > 0 && label[c] != main) {
                g->t[c] = RF_TILE_WALL;
                g->room[c] = 0;
            }
        break;
    }
    rf_free(size);
    rf_free(forced);
    return RF_OK;
}

/* The tile solid tile c becomes when opened: floor when a 4-neighbour is
 * walkable, else the first of its non-solid 4-neighbours (two liquids that
 * met at a corner), so no floor is left that nothing walks to. c is not on
 * the level's edge. */
static uint8_t opened_tile(const rf_placer *pl, int c)
{
    const rf_grid *g = pl->g;
    const int nb[4] = {c - g->w, c + 1, c + g->w, c - 1};
    int k;
    for (k = 0; k < 4; k++)
        if (pl->walk[g->t[nb[k]]])
            return RF_TILE_FLOOR;
    for (k = 0; k < 4; k++)
        if (!rf_grid_is_solid(g->t[nb[k]]))
            return g->t[nb[k]];
    return RF_TILE_FLOOR; /* not reached: the two open corners are 4-neighbours */
}

/* Brogue's "remove diagonal openings": two tiles that are not solid (rock or
 * wall, what obstructs a diagonal step; liquids, chasm and impassable floor
 * do not) touch only at a corner, the other two tiles of their 2x2 block
 * solid. The test is the dig pass's (dig/brogue/passes.c), not one of
 * walkability: a corridor carved in front of a template door can meet a
 * lake's chasm or a template's impassable floor at a corner, and that is an
 * opening too. The dig's passes removed them before templates were fitted
 * and joined; the corridors and walls the fit makes can make new ones
 * against a template, so on Brogue levels (wall_corridors) the rule runs
 * again: of the block's two solid tiles, one that is no template's, no
 * locked room's and not on the level's edge is opened (opened_tile, the
 * rock around it walled), a protected template tile never the only choice.
 * Deterministic (the first such tile in reading order): the streams are not
 * touched. A block whose both solid tiles are a template's is the
 * template's own drawing and stays. */
static void open_diagonals(rf_placer *pl)
{
    rf_grid *g = pl->g;
    uint64_t rows[2][RF_GRID_MAX_ROW_WORDS], blocks[RF_GRID_MAX_ROW_WORDS];
    int w = g->w, h = g->h, nw = RF_GRID_ROW_WORDS(w), y, q;
    bool changed = true;
    while (changed) {
        changed = false;
        if (h > 1)
            rf_grid_solid_row(g, 0, rows[0]);
        for (y = 0; y + 1 < h; y++) {
            uint64_t *s0 = rows[y & 1], *s1 = rows[(y + 1) & 1];
            rf_grid_solid_row(g, y + 1, s1);
            rf_grid_diagonal_blocks(s0, s1, w, 0, blocks);
            for (q = 0; q < nw; q++)
                while (blocks[q]) {
                    int x = q * 64 + __builtin_ctzll(blocks[q]), k, pick = -1;
                    int c[4] = {y * w + x, y * w + x + 1, (y + 1) * w + x, (y + 1) * w + x + 1};
                    blocks[q] &= blocks[q] - 1;
                    for (k = 0; k < 4 && pick < 0; k++) {
                        int cx = c[k] % w, cy = c[k] / w;
                        if (rf_grid_is_solid(g->t[c[k]]) && !rf_prot_is_template(pl->prot[c[k]]) &&
                            !pl->locked[c[k]] && cx > 0 && cy > 0 && cx < w - 1 && cy < h - 1)
                            pick = c[k];
                    }
                    if (pick < 0)
                        continue;
                    g->t[pick] = opened_tile(pl, pick);
                    for (k = 0; k < 8; k++) {
                        static const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
                        static const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
                        int nx = pick % w + dx[k], ny = pick / w + dy[k];
                        if (nx >= 0 && ny >= 0 && nx < w && ny < h &&
                            RF_GRID_AT(g, nx, ny) == RF_TILE_ROCK)
                            RF_GRID_AT(g, nx, ny) = RF_TILE_WALL;
                    }
                    changed = true;
                    /* the opened tile is not solid now (rock turned wall
                     * is): the row's later blocks are found again */
                    (pick / w == y ? s0 : s1)[(pick % w) >> 6] &= ~((uint64_t)1 << (pick % w & 63));
                    rf_grid_diagonal_blocks(s0, s1, w, x + 1, blocks);
                }
        }
    }
}

rf_status rf_place_fit_pending(rf_placer *pl)
{
    size_t i, drawn = 0;
    mark_locked(pl);
    if (rf_place_stamp_reserved(pl) != RF_OK)
        return RF_ERR_NOMEM;
    for (i = 0; i < pl->n; i++)
        drawn += !pl->plan[i].forced;
    for (i = 0; i < pl->n; i++) {
        rf_plan_entry *e = &pl->plan[i];
        int rc;
        if (e->placed || e->refused)
            continue;
        rc = fit_one(pl, e, e->forced || e->retry || drawn <= pl->po.scan_upto);
        if (rc < 0)
            return RF_ERR_NOMEM;
        if (rc == 0)
            e->why = RF_PLACE_BUDGET;
    }
    for (i = 0; i < pl->n; i++)
        if (pl->plan[i].placed)
            repair(pl, &pl->plan[i]);
    for (i = 0; i < pl->n; i++)
        if (pl->plan[i].placed) {
            rf_status st = connect_level(pl);
            if (st == RF_OK && pl->wall_corridors)
                open_diagonals(pl);
            return st;
        }
    return RF_OK;
}
