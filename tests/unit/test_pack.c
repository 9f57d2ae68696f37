/* tests/unit/test_pack.c: unit tests for engine/src/pack (rf_pack_load):
 * layering, replacement notes, duplicates inside one pack, rooms left out,
 * the files read, profiles layered, the room table, I/O and memory failures;
 * and rf_lint_paths' streamed lint against a kept one.
 */
#define _GNU_SOURCE 1 /* strcasestr, open_memstream */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "rf_test.h"
#include "load/seam.h"
#include "roomforge/fs.h"
#include "roomforge/lint.h"
#include "roomforge/pack.h"
#include "roomforge/world.h"

#define DATA RF_TEST_DATA "/pack/"

static rf_diags *d;
static rf_pack *p;

static void setup(void)
{
    d = rf_diags_new();
    p = NULL;
    ck_assert_ptr_nonnull(d);
}

static void teardown(void)
{
    rf_pack_free(p);
    rf_diags_free(d);
}

/* Loads dirs (NULL-terminated) with scripts (may be NULL); returns the status. */
static rf_status load(const char *scripts, const char *fallback, const char *const *dirs)
{
    rf_pack_opts o;
    size_t n = 0;
    while (dirs[n])
        n++;
    rf_pack_opts_init(&o);
    o.dirs = dirs;
    o.ndirs = n;
    o.scripts_dir = scripts;
    o.profiles_fallback = fallback;
    return rf_pack_load(&o, &p, d);
}

/* How many diagnostics with code, and (when file_end is not NULL) a file
 * ending in file_end at line (0: any line). */
static size_t count_code(const char *code, const char *file_end, int line)
{
    size_t i, n = 0;
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        size_t fl = strlen(g->file), el = file_end ? strlen(file_end) : 0;
        if (strcmp(g->code, code) != 0)
            continue;
        if (file_end && (fl < el || strcmp(g->file + fl - el, file_end) != 0))
            continue;
        if (line && g->line != line)
            continue;
        n++;
    }
    return n;
}

/* How many templates of the merged set are named name (case-insensitively). */
static size_t count_named(const char *name)
{
    const rf_template_set *s = rf_pack_templates(p);
    size_t i, n = 0;
    for (i = 0; i < rf_template_set_count(s); i++)
        if (strcasecmp(rf_template_name(rf_template_set_at(s, i)), name) == 0)
            n++;
    return n;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t a = strlen(s), b = strlen(tail);
    return a >= b && strcmp(s + a - b, tail) == 0;
}

static const char *const base_mod[] = {DATA "base", DATA "mod", NULL};

START_TEST(a_later_pack_replaces_the_room_of_the_same_name)
{
    const rf_template *t;
    ck_assert_int_eq(load(NULL, NULL, base_mod), RF_ERR_CONTENT);
    t = rf_template_set_find(rf_pack_templates(p), "Beta");
    ck_assert_ptr_nonnull(t);
    ck_assert(ends_with(rf_template_file(t), "mod/mod.xml"));
    ck_assert_str_eq(rf_template_name(t), "beta"); /* as the mod wrote it */
    ck_assert_uint_eq(count_named("Beta"), 1);
    /* Alpha twice, Gamma (the base's), Delta, beta */
    ck_assert_uint_eq(rf_template_set_count(rf_pack_templates(p)), 5);
}
END_TEST

START_TEST(a_replacement_is_a_note_at_the_later_room)
{
    ck_assert_int_eq(load(NULL, NULL, base_mod), RF_ERR_CONTENT);
    ck_assert_uint_eq(count_code("room-replaced", "mod/mod.xml", 4), 1);
    ck_assert_uint_eq(count_code("room-replaced", NULL, 0), 1);
}
END_TEST

START_TEST(the_same_name_twice_in_one_pack_is_a_warning_and_both_are_kept)
{
    const char *const base[] = {DATA "base", NULL};
    ck_assert_int_eq(load(NULL, NULL, base), RF_OK);
    ck_assert_uint_eq(count_named("Alpha"), 2);
    ck_assert_uint_eq(count_code("duplicate-room", "base/rooms/a.xml", 0), 1);
    ck_assert_uint_eq(count_code("room-replaced", NULL, 0), 0);
}
END_TEST

START_TEST(the_rooms_folder_is_walked_recursively)
{
    const char *const base[] = {DATA "base", NULL};
    ck_assert_int_eq(load(NULL, NULL, base), RF_OK);
    ck_assert_ptr_nonnull(rf_template_set_find(rf_pack_templates(p), "Delta"));
}
END_TEST

