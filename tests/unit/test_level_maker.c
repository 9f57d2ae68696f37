/* tests/unit/test_level_maker.c: rf_level_maker (engine/src/level/
 * level_maker.c): levels made one after another with one kept Lua state
 * are rf_level_generate's, byte for byte, whatever came before them (other
 * profiles, a level that failed, a script that raised); a caller's recipe
 * text is compiled every time, never kept by its address.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "rf_test.h"
#include "same_diags.h"
#include "roomforge/level.h"
#include "roomforge/pack.h"
#include "roomforge/template.h"

static rf_pack *pack;

static void load_pack(void)
{
    const char *dirs[] = {RF_SOURCE_DIR "/content"};
    rf_pack_opts o;
    rf_diags *d = rf_diags_new();
    rf_pack_opts_init(&o);
    o.dirs = dirs;
    o.ndirs = 1;
    ck_assert_int_eq(rf_pack_load(&o, &pack, d), RF_OK);
    rf_diags_free(d);
}

static void free_pack(void) { rf_pack_free(pack); }

/* Options for the kth level of a mixed sequence: the four bundled profiles
 * in turn, with the content's templates, at spread seeds and depths. */
static void opts_at(int k, rf_level_opts *o)
{
    static const char *const profiles[] = {"brogue", "nethack", "caverns", "dungeonmaker"};
    rf_level_opts_init(o);
    o->profile = profiles[k % 4];
    o->seed = (uint64_t)(k * 37 + 5);
    o->depth = k * 7 % 26 + 1;
    o->templates = rf_pack_templates(pack);
}

/* The digest of the level rf_level_generate makes from o. */
static uint64_t fresh_digest(const rf_level_opts *o)
{
    rf_level *lv = NULL;
    uint64_t h;
    ck_assert_int_eq(rf_level_generate(rf_pack_profiles(pack), o, &lv, NULL), RF_OK);
    h = rf_level_digest(lv);
    rf_level_free(lv);
    return h;
}

START_TEST(a_maker_makes_the_levels_generate_makes)
{
    static const char raises[] = "local level = ...\nerror('no level today')\n";
    rf_level_maker *m = rf_level_maker_new(rf_pack_profiles(pack));
    int k;
    ck_assert_ptr_nonnull(m);
    for (k = 0; k < 16; k++) {
        rf_level_opts o;
        rf_level *lv = NULL;
        rf_diags *d = rf_diags_new();
        opts_at(k, &o);
        ck_assert_int_eq(rf_level_maker_generate(m, &o, &lv, d), RF_OK);
        ck_assert_uint_eq(rf_level_digest(lv), fresh_digest(&o));
        rf_level_free(lv);
        if (k == 5) { /* an unknown profile: refused, and the maker goes on */
            o.profile = "nowhere";
            ck_assert_int_eq(rf_level_maker_generate(m, &o, &lv, d), RF_ERR_ARG);
            ck_assert_ptr_null(lv);
            ck_assert(diags_have(d, "unknown-profile"));
        }
        if (k == 9) { /* a script that raises drops the state: a new one next */
            o.recipe = raises;
            o.recipe_len = sizeof raises - 1;
            ck_assert_int_eq(rf_level_maker_generate(m, &o, &lv, d), RF_ERR_SCRIPT);
            ck_assert(diags_have(d, "script-error"));
        }
        rf_diags_free(d);
    }
    rf_level_maker_free(m);
    rf_level_maker_free(NULL);
}
END_TEST

/* A caller's recipe text may be another text at the same address next
 * time (a buffer used again, a Lua string collected): the maker compiles
 * it every time. Were it kept by its address, the second text would run
 * the first one's level. */
START_TEST(a_callers_recipe_is_never_kept)
{
    static const char first[] = "local level = ...\nlevel:dig_rects({})\nlevel:stairs()\n";
    static const char second[] = "local level = ...\nerror('the second text runs')     \n";
    char text[sizeof first];
    rf_level_maker *m = rf_level_maker_new(rf_pack_profiles(pack));
    rf_level_opts o;
    rf_level *lv = NULL;
    rf_diags *d = rf_diags_new();
    ck_assert_uint_eq(sizeof first, sizeof second); /* the same bytes' length, on purpose */
    ck_assert_ptr_nonnull(m);
    rf_level_opts_init(&o);
    memcpy(text, first, sizeof first);
    o.recipe = text;
    o.recipe_len = sizeof text - 1;
    o.recipe_file = "inline.lua";
    ck_assert_int_eq(rf_level_maker_generate(m, &o, &lv, d), RF_OK);
    rf_level_free(lv);
    lv = NULL;
    memcpy(text, second, sizeof second);
    ck_assert_int_eq(rf_level_maker_generate(m, &o, &lv, d), RF_ERR_SCRIPT);
    ck_assert(diags_have(d, "script-error"));
    rf_diags_free(d);
    rf_level_maker_free(m);
}
END_TEST

/* With no maker: a bad option, said, as every front door says one. */
START_TEST(no_maker_is_a_bad_option)
{
    rf_level_opts o;
    rf_level *lv = (rf_level *)&o; /* set to NULL by the call */
    rf_diags *d = rf_diags_new();
    rf_level_opts_init(&o);
    ck_assert_int_eq(rf_level_maker_generate(NULL, &o, &lv, d), RF_ERR_ARG);
    ck_assert_ptr_null(lv);
    ck_assert(diags_have(d, "bad-level-option"));
    rf_diags_free(d);
}
END_TEST

static Suite *level_maker_suite(void)
{
    Suite *s = suite_create("level_maker");
    TCase *tc = tcase_create("maker");
    tcase_add_unchecked_fixture(tc, load_pack, free_pack);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_maker_makes_the_levels_generate_makes);
    tcase_add_test(tc, a_callers_recipe_is_never_kept);
    tcase_add_test(tc, no_maker_is_a_bad_option);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(level_maker_suite)
