/* engine/src/stats/stats_check.c: the invariants of DESIGN 6 one level can
 * show, checked on every level stats generates, and the stair path length.
 *
 * Pipeline: stats; reads a kept level (grid, room records, stairs), called
 * by rf_st_tally. Design: the same checks as tools/check-level
 * (reachability from the up stairs outside locked rooms, stairs present, no
 * two templates' interiors meet) plus the ones only the library sees (a
 * special template twice, a template outside its depth); one breadth-first
 * search gives both the reachability and the path to the down stairs.
 * A broken invariant is counted, never hidden.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "stats_int.h"

static bool grow_cells(st_scratch *sc, size_t cells)
{
    if (sc->cells >= cells && sc->queue)
        return true;
    rf_free(sc->queue);
    rf_free(sc->dist);
    sc->queue = rf_calloc(cells, sizeof *sc->queue);
    sc->dist = rf_calloc(cells, sizeof *sc->dist);
    sc->cells = sc->queue && sc->dist ? cells : 0;
    return sc->cells != 0;
}

static bool in_locked(const rf_level *lv, int x, int y)
{
    size_t i, n = rf_level_room_count(lv);
    for (i = 0; i < n; i++) {
        const rf_room_rec *r = rf_level_room_at(lv, i);
        if (r->locked && x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h)
            return true;
    }
    return false;
}

/* One broken invariant: counted, the first described. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void broke(int *broken, char *what, size_t cap, const char *fmt, ...)
{
    va_list ap;
    if ((*broken)++ != 0)
        return;
    va_start(ap, fmt);
    vsnprintf(what, cap, fmt, ap);
    va_end(ap);
}

/* Reachability from the up stairs and the path to the down stairs. */
static void check_paths(const rf_level *lv, st_scratch *sc, int *broken, char *what, size_t cap,
                        long *path)
{
    const rf_grid *g = rf_level_grid(lv);
    int w = rf_grid_width(g), h = rf_grid_height(g), ux, uy, dx, dy, x, y;
    size_t head = 0, tail = 0, lost = 0;
    int lx = -1, ly = -1;
    static const int sx[4] = {1, -1, 0, 0}, sy[4] = {0, 0, 1, -1};
    rf_level_stairs_up(lv, &ux, &uy);
    rf_level_stairs_down(lv, &dx, &dy);
    if (rf_grid_get(g, ux, uy) != RF_TILE_STAIRS_UP ||
        rf_grid_get(g, dx, dy) != RF_TILE_STAIRS_DOWN) {
        broke(broken, what, cap, "no up or down stairs (%d,%d)", ux, uy);
        return;
    }
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            sc->dist[y * w + x] = -1;
    sc->dist[uy * w + ux] = 0;
    sc->queue[tail++] = uy * w + ux;
    while (head < tail) {
        int c = sc->queue[head++], k;
        for (k = 0; k < 4; k++) {
            int nx = c % w + sx[k], ny = c / w + sy[k];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || sc->dist[ny * w + nx] >= 0 ||
                !rf_tile_is_walkable(rf_grid_get(g, nx, ny)))
                continue;
            sc->dist[ny * w + nx] = sc->dist[c] + 1;
            sc->queue[tail++] = ny * w + nx;
        }
    }
    *path = sc->dist[dy * w + dx];
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            if (sc->dist[y * w + x] < 0 && rf_tile_is_walkable(rf_grid_get(g, x, y)) &&
                !in_locked(lv, x, y) && lost++ == 0) {
                lx = x;
                ly = y;
            }
    if (lost)
        broke(broken, what, cap,
              "%zu walkable tiles unreachable from the up stairs, first at %d,%d", lost, lx, ly);
}

/* Templates: interiors that meet, a special one twice, one out of depth. */
static void check_templates(const rf_level *lv, int *broken, char *what, size_t cap)
{
    size_t i, j, n = rf_level_room_count(lv);
    int depth = rf_level_depth(lv);
    for (i = 0; i < n; i++) {
        const rf_room_rec *a = rf_level_room_at(lv, i);
        if (a->kind != RF_ROOM_TEMPLATE || !a->tmpl)
            continue;
        if (!rf_place_depth_ok(a->tmpl, depth))
            broke(broken, what, cap, "template '%s' at %d,%d is outside its depth range",
                  rf_template_name(a->tmpl), a->x, a->y);
        for (j = i + 1; j < n; j++) {
            const rf_room_rec *b = rf_level_room_at(lv, j);
            if (b->kind != RF_ROOM_TEMPLATE || !b->tmpl)
                continue;
            if (a->x + 1 < b->x + b->w - 1 && b->x + 1 < a->x + a->w - 1 &&
                a->y + 1 < b->y + b->h - 1 && b->y + 1 < a->y + a->h - 1)
                broke(broken, what, cap, "templates '%s' at %d,%d and another overlap",
                      rf_template_name(a->tmpl), a->x, a->y);
            if (rf_template_base(b->tmpl) == rf_template_base(a->tmpl) &&
                rf_template_flags(a->tmpl)->special)
                broke(broken, what, cap, "special template '%s' appears twice (%d,%d)",
                      rf_template_name(a->tmpl), b->x, b->y);
        }
    }
}

bool rf_st_check_level(const rf_level *lv, st_scratch *sc, int *broken, char *what, size_t cap,
                    long *path)
{
    const rf_grid *g = rf_level_grid(lv);
    size_t cells = (size_t)rf_grid_width(g) * (size_t)rf_grid_height(g);
    *broken = 0;
    *path = -1;
    what[0] = '\0';
    if (!grow_cells(sc, cells))
        return false;
    check_paths(lv, sc, broken, what, cap, path);
    check_templates(lv, broken, what, cap);
    return true;
}
