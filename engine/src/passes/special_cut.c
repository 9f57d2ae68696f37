/* engine/src/passes/special_cut.c: the lava test of every room at once:
 * whether the level's open tiles stay one region when a room's floor turns
 * to lava, read off the cut vertices of the level with each room's floor
 * drawn together into one vertex.
 *
 * Pipeline: special pass, under special.c's pick_room. Design: one
 * iterative depth-first search (Hopcroft and Tarjan's low points) over the
 * open tiles a pick, where a search round each candidate room cost the
 * level's area a room on large levels. A room whose floor is not one
 * 4-connected piece is left to special.c's own search (drawn together, its
 * pieces would join what the level does not).
 */
#include <string.h>

#include "core/seam.h"
#include "special_int.h"

/* The scratch of one map: per tile its vertex (the tile, or the first floor
 * tile of its room when the floor is drawn together; -1 not open), the
 * search's discovery times, low points, iterators and stack; per room its
 * floor tiles (first[ri] .. first[ri + 1] in tiles). */
typedef struct cut_work {
    int *vertex, *disc, *low, *iter, *stack, *tiles, *first;
    size_t nrooms;
} cut_work;

static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};

/* Groups the open floor tiles of each room, in row order. */
static void group_floors(const rf_special_ctx *ctx, cut_work *cw, size_t nrooms)
{
    const rf_grid *g = ctx->g;
    int n = g->w * g->h, c;
    size_t ri;
    memset(cw->first, 0, (nrooms + 2) * sizeof *cw->first);
    for (c = 0; c < n; c++) {
        cw->vertex[c] = rf_special_lava_open(ctx, c, 0) ? c : -1;
        if (cw->vertex[c] >= 0 && g->t[c] == RF_TILE_FLOOR && g->room[c] > 0 &&
            (size_t)g->room[c] <= nrooms)
            cw->first[g->room[c] + 1]++;
    }
    for (ri = 0; ri < nrooms; ri++) /* counts at ri + 2 to starts at ri + 1 */
        cw->first[ri + 1] += cw->first[ri];
    /* first[ri + 1] is room ri's start now; the fill moves it to its end,
     * which is room ri + 1's start */
    for (c = 0; c < n; c++)
        if (cw->vertex[c] >= 0 && g->t[c] == RF_TILE_FLOOR && g->room[c] > 0 &&
            (size_t)g->room[c] <= nrooms)
            cw->tiles[cw->first[g->room[c]]++] = c;
}

/* Draws room ri's floor together into its first tile when it is one
 * 4-connected piece (a search within it, disc as the marks); false if not. */
static bool draw_together(const rf_special_ctx *ctx, cut_work *cw, size_t ri)
{
    const rf_grid *g = ctx->g;
    int from = cw->first[ri], to = cw->first[ri + 1], head = 0, tail = 0, i, k, root;
    int id = (int)ri + 1;
    if (from == to)
        return true;
    root = cw->tiles[from];
    cw->stack[tail++] = root;
    cw->disc[root] = 1;
    while (head < tail) {
        int c = cw->stack[head++], x = c % g->w, y = c / g->w;
        for (k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k], nc = ny * g->w + nx;
            if (nx < 0 || ny < 0 || nx >= g->w || ny >= g->h || cw->disc[nc] ||
                cw->vertex[nc] < 0 || g->t[nc] != RF_TILE_FLOOR || g->room[nc] != id)
                continue;
            cw->disc[nc] = 1;
            cw->stack[tail++] = nc;
        }
    }
    for (i = from; i < to; i++) /* the marks go: disc is the search's next */
        cw->disc[cw->tiles[i]] = 0;
    if (tail != to - from)
        return false;
    for (i = from; i < to; i++)
        cw->vertex[cw->tiles[i]] = root;
    return true;
}

/* The next neighbour vertex of vertex u (a tile, or a room's first tile
 * standing for its floor, ri >= 0), from its iterator; -1 when done. */
