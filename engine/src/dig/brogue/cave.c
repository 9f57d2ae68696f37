/* engine/src/dig/brogue/cave.c: cellular-automaton blobs (caves and lakes)
 * and the cave first room.
 *
 * Pipeline: dig (first room; lakes.c reuses the blob maker).
 * Design: a zero-padded buffer and one labelling flood fill: O(area) per
 * generation, no allocation.
 * Seeds: shared/seeds/brogue-level-generation.txt (Lakes, Cave Levels).
 */
#include <string.h>

#include "brogue_int.h"

static void ca_seed(rf_brogue *d, int bw, int bh, int alive)
{
    size_t stride = (size_t)bw + 2;
    /* alive% of 2^32: one draw a tile, no division (within 2^-32 of alive%) */
    uint32_t below = (uint32_t)(((uint64_t)alive << 32) / 100u);
    int x, y;
    memset(d->ca_a, 0, stride * ((size_t)bh + 2));
    memset(d->ca_b, 0, stride * ((size_t)bh + 2));
    for (y = 0; y < bh; y++) {
        uint8_t *row = &d->ca_a[((size_t)y + 1) * stride + 1];
        for (x = 0; x < bw; x++)
            row[x] = alive >= 100 || rf_rng_next(d->rng) < below ? 1 : 0;
    }
}

static void ca_step(rf_brogue *d, int bw, int bh, unsigned birth, unsigned survive)
{
    size_t stride = (size_t)bw + 2;
    int x, y;
    uint8_t *tmp;
    for (y = 1; y <= bh; y++) {
        const uint8_t *up = &d->ca_a[((size_t)y - 1) * stride];
        const uint8_t *mid = up + stride, *dn = mid + stride;
        uint8_t *out = &d->ca_b[(size_t)y * stride];
        for (x = 1; x <= bw; x++) {
            unsigned n = (unsigned)up[x - 1] + up[x] + up[x + 1] + mid[x - 1] + mid[x + 1] +
                         dn[x - 1] + dn[x] + dn[x + 1];
            out[x] = (uint8_t)(((mid[x] ? survive : birth) >> n) & 1u);
        }
    }
    tmp = d->ca_a;
    d->ca_a = d->ca_b;
    d->ca_b = tmp;
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
    for (r = 0; r <= restarts; r++) {
        ca_seed(d, bw, bh, alive);
        for (g = 0; g < gens; g++)
            ca_step(d, bw, bh, birth, survive);
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
