/* engine/src/passes/machines_feature.c: one feature of a machine, its count
 * drawn, each instance on a cell its flags allow.
 *
 * Pipeline: passes, the machine pass. Design: the cells an instance may take
 * are listed, narrowed by far-from-door (the farthest quarter by walking
 * distance from the doors) and not-in-view-of-door (no door sees it); a
 * narrowing that leaves nothing is dropped, never the instance. Terrain that
 * blocks a route (rf_tile_is_walkable false, or a hazard) keeps the seed's
 * connectivity rule: after it the up stairs still reach every route tile
 * they reached, else it is undone and the next cell tried. A chasm takes its
 * edge ring with it; a door glyph goes on the doors that fit one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "machine_pass_int.h"

#define TRIES 8 /* cells tried for one blocking instance before giving up */

static bool is_route(rf_tile t) { return rf_tile_is_walkable(t) && !rf_tile_is_hazard(t); }

bool rf_mach_add_cell(rf_mach_ctx *c, int i)
{
    rf_level_machine *m = c->cur;
    int *cells = (int *)m->cells;
    if (!rf_grow((void **)&cells, &c->capcells, 2 * m->ncells + 2, sizeof *cells))
        return false;
    cells[2 * m->ncells] = i % c->g->w;
    cells[2 * m->ncells + 1] = i / c->g->w;
    m->cells = cells;
    m->ncells++;
    c->held[i] = 1;
    return true;
}

size_t rf_mach_reach(rf_mach_ctx *c)
{
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    rf_grid *g = c->g;
    size_t head = 0, tail = 0, cells = (size_t)g->w * (size_t)g->h;
    int start = c->o->up_y * g->w + c->o->up_x, k;
    if (c->checks >= RF_MACHINES_MAX_CUT_CHECKS || !rf_mach_spend(c, cells))
        return SIZE_MAX;
    c->checks++;
    memset(c->mark, 0, cells);
    if (!is_route((rf_tile)g->t[start]))
        return 0;
    c->mark[start] = 1;
    c->queue[tail++] = start;
    while (head < tail) {
        int at = c->queue[head++], x = at % g->w, y = at / g->w;
        for (k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k], nb = ny * g->w + nx;
            if (rf_grid_in_bounds(g, nx, ny) && !c->mark[nb] && is_route((rf_tile)g->t[nb])) {
                c->mark[nb] = 1;
                c->queue[tail++] = nb;
            }
        }
    }
    return tail;
}

/* A door glyph fits cell i when it stands between two solid tiles with open
 * tiles on the other two sides (the invariant of DESIGN 6's doors). */
static bool door_fits(const rf_grid *g, int i)
{
    int x = i % g->w, y = i / g->w;
    rf_tile l, r, u, d;
    if (x < 1 || y < 1 || x >= g->w - 1 || y >= g->h - 1)
        return false;
    l = (rf_tile)RF_GRID_AT(g, x - 1, y), r = (rf_tile)RF_GRID_AT(g, x + 1, y);
    u = (rf_tile)RF_GRID_AT(g, x, y - 1), d = (rf_tile)RF_GRID_AT(g, x, y + 1);
#define SOLID(t) ((t) == RF_TILE_WALL || (t) == RF_TILE_ROCK)
    return (SOLID(l) && SOLID(r) && !SOLID(u) && !SOLID(d)) ||
           (SOLID(u) && SOLID(d) && !SOLID(l) && !SOLID(r));
#undef SOLID
}

/* Terrain feature t as a door: on every door of s that fits one. */
static rf_status door_feature(rf_mach_ctx *c, const rf_mach_site *s, rf_tile t)
{
    size_t i;
    for (i = 0; s && i < s->ndoors; i++)
        if (door_fits(c->g, s->doors[i]) && !c->occupied[s->doors[i]]) {
            c->g->t[s->doors[i]] = (uint8_t)t;
            if (!rf_mach_add_cell(c, s->doors[i]))
                return RF_ERR_NOMEM;
        }
    return RF_OK;
}

/* The cells an instance of f may take: in s (flag in-room), else outside
 * every machine (for an autogenerator, s NULL: in its area, c->dist). */
