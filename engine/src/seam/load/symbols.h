/* engine/src/seam/load/symbols.h: the one table of rooms.xml map symbols (DESIGN 3).
 *
 * Pipeline: load owns it (symbols.c); the checks, the writer, the placer, the
 * objects pass and the decoration rows of the horde table read it through this
 * seam. Next to it: the anchor digits a room's objects and scripts can name.
 */
#ifndef RF_SEAM_LOAD_SYMBOLS_H
#define RF_SEAM_LOAD_SYMBOLS_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/grid.h"
#include "roomforge/template.h"

#define RF_SYMBOL_TERRAINS 4 /* W L I G: the slots of a profile's terrain map */
#define RF_SYMBOL_DECORS 3   /* P @ ^: the symbols the decoration table decorates */

typedef enum rf_symbol_class {
    RF_SYMBOL_OUTSIDE = 0, /* ' ': not part of the room */
    RF_SYMBOL_WALL,        /* # P ! */
    RF_SYMBOL_FLOOR,       /* . X @ ^ */
    RF_SYMBOL_TERRAIN,     /* W L I G: through the profile's terrain map */
    RF_SYMBOL_DOOR,        /* D d: a door centre */
    RF_SYMBOL_SHOP,        /* S s i */
    RF_SYMBOL_ANCHOR       /* 0-9: a digit at= names */
} rf_symbol_class;

typedef struct rf_symbol {
    char first, last; /* the characters of the row: one, or the digits '0'-'9' */
    rf_symbol_class cls;
    bool walkable;  /* the tile it becomes is walkable (DESIGN 6); an anchor only when used */
    bool may_block; /* the placer may put a blocker on it (@, i): no door may open onto it */
    bool wall_like; /* reads as wall in the map's shape: door spans, zoo borders, walls two high */
    bool stand;     /* an object may stand on it */
    bool walled;    /* the placer draws it as wall (a door centre until a corridor uses it) */
    rf_tile tile;   /* the tile it becomes; W L I G: with the default terrain map */
    int terrain;    /* W L I G: its slot of the profile's terrain map; else -1 */
    int decor;      /* P @ ^: its slot among the decorated symbols; else -1 */
    const char *decor_type;            /* P @ ^: the type its decoration rows default to */
    const char *shop_type, *shop_name; /* S s i: the object a shop room puts on it */
    const char *legend;                /* what it means, for people */
} rf_symbol;

/* The rows, in DESIGN 3's order (the order legends list them). */
size_t rf_symbol_count(void);
const rf_symbol *rf_symbol_at(size_t i);
/* The rows, and 1 + the row of each ASCII symbol (0 for none): symbols.c's,
 * read here so that rf_symbol_find, which runs several times for every cell
 * of every room, is inline. */
extern const rf_symbol rf_symbol_rows[];
extern const unsigned char rf_symbol_row_of[128];

/* The row of map symbol c; NULL when c is no rooms.xml symbol. */
static inline const rf_symbol *rf_symbol_find(char c)
{
    unsigned char u = (unsigned char)c;
    return u < 128 && rf_symbol_row_of[u] ? &rf_symbol_rows[rf_symbol_row_of[u] - 1] : NULL;
}

/* The placer draws c as wall: walls, P, door centres (until used) and the
 * anchors whose bit is not in used_digits (DESIGN 3: an unused anchor is wall). */
bool rf_symbol_is_walled(char c, unsigned used_digits);
/* The tile an open symbol (not walled, not ' ') becomes: W L I G through
 * terrain (indexed by the row's terrain slot), the others the row's tile;
 * floor for characters that are no symbol. */
rf_tile rf_symbol_tile(char c, const rf_tile terrain[RF_SYMBOL_TERRAINS]);

/* The anchor digits a room names, as bits (1 << digit): an object's at= and
 * the at=, sourceAt= or targetAt= of a clause of its XML scripts. *lua (may
 * be NULL) tells whether it has a Lua script, which may name any digit. */
unsigned rf_symbol_named_digits(const rf_template *t, bool *lua);

#endif /* RF_SEAM_LOAD_SYMBOLS_H */
