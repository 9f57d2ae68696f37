/* engine/src/world/world_int.h: the world's layout and what world.c,
 * world_lua.c, world_effect.c and world_lint.c share.
 *
 * Pipeline: world; world.c decides and reports, world_lua.c's steps touch
 * Lua, each run protected by rf_luavm_call.
 */
#ifndef RF_WORLD_INT_H
#define RF_WORLD_INT_H

#include <lua.h>

#include "vm/seam.h"
#include "roomforge/orient.h"
#include "roomforge/placed.h"
#include "roomforge/machines.h"
#include "roomforge/world.h"

/* A room of the world: its template at a level offset, the rules it compiled. */
/* Caps on what rules copy into C (docs/designers.md: effect caps): the
 * bytes of one effect's text or id, the effects of one tick and their text
 * bytes. Past one, the rule making the effect fails (script-error). */
#define RF_WORLD_TEXT_MAX 1024
#define RF_WORLD_TICK_EFFECTS 10000
#define RF_WORLD_TICK_BYTES (1024 * 1024)

typedef struct rf_world_room_rec {
    const rf_template *t; /* NULL: a level room without a template (objects only), or
                           * a machine's room */
    const rf_blueprint *bps[2]; /* a machine's room (DESIGN 17): the blueprints its
                                 * rules come from (a key holder, then its reward) */
    size_t nbps;
    char *mname;          /* a machine room's name: its blueprints' joined by " + " */
    uint8_t *mcells;      /* a machine room's tw*th box, row-major: 1 on the cells of
                           * its machines (rf_world_room_at), NULL otherwise */
    int x, y;   /* level position of the turned room's (0, 0) */
    int tw, th; /* the template's own width and height (the box of a room without one) */
    int orient; /* 0-7 (roomforge/orient.h) */
    int level_room; /* rf_world_room.level_room */
    size_t rules;
    long long spent; /* instructions its user rules ran this tick (tick_pool) */
} rf_world_room_rec;

/* A registry answer kept (world.c): whether a condition or action type
 * named name is registered. */
typedef struct rf_world_known {
    char *name; /* owned */
    bool action, yes;
} rf_world_known;
#define RF_WORLD_KNOWN_MAX 64

/* A Lua chunk of a room: where its lines are in which file. */
typedef struct rf_world_chunk {
    size_t room;
    int script;
    char *file; /* owned */
    int first_line, first_col;
} rf_world_chunk;

struct rf_world {
    rf_luavm *vm;
    rf_template **variants; /* the world's own copies of the variants its level rooms
                             * are (DESIGN 16): a level may go before its world */
    size_t nvariants, capvariants;
    lua_State *L;
    rf_world_opts opts;
    char *scripts_dir; /* owned copy of opts.scripts_dir */
    rf_world_room_rec *rooms;
    size_t nrooms, caprooms;
    rf_world_chunk *chunks;
    size_t nchunks, capchunks;
    rf_effect *log;
    char **log_blocks; /* the strings of log[i], one block each */
    size_t nlog, caplog;
    size_t log_start; /* opts.log_max: the oldest effect's slot once the log is full */
    rf_world_host host;
    int px, py;
    long tick;
    char *scratch; /* rf_world_object.id */
    size_t capscratch;
    rf_script_types types;
    rf_world_known *known; /* RF_WORLD_KNOWN_MAX slots, nknown used */
    size_t nknown;
    bool quiet_unknown; /* rf_world_lint: lint.c reports unknown types */
    bool checked_xml;   /* rf_world_lint: XML scripts of built-in clauses only are not
                         * compiled (the loader's checker saw them; world_lint.c) */
    bool emit_failed;   /* the effect log could not grow */
    bool suspect;       /* a chunk hit the memory cap or its budget: lint trusts the state no more */
    long long tick_left; /* the tick's pool: instructions user rules may still run */
    size_t tick_effects, tick_bytes; /* effects and their text bytes this tick */
    size_t arm_room;     /* the room whose rule the pool is armed for */
    long long arm_left;  /* the pool when it was armed */
    bool busy;           /* a host callback runs: calls that change w are refused */
    char *attrs;         /* rf_world_object_attr_get: the last asked object's
                          * attributes, "key\0value\0" each (world_attr.c) */
    size_t capattrs, nattrs;
};

