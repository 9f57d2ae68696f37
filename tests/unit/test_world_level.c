/* tests/unit/test_world_level.c: unit tests for rf_world_add_level
 * (engine/src/world/world_level.c) and handles (DESIGN 14): for every
 * bundled profile and many seeds, the world holds the level's objects one
 * for one (tag, id, cell, room, handle = the JSON's), hordes know their
 * leader, a second level continues the handles, Brood Chamber's absent
 * mother is absent from the world too, created objects get new handles, a
 * population monster killed by handle stays dead across a save, and a horde
 * dies with its last member, not its leader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

#define BUNDLED_ROOMS RF_SOURCE_DIR "/content/rooms"
#define BUNDLED_PROFILES RF_SOURCE_DIR "/content/profiles.xml"

static rf_template_set *rooms;
static rf_profile_set *profiles;

static void setup(void)
{
    rf_diags *d = rf_diags_new();
    rooms = rf_template_set_new();
    profiles = rf_profile_set_new();
    ck_assert(d && rooms && profiles);
    ck_assert_int_ne(rf_template_set_load_path(rooms, BUNDLED_ROOMS, d), RF_ERR_IO);
    ck_assert_int_eq(rf_profile_set_load(profiles, BUNDLED_PROFILES, d), RF_OK);
    rf_diags_free(d);
}

static void teardown(void)
{
    rf_template_set_free(rooms);
    rf_profile_set_free(profiles);
}

static rf_level *gen(const char *profile, uint64_t seed, int depth, const char *forced)
{
    rf_level_opts o;
    rf_level *lv = NULL;
    const char *names[1];
    rf_level_opts_init(&o);
    o.profile = profile;
    o.seed = seed;
    o.depth = depth;
    o.templates = rooms;
    if (forced) {
        names[0] = forced;
        o.rooms = names;
        o.nrooms = 1;
    }
    ck_assert_msg(rf_level_generate(profiles, &o, &lv, NULL) == RF_OK, "%s seed %llu", profile,
                  (unsigned long long)seed);
    return lv;
}

static rf_world *world_of(const rf_level *lv)
{
    rf_world_opts o;
    rf_world *w = NULL;
    rf_world_opts_init(&o);
    o.seed = rf_level_seed(lv);
    ck_assert_int_eq(rf_world_new(&o, NULL, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_level(w, lv, NULL), RF_OK);
    return w;
}

/* Every object of lv is in w with handle base + its index + 1, its type as
 * tag, its id, its cell, in the world room of its level room; w holds no
 * other object; a horde's members name a leader of the same horde. */
static void one_for_one(rf_world *w, const rf_level *lv, uint64_t base, const char *what)
{
    size_t i, n = rf_level_object_count(lv), total = 0, r;
    for (r = 0; r < rf_world_room_count(w); r++)
        total += rf_world_object_count(w, r);
    ck_assert_msg(total == n + base, "%s: %zu objects in the world, %zu in the level", what,
                  total, n);
    for (i = 0; i < n; i++) {
        const rf_placed *p = rf_level_object_at(lv, i);
        rf_world_object ob, lead;
        rf_world_room wr;
        ck_assert_msg(rf_world_object_by_handle(w, base + i + 1, &ob), "%s: no handle %zu", what,
                      i + 1);
        ck_assert_uint_eq(ob.handle, base + i + 1);
        ck_assert_msg(strcmp(ob.tag, p->type) == 0, "%s: object %zu is a %s, the level's a %s",
                      what, i + 1, ob.tag, p->type);
        ck_assert_msg(p->id[0] ? ob.id && strcmp(ob.id, p->id) == 0 : ob.id == NULL,
                      "%s: object %zu id", what, i + 1);
        ck_assert_msg(ob.x == p->x && ob.y == p->y, "%s: %s %zu at %d,%d, the level's at %d,%d",
                      what, p->type, i + 1, ob.x, ob.y, p->x, p->y);
        ck_assert(rf_world_room_get(w, ob.room, &wr));
        ck_assert_msg(wr.level_room == p->room, "%s: object %zu in level room %d, not %d", what,
                      i + 1, wr.level_room, p->room);
        if (p->id[0]) { /* scripts find it by (room, id) */
            rf_world_object f;
            ck_assert(rf_world_object_find(w, ob.room, p->id, &f));
            ck_assert_uint_eq(f.handle, ob.handle);
        }
        if (p->horde > 0) {
            ck_assert_msg(ob.horde > base && ob.horde <= base + n, "%s: member %zu", what, i + 1);
            ck_assert(rf_world_object_by_handle(w, ob.horde, &lead));
            ck_assert(lead.leader && lead.horde == ob.horde);
            ck_assert_int_eq(rf_level_object_at(lv, (size_t)(ob.horde - base - 1))->horde, p->horde);
            ck_assert(ob.leader == p->leader);
        }
        if (ob.horde) {
            ck_assert(rf_world_object_by_handle(w, ob.horde, &lead));
            ck_assert(lead.leader && strcmp(lead.tag, "monster") == 0);
        }
    }
    ck_assert_uint_eq(rf_world_last_handle(w), base + n);
}

