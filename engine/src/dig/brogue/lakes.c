/* engine/src/dig/brogue/lakes.c: Brogue's lakes: blobs of deep liquid with a
 * shallow wreath, placed only where they disconnect nothing.
 *
 * Pipeline: dig, after loops. Design: a local test (the route tiles of the
 * lake's grown box stay connected inside it), so many lakes stay linear in
 * area; the liquid kind is a cosmetic draw, made before the test, and a
 * hazard wreath (a chasm's edge) is tested as part of the lake.
 * Seeds: shared/seeds/brogue-level-generation.txt (Lakes).
 */
#include "brogue_int.h"

#define MARGIN 8
#define LAKE_RESTARTS 20 /* restarts while no blob reaches 4x4 */

typedef struct liquid {
    int min_depth;
    rf_tile deep, wreath;
    int radius;
} liquid;

/* The lake kinds of the seed, each equally likely once its depth is reached:
 * water in a 2-tile wreath of shallows, lava bare, a chasm in a 1-tile edge,
 * brimstone (walkable) in a 2-tile wreath of obsidian, which is plain floor. */
static const liquid liquids[] = {
    {1, RF_TILE_DEEP_WATER, RF_TILE_SHALLOW_WATER, 2},
    {4, RF_TILE_LAVA, RF_TILE_FLOOR, 0},
    {1, RF_TILE_CHASM, RF_TILE_CHASM_EDGE, 1},
    {18, RF_TILE_BRIMSTONE, RF_TILE_FLOOR, 2},
};

static const liquid *pick_liquid(rf_brogue *d)
{
    size_t i, n = 0, k;
    for (i = 0; i < sizeof liquids / sizeof liquids[0]; i++)
        n += d->p->depth >= liquids[i].min_depth;
    k = rf_rng_below_lemire(d->cosmetic, (uint32_t)n);
    for (i = 0; i < sizeof liquids / sizeof liquids[0]; i++)
        if (d->p->depth >= liquids[i].min_depth && k-- == 0)
            return &liquids[i];
    return &liquids[0];
}

/* One lake test: blob b (in a CA grid bw wide) at (px, py), its box grown
 * by MARGIN and clipped to the level, and the stamps that mark its cells. */
typedef struct lake_test {
    rf_brogue *d;
    const rf_blob *b;
    const liquid *lq;
    int bw, px, py;
    int x0, y0, x1, y1;        /* the grown box, x1 and y1 excluded */
    uint32_t lake, edge, seen; /* a lake cell, a rim tile, a rim tile reached */
    int floors, total;         /* floor the lake floods; walkable tiles it leaves */
    int rim, start;            /* rim tiles, and one of them */
} lake_test;

/* True when (x, y) joins the wreath of liquid lq: inside the level's border,
 * plain floor, no placed template's. */
static bool wreath_cell(const rf_brogue *d, const liquid *lq, int x, int y)
{
    int c = y * d->w + x;
    return lq->wreath != RF_TILE_FLOOR && x >= 1 && y >= 1 && x <= d->w - 2 && y <= d->h - 2 &&
           d->g->t[c] == RF_TILE_FLOOR && !rf_brogue_protected(d, c);
}

/* Calls fn on each cell of the wreath round blob b (in a CA grid bw wide) at
 * (px, py): the cells within lq's radius of a lake cell (a disc, r*r + 1)
 * that wreath_cell takes; a cell may come more than once. Only the lake's
 * edge cells (a 4-neighbour not lake) are walked round: the lake cell
 * nearest an outside cell is always one (a step towards the cell would be
 * nearer), so the wreath is the same for a fraction of the work. */
static void each_wreath(rf_brogue *d, int bw, const rf_blob *b, int px, int py, const liquid *lq,
                        void (*fn)(rf_brogue *d, int c, void *ud), void *ud)
{
    int r = lq->radius, x, y, i, j;
    if (lq->wreath == RF_TILE_FLOOR || r <= 0)
        return; /* no wreath */
    for (y = 0; y < b->h; y++)
        for (x = 0; x < b->w; x++) {
            int cx = b->x + x, cy = b->y + y; /* the CA grid's border is 0: no bounds */
            if (!RF_CA_AT(d, bw, cx, cy) ||
                (RF_CA_AT(d, bw, cx - 1, cy) && RF_CA_AT(d, bw, cx + 1, cy) &&
                 RF_CA_AT(d, bw, cx, cy - 1) && RF_CA_AT(d, bw, cx, cy + 1)))
                continue;
            for (j = -r; j <= r; j++)
                for (i = -r; i <= r; i++)
                    if (i * i + j * j <= r * r + 1 && wreath_cell(d, lq, px + x + i, py + y + j))
                        fn(d, (py + y + j) * d->w + px + x + i, ud);
        }
}

