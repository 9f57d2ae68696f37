/* engine/src/dig/brogue/bridges.c: bridges over chasms and deep water where
 * they shorten a walk a lot.
 *
 * Pipeline: dig, a Brogue post-pass after the lake walls, before the doors.
 * Design: a straight liquid run is bridged when the walk around is longer than
 * max(min_detour, 3 x (length + 1)), found by a BFS bounded by that length.
 * Seeds: shared/seeds/brogue-level-generation.txt (build bridges).
 */
#include "brogue_int.h"

#define MAX_SPAN 15 /* the longest bridge */

/* A chasm's edge is spanned with its chasm, so a bridge lands on floor. */
static bool bridgeable(uint8_t t)
{
    return t == RF_TILE_DEEP_WATER || t == RF_TILE_CHASM || t == RF_TILE_CHASM_EDGE;
}

static bool bridge_end(uint8_t t) { return t == RF_TILE_FLOOR || t == RF_TILE_SHALLOW_WATER; }

/* True when `to` is reachable from `from` within limit steps. */
static bool near_walk(rf_brogue *d, int from, int to, int limit)
{
    int w = d->w, head = 0, tail = 0;
    uint32_t mark = rf_brogue_stamp(d);
    const uint8_t *t = d->g->t;
    const int offs[4] = {-w, 1, w, -1};
    d->stamp[from] = mark;
    d->dist[from] = 0;
    d->queue[tail++] = from;
    while (head < tail) {
        int c = d->queue[head++], k;
        if (c == to)
            return true;
        if (d->dist[c] >= limit)
            continue;
        for (k = 0; k < 4; k++) {
            int n = c + offs[k];
            if (d->stamp[n] == mark || !rf_tile_is_walkable((rf_tile)t[n]))
                continue;
            d->stamp[n] = mark;
            d->dist[n] = d->dist[c] + 1;
            d->queue[tail++] = n;
        }
    }
    return false;
}

/* Length of the bridge from c along off (side: the perpendicular step), or 0. */
static int span_at(const rf_brogue *d, int c, int off, int side, int room_left)
{
    const uint8_t *t = d->g->t;
    int k;
    if (!bridge_end(t[c]))
        return 0;
    for (k = 1; k <= MAX_SPAN && k < room_left; k++) {
        int b = c + off * k;
        if (bridge_end(t[b]))
            return k >= 3 ? k - 1 : 0;
        if (!bridgeable(t[b]) || !bridgeable(t[b - side]) || !bridgeable(t[b + side]) ||
            rf_brogue_protected(d, b))
            return 0;
    }
    return 0;
}

void rf_bridges_add(rf_brogue *d)
{
    int w = d->w, h = d->h, n = w * h, i, start, dir;
    uint8_t *t = d->g->t;
    if (d->info->lakes == 0)
        return;
    start = (int)rf_rng_below_lemire(d->rng, (uint32_t)n);
    for (i = 0; i < n; i++) {
        int c = start + i < n ? start + i : start + i - n, x, y;
        if (!bridge_end(t[c])) /* what span_at asks first: most tiles end here */
            continue;
        x = c % w;
        y = c / w;
        if (x < 1 || y < 1 || x > w - 2 || y > h - 2)
            continue;
        for (dir = 0; dir < 2; dir++) {
            int off = dir == 0 ? 1 : w, side = dir == 0 ? w : 1;
            int len = span_at(d, c, off, side, dir == 0 ? w - 1 - x : h - 1 - y), k, limit;
            if (len == 0)
                continue;
            limit = 3 * (len + 1);
            limit = limit < d->p->bridge_min_detour ? d->p->bridge_min_detour : limit;
            if (near_walk(d, c, c + off * (len + 1), limit))
                continue;
            for (k = 1; k <= len; k++)
                t[c + off * k] = RF_TILE_BRIDGE;
            d->info->bridges++;
        }
    }
}
