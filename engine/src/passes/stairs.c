/* engine/src/passes/stairs.c: up and down stairs, far apart, on floor
 * outside locked rooms.
 *
 * Pipeline: passes; the stairs recipe step, for every recipe (rf_stairs_place).
 * Design: down stairs among tiles at least 9/10 of the farthest BFS distance
 * from the up stairs; stairs replace floor, so connectivity stays. A run's
 * aligned up stairs take the candidate nearest the level above's down stairs.
 */
#include "core/seam.h"
#include "grid/seam.h"
#include "passes/seam.h"

/* ok[i] = 1 for floor tiles outside every locked room's box with no object
 * on them, and (with skip_templates) outside placed templates, whose cells
 * stay as drawn. */
static void mark_candidates(const rf_grid *g, const rf_room_list *rooms,
                            const rf_placed_list *objs, unsigned char *ok, bool skip_templates)
{
    size_t i, n = (size_t)g->w * (size_t)g->h;
    for (i = 0; i < n; i++)
        ok[i] = g->t[i] == RF_TILE_FLOOR &&
                !(skip_templates && g->room[i] > 0 && (size_t)g->room[i] <= rooms->n &&
                  rooms->items[g->room[i] - 1].kind == RF_ROOM_TEMPLATE);
    for (i = 0; i < rooms->n; i++) {
        const rf_room_rec *r = &rooms->items[i];
        int x, y;
        if (!r->locked)
            continue;
        for (y = r->y < 0 ? 0 : r->y; y < r->y + r->h && y < g->h; y++)
            for (x = r->x < 0 ? 0 : r->x; x < r->x + r->w && x < g->w; x++)
                ok[(size_t)y * (size_t)g->w + (size_t)x] = 0;
    }
    for (i = 0; i < objs->n; i++)
        if (rf_grid_in_bounds(g, objs->items[i].x, objs->items[i].y))
            ok[(size_t)objs->items[i].y * (size_t)g->w + (size_t)objs->items[i].x] = 0;
}

/* The kth candidate (of room when room > 0), or -1. */
static int nth_candidate(const rf_grid *g, const unsigned char *ok, size_t k, int room)
{
    size_t i, n = (size_t)g->w * (size_t)g->h;
    for (i = 0; i < n; i++)
        if (ok[i] && (room == 0 || g->room[i] == room) && k-- == 0)
            return (int)i;
    return -1;
}

/* The candidate nearest cell near (squared distance; the first in index
 * order of those as near), or -1: a run's aligned up stairs. */
static int nearest_candidate(const rf_grid *g, const unsigned char *ok, int near)
{
    long long best = -1, dx, dy, d2;
    int i, n = g->w * g->h, at = -1, nx = near % g->w, ny = near / g->w;
    for (i = 0; i < n; i++) {
        if (!ok[i])
            continue;
        dx = i % g->w - nx;
        dy = i / g->w - ny;
        d2 = dx * dx + dy * dy;
        if (best < 0 || d2 < best) {
            best = d2;
            at = i;
        }
    }
    return at;
}

/* dist[i]: 4-neighbour walkable steps from start, -1 where unreachable. */
static void distances(const rf_grid *g, int start, int *dist, int *queue)
{
    int w = g->w, h = g->h, n = w * h, head = 0, tail = 0, i;
    unsigned char walk[256]; /* rf_tile_is_walkable by tile byte: no call per step */
    for (i = 0; i < 256; i++)
        walk[i] = rf_tile_is_walkable((rf_tile)i);
    for (i = 0; i < n; i++)
        dist[i] = -1;
    dist[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        int c = queue[head++], x = c % w, y = c / w, j;
        const int nb[4] = {y > 0 ? c - w : -1, x < w - 1 ? c + 1 : -1, y < h - 1 ? c + w : -1,
                           x > 0 ? c - 1 : -1};
        for (j = 0; j < 4; j++) {
            int m = nb[j];
            if (m < 0 || dist[m] >= 0 || !walk[g->t[m]])
                continue;
            dist[m] = dist[c] + 1;
            queue[tail++] = m;
        }
    }
}

/* The down stairs: a draw among the candidates reachable from the up
 * stairs at least 9/10 of the farthest one's distance (dist), else the
 * first candidate left (nothing reachable: a digger bug, kept visible). */
static int pick_down(const rf_grid *g, const unsigned char *ok, const int *dist, rf_rng *layout)
{
    int n = g->w * g->h, i, far = 0, down = -1;
    size_t cands = 0, k;
    for (i = 0; i < n; i++)
        if (ok[i] && dist[i] > far)
            far = dist[i];
    for (i = 0; i < n; i++)
        cands += ok[i] && dist[i] > 0 && dist[i] * 10 >= far * 9;
    if (cands > 0) {
        k = rf_rng_below(layout, (uint32_t)cands);
        for (i = 0; i < n && down < 0; i++)
            if (ok[i] && dist[i] > 0 && dist[i] * 10 >= far * 9 && k-- == 0)
                down = i;
    } else { /* nothing reachable: any other candidate (a digger bug, kept visible) */
        for (i = 0; i < n && down < 0; i++)
            if (ok[i])
                down = i;
    }
    return down;
}

rf_status rf_stairs_place(rf_grid *g, const rf_room_list *rooms, const rf_placed_list *objs,
                          int depth, int near, rf_rng *layout, int *up_cell, int *down_cell)
{
    int w = g->w, n = w * g->h, i, up, down;
    size_t cands = 0, first = 0;
    int *dist = NULL, *queue = NULL, first_room = 0;
    unsigned char *ok = NULL;
    rf_status st = RF_ERR_NOMEM;
    if (rooms->n && !rooms->items[0].locked)
        first_room = rooms->items[0].id;
    ok = rf_alloc((size_t)n);
    dist = rf_alloc((size_t)n * sizeof *dist);
    queue = rf_alloc((size_t)n * sizeof *queue);
    if (!ok || !dist || !queue)
        goto done;
    mark_candidates(g, rooms, objs, ok, true);
    for (i = 0; i < n; i++)
        cands += ok[i];
    if (cands < 2) { /* a level of templates only: stairs may go inside them */
        mark_candidates(g, rooms, objs, ok, false);
        cands = 0;
        for (i = 0; i < n; i++)
            cands += ok[i];
    }
    for (i = 0; first_room && i < n; i++)
        first += ok[i] && g->room[i] == first_room;
    st = RF_ERR_CONTENT;
    if (cands < 2)
        goto done;
    if (near >= 0 && near < n)
        up = nearest_candidate(g, ok, near);
    else if (depth == 1 && first > 0)
        up = nth_candidate(g, ok, rf_rng_below(layout, (uint32_t)first), first_room);
    else
        up = nth_candidate(g, ok, rf_rng_below(layout, (uint32_t)cands), 0);
    ok[up] = 0;
    distances(g, up, dist, queue);
    down = pick_down(g, ok, dist, layout);
    g->t[up] = RF_TILE_STAIRS_UP;
    g->t[down] = RF_TILE_STAIRS_DOWN;
    *up_cell = up;
    *down_cell = down;
    st = RF_OK;
done:
    rf_free(ok);
    rf_free(dist);
    rf_free(queue);
    return st;
}
