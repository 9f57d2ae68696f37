/* engine/src/passes/special.c: DoomRL's special rooms: how many, which type,
 * which room, and the simple features (vaults: special_vault.c).
 *
 * Pipeline: passes, the special recipe step, one rng stream, tables as data.
 * Choices where the seed is silent: docs/reference.md, DoomRL special rooms.
 * Seeds: shared/seeds/doomrl-special-rooms.txt.
 */
#include <string.h>

#include "core/seam.h"
#include "grid/seam.h"
#include "special_int.h"

typedef struct kind_row {
    const char *name;
    int weight_normal, weight_single; /* out of 50 */
    int min_w, max_w, min_h, max_h;   /* walls included */
} kind_row;

static const kind_row kinds[RF_SPECIAL_KIND_COUNT] = {
    {"warehouse", 19, 19, 8, 78, 8, 20},  {"fluid", 5, 5, 3, 401, 3, 201},
    {"ammo", 5, 5, 3, 78, 3, 20},         {"teleporter", 5, 5, 3, 78, 3, 20},
    {"lever", 11, 16, 4, 20, 4, 15},      {"vault", 5, 0, 8, 26, 8, 14},
};

#define FLUID_MAX_AREA 120

typedef struct band_row {
    int below;        /* the row applies to rolls < below (INT_MAX: the rest) */
    const char *name;
    int count;        /* stack size for ammo; tile for fluid */
} band_row;

/* 1d10 + depth/5: <5 water, 5-10 acid (10 is ours: the seed skips it), >10 lava. */
static const band_row fluid_rows[] = {
    {5, "water", RF_TILE_WATER}, {11, "acid", RF_TILE_ACID}, {0x7fffffff, "lava", RF_TILE_LAVA}};
/* 1d3 + depth. */
static const band_row ammo_rows[] = {{5, "10mm ammo", 24},
                                     {11, "shotgun shell", 8},
                                     {13, "rocket", 3},
                                     {0x7fffffff, "power cell", 20}};

typedef struct lever_row {
    const char *name;
    int weight;          /* out of 17 */
    const char *charges; /* dice */
    int global_percent;  /* chance the lever affects the whole level */
    const char *feeling; /* said when it does */
} lever_row;

static const lever_row lever_rows[] = {
    {"forces explosions", 2, "1", 0, NULL},
    {"summons enemies", 2, "1d3", 0, NULL},
    {"harms creatures", 3, "1", 33, "The smell of a massacre..."},
    {"destroys walls", 3, "1", 33, "You hear the trumpets of Jericho echoing in the distance..."},
    {"floods with water", 1, "1", 50, "The air is really humid here..."},
    {"floods with acid", 1, "1", 10, "In the State of Denmark there was the odor of decay..."},
    {"floods with lava", 1, "1", 10, "You feel that smell? That gasoline smell? Oh hell..."},
    {"armor depot", 2, "1d3", 0, NULL},
    {"MediTech depot", 2, "1d3", 0, NULL},
};

static const char *const difficulty_names[] = {"itytd", "hntr", "hmp", "uv", "nightmare"};

const char *rf_special_kind_name(rf_special_kind k)
{
    return (unsigned)k < RF_SPECIAL_KIND_COUNT ? kinds[k].name : "?";
}

int rf_special_kind_weight(rf_special_kind k, bool single_monster)
{
    if ((unsigned)k >= RF_SPECIAL_KIND_COUNT)
        return 0;
    return single_monster ? kinds[k].weight_single : kinds[k].weight_normal;
}

const char *rf_difficulty_name(rf_difficulty d)
{
    return d >= RF_DIFFICULTY_ITYTD && d <= RF_DIFFICULTY_NIGHTMARE ? difficulty_names[d - 1] : "?";
}

bool rf_difficulty_parse(const char *s, rf_difficulty *out)
{
    int i;
    if (!s)
        return false;
    for (i = 0; i < 5; i++)
        if (strcmp(s, difficulty_names[i]) == 0 || (s[0] == '1' + i && s[1] == '\0')) {
            *out = (rf_difficulty)(i + 1);
            return true;
        }
    return false;
}

