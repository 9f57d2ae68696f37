/* engine/src/grid/fov.c: line of sight and the field of view of one tile.
 *
 * Pipeline: grid, read by population (hordes out of the up stairs' view).
 * Design: an integer Bresenham walk that stops at the first opaque tile;
 * shadowcasting was rejected (not the same relation as the pair test). The
 * map is that relation at once: in an octant the walk's tile at step k to
 * (a, b), b <= a, is (k, j) with (2j - 1) / 2k <= b / a < (2j + 1) / 2k
 * (test_fov checks it), so an opaque tile hides a half-open run of slopes
 * beyond it; a sweep by k keeps their union in exact fractions and visits
 * only tiles whose run meets a gap (the lit ones, not area times side).
 * Seeds: shared/seeds/brogue-level-generation.txt (hordes out of view).
 */
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "grid/seam.h"

/* What stops sight, by tile: one table, read by rf_fov_is_opaque, by the
 * line walk at every step and by the map's sweep. */
static const bool opaque[RF_TILE_COUNT] = {
    [RF_TILE_ROCK] = true,        [RF_TILE_WALL] = true,      [RF_TILE_DOOR] = true,
    [RF_TILE_SECRET_DOOR] = true, [RF_TILE_BREAKABLE] = true,
};

bool rf_fov_is_opaque(rf_tile t) { return (unsigned)t < RF_TILE_COUNT && opaque[t]; }

bool rf_fov_los(const rf_grid *g, int x0, int y0, int x1, int y1)
{
    int dx, dy, sx, sy, err, x = x0, y = y0, n;
    if (!g || x0 < 0 || y0 < 0 || x1 < 0 || y1 < 0 || x0 >= g->w || x1 >= g->w ||
        y0 >= g->h || y1 >= g->h)
        return false;
    dx = abs(x1 - x0);
    dy = -abs(y1 - y0);
    sx = x0 < x1 ? 1 : -1;
    sy = y0 < y1 ? 1 : -1;
    err = dx + dy;
    /* the walk moves along the longer axis at every step, so it reaches
     * (x1, y1) after exactly max(dx, -dy) steps; the tiles between are in
     * bounds, as both ends are, and only they may stop sight */
    for (n = (dx > -dy ? dx : -dy) - 1; n > 0; n--) {
        int e2 = 2 * err;
        uint8_t t;
        if (e2 >= dy) {
            err += dy;
            x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y += sy;
        }
        t = RF_GRID_AT(g, x, y);
        if (t < RF_TILE_COUNT && opaque[t])
            return false;
    }
    return true;
}

/* The slopes b / a one run of opaque tiles blocks: [ln / ld, hn / hd), every
 * denominator > 0. Sides are at most RF_GRID_MAX_SIDE, so every product
 * below fits an int64_t with room to spare. */
typedef struct span {
    int64_t ln, ld, hn, hd;
} span;

/* The map's state: the union of blocked runs of the octant swept (u, nu;
 * sorted, disjoint, gaps between), the merge's output (v) and the runs the
 * current column adds (add). */
typedef struct sweep {
    const rf_grid *g;
    unsigned char *seen;
    span *u, *v, *add;
    size_t nu;
} sweep;

/* u := u united with add[0..nadd) (sorted too); touching runs join. */
static void merge(sweep *s, size_t nadd)
{
    size_t a = 0, b = 0, n = 0;
    span *t;
    while (a < s->nu || b < nadd) {
        span x;
        if (b == nadd || (a < s->nu && s->u[a].ln * s->add[b].ld < s->add[b].ln * s->u[a].ld))
            x = s->u[a++];
        else
            x = s->add[b++];
        if (n && x.ln * s->v[n - 1].hd <= s->v[n - 1].hn * x.ld) { /* starts in the last */
            if (x.hn * s->v[n - 1].hd > s->v[n - 1].hn * x.hd) {
                s->v[n - 1].hn = x.hn;
                s->v[n - 1].hd = x.hd;
            }
        } else {
            s->v[n++] = x;
        }
    }
    t = s->u;
    s->u = s->v;
    s->v = t;
    s->nu = n;
}

