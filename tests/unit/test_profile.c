/* tests/unit/test_profile.c: unit tests for engine/src/profile.c, the
 * profiles.xml loader: good files and their lookups, every diagnostic the
 * loader reports (code, line, column, status, the profiles kept), its
 * limits, and allocation failures. Fixtures in tests/data/profile; files too
 * big to keep in git are written to a temporary folder. The population
 * tables' own diagnostics are test_horde.c's; the levels made from profiles
 * are test_level.c's.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/seam.h"
#include "rf_test.h"
#include "roomforge/diag.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"

#define DATA RF_TEST_DATA "/profile/"
#define MIB (1u << 20)

/* ---- helpers ---- */

static rf_profile_set *set;
static rf_diags *diags;

static void setup(void)
{
    set = rf_profile_set_new();
    diags = rf_diags_new();
    ck_assert(set && diags);
}

static void teardown(void)
{
    rf_diags_free(diags);
    rf_profile_set_free(set);
}

/* The diagnostics as "code file:line:col" lines, for failure messages. */
static const char *dump(const rf_diags *d)
{
    static char buf[2048];
    size_t i, n = 0;
    buf[0] = '\0';
    for (i = 0; i < rf_diags_count(d) && n < sizeof buf - 1; i++) {
        const rf_diag *g = rf_diags_at(d, i);
        int k =
            snprintf(buf + n, sizeof buf - n, "%s %s:%d:%d; ", g->code, g->file, g->line, g->col);
        n += k > 0 ? (size_t)k : 0;
    }
    return buf;
}

/* The first diagnostic with code at line in a file whose path ends in file
 * (any file when NULL), or NULL. */
static const rf_diag *find_diag(const rf_diags *d, const char *code, const char *file, int line)
{
    size_t i, n = file ? strlen(file) : 0;
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        size_t m = strlen(g->file);
        if (strcmp(g->code, code) == 0 && g->line == line &&
            (!file || (m >= n && strcmp(g->file + m - n, file) == 0)))
            return g;
    }
    return NULL;
}

/* True when the set holds exactly the profiles of names ("a,ok"), in order. */
static bool holds(const rf_profile_set *s, const char *names)
{
    char buf[128], *name, *save = NULL;
    size_t i = 0;
    snprintf(buf, sizeof buf, "%s", names);
    for (name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save), i++)
        if (!rf_profile_at(s, i) || strcmp(rf_profile_name(rf_profile_at(s, i)), name) != 0)
            return false;
    return rf_profile_count(s) == i;
}

/* A temporary folder for files too big for git, and the files made in it. */
static char tmpdir[256];
static char tmpfiles[4][320];
static size_t ntmp;

