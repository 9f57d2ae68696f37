/* tests/unit/test_threads.c: the library under threads (DESIGN 14, issue 15).
 *
 * Pipeline: the whole library as a game links it (the plain static archive,
 * not the fault-injection build, whose counters are test-only globals).
 * Design: 8 threads load the bundled rooms and profiles 25 times each (200
 * loads at once: libxml2's first-use initialisation once raced here), and 8
 * threads generate from one template and profile set shared read-only, each
 * level's JSON compared with the one generated alone. Labelled `threads`: the
 * suite runs it again in the ThreadSanitizer build (RF_TSAN, make test-tsan).
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"

#define NTHREADS 8
#define LOADS_EACH 25 /* 8 x 25 = 200 loads */
#define LEVELS_EACH 3

/* The JSON of level lv; NULL when it cannot be written. */
static char *json_of(const rf_level *lv)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    if (!f)
        return NULL;
    if (rf_level_write_json(lv, f) != RF_OK) {
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);
    return buf;
}

/* The level of seed and depth from rooms and profiles as JSON; NULL on failure. */
static char *generate(const rf_profile_set *profiles, const rf_template_set *rooms,
                      const char *profile, uint64_t seed, int depth)
{
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    rf_level *lv = NULL;
    char *json = NULL;
    if (!d)
        return NULL;
    rf_level_opts_init(&o);
    o.profile = profile;
    o.seed = seed;
    o.depth = depth;
    o.templates = rooms;
    if (rf_level_generate(profiles, &o, &lv, d) == RF_OK)
        json = json_of(lv);
    rf_level_free(lv);
    rf_diags_free(d);
    return json;
}

/* ---- loading in threads ---- */

typedef struct loader {
    size_t rooms, profiles; /* counts of the last load */
    int failures;
} loader;

static void *load_many(void *arg)
{
    loader *l = arg;
    int i;
    for (i = 0; i < LOADS_EACH; i++) {
        rf_diags *d = rf_diags_new();
        rf_template_set *rooms = rf_template_set_new();
        rf_profile_set *profiles = rf_profile_set_new();
        if (!d || !rooms || !profiles ||
            rf_template_set_load_path(rooms, RF_SOURCE_DIR "/content/rooms", d) != RF_OK ||
            rf_profile_set_load(profiles, RF_SOURCE_DIR "/content/profiles.xml", d) != RF_OK) {
            l->failures++;
        } else {
            l->rooms = rf_template_set_count(rooms);
            l->profiles = rf_profile_count(profiles);
        }
        rf_profile_set_free(profiles);
        rf_template_set_free(rooms);
        rf_diags_free(d);
    }
    return NULL;
}

START_TEST(loads_in_threads)
{
    pthread_t th[NTHREADS];
    loader l[NTHREADS];
    int i;
    memset(l, 0, sizeof l);
    for (i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, load_many, &l[i]), 0);
    for (i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_join(th[i], NULL), 0);
    for (i = 0; i < NTHREADS; i++) {
        ck_assert_int_eq(l[i].failures, 0);
        ck_assert_uint_eq(l[i].rooms, l[0].rooms);
        ck_assert_uint_eq(l[i].profiles, l[0].profiles);
    }
    ck_assert_uint_ge(l[0].rooms, 40);
    ck_assert_uint_ge(l[0].profiles, 3);
}
END_TEST

/* ---- generating in threads from shared sets ---- */

static const char *const profiles_used[] = {"brogue", "nethack", "dungeonmaker"};

typedef struct generator {
    const rf_profile_set *profiles;
    const rf_template_set *rooms;
    int index;                  /* the thread's number: picks its seeds */
    char *json[LEVELS_EACH];    /* what it generated */
} generator;

static uint64_t seed_of(int thread, int k) { return (uint64_t)(thread * LEVELS_EACH + k + 1); }

static void *generate_many(void *arg)
{
    generator *g = arg;
    int k;
    for (k = 0; k < LEVELS_EACH; k++)
        g->json[k] = generate(g->profiles, g->rooms, profiles_used[k % 3], seed_of(g->index, k),
                              1 + (g->index + k) % 10);
    return NULL;
}

START_TEST(generates_in_threads_from_shared_sets)
{
    rf_diags *d = rf_diags_new();
    rf_template_set *rooms = rf_template_set_new();
    rf_profile_set *profiles = rf_profile_set_new();
    pthread_t th[NTHREADS];
    generator g[NTHREADS];
    int i, k;
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(rf_template_set_load_path(rooms, RF_SOURCE_DIR "/content/rooms", d), RF_OK);
    ck_assert_int_eq(rf_profile_set_load(profiles, RF_SOURCE_DIR "/content/profiles.xml", d), RF_OK);
    memset(g, 0, sizeof g);
    for (i = 0; i < NTHREADS; i++) {
        g[i].profiles = profiles;
        g[i].rooms = rooms;
        g[i].index = i;
        ck_assert_int_eq(pthread_create(&th[i], NULL, generate_many, &g[i]), 0);
    }
    for (i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_join(th[i], NULL), 0);
    /* each level as it comes alone, after the threads */
    for (i = 0; i < NTHREADS; i++)
        for (k = 0; k < LEVELS_EACH; k++) {
            char *alone = generate(profiles, rooms, profiles_used[k % 3], seed_of(i, k),
                                   1 + (i + k) % 10);
            ck_assert_ptr_nonnull(alone);
            ck_assert_ptr_nonnull(g[i].json[k]);
            ck_assert_str_eq(g[i].json[k], alone);
            free(alone);
            free(g[i].json[k]);
        }
    rf_profile_set_free(profiles);
    rf_template_set_free(rooms);
    rf_diags_free(d);
}
END_TEST

static Suite *threads_suite(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 600); /* a hang guard: ThreadSanitizer runs it slowly */
    tcase_add_test(tc, loads_in_threads);
    tcase_add_test(tc, generates_in_threads_from_shared_sets);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(threads_suite)
