/* tests/unit/test_lint_buffer.c: unit tests for engine/src/pack/lint_buffer.c
 * (rf_lint_buffer: one document linted from memory, as rf_lint_paths lints
 * the file) and the editor's accessors (rf_lint_fix_span, rf_lint_*_at).
 *
 * Every fixture of several kinds (rooms with each check's finding, Lua
 * rooms, src chunks, a machines file, a profiles file, extension types) is
 * linted both ways: the same findings, positions and fixes, in any order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/diag.h"
#include "roomforge/fs.h"
#include "roomforge/lint.h"

/* Lints path from its bytes into b and as a path into a (with scripts). */
static void lint_both(const char *path, const char *scripts, rf_diags *a, rf_diags *b)
{
    const char *paths[1];
    rf_lint_opts o;
    rf_lint_summary sa, sb;
    char *text = NULL;
    size_t len = 0;
    rf_status pa, pb;
    paths[0] = path;
    rf_lint_opts_init(&o);
    o.scripts_dir = scripts;
    o.jobs = 1;
    ck_assert_int_eq(rf_fs_read(path, 1 << 24, &text, &len, NULL), RF_OK);
    pa = rf_lint_paths(paths, 1, &o, a, &sa);
    pb = rf_lint_buffer(path, text, len, &o, b, &sb);
    rf_fs_free(text);
    ck_assert_msg(pa == pb, "%s: status %d by path, %d by buffer", path, (int)pa, (int)pb);
    ck_assert_uint_eq(sa.rooms, sb.rooms);
    ck_assert_uint_eq(sa.profiles, sb.profiles);
    ck_assert_uint_eq(sa.blueprints, sb.blueprints);
}

static int diag_cmp(const void *x, const void *y)
{
    const rf_diag *a = *(const rf_diag *const *)x, *b = *(const rf_diag *const *)y;
    int c = strcmp(a->file, b->file);
    if (!c)
        c = a->line != b->line ? (a->line < b->line ? -1 : 1) : 0;
    if (!c)
        c = a->col != b->col ? (a->col < b->col ? -1 : 1) : 0;
    if (!c)
        c = strcmp(a->code, b->code);
    return c ? c : strcmp(a->message, b->message);
}

static const rf_diag **sorted(const rf_diags *d)
{
    size_t i, n = rf_diags_count(d);
    const rf_diag **v = calloc(n + 1, sizeof *v);
    ck_assert_ptr_nonnull(v);
    for (i = 0; i < n; i++)
        v[i] = rf_diags_at(d, i);
    qsort(v, n, sizeof *v, diag_cmp);
    return v;
}

static bool same_str(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

/* The same findings both ways, and at least min of them. */
static void assert_same(const char *path, const char *scripts, size_t min)
{
    rf_diags *a = rf_diags_new(), *b = rf_diags_new();
    const rf_diag **x, **y;
    size_t i;
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    lint_both(path, scripts, a, b);
    ck_assert_msg(rf_diags_count(a) == rf_diags_count(b), "%s: %zu findings by path, %zu by buffer",
                  path, rf_diags_count(a), rf_diags_count(b));
    ck_assert_msg(rf_diags_count(a) >= min, "%s: %zu findings, want %zu", path, rf_diags_count(a),
                  min);
    x = sorted(a);
    y = sorted(b);
    for (i = 0; i < rf_diags_count(a); i++) {
        ck_assert_msg(diag_cmp(&x[i], &y[i]) == 0, "%s: %s:%d:%d [%s] against %s:%d:%d [%s]", path,
                      x[i]->file, x[i]->line, x[i]->col, x[i]->code, y[i]->file, y[i]->line,
                      y[i]->col, y[i]->code);
        ck_assert(x[i]->severity == y[i]->severity);
        ck_assert(same_str(x[i]->fix_attr, y[i]->fix_attr) && same_str(x[i]->fix_to, y[i]->fix_to));
    }
    free(x);
    free(y);
    rf_diags_free(a);
    rf_diags_free(b);
}

START_TEST(check_fixtures)
{
    static const char *const names[] = {"anchor-lua",      "anchor-missing",   "bad-value",
                                        "clean",           "door-blocked",     "duplicate-id",
                                        "lint-types",      "no-doors",         "object-on-wall",
                                        "unknown-id",      "unknown-symbol",   "unreachable-part",
                                        "shop-incomplete", "missing-attribute"};
    char path[512];
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/check/%s.xml", RF_TEST_DATA, names[i]);
        assert_same(path, NULL, strcmp(names[i], "clean") ? 1 : 0);
    }
}
END_TEST

