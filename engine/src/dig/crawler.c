/* engine/src/dig/crawler.c: DungeonMaker's wall crawlers: Forward and
 * Direction, dormancy, generations, open and closed endings.
 *
 * Pipeline: dig; runs the crawler queue dig_crawl.c fills, writes walls.
 * Design: a wall is built only where it touches no wall but the crawler's
 * own, so open crawlers never cut the dungeon; closed endings may.
 * Seeds: shared/seeds/dungeonmaker-rooms-file.txt (crawlers).
 */
#include "crawler_int.h"

#include "core/seam.h"

static const int hdx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int hdy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

int rf_head_dx(int h) { return hdx[h & 7]; }
int rf_head_dy(int h) { return hdy[h & 7]; }

bool rf_crawler_add(rf_crawl_world *w, const rf_crawler *c)
{
    if (w->n >= RF_CRAWL_MAX_CRAWLERS)
        return true;
    if (!rf_grow((void **)&w->c, &w->cap, w->n + 1, sizeof *w->c))
        return false;
    w->c[w->n] = *c;
    w->c[w->n].alive = true;
    w->n++;
    return true;
}

static bool floor_at(const rf_grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h && RF_GRID_AT(g, x, y) == RF_TILE_FLOOR;
}

bool rf_crawl_can_build(const rf_crawl_world *w, int x, int y, int f)
{
    const rf_grid *g = w->g;
    int fx = hdx[f & 7], fy = hdy[f & 7], px = -fy, py = fx; /* perp: 90 degrees right */
    int tx = x + fx, ty = y + fy;
    if (tx < 1 || ty < 1 || tx > g->w - 2 || ty > g->h - 2)
        return false;
    if (RF_GRID_AT(g, tx, ty) != RF_TILE_FLOOR || w->keep[(size_t)ty * (size_t)g->w + (size_t)tx])
        return false;
    return floor_at(g, tx + fx, ty + fy) && floor_at(g, tx + px, ty + py) &&
           floor_at(g, tx - px, ty - py) && floor_at(g, tx + fx + px, ty + fy + py) &&
           floor_at(g, tx + fx - px, ty + fy - py);
}

/* The legal Forward headings of c into out[]; returns how many. */
static int legal(const rf_crawler *c, int *out)
{
    int n = 0, h;
    if (c->dir == RF_HEAD_NONE) {
        for (h = 0; h < 8; h += 2)
            out[n++] = h;
    } else if (c->dir % 2 == 0) {
        out[n++] = c->dir;
        out[n++] = (c->dir + 2) & 7;
        out[n++] = (c->dir + 6) & 7;
    } else {
        out[n++] = (c->dir + 7) & 7;
        out[n++] = (c->dir + 1) & 7;
    }
    return n;
}

/* A closed crawler's last step: into a tile beside a wall it can reach. */
static void close_off(rf_crawl_world *w, rf_crawler *c, const int *heads, int nh)
{
    rf_grid *g = w->g;
    int i, j;
    for (i = 0; i < nh; i++) {
        int f = heads[i], tx = c->x + hdx[f], ty = c->y + hdy[f];
        if (tx < 1 || ty < 1 || tx > g->w - 2 || ty > g->h - 2 ||
            RF_GRID_AT(g, tx, ty) != RF_TILE_FLOOR ||
            w->keep[(size_t)ty * (size_t)g->w + (size_t)tx])
            continue;
        for (j = 0; j < 8; j += 2) {
            int nx = tx + hdx[j], ny = ty + hdy[j];
            if ((nx == c->x && ny == c->y) || RF_GRID_AT(g, nx, ny) != RF_TILE_WALL)
                continue;
            RF_GRID_AT(g, tx, ty) = RF_TILE_WALL;
            w->stats->joins++;
            w->stats->walls++;
            return;
        }
    }
}

/* One step of c at iteration t; false when a child cannot be queued. */
static bool step(rf_crawl_world *w, rf_crawler *c, int t)
{
    int heads[4], nh = legal(c, heads), order[4], i, k = 0, start;
    if (c->steps >= w->p->lifetime) {
        c->alive = false;
        return true;
    }
    if (nh > 1 && rf_rng_chance(w->rng, w->p->turn_chance))
        c->fwd = heads[rf_rng_below(w->rng, (uint32_t)nh)];
    /* Forward first, then the other legal headings from a random start */
    order[k++] = c->fwd;
    start = (int)rf_rng_below(w->rng, (uint32_t)nh);
    for (i = 0; i < nh; i++)
        if (heads[(start + i) % nh] != c->fwd)
            order[k++] = heads[(start + i) % nh];
    for (i = 0; i < k; i++) {
        int f = order[i];
        if (!rf_crawl_can_build(w, c->x, c->y, f))
            continue;
        c->x += hdx[f];
        c->y += hdy[f];
        c->fwd = f;
        c->steps++;
        RF_GRID_AT(w->g, c->x, c->y) = RF_TILE_WALL;
        w->stats->walls++;
        if (c->gen < w->p->generations && rf_rng_chance(w->rng, w->p->spawn_chance)) {
            rf_crawler child = {0};
            int side = rf_rng_below(w->rng, 2) ? 2 : 6, next = (c->gen + 1) * RF_CRAWL_GENERATION;
            child.x = c->x;
            child.y = c->y;
            child.fwd = child.dir = (f + side) & 7;
            child.gen = c->gen + 1;
            child.wake = next > t + 1 ? next : t + 1;
            child.closed = rf_rng_chance(w->rng, w->p->child_closed);
            /* c may move when the queue grows: it is not used after this */
            return rf_crawler_add(w, &child);
        }
        return true;
    }
    if (c->closed)
        close_off(w, c, order, k);
    c->alive = false;
    return true;
}

rf_status rf_crawl_run(rf_crawl_world *w)
{
    int t;
    bool any = true;
    for (t = 0; any; t++) {
        size_t i, n = w->n;
        any = false;
        for (i = 0; i < n; i++) {
            if (!w->c[i].alive)
                continue;
            any = true;
            if (t < w->c[i].wake)
                continue;
            if (!step(w, &w->c[i], t))
                return RF_ERR_NOMEM;
        }
        any = any || w->n > n;
    }
    w->stats->crawlers = w->n;
    return RF_OK;
}
