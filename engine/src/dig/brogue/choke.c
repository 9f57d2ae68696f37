/* engine/src/dig/brogue/choke.c: the loop and chokepoint map: for each
 * walkable tile that splits the walkable area, the number of tiles it cuts
 * off; and which tiles lie on a loop (a cycle of 4-neighbour steps).
 *
 * Pipeline: dig, a Brogue post-pass; recomputed by the level stage after
 * special rooms and templates (rf_chokepoints); read by population.
 * Design: Tarjan's articulation points and bridges as one iterative DFS,
 * O(area).
 * Seeds: shared/seeds/brogue-level-generation.txt (loops and chokepoints).
 */
#include <string.h>

#include "core/seam.h"
#include "brogue_int.h"

/* The map of g into choke, and when loop is not NULL 1 into loop for each
 * tile on a cycle: an end of a tree edge that is no bridge (low[v] <= disc[p];
 * a back edge's ends are ends of such tree edges too). disc, low, sub, stack
 * (ints) and it (bytes) are scratch of w*h entries each. */
static void choke_map(const rf_grid *g, int *choke, uint8_t *loop, int *disc, int *low, int *sub,
                      int *stack, uint8_t *it)
{
    int w = g->w, n = w * g->h, s, timer = 0;
    const int offs[4] = {-w, 1, w, -1};
    const uint8_t *t = g->t;
    uint8_t walk[256]; /* a byte per tile value: no call per neighbour */
    for (s = 0; s < 256; s++)
        walk[s] = rf_tile_is_walkable((rf_tile)s);
    memset(choke, 0, (size_t)n * sizeof *choke);
    memset(disc, 0, (size_t)n * sizeof *disc);
    if (loop)
        memset(loop, 0, (size_t)n);
    for (s = 0; s < n; s++) {
        int sp = 0, root_children = 0, root_max = 0;
        if (disc[s] || !walk[t[s]])
            continue;
        disc[s] = low[s] = ++timer;
        sub[s] = 1;
        it[s] = 0;
        stack[sp++] = s;
        while (sp > 0) {
            int v = stack[sp - 1];
            if (it[v] < 4) {
                int c = v + offs[it[v]++];
                if (c < 0 || c >= n || !walk[t[c]])
                    continue;
                if (!disc[c]) {
                    disc[c] = low[c] = ++timer;
                    sub[c] = 1;
                    it[c] = 0;
                    stack[sp++] = c;
                } else if ((sp < 2 || c != stack[sp - 2]) && disc[c] < low[v]) {
                    low[v] = disc[c];
                }
                continue;
            }
            if (--sp > 0) {
                int p = stack[sp - 1];
                low[p] = low[v] < low[p] ? low[v] : low[p];
                sub[p] += sub[v];
                if (loop && low[v] <= disc[p])
                    loop[p] = loop[v] = 1;
                if (p == s) {
                    root_children++;
                    root_max = sub[v] > root_max ? sub[v] : root_max;
                } else if (low[v] >= disc[p]) {
                    choke[p] += sub[v];
                }
            }
        }
        if (root_children >= 2)
            choke[s] = sub[s] - root_max;
    }
}

bool rf_pass_chokepoints(rf_brogue *d, int *choke)
{
    choke_map(d->g, choke, NULL, d->dist, d->label, d->aux, d->queue, d->ca_b);
    return true;
}

rf_status rf_chokepoints(const rf_grid *g, int *choke, uint8_t *loop)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    int *ints = rf_alloc(4 * n * sizeof *ints);
    uint8_t *it = rf_alloc(n);
    rf_status st = ints && it ? RF_OK : RF_ERR_NOMEM;
    if (st == RF_OK)
        choke_map(g, choke, loop, ints, ints + n, ints + 2 * n, ints + 3 * n, it);
    rf_free(ints);
    rf_free(it);
    return st;
}
