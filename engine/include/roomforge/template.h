/* roomforge/template.h: rooms loaded from rooms.xml, immutable once loaded.
 *
 * Pipeline: load reads Dredmor rooms.xml into an rf_template_set; the placer
 * and the world read it. A template is loaded data, a room a placed instance.
 * Names match case-insensitively and ignore '_'; attribute keys are kept
 * normalised ("eventtype"), clause types lower-cased.
 */
#ifndef RF_TEMPLATE_H
#define RF_TEMPLATE_H

#include "roomforge/common.h"
#include "roomforge/diag.h"

RF_BEGIN_C

/* Bounds checked before anything is allocated (DESIGN 8). */
#define RF_TEMPLATE_MAX_SIDE 255      /* the schema's unsignedByte */
#define RF_TEMPLATE_MAX_OBJECTS 4096  /* per room */
#define RF_TEMPLATE_MAX_SCRIPTS 1024  /* per room */
#define RF_TEMPLATE_MAX_CLAUSES 256   /* conditions or actions per script */

typedef enum rf_object_type {
    RF_OBJ_CLOCK = 0,
    RF_OBJ_CUSTOM_BLOCKER,
    RF_OBJ_CUSTOM_BREAKABLE,
    RF_OBJ_CUSTOM_ENGRAVING,
    RF_OBJ_ELEMENT,
    RF_OBJ_HORDE,
    RF_OBJ_LEVER, /* <lever> and <element type="lever"> alike */
    RF_OBJ_LOOT,
    RF_OBJ_MAGIC_BLOCKER,
    RF_OBJ_MONSTER,
    RF_OBJ_PEDESTAL,
    RF_OBJ_TRAP,
    RF_OBJ_OTHER, /* an element roomforge does not know (a game's own <fountain>): kept
                   * with its tag and every attribute, placed, inert in the world */
    RF_OBJ_COUNT
} rf_object_type;

/* The tag as Dredmor writes it ("customBlocker"); "object" for RF_OBJ_OTHER
 * (rf_object_tag has its own tag); "?" outside the enum. */
RF_API const char *rf_object_type_name(rf_object_type t);
/* The object type of a tag, matched case-insensitively ignoring '_'; false for
 * tags that are not objects roomforge knows (never RF_OBJ_OTHER). "lever"
 * gives RF_OBJ_LEVER. */
RF_API bool rf_object_type_parse(const char *tag, rf_object_type *out);

typedef struct rf_attr {
    const char *key;   /* normalised name: lower case, no '_' */
    const char *name;  /* as written */
    const char *value; /* as written, entities of the five XML kinds decoded */
    int line, col;     /* of the name's first character */
} rf_attr;

typedef struct rf_object {
    rf_object_type type;
    const char *tag; /* rf_object_type_name(type), or for RF_OBJ_OTHER the element's
                      * name as written ("fountain") */
    const char *id; /* NULL when the object has none */
    int x, y;       /* room-local, resolved from at= when given; -1, -1 when at=
                     * names a digit that is not on the map (the checker then
                     * reports anchor-missing and the room is not loaded) */
    int at;         /* the anchor digit 0-9, or -1 when placed by x/y */
    int percent;    /* 0-100, default 100 */
    int line, col;  /* of the element's '<' */
    size_t nattrs;
    const rf_attr *attrs; /* every attribute, in document order */
} rf_object;

/* o's tag: the element's name for a game's own object (RF_OBJ_OTHER), else
 * rf_object_type_name(o->type). */
RF_API const char *rf_object_tag(const rf_object *o);

/* The value of the attribute whose normalised key equals key (itself
 * normalised by the call), or NULL. Works on objects and clauses alike. */
RF_API const char *rf_attrs_find(const rf_attr *attrs, size_t nattrs, const char *key);
/* Normalises name into buf (lower case, '_' dropped); false when it does not
 * fit in cap bytes with the NUL. */
RF_API bool rf_name_key(const char *name, char *buf, size_t cap);

/* One <condition> or <action>. */
typedef struct rf_clause {
    const char *type; /* condition_type / action_type, lower-cased */
    int line, col;
    size_t nattrs;
    const rf_attr *attrs; /* including the *_type attribute itself */
} rf_clause;

typedef enum rf_script_lang { RF_SCRIPT_XML = 0, RF_SCRIPT_LUA } rf_script_lang;

typedef struct rf_script {
    rf_script_lang lang;
    int repeat;        /* 0: fires at most once; 1: every tick its conditions hold */
    const char *src;   /* <script src="..."> as written, or NULL (extension) */
    const char *code;  /* inline Lua text, or NULL (extension) */
    int code_line;     /* file line of code's first character */
    int code_col;      /* its column on that line */
    int line, col;     /* of <script */
    size_t nconditions;
    const rf_clause *conditions;
    size_t nactions;
    const rf_clause *actions;
} rf_script;