static int roll(rf_rng *rng, const char *dice)
{
    rf_dice d;
    if (rf_dice_parse(dice, &d, NULL) != RF_OK)
        return 0; /* the tables above only hold valid dice */
    return rf_dice_roll(&d, rng);
}

static const band_row *band(const band_row *rows, int r)
{
    while (r >= rows->below)
        rows++;
    return rows;
}

/* --- helpers shared with special_vault.c ------------------------------- */

size_t rf_special_empty_tiles(rf_special_ctx *ctx, size_t ri)
{
    const rf_room_rec *r = &ctx->rooms->items[ri];
    const rf_grid *g = ctx->g;
    int x0 = r->x < 0 ? 0 : r->x, y0 = r->y < 0 ? 0 : r->y; /* the box within the level */
    int x1 = r->x + r->w < g->w ? r->x + r->w : g->w, y1 = r->y + r->h < g->h ? r->y + r->h : g->h;
    int x, y;
    size_t n = 0;
    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++) {
            int c = y * g->w + x;
            if (g->t[c] == RF_TILE_FLOOR && g->room[c] == r->id && !ctx->taken[c])
                ctx->cells[n++] = c;
        }
    return n;
}

bool rf_special_take_cell(rf_special_ctx *ctx, size_t *n, int *x, int *y)
{
    size_t k;
    int w = rf_grid_width(ctx->g);
    if (*n == 0)
        return false;
    k = rf_rng_below(ctx->rng, (uint32_t)*n);
    *x = ctx->cells[k] % w;
    *y = ctx->cells[k] / w;
    ctx->cells[k] = ctx->cells[--*n];
    return true;
}

rf_status rf_special_add(rf_special_ctx *ctx, const rf_placed *p)
{
    if (!rf_placed_list_add(ctx->objs, p))
        return RF_ERR_NOMEM;
    if (rf_grid_in_bounds(ctx->g, p->x, p->y))
        RF_SPECIAL_TAKEN(ctx, p->x, p->y) = true;
    return RF_OK;
}

void rf_special_feel(rf_special_ctx *ctx, const char *feeling)
{
    if (ctx->res->nfeelings < RF_SPECIAL_MAX_FEELINGS)
        ctx->res->feelings[ctx->res->nfeelings++] = feeling;
}

/* --- choosing ---------------------------------------------------------- */

static rf_special_kind draw_kind(rf_special_ctx *ctx)
{
    int total = 0, k, r;
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++)
        total += ctx->o->single_monster ? kinds[k].weight_single : kinds[k].weight_normal;
    r = (int)rf_rng_below(ctx->rng, (uint32_t)total);
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++) {
        r -= ctx->o->single_monster ? kinds[k].weight_single : kinds[k].weight_normal;
        if (r < 0)
            break;
    }
    return (rf_special_kind)k;
}

static bool room_takes_features(const rf_room_rec *r)
{
    return !r->locked && (r->kind == RF_ROOM_RECT || r->kind == RF_ROOM_CROSS ||
                          r->kind == RF_ROOM_CAVE || r->kind == RF_ROOM_CRAWLED);
}

static bool size_fits(const rf_room_rec *r, const kind_row *k)
{
    return r->w >= k->min_w && r->w <= k->max_w && r->h >= k->min_h && r->h <= k->max_h;
}

/* The lava test's tiles, when the floor of room id drowned turns to lava,
 * still form one region (the whole count: a breadth-first search from the
 * first tile). */
