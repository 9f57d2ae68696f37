/* tests/unit/test_special_sweep.c: DoomRL special-room tables over real
 * levels: rf_level_generate with the bundled content/profiles.xml and
 * content/rooms, every bundled profile, depths 1-26, many seeds, read back
 * through rf_level_special.
 *
 * Each profile runs twice: as bundled (the normal type table) and with
 * single-monster=1 written into every profile (the single-monster table).
 * Each level: the roll is 0-7 and every type tried was made or skipped;
 * the skipped counts by type add up; the special pass's vault chambers (the
 * last made[vault] room records) are vaults, as many locked as locked_vaults,
 * each with a key lever; locked <= lockable <= vaults made; nothing locked at
 * depth 1; no vault at all with the single-monster table. Over the sweep,
 * within 5 standard deviations (fixed seeds, so a pass is a pass for good):
 * the 7d2-7 roll has mean 3.5 and the binomial(7, 1/2) shape; the types drawn
 * (made + skipped) follow the table's weights out of 50; locked vaults are
 * the sum of min(depth - 1, 25) % over the vaults the lock roll was made for.
 * The type draw comes before the room choice, so the drawn frequencies are
 * the table's whatever the level; what is made depends on the rooms.
 * DungeonMaker levels draw vaults but never make one: the bundled rooms-file
 * digs 15x15 rooms and a vault takes at most 14 rows, walls included.
 * 60 seeds a depth and table (3,120 levels a profile, a few seconds;
 * RF_SANITIZED: 2), one TCase (and CTest test) a profile.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/special.h"
#include "roomforge/template.h"
#include "sweep_cases.h"

#define PROFILES_XML RF_SOURCE_DIR "/content/profiles.xml"
#define SEEDS 60 /* a depth and table */
#define DEPTHS 26

/* Type weights out of 50 (shared/seeds/doomrl-special-rooms.txt). */
static const int normal_weights[RF_SPECIAL_KIND_COUNT] = {19, 5, 5, 5, 11, 5};
static const int single_weights[RF_SPECIAL_KIND_COUNT] = {19, 5, 5, 5, 16, 0};

typedef struct tally {
    long levels;
    long tried, tried_at[8];
    long drawn[RF_SPECIAL_KIND_COUNT], drawn_total;
    long vaults, lockable, locked;
    double locked_mean, locked_var; /* sum of p and p(1 - p) over lockable vaults */
} tally;

static int seeds_per_depth(void)
{
    const char *s = getenv("RF_SANITIZED");
    return s && *s && *s != '0' ? 2 : SEEDS;
}

/* got within 5 standard deviations (+1) of a binomial(n, p)'s mean. */
static void ck_binomial(const char *what, long got, long n, double p)
{
    double sd = sqrt((double)n * p * (1 - p));
    ck_assert_msg(fabs((double)got - (double)n * p) <= 5 * sd + 1,
                  "%s: %ld of %ld, expected %.1f (sd %.1f)", what, got, n, (double)n * p, sd);
}

/* content/profiles.xml with single-monster=1 in every profile (loaded under
 * its own path, so recipe files resolve beside it): the bundled
 * setting (0) dropped, the parameter added after each <profile ...> tag. */
static rf_profile_set *single_monster_profiles(void)
{
    static const char drop[] = "<param name=\"single-monster\" value=\"0\"/>";
    static const char add[] = "<param name=\"single-monster\" value=\"1\"/>";
    FILE *f = fopen(PROFILES_XML, "rb");
    char *in, *out, *p, *q;
    size_t n, len = 0;
    rf_profile_set *set = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    ck_assert(f && set && d);
    in = calloc(1 << 20, 1);
    out = calloc(2 << 20, 1);
    ck_assert(in && out);
    n = fread(in, 1, (1 << 20) - 1, f);
    fclose(f);
    ck_assert_uint_gt(n, 0);
    while ((p = strstr(in, drop)) != NULL) /* the bundled value, wherever set */
        memmove(p, p + strlen(drop), strlen(p + strlen(drop)) + 1);
    for (p = in; (q = strstr(p, "<profile ")) != NULL; p = q) {
        q = strchr(q, '>') + 1;
        memcpy(out + len, p, (size_t)(q - p));
        len += (size_t)(q - p);
        memcpy(out + len, add, strlen(add));
        len += strlen(add);
    }
    memcpy(out + len, p, strlen(p));
    len += strlen(p);
    ck_assert_int_eq(rf_profile_set_load_buffer(set, out, len, PROFILES_XML, d), RF_OK);
    free(in);
    free(out);
    rf_diags_free(d);
    return set;
}