/* Inside a host callback: reports world-busy naming what (when d is not
 * NULL) and returns true; the caller then refuses with RF_ERR_ARG. */
bool rf_world_busy(rf_world *w, rf_diags *d, const char *what);

/* The world as light userdata; arg 1 of a protected call. Builds the host
 * table, runs engine.lua (its table E kept in the registry), then with E
 * rules.lua, room_api.lua, conditions.lua, actions.lua. */
int rf_world_step_boot(lua_State *L);
/* The seed of the math.random stream of one environment: kind "room" (index
 * the room, script its script) or "extension" (index the file), from the
 * world's seed, so a room's draws depend on nothing another room does. */
uint64_t rf_world_env_seed(const rf_world *w, const char *kind, size_t index, size_t script);
/* Runs every *.lua of dir, in byte order of names. false when one failed. */
bool rf_world_load_extensions(rf_world *w, const char *dir, rf_diags *d, bool *nomem, bool *io);
/* Bytes of one src or extension file (read with rf_fs_read). */
#define RF_WORLD_LUA_FILE_MAX ((size_t)1 << 20)
/* E.fn(name) is true (has_condition, has_action); false also on failure,
 * when *answered is false. */
bool rf_world_ask(rf_world *w, const char *fn, const char *name, bool *answered);
/* Forgets the registry answers world.c keeps (has_condition, has_action):
 * called wherever user Lua may have run, since it may register types. */
void rf_world_forget_types(rf_world *w);
/* An integer field of E, 0 when it cannot be read. */
long rf_world_engine_int(rf_world *w, const char *field);
/* Logs e (when the world keeps a log) and tells the host; false, with
 * emit_failed set, when memory runs out. Called by engine.lua's emit. */
bool rf_world_emit(rf_world *w, const rf_effect *e);

/* Whether every clause of XML script sc is of a built-in type. */
bool rf_world_builtin_script(const rf_script *sc);
/* rf_world_lint_rooms, and with compile_all the XML rooms whose clauses are
 * all built-in compiled in a world too, which lint skips (the loader's
 * checker saw all a world would): test_lint proves both give the same. */
rf_status rf_world_lint_run(const rf_template_set *set, const rf_world_opts *opts, rf_diags *d,
                            bool *bad, bool compile_all);

/* ---- steps: each reads its struct (arg 1) and calls one E function ---- */

typedef struct rf_world_room_step {
    rf_world *w;
    size_t index;
    const rf_template *t;
    const rf_script *sc;
    const char *file; /* the file sc was read from (rf_world_rec_script) */
    int script;
    long mark;        /* rules before a Lua chunk */
    bool mark_known;  /* mark holds E.nrules now (lint: no step needed to ask) */
    bool lint;        /* rf_world_lint_room: the step reads mark too, defers the objects */
    const char *code; /* Lua chunk */
    size_t len;
    const char *chunk; /* its name "=rN" */
    size_t nrules;     /* out: rules of the room */
    long long load_left; /* the room's load budget still left to its chunks */
    const struct rf_world_level_obj *objs; /* rf_world_add_level: the room's objects
                                            * instead of the template's */
    size_t nobjs;
} rf_world_room_step;

/* One level object as rf_world_add_level hands it to its world room. */
typedef struct rf_world_level_obj {
    const rf_placed *p;
    const rf_object *source; /* its template object, or NULL */
    uint64_t handle, horde;
    bool leader;
} rf_world_level_obj;

/* Variant v of base (DESIGN 16) drawn again as the world's own copy, freed
 * with the world, in *out: a level's or a save's varying room. RF_OK;
 * RF_ERR_ARG when base does not vary or is itself a variant; RF_ERR_NOMEM. */
rf_status rf_world_own_variant(rf_world *w, const rf_template *base, uint32_t v,
                               const rf_template **out);