static bool lava_whole(rf_special_ctx *ctx, int drowned)
{
    int w = rf_grid_width(ctx->g), h = rf_grid_height(ctx->g), n = w * h, c, start = -1;
    size_t total = 0, reached = 0, head = 0, tail = 0;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    memset(ctx->seen, 0, (size_t)n * sizeof *ctx->seen);
    for (c = 0; c < n; c++) {
        if (!rf_special_lava_open(ctx, c, drowned)) {
            ctx->seen[c] = true; /* not part of the check */
            continue;
        }
        total++;
        if (start < 0)
            start = c;
    }
    if (start < 0)
        return true;
    ctx->seen[start] = true;
    ctx->queue[tail++] = start;
    while (head < tail) {
        int cur = ctx->queue[head++], k;
        reached++;
        for (k = 0; k < 4; k++) {
            int nx = cur % w + dx[k], ny = cur / w + dy[k];
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || ctx->seen[nx + ny * w])
                continue;
            ctx->seen[nx + ny * w] = true;
            ctx->queue[tail++] = nx + ny * w;
        }
    }
    return reached == total;
}

static int search_root(int *parent, int c)
{
    while (parent[c] != c) {
        parent[c] = parent[parent[c]];
        c = parent[c];
    }
    return c;
}

/* lava_whole for a level whose tiles form one region before: then they
 * still do exactly when the tiles next to the drowned floor stay joined to
 * each other. One breadth-first search grows from each of them at once;
 * searches that meet merge; the answer is yes when one is left, no when one
 * runs dry first (its tiles are cut off). It costs the detour round the
 * room, not the level, and is what keeps fluid rooms on large levels from
 * costing a search of the whole level per candidate room. */
static bool lava_around(rf_special_ctx *ctx, size_t ri)
{
    const rf_room_rec *r = &ctx->rooms->items[ri];
    const rf_grid *g = ctx->g;
    int w = g->w, h = g->h, x, y, k, searches = 0, *parent = ctx->parent, *left = ctx->left;
    size_t head = 0, tail = 0;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    unsigned round;
    if (++ctx->round == 0) {
        memset(ctx->stamp, 0, (size_t)w * (size_t)h * sizeof *ctx->stamp);
        ctx->round = 1;
    }
    round = ctx->round;
    for (y = r->y < 0 ? 0 : r->y; y < r->y + r->h && y < h; y++)
        for (x = r->x < 0 ? 0 : r->x; x < r->x + r->w && x < w; x++) {
            int c = y * w + x;
            if (g->t[c] != RF_TILE_FLOOR || g->room[c] != r->id)
                continue;
            for (k = 0; k < 4; k++) { /* the open tiles next to a drowned one */
                int nx = x + dx[k], ny = y + dy[k], nc = ny * w + nx;
                if (nx < 0 || ny < 0 || nx >= w || ny >= h || ctx->stamp[nc] == round ||
                    !rf_special_lava_open(ctx, nc, r->id))
                    continue;
                ctx->stamp[nc] = round;
                parent[nc] = nc;
                left[nc] = 1;
                ctx->queue[tail++] = nc;
                searches++;
            }
        }
    while (head < tail && searches > 1) {
        int cur = ctx->queue[head++], root = search_root(parent, cur);
        left[root]--;
        for (k = 0; k < 4 && searches > 1; k++) {
            int nx = cur % w + dx[k], ny = cur / w + dy[k], nc = ny * w + nx, other;
            if (nx < 0 || ny < 0 || nx >= w || ny >= h || !rf_special_lava_open(ctx, nc, r->id))
                continue;
            if (ctx->stamp[nc] != round) {
                ctx->stamp[nc] = round;
                parent[nc] = root;
                left[root]++;
                ctx->queue[tail++] = nc;
                continue;
            }
            other = search_root(parent, nc);
            if (other != root) {
                parent[other] = root;
                left[root] += left[other];
                searches--;
            }
        }
        if (searches > 1 && left[root] == 0)
            return false;
    }
    return true;
}

/* Walkable tiles of the level outside locked rooms, when the floor of room
 * index ri turns to a non-walkable fluid, still form one region. *whole
 * caches (per pick) whether they form one region now: -1 unknown, 0 no, 1
 * yes, 2 yes and ctx->cut holds every room's answer (special_cut.c), 3 yes
 * but the map found no memory (then the search round the room answers). */
