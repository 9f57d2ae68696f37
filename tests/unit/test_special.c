/* tests/unit/test_special.c: DoomRL special rooms (special.c, special_vault.c)
 * on hand-built levels: the 7d2-7 count, the type tables, size rules, fluid
 * and ammo tables by depth, teleporter spots, lever types and feelings,
 * vault layout, contents and locking, determinism and allocation failure.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "rf_test.h"
#include "roomforge/level.h"
#include "roomforge/special.h"
#include "special_int.h"

/* A level of `nrooms` rooms of rw x rh (walls included) hanging below one
 * east-west corridor on row 1, each joined to it by a door in its top wall:
 * every room is a dead end, so filling one disconnects nothing. */
typedef struct fixture {
    rf_grid *g;
    rf_room_list rooms;
    rf_placed_list objs;
} fixture;

static void carve_room(fixture *f, int x, int y, int w, int h)
{
    rf_room_rec r;
    int id, i, j;
    memset(&r, 0, sizeof r);
    r.kind = RF_ROOM_RECT;
    r.x = x;
    r.y = y;
    r.w = w;
    r.h = h;
    r.lit = true;
    id = rf_room_list_add(&f->rooms, &r);
    ck_assert_int_gt(id, 0);
    rf_grid_fill(f->g, x, y, w, h, RF_TILE_WALL);
    rf_grid_fill(f->g, x + 1, y + 1, w - 2, h - 2, RF_TILE_FLOOR);
    for (j = y + 1; j < y + h - 1; j++)
        for (i = x + 1; i < x + w - 1; i++)
            rf_grid_set_room(f->g, i, j, id);
}

static void fixture_init(fixture *f, int nrooms, int rw, int rh)
{
    int k, gw = 2 + nrooms * (rw + 1), gh = rh + 4;
    f->g = rf_grid_new(gw, gh);
    ck_assert_ptr_nonnull(f->g);
    rf_room_list_init(&f->rooms);
    rf_placed_list_init(&f->objs);
    rf_grid_fill(f->g, 0, 0, gw, 3, RF_TILE_WALL);
    rf_grid_fill(f->g, 1, 1, gw - 2, 1, RF_TILE_FLOOR);
    for (k = 0; k < nrooms; k++) {
        int x = 1 + k * (rw + 1);
        carve_room(f, x, 2, rw, rh);
        rf_grid_set(f->g, x + rw / 2, 2, RF_TILE_DOOR);
    }
}

static void fixture_fini(fixture *f)
{
    rf_grid_free(f->g);
    rf_room_list_fini(&f->rooms);
    rf_placed_list_fini(&f->objs);
}

static rf_special_opts opts(int depth, rf_difficulty d, bool single)
{
    rf_special_opts o;
    o.depth = depth;
    o.difficulty = d;
    o.single_monster = single;
    return o;
}

static void run(fixture *f, const rf_special_opts *o, uint64_t seed, rf_special_result *res)
{
    rf_rng rng;
    rf_rng_seed_named(&rng, seed, "special");
    ck_assert_int_eq(rf_special_rooms(f->g, &f->rooms, o, &rng, &f->objs, res), RF_OK);
}

static size_t count_objs(const fixture *f, const char *type, const char *name)
{
    size_t i, n = 0;
    for (i = 0; i < f->objs.n; i++)
        if (strcmp(f->objs.items[i].type, type) == 0 && (!name || strcmp(f->objs.items[i].name, name) == 0))
            n++;
    return n;
}

/* Within 5 standard deviations of n*p: a loose bound a correct table meets. */
static void ck_binomial(long got, long n, double p)
{
    double sd = sqrt((double)n * p * (1 - p));
    ck_assert_msg(fabs((double)got - (double)n * p) <= 5 * sd + 1, "got %ld of %ld, expected %.1f",
                  got, n, (double)n * p);
}

START_TEST(count_is_7d2_minus_7)
{
    long sum = 0, lo = 99, hi = -1, k;
    for (k = 0; k < 2000; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(3, RF_DIFFICULTY_HMP, false);
        fixture_init(&f, 12, 10, 10);
        run(&f, &o, (uint64_t)k, &res);
        sum += res.tried;
        lo = res.tried < lo ? res.tried : lo;
        hi = res.tried > hi ? res.tried : hi;
        fixture_fini(&f);
    }
    ck_assert_int_eq(lo, 0);
    ck_assert_int_eq(hi, 7);
    ck_assert(fabs((double)sum / 2000 - 3.5) < 0.1);
}
END_TEST

