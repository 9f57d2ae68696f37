/* engine/src/load/template_int.h: the insides of rf_template and
 * rf_template_set.
 *
 * Pipeline: load; shared by template.c and load_room.c. Design: templates
 * live in the set's arena (bump-allocated chunks, rewound to skip a room);
 * names in a case-insensitive hash that keeps insertion order. A streaming
 * set builds each room in a ring of arenas and keeps names only (rf_seen_room).
 */
#ifndef RF_TEMPLATE_INT_H
#define RF_TEMPLATE_INT_H

#include <stdint.h>

#include "roomforge/template.h"

typedef struct rf_chunk {
    struct rf_chunk *prev;
    size_t cap, used;
    /* data follows, max_align_t aligned */
} rf_chunk;

typedef struct rf_arena {
    rf_chunk *top;
} rf_arena;

typedef struct rf_arena_mark {
    rf_chunk *top;
    size_t used;
} rf_arena_mark;

/* n bytes aligned for pointers, size_t and 64-bit integers (what templates
 * hold; nothing in an arena needs max_align_t); NULL when memory runs out. */
void *rf_arena_alloc(rf_arena *a, size_t n);
char *rf_arena_strndup(rf_arena *a, const char *s, size_t n);
rf_arena_mark rf_arena_get_mark(const rf_arena *a);
void rf_arena_rewind(rf_arena *a, rf_arena_mark m); /* frees what came after m */
/* Empties a, keeping its first chunk for what comes next (no free and
 * allocate again per room of a streaming set). */
void rf_arena_reset(rf_arena *a);

/* ---- rooms that vary (DESIGN 16; vary_*.c) ---- */

typedef enum rf_vary_kind {
    RF_VARY_SUBST = 0,
    RF_VARY_NSUBST,
    RF_VARY_SHUFFLE,
    RF_VARY_VALIDATE,
    RF_VARY_SUBROOM
} rf_vary_kind;

/* One choice: subst "W:3" (n the weight, >= 1) or nsubst "2=W" (n the
 * count, RF_VARY_REST for "*"). */
typedef struct rf_vary_pick {
    char glyph;
    int n;
} rf_vary_pick;
#define RF_VARY_REST (-1)
#define RF_VARY_MAX_PICKS 64  /* choices of one subst or nsubst */
#define RF_VARY_MAX_STEPS 64  /* children of one <vary> */
#define RF_VARY_MAX_WEIGHT 10000
/* Subrooms inside subrooms: a room filled at this depth fills none. */
#define RF_VARY_SUBROOM_DEPTH 4

/* One child of <vary>, in the order written. */
typedef struct rf_vary_step {
    rf_vary_kind kind;
    char glyph;  /* subst, nsubst: the placeholder replaced */
    bool once;   /* subst: one pick shared by every cell */
    size_t npicks;
    const rf_vary_pick *picks;
    size_t ngroups, glen; /* shuffle: ngroups groups of glen glyphs each */
    const char *groups;   /* ngroups * glen glyphs, group after group */
    const char *code;     /* validate: the Lua text */
    int code_line, code_col;
    const char *tags;     /* subroom: the tags every candidate carries */
    int bx, by, bw, bh;   /* subroom: its box of glyph cells, at </room> */
    /* subroom: the rooms that fit the box, set by rf_template_set_link
     * (vary_link.c); none before it, and the box then stays unresolved */
    const rf_template *const *cands;
    size_t ncands;
    int line, col; /* of the child's '<' */
} rf_vary_step;

/* <weight depth="lo-hi" value="n">: 1-based depths. */
typedef struct rf_depth_weight {
    int lo, hi, value;
} rf_depth_weight;

typedef enum rf_unique_scope { RF_UNIQUE_NONE = 0, RF_UNIQUE_LEVEL, RF_UNIQUE_RUN } rf_unique_scope;

