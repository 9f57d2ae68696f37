/* tests/unit/test_recipe.c: unit tests for level recipes (recipe.c,
 * recipe_steps.c, level_trial.c, the recipe= attribute of profile.c): the
 * bundled recipes against the C pipeline they replaced, recipe files beside
 * a profiles file (tests/data/recipe), the steps' order checks, parameters,
 * the sandbox's faults at the recipe's file:line, the completeness checks,
 * the size probe, the recipe diagnostics the level stage reports at the
 * profiles file's lines, and verdicts learned by running, never from text.
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "brogue_int.h"
#include "grid/seam.h"
#include "level_gen_check.h"
#include "recipe_int.h"
#include "rf_test.h"
#include "dig/seam.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/rooms_file.h"
#include "roomforge/template.h"

#define DATA RF_TEST_DATA "/recipe/"

static rf_profile_set *test_profiles(void)
{
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    ck_assert(s && d);
    ck_assert_int_eq(rf_profile_set_load(s, DATA "profiles.xml", d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    rf_diags_free(d);
    return s;
}

/* Generates profile's level at seed into *lv; the status, diagnostics in d. */
static rf_status gen(const rf_profile_set *s, const char *profile, uint64_t seed, rf_diags *d,
                     rf_level **lv)
{
    rf_level_opts o;
    rf_level_opts_init(&o);
    o.profile = profile;
    o.seed = seed;
    o.depth = 4;
    *lv = NULL;
    return rf_level_generate(s, &o, lv, d);
}

/* True when d holds code at file (its name's end) and line. */
static bool has_diag(const rf_diags *d, const char *code, const char *file_end, int line,
                     const char *msg_part)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        size_t n = strlen(g->file), m = strlen(file_end);
        if (strcmp(g->code, code) == 0 && n >= m && strcmp(g->file + n - m, file_end) == 0 &&
            (line == 0 || g->line == line) && (!msg_part || strstr(g->message, msg_part)))
            return true;
    }
    return false;
}

static void dump(const rf_diags *d)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++)
        fprintf(stderr, "  %s:%d %s %s\n", rf_diags_at(d, i)->file, rf_diags_at(d, i)->line,
                rf_diags_at(d, i)->code, rf_diags_at(d, i)->message);
}