static void tmp_setup(void)
{
    const char *base = getenv("TMPDIR");
    setup();
    snprintf(tmpdir, sizeof tmpdir, "%s/rf_profile_XXXXXX", base && *base ? base : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    ntmp = 0;
}

static void tmp_teardown(void)
{
    while (ntmp > 0)
        (void)unlink(tmpfiles[--ntmp]); /* best effort: a leftover file fails nothing */
    (void)rmdir(tmpdir);
    teardown();
}

/* Writes head, then pad bytes of filler, then tail to tmpdir/name; returns
 * its path (valid until teardown). */
static const char *tmp_file(const char *name, const char *head, size_t pad, char filler,
                            const char *tail)
{
    char *path = tmpfiles[ntmp];
    FILE *f;
    size_t i;
    ck_assert_uint_lt(ntmp, sizeof tmpfiles / sizeof tmpfiles[0]);
    snprintf(path, sizeof tmpfiles[0], "%s/%s", tmpdir, name);
    f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ntmp++;
    fputs(head, f);
    for (i = 0; i < pad; i++)
        fputc(filler, f);
    fputs(tail, f);
    ck_assert_int_eq(fclose(f), 0);
    return path;
}

/* ---- good files ---- */

START_TEST(bundled_profiles_hold_the_seed_numbers)
{
    static const char *const names[] = {"brogue", "nethack", "dungeonmaker", "caverns"};
    const rf_profile *p;
    size_t i;
    int lo, hi;
    ck_assert_int_eq(rf_profile_set_load(set, RF_SOURCE_DIR "/content/profiles.xml", diags), RF_OK);
    ck_assert_uint_eq(rf_diags_count(diags), 0);
    ck_assert_uint_eq(rf_profile_count(set), 4);
    for (i = 0; i < 4; i++)
        ck_assert_str_eq(rf_profile_name(rf_profile_at(set, i)), names[i]);
    ck_assert_str_eq(rf_profile_recipe(rf_profile_find(set, "caverns")), "levels/caverns.lua");
    ck_assert_ptr_nonnull(rf_profile_set_hordes(set));
    p = rf_profile_find(set, "brogue");
    ck_assert_ptr_nonnull(p);
    ck_assert_str_eq(rf_profile_recipe(p), "brogue");
    ck_assert_int_eq(rf_profile_int(p, 1, "cave-chance", -1), 33);
    ck_assert_int_eq(rf_profile_int(p, 1, "cross-chance", -1), 100);
    ck_assert_int_eq(rf_profile_int(p, 1, "corridor-chance", -1), 80);
    ck_assert_int_eq(rf_profile_int(p, 1, "door-chance", -1), 60);
    ck_assert_int_eq(rf_profile_int(p, 1, "max-rooms", -1), 99);
    ck_assert_int_eq(rf_profile_int(p, 1, "max-loops", -1), 30);
    ck_assert(rf_profile_range(p, 1, "room-width", &lo, &hi));
    ck_assert_int_eq(lo, 4);
    ck_assert_int_eq(hi, 20);
    ck_assert_int_eq(rf_profile_int(p, 1, "no-such-key", -7), -7);
}
END_TEST

START_TEST(depth_overrides_beat_profile_values)
{
    const rf_profile *p;
    int lo = 0, hi = 0;
    ck_assert_int_eq(rf_profile_set_load(set, DATA "depths.xml", diags), RF_OK);
    ck_assert_uint_eq(rf_profile_count(set), 2);
    p = rf_profile_at(set, 0);
    ck_assert_str_eq(rf_profile_name(p), "dry");
    ck_assert_int_eq(rf_profile_int(p, 2, "lakes", -1), 10);
    ck_assert_int_eq(rf_profile_int(p, 3, "lakes", -1), 0);
    ck_assert_int_eq(rf_profile_int(p, 5, "lakes", -1), 0);
    ck_assert_int_eq(rf_profile_int(p, 6, "lakes", -1), 10);
    ck_assert_int_eq(rf_profile_int(p, 7, "max-rooms", -1), 3);
    ck_assert_int_eq(rf_profile_int(p, 8, "max-rooms", -1), -1); /* from="7" alone is 7-7 */
    ck_assert(rf_profile_range(p, 1, "room-width", &lo, &hi));
    ck_assert_int_eq(lo, 4);
    ck_assert_int_eq(hi, 8);
    ck_assert_ptr_null(rf_profile_at(set, 2));
    /* a profile without parameters has no rows */
    ck_assert_ptr_null(rf_profile_key_at(rf_profile_find(set, "empty"), 0));
}
END_TEST

START_TEST(every_part_of_a_good_file_loads)
{
    static const char *const deep_keys[] = {"cave-chance", "room-width", "lakes", "max-rooms",
                                            "cave-chance"};
    const rf_profile *p;
    size_t i;
    int lo = -1, hi = -1;
    ck_assert_int_eq(rf_profile_set_load(set, DATA "full.xml", diags), RF_OK);
    ck_assert_msg(rf_diags_count(diags) == 0, "%s", dump(diags));
    ck_assert(holds(set, "deep,mixed-case,own-recipe"));
    /* rows in file order, <depths> rows included */
    p = rf_profile_find(set, "deep");
    for (i = 0; i < sizeof deep_keys / sizeof deep_keys[0]; i++)
        ck_assert_str_eq(rf_profile_key_at(p, i), deep_keys[i]);
    ck_assert_ptr_null(rf_profile_key_at(p, i));
    ck_assert(rf_profile_range(p, 9, "room-width", &lo, &hi));
    ck_assert(lo == 4 && hi == 12);
    ck_assert(rf_profile_range(p, 4, "max-rooms", &lo, &hi));
    ck_assert(lo == 10 && hi == 20);
    ck_assert_int_eq(rf_profile_int(p, 4, "max-rooms", -1), 10); /* a range's low end */
    lo = hi = -1;
    ck_assert(!rf_profile_range(p, 5, "max-rooms", &lo, &hi)); /* unset: untouched */
    ck_assert(lo == -1 && hi == -1);
    ck_assert_int_eq(rf_profile_int(p, 4, "lakes", -1), 0);
    ck_assert_int_eq(rf_profile_int(p, 5, "lakes", -1), -1);
    ck_assert_int_eq(rf_profile_int(p, 19, "cave-chance", -1), 20);
    ck_assert_int_eq(rf_profile_int(p, 20, "cave-chance", -1), 80);
    ck_assert_int_eq(rf_profile_int(p, 21, "cave-chance", -1), 20); /* from alone: one depth */
    /* element and attribute names ignore case; digger= is recipe='s older name */
    p = rf_profile_find(set, "mixed-case");
    ck_assert_str_eq(rf_profile_recipe(p), "nethack");
    ck_assert_int_eq(rf_profile_int(p, 1, "special-rooms", -1), 0);
    /* a recipe file beside the profiles file */
    p = rf_profile_find(set, "own-recipe");
    ck_assert_str_eq(rf_profile_recipe(p), "tiny.lua");
    ck_assert_int_eq(rf_profile_int(p, 1, "tiny-size", -1), 3);
    ck_assert_ptr_nonnull(rf_profile_set_hordes(set));
    ck_assert_ptr_null(rf_profile_find(set, "Deep")); /* profile names keep their case */
    ck_assert_ptr_null(rf_profile_find(set, NULL));
}
END_TEST

START_TEST(later_rows_win_and_depth_rows_beat_profile_rows)
{
    static const int want[] = {0, 4, 2, 2, 3, 3, 3, 3, 3, 4}; /* lakes at depths 1-9 */
    const rf_profile *p;
    int depth;
    ck_assert_int_eq(rf_profile_set_load(set, DATA "overrides.xml", diags), RF_OK);
    p = rf_profile_find(set, "p");
    ck_assert_ptr_nonnull(p);
    for (depth = 1; depth <= 9; depth++)
        ck_assert_msg(rf_profile_int(p, depth, "lakes", -1) == want[depth], "depth %d: %d", depth,
                      rf_profile_int(p, depth, "lakes", -1));
}
END_TEST

START_TEST(files_layer_into_one_set)
{
    const rf_diag *g;
    ck_assert_int_eq(rf_profile_set_load(set, DATA "full.xml", diags), RF_OK);
    ck_assert_int_eq(rf_profile_set_load(set, DATA "depths.xml", diags), RF_OK);
    ck_assert(holds(set, "deep,mixed-case,own-recipe,dry,empty"));
    /* a name again, even from another file, is a duplicate and is skipped */
    ck_assert_int_eq(rf_profile_set_load(set, DATA "depths.xml", diags), RF_ERR_CONTENT);
    g = find_diag(diags, "duplicate-profile", "profile/depths.xml", 3);
    ck_assert_msg(g != NULL, "%s", dump(diags));
    ck_assert_int_eq(g->col, 12); /* its name= */
    ck_assert(holds(set, "deep,mixed-case,own-recipe,dry,empty"));
}
END_TEST

START_TEST(a_buffer_loads_as_its_file_does_under_the_name_given)
{
    static const char xml[] = "<profiles>\n  <profile name=\"a\"/>\n  <profile name=\"b\" "
                              "recipe=\"nethack\"/>\n</profiles>\n";
    ck_assert_int_eq(rf_profile_set_load_buffer(set, xml, sizeof xml - 1, "mine.xml", diags),
                     RF_ERR_CONTENT);
    ck_assert_ptr_nonnull(find_diag(diags, "missing-attribute", "mine.xml", 2));
    ck_assert(holds(set, "b"));
    /* no name: diagnostics name profiles.xml */
    rf_profile_set_free(set);
    set = rf_profile_set_new();
    ck_assert_int_eq(rf_profile_set_load_buffer(set, xml, sizeof xml - 1, NULL, diags),
                     RF_ERR_CONTENT);
    ck_assert_str_eq(rf_diags_at(diags, 1)->file, "profiles.xml");
    ck_assert_int_eq(rf_diags_at(diags, 1)->line, 2);
}
END_TEST

START_TEST(an_empty_profiles_file_holds_nothing)
{
    static const char xml[] = "<?xml version=\"1.0\"?>\n<!-- nothing yet -->\n<profiles/>\n";
    ck_assert_int_eq(rf_profile_set_load_buffer(set, xml, sizeof xml - 1, "e.xml", diags), RF_OK);
    ck_assert_uint_eq(rf_diags_count(diags), 0);
    ck_assert_uint_eq(rf_profile_count(set), 0);
    ck_assert_ptr_null(rf_profile_at(set, 0));
    ck_assert_ptr_null(rf_profile_find(set, "brogue"));
    ck_assert_ptr_null(rf_profile_set_hordes(set)); /* no population section, no tables */
}
END_TEST

/* ---- diagnostics ---- */

/* A fixture and the diagnostic it gives: the code at file:line:col (file:
 * the fixture itself unless named), the status, and the profiles kept. */
typedef struct bad_file {
    const char *fixture, *code, *file;
    int line, col;
    rf_status status;
    const char *kept;
} bad_file;

static const bad_file bad_files[] = {
    /* not a profiles file at all: nothing is kept */
    {"xml-syntax.xml", "xml-syntax", NULL, 3, 5, RF_ERR_CONTENT, ""},
    {"empty.xml", "xml-syntax", NULL, 1, 1, RF_ERR_CONTENT, ""},
    {"xml-doctype.xml", "xml-doctype", NULL, 1, 1, RF_ERR_CONTENT, ""},
    {"not-profiles.xml", "not-profiles", NULL, 1, 1, RF_ERR_CONTENT, ""},
    {"no-such-file.xml", "io-error", NULL, 0, 0, RF_ERR_IO, ""},
    /* a bad profile is skipped, the good one beside it kept */
    {"missing-attribute.xml", "missing-attribute", NULL, 2, 3, RF_ERR_CONTENT, "ok"},
    {"missing-recipe.xml", "missing-attribute", NULL, 2, 3, RF_ERR_CONTENT, "ok"},
    {"missing-param-name.xml", "missing-attribute", NULL, 3, 5, RF_ERR_CONTENT, "ok"},
    {"missing-param-value.xml", "missing-attribute", NULL, 3, 5, RF_ERR_CONTENT, "ok"},
    {"missing-depths-from.xml", "missing-attribute", NULL, 3, 5, RF_ERR_CONTENT, "ok"},
    {"bad-value.xml", "bad-value", NULL, 3, 25, RF_ERR_CONTENT, "ok"},
    {"bad-value-range.xml", "bad-value", NULL, 4, 31, RF_ERR_CONTENT, "ok"},
    /* orient takes template, none or any (DESIGN 12), nothing else */
    {"bad-orient.xml", "bad-value", NULL, 3, 26, RF_ERR_CONTENT, "ok"},
    {"bad-depths-zero.xml", "bad-value", NULL, 3, 13, RF_ERR_CONTENT, "ok"},
    {"bad-depths-order.xml", "bad-value", NULL, 4, 13, RF_ERR_CONTENT, "ok"},
    {"bad-depths-range.xml", "bad-value", NULL, 3, 13, RF_ERR_CONTENT, "ok"},
    {"duplicate-profile.xml", "duplicate-profile", NULL, 3, 12, RF_ERR_CONTENT, "a,ok"},
    /* warnings: the profile is kept, the element ignored */
    {"unknown-element.xml", "unknown-element", NULL, 3, 5, RF_OK, "a,ok"},
    {"unknown-element-depths.xml", "unknown-element", NULL, 4, 7, RF_OK, "a,ok"},
    {"unknown-element-profiles.xml", "unknown-element", NULL, 3, 3, RF_OK, "a,ok"},
};

/* Loads the fixture of row f and checks its diagnostic, status and profiles. */
static void check_bad_file(const bad_file *f)
{
    char path[512];
    const rf_diag *g;
    const rf_diag_code *c = rf_diag_code_find(f->code);
    snprintf(path, sizeof path, DATA "%s", f->fixture);
    ck_assert_int_eq(rf_profile_set_load(set, path, diags), f->status);
    g = find_diag(diags, f->code, f->file ? f->file : path, f->line);
    ck_assert_msg(g != NULL, "%s: no %s at line %d: %s", f->fixture, f->code, f->line, dump(diags));
    ck_assert_msg(g->col == f->col, "%s: %s at column %d, not %d", f->fixture, f->code, g->col,
                  f->col);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(g->severity, c->severity);
    ck_assert_msg(holds(set, f->kept), "%s: %zu profiles, want '%s'", f->fixture,
                  rf_profile_count(set), f->kept);
}

START_TEST(each_problem_has_its_code_and_line) { check_bad_file(&bad_files[_i]); }
END_TEST

START_TEST(every_problem_of_one_file_is_reported_at_its_line)
{
    static const struct {
        const char *code;
        int line;
    } want[] = {{"bad-value", 4},         {"unknown-element", 5}, {"duplicate-profile", 7},
                {"missing-attribute", 8}, {"bad-value", 11},      {"unknown-element", 15},
                {"unknown-recipe", 9}};
    size_t i;
    ck_assert_int_eq(rf_profile_set_load(set, DATA "errors.xml", diags), RF_ERR_CONTENT);
    /* a bundled recipe that does not exist is found where recipes run: the
     * trial levels of b (c's unread lakez goes with c, skipped at line 11) */
    ck_assert_int_eq(rf_level_trial(set, "b", NULL, diags), RF_ERR_CONTENT);
    ck_assert_msg(rf_diags_count(diags) == sizeof want / sizeof want[0], "%s", dump(diags));
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        const rf_diag *g = rf_diags_at(diags, i);
        ck_assert_msg(strcmp(g->code, want[i].code) == 0 && g->line == want[i].line,
                      "diagnostic %zu: %s at %d, want %s at %d", i, g->code, g->line, want[i].code,
                      want[i].line);
    }
    ck_assert_uint_eq(rf_diags_errors(diags), 5);
    ck_assert_uint_eq(rf_diags_warnings(diags), 2);
    ck_assert(holds(set, "g,b,ok"));
}
END_TEST

