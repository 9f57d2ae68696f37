/* engine/src/dig/dig_crawl.c: DungeonMaker levels: rooms-file rooms and
 * styles, hand-placed squares, protuberances, crawlers, then the repair.
 *
 * Pipeline: dig; reads an rf_rooms_file, writes terrain and room records;
 * called by the dig_crawl recipe step and tests. Design: open floor inside
 * an outer wall; rooms, then hand-placed tiles, then crawlers (crawler.c).
 * Choices where the seed is silent: docs/internals.md, dig.
 * Seeds: shared/seeds/dungeonmaker-rooms-file.txt.
 */
#include "dig/seam.h"

#include <string.h>

#include "core/seam.h"
#include "crawler_int.h"
#include "dig_connect_int.h"

void rf_crawl_params_init(rf_crawl_params *p)
{
    p->generations = 3;
    p->lifetime = RF_CRAWL_GENERATION;
    p->spawn_chance = 6;
    p->turn_chance = 20;
    p->child_closed = 0;
    p->keep_out = NULL;
}

/* Outward steps of the eight room sides, clockwise from the left top corner
 * (grid x, y). */
static const int side_ox[RF_DM_SIDES] = {-1, 0, 1, 1, 1, 0, -1, -1};
static const int side_oy[RF_DM_SIDES] = {-1, -1, -1, 0, 1, 1, 1, 0};

static int heading_of(int dx, int dy)
{
    static const int h[3][3] = {{7, 6, 5}, {0, -1, 4}, {1, 2, 3}}; /* [dx+1][dy+1] */
    return h[dx + 1][dy + 1];
}

static bool inner(const rf_grid *g, int x, int y)
{
    return x >= 1 && y >= 1 && x <= g->w - 2 && y <= g->h - 2;
}

static size_t at(const rf_grid *g, int x, int y) { return (size_t)y * (size_t)g->w + (size_t)x; }

/* A wall tile that stays out of kept tiles and the outer wall. */
static void put_wall(rf_crawl_world *w, int x, int y)
{
    if (inner(w->g, x, y) && !w->keep[at(w->g, x, y)])
        RF_GRID_AT(w->g, x, y) = RF_TILE_WALL;
}

/* A wall tile inside a room (kept tiles included, reserved ones not). */
static void put_column(rf_crawl_world *w, int x, int y)
{
    if (!inner(w->g, x, y) || (w->reserved && w->reserved[at(w->g, x, y)]))
        return;
    RF_GRID_AT(w->g, x, y) = RF_TILE_WALL;
    w->keep[at(w->g, x, y)] = 0;
    RF_GRID_ROOM_AT(w->g, x, y) = 0;
}

/* A free-standing column: only where it and its eight neighbours are
 * floor. Columns that touch nothing can never close a region, whatever
 * the style bits combine. */
static void put_pillar(rf_crawl_world *w, int x, int y)
{
    int i, j;
    if (!inner(w->g, x, y))
        return;
    for (j = -1; j <= 1; j++)
        for (i = -1; i <= 1; i++)
            if (RF_GRID_AT(w->g, x + i, y + j) != RF_TILE_FLOOR)
                return;
    put_column(w, x, y);
}

static void put_door(rf_crawl_world *w, int x, int y)
{
    if (inner(w->g, x, y) && RF_GRID_AT(w->g, x, y) == RF_TILE_WALL)
        RF_GRID_AT(w->g, x, y) = RF_TILE_DOOR;
}

static int delay_of(rf_crawl_world *w, int delay)
{
    return delay == 10 ? (int)rf_rng_below(w->rng, 10) : delay;
}

static bool add_crawler(rf_crawl_world *w, int x, int y, int fwd, int dir, bool closed, int wake)
{
    rf_crawler c;
    memset(&c, 0, sizeof c);
    c.x = x;
    c.y = y;
    c.fwd = fwd;
    c.dir = dir;
    c.closed = closed;
    c.wake = wake;
    return rf_crawler_add(w, &c);
}

