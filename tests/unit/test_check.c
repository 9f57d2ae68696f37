/* tests/unit/test_check.c: unit tests for engine/src/template_check.c and script_types.c.
 *
 * Every code rf_template_check reports has a fixture in tests/data/check/ that
 * produces exactly that diagnostic (code, line, col) and nothing else; clean.xml
 * produces none. Rooms with an error are skipped by the loader, rooms with only
 * warnings are kept: the table's severity says which to expect.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "template_check_int.h"
#include "rf_test.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"
#include "load/seam.h"

typedef struct fixture_row {
    const char *file;
    const char *code;
    int line, col;
    bool wall_thin; /* enable the off-by-default wall-thin note */
} fixture_row;

static const fixture_row fixtures[] = {
    {"unknown-symbol.xml", "unknown-symbol", 8, 22, false},
    {"object-outside.xml", "object-outside", 13, 5, false},
    {"object-on-wall.xml", "object-on-wall", 13, 5, false},
    {"object-on-outside.xml", "object-on-wall", 13, 5, false},
    {"anchor-missing.xml", "anchor-missing", 13, 25, false},
    {"anchor-missing-clause.xml", "anchor-missing", 15, 47, false},
    {"anchor-unused.xml", "anchor-unused", 6, 19, false},
    {"duplicate-id.xml", "duplicate-id", 14, 28, false},
    {"duplicate-id-create.xml", "duplicate-id", 16, 85, false},
    {"level-range.xml", "level-range", 11, 5, false},
    {"unknown-id.xml", "unknown-id", 14, 42, false},
    {"missing-attribute.xml", "missing-attribute", 15, 7, false},
    {"missing-attribute-create.xml", "missing-attribute", 15, 7, false},
    {"missing-attribute-point.xml", "missing-attribute", 16, 7, false},
    {"bad-value.xml", "bad-value", 16, 76, false},
    {"bad-value-enum.xml", "bad-value", 15, 50, false},
    {"bad-value-create.xml", "bad-value", 15, 49, false},
    {"bad-value-name.xml", "bad-value", 7, 37, false}, /* never cut at RF_PLACED_NAME_MAX */
    {"empty-script.xml", "empty-script", 13, 5, false},
    {"door-edge.xml", "door-edge", 7, 20, false},
    {"door-blocked.xml", "door-blocked", 4, 20, false},
    {"door-span.xml", "door-span", 4, 20, false},
    {"no-doors.xml", "no-doors", 3, 3, false},
    {"shop-incomplete.xml", "shop-incomplete", 3, 3, false},
    {"shop-monster.xml", "shop-monster", 13, 5, false},
    {"shop-horde.xml", "shop-monster", 13, 5, false},
    {"shop-symbol.xml", "shop-symbol", 8, 19, false},
    {"zoo-shape.xml", "zoo-shape", 8, 22, false},
    {"wall-thin.xml", "wall-thin", 6, 19, true},
    {"unreachable-part.xml", "unreachable-part", 3, 3, false},
    {"diagonal-only-part.xml", "diagonal-only-part", 3, 3, false},
};
#define NFIXTURES ((int)(sizeof fixtures / sizeof fixtures[0]))

static rf_diags *d;
static rf_template_set *set;

static void setup(void)
{
    d = rf_diags_new();
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(d);
    ck_assert_ptr_nonnull(set);
}

static void teardown(void)
{
    rf_template_set_free(set);
    rf_diags_free(d);
}

static char *data_path(const char *name)
{
    static const char dir[] = RF_TEST_DATA "/check/";
    char *p = malloc(sizeof dir + strlen(name));
    ck_assert_ptr_nonnull(p);
    memcpy(p, dir, sizeof dir - 1);
    strcpy(p + sizeof dir - 1, name);
    return p;
}

static rf_status load(const char *name)
{
    char *path = data_path(name);
    rf_status s = rf_template_set_load_file(set, path, d);
    free(path);
    return s;
}

/* Prints what the sink holds, to make a failing assert readable. */
static void dump(void)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        fprintf(stderr, "  %s:%d:%d: %s [%s]\n", g->file, g->line, g->col, g->message, g->code);
    }
}

START_TEST(fixture_gives_exactly_its_diagnostic)
{
    const fixture_row *row = &fixtures[_i];
    const rf_diag_code *code = rf_diag_code_find(row->code);
    const rf_diag *g;
    rf_status s;
    ck_assert_ptr_nonnull(code);
    if (row->wall_thin)
        ck_assert(rf_diags_enable(d, "wall-thin", true));
    s = load(row->file);
    if (rf_diags_count(d) != 1) {
        fprintf(stderr, "%s:\n", row->file);
        dump();
    }
    ck_assert_uint_eq(rf_diags_count(d), 1);
    g = rf_diags_at(d, 0);
    ck_assert_str_eq(g->code, row->code);
    ck_assert_int_eq(g->line, row->line);
    ck_assert_int_eq(g->col, row->col);
    ck_assert_int_eq(g->severity, code->severity);
    ck_assert_ptr_nonnull(strstr(g->file, row->file));
    ck_assert_str_ne(g->message, "");
    if (code->severity == RF_SEV_ERROR) {
        ck_assert_int_eq(s, RF_ERR_CONTENT);
        ck_assert_uint_eq(rf_template_set_count(set), 0); /* the room was skipped */
    } else {
        ck_assert_int_eq(s, RF_OK);
        ck_assert_uint_eq(rf_template_set_count(set), 1);
    }
}
END_TEST

