/* engine/src/place/place_attach.c: attach: templates as room designs of
 * Brogue's accretion, their door on a wall site, maybe after a corridor.
 *
 * Pipeline: place, inside dig: the Brogue dig calls rf_place_attach_step
 * before each accretion attempt. Design: entries take the attempts of the
 * open early level, the largest first; what fails gets a fit after digging.
 * Seeds: shared/seeds/brogue-level-generation.txt, dredmor-room-system.txt.
 */
#include <limits.h>
#include <stdlib.h>

#include "core/seam.h"
#include "dig/seam.h"
#include "grid/seam.h"
#include "place_int.h"

#define FORCED_FIRST 8  /* attempts a forced room makes at the first room */
#define SEED_TRIES 400  /* origins tried when it is seeded instead */
/* The entries' first attempts are spread over this share of the attempts
 * that may dig corridors: a large room finds a site only while accretion
 * has left the level open, and one left out costs the level a retry or a
 * fit over dug ground (issue 33: 1/2 left 29 of 100 Brogue levels to a
 * retry, 1/16 leaves 9, before the fit's scan). */
#define ATTACH_SPREAD 16

/* Draws entry e's view v at (ox, oy) with door k in use; the corridor (len
 * tiles from the site) first. site -1 (and k -1): a seeded room, joined by
 * nothing yet. false when memory runs out. */
static bool attach_build(rf_placer *pl, rf_brogue *d, rf_plan_entry *e, const rf_tview *v, int k,
                         int site, int dir, int len, int ox, int oy)
{
    rf_grid *g = rf_brogue_get_grid(d);
    uint8_t *protect = rf_brogue_get_protect(d);
    int w = g->w, off = RF_DIR_DY(dir) * w + RF_DIR_DX(dir), corridor = 0, room, i;
    int from = site >= 0 ? g->room[site - off] : 0;
    size_t di;
    if (len > 0) {
        if (!rf_brogue_corridor(d, site, dir, len, &corridor))
            return false;
        /* the level's end of the corridor: a door by the door chance; the
         * unused door of another template stays a door, now in use */
        if (protect[site] == RF_PROTECT_DOOR) {
            g->t[site] = RF_TILE_DOOR;
            protect[site] = RF_PROTECT_CELL;
            protect[site + off] = RF_PROTECT_CELL;
        } else {
            g->t[site] = rf_rng_chance_lemire(rf_brogue_get_rng(d), rf_brogue_get_params(d)->door_chance) ? RF_TILE_DOOR : RF_TILE_FLOOR;
        }
    }
    room = rf_brogue_add_room(d, RF_ROOM_TEMPLATE, ox, oy, v->w, v->h);
    if (!room)
        return false;
    rf_place_stamp(pl, v, ox, oy, room, k);
    rf_place_record(pl, e, room, ox, oy, v->orient);
    for (i = 0; i < v->w * v->h; i++) {
        int x = i % v->w, y = i / v->w;
        if (v->cells[i] != ' ')
            protect[(oy + y) * w + ox + x] = RF_PROTECT_CELL;
    }
    if (k >= 0) /* the tile in front of the door in use: no lake drowns it */
        protect[(oy + v->doors[k].y - RF_DIR_DY(dir)) * w + ox + v->doors[k].x -
                   RF_DIR_DX(dir)] = RF_PROTECT_CELL;
    if (site >= 0 && (!rf_brogue_link(d, from, corridor ? corridor : room) ||
                      (corridor && !rf_brogue_link(d, corridor, room))))
        return false;
    for (i = 1; i <= len; i++)
        if (!rf_brogue_add_sites(d, site + off * i))
            return false;
    /* the unused doors: wall now, sites accretion may open later */
    for (di = 0; di < v->ndoors; di++) {
        int c = (oy + v->doors[di].y) * w + ox + v->doors[di].x, dd = v->doors[di].dir;
        if ((int)di == k || g->t[c] != RF_TILE_WALL)
            continue;
        if (!rf_brogue_add_door_site(d, c, dd))
            return false;
        /* a seeded room's doors wait for accretion or a corridor: what is in
         * front of them must stay rock, not become lake (it would wall the
         * room up for good) */
        if (site < 0) {
            int fx = ox + v->doors[di].x + RF_DIR_DX(dd), fy = oy + v->doors[di].y + RF_DIR_DY(dd);
            if (fx >= 1 && fy >= 1 && fx < w - 1 && fy < g->h - 1 && !protect[fy * w + fx])
                protect[fy * w + fx] = RF_PROTECT_FRONT;
        }
    }
    return true;
}

