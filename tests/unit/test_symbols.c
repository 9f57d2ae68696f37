/* tests/unit/test_symbols.c: the one table of rooms.xml map symbols
 * (engine/src/load/symbols.c) against DESIGN 3 (the symbols) and DESIGN 6
 * (the walkability of the terrain each becomes), and the anchor digits a
 * room names.
 */
#include <string.h>

#include "load/seam.h"
#include "rf_test.h"
#include "roomforge/diag.h"
#include "roomforge/template_write.h"

/* DESIGN 3, written out: every map symbol of rooms.xml. */
static const char design3[] = "#.WLIGDdSs!X P@^i0123456789";
/* DESIGN 6, written out: the glyphs of walkable terrain ('!' counts as yes). */
static const char design6_walkable[] = ".+*!<>,WIGA=";

static bool in_design3(int c) { return c != '\0' && strchr(design3, c) != NULL; }

START_TEST(every_design_symbol_has_a_row)
{
    size_t k;
    for (k = 0; design3[k]; k++) {
        const rf_symbol *s = rf_symbol_find(design3[k]);
        ck_assert_msg(s != NULL, "no row for '%c'", design3[k]);
        ck_assert_msg(s->legend && *s->legend, "'%c' has no legend", design3[k]);
        ck_assert_str_eq(rf_map_symbol_name(design3[k]), s->legend);
    }
}
END_TEST

START_TEST(rows_hold_only_design_symbols_once)
{
    size_t i, k;
    int seen[256] = {0};
    ck_assert_uint_gt(rf_symbol_count(), 0);
    ck_assert_ptr_null(rf_symbol_at(rf_symbol_count()));
    for (i = 0; i < rf_symbol_count(); i++) {
        const rf_symbol *s = rf_symbol_at(i);
        int c;
        ck_assert(s->first <= s->last);
        for (c = s->first; c <= s->last; c++) {
            ck_assert_msg(in_design3(c), "row for '%c' is no DESIGN 3 symbol", c);
            ck_assert_msg(seen[c]++ == 0, "'%c' has two rows", c);
            ck_assert_ptr_eq(rf_symbol_find((char)c), s);
        }
    }
    for (k = 0; design3[k]; k++)
        ck_assert_int_eq(seen[(unsigned char)design3[k]], 1);
}
END_TEST

START_TEST(unknown_symbols_are_refused)
{
    int c;
    for (c = 0; c < 256; c++) {
        if (in_design3(c))
            continue;
        ck_assert_msg(rf_symbol_find((char)c) == NULL, "byte 0x%02x has a row", c);
        ck_assert_ptr_null(rf_map_symbol_name((char)c));
        ck_assert(!rf_symbol_is_walled((char)c, 0));
    }
}
END_TEST

START_TEST(walkable_agrees_with_design_6)
{
    size_t i;
    for (i = 0; i < rf_symbol_count(); i++) {
        const rf_symbol *s = rf_symbol_at(i);
        char glyph = rf_tile_glyph(s->tile);
        ck_assert_msg(s->walkable == (strchr(design6_walkable, glyph) != NULL),
                      "'%c' becomes '%c' but its row says %s", s->first, glyph,
                      s->walkable ? "walkable" : "not walkable");
        ck_assert(s->walkable == rf_tile_is_walkable(s->tile));
    }
    /* DESIGN 3's words: lava and impassable floor stop a walker, '!' does not */
    ck_assert(!rf_symbol_find('L')->walkable);
    ck_assert(!rf_symbol_find('X')->walkable);
    ck_assert(rf_symbol_find('!')->walkable);
    ck_assert_int_eq(rf_symbol_find(' ')->cls, RF_SYMBOL_OUTSIDE);
}
END_TEST

