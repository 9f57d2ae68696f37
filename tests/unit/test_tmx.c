/* tests/unit/test_tmx.c: unit tests for the Tiled conversion
 * (engine/src/load/tmx_*.c, roomforge/tmx.h): the tileset, a room to a map
 * and back, hostile maps as diagnostics at file:line:col, memory faults.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/seam.h"
#include "rf_test.h"
#include "roomforge/pack.h"
#include "roomforge/tmx.h"

#define DATA RF_TEST_DATA "/tmx/"

/* The text f wrote (a memstream), NUL-terminated; free() it. */
typedef struct mem {
    char *s;
    size_t n;
    FILE *f;
} mem;

static void mem_open(mem *m)
{
    m->s = NULL;
    m->n = 0;
    m->f = open_memstream(&m->s, &m->n);
    ck_assert_ptr_nonnull(m->f);
}

static char *mem_close(mem *m)
{
    ck_assert_int_eq(fclose(m->f), 0);
    return m->s;
}

/* The room called name of the fixture file, in the conversion's model. */
static rf_tmx_room *fixture_room(const char *file, const char *name)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_tmx_room *r = NULL;
    const rf_template *t;
    ck_assert_int_eq(rf_template_set_load_file(set, file, d), RF_OK);
    t = rf_template_set_find(set, name);
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(rf_tmx_room_from_template(t, d, &r), RF_OK);
    ck_assert_int_eq(rf_diags_errors(d), 0);
    rf_diags_free(d);
    rf_template_set_free(set);
    return r;
}

static char *rooms_xml(const rf_tmx_room *r)
{
    mem m;
    mem_open(&m);
    ck_assert_int_eq(rf_tmx_write_rooms(&r, 1, m.f), RF_OK);
    return mem_close(&m);
}

static char *tmx_of(const rf_tmx_room *r)
{
    rf_tmx_opts o;
    mem m;
    rf_tmx_opts_init(&o);
    mem_open(&m);
    ck_assert_int_eq(rf_tmx_room_write_tmx(r, &o, m.f), RF_OK);
    return mem_close(&m);
}

START_TEST(tileset_has_every_symbol_and_no_space)
{
    static const char symbols[] = "#.WLIGDdSs!XP@^i0123456789";
    size_t i;
    ck_assert_uint_eq(rf_tmx_glyph_count(), 94);
    ck_assert_int_eq(rf_tmx_glyph_at(0), '#');
    ck_assert_int_eq(rf_tmx_glyph_at(94), '\0');
    for (i = 0; symbols[i]; i++)
        ck_assert_int_eq(rf_tmx_glyph_at(i), symbols[i]);
    for (i = 0; i < rf_tmx_glyph_count(); i++)
        ck_assert(rf_tmx_glyph_at(i) > ' ' && rf_tmx_glyph_at(i) <= '~');
}
END_TEST

START_TEST(room_goes_to_a_map_and_back_the_same)
{
    rf_tmx_room *r = fixture_room(DATA "rich.xml", "Tiled & Back"), *back = NULL;
    char *xml = rooms_xml(r), *tmx = tmx_of(r), *xml2;
    rf_diags *d = rf_diags_new();
    ck_assert_int_eq(rf_tmx_room_load_buffer("rich.tmx", tmx, strlen(tmx), d, &back), RF_OK);
    ck_assert_uint_eq(rf_diags_count(d), 0);
    ck_assert_str_eq(rf_tmx_room_name(back), "Tiled & Back");
    xml2 = rooms_xml(back);
    ck_assert_str_eq(xml2, xml);
    /* what the layout promises: the map as rows, objects, then the rest */
    ck_assert_ptr_nonnull(strstr(xml, "<room name=\"Tiled &amp; Back\" width=\"9\" height=\"7\""));
    ck_assert_ptr_nonnull(strstr(xml, "<row text=\"#..?.?..#\"/>"));
    ck_assert_ptr_nonnull(strstr(xml, "<lever id=\"pull\" x=\"6\" y=\"5\"/>"));
    ck_assert_ptr_nonnull(strstr(xml, "<fountain x=\"2\" y=\"1\" colour=\"blue\"/>"));
    ck_assert_ptr_nonnull(strstr(xml, "<![CDATA["));
    ck_assert_ptr_nonnull(strstr(xml, "<!-- the warden and its seal -->"));
    ck_assert_ptr_nonnull(strstr(tmx, "<data encoding=\"csv\">"));
    ck_assert_ptr_nonnull(strstr(tmx, "name=\"warden\" type=\"monster\""));
    free(xml);
    free(xml2);
    free(tmx);
    rf_diags_free(d);
    rf_tmx_room_free(r);
    rf_tmx_room_free(back);
}
END_TEST