START_TEST(every_check_code_has_a_fixture)
{
    static const char *const codes[] = {
        "unknown-symbol",  "object-outside", "object-on-wall", "anchor-missing",    "anchor-unused",
        "duplicate-id",    "level-range",    "unknown-id",     "missing-attribute", "bad-value",
        "empty-script",    "door-edge",      "door-blocked",   "door-span",         "no-doors",
        "shop-incomplete", "shop-monster",   "shop-symbol",    "zoo-shape",         "wall-thin",
        "unreachable-part", "diagonal-only-part",
    };
    size_t i;
    int k;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        bool found = false;
        ck_assert_ptr_nonnull(rf_diag_code_find(codes[i]));
        for (k = 0; k < NFIXTURES; k++)
            found = found || strcmp(fixtures[k].code, codes[i]) == 0;
        ck_assert_msg(found, "no fixture for %s", codes[i]);
    }
}
END_TEST

START_TEST(clean_room_has_no_diagnostics)
{
    rf_status s = load("clean.xml");
    if (rf_diags_count(d))
        dump();
    ck_assert_int_eq(s, RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_uint_eq(rf_template_set_count(set), 1);
    /* Checked again directly: still nothing, and no error counted. */
    ck_assert_uint_eq(rf_template_check(rf_template_set_at(set, 0), d), 0);
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

START_TEST(disabled_error_does_not_skip_the_room)
{
    ck_assert(rf_diags_enable(d, "object-on-wall", false));
    ck_assert_int_eq(load("object-on-wall.xml"), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_uint_eq(rf_template_set_count(set), 1);
}
END_TEST

START_TEST(lua_script_may_use_any_anchor)
{
    ck_assert_int_eq(load("anchor-lua.xml"), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_uint_eq(rf_template_set_count(set), 1);
}
END_TEST

/* An unknown id suggests the room's id most likely meant, and only a near one. */
START_TEST(unknown_id_suggests_the_id_meant)
{
    static const char xml[] =
        "<roomdb><room name=\"Shrine\"><row text=\"#D#\"/><row text=\"#1#\"/>"
        "<row text=\"###\"/><monster name=\"Priest\" id=\"priest\" at=\"1\"/>"
        "<script><condition condition_type=\"isDead\" id=\"preist\"/>"
        "<action action_type=\"ticker\" text=\"x\"/></script>"
        "<script><condition condition_type=\"isDead\" id=\"goblin\"/>"
        "<action action_type=\"ticker\" text=\"y\"/></script></room></roomdb>";
    size_t i, found = 0;
    ck_assert_int_eq(rf_template_set_load_buffer(set, "s.xml", xml, sizeof xml - 1, d),
                     RF_ERR_CONTENT);
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        if (strcmp(g->code, "unknown-id") != 0)
            continue;
        found++;
        if (strstr(g->message, "'preist'"))
            ck_assert_ptr_nonnull(strstr(g->message, "did you mean 'priest'?"));
        else
            ck_assert_ptr_null(strstr(g->message, "did you mean")); /* 'goblin' is near nothing */
    }
    ck_assert_uint_eq(found, 2);
}
END_TEST

/* The checks and the placer agree on a Lua room's digits: all floor. */
START_TEST(lua_room_door_may_open_onto_an_anchor)
{
    ck_assert_int_eq(load("door-onto-anchor-lua.xml"), RF_OK);
    if (rf_diags_count(d))
        dump();
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_uint_eq(rf_template_used_digits(rf_template_set_at(set, 0)), 0x3ffu);
}
END_TEST

START_TEST(wall_thin_is_off_by_default)
{
    ck_assert_int_eq(load("wall-thin.xml"), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
}
END_TEST

/* ---- columns ---- */

/* The character at line:col (1-based, counting UTF-8 characters) of file,
 * or '\0' when there is none. */
static char char_at(const char *file, int line, int col)
{
    FILE *f = fopen(file, "rb");
    int ch, l = 1, c = 1;
    ck_assert_ptr_nonnull(f);
    while ((ch = fgetc(f)) != EOF) {
        if (l == line && c == col && (ch & 0xC0) != 0x80)
            break;
        if (ch == '\n') {
            l++;
            c = 1;
        } else if ((ch & 0xC0) != 0x80) {
            c++;
        }
    }
    fclose(f);
    return ch == EOF ? '\0' : (char)ch;
}

static const struct {
    const char *file, *code;
    int line, col;
    char at; /* the file's character there */
} cell_cases[] = {
    /* No doors: nothing on the map gives a row's column. Rows indented
     * differently, the text= on the next line, spaces around '=', another
     * attribute before text= (unknown-attribute, a warning). */
    {"cols-no-doors.xml", "unknown-symbol", 6, 24, 'Z'},
    {"cols-no-doors.xml", "unknown-symbol", 8, 20, '?'},
    {"cols-no-doors.xml", "unknown-symbol", 9, 30, 'Q'},
    {"cols-no-doors.xml", "no-doors", 3, 3, '<'},
    /* Doors on other rows than the faulty cells; references (&#46; &amp;)
     * before a cell; a line break inside the value. */
    {"cols-doors.xml", "unknown-symbol", 6, 27, 'Z'},
    {"cols-doors.xml", "unknown-symbol", 7, 22, '&'},
    {"cols-doors.xml", "unknown-symbol", 9, 3, 'K'},
    /* Every check that reports a cell, each in its own fixture. */
    {"anchor-unused.xml", "anchor-unused", 6, 19, '1'},
    {"door-edge.xml", "door-edge", 7, 20, 'd'},
    {"door-blocked.xml", "door-blocked", 4, 20, 'D'},
    {"door-span.xml", "door-span", 4, 20, 'D'},
    {"shop-symbol.xml", "shop-symbol", 8, 19, 'i'},
    {"zoo-shape.xml", "zoo-shape", 8, 22, ' '},
    {"level-range.xml", "level-range", 11, 5, '<'},
};
#define NCELL_CASES ((int)(sizeof cell_cases / sizeof cell_cases[0]))

START_TEST(cell_diagnostics_point_at_the_exact_character)
{
    char *path = data_path(cell_cases[_i].file);
    size_t i, hits = 0;
    rf_status st;
    ck_assert(rf_diags_enable(d, "wall-thin", true));
    st = rf_template_set_load_file(set, path, d);
    ck_assert(st == RF_OK || st == RF_ERR_CONTENT);
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        if (strcmp(g->code, cell_cases[_i].code) != 0 || g->line != cell_cases[_i].line)
            continue;
        ck_assert_int_eq(g->col, cell_cases[_i].col);
        hits++;
    }
    if (hits != 1)
        dump();
    ck_assert_uint_eq(hits, 1);
    ck_assert_int_eq(char_at(path, cell_cases[_i].line, cell_cases[_i].col), cell_cases[_i].at);
    free(path);
}
END_TEST

START_TEST(cell_positions_follow_the_file)
{
    const rf_template *t;
    int line, col;
    ck_assert_int_eq(load("cols-no-doors.xml"), RF_ERR_CONTENT); /* the room is skipped */
    ck_assert_uint_eq(rf_template_set_count(set), 0);
    ck_assert(rf_diags_enable(d, "unknown-symbol", false));
    ck_assert(rf_diags_enable(d, "no-doors", false));
    ck_assert_int_eq(load("cols-doors.xml"), RF_OK);
    t = rf_template_set_at(set, 0);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(rf_template_col(t), 3);
    ck_assert_int_eq(rf_template_flags(t)->line, 11);
    ck_assert_int_eq(rf_template_flags(t)->col, 5);
    ck_assert_int_eq(rf_template_row_line(t, 2), 6);
    ck_assert_int_eq(rf_template_row_col(t, 2), 24);
    ck_assert_int_eq(rf_template_row_col(t, 5), 14);
    ck_assert_int_eq(rf_template_row_col(t, 6), 0);
    ck_assert_int_eq(rf_template_row_line(t, -1), 0);
    /* The door on the indented row, its cells, a reference, a line break. */
    ck_assert(rf_template_cell_pos(t, 0, 2, &line, &col));
    ck_assert_int_eq(rf_template_door(t, 1)->line, 6);
    ck_assert_int_eq(rf_template_door(t, 1)->col, 24);
    ck_assert_int_eq(line, 6);
    ck_assert_int_eq(col, 24);
    ck_assert(rf_template_cell_pos(t, 1, 3, &line, &col));
    ck_assert_int_eq(col, 17);
    ck_assert(rf_template_cell_pos(t, 3, 3, &line, &col));
    ck_assert_int_eq(col, 27);
    ck_assert(rf_template_cell_pos(t, 1, 4, &line, &col));
    ck_assert_int_eq(line, 8);
    ck_assert_int_eq(col, 17);
    ck_assert(rf_template_cell_pos(t, 2, 4, &line, &col)); /* the line break */
    ck_assert_int_eq(line, 8);
    ck_assert_int_eq(col, 18);
    ck_assert(rf_template_cell_pos(t, 3, 4, &line, &col));
    ck_assert_int_eq(line, 9);
    ck_assert_int_eq(col, 1);
    ck_assert(rf_template_cell_pos(t, 8, 5, &line, &col));
    ck_assert_int_eq(line, 10);
    ck_assert_int_eq(col, 22);
    ck_assert(!rf_template_cell_pos(t, 9, 0, &line, &col));
    ck_assert_int_eq(line, 0);
    ck_assert_int_eq(col, 0);
    ck_assert(!rf_template_cell_pos(t, 0, -1, NULL, NULL));
}
END_TEST

/* ---- missing attributes, one case per object, condition and action type ---- */

#define MROOM                                                                                      \
    "<roomdb>\n<room name=\"r\" width=\"5\" height=\"3\">"                                         \
    "<row text=\"##D##\"/><row text=\"d.1.d\"/><row text=\"##D##\"/>"                              \
    "<lever id=\"v\" at=\"1\"/>\n"
#define MEND "\n</room></roomdb>"
#define MSCRIPT(clause)                                                                            \
    MROOM "<script>" clause "<action action_type=\"ticker\" text=\"t\"/></script>" MEND
#define MACT(clause) MROOM "<script>" clause "</script>" MEND

/* Each misses one required attribute (or the position), and nothing else is
 * wrong: exactly one missing-attribute, at the element (line 3, column 1 for
 * objects, 9 for clauses after "<script>"). Types with no required attribute
 * (horde, lever, loot, magicBlocker, monster, trap; entered, exited) load
 * clean without any. */
static const struct {
    const char *xml;
    int col; /* 0: no diagnostic expected */
} missing_cases[] = {
    {MROOM "<clock x=\"1\" y=\"1\" png=\"c.png\"/>" MEND, 1},              /* initial */
    {MROOM "<clock x=\"1\" y=\"1\" initial=\"3\"/>" MEND, 1},              /* png */
    {MROOM "<customBlocker x=\"1\" y=\"1\"/>" MEND, 1},                     /* png */
    {MROOM "<customBreakable x=\"1\" y=\"1\" png=\"b.png\"/>" MEND, 1},     /* broken */
    {MROOM "<customBreakable x=\"1\" y=\"1\" broken=\"b.png\"/>" MEND, 1},  /* png */
    {MROOM "<customEngraving x=\"1\" y=\"1\"/>" MEND, 1},                   /* png */
    {MROOM "<element x=\"1\" y=\"1\"/>" MEND, 1},                           /* type */
    {MROOM "<pedestal x=\"1\" y=\"1\" name=\"p\"/>" MEND, 1},               /* text */
    {MROOM "<pedestal x=\"1\" y=\"1\" text=\"p\"/>" MEND, 1},               /* name */
    {MROOM "<horde x=\"1\" y=\"1\"/><lever x=\"3\" y=\"1\"/><loot x=\"1\" y=\"1\" type=\"gold\"/>"
           "<magicBlocker x=\"1\" y=\"1\"/><monster x=\"1\" y=\"1\"/><trap x=\"1\" y=\"1\"/>" MEND,
     0},
    {MSCRIPT("<condition condition_type=\"activated\"/>"), 9},          /* id */
    {MSCRIPT("<condition condition_type=\"activated_changed\"/>"), 9},  /* id */
    {MSCRIPT("<condition condition_type=\"at\" at=\"1\"/>"), 9},         /* id */
    {MSCRIPT("<condition condition_type=\"at\" id=\"v\"/>"), 9},         /* at or x, y */
    {MSCRIPT("<condition condition_type=\"event\" id=\"v\"/>"), 9},      /* event_type */
    {MSCRIPT("<condition condition_type=\"event\" event_type=\"hit\"/>"), 9}, /* id */
    {MSCRIPT("<condition condition_type=\"isAlive\"/>"), 9},            /* id */
    {MSCRIPT("<condition condition_type=\"isDead\"/>"), 9},             /* id */
    {MSCRIPT("<condition condition_type=\"started\"/>"), 9},            /* id */
    {MSCRIPT("<condition condition_type=\"stopped\"/>"), 9},            /* id */
    {MSCRIPT("<condition condition_type=\"entered\"/><condition condition_type=\"exited\"/>"), 0},
    {MACT("<action action_type=\"create\" at=\"1\"/>"), 9},               /* create_type */
    {MACT("<action action_type=\"create\" create_type=\"monster\"/>"), 9}, /* at or x, y */
    {MACT("<action action_type=\"move\" at=\"1\"/>"), 9},                 /* id */
    {MACT("<action action_type=\"move\" id=\"v\"/>"), 9},                 /* at or x, y */
    {MACT("<action action_type=\"remove\"/>"), 9},                        /* id */
    {MACT("<action action_type=\"set\" id=\"v\" set_type=\"passable\"/>"), 9}, /* value */
    {MACT("<action action_type=\"set\" id=\"v\" value=\"1\"/>"), 9},          /* set_type */
    {MACT("<action action_type=\"set\" set_type=\"passable\" value=\"1\"/>"), 9}, /* id */
    {MACT("<action action_type=\"spell\"/>"), 9},                         /* casts */
    {MACT("<action action_type=\"ticker\"/>"), 9},                        /* text */
    {MACT("<action action_type=\"trigger\"/>"), 9},                       /* text */
    {MSCRIPT("<condition id=\"v\"/>"), 9},                                 /* condition_type */
    {MACT("<action id=\"v\"/>"), 9},                                       /* action_type */
};
#define NMISSING ((int)(sizeof missing_cases / sizeof missing_cases[0]))

START_TEST(each_type_reports_its_missing_attributes)
{
    rf_status st = rf_template_set_load_buffer(set, "missing.xml", missing_cases[_i].xml,
                                               strlen(missing_cases[_i].xml), d);
    if (rf_diags_count(d) != (missing_cases[_i].col ? 1u : 0u)) {
        fprintf(stderr, "case %d:\n", _i);
        dump();
    }
    if (missing_cases[_i].col == 0) {
        ck_assert_int_eq(st, RF_OK);
        ck_assert_uint_eq(rf_diags_count(d), 0);
        return;
    }
    ck_assert_int_eq(st, RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "missing-attribute");
    ck_assert_int_eq(rf_diags_at(d, 0)->line, 3);
    ck_assert_int_eq(rf_diags_at(d, 0)->col, missing_cases[_i].col);
}
END_TEST

/* ---- rooms built in memory ---- */

typedef struct text {
    char *buf;
    size_t len, cap;
} text;

static void put(text *t, const char *fmt, ...) RF_PRINTF(2, 3);
static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    ck_assert_int_ge(n, 0);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = (t->len + (size_t)n + 1) * 2;
        t->buf = realloc(t->buf, t->cap);
        ck_assert_ptr_nonnull(t->buf);
    }
    va_start(ap, fmt);
    vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

/* A 255x255 hall (doors top and bottom) holding nobjects monsters, each with
 * id "m<i % distinct>", and one script whose conditions name each id. */
static void big_room(text *t, int nobjects, int distinct, int nclauses)
{
    int x, y, i;
    put(t, "<roomdb>\n<room name=\"Huge Hall\" width=\"255\" height=\"255\">\n");
    for (y = 0; y < 255; y++) {
        put(t, "<row text=\"");
        for (x = 0; x < 255; x++) {
            char ch = '.';
            if (x == 0 || x == 254 || y == 0 || y == 254)
                ch = '#';
            if (x == 127 && (y == 0 || y == 254))
                ch = 'D';
            put(t, "%c", ch);
        }
        put(t, "\"/>\n");
    }
    for (i = 0; i < nobjects; i++)
        put(t, "<monster name=\"Bat\" id=\"m%d\" x=\"%d\" y=\"%d\"/>\n", i % distinct, 1 + i % 253,
            1 + (i / 253) % 253);
    if (nclauses > 0) {
        put(t, "<script>\n");
        for (i = 0; i < nclauses; i++)
            put(t, "<condition condition_type=\"isAlive\" id=\"m%d\"/>\n", i % distinct);
        put(t, "<action action_type=\"ticker\" text=\"all alive\"/>\n</script>\n");
    }
    put(t, "</room>\n</roomdb>\n");
}

START_TEST(many_objects_with_unique_ids_are_clean)
{
    text t = {NULL, 0, 0};
    big_room(&t, RF_TEMPLATE_MAX_OBJECTS, RF_TEMPLATE_MAX_OBJECTS, RF_TEMPLATE_MAX_CLAUSES);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "huge.xml", t.buf, t.len, d), RF_OK);
    if (rf_diags_count(d))
        dump();
    ck_assert_uint_eq(rf_diags_count(d), 0);
    free(t.buf);
}
END_TEST

