/* engine/src/passes/special_vault.c: DoomRL vaults: an inner chamber with a
 * path around it and one door, its contents, and locked vaults.
 *
 * Pipeline: passes (special.c chooses the room). The chamber becomes its own
 * room record (RF_ROOM_VAULT), locked when the vault is (DESIGN 6).
 * Seeds: shared/seeds/doomrl-special-rooms.txt (Vaults).
 */
#include <string.h>

#include "special_int.h"

typedef struct monster_row {
    int below; /* roll < below */
    const char *name;
} monster_row;

static const monster_row monster_rows[] = {
    {4, "former human"}, {10, "lost soul"}, {15, "demon"}, {0x7fffffff, "cacodemon"}};

/* Index: roll % 6 for rolls of 30 and more; NULL keeps the plain monster. */
static const char *const nightmare_by_mod6[6] = {
    NULL, NULL, NULL, "nightmare imp", "nightmare cacodemon", "nightmare demon"};

/* Monsters per difficulty (ITYTD .. Nightmare!). */
static const char *const monster_dice[5] = {"1d4", "1d4+2", "1d4+1d2+2", "2d4+2", "1d6+1d4+2"};

static const char *const item_kinds[4] = {"armor", "ammo", "ranged weapon", "pack"};

static const char *const vault_feelings[3] = {
    "You feel excited!", "There's the smell of blood in the air!", "There's something special here..."};

#define LOCKED_MIN_SIDE 4

static int roll(rf_rng *rng, const char *dice)
{
    rf_dice d;
    return rf_dice_parse(dice, &d, NULL) == RF_OK ? rf_dice_roll(&d, rng) : 0;
}

int rf_special_vault_roll(const rf_special_opts *o, rf_rng *rng)
{
    int r = roll(rng, "1d5") + o->depth + ((int)o->difficulty - 2) * 3;
    return r < 1 ? 1 : r;
}

const char *rf_special_vault_monster(int r)
{
    const monster_row *m = monster_rows;
    if (r >= 30 && nightmare_by_mod6[r % 6])
        return nightmare_by_mod6[r % 6];
    while (r >= m->below)
        m++;
    return m->name;
}

bool rf_special_vault_fits(const rf_special_ctx *ctx, size_t ri)
{
    const rf_room_rec *r = &ctx->rooms->items[ri];
    int x, y;
    /* Any kind of room whose inside is one rectangle of its own floor: a
     * cross room whose bars cover its box qualifies, a cave rarely does. */
    for (y = r->y + 1; y < r->y + r->h - 1; y++)
        for (x = r->x + 1; x < r->x + r->w - 1; x++)
            if (rf_grid_get(ctx->g, x, y) != RF_TILE_FLOOR || rf_grid_room(ctx->g, x, y) != r->id ||
                RF_SPECIAL_TAKEN(ctx, x, y))
                return false;
    return true;
}

/* An auxiliary room for a locked vault's key: at least 4x4 and an empty
 * tile, not the vault, not yet special. Index or -1 (uniform among them). */
static long aux_room(rf_special_ctx *ctx, size_t vault)
{
    size_t i, n = 0;
    for (i = 0; i < ctx->rooms->n; i++) {
        const rf_room_rec *r = &ctx->rooms->items[i];
        if (i == vault || ctx->used[i] || r->locked || r->w < LOCKED_MIN_SIDE ||
            r->h < LOCKED_MIN_SIDE || r->kind == RF_ROOM_CORRIDOR || r->kind == RF_ROOM_VAULT ||
            rf_special_empty_tiles(ctx, i) == 0)
            continue;
        ctx->picks[n++] = (int)i;
    }
    return n ? ctx->picks[rf_rng_below(ctx->rng, (uint32_t)n)] : -1;
}

/* Walls the inner ring, gives the chamber its own room id, and (unless
 * locked) opens one door in a side of the ring. */