START_TEST(bundled_recipe_matches_the_brogue_digger)
{
    /* The default recipe's dig steps make what one rf_brogue_dig call
     * makes, special rooms and population turned off. */
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    static const char xml[] = "<profiles><profile name=\"p\" recipe=\"brogue\">"
                              "<param name=\"special-rooms\" value=\"0\"/>"
                              "<param name=\"populate\" value=\"0\"/></profile></profiles>";
    uint64_t seed;
    ck_assert_int_eq(rf_profile_set_load_buffer(s, xml, sizeof xml - 1, "p.xml", d), RF_OK);
    for (seed = 1; seed <= 20; seed++) {
        rf_level *lv;
        rf_grid *g = rf_grid_new(79, 29);
        rf_brogue_params p;
        int x, y;
        rf_level_opts o;
        rf_level_opts_init(&o);
        o.profile = "p";
        o.seed = seed;
        o.depth = (int)(seed % 26) + 1;
        ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_OK);
        rf_brogue_params_init(&p, o.depth);
        /* the level's streams are those of its seed and depth (DESIGN 18) */
        ck_assert_int_eq(lc_brogue_dig(g, &p, rf_rng_depth_seed(seed, o.depth), NULL, NULL), RF_OK);
        for (y = 0; y < 29; y++)
            for (x = 0; x < 79; x++) {
                uint8_t a = RF_GRID_AT(rf_level_grid(lv), x, y), b = RF_GRID_AT(g, x, y);
                if (a == RF_TILE_STAIRS_UP || a == RF_TILE_STAIRS_DOWN)
                    a = RF_TILE_FLOOR;
                ck_assert_msg(a == b, "seed %llu at %d,%d", (unsigned long long)seed, x, y);
            }
        rf_grid_free(g);
        rf_level_free(lv);
    }
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(a_recipe_file_sets_its_own_numbers)
{
    rf_profile_set *s = test_profiles();
    rf_diags *d = rf_diags_new();
    rf_level *lv;
    uint64_t seed;
    int t;
    for (seed = 1; seed <= 30; seed++) {
        ck_assert_int_eq(gen(s, "dry", seed, d, &lv), RF_OK);
        for (t = 0; t < RF_TILE_COUNT; t++)
            if (rf_tile_is_liquid((rf_tile)t))
                ck_assert_uint_eq(rf_grid_count(rf_level_grid(lv), (rf_tile)t), 0);
        ck_assert_uint_eq(rf_level_object_count(lv), 0); /* no special rooms, no population */
        ck_assert_uint_eq(rf_level_feeling_count(lv), 1);
        ck_assert_str_eq(rf_level_feeling_at(lv, 0), "dry as bone 7 hmp 4");
        rf_level_free(lv);
    }
    ck_assert_uint_eq(rf_diags_count(d), 0);
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(roll_chooses_diggers_deterministically)
{
    rf_profile_set *s = test_profiles();
    int kinds[2] = {0, 0};
    uint64_t seed;
    for (seed = 1; seed <= 40; seed++) {
        rf_level *a, *b;
        ck_assert_int_eq(gen(s, "choose", seed, NULL, &a), RF_OK);
        ck_assert_int_eq(gen(s, "choose", seed, NULL, &b), RF_OK);
        ck_assert(rf_level_digest(a) == rf_level_digest(b));
        ck_assert_str_eq(rf_level_feeling_at(a, 0), rf_level_feeling_at(b, 0));
        ck_assert_str_eq(rf_level_feeling_at(a, 1), rf_level_feeling_at(b, 1)); /* math.random */
        kinds[rf_grid_width(rf_level_grid(a)) == 80 ? 0 : 1]++;
        rf_level_free(a);
        rf_level_free(b);
    }
    ck_assert_int_gt(kinds[0], 5); /* 40 fair coins: both sides many times */
    ck_assert_int_gt(kinds[1], 5);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(default_size_is_the_first_diggers)
{
    rf_profile_set *s = test_profiles();
    rf_level_opts o;
    int w = 0, h = 0;
    rf_level_opts_init(&o);
    o.profile = "bare";
    ck_assert_int_eq(rf_level_default_size(s, &o, &w, &h, NULL), RF_OK);
    ck_assert_int_eq(w, 80);
    ck_assert_int_eq(h, 21);
    o.profile = "dry";
    ck_assert_int_eq(rf_level_default_size(s, &o, &w, &h, NULL), RF_OK);
    ck_assert_int_eq(w, 79);
    ck_assert_int_eq(h, 29);
    o.profile = "swallow"; /* its pcall around the dig step cannot keep the probe going */
    w = h = 0;
    ck_assert_int_eq(rf_level_default_size(s, &o, &w, &h, NULL), RF_OK);
    ck_assert_int_eq(w, 80);
    ck_assert_int_eq(h, 21);
    o.profile = "stairs-first"; /* never digs */
    ck_assert_int_ne(rf_level_default_size(s, &o, &w, &h, NULL), RF_OK);
    rf_profile_set_free(s);
}
END_TEST

/* Each broken recipe: its status, diagnostic code, file, line, message part. */
static const struct {
    const char *profile;
    rf_status st;
    const char *code, *file;
    int line;
    const char *msg;
} faults[] = {
    {"stairs-first", RF_ERR_SCRIPT, "script-error", "stairs_first.lua", 3, "nothing is dug yet"},
    {"no-stairs", RF_ERR_CONTENT, "recipe-incomplete", "no_stairs.lua", 2, "stairs"},
    {"forever", RF_ERR_SCRIPT, "script-budget", "forever.lua", 3, NULL},
    {"forbidden", RF_ERR_SCRIPT, "script-forbidden", "forbidden.lua", 2, "os"},
    {"bad-param", RF_ERR_SCRIPT, "script-error", "bad_param.lua", 2, "parameter 'max-rooms'"},
    {"mixed", RF_ERR_SCRIPT, "script-error", "mixed.lua", 3, "call brogue_rooms first"},
    {"twice", RF_ERR_SCRIPT, "script-error", "twice.lua", 3, "already dug (by dig_rects)"},
    {"huge-lakes", RF_ERR_CONTENT, "bad-value", "huge_lakes.lua", 4,
     "brogue_lakes: parameter 'lakes' is 100000; its range is 0-100"},
    {"budget", RF_ERR_CONTENT, "level-budget", "budget.lua", 3, "brogue_rooms would take the level past its work budget"},
    {"budget-pcall", RF_ERR_CONTENT, "level-budget", "budget_pcall.lua", 4, "brogue_lakes would take"},
};

START_TEST(faults_name_the_recipe_line)
{
    rf_profile_set *s = test_profiles();
    rf_diags *d = rf_diags_new();
    rf_level *lv = NULL;
    ck_assert_int_eq(gen(s, faults[_i].profile, 1, d, &lv), faults[_i].st);
    ck_assert_ptr_null(lv);
    if (!has_diag(d, faults[_i].code, faults[_i].file, faults[_i].line, faults[_i].msg)) {
        dump(d);
        ck_abort_msg("%s: no %s at %s:%d", faults[_i].profile, faults[_i].code, faults[_i].file,
                     faults[_i].line);
    }
    if (faults[_i].st == RF_ERR_CONTENT && faults[_i].line > 0 &&
        strcmp(faults[_i].code, "recipe-incomplete") != 0) /* bounds: one diagnostic, */
        ck_assert_uint_eq(rf_diags_count(d), 1);                   /* the step's own */
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(templates_need_the_place_step)
{
    rf_profile_set *s = test_profiles();
    rf_template_set *t = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    rf_level *lv = NULL;
    static const char *const forced[] = {"Warden's Gate"};
    ck_assert_int_ne(rf_template_set_load_path(t, RF_SOURCE_DIR "/content/rooms", d), RF_ERR_IO);
    rf_level_opts_init(&o);
    o.profile = "bare";
    o.depth = 5; /* the gate's minLevel 2 .. maxLevel 12 */
    o.templates = t;
    o.rooms = forced;
    o.nrooms = 1;
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_ERR_CONTENT);
    if (!has_diag(d, "recipe-incomplete", "bare.lua", 4, "place_templates")) {
        dump(d);
        ck_abort_msg("no recipe-incomplete");
    }
    /* a step's failure caught with pcall: the step's own diagnostic, no other */
    rf_diags_free(d);
    d = rf_diags_new();
    o.profile = "swallow";
    o.depth = 1; /* the gate's minLevel excludes it */
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_ERR_CONTENT);
    ck_assert(has_diag(d, "room-not-placed", "base_lairs.xml", 0, "Warden's Gate"));
    ck_assert(!has_diag(d, "recipe-incomplete", "swallow.lua", 0, NULL));
    o.depth = 5;
    o.profile = "choose"; /* the same forced room through a recipe that places */
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, NULL), RF_OK);
    ck_assert_uint_ge(rf_level_template_count(lv), 1);
    rf_level_free(lv);
    rf_diags_free(d);
    rf_template_set_free(t);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(a_rooms_file_needs_dig_crawl)
{
    rf_profile_set *s = test_profiles();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    rf_level *lv = NULL;
    size_t len;
    rf_rooms_file *rf = NULL;
    const char *text = rf_rooms_file_bundled(1, &len);
    ck_assert_int_eq(rf_rooms_file_load_buffer(text, len, "rooms1", d, &rf), RF_OK);
    rf_level_opts_init(&o);
    o.profile = "bare";
    o.rooms_file = rf;
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_ERR_ARG);
    ck_assert(has_diag(d, "rooms-file-unused", "bare.lua", 0, "did not read the rooms-file"));
    /* choose calls dig_crawl on some levels only: the run says which */
    {
        int used = 0, unused = 0;
        o.profile = "choose";
        for (o.seed = 1; o.seed <= 20; o.seed++) {
            rf_status st = rf_level_generate(s, &o, &lv, NULL);
            ck_assert(st == RF_OK || st == RF_ERR_ARG);
            if (st == RF_OK) {
                ck_assert_int_eq(rf_grid_width(rf_level_grid(lv)), 100); /* the file's size */
                rf_level_free(lv);
                used++;
            } else {
                unused++;
            }
        }
        ck_assert_int_gt(used, 0);
        ck_assert_int_gt(unused, 0);
    }
    rf_rooms_file_free(rf);
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(the_older_digger_spelling_names_a_bundled_recipe)
{
    rf_profile_set *s = test_profiles();
    rf_level *a, *b;
    ck_assert_str_eq(rf_profile_recipe(rf_profile_find(s, "old-spelling")), "nethack");
    ck_assert_int_eq(gen(s, "old-spelling", 5, NULL, &a), RF_OK);
    ck_assert_int_eq(gen(NULL, "nethack", 5, NULL, &b), RF_OK); /* no set: the recipe by name */
    ck_assert_int_eq(rf_grid_width(rf_level_grid(a)), 80);
    ck_assert_uint_gt(rf_level_object_count(b), 0);
    rf_level_free(a);
    rf_level_free(b);
    ck_assert_int_eq(gen(NULL, "nope", 5, NULL, &a), RF_ERR_ARG);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(the_callers_recipe_replaces_the_profiles)
{
    rf_profile_set *s = test_profiles();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    rf_level *lv = NULL;
    static const char good[] = "local level, p = ...\n"
                               "level:dig_rects({})\n"
                               "level:stairs()\n"
                               "level:feeling('dust ' .. p['dust-level'])\n";
    static const char bad[] = "local level = ...\nlevel:dig_rects({}\n";
    rf_level_opts_init(&o);
    o.profile = "dry"; /* its parameters, not its recipe */
    o.recipe = good;
    o.recipe_len = sizeof good - 1;
    o.recipe_file = "inline.lua";
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_OK);
    ck_assert_int_eq(rf_grid_width(rf_level_grid(lv)), 80);
    ck_assert_str_eq(rf_level_feeling_at(lv, 0), "dust 7");
    rf_level_free(lv);
    o.recipe = bad;
    o.recipe_len = sizeof bad - 1;
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_ERR_SCRIPT);
    ck_assert(has_diag(d, "script-syntax", "inline.lua", 3, NULL));
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(the_chokepoint_map_is_the_finished_levels)
{
    /* special rooms, templates and the diggers without a map change the
     * terrain after the dig: rf_level_choke must describe the level as it
     * ends, whatever the digger */
    rf_profile_set *s = lc_bundled_profiles();
    rf_template_set *t = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    static const char *const profiles[] = {"brogue", "nethack", "dungeonmaker", "caverns"};
    size_t p;
    ck_assert_int_eq(rf_template_set_load_path(t, RF_SOURCE_DIR "/content/rooms", d), RF_OK);
    rf_diags_free(d);
    for (p = 0; p < sizeof profiles / sizeof profiles[0]; p++) {
        uint64_t seed;
        for (seed = 1; seed <= 6; seed++) {
            rf_level_opts o;
            rf_level *lv = NULL;
            const rf_grid *g;
            int *want, x, y;
            rf_level_opts_init(&o);
            o.profile = profiles[p];
            o.seed = seed;
            o.depth = (int)seed * 4;
            o.templates = t;
            ck_assert_int_eq(rf_level_generate(s, &o, &lv, NULL), RF_OK);
            g = rf_level_grid(lv);
            want = rf_calloc((size_t)g->w * (size_t)g->h, sizeof *want);
            ck_assert_int_eq(rf_chokepoints(g, want, NULL), RF_OK);
            for (y = 0; y < g->h; y++)
                for (x = 0; x < g->w; x++)
                    ck_assert_msg(rf_level_choke(lv, x, y) == want[y * g->w + x],
                                  "%s seed %llu at %d,%d", profiles[p], (unsigned long long)seed,
                                  x, y);
            rf_free(want);
            rf_level_free(lv);
        }
    }
    rf_template_set_free(t);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(recipes_are_checked_where_they_run)
{
    /* The loader reads a recipe file (an unreadable one is its error); what
     * the recipe makes of its profile is found by the trial levels. */
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    size_t i;
    ck_assert_int_eq(rf_profile_set_load(s, DATA "broken.xml", d), RF_ERR_CONTENT);
    ck_assert(has_diag(d, "unknown-recipe", "broken.xml", 3, "missing.lua"));
    ck_assert(!has_diag(d, "script-syntax", "broken.lua", 0, NULL));
    ck_assert(!has_diag(d, "unknown-param", "broken.xml", 0, NULL));
    ck_assert_ptr_null(rf_profile_find(s, "missing"));
    ck_assert_ptr_nonnull(rf_profile_find(s, "broken")); /* data; its recipe fails when run */
    ck_assert_ptr_nonnull(rf_profile_find(s, "typo"));
    for (i = 0; i < rf_profile_count(s); i++) {
        const char *name = rf_profile_name(rf_profile_at(s, i));
        ck_assert_int_eq(rf_level_trial(s, name, NULL, d),
                         strcmp(name, "broken") == 0 ? RF_ERR_CONTENT : RF_OK);
    }
    if (!has_diag(d, "script-syntax", "broken.lua", 3, NULL) ||
        !has_diag(d, "unknown-param", "broken.xml", 4, "lakez") ||
        !has_diag(d, "unknown-param", "broken.xml", 5, "'dustlevel'") ||
        has_diag(d, "unknown-param", "broken.xml", 5, "'dust-level'")) {
        dump(d);
        ck_abort_msg("recipe diagnostics missing");
    }
    ck_assert_int_eq(rf_level_trial(s, "nope", NULL, d), RF_ERR_ARG);
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(a_levels_run_reports_the_parameters_it_ignored)
{
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    rf_level *lv = NULL;
    ck_assert_int_eq(rf_profile_set_load(s, DATA "broken.xml", d), RF_ERR_CONTENT);
    rf_diags_free(d);
    d = rf_diags_new();
    ck_assert_int_eq(gen(s, "typo", 1, d, &lv), RF_OK);
    ck_assert(has_diag(d, "unknown-param", "broken.xml", 4, "recipe 'brogue' reads no parameter 'lakez'"));
    ck_assert_uint_eq(rf_diags_count(d), 1);
    rf_level_free(lv);
    ck_assert_int_eq(gen(s, "broken", 1, d, &lv), RF_ERR_SCRIPT);
    ck_assert(has_diag(d, "script-syntax", "broken.lua", 3, NULL));
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

START_TEST(text_that_names_a_step_or_a_key_changes_no_verdict)
{
    /* comments.lua mentions dig_crawl and 'lakez' in comments and strings
     * and builds the name of a key it reads: verdicts come from the run */
    rf_profile_set *s = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    rf_level_opts o;
    rf_level *lv = NULL;
    rf_rooms_file *rf = NULL;
    size_t len;
    const char *text = rf_rooms_file_bundled(1, &len);
    ck_assert_int_eq(rf_profile_set_load(s, DATA "comments.xml", d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_int_eq(rf_level_trial(s, "comments", NULL, d), RF_OK);
    if (!has_diag(d, "unknown-param", "comments.xml", 6, "'lakez'") ||
        has_diag(d, "unknown-param", "comments.xml", 7, NULL) || rf_diags_count(d) != 1) {
        dump(d);
        ck_abort_msg("a parameter verdict came from the recipe's text");
    }
    rf_diags_free(d);
    d = rf_diags_new();
    ck_assert_int_eq(rf_rooms_file_load_buffer(text, len, "rooms1", d, &rf), RF_OK);
    rf_level_opts_init(&o);
    o.profile = "comments";
    o.rooms_file = rf;
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_ERR_ARG);
    ck_assert(has_diag(d, "rooms-file-unused", "comments.lua", 0, NULL));
    o.rooms_file = NULL;
    ck_assert_int_eq(rf_level_generate(s, &o, &lv, d), RF_OK);
    ck_assert_str_eq(rf_level_feeling_at(lv, 0), "53 2");
    rf_level_free(lv);
    rf_rooms_file_free(rf);
    rf_diags_free(d);
    rf_profile_set_free(s);
}
END_TEST

/* The retry's share (level_retry.c): any drawn entry left out of a plan
 * under RF_RECIPE_RETRY_SHARE drawn entries makes the level again, as at
 * the profiles' own sizes; of a larger plan, one in RF_RECIPE_RETRY_SHARE. */
START_TEST(a_retry_takes_a_share_of_a_large_plan)
{
    static const struct {
        size_t drawn, left;
        bool again;
    } rows[] = {
        {0, 0, false},    {3, 0, false},   {1, 1, true},       {3, 1, true},
        {99, 1, true},    {100, 1, true},  {101, 1, false},    {1000, 2, false},
        {1000, 9, false}, {1000, 10, true}, {1051, 10, false}, {1051, 11, true},
    };
    size_t i;
    ck_assert_int_eq(RF_RECIPE_RETRY_SHARE, 100);
    for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
        ck_assert_msg(rf_recipe_worth_retry(rows[i].drawn, rows[i].left) == rows[i].again,
                      "%zu left of %zu drawn", rows[i].left, rows[i].drawn);
}
END_TEST

START_TEST(out_of_memory_is_reported)
{
    rf_profile_set *s = test_profiles();
    long n;
    bool ok = false;
    for (n = 0; n < 4000 && !ok; n += 7) {
        rf_level *lv = NULL;
        rf_status st;
        rf_alloc_fail_after(n);
        st = gen(s, "choose", 3, NULL, &lv);
        rf_alloc_fail_after(-1);
        ck_assert_msg(st == RF_OK || st == RF_ERR_NOMEM || st == RF_ERR_SCRIPT,
                      "after %ld allocations: %d", n, (int)st);
        ck_assert(st == RF_OK || lv == NULL);
        ok = st == RF_OK;
        rf_level_free(lv);
    }
    ck_assert(ok);
    rf_profile_set_free(s);
}
END_TEST

static Suite *recipe_suite(void)
{
    Suite *s = suite_create("recipe");
    TCase *t = tcase_create("recipe");
    tcase_set_timeout(t, 300);
    tcase_add_test(t, bundled_recipe_matches_the_brogue_digger);
    tcase_add_test(t, a_recipe_file_sets_its_own_numbers);
    tcase_add_test(t, roll_chooses_diggers_deterministically);
    tcase_add_test(t, default_size_is_the_first_diggers);
    tcase_add_loop_test(t, faults_name_the_recipe_line, 0, sizeof faults / sizeof faults[0]);
    tcase_add_test(t, templates_need_the_place_step);
    tcase_add_test(t, a_rooms_file_needs_dig_crawl);
    tcase_add_test(t, the_older_digger_spelling_names_a_bundled_recipe);
    tcase_add_test(t, the_callers_recipe_replaces_the_profiles);
    tcase_add_test(t, the_chokepoint_map_is_the_finished_levels);
    tcase_add_test(t, recipes_are_checked_where_they_run);
    tcase_add_test(t, a_levels_run_reports_the_parameters_it_ignored);
    tcase_add_test(t, a_retry_takes_a_share_of_a_large_plan);
    tcase_add_test(t, text_that_names_a_step_or_a_key_changes_no_verdict);
    tcase_add_test(t, out_of_memory_is_reported);
    suite_add_tcase(s, t);
    return s;
}

RF_TEST_MAIN(recipe_suite)
