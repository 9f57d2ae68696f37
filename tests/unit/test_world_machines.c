/* tests/unit/test_world_machines.c: machines at play (DESIGN 17): a Brogue
 * level's world holds one room per machine group (a treasure machine's key
 * holder and reward, or an autogenerator) with its objects and its
 * blueprints' rules. For every treasure machine of 30 seeds x the six
 * treasure depths (RF_SANITIZED: 3 seeds): the vault door stands until the
 * key is taken (the key lever pulled, the boss killed) and goes the tick
 * after; the same holds in a world saved and loaded again; a world without
 * the catalogue gives the rooms no rules.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/level.h"
#include "roomforge/machines.h"
#include "roomforge/world.h"

#define MACHINES_XML RF_SOURCE_DIR "/content/machines.xml"

static rf_machines *cat;

static void setup(void)
{
    cat = rf_machines_new();
    ck_assert_ptr_nonnull(cat);
    ck_assert_int_eq(rf_machines_load_file(cat, MACHINES_XML, NULL), RF_OK);
}

static void teardown(void) { rf_machines_free(cat); }

static int seeds(int full)
{
    const char *s = getenv("RF_SANITIZED");
    return s && *s ? 3 : full;
}

static rf_level *generate(uint64_t seed, int depth)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    rf_level_opts_init(&o);
    o.seed = seed;
    o.depth = depth;
    o.machines = cat;
    ck_assert_int_eq(rf_level_generate(NULL, &o, &lv, NULL), RF_OK);
    return lv;
}

static rf_world *world_of(const rf_level *lv, const rf_machines *m)
{
    rf_world_opts wo;
    rf_world *w = NULL;
    rf_world_opts_init(&wo);
    wo.machines = m;
    ck_assert_int_eq(rf_world_new(&wo, NULL, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_level(w, lv, NULL), RF_OK);
    return w;
}

/* The handle of treasure machine t's key (kind key-holder) or vault door
 * (kind reward) in lv, 0 when none. */
static uint64_t handle_of(const rf_level *lv, int t, rf_machine_kind kind, bool key)
{
    size_t i, k;
    for (i = 0; i < rf_level_machine_count(lv); i++) {
        const rf_level_machine *m = rf_level_machine_at(lv, i);
        if (m->treasure != t || m->kind != kind)
            continue;
        for (k = 0; k < m->nobjects; k++) {
            const rf_placed *p = rf_level_object_at(lv, m->objects[k]);
            if (key ? p->key : strcmp(p->id, "vault-door") == 0)
                return m->objects[k] + 1; /* a fresh world's handle: its level index + 1 */
        }
    }
    return 0;
}

static bool present(rf_world *w, uint64_t h)
{
    rf_world_object o;
    return rf_world_object_by_handle(w, h, &o);
}

/* Takes key k of w: pulls a lever, kills a monster. */
static void take_key(rf_world *w, uint64_t k)
{
    rf_world_object o;
    ck_assert(rf_world_object_by_handle(w, k, &o));
    if (o.type == RF_OBJ_MONSTER)
        ck_assert_int_eq(rf_world_kill_obj(w, k, NULL), RF_OK);
    else
        ck_assert_int_eq(rf_world_pull_obj(w, k, NULL), RF_OK);
}

/* The world saved and loaded again with the catalogue. */
static rf_world *reload(rf_world *w)
{
    rf_world_opts wo;
    rf_world *back = NULL;
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rf_world_save(w, f, NULL), RF_OK);
    rewind(f);
    rf_world_opts_init(&wo);
    wo.machines = cat;
    ck_assert_int_eq(rf_world_load(&wo, NULL, f, NULL, &back), RF_OK);
    fclose(f);
    rf_world_free(w);
    return back;
}

START_TEST(each_key_opens_its_reward_room)
{
    static const int depths[] = {3, 7, 11, 15, 19, 23};
    int n = seeds(30), s, di, opened = 0, saved = 0;
    for (s = 1; s <= n; s++)
        for (di = 0; di < 6; di++) {
            uint64_t seed = (uint64_t)s * 104729u + 11;
            rf_level *lv = generate(seed, depths[di]);
            int t;
            for (t = 1; t <= rf_machines_treasure_count(seed, depths[di]); t++) {
                uint64_t key = handle_of(lv, t, RF_MACHINE_KEY_HOLDER, true);
                uint64_t door = handle_of(lv, t, RF_MACHINE_REWARD, false);
                bool again = (s + t) % 3 == 0; /* a third of them through a save */
                rf_world *w;
                if (!key)
                    continue; /* this treasure machine found no rooms */
                ck_assert_msg(door != 0, "seed %llu depth %d: treasure %d has no vault door",
                              (unsigned long long)seed, depths[di], t);
                w = world_of(lv, cat);
                ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
                ck_assert(present(w, door)); /* locked until the key is taken */
                if (again) {
                    w = reload(w);
                    saved++;
                }
                take_key(w, key);
                ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
                ck_assert_msg(!present(w, door), "seed %llu depth %d: treasure %d stays locked",
                              (unsigned long long)seed, depths[di], t);
                opened++;
                rf_world_free(w);
            }
            rf_level_free(lv);
        }
    ck_assert_int_ge(opened, 5 * n); /* 6 or more due a run; most find rooms */
    ck_assert_int_gt(saved, 0);
}
END_TEST

