/* engine/src/load/load_int.h: the rooms.xml loader's state and the functions
 * its files share.
 *
 * Pipeline: load; prescan -> libxml2's SAX2 push parser -> attrs -> room or
 * script, with the cursor, the diagnostic funnel and the recovery pass beside
 * them.
 * Design: one rf_loader per pass over a file, passed as ld; no other state.
 */
#ifndef RF_LOAD_INT_H
#define RF_LOAD_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libxml/parser.h>

#include "core/seam.h"
#include "grammar_int.h"
#include "load/seam.h"
#include "machines_int.h"
#include "roomforge/diag.h"
#include "template_int.h"

#define RF_LOAD_MAX_DEPTH 64 /* Dredmor nests 4 deep */
#define RF_LOAD_MAX_ATTRS 64 /* attributes on one element */
#define RF_LOAD_KEY_CAP 64

/* A place in the raw bytes and its 1-based line and col. */
typedef struct rf_cursor {
    size_t pos;
    int line, col; /* of the byte at pos */
} rf_cursor;

/* An attribute of the current start tag as written: its name and where it
 * and its value (after the opening quote) stand. */
typedef struct rf_raw_attr {
    const char *name;
    size_t nlen, vpos;
    int line, col, vline, vcol;
    bool plain; /* the value holds no reference and no line break */
    bool tab;   /* the value holds a literal tab */
} rf_raw_attr;

/* An attribute of the current start tag as libxml2 hands it over: its
 * qualified name and its value, which is not NUL-terminated and holds
 * "&#38;" for each '&' (libxml2 keeps it escaped when entities are not
 * substituted). A namespace declaration is one too (xmlns, xmlns:p). */
typedef struct rf_xml_attr {
    const char *name;
    const char *value;
    size_t vlen;
    bool bare;     /* no prefix: what a lookup by a plain name finds */
    bool interned; /* name is libxml2's (or static): the same pointer all the parse */
} rf_xml_attr;

/* What the grammar made of a name libxml2 interned (its dictionary gives
 * one pointer per spelling for the whole parse): an element's spec, or an
 * attribute's key and spec on one element. Slots are found by pointer. */
typedef struct rf_name_memo {
    const void *name;        /* NULL: an empty slot */
    const rf_gelem_spec *el; /* the element; for an attribute, the one it stands on */
    const rf_gattr_spec *as; /* an attribute's spec, or NULL */
    bool keyed;              /* rf_name_key took the name */
    bool is_key;             /* ... and the name is its own key (written normalised) */
    size_t nlen;             /* strlen(name) */
    char key[RF_LOAD_KEY_CAP];
} rf_name_memo;
#define RF_LOAD_MEMO 64 /* slots of each memo; a power of two */

/* An attribute the loader took: its key the grammar's string or own, its
 * value kept as an offset in sbuf. */
typedef struct rf_sattr {
    const char *key;      /* spec_key, or own */
    const char *spec_key; /* the grammar's copy of the key, or NULL */
    char own[RF_LOAD_KEY_CAP];
    size_t nlen, vlen; /* of the name and of the value kept */
    bool name_is_key;  /* the name is written normalised */
    size_t value_off;
    int line, col;
    size_t vpos;
    int vline, vcol;
    bool plain, tab; /* rf_raw_attr's; true, false when it was not found */
} rf_sattr;

/* A <row> of the current room: its cells and where its text stands. */
typedef struct rf_row_rec {
    char *text;
    size_t len;
    size_t vpos;
    int vline, vcol, line, col;
    bool plain; /* decoded character k stands at vcol + k */
} rf_row_rec;

/* An element not known where it stands, held until its room closes: when
 * the XML breaks first, it is the break's cascade and is not reported. */
typedef struct rf_unknown_el {
    int line, col, parent;
    bool kept; /* an object of a game's own kind (RF_OBJ_OTHER), not ignored */
    char tag[64];
} rf_unknown_el;
#define RF_LOAD_MAX_HELD 256