START_TEST(imported_rooms_xml_loads_clean)
{
    rf_tmx_room *r = fixture_room(DATA "rich.xml", "Tiled & Back");
    char *xml = rooms_xml(r);
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    const rf_template *t;
    ck_assert_int_eq(rf_template_set_load_buffer(set, "back.xml", xml, strlen(xml), d), RF_OK);
    t = rf_template_set_find(set, "Tiled & Back");
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(rf_template_object_count(t), 4);
    ck_assert_uint_eq(rf_template_script_count(t), 2);
    ck_assert_int_eq(rf_template_weight(t), 30);
    ck_assert_int_eq(rf_template_weight_at(t, 2), 60);
    ck_assert(rf_template_flags(t)->special);
    ck_assert_int_eq(rf_template_flags(t)->max_level, 9);
    ck_assert(rf_template_varies(t));
    free(xml);
    rf_diags_free(d);
    rf_template_set_free(set);
    rf_tmx_room_free(r);
}
END_TEST

/* A map drawn by a modder: a moved object, a painted cell, a new property. */
START_TEST(edits_in_the_map_reach_rooms_xml)
{
    static const char map[] =
        "<map version=\"1.8\" orientation=\"orthogonal\" width=\"3\" height=\"3\""
        " tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n"
        " <properties><property name=\"room.name\" value=\"Drawn\"/></properties>\n"
        " <tileset firstgid=\"5\" name=\"mine\" tilewidth=\"16\" tileheight=\"16\">\n"
        "  <tile id=\"0\"><properties><property name=\"glyph\" value=\"#\"/></properties></tile>\n"
        "  <tile id=\"1\"><properties><property name=\"glyph\" value=\".\"/></properties></tile>\n"
        " </tileset>\n"
        " <layer id=\"1\" name=\"map\" width=\"3\" height=\"3\"><data encoding=\"csv\">\n"
        "5,5,5,\n5,6,0,\n2147483653,5,5\n</data></layer>\n"
        " <objectgroup id=\"2\"><object id=\"1\" name=\"m\" type=\"monster\" x=\"17\" y=\"18\""
        " width=\"14\" height=\"14\"><properties><property name=\"name\" value=\"Rat\"/>"
        "</properties></object></objectgroup>\n"
        "</map>\n";
    rf_diags *d = rf_diags_new();
    rf_tmx_room *r = NULL;
    char *xml;
    ck_assert_int_eq(rf_tmx_room_load_buffer("drawn.tmx", map, strlen(map), d, &r), RF_OK);
    xml = rooms_xml(r);
    ck_assert_ptr_nonnull(strstr(xml, "<room name=\"Drawn\" width=\"3\" height=\"3\">"));
    ck_assert_ptr_nonnull(strstr(xml, "<row text=\"#. \"/>")); /* 0: outside the room */
    ck_assert_ptr_nonnull(strstr(xml, "<row text=\"###\"/>")); /* a flipped wall is a wall */
    ck_assert_ptr_nonnull(strstr(xml, "<monster name=\"Rat\" id=\"m\" x=\"1\" y=\"1\"/>"));
    free(xml);
    rf_diags_free(d);
    rf_tmx_room_free(r);
}
END_TEST

/* ---- hostile maps: each a diagnostic at its place ---- */

#define HEAD "<map width=\"2\" height=\"1\" tilewidth=\"8\" tileheight=\"8\">\n"
#define TILES                                                                                      \
    " <tileset firstgid=\"1\"><tile id=\"0\"><properties><property name=\"glyph\" "              \
    "value=\"#\"/></properties></tile></tileset>\n"
