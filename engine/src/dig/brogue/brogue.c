/* engine/src/dig/brogue/brogue.c: the Brogue digger's entry point: parameters,
 * working state, the room graph, and the passes in the seed's order.
 *
 * Pipeline: dig; rf_brogue_dig (or the level stage, stage by stage through
 * rf_brogue_run) runs accretion, loops, lakes and the post-passes on a grid.
 * Design: buffers allocated once per dig; the room graph is edge lists.
 * Seeds: shared/seeds/brogue-level-generation.txt (profile, spec, order).
 */
#include <string.h>

#include "core/seam.h"
#include "brogue_int.h"

#define REF_AREA (79 * 29) /* the seed's level size: its numbers hold there */

void rf_brogue_params_init(rf_brogue_params *p, int depth)
{
    memset(p, 0, sizeof *p);
    p->depth = depth < 1 ? 1 : depth;
    /* The level profile of the seed. */
    p->cave_chance = 33;
    p->cross_chance = 100;
    p->corridor_chance = 80;
    p->door_chance = 60;
    p->max_rooms = 99;
    p->max_loops = 30;
    /* Digging: 600 attempts, the last 225 rooms only, 15 tries each. */
    p->attempts = 600;
    p->rooms_only_last = 225;
    p->tries_per_attempt = 15;
    p->loop_attempts = 500;
    /* The level spec: rooms 4-20 x 3-7, cross bars 3-12 x 2-5, corridors
     * 5-15 across and 2-10 down, the first rectangle 4-25 x 2-7. */
    p->room_w = (rf_span){4, 20};
    p->room_h = (rf_span){3, 7};
    p->cross_w = (rf_span){3, 12};
    p->cross_h = (rf_span){2, 5};
    p->first_w = (rf_span){4, 25};
    p->first_h = (rf_span){2, 7};
    p->corridor_h_len = (rf_span){5, 15};
    p->corridor_v_len = (rf_span){2, 10};
    /* Caves: the smallest blob 50x20. Lakes: ten, 30x15 down by 2x1 to 20x10. */
    p->cave_min_w = 50;
    p->cave_min_h = 20;
    p->lakes = 10;
    p->lake_max_w = 30;
    p->lake_max_h = 15;
    p->lake_min_w = 20;
    p->lake_min_h = 10;
    p->lake_tries = 10;
    p->secret_door_chance = rf_brogue_secret_chance(p->depth);
    p->traps = rf_brogue_trap_span(p->depth);
    p->bridge_min_detour = 20;
}