typedef struct room_geo {
    int cx, cy, wd; /* centre (grid) and width from the centre */
    int style, wake;
    int x0, y0, x1, y1; /* the box with its ring, clipped to the grid */
} room_geo;

/* A centre side i (odd) with value v. */
static bool centre_side(rf_crawl_world *w, const room_geo *r, int i, int v)
{
    int ox = side_ox[i], oy = side_oy[i], ax = oy ? 1 : 0, ay = ox ? 1 : 0;
    int dx = r->cx + ox * (r->wd + 1), dy = r->cy + oy * (r->wd + 1), j, out = heading_of(ox, oy);
    int k = r->style & RF_DM_STYLE_CENTRE_XLARGE ? 2 : r->style & RF_DM_STYLE_CENTRE_LARGE ? 1 : 0;
    bool walls = r->style & RF_DM_STYLE_WALLS;
    if (v == 2 || v == 3)
        return add_crawler(w, dx, dy, out, out, v == 2, r->wake);
    if (v != 1 || !walls)
        return true;
    if (k > r->wd)
        k = r->wd;
    for (j = -k; j <= k; j++)
        put_door(w, dx + j * ax, dy + j * ay);
    if (r->style & RF_DM_STYLE_CENTRE_DECO1) {
        put_wall(w, dx + ox + (k + 1) * ax, dy + oy + (k + 1) * ay);
        put_wall(w, dx + ox - (k + 1) * ax, dy + oy - (k + 1) * ay);
    }
    if (r->style & RF_DM_STYLE_CENTRE_DECO2) {
        put_wall(w, dx + 2 * ox + (k + 1) * ax, dy + 2 * oy + (k + 1) * ay);
        put_wall(w, dx + 2 * ox - (k + 1) * ax, dy + 2 * oy - (k + 1) * ay);
    }
    if (r->style & RF_DM_STYLE_COLUMNS_BEHIND)
        for (j = -(k + 1); j <= k + 1; j += 2)
            put_pillar(w, dx - 2 * ox + j * ax, dy - 2 * oy + j * ay);
    if (r->style & RF_DM_STYLE_COLUMNS_PARALLEL)
        for (j = 2; j < r->wd; j += 2) {
            put_pillar(w, dx - j * ox + (k + 1) * ax, dy - j * oy + (k + 1) * ay);
            put_pillar(w, dx - j * ox - (k + 1) * ax, dy - j * oy - (k + 1) * ay);
        }
    if ((r->style & RF_DM_STYLE_CENTRE_CRAWLER) && k >= 1 && inner(w->g, dx, dy)) {
        RF_GRID_AT(w->g, dx, dy) = RF_TILE_WALL;
        return add_crawler(w, dx, dy, out, out, false, r->wake);
    }
    return true;
}

/* A corner side i (even) with value v: a door, or a crawler whose headings
 * come from the 10/20/30/40 modifier. */
static bool corner_side(rf_crawl_world *w, const room_geo *r, int i, int v)
{
    int ox = side_ox[i], oy = side_oy[i], base = v % 10, mod = v / 10, j;
    int cx = r->cx + ox * (r->wd + 1), cy = r->cy + oy * (r->wd + 1);
    int vert = heading_of(0, oy), horiz = heading_of(ox, 0), diag = heading_of(ox, oy);
    bool walls = r->style & RF_DM_STYLE_WALLS;
    if (base == 2 || base == 3) {
        static const int fwd_vert[5] = {0, 1, 1, 0, 0}; /* by modifier 1..4 */
        static const int dir_kind[5] = {0, 0, 1, 1, 2}; /* 0 vertical, 1 diagonal, 2 horizontal */
        int fwd = fwd_vert[mod] ? vert : horiz;
        int dir = dir_kind[mod] == 0 ? vert : dir_kind[mod] == 1 ? diag : horiz;
        return add_crawler(w, cx, cy, fwd, dir, base == 2, r->wake);
    }
    if (base != 1 || !walls)
        return true;
    {
        int reach = 1 + (r->style & RF_DM_STYLE_CORNER_XLARGE ? 2
                         : r->style & RF_DM_STYLE_CORNER_LARGE ? 1
                                                               : 0);
        if (reach > r->wd)
            reach = r->wd;
        if (!(r->style & RF_DM_STYLE_CORNER_FILLED))
            put_door(w, cx, cy);
        for (j = 1; j <= reach; j++) {
            put_door(w, cx - j * ox, cy);
            put_door(w, cx, cy - j * oy);
        }
    }
    if (r->style & RF_DM_STYLE_CORNER_DECO1) {
        put_wall(w, cx + ox, cy); /* the two wall lines continued past the corner */
        put_wall(w, cx, cy + oy);
    }
    if (r->style & RF_DM_STYLE_CORNER_DECO2)
        put_wall(w, cx + 2 * ox, cy + 2 * oy);
    return true;
}

