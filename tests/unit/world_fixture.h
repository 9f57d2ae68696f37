/* tests/unit/world_fixture.h: what the world's suites share: a diagnostics
 * sink, a template set and a world per test (setup, teardown), a room loaded
 * from text, the effect log as one line, and a small room with a Lua script.
 * Included by test_world.c and test_world_limits.c, each with its own copy. */
#ifndef RF_WORLD_FIXTURE_H
#define RF_WORLD_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

#ifndef RF_TEST_DATA
#define RF_TEST_DATA "tests/data"
#endif
#define DATA RF_TEST_DATA "/rules"

static rf_diags *d;
static rf_template_set *set;
static rf_world *w;

static inline void setup(void)
{
    d = rf_diags_new();
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_nonnull(set);
    w = NULL;
}

static inline void teardown(void)
{
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
}

static inline void load_xml(const char *name, const char *xml)
{
    ck_assert_int_eq(rf_template_set_load_buffer(set, name, xml, strlen(xml), d), RF_OK);
}

/* The effect lines of the log, room-local or level, joined by '|'. */
static inline const char *effects(bool local)
{
    static char out[8192];
    size_t i, len = 0;
    out[0] = '\0';
    for (i = 0; i < rf_world_effect_count(w); i++) {
        char line[512];
        rf_effect_format(rf_world_effect_at(w, i), local, line, sizeof line);
        len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i ? "|" : "", line);
        ck_assert_uint_lt(len, sizeof out);
    }
    return out;
}

/* Asserts that the diagnostics of d are exactly one with code at file:line. */
static inline void expect_one(const char *code, const char *file, int line)
{
    const rf_diag *g;
    ck_assert_msg(rf_diags_count(d) == 1, "want one %s, got %zu (first: %s %s)", code,
                  rf_diags_count(d), rf_diags_count(d) ? rf_diags_at(d, 0)->code : "-",
                  rf_diags_count(d) ? rf_diags_at(d, 0)->message : "-");
    g = rf_diags_at(d, 0);
    ck_assert_str_eq(g->code, code);
    if (file)
        ck_assert_str_eq(g->file, file);
    if (line)
        ck_assert_int_eq(g->line, line);
    ck_assert_int_ge(g->col, 1);
}

/* ---- a small room with a Lua script at file line 6 ---- */

#define LUA_HEAD                                                                                   \
    "<roomdb>\n"                                                                                   \
    "  <room name=\"L\" width=\"5\" height=\"3\">\n"                                               \
    "    <row text=\"##D##\"/>\n"                                                                  \
    "    <row text=\"#...#\"/>\n"                                                                  \
    "    <row text=\"##D##\"/>\n"                                                                  \
    "    <script lang=\"lua\">"
#define LUA_TAIL                                                                                   \
    "</script>\n"                                                                                  \
    "    <script repeat=\"1\"><condition condition_type=\"entered\" not=\"1\"/>"                   \
    "<action action_type=\"ticker\" text=\"alive\"/></script>\n"                                   \
    "    <monster id=\"m\" x=\"1\" y=\"1\"/>\n"                                                    \
    "  </room>\n</roomdb>\n"
#define LUA_LINE(k) (5 + (k)) /* file line of Lua line k */

static inline rf_status add_lua_room(const char *body, size_t mem_cap)
{
    static char xml[8192];
    rf_world_opts o;
    int n = snprintf(xml, sizeof xml, LUA_HEAD "%s" LUA_TAIL, body);
    ck_assert(n > 0 && (size_t)n < sizeof xml);
    load_xml("lua.xml", xml);
    ck_assert_uint_eq(rf_template_set_count(set), 1);
    rf_world_opts_init(&o);
    if (mem_cap)
        o.mem_cap = mem_cap;
    o.tick_budget = 2000000;
    o.load_budget = 200000;
    ck_assert_int_eq(rf_world_new(&o, d, &w), RF_OK);
    return rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL);
}

#endif /* RF_WORLD_FIXTURE_H */
