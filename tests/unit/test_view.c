/* tests/unit/test_view.c: the view stage (engine/src/view): format names,
 * argument checks, the glyph table, the text/ansi map against the level, the
 * html page's embedded JSON (escaped for <script>), png limits and
 * allocation failures of every writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "rf_test.h"
#include "roomforge/level.h"
#include "roomforge/template.h"
#include "roomforge/view.h"

/* A room whose name would end a <script> element and open a comment. */
static const char tricky_xml[] =
    "<roomdb><room name=\"A&lt;/script&gt;&lt;!--B\" width=\"5\" height=\"5\">"
    "<row text=\"##D##\"/><row text=\"#...#\"/><row text=\"#...#\"/><row text=\"#...#\"/>"
    "<row text=\"#####\"/><loot type=\"gold\" amount=\"3\" x=\"2\" y=\"2\"/></room></roomdb>";

static rf_template_set *set;
static rf_level *lv;

static rf_level *make(uint64_t seed, int w, int h, const char *forced)
{
    rf_level_opts o;
    rf_level *l = NULL;
    rf_level_opts_init(&o);
    o.seed = seed;
    o.depth = 4;
    o.width = w;
    o.height = h;
    o.templates = set;
    o.rooms = &forced;
    o.nrooms = forced ? 1 : 0;
    ck_assert_int_eq(rf_level_generate(NULL, &o, &l, NULL), RF_OK);
    return l;
}

static void setup(void)
{
    set = rf_template_set_new();
    ck_assert_ptr_nonnull(set);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "tricky.xml", tricky_xml,
                                                 sizeof tricky_xml - 1, NULL),
                     RF_OK);
    lv = make(3, 40, 20, "A</script><!--B");
}

static void teardown(void)
{
    rf_level_free(lv);
    rf_template_set_free(set);
}

/* What rf_view_write prints, NUL-terminated, on the heap. */
static char *written(const rf_level *l, rf_view_format f, const rf_view_opts *o, size_t *len)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&buf, &n);
    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(rf_view_write(l, f, o, out), RF_OK);
    fclose(out);
    if (len)
        *len = n;
    return buf;
}

static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (s = strstr(s, what); s; s = strstr(s + 1, what))
        n++;
    return n;
}

START_TEST(format_names_read_back)
{
    int f;
    rf_view_format got;
    for (f = 0; f < RF_VIEW_FORMAT_COUNT; f++) {
        ck_assert(rf_view_format_parse(rf_view_format_name((rf_view_format)f), &got));
        ck_assert_int_eq(got, f);
    }
    ck_assert(!rf_view_format_parse("xml", &got));
    ck_assert(!rf_view_format_parse(NULL, &got));
    ck_assert_str_eq(rf_view_format_name(RF_VIEW_FORMAT_COUNT), "?");
    ck_assert(rf_view_format_is_binary(RF_VIEW_PNG) && !rf_view_format_is_binary(RF_VIEW_HTML));
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    rf_view_opts o;
    rf_view_opts_init(&o);
    ck_assert_int_eq(o.scale, RF_VIEW_SCALE_DEFAULT);
    o.scale = 0;
    ck_assert_int_eq(rf_view_write(lv, RF_VIEW_PNG, &o, stdout), RF_ERR_ARG);
    o.scale = RF_VIEW_SCALE_MAX + 1;
    ck_assert_int_eq(rf_view_write(lv, RF_VIEW_TEXT, &o, stdout), RF_ERR_ARG);
    ck_assert_int_eq(rf_view_write(lv, RF_VIEW_FORMAT_COUNT, NULL, stdout), RF_ERR_ARG);
    ck_assert_int_eq(rf_view_write(NULL, RF_VIEW_TEXT, NULL, stdout), RF_ERR_ARG);
}
END_TEST