/* Room dm's centre, width, style, wake-up age and box on w's grid. */
static void room_geo_of(rf_crawl_world *w, const rf_dm_room *dm, room_geo *r)
{
    const rf_grid *g = w->g;
    r->cy = dm->xdiv * (g->h - 1) / dm->div; /* the file's x is the row */
    r->cx = dm->ydiv * (g->w - 1) / dm->div;
    r->cy = r->cy < 1 ? 1 : r->cy > g->h - 2 ? g->h - 2 : r->cy;
    r->cx = r->cx < 1 ? 1 : r->cx > g->w - 2 ? g->w - 2 : r->cx;
    r->wd = dm->width;
    r->style = dm->style;
    r->wake = 10 * delay_of(w, dm->delay); /* delay d: dormant age -10 d */
    r->x0 = r->cx - r->wd - 1 < 0 ? 0 : r->cx - r->wd - 1;
    r->y0 = r->cy - r->wd - 1 < 0 ? 0 : r->cy - r->wd - 1;
    r->x1 = r->cx + r->wd + 1 > g->w - 1 ? g->w - 1 : r->cx + r->wd + 1;
    r->y1 = r->cy + r->wd + 1 > g->h - 1 ? g->h - 1 : r->cy + r->wd + 1;
}

/* Whether r's box meets a box reserved for a forced room (or its ring). */
static bool box_reserved(const rf_crawl_world *w, const room_geo *r)
{
    int x, y;
    for (y = r->y0; w->reserved && y <= r->y1; y++)
        for (x = r->x0; x <= r->x1; x++)
            if (w->reserved[at(w->g, x, y)])
                return true;
    return false;
}

/* The room's floor (kept from crawlers, room id) and its ring: wall when
 * the style has walls, else floor, but never over a kept cell; a pyramid
 * of columns in the middle when the style asks for one. */
static void fill_room(rf_crawl_world *w, const room_geo *r, int id)
{
    rf_grid *g = w->g;
    int x, y;
    for (y = r->y0; y <= r->y1; y++)
        for (x = r->x0; x <= r->x1; x++) {
            bool ring = x == r->cx - r->wd - 1 || x == r->cx + r->wd + 1 ||
                        y == r->cy - r->wd - 1 || y == r->cy + r->wd + 1;
            if (!inner(g, x, y))
                continue;
            if (ring) {
                if (!w->keep[at(g, x, y)])
                    RF_GRID_AT(g, x, y) =
                        (uint8_t)(r->style & RF_DM_STYLE_WALLS ? RF_TILE_WALL : RF_TILE_FLOOR);
            } else {
                RF_GRID_AT(g, x, y) = RF_TILE_FLOOR;
                RF_GRID_ROOM_AT(g, x, y) = id;
                w->keep[at(g, x, y)] = 1;
            }
        }
    if ((r->style & RF_DM_STYLE_PYRAMID) && r->wd >= 2) {
        int pr = r->wd / 3;
        for (y = r->cy - pr; y <= r->cy + pr; y++)
            for (x = r->cx - pr; x <= r->cx + pr; x++)
                put_column(w, x, y);
    }
}

/* Digs one room; false when memory runs out. A room that meets a box
 * reserved for a forced room is left out, with its doors and crawlers. */