START_TEST(many_shared_ids_report_each_duplicate)
{
    text t = {NULL, 0, 0};
    rf_diags_set_file_cap(d, 0);
    big_room(&t, RF_TEMPLATE_MAX_OBJECTS, 100, 0);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "dups.xml", t.buf, t.len, d), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), RF_TEMPLATE_MAX_OBJECTS - 100);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "duplicate-id");
    free(t.buf);
}
END_TEST

/* Without the id index (lost to memory) the checks scan linearly and report
 * the same diagnostics. */
START_TEST(id_index_lost_to_memory_gives_the_same_diagnostics)
{
    text t = {NULL, 0, 0};
    rf_diags *d2 = rf_diags_new();
    size_t errors, i;
    ck_assert_ptr_nonnull(d2);
    rf_diags_set_file_cap(d, 0);
    rf_diags_set_file_cap(d2, 0);
    /* 200 objects, ids shared by pairs; a clause names an id nobody has. */
    big_room(&t, 200, 100, 3);
    ck_assert_ptr_nonnull(strstr(t.buf, "id=\"m2\"/>\n<action"));
    memcpy(strstr(t.buf, "id=\"m2\"/>\n<action"), "id=\"zz\"", 7);
    ck_assert(rf_diags_enable(d, "duplicate-id", false)); /* keep the room */
    ck_assert(rf_diags_enable(d, "unknown-id", false));
    ck_assert_int_eq(rf_template_set_load_buffer(set, "pairs.xml", t.buf, t.len, d), RF_OK);
    ck_assert_uint_eq(rf_template_set_count(set), 1);
    errors = rf_template_check(rf_template_set_at(set, 0), d2);
    ck_assert_uint_eq(errors, 101);
    rf_alloc_fail_after(1);
    ck_assert_uint_eq(rf_template_check(rf_template_set_at(set, 0), d2), errors);
    rf_alloc_fail_after(0);
    ck_assert_uint_eq(rf_diags_count(d2), 2 * errors);
    for (i = 0; i < errors; i++) {
        const rf_diag *a = rf_diags_at(d2, i), *b = rf_diags_at(d2, errors + i);
        ck_assert_str_eq(a->code, b->code);
        ck_assert_int_eq(a->line, b->line);
        ck_assert_int_eq(a->col, b->col);
    }
    rf_diags_free(d2);
    free(t.buf);
}
END_TEST