/* A random allowed orientation of e's template. */
static int pick_orient(rf_brogue *d, const rf_plan_entry *e)
{
    int allowed[RF_ORIENT_COUNT], n = 0, o;
    for (o = 0; o < RF_ORIENT_COUNT; o++)
        if (rf_place_orient_ok(e, o))
            allowed[n++] = o;
    return allowed[rf_rng_below_lemire(rf_brogue_get_rng(d), (uint32_t)n)];
}

/* One accretion attempt for entry e: 1 placed, 0 not, -1 out of memory.
 * Each of the profile's tries draws an orientation and a door, then a wall
 * site facing the door (a template's size is fixed, so a fresh site is what
 * a new try can change), then corridor or not and its length. */
static int attach_once(rf_placer *pl, rf_brogue *d, rf_plan_entry *e, bool corridor_phase)
{
    const rf_brogue_params *p = rf_brogue_get_params(d);
    rf_rng *rng = rf_brogue_get_rng(d);
    int w = rf_brogue_get_grid(d)->w, t;
    for (t = 0; t < p->tries_per_attempt; t++) {
        const rf_tview *v = rf_place_view(e, pick_orient(d, e));
        bool corridor = corridor_phase && rf_rng_chance_lemire(rng, p->corridor_chance);
        size_t at;
        int k, dir, site, sx, sy, len = 0, ex, ey;
        if (!v)
            return -1;
        if (v->ndoors == 0)
            return 0;
        k = (int)rf_rng_below_lemire(rng, (uint32_t)v->ndoors);
        dir = (v->doors[k].dir + 2) % RF_DIR_COUNT;
        site = rf_accrete_pick_site(d, dir, &at);
        if (site < 0)
            continue;
        sx = site % w;
        sy = site / w;
        if (corridor) { /* a length the free run has room for (and the door) */
            rf_span s = RF_DIR_DX(dir) ? p->corridor_h_len : p->corridor_v_len;
            int run = rf_accrete_free_run(d, sx, sy, dir, s.hi + 1);
            if (run - 1 >= s.lo) /* else attach at the wall itself */
                len = rf_rng_range_lemire(rng, s.lo, s.hi < run - 1 ? s.hi : run - 1);
        }
        ex = sx + RF_DIR_DX(dir) * (len > 0 ? len + 1 : 0);
        ey = sy + RF_DIR_DY(dir) * (len > 0 ? len + 1 : 0);
        if (!rf_place_fits(pl, v, ex - v->doors[k].x, ey - v->doors[k].y, false))
            continue;
        return attach_build(pl, d, e, v, k, site, dir, len, ex - v->doors[k].x,
                            ey - v->doors[k].y) ? 1 : -1;
    }
    return 0;
}

/* A forced entry accretion could not attach at once is seeded: drawn on
 * free rock anywhere, as the first room is, with every door a wall site
 * accretion may open (what stays unjoined gets a corridor after digging,
 * place_fit.c). 1 placed, 0 not, -1 out of memory. */
static int seed_room(rf_placer *pl, rf_brogue *d, rf_plan_entry *e)
{
    const rf_grid *g = rf_brogue_get_grid(d);
    rf_rng *rng = rf_brogue_get_rng(d);
    int tries;
    for (tries = 0; tries < SEED_TRIES; tries++) {
        const rf_tview *v = rf_place_view(e, pick_orient(d, e));
        int ox, oy;
        if (!v)
            return -1;
        if (v->w > g->w || v->h > g->h)
            continue;
        ox = rf_rng_range_lemire(rng, 0, g->w - v->w);
        oy = rf_rng_range_lemire(rng, 0, g->h - v->h);
        if (rf_place_fits(pl, v, ox, oy, false))
            return attach_build(pl, d, e, v, -1, -1, 0, 0, ox, oy) ? 1 : -1;
    }
    return 0;
}