static bool dig_room(rf_crawl_world *w, rf_room_list *rooms, const rf_dm_room *dm)
{
    room_geo r;
    rf_room_rec rec;
    int i, id;
    room_geo_of(w, dm, &r);
    if (box_reserved(w, &r))
        return true;
    memset(&rec, 0, sizeof rec);
    rec.kind = RF_ROOM_CRAWLED;
    rec.x = r.x0;
    rec.y = r.y0;
    rec.w = r.x1 - r.x0 + 1;
    rec.h = r.y1 - r.y0 + 1;
    rec.lit = true;
    id = rf_room_list_add(rooms, &rec);
    if (!id)
        return false;
    fill_room(w, &r, id);
    for (i = 0; i < RF_DM_SIDES; i++) {
        bool ok = i % 2 ? centre_side(w, &r, i, dm->side[i]) : corner_side(w, &r, i, dm->side[i]);
        if (!ok)
            return false;
    }
    return true;
}

/* A rooms-file point in grid coordinates (scaled when the sizes differ). */
static void map_point(const rf_grid *g, const rf_rooms_file *rf, int fx, int fy, int *x, int *y)
{
    *y = (int)((long)fx * g->h / rf_rooms_file_dim_x(rf));
    *x = (int)((long)fy * g->w / rf_rooms_file_dim_y(rf));
}

/* Protuberances: wall stubs 2..4 long growing inward from a random spot of
 * the outer wall, built by the crawler rule so they never close anything. */
static void protuberances(rf_crawl_world *w, int count)
{
    rf_grid *g = w->g;
    int i, tries, j;
    for (i = 0; i < count; i++)
        for (tries = 0; tries < 10; tries++) {
            int side = (int)rf_rng_below(w->rng, 4), len = 2 + (int)rf_rng_below(w->rng, 3);
            int x, y, f;
            if (side % 2 == 0) { /* top or bottom wall */
                if (g->w < 7)
                    break;
                x = rf_rng_range(w->rng, 3, g->w - 4);
                y = side == 0 ? 0 : g->h - 1;
                f = side == 0 ? RF_HEAD_S : RF_HEAD_N;
            } else {
                if (g->h < 7)
                    break;
                y = rf_rng_range(w->rng, 3, g->h - 4);
                x = side == 1 ? g->w - 1 : 0;
                f = side == 1 ? RF_HEAD_W : RF_HEAD_E;
            }
            if (!rf_crawl_can_build(w, x, y, f))
                continue;
            for (j = 0; j < len && rf_crawl_can_build(w, x, y, f); j++) {
                x += rf_head_dx(f);
                y += rf_head_dy(f);
                RF_GRID_AT(g, x, y) = RF_TILE_WALL;
            }
            break;
        }
}

/* Forward from the direction's second digit (1 E, 2 S, 3 W, 4 N). */
static const int forward_of[5] = {0, RF_HEAD_E, RF_HEAD_S, RF_HEAD_W, RF_HEAD_N};
/* Direction from the first digit, in eighths clockwise from Forward (-1: none). */
static const int turn_of[6] = {0, 1, 2, -1, -2, 99};

static bool hand_crawlers(rf_crawl_world *w, const rf_rooms_file *rf)
{
    size_t i, n = rf_rooms_file_crawler_count(rf);
    bool first_open = false;
    for (i = 0; i < n; i++) {
        const rf_dm_crawler *c = rf_rooms_file_crawler_at(rf, i);
        int fwd = forward_of[c->direction % 10], turn = turn_of[c->direction / 10], x, y;
        int dir = turn == 99 ? RF_HEAD_NONE : (fwd + turn + 8) & 7;
        bool closed;
        if (c->termination == RF_DM_END_PAIR_FIRST) {
            first_open = rf_rng_below(w->rng, 2) == 0; /* which of the pair stays open */
            closed = !first_open;
        } else if (c->termination == RF_DM_END_PAIR_SECOND) {
            closed = first_open;
        } else {
            closed = c->termination == RF_DM_END_CLOSED;
        }
        map_point(w->g, rf, c->x, c->y, &x, &y);
        if (!add_crawler(w, x, y, fwd, dir, closed, 10 * delay_of(w, c->delay)))
            return false;
    }
    return true;
}