static rf_profile_set *bundled_profiles(void)
{
    rf_profile_set *set = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    ck_assert(set && d);
    ck_assert_int_eq(rf_profile_set_load(set, PROFILES_XML, d), RF_OK);
    rf_diags_free(d);
    return set;
}

/* The per-level invariants, then the level's counts into t. */
static void tally_level(tally *t, const rf_level *lv, int depth, bool single, const char *where)
{
    const rf_special_result *r = rf_level_special(lv);
    size_t nrooms = rf_level_room_count(lv), i;
    int k, made = 0, skipped = 0, locked_rooms = 0, keys = 0;
    ck_assert_msg(r->tried >= 0 && r->tried <= 7, "%s: tried %d", where, r->tried);
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++) {
        ck_assert(r->made[k] >= 0 && r->skipped_kind[k] >= 0);
        made += r->made[k];
        skipped += r->skipped_kind[k];
        t->drawn[k] += r->made[k] + r->skipped_kind[k];
    }
    ck_assert_msg(skipped == r->skipped, "%s: skipped %d, by type %d", where, r->skipped, skipped);
    ck_assert_msg(made + skipped == r->tried, "%s: %d made + %d skipped of %d", where, made,
                  skipped, r->tried);
    /* the pass appends one chamber record a vault, after every dug room */
    ck_assert_uint_ge(nrooms, (size_t)r->made[RF_SPECIAL_VAULT]);
    for (i = nrooms - (size_t)r->made[RF_SPECIAL_VAULT]; i < nrooms; i++) {
        const rf_room_rec *c = rf_level_room_at(lv, i);
        ck_assert_msg(c->kind == RF_ROOM_VAULT, "%s: room %zu is no vault", where, i);
        locked_rooms += c->locked;
    }
    for (i = 0; i < rf_level_object_count(lv); i++)
        keys += rf_level_object_at(lv, i)->key;
    ck_assert_msg(locked_rooms == r->locked_vaults && keys == r->locked_vaults,
                  "%s: %d locked vaults, %d locked chambers, %d keys", where, r->locked_vaults,
                  locked_rooms, keys);
    ck_assert_msg(r->locked_vaults <= r->lockable_vaults &&
                      r->lockable_vaults <= r->made[RF_SPECIAL_VAULT],
                  "%s: %d locked, %d lockable, %d vaults", where, r->locked_vaults,
                  r->lockable_vaults, r->made[RF_SPECIAL_VAULT]);
    if (depth == 1)
        ck_assert_msg(r->locked_vaults == 0, "%s: a locked vault at depth 1", where);
    if (single)
        ck_assert_msg(r->made[RF_SPECIAL_VAULT] + r->skipped_kind[RF_SPECIAL_VAULT] == 0,
                      "%s: a vault drawn with the single-monster table", where);
    t->levels++;
    t->tried += r->tried;
    t->tried_at[r->tried]++;
    t->drawn_total += r->tried;
    t->vaults += r->made[RF_SPECIAL_VAULT];
    t->lockable += r->lockable_vaults;
    t->locked += r->locked_vaults;
    {
        double p = (depth - 1 < 25 ? depth - 1 : 25) / 100.0;
        t->locked_mean += r->lockable_vaults * p;
        t->locked_var += r->lockable_vaults * p * (1 - p);
    }
}

