/* engine/src/dig/brogue/cave.c: cellular-automaton blobs (caves and lakes)
 * and the cave first room.
 *
 * Pipeline: dig (first room; lakes.c reuses the blob maker).
 * Design: generations on row words (64 tiles a word operation), the blobs
 * labelled as runs of those words (union-find over the runs of adjacent
 * rows), and only the kept blob written to the zero-padded byte buffer; no
 * allocation.
 * Seeds: shared/seeds/brogue-level-generation.txt (Lakes, Cave Levels).
 */
#include <string.h>

#include "brogue_int.h"

/* The automaton runs on row words (d->ca_w, two buffers of bh + 2 rows of
 * nw words, zero rows above and below): bit x of a row is column x, so a
 * generation adds up the eight neighbours of 64 tiles at once. */
static int ca_words(int bw) { return (bw + 63) / 64; }

static void ca_seed(rf_brogue *d, int bw, int bh, int alive)
{
    int nw = ca_words(bw), x, y;
    /* alive% of 2^32: one draw a tile, no division (within 2^-32 of alive%) */
    uint32_t below = (uint32_t)(((uint64_t)alive << 32) / 100u);
    rf_rng r = *d->rng; /* the stream in a local: the row stores cannot alias it */
    memset(d->ca_w, 0, 2 * ((size_t)bh + 2) * (size_t)nw * sizeof *d->ca_w);
    for (y = 0; y < bh; y++) {
        uint64_t *row = &d->ca_w[((size_t)y + 1) * (size_t)nw], word = 0;
        for (x = 0; x < bw; x++) {
            word |= (uint64_t)(alive >= 100 || rf_rng_next(&r) < below) << (x & 63);
            if ((x & 63) == 63 || x == bw - 1) {
                row[x >> 6] = word;
                word = 0;
            }
        }
    }
    *d->rng = r;
}

/* The row's tiles moved one column right (each bit sees its west
 * neighbour) and one column left (its east neighbour). */
static uint64_t from_west(const uint64_t *r, int i) { return r[i] << 1 | (i > 0 ? r[i - 1] >> 63 : 0); }
static uint64_t from_east(const uint64_t *r, int i, int nw)
{
    return r[i] >> 1 | (i + 1 < nw ? r[i + 1] << 63 : 0);
}

/* The counts a rule acts on: for each count n of live neighbours (0-8)
 * that lets a tile live, whether it needs the tile alive (survive), dead
 * (birth) or either; counts that kill both are left out. */
typedef struct ca_rule {
    int n;
    int count[9];
    uint64_t alive[9], dead[9]; /* ~0 when the count keeps (makes) that tile */
    int keep_from, make_from;   /* survive = counts >= keep_from, birth = >= make_from; -1: not so */
} ca_rule;

/* k when mask holds exactly the counts k..8 (9: none), else -1. */
static int threshold_of(unsigned mask)
{
    int k = 0;
    while (k <= 8 && !((mask >> k) & 1u))
        k++;
    return (mask & 0x1ffu) == (0x1ffu & ~((1u << k) - 1u)) && !(mask >> 9) ? k : -1;
}

/* The tiles whose neighbour count (bit planes b[0..3], 0-8) is at least k. */
static inline uint64_t at_least(const uint64_t b[4], int k)
{
    switch (k) {
    case 0: return ~(uint64_t)0;
    case 1: return b[0] | b[1] | b[2] | b[3];
    case 2: return b[1] | b[2] | b[3];
    case 3: return (b[0] & b[1]) | b[2] | b[3];
    case 4: return b[2] | b[3];
    case 5: return b[3] | (b[2] & (b[1] | b[0]));
    case 6: return b[3] | (b[2] & b[1]);
    case 7: return b[3] | (b[2] & b[1] & b[0]);
    case 8: return b[3];
    default: return 0;
    }
}

static ca_rule rule_of(unsigned birth, unsigned survive)
{
    ca_rule r;
    int n;
    r.keep_from = threshold_of(survive);
    r.make_from = threshold_of(birth);
    r.n = 0;
    for (n = 0; n <= 8; n++)
        if (((survive | birth) >> n) & 1u) {
            r.count[r.n] = n;
            r.alive[r.n] = (survive >> n) & 1u ? ~(uint64_t)0 : 0;
            r.dead[r.n] = (birth >> n) & 1u ? ~(uint64_t)0 : 0;
            r.n++;
        }
    return r;
}

/* One generation of 64 tiles: the neighbour counts as four bit planes
 * (full adders), then the rule: a tile lives when its count keeps it
 * (alive) or makes it (dead). */