/* One pass over one file. */
typedef struct rf_loader {
    rf_template_set *set;
    rf_diags *d;
    const char *file;  /* the name diagnostics carry */
    const char *afile; /* its copy in the arena */
    const char *buf;
    size_t len;
    rf_cursor cur;
    xmlParserCtxtPtr ctxt;
    int depth;       /* elements open */
    bool text_open;  /* the last callback was text a tree would merge into one node */
    size_t text_len; /* that node's bytes */
    bool nomem, fatal, xml_reported;
    bool thin_walls;    /* d takes wall-thin (asked once a pass, not once a room) */
    int syntax_line;    /* line where the fatal xml-syntax error's problem starts, 0 if none */
    size_t rooms_seen;  /* <room> start tags met, in document order */
    size_t rooms_ended; /* ... and their ends */
    /* the recovery pass (load_recover.c): rooms to pass over, diagnostics the
     * first pass already gave */
    bool recovering;
    size_t skip_rooms, diags0;
    size_t file_errors, room_errors;
    rf_unknown_el *held;
    size_t nheld;
    /* the current element: as libxml2 parsed it, then as written */
    rf_xml_attr xa[RF_LOAD_MAX_ATTRS];
    size_t nxa, xa_seen; /* kept, and given (a limit past RF_LOAD_MAX_ATTRS) */
    char *nbuf;          /* qualified names built for prefixed names */
    size_t ncap;
    rf_name_memo el_memo[RF_LOAD_MEMO], attr_memo[RF_LOAD_MEMO];
    int el_line, el_col;
    size_t el_end;
    rf_raw_attr raw[RF_LOAD_MAX_ATTRS];
    size_t nraw;
    rf_sattr sa[RF_LOAD_MAX_ATTRS];
    rf_attr attrs[RF_LOAD_MAX_ATTRS];
    size_t nattrs;
    char *sbuf;
    size_t slen, scap;
    int stack[RF_LOAD_MAX_DEPTH + 1];
    /* the current room */
    bool in_room;
    rf_arena_mark mark;
    rf_template t;
    int width, height; /* declared, -1 when absent */
    int wline, wcol, hline, hcol;
    bool have_flags, rows_full;
    rf_row_rec *rows;
    size_t nrows, rows_cap;
    rf_object *objs;
    size_t nobjs, objs_cap;
    rf_script *scripts;
    size_t nscripts, scripts_cap;
    /* the current script */
    bool in_script, want_code;
    rf_script s;
    rf_clause *conds, *acts;
    size_t nconds, conds_cap, nacts, acts_cap;
    char *code;
    size_t code_len, code_cap;
    /* the current room's <vary>, <weight>s and <unique> (load_vary.c) */
    rf_vary_step *vsteps;
    size_t nvsteps, vsteps_cap;
    rf_depth_weight *dweights;
    size_t ndweights, dweights_cap;
    bool in_validate; /* text goes to code, for the last of vsteps */
    /* a machines.xml pass (machines_load.c): the catalogue filled, NULL for
     * rooms; the current <blueprint> and its features */
    rf_machines *mach;
    bool in_blueprint;
    rf_arena_mark bp_mark;
    rf_blueprint bp;
    rf_feature *feats;
    size_t nfeats, feats_cap;
} rf_loader;

/* rf_grow, its call made only when the vector must grow: the loader's
 * scratch vectors are reused from room to room and rarely do. */
static inline bool rf_load_grow(void **items, size_t *cap, size_t need, size_t size)
{
    return need <= *cap || rf_grow(items, cap, need, size);
}

/* ---- load_diag.c ---- */

/* Reports one diagnostic at (line, col) of the file; an enabled error (or
 * one the loader cannot recover from) skips the current room. */
void rf_load_emit(rf_loader *ld, const char *code, int line, int col, const char *fmt, ...)
    RF_PRINTF(5, 6);

/* ---- load_cursor.c: positions in the raw bytes ---- */