START_TEST(scripts_and_kinds)
{
    assert_same(RF_TEST_DATA "/rules/lint_chunks.xml", NULL, 1);
    assert_same(RF_TEST_DATA "/rules/src_rooms.xml", NULL, 1); /* src read beside the name */
    assert_same(RF_TEST_DATA "/rules/ext_rooms.xml", RF_TEST_DATA "/rules/ext", 0);
    assert_same(RF_TEST_DATA "/rules/ext_rooms.xml", NULL, 1); /* unknown without --scripts */
    assert_same(RF_TEST_DATA "/machines/bad.xml", NULL, 1);
    assert_same(RF_TEST_DATA "/machines/good.xml", NULL, 0);
    assert_same(RF_TEST_DATA "/profile/unknown-param.xml", NULL, 1);
    assert_same(RF_TEST_DATA "/load/vary.xml", NULL, 0);
}
END_TEST

/* A .lua room script: run in the sandbox, findings at its own lines. */
START_TEST(lua_room_script)
{
    static const char bad[] = "-- a room script\nlocal x = 1\nif x then\n";
    static const char forbidden[] = "local f = os.execute\n";
    static const char good[] =
        "-- < & > are fine in Lua\nroom:rule { when = function(r) return "
        "r:entered() and 1 < 2 end, run = function(r) r:ticker(\"a&b\") end }\n";
    rf_diags *d = rf_diags_new();
    const rf_diag *g;
    ck_assert_int_eq(rf_lint_buffer("rooms/x.lua", bad, strlen(bad), NULL, d, NULL),
                     RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    g = rf_diags_at(d, 0);
    ck_assert_str_eq(g->code, "script-syntax");
    ck_assert_str_eq(g->file, "rooms/x.lua");
    ck_assert_int_ge(g->line, 3);
    ck_assert_int_le(g->line, 4);
    rf_diags_clear(d);
    ck_assert_int_eq(rf_lint_buffer("x.lua", forbidden, strlen(forbidden), NULL, d, NULL),
                     RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 1);
    ck_assert_int_lt(rf_diags_at(d, 0)->col, 30); /* the wrapper's columns taken off */
    rf_diags_clear(d);
    ck_assert_int_eq(rf_lint_buffer("x.lua", good, strlen(good), NULL, d, NULL), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    rf_diags_free(d);
}
END_TEST

/* A did-you-mean's fix placed in the text, as lint --fix places it. */
START_TEST(fix_span)
{
    static const char text[] = "<roomdb>\n  <room name=\"R\" width=\"5\" height=\"3\">\n    <row "
                               "text=\"##D##\"/>\n"
                               "    <row text=\"#.1.#\"/>\n    <row text=\"##D##\"/>\n    <lever "
                               "id=\"gate\" at=\"1\"/>\n"
                               "    <script><condition condition_type=\"activated\" id=\"gaet\"/>"
                               "<action action_type=\"remove\" id=\"gate\"/></script>\n  "
                               "</room>\n</roomdb>\n";
    rf_diags *d = rf_diags_new();
    const rf_diag *g = NULL;
    size_t i, at = 0, len = 0;
    ck_assert_int_eq(rf_lint_buffer("r.xml", text, strlen(text), NULL, d, NULL), RF_ERR_CONTENT);
    for (i = 0; i < rf_diags_count(d); i++)
        if (rf_diags_at(d, i)->fix_attr)
            g = rf_diags_at(d, i);
    ck_assert_ptr_nonnull(g);
    ck_assert_str_eq(g->code, "unknown-id");
    ck_assert(rf_lint_fix_span(g, text, strlen(text), &at, &len));
    ck_assert_uint_eq(len, 4);
    ck_assert(strncmp(text + at, "gaet", 4) == 0);
    ck_assert(!rf_lint_fix_span(g, "<roomdb/>", 9, &at, &len)); /* the text moved on */
    rf_diags_free(d);
}
END_TEST

/* Suppression comments read from a buffer (rf_lint_policy_buffer), not from
 * the file on disk (there is none here): the comment hides the next line's
 * finding, a misspelt code hides nothing and is itself reported. */
static size_t hushed_count(rf_lint_policy *p, const char *text, const char *code)
{
    rf_diags *d = rf_diags_new(), *kept = rf_diags_new();
    size_t i, n = 0, dropped = 9;
    ck_assert(d && kept);
    ck_assert_int_eq(rf_lint_buffer("/nonexistent/r.xml", text, strlen(text), NULL, d, NULL),
                     RF_ERR_CONTENT);
    ck_assert_int_eq(rf_lint_policy_buffer(p, "/nonexistent/r.xml", text, strlen(text)), RF_OK);
    ck_assert_int_eq(rf_lint_policy_apply(p, d, kept, &dropped), RF_OK);
    ck_assert_int_eq(rf_lint_policy_buffer(p, "/nonexistent/r.xml", NULL, 0), RF_OK);
    ck_assert_uint_eq(dropped + rf_diags_count(kept),
                      rf_diags_count(d) + (strstr(text, "unknwn") != NULL));
    for (i = 0; i < rf_diags_count(kept); i++)
        n += strcmp(rf_diags_at(kept, i)->code, code) == 0;
    rf_diags_free(d);
    rf_diags_free(kept);
    return n;
}

START_TEST(suppression_from_buffer)
{
    static const char head[] = "<roomdb>\n  <room name=\"R\" width=\"5\" height=\"3\">\n"
                               "    <row text=\"##D##\"/>\n    <row text=\"#.1.#\"/>\n"
                               "    <row text=\"##D##\"/>\n    <lever id=\"gate\" at=\"1\"/>\n";
    static const char tail[] = "    <script><condition condition_type=\"activated\" id=\"gaet\"/>"
                               "<action action_type=\"remove\" id=\"gate\"/></script>\n  "
                               "</room>\n</roomdb>\n";
    char text[1024];
    rf_lint_policy *p = rf_lint_policy_new();
    ck_assert_ptr_nonnull(p);
    snprintf(text, sizeof text, "%s%s", head, tail);
    ck_assert_uint_eq(hushed_count(p, text, "unknown-id"), 1);
    snprintf(text, sizeof text, "%s    <!-- roomforge: disable-next-line unknown-id -->\n%s", head,
             tail);
    ck_assert_uint_eq(hushed_count(p, text, "unknown-id"), 0);
    snprintf(text, sizeof text, "%s    <!-- roomforge: disable-next-line unknwn-id -->\n%s", head,
             tail);
    ck_assert_uint_eq(hushed_count(p, text, "unknown-id"), 1); /* the edit was read, not the last */
    ck_assert_uint_eq(hushed_count(p, text, "unknown-suppression"), 1);
    ck_assert_int_eq(rf_lint_policy_buffer(NULL, "x", NULL, 0), RF_ERR_ARG);
    ck_assert_int_eq(rf_lint_policy_buffer(p, NULL, NULL, 0), RF_ERR_ARG);
    rf_lint_policy_free(p);
}
END_TEST

/* The name lists an editor completes from. */
START_TEST(names)
{
    const char *name, *parent;
    size_t i;
    bool lever = false, row = false, root = false;
    for (i = 0; (name = rf_lint_element_at(i, &parent)) != NULL; i++) {
        lever |= !strcmp(name, "lever") && parent && !strcmp(parent, "room");
        row |= !strcmp(name, "row") && parent && !strcmp(parent, "room");
        root |= !strcmp(name, "roomdb") && !parent;
        ck_assert(strcmp(name, "customBlocker") || !strcmp(parent, "room"));
    }
    ck_assert(lever && row && root);
    ck_assert_str_eq(rf_lint_attribute_at("customBreakable", 0), "percent");
    for (i = 0;
         (name = rf_lint_attribute_at("custombreakable", i)) && strcmp(name, "hitsNeededToBreak");
         i++)
        ;
    ck_assert_ptr_nonnull(name);
    ck_assert_ptr_null(rf_lint_attribute_at("nosuch", 0));
    ck_assert_str_eq(rf_lint_attribute_at("condition", 0), "condition_type");
    ck_assert_str_eq(rf_lint_clause_type_at(false, 0), "activated");
    for (i = 0; (name = rf_lint_clause_type_at(true, i)) && strcmp(name, "trigger"); i++)
        ;
    ck_assert_ptr_nonnull(name);
    ck_assert_str_eq(rf_lint_clause_attr_at(false, "event", 3), "event_type");
    ck_assert_ptr_null(rf_lint_clause_attr_at(false, "nosuch", 0));
}
END_TEST

static Suite *lint_buffer_suite(void)
{
    Suite *s = suite_create("lint_buffer");
    TCase *tc = tcase_create("lint_buffer");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, check_fixtures);
    tcase_add_test(tc, scripts_and_kinds);
    tcase_add_test(tc, lua_room_script);
    tcase_add_test(tc, fix_span);
    tcase_add_test(tc, names);
    tcase_add_test(tc, suppression_from_buffer);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(lint_buffer_suite)