START_TEST(a_room_with_errors_is_left_out_and_replaces_nothing)
{
    rf_pack_room r;
    const rf_template *t;
    ck_assert_int_eq(load(NULL, NULL, base_mod), RF_ERR_CONTENT);
    ck_assert(rf_pack_left_out_find(p, "gamma", &r));
    ck_assert(ends_with(r.file, "mod/mod.xml"));
    ck_assert_int_eq(r.line, 9);
    ck_assert_uint_eq(count_code("room-left-out", "mod/mod.xml", 9), 1);
    t = rf_template_set_find(rf_pack_templates(p), "Gamma"); /* the base's stays */
    ck_assert_ptr_nonnull(t);
    ck_assert(ends_with(rf_template_file(t), "base/rooms/a.xml"));
}
END_TEST

START_TEST(a_room_whose_scripts_fail_is_left_out)
{
    rf_pack_room r;
    ck_assert_int_eq(load(NULL, NULL, base_mod), RF_ERR_CONTENT);
    ck_assert(rf_pack_left_out_find(p, "Shouter", &r));
    ck_assert_str_eq(r.why, "its scripts have errors");
    ck_assert_ptr_null(rf_template_set_find(rf_pack_templates(p), "Shouter"));
    ck_assert_uint_eq(rf_pack_left_out_count(p), 2);
    ck_assert_uint_eq(count_code("unknown-action", "mod/mod.xml", 0), 1);
}
END_TEST

START_TEST(a_scripts_directory_makes_an_extension_type_known)
{
    const char *const mod[] = {DATA "mod", NULL};
    rf_pack_room r;
    ck_assert_int_eq(load(DATA "ext", NULL, mod), RF_ERR_CONTENT); /* Gamma still */
    ck_assert_ptr_nonnull(rf_template_set_find(rf_pack_templates(p), "Shouter"));
    ck_assert(!rf_pack_left_out_find(p, "Shouter", &r));
    ck_assert_uint_eq(count_code("unknown-action", NULL, 0), 0);
}
END_TEST

START_TEST(every_file_read_is_listed)
{
    const char *want[] = {"base/rooms/a.xml", "base/rooms/deeper/b.xml", "base/profiles.xml",
                          "mod/mod.xml", "mod/profiles.xml", "ext/shout.lua"};
    size_t i, k;
    ck_assert_int_eq(load(DATA "ext", NULL, base_mod), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_pack_file_count(p), 6);
    for (k = 0; k < 6; k++) {
        for (i = 0; i < rf_pack_file_count(p); i++)
            if (ends_with(rf_pack_file_at(p, i), want[k]))
                break;
        ck_assert_msg(i < rf_pack_file_count(p), "%s not listed", want[k]);
    }
    ck_assert_ptr_null(rf_pack_file_at(p, 6));
}
END_TEST

START_TEST(profiles_layer_by_name)
{
    const rf_profile_set *ps;
    ck_assert_int_eq(load(NULL, NULL, base_mod), RF_ERR_CONTENT);
    ps = rf_pack_profiles(p);
    ck_assert_uint_eq(rf_profile_count(ps), 3);
    ck_assert_str_eq(rf_profile_name(rf_profile_at(ps, 0)), "plain"); /* where it stood */
    ck_assert_str_eq(rf_profile_recipe(rf_profile_at(ps, 0)), "nethack");
    ck_assert_str_eq(rf_profile_name(rf_profile_at(ps, 1)), "rects");
    ck_assert_str_eq(rf_profile_name(rf_profile_at(ps, 2)), "extra");
    ck_assert_uint_eq(count_code("profile-replaced", "mod/profiles.xml", 4), 1);
}
END_TEST

START_TEST(the_fallback_profiles_serve_a_pack_without_any)
{
    const char *const one[] = {DATA "mod/mod.xml", NULL};
    ck_assert_int_eq(load(NULL, DATA "base/profiles.xml", one), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_profile_count(rf_pack_profiles(p)), 2);
    ck_assert_ptr_nonnull(rf_template_set_find(rf_pack_templates(p), "beta"));
}
END_TEST

START_TEST(the_fallback_is_not_read_when_a_pack_has_profiles)
{
    const char *const base[] = {DATA "base", NULL};
    ck_assert_int_eq(load(NULL, DATA "mod/profiles.xml", base), RF_OK);
    ck_assert_ptr_null(rf_profile_find(rf_pack_profiles(p), "extra"));
}
END_TEST

