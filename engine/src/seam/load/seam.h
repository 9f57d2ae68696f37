/* engine/src/seam/load/seam.h: the load stage's one shared header: what the
 * later stages, the tests and the benchmarks use of it beyond the public
 * API: the map symbols, the clause grammar, template edits and libxml2's
 * errors explained.
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_LOAD_H
#define RF_SEAM_LOAD_H

#include <libxml/xmlerror.h>
#include <stdbool.h>
#include <stddef.h>

#include "roomforge/grid.h"
#include "roomforge/template.h"

/* The one table of rooms.xml map symbols (DESIGN 3).
 *
 * Pipeline: load owns it (symbols.c); the checks, the writer, the placer, the
 * objects pass and the decoration rows of the horde table read it through this
 * seam. Next to it: the anchor digits a room's objects and scripts can name.
 */
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

/* The grammar of Dredmor's built-in
 * script clauses.
 *
 * Pipeline: load (template_check.c), lint (lint.c), world (defaults).
 * Design: one row per condition, action and object tag, one per attribute
 * (kind, required, default); keys normalised as rf_attr.key.
 * Seeds: dredmor-room-system.txt sections 2-4.
 */
/* The range of x= and y= in clauses: the schema's xs:short. */
#define RF_SCRIPT_COORD_MIN (-32768)
#define RF_SCRIPT_COORD_MAX 32767

typedef enum rf_value_kind {
    RF_VALUE_STRING = 0, /* any text */
    RF_VALUE_REF,        /* the id of an object of the room, or one a create makes */
    RF_VALUE_BOOL,       /* exactly "0" or "1" */
    RF_VALUE_INT,        /* decimal integer (optional sign) within [min, max] */
    RF_VALUE_ANCHOR,     /* one digit 0-9, naming the map cell of that digit */
    RF_VALUE_ENUM,       /* one of choices ("hit|broken"), case-insensitive */
    RF_VALUE_OBJECT_TAG  /* an object tag, as rf_object_type_parse reads it */
} rf_value_kind;

typedef struct rf_attr_spec {
    const char *key;  /* normalised: "eventtype" */
    const char *name; /* as the reference writes it, for messages: "event_type" */
    rf_value_kind kind;
    bool required;
    const char *alt;      /* normalised key that satisfies `required` as well, or NULL */
    int min, max;         /* RF_VALUE_INT */
    const char *choices;  /* RF_VALUE_ENUM: alternatives separated by '|' */
    const char *fallback; /* the default as text, or NULL when there is none */
} rf_attr_spec;

/* A tile given either as at="N" (an anchor digit) or as x= and y=. */
typedef struct rf_point_spec {
    const char *name;                   /* for messages: "at", "sourceAt" */
    const char *at_key, *x_key, *y_key; /* normalised keys */
    const char *x_name, *y_name;        /* for messages: "x", "sourceX" */
    bool required;
} rf_point_spec;

typedef struct rf_clause_spec {
    const char *type; /* lower-cased, as rf_clause.type */
    const rf_attr_spec *attrs;
    size_t nattrs;
    const rf_point_spec *points;
    size_t npoints;
    bool creates; /* the `create` action: create_type names an object spec */
} rf_clause_spec;

typedef struct rf_object_spec {
    rf_object_type type;
    const rf_attr_spec *attrs; /* the object's own attributes, common ones included */
    size_t nattrs;
} rf_object_spec;

/* The built-in condition or action of that lower-cased type, or NULL. */
const rf_clause_spec *rf_script_condition_spec(const char *type);
const rf_clause_spec *rf_script_action_spec(const char *type);
/* The ith built-in condition or action (for listings); NULL past the end. */
const rf_clause_spec *rf_script_condition_at(size_t i);
const rf_clause_spec *rf_script_action_at(size_t i);
/* The attributes of an object tag (position excluded: every object takes at=
 * or x= and y=, see rf_script_object_point). Never NULL for a valid type. */