#define LAYER(w, h, data)                                                                          \
    " <layer name=\"map\" width=\"" #w "\" height=\"" #h "\"><data encoding=\"csv\">" data       \
    "</data></layer>\n"

typedef struct hostile {
    const char *what, *text, *code;
    int line, col;
    rf_status status;
} hostile;

static const hostile hostiles[] = {
    {"not XML", "<map", "xml-syntax", 1, 5, RF_ERR_CONTENT},
    {"a DOCTYPE", "<!DOCTYPE map [<!ENTITY a \"b\">]>\n<map/>", "xml-doctype", 1, 1,
     RF_ERR_CONTENT},
    {"invalid UTF-8", "<map>\n\xff</map>", "xml-encoding", 2, 1, RF_ERR_CONTENT},
    {"another root", "<roomdb/>", "tmx-map", 1, 1, RF_ERR_CONTENT},
    {"an infinite map", "<map infinite=\"1\" tilewidth=\"8\" tileheight=\"8\"/>", "tmx-map", 1, 1,
     RF_ERR_CONTENT},
    {"no tile size", "<map width=\"2\" height=\"1\"/>", "tmx-map", 1, 1, RF_ERR_CONTENT},
    {"a huge tile", "<map tilewidth=\"99999\" tileheight=\"8\"/>", "tmx-map", 1, 1,
     RF_ERR_CONTENT},
    {"an external tileset", HEAD " <tileset firstgid=\"1\" source=\"x.tsx\"/>\n</map>",
     "tmx-map", 2, 1, RF_ERR_CONTENT},
    {"a glyph of two characters",
     HEAD " <tileset firstgid=\"1\"><tile id=\"0\">\n<properties><property name=\"glyph\" "
          "value=\"##\"/></properties></tile></tileset>\n</map>",
     "tmx-property", 3, 1, RF_ERR_CONTENT},
    {"no tile layer", HEAD TILES "</map>", "tmx-layer", 1, 1, RF_ERR_CONTENT},
    {"a huge layer", HEAD TILES LAYER(100000, 1, "1") "</map>", "tmx-layer", 3, 1,
     RF_ERR_CONTENT},
    {"a layer of no width", HEAD TILES LAYER(0, 1, "") "</map>", "tmx-layer", 3, 1,
     RF_ERR_CONTENT},
    {"base64 data",
     HEAD TILES " <layer width=\"2\" height=\"1\">\n<data encoding=\"base64\">AQAAAA==</data>"
                "</layer>\n</map>",
     "tmx-layer", 4, 1, RF_ERR_CONTENT},
    {"a gid no tile has", HEAD TILES LAYER(2, 1, "1,\n 999") "</map>", "tmx-gid", 4, 2,
     RF_ERR_CONTENT},
    {"a gid past 32 bits", HEAD TILES LAYER(2, 1, "1,99999999999") "</map>", "tmx-gid", 3, 64,
     RF_ERR_CONTENT},
    {"a cell that is no number", HEAD TILES LAYER(2, 1, "1,x") "</map>", "tmx-gid", 3, 64,
     RF_ERR_CONTENT},
    {"a cell with a tail", HEAD TILES LAYER(2, 1, "1,1x") "</map>", "tmx-gid", 3, 64,
     RF_ERR_CONTENT},
    {"too few cells", HEAD TILES LAYER(2, 1, "1") "</map>", "tmx-layer", 3, 63, RF_ERR_CONTENT},
    {"too many cells", HEAD TILES LAYER(2, 1, "1,1,1") "</map>", "tmx-layer", 3, 66,
     RF_ERR_CONTENT},
    {"an object without a type",
     HEAD TILES LAYER(2, 1, "1,1") " <objectgroup>\n<object x=\"0\" y=\"0\"/></objectgroup>\n</map>",
     "tmx-object", 5, 1, RF_ERR_CONTENT},
    {"an object outside the map",
     HEAD TILES LAYER(2, 1, "1,1") " <objectgroup>\n<object type=\"loot\" x=\"80\" y=\"0\"/>"
                                   "</objectgroup>\n</map>",
     "tmx-object", 5, 1, RF_ERR_CONTENT},
    {"an object at no number",
     HEAD TILES LAYER(2, 1, "1,1") " <objectgroup>\n<object type=\"loot\" x=\"nan\" y=\"0\"/>"
                                   "</objectgroup>\n</map>",
     "tmx-object", 5, 1, RF_ERR_CONTENT},
    {"a property that is no attribute name",
     HEAD TILES LAYER(2, 1, "1,1") " <objectgroup><object type=\"loot\" x=\"0\" y=\"0\">\n"
                                   "<properties><property name=\"a b\" value=\"1\"/></properties>"
                                   "</object></objectgroup>\n</map>",
     "tmx-property", 5, 1, RF_ERR_CONTENT},
    {"rooms.xml text that is no XML",
     HEAD " <properties>\n  <property name=\"rooms.xml\">&lt;script&gt;\n&lt;/scrip&gt;"
          "</property>\n </properties>\n" TILES LAYER(2, 1, "1,1") "</map>",
     "xml-syntax", 4, 1, RF_ERR_CONTENT},
    {"a property that does not travel",
     HEAD " <properties><property name=\"colour\" value=\"red\"/></properties>\n" TILES
         LAYER(2, 1, "1,1") "</map>",
     "tmx-ignored", 2, 1, RF_OK},
};