/* ---- the parts no door reaches (issue 28.3) ---- */

/* Every part warning of the rooms in the shapes real designers draw
 * (tests/data/real_shapes/rooms), worked out by hand from their maps. */
static const struct {
    const char *room, *code, *message;
} part_cases[] = {
    /* a closet behind a wall, its loot lost */
    {"Sealed Closet", "unreachable-part",
     "cells x 8-9, y 4-5 (4 cells) are reached by no door; a level walls them, and with them: "
     "loot at 8,5"},
    /* the pocket is far larger than the door's side */
    {"Big Pocket", "unreachable-part",
     "cells x 1-10, y 1-7 (64 cells) are reached by no door; a level walls them"},
    {"Diagonal Pass", "diagonal-only-part",
     "cells x 5-8, y 4-6 (12 cells) are reached only by a diagonal step from the part a door "
     "reaches; levels connect by 4-neighbour steps, so a level walls them, and with them: "
     "monster at 7,5"},
    /* water reached diagonally, and a floor cell reached diagonally from the water alone */
    {"Drowned Nook", "diagonal-only-part",
     "cells x 10-11, y 4-6 (5 cells) are reached only by a diagonal step from the part a door "
     "reaches; levels connect by 4-neighbour steps, so a level walls them"},
    {"Drowned Nook", "diagonal-only-part",
     "cell x 9, y 5 (1 cell) is reached only by diagonal steps, through other parts no door "
     "reaches; levels connect by 4-neighbour steps, so a level walls it"},
    /* ids named, objects of the door's part not */
    {"Lever Vault", "unreachable-part",
     "cells x 7-9, y 1-3 (9 cells) are reached by no door; a level walls them, and with them: "
     "lever 'gate' at 8,2, monster at 9,3"},
    {"Diagonal Chain", "diagonal-only-part",
     "cell x 3, y 3 (1 cell) is reached only by a diagonal step from the part a door reaches; "
     "levels connect by 4-neighbour steps, so a level walls it, and with it: loot at 3,3"},
    {"Diagonal Chain", "diagonal-only-part",
     "cell x 4, y 4 (1 cell) is reached only by diagonal steps, through other parts no door "
     "reaches; levels connect by 4-neighbour steps, so a level walls it"},
    {"Diagonal Chain", "diagonal-only-part",
     "cells x 5-6, y 5 (2 cells) are reached only by diagonal steps, through other parts no "
     "door reaches; levels connect by 4-neighbour steps, so a level walls them, and with them: "
     "monster 'imp' at 6,5"},
};
#define NPART_CASES ((int)(sizeof part_cases / sizeof part_cases[0]))
/* crosses, four doors, pillars, two doors on one side: every cell reached */
static const char *const partless_rooms[] = {"Cross Shrine", "Four Gates", "Great Hall 40x20",
                                             "Wide Entrance"};