/* Adds a room (t, or NULL for a level room without a template of box
 * tw x th) as rf_world_add_room_turned does, with objs (nobjs) instead of
 * the template's objects when objs is not NULL. */
rf_status rf_world_add_rec(rf_world *w, const rf_template *t, int x, int y, int tw, int th,
                           int orient, int level_room, const rf_world_level_obj *objs,
                           size_t nobjs, rf_diags *d, size_t *index);
/* Adds the room of a machine group (DESIGN 17; world_machine.c): box tw x th
 * at x, y, cells its tw*th map (1 on a cell of its machines: what it holds
 * for rf_world_room_at; copied), objs its objects, the rules of the nbps
 * blueprints bps (1 or 2) in order; level_room 0. As rf_world_add_rec. */
rf_status rf_world_add_machine_rec(rf_world *w, const rf_blueprint *const *bps, size_t nbps,
                                   int x, int y, int tw, int th, const uint8_t *cells,
                                   const rf_world_level_obj *objs, size_t nobjs, rf_diags *d,
                                   size_t *index);
/* Where a room's scripts come from (world_machine.c): its template's, or its
 * blueprints' in order. rf_world_rec_script gives script i and the file it
 * was read from (NULL past the end); rf_world_rec_file the file and line a
 * diagnostic about the room as a whole names. */
size_t rf_world_rec_nscripts(const rf_world_room_rec *r);
const rf_script *rf_world_rec_script(const rf_world_room_rec *r, size_t i, const char **file);
const char *rf_world_rec_file(const rf_world_room_rec *r, int *line);
struct rf_level;
/* The rooms of l's machine groups (world_machine.c), after its level rooms:
 * one a treasure machine (its key holder's and reward's objects and rules)
 * and one an autogenerator, in machine order; objs (n) the level's machine
 * objects. RF_OK, RF_ERR_CONTENT (a script left out), or a failure. */
rf_status rf_world_add_level_machines(rf_world *w, const struct rf_level *l,
                                      const struct rf_world_level_obj *objs, size_t n,
                                      rf_diags *d);
/* A diagnostic about room `room` (its script `script`, -1: the room as a
 * whole) at file:line:col (world.c). */
void rf_world_report(rf_diags *d, const char *code, const char *file, int line, int col,
                     const char *room, int script, const char *msg, const char *tail);
/* Reads the src file of step s's script, resolved into path (cap bytes),
 * into *owned, s->code and s->len (world_src.c); false when it failed
 * (reported, or *nomem). */
bool rf_world_read_src(rf_world_room_step *s, rf_diags *d, bool *nomem, char *path, size_t cap,
                       char **owned);
/* The name of a machine group's room: its blueprints' names joined by " + "
 * (malloc'd), NULL when memory runs out. */
char *rf_world_machine_name(const rf_blueprint *const *bps, size_t nbps);
/* Inside a protected step: pushes E.name (engine.lua's table E). */
void rf_world_push_fn(lua_State *L, const char *name);
/* Pushes the engine table E; rf_world_keep_engine stores the table on top
 * (popped) as E, at boot. */
void rf_world_push_engine(lua_State *L);
void rf_world_keep_engine(lua_State *L);
/* Field `name` of the table at index t, its value left pushed (a string
 * lives until the calling C function returns), raising when mistyped: an
 * integer (def when nil); a coordinate (0 when nil) within
 * RF_WORLD_COORD_MAX; a truth; text (NULL when nil or false). */
int rf_world_field_int(lua_State *L, int t, const char *name, int def);
int rf_world_field_coord(lua_State *L, int t, const char *name);
bool rf_world_field_bool(lua_State *L, int t, const char *name);
const char *rf_world_field_str(lua_State *L, int t, const char *name);
/* A room's template name, "" without a template. */
const char *rf_world_rec_name(const rf_world_room_rec *r);

int rf_world_step_new_room(lua_State *L);  /* E.new_room, E.add_object per object */
/* E.add_object for each of t's objects in room `room` (0-based), in order:
 * a new room's, or a lint room's when it is first asked (host.objects). */
