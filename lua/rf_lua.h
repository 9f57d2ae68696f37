/* lua/rf_lua.h: what the files of the `roomforge` Lua module share: the
 * userdata types, the scratch box, and the conversions every file uses.
 *
 * Pipeline: above the library (DESIGN 15); reads Lua arguments, calls the
 * public API (engine/include/roomforge) only, produces Lua values.
 * Design: every C object reaches Lua as a userdata whose __gc frees it, made
 * before the object, so a Lua error (out of memory) between two calls leaks
 * nothing; scratch objects of one call (a sink, a scenario, a buffer) live in
 * a box userdata for the same reason. A level holds its pack (user value 1),
 * a world its level: the object borrowed from is never freed first. Bad
 * content returns nil, diagnostics; misuse raises (luaL_argerror).
 */
#ifndef RF_LUA_H
#define RF_LUA_H

#include <lauxlib.h>
#include <lua.h>
#include <stdbool.h>

#include "roomforge/diag.h"
#include "roomforge/level.h"
#include "roomforge/pack.h"
#include "roomforge/scenario.h"
#include "roomforge/stats.h"
#include "roomforge/world.h"

#define RF_LUA_PACK "roomforge.pack"
#define RF_LUA_LEVEL "roomforge.level"
#define RF_LUA_WORLD "roomforge.world"
#define RF_LUA_BOX "roomforge.box"

/* A loaded pack; freed when closed (or collected) and no level borrows it. */
typedef struct rf_lua_pack {
    int busy;      /* calls of its own running (rf_lua_guard): close refused */
    rf_pack *pack;
    char **dirs;   /* the packs' paths, as given (lint reads them again) */
    size_t ndirs;
    char *scripts; /* the scripts directory, or NULL */
    size_t levels; /* live levels and worlds borrowing its templates */
    bool closed;
    rf_level_maker *maker; /* its levels' (made by the first), over its profiles */
} rf_lua_pack;

/* A generated level; user values: 1 its pack, 2 its fields (made on first
 * read). */
typedef struct rf_lua_level {
    int busy; /* as rf_lua_pack's */
    rf_level *level;
    rf_lua_pack *pack;
} rf_lua_level;

/* A world made from a level (rf_world_add_level); user value 1 the pack
 * whose templates it borrows. */
typedef struct rf_lua_world {
    int busy; /* as rf_lua_pack's */
    rf_world *world;
    rf_lua_pack *pack;
} rf_lua_world;

/* The scratch of one call: whatever is set is freed with the box. */
typedef struct rf_lua_box {
    rf_diags *diags;
    rf_scenario *scenario;
    rf_scenario_result *result;
    rf_world *world;
    rf_stats *stats;
    char *buf; /* free()d */
} rf_lua_box;

/* Pushes a new empty box (with a sink when sink is true; raises when memory
 * runs out). */
rf_lua_box *rf_lua_box_push(lua_State *L, bool sink);

/* t[key] = v for the table on top of the stack; a NULL string sets
 * nothing (JSON's null is an absent field). */
void rf_lua_set_string(lua_State *L, const char *key, const char *v);
void rf_lua_set_int(lua_State *L, const char *key, lua_Integer v);
void rf_lua_set_bool(lua_State *L, const char *key, bool v);

/* Pushes d as DESIGN 15's diagnostics: an array of {file, line, column,
 * severity, code, message} (lint's JSON fields) with the fields errors and
 * warnings. */
void rf_lua_push_diags(lua_State *L, const rf_diags *d);
/* Pushes nil, d's diagnostics; returns 2 (a function's bad-content answer). */
int rf_lua_fail(lua_State *L, const rf_diags *d);
/* The close of a call that made a level, world or run borrowing p's
 * templates (its userdata on the stack below): st NOMEM raises, another
 * failure returns nil, diagnostics; RF_OK sets *owner to p, counts it in
 * p->levels and returns the userdata and d. */
int rf_lua_made(lua_State *L, rf_status st, rf_lua_pack *p, rf_lua_pack **owner,
                const rf_diags *d);