static void build_chamber(rf_special_ctx *ctx, const rf_room_rec *outer, int chamber, bool locked)
{
    int x0 = outer->x + 2, y0 = outer->y + 2, x1 = outer->x + outer->w - 3,
        y1 = outer->y + outer->h - 3, x, y;
    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++) {
            bool ring = x == x0 || x == x1 || y == y0 || y == y1;
            if (ring)
                rf_grid_set(ctx->g, x, y, RF_TILE_WALL);
            rf_grid_set_room(ctx->g, x, y, chamber);
        }
    if (!locked) {
        /* A cell of the ring's sides, corners left out: top, right, bottom,
         * left, each side's cells in turn. */
        int iw = x1 - x0 - 1, ih = y1 - y0 - 1;
        int k = (int)rf_rng_below(ctx->rng, (uint32_t)(2 * (iw + ih)));
        bool across = k < iw || (k >= iw + ih && k < 2 * iw + ih); /* top or bottom */
        if (across) {
            x = x0 + 1 + (k < iw ? k : k - iw - ih);
            y = k < iw ? y0 : y1;
        } else {
            x = k < iw + ih ? x1 : x0;
            y = y0 + 1 + (k < iw + ih ? k - iw : k - 2 * iw - ih);
        }
        rf_grid_set(ctx->g, x, y, RF_TILE_DOOR);
    }
}

rf_status rf_special_vault(rf_special_ctx *ctx, size_t ri)
{
    rf_room_rec outer = ctx->rooms->items[ri], inner;
    long aux = aux_room(ctx, ri);
    bool locked = false;
    int r, chamber, monsters, items, i, x, y;
    size_t n;
    if (aux >= 0) {
        int pct = ctx->o->depth - 1 < 25 ? ctx->o->depth - 1 : 25;
        locked = rf_rng_chance(ctx->rng, pct);
        ctx->res->lockable_vaults++;
    }
    memset(&inner, 0, sizeof inner);
    inner.kind = RF_ROOM_VAULT;
    inner.x = outer.x + 2;
    inner.y = outer.y + 2;
    inner.w = outer.w - 4;
    inner.h = outer.h - 4;
    inner.lit = outer.lit;
    inner.locked = locked;
    chamber = rf_room_list_add(ctx->rooms, &inner);
    if (chamber == 0)
        return RF_ERR_NOMEM;
    build_chamber(ctx, &outer, chamber, locked);
    if (locked) {
        rf_placed key;
        ctx->used[aux] = true;
        n = rf_special_empty_tiles(ctx, (size_t)aux);
        (void)rf_special_take_cell(ctx, &n, &x, &y); /* aux_room saw an empty tile */
        rf_placed_init(&key, "lever", "destroys walls", x, y, ctx->rooms->items[aux].id);
        key.charges = 1;
        key.key = true;
        if (rf_special_add(ctx, &key) != RF_OK)
            return RF_ERR_NOMEM;
        ctx->res->locked_vaults++;
    }
    /* One roll sets the monsters' kind and the items' level; monsters go in
     * first, so a small chamber may run out of room for items. */
    r = rf_special_vault_roll(ctx->o, ctx->rng);
    monsters = roll(ctx->rng, monster_dice[ctx->o->difficulty - 1]);
    items = roll(ctx->rng, "1d3+2");
    n = rf_special_empty_tiles(ctx, (size_t)chamber - 1);
    for (i = 0; i < monsters && rf_special_take_cell(ctx, &n, &x, &y); i++) {
        rf_placed p;
        rf_placed_init(&p, "monster", rf_special_vault_monster(r), x, y, chamber);
        p.quality = r;
        if (rf_special_add(ctx, &p) != RF_OK)
            return RF_ERR_NOMEM;
    }
    for (i = 0; i < items && rf_special_take_cell(ctx, &n, &x, &y); i++) {
        rf_placed p;
        rf_placed_init(&p, "item", item_kinds[rf_rng_below(ctx->rng, 4)], x, y, chamber);
        p.quality = r + 3;
        if (rf_special_add(ctx, &p) != RF_OK)
            return RF_ERR_NOMEM;
    }
    rf_special_feel(ctx, vault_feelings[rf_rng_below(ctx->rng, 3)]);
    return RF_OK;
}