START_TEST(population_gaps_are_checked_in_a_clean_table_only)
{
    const rf_diag *g;
    /* a gap (no horde below depth 11) is a warning at the first section */
    ck_assert_int_eq(rf_profile_set_load(set, DATA "population.xml", diags), RF_OK);
    g = find_diag(diags, "population-gap", "profile/population.xml", 3);
    ck_assert_msg(g != NULL, "%s", dump(diags));
    ck_assert_ptr_nonnull(rf_profile_set_hordes(set));
    ck_assert(holds(set, "a"));
    /* the same gap beside an error in the tables: the error alone */
    rf_profile_set_free(set);
    rf_diags_free(diags);
    setup();
    ck_assert_int_eq(rf_profile_set_load(set, DATA "population-bad.xml", diags), RF_ERR_CONTENT);
    ck_assert_msg(find_diag(diags, "duplicate-horde", NULL, 6) != NULL, "%s", dump(diags));
    ck_assert_uint_eq(rf_diags_count(diags), 1);
    ck_assert(holds(set, "a"));
}
END_TEST

/* ---- recipe= ---- */

/* A profile's recipe: the loader reads a recipe file (one it cannot read
 * is unknown-recipe, and the profile is skipped); what the recipe makes of
 * the profile is found where recipes run, by the trial levels of profile
 * "a" (rf_level_trial: a bundled name that does not exist, a file that does
 * not compile, a parameter it never reads), with status `trial`. */