static int next_neighbour(const rf_special_ctx *ctx, cut_work *cw, int u, int ri)
{
    const rf_grid *g = ctx->g;
    int len = ri >= 0 ? cw->first[ri + 1] - cw->first[ri] : 1;
    while (cw->iter[u] < 4 * len) {
        int it = cw->iter[u]++, c = ri >= 0 ? cw->tiles[cw->first[ri] + it / 4] : u;
        int nx = c % g->w + dx[it % 4], ny = c / g->w + dy[it % 4], v;
        if (nx < 0 || ny < 0 || nx >= g->w || ny >= g->h)
            continue;
        v = cw->vertex[ny * g->w + nx];
        if (v >= 0 && v != u)
            return v;
    }
    return -1;
}

/* The room a vertex stands for, or -1 for a plain tile. */
static int room_of(const rf_special_ctx *ctx, const cut_work *cw, const signed char *cut, int u)
{
    int ri = ctx->g->room[u] - 1;
    return ctx->g->t[u] == RF_TILE_FLOOR && ri >= 0 && (size_t)ri < cw->nrooms && cut[ri] >= 0 &&
                   cw->first[ri + 1] > cw->first[ri] && cw->tiles[cw->first[ri]] == u
               ? ri
               : -1;
}

/* Low points from vertex start (the level's open tiles are one region):
 * cut[ri] = 1 for each drawn-together room that is a cut vertex. */
static void low_points(const rf_special_ctx *ctx, cut_work *cw, signed char *cut, int start)
{
    int top = 0, time = 0, children = 0, ri;
    cw->stack[top++] = start;
    cw->disc[start] = cw->low[start] = ++time;
    while (top > 0) {
        int u = cw->stack[top - 1], v = next_neighbour(ctx, cw, u, room_of(ctx, cw, cut, u));
        if (v >= 0) {
            if (cw->disc[v]) {
                cw->low[u] = cw->disc[v] < cw->low[u] ? cw->disc[v] : cw->low[u];
            } else {
                cw->disc[v] = cw->low[v] = ++time;
                cw->stack[top++] = v;
            }
            continue;
        }
        if (--top == 0)
            break;
        v = cw->stack[top - 1]; /* u's parent */
        cw->low[v] = cw->low[u] < cw->low[v] ? cw->low[u] : cw->low[v];
        if (v == start)
            children++;
        else if (cw->low[u] >= cw->disc[v] && (ri = room_of(ctx, cw, cut, v)) >= 0)
            cut[ri] = 1;
    }
    if (children >= 2 && (ri = room_of(ctx, cw, cut, start)) >= 0)
        cut[ri] = 1;
}

rf_status rf_special_cut_map(const rf_special_ctx *ctx, signed char *cut, size_t nrooms)
{
    size_t n = (size_t)ctx->g->w * (size_t)ctx->g->h, ri;
    cut_work cw;
    int c, start = -1;
    rf_status st = RF_ERR_NOMEM;
    cw.vertex = rf_alloc(n * sizeof *cw.vertex);
    cw.disc = rf_calloc(n, sizeof *cw.disc);
    cw.low = rf_alloc(n * sizeof *cw.low);
    cw.iter = rf_calloc(n, sizeof *cw.iter);
    cw.stack = rf_alloc(n * sizeof *cw.stack);
    cw.tiles = rf_alloc(n * sizeof *cw.tiles);
    cw.first = rf_alloc((nrooms + 2) * sizeof *cw.first);
    cw.nrooms = nrooms;
    if (cw.vertex && cw.disc && cw.low && cw.iter && cw.stack && cw.tiles && cw.first) {
        group_floors(ctx, &cw, nrooms);
        for (ri = 0; ri < nrooms; ri++)
            cut[ri] = draw_together(ctx, &cw, ri) ? 0 : -1;
        for (c = 0; c < (int)n && start < 0; c++)
            start = cw.vertex[c];
        if (start >= 0)
            low_points(ctx, &cw, cut, start);
        st = RF_OK;
    }
    rf_free(cw.vertex);
    rf_free(cw.disc);
    rf_free(cw.low);
    rf_free(cw.iter);
    rf_free(cw.stack);
    rf_free(cw.tiles);
    rf_free(cw.first);
    return st;
}