static void type_table(bool single, const int *weights)
{
    long made[RF_SPECIAL_KIND_COUNT] = {0}, total = 0, k;
    int i;
    for (k = 0; k < 1500; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(3, RF_DIFFICULTY_HMP, single);
        fixture_init(&f, 16, 10, 10); /* 10x10 rooms fit every type */
        run(&f, &o, (uint64_t)k + 7, &res);
        ck_assert_int_eq(res.skipped, 0);
        for (i = 0; i < RF_SPECIAL_KIND_COUNT; i++) {
            made[i] += res.made[i];
            total += res.made[i];
        }
        fixture_fini(&f);
    }
    for (i = 0; i < RF_SPECIAL_KIND_COUNT; i++)
        ck_binomial(made[i], total, weights[i] / 50.0);
}

START_TEST(type_table_normal)
{
    static const int w[RF_SPECIAL_KIND_COUNT] = {19, 5, 5, 5, 11, 5};
    type_table(false, w);
}
END_TEST

START_TEST(type_table_single_has_no_vaults)
{
    static const int w[RF_SPECIAL_KIND_COUNT] = {19, 5, 5, 5, 16, 0};
    type_table(true, w);
}
END_TEST

START_TEST(size_rules_skip_rooms_too_small)
{
    /* 3x3 rooms (one floor tile): only fluid and ammo fit; warehouses (8x8),
     * levers (4x4), vaults (8x8) and teleporters (3 floor neighbours) never. */
    long k, skipped = 0;
    for (k = 0; k < 300; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(2, RF_DIFFICULTY_HMP, false);
        fixture_init(&f, 10, 3, 3);
        run(&f, &o, (uint64_t)k, &res);
        ck_assert_int_eq(res.made[RF_SPECIAL_WAREHOUSE] + res.made[RF_SPECIAL_LEVER] +
                             res.made[RF_SPECIAL_VAULT] + res.made[RF_SPECIAL_TELEPORTER],
                         0);
        /* what was skipped is what never fits, counted by type */
        ck_assert_int_eq(res.skipped_kind[RF_SPECIAL_WAREHOUSE] +
                             res.skipped_kind[RF_SPECIAL_LEVER] +
                             res.skipped_kind[RF_SPECIAL_VAULT] +
                             res.skipped_kind[RF_SPECIAL_TELEPORTER],
                         res.skipped);
        skipped += res.skipped;
        fixture_fini(&f);
    }
    ck_assert_int_gt(skipped, 0);
}
END_TEST

START_TEST(fluid_area_limit)
{
    /* 12x12 rooms have area 144 > 120: never fluid. */
    long k;
    for (k = 0; k < 200; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(2, RF_DIFFICULTY_HMP, false);
        fixture_init(&f, 10, 12, 12);
        run(&f, &o, (uint64_t)k, &res);
        ck_assert_int_eq(res.made[RF_SPECIAL_FLUID], 0);
        fixture_fini(&f);
    }
}
END_TEST

/* Counts the fluid rooms of each terrain over many levels at depth. */
static void fluids_at(int depth, long *water, long *acid, long *lava)
{
    long k;
    *water = *acid = *lava = 0;
    for (k = 0; k < 1500; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(depth, RF_DIFFICULTY_HMP, false);
        fixture_init(&f, 6, 5, 5);
        run(&f, &o, (uint64_t)k, &res);
        *water += rf_grid_count(f.g, RF_TILE_WATER) / 9;
        *acid += rf_grid_count(f.g, RF_TILE_ACID) / 9;
        *lava += rf_grid_count(f.g, RF_TILE_LAVA) / 9;
        fixture_fini(&f);
    }
}

START_TEST(fluid_table_by_depth)
{
    long water, acid, lava;
    /* depth 1: 1d10 -> 1-4 water, 5-10 acid (10: our choice), never lava */
    fluids_at(1, &water, &acid, &lava);
    ck_assert_int_eq(lava, 0);
    ck_binomial(water, water + acid, 0.4);
    /* depth 25: 1d10+5 -> 6-10 acid, 11-15 lava */
    fluids_at(25, &water, &acid, &lava);
    ck_assert_int_eq(water, 0);
    ck_binomial(acid, acid + lava, 0.5);
    /* depth 50: 1d10+10 -> always lava */
    fluids_at(50, &water, &acid, &lava);
    ck_assert_int_eq(water + acid, 0);
    ck_assert_int_gt(lava, 0);
}
END_TEST

