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
    struct lake_rows *rows;    /* the row words, when the box is at most 64 wide */
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
static bool rows_fit(lake_test *lt);

static bool lake_fits(rf_brogue *d, struct lake_rows *lr, int bw, const rf_blob *b, int px, int py,
                      const liquid *lq)
{
    lake_test lt = {d, b, lq, bw, px, py, px - MARGIN, py - MARGIN, px + b->w + MARGIN,
                    py + b->h + MARGIN, 0, 0, 0, 0, 0, 0, -1, lr};
    int x, y;
    lt.x0 = lt.x0 < 0 ? 0 : lt.x0;
    lt.y0 = lt.y0 < 0 ? 0 : lt.y0;
    lt.x1 = lt.x1 > d->w ? d->w : lt.x1;
    lt.y1 = lt.y1 > d->h ? d->h : lt.y1;
    if (lr && lt.x1 - lt.x0 <= 64 && b->w <= 64)
        return rows_fit(&lt); /* the same answer on row words */
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

/* ---- the same test on row words, for a grown box at most 64 wide ----
 * Bit i of a row word is the box's column x0 + i. The level's route, floor
 * and placed-template tiles are kept as row words (made once, and again on
 * the rows a lake fills), the blob as a word a row (once a lake): a try
 * shifts the blob into place, grows the hazard wreath by shifts, and walks
 * round the lake a row at a time. The same answers as the stamps above, for
 * a few word operations a row. */

typedef struct lake_rows {
    uint64_t *route, *floor, *prot; /* h rows of nwords words each: the level's */
    int nwords;
    uint64_t *blob;                 /* the blob's rows, bit x its column b->x + x */
    uint64_t *lake, *open, *rim, *reach; /* h words each: rows y0..y1 of a test */
} lake_rows;

/* Row y of the level into lr's route, floor and prot words (made once a
 * step; a lake's tiles then change them one by one, set_tile). */
static void level_row(rf_brogue *d, lake_rows *lr, int y)
{
    size_t at = (size_t)y * (size_t)lr->nwords;
    const uint8_t *t = &d->g->t[y * d->w];
    const uint8_t *prot = d->protect ? d->protect + (size_t)y * (size_t)d->w : NULL;
    int x, i;
    for (i = 0; i < lr->nwords; i++) { /* a word's bits gather in registers */
        uint64_t route = 0, floor = 0, kept = 0;
        int end = (i + 1) * 64 < d->w ? (i + 1) * 64 : d->w;
        for (x = i * 64; x < end; x++) {
            route |= (uint64_t)d->route[t[x]] << (x & 63);
            floor |= (uint64_t)(t[x] == RF_TILE_FLOOR) << (x & 63);
            if (prot)
                kept |= (uint64_t)(prot[x] != 0) << (x & 63);
        }
        lr->route[at + i] = route;
        lr->floor[at + i] = floor;
        lr->prot[at + i] = kept;
    }
}

/* n <= 64 bits of row y of words from column x0. */
static uint64_t window(const lake_rows *lr, const uint64_t *words, int y, int x0, int n)
{
    const uint64_t *row = &words[(size_t)y * (size_t)lr->nwords];
    int q = x0 >> 6, sh = x0 & 63;
    uint64_t v = row[q] >> sh;
    if (sh && q + 1 < lr->nwords)
        v |= row[q + 1] << (64 - sh);
    return n == 64 ? v : v & (((uint64_t)1 << n) - 1);
}

/* The runs of o that meet x (x within o): addition carries x up to each
 * run's top; the shifts (doubling each step) carry it down to its bottom. */
static uint64_t row_fill(uint64_t x, uint64_t o)
{
    uint64_t up = (((o + x) ^ o) | x) & o, dn = x, pro = o;
    dn |= pro & (dn >> 1);
    pro &= pro >> 1;
    dn |= pro & (dn >> 2);
    pro &= pro >> 2;
    dn |= pro & (dn >> 4);
    pro &= pro >> 4;
    dn |= pro & (dn >> 8);
    pro &= pro >> 8;
    dn |= pro & (dn >> 16);
    pro &= pro >> 16;
    dn |= pro & (dn >> 32);
    return up | dn;
}

static uint64_t spread(uint64_t v, int m)
{
    uint64_t out = v;
    int i;
    for (i = 1; i <= m; i++)
        out |= v << i | v >> i;
    return out;
}

/* Set bits of v, by halves (SWAR): the baseline x86-64 has no popcount
 * instruction, and __builtin_popcountll became a libgcc call a word. */
static int ones(uint64_t v)
{
    v -= (v >> 1) & 0x5555555555555555u;
    v = (v & 0x3333333333333333u) + ((v >> 2) & 0x3333333333333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)((v * 0x0101010101010101u) >> 56);
}

/* The hazard wreath: plain floor inside the border, no placed template's,
 * within lq's disc (r*r + 1) of the lake; counted as flooded floor. */
static void rows_wreath(lake_test *lt, int n)
{
    rf_brogue *d = lt->d;
    lake_rows *lr = lt->rows;
    int r = lt->lq->radius, y, j, m;
    int lo = 1 - lt->x0, hi = d->w - 2 - lt->x0; /* the columns inside the border */
    uint64_t inside = 0;
    for (j = lo < 0 ? 0 : lo; j <= hi && j < n; j++)
        inside |= (uint64_t)1 << j;
    for (y = lt->y0; y < lt->y1; y++)
        lr->open[y] = 0; /* the wreath, a row */
    for (y = lt->py; y < lt->py + lt->b->h; y++)
        for (j = -r; j <= r; j++) {
            for (m = 0; (m + 1) * (m + 1) + j * j <= r * r + 1; m++)
                ;
            if (y + j >= 1 && y + j <= d->h - 2)
                lr->open[y + j] |= spread(lr->lake[y], m);
        }
    for (y = lt->y0; y < lt->y1; y++) {
        uint64_t wr = lr->open[y] & inside & ~lr->lake[y] & window(lr, lr->floor, y, lt->x0, n) &
                      ~window(lr, lr->prot, y, lt->x0, n);
        lt->floors += ones(wr);
        lr->lake[y] |= wr;
    }
}

/* mark_lake on the rows: false when the lake drowns a placed template's
 * cell or no floor. */
static bool rows_lake(lake_test *lt, int n)
{
    lake_rows *lr = lt->rows;
    int y, sh = lt->px - lt->x0;
    for (y = lt->y0; y < lt->y1; y++)
        lr->lake[y] = lr->reach[y] = 0;
    for (y = 0; y < lt->b->h; y++) {
        int ly = lt->py + y;
        uint64_t l = lr->blob[y] << sh;
        if (l & window(lr, lr->prot, ly, lt->x0, n))
            return false; /* a lake never drowns a placed template */
        lr->lake[ly] = l;
        lt->floors += ones(l & window(lr, lr->floor, ly, lt->x0, n));
    }
    if (lt->floors != 0 && rf_tile_is_hazard(lt->lq->wreath) && lt->lq->radius > 0)
        rows_wreath(lt, n);
    return lt->floors != 0;
}

/* Grows row y of the walk from its neighbours' rows; true when it grew. */
static bool walk_row(lake_test *lt, int y)
{
    lake_rows *lr = lt->rows;
    uint64_t side = (y > lt->y0 ? lr->reach[y - 1] : 0) | (y + 1 < lt->y1 ? lr->reach[y + 1] : 0);
    uint64_t n = side & lr->open[y] & ~lr->reach[y];
    if (!n)
        return false;
    lr->reach[y] = row_fill(lr->reach[y] | n, lr->open[y]);
    return true;
}

/* The walk from one rim tile, a row at a time, down and up until nothing
 * grows; true when it reaches the whole rim. */
static bool rows_walk(lake_test *lt, int ys, uint64_t seed)
{
    lake_rows *lr = lt->rows;
    int y;
    bool grew = true;
    lr->reach[ys] = row_fill(seed, lr->open[ys]);
    while (grew) {
        grew = false;
        for (y = lt->y0; y < lt->y1; y++)
            grew |= walk_row(lt, y);
        for (y = lt->y1 - 1; y >= lt->y0; y--)
            grew |= walk_row(lt, y);
    }
    for (y = lt->y0; y < lt->y1; y++)
        if (lr->rim[y] & ~lr->reach[y])
            return false;
    return true;
}

/* lake_fits on the rows: the lake, its rim (the route tiles beside it), the
 * walk round it and the count of route tiles it leaves, as the stamps do. */
static bool rows_fit(lake_test *lt)
{
    lake_rows *lr = lt->rows;
    int y, n = lt->x1 - lt->x0, ys = -1, total = 0;
    uint64_t seed = 0;
    if (!rows_lake(lt, n))
        return false;
    for (y = lt->y0; y < lt->y1; y++)
        lr->open[y] = window(lr, lr->route, y, lt->x0, n) & ~lr->lake[y];
    for (y = lt->y0; y < lt->y1; y++) {
        uint64_t l = lr->lake[y], near = l << 1 | l >> 1;
        near |= (y > lt->y0 ? lr->lake[y - 1] : 0) | (y + 1 < lt->y1 ? lr->lake[y + 1] : 0);
        lr->rim[y] = near & lr->open[y];
        if (ys < 0 && lr->rim[y]) {
            ys = y;
            seed = lr->rim[y] & -lr->rim[y];
        }
        total += ones(lr->open[y]);
    }
    return ys >= 0 && rows_walk(lt, ys, seed) && total >= lt->floors;
}

/* The blob's rows as words, for the rows test of every try of a lake. */
static void blob_rows(rf_brogue *d, lake_rows *lr, int bw, const rf_blob *b)
{
    int x, y;
    for (y = 0; y < b->h && b->w <= 64; y++) {
        lr->blob[y] = 0;
        for (x = 0; x < b->w; x++)
            lr->blob[y] |= (uint64_t)RF_CA_AT(d, bw, b->x + x, b->y + y) << x;
    }
}

/* Tile c becomes t, its bits in the level's rows with it (a lake writes
 * neither a template's cell nor any protected one: prot stays). */
static void set_tile(rf_brogue *d, lake_rows *lr, int c, uint8_t t)
{
    int x = c % d->w, y = c / d->w;
    size_t at = (size_t)y * (size_t)lr->nwords + (size_t)(x >> 6);
    uint64_t bit = (uint64_t)1 << (x & 63);
    d->g->t[c] = t;
    lr->route[at] = (lr->route[at] & ~bit) | (d->route[t] ? bit : 0);
    lr->floor[at] = (lr->floor[at] & ~bit) | (t == RF_TILE_FLOOR ? bit : 0);
}

typedef struct lake_fill {
    const liquid *lq;
    lake_rows *lr;
} lake_fill;

static void set_wreath(rf_brogue *d, int c, void *ud)
{
    const lake_fill *f = ud;
    set_tile(d, f->lr, c, (uint8_t)f->lq->wreath);
}

static void fill_lake(rf_brogue *d, lake_rows *lr, int bw, const rf_blob *b, int px, int py,
                      const liquid *lq)
{
    lake_fill f = {lq, lr};
    int x, y;
    for (y = 0; y < b->h; y++)
        for (x = 0; x < b->w; x++)
            if (RF_CA_AT(d, bw, b->x + x, b->y + y)) {
                int c = (py + y) * d->w + px + x;
                set_tile(d, lr, c, (uint8_t)lq->deep);
                d->g->room[c] = 0;
            }
    each_wreath(d, bw, b, px, py, lq, set_wreath, &f);
}

bool rf_lakes_add(rf_brogue *d)
{
    const rf_brogue_params *p = d->p;
    lake_rows lr;
    size_t h = (size_t)d->h, nw = (size_t)(d->w + 63) / 64;
    int i, k, y;
    lr.nwords = (int)nw;
    lr.route = rf_alloc(3 * h * nw * sizeof *lr.route);
    lr.lake = rf_alloc(5 * h * sizeof *lr.lake);
    if (!lr.route || !lr.lake) {
        rf_free(lr.route);
        rf_free(lr.lake);
        return false;
    }
    lr.floor = lr.route + h * nw;
    lr.prot = lr.floor + h * nw;
    lr.open = lr.lake + h;
    lr.rim = lr.open + h;
    lr.reach = lr.rim + h;
    lr.blob = lr.reach + h;
    for (y = 0; y < d->h; y++)
        level_row(d, &lr, y);
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
        blob_rows(d, &lr, mw, &b);
        for (k = 0; k < p->lake_tries; k++) {
            int px = rf_rng_range_lemire(d->rng, 1, d->w - 1 - b.w);
            int py = rf_rng_range_lemire(d->rng, 1, d->h - 1 - b.h);
            if (lake_fits(d, &lr, mw, &b, px, py, lq)) {
                fill_lake(d, &lr, mw, &b, px, py, lq); /* the rows follow its tiles */
                d->info->lakes++;
                break;
            }
        }
    }
    rf_free(lr.route);
    rf_free(lr.lake);
    return true;
}