/* A wreath cell of a hazard wreath counts as lake in the test. */
static void stamp_wreath(rf_brogue *d, int c, void *ud)
{
    lake_test *lt = ud;
    if (d->stamp[c] == lt->lake)
        return;
    d->stamp[c] = lt->lake;
    lt->floors++;
    lt->total -= d->route[d->g->t[c]];
}

/* Stamps the lake's cells, counting the floor they flood; false when one is
 * a placed template's (a lake never drowns one) or none is floor. A hazard
 * wreath (a chasm's edge) is stamped with the lake: no route may need it. */
static bool mark_lake(lake_test *lt)
{
    rf_brogue *d = lt->d;
    const rf_blob *b = lt->b;
    const uint8_t *t = d->g->t;
    int x, y;
    for (y = 0; y < b->h; y++)
        for (x = 0; x < b->w; x++)
            if (RF_CA_AT(d, lt->bw, b->x + x, b->y + y)) {
                int c = (lt->py + y) * d->w + lt->px + x;
                if (rf_brogue_protected(d, c))
                    return false; /* a lake never drowns a placed template */
                d->stamp[c] = lt->lake;
                lt->floors += t[c] == RF_TILE_FLOOR;
                lt->total -= d->route[t[c]];
            }
    if (lt->floors != 0 && rf_tile_is_hazard(lt->lq->wreath))
        each_wreath(d, lt->bw, b, lt->px, lt->py, lt->lq, stamp_wreath, lt);
    return lt->floors != 0;
}

/* Stamps the rim: the route tiles beside the lake (and its hazard wreath),
 * found round the stamped cells of the box the wreath can reach; false when
 * there is none. */
static bool mark_rim(lake_test *lt)
{
    rf_brogue *d = lt->d;
    const uint8_t *t = d->g->t;
    int w = d->w, r = lt->lq->radius, x, y, k;
    int x0 = lt->px - r, y0 = lt->py - r, x1 = lt->px + lt->b->w + r, y1 = lt->py + lt->b->h + r;
    const int offs[4] = {-w, 1, w, -1};
    x0 = x0 < 1 ? 1 : x0;
    y0 = y0 < 1 ? 1 : y0;
    x1 = x1 > d->w - 1 ? d->w - 1 : x1;
    y1 = y1 > d->h - 1 ? d->h - 1 : y1;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++) {
            int c = y * w + x;
            if (d->stamp[c] != lt->lake)
                continue;
            for (k = 0; k < 4; k++) {
                int n = c + offs[k];
                if (d->stamp[n] != lt->lake && d->stamp[n] != lt->edge && d->route[t[n]]) {
                    d->stamp[n] = lt->edge;
                    lt->rim++;
                    lt->start = n;
                }
            }
        }
    return lt->rim != 0;
}

/* A walk from one rim tile over route tiles of the box, round the lake;
 * true when it reaches the whole rim (it stops there). */
static bool rim_connected(lake_test *lt)
{
    rf_brogue *d = lt->d;
    const uint8_t *t = d->g->t;
    int w = d->w, head = 0, tail = 0, found = 1, k;
    d->stamp[lt->start] = lt->seen;
    /* queue entries pack y << 16 | x (sides < 65536): no division per tile */
    d->queue[tail++] = (lt->start / w) << 16 | lt->start % w;
    while (head < tail && found < lt->rim) {
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0}; /* local: folded */
        int e = d->queue[head++], cx = e & 0xffff, cy = e >> 16;
        for (k = 0; k < 4; k++) {
            int nx = cx + dx[k], ny = cy + dy[k], n = ny * w + nx;
            if (nx < lt->x0 || ny < lt->y0 || nx >= lt->x1 || ny >= lt->y1 ||
                d->stamp[n] == lt->lake || d->stamp[n] == lt->seen || !d->route[t[n]])
                continue;
            found += d->stamp[n] == lt->edge;
            d->stamp[n] = lt->seen;
            d->queue[tail++] = ny << 16 | nx;
        }
    }
    return found >= lt->rim;
}