START_TEST(lava_never_disconnects)
{
    /* One through room: corridor - door - room - door - corridor. At depth 50
     * every fluid is lava, which would cut the level: the room is refused. */
    long k, fluid_tries = 0;
    for (k = 0; k < 300; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(50, RF_DIFFICULTY_HMP, false);
        f.g = rf_grid_new(30, 7);
        rf_room_list_init(&f.rooms);
        rf_placed_list_init(&f.objs);
        rf_grid_fill(f.g, 0, 2, 30, 3, RF_TILE_WALL);
        rf_grid_fill(f.g, 1, 3, 28, 1, RF_TILE_FLOOR);
        carve_room(&f, 10, 1, 5, 5);
        rf_grid_set(f.g, 10, 3, RF_TILE_DOOR);
        rf_grid_set(f.g, 14, 3, RF_TILE_DOOR);
        run(&f, &o, (uint64_t)k, &res);
        ck_assert_int_eq(rf_grid_count(f.g, RF_TILE_LAVA), 0);
        fluid_tries += res.skipped;
        fixture_fini(&f);
    }
    ck_assert_int_gt(fluid_tries, 0);
}
END_TEST

START_TEST(ammo_table_by_depth)
{
    static const struct {
        int depth;
        const char *name;
        int count;
    } rows[] = {{1, "10mm ammo", 24}, {4, "shotgun shell", 8}, {12, "power cell", 20}};
    size_t r, i;
    for (r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        long k, rooms = 0, stacks = 0;
        for (k = 0; k < 400; k++) {
            fixture f;
            rf_special_result res;
            rf_special_opts o = opts(rows[r].depth, RF_DIFFICULTY_HMP, false);
            fixture_init(&f, 10, 10, 10);
            run(&f, &o, (uint64_t)k, &res);
            for (i = 0; i < f.objs.n; i++) {
                const rf_placed *p = &f.objs.items[i];
                if (strcmp(p->type, "item") != 0 || f.rooms.items[p->room - 1].kind == RF_ROOM_VAULT)
                    continue; /* vault items are not ammo-room stacks */
                ck_assert_str_eq(p->name, rows[r].name);
                ck_assert_int_eq(p->count, rows[r].count);
                stacks++;
            }
            rooms += res.made[RF_SPECIAL_AMMO];
            fixture_fini(&f);
        }
        ck_assert_int_gt(rooms, 0);
        /* 1d3+2 stacks per room: between 3 and 5 on average */
        ck_assert(stacks >= 3 * rooms && stacks <= 5 * rooms);
    }
}
END_TEST

START_TEST(teleporter_beside_three_floors)
{
    long k, seen = 0;
    for (k = 0; k < 400; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(3, RF_DIFFICULTY_HMP, false);
        size_t i;
        fixture_init(&f, 10, 5, 4); /* 3x2 floor: every tile has 2 or 3 floor neighbours */
        run(&f, &o, (uint64_t)k, &res);
        for (i = 0; i < f.objs.n; i++) {
            const rf_placed *p = &f.objs.items[i];
            int n;
            if (strcmp(p->type, "teleporter") != 0)
                continue;
            n = (rf_grid_get(f.g, p->x + 1, p->y) == RF_TILE_FLOOR) +
                (rf_grid_get(f.g, p->x - 1, p->y) == RF_TILE_FLOOR) +
                (rf_grid_get(f.g, p->x, p->y + 1) == RF_TILE_FLOOR) +
                (rf_grid_get(f.g, p->x, p->y - 1) == RF_TILE_FLOOR);
            ck_assert_int_ge(n, 3);
            ck_assert_int_eq(p->x, 1 + (p->room - 1) * 6 + 2); /* the middle column */
            seen++;
        }
        fixture_fini(&f);
    }
    ck_assert_int_gt(seen, 0);
}
END_TEST