static bool lava_keeps_connected(rf_special_ctx *ctx, size_t ri, int *whole)
{
    size_t n = (size_t)rf_grid_width(ctx->g) * (size_t)rf_grid_height(ctx->g);
    if (*whole < 0)
        *whole = lava_whole(ctx, 0);
    if (!*whole) /* split already: the whole count decides */
        return lava_whole(ctx, ctx->rooms->items[ri].id);
    if (*whole == 1) /* one region: every room's answer at once, once a pick */
        *whole = rf_special_cut_map(ctx, ctx->cut, ctx->rooms->n) == RF_OK ? 2 : 3;
    if (*whole == 2 && ctx->cut[ri] >= 0) {
        return !ctx->cut[ri];
    }
    if (!ctx->stamp)
        ctx->stamp = rf_calloc(n, sizeof *ctx->stamp);
    if (!ctx->parent)
        ctx->parent = rf_alloc(n * sizeof *ctx->parent);
    if (!ctx->left)
        ctx->left = rf_alloc(n * sizeof *ctx->left);
    if (!ctx->stamp || !ctx->parent || !ctx->left) /* no memory: the whole count */
        return lava_whole(ctx, ctx->rooms->items[ri].id);
    return lava_around(ctx, ri);
}

static bool teleporter_spot(const rf_special_ctx *ctx, int x, int y)
{
    int n = (rf_grid_get(ctx->g, x + 1, y) == RF_TILE_FLOOR) +
            (rf_grid_get(ctx->g, x - 1, y) == RF_TILE_FLOOR) +
            (rf_grid_get(ctx->g, x, y + 1) == RF_TILE_FLOOR) +
            (rf_grid_get(ctx->g, x, y - 1) == RF_TILE_FLOOR);
    return n >= 3;
}

/* Keeps in ctx->cells only the tiles a teleporter may stand on. */
static size_t teleporter_tiles(rf_special_ctx *ctx, size_t ri)
{
    size_t n = rf_special_empty_tiles(ctx, ri), i, k = 0;
    int w = rf_grid_width(ctx->g);
    for (i = 0; i < n; i++)
        if (teleporter_spot(ctx, ctx->cells[i] % w, ctx->cells[i] / w))
            ctx->cells[k++] = ctx->cells[i];
    return k;
}

/* True when room index ri may take feature kind (fluid: of that tile);
 * whole as for lava_keeps_connected. */
static bool room_fits(rf_special_ctx *ctx, size_t ri, rf_special_kind kind, int fluid, int *whole)
{
    const rf_room_rec *r = &ctx->rooms->items[ri];
    if (ctx->used[ri] || !room_takes_features(r) || !size_fits(r, &kinds[kind]))
        return false;
    switch (kind) {
    case RF_SPECIAL_FLUID:
        if ((long)r->w * r->h > FLUID_MAX_AREA || rf_special_empty_tiles(ctx, ri) == 0)
            return false;
        return fluid != RF_TILE_LAVA || lava_keeps_connected(ctx, ri, whole);
    case RF_SPECIAL_TELEPORTER:
        return teleporter_tiles(ctx, ri) > 0;
    case RF_SPECIAL_VAULT:
        return rf_special_vault_fits(ctx, ri);
    default:
        return rf_special_empty_tiles(ctx, ri) > 0;
    }
}

/* A uniformly random room index that fits, or -1. */
static long pick_room(rf_special_ctx *ctx, rf_special_kind kind, int fluid)
{
    size_t i, n = 0;
    int whole = -1;
    for (i = 0; i < ctx->rooms->n; i++)
        if (room_fits(ctx, i, kind, fluid, &whole))
            ctx->picks[n++] = (int)i;
    return n ? ctx->picks[rf_rng_below(ctx->rng, (uint32_t)n)] : -1;
}