START_TEST(every_profile_world_holds_its_level_one_for_one)
{
    size_t k;
    for (k = 0; k < rf_profile_count(profiles); k++) {
        const char *name = rf_profile_name(rf_profile_at(profiles, k));
        uint64_t seed;
        for (seed = 1; seed <= 24; seed++) {
            rf_level *lv = gen(name, seed, (int)(seed % 13) * 2 + 1, NULL);
            rf_world *w = world_of(lv);
            char what[96];
            size_t r;
            snprintf(what, sizeof what, "%s seed %llu", name, (unsigned long long)seed);
            one_for_one(w, lv, 0, what);
            /* every template room is there, in its orientation and box */
            for (r = 0; r < rf_world_room_count(w); r++) {
                rf_world_room wr;
                const rf_room_rec *rec;
                ck_assert(rf_world_room_get(w, r, &wr));
                if (wr.level_room == 0)
                    continue;
                rec = rf_level_room_at(lv, (size_t)wr.level_room - 1);
                /* a varying room's world keeps its own copy of the variant */
                ck_assert(wr.tmpl == rec->tmpl ||
                          (rf_template_base(wr.tmpl) == rf_template_base(rec->tmpl) &&
                           rf_template_variant_number(wr.tmpl) ==
                               rf_template_variant_number(rec->tmpl)));
                ck_assert(wr.x == rec->x && wr.y == rec->y);
                ck_assert(wr.w == rec->w && wr.h == rec->h);
                ck_assert_int_eq(wr.orient, rec->tmpl ? rec->orient : 0);
            }
            rf_world_free(w);
            rf_level_free(lv);
        }
    }
}
END_TEST

START_TEST(a_turned_room_agrees_with_its_level)
{
    uint64_t seed;
    int turned = 0;
    for (seed = 1; seed <= 40; seed++) {
        rf_level *lv = gen("brogue", seed, 5, "Cogwork Foyer");
        rf_world *w = world_of(lv);
        size_t i;
        char what[64];
        snprintf(what, sizeof what, "Cogwork Foyer seed %llu", (unsigned long long)seed);
        one_for_one(w, lv, 0, what);
        for (i = 0; i < rf_level_room_count(lv); i++) {
            const rf_room_rec *r = rf_level_room_at(lv, i);
            if (r->tmpl && strcmp(rf_template_name(r->tmpl), "Cogwork Foyer") == 0 && r->orient)
                turned++;
        }
        rf_world_free(w);
        rf_level_free(lv);
    }
    ck_assert_int_gt(turned, 10);
}
END_TEST