typedef struct recipe_file {
    bad_file f;
    bool run;           /* found by the trial levels, not the loader */
    rf_status trial;    /* their status */
} recipe_file;

static const recipe_file recipe_files[] = {
    {{"unknown-recipe.xml", "unknown-recipe", NULL, 2, 1, RF_OK, "a,ok"}, true, RF_ERR_CONTENT},
    {{"recipe-missing.xml", "unknown-recipe", NULL, 4, 21, RF_ERR_CONTENT, "ok"}, false, RF_OK},
    {{"recipe-syntax.xml", "script-syntax", "profile/syntax.lua", 4, 1, RF_OK, "a,ok"}, true,
     RF_ERR_CONTENT},
    {{"unknown-param.xml", "unknown-param", NULL, 3, 1, RF_OK, "a,ok"}, true, RF_OK},
};

START_TEST(each_recipe_problem_has_its_code_and_line)
{
    const recipe_file *r = &recipe_files[_i];
    char path[512];
    const rf_diag *g;
    if (!r->run) {
        check_bad_file(&r->f);
        return;
    }
    snprintf(path, sizeof path, DATA "%s", r->f.fixture);
    ck_assert_int_eq(rf_profile_set_load(set, path, diags), r->f.status);
    ck_assert_msg(rf_diags_count(diags) == 0, "%s", dump(diags));
    ck_assert(holds(set, r->f.kept));
    ck_assert_int_eq(rf_level_trial(set, "a", NULL, diags), r->trial);
    g = find_diag(diags, r->f.code, r->f.file ? r->f.file : path, r->f.line);
    ck_assert_msg(g != NULL, "%s: no %s at line %d: %s", r->f.fixture, r->f.code, r->f.line,
                  dump(diags));
    ck_assert_int_eq(g->col, r->f.col);
}
END_TEST

/* A recipe is read only from inside its profiles file's folder: an
 * absolute path, '..' or a link out are refused, their text never read. */