/* The sweep's bounds for one table. */
static void check_tally(const tally *t, const int *weights, const char *what)
{
    static const int choose7[8] = {1, 7, 21, 35, 35, 21, 7, 1};
    double sd = sqrt(7 * 0.25); /* of one 7d2-7 roll */
    char label[96];
    int k;
    ck_assert_int_gt(t->levels, 0);
    ck_assert_msg(fabs((double)t->tried / (double)t->levels - 3.5) <=
                      5 * sd / sqrt((double)t->levels),
                  "%s: mean roll %.3f over %ld levels", what,
                  (double)t->tried / (double)t->levels, t->levels);
    for (k = 0; k <= 7; k++) {
        snprintf(label, sizeof label, "%s: rolls of %d", what, k);
        ck_binomial(label, t->tried_at[k], t->levels, choose7[k] / 128.0);
    }
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++) {
        snprintf(label, sizeof label, "%s: %s drawn", what,
                 rf_special_kind_name((rf_special_kind)k));
        ck_binomial(label, t->drawn[k], t->drawn_total, weights[k] / 50.0);
    }
    ck_assert_msg(fabs((double)t->locked - t->locked_mean) <= 5 * sqrt(t->locked_var) + 1,
                  "%s: %ld locked of %ld lockable vaults, expected %.1f", what, t->locked,
                  t->lockable, t->locked_mean);
}

/* vaults: whether the profile's rooms can hold a vault (DungeonMaker's
 * bundled rooms-file makes 15x15 rooms, over the seed's 14-row limit). */
static void sweep(const char *profile, bool vaults)
{
    rf_template_set *tset = rf_template_set_new();
    rf_profile_set *sets[2];
    rf_diags *d = rf_diags_new();
    int n = seeds_per_depth(), s, i, depth;
    ck_assert(tset && d);
    ck_assert_int_eq(rf_template_set_load_path(tset, RF_SOURCE_DIR "/content/rooms", d), RF_OK);
    sets[0] = bundled_profiles();
    sets[1] = single_monster_profiles();
    for (s = 0; s < 2; s++) {
        tally t;
        rf_level_opts o;
        memset(&t, 0, sizeof t);
        rf_level_opts_init(&o);
        o.profile = profile;
        o.templates = tset;
        for (depth = 1; depth <= DEPTHS; depth++)
            for (i = 0; i < n; i++) {
                rf_level *lv = NULL;
                char where[96];
                o.seed = (uint64_t)(depth * 1000 + i) * 7919u + 11;
                o.depth = depth;
                snprintf(where, sizeof where, "%s%s seed %llu depth %d", profile,
                         s ? " (single)" : "", (unsigned long long)o.seed, depth);
                ck_assert_msg(rf_level_generate(sets[s], &o, &lv, NULL) == RF_OK, "%s", where);
                tally_level(&t, lv, depth, s == 1, where);
                rf_level_free(lv);
            }
        check_tally(&t, s ? single_weights : normal_weights, s ? "single" : "normal");
        if (vaults && s == 0 && n == SEEDS) /* the lock bound needs vaults to bite */
            ck_assert_int_gt(t.lockable, 50);
        rf_profile_set_free(sets[s]);
    }
    rf_diags_free(d);
    rf_template_set_free(tset);
}

START_TEST(brogue_special_rooms_follow_the_tables) { sweep("brogue", true); }
END_TEST
START_TEST(nethack_special_rooms_follow_the_tables) { sweep("nethack", true); }
END_TEST
START_TEST(dungeonmaker_special_rooms_follow_the_tables) { sweep("dungeonmaker", false); }
END_TEST

static Suite *special_sweep_suite(void)
{
    Suite *s = suite_create("special_sweep");
    static const char *const names[3] = {"brogue", "nethack", "dungeonmaker"};
    const TTest *tests[3] = {brogue_special_rooms_follow_the_tables,
                             nethack_special_rooms_follow_the_tables,
                             dungeonmaker_special_rooms_follow_the_tables};
    int p;
    for (p = 0; p < 3; p++)
        tcase_add_test(sweep_tcase(s, names[p]), tests[p]);
    return s;
}

RF_TEST_MAIN(special_sweep_suite)
