/* engine/src/grid/grid_rows.c: a grid's rows as words of bits, and the
 * diagonal openings found on them.
 *
 * Pipeline: grid; the Brogue dig's passes (diagonals, walls) and the
 * placer's diagonal rule read tiles 64 at a time through these.
 * Design: bit x of word x / 64 is column x; bits past the row are 0.
 */
#include <string.h>

#include "grid/seam.h"

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SOLID8 1
_Static_assert(RF_TILE_ROCK == 0 && RF_TILE_WALL == 1, "solid8 reads solid as a byte below 2");

/* Bit i of the result: byte i of v (little-endian, column x + i) is rock
 * or wall, tiles 0 and 1, so the byte with its low bit cleared is zero. */
static inline unsigned solid8(uint64_t v)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu;
    uint64_t x = v & 0xfefefefefefefefeu;
    uint64_t zero = ~(((x & low7) + low7) | x) & ~low7; /* high bit of each zero byte */
    return (unsigned)(((zero >> 7) * 0x0102040810204080u) >> 56);
}
#endif

void rf_grid_solid_row(const rf_grid *g, int y, uint64_t *out)
{
    const uint8_t *t = g->t + (size_t)y * (size_t)g->w;
    int x, k, nw = RF_GRID_ROW_WORDS(g->w);
    for (k = 0; k < nw; k++)
        out[k] = 0;
    x = 0;
#ifdef SOLID8
    for (; x + 8 <= g->w; x += 8) { /* eight tiles a step */
        uint64_t v;
        memcpy(&v, t + x, sizeof v);
        out[x >> 6] |= (uint64_t)solid8(v) << (x & 63);
    }
#endif
    for (; x < g->w; x++)
        out[x >> 6] |= (uint64_t)rf_grid_is_solid(t[x]) << (x & 63);
}

void rf_grid_diagonal_blocks(const uint64_t *s0, const uint64_t *s1, int w, int from,
                             uint64_t *out)
{
    int nw = RF_GRID_ROW_WORDS(w), k;
    for (k = 0; k < nw; k++) {
        uint64_t a = s0[k], c = s1[k];
        uint64_t b = a >> 1 | (k + 1 < nw ? s0[k + 1] << 63 : 0);
        uint64_t e = c >> 1 | (k + 1 < nw ? s1[k + 1] << 63 : 0);
        int lo = from - k * 64, hi = w - 1 - k * 64; /* blocks from..w-2 */
        uint64_t keep = hi >= 64 ? ~(uint64_t)0 : hi <= 0 ? 0 : ((uint64_t)1 << hi) - 1;
        if (lo >= 64)
            keep = 0;
        else if (lo > 0)
            keep &= ~(((uint64_t)1 << lo) - 1);
        out[k] = (a ^ b) & (a ^ c) & ~(a ^ e) & ~(b ^ c) & keep;
    }
}