typedef enum rf_side { RF_SIDE_NORTH = 0, RF_SIDE_SOUTH, RF_SIDE_WEST, RF_SIDE_EAST } rf_side;
RF_API const char *rf_side_name(rf_side s); /* "north", ... */

/* A door: 'D' on a top or bottom edge, 'd' on a left or right edge. Its span
 * is three tiles: the centre and one either side along the edge. */
typedef struct rf_door {
    int x, y;         /* the centre, room-local */
    rf_side side;     /* the edge it opens through */
    int span_x[3], span_y[3];
    int line, col;    /* of the symbol in its row */
} rf_door;

typedef struct rf_flags {
    bool special, no_monsters, no_traps, no_treasure, no_blockers, shop, zoo, diggle_god;
    int min_level; /* 0-based rooms.xml floor; 0 when absent */
    int max_level; /* RF_LEVEL_ANY when absent */
    int line, col; /* of <flags>'s '<' (the last <flags> when there are two);
                    * 0, 0 when the room has none */
} rf_flags;
#define RF_LEVEL_ANY 1000000

typedef struct rf_template rf_template;         /* opaque, owned by its set */
typedef struct rf_template_set rf_template_set; /* opaque */

/* An empty set, or NULL when memory runs out. The caller frees it. */
RF_API RF_NODISCARD rf_template_set *rf_template_set_new(void);
/* Frees set and every template in it; set may be NULL. */
RF_API void rf_template_set_free(rf_template_set *set);

/* Loads one rooms.xml file, reporting every problem to d. Rooms with errors
 * are skipped, the others are added. The file is read, never mapped: one that
 * changed while it was read is a file-changed error and RF_ERR_IO, and is not
 * loaded. RF_OK when no error was reported,
 * RF_ERR_CONTENT when one was, RF_ERR_IO when the file cannot be read,
 * RF_ERR_NOMEM when memory ran out (the set then keeps what was complete). */
RF_API RF_NODISCARD rf_status rf_template_set_load_file(rf_template_set *set, const char *path,
                                                        rf_diags *d);
/* The same from memory; name is the file name diagnostics carry. The caller
 * keeps buf; the set copies what it keeps. */
RF_API RF_NODISCARD rf_status rf_template_set_load_buffer(rf_template_set *set, const char *name,
                                                          const char *buf, size_t len,
                                                          rf_diags *d);
/* A directory: every *.xml in it, in byte order of their names; a file: that
 * file. A symbolic link whose target lies outside the directory (a file's:
 * its folder) is refused unread, a symlink-outside error. A room name already
 * in the set (from another file) is a warning (duplicate-room) and both are
 * kept. */
RF_API RF_NODISCARD rf_status rf_template_set_load_path(rf_template_set *set, const char *path,
                                                        rf_diags *d);

/* Links every <subroom> of set to the rooms that may fill it (DESIGN 16):
 * all its tags, the box's size in an orientation the room allows, no Lua
 * scripts. Call it once the set holds every room (after the last load, and
 * again after each change to which rooms it holds): until then a room with
 * a <subroom> draws its box unfilled, vary-unresolved. rf_pack_load links
 * for you. Reports to d, at the <subroom>, a step no room fills
 * (vary-subroom-none, with a did-you-mean for an unknown tag), a room that
 * can hold itself (vary-subroom-cycle), nesting past 4 rooms
 * (vary-subroom-depth), a candidate with Lua scripts (vary-subroom-lua, a
 * warning), and the first of the 64 lint variants that fails as a room with
 * its subrooms filled; and, a warning, a room used only as a subroom that
 * no <subroom> can hold (no-doors). bad (rf_template_set_count entries, or
 * NULL) gets true for each room with such an error (rf_pack_load leaves
 * those rooms out). RF_OK; RF_ERR_CONTENT
 * when a room had an error; RF_ERR_ARG for a streaming set; RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_template_set_link(rf_template_set *set, rf_diags *d, bool *bad);

/* What a streaming set hands each room to (rf_template_set_stream): its
 * status is the room's (RF_ERR_CONTENT, RF_ERR_NOMEM, ...). */