static uint64_t ca_word(const uint64_t *up, const uint64_t *mid, const uint64_t *dn, int i, int nw,
                        const ca_rule *r)
{
    uint64_t a = up[i], b = from_west(up, i), c = from_east(up, i, nw);
    uint64_t e = from_west(mid, i), f = from_east(mid, i, nw);
    uint64_t g = dn[i], h = from_west(dn, i), k = from_east(dn, i, nw), m = mid[i], out = 0;
    uint64_t s1 = a ^ b ^ c, c1 = (a & b) | (c & (a ^ b));
    uint64_t s2 = e ^ f ^ g, c2 = (e & f) | (g & (e ^ f));
    uint64_t s3 = h ^ k, c3 = h & k;
    uint64_t b0 = s1 ^ s2 ^ s3, k1 = (s1 & s2) | (s3 & (s1 ^ s2));
    uint64_t t0 = c1 ^ c2 ^ c3, t1 = (c1 & c2) | (c3 & (c1 ^ c2));
    uint64_t b1 = t0 ^ k1, t2 = t0 & k1, b2 = t1 ^ t2, b3 = t1 & t2;
    int j;
    if (r->keep_from >= 0 && r->make_from >= 0) { /* the seed's rules: two comparisons */
        const uint64_t planes[4] = {b0, b1, b2, b3};
        return (m & at_least(planes, r->keep_from)) | (~m & at_least(planes, r->make_from));
    }
    for (j = 0; j < r->n; j++) {
        int n = r->count[j];
        out |= ((m & r->alive[j]) | (~m & r->dead[j])) & (n & 1 ? b0 : ~b0) &
               (n & 2 ? b1 : ~b1) & (n & 4 ? b2 : ~b2) & (n & 8 ? b3 : ~b3);
    }
    return out;
}

static void ca_step(rf_brogue *d, int bw, int bh, int gen, const ca_rule *r)
{
    int nw = ca_words(bw), y, i;
    size_t half = ((size_t)bh + 2) * (size_t)nw;
    const uint64_t *from = d->ca_w + (gen & 1 ? half : 0);
    uint64_t *to = d->ca_w + (gen & 1 ? 0 : half);
    uint64_t last = bw % 64 ? ((uint64_t)1 << (bw % 64)) - 1 : ~(uint64_t)0;
    for (y = 1; y <= bh; y++) {
        const uint64_t *up = from + ((size_t)y - 1) * (size_t)nw;
        for (i = 0; i < nw; i++)
            to[(size_t)y * (size_t)nw + (size_t)i] =
                ca_word(up, up + nw, up + 2 * nw, i, nw, r) & (i == nw - 1 ? last : ~(uint64_t)0);
    }
}

/* The first tile at or after x whose bit is 1 (flip 0) or 0 (flip ~0), or
 * nw * 64. */
static int next_bit(const uint64_t *row, int nw, int x, uint64_t flip)
{
    int i = x >> 6;
    uint64_t v;
    if (i >= nw)
        return nw * 64;
    v = (row[i] ^ flip) & (~(uint64_t)0 << (x & 63));
    while (!v) {
        if (++i >= nw)
            return nw * 64;
        v = row[i] ^ flip;
    }
    return i * 64 + __builtin_ctzll(v);
}

/* The run set's root (a blob's first run in reading order: unions keep
 * the lower index). */
static int run_root(rf_ca_run *r, int i)
{
    while (r[i].up != i) {
        r[i].up = r[r[i].up].up;
        i = r[i].up;
    }
    return i;
}

static void run_join(rf_ca_run *r, int a, int b)
{
    a = run_root(r, a);
    b = run_root(r, b);
    if (a < b)
        r[b].up = a;
    else if (b < a)
        r[a].up = b;
}

/* The last generation's blobs (4-connected) as runs of live tiles joined
 * across rows; returns the best blob within max (the largest, the first in
 * reading order among equals), its root run in *best_root (-1: none). The
 * runs stay in d->runs for keep_blob. */
static rf_blob ca_best(rf_brogue *d, int bw, int bh, int gens, int max_w, int max_h, int *best_root)
{
    int nw = ca_words(bw), y, nr = 0, prev = 0, i;
    const uint64_t *w = d->ca_w + (gens & 1 ? ((size_t)bh + 2) * (size_t)nw : 0);
    rf_ca_run *r = d->runs;
    rf_blob best = {0, 0, 0, 0, 0};
    for (y = 0; y < bh; y++) {
        const uint64_t *row = &w[((size_t)y + 1) * (size_t)nw];
        int x = 0, cur = nr, a, b;
        while ((x = next_bit(row, nw, x, 0)) < bw) {
            int e = next_bit(row, nw, x, ~(uint64_t)0);
            r[nr] = (rf_ca_run){y, x, e < bw ? e : bw, nr, 0, 0, 0, 0};
            nr++;
            x = e;
        }
        /* runs of the row above that share a column join */
        for (a = prev, b = cur; a < cur && b < nr;) {
            if (r[a].x0 < r[b].x1 && r[b].x0 < r[a].x1)
                run_join(r, a, b);
            if (r[a].x1 < r[b].x1)
                a++;
            else
                b++;
        }
        prev = cur;
    }
    d->nruns = nr;
    *best_root = -1;
    for (i = 0; i < nr; i++) { /* a root comes before its other runs */
        int k = run_root(r, i);
        rf_ca_run *t = &r[k];
        if (k == i) {
            t->minx = r[i].x0;
            t->maxx = r[i].x1 - 1;
            t->maxy = r[i].y;
            t->cells = 0;
        }
        t->minx = r[i].x0 < t->minx ? r[i].x0 : t->minx;
        t->maxx = r[i].x1 - 1 > t->maxx ? r[i].x1 - 1 : t->maxx;
        t->maxy = r[i].y;
        t->cells += r[i].x1 - r[i].x0;
    }
    for (i = 0; i < nr; i++) { /* roots in reading order of their first tile */
        const rf_ca_run *t = &r[i];
        if (t->up != i)
            continue;
        if (t->maxx - t->minx + 1 <= max_w && t->maxy - t->y + 1 <= max_h && t->cells > best.cells) {
            best = (rf_blob){t->minx, t->y, t->maxx - t->minx + 1, t->maxy - t->y + 1, t->cells};
            *best_root = i;
        }
    }
    return best;
}