START_TEST(object_glyphs_never_read_as_terrain)
{
    size_t i, n = rf_view_glyph_count();
    rf_tile t;
    rf_placed p;
    for (i = 0; i < n; i++) {
        const rf_view_glyph *g = rf_view_glyph_at(i);
        ck_assert_msg(!rf_tile_from_glyph(g->glyph, &t), "'%c' is a terrain glyph", g->glyph);
        ck_assert(g->legend && *g->legend && g->sgr && *g->sgr);
        ck_assert(g->glyph != '\'' && g->glyph > ' ' && g->glyph < 127);
        ck_assert((g->type == NULL) == (i + 1 == n));
    }
    ck_assert_ptr_null(rf_view_glyph_at(n));
    rf_placed_init(&p, "monster", "ogre", 1, 1, 0);
    ck_assert_int_eq(rf_view_glyph_of(&p)->glyph, 'm');
    p.leader = true;
    ck_assert_int_eq(rf_view_glyph_of(&p)->glyph, 'M');
    rf_placed_init(&p, "trap", "dart", 1, 1, 0);
    ck_assert_int_eq(rf_view_glyph_of(&p)->glyph, '^');
    rf_placed_init(&p, "no such kind", "?", 1, 1, 0);
    ck_assert_int_eq(rf_view_glyph_of(&p)->glyph, '?');
    ck_assert_str_eq(rf_view_tile_legend(RF_TILE_DEEP_WATER), "deep water");
    for (n = 0; n < RF_TILE_COUNT; n++) /* every tile has its row in the table */
        ck_assert_msg(rf_view_tile_legend((rf_tile)n) != NULL, "tile %zu has no row", n);
}
END_TEST

/* Each cell of the text map is the ascii level's, but where an object
 * stands (its glyph) or a template's floor lies ('); the forced room is
 * listed as forced, with its file and line. */
START_TEST(text_draws_objects_over_the_terrain)
{
    const rf_grid *g = rf_level_grid(lv);
    char *text = written(lv, RF_VIEW_TEXT, NULL, NULL), *line = text;
    int x, y, w = rf_grid_width(g), h = rf_grid_height(g), objects = 0, tfloor = 0;
    for (y = 0; y < h; y++) {
        char *end = strchr(line, '\n');
        ck_assert_ptr_nonnull(end);
        ck_assert_int_eq(end - line, w);
        for (x = 0; x < w; x++) {
            char c = line[x], want = rf_tile_glyph(rf_grid_get(g, x, y));
            size_t i;
            bool on = false;
            for (i = 0; i < rf_level_object_count(lv); i++)
                on |= rf_level_object_at(lv, i)->x == x && rf_level_object_at(lv, i)->y == y;
            if (on) {
                objects++;
                ck_assert(c != want || c == '?');
            } else if (c == '\'') {
                tfloor++;
                ck_assert_int_eq(want, '.');
            } else {
                ck_assert_int_eq(c, want);
            }
        }
        line = end + 1;
    }
    ck_assert_int_gt(objects, 0);
    ck_assert_int_gt(tfloor, 0);
    ck_assert_ptr_nonnull(strstr(line, "\nlegend:\n"));
    ck_assert_ptr_nonnull(strstr(line, "  '  floor of a template room\n"));
    ck_assert_ptr_nonnull(strstr(line, "  $  item\n"));
    ck_assert_ptr_nonnull(strstr(line, "templates:\n  A</script><!--B  tricky.xml:1  at "));
    ck_assert_ptr_nonnull(strstr(line, "orientation 0  forced\n"));
    ck_assert_ptr_nonnull(strstr(line, "feelings"));
    free(text);
}
END_TEST

/* ansi is text with colours: the same but for the template floor, which
 * keeps its '.' on a tinted background. */
START_TEST(ansi_is_text_in_colour)
{
    char *text = written(lv, RF_VIEW_TEXT, NULL, NULL), *ansi = written(lv, RF_VIEW_ANSI, NULL, NULL);
    char *p = ansi, *q = ansi, *t;
    ck_assert_ptr_nonnull(strstr(ansi, "\033[0;37m#"));
    ck_assert_ptr_nonnull(strstr(ansi, "48;5;236"));
    while (*p) { /* strip SGR sequences */
        if (*p == '\033') {
            while (*p && *p != 'm')
                p++;
            if (*p)
                p++;
            continue;
        }
        *q++ = *p++;
    }
    *q = '\0';
    for (t = text; *t && strncmp(t, "\nlegend:", 8) != 0; t++)
        if (*t == '\'')
            *t = '.';
    ck_assert(strncmp(ansi, text, (size_t)(t - text)) == 0);
    free(text);
    free(ansi);
}
END_TEST

