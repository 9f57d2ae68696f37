/* engine/src/load/template.c: the template set, its arena and the accessors.
 *
 * Pipeline: load; filled by load_room.c, read through template.h by the
 * checks, lint, the placer and the world. Design: one arena per set, rooms
 * undone by rewinding; a name index keeps the first template of each name.
 */
#include <ctype.h>
#include <stdalign.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "template_int.h"

#define CHUNK_MIN ((size_t)64 * 1024)
#define ALIGN (alignof(max_align_t))
#define HDR (((sizeof(rf_chunk) + ALIGN - 1) / ALIGN) * ALIGN)
/* Templates hold pointers, size_t, ints and chars: 8 bytes of alignment, not
 * max_align_t's 16, saves some 8 bytes an allocation (a dozen a room). */
#define OBJ_ALIGN                                                                                  \
    (alignof(void *) > alignof(long long) ? alignof(void *) : alignof(long long))

/* n bytes aligned to align (a power of two up to ALIGN). */
static void *arena_get(rf_arena *a, size_t n, size_t align)
{
    rf_chunk *c = a->top;
    size_t at = c ? (c->used + align - 1) & ~(align - 1) : 0;
    if (n == 0)
        n = 1;
    if (!c || at > c->cap || c->cap - at < n) {
        size_t cap = n > CHUNK_MIN ? n : CHUNK_MIN;
        if (cap > (size_t)-1 - HDR)
            return NULL;
        c = rf_alloc(HDR + cap);
        if (!c)
            return NULL;
        c->prev = a->top;
        c->cap = cap;
        c->used = 0;
        a->top = c;
        at = 0;
    }
    c->used = at + n;
    return (char *)c + HDR + at;
}

void *rf_arena_alloc(rf_arena *a, size_t n) { return arena_get(a, n, OBJ_ALIGN); }