/* --- the simple features ----------------------------------------------- */

static rf_status make_warehouse(rf_special_ctx *ctx, size_t ri)
{
    const rf_room_rec *r = &ctx->rooms->items[ri];
    int x, y;
    /* Crates on every other tile of every other row inside the walls, never
     * beside a door, so aisles stay open between them. */
    for (y = r->y + 2; y < r->y + r->h - 2; y += 2)
        for (x = r->x + 2; x < r->x + r->w - 2; x += 2) {
            rf_placed p;
            int k, doors = 0;
            for (k = -1; k <= 1; k += 2)
                doors += rf_grid_get(ctx->g, x + k, y) == RF_TILE_DOOR ||
                         rf_grid_get(ctx->g, x, y + k) == RF_TILE_DOOR;
            if (doors || rf_grid_get(ctx->g, x, y) != RF_TILE_FLOOR ||
                rf_grid_room(ctx->g, x, y) != r->id || RF_SPECIAL_TAKEN(ctx, x, y))
                continue;
            rf_placed_init(&p, "crate", "supply crate", x, y, r->id);
            if (rf_special_add(ctx, &p) != RF_OK)
                return RF_ERR_NOMEM;
        }
    return RF_OK;
}

static rf_status make_fluid(rf_special_ctx *ctx, size_t ri, int tile)
{
    const rf_room_rec *r = &ctx->rooms->items[ri];
    int x, y;
    for (y = r->y; y < r->y + r->h; y++)
        for (x = r->x; x < r->x + r->w; x++)
            if (rf_grid_get(ctx->g, x, y) == RF_TILE_FLOOR && rf_grid_room(ctx->g, x, y) == r->id)
                rf_grid_set(ctx->g, x, y, (rf_tile)tile);
    return RF_OK;
}

static rf_status make_ammo(rf_special_ctx *ctx, size_t ri)
{
    const band_row *a = band(ammo_rows, roll(ctx->rng, "1d3") + ctx->o->depth);
    int stacks = roll(ctx->rng, "1d3+2"), i, x, y;
    size_t n = rf_special_empty_tiles(ctx, ri);
    for (i = 0; i < stacks && rf_special_take_cell(ctx, &n, &x, &y); i++) {
        rf_placed p;
        rf_placed_init(&p, "item", a->name, x, y, ctx->rooms->items[ri].id);
        p.count = a->count;
        if (rf_special_add(ctx, &p) != RF_OK)
            return RF_ERR_NOMEM;
    }
    return RF_OK;
}

static rf_status make_teleporter(rf_special_ctx *ctx, size_t ri)
{
    size_t n = teleporter_tiles(ctx, ri);
    int x, y;
    rf_placed p;
    if (!rf_special_take_cell(ctx, &n, &x, &y))
        return RF_OK; /* room_fits saw a tile: not reached */
    rf_placed_init(&p, "teleporter", "teleporter", x, y, ctx->rooms->items[ri].id);
    return rf_special_add(ctx, &p);
}

static rf_status make_lever(rf_special_ctx *ctx, size_t ri)
{
    int r = (int)rf_rng_below(ctx->rng, 17), x, y;
    size_t i, n = rf_special_empty_tiles(ctx, ri);
    const lever_row *l = lever_rows;
    rf_placed p;
    for (i = 0; i < sizeof lever_rows / sizeof lever_rows[0]; i++) {
        r -= lever_rows[i].weight;
        if (r < 0) {
            l = &lever_rows[i];
            break;
        }
    }
    if (!rf_special_take_cell(ctx, &n, &x, &y))
        return RF_OK;
    rf_placed_init(&p, "lever", l->name, x, y, ctx->rooms->items[ri].id);
    p.charges = roll(ctx->rng, l->charges);
    if (l->global_percent && rf_rng_chance(ctx->rng, l->global_percent)) {
        p.global = true;
        rf_special_feel(ctx, l->feeling);
    }
    return rf_special_add(ctx, &p);
}