START_TEST(a_recipe_path_may_not_leave_the_profiles_folder)
{
    static const char *const recipes[] = {"/etc/passwd.lua", "../outside.lua", "link.lua"};
    char link[600], xml[256];
    const char *file;
    size_t i;
    tmp_file("inside.lua", "-- a recipe\n", 0, ' ', "");
    snprintf(link, sizeof link, "%s/link.lua", tmpdir);
    ck_assert_int_eq(symlink("/etc/passwd", link), 0);
    for (i = 0; i < sizeof recipes / sizeof recipes[0]; i++) {
        const rf_diag *g;
        snprintf(xml, sizeof xml, "<profiles>\n  <profile name=\"p\" recipe=\"%s\"/>\n</profiles>\n",
                 recipes[i]);
        file = tmp_file("profiles.xml", xml, 0, ' ', "");
        rf_profile_set_free(set);
        set = rf_profile_set_new();
        ck_assert_int_eq(rf_profile_set_load(set, file, diags), RF_ERR_CONTENT);
        g = find_diag(diags, "unknown-recipe", file, 2);
        ck_assert_msg(g != NULL, "%s: %s", recipes[i], dump(diags));
        ck_assert_ptr_nonnull(strstr(g->message, "is not inside the profiles file's directory"));
        ck_assert_ptr_null(strstr(g->message, "root:"));
        rf_diags_free(diags);
        diags = rf_diags_new();
    }
    unlink(link);
}
END_TEST

START_TEST(a_binary_recipe_is_refused)
{
    const char *xml = tmp_file("profiles.xml",
                               "<profiles>\n  <profile name=\"bin\" recipe=\"bin.lua\"/>\n"
                               "  <profile name=\"ok\" recipe=\"brogue\"/>\n</profiles>\n",
                               0, ' ', "");
    const rf_diag *g;
    (void)tmp_file("bin.lua", "\x1bLua", 16, '\0', "");
    ck_assert_int_eq(rf_profile_set_load(set, xml, diags), RF_OK); /* its text is data */
    ck_assert(holds(set, "bin,ok"));
    ck_assert_int_eq(rf_level_trial(set, "bin", NULL, diags), RF_ERR_CONTENT);
    g = find_diag(diags, "script-forbidden", "/bin.lua", 1);
    ck_assert_msg(g != NULL, "%s", dump(diags));
}
END_TEST

START_TEST(a_recipe_of_1_mib_compiles_and_one_byte_more_is_refused)
{
    static const char head[] = "<profiles>\n  <profile name=\"big\" recipe=\"big.lua\"/>\n"
                               "</profiles>\n";
    static const char lua_head[] = "local level = ...\nlevel:dig_rects({})\nlevel:stairs()\n--";
    const char *xml = tmp_file("profiles.xml", head, 0, ' ', "");
    /* a comment pads the recipe to exactly 1 MiB, with its newline */
    (void)tmp_file("big.lua", lua_head, MIB - (sizeof lua_head - 1) - 1, '-', "\n");
    ck_assert_int_eq(rf_profile_set_load(set, xml, diags), RF_OK);
    ck_assert_msg(rf_diags_count(diags) == 0, "%s", dump(diags));
    ck_assert(holds(set, "big"));
    rf_profile_set_free(set);
    set = rf_profile_set_new();
    (void)tmp_file("big.lua", lua_head, MIB - (sizeof lua_head - 1), '-', "\n");
    ck_assert_int_eq(rf_profile_set_load(set, xml, diags), RF_ERR_CONTENT);
    ck_assert_msg(find_diag(diags, "unknown-recipe", "/profiles.xml", 2) != NULL, "%s",
                  dump(diags));
    ck_assert(holds(set, ""));
}
END_TEST

/* ---- limits ---- */

START_TEST(a_file_of_4_mib_loads_and_one_byte_more_is_refused)
{
    static const char head[] = "<profiles>\n  <profile name=\"a\" recipe=\"brogue\"/>\n";
    static const char tail[] = "</profiles>\n";
    size_t pad = 4 * MIB - (sizeof head - 1) - (sizeof tail - 1);
    const char *path = tmp_file("four.xml", head, pad, ' ', tail);
    const rf_diag *g;
    ck_assert_int_eq(rf_profile_set_load(set, path, diags), RF_OK);
    ck_assert(holds(set, "a"));
    path = tmp_file("more.xml", head, pad + 1, ' ', tail);
    /* content, as for rooms.xml: xml-limit at the file's start, exit 1 */
    ck_assert_int_eq(rf_profile_set_load(set, path, diags), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(diags), 1);
    g = rf_diags_at(diags, 0);
    ck_assert_str_eq(g->code, "xml-limit");
    ck_assert_str_eq(g->file, path);
    ck_assert(g->line == 1 && g->col == 1);
    ck_assert_str_eq(g->message, "a profiles file of 4194305 bytes is beyond the 4194304-byte limit");
    ck_assert(holds(set, "a"));
}
END_TEST

START_TEST(a_buffer_past_4_mib_is_refused_before_parsing)
{
    char *big = malloc(4 * MIB + 1);
    ck_assert_ptr_nonnull(big);
    memset(big, ' ', 4 * MIB + 1);
    ck_assert_int_eq(rf_profile_set_load_buffer(set, big, 4 * MIB + 1, "big.xml", diags),
                     RF_ERR_ARG);
    ck_assert_uint_eq(rf_diags_count(diags), 0);
    ck_assert_uint_eq(rf_profile_count(set), 0);
    free(big);
}
END_TEST

/* A recipe file's own keys take any number up to RF_PARAM_MAX; the keys
 * the bundled steps read have their own ranges (next test). */