/* The html page holds the level's JSON in its script element with "</"
 * and "<!--" escaped: the page's four <script> elements close exactly four
 * times, and the page names no outside resource. */
START_TEST(html_embeds_the_json_escaped)
{
    char *html = written(lv, RF_VIEW_HTML, NULL, NULL);
    ck_assert(strncmp(html, "<!DOCTYPE html>", 15) == 0);
    ck_assert_ptr_nonnull(strstr(html, "<script type=\"application/json\" id=\"roomforge-level\">{\"seed\":3,"));
    ck_assert_uint_eq(count(html, "</script>"), 4);
    ck_assert_uint_eq(count(html, "<!--"), 1); /* the page's own file-top comment */
    ck_assert_ptr_nonnull(strstr(html, "A<\\/script>\\u003c!--B"));
    ck_assert_ptr_null(strstr(html, "{{ROOMFORGE_"));
    ck_assert_ptr_null(strstr(html, "http:"));
    ck_assert_ptr_null(strstr(html, "https:"));
    ck_assert_ptr_nonnull(strstr(html, "\"glyph\":\"M\",\"legend\":\"horde leader\""));
    free(html);
}
END_TEST

START_TEST(png_is_refused_past_its_side_limit)
{
    rf_level *wide = make(5, 600, 10, NULL);
    rf_view_opts o;
    size_t n;
    char *png;
    FILE *out = fopen("/dev/null", "wb");
    ck_assert_ptr_nonnull(out);
    rf_view_opts_init(&o);
    o.scale = RF_VIEW_SCALE_MAX; /* 19200 pixels wide */
    ck_assert_int_eq(rf_view_write(wide, RF_VIEW_PNG, &o, out), RF_ERR_LIMIT);
    fclose(out);
    o.scale = 2;
    o.legend = false;
    png = written(wide, RF_VIEW_PNG, &o, &n);
    ck_assert_uint_gt(n, 33);
    ck_assert(memcmp(png, "\x89PNG\r\n\x1a\n", 8) == 0);
    ck_assert(memcmp(png + 16, "\0\0\x04\xb0\0\0\0\x14", 8) == 0); /* IHDR 1200 x 20 */
    free(png);
    o.legend = true; /* the default: the legend's lines under the map, as wide */
    png = written(wide, RF_VIEW_PNG, &o, &n);
    ck_assert(memcmp(png + 16, "\0\0\x04\xb0", 4) == 0);
    ck_assert_int_gt(((unsigned char)png[22] << 8) | (unsigned char)png[23], 20);
    free(png);
    rf_level_free(wide);
}
END_TEST

/* Every writer turns a failed allocation into RF_ERR_NOMEM, and writes in
 * full once memory suffices. */
START_TEST(allocation_failures_return_nomem)
{
    static const rf_view_format fmts[] = {RF_VIEW_TEXT, RF_VIEW_ANSI, RF_VIEW_HTML, RF_VIEW_PNG};
    size_t k;
    for (k = 0; k < sizeof fmts / sizeof fmts[0]; k++) {
        long n;
        for (n = 1; n < 100; n++) {
            FILE *out = fopen("/dev/null", "wb");
            rf_status st;
            ck_assert_ptr_nonnull(out);
            rf_alloc_fail_after(n);
            st = rf_view_write(lv, fmts[k], NULL, out);
            rf_alloc_fail_after(0);
            fclose(out);
            if (st == RF_OK)
                break;
            ck_assert_int_eq(st, RF_ERR_NOMEM);
        }
        ck_assert_int_lt(n, 100);
    }
}
END_TEST

static Suite *view_suite(void)
{
    Suite *s = suite_create("view");
    TCase *tc = tcase_create("formats");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, format_names_read_back);
    tcase_add_test(tc, bad_arguments_are_refused);
    tcase_add_test(tc, object_glyphs_never_read_as_terrain);
    tcase_add_test(tc, text_draws_objects_over_the_terrain);
    tcase_add_test(tc, ansi_is_text_in_colour);
    tcase_add_test(tc, html_embeds_the_json_escaped);
    tcase_add_test(tc, png_is_refused_past_its_side_limit);
    tcase_add_test(tc, allocation_failures_return_nomem);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(view_suite)