/* One octant: tile (k, j) is seen[o + k * major + j * minor], for 1 <= k <=
 * klast and 0 <= j <= min(k, jlast). Column k's targets are tested against
 * the runs of columns 1..k-1 (the walk tests the tiles strictly between),
 * then its opaque tiles that meet a gap add their runs. A tile is visited
 * only when its run [(2j - 1) / 2k, (2j + 1) / 2k) meets a gap; a column
 * that visits none ends the octant, as every later column's runs lie within
 * its own. Runs past jlast hold no target, and are dropped. */
static void octant(sweep *s, ptrdiff_t o, ptrdiff_t major, ptrdiff_t minor, int klast, int jlast)
{
    const uint8_t *t = s->g->t;
    int64_t k;
    s->nu = 0;
    for (k = 1; k <= klast; k++) {
        int64_t jmax = k < jlast ? k : jlast, j;
        size_t gap, nadd = 0;
        bool lit = false;
        for (gap = 0; gap <= s->nu; gap++) {
            /* the gap [n0 / d0, n1 / d1) between runs gap - 1 and gap; slopes
             * lie in [0, 1] and runs in [-1/2, 3/2], so -1 and 2 stand for
             * no run */
            int64_t n0 = gap ? s->u[gap - 1].hn : -1, d0 = gap ? s->u[gap - 1].hd : 1;
            int64_t n1 = gap < s->nu ? s->u[gap].ln : 2, d1 = gap < s->nu ? s->u[gap].ld : 1;
            int64_t lo = 2 * k * n0;
            j = lo < 0 ? 0 : (lo / d0 + 1) / 2; /* the first j with (2j + 1) / 2k > n0 / d0 */
            if (j > jmax) {
                s->nu = gap; /* the runs from here on lie past every later column */
                break;
            }
            for (; j <= jmax && (2 * j - 1) * d1 < 2 * k * n1; j++) {
                ptrdiff_t i = o + (ptrdiff_t)k * major + (ptrdiff_t)j * minor;
                lit = true;
                if (n0 * k <= j * d0 && j * d1 < n1 * k)
                    s->seen[i] = 1;
                if (t[i] < RF_TILE_COUNT && opaque[t[i]]) {
                    if (nadd && s->add[nadd - 1].hn >= 2 * j - 1) /* the run goes on */
                        s->add[nadd - 1].hn = 2 * j + 1;
                    else
                        s->add[nadd++] = (span){2 * j - 1, 2 * k, 2 * j + 1, 2 * k};
                }
            }
        }
        if (!lit)
            return;
        if (nadd)
            merge(s, nadd);
    }
}

rf_status rf_fov_map(const rf_grid *g, int x, int y, unsigned char *seen)
{
    sweep s;
    span *block;
    size_t side;
    ptrdiff_t o;
    int q;
    if (!g || !seen || !rf_grid_in_bounds(g, x, y))
        return RF_ERR_ARG;
    /* disjoint runs are 1/side wide at least and lie in [-1/2, 3/2]: at
     * most 2 * side of them; a column adds side / 2 + 1 at most */
    side = (size_t)(g->w > g->h ? g->w : g->h) + 2;
    s.g = g;
    s.seen = seen;
    block = rf_alloc(5 * side * sizeof *block);
    if (!block)
        return RF_ERR_NOMEM;
    s.u = block; /* merges swap u and v */
    s.v = s.u + 2 * side;
    s.add = s.v + 2 * side;
    memset(seen, 0, (size_t)g->w * (size_t)g->h);
    o = (ptrdiff_t)y * g->w + x;
    seen[o] = 1;
    for (q = 0; q < 4; q++) { /* the quadrants, each as its x-major and y-major octants */
        int sx = q & 1 ? -1 : 1, sy = q & 2 ? -1 : 1;
        int kx = sx > 0 ? g->w - 1 - x : x, ky = sy > 0 ? g->h - 1 - y : y;
        octant(&s, o, sx, (ptrdiff_t)sy * g->w, kx, ky);
        octant(&s, o, (ptrdiff_t)sy * g->w, sx, ky, kx);
    }
    rf_free(block);
    return RF_OK;
}