START_TEST(param_values_stop_at_the_param_max)
{
    char xml[512];
    const rf_profile *p;
    int lo = 0, hi = 0, n;
    n = snprintf(xml, sizeof xml,
                 "<profiles>\n  <profile name=\"a\" recipe=\"brogue\">\n"
                 "    <param name=\"dust-level\" value=\"%d\"/>\n"
                 "    <param name=\"dust-span\" value=\"0-%d\"/>\n  </profile>\n"
                 "  <profile name=\"b\" recipe=\"brogue\">\n"
                 "    <param name=\"dust-level\" value=\"%d\"/>\n  </profile>\n"
                 "  <profile name=\"c\" recipe=\"brogue\">\n"
                 "    <param name=\"dust-span\" value=\"0-%d\"/>\n  </profile>\n</profiles>\n",
                 RF_PARAM_MAX, RF_PARAM_MAX, RF_PARAM_MAX + 1, RF_PARAM_MAX + 1);
    ck_assert(n > 0 && (size_t)n < sizeof xml);
    ck_assert_int_eq(rf_profile_set_load_buffer(set, xml, (size_t)n, "max.xml", diags),
                     RF_ERR_CONTENT);
    ck_assert_msg(find_diag(diags, "bad-value", "max.xml", 7) != NULL, "%s", dump(diags));
    ck_assert_msg(find_diag(diags, "bad-value", "max.xml", 10) != NULL, "%s", dump(diags));
    ck_assert_uint_eq(rf_diags_count(diags), 2);
    ck_assert(holds(set, "a"));
    p = rf_profile_find(set, "a");
    ck_assert_int_eq(rf_profile_int(p, 1, "dust-level", -1), RF_PARAM_MAX);
    ck_assert(rf_profile_range(p, 1, "dust-span", &lo, &hi));
    ck_assert(lo == 0 && hi == RF_PARAM_MAX);
}
END_TEST

/* Every key a bundled step reads has a range, checked at load: the
 * diagnostic names the parameter, its value and its range, and the
 * profile is skipped; values at both ends of a range load. */
START_TEST(bounded_params_are_checked_at_load)
{
    static const char xml[] = "<profiles>\n"
                              "  <profile name=\"a\" recipe=\"brogue\">\n"
                              "    <param name=\"lakes\" value=\"100000000\"/>\n"
                              "  </profile>\n"
                              "  <profile name=\"b\" recipe=\"brogue\">\n"
                              "    <depths from=\"3\"><param name=\"attempts\" value=\"5-20000\"/></depths>\n"
                              "  </profile>\n"
                              "  <profile name=\"c\" recipe=\"brogue\">\n"
                              "    <param name=\"templates\" value=\"100000000\"/>\n"
                              "  </profile>\n"
                              "  <profile name=\"ok\" recipe=\"brogue\">\n"
                              "    <param name=\"lakes\" value=\"0-100\"/>\n"
                              "    <param name=\"attempts\" value=\"10000\"/>\n"
                              "    <param name=\"room-width\" value=\"1-1000\"/>\n"
                              "  </profile>\n</profiles>\n";
    const rf_diag *g;
    ck_assert_int_eq(rf_profile_set_load_buffer(set, xml, sizeof xml - 1, "b.xml", diags),
                     RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(diags), 3);
    g = find_diag(diags, "bad-value", "b.xml", 3);
    ck_assert_msg(g != NULL, "%s", dump(diags));
    ck_assert_ptr_nonnull(strstr(g->message, "'lakes' is 100000000; its range is 0-100"));
    g = find_diag(diags, "bad-value", "b.xml", 6);
    ck_assert_msg(g != NULL, "%s", dump(diags));
    ck_assert_ptr_nonnull(strstr(g->message, "'attempts' is 5-20000; its range is 0-10000"));
    g = find_diag(diags, "bad-value", "b.xml", 9);
    ck_assert_msg(g != NULL, "%s", dump(diags));
    ck_assert_ptr_nonnull(strstr(g->message, "'templates' is 100000000; its range is 0-100"));
    ck_assert_uint_eq(rf_profile_count(set), 1);
    ck_assert(holds(set, "ok"));
}
END_TEST

/* A profile skipped for errors is remembered with the lines of its
 * diagnostics, so a command asking for it prints them (exit 1) instead of
 * saying it does not exist. */
START_TEST(left_out_profiles_keep_their_diagnostics_lines)
{
    static const char xml[] = "<profiles>\n"
                              "  <profile name=\"good\" recipe=\"brogue\"/>\n"
                              "  <profile name=\"bad\" recipe=\"brogue\">\n"
                              "    <param name=\"lakes\" value=\"1\"/>\n"
                              "    <param name=\"lakes\" value=\"x\"/>\n"
                              "  </profile>\n</profiles>\n";
    const char *file = NULL;
    int first = 0, last = 0;
    ck_assert_int_eq(rf_profile_set_load_buffer(set, xml, sizeof xml - 1, "lo.xml", diags),
                     RF_ERR_CONTENT);
    ck_assert_ptr_null(rf_profile_find(set, "bad"));
    ck_assert(rf_profile_set_left_out(set, "bad", &file, &first, &last));
    ck_assert_str_eq(file, "lo.xml");
    ck_assert_int_eq(first, 3);
    ck_assert_int_eq(last, 5);
    ck_assert(!rf_profile_set_left_out(set, "good", &file, &first, &last));
    ck_assert(!rf_profile_set_left_out(set, "nope", &file, &first, &last));
}
END_TEST