/* An entry the accretion attempts no longer try. */
static bool attach_done(const rf_plan_entry *e)
{
    return e->placed || e->reserved || e->refused || e->budget <= 0;
}

/* The attach order: forced entries first, then the drawn ones by the area
 * of their box, largest first (a small room still finds a site late), plan
 * order between equals. */
typedef struct order_key {
    long rank; /* forced: LONG_MIN; drawn: minus the box's area */
    size_t i;  /* the plan index */
} order_key;

static int by_key(const void *a, const void *b)
{
    const order_key *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

rf_status rf_place_attach_order(rf_placer *pl)
{
    order_key *keys = rf_alloc((pl->n ? pl->n : 1) * sizeof *keys);
    size_t i;
    rf_free(pl->order);
    pl->order = rf_alloc((pl->n ? pl->n : 1) * sizeof *pl->order);
    if (!keys || !pl->order) {
        rf_free(keys);
        return RF_ERR_NOMEM;
    }
    for (i = 0; i < pl->n; i++) {
        const rf_plan_entry *e = &pl->plan[i];
        keys[i].rank =
            e->forced ? LONG_MIN : -(long)rf_template_width(e->t) * rf_template_height(e->t);
        keys[i].i = i;
    }
    qsort(keys, pl->n, sizeof *keys, by_key);
    for (i = 0; i < pl->n; i++) {
        pl->order[i] = keys[i].i;
        pl->plan[keys[i].i].slot = (int)i;
    }
    rf_free(keys);
    return RF_OK;
}

bool rf_place_attach_step(void *ud, rf_brogue *d, int attempt)
{
    rf_placer *pl = ud;
    const rf_brogue_params *p = rf_brogue_get_params(d);
    int early = p->attempts - p->rooms_only_last;
    size_t i;
    if (early < 1)
        early = p->attempts;
    /* before the first accretion: forced rooms attach to the first room, or
     * are seeded while the level is still empty */
    for (i = 0; attempt == 0 && i < pl->n; i++) {
        rf_plan_entry *e = &pl->plan[i];
        int rc = 0, k;
        if (e->reserved || e->refused)
            continue; /* drawn in its box after digging (place_reserve.c), or never */
        for (k = 0; e->forced && !e->placed && rc == 0 && k < FORCED_FIRST; k++)
            rc = attach_once(pl, d, e, true);
        if (rc == 0 && e->forced && !e->placed)
            rc = seed_room(pl, d, e);
        if (rc < 0)
            return false;
    }
    /* the first due entry not done, in attach order: entries only ever
     * become done while the level is dug, and an entry's first attempt
     * grows with its slot, its place in the order, so the walk starts past the done ones and stops at the first entry
     * not yet due (a plan of thousands of entries on a large level no
     * longer costs its length an attempt) */
    if (attempt == 0)
        pl->attach_from = 0;
    while (pl->attach_from < pl->n && attach_done(&pl->plan[pl->order[pl->attach_from]]))
        pl->attach_from++;
    for (i = pl->attach_from; i < pl->n; i++) {
        rf_plan_entry *e = &pl->plan[pl->order[i]];
        long due = (long)e->slot * early / (long)(ATTACH_SPREAD * pl->n);
        int rc;
        if (attempt < due)
            break;
        if (attach_done(e))
            continue;
        e->budget--;
        rc = attach_once(pl, d, e, attempt < early);
        if (rc < 0)
            return false;
        if (rc == 0 && e->budget <= 0)
            e->why = RF_PLACE_BUDGET;
        return true; /* one entry per accretion attempt */
    }
    return true;
}