START_TEST(a_line_is_told_to_belong_to_its_room)
{
    const char *file;
    ck_assert_int_eq(load(NULL, NULL, base_mod), RF_ERR_CONTENT);
    file = rf_template_file(rf_template_set_find(rf_pack_templates(p), "beta"));
    ck_assert_str_eq(rf_pack_room_at(p, file, 11), "Gamma"); /* left out, still known */
    ck_assert_str_eq(rf_pack_room_at(p, file, 4), "beta");
    ck_assert_ptr_null(rf_pack_room_at(p, file, 2));
    ck_assert_ptr_null(rf_pack_room_at(p, "elsewhere.xml", 4));
}
END_TEST

START_TEST(a_missing_pack_is_an_io_error)
{
    const char *const gone[] = {DATA "base", DATA "no-such-pack", NULL};
    ck_assert_int_eq(load(NULL, NULL, gone), RF_ERR_IO);
    ck_assert_uint_eq(count_code("io-error", "no-such-pack", 0), 1);
    ck_assert_ptr_nonnull(p); /* what could be read is there */
    ck_assert_ptr_nonnull(rf_template_set_find(rf_pack_templates(p), "Alpha"));
}
END_TEST

START_TEST(allocation_failures_give_nomem_and_leak_nothing)
{
    const char *const base[] = {DATA "base", NULL};
    rf_status st = RF_ERR_NOMEM;
    long n;
    for (n = 1; n < 200000 && st != RF_OK; n++) {
        rf_diags *dd = rf_diags_new();
        rf_pack_opts o;
        rf_pack *q = NULL;
        ck_assert_ptr_nonnull(dd);
        rf_pack_opts_init(&o);
        o.dirs = base;
        o.ndirs = 1;
        rf_alloc_fail_after(n);
        st = rf_pack_load(&o, &q, dd);
        rf_alloc_fail_after(0);
        ck_assert_msg(st == RF_OK || st == RF_ERR_NOMEM, "status %d at %ld", (int)st, n);
        ck_assert(st == RF_OK ? q != NULL : q == NULL);
        rf_pack_free(q);
        rf_diags_free(dd);
    }
    ck_assert_int_eq(st, RF_OK);
    ck_assert_int_gt(n, 10);
}
END_TEST

/* d's diagnostics as `lint --format json` prints them (in print order). */
static char *as_json(const rf_diags *from)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rf_diags_write_json(from, f), RF_OK);
    ck_assert_int_eq(fclose(f), 0);
    return buf;
}

/* 0 when file's root element is <profiles> (what lint proves by trial levels)
 * or <machines> (a blueprint catalogue, no rooms: test_machines checks it). */
static int rooms_root(const char *file)
{
    char head[4096];
    size_t n;
    FILE *f = fopen(file, "rb");
    ck_assert_ptr_nonnull(f);
    n = fread(head, 1, sizeof head - 1, f);
    fclose(f);
    head[n] = '\0';
    return strcasestr(head, "<profiles") || strcasestr(head, "<machines>") ? 0 : 1;
}

/* Lints every rooms file under dir both ways: streamed by rf_lint_paths (one
 * rooms file, no profiles: each room checked at its </room> by jobs checker
 * threads and let go) and kept (loaded whole, then rf_world_lint); the
 * reports are the same bytes. */