/* Columns come from the raw bytes (libxml2's tree has none): the n-th
 * element is the n-th start tag past comments, CDATA and the declaration,
 * an attribute is found by name (any case) on a later line of its tag too,
 * and columns count characters, not bytes. */
START_TEST(columns_come_from_the_raw_bytes)
{
    static const char xml[] = "<?xml version=\"1.0\"?>\n"
                              "<!-- <profile name=\"fake\"> -->\n"
                              "<profiles><profile name=\"\xc3\xa9t\xc3\xa9\" recipe=\"brogue\">"
                              "<param name=\"lakes\" value=\"1\"/><param name=\"tries\"\n"
                              "     VALUE=\"x\"/></profile></profiles>\n";
    const rf_diag *g;
    ck_assert_int_eq(rf_profile_set_load_buffer(set, xml, sizeof xml - 1, "c.xml", diags),
                     RF_ERR_CONTENT);
    g = find_diag(diags, "bad-value", "c.xml", 4);
    ck_assert_msg(g != NULL, "%s", dump(diags));
    ck_assert_int_eq(g->col, 6);
}
END_TEST

/* The bundled profiles lie inside every range. */
START_TEST(bundled_profiles_are_within_their_ranges)
{
    ck_assert_int_eq(rf_profile_set_load(set, RF_SOURCE_DIR "/content/profiles.xml", diags),
                     RF_OK);
    ck_assert_uint_eq(rf_diags_count(diags), 0);
}
END_TEST

/* The diagnostic with code in d, or NULL. */
static const rf_diag *find_code(const rf_diags *d, const char *code)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++)
        if (strcmp(rf_diags_at(d, i)->code, code) == 0)
            return rf_diags_at(d, i);
    return NULL;
}

/* A bad param and an unknown element after blank empty lines (line 1 is
 * <profiles>, the profile starts at blank + 2). */
static void load_after_blank_lines(const char *name, int blank)
{
    static const char head[] = "<profiles>\n";
    static const char tail[] = "  <profile name=\"a\" recipe=\"brogue\">\n"
                               "    <param name=\"lakes\" value=\"x\"/>\n"
                               "  </profile>\n  <bogus/>\n</profiles>\n";
    const char *path = tmp_file(name, head, (size_t)blank, '\n', tail);
    ck_assert_int_eq(rf_profile_set_load(set, path, diags), RF_ERR_CONTENT);
    ck_assert_msg(find_code(diags, "bad-value") && find_code(diags, "unknown-element"), "%s",
                  dump(diags));
}

START_TEST(lines_below_65535_are_exact_and_later_ones_not_capped)
{
    const rf_diag *bad, *unknown;
    /* below 65535 (libxml2's cap, kept in the node), node lines are exact */
    load_after_blank_lines("edge.xml", 65529);
    ck_assert_int_eq(find_code(diags, "bad-value")->line, 65532);
    ck_assert_int_eq(find_code(diags, "unknown-element")->line, 65534);
    /* from 65535 on they go on only because of XML_PARSE_BIG_LINES, and
     * libxml2 then gives an element the line of the text after it (libxml2
     * issue 361, STYLE B6), one line on here */
    rf_diags_free(diags);
    diags = rf_diags_new();
    ck_assert_ptr_nonnull(diags);
    load_after_blank_lines("long.xml", 70000);
    bad = find_code(diags, "bad-value");
    unknown = find_code(diags, "unknown-element");
    ck_assert_int_ge(bad->line, 70003);
    ck_assert_int_le(bad->line, 70004);
    ck_assert_int_ge(unknown->line, 70005);
    ck_assert_int_le(unknown->line, 70006);
}
END_TEST

START_TEST(null_arguments_are_refused)
{
    static const char xml[] = "<profiles/>";
    ck_assert_int_eq(rf_profile_set_load(NULL, DATA "depths.xml", diags), RF_ERR_ARG);
    ck_assert_int_eq(rf_profile_set_load(set, NULL, diags), RF_ERR_ARG);
    ck_assert_int_eq(rf_profile_set_load(set, DATA "depths.xml", NULL), RF_ERR_ARG);
    ck_assert_int_eq(rf_profile_set_load_buffer(NULL, xml, sizeof xml - 1, "n.xml", diags),
                     RF_ERR_ARG);
    ck_assert_int_eq(rf_profile_set_load_buffer(set, NULL, 0, "n.xml", diags), RF_ERR_ARG);
    ck_assert_int_eq(rf_profile_set_load_buffer(set, xml, sizeof xml - 1, "n.xml", NULL),
                     RF_ERR_ARG);
    ck_assert_uint_eq(rf_diags_count(diags), 0);
    ck_assert_uint_eq(rf_profile_count(set), 0);
    /* lookups on nothing find nothing */
    ck_assert_ptr_null(rf_profile_find(NULL, "brogue"));
    ck_assert_ptr_null(rf_profile_key_at(NULL, 0));
    ck_assert_ptr_null(rf_profile_set_hordes(NULL));
    ck_assert_int_eq(rf_profile_int(NULL, 1, "lakes", 5), 5);
    rf_profile_set_free(NULL);
}
END_TEST

/* ---- allocation failures ---- */

/* Loads fixture with the nth allocation failing, 1, 2, ... until the load
 * ends as it does without failures (want): every shorter run is
 * RF_ERR_NOMEM, leaks nothing (ASan) and leaves a set of whole profiles
 * (those read before the failure stay: the loader does not roll back). */
