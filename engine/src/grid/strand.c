/* engine/src/grid/strand.c: hazards no walk reaches sink into their deep tile.
 *
 * Pipeline: grid, called by the Brogue dig after its bridges and by the
 * recipe on the finished level: a walkable hazard (a chasm's edge,
 * brimstone: rf_tile_is_hazard) is never the way between route tiles, so a
 * lake, a template or a lava room can cut one off; what no 4-neighbour walk
 * from a route tile (walkable, no hazard) reaches falls in, as DESIGN 6
 * wants every walkable tile reached. Decision: docs/reference.md.
 */
#include "core/seam.h"
#include "grid/seam.h"

/* The deep tile a stranded hazard becomes: a chasm's edge falls into the
 * chasm, lone brimstone turns impassable (not wall: a wall here would open
 * diagonals the dig has closed). */
static uint8_t sunk_tile(uint8_t t)
{
    return t == RF_TILE_CHASM_EDGE ? RF_TILE_CHASM : RF_TILE_IMPASSABLE;
}

rf_status rf_grid_sink_stranded(rf_grid *g, size_t *sunk)
{
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    size_t n = (size_t)g->w * (size_t)g->h, head = 0, tail = 0, c, count = 0;
    size_t *queue;
    uint8_t *seen;
    uint8_t walk[256], hazard[256]; /* by tile byte: no call per tile */
    int k;
    for (k = 0; k < 256; k++) {
        walk[k] = rf_tile_is_walkable((rf_tile)k);
        hazard[k] = rf_tile_is_hazard((rf_tile)k);
    }
    for (c = 0; c < n && !hazard[g->t[c]]; c++)
        ;
    if (c == n) { /* no hazard on the level: nothing to sink, no walk */
        if (sunk)
            *sunk = 0;
        return RF_OK;
    }
    queue = rf_alloc(n * sizeof *queue);
    seen = rf_calloc(n, 1);
    if (!queue || !seen) {
        rf_free(queue);
        rf_free(seen);
        return RF_ERR_NOMEM;
    }
    /* the walk from the route tiles only matters where it enters hazards:
     * it starts at each hazard next to a route tile and goes on over
     * hazards (a route tile is reached from the start, so steps between
     * them add nothing) */
    for (c = 0; c < n; c++) {
        int x = (int)(c % (size_t)g->w), y = (int)(c / (size_t)g->w);
        if (!hazard[g->t[c]])
            continue;
        for (k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            uint8_t nt;
            if (nx < 0 || ny < 0 || nx >= g->w || ny >= g->h)
                continue;
            nt = g->t[(size_t)ny * (size_t)g->w + (size_t)nx];
            if (walk[nt] && !hazard[nt]) {
                seen[c] = 1;
                queue[tail++] = c;
                break;
            }
        }
    }
    while (head < tail) {
        int x = (int)(queue[head] % (size_t)g->w), y = (int)(queue[head] / (size_t)g->w);
        head++;
        for (k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k];
            size_t j = (size_t)ny * (size_t)g->w + (size_t)nx;
            if (nx < 0 || ny < 0 || nx >= g->w || ny >= g->h || seen[j] || !hazard[g->t[j]] ||
                !walk[g->t[j]])
                continue;
            seen[j] = 1;
            queue[tail++] = j;
        }
    }
    for (c = 0; c < n; c++)
        if (!seen[c] && hazard[g->t[c]]) {
            g->t[c] = sunk_tile(g->t[c]);
            count++;
        }
    rf_free(queue);
    rf_free(seen);
    if (sunk)
        *sunk = count;
    return RF_OK;
}