/* One room per group after the level rooms, named by its blueprints; the
 * machine objects are there and nowhere else; without the catalogue the
 * rooms stand with no rules, and the key opens nothing. */
START_TEST(machine_rooms_hold_their_objects_and_rules)
{
    rf_level *lv = generate(12, 11);
    rf_world *w = world_of(lv, cat), *bare = world_of(lv, NULL);
    size_t i, machine_rooms = 0, rules = 0, bare_rules = 0;
    uint64_t key = handle_of(lv, 1, RF_MACHINE_KEY_HOLDER, true);
    uint64_t door = handle_of(lv, 1, RF_MACHINE_REWARD, false);
    ck_assert(key && door);
    ck_assert_uint_eq(rf_world_room_count(w), rf_world_room_count(bare));
    for (i = 0; i < rf_world_room_count(w); i++) {
        rf_world_room r, b;
        ck_assert(rf_world_room_get(w, i, &r) && rf_world_room_get(bare, i, &b));
        if (strstr(r.name, " + ")) {
            machine_rooms++;
            rules += r.rules;
            ck_assert_int_eq(r.level_room, 0);
            ck_assert_ptr_null(r.tmpl);
        }
        bare_rules += b.tmpl ? 0 : b.rules;
    }
    ck_assert_uint_eq(machine_rooms, 1); /* one treasure machine at depth 11 of seed 12 */
    ck_assert_uint_gt(rules, 0);
    ck_assert_uint_eq(bare_rules, 0);
    take_key(bare, key);
    ck_assert_int_eq(rf_world_tick(bare, NULL), RF_OK);
    ck_assert(present(bare, door));
    rf_world_free(w);
    rf_world_free(bare);
    rf_level_free(lv);
}
END_TEST

/* rf_world_room_at answers a machine's room on its cells (so the game's
 * enter by position reaches its rules), the level room elsewhere in the
 * level room's box, and the same after a save. */
START_TEST(a_machines_cells_are_its_rooms)
{
    rf_level *lv = generate(12, 11);
    rf_world *w = world_of(lv, cat);
    const rf_level_machine *reward = NULL;
    size_t i, at, again;
    for (i = 0; i < rf_level_machine_count(lv); i++)
        if (rf_level_machine_at(lv, i)->kind == RF_MACHINE_REWARD)
            reward = rf_level_machine_at(lv, i);
    ck_assert_ptr_nonnull(reward);
    ck_assert(rf_world_room_at(w, reward->cells[0], reward->cells[1], &at));
    {
        rf_world_room r;
        ck_assert(rf_world_room_get(w, at, &r));
        ck_assert_ptr_nonnull(strstr(r.name, reward->blueprint));
    }
    w = reload(w);
    ck_assert(rf_world_room_at(w, reward->cells[0], reward->cells[1], &again));
    ck_assert_uint_eq(again, at);
    ck_assert_int_eq(rf_world_enter(w, at, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    rf_world_free(w);
    rf_level_free(lv);
}
END_TEST

/* A save names the blueprints: loading it without them is save-damaged. */
START_TEST(a_save_needs_its_blueprints)
{
    rf_level *lv = generate(12, 11);
    rf_world *w = world_of(lv, cat), *back = NULL;
    rf_diags *d = rf_diags_new();
    FILE *f = tmpfile();
    ck_assert(f && d);
    ck_assert_int_eq(rf_world_save(w, f, NULL), RF_OK);
    rewind(f);
    ck_assert_int_eq(rf_world_load(NULL, NULL, f, d, &back), RF_ERR_CONTENT);
    ck_assert_ptr_null(back);
    ck_assert_uint_ge(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "save-damaged");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "machine blueprint"));
    fclose(f);
    rf_diags_free(d);
    rf_world_free(w);
    rf_level_free(lv);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("world_machines");
    TCase *tc = tcase_create("core");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 240);
    tcase_add_test(tc, each_key_opens_its_reward_room);
    tcase_add_test(tc, machine_rooms_hold_their_objects_and_rules);
    tcase_add_test(tc, a_save_needs_its_blueprints);
    tcase_add_test(tc, a_machines_cells_are_its_rooms);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(suite)
