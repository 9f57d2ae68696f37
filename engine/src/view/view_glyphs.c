/* engine/src/view/view_glyphs.c: the one table of object glyphs and the
 * terrain palette every view draws with.
 *
 * Pipeline: view (text, ansi, html, png), gen --help and the docs. Design:
 * rows are data walked by one loop; object glyphs avoid the terrain glyphs
 * of DESIGN 6, so a map never reads two ways. Row order is drawing priority:
 * on a cell holding several objects the first row's object shows.
 */
#include <string.h>

#include "view_int.h"

static const rf_view_glyph glyphs[] = {
    {"monster", true, 'M', "horde leader", "31;1", 0xff4040u, false},
    {"monster", false, 'm', "monster", "31", 0xd03030u, false},
    {"shopkeeper", false, '@', "shopkeeper", "97;1", 0xffffffu, false},
    {"lever", false, '/', "lever", "33;1", 0xffe040u, false},
    {"teleporter", false, 'T', "teleporter", "95;1", 0xff60ffu, false},
    {"trap", false, '^', "trap", "35", 0xc040c0u, false},
    {"launcher", false, 'v', "trap launcher", "35", 0xa030a0u, false},
    {"item", false, '$', "item", "93", 0xf0d000u, false},
    {"crate", false, '&', "supply crate", "33", 0xc08040u, false},
    {"pedestal", false, '_', "sales pedestal", "37", 0xd0d0d0u, false},
    {"clock", false, 'c', "clock", "36;1", 0x40e0e0u, false},
    {"element", false, 'e', "element", "94", 0x6080ffu, false},
    {"customBlocker", false, 'o', "blocker", "37", 0xb0a090u, false},
    {"blocker", false, 'o', "blocker", "37", 0xb0a090u, false},
    {"magicBlocker", false, '%', "magic blocker", "96", 0x60f0f0u, false},
    {"customBreakable", false, 'b', "breakable", "33", 0xa07040u, false},
    {"customEngraving", false, '"', "engraving", "37", 0xc0c0a0u, false},
    {"decoration", false, '`', "decoration", "90", 0x908070u, false},
    {"shop-block", false, 's', "shop floor", "90", 0x807060u, false},
    {"machine", false, 'k', "machine key", "93;1", 0xffd75fu, true},
    {"machine", false, '|', "machine feature", "96", 0x50d0d0u, false},
    {NULL, false, '?', "other object", "97", 0xffffffu, false},
};

#define NGLYPHS (sizeof glyphs / sizeof glyphs[0])

size_t rf_view_glyph_count(void) { return NGLYPHS; }

const rf_view_glyph *rf_view_glyph_at(size_t i) { return i < NGLYPHS ? &glyphs[i] : NULL; }

const rf_view_glyph *rf_view_glyph_of(const rf_placed *p)
{
    size_t i;
    for (i = 0; i + 1 < NGLYPHS; i++)
        if (strcmp(glyphs[i].type, p->type) == 0 && (!glyphs[i].leader || p->leader) &&
            (!glyphs[i].key || p->key))
            return &glyphs[i];
    return &glyphs[NGLYPHS - 1];
}

/* Terrain rows by rf_tile (DESIGN 6): legend word, SGR, colour. Each row
 * names its tile, so a tile added to grid.h cannot shift the others. */
static const struct {
    const char *legend, *sgr;
    unsigned rgb;
} tiles[RF_TILE_COUNT] = {
    [RF_TILE_ROCK] =          {"rock", NULL, 0x101010u},
    [RF_TILE_WALL] =          {"wall", "37", 0x8a8a8au},
    [RF_TILE_FLOOR] =         {"floor", "90", 0x3a3a3au},
    [RF_TILE_DOOR] =          {"door", "33", 0xb07830u},
    [RF_TILE_SECRET_DOOR] =   {"secret door", "33;1", 0x806040u},
    [RF_TILE_BREAKABLE] =     {"destructible wall", "35", 0x8a6a8au},
    [RF_TILE_IMPASSABLE] =    {"impassable floor", "90", 0x202028u},
    [RF_TILE_STAIRS_UP] =     {"stairs up", "97;1", 0xf0f0f0u},
    [RF_TILE_STAIRS_DOWN] =   {"stairs down", "97;1", 0xe0e0e0u},
    [RF_TILE_DEEP_WATER] =    {"deep water", "34;1", 0x1840a0u},
    [RF_TILE_SHALLOW_WATER] = {"shallow water", "36", 0x3880c0u},
    [RF_TILE_WATER] =         {"water", "34", 0x2860b0u},
    [RF_TILE_ICE] =           {"ice", "96", 0xa0e0f0u},
    [RF_TILE_GOO] =           {"goo", "32", 0x40a040u},
    [RF_TILE_ACID] =          {"acid", "92", 0x90e040u},
    [RF_TILE_LAVA] =          {"lava", "31;1", 0xe04010u},
    [RF_TILE_CHASM] =         {"chasm", "90;1", 0x28103cu},
    [RF_TILE_BRIDGE] =        {"bridge", "33", 0x906030u},
    [RF_TILE_CHASM_EDGE] =    {"chasm edge", "35", 0x4a3060u},
    [RF_TILE_BRIMSTONE] =     {"brimstone", "33;1", 0xa07018u},
};

const char *rf_view_tile_legend(rf_tile t) { return (unsigned)t < RF_TILE_COUNT ? tiles[t].legend : "?"; }

const char *rf_view_tile_sgr(rf_tile t) { return (unsigned)t < RF_TILE_COUNT ? tiles[t].sgr : NULL; }

unsigned rf_view_tile_rgb(rf_tile t) { return (unsigned)t < RF_TILE_COUNT ? tiles[t].rgb : 0u; }
