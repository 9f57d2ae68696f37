/* engine/src/seam/vm/seam.h: the vm stage's one shared header: what the
 * later stages, the tests and the benchmarks use of it beyond the public
 * API: the sandboxed Lua state, the embedded scripts and the validate
 * predicates.
 * Pipeline: DESIGN 2; docs/internals.md "Header tiers" (two rules: the
 * public headers, and this one header per stage). One section per concern.
 */
#ifndef RF_SEAM_VM_H
#define RF_SEAM_VM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/template.h"

/* The sandboxed Lua 5.4 state behind a world's
 * rules and a level's recipe.
 *
 * Pipeline: vm, used by world and level. Every call into Lua goes through
 * rf_luavm_run or rf_luavm_call, which turn a failure into one script-*
 * diagnostic at file:(first_line + lua_line - 1), naming room and script.
 */
typedef struct rf_luavm rf_luavm;

/* Where a chunk comes from, for diagnostics. Any field may be NULL/0. */
typedef struct rf_luavm_origin {
    const char *room;   /* template name */
    const char *script; /* script label ("script 2", a src path) */
    const char *file;   /* file the diagnostic points at */
    int first_line;     /* file line of the chunk's first line (1 when 0) */
} rf_luavm_origin;

/* NULL when memory runs out. mem_cap in bytes (0: 16 MiB); budget in VM
 * instructions per call (0: 1,000,000). */
rf_luavm *rf_luavm_new(size_t mem_cap, long budget);
void rf_luavm_free(rf_luavm *vm);
/* Readies a state for its next independent use (the level maker's next
 * level): forgets the environments' streams, then collects all garbage,
 * so each use starts from the same live heap. What one use left in an
 * environment is garbage by then; the sandbox lets no use write anywhere
 * else. */
void rf_luavm_recycle(rf_luavm *vm);

/* Compiles code (text only, never binary) and runs it once. RF_OK, or
 * RF_ERR_SCRIPT with one diagnostic added to diags (when diags is non-NULL).
 * The VM stays usable after any failure. */
rf_status rf_luavm_run(rf_luavm *vm, const char *code, size_t len, const rf_luavm_origin *origin,
                       rf_diags *diags);

/* The code of the last failure ("script-budget", ...) or NULL after success. */
const char *rf_luavm_last_code(const rf_luavm *vm);
/* Bytes the Lua state holds now. */
size_t rf_luavm_memory(const rf_luavm *vm);
/* Charges the state's allocations from now on to owner (a room's number
 * from 1; 0 the engine), so a failure can name who holds the memory.
 * false, changing nothing, when memory for the count runs out. */
bool rf_luavm_set_owner(rf_luavm *vm, size_t owner);
/* Bytes of live blocks made or last grown while owner was set; 0 for an
 * owner never set. */
size_t rf_luavm_owned(const rf_luavm *vm, size_t owner);

/* ---- generic protected calls (world.c) ---- */

/* Chunk names of user chunks (room scripts) start with this and a digit
 * ("=r12"), so failures can name the innermost user frame. */
#define RF_LUAVM_USER_PREFIX "=r"
/* The chunk names of the engine's own files (scripts/roomforge/NAME):
 * rf_luavm_load counts their loops, not their functions (lua_count.c). */
#define RF_LUAVM_ENGINE_PREFIX "=roomforge/"

/* How a protected call failed (or that the host stopped it). */
typedef struct rf_luavm_fail {
    const char *code; /* script-syntax, script-error, script-budget, script-memory,
                       * script-forbidden; NULL when the call returned RF_OK */
    char msg[512];    /* the message, without the chunk's "name:line: " prefix */
    int line;         /* Lua line in the tracked chunk, 0 unknown */
    char where[64];   /* source of the innermost user frame ("=r3"), "" when none */
    int where_line;   /* its line */
    bool stopped;     /* RF_OK because rf_luavm_stop ended the call early */
} rf_luavm_fail;

/* The Lua state, for the world's protected steps only. */
lua_State *rf_luavm_state(rf_luavm *vm);
/* Rewrites Lua's "at line N" inside msg (cap bytes) as a line of the file
 * whose chunk starts at line first (N + first - 1), so the message counts
 * lines as the diagnostic's own position does. */
void rf_luavm_shift_lines(char *msg, size_t cap, int first);
/* Inside a protected step: compiles code as a text chunk named chunkname and
 * pushes it; a compile error is raised (and classified as script-syntax or,
 * for binary chunks, script-forbidden, by rf_luavm_call). Returns 1. */
int rf_luavm_load(lua_State *L, const char *code, size_t len, const char *chunkname);
/* rf_luavm_load, compiled once a state: the function is kept in the
 * registry under code's address, and a later load of the same bytes (code
 * and len unchanged, which the caller keeps alive and unchanged while the
 * state lives) pushes it again. Each push is the same closure: a caller that
 * sets its _ENV sets it for the next push too. Returns 1. */