struct rf_template {
    const char *name, *file;
    int line, col;
    int width, height;
    const char *cells; /* height rows of width chars + NUL each */
    const int *row_lines; /* file line of each row's first cell */
    const int *row_cols;  /* its column */
    /* NULL when every row is plain (cell x at row_cols[y] + x); else, per
     * row, NULL for a plain row or width (line, col) pairs for a row whose
     * value holds references or line breaks. */
    const int *const *cell_pos;
    rf_flags flags;
    size_t ndoors, nobjects, nscripts;
    const rf_door *doors;
    const rf_object *objects;
    const rf_script *scripts;
    int weight;
    const char *tags;
    bool rotate, mirror;
    bool subrooms; /* some <vary> step is a subroom: checked at the link */
    int16_t anchor_x[10], anchor_y[10]; /* -1 when the digit is not on the map */
    /* DESIGN 16 */
    size_t nvary; /* steps of <vary>; 0 for a room that does not vary */
    const rf_vary_step *vary;
    int vary_line, vary_col; /* of <vary>'s '<'; 0 when none */
    size_t ndepth_weights;
    const rf_depth_weight *depth_weights;
    rf_unique_scope unique;
    uint32_t variant;         /* a variant's number */
    const char *unique_group; /* NULL: the room itself */
    const rf_template *base;  /* a variant's template; NULL for a loaded one */
    /* a variant's picks: per <subst> step in order, per choice, the cells
     * (once="1": the one draw) that took it; NULL for a loaded template */
    const uint32_t *subst_picks;
    rf_arena own; /* a variant's: what its subrooms brought (vary_subroom.c) */
    /* fields ordered so that a loaded room (160,000 in test_load's big
     * file) carries no padding the variant fields would add */
};

/* A room a load left out for errors (rf_template_set_skipped_at). */
typedef struct rf_skipped_room {
    char *name;       /* heap copy; NULL when the room had no name */
    const char *file; /* in the set's arena */
    int line, col;
} rf_skipped_room;

/* A slot of the name index: the name's hash (never 0) and its template's
 * (or seen room's) index + 1. The hash is kept so probes compare it first. */
typedef struct rf_name_slot {
    uint32_t hash, slot;
} rf_name_slot;

/* A room a streaming set handed over and let go: what duplicate-room needs. */
typedef struct rf_seen_room {
    const char *name; /* in the set's names arena */
    const char *file; /* in its arena, before any room */
    int line;
} rf_seen_room;

struct rf_template_set {
    rf_arena arena;
    rf_template **items;
    size_t count, cap;
    rf_name_slot *index; /* open addressing over the names; hash 0: empty */
    size_t index_cap;
    rf_skipped_room *skipped;
    size_t nskipped, skipped_cap;
    rf_template_fn each; /* non-NULL: a streaming set (rf_template_set_stream) */
    void *each_ud;
    rf_seen_room *seen; /* a streaming set's rooms; its index is over them */
    rf_arena names;     /* their names */
    rf_arena *ring;     /* hold + 1 arenas, a room in each, in turn */
    size_t hold;        /* rooms fn may still use after their call */
    rf_arena stash;     /* the set's own arena while a room is in a ring's */
    size_t nseen, seen_cap;
    size_t nsubrooms; /* rooms loaded with a <subroom> (rf_template_set_link) */
    size_t nsubonly;  /* rooms loaded used only as subrooms (tags, no door) */
};

/* Case-insensitive hash of a room name; never 0. */
uint32_t rf_template_name_hash(const char *name);
/* The index of the first template named name (case-insensitively), or -1. */
long rf_template_set_lookup(const rf_template_set *set, const char *name);
/* The same, for the loader's room: its name's hash goes to *hash, which its
 * rf_template_set_append or rf_template_set_hand then takes (one hash a room). */
long rf_template_set_lookup_hash(const rf_template_set *set, const char *name, uint32_t *hash);
/* Appends t (already in set's arena), hash being its name's; false when
 * memory runs out (the set is then unchanged). */
bool rf_template_set_append(rf_template_set *set, rf_template *t, uint32_t hash);
/* Where the room of index slot (rf_template_set_lookup's) is: *file, *line. */
void rf_template_set_where(const rf_template_set *set, long slot, const char **file, int *line);
/* A room's start: a streaming set swaps in the ring's next arena (emptied:
 * the room it held was handed hold + 1 rooms ago); the mark to rewind to
 * when the room is left out. */
rf_arena_mark rf_template_set_room_begin(rf_template_set *set);
/* The room's end, handed over (rf_template_set_hand) or left out: a
 * streaming set's own arena comes back. */
void rf_template_set_room_end(rf_template_set *set, bool handed);
/* A streaming set's step: hands t to set->each and keeps t's name (of hash
 * hash), file and line. The callback's status, or RF_ERR_NOMEM. */
rf_status rf_template_set_hand(rf_template_set *set, const rf_template *t, uint32_t hash);
/* Records a room left out (name copied; file must live in set's arena);
 * false when memory runs out. */
bool rf_template_set_skip(rf_template_set *set, const char *name, const char *file, int line,
                          int col);
/* Frees the skipped-room records (template_edit.c). */
void rf_template_set_free_skipped(rf_template_set *set);
/* A fresh name index over set->items (first template of each name);
 * false when memory runs out (the old index is then kept). */
bool rf_template_set_reindex(rf_template_set *set);

#endif /* RF_TEMPLATE_INT_H */
