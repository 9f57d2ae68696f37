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
        } else if (!rf_brogue_is_solid(n) && liquid == RF_TILE_FLOOR) {
            liquid = n;
        }
    }
    if (walkable && shallow)
        return RF_TILE_SHALLOW_WATER;
    if (walkable)
        return chasm ? RF_TILE_CHASM_EDGE : RF_TILE_FLOOR;
    return liquid;
}

void rf_pass_diagonals(rf_brogue *d)
{
    int w = d->w, h = d->h, x, y;
    uint8_t *t = d->g->t;
    bool changed = true;
    while (changed) {
        changed = false;
        for (y = 0; y < h - 1; y++)
            for (x = 0; x < w - 1; x++) {
                int c = y * w + x;
                bool s00 = rf_brogue_is_solid(t[c]), s10 = rf_brogue_is_solid(t[c + 1]);
                bool s01 = rf_brogue_is_solid(t[c + w]), s11 = rf_brogue_is_solid(t[c + w + 1]);
                int open;
                if (s00 == s10 || s00 == s01 || s00 != s11 || s10 != s01)
                    continue;
                /* one pair of opposite corners solid, the other open: open one
                 * of the two solid tiles, chosen at random */
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
                    int k;
                    static const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
                    static const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
                    for (k = 0; k < 8; k++) {
                        int n = open + dy[k] * w + dx[k];
                        if (t[n] == RF_TILE_ROCK)
                            t[n] = RF_TILE_WALL;
                    }
                }
                changed = true;
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

void rf_pass_finish_walls(rf_brogue *d)
{
    int w = d->w, h = d->h, x, y, i, j;
    uint8_t *t = d->g->t;
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++) {
            int c = y * w + x;
            bool exposed = false;
            if (!rf_brogue_is_solid(t[c]) || rf_brogue_protected(d, c))
                continue;
            for (j = y - 1; j <= y + 1 && !exposed; j++)
                for (i = x - 1; i <= x + 1; i++)
                    if (i >= 0 && j >= 0 && i < w && j < h && !rf_brogue_is_solid(t[j * w + i])) {
                        exposed = true;
                        break;
                    }
            t[c] = exposed ? RF_TILE_WALL : RF_TILE_ROCK;
        }
}