/* Moves c forward to offset to of b, counting lines and columns. */
void rf_load_advance(const char *b, rf_cursor *c, size_t to);
/* Offset of the first pat in b[from, n), or n when there is none. */
size_t rf_load_find(const char *b, size_t from, size_t n, const char *pat);
/* Whether b[p, n) starts with pat. */
bool rf_load_starts(const char *b, size_t p, size_t n, const char *pat);
/* XML white space. */
bool rf_load_is_space(char c);
/* Offset of the root element's '<' in b[0, len): past the XML declaration,
 * processing instructions, comments and declarations. False when none. */
bool rf_load_root(const char *b, size_t len, size_t *at);
/* Moves ld->cur past the start tag libxml2 just parsed, recording the
 * element's position, its raw attributes (with what their values hold) and
 * the end of the tag. */
void rf_load_sync_tag(rf_loader *ld);
/* Fills pos with the (line, col) pairs of the first n decoded characters of
 * the attribute value at vpos, which starts at (vline, vcol). */
void rf_load_value_cells(const rf_loader *ld, size_t vpos, int vline, int vcol, size_t n, int *pos);
/* Whether the raw attribute value at vpos holds a literal tab (XML reads it
 * as a space); its (line, col) when it does. */
bool rf_load_value_tab(const rf_loader *ld, size_t vpos, int vline, int vcol, int *line, int *col);

/* ---- load_prescan.c ---- */

/* True when the raw bytes from start on may go to libxml2; else reports
 * why (xml-encoding, xml-doctype). */
bool rf_load_prescan(rf_loader *ld, size_t start);

/* ---- load_attrs.c: the current element's attributes ---- */

/* Reads the element's attributes (ld->xa) into ld->attrs, reporting
 * unknown, duplicated and badly typed ones. */
void rf_load_take_attrs(rf_loader *ld, const rf_gelem_spec *spec, const char *tag);
/* Whether memo slot m holds (name, el); el NULL: the element memo, whose
 * slots are keyed by the name alone. */
static inline bool rf_load_memo_holds(const rf_name_memo *m, const void *name,
                                      const rf_gelem_spec *el)
{
    return m->name == name && (!el || m->el == el);
}

/* The slot of the memo for (name, el), el NULL for the element memo (keyed
 * by the name alone): the one holding them, else the one to fill. Inline:
 * it runs for every element and attribute. */
static inline rf_name_memo *rf_load_memo(rf_name_memo *memo, const void *name,
                                         const rf_gelem_spec *el)
{
    /* Fibonacci hashing (the top bits of the product) and a second slot
     * beside the first, so that two names meeting in a slot do not evict
     * each other at every element */
    const uint64_t k = 0x9E3779B97F4A7C15u;
    uint64_t h = ((uint64_t)(uintptr_t)name ^ ((uint64_t)(uintptr_t)el * k)) * k;
    size_t i = (size_t)(((h >> 32) * RF_LOAD_MEMO) >> 32), j = (i + 1) % RF_LOAD_MEMO;
    if (rf_load_memo_holds(&memo[i], name, el))
        return &memo[i];
    if (rf_load_memo_holds(&memo[j], name, el) || (memo[i].name && !memo[j].name))
        return &memo[j];
    return &memo[i];
}

/* The attribute with normalised key, or NULL. Inline: the handlers ask for
 * a room's attributes a score of times. */
static inline const rf_attr *rf_load_attr(const rf_loader *ld, const char *key)
{
    size_t i;
    for (i = 0; i < ld->nattrs; i++)
        if (rf_text_eq(ld->attrs[i].key, key))
            return &ld->attrs[i];
    return NULL;
}

/* a's value as an integer; dflt when it is not one. */
long rf_load_int_value(const rf_attr *a, long dflt);
/* a's value as an integer; dflt when a is NULL (most optional attributes
 * are absent: no call then) or not an integer. */