static bool is_part_code(const char *code)
{
    return strcmp(code, "unreachable-part") == 0 || strcmp(code, "diagonal-only-part") == 0;
}

/* How many part warnings d holds at room t's '<'. */
static size_t parts_at(const rf_template *t)
{
    size_t i, n = 0;
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        n += is_part_code(g->code) && g->line == rf_template_line(t) &&
             g->col == rf_template_col(t) && strcmp(g->file, rf_template_file(t)) == 0;
    }
    return n;
}

START_TEST(each_part_no_door_reaches_is_named_with_its_objects)
{
    const char *room = part_cases[_i].room;
    const rf_template *t;
    size_t i, same = 0, want = 0, seen = 0;
    int k;
    ck_assert_int_eq(rf_template_set_load_path(set, RF_TEST_DATA "/real_shapes/rooms", d), RF_OK);
    t = rf_template_set_find(set, room);
    ck_assert_ptr_nonnull(t);
    for (k = 0; k < NPART_CASES; k++)
        want += strcmp(part_cases[k].room, room) == 0;
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        if (!is_part_code(g->code) || g->line != rf_template_line(t))
            continue;
        seen++;
        ck_assert_int_eq(g->severity, RF_SEV_WARNING);
        ck_assert_int_eq(g->col, rf_template_col(t));
        if (strcmp(g->code, part_cases[_i].code) == 0 &&
            strcmp(g->message, part_cases[_i].message) == 0)
            same++;
    }
    if (same != 1 || seen != want)
        dump();
    ck_assert_uint_eq(same, 1);
    ck_assert_uint_eq(seen, want); /* one warning per part, no more */
    ck_assert_uint_eq(parts_at(t), want);
}
END_TEST

