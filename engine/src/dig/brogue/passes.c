/* engine/src/dig/brogue/passes.c: the terrain passes after digging: diagonal
 * openings, walls between lakes, and the final wall/rock split.
 *
 * Pipeline: dig, Brogue post-passes in the seed's order (brogue.c).
 * Design: raster scans; the diagonal pass rescans until nothing changes.
 * Seeds: shared/seeds/brogue-level-generation.txt (diagonals, lakes, walls).
 */
#include "brogue_int.h"


/* The tile an opened wall at c becomes. It always has open 4-neighbours
 * (the two open corners of its block). With a route one (walkable, no
 * hazard) it becomes floor (shallow water next to shallow water, a chasm's
 * edge next to a chasm: a diagonal opening is never a level's only way, so
 * that hazard cuts nothing); with only liquids and hazards around it becomes
 * the first of them, as the seed says, so no floor is left stranded in a lake. */
static uint8_t opened_tile(const rf_brogue *d, int c)
{
    const uint8_t *t = d->g->t;
    uint8_t liquid = RF_TILE_FLOOR;
    bool walkable = false, shallow = false, chasm = false;
    int k;
    for (k = 0; k < 9; k++) /* the 8 neighbours (a chasm's edge is a disc) */
        chasm = chasm || t[c + (k / 3 - 1) * d->w + k % 3 - 1] == RF_TILE_CHASM;
    for (k = 0; k < RF_DIR_COUNT; k++) {
        uint8_t n = t[c + RF_DIR_DY(k) * d->w + RF_DIR_DX(k)];
        if (d->route[n]) {
            walkable = true;
            shallow = shallow || n == RF_TILE_SHALLOW_WATER;
        } else if (!rf_grid_is_solid(n) && liquid == RF_TILE_FLOOR) {
            liquid = n;
        }
    }
    if (walkable && shallow)
        return RF_TILE_SHALLOW_WATER;
    if (walkable)
        return chasm ? RF_TILE_CHASM_EDGE : RF_TILE_FLOOR;
    return liquid;
}

/* Brogue's diagonal openings, block by block in reading order until a scan
 * opens none. A row's blocks are found on its solid words; opening a tile
 * changes the words and the rest of the row is found again. */
void rf_pass_diagonals(rf_brogue *d)
{
    uint64_t rows[2][RF_GRID_MAX_ROW_WORDS], blocks[RF_GRID_MAX_ROW_WORDS];
    int w = d->w, h = d->h, nw = (w + 63) / 64, y, k;
    uint8_t *t = d->g->t;
    bool changed = true;
    while (changed) {
        changed = false;
        if (h > 1)
            rf_grid_solid_row(d->g, 0, rows[0]);
        for (y = 0; y < h - 1; y++) {
            uint64_t *s0 = rows[y & 1], *s1 = rows[(y + 1) & 1];
            rf_grid_solid_row(d->g, y + 1, s1);
            rf_grid_diagonal_blocks(s0, s1, w, 0, blocks);
            for (k = 0; k < nw; k++)
                while (blocks[k]) {
                    int x = k * 64 + __builtin_ctzll(blocks[k]), c = y * w + x, open;
                    bool s00 = rf_grid_is_solid(t[c]);
                    blocks[k] &= blocks[k] - 1;
                    /* one pair of opposite corners solid, the other open: open
                     * one of the two solid tiles, chosen at random */
                    if (s00)
                        open = rf_rng_below_lemire(d->rng, 2) ? c : c + w + 1;
                    else
                        open = rf_rng_below_lemire(d->rng, 2) ? c + 1 : c + w;
                    /* a placed template's cells stay as drawn: open the other
                     * tile, or leave a diagonal the template itself has */
                    if (rf_brogue_protected(d, open)) {
                        int other = s00 ? (open == c ? c + w + 1 : c) : (open == c + 1 ? c + w : c + 1);
                        if (rf_brogue_protected(d, other))
                            continue;
                        open = other;
                    }
                    t[open] = opened_tile(d, open);
                    if (open % w > 0 && open % w < w - 1 && open / w > 0 && open / w < h - 1) {
                        int n;
                        static const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
                        static const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
                        for (n = 0; n < 8; n++) {
                            int nc = open + dy[n] * w + dx[n];
                            if (t[nc] == RF_TILE_ROCK)
                                t[nc] = RF_TILE_WALL;
                        }
                    }
                    changed = true;
                    /* the opened tile is no longer solid (rock turned wall
                     * is): the row's later blocks are found again */
                    (open / w == y ? s0 : s1)[(open % w) >> 6] &= ~((uint64_t)1 << (open % w & 63));
                    rf_grid_diagonal_blocks(s0, s1, w, x + 1, blocks);
                }
        }
    }
}

static bool is_deep(uint8_t t)
{
    return t == RF_TILE_DEEP_WATER || t == RF_TILE_LAVA || t == RF_TILE_CHASM ||
           t == RF_TILE_BRIMSTONE;
}

void rf_pass_lake_walls(rf_brogue *d)
{
    int w = d->w, h = d->h, x, y;
    uint8_t *t = d->g->t;
    for (y = 1; y < h - 1; y++)
        for (x = 1; x < w - 1; x++) {
            int c = y * w + x;
            if (t[c] != RF_TILE_WALL || rf_brogue_protected(d, c))
                continue;
            if (is_deep(t[c - 1]) && t[c - 1] == t[c + 1])
                t[c] = t[c - 1];
            else if (is_deep(t[c - w]) && t[c - w] == t[c + w])
                t[c] = t[c - w];
        }
}

/* A solid tile with a tile that is not solid among its 8 neighbours is
 * wall, else rock. Made on row words: the tiles next to an open one are its
 * rows' open bits (above, its own, below) spread one column either way;
 * the pass turns solid tiles only into solid tiles, so the words made
 * before it stay true. */
void rf_pass_finish_walls(rf_brogue *d)
{
    uint64_t rows[3][RF_GRID_MAX_ROW_WORDS], near[RF_GRID_MAX_ROW_WORDS], wall[RF_GRID_MAX_ROW_WORDS];
    int w = d->w, h = d->h, nw = (w + 63) / 64, x, y, k;
    uint64_t last = w % 64 ? ((uint64_t)1 << (w % 64)) - 1 : ~(uint64_t)0;
    uint8_t *t = d->g->t;
    rf_grid_solid_row(d->g, 0, rows[0]);
    for (y = 0; y < h; y++) {
        const uint64_t *up = y > 0 ? rows[(y + 2) % 3] : NULL, *mid = rows[y % 3];
        uint64_t *dn = rows[(y + 1) % 3];
        if (y + 1 < h)
            rf_grid_solid_row(d->g, y + 1, dn);
        for (k = 0; k < nw; k++) /* the open tiles of the three rows */
            near[k] = ~((up ? up[k] : ~(uint64_t)0) & mid[k] & (y + 1 < h ? dn[k] : ~(uint64_t)0)) &
                      (k == nw - 1 ? last : ~(uint64_t)0);
        for (k = 0; k < nw; k++) /* each bit, and its west and east neighbours' */
            wall[k] = near[k] | near[k] << 1 | near[k] >> 1 | (k > 0 ? near[k - 1] >> 63 : 0) |
                      (k + 1 < nw ? near[k + 1] << 63 : 0);
        for (x = 0; x < w; x++) {
            int c = y * w + x;
            if (!rf_grid_is_solid(t[c]) || rf_brogue_protected(d, c))
                continue;
            t[c] = wall[x >> 6] >> (x & 63) & 1u ? RF_TILE_WALL : RF_TILE_ROCK;
        }
    }
}