typedef rf_status (*rf_template_fn)(void *ud, const rf_template *t);
/* Makes the empty set a streaming one: each room a later load keeps is
 * handed to fn (with ud) at its </room>, checked, and then let go. t stays
 * valid until hold more rooms have been handed over (0: during the call
 * only), so fn may pass it on to another thread and wait for it hold rooms
 * later. The set keeps only names, files and lines, for duplicate-room: it
 * counts, finds and suggests no template. fn's RF_ERR_CONTENT makes the
 * load's status RF_ERR_CONTENT; its RF_ERR_NOMEM stops the load with
 * RF_ERR_NOMEM. Peak memory is hold + 1 rooms and the names, whatever the
 * files' size: what lint uses. RF_OK; RF_ERR_ARG when set or fn is NULL, set
 * is not empty or hold is above RF_TEMPLATE_HOLD_MAX; RF_ERR_NOMEM. */
#define RF_TEMPLATE_HOLD_MAX 64
RF_API RF_NODISCARD rf_status rf_template_set_stream(rf_template_set *set, rf_template_fn fn,
                                                     void *ud, size_t hold);
/* How many rooms a streaming set handed over (0 for any other set). */
RF_API size_t rf_template_set_streamed(const rf_template_set *set);

RF_API size_t rf_template_set_count(const rf_template_set *set);
/* The rooms the loads into set left out for errors (their own, or a cut by
 * an XML syntax error), in the order met. */
RF_API size_t rf_template_set_skipped_count(const rf_template_set *set);
/* The ith of them: *name as written (NULL when the room had none), *file,
 * *line and *col of its <room>; false past the end. Valid until set is freed. */
RF_API bool rf_template_set_skipped_at(const rf_template_set *set, size_t i, const char **name,
                                       const char **file, int *line, int *col);
/* The ith template in load order; valid until set is freed. */
RF_API const rf_template *rf_template_set_at(const rf_template_set *set, size_t i);
/* The first template whose name equals name case-insensitively, or NULL. */
RF_API const rf_template *rf_template_set_find(const rf_template_set *set, const char *name);
/* For an unknown name, the loaded name the author most likely meant: the
 * first whose name contains it (case-insensitively), else the nearest by
 * edit distance when at most max(2, length / 3) edits away; NULL when none
 * is near. Valid until set is freed. */
RF_API const char *rf_template_set_suggest(const rf_template_set *set, const char *name);

RF_API const char *rf_template_name(const rf_template *t);
RF_API const char *rf_template_file(const rf_template *t);
RF_API int rf_template_line(const rf_template *t);
/* The column of <room>'s '<' on its line. */
RF_API int rf_template_col(const rf_template *t);
RF_API int rf_template_width(const rf_template *t);
RF_API int rf_template_height(const rf_template *t);
/* A map cell that held a character outside ASCII (always an unknown symbol). */
#define RF_CELL_NON_ASCII '\x7f'
/* The map symbol at (x, y) as written ('#', '.', 'D', '3', ...); ' ' outside;
 * RF_CELL_NON_ASCII for a character outside ASCII. */
RF_API char rf_template_cell(const rf_template *t, int x, int y);
/* Row y (width characters and a NUL), or NULL when y is outside. */
RF_API const char *rf_template_row(const rf_template *t, int y);
/* The file line of row y's first cell (the first character of its text=
 * value), 0 when y is outside. */
RF_API int rf_template_row_line(const rf_template *t, int y);
/* The file column of that character, 0 when y is outside. */
RF_API int rf_template_row_col(const rf_template *t, int y);
/* The exact file line and column of cell (x, y): the character of the text=
 * value it came from. Counts characters (a tab is one, a UTF-8 sequence is
 * one); an entity or character reference (&amp; &#46;) is one cell at its
 * '&'; a line break inside the value moves to the next line. false (and 0, 0)
 * when (x, y) is outside the map. */
RF_API bool rf_template_cell_pos(const rf_template *t, int x, int y, int *line, int *col);
RF_API const rf_flags *rf_template_flags(const rf_template *t);
RF_API size_t rf_template_door_count(const rf_template *t);
RF_API const rf_door *rf_template_door(const rf_template *t, size_t i);
/* The first cell (row-major) holding digit (0-9); false when none does. */
RF_API bool rf_template_anchor(const rf_template *t, int digit, int *x, int *y);
/* The anchor digits the room uses, as bits (1 << digit): those an object's
 * at= or a script clause's at=, sourceAt= or targetAt= names, and all ten
 * when the room has a Lua script (room:anchor(n) can name any). A used
 * digit is floor in a level; an unused one is wall (DESIGN 3). */