START_TEST(a_room_whose_doors_reach_every_cell_has_no_part_warning)
{
    size_t i, n = 0;
    ck_assert_int_eq(rf_template_set_load_path(set, RF_TEST_DATA "/real_shapes/rooms", d), RF_OK);
    for (i = 0; i < sizeof partless_rooms / sizeof partless_rooms[0]; i++) {
        const rf_template *t = rf_template_set_find(set, partless_rooms[i]);
        ck_assert_ptr_nonnull(t);
        ck_assert_uint_eq(parts_at(t), 0);
    }
    for (i = 0; i < rf_diags_count(d); i++) /* and the pack's warnings are the parts' alone */
        n += is_part_code(rf_diags_at(d, i)->code);
    ck_assert_uint_eq(n, rf_diags_count(d));
    ck_assert_uint_eq(n, NPART_CASES);
}
END_TEST

/* Loads xml as one room and returns how many part warnings it drew. */
static size_t parts_of(const char *xml, rf_status want)
{
    size_t i, n = 0;
    ck_assert_int_eq(rf_template_set_load_buffer(set, "p.xml", xml, strlen(xml), d), want);
    for (i = 0; i < rf_diags_count(d); i++)
        n += is_part_code(rf_diags_at(d, i)->code);
    return n;
}

static bool has_code(const char *code)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++)
        if (strcmp(rf_diags_at(d, i)->code, code) == 0)
            return true;
    return false;
}

/* A room without doors is no-doors alone: its parts are not counted one by one. */
START_TEST(a_doorless_room_warns_no_doors_and_no_part)
{
    static const char xml[] = "<roomdb><room name=\"Shut\"><row text=\"######\"/>"
                              "<row text=\"#..#.#\"/><row text=\"######\"/>"
                              "<loot type=\"gold\" x=\"4\" y=\"1\"/></room></roomdb>";
    static const char door[] = "<roomdb><room name=\"Shut\"><row text=\"#D####\"/>"
                               "<row text=\"#..#.#\"/><row text=\"######\"/>"
                               "<loot type=\"gold\" x=\"4\" y=\"1\"/></room></roomdb>";
    ck_assert_uint_eq(parts_of(xml, RF_OK), 0);
    ck_assert(has_code("no-doors"));
    ck_assert_uint_eq(rf_diags_count(d), 1);
    /* the same map with a door: the cell with the loot is a sealed part */
    rf_diags_clear(d);
    ck_assert_uint_eq(parts_of(door, RF_OK), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->message, "cell x 4, y 1 (1 cell) is reached by no door; "
                                                 "a level walls it, and with it: loot at 4,1");
}
END_TEST

/* A door that opens onto wall is door-blocked; its room is not cut into parts. */
START_TEST(a_blocked_door_draws_no_part_warning)
{
    static const char xml[] = "<roomdb><room name=\"Stuck\"><row text=\"#D###\"/>"
                              "<row text=\"###.#\"/><row text=\"#...#\"/>"
                              "<row text=\"#####\"/></room></roomdb>";
    static const char open[] = "<roomdb><room name=\"Stuck\"><row text=\"#D###\"/>"
                               "<row text=\"#.#.#\"/><row text=\"#.#.#\"/>"
                               "<row text=\"#####\"/></room></roomdb>";
    ck_assert_uint_eq(parts_of(xml, RF_ERR_CONTENT), 0);
    ck_assert(has_code("door-blocked"));
    /* opened behind its door, the room's other column is a sealed part */
    rf_diags_clear(d);
    ck_assert_uint_eq(parts_of(open, RF_OK), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "unreachable-part");
}
END_TEST

/* An anchor no at= names is wall, in lint as in the placer: the cell behind
 * it is sealed; a Lua room keeps every digit floor, and so the cell. */
START_TEST(an_unused_anchor_walls_what_lies_behind_it)
{
    static const char xml[] = "<roomdb><room name=\"Gate\"><row text=\"#D#\"/>"
                              "<row text=\"#.#\"/><row text=\"#5#\"/><row text=\"#.#\"/>"
                              "<row text=\"###\"/></room></roomdb>";
    static const char lua[] = "<roomdb><room name=\"Gate\"><row text=\"#D#\"/>"
                              "<row text=\"#.#\"/><row text=\"#5#\"/><row text=\"#.#\"/>"
                              "<row text=\"###\"/><script lang=\"lua\">x = 1</script>"
                              "</room></roomdb>";
    ck_assert_uint_eq(parts_of(xml, RF_OK), 1);
    ck_assert(has_code("anchor-unused"));
    ck_assert(has_code("unreachable-part"));
    ck_assert_str_eq(rf_diags_at(d, rf_diags_count(d) - 1)->message,
                     "cell x 1, y 3 (1 cell) is reached by no door; a level walls it");
    rf_diags_clear(d);
    rf_template_set_free(set);
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(set);
    ck_assert_uint_eq(parts_of(lua, RF_OK), 0);
}
END_TEST

