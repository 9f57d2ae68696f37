/* engine/src/vm/vm_int.h: what the files of the vm stage share: the state
 * behind rf_luavm and the openers of the sandbox, guards and budget.
 *
 * Pipeline: vm. luavm.c makes the state and runs calls; lua_sandbox.c builds
 * the globals and user environments; lua_guard.c wraps the library functions
 * whose work their arguments do not bound; lua_budget.c keeps the count.
 */
#ifndef RF_VM_INT_H
#define RF_VM_INT_H

#include <stdbool.h>
#include <stddef.h>

#include <lua.h>

#include "vm/seam.h"


/* The allocator's pool (lua_alloc.c): classes of 16 bytes up to 512, head
 * included, carved from slabs of 64 KiB. */
#define RF_VM_POOL_STEP 16
#define RF_VM_POOL_MAX 512
#define RF_VM_POOL_SLAB (64 * 1024)

struct rf_luavm {
    lua_State *L;
    size_t used;
    size_t cap;
    long budget;           /* default instructions of one call */
    long long left;        /* instructions left to the armed budget (lua_budget.c) */
    int armed;             /* a budget counts the code now running (lua_budget.c) */
    int hooked;            /* the ending hook is set: rf_vm_budget_off removes it */
    int budget_hit;
    int mem_hit;
    int err_line;          /* Lua line of the last error in the chunk, 0 unknown */
    const char *chunkname; /* "=" name of the chunk being run */
    const char *last_code;
    int load_failed;       /* rf_luavm_load raised a compile error */
    int stopped;           /* rf_luavm_stop ended the call (rf_luavm_call) */
    char where[64];        /* source of the innermost user frame (rf_luavm_call) */
    int where_line;
    size_t owner;          /* who allocations are charged to now (rf_luavm_set_owner) */
    size_t *owned;         /* bytes each owner holds, nowned of them (lua_alloc.c) */
    size_t nowned;
    void *pool_free[RF_VM_POOL_MAX / RF_VM_POOL_STEP]; /* free blocks per class (lua_alloc.c) */
    char *pool_next, *pool_end; /* the rest of the newest slab */
    void *pool_slabs;           /* every slab, linked through its first word */
};

/* lua_alloc.c: the state's allocator (ud the rf_luavm): refuses growth
 * past the cap, never a free or shrink, and charges every block to the
 * owner that made or last grew it. Blocks of up to RF_VM_POOL_MAX bytes
 * come from the state's pool (free lists per RF_VM_POOL_STEP bytes, slabs of
 * RF_VM_POOL_SLAB), which rf_vm_pool_free releases after lua_close. */
void *rf_vm_alloc(void *ud, void *ptr, size_t osize, size_t nsize);
void rf_vm_pool_free(rf_luavm *vm);

/* The rf_luavm of L (the allocator's user data). */
rf_luavm *rf_luavm_of(lua_State *L);

/* lua_budget.c: sets the budget of the coming user code to n instructions
 * (charged at the counting points of lua_count.c); rf_vm_budget_off ends it
 * and removes the ending hook if one was set (the count left stays
 * readable in vm->left). */
void rf_vm_budget_on(rf_luavm *vm, long long n);
void rf_vm_budget_off(rf_luavm *vm);
/* Registers the counting points' function as `__rf` in the globals g and
 * the safe globals safe (stack indices; run by rf_vm_open_sandbox). */
void rf_vm_budget_open(lua_State *L, int g, int safe);
/* Counts n units of work done in C (a loop of a library function) against
 * the armed budget; raises script-budget when it is spent. No-op unarmed. */
void rf_vm_charge(lua_State *L, long long n);
/* Raises script-memory unless n more bytes fit under the memory cap. */
void rf_vm_need_bytes(lua_State *L, size_t n);
/* Raises the budget error (and keeps raising at every instruction). */
int rf_vm_budget_raise(lua_State *L);
/* From the allocator, after a refusal: the hook raises at the next
 * instruction and every one after, so no user code of the call goes on. */
void rf_vm_budget_raise_later(rf_luavm *vm);
/* Whether the call has hit its budget or memory cap, or was stopped: no
 * user handler may run any more. */
bool rf_vm_is_ending(const rf_luavm *vm);
/* The sandbox's xpcall: Lua's, except that once the call is ending (budget,
 * memory, stop) the handler is not run. Lua's pcall runs no user code on an
 * error, and the hook raises again at the caller's next instruction. */
int rf_vm_xpcall(lua_State *L);
/* The sandbox's pcall: Lua's, except that a caught error is charged by the
 * depth of the stack, which Lua's recovery walks. */
int rf_vm_pcall(lua_State *L);

/* lua_guard.c: replaces, in the library table at idx, the functions named
 * by its kind ("string" or "table") with guarded ones. */
void rf_vm_guard_string(lua_State *L, int idx);
void rf_vm_guard_table(lua_State *L, int idx);

/* lua_count.c: src with the budget's counting points written in (`__rf(n);`
 * at every loop body and goto back, and when user is true at every function
 * body, after a first line's `local __rf = __rf;`),
 * as *out (rf_malloc'd, *out_len bytes; no line break added). *reserved
 * gets the offset of the first name starting with "__rf", or (size_t)-1.
 * RF_OK, RF_ERR_NOMEM, or RF_ERR_LIMIT for nesting Lua would not compile. */
rf_status rf_vm_count_points(const char *src, size_t len, bool user, char **out, size_t *out_len,
                             size_t *reserved);

/* lua_sandbox.c: builds the sandbox in a fresh state (run protected):
 * drops the forbidden names, installs guarded libraries, read-only copies
 * and the environment metatable. */
int rf_vm_open_sandbox(lua_State *L);
/* Drops the registry's list of environment streams (rf_luavm_recycle). */
void rf_vm_forget_rngs(lua_State *L);
/* The sandbox's text for the script-forbidden classification. */
#define RF_SANDBOX_TAG "sandbox: "

/* Records in vm where user code stands now: err_line, the innermost frame of
 * vm->chunkname, and where/where_line, of any user chunk. The message
 * handler's walk, also made by the allocator when it refuses memory past the
 * cap (such an error runs no handler), so a script-memory names its line.
 * Reads the call stack only. */
void rf_vm_note_where(lua_State *L, rf_luavm *vm);

#endif /* RF_VM_INT_H */