START_TEST(lever_types_charges_feelings)
{
    static const struct {
        const char *name;
        int weight, max_charges, global_pct;
    } rows[] = {{"forces explosions", 2, 1, 0}, {"summons enemies", 2, 3, 0},
                {"harms creatures", 3, 1, 33},  {"destroys walls", 3, 1, 33},
                {"floods with water", 1, 1, 50}, {"floods with acid", 1, 1, 10},
                {"floods with lava", 1, 1, 10}, {"armor depot", 2, 3, 0},
                {"MediTech depot", 2, 3, 0}};
    long seen[9] = {0}, global[9] = {0}, total = 0, feelings = 0, k;
    size_t r, i;
    for (k = 0; k < 2500; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(1, RF_DIFFICULTY_HMP, true);
        fixture_init(&f, 10, 6, 6); /* too small for warehouses: levers are common */
        run(&f, &o, (uint64_t)k, &res);
        for (i = 0; i < f.objs.n; i++) {
            const rf_placed *p = &f.objs.items[i];
            if (strcmp(p->type, "lever") != 0)
                continue;
            for (r = 0; r < 9 && strcmp(rows[r].name, p->name) != 0; r++)
                ;
            ck_assert_int_lt(r, 9);
            ck_assert(p->charges >= 1 && p->charges <= rows[r].max_charges);
            seen[r]++;
            global[r] += p->global;
            total++;
        }
        feelings += (long)res.nfeelings;
        fixture_fini(&f);
    }
    for (r = 0; r < 9; r++) {
        ck_binomial(seen[r], total, rows[r].weight / 17.0);
        if (rows[r].global_pct == 0)
            ck_assert_int_eq(global[r], 0);
        else
            ck_binomial(global[r], seen[r], rows[r].global_pct / 100.0);
        feelings -= global[r];
    }
    ck_assert_int_eq(feelings, 0); /* one feeling per global lever, no vaults here */
}
END_TEST

START_TEST(vault_roll_and_monsters)
{
    rf_rng rng;
    int d, k;
    ck_assert_str_eq(rf_special_vault_monster(1), "former human");
    ck_assert_str_eq(rf_special_vault_monster(3), "former human");
    ck_assert_str_eq(rf_special_vault_monster(4), "lost soul");
    ck_assert_str_eq(rf_special_vault_monster(9), "lost soul");
    ck_assert_str_eq(rf_special_vault_monster(10), "demon");
    ck_assert_str_eq(rf_special_vault_monster(14), "demon");
    ck_assert_str_eq(rf_special_vault_monster(15), "cacodemon");
    ck_assert_str_eq(rf_special_vault_monster(29), "cacodemon");
    ck_assert_str_eq(rf_special_vault_monster(30), "cacodemon");     /* 30 % 6 == 0 */
    ck_assert_str_eq(rf_special_vault_monster(31), "cacodemon");     /* 1 */
    ck_assert_str_eq(rf_special_vault_monster(33), "nightmare imp"); /* 3 */
    ck_assert_str_eq(rf_special_vault_monster(34), "nightmare cacodemon");
    ck_assert_str_eq(rf_special_vault_monster(35), "nightmare demon");
    ck_assert_str_eq(rf_special_vault_monster(27), "cacodemon"); /* 27 % 6 == 3, but < 30 */
    rf_rng_seed(&rng, 5, 1);
    for (d = RF_DIFFICULTY_ITYTD; d <= RF_DIFFICULTY_NIGHTMARE; d++) {
        rf_special_opts o = opts(1, (rf_difficulty)d, false);
        int lo = 99, hi = -99;
        for (k = 0; k < 500; k++) {
            int r = rf_special_vault_roll(&o, &rng);
            lo = r < lo ? r : lo;
            hi = r > hi ? r : hi;
        }
        ck_assert_int_eq(lo, 1 + 1 + (d - 2) * 3 < 1 ? 1 : 1 + 1 + (d - 2) * 3);
        ck_assert_int_eq(hi, 5 + 1 + (d - 2) * 3 < 1 ? 1 : 5 + 1 + (d - 2) * 3);
    }
}
END_TEST

/* Checks one vault chamber's ring: all wall but `doors` door tiles, and the
 * one-wide path around it all floor. */