static int by_index(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static size_t candidates(rf_mach_ctx *c, const rf_mach_site *s, const rf_feature *f, int *out)
{
    const rf_grid *g = c->g;
    size_t n = 0, i, cells = (size_t)g->w * (size_t)g->h;
    if (s && rf_feature_has_flag(f, RF_FEATURE_IN_ROOM)) {
        for (i = 0; i < s->ncells; i++)
            if (!c->occupied[s->cells[i]] && g->t[s->cells[i]] == RF_TILE_FLOOR)
                out[n++] = s->cells[i];
        return n;
    }
    if (!s) { /* an autogenerator's area: the cells its walk reached, in row order */
        for (i = 0; i < c->ndist; i++)
            if (rf_mach_free_floor(c, c->dqueue[i]))
                out[n++] = c->dqueue[i];
        qsort(out, n, sizeof *out, by_index);
        return n;
    }
    if (!rf_mach_spend(c, cells))
        return 0; /* the pass's work is spent: nothing outside the room */
    for (i = 0; i < cells; i++)
        if (rf_mach_free_floor(c, (int)i))
            out[n++] = (int)i;
    return n;
}

bool rf_mach_free_floor(const rf_mach_ctx *c, int i)
{
    int room = c->g->room[i];
    const rf_room_rec *r = room > 0 && (size_t)room <= c->rooms->n ? &c->rooms->items[room - 1]
                                                                   : NULL;
    return c->g->t[i] == RF_TILE_FLOOR && !c->held[i] && !c->occupied[i] &&
           !(r && (r->kind == RF_ROOM_TEMPLATE || r->locked || r->kind == RF_ROOM_VAULT));
}

void rf_mach_distances(rf_mach_ctx *c, const int *from, size_t n, int limit, int room)
{
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    rf_grid *g = c->g;
    size_t head = 0, tail = 0, i;
    int k;
    for (i = 0; i < c->ndist; i++) /* only what the last walk reached: -1 everywhere */
        c->dist[c->dqueue[i]] = -1;
    for (i = 0; i < n; i++)
        if (c->dist[from[i]] < 0) {
            c->dist[from[i]] = 0;
            c->dqueue[tail++] = from[i];
        }
    while (head < tail) {
        int at = c->dqueue[head++], x = at % g->w, y = at / g->w;
        if (limit >= 0 && c->dist[at] >= limit)
            continue;
        for (k = 0; k < 4; k++) {
            int nx = x + dx[k], ny = y + dy[k], nb = ny * g->w + nx;
            if (rf_grid_in_bounds(g, nx, ny) && c->dist[nb] < 0 &&
                rf_tile_is_walkable((rf_tile)g->t[nb]) && (room == 0 || g->room[nb] == room)) {
                c->dist[nb] = c->dist[at] + 1;
                c->dqueue[tail++] = nb;
            }
        }
    }
    c->ndist = tail;
}

/* Keeps the farthest quarter of cand by walking distance from s's doors,
 * inside its room when in_room (0 kept: cand untouched). */
static size_t far_from_door(rf_mach_ctx *c, const rf_mach_site *s, int *cand, size_t n,
                            bool in_room)
{
    size_t i, kept = 0;
    int far = 0;
    if (!in_room && !rf_mach_spend(c, (size_t)c->g->w * (size_t)c->g->h))
        return 0; /* the pass's work is spent: not narrowed */
    rf_mach_distances(c, s->doors, s->ndoors, -1, in_room ? s->room : 0);
    for (i = 0; i < n; i++)
        if (c->dist[cand[i]] > far)
            far = c->dist[cand[i]];
    for (i = 0; i < n; i++)
        if (c->dist[cand[i]] >= far - far / 4 && c->dist[cand[i]] >= 0)
            cand[kept++] = cand[i];
    return kept;
}

/* Drops the cells of cand a door of s sees (line of sight, rf_fov_los); a
 * drop that would leave none, or pass the level's RF_MACHINES_MAX_SIGHTS
 * lines of sight, is not made. */
static void out_of_view(rf_mach_ctx *c, const rf_mach_site *s, int *cand, size_t *n)
{
    size_t i, k, kept = 0;
    if (*n * s->ndoors > RF_MACHINES_MAX_SIGHTS - c->sights)
        return; /* the level's lines of sight are spent: not narrowed */
    c->sights += *n * s->ndoors;
    for (i = 0; i < *n; i++) {
        int x = cand[i] % c->g->w, y = cand[i] / c->g->w;
        bool seen = false;
        for (k = 0; k < s->ndoors && !seen; k++)
            seen = cand[i] == s->doors[k] ||
                   rf_fov_los(c->g, s->doors[k] % c->g->w, s->doors[k] / c->g->w, x, y);
        if (!seen)
            cand[kept++] = cand[i];
    }
    if (kept)
        *n = kept;
}

/* Whether a chasm at i keeps its edge whole: every neighbour is solid,
 * floor (to become edge) or chasm already. */
static bool ring_ok(const rf_grid *g, int i)
{
    int x = i % g->w, y = i / g->w, dx, dy;
    for (dy = -1; dy <= 1; dy++)
        for (dx = -1; dx <= 1; dx++) {
            rf_tile t;
            if (!rf_grid_in_bounds(g, x + dx, y + dy))
                return false;
            t = (rf_tile)RF_GRID_AT(g, x + dx, y + dy);
            if (t != RF_TILE_WALL && t != RF_TILE_ROCK && t != RF_TILE_FLOOR &&
                t != RF_TILE_CHASM && t != RF_TILE_CHASM_EDGE)
                return false;
        }
    return true;
}

/* Whether the route cells around cell i (its 8 neighbours in ring order,
 * each 4-adjacent to the next) form at most one arc: then they stay joined
 * without i, and blocking i cuts no route (Brogue's passable arc count). */
static bool one_arc(const rf_grid *g, int i)
{
    static const int rx[8] = {-1, 0, 1, 1, 1, 0, -1, -1}, ry[8] = {-1, -1, -1, 0, 1, 1, 1, 0};
    int x = i % g->w, y = i / g->w, k, ends = 0;
    bool prev = false;
    for (k = 0; k <= 8; k++) { /* round once, back to the first: the ends of arcs */
        int nx = x + rx[k % 8], ny = y + ry[k % 8];
        bool on = rf_grid_in_bounds(g, nx, ny) && is_route((rf_tile)RF_GRID_AT(g, nx, ny));
        ends += k > 0 && on != prev;
        prev = on;
    }
    return ends <= 2;
}

/* Sets cell i to t (a chasm with its ring of edge on the floor around it),
 * undone when the up stairs no longer reach every route tile they reached
 * but those it took. 1 when it stays (its cells the machine's), 0 when
 * undone, -1 when memory ran out. */
static int try_terrain(rf_mach_ctx *c, const rf_mach_site *s, int i, rf_tile t)
{
    rf_grid *g = c->g;
    int at[9], x = i % g->w, y = i / g->w, dx, dy, n = 0, k;
    uint8_t was[9];
    size_t lost = 0, r;
    if (t == RF_TILE_CHASM && !ring_ok(g, i))
        return 0;
    at[n] = i, was[n++] = g->t[i];
    g->t[i] = (uint8_t)t;
    for (dy = -1; t == RF_TILE_CHASM && dy <= 1; dy++)
        for (dx = -1; dx <= 1; dx++) {
            int nb = (y + dy) * g->w + x + dx;
            if (g->t[nb] != RF_TILE_FLOOR || c->occupied[nb] ||
                (c->held[nb] && !(s && g->room[nb] == s->room)))
                continue;
            at[n] = nb, was[n++] = g->t[nb];
            g->t[nb] = RF_TILE_CHASM_EDGE;
        }
    for (k = 0; k < n; k++)
        lost += is_route((rf_tile)was[k]) && !is_route((rf_tile)g->t[at[k]]);
    if (lost == 1 && n == 1 && c->mark[i] && one_arc(g, i)) {
        c->reach--; /* a reached cell whose route neighbours join around it: no cut */
    } else if (lost > 0) {
        r = rf_mach_reach(c);
        if (r == SIZE_MAX || r + lost != c->reach) {
            for (k = n - 1; k >= 0; k--)
                g->t[at[k]] = was[k];
            return 0;
        }
        c->reach = r;
    }
    for (k = 0; k < n; k++)
        if (!rf_mach_add_cell(c, at[k]))
            return -1;
    return 1;
}

/* The id of a new object called name in the machine group being built
 * (rf_machine_object_id; the group's objects are the last ones of c->objs
 * from c->group_first). */
static void group_id(const rf_mach_ctx *c, const char *name, char *id, size_t cap)
{
    size_t i, same = 0;
    for (i = c->group_first; i < c->objs->n; i++)
        same += strcmp(c->objs->items[i].name, name) == 0;
    rf_machine_object_id(id, cap, name, same);
}

rf_status rf_mach_object(rf_mach_ctx *c, const char *type, const char *name, unsigned flags,
                         int i)
{
    rf_level_machine *m = c->cur;
    size_t *objs = (size_t *)m->objects;
    rf_placed p;
    rf_placed_init(&p, type, name, i % c->g->w, i / c->g->w, c->g->room[i]);
    group_id(c, p.name, p.id, sizeof p.id);
    p.machine = m->id;
    p.feature = flags;
    p.key = (flags & RF_FEATURE_KEY) != 0;
    if (!rf_grow((void **)&objs, &c->capobjs, m->nobjects + 1, sizeof *objs))
        return RF_ERR_NOMEM;
    m->objects = objs;
    if (!rf_placed_list_add(c->objs, &p))
        return RF_ERR_NOMEM;
    objs[m->nobjects++] = c->objs->n - 1;
    c->occupied[i] = 1;
    return rf_mach_add_cell(c, i) ? RF_OK : RF_ERR_NOMEM;
}

/* A feature's object, of rf_feature_object_type's type. */
static rf_status add_object(rf_mach_ctx *c, const rf_feature *f, int i)
{
    return rf_mach_object(c, rf_feature_object_type(f), rf_feature_object(f),
                          rf_feature_flags(f), i);
}

/* Draws and removes one cell of cand. */
static int take(rf_mach_ctx *c, int *cand, size_t *n)
{
    size_t j = rf_rng_below(c->rng, (uint32_t)*n);
    int cell = cand[j];
    cand[j] = cand[--*n];
    return cell;
}

/* Whether cell i has a 4-neighbour of tile t. */
static bool touches(const rf_grid *g, int i, rf_tile t)
{
    int x = i % g->w, y = i / g->w;
    return (x > 0 && g->t[i - 1] == t) || (x + 1 < g->w && g->t[i + 1] == t) ||
           (y > 0 && g->t[i - g->w] == t) || (y + 1 < g->h && g->t[i + g->w] == t);
}

/* Draws and removes one cell of cand for terrain t: one beside t when some
 * is, so a feature's terrain grows as one patch (a pond, a moat, a bog);
 * the look costs its cells of the pass's work. */
static int take_grown(rf_mach_ctx *c, int *cand, size_t *n, rf_tile t)
{
    size_t j, beside = 0, k;
    if (!rf_mach_spend(c, *n))
        return take(c, cand, n); /* the pass's work is spent: any cell */
    for (j = 0; j < *n; j++)
        beside += touches(c->g, cand[j], t);
    if (beside == 0)
        return take(c, cand, n);
    k = rf_rng_below(c->rng, (uint32_t)beside);
    for (j = 0; j < *n; j++)
        if (touches(c->g, cand[j], t) && k-- == 0)
            break;
    k = (size_t)cand[j];
    cand[j] = cand[--*n];
    return (int)k;
}

/* Places n instances of f on cand (ncand cells). */
static rf_status place_all(rf_mach_ctx *c, const rf_mach_site *s, const rf_feature *f, int n,
                           int *cand, size_t ncand)
{
    char glyph = rf_feature_terrain(f);
    rf_tile t = RF_TILE_FLOOR;
    int k, tries;
    if (glyph && !rf_tile_from_glyph(glyph, &t))
        return RF_OK; /* the loader refuses such a glyph (unknown-glyph) */
    for (k = 0; k < n && ncand > 0 && c->instances < RF_MACHINES_MAX_INSTANCES; k++) {
        c->instances++;
        if (!glyph) {
            rf_status st = add_object(c, f, take(c, cand, &ncand));
            if (st != RF_OK)
                return st;
            continue;
        }
        for (tries = 0; tries < TRIES && ncand > 0; tries++) {
            int cell = take_grown(c, cand, &ncand, t), kept;
            if (c->g->t[cell] != RF_TILE_FLOOR || c->occupied[cell])
                continue;
            if ((kept = try_terrain(c, s, cell, t)) < 0)
                return RF_ERR_NOMEM;
            if (kept)
                break;
        }
    }
    return RF_OK;
}

rf_status rf_mach_feature(rf_mach_ctx *c, const rf_mach_site *s, const rf_feature *f)
{
    size_t cells = (size_t)c->g->w * (size_t)c->g->h, ncand;
    char glyph = rf_feature_terrain(f);
    rf_tile t;
    int lo, hi, n;
    int *cand;
    rf_status st = RF_OK;
    rf_feature_counts(f, &lo, &hi);
    n = rf_rng_range(c->rng, lo, hi);
    if (c->instances >= RF_MACHINES_MAX_INSTANCES)
        return RF_OK; /* the level's features are all made */
    if (glyph && rf_tile_from_glyph(glyph, &t) &&
        (t == RF_TILE_DOOR || t == RF_TILE_SECRET_DOOR || t == RF_TILE_BREAKABLE))
        return door_feature(c, s, t);
    if (!(cand = rf_alloc(cells * sizeof *cand)))
        return RF_ERR_NOMEM;
    ncand = candidates(c, s, f, cand);
    if (s && s->ndoors && rf_feature_has_flag(f, RF_FEATURE_FAR_FROM_DOOR) && ncand) {
        size_t kept = far_from_door(c, s, cand, ncand, rf_feature_has_flag(f, RF_FEATURE_IN_ROOM));
        ncand = kept ? kept : ncand;
    }
    if (s && s->ndoors && rf_feature_has_flag(f, RF_FEATURE_NOT_IN_VIEW_OF_DOOR) && ncand)
        out_of_view(c, s, cand, &ncand);
    st = place_all(c, s, f, n, cand, ncand);
    rf_free(cand);
    return st;
}