char *rf_arena_strndup(rf_arena *a, const char *s, size_t n)
{
    char *p;
    if (n == (size_t)-1)
        return NULL;
    p = arena_get(a, n + 1, 1);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

rf_arena_mark rf_arena_get_mark(const rf_arena *a)
{
    rf_arena_mark m;
    m.top = a->top;
    m.used = a->top ? a->top->used : 0;
    return m;
}

void rf_arena_reset(rf_arena *a)
{
    while (a->top && a->top->prev) {
        rf_chunk *prev = a->top->prev;
        rf_free(a->top);
        a->top = prev;
    }
    if (a->top)
        a->top->used = 0;
}

void rf_arena_rewind(rf_arena *a, rf_arena_mark m)
{
    while (a->top && a->top != m.top) {
        rf_chunk *prev = a->top->prev;
        rf_free(a->top);
        a->top = prev;
    }
    if (a->top)
        a->top->used = m.used;
}

/* ---- the set ---- */

rf_template_set *rf_template_set_new(void) { return rf_calloc(1, sizeof(rf_template_set)); }

void rf_template_set_free(rf_template_set *set)
{
    rf_arena_mark none = {NULL, 0};
    size_t i;
    if (!set)
        return;
    rf_arena_rewind(&set->arena, none);
    rf_arena_rewind(&set->names, none);
    rf_arena_rewind(&set->stash, none);
    for (i = 0; set->ring && i <= set->hold; i++)
        rf_arena_rewind(&set->ring[i], none);
    rf_free(set->ring);
    rf_template_set_free_skipped(set);
    rf_free(set->seen);
    rf_free(set->items);
    rf_free(set->index);
    rf_free(set);
}

uint32_t rf_template_name_hash(const char *name)
{
    uint32_t h = 2166136261u;
    for (; *name; name++) { /* ASCII case folded, as strcasecmp compares */
        unsigned char c = (unsigned char)*name;
        h ^= c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
        h *= 16777619u;
    }
    return h ? h : 1; /* 0 marks an empty slot */
}

/* The name the index's slot (index + 1) stands for: a template's, or a
 * streaming set's room let go. */
static const char *slot_name(const rf_template_set *set, uint32_t slot)
{
    return set->each ? set->seen[slot - 1].name : set->items[slot - 1]->name;
}

/* Where name (of hash h) is in set's index, or the empty slot it would take. */
static size_t index_find(const rf_template_set *set, const char *name, uint32_t h)
{
    size_t mask = set->index_cap - 1, i;
    for (i = h & mask; set->index[i].hash; i = (i + 1) & mask)
        if (set->index[i].hash == h && strcasecmp(slot_name(set, set->index[i].slot), name) == 0)
            break; /* the stored hash first: a name is read only when it is likely equal */
    return i;
}

long rf_template_set_lookup(const rf_template_set *set, const char *name)
{
    uint32_t h;
    return name ? rf_template_set_lookup_hash(set, name, &h) : -1;
}

long rf_template_set_lookup_hash(const rf_template_set *set, const char *name, uint32_t *hash)
{
    size_t i;
    *hash = rf_template_name_hash(name);
    if (!set->index_cap)
        return -1;
    i = index_find(set, name, *hash);
    return set->index[i].hash ? (long)set->index[i].slot - 1 : -1;
}

static void index_put(rf_name_slot *index, size_t cap, rf_name_slot e)
{
    size_t mask = cap - 1, i = e.hash & mask;
    while (index[i].hash)
        i = (i + 1) & mask;
    index[i] = e;
}

/* Makes room in the index for n names; false when memory runs out. */
static bool index_room(rf_template_set *set, size_t n)
{
    size_t ncap, i;
    rf_name_slot *nidx;
    if (n * 2 <= set->index_cap)
        return true;
    ncap = set->index_cap ? set->index_cap * 2 : 64;
    if (!(nidx = rf_calloc(ncap, sizeof *nidx)))
        return false;
    for (i = 0; i < set->index_cap; i++)
        if (set->index[i].hash)
            index_put(nidx, ncap, set->index[i]);
    rf_free(set->index);
    set->index = nidx;
    set->index_cap = ncap;
    return true;
}

/* Indexes slot under name (of hash h) unless the name is there already (the
 * first of a name is the one found); false when memory runs out. */
static bool index_add(rf_template_set *set, const char *name, uint32_t h, uint32_t slot,
                      size_t n)
{
    size_t i;
    if (!index_room(set, n))
        return false;
    i = index_find(set, name, h);
    if (!set->index[i].hash)
        set->index[i] = (rf_name_slot){h, slot};
    return true;
}

bool rf_template_set_append(rf_template_set *set, rf_template *t, uint32_t hash)
{
    if (set->count >= UINT32_MAX - 1)
        return false;
    if (!rf_grow((void **)&set->items, &set->cap, set->count + 1, sizeof *set->items))
        return false;
    set->items[set->count] = t; /* index_add may read it */
    if (!index_add(set, t->name, hash, (uint32_t)set->count + 1, set->count + 1))
        return false;
    set->count++;
    return true;
}

void rf_template_set_where(const rf_template_set *set, long slot, const char **file, int *line)
{
    if (set->each) {
        *file = set->seen[slot].file;
        *line = set->seen[slot].line;
    } else {
        *file = set->items[slot]->file;
        *line = set->items[slot]->line;
    }
}

rf_status rf_template_set_stream(rf_template_set *set, rf_template_fn fn, void *ud, size_t hold)
{
    if (!set || !fn || set->count || set->nseen || set->nskipped || set->each ||
        hold > RF_TEMPLATE_HOLD_MAX)
        return RF_ERR_ARG;
    if (!(set->ring = rf_calloc(hold + 1, sizeof *set->ring)))
        return RF_ERR_NOMEM;
    set->hold = hold;
    set->each = fn;
    set->each_ud = ud;
    return RF_OK;
}

size_t rf_template_set_streamed(const rf_template_set *set) { return set ? set->nseen : 0; }

rf_arena_mark rf_template_set_room_begin(rf_template_set *set)
{
    if (set->ring) { /* the ring's next arena: the room in it was handed hold + 1 rooms ago */
        rf_arena *a = &set->ring[set->nseen % (set->hold + 1)];
        rf_arena_reset(a);
        set->stash = set->arena;
        set->arena = *a;
        a->top = NULL;
    }
    return rf_arena_get_mark(&set->arena);
}

void rf_template_set_room_end(rf_template_set *set, bool handed)
{
    if (set->ring) {
        /* the room's arena goes back to its place: handed, it advanced nseen */
        set->ring[(set->nseen - (handed ? 1 : 0)) % (set->hold + 1)] = set->arena;
        set->arena = set->stash;
        set->stash.top = NULL;
    }
}

rf_status rf_template_set_hand(rf_template_set *set, const rf_template *t, uint32_t hash)
{
    rf_status st = set->each(set->each_ud, t);
    rf_seen_room *r;
    if (st == RF_ERR_NOMEM)
        return st;
    if (set->nseen >= UINT32_MAX - 1 ||
        !rf_grow((void **)&set->seen, &set->seen_cap, set->nseen + 1, sizeof *set->seen))
        return RF_ERR_NOMEM;
    r = &set->seen[set->nseen];
    if (!(r->name = rf_arena_strndup(&set->names, t->name, strlen(t->name))))
        return RF_ERR_NOMEM;
    r->file = t->file; /* the file's name is in the set's own arena: it stays */
    r->line = t->line;
    if (!index_add(set, r->name, hash, (uint32_t)set->nseen + 1, set->nseen + 1))
        return RF_ERR_NOMEM;
    set->nseen++;
    return st; /* t stays in its ring arena until hold more rooms are handed over */
}

size_t rf_template_set_count(const rf_template_set *set) { return set ? set->count : 0; }

const rf_template *rf_template_set_at(const rf_template_set *set, size_t i)
{
    return set && i < set->count ? set->items[i] : NULL;
}

const rf_template *rf_template_set_find(const rf_template_set *set, const char *name)
{
    long i = set && !set->each ? rf_template_set_lookup(set, name) : -1; /* streamed: names only */
    return i < 0 ? NULL : set->items[i];
}

/* True when hay contains needle, case-insensitively. */
static bool contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle), i;
    for (; n && *hay; hay++) {
        for (i = 0; i < n && hay[i] && tolower((unsigned char)hay[i]) ==
                                           tolower((unsigned char)needle[i]); i++)
            ;
        if (i == n)
            return true;
    }
    return false;
}