static int scale_count(int n, long long area)
{
    long long v;
    if (area <= REF_AREA || n <= 0)
        return n;
    v = (long long)n * area / REF_AREA;
    return v > 100000000 ? 100000000 : (int)v;
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static void clamp_span(rf_span *s, int lo, int hi)
{
    s->lo = clamp(s->lo, lo, hi);
    s->hi = clamp(s->hi, s->lo, hi);
}

void rf_brogue_params_scale(rf_brogue_params *p, int w, int h)
{
    long long area = (long long)w * h;
    int side = RF_DESIGN_MAX_SIDE - 2;
    p->attempts = scale_count(p->attempts, area);
    p->rooms_only_last = scale_count(p->rooms_only_last, area);
    p->max_rooms = scale_count(p->max_rooms, area);
    p->max_loops = scale_count(p->max_loops, area);
    p->loop_attempts = scale_count(p->loop_attempts, area);
    p->lakes = scale_count(p->lakes, area);
    p->cave_min_w = clamp((int)((long long)p->cave_min_w * w / 79), 1, w - 2);
    p->cave_min_h = clamp((int)((long long)p->cave_min_h * h / 29), 1, h - 2);
    /* on levels smaller than the reference, lake limits shrink with the sides */
    if (w < 79) {
        p->lake_max_w = p->lake_max_w * w / 79;
        p->lake_min_w = p->lake_min_w * w / 79;
    }
    if (h < 29) {
        p->lake_max_h = p->lake_max_h * h / 29;
        p->lake_min_h = p->lake_min_h * h / 29;
    }
    p->lake_max_w = clamp(p->lake_max_w, 4, w - 4 < 4 ? 4 : w - 4);
    p->lake_max_h = clamp(p->lake_max_h, 4, h - 4 < 4 ? 4 : h - 4);
    p->lake_min_w = clamp(p->lake_min_w, 4, p->lake_max_w);
    p->lake_min_h = clamp(p->lake_min_h, 4, p->lake_max_h);
    clamp_span(&p->room_w, 1, side);
    clamp_span(&p->room_h, 1, side);
    clamp_span(&p->cross_w, 1, side);
    clamp_span(&p->cross_h, 1, side);
    clamp_span(&p->first_w, 1, w - 2);
    clamp_span(&p->first_h, 1, h - 2);
    clamp_span(&p->corridor_h_len, 1, w);
    clamp_span(&p->corridor_v_len, 1, h);
    p->secret_door_chance = clamp(p->secret_door_chance, 0, 100);
    p->traps.lo = p->traps.lo < 0 ? 0 : p->traps.lo;
    p->traps.hi = p->traps.hi < p->traps.lo ? p->traps.lo : p->traps.hi;
}

int rf_brogue_secret_chance(int depth)
{
    /* (depth-1)*67/25 percent, rounded down, clamped to 0-67 (seed). */
    long long v = ((long long)depth - 1) * 67 / 25;
    return v < 0 ? 0 : v > 67 ? 67 : (int)v;
}

rf_span rf_brogue_trap_span(int depth)
{
    rf_span s = {0, 0};
    if (depth > 1) {
        s.lo = (depth - 1) / 4;
        s.hi = (depth - 1) / 2;
    }
    return s;
}

uint32_t rf_brogue_stamp(rf_brogue *d)
{
    if (++d->stamp_gen == 0) {
        memset(d->stamp, 0, (size_t)d->w * (size_t)d->h * sizeof *d->stamp);
        d->stamp_gen = 1;
    }
    return d->stamp_gen;
}

static bool grow_graph(rf_brogue *d, int id)
{
    size_t old = d->adj_cap, i;
    if ((size_t)id < d->adj_cap)
        return true;
    if (!rf_grow((void **)&d->adj_head, &d->adj_cap, (size_t)id + 1, sizeof *d->adj_head))
        return false;
    for (i = old; i < d->adj_cap; i++)
        d->adj_head[i] = -1;
    return true;
}

static bool add_half_edge(rf_brogue *d, int a, int b)
{
    if (!rf_grow((void **)&d->edges, &d->edge_cap, d->nedges + 1, sizeof *d->edges))
        return false;
    d->edges[d->nedges].to = b;
    d->edges[d->nedges].next = d->adj_head[a];
    d->adj_head[a] = (int)d->nedges++;
    return true;
}

bool rf_brogue_link(rf_brogue *d, int a, int b)
{
    if (a <= 0 || b <= 0 || a == b)
        return true;
    if (!grow_graph(d, a > b ? a : b))
        return false;
    return add_half_edge(d, a, b) && add_half_edge(d, b, a);
}

static bool adjacent(const rf_brogue *d, int a, int b)
{
    int e;
    if ((size_t)a >= d->adj_cap)
        return false;
    for (e = d->adj_head[a]; e >= 0; e = d->edges[e].next)
        if (d->edges[e].to == b)
            return true;
    return false;
}

bool rf_brogue_rooms_near(const rf_brogue *d, int a, int b)
{
    int e;
    if (a == b || adjacent(d, a, b))
        return true;
    if ((size_t)a >= d->adj_cap)
        return false;
    for (e = d->adj_head[a]; e >= 0; e = d->edges[e].next)
        if (adjacent(d, d->edges[e].to, b))
            return true;
    return false;
}

int rf_brogue_add_room(rf_brogue *d, rf_room_kind kind, int x, int y, int w, int h)
{
    rf_room_rec r;
    int id;
    memset(&r, 0, sizeof r);
    r.kind = kind;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    r.lit = true;
    id = rf_room_list_add(d->rooms, &r);
    if (id == 0 || !grow_graph(d, id))
        return 0;
    if (kind == RF_ROOM_CORRIDOR)
        d->info->corridors++;
    else
        d->info->rooms++;
    return id;
}

void rf_brogue_floor(rf_brogue *d, int c, int room)
{
    int w = d->w;
    uint8_t *t = d->g->t;
    static const int dx[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    static const int dy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    int k;
    t[c] = RF_TILE_FLOOR;
    d->g->room[c] = room;
    for (k = 0; k < 8; k++) {
        int n = c + dy[k] * w + dx[k];
        if (t[n] == RF_TILE_ROCK)
            t[n] = RF_TILE_WALL;
    }
}

bool rf_brogue_add_sites(rf_brogue *d, int c)
{
    int k;
    for (k = 0; k < RF_DIR_COUNT; k++) {
        int n = c + RF_DIR_DY(k) * d->w + RF_DIR_DX(k);
        rf_site_list *l = &d->sites[k];
        if (d->g->t[n] == RF_TILE_FLOOR)
            continue;
        if (!rf_grow((void **)&l->cells, &l->cap, l->n + 1, sizeof *l->cells))
            return false;
        l->cells[l->n++] = n;
    }
    return true;
}

rf_grid *rf_brogue_get_grid(rf_brogue *d) { return d->g; }
rf_rng *rf_brogue_get_rng(rf_brogue *d) { return d->rng; }
const rf_brogue_params *rf_brogue_get_params(const rf_brogue *d) { return d->p; }
uint8_t *rf_brogue_get_protect(rf_brogue *d) { return d->protect; }

bool rf_brogue_add_door_site(rf_brogue *d, int c, int dir)
{
    rf_site_list *l = &d->sites[dir];
    d->protect[c] = RF_PROTECT_DOOR;
    if (!rf_grow((void **)&l->cells, &l->cap, l->n + 1, sizeof *l->cells))
        return false;
    l->cells[l->n++] = c;
    return true;
}

static void dig_fini(rf_brogue *d)
{
    int k;
    rf_free(d->adj_head);
    rf_free(d->edges);
    for (k = 0; k < RF_DIR_COUNT; k++)
        rf_free(d->sites[k].cells);
    rf_free(d->queue);
    rf_free(d->stamp);
    rf_free(d->dist);
    rf_free(d->ca_a);
    rf_free(d->ca_b);
    rf_free(d->ca_w);
    rf_free(d->label);
    rf_free(d->runs);
    rf_free(d->aux);
    rf_grid_free(d->scratch);
    rf_free(d->protect);
}

static bool dig_init(rf_brogue *d, rf_grid *g)
{
    size_t n = (size_t)g->w * (size_t)g->h;
    size_t pad = ((size_t)g->w + 2) * ((size_t)g->h + 2);
    int k;
    for (k = 0; k < 256; k++) {
        d->walk[k] = rf_tile_is_walkable((rf_tile)k);
        d->route[k] = d->walk[k] && !rf_tile_is_hazard((rf_tile)k);
    }
    d->g = g;
    d->w = g->w;
    d->h = g->h;
    /* buffers every user writes before it reads are not cleared: only
     * stamp (read against stamp_gen) and ca_w (the automaton's zero rows
     * above and below, cleared again each restart anyway) start at 0 */
    d->queue = rf_alloc(n * sizeof *d->queue);
    d->stamp = rf_calloc(n, sizeof *d->stamp);
    d->dist = rf_alloc(n * sizeof *d->dist);
    d->label = rf_alloc(pad * sizeof *d->label);
    d->aux = rf_alloc(n * sizeof *d->aux);
    d->ca_a = rf_alloc(pad);
    d->ca_b = rf_alloc(pad);
    /* as ca_a, room for any blob up to the padded level */
    d->ca_w = rf_calloc(2 * ((size_t)g->h + 2) * (((size_t)g->w + 2 + 63) / 64), sizeof *d->ca_w);
    d->runs = rf_alloc((size_t)g->h * (((size_t)g->w + 1) / 2) * sizeof *d->runs);
    return d->queue && d->stamp && d->dist && d->label && d->aux && d->ca_a && d->ca_b &&
           d->ca_w && d->runs; /* scratch: made by the first row that draws */
}

static bool params_ok(const rf_brogue_params *p)
{
    return p->depth >= 1 && p->attempts >= 0 && p->tries_per_attempt >= 0 && p->max_rooms >= 0 &&
           p->lakes >= 0 && p->lake_tries >= 0 && p->lake_max_w >= 1 && p->lake_max_h >= 1 &&
           p->room_w.lo >= 1 && p->room_h.lo >= 1 && p->cross_w.lo >= 1 && p->cross_h.lo >= 1 &&
           p->first_w.lo >= 1 && p->first_h.lo >= 1 && p->corridor_h_len.lo >= 1 &&
           p->corridor_v_len.lo >= 1;
}

/* A Brogue dig in stages (brogue_int.h): the working state outlives each
 * stage, so a recipe can run them one call at a time with its own numbers. */
struct rf_brogue_run {
    rf_brogue d;
    rf_design_row builtin[4];
    const rf_design_row *designs; /* the caller's, or NULL: built from each rooms stage's p */
    size_t ndesigns;
    rf_brogue_info info;
    int stage; /* 0 fresh, 1 rooms dug, 2 finished */
};

rf_status rf_brogue_run_new(rf_grid *g, rf_room_list *rooms, const rf_design_row *designs,
                            size_t ndesigns, rf_rng *layout, rf_rng *cosmetic,
                            const rf_brogue_attach *attach, rf_brogue_run **out)
{
    rf_brogue_run *r;
    *out = NULL;
    if (!g || !rooms || !layout || !cosmetic || g->w < 20 || g->h < 10 ||
        (designs && ndesigns == 0) || rf_grid_count(g, RF_TILE_ROCK) != (size_t)g->w * (size_t)g->h)
        return RF_ERR_ARG;
    r = rf_calloc(1, sizeof *r);
    if (!r)
        return RF_ERR_NOMEM;
    r->designs = designs;
    r->ndesigns = ndesigns;
    r->d.rng = layout;
    r->d.cosmetic = cosmetic;
    r->d.rooms = rooms;
    r->d.info = &r->info;
    if (!dig_init(&r->d, g) ||
        (attach && !(r->d.protect = rf_calloc((size_t)g->w * (size_t)g->h, 1)))) {
        rf_brogue_run_free(r);
        return RF_ERR_NOMEM;
    }
    r->d.attach = attach;
    if (attach && attach->keep) {
        size_t i, n = (size_t)g->w * (size_t)g->h;
        for (i = 0; i < n; i++)
            if (attach->keep[i] == 1) {
                g->t[i] = RF_TILE_WALL;
                r->d.protect[i] = RF_PROTECT_CELL;
            } else if (attach->keep[i] == 2) {
                r->d.protect[i] = RF_PROTECT_FRONT;
            }
    }
    *out = r;
    return RF_OK;
}

void rf_brogue_run_free(rf_brogue_run *r)
{
    if (!r)
        return;
    dig_fini(&r->d);
    rf_free(r);
}

const rf_brogue_info *rf_brogue_run_info(const rf_brogue_run *r) { return &r->info; }

/* Stage guard: RF_ERR_ARG when p is bad or the run is not at stage want. */
static rf_status run_stage(rf_brogue_run *r, const rf_brogue_params *p, int want)
{
    if (!r || !p || !params_ok(p) || r->stage != want)
        return RF_ERR_ARG;
    r->d.p = p;
    return RF_OK;
}

rf_status rf_brogue_run_rooms(rf_brogue_run *r, const rf_brogue_params *p)
{
    rf_status st = run_stage(r, p, 0);
    if (st != RF_OK)
        return st;
    if (r->designs) {
        r->d.designs = r->designs;
        r->d.ndesigns = r->ndesigns;
    } else {
        r->d.ndesigns = rf_brogue_designs(p, r->builtin, sizeof r->builtin / sizeof r->builtin[0]);
        r->d.designs = r->builtin;
    }
    if (!rf_accrete_first_room(&r->d) || !rf_accrete_rooms(&r->d))
        return RF_ERR_NOMEM;
    r->stage = 1;
    return RF_OK;
}

rf_status rf_brogue_run_loops(rf_brogue_run *r, const rf_brogue_params *p)
{
    rf_status st = run_stage(r, p, 1);
    return st != RF_OK ? st : rf_loops_add(&r->d) ? RF_OK : RF_ERR_NOMEM;
}

rf_status rf_brogue_run_lakes(rf_brogue_run *r, const rf_brogue_params *p)
{
    rf_status st = run_stage(r, p, 1);
    return st != RF_OK ? st : rf_lakes_add(&r->d) ? RF_OK : RF_ERR_NOMEM;
}

rf_status rf_brogue_run_finish(rf_brogue_run *r, const rf_brogue_params *p, int *choke,
                               uint8_t *tiles)
{
    rf_brogue *d = &r->d;
    rf_status st = run_stage(r, p, 1);
    if (st != RF_OK)
        return st;
    /* Passes in Brogue's order. */
    rf_pass_diagonals(d);
    if (choke && !rf_pass_chokepoints(d, choke))
        return RF_ERR_NOMEM;
    if (!choke && tiles)
        memcpy(tiles, d->g->t, (size_t)d->w * (size_t)d->h);
    rf_pass_lake_walls(d);
    rf_pass_diagonals(d); /* knocked-down walls may open new diagonals */
    rf_bridges_add(d);
    if (rf_grid_sink_stranded(d->g, NULL) != RF_OK) /* what lakes cut off */
        return RF_ERR_NOMEM;
    rf_pass_orphan_doors(d);
    rf_pass_secret_doors(d);
    r->info.doors =
        (int)(rf_grid_count(d->g, RF_TILE_DOOR) + rf_grid_count(d->g, RF_TILE_SECRET_DOOR));
    r->info.traps = rf_rng_range_lemire(d->rng, p->traps.lo, p->traps.hi);
    rf_pass_finish_walls(d);
    r->stage = 2;
    return RF_OK;
}

rf_status rf_brogue_dig(rf_grid *g, rf_room_list *rooms, const rf_brogue_params *p,
                        const rf_design_row *designs, size_t ndesigns, rf_rng *layout,
                        rf_rng *cosmetic, int *choke, rf_brogue_info *info)
{
    return rf_brogue_dig_attach(g, rooms, p, designs, ndesigns, layout, cosmetic, choke, info,
                                NULL);
}

rf_status rf_brogue_dig_attach(rf_grid *g, rf_room_list *rooms, const rf_brogue_params *p,
                               const rf_design_row *designs, size_t ndesigns, rf_rng *layout,
                               rf_rng *cosmetic, int *choke, rf_brogue_info *info,
                               const rf_brogue_attach *attach)
{
    rf_brogue_run *r;
    rf_status st;
    if (info)
        memset(info, 0, sizeof *info);
    if (!p || !params_ok(p))
        return RF_ERR_ARG;
    st = rf_brogue_run_new(g, rooms, designs, ndesigns, layout, cosmetic, attach, &r);
    if (st != RF_OK)
        return st;
    st = rf_brogue_run_rooms(r, p);
    if (st == RF_OK)
        st = rf_brogue_run_loops(r, p);
    if (st == RF_OK)
        st = rf_brogue_run_lakes(r, p);
    if (st == RF_OK)
        st = rf_brogue_run_finish(r, p, choke, NULL);
    if (info)
        *info = r->info;
    rf_brogue_run_free(r);
    return st;
}