START_TEST(a_second_level_continues_the_handles)
{
    rf_level *a = gen("brogue", 3, 5, NULL), *b = gen("nethack", 4, 5, NULL);
    rf_world *w = world_of(a);
    uint64_t base = rf_world_last_handle(w);
    size_t rooms_a = rf_world_room_count(w), r;
    ck_assert_uint_eq(base, rf_level_object_count(a));
    ck_assert_int_eq(rf_world_add_level(w, b, NULL), RF_OK);
    ck_assert_uint_gt(rf_world_room_count(w), rooms_a);
    for (r = rooms_a; r < rf_world_room_count(w); r++) {
        size_t i;
        for (i = 0; i < rf_world_object_count(w, r); i++) {
            rf_world_object ob;
            ck_assert(rf_world_object_get(w, r, i, &ob));
            ck_assert_uint_gt(ob.handle, base);
        }
    }
    ck_assert_uint_eq(rf_world_last_handle(w), base + rf_level_object_count(b));
    ck_assert(!rf_world_object_by_handle(w, 0, NULL));
    ck_assert(!rf_world_object_by_handle(w, rf_world_last_handle(w) + 1, NULL));
    ck_assert_int_eq(rf_world_add_level(w, NULL, NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_world_add_level(NULL, a, NULL), RF_ERR_ARG);
    rf_world_free(w);
    rf_level_free(a);
    rf_level_free(b);
}
END_TEST

/* The world room of template name in w, or (size_t)-1. */
static size_t room_named(rf_world *w, const char *name)
{
    size_t r;
    rf_world_room wr;
    for (r = 0; r < rf_world_room_count(w); r++)
        if (rf_world_room_get(w, r, &wr) && strcmp(wr.name, name) == 0)
            return r;
    return (size_t)-1;
}

START_TEST(a_mother_the_level_dropped_is_not_in_its_world)
{
    uint64_t seed;
    int absent = 0, present = 0;
    for (seed = 1; seed <= 30 && (!absent || !present); seed++) {
        rf_level *lv = gen("brogue", seed, 6, "Brood Chamber");
        rf_world *w = world_of(lv);
        size_t r = room_named(w, "Brood Chamber"), i, creates = 0;
        bool in_level = false;
        ck_assert_uint_ne(r, (size_t)-1);
        for (i = 0; i < rf_level_object_count(lv); i++)
            in_level |= strcmp(rf_level_object_at(lv, i)->id, "mother") == 0;
        ck_assert(rf_world_object_find(w, r, "mother", NULL) == in_level);
        ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
        for (i = 0; i < rf_world_effect_count(w); i++) {
            const rf_effect *e = rf_world_effect_at(w, i);
            rf_world_object ob;
            if (e->kind != RF_EFFECT_CREATE)
                continue;
            creates++;
            /* a new object: the next handle, found by it in its room */
            ck_assert_uint_eq(e->handle, rf_level_object_count(lv) + creates);
            ck_assert(rf_world_object_by_handle(w, e->handle, &ob));
            ck_assert_uint_eq(ob.room, r);
            ck_assert_uint_eq(e->room, r);
            /* what the script gave: loot of type reagent, subtype Grub Jelly */
            ck_assert_str_eq(e->tag, "loot");
            ck_assert_uint_eq(e->nattrs, 2);
            ck_assert_str_eq(e->attrs[0].key, "subtype");
            ck_assert_str_eq(e->attrs[0].value, "Grub Jelly");
            ck_assert_str_eq(e->attrs[1].key, "type");
            ck_assert_str_eq(e->attrs[1].value, "reagent");
        }
        /* the script written for the missing mother fires at once */
        ck_assert_uint_eq(creates, in_level ? 0 : 1);
        if (in_level) {
            rf_world_object m;
            ck_assert(rf_world_object_find(w, r, "mother", &m));
            ck_assert_int_eq(rf_world_kill(w, r, "mother", NULL), RF_OK);
            rf_world_effects_clear(w);
            ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
            ck_assert_uint_ge(rf_world_effect_count(w), 1);
            ck_assert_uint_eq(rf_world_effect_at(w, 0)->handle, rf_world_last_handle(w));
            present++;
        } else
            absent++;
        rf_world_free(w);
        rf_level_free(lv);
    }
    ck_assert(absent && present);
}
END_TEST

START_TEST(a_bounded_log_keeps_the_newest_effects)
{
    rf_world_opts o;
    size_t k;
    rf_world_opts_init(&o);
    for (k = 1; k <= 3; k++) { /* the tick makes create then ticker */
        rf_level *lv = gen("brogue", 2, 6, "Brood Chamber");
        rf_world *w = NULL;
        size_t r;
        o.log_max = k;
        ck_assert_int_eq(rf_world_new(&o, NULL, &w), RF_OK);
        ck_assert_int_eq(rf_world_add_level(w, lv, NULL), RF_OK);
        r = room_named(w, "Brood Chamber");
        if (rf_world_object_find(w, r, "mother", NULL))
            ck_assert_int_eq(rf_world_kill(w, r, "mother", NULL), RF_OK);
        ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
        ck_assert_uint_eq(rf_world_effect_count(w), k < 2 ? k : 2);
        ck_assert_int_eq(rf_world_effect_at(w, rf_world_effect_count(w) - 1)->kind,
                         RF_EFFECT_TICKER);
        ck_assert_int_eq(rf_world_effect_at(w, 0)->kind,
                         k == 1 ? RF_EFFECT_TICKER : RF_EFFECT_CREATE);
        ck_assert_ptr_null(rf_world_effect_at(w, rf_world_effect_count(w)));
        rf_world_effects_clear(w);
        ck_assert_uint_eq(rf_world_effect_count(w), 0);
        rf_world_free(w);
        rf_level_free(lv);
    }
}
END_TEST

/* w saved and loaded again with the options world_of used. */
static rf_world *reload(rf_world *w, const rf_level *lv)
{
    rf_world_opts o;
    rf_world *back = NULL;
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    rf_world_opts_init(&o);
    o.seed = rf_level_seed(lv);
    ck_assert_int_eq(rf_world_save(w, f, NULL), RF_OK);
    rewind(f);
    ck_assert_int_eq(rf_world_load(&o, rooms, f, NULL, &back), RF_OK);
    fclose(f);
    rf_world_free(w);
    return back;
}

START_TEST(a_population_monster_killed_stays_dead_across_a_save)
{
    uint64_t seed;
    int done = 0;
    for (seed = 1; seed <= 40 && !done; seed++) {
        rf_level *lv = gen("brogue", seed, 5, NULL);
        rf_world *w = world_of(lv);
        size_t i;
        for (i = 0; i < rf_level_object_count(lv) && !done; i++) {
            const rf_placed *p = rf_level_object_at(lv, i);
            rf_world_object o;
            uint64_t h = (uint64_t)i + 1;
            if (strcmp(p->type, "monster") != 0 || p->id[0] || p->horde)
                continue;
            ck_assert(rf_world_object_by_handle(w, h, &o) && o.alive && !o.id);
            ck_assert_str_eq(rf_world_object_name(w, h), p->name);
            ck_assert(rf_world_object_blocks(w, h));
            ck_assert_int_eq(rf_world_kill_obj(w, h, NULL), RF_OK);
            w = reload(w, lv);
            ck_assert(rf_world_object_by_handle(w, h, &o));
            ck_assert_msg(!o.alive, "seed %llu: the killed monster lives again",
                          (unsigned long long)seed);
            ck_assert_str_eq(rf_world_object_name(w, h), p->name);
            ck_assert(!rf_world_object_blocks(w, h));
            done = 1;
        }
        rf_world_free(w);
        rf_level_free(lv);
    }
    ck_assert_msg(done, "no population monster in 40 brogue levels");
}
END_TEST

/* How many effects of w's log carry text. */
static int told(rf_world *w, const char *text)
{
    size_t i;
    int n = 0;
    for (i = 0; i < rf_world_effect_count(w); i++) {
        const rf_effect *e = rf_world_effect_at(w, i);
        if (e->text && strstr(e->text, text))
            n++;
    }
    return n;
}

START_TEST(a_horde_is_dead_when_all_its_members_are)
{
    rf_level *lv = gen("brogue", 3, 5, "Kennel of the Pack");
    rf_world *w = world_of(lv);
    size_t kennel = room_named(w, "Kennel of the Pack"), r, i, n = 0;
    uint64_t members[16];
    rf_world_object lead, o;
    ck_assert_uint_ne(kennel, (size_t)-1);
    ck_assert(rf_world_object_find(w, kennel, "pack", &lead));
    ck_assert(lead.leader && lead.horde == lead.handle);
    for (r = 0; r < rf_world_room_count(w); r++)
        for (i = 0; i < rf_world_object_count(w, r); i++)
            if (rf_world_object_get(w, r, i, &o) && o.horde == lead.handle && !o.leader) {
                ck_assert_uint_lt(n, 16);
                members[n++] = o.handle;
            }
    ck_assert_uint_ge(n, 2); /* min 3: the leader and two more at least */
    /* the leader dies: the pack lives on */
    ck_assert_int_eq(rf_world_kill_obj(w, lead.handle, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    ck_assert_int_eq(told(w, "falls silent"), 0);
    ck_assert(rf_world_object_by_handle(w, lead.handle, &o) && !o.alive);
    /* a member's death is its own; the save keeps the leader's apart */
    ck_assert_int_eq(rf_world_kill_obj(w, members[0], NULL), RF_OK);
    ck_assert(rf_world_object_by_handle(w, members[0], &o) && !o.alive);
    ck_assert(rf_world_object_by_handle(w, members[1], &o) && o.alive);
    w = reload(w, lv);
    for (i = 1; i < n; i++) {
        ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
        ck_assert_int_eq(told(w, "falls silent"), 0);
        ck_assert_int_eq(rf_world_kill_obj(w, members[i], NULL), RF_OK);
    }
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    ck_assert_int_eq(told(w, "falls silent"), 1);
    rf_world_free(w);
    rf_level_free(lv);
}
END_TEST

static Suite *world_level_suite(void)
{
    Suite *s = suite_create("world_level");
    TCase *tc = tcase_create("levels");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_add_test(tc, every_profile_world_holds_its_level_one_for_one);
    tcase_add_test(tc, a_turned_room_agrees_with_its_level);
    tcase_add_test(tc, a_second_level_continues_the_handles);
    tcase_add_test(tc, a_mother_the_level_dropped_is_not_in_its_world);
    tcase_add_test(tc, a_bounded_log_keeps_the_newest_effects);
    tcase_add_test(tc, a_population_monster_killed_stays_dead_across_a_save);
    tcase_add_test(tc, a_horde_is_dead_when_all_its_members_are);
    tcase_set_timeout(tc, 300);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(world_level_suite)
