/* engine/src/passes/populate.c: the population pass: traps, then the
 * sleeping hordes, out of the up stairs' sight.
 *
 * Pipeline: passes, the populate recipe step on the "populate" stream.
 * Design: one scratch block per call; candidate lists drawn in O(1) each with
 * deterministic swaps; the up stairs' sight is one rf_fov_map a level (the
 * pair test a candidate walked up to a side a tile: issue 33).
 * Seeds: shared/seeds/brogue-level-generation.txt (Monster Spawning).
 */
#include <string.h>

#include "core/seam.h"
#include "grid/seam.h"
#include "passes/seam.h"

enum { T_REACH = 1, T_TAKEN = 2, T_MONSTER = 4 };

/* The reference level of the seed's numbers: Brogue's 79 x 29. */
#define REF_AREA (79 * 29)

void rf_populate_opts_init(rf_populate_opts *o)
{
    memset(o, 0, sizeof *o);
    o->depth = 1;
    o->hordes = -1;
}

int rf_populate_horde_count(int depth, int w, int h)
{
    long area = (long)w * (long)h, scale = area / REF_AREA;
    int base = RF_POPULATE_HORDES;
    if (depth > RF_POPULATE_AMULET_DEPTH) /* one more a depth below the amulet's, to 20 */
        base = depth - RF_POPULATE_AMULET_DEPTH + RF_POPULATE_HORDES > RF_POPULATE_HORDES_MAX
                   ? RF_POPULATE_HORDES_MAX
                   : depth - RF_POPULATE_AMULET_DEPTH + RF_POPULATE_HORDES;
    if (scale < 1)
        scale = 1;
    return (int)(base * scale);
}

int rf_populate_horde_depth(int depth, rf_rng *rng)
{
    int k, d;
    if (depth < 2 || !rf_rng_chance(rng, RF_POPULATE_OOD_PERCENT))
        return depth;
    k = depth / 2 < RF_POPULATE_OOD_MAX ? depth / 2 : RF_POPULATE_OOD_MAX;
    d = depth + rf_rng_range(rng, 1, k);
    /* no post-amulet horde until the player is below the amulet's depth */
    if (depth <= RF_POPULATE_AMULET_DEPTH && d > RF_POPULATE_AMULET_DEPTH)
        d = RF_POPULATE_AMULET_DEPTH;
    return d;
}

static bool random_at(const rf_horde *h, int depth)
{
    return !h->machine && h->min_depth <= depth && depth <= h->max_depth;
}

/* A weighted pick among the random hordes covering depth, or NULL. */
static const rf_horde *pick_at(const rf_horde_table *t, int depth, rf_rng *rng)
{
    size_t i, n = rf_horde_count(t);
    long total = 0, r;
    for (i = 0; i < n; i++)
        if (random_at(rf_horde_at(t, i), depth))
            total += rf_horde_at(t, i)->frequency;
    if (total <= 0)
        return NULL;
    r = (long)rf_rng_below(rng, (uint32_t)total);
    for (i = 0; i < n; i++) {
        const rf_horde *h = rf_horde_at(t, i);
        if (!random_at(h, depth))
            continue;
        if (r < h->frequency)
            return h;
        r -= h->frequency;
    }
    return NULL; /* not reached: r < total */
}

const rf_horde *rf_populate_pick_horde(const rf_horde_table *t, int depth, rf_rng *rng,
                                       int *picked)
{
    int d = rf_populate_horde_depth(depth, rng);
    const rf_horde *h = pick_at(t, d, rng);
    if (!h && d != depth) {
        d = depth;
        h = pick_at(t, d, rng);
    }
    if (h && picked)
        *picked = d;
    return h;
}

/* A weighted pick among the trap kinds covering depth, or NULL. */
static const rf_trap_kind *pick_trap(const rf_horde_table *t, int depth, rf_rng *rng)
{
    size_t i, n = rf_horde_trap_count(t);
    long total = 0, r;
    for (i = 0; i < n; i++) {
        const rf_trap_kind *k = rf_horde_trap_at(t, i);
        if (k->min_depth <= depth && depth <= k->max_depth)
            total += k->frequency;
    }
    if (total <= 0)
        return NULL;
    r = (long)rf_rng_below(rng, (uint32_t)total);
    for (i = 0; i < n; i++) {
        const rf_trap_kind *k = rf_horde_trap_at(t, i);
        if (k->min_depth > depth || depth > k->max_depth)
            continue;
        if (r < k->frequency)
            return k;
        r -= k->frequency;
    }
    return NULL; /* not reached */
}