START_TEST(columns_say_what_design_3_says)
{
    static const rf_tile other[RF_SYMBOL_TERRAINS] = {RF_TILE_DEEP_WATER, RF_TILE_CHASM,
                                                     RF_TILE_SHALLOW_WATER, RF_TILE_ACID};
    static const rf_tile plain[RF_SYMBOL_TERRAINS] = {RF_TILE_WATER, RF_TILE_LAVA, RF_TILE_ICE,
                                                     RF_TILE_GOO};
    static const char terrain[] = "WLIG";
    int k, c;
    size_t i;
    bool decor[RF_SYMBOL_DECORS] = {false, false, false};
    /* W L I G go through the profile's terrain map, in that slot order */
    for (k = 0; k < RF_SYMBOL_TERRAINS; k++) {
        const rf_symbol *s = rf_symbol_find(terrain[k]);
        ck_assert_int_eq(s->cls, RF_SYMBOL_TERRAIN);
        ck_assert_int_eq(s->terrain, k);
        ck_assert_int_eq(s->tile, plain[k]);
        ck_assert_int_eq(rf_symbol_tile(terrain[k], other), other[k]);
    }
    ck_assert_int_eq(rf_symbol_tile('!', other), RF_TILE_BREAKABLE);
    ck_assert_int_eq(rf_symbol_tile('X', other), RF_TILE_IMPASSABLE);
    ck_assert_int_eq(rf_symbol_tile('.', other), RF_TILE_FLOOR);
    ck_assert_int_eq(rf_symbol_tile('7', other), RF_TILE_FLOOR);
    /* walls, P and door centres are drawn as wall; an anchor only when unused */
    ck_assert(rf_symbol_is_walled('#', 0));
    ck_assert(rf_symbol_is_walled('P', 0));
    ck_assert(rf_symbol_is_walled('D', 0));
    ck_assert(rf_symbol_is_walled('d', 0));
    ck_assert(!rf_symbol_is_walled('!', 0));
    ck_assert(!rf_symbol_is_walled('.', 0));
    ck_assert(!rf_symbol_is_walled(' ', 0));
    for (c = '0'; c <= '9'; c++) {
        ck_assert(rf_symbol_is_walled((char)c, 0));
        ck_assert(rf_symbol_is_walled((char)c, 0x3ffu & ~(1u << (c - '0'))));
        ck_assert(!rf_symbol_is_walled((char)c, 1u << (c - '0')));
        ck_assert_int_eq(rf_symbol_find((char)c)->cls, RF_SYMBOL_ANCHOR);
    }
    /* objects stand anywhere in the room but on '#' and 'P' */
    for (i = 0; i < rf_symbol_count(); i++) {
        const rf_symbol *s = rf_symbol_at(i);
        ck_assert_msg(s->stand == !strchr("#P ", s->first), "'%c'", s->first);
        ck_assert_msg(s->wall_like == (strchr("#P!", s->first) != NULL), "'%c'", s->first);
        ck_assert_msg((s->cls == RF_SYMBOL_DOOR) == (strchr("Dd", s->first) != NULL), "'%c'",
                      s->first);
        ck_assert_msg((s->shop_type != NULL) == (strchr("Ssi", s->first) != NULL), "'%c'",
                      s->first);
        ck_assert_msg((s->decor >= 0) == (strchr("P@^", s->first) != NULL), "'%c'", s->first);
        ck_assert((s->decor >= 0) == (s->decor_type != NULL));
        if (s->decor >= 0) {
            ck_assert_int_lt(s->decor, RF_SYMBOL_DECORS);
            ck_assert(!decor[s->decor]);
            decor[s->decor] = true;
        }
    }
    ck_assert_str_eq(rf_symbol_find('@')->decor_type, "blocker");
    ck_assert(rf_symbol_find('@')->may_block && rf_symbol_find('i')->may_block);
}
END_TEST

static const char named_xml[] =
    "<roomdb><room name=\"named\">\n"
    "<row text=\"##D#####\"/>\n"
    "<row text=\"#1.2345#\"/>\n"
    "<row text=\"########\"/>\n"
    "<monster name=\"rat\" at=\"1\"/>\n"
    "<script><condition condition_type=\"entered\" at=\"2\"/>\n"
    "<action action_type=\"spell\" casts=\"x\" sourceAt=\"3\" targetAt=\"4\"/></script>\n"
    "</room>\n"
    "<room name=\"lua\">\n"
    "<row text=\"##D#####\"/>\n"
    "<row text=\"#1.2345#\"/>\n"
    "<row text=\"########\"/>\n"
    "<monster name=\"rat\" at=\"1\"/>\n"
    "<script lang=\"lua\">function on_start(room) end</script>\n"
    "</room></roomdb>\n";

START_TEST(named_digits_are_those_at_names)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    const rf_template *t;
    rf_status st;
    bool lua = true;
    ck_assert_ptr_nonnull(set);
    ck_assert_ptr_nonnull(d);
    st = rf_template_set_load_buffer(set, "named.xml", named_xml, strlen(named_xml), d);
    ck_assert_int_eq(st, RF_OK);
    t = rf_template_set_find(set, "named");
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(rf_symbol_named_digits(t, &lua), 0x1eu);
    ck_assert(!lua);
    ck_assert_uint_eq(rf_template_used_digits(t), 0x1eu);
    t = rf_template_set_find(set, "lua");
    ck_assert_ptr_nonnull(t);
    ck_assert_uint_eq(rf_symbol_named_digits(t, &lua), 0x2u);
    ck_assert(lua);
    ck_assert_uint_eq(rf_template_used_digits(t), 0x3ffu);
    rf_diags_free(d);
    rf_template_set_free(set);
}
END_TEST

static Suite *symbols_suite(void)
{
    Suite *s = suite_create("symbols");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, every_design_symbol_has_a_row);
    tcase_add_test(tc, rows_hold_only_design_symbols_once);
    tcase_add_test(tc, unknown_symbols_are_refused);
    tcase_add_test(tc, walkable_agrees_with_design_6);
    tcase_add_test(tc, columns_say_what_design_3_says);
    suite_add_tcase(s, tc);
    tc = tcase_create("digits");
    tcase_add_test(tc, named_digits_are_those_at_names);
    suite_add_tcase(s, tc);
    return s;
}
RF_TEST_MAIN(symbols_suite)