START_TEST(disabled_part_codes_report_nothing)
{
    ck_assert(rf_diags_enable(d, "unreachable-part", false));
    ck_assert(rf_diags_enable(d, "diagonal-only-part", false));
    ck_assert_int_eq(rf_template_set_load_path(set, RF_TEST_DATA "/real_shapes/rooms", d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    /* one code back on: its warnings alone (Sealed Closet, Big Pocket, Lever Vault) */
    ck_assert(rf_diags_enable(d, "unreachable-part", true));
    rf_template_set_free(set);
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(set);
    ck_assert_int_eq(rf_template_set_load_path(set, RF_TEST_DATA "/real_shapes/rooms", d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 3);
    ck_assert(has_code("unreachable-part"));
    ck_assert(!has_code("diagonal-only-part"));
}
END_TEST

/* A part holding more objects than a message holds lists the first ones in
 * document order and counts the rest; the message stays whole. */
START_TEST(a_part_with_many_objects_counts_the_ones_it_cannot_list)
{
    text t = {NULL, 0, 0};
    const rf_diag *g;
    int i, listed = 0;
    const char *p;
    char more[64];
    put(&t, "<roomdb><room name=\"Hoard\"><row text=\"#D#####\"/><row text=\"#.#...#\"/>"
            "<row text=\"#.#...#\"/><row text=\"#######\"/>");
    for (i = 0; i < 300; i++)
        put(&t, "<loot id=\"coin%d\" type=\"gold\" x=\"%d\" y=\"%d\"/>", i, 3 + i % 3,
            1 + (i / 3) % 2);
    put(&t, "</room></roomdb>");
    ck_assert_int_eq(rf_template_set_load_buffer(set, "hoard.xml", t.buf, t.len, d), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    g = rf_diags_at(d, 0);
    ck_assert_str_eq(g->code, "unreachable-part");
    ck_assert_ptr_nonnull(strstr(g->message, "and with them: loot 'coin0' at 3,1, loot 'coin1' "
                                             "at 4,1, loot 'coin2' at 5,1, loot 'coin3' at 3,2"));
    for (p = g->message; (p = strstr(p, "loot 'coin")) != NULL; p++)
        listed++;
    ck_assert_int_gt(listed, 10);
    ck_assert_int_lt(listed, 300);
    snprintf(more, sizeof more, ", and %d more objects", 300 - listed);
    ck_assert_ptr_nonnull(strstr(g->message, more));
    ck_assert_str_eq(g->message + strlen(g->message) - strlen(more), more);
    free(t.buf);
}
END_TEST

/* With memory short the parts are not reported, and nothing leaks (the
 * sanitized build checks). The room has few ids: the parts' arrays are the
 * check's only allocations. */
START_TEST(parts_lost_to_memory_report_nothing_and_leak_nothing)
{
    rf_diags *d2 = rf_diags_new();
    const rf_template *t;
    long k;
    ck_assert_ptr_nonnull(d2);
    ck_assert_int_eq(rf_template_set_load_path(set, RF_TEST_DATA "/real_shapes/rooms", d), RF_OK);
    t = rf_template_set_find(set, "Diagonal Chain");
    ck_assert_ptr_nonnull(t);
    for (k = 1; k <= 4; k++) { /* its four arrays, each lost in turn */
        rf_diags_clear(d2);
        rf_alloc_fail_after(k);
        ck_assert_uint_eq(rf_template_check(t, d2), 0);
        rf_alloc_fail_after(0);
        ck_assert_uint_eq(rf_diags_count(d2), 0);
    }
    rf_diags_clear(d2);
    ck_assert_uint_eq(rf_template_check(t, d2), 0);
    ck_assert_uint_eq(rf_diags_count(d2), 3);
    rf_diags_free(d2);
}
END_TEST

/* ---- the type tables ---- */

START_TEST(tables_know_every_builtin_type)
{
    static const char *const conds[] = {
        "activated", "activated_changed", "at",     "entered", "event",
        "exited",    "isalive",           "isdead", "started", "stopped"};
    static const char *const acts[] = {"create", "move",   "remove", "set",
                                       "spell",  "ticker", "trigger"};
    size_t i;
    for (i = 0; i < sizeof conds / sizeof conds[0]; i++)
        ck_assert_ptr_nonnull(rf_script_condition_spec(conds[i]));
    for (i = 0; i < sizeof acts / sizeof acts[0]; i++)
        ck_assert_ptr_nonnull(rf_script_action_spec(acts[i]));
    ck_assert_ptr_null(rf_script_condition_spec("create"));
    ck_assert_ptr_null(rf_script_action_spec("isalive"));
    ck_assert_ptr_null(rf_script_condition_spec(NULL));
    ck_assert_ptr_nonnull(rf_script_condition_at(9));
    ck_assert_ptr_null(rf_script_condition_at(10));
    ck_assert_ptr_nonnull(rf_script_action_at(6));
    ck_assert_ptr_null(rf_script_action_at(7));
    for (i = 0; i < RF_OBJ_COUNT; i++)
        ck_assert_int_eq(rf_script_object_spec((rf_object_type)i)->type, (int)i);
    ck_assert_ptr_null(rf_script_object_spec(RF_OBJ_COUNT));
}
END_TEST

START_TEST(defaults_follow_design)
{
    const rf_clause_spec *c = rf_script_condition_spec("activated_changed");
    const rf_attr_spec *a = rf_script_attr_spec(c->attrs, c->nattrs, "notfound");
    ck_assert_str_eq(a->fallback, "1");
    c = rf_script_condition_spec("activated");
    ck_assert_str_eq(rf_script_attr_spec(c->attrs, c->nattrs, "notfound")->fallback, "0");
    ck_assert_str_eq(rf_script_attr_spec(c->attrs, c->nattrs, "activated")->fallback, "1");
    c = rf_script_condition_spec("stopped");
    ck_assert_str_eq(rf_script_attr_spec(c->attrs, c->nattrs, "stopped")->fallback, "1");
    a = rf_script_attr_spec(c->attrs, c->nattrs, "id");
    ck_assert(a->required);
    ck_assert_int_eq(a->kind, RF_VALUE_REF);
    ck_assert_ptr_null(rf_script_attr_spec(c->attrs, c->nattrs, "eventtype"));
}
END_TEST

START_TEST(values_are_checked_by_kind)
{
    const rf_clause_spec *sset = rf_script_action_spec("set");
    const rf_clause_spec *ev = rf_script_condition_spec("event");
    const rf_clause_spec *cr = rf_script_action_spec("create");
    const rf_attr_spec *value = rf_script_attr_spec(sset->attrs, sset->nattrs, "value");
    const rf_attr_spec *stype = rf_script_attr_spec(sset->attrs, sset->nattrs, "settype");
    const rf_attr_spec *etype = rf_script_attr_spec(ev->attrs, ev->nattrs, "eventtype");
    const rf_attr_spec *ctype = rf_script_attr_spec(cr->attrs, cr->nattrs, "createtype");
    const rf_attr_spec *pct =
        rf_script_attr_spec(rf_script_object_spec(RF_OBJ_MONSTER)->attrs,
                            rf_script_object_spec(RF_OBJ_MONSTER)->nattrs, "percent");
    int v;
    ck_assert(rf_script_value_ok(value, "0") && rf_script_value_ok(value, "1"));
    ck_assert(!rf_script_value_ok(value, "2") && !rf_script_value_ok(value, "") &&
              !rf_script_value_ok(value, "10") && !rf_script_value_ok(value, "true"));
    ck_assert(rf_script_value_ok(stype, "passable") && rf_script_value_ok(stype, "Stopped"));
    ck_assert(!rf_script_value_ok(stype, "pass") && !rf_script_value_ok(stype, "passable|"));
    ck_assert(rf_script_value_ok(etype, "hit") && rf_script_value_ok(etype, "BROKEN"));
    ck_assert(!rf_script_value_ok(etype, "kicked"));
    ck_assert(rf_script_value_ok(ctype, "customBlocker") && rf_script_value_ok(ctype, "lever"));
    ck_assert(!rf_script_value_ok(ctype, "dragon"));
    ck_assert(rf_script_value_ok(pct, "0") && rf_script_value_ok(pct, "100"));
    ck_assert(!rf_script_value_ok(pct, "101") && !rf_script_value_ok(pct, "-1") &&
              !rf_script_value_ok(pct, "5x") && !rf_script_value_ok(pct, "99999999999999999999"));
    ck_assert(rf_script_parse_int("-32768", RF_SCRIPT_COORD_MIN, RF_SCRIPT_COORD_MAX, &v));
    ck_assert_int_eq(v, -32768);
    ck_assert(!rf_script_parse_int("+", 0, 10, &v) && !rf_script_parse_int(" 1", 0, 10, &v));
    ck_assert_int_eq(rf_script_parse_anchor("7"), 7);
    ck_assert_int_eq(rf_script_parse_anchor("12"), -1);
    ck_assert_int_eq(rf_script_parse_anchor("a"), -1);
    ck_assert_int_eq(rf_script_parse_anchor(NULL), -1);
}
END_TEST

static Suite *check_suite(void)
{
    Suite *s = suite_create("check");
    TCase *tc = tcase_create("fixtures");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, fixture_gives_exactly_its_diagnostic, 0, NFIXTURES);
    tcase_add_test(tc, every_check_code_has_a_fixture);
    tcase_add_test(tc, clean_room_has_no_diagnostics);
    tcase_add_test(tc, disabled_error_does_not_skip_the_room);
    tcase_add_test(tc, lua_script_may_use_any_anchor);
    tcase_add_test(tc, lua_room_door_may_open_onto_an_anchor);
    tcase_add_test(tc, unknown_id_suggests_the_id_meant);
    tcase_add_test(tc, wall_thin_is_off_by_default);
    tcase_add_loop_test(tc, cell_diagnostics_point_at_the_exact_character, 0, NCELL_CASES);
    tcase_add_test(tc, cell_positions_follow_the_file);
    tcase_add_loop_test(tc, each_type_reports_its_missing_attributes, 0, NMISSING);
    suite_add_tcase(s, tc);
    tc = tcase_create("limits");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, many_objects_with_unique_ids_are_clean);
    tcase_add_test(tc, many_shared_ids_report_each_duplicate);
    tcase_add_test(tc, id_index_lost_to_memory_gives_the_same_diagnostics);
    suite_add_tcase(s, tc);
    tc = tcase_create("parts");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, each_part_no_door_reaches_is_named_with_its_objects, 0, NPART_CASES);
    tcase_add_test(tc, a_room_whose_doors_reach_every_cell_has_no_part_warning);
    tcase_add_test(tc, a_doorless_room_warns_no_doors_and_no_part);
    tcase_add_test(tc, a_blocked_door_draws_no_part_warning);
    tcase_add_test(tc, an_unused_anchor_walls_what_lies_behind_it);
    tcase_add_test(tc, disabled_part_codes_report_nothing);
    tcase_add_test(tc, a_part_with_many_objects_counts_the_ones_it_cannot_list);
    tcase_add_test(tc, parts_lost_to_memory_report_nothing_and_leak_nothing);
    suite_add_tcase(s, tc);
    tc = tcase_create("tables");
    tcase_add_test(tc, tables_know_every_builtin_type);
    tcase_add_test(tc, defaults_follow_design);
    tcase_add_test(tc, values_are_checked_by_kind);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(check_suite)
