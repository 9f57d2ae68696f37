/* engine/src/dig/brogue/cave.c: cellular-automaton blobs (caves and lakes)
 * and the cave first room.
 *
 * Pipeline: dig (first room; lakes.c reuses the blob maker).
 * Design: generations on row words (64 tiles a word operation), then a
 * zero-padded byte buffer and one labelling flood fill; no allocation.
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
    memset(d->ca_w, 0, 2 * ((size_t)bh + 2) * (size_t)nw * sizeof *d->ca_w);
    for (y = 0; y < bh; y++) {
        uint64_t *row = &d->ca_w[((size_t)y + 1) * (size_t)nw];
        for (x = 0; x < bw; x++)
            if (alive >= 100 || rf_rng_next(d->rng) < below)
                row[x >> 6] |= (uint64_t)1 << (x & 63);
    }
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
} ca_rule;

static ca_rule rule_of(unsigned birth, unsigned survive)
{
    ca_rule r;
    int n;
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

/* The last generation (in buffer gens & 1) into ca_a's bytes, the border 0. */
static void ca_unpack(rf_brogue *d, int bw, int bh, int gens)
{
    size_t stride = (size_t)bw + 2;
    int nw = ca_words(bw), x, y;
    const uint64_t *w = d->ca_w + (gens & 1 ? ((size_t)bh + 2) * (size_t)nw : 0);
    memset(d->ca_a, 0, stride * ((size_t)bh + 2));
    for (y = 1; y <= bh; y++) {
        const uint64_t *row = &w[(size_t)y * (size_t)nw];
        uint8_t *out = &d->ca_a[(size_t)y * stride + 1];
        for (x = 0; x < bw; x++)
            out[x] = (uint8_t)(row[x >> 6] >> (x & 63) & 1u);
    }
}

/* Labels 4-connected blobs of ca_a; returns the best one within max. */
static rf_blob ca_best(rf_brogue *d, int bw, int bh, int max_w, int max_h, int *best_label)
{
    size_t stride = (size_t)bw + 2, total = stride * ((size_t)bh + 2);
    /* in rf_dir order: up, right, down, left */
    const long offs[4] = {-(long)stride, 1, (long)stride, -1};
    rf_blob best = {0, 0, 0, 0, 0};
    int label = 0;
    size_t i;
    memset(d->label, 0, total * sizeof *d->label);
    *best_label = 0;
    for (i = stride; i < total - stride; i++) {
        int head = 0, tail = 0, minx, maxx, miny, maxy, k;
        if (!d->ca_a[i] || d->label[i])
            continue;
        label++;
        d->label[i] = label;
        minx = maxx = (int)(i % stride);
        miny = maxy = (int)(i / stride);
        /* queue entries pack y << 16 | x (sides < 65536): no division per tile */
        d->queue[tail++] = miny << 16 | minx;
        while (head < tail) {
            int e = d->queue[head++], cx = e & 0xffff, cy = e >> 16;
            long c = (long)cy * (long)stride + cx;
            minx = cx < minx ? cx : minx;
            maxx = cx > maxx ? cx : maxx;
            miny = cy < miny ? cy : miny;
            maxy = cy > maxy ? cy : maxy;
            for (k = 0; k < 4; k++) {
                long n = c + offs[k];
                if (d->ca_a[n] && !d->label[n]) {
                    d->label[n] = label;
                    d->queue[tail++] = (cy + RF_DIR_DY(k)) << 16 | (cx + RF_DIR_DX(k));
                }
            }
        }
        if (maxx - minx + 1 <= max_w && maxy - miny + 1 <= max_h && tail > best.cells) {
            best = (rf_blob){minx - 1, miny - 1, maxx - minx + 1, maxy - miny + 1, tail};
            *best_label = label;
        }
    }
    return best;
}

static void keep_label(rf_brogue *d, int bw, int bh, int keep)
{
    size_t total = ((size_t)bw + 2) * ((size_t)bh + 2), i;
    for (i = 0; i < total; i++)
        d->ca_a[i] = keep && d->label[i] == keep;
}

void rf_cave_blob(rf_brogue *d, int bw, int bh, unsigned birth, unsigned survive, int alive,
                  int gens, int min_w, int min_h, int max_w, int max_h, int restarts,
                  rf_blob *out)
{
    int r, g, label = 0;
    rf_blob b = {0, 0, 0, 0, 0};
    ca_rule rule = rule_of(birth, survive);
    for (r = 0; r <= restarts; r++) {
        ca_seed(d, bw, bh, alive);
        for (g = 0; g < gens; g++)
            ca_step(d, bw, bh, g, &rule);
        ca_unpack(d, bw, bh, gens);
        b = ca_best(d, bw, bh, max_w, max_h, &label);
        if (b.w >= min_w && b.h >= min_h)
            break;
    }
    /* after the last restart the best blob is kept, whatever its size */
    keep_label(d, bw, bh, label);
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