int rf_luavm_load_kept(lua_State *L, const char *code, size_t len, const char *chunkname);
/* Runs f(L) (ud as light userdata, argument 1) protected by a message
 * handler, with the budget armed at budget instructions (0: the VM's
 * default; negative: none armed, for the engine's own code when no user code
 * can run, which is bounded by construction). track names the chunk ("=r3")
 * whose line a failure reports, or NULL. RF_OK (fail->stopped when
 * rf_luavm_stop ended it), or RF_ERR_SCRIPT with *fail filled; the stack is
 * restored and the VM stays usable. RF_ERR_ARG for NULL arguments. */
rf_status rf_luavm_call(rf_luavm *vm, lua_CFunction f, void *ud, long budget, const char *track,
                        rf_luavm_fail *fail);
/* Inside a call made with a negative budget: arms the budget with budget
 * instructions (0: the VM's default) around user code, and disarms it after.
 * An overrun raises exactly as in rf_luavm_call. */
void rf_luavm_arm(lua_State *L, long budget);
void rf_luavm_disarm(lua_State *L);
/* A budget shared by many arms (a tick's pool): rf_luavm_arm_left arms with
 * left instructions (raising script-budget at once when left <= 0), and
 * rf_luavm_left gives what is left after the last arm (exact: the budget
 * is charged at counting points, lua_count.c). */
void rf_luavm_arm_left(lua_State *L, long long left);
long long rf_luavm_left(lua_State *L);
/* Inside rf_luavm_call, from a C function Lua called: ends the call as soon
 * as control is back in Lua, the host's decision rather than a failure: the
 * count hook raises at every instruction from then on (so a script's pcall
 * cannot go on), and rf_luavm_call returns RF_OK with fail->stopped set. */
void rf_luavm_stop(lua_State *L);

/* Pushes the sandbox's forbidden list as a set {name = true} (os, io, ...,
 * print, warn, rawset, _G): the one list (lua_sandbox.c). The state drops
 * these names, and user code naming one gets script-forbidden. */
void rf_luavm_push_forbidden(lua_State *L);
/* Inside a protected step: pushes a new environment for user code (a room
 * chunk, an extension file, a recipe): a table over the safe globals and
 * read-only libraries, whose math.random is a stream of its own seeded
 * with seed. Set it as the chunk's first upvalue (_ENV). */
void rf_luavm_push_env(lua_State *L, uint64_t seed);
/* The math.random streams of the environments made so far (1..count, in
 * order of making: the same order in a world built the same way); at(i) is
 * NULL for one whose environment was released. Raise nothing. */
size_t rf_luavm_rng_count(lua_State *L);
struct rf_rng;
struct rf_rng *rf_luavm_rng_at(lua_State *L, size_t i);
/* read_only(t, name) -> an empty proxy whose reads see t, whose writes
 * raise "name is read-only in scripts" and whose metatable is hidden. */
int rf_luavm_read_only(lua_State *L);

/* The sandbox's pairs (lua_pairs.c): number keys ascending, string keys by
 * bytes, false then true, then other keys in next's order; __pairs honoured. */
int rf_lua_ordered_pairs(lua_State *L);

/* The rule VM's Lua files, compiled in.
 *
 * Pipeline: vm -> world; cmake/embed_lua.cmake generates lua_embedded.c from
 * the Lua files of scripts/roomforge, and world_lua.c boots from it, so a
 * game needs no script files. The table ends with a row whose name is NULL.
 */
typedef struct rf_lua_embedded {
    const char *name; /* file name: "engine.lua" */
    const char *text; /* its bytes, NUL-terminated */
    size_t len;       /* without the NUL */
} rf_lua_embedded;

extern const rf_lua_embedded rf_lua_embedded_files[];

/* A varying room's <validate> chunks
 * run against one variant in the sandbox (DESIGN 16).
 *
 * Pipeline: vm owns it (vary_validate.c); the placer asks it of each variant
 * it draws, the world's linter of each lint seed. Design: the one sandbox
 * (DESIGN 8): forbidden list, budget, memory cap of rf_luavm.
 */
/* Runs every <validate> chunk of variant vt in order, each in a fresh
 * environment with connected(a, b), count(g), exits() and cell(x, y) over
 * vt's map; *pass is true when each returned a true value. RF_OK (*pass set);
 * RF_ERR_SCRIPT when a chunk failed: reported to d (when not NULL) at its
 * file line with the script-* code, *pass false; RF_ERR_ARG. */
rf_status rf_luavm_vary_validate(rf_luavm *vm, const rf_template *vt, bool *pass, rf_diags *d);

/* Lint (DESIGN 16): runs varying t's <validate> chunks on its variants 0-63
 * in a sandbox of its own. A chunk that fails to run is reported once (its
 * script-* code); none of the 64 passing is vary-validate at the first
 * <validate>. RF_OK, RF_ERR_CONTENT when either was reported, RF_ERR_NOMEM. */
#define RF_VARY_VALIDATE_SEEDS 64
rf_status rf_luavm_vary_lint(const rf_template *t, rf_diags *d);

#endif /* RF_SEAM_VM_H */