/* The state of one call. */
typedef struct pop {
    const rf_grid *g;
    const rf_room_list *rooms;
    const rf_populate_opts *o;
    rf_rng *rng;
    rf_placed_list *objs;
    size_t n;           /* tiles */
    unsigned char *flag; /* T_* per tile */
    int *cand;          /* candidate tiles of the current kind */
    size_t ncand;
    int *queue;         /* BFS queue */
    unsigned *stamp;    /* BFS visit stamps */
    unsigned round;
    unsigned char *seen; /* what the up stairs see, rf_fov_map's */
} pop;

/* The room record at tile i, or NULL. */
static const rf_room_rec *room_at(const pop *p, size_t i)
{
    int r = p->g->room[i];
    if (r < 1 || (size_t)r > p->rooms->n)
        return NULL;
    return &p->rooms->items[r - 1];
}

/* False when tile i is in a locked room or one that keeps `keep` out. */
static bool room_allows(const pop *p, size_t i, unsigned keep)
{
    const rf_room_rec *r = room_at(p, i);
    return !r || (!r->locked && !(r->keep_out & keep));
}

/* A tile a monster may start on (terrain only): walkable, but no door, no
 * destructible wall, no stairs, no acid (a sleeper does not lie in it) and no
 * hazard (brimstone burns; a chasm's edge is a step from a fall). */
static bool monster_terrain(rf_tile t)
{
    return rf_tile_is_walkable(t) && !rf_tile_is_hazard(t) && t != RF_TILE_DOOR &&
           t != RF_TILE_SECRET_DOOR &&
           t != RF_TILE_BREAKABLE && t != RF_TILE_STAIRS_UP && t != RF_TILE_STAIRS_DOWN &&
           t != RF_TILE_ACID;
}

/* Marks the tiles reachable from the up stairs by 4-neighbour steps over
 * walkable tiles (DESIGN 6's connectivity). */
static void mark_reachable(pop *p)
{
    const rf_grid *g = p->g;
    size_t head = 0, tail = 0;
    int start = p->o->up_y * g->w + p->o->up_x, k;
    uint8_t walk[256]; /* by tile byte: no call per neighbour */
    for (k = 0; k < 256; k++)
        walk[k] = rf_tile_is_walkable((rf_tile)k);
    p->flag[start] |= T_REACH;
    p->queue[tail++] = start;
    while (head < tail) {
        int i = p->queue[head++], x = i % g->w, y = i / g->w;
        /* right, left, down, up */
        int nb[4] = {x < g->w - 1 ? i + 1 : -1, x > 0 ? i - 1 : -1, y < g->h - 1 ? i + g->w : -1,
                     y > 0 ? i - g->w : -1};
        for (k = 0; k < 4; k++) {
            int j = nb[k];
            if (j >= 0 && !(p->flag[j] & T_REACH) && walk[g->t[j]]) {
                p->flag[j] |= T_REACH;
                p->queue[tail++] = j;
            }
        }
    }
}

/* Draws a free tile from the candidates, swapping taken ones out; -1 when
 * none is left. */
static int draw_tile(pop *p)
{
    while (p->ncand > 0) {
        size_t j = rf_rng_below(p->rng, (uint32_t)p->ncand);
        int i = p->cand[j];
        p->cand[j] = p->cand[--p->ncand];
        if (!(p->flag[i] & T_TAKEN))
            return i;
    }
    return -1;
}

/* Appends one object at tile i; false when memory runs out. */
static bool put(pop *p, int i, const char *type, const char *name, int quality, int horde,
                bool leader)
{
    rf_placed o;
    int x = i % p->g->w, y = i / p->g->w;
    rf_placed_init(&o, type, name, x, y, p->g->room[i]);
    o.quality = quality;
    o.horde = horde;
    o.leader = leader;
    o.asleep = horde > 0; /* the level's first hordes all sleep (the seed) */
    if (!rf_placed_list_add(p->objs, &o))
        return false;
    p->flag[i] |= T_TAKEN;
    return true;
}