/* ca_a's bytes: 1 on the runs of blob `root` (none when -1), 0 elsewhere. */
static void keep_blob(rf_brogue *d, int bw, int bh, int root)
{
    size_t stride = (size_t)bw + 2;
    int i;
    memset(d->ca_a, 0, stride * ((size_t)bh + 2));
    if (root < 0)
        return;
    for (i = root; i < d->nruns; i++)
        if (run_root(d->runs, i) == root)
            memset(&d->ca_a[((size_t)d->runs[i].y + 1) * stride + (size_t)d->runs[i].x0 + 1], 1,
                   (size_t)(d->runs[i].x1 - d->runs[i].x0));
}

void rf_cave_blob(rf_brogue *d, int bw, int bh, unsigned birth, unsigned survive, int alive,
                  int gens, int min_w, int min_h, int max_w, int max_h, int restarts,
                  rf_blob *out)
{
    int r, g, root = -1;
    rf_blob b = {0, 0, 0, 0, 0};
    ca_rule rule = rule_of(birth, survive);
    for (r = 0; r <= restarts; r++) {
        ca_seed(d, bw, bh, alive);
        for (g = 0; g < gens; g++)
            ca_step(d, bw, bh, g, &rule);
        b = ca_best(d, bw, bh, gens, max_w, max_h, &root);
        if (b.w >= min_w && b.h >= min_h)
            break;
    }
    /* after the last restart the best blob is kept, whatever its size */
    keep_blob(d, bw, bh, root);
    *out = b;
}

#define CAVE_RESTARTS 40 /* the seed restarts forever; we stop and keep the best */
#define CAVE_MIN_RESTARTS 2
#define CAVE_REF_AREA (77L * 27L) /* the automaton's area on the seed's 79x29 level */

int rf_cave_restarts(int bw, int bh)
{
    /* The automaton's blobs stop growing with the level long before 1000x1000
     * (a 55%-seeded B678/S45678 field does not percolate), so the scaled
     * minimum is out of reach there and every restart would run: the
     * restarts share the work of 40 on the seed's level, at least 2, which
     * keeps a cave level's cost linear in area. */
    long area = (long)bw * (long)bh, n;
    if (area <= CAVE_REF_AREA)
        return CAVE_RESTARTS;
    n = CAVE_RESTARTS * CAVE_REF_AREA / area;
    return n < CAVE_MIN_RESTARTS ? CAVE_MIN_RESTARTS : (int)n;
}

bool rf_cave_first_room(rf_brogue *d)
{
    int bw = d->w - 2, bh = d->h - 2, px, py, x, y, id;
    rf_blob b;
    rf_cave_blob(d, bw, bh, RF_CAVE_BIRTH, RF_CAVE_SURVIVE, RF_CA_ALIVE, RF_CA_GENS,
                 d->p->cave_min_w, d->p->cave_min_h, bw, bh, rf_cave_restarts(bw, bh), &b);
    if (b.cells == 0) { /* no blob at all: a rectangle stands in */
        b = (rf_blob){0, 0, bw < 10 ? bw : 10, bh < 4 ? bh : 4, 1};
        for (y = 0; y < b.h; y++)
            for (x = 0; x < b.w; x++)
                RF_CA_AT(d, bw, x, y) = 1;
    }
    px = rf_rng_range_lemire(d->rng, 1, d->w - 1 - b.w);
    py = rf_rng_range_lemire(d->rng, 1, d->h - 1 - b.h);
    id = rf_brogue_add_room(d, RF_ROOM_CAVE, px - 1, py - 1, b.w + 2, b.h + 2);
    if (!id)
        return false;
    /* a box reserved for a forced room (protected before the dig) cuts the
     * cave: its pieces grow rooms like the rest, the placer joins them */
    for (y = 0; y < b.h; y++)
        for (x = 0; x < b.w; x++)
            if (RF_CA_AT(d, bw, b.x + x, b.y + y) &&
                !(d->protect && d->protect[(py + y) * d->w + px + x] == RF_PROTECT_CELL))
                rf_brogue_floor(d, (py + y) * d->w + px + x, id);
    for (y = 0; y < b.h; y++)
        for (x = 0; x < b.w; x++)
            if (RF_CA_AT(d, bw, b.x + x, b.y + y) &&
                d->g->t[(py + y) * d->w + px + x] == RF_TILE_FLOOR &&
                !rf_brogue_add_sites(d, (py + y) * d->w + px + x))
                return false;
    return true;
}