static void check_chamber(const fixture *f, const rf_room_rec *c, int doors)
{
    int x, y, seen = 0;
    for (y = c->y; y < c->y + c->h; y++)
        for (x = c->x; x < c->x + c->w; x++) {
            bool ring = x == c->x || y == c->y || x == c->x + c->w - 1 || y == c->y + c->h - 1;
            rf_tile t = rf_grid_get(f->g, x, y);
            if (ring) {
                ck_assert(t == RF_TILE_WALL || t == RF_TILE_DOOR);
                seen += t == RF_TILE_DOOR;
            } else {
                ck_assert_int_eq(t, RF_TILE_FLOOR);
                ck_assert_int_eq(rf_grid_room(f->g, x, y), c->id);
            }
        }
    ck_assert_int_eq(seen, doors);
    for (x = c->x - 1; x <= c->x + c->w; x++) {
        ck_assert_int_eq(rf_grid_get(f->g, x, c->y - 1), RF_TILE_FLOOR);
        ck_assert_int_eq(rf_grid_get(f->g, x, c->y + c->h), RF_TILE_FLOOR);
    }
}

START_TEST(vault_layout_contents_and_locks)
{
    long k, vaults = 0, locked = 0, keys = 0;
    for (k = 0; k < 1500; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(30, RF_DIFFICULTY_HMP, false);
        size_t i, j;
        fixture_init(&f, 8, 12, 12);
        run(&f, &o, (uint64_t)k, &res);
        for (i = 0; i < f.rooms.n; i++) {
            const rf_room_rec *c = &f.rooms.items[i];
            size_t monsters = 0, items = 0;
            int r = 0;
            if (c->kind != RF_ROOM_VAULT)
                continue;
            vaults++;
            locked += c->locked;
            check_chamber(&f, c, c->locked ? 0 : 1);
            for (j = 0; j < f.objs.n; j++) {
                const rf_placed *p = &f.objs.items[j];
                if (p->room != c->id)
                    continue;
                ck_assert(p->x > c->x && p->x < c->x + c->w - 1);
                ck_assert(p->y > c->y && p->y < c->y + c->h - 1);
                if (strcmp(p->type, "monster") == 0) {
                    /* HMP (3) at depth 30: one roll of 1d5 + 30 + 3 per vault */
                    ck_assert(p->quality >= 34 && p->quality <= 38);
                    ck_assert(r == 0 || r == p->quality);
                    ck_assert_int_eq(items, 0); /* monsters first */
                    ck_assert_str_eq(p->name, rf_special_vault_monster(p->quality));
                    r = p->quality;
                    monsters++;
                } else {
                    ck_assert_str_eq(p->type, "item");
                    ck_assert_int_eq(p->quality, r + 3);
                    items++;
                }
            }
            ck_assert(monsters >= 3 && monsters <= 8); /* HMP: 1d4+1d2+2 */
            ck_assert(items >= 3 && items <= 5);       /* 1d3+2, room to spare in 6x6 */
        }
        for (j = 0; j < f.objs.n; j++)
            if (f.objs.items[j].key) {
                ck_assert_str_eq(f.objs.items[j].name, "destroys walls");
                ck_assert_int_ne(f.rooms.items[f.objs.items[j].room - 1].kind, RF_ROOM_VAULT);
                keys++;
            }
        ck_assert_int_le(res.made[RF_SPECIAL_VAULT], (int)res.nfeelings); /* a feeling per vault */
        ck_assert_int_ge(count_objs(&f, "lever", "destroys walls"), (size_t)res.locked_vaults);
        ck_assert_int_le(res.locked_vaults, res.lockable_vaults);
        ck_assert_int_le(res.lockable_vaults, res.made[RF_SPECIAL_VAULT]);
        fixture_fini(&f);
    }
    ck_assert_int_gt(vaults, 0);
    ck_assert_int_eq(keys, locked);
    ck_binomial(locked, vaults, 0.25); /* min(30 - 1, 25) % */
}
END_TEST

START_TEST(vault_never_locked_on_depth_1)
{
    long k, vaults = 0;
    for (k = 0; k < 800; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(1, RF_DIFFICULTY_HMP, false);
        fixture_init(&f, 8, 12, 12);
        run(&f, &o, (uint64_t)k, &res);
        ck_assert_int_eq(res.locked_vaults, 0);
        vaults += res.made[RF_SPECIAL_VAULT];
        fixture_fini(&f);
    }
    ck_assert_int_gt(vaults, 0);
}
END_TEST