void rf_world_add_template_objects(lua_State *L, size_t room, const rf_template *t);
int rf_world_step_xml(lua_State *L);       /* E.compile_xml of s->sc */
int rf_world_step_mark(lua_State *L);      /* s->mark = E.mark() */
int rf_world_step_truncate(lua_State *L);  /* E.truncate(s->mark) */
int rf_world_step_chunk(lua_State *L);     /* runs s->code as chunk s->chunk */
int rf_world_step_room_rules(lua_State *L); /* s->nrules = E.room_rules(index) */
/* Runs lint.lua with E (arg 1 unused): adds E.release_last; lint world only. */
int rf_world_step_lint_boot(lua_State *L);
/* E.release_last(s->index), then a full collection when s->nrules is not 0. */
int rf_world_step_release(lua_State *L);

typedef struct rf_world_obj_step {
    rf_world *w;
    size_t room;
    uint64_t handle; /* with room (size_t)-1: look up by handle */
    size_t i; /* 1-based, or 0 to look up id */
    const char *id;
    rf_world_object *out;
    bool found;
    size_t count;
} rf_world_obj_step;

int rf_world_step_object(lua_State *L);       /* E.object_find or E.object_at into s->out */
int rf_world_step_object_count(lua_State *L); /* s->count = E.object_count(room) */

typedef struct rf_world_event_step {
    const char *fn;
    size_t room;
    const char *id;
    long n; /* hits, or x */
    long y;
    int nargs;
    bool result;
} rf_world_event_step;

int rf_world_step_event(lua_State *L); /* E.<fn>(...): enter, exit, move_player, ... */

/* An event on an object by handle: E.obj_event(fn, handle, n, x, y). */
typedef struct rf_world_obj_event_step {
    const char *fn; /* "kill", "pull", "hit", "break", "move" */
    uint64_t handle;
    long n, x, y;
    char why[200]; /* out: what was wrong, "" when the event was done */
} rf_world_obj_event_step;

int rf_world_step_obj_event(lua_State *L);

typedef struct rf_world_tick_step {
    long from;
    int ri, script, chunk, line;
    const char *kind;
    bool have;
    size_t count; /* rules disabled by rf_world_step_disable_room */
} rf_world_tick_step;

int rf_world_step_begin_tick(lua_State *L); /* E.begin_tick() */
int rf_world_step_run(lua_State *L);        /* E.run(s->from) */
int rf_world_step_disable(lua_State *L);    /* E.disable(s->from): the failed rule */
/* E.rule_room(s->from): s->ri, the failing rule's room (-1 none). */
int rf_world_rule_room(lua_State *L);
/* E.disable_user_rules(s->ri): every rule of that room running user Lua. */
int rf_world_step_disable_room(lua_State *L);
/* Lint only (world_lint.c): what rf_world_add_room (at 0, 0, unturned) and
 * a release do for a world without rooms, in few protected steps: adds t as
 * room 0, runs its scripts (their diagnostics to d, the
 * same as a fresh world's; the return is rf_world_add_room's), and, unless
 * that failed for memory or w->suspect was set, releases the room, with a
 * full collection when the state then holds more than collect_over bytes.
 * *kept: the room was released and w takes the next one; when false, w is
 * to be freed. The engine's release runs without the count hook (no user
 * code runs in it). */
rf_status rf_world_lint_room(rf_world *w, const rf_template *t, rf_diags *d, size_t collect_over,
                             bool *kept);

/* Coordinates beyond this are clamped by rf_world_rec_map (so no mapping
 * overflows); positions a rule emits beyond it are a script error. */
#define RF_WORLD_COORD_MAX (1 << 28)
/* The one coordinate mapping of the world: (x, y) counted from `from` in
 * room r, counted from `to` (template, the turned room's box, the level). */
void rf_world_rec_map(const rf_world_room_rec *r, rf_coords from, int x, int y, rf_coords to,
                      int *ox, int *oy);

/* After a rule's arm ends (disarm, or a failure): moves what it spent from
 * the tick's pool to its room's count. */
void rf_world_pool_take(rf_world *w);

#endif /* RF_WORLD_INT_H */
