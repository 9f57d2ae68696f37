/* engine/src/grid/grid_rows.c: a grid's rows as words of bits, and the
 * diagonal openings found on them.
 *
 * Pipeline: grid; the Brogue dig's passes (diagonals, walls) and the
 * placer's diagonal rule read tiles 64 at a time through these.
 * Design: bit x of word x / 64 is column x; bits past the row are 0.
 */
#include "grid/seam.h"

void rf_grid_solid_row(const rf_grid *g, int y, uint64_t *out)
{
    const uint8_t *t = g->t + (size_t)y * (size_t)g->w;
    int x, k, nw = RF_GRID_ROW_WORDS(g->w);
    for (k = 0; k < nw; k++)
        out[k] = 0;
    for (x = 0; x < g->w; x++)
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