START_TEST(vault_monsters_before_items)
{
    /* 8x8 rooms: a 2x2 chamber (4 tiles); Nightmare! rolls 4..12 monsters,
     * which fill it before any item. */
    long k, vaults = 0;
    for (k = 0; k < 800; k++) {
        fixture f;
        rf_special_result res;
        rf_special_opts o = opts(5, RF_DIFFICULTY_NIGHTMARE, false);
        size_t i;
        fixture_init(&f, 8, 8, 8);
        run(&f, &o, (uint64_t)k, &res);
        for (i = 0; i < f.rooms.n; i++) {
            const rf_room_rec *c = &f.rooms.items[i];
            size_t j, monsters = 0, items = 0;
            if (c->kind != RF_ROOM_VAULT)
                continue;
            ck_assert_int_eq(c->w, 4);
            vaults++;
            for (j = 0; j < f.objs.n; j++)
                if (f.objs.items[j].room == c->id) {
                    monsters += strcmp(f.objs.items[j].type, "monster") == 0;
                    items += strcmp(f.objs.items[j].type, "item") == 0;
                }
            ck_assert_int_eq(monsters, 4);
            ck_assert_int_eq(items, 0);
        }
        fixture_fini(&f);
    }
    ck_assert_int_gt(vaults, 0);
}
END_TEST

START_TEST(same_seed_same_level)
{
    fixture a, b;
    rf_special_result ra, rb;
    rf_special_opts o = opts(12, RF_DIFFICULTY_UV, false);
    int y;
    fixture_init(&a, 9, 10, 10);
    fixture_init(&b, 9, 10, 10);
    run(&a, &o, 99, &ra);
    run(&b, &o, 99, &rb);
    ck_assert_int_eq(a.objs.n, b.objs.n);
    ck_assert_int_eq(a.rooms.n, b.rooms.n);
    ck_assert_mem_eq(a.objs.items, b.objs.items, a.objs.n * sizeof *a.objs.items);
    for (y = 0; y < rf_grid_height(a.g); y++) {
        char ra_row[256], rb_row[256];
        ck_assert(rf_grid_row(a.g, y, ra_row, sizeof ra_row));
        ck_assert(rf_grid_row(b.g, y, rb_row, sizeof rb_row));
        ck_assert_str_eq(ra_row, rb_row);
    }
    fixture_fini(&a);
    fixture_fini(&b);
}
END_TEST

START_TEST(bad_arguments)
{
    fixture f;
    rf_special_result res;
    rf_rng rng;
    rf_special_opts o = opts(0, RF_DIFFICULTY_HMP, false);
    rf_difficulty d;
    fixture_init(&f, 2, 10, 10);
    rf_rng_seed(&rng, 1, 1);
    ck_assert_int_eq(rf_special_rooms(f.g, &f.rooms, &o, &rng, &f.objs, &res), RF_ERR_ARG);
    o = opts(1, (rf_difficulty)6, false);
    ck_assert_int_eq(rf_special_rooms(f.g, &f.rooms, &o, &rng, &f.objs, &res), RF_ERR_ARG);
    ck_assert_int_eq(rf_special_rooms(NULL, &f.rooms, &o, &rng, &f.objs, &res), RF_ERR_ARG);
    ck_assert(rf_difficulty_parse("nightmare", &d) && d == RF_DIFFICULTY_NIGHTMARE);
    ck_assert(rf_difficulty_parse("3", &d) && d == RF_DIFFICULTY_HMP);
    ck_assert(!rf_difficulty_parse("hard", &d));
    ck_assert(!rf_difficulty_parse("6", &d));
    ck_assert_str_eq(rf_difficulty_name(RF_DIFFICULTY_UV), "uv");
    ck_assert_str_eq(rf_special_kind_name(RF_SPECIAL_VAULT), "vault");
    fixture_fini(&f);
}
END_TEST

START_TEST(out_of_memory_is_reported)
{
    long n;
    bool hit = false;
    for (n = 0; n < 64 && !hit; n++) {
        fixture f;
        rf_special_result res;
        rf_rng rng;
        rf_special_opts o = opts(30, RF_DIFFICULTY_HMP, false);
        rf_status s;
        fixture_init(&f, 8, 12, 12);
        rf_rng_seed(&rng, 3, 3);
        rf_alloc_fail_after(n);
        s = rf_special_rooms(f.g, &f.rooms, &o, &rng, &f.objs, &res);
        rf_alloc_fail_after(-1);
        ck_assert(s == RF_OK || s == RF_ERR_NOMEM);
        hit = s == RF_ERR_NOMEM;
        fixture_fini(&f);
    }
    ck_assert(hit);
}
END_TEST

/* Through rf_level_generate: the pass runs on dug levels after the stairs,
 * from its own stream, and a profile can turn it off. */