RF_API unsigned rf_template_used_digits(const rf_template *t);
RF_API size_t rf_template_object_count(const rf_template *t);
RF_API const rf_object *rf_template_object(const rf_template *t, size_t i);
/* The first object whose id equals id (case-sensitive), or NULL. */
RF_API const rf_object *rf_template_object_find(const rf_template *t, const char *id);
RF_API size_t rf_template_script_count(const rf_template *t);
RF_API const rf_script *rf_template_script(const rf_template *t, size_t i);
/* Extensions on <room> (DESIGN 3): weight (default 100), tags (NULL when
 * none, else the text as written), rotate and mirror permissions. */
RF_API int rf_template_weight(const rf_template *t);
RF_API const char *rf_template_tags(const rf_template *t);
RF_API bool rf_template_can_rotate(const rf_template *t);
RF_API bool rf_template_can_mirror(const rf_template *t);

/* ---- rooms that vary (DESIGN 16) ---- */

/* True when t carries <vary> steps: each placement draws a variant. */
RF_API bool rf_template_varies(const rf_template *t);
/* t's weight at 1-based depth: the first <weight depth="A-B"> holding it,
 * else rf_template_weight. */
RF_API int rf_template_weight_at(const rf_template *t, int depth);
/* <unique>: 0 none, 1 per level, 2 per run; the group (the room's name when
 * none is given). */
#define RF_TEMPLATE_UNIQUE_LEVEL 1
#define RF_TEMPLATE_UNIQUE_RUN 2
RF_API int rf_template_unique_scope(const rf_template *t);
RF_API const char *rf_template_unique_group(const rf_template *t);
/* Variant number v of a varying t: the same map for the same (room name,
 * v) on every machine. *out is owned by the caller (rf_template_variant_free)
 * and borrows t (valid while t's set lives). A variant reads as any template
 * (rf_template_cell, doors, objects with at= at their digit's new cell);
 * each <subroom> box holds one of its rooms, with their objects and scripts
 * (ids led by "Name."), once the set is linked (rf_pack_load does it; an
 * unlinked box keeps its glyph). RF_OK; RF_ERR_ARG when t does not vary or
 * is itself a variant; RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_template_variant(const rf_template *t, uint32_t v,
                                                  rf_template **out);
RF_API void rf_template_variant_free(rf_template *vt);
/* A variant's template, or t itself for a template that is no variant. */
RF_API const rf_template *rf_template_base(const rf_template *t);
/* A variant's number; -1 for a template that is no variant. */
RF_API long rf_template_variant_number(const rf_template *t);
/* The <validate> chunks of t (or of a variant's template), in the order
 * written: how many, and the ith's Lua text (NULL past the end) with the
 * file line and column of its first character, and of its <validate>. */
RF_API size_t rf_template_validate_count(const rf_template *t);
RF_API const char *rf_template_validate_at(const rf_template *t, size_t i, int *line, int *col,
                                           int *el_line, int *el_col);
/* The <subst> steps of t (or of a variant's template), in the order
 * written: how many (0 for a room that does not vary). */
RF_API size_t rf_template_subst_count(const rf_template *t);
/* The ith <subst>: its placeholder glyph, whether once="1" (one pick shared
 * by every cell), the file line and column of its '<' and how many
 * choices it has; false (nothing written) past the end. Any out-parameter
 * may be NULL. */
RF_API bool rf_template_subst_at(const rf_template *t, size_t i, char *glyph, bool *once,
                                 int *line, int *col, size_t *nchoices);
/* Choice k of the ith <subst>: its glyph and weight (1 when not written);
 * false (nothing written) past the end. Either out-parameter may be NULL. */
RF_API bool rf_template_subst_choice(const rf_template *t, size_t i, size_t k, char *glyph,
                                     int *weight);
/* What variant vt drew at its ith <subst>: the picks that took choice k,
 * one per cell of the glyph (in the map as the earlier steps left it), or
 * for once="1" the one draw (made even when no cell holds the glyph). 0
 * past the end and for a template that is no variant. The picks of one
 * subst are independent draws by the weights, so over many variants each
 * choice's share of them tends to its weight's share (`roomforge stats`). */
RF_API size_t rf_template_subst_picks(const rf_template *vt, size_t i, size_t k);
/* True when t is a room used only as a subroom (DESIGN 16): it has tags
 * and no door. It needs none, is never placed alone, and its doors-and-parts
 * checks are made inside the room around it. */
RF_API bool rf_template_is_subroom_only(const rf_template *t);
/* Checks variant vt as a room (the load checks, vary-unresolved,
 * vary-object-blocked), reporting to d with messages led by "variant N: ";
 * the errors reported (SIZE_MAX when memory ran out). */
RF_API size_t rf_template_variant_check(const rf_template *vt, rf_diags *d);

RF_END_C
#endif /* RF_TEMPLATE_H */