static rf_status place_traps(pop *p, const rf_horde_table *t, size_t *placed)
{
    const rf_grid *g = p->g;
    size_t i;
    int k;
    p->ncand = 0;
    for (i = 0; i < p->n; i++)
        if ((p->flag[i] & (T_REACH | T_TAKEN)) == T_REACH && g->t[i] == RF_TILE_FLOOR &&
            room_allows(p, i, RF_KEEP_TRAPS) && (!p->o->choke || p->o->choke[i] <= 0))
            p->cand[p->ncand++] = (int)i;
    for (k = 0; k < p->o->traps; k++) {
        const rf_trap_kind *kind = pick_trap(t, p->o->depth, p->rng);
        int at;
        if (!kind || (at = draw_tile(p)) < 0)
            break;
        if (!put(p, at, "trap", kind->name, 0, 0, false))
            return RF_ERR_NOMEM;
        (*placed)++;
    }
    return RF_OK;
}

/* The monster candidates: reachable, fit terrain, allowed room, free, and
 * out of the up stairs' sight (rf_fov_los's relation, mapped once);
 * RF_ERR_NOMEM when the map's scratch cannot be had. */
static rf_status monster_candidates(pop *p)
{
    const rf_grid *g = p->g;
    size_t i;
    uint8_t terrain[256]; /* monster_terrain by tile byte: no call per tile */
    rf_status st = rf_fov_map(g, p->o->up_x, p->o->up_y, p->seen);
    if (st != RF_OK)
        return st;
    for (i = 0; i < 256; i++)
        terrain[i] = monster_terrain((rf_tile)i);
    p->ncand = 0;
    for (i = 0; i < p->n; i++) {
        if ((p->flag[i] & (T_REACH | T_TAKEN)) != T_REACH || !terrain[g->t[i]] ||
            !room_allows(p, i, RF_KEEP_MONSTERS) || p->seen[i])
            continue;
        p->flag[i] |= T_MONSTER;
        p->cand[p->ncand++] = (int)i;
    }
    return RF_OK;
}

/* The members of h around the leader at tile lead: the free monster tiles
 * nearest it by 4-neighbour steps over walkable tiles, within
 * RF_POPULATE_MEMBER_REACH steps, in BFS order; members with no tile left
 * are dropped. */
static rf_status place_members(pop *p, const rf_horde *h, int lead, int quality, int horde,
                               size_t *monsters)
{
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    const rf_grid *g = p->g;
    size_t head = 0, tail = 0, m, row = 0;
    int want[RF_HORDE_MEMBERS_MAX], left = 0, dist;
    for (m = 0; m < h->nmembers; m++) {
        want[m] = rf_rng_range(p->rng, h->members[m].lo, h->members[m].hi);
        left += want[m];
    }
    if (left == 0)
        return RF_OK;
    if (++p->round == 0) { /* the stamps wrapped: start them again */
        memset(p->stamp, 0, p->n * sizeof *p->stamp);
        p->round = 1;
    }
    p->stamp[lead] = p->round;
    p->queue[tail++] = lead;
    for (dist = 0; head < tail && left > 0 && dist <= RF_POPULATE_MEMBER_REACH; dist++) {
        size_t level_end = tail;
        for (; head < level_end && left > 0; head++) {
            int i = p->queue[head], x = i % g->w, y = i / g->w, k;
            if (i != lead && (p->flag[i] & (T_MONSTER | T_TAKEN)) == T_MONSTER) {
                while (want[row] == 0)
                    row++; /* left > 0, so some row still wants one */
                if (!put(p, i, "monster", h->members[row].monster, quality, horde, false))
                    return RF_ERR_NOMEM;
                (*monsters)++;
                want[row]--;
                left--;
            }
            for (k = 0; k < 4 && dist < RF_POPULATE_MEMBER_REACH; k++) {
                int nx = x + dx[k], ny = y + dy[k], j;
                if (nx < 0 || ny < 0 || nx >= g->w || ny >= g->h)
                    continue;
                j = ny * g->w + nx;
                if (p->stamp[j] != p->round && rf_tile_is_walkable((rf_tile)g->t[j])) {
                    p->stamp[j] = p->round;
                    p->queue[tail++] = j;
                }
            }
        }
    }
    return RF_OK;
}