const char *rf_template_set_suggest(const rf_template_set *set, const char *name)
{
    rf_text_near n;
    size_t i;
    if (!set || !name || !*name)
        return NULL;
    for (i = 0; i < set->count; i++)
        if (contains_nocase(set->items[i]->name, name))
            return set->items[i]->name;
    rf_text_near_init(&n, name);
    for (i = 0; i < set->count; i++)
        rf_text_near_try(&n, set->items[i]->name);
    return n.pick;
}

/* ---- names ---- */

static const char *const object_names[RF_OBJ_COUNT] = {
    "clock", "customBlocker", "customBreakable", "customEngraving", "element",  "horde",
    "lever", "loot",          "magicBlocker",    "monster",         "pedestal", "trap",
    "object"};

const char *rf_object_type_name(rf_object_type t)
{
    return (int)t >= 0 && t < RF_OBJ_COUNT ? object_names[t] : "?";
}

const char *rf_object_tag(const rf_object *o)
{
    return o->type == RF_OBJ_OTHER && o->tag ? o->tag : rf_object_type_name(o->type);
}

bool rf_name_key(const char *name, char *buf, size_t cap)
{
    size_t n = 0;
    if (!name || !buf || cap == 0)
        return false;
    for (; *name; name++) {
        if (*name == '_')
            continue;
        if (n + 1 >= cap)
            return false;
        buf[n++] = (char)tolower((unsigned char)*name);
    }
    buf[n] = '\0';
    return true;
}

bool rf_object_type_parse(const char *tag, rf_object_type *out)
{
    char key[32], name[32];
    int i;
    if (!rf_name_key(tag, key, sizeof key))
        return false;
    for (i = 0; i < RF_OBJ_OTHER; i++) { /* "object" names no element */
        if (!rf_name_key(object_names[i], name, sizeof name))
            continue;
        if (strcmp(key, name) == 0) {
            *out = (rf_object_type)i;
            return true;
        }
    }
    return false;
}