static rf_profile_set *profiles(const char *xml)
{
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    ck_assert(s && d);
    ck_assert_int_eq(rf_profile_set_load_buffer(s, xml, strlen(xml), "p.xml", d), RF_OK);
    rf_diags_free(d);
    return s;
}

START_TEST(levels_get_special_rooms_unless_the_profile_says_no)
{
    /* population off in both: this test counts the special pass's objects */
    rf_profile_set *on = profiles("<profiles><profile name=\"p\" digger=\"brogue\">"
                                  "<param name=\"populate\" value=\"0\"/></profile></profiles>");
    rf_profile_set *off = profiles("<profiles><profile name=\"p\" digger=\"brogue\">"
                                   "<param name=\"special-rooms\" value=\"0\"/>"
                                   "<param name=\"populate\" value=\"0\"/></profile></profiles>");
    long seed, objects = 0, vault_feelings = 0;
    for (seed = 1; seed <= 60; seed++) {
        rf_level_opts o;
        rf_level *a = NULL, *b = NULL;
        int ax, ay, bx, by;
        size_t i;
        rf_level_opts_init(&o);
        o.profile = "p";
        o.seed = (uint64_t)seed;
        o.depth = 12;
        ck_assert_int_eq(rf_level_generate(on, &o, &a, NULL), RF_OK);
        ck_assert_int_eq(rf_level_generate(off, &o, &b, NULL), RF_OK);
        ck_assert_uint_eq(rf_level_object_count(b), 0);
        /* same stairs: the pass draws from its own stream, after them */
        rf_level_stairs_up(a, &ax, &ay);
        rf_level_stairs_up(b, &bx, &by);
        ck_assert(ax == bx && ay == by);
        rf_level_stairs_down(a, &ax, &ay);
        rf_level_stairs_down(b, &bx, &by);
        ck_assert(ax == bx && ay == by);
        objects += (long)rf_level_object_count(a);
        for (i = 0; i < rf_level_object_count(a); i++) {
            const rf_placed *p = rf_level_object_at(a, i);
            ck_assert_int_eq(rf_grid_get(rf_level_grid(a), p->x, p->y), RF_TILE_FLOOR);
        }
        for (i = 0; i < rf_level_feeling_count(a); i++)
            vault_feelings += strcmp(rf_level_feeling_at(a, i), "You feel excited!") == 0 ||
                              strcmp(rf_level_feeling_at(a, i), "There's something special here...") == 0 ||
                              strcmp(rf_level_feeling_at(a, i), "There's the smell of blood in the air!") == 0;
        rf_level_free(a);
        rf_level_free(b);
    }
    ck_assert_int_gt(objects, 0);
    ck_assert_int_gt(vault_feelings, 0);
    rf_profile_set_free(on);
    rf_profile_set_free(off);
}
END_TEST

/* Whether the lava test's open tiles stay one region with room id's floor
 * drowned: a plain flood fill, the model rf_special_cut_map answers by. */
static bool model_keeps(const rf_special_ctx *ctx, int id, int *queue, bool *seen)
{
    const rf_grid *g = ctx->g;
    int n = g->w * g->h, c, head = 0, tail = 0, total = 0, k;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    memset(seen, 0, (size_t)n);
    for (c = 0; c < n; c++)
        if (rf_special_lava_open(ctx, c, id) && total++ == 0) {
            seen[c] = true;
            queue[tail++] = c;
        }
    while (head < tail) {
        c = queue[head++];
        for (k = 0; k < 4; k++) {
            int x = c % g->w + dx[k], y = c / g->w + dy[k], nc = y * g->w + x;
            if (x < 0 || y < 0 || x >= g->w || y >= g->h || seen[nc] ||
                !rf_special_lava_open(ctx, nc, id))
                continue;
            seen[nc] = true;
            queue[tail++] = nc;
        }
    }
    return tail == total;
}

/* rf_special_cut_map gives every room the flood fill's answer, on levels of
 * every digger (a room's floor in pieces excepted: it says -1 there), with
 * a floor in two pieces made by hand. */
