/* tests/unit/level_check.h: the level invariants of DESIGN 6 and the Brogue
 * passes as checks the digger tests share (static inline, header only).
 *
 * lc_load copies a grid into a padded byte array once (rock around it), so
 * the checks below index bytes instead of calling rf_grid_get per neighbour.
 * Each check returns the number of faults (0 = the invariant holds) and puts
 * the first fault's position in *fx, *fy.
 */
#ifndef RF_LEVEL_CHECK_H
#define RF_LEVEL_CHECK_H

#include <stdlib.h>
#include <string.h>

#include "roomforge/dig.h"
#include "roomforge/grid.h"

typedef struct lc_map {
    int w, h, stride; /* stride = w + 2: one rock tile of padding each side */
    unsigned char *t; /* (w + 2) * (h + 2) tiles */
    unsigned char walk[RF_TILE_COUNT];
    unsigned char *skip; /* NULL, or w * h marks of tiles no check counts */
} lc_map;

#define LC_AT(m, x, y) ((m)->t[((y) + 1) * (m)->stride + (x) + 1])

static inline bool lc_load(lc_map *m, const rf_grid *g)
{
    int x, y, k;
    m->w = rf_grid_width(g);
    m->h = rf_grid_height(g);
    m->stride = m->w + 2;
    m->t = calloc((size_t)m->stride * (size_t)(m->h + 2), 1);
    m->skip = NULL;
    if (!m->t)
        return false;
    for (y = 0; y < m->h; y++)
        for (x = 0; x < m->w; x++)
            LC_AT(m, x, y) = (unsigned char)rf_grid_get(g, x, y);
    /* as check-level counts them: a hazard (';', 'B') is no way through,
     * and the tiles it would cut off must be reached round it */
    for (k = 0; k < RF_TILE_COUNT; k++)
        m->walk[k] = rf_tile_is_walkable((rf_tile)k) && !rf_tile_is_hazard((rf_tile)k);
    return true;
}

static inline void lc_free(lc_map *m)
{
    free(m->t);
    free(m->skip);
}

/* Leaves the boxes of rooms marked locked (NetHack's vault, DoomRL's locked
 * vaults) out of lc_unreachable, as DESIGN 6 does. */
static inline bool lc_skip_locked(lc_map *m, const rf_room_rec *rooms, size_t n)
{
    size_t i;
    int x, y;
    if (!m->skip && !(m->skip = calloc((size_t)m->w * (size_t)m->h, 1)))
        return false;
    for (i = 0; i < n; i++)
        for (y = rooms[i].y; rooms[i].locked && y < rooms[i].y + rooms[i].h; y++)
            for (x = rooms[i].x; x < rooms[i].x + rooms[i].w; x++)
                if (x >= 0 && y >= 0 && x < m->w && y < m->h)
                    m->skip[(size_t)y * (size_t)m->w + (size_t)x] = 1;
    return true;
}

static inline bool lc_solid(unsigned char t) { return t == RF_TILE_ROCK || t == RF_TILE_WALL; }

static inline void lc_first(int *fx, int *fy, int x, int y, int n)
{
    if (n == 1) {
        *fx = x;
        *fy = y;
    }
}

/* Walkable tiles not reachable from (ux, uy) by 4-neighbour walkable steps. */
static inline int lc_unreachable(const lc_map *m, int ux, int uy, int *fx, int *fy)
{
    size_t size = (size_t)m->stride * (size_t)(m->h + 2);
    unsigned char *seen = calloc(size, 1);
    int *q = malloc(size * sizeof *q);
    int n = 0, head = 0, tail = 0, x, y, k, s = m->stride;
    const int offs[4] = {1, -1, s, -s};
    if (!seen || !q) {
        free(seen);
        free(q);
        return -1;
    }
    if (m->walk[LC_AT(m, ux, uy)]) {
        q[tail++] = (uy + 1) * s + ux + 1;
        seen[q[0]] = 1;
    }
    while (head < tail) {
        int c = q[head++];
        for (k = 0; k < 4; k++) {
            int nb = c + offs[k];
            if (!seen[nb] && m->walk[m->t[nb]]) {
                seen[nb] = 1;
                q[tail++] = nb;
            }
        }
    }
    for (y = 0; y < m->h; y++)
        for (x = 0; x < m->w; x++)
            if (m->walk[LC_AT(m, x, y)] && !seen[(y + 1) * s + x + 1] &&
                !(m->skip && m->skip[(size_t)y * (size_t)m->w + (size_t)x]))
                lc_first(fx, fy, x, y, ++n);
    free(seen);
    free(q);
    return n;
}

/* 2x2 blocks whose two solid tiles (rock, wall) meet only at a corner. */
static inline int lc_diagonals(const lc_map *m, int *fx, int *fy)
{
    int n = 0, x, y;
    for (y = 0; y + 1 < m->h; y++)
        for (x = 0; x + 1 < m->w; x++) {
            bool a = lc_solid(LC_AT(m, x, y)), b = lc_solid(LC_AT(m, x + 1, y));
            bool c = lc_solid(LC_AT(m, x, y + 1)), d = lc_solid(LC_AT(m, x + 1, y + 1));
            if (a == d && b == c && a != b)
                lc_first(fx, fy, x, y, ++n);
        }
    return n;
}

/* Doors (plain or secret) that are not between two solid tiles with open
 * tiles on the other two sides. */
static inline int lc_orphan_doors(const lc_map *m, int *fx, int *fy)
{
    int n = 0, x, y;
    for (y = 0; y < m->h; y++)
        for (x = 0; x < m->w; x++) {
            unsigned char t = LC_AT(m, x, y);
            bool up, dn, lf, rt;
            if (t != RF_TILE_DOOR && t != RF_TILE_SECRET_DOOR)
                continue;
            up = !lc_solid(LC_AT(m, x, y - 1));
            dn = !lc_solid(LC_AT(m, x, y + 1));
            lf = !lc_solid(LC_AT(m, x - 1, y));
            rt = !lc_solid(LC_AT(m, x + 1, y));
            if (!((up && dn && !lf && !rt) || (lf && rt && !up && !dn)))
                lc_first(fx, fy, x, y, ++n);
        }
    return n;
}

/* Walls with no open 8-neighbour, rock with one, and open tiles on the
 * border. */
static inline int lc_bad_walls(const lc_map *m, int *fx, int *fy)
{
    int n = 0, x, y, i, j;
    for (y = 0; y < m->h; y++)
        for (x = 0; x < m->w; x++) {
            unsigned char t = LC_AT(m, x, y);
            bool exposed = false;
            if (!lc_solid(t)) {
                if (x == 0 || y == 0 || x == m->w - 1 || y == m->h - 1)
                    lc_first(fx, fy, x, y, ++n);
                continue;
            }
            for (j = -1; j <= 1; j++)
                for (i = -1; i <= 1; i++)
                    exposed = exposed || !lc_solid(LC_AT(m, x + i, y + j));
            if (exposed != (t == RF_TILE_WALL))
                lc_first(fx, fy, x, y, ++n);
        }
    return n;
}

#endif /* RF_LEVEL_CHECK_H */