START_TEST(hostile_map_is_a_diagnostic_at_its_place)
{
    const hostile *h = &hostiles[_i];
    rf_diags *d = rf_diags_new();
    rf_tmx_room *r = NULL;
    const rf_diag *g;
    rf_status st = rf_tmx_room_load_buffer("h.tmx", h->text, strlen(h->text), d, &r);
    ck_assert_msg(st == h->status, "%s: status %d", h->what, (int)st);
    ck_assert_msg(rf_diags_count(d) >= 1, "%s: no diagnostic", h->what);
    g = rf_diags_at(d, 0);
    ck_assert_msg(strcmp(g->code, h->code) == 0 && g->line == h->line && g->col == h->col,
                  "%s: got %s at %d:%d (%s)", h->what, g->code, g->line, g->col, g->message);
    ck_assert_str_eq(g->file, "h.tmx");
    ck_assert_msg(rf_diags_count(d) == 1, "%s: %zu diagnostics for one problem", h->what,
                  rf_diags_count(d));
    ck_assert(h->status == RF_OK ? r != NULL : r == NULL);
    rf_tmx_room_free(r);
    rf_diags_free(d);
}
END_TEST

START_TEST(map_over_the_size_limit_is_refused_unread)
{
    rf_diags *d = rf_diags_new();
    rf_tmx_room *r = NULL;
    /* the length alone refuses it: not a byte behind it is read */
    ck_assert_int_eq(rf_tmx_room_load_buffer("big.tmx", "", (size_t)RF_TMX_MAX_BYTES + 1, d, &r),
                     RF_ERR_LIMIT);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "xml-limit");
    ck_assert_int_eq(rf_tmx_room_load_file(DATA "missing.tmx", d, &r), RF_ERR_IO);
    ck_assert_str_eq(rf_diags_at(d, 1)->code, "io-error");
    ck_assert_ptr_null(r);
    rf_diags_free(d);
}
END_TEST

START_TEST(tile_size_out_of_range_is_refused)
{
    rf_tmx_room *r = fixture_room(DATA "rich.xml", "Tiled & Back");
    rf_tmx_opts o;
    rf_tmx_opts_init(&o);
    o.tile = RF_TMX_TILE_MAX + 1;
    ck_assert_int_eq(rf_tmx_room_write_tmx(r, &o, stdout), RF_ERR_ARG);
    rf_tmx_room_free(r);
}
END_TEST