/* Field readers of an options table at index t: the value of key when it
 * is there (else def), raising an argument error at arg when it has the
 * wrong type. */
const char *rf_lua_opt_string(lua_State *L, int t, int arg, const char *key, const char *def);
/* The string argument i as luaL_checkstring gives it, raising an argument
 * error when it holds a NUL byte (a name or path would be cut short there). */
const char *rf_lua_check_text(lua_State *L, int i);
/* Pushes a table of methods (luaL_newlib's) whose every function runs
 * guarded: the object (argument 1, a userdata of type tname whose first
 * field is its busy count) counts the call as running for its duration, so
 * a close from a finalizer or metamethod run meanwhile is refused instead
 * of freeing what the call still reads; an error passes through. "close"
 * is left as it is. */
void rf_lua_guarded_lib(lua_State *L, const luaL_Reg *methods, const char *tname);
/* The same guard around one function f for objects of tname, pushed; or
 * around the function on the top of the stack (a closure), replacing it. */
void rf_lua_guard_push(lua_State *L, lua_CFunction f, const char *tname);
void rf_lua_guard_top(lua_State *L, const char *tname);
/* Raises, for a close (explicit or __close) of an object whose own call is
 * running: what the object is ("world"), busy its count. Returns if 0. */
void rf_lua_refuse_busy(lua_State *L, int busy, const char *what);
lua_Integer rf_lua_opt_integer(lua_State *L, int t, int arg, const char *key, lua_Integer def);
/* The level options of the table at t (argument t): profile, seed, depth,
 * width, height, difficulty over rf_level_opts_init's defaults, checked by
 * rf_level_opts_check: a bad one raises its bad-level-option message, the
 * words of the CLI and the C API. */
void rf_lua_level_opts(lua_State *L, int t, rf_level_opts *o);
/* Raises unless every key of options table t is one of keys (NULL-ended):
 * a misspelt option is misuse, not silence. */
void rf_lua_check_keys(lua_State *L, int t, int arg, const char *const *keys);
/* The options table of argument arg, left at arg with the stack cut there:
 * an empty one when it is nil and optional; raises when it is no table or
 * holds a key not in keys (rf_lua_check_keys). */
void rf_lua_opts(lua_State *L, int arg, bool optional, const char *const *keys);

rf_lua_pack *rf_lua_check_pack(lua_State *L, int i);
/* Frees p's library object once it is closed and no level borrows it. */
void rf_lua_pack_release(rf_lua_pack *p);

/* The methods of each type, opened into the module by luaopen_roomforge. */
void rf_lua_open_pack(lua_State *L);
void rf_lua_open_level(lua_State *L);
void rf_lua_open_world(lua_State *L);
int rf_lua_pack_gen(lua_State *L);
int rf_lua_pack_sim(lua_State *L);
int rf_lua_pack_stats(lua_State *L);

/* Pushes s's figures as tables of its JSON report's shape (rf_lua_figures.c):
 * objects tables, arrays sequences, integers Lua integers, reals floats,
 * null nil. Raises only when memory runs out. */
void rf_lua_push_stats(lua_State *L, const rf_stats *s);
int rf_lua_level_world(lua_State *L);
/* rf.load_world(pack, bytes) (rf_lua_world.c). */
int rf_lua_load_world(lua_State *L);
/* Runs (rf_lua_run.c): the run type's methods; rf.run{pack = p, ...} and
 * p:run{...}; rf.load_run(pack, path). */
void rf_lua_open_run(lua_State *L);
int rf_lua_run_new(lua_State *L);
int rf_lua_load_run(lua_State *L);

/* Pushes effect e of w as a table {tick, kind, room, script, id, type, x,
 * y (level), lx, ly (the template's frame), rx, ry (the turned room's box),
 * ..., line, level_line} where line is sim's line (the template's frame);
 * room is 1-based. */
void rf_lua_push_effect(lua_State *L, const rf_world *w, const rf_effect *e);

#endif /* RF_LUA_H */