static void lint_streamed_and_kept(const char *dir, const char *scripts, unsigned jobs,
                                   size_t *files)
{
    rf_fs_list *list = NULL;
    int why = 0;
    size_t i;
    ck_assert_int_eq(rf_fs_walk(dir, ".xml", RF_FS_WALK_RECURSIVE, &list, &why), RF_OK);
    for (i = 0; i < rf_fs_list_count(list); i++) {
        const char *file = rf_fs_list_at(list, i);
        rf_template_set *kept = rf_template_set_new();
        rf_diags *ds = rf_diags_new(), *dk = rf_diags_new();
        rf_lint_opts lo;
        rf_world_opts wo;
        rf_lint_summary sum;
        size_t nbad;
        bool *lbad;
        rf_status ss, ks;
        char *js, *jk;
        ck_assert(kept && ds && dk);
        if (rf_fs_list_error(list, i)) {
            rf_template_set_free(kept);
            rf_diags_free(ds);
            rf_diags_free(dk);
            continue;
        }
        rf_lint_opts_init(&lo);
        lo.scripts_dir = scripts;
        lo.jobs = jobs;
        ss = rf_lint_paths(&file, 1, &lo, ds, &sum);
        rf_world_opts_init(&wo);
        wo.scripts_dir = scripts;
        ks = rf_template_set_load_file(kept, file, dk);
        lbad = calloc(rf_template_set_count(kept) + 1, sizeof *lbad);
        ck_assert_ptr_nonnull(lbad);
        if (ks != RF_ERR_IO && ks != RF_ERR_NOMEM) { /* subrooms, as lint links them */
            rf_status ls = rf_template_set_link(kept, dk, lbad);
            if (ls != RF_OK && ks == RF_OK)
                ks = ls;
        }
        if (rooms_root(file) == 0) {
            free(lbad);
            rf_template_set_free(kept); /* a profiles or machines file, whatever its name */
            rf_diags_free(ds);
            rf_diags_free(dk);
            continue;
        }
        nbad = 0;
        if (ks != RF_ERR_IO) {
            size_t n = rf_template_set_count(kept), b;
            bool *bad = calloc(n + 1, sizeof *bad);
            rf_status ls;
            ck_assert_ptr_nonnull(bad);
            ls = rf_world_lint_rooms(kept, &wo, dk, bad);
            for (b = 0; b < n; b++)
                nbad += bad[b] || lbad[b];
            free(bad);
            if (ls != RF_OK && ks == RF_OK)
                ks = ls == RF_ERR_NOMEM || ls == RF_ERR_IO ? ls : RF_ERR_CONTENT;
        }
        js = as_json(ds);
        jk = as_json(dk);
        ck_assert_msg(strcmp(js, jk) == 0, "%s: streamed lint differs:\n%s\nkept:\n%s", file, js,
                      jk);
        ck_assert_msg(ss == ks, "%s: status %d streamed, %d kept", file, (int)ss, (int)ks);
        /* loaded: the rooms without errors, script or subroom errors too (issue 35) */
        ck_assert_uint_eq(sum.rooms, rf_template_set_count(kept) - nbad);
        free(lbad);
        (*files)++;
        free(js);
        free(jk);
        rf_template_set_free(kept);
        rf_diags_free(ds);
        rf_diags_free(dk);
    }
    rf_fs_list_free(list);
}

START_TEST(a_streamed_lint_reports_what_a_kept_one_reports)
{
    size_t files = 0;
    unsigned jobs;
    for (jobs = 1; jobs <= 3; jobs += 2) { /* one checker thread, and three */
        lint_streamed_and_kept(RF_SOURCE_DIR "/content", NULL, jobs, &files);
        lint_streamed_and_kept(RF_TEST_DATA, NULL, jobs, &files);
        lint_streamed_and_kept(RF_TEST_DATA "/pack", RF_TEST_DATA "/pack/ext", jobs, &files);
    }
    ck_assert_uint_ge(files, 80);
}
END_TEST

static Suite *pack_suite(void)
{
    Suite *s = suite_create("pack");
    TCase *layer = tcase_create("layering");
    TCase *checks = tcase_create("checks");
    TCase *files = tcase_create("files");
    TCase *limits = tcase_create("limits");
    tcase_add_checked_fixture(layer, setup, teardown);
    tcase_add_checked_fixture(checks, setup, teardown);
    tcase_add_checked_fixture(files, setup, teardown);
    tcase_add_checked_fixture(limits, setup, teardown);
    tcase_add_test(layer, a_later_pack_replaces_the_room_of_the_same_name);
    tcase_add_test(layer, a_replacement_is_a_note_at_the_later_room);
    tcase_add_test(layer, the_same_name_twice_in_one_pack_is_a_warning_and_both_are_kept);
    tcase_add_test(layer, profiles_layer_by_name);
    tcase_add_test(layer, the_fallback_profiles_serve_a_pack_without_any);
    tcase_add_test(layer, the_fallback_is_not_read_when_a_pack_has_profiles);
    tcase_add_test(checks, a_room_with_errors_is_left_out_and_replaces_nothing);
    tcase_add_test(checks, a_room_whose_scripts_fail_is_left_out);
    tcase_add_test(checks, a_scripts_directory_makes_an_extension_type_known);
    tcase_add_test(checks, a_line_is_told_to_belong_to_its_room);
    tcase_add_test(checks, a_streamed_lint_reports_what_a_kept_one_reports);
    tcase_add_test(files, the_rooms_folder_is_walked_recursively);
    tcase_add_test(files, every_file_read_is_listed);
    tcase_add_test(files, a_missing_pack_is_an_io_error);
    tcase_add_test(limits, allocation_failures_give_nomem_and_leak_nothing);
    tcase_set_timeout(limits, 120);
    tcase_set_timeout(checks, 120); /* every rooms file linted twice */
    suite_add_tcase(s, layer);
    suite_add_tcase(s, checks);
    suite_add_tcase(s, files);
    suite_add_tcase(s, limits);
    return s;
}
RF_TEST_MAIN(pack_suite)