static void load_under_failures(const char *fixture, rf_status want)
{
    char path[512];
    long n;
    size_t i;
    snprintf(path, sizeof path, DATA "%s", fixture);
    for (n = 1; n < 5000; n++) {
        rf_profile_set *s = rf_profile_set_new();
        rf_diags *d = rf_diags_new();
        rf_status st;
        ck_assert(s && d);
        rf_alloc_fail_after(n);
        st = rf_profile_set_load(s, path, d);
        rf_alloc_fail_after(0);
        if (st == want) {
            rf_diags_free(d);
            rf_profile_set_free(s);
            break;
        }
        ck_assert_msg(st == RF_ERR_NOMEM, "%s, allocation %ld failing: status %d", fixture, n,
                      (int)st);
        for (i = 0; i < rf_profile_count(s); i++) { /* what it holds is whole */
            const rf_profile *p = rf_profile_at(s, i);
            ck_assert(rf_profile_name(p) && rf_profile_recipe(p));
            ck_assert_ptr_eq(rf_profile_find(s, rf_profile_name(p)), p);
        }
        /* and it is what the set held before: nothing (STYLE B7.4) */
        ck_assert_msg(rf_profile_count(s) == 0 && !rf_profile_set_hordes(s),
                      "%s, allocation %ld failing: the set keeps %zu profiles", fixture, n,
                      rf_profile_count(s));
        rf_diags_free(d);
        rf_profile_set_free(s);
    }
    ck_assert_msg(n < 5000, "%s: still failing after 5000 allocations", fixture);
    ck_assert_msg(n > 1, "%s: no allocation to fail", fixture);
}

static const struct {
    const char *fixture;
    rf_status want;
} nomem_files[] = {
    {"full.xml", RF_OK},
    {"depths.xml", RF_OK},
    {"errors.xml", RF_ERR_CONTENT},
    {"population.xml", RF_OK},
    {"recipe-syntax.xml", RF_OK}, /* its recipe is read, and checked where it runs */
};

START_TEST(allocation_failures_return_nomem_and_leak_nothing)
{
    load_under_failures(nomem_files[_i].fixture, nomem_files[_i].want);
}
END_TEST

START_TEST(a_set_without_memory_is_null)
{
    rf_alloc_fail_after(1);
    ck_assert_ptr_null(rf_profile_set_new());
    rf_alloc_fail_after(0);
}
END_TEST

static Suite *profile_suite(void)
{
    Suite *s = suite_create("profile");
    TCase *load = tcase_create("load"), *errors = tcase_create("errors"),
          *recipe = tcase_create("recipe"), *limits = tcase_create("limits"),
          *nomem = tcase_create("nomem");
    tcase_add_checked_fixture(load, setup, teardown);
    tcase_add_test(load, bundled_profiles_hold_the_seed_numbers);
    tcase_add_test(load, depth_overrides_beat_profile_values);
    tcase_add_test(load, every_part_of_a_good_file_loads);
    tcase_add_test(load, later_rows_win_and_depth_rows_beat_profile_rows);
    tcase_add_test(load, files_layer_into_one_set);
    tcase_add_test(load, a_buffer_loads_as_its_file_does_under_the_name_given);
    tcase_add_test(load, an_empty_profiles_file_holds_nothing);
    suite_add_tcase(s, load);
    tcase_add_checked_fixture(errors, setup, teardown);
    tcase_add_loop_test(errors, each_problem_has_its_code_and_line, 0,
                        (int)(sizeof bad_files / sizeof bad_files[0]));
    tcase_add_test(errors, every_problem_of_one_file_is_reported_at_its_line);
    tcase_add_test(errors, population_gaps_are_checked_in_a_clean_table_only);
    suite_add_tcase(s, errors);
    /* recipe= is checked while loading today; these follow the checks to
     * the level stage when the loader becomes data only (issue 11) */
    tcase_add_checked_fixture(recipe, tmp_setup, tmp_teardown);
    tcase_add_loop_test(recipe, each_recipe_problem_has_its_code_and_line, 0,
                        (int)(sizeof recipe_files / sizeof recipe_files[0]));
    tcase_add_test(recipe, a_recipe_path_may_not_leave_the_profiles_folder);
    tcase_add_test(recipe, a_binary_recipe_is_refused);
    tcase_add_test(recipe, a_recipe_of_1_mib_compiles_and_one_byte_more_is_refused);
    suite_add_tcase(s, recipe);
    tcase_add_checked_fixture(limits, tmp_setup, tmp_teardown);
    /* files of 4 MiB are written and parsed (0.2 s on an idle machine) */
    tcase_set_timeout(limits, 60);
    tcase_add_test(limits, a_file_of_4_mib_loads_and_one_byte_more_is_refused);
    tcase_add_test(limits, a_buffer_past_4_mib_is_refused_before_parsing);
    tcase_add_test(limits, param_values_stop_at_the_param_max);
    tcase_add_test(limits, bounded_params_are_checked_at_load);
    tcase_add_test(limits, bundled_profiles_are_within_their_ranges);
    tcase_add_test(limits, left_out_profiles_keep_their_diagnostics_lines);
    tcase_add_test(limits, columns_come_from_the_raw_bytes);
    tcase_add_test(limits, lines_below_65535_are_exact_and_later_ones_not_capped);
    tcase_add_test(limits, null_arguments_are_refused);
    suite_add_tcase(s, limits);
    /* every allocation of a load failed in turn: hundreds of loads */
    tcase_set_timeout(nomem, 60);
    tcase_add_loop_test(nomem, allocation_failures_return_nomem_and_leak_nothing, 0,
                        (int)(sizeof nomem_files / sizeof nomem_files[0]));
    tcase_add_test(nomem, a_set_without_memory_is_null);
    suite_add_tcase(s, nomem);
    return s;
}

RF_TEST_MAIN(profile_suite)
