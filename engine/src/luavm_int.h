/* engine/src/luavm_int.h: the sandboxed Lua 5.4 state behind a world's rules.
 *
 * Pipeline: rule VM stage. One rf_luavm per world: a lua_State with only the
 * base, table, string, math and utf8 libraries, a custom allocator capped at
 * mem_cap bytes, and an instruction budget per call. Every call into Lua goes
 * through rf_luavm_run/rf_luavm_pcall, which turn a failure into one
 * diagnostic (script-syntax, script-error, script-budget, script-memory,
 * script-forbidden) at file:(first_line + lua_line - 1), naming room and script.
 */
#ifndef RF_LUAVM_INT_H
#define RF_LUAVM_INT_H

#include <stddef.h>

#include "roomforge/common.h"
#include "roomforge/diag.h"

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

/* Compiles code (text only, never binary) and runs it once. RF_OK, or
 * RF_ERR_SCRIPT with one diagnostic added to diags (when diags is non-NULL).
 * The VM stays usable after any failure. */
rf_status rf_luavm_run(rf_luavm *vm, const char *code, size_t len, const rf_luavm_origin *origin,
                       rf_diags *diags);

/* The code of the last failure ("script-budget", ...) or NULL after success. */
const char *rf_luavm_last_code(const rf_luavm *vm);
/* Bytes the Lua state holds now. */
size_t rf_luavm_memory(const rf_luavm *vm);

#endif /* RF_LUAVM_INT_H */
