/* engine/src/load/symbols.c: the one table of rooms.xml map symbols and the
 * anchor digits a room names.
 *
 * Pipeline: load; read through the seam load/seam.h by the checks, the
 * writer, the placer, the objects pass and the horde table's decorations.
 */
#include <string.h>

#include "core/seam.h"
#include "load/seam.h"

#define NO_SHOP NULL, NULL
/* first, last, class, walkable, may_block, wall_like, stand, walled, tile,
 * terrain, decor, decor_type, shop_type, shop_name, legend */
/* clang-format off */
const rf_symbol rf_symbol_rows[] = {
    {'#', '#', RF_SYMBOL_WALL, false, false, true, false, true, RF_TILE_WALL, -1, -1, NULL,
     NO_SHOP, "wall"},
    {'.', '.', RF_SYMBOL_FLOOR, true, false, false, true, false, RF_TILE_FLOOR, -1, -1, NULL,
     NO_SHOP, "floor"},
    {'W', 'W', RF_SYMBOL_TERRAIN, true, false, false, true, false, RF_TILE_WATER, 0, -1, NULL,
     NO_SHOP, "water (remapped per profile)"},
    {'L', 'L', RF_SYMBOL_TERRAIN, false, false, false, true, false, RF_TILE_LAVA, 1, -1, NULL,
     NO_SHOP, "lava (remapped per profile)"},
    {'I', 'I', RF_SYMBOL_TERRAIN, true, false, false, true, false, RF_TILE_ICE, 2, -1, NULL,
     NO_SHOP, "ice (remapped per profile)"},
    {'G', 'G', RF_SYMBOL_TERRAIN, true, false, false, true, false, RF_TILE_GOO, 3, -1, NULL,
     NO_SHOP, "goo (remapped per profile)"},
    {'D', 'D', RF_SYMBOL_DOOR, true, false, false, true, true, RF_TILE_DOOR, -1, -1, NULL,
     NO_SHOP, "door centre, opens up/down (top or bottom edge)"},
    {'d', 'd', RF_SYMBOL_DOOR, true, false, false, true, true, RF_TILE_DOOR, -1, -1, NULL,
     NO_SHOP, "door centre, opens left/right (left or right edge)"},
    {'S', 'S', RF_SYMBOL_SHOP, true, false, false, true, false, RF_TILE_FLOOR, -1, -1, NULL,
     "shopkeeper", "shopkeeper", "shopkeeper"},
    {'s', 's', RF_SYMBOL_SHOP, true, false, false, true, false, RF_TILE_FLOOR, -1, -1, NULL,
     "shop-block", "shopkeeper block area", "shopkeeper block area"},
    {'!', '!', RF_SYMBOL_WALL, true, false, true, true, false, RF_TILE_BREAKABLE, -1, -1, NULL,
     NO_SHOP, "destructible wall"},
    {'X', 'X', RF_SYMBOL_FLOOR, false, false, false, true, false, RF_TILE_IMPASSABLE, -1, -1, NULL,
     NO_SHOP, "impassable floor"},
    {' ', ' ', RF_SYMBOL_OUTSIDE, false, false, false, false, false, RF_TILE_ROCK, -1, -1, NULL,
     NO_SHOP, "outside the room"},
    {'P', 'P', RF_SYMBOL_WALL, false, false, true, false, true, RF_TILE_WALL, -1, 0, "decoration",
     NO_SHOP, "wall, maybe a painting"},
    {'@', '@', RF_SYMBOL_FLOOR, true, true, false, true, false, RF_TILE_FLOOR, -1, 1, "blocker",
     NO_SHOP, "maybe a blocker"},
    {'^', '^', RF_SYMBOL_FLOOR, true, false, false, true, false, RF_TILE_FLOOR, -1, 2, "decoration",
     NO_SHOP, "maybe a floor decoration"},
    {'i', 'i', RF_SYMBOL_SHOP, true, true, false, true, false, RF_TILE_FLOOR, -1, -1, NULL,
     "pedestal", "sales pedestal", "sales pedestal"},
    {'0', '9', RF_SYMBOL_ANCHOR, true, false, false, true, false, RF_TILE_FLOOR, -1, -1, NULL,
     NO_SHOP, "anchor for at="},
};
/* clang-format on */
#undef NO_SHOP