const rf_object_spec *rf_script_object_spec(rf_object_type type);
const rf_point_spec *rf_script_object_point(void);
/* The row of spec's attribute with normalised key, or NULL. */
const rf_attr_spec *rf_script_attr_spec(const rf_attr_spec *attrs, size_t nattrs, const char *key);

/* Whether value is well-formed for s (REF and STRING accept any text). */
bool rf_script_value_ok(const rf_attr_spec *s, const char *value);
/* Parses a decimal integer (optional sign, no spaces) within [min, max]. */
bool rf_script_parse_int(const char *value, int min, int max, int *out);
/* A single digit 0-9 as a number, or -1. */
int rf_script_parse_anchor(const char *value);

/* A template set merged and filtered
 * after loading, for layered content packs.
 *
 * Pipeline: load owns it (template_edit.c); the pack stage (rf_pack_load)
 * loads each pack into a set of its own, moves them into one and drops the
 * rooms that are replaced or left out. Order stays load order.
 */
/* Moves every template of src (and its skipped-room records) to the end of
 * set, in order, without duplicate-room checks, and frees src: taken even on
 * failure. Templates keep their addresses. RF_OK, or RF_ERR_NOMEM with set
 * unchanged; RF_ERR_ARG when either is a streaming set. */
rf_status rf_template_set_take(rf_template_set *set, rf_template_set *src);
/* Keeps the templates i with keep[i] (count entries), in order; the others
 * are no longer counted or found, and their memory stays until set is freed.
 * RF_OK, or RF_ERR_NOMEM with set unchanged; RF_ERR_ARG for a streaming set. */
rf_status rf_template_set_keep(rf_template_set *set, const bool *keep);

/* How many rooms loaded into set (streaming or not) need the link: those
 * holding a <subroom> and those used only as one (tags, no door). */
size_t rf_template_set_subroom_rooms(const rf_template_set *set);

/* Libxml2's fatal errors said plainly,
 * at the line where the problem starts.
 *
 * Pipeline: load owns it (load_xmlerr.c); the rooms loader and the profiles
 * loader both report their XML syntax errors through it.
 */
/* The bytes libxml2 parsed and what the file's grammar knows. */
typedef struct rf_xml_src {
    const char *buf;
    size_t len;
    const char *root;                  /* the root element as documented: "roomDB" */
    bool (*known)(const char *tag);    /* an element of the grammar; NULL: none is */
} rf_xml_src;

/* Where the problem starts and what to write, libxml2's words after it. */
typedef struct rf_xml_fault {
    int line, col;
    char text[448];
} rf_xml_fault;

void rf_xml_explain(const rf_xml_src *src, const xmlError *e, rf_xml_fault *f);

/* For the loaders that read a whole tree (tmx_*.c here, profile/): true
 * when n is an element called name (ignoring case); a copy (rf_free) of
 * attribute name's value (ignoring case), NULL when n has none or when
 * memory ran out (then *nomem is set). In load/xml_tree.c. */
bool rf_xml_is(const xmlNode *n, const char *name);
char *rf_xml_attr_value(const xmlNode *n, const char *name, bool *nomem);

/* True when e is one of libxml2's limits (nesting depth, a name or text too
 * long, "Huge input lookup", entity amplification): xml-limit, not
 * xml-syntax. */
bool rf_xml_is_limit(const xmlError *e);

/* Libxml2 made ready once per process.
 *
 * Pipeline: load owns it (xml_once.c); the rooms loader and the profiles
 * loader call it before their first libxml2 call. Design: libxml2's first-use
 * initialisation is not thread-safe, so two threads loading content at once
 * raced in it (issue 15); pthread_once runs xmlInitParser exactly once, before
 * any thread parses, and a game never has to call anything first.
 */
/* Initialises libxml2 the first time any thread calls it; later calls return
 * at once. Safe from any number of threads. */
void rf_xml_once(void);

#endif /* RF_SEAM_LOAD_H */