START_TEST(cut_map_matches_a_flood_fill)
{
    static const char *const diggers[] = {"brogue", "nethack", "dungeonmaker"};
    long seed, asked = 0, cut = 0, pieces = 0;
    size_t dg;
    for (dg = 0; dg < 3; dg++) {
        char xml[256];
        rf_profile_set *ps;
        snprintf(xml, sizeof xml, "<profiles><profile name=\"p\" recipe=\"%s\">"
                 "<param name=\"special-rooms\" value=\"0\"/><param name=\"populate\" "
                 "value=\"0\"/></profile></profiles>", diggers[dg]);
        ps = profiles(xml);
        for (seed = 1; seed <= 12; seed++) {
            rf_level_opts o;
            rf_level *l = NULL;
            rf_special_ctx ctx;
            rf_room_list rooms;
            signed char cuts[512];
            size_t i, n;
            int *queue;
            bool *seen;
            rf_level_opts_init(&o);
            o.profile = "p";
            o.seed = (uint64_t)seed;
            o.depth = 1 + (int)seed * 2;
            ck_assert_int_eq(rf_level_generate(ps, &o, &l, NULL), RF_OK);
            memset(&ctx, 0, sizeof ctx);
            rf_room_list_init(&rooms);
            ctx.g = rf_grid_clone(rf_level_grid(l));
            ck_assert_ptr_nonnull(ctx.g);
            n = (size_t)ctx.g->w * (size_t)ctx.g->h;
            for (i = 0; i < rf_level_room_count(l) && i < sizeof cuts; i++)
                ck_assert_int_gt(rf_room_list_add(&rooms, rf_level_room_at(l, i)), 0);
            if (seed == 1 && rooms.n > 0) { /* a wall across room 1's floor: two pieces */
                const rf_room_rec *r = &rooms.items[0];
                int y;
                for (y = r->y; y < r->y + r->h; y++)
                    if (rf_grid_get(ctx.g, r->x + r->w / 2, y) == RF_TILE_FLOOR)
                        rf_grid_set(ctx.g, r->x + r->w / 2, y, RF_TILE_WALL);
            }
            ctx.rooms = &rooms;
            queue = malloc(n * sizeof *queue);
            seen = malloc(n);
            ck_assert(queue && seen);
            if (model_keeps(&ctx, 0, queue, seen)) { /* the map is for one region */
                ck_assert_int_eq(rf_special_cut_map(&ctx, cuts, rooms.n), RF_OK);
                for (i = 0; i < rooms.n; i++) {
                    if (cuts[i] < 0) {
                        pieces++;
                        continue;
                    }
                    ck_assert_msg(!cuts[i] == model_keeps(&ctx, rooms.items[i].id, queue, seen),
                                  "%s seed %ld room %zu: map %d", diggers[dg], seed, i, cuts[i]);
                    asked++;
                    cut += cuts[i];
                }
            }
            free(queue);
            free(seen);
            rf_grid_free(ctx.g);
            rf_room_list_fini(&rooms);
            rf_level_free(l);
        }
        rf_profile_set_free(ps);
    }
    ck_assert_int_gt(asked, 100);
    ck_assert_int_gt(cut, 0);          /* some rooms are the only way through */
    ck_assert_int_gt(asked - cut, 0);  /* and some are not */
    ck_assert_int_gt(pieces, 0);       /* the hand-split floor is left to the search */
}
END_TEST

static Suite *special_suite(void)
{
    Suite *s = suite_create("special");
    TCase *t = tcase_create("special");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, count_is_7d2_minus_7);
    tcase_add_test(t, type_table_normal);
    tcase_add_test(t, type_table_single_has_no_vaults);
    tcase_add_test(t, size_rules_skip_rooms_too_small);
    tcase_add_test(t, fluid_area_limit);
    tcase_add_test(t, fluid_table_by_depth);
    tcase_add_test(t, lava_never_disconnects);
    tcase_add_test(t, cut_map_matches_a_flood_fill);
    tcase_add_test(t, ammo_table_by_depth);
    tcase_add_test(t, teleporter_beside_three_floors);
    tcase_add_test(t, lever_types_charges_feelings);
    tcase_add_test(t, vault_roll_and_monsters);
    tcase_add_test(t, vault_layout_contents_and_locks);
    tcase_add_test(t, vault_never_locked_on_depth_1);
    tcase_add_test(t, vault_monsters_before_items);
    tcase_add_test(t, same_seed_same_level);
    tcase_add_test(t, bad_arguments);
    tcase_add_test(t, out_of_memory_is_reported);
    tcase_add_test(t, levels_get_special_rooms_unless_the_profile_says_no);
    suite_add_tcase(s, t);
    return s;
}

RF_TEST_MAIN(special_suite)