const char *rf_attrs_find(const rf_attr *attrs, size_t nattrs, const char *key)
{
    char k[64];
    size_t i;
    if (!attrs || !rf_name_key(key, k, sizeof k))
        return NULL;
    for (i = 0; i < nattrs; i++)
        if (strcmp(attrs[i].key, k) == 0)
            return attrs[i].value;
    return NULL;
}

const char *rf_side_name(rf_side s)
{
    static const char *const names[] = {"north", "south", "west", "east"};
    return (int)s >= 0 && s <= RF_SIDE_EAST ? names[s] : "?";
}

/* ---- accessors ---- */

const char *rf_template_name(const rf_template *t) { return t->name; }
const char *rf_template_file(const rf_template *t) { return t->file; }
int rf_template_line(const rf_template *t) { return t->line; }
int rf_template_col(const rf_template *t) { return t->col; }
int rf_template_width(const rf_template *t) { return t->width; }
int rf_template_height(const rf_template *t) { return t->height; }

char rf_template_cell(const rf_template *t, int x, int y)
{
    if (x < 0 || y < 0 || x >= t->width || y >= t->height)
        return ' ';
    return t->cells[(size_t)y * ((size_t)t->width + 1) + (size_t)x];
}

const char *rf_template_row(const rf_template *t, int y)
{
    if (y < 0 || y >= t->height)
        return NULL;
    return t->cells + (size_t)y * ((size_t)t->width + 1);
}

int rf_template_row_line(const rf_template *t, int y)
{
    return y < 0 || y >= t->height ? 0 : t->row_lines[y];
}

int rf_template_row_col(const rf_template *t, int y)
{
    return y < 0 || y >= t->height ? 0 : t->row_cols[y];
}

bool rf_template_cell_pos(const rf_template *t, int x, int y, int *line, int *col)
{
    int ln = 0, cl = 0;
    bool in = x >= 0 && y >= 0 && x < t->width && y < t->height;
    if (in && t->cell_pos && t->cell_pos[y]) {
        ln = t->cell_pos[y][2 * x];
        cl = t->cell_pos[y][2 * x + 1];
    } else if (in) {
        ln = t->row_lines[y];
        cl = t->row_cols[y] + x;
    }
    if (line)
        *line = ln;
    if (col)
        *col = cl;
    return in;
}

const rf_flags *rf_template_flags(const rf_template *t) { return &t->flags; }
size_t rf_template_door_count(const rf_template *t) { return t->ndoors; }

const rf_door *rf_template_door(const rf_template *t, size_t i)
{
    return i < t->ndoors ? &t->doors[i] : NULL;
}

bool rf_template_anchor(const rf_template *t, int digit, int *x, int *y)
{
    if (digit < 0 || digit > 9 || t->anchor_x[digit] < 0)
        return false;
    if (x)
        *x = t->anchor_x[digit];
    if (y)
        *y = t->anchor_y[digit];
    return true;
}

unsigned rf_template_used_digits(const rf_template *t)
{
    size_t s;
    for (s = 0; s < t->nscripts; s++)
        if (t->scripts[s].lang != RF_SCRIPT_XML)
            return 0x3ffu; /* a Lua script may name any anchor */
    return rf_symbol_named_digits(t, NULL);
}

size_t rf_template_object_count(const rf_template *t) { return t->nobjects; }

const rf_object *rf_template_object(const rf_template *t, size_t i)
{
    return i < t->nobjects ? &t->objects[i] : NULL;
}

const rf_object *rf_template_object_find(const rf_template *t, const char *id)
{
    size_t i;
    if (!id)
        return NULL;
    for (i = 0; i < t->nobjects; i++)
        if (t->objects[i].id && strcmp(t->objects[i].id, id) == 0)
            return &t->objects[i];
    return NULL;
}

size_t rf_template_script_count(const rf_template *t) { return t->nscripts; }

const rf_script *rf_template_script(const rf_template *t, size_t i)
{
    return i < t->nscripts ? &t->scripts[i] : NULL;
}

int rf_template_weight(const rf_template *t) { return t->weight; }
const char *rf_template_tags(const rf_template *t) { return t->tags; }
bool rf_template_can_rotate(const rf_template *t) { return t->rotate; }
bool rf_template_can_mirror(const rf_template *t) { return t->mirror; }