static rf_status make_one(rf_special_ctx *ctx)
{
    rf_special_kind kind = draw_kind(ctx);
    int fluid = 0;
    long ri;
    rf_status s = RF_OK;
    if (kind == RF_SPECIAL_FLUID)
        fluid = band(fluid_rows, roll(ctx->rng, "1d10") + ctx->o->depth / 5)->count;
    ri = pick_room(ctx, kind, fluid);
    if (ri < 0) {
        ctx->res->skipped++;
        ctx->res->skipped_kind[kind]++;
        return RF_OK;
    }
    ctx->used[ri] = true;
    switch (kind) {
    case RF_SPECIAL_WAREHOUSE: s = make_warehouse(ctx, (size_t)ri); break;
    case RF_SPECIAL_FLUID: s = make_fluid(ctx, (size_t)ri, fluid); break;
    case RF_SPECIAL_AMMO: s = make_ammo(ctx, (size_t)ri); break;
    case RF_SPECIAL_TELEPORTER: s = make_teleporter(ctx, (size_t)ri); break;
    case RF_SPECIAL_LEVER: s = make_lever(ctx, (size_t)ri); break;
    default: s = rf_special_vault(ctx, (size_t)ri); break;
    }
    if (s == RF_OK)
        ctx->res->made[kind]++;
    return s;
}

rf_status rf_special_rooms(rf_grid *g, rf_room_list *rooms, const rf_special_opts *o, rf_rng *rng,
                           rf_placed_list *objs, rf_special_result *out)
{
    rf_special_ctx ctx;
    size_t cells, k;
    rf_status s = RF_OK;
    int i;
    if (!g || !rooms || !o || !rng || !objs || !out || o->depth < 1 ||
        o->difficulty < RF_DIFFICULTY_ITYTD || o->difficulty > RF_DIFFICULTY_NIGHTMARE)
        return RF_ERR_ARG;
    memset(out, 0, sizeof *out);
    out->single_monster = o->single_monster;
    memset(&ctx, 0, sizeof ctx);
    cells = (size_t)rf_grid_width(g) * (size_t)rf_grid_height(g);
    ctx.g = g;
    ctx.rooms = rooms;
    ctx.o = o;
    ctx.rng = rng;
    ctx.objs = objs;
    ctx.res = out;
    /* used[] covers the rooms vaults append too: each vault adds one. */
    ctx.used = rf_calloc(rooms->n + 8, sizeof *ctx.used);
    ctx.picks = rf_calloc(rooms->n + 8, sizeof *ctx.picks);
    ctx.cells = rf_calloc(cells, sizeof *ctx.cells);
    ctx.queue = rf_calloc(cells, sizeof *ctx.queue);
    ctx.seen = rf_calloc(cells, sizeof *ctx.seen);
    ctx.taken = rf_calloc(cells, sizeof *ctx.taken);
    ctx.cut = rf_calloc(rooms->n + 8, sizeof *ctx.cut);
    if (!ctx.used || !ctx.picks || !ctx.cells || !ctx.queue || !ctx.seen || !ctx.taken || !ctx.cut)
        s = RF_ERR_NOMEM;
    for (k = 0; s == RF_OK && k < objs->n; k++)
        if (rf_grid_in_bounds(g, objs->items[k].x, objs->items[k].y))
            RF_SPECIAL_TAKEN(&ctx, objs->items[k].x, objs->items[k].y) = true;
    out->tried = s == RF_OK ? roll(rng, "7d2-7") : 0;
    for (i = 0; s == RF_OK && i < out->tried; i++)
        s = make_one(&ctx);
    rf_free(ctx.used);
    rf_free(ctx.picks);
    rf_free(ctx.cells);
    rf_free(ctx.queue);
    rf_free(ctx.seen);
    rf_free(ctx.taken);
    rf_free(ctx.cut);
    rf_free(ctx.stamp);
    rf_free(ctx.parent);
    rf_free(ctx.left);
    return s;
}