/* The lake at (px, py) disconnects nothing: the walkable tiles next to it
 * (its rim) are all connected to each other inside the grown box without
 * crossing it. Every path through the lake enters and leaves it at rim tiles,
 * so it can go round; tiles cut off by the lake would be rim tiles too. The
 * walk stops as soon as the whole rim is reached. The lake must also touch
 * floor and flood no more floor than it leaves walkable in its box. Walkable
 * here is a route tile: a hazard (an earlier chasm's edge, brimstone) is no
 * way round, so no place comes to depend on one. */
static bool lake_fits(rf_brogue *d, int bw, const rf_blob *b, int px, int py, const liquid *lq)
{
    lake_test lt = {d, b, lq, bw, px, py, px - MARGIN, py - MARGIN, px + b->w + MARGIN,
                    py + b->h + MARGIN, 0, 0, 0, 0, 0, 0, -1};
    int x, y;
    lt.x0 = lt.x0 < 0 ? 0 : lt.x0;
    lt.y0 = lt.y0 < 0 ? 0 : lt.y0;
    lt.x1 = lt.x1 > d->w ? d->w : lt.x1;
    lt.y1 = lt.y1 > d->h ? d->h : lt.y1;
    /* three consecutive stamps (lake, rim, seen) that must not straddle a
     * wrap-around, which resets them */
    if (d->stamp_gen > UINT32_MAX - 4)
        d->stamp_gen = UINT32_MAX;
    lt.lake = rf_brogue_stamp(d);
    lt.edge = rf_brogue_stamp(d);
    lt.seen = rf_brogue_stamp(d);
    if (!mark_lake(&lt) || !mark_rim(&lt) || !rim_connected(&lt))
        return false;
    for (y = lt.y0; y < lt.y1; y++) {
        const uint8_t *row = &d->g->t[y * d->w];
        for (x = lt.x0; x < lt.x1; x++)
            lt.total += d->route[row[x]];
    }
    return lt.total >= lt.floors;
}

static void set_wreath(rf_brogue *d, int c, void *ud)
{
    d->g->t[c] = (uint8_t)((const liquid *)ud)->wreath;
}

static void fill_lake(rf_brogue *d, int bw, const rf_blob *b, int px, int py, const liquid *lq)
{
    int x, y;
    for (y = 0; y < b->h; y++)
        for (x = 0; x < b->w; x++)
            if (RF_CA_AT(d, bw, b->x + x, b->y + y)) {
                int c = (py + y) * d->w + px + x;
                d->g->t[c] = (uint8_t)lq->deep;
                d->g->room[c] = 0;
            }
    each_wreath(d, bw, b, px, py, lq, set_wreath, (void *)lq);
}

bool rf_lakes_add(rf_brogue *d)
{
    const rf_brogue_params *p = d->p;
    int i, k;
    for (i = 0; i < p->lakes; i++) {
        /* limits shrink by 2x1 from the first lake's down to the smallest */
        int mw = p->lake_max_w - 2 * i, mh = p->lake_max_h - i;
        rf_blob b;
        mw = mw < p->lake_min_w ? p->lake_min_w : mw;
        mh = mh < p->lake_min_h ? p->lake_min_h : mh;
        rf_cave_blob(d, mw, mh, RF_LAKE_BIRTH, RF_LAKE_SURVIVE, RF_CA_ALIVE, RF_CA_GENS, 4, 4, mw,
                     mh, LAKE_RESTARTS, &b);
        const liquid *lq;
        if (b.cells == 0 || b.w > d->w - 2 || b.h > d->h - 2)
            continue;
        lq = pick_liquid(d); /* before the test: a chasm's edge is tested with it */
        for (k = 0; k < p->lake_tries; k++) {
            int px = rf_rng_range_lemire(d->rng, 1, d->w - 1 - b.w);
            int py = rf_rng_range_lemire(d->rng, 1, d->h - 1 - b.h);
            if (lake_fits(d, mw, &b, px, py, lq)) {
                fill_lake(d, mw, &b, px, py, lq);
                d->info->lakes++;
                break;
            }
        }
    }
    return true;
}