/* Open dungeon inside the outer wall; reserved cells stay open. */
static void open_level(rf_crawl_world *w)
{
    rf_grid *g = w->g;
    int x, y;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++) {
            RF_GRID_AT(g, x, y) = (uint8_t)(inner(g, x, y) ? RF_TILE_FLOOR : RF_TILE_WALL);
            RF_GRID_ROOM_AT(g, x, y) = 0;
            if (w->reserved && w->reserved[at(g, x, y)])
                w->keep[at(g, x, y)] = 1;
        }
}

/* Hand-placed wall tiles and columns, then open squares (they win). */
static void hand_points(rf_crawl_world *w, const rf_rooms_file *rf)
{
    static const rf_dm_list order[3] = {RF_DM_WALL, RF_DM_COLUMN, RF_DM_OPEN};
    rf_grid *g = w->g;
    size_t i;
    int x, y, k;
    for (k = 0; k < 3; k++)
        for (i = 0; i < rf_rooms_file_point_count(rf, order[k]); i++) {
            const rf_dm_point *pt = rf_rooms_file_point_at(rf, order[k], i);
            map_point(g, rf, pt->x, pt->y, &x, &y);
            if (order[k] != RF_DM_OPEN) {
                put_wall(w, x, y);
            } else if (inner(g, x, y)) {
                RF_GRID_AT(g, x, y) = RF_TILE_FLOOR;
                w->keep[at(g, x, y)] = 1;
            }
        }
}

static bool params_ok(const rf_crawl_params *p)
{
    return p->generations >= 0 && p->generations <= 20 && p->lifetime >= 0 &&
           p->lifetime <= 100000 && p->spawn_chance >= 0 && p->spawn_chance <= 100 &&
           p->turn_chance >= 0 && p->turn_chance <= 100 && p->child_closed >= 0 &&
           p->child_closed <= 100;
}

rf_status rf_dig_crawl(rf_grid *g, rf_room_list *rooms, rf_rng *rng, const rf_rooms_file *rf,
                       const rf_crawl_params *p, rf_crawl_stats *stats)
{
    rf_crawl_world w;
    rf_crawl_params defaults;
    rf_crawl_stats local;
    rf_status st = RF_ERR_NOMEM;
    size_t i, n;
    if (!p) {
        rf_crawl_params_init(&defaults);
        p = &defaults;
    }
    if (!g || !rooms || !rng || !rf || g->w < 10 || g->h < 10 || !params_ok(p))
        return RF_ERR_ARG;
    memset(&w, 0, sizeof w);
    memset(&local, 0, sizeof local);
    w.g = g;
    w.p = p;
    w.rng = rng;
    w.stats = &local;
    n = (size_t)g->w * (size_t)g->h;
    w.keep = rf_calloc(n, 1);
    w.reserved = p->keep_out;
    if (!w.keep)
        goto done;
    open_level(&w);
    for (i = 0; i < rf_rooms_file_room_count(rf); i++)
        if (!dig_room(&w, rooms, rf_rooms_file_room_at(rf, i)))
            goto done;
    hand_points(&w, rf);
    protuberances(&w, rf_rooms_file_protuberances(rf));
    if (!hand_crawlers(&w, rf))
        goto done;
    st = rf_crawl_run(&w);
    if (st != RF_OK)
        goto done;
    /* the count is a statistic only: a level (stats NULL) does not label
     * the regions twice */
    local.regions = stats ? rf_dig_regions(g, rooms) : 0;
    st = local.regions == (size_t)-1 ? RF_ERR_NOMEM : rf_dig_connect(g, rooms, p->keep_out, &local.repairs);
done:
    if (st == RF_OK && stats)
        *stats = local;
    rf_free(w.keep);
    rf_free(w.c);
    return st;
}