size_t rf_symbol_count(void) { return sizeof rf_symbol_rows / sizeof rf_symbol_rows[0]; }

const rf_symbol *rf_symbol_at(size_t i)
{
    return i < rf_symbol_count() ? &rf_symbol_rows[i] : NULL;
}

/* 1 + the row of each ASCII symbol, 0 for none: rf_symbol_find (inline in
 * the seam) runs for every cell of every room (test_symbols checks it
 * against the rows). */
/* clang-format off */
const unsigned char rf_symbol_row_of[128] = {
    ['#'] = 1, ['.'] = 2, ['W'] = 3, ['L'] = 4, ['I'] = 5, ['G'] = 6, ['D'] = 7, ['d'] = 8,
    ['S'] = 9, ['s'] = 10, ['!'] = 11, ['X'] = 12, [' '] = 13, ['P'] = 14, ['@'] = 15, ['^'] = 16,
    ['i'] = 17, ['0'] = 18, ['1'] = 18, ['2'] = 18, ['3'] = 18, ['4'] = 18, ['5'] = 18,
    ['6'] = 18, ['7'] = 18, ['8'] = 18, ['9'] = 18,
};
/* clang-format on */

bool rf_symbol_is_walled(char c, unsigned used_digits)
{
    const rf_symbol *s = rf_symbol_find(c);
    if (!s)
        return false;
    if (s->cls == RF_SYMBOL_ANCHOR)
        return !(used_digits & (1u << (c - '0')));
    return s->walled;
}

rf_tile rf_symbol_tile(char c, const rf_tile terrain[RF_SYMBOL_TERRAINS])
{
    const rf_symbol *s = rf_symbol_find(c);
    if (!s)
        return RF_TILE_FLOOR;
    return s->terrain >= 0 ? terrain[s->terrain] : s->tile;
}

/* The value of cl's first attribute whose key is key (normalised already,
 * so no rf_attrs_find, which normalises its key at every call), or NULL. */
static const char *clause_value(const rf_clause *cl, const char *key)
{
    size_t i;
    for (i = 0; cl->attrs && i < cl->nattrs; i++)
        if (rf_text_eq(cl->attrs[i].key, key))
            return cl->attrs[i].value;
    return NULL;
}

unsigned rf_symbol_named_digits(const rf_template *t, bool *lua)
{
    /* the position keys of the built-in clauses (script_types.c's points),
     * normalised; a digit one of them names, in a clause of any type, counts */
    static const char *const keys[] = {"at", "sourceat", "targetat"};
    size_t i, s, k, n = rf_template_object_count(t), ns = rf_template_script_count(t);
    unsigned named = 0;
    if (lua)
        *lua = false;
    for (i = 0; i < n; i++) {
        int at = rf_template_object(t, i)->at;
        if (at >= 0 && at <= 9)
            named |= 1u << at;
    }
    for (s = 0; s < ns; s++) {
        const rf_script *sc = rf_template_script(t, s);
        if (sc->lang != RF_SCRIPT_XML) {
            if (lua)
                *lua = true;
            continue;
        }
        for (i = 0; i < sc->nconditions + sc->nactions; i++) {
            const rf_clause *cl = i < sc->nconditions ? &sc->conditions[i]
                                                      : &sc->actions[i - sc->nconditions];
            for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
                const char *v = clause_value(cl, keys[k]);
                int digit = v ? rf_script_parse_anchor(v) : -1;
                if (digit >= 0)
                    named |= 1u << digit;
            }
        }
    }
    return named;
}