static rf_status place_hordes(pop *p, const rf_horde_table *t, rf_populate_result *res)
{
    int k, count = p->o->hordes >= 0 ? p->o->hordes
                                     : rf_populate_horde_count(p->o->depth, p->g->w, p->g->h);
    int base = 0; /* horde numbers past those of template hordes placed already */
    size_t i;
    rf_status st;
    for (i = 0; i < p->objs->n; i++)
        if (p->objs->items[i].horde > base)
            base = p->objs->items[i].horde;
    if ((st = monster_candidates(p)) != RF_OK)
        return st;
    for (k = 0; k < count; k++) {
        int picked = p->o->depth, lead, number = base + (int)res->hordes + 1;
        const rf_horde *h = rf_populate_pick_horde(t, p->o->depth, p->rng, &picked);
        if (!h)
            break; /* no horde covers the depth: the table's gap (population-gap) */
        if ((lead = draw_tile(p)) < 0)
            break; /* no free tile out of sight is left */
        if (!put(p, lead, "monster", h->leader, picked, number, true))
            return RF_ERR_NOMEM;
        if (h->captive) { /* shackled; it sleeps with its captors (the seed) */
            p->objs->items[p->objs->n - 1].captive = true;
            res->captives++;
        }
        res->monsters++;
        st = place_members(p, h, lead, picked, number, &res->monsters);
        if (st != RF_OK)
            return st;
        res->hordes++;
        res->out_of_depth += picked > p->o->depth;
    }
    return RF_OK;
}

rf_status rf_populate(const rf_grid *g, const rf_room_list *rooms, const rf_horde_table *t,
                      const rf_populate_opts *o, rf_rng *rng, rf_placed_list *objs,
                      rf_populate_result *res)
{
    rf_populate_result r;
    pop p;
    size_t before, i, bytes;
    rf_status st = RF_ERR_NOMEM;
    if (!g || !rooms || !t || !o || !rng || !objs || o->depth < 1 || o->traps < 0 ||
        o->hordes < -1 || !rf_grid_in_bounds(g, o->up_x, o->up_y))
        return RF_ERR_ARG;
    memset(&r, 0, sizeof r);
    memset(&p, 0, sizeof p);
    p.g = g;
    p.rooms = rooms;
    p.o = o;
    p.rng = rng;
    p.objs = objs;
    p.n = (size_t)g->w * (size_t)g->h; /* sides are bounded by RF_GRID_MAX_SIDE */
    before = objs->n;
    if (!rf_size_mul(p.n, sizeof *p.cand, &bytes))
        return RF_ERR_LIMIT;
    p.flag = rf_calloc(p.n, 1);
    p.cand = rf_alloc(bytes);
    p.queue = rf_alloc(bytes);
    p.stamp = rf_calloc(p.n, sizeof *p.stamp);
    p.seen = rf_alloc(p.n);
    if (!p.flag || !p.cand || !p.queue || !p.stamp || !p.seen)
        goto fail;
    for (i = 0; i < objs->n; i++) /* objects already placed keep their tiles */
        if (rf_grid_in_bounds(g, objs->items[i].x, objs->items[i].y))
            p.flag[(size_t)objs->items[i].y * (size_t)g->w + (size_t)objs->items[i].x] |= T_TAKEN;
    mark_reachable(&p);
    st = place_traps(&p, t, &r.traps);
    if (st == RF_OK)
        st = place_hordes(&p, t, &r);
    if (st == RF_OK && res)
        *res = r;
fail:
    if (st != RF_OK)
        objs->n = before; /* the list as it was */
    rf_free(p.flag);
    rf_free(p.cand);
    rf_free(p.queue);
    rf_free(p.stamp);
    rf_free(p.seen);
    return st;
}