START_TEST(memory_faults_fail_cleanly)
{
    rf_tmx_room *r = fixture_room(DATA "rich.xml", "Tiled & Back");
    char *tmx = tmx_of(r);
    rf_status st = RF_ERR_NOMEM;
    long n;
    for (n = 1; n < 2000 && st == RF_ERR_NOMEM; n++) {
        rf_diags *d = rf_diags_new();
        rf_tmx_room *back = NULL;
        ck_assert_ptr_nonnull(d);
        rf_alloc_fail_after(n);
        st = rf_tmx_room_load_buffer("rich.tmx", tmx, strlen(tmx), d, &back);
        rf_alloc_fail_after(0);
        ck_assert_msg(st == RF_OK || st == RF_ERR_NOMEM, "fault %ld: status %d", n, (int)st);
        ck_assert(st == RF_OK ? back != NULL : back == NULL);
        rf_tmx_room_free(back);
        rf_diags_free(d);
    }
    ck_assert_int_eq(st, RF_OK);
    free(tmx);
    rf_tmx_room_free(r);
}
END_TEST

/* Writes text to path whole. */
static void put_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fputs(text, f) >= 0, 1);
    ck_assert_int_eq(fclose(f), 0);
}

#define ROOM_AT_3                                                                                  \
    "<roomdb>\n\n  <room name=\"Moved\">\n    <row text=\"#D#\"/>\n"                              \
    "    <row text=\"#.#\"/>\n    <row text=\"###\"/>\n  </room>\n</roomdb>\n"

/* The room's file changed between its load and its export: said, not read. */
START_TEST(changed_source_file_is_a_diagnostic)
{
    char path[] = "/tmp/test_tmx_XXXXXX";
    int fd = mkstemp(path);
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_tmx_room *r = NULL;
    ck_assert_int_ne(fd, -1);
    ck_assert_int_eq(close(fd), 0);
    put_file(path, ROOM_AT_3);
    ck_assert_int_ne(rf_template_set_load_file(set, path, d), RF_ERR_IO);
    ck_assert_ptr_nonnull(rf_template_set_find(set, "Moved"));
    put_file(path, "<roomdb>\n\n\n  <room name=\"Moved\"><row text=\"#\"/></room>\n</roomdb>\n");
    ck_assert_int_eq(rf_tmx_room_from_template(rf_template_set_find(set, "Moved"), d, &r),
                     RF_ERR_CONTENT);
    ck_assert_str_eq(rf_diags_at(d, rf_diags_count(d) - 1)->code, "tmx-source");
    ck_assert_int_eq(rf_diags_at(d, rf_diags_count(d) - 1)->line, 3);
    put_file(path, "<roomdb>\n\n  <room name=\"Moved\">\n    <row text=\"#\xc3\xa9#\"/>\n"
                   "  </room>\n</roomdb>\n");
    ck_assert_int_eq(rf_tmx_room_from_template(rf_template_set_find(set, "Moved"), d, &r),
                     RF_ERR_CONTENT);
    ck_assert_str_eq(rf_diags_at(d, rf_diags_count(d) - 1)->code, "tmx-glyph");
    ck_assert_int_eq(rf_diags_at(d, rf_diags_count(d) - 1)->line, 4);
    ck_assert_ptr_null(r);
    ck_assert_int_eq(unlink(path), 0);
    rf_diags_free(d);
    rf_template_set_free(set);
}
END_TEST

static Suite *tmx_suite(void)
{
    Suite *s = suite_create("tmx");
    TCase *tc = tcase_create("convert");
    tcase_add_test(tc, tileset_has_every_symbol_and_no_space);
    tcase_add_test(tc, room_goes_to_a_map_and_back_the_same);
    tcase_add_test(tc, imported_rooms_xml_loads_clean);
    tcase_add_test(tc, edits_in_the_map_reach_rooms_xml);
    suite_add_tcase(s, tc);
    tc = tcase_create("errors");
    tcase_add_loop_test(tc, hostile_map_is_a_diagnostic_at_its_place, 0,
                        (int)(sizeof hostiles / sizeof hostiles[0]));
    tcase_add_test(tc, map_over_the_size_limit_is_refused_unread);
    tcase_add_test(tc, tile_size_out_of_range_is_refused);
    tcase_add_test(tc, changed_source_file_is_a_diagnostic);
    suite_add_tcase(s, tc);
    tc = tcase_create("limits");
    tcase_add_test(tc, memory_faults_fail_cleanly);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(tmx_suite)
