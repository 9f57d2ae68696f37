/* engine/src/passes/machines_site.c: the rooms a machine may take, and which
 * of them suits a blueprint (DESIGN 17: size, dead end, behind a chokepoint).
 *
 * Pipeline: passes, the machine pass. Design: each room record is read once
 * into a site (its bare floor cells: a room a fluid filled has none; the
 * cells that lead in, whether a loop runs
 * through it); a blueprint's question is then a few comparisons. A dead end
 * has one way in; a room behind a chokepoint has no cell on a loop (the
 * loop map of seed line 79); rooms a template, a lock or a vault made are
 * never taken.
 */
#include "core/seam.h"
#include "machine_pass_int.h"

static bool takes_machines(rf_room_kind k)
{
    return k == RF_ROOM_RECT || k == RF_ROOM_CROSS || k == RF_ROOM_CAVE || k == RF_ROOM_CRAWLED;
}

static bool push(int **a, size_t *n, size_t *cap, int v)
{
    if (!rf_grow((void **)a, cap, *n + 1, sizeof **a))
        return false;
    (*a)[(*n)++] = v;
    return true;
}

/* The doors of s: walkable cells of no room of s's next to one of its cells,
 * each once (c->mark). */
static bool find_doors(rf_mach_ctx *c, rf_mach_site *s)
{
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    const rf_grid *g = c->g;
    size_t i, cap = 0;
    int k;
    bool ok = true;
    for (i = 0; i < s->ncells && ok; i++) {
        int x = s->cells[i] % g->w, y = s->cells[i] / g->w;
        for (k = 0; k < 4 && ok; k++) {
            int nx = x + dx[k], ny = y + dy[k], at = ny * g->w + nx;
            if (!rf_grid_in_bounds(g, nx, ny) || RF_GRID_ROOM_AT(g, nx, ny) == s->room ||
                !rf_tile_is_walkable((rf_tile)RF_GRID_AT(g, nx, ny)) || c->mark[at])
                continue;
            c->mark[at] = 1;
            ok = push(&s->doors, &s->ndoors, &cap, at);
        }
    }
    for (i = 0; i < s->ndoors; i++)
        c->mark[s->doors[i]] = 0;
    return ok;
}

static bool build_one(rf_mach_ctx *c, const rf_room_rec *r, rf_mach_site *s)
{
    const rf_grid *g = c->g;
    size_t cap = 0, i;
    int x, y;
    s->room = r->id;
    for (y = r->y; y < r->y + r->h; y++)
        for (x = r->x; x < r->x + r->w; x++)
            if (rf_grid_in_bounds(g, x, y) && RF_GRID_ROOM_AT(g, x, y) == r->id &&
                RF_GRID_AT(g, x, y) == RF_TILE_FLOOR && !push(&s->cells, &s->ncells, &cap, y * g->w + x))
                return false;
    if (!find_doors(c, s))
        return false;
    s->candidate = takes_machines(r->kind) && !r->locked && s->ndoors > 0 && s->ncells > 0;
    for (i = 0; c->o->loop && i < s->ncells; i++)
        s->loops = s->loops || c->o->loop[s->cells[i]];
    for (i = 0; c->o->loop && i < s->ndoors; i++)
        s->loops = s->loops || c->o->loop[s->doors[i]];
    return true;
}

rf_status rf_mach_sites_build(rf_mach_ctx *c)
{
    size_t i, n = c->rooms->n;
    c->sites = rf_calloc(n ? n : 1, sizeof *c->sites);
    if (!c->sites)
        return RF_ERR_NOMEM;
    for (i = 0; i < n; i++)
        if (!build_one(c, &c->rooms->items[i], &c->sites[i]))
            return RF_ERR_NOMEM;
    return RF_OK;
}

void rf_mach_sites_free(rf_mach_ctx *c)
{
    size_t i;
    for (i = 0; c->sites && i < c->rooms->n; i++) {
        rf_free(c->sites[i].cells);
        rf_free(c->sites[i].doors);
    }
    rf_free(c->sites);
    c->sites = NULL;
}

bool rf_mach_site_suits(const rf_mach_site *s, const rf_blueprint *b)
{
    int lo, hi;
    if (!s->candidate)
        return false;
    rf_blueprint_size(b, &lo, &hi);
    if (s->ncells < (size_t)lo || s->ncells > (size_t)hi)
        return false;
    switch (rf_blueprint_room(b)) {
    case RF_MACHINE_ROOM_DEAD_END:
        if (s->ndoors != 1)
            return false;
        break;
    case RF_MACHINE_ROOM_CHOKEPOINT:
        if (s->loops)
            return false;
        break;
    case RF_MACHINE_ROOM_NONE:
        return false;
    default:
        break;
    }
    return !s->blocked;
}

void rf_mach_sites_refresh(rf_mach_ctx *c)
{
    size_t i, k;
    for (i = 0; i < c->rooms->n; i++) {
        rf_mach_site *s = &c->sites[i];
        s->blocked = false;
        for (k = 0; k < s->ncells && !s->blocked; k++)
            s->blocked = c->held[s->cells[k]] || c->occupied[s->cells[k]];
        for (k = 0; k < s->ndoors && !s->blocked; k++)
            s->blocked = c->held[s->doors[k]] || c->occupied[s->doors[k]];
    }
}

size_t rf_mach_site_count(const rf_mach_ctx *c, const rf_blueprint *b)
{
    size_t i, n = 0;
    for (i = 0; i < c->rooms->n; i++)
        n += rf_mach_site_suits(&c->sites[i], b);
    return n;
}

rf_mach_site *rf_mach_site_pick(rf_mach_ctx *c, const rf_blueprint *b)
{
    size_t i, n, k;
    rf_mach_sites_refresh(c);
    n = rf_mach_site_count(c, b);
    if (n == 0)
        return NULL;
    k = rf_rng_below(c->rng, (uint32_t)n);
    for (i = 0; i < c->rooms->n; i++)
        if (rf_mach_site_suits(&c->sites[i], b) && k-- == 0)
            return &c->sites[i];
    return NULL;
}

void rf_mach_site_hold(rf_mach_ctx *c, const rf_mach_site *s, bool on)
{
    size_t i;
    for (i = 0; i < s->ncells; i++)
        c->held[s->cells[i]] = on;
    for (i = 0; i < s->ndoors; i++)
        c->held[s->doors[i]] = on;
}