static inline long rf_load_int_of(const rf_attr *a, long dflt)
{
    return a ? rf_load_int_value(a, dflt) : dflt;
}
/* Reports each group of spec->required that no attribute satisfies. */
void rf_load_check_required(rf_loader *ld, const rf_gelem_spec *spec, const char *tag);
/* s copied into the set's arena; NULL (ld->nomem set) when memory runs out. */
char *rf_load_adup(rf_loader *ld, const char *s);
/* The current attributes copied into the arena; NULL when there are none or
 * memory runs out (ld->nomem set). */
const rf_attr *rf_load_attrs_to_arena(rf_loader *ld);

/* ---- load_room.c: <room>, <row>, <flags> and objects ---- */

/* Each *_start handles the start tag of its element once its attributes
 * are taken. */
void rf_load_room_start(rf_loader *ld);
void rf_load_row_start(rf_loader *ld);
void rf_load_flags_start(rf_loader *ld);
void rf_load_object_start(rf_loader *ld, const rf_gelem_spec *spec, const char *tag);
/* At </room>: adds the room to the set, or undoes it when it is skipped. */
void rf_load_room_end(rf_loader *ld);
/* A room left out (its errors, or cut by a syntax error): recorded as
 * skipped, its memory given back. */
void rf_load_room_cut(rf_loader *ld);

/* ---- load_script.c: <script> and its clauses ---- */

/* At <script>, and at <condition> (cond) or <action>. */
void rf_load_script_start(rf_loader *ld);
void rf_load_clause_start(rf_loader *ld, bool cond, const char *tag);
/* At </script>: adds the script to the room's. */
void rf_load_script_end(rf_loader *ld);
/* Appends n bytes of text (or CDATA) to the script's Lua code. */
void rf_load_script_text(rf_loader *ld, const char *text, size_t n);

/* ---- load_vary.c: <vary> and its children, <weight>, <unique> ---- */

/* At the start tag of one of them (kind: its rf_elem_kind). */
void rf_load_vary_start(rf_loader *ld, rf_elem_kind kind);
/* At </validate>: its Lua text kept. */
void rf_load_validate_end(rf_loader *ld);
/* At </room>, before the room is built: the steps and weights into the
 * arena, on ld->t; false when memory ran out. */
bool rf_load_vary_finish(rf_loader *ld);
/* The box of each <subroom> (its glyph's cells in the rows read, which must
 * be one filled rectangle); false (each reported, vary-subroom-box) when a
 * box is empty or not one. Before rf_load_vary_finish. */
bool rf_load_vary_boxes(rf_loader *ld);

/* ---- machines_load.c: <blueprint> and <feature> of a machines.xml ---- */

/* At <blueprint> (its attributes taken) and at <feature>. */
void rf_load_blueprint_start(rf_loader *ld);
void rf_load_feature_start(rf_loader *ld);
/* At </blueprint>: adds it to ld->mach, or leaves it out for its errors. */
void rf_load_blueprint_end(rf_loader *ld);
/* A blueprint left out (its errors, or cut by a syntax error). */
void rf_load_blueprint_cut(rf_loader *ld);

/* ---- load_xml.c and load_recover.c ---- */

/* One pass over a file's bytes; `first` is the first pass when this is the
 * recovery pass, else NULL. */
rf_status rf_load_pass(rf_template_set *set, const char *name, const char *buf, size_t len,
                       rf_diags *d, const rf_loader *first);
/* A machines.xml in memory (name for diagnostics) or at path, read as a
 * rooms file is, its blueprints added to m (rf_machines_load_*). */
rf_status rf_load_machines_bytes(rf_machines *m, const char *name, const char *buf, size_t len,
                                 rf_diags *d);
rf_status rf_load_machines_path(rf_machines *m, const char *path, rf_diags *d);
/* The recovery pass after L1 met a syntax error at L1->syntax_line. */
rf_status rf_load_recover(const rf_loader *L1);

#endif /* RF_LOAD_INT_H */
