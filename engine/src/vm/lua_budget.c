/* engine/src/vm/lua_budget.c: the instruction budget of user Lua and the
 * calls that must stop with it.
 *
 * Pipeline: vm; luavm.c arms it around every call, the world around rules.
 * Design: the count hook fires every RF_LUAVM_SLICE instructions and takes
 * the slice from vm->left, so C loops can charge the same count
 * (rf_vm_charge) and a budget can span many rules (a tick's pool). Once the
 * budget or memory cap is hit the hook raises at every instruction, and
 * xpcall's handler no longer runs, so no Lua of that call runs again.
 */
#include <lauxlib.h>

#include "vm_int.h"

rf_luavm *rf_luavm_of(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

bool rf_vm_is_ending(const rf_luavm *vm) { return vm->budget_hit || vm->mem_hit || vm->stopped; }

/* The hook after the budget or memory cap was hit: raises at every
 * instruction until the call has unwound. */
static void ending_hook(lua_State *L, lua_Debug *ar)
{
    rf_luavm *vm = rf_luavm_of(L);
    (void)ar; /* the count of 1 stays set: lua_sethook walks the whole stack */
    if (vm->stopped)
        luaL_error(L, "stopped by the host");
    if (vm->mem_hit && !vm->budget_hit)
        luaL_error(L, "not enough memory");
    luaL_error(L, "instruction budget of %ld exceeded", vm->budget);
}

int rf_vm_budget_raise(lua_State *L)
{
    rf_luavm *vm = rf_luavm_of(L);
    vm->budget_hit = 1;
    vm->left = 0;
    lua_sethook(L, ending_hook, LUA_MASKCOUNT, 1);
    return luaL_error(L, "instruction budget of %ld exceeded", vm->budget);
}

void rf_vm_budget_raise_later(rf_luavm *vm)
{
    lua_sethook(vm->L, ending_hook, LUA_MASKCOUNT, 1);
}

/* Sets the next slice: the rest of the budget, at most one slice. */
static void set_slice(lua_State *L, rf_luavm *vm);

static void slice_hook(lua_State *L, lua_Debug *ar)
{
    rf_luavm *vm = rf_luavm_of(L);
    (void)ar;
    vm->left -= vm->slice;
    if (vm->left <= 0 || rf_vm_is_ending(vm)) {
        rf_vm_budget_raise(L);
        return;
    }
    /* Lua re-arms the same count by itself; lua_sethook walks every frame of
     * the stack, so it is called only when the last, shorter slice begins */
    if (vm->left < vm->slice)
        set_slice(L, vm);
}

static void set_slice(lua_State *L, rf_luavm *vm)
{
    vm->slice = vm->left < RF_LUAVM_SLICE ? (int)vm->left : RF_LUAVM_SLICE;
    if (vm->slice < 1)
        vm->slice = 1;
    lua_sethook(L, slice_hook, LUA_MASKCOUNT, vm->slice);
}

void rf_vm_budget_on(rf_luavm *vm, long long n)
{
    vm->left = n > 0 ? n : 1;
    set_slice(vm->L, vm);
}

void rf_vm_budget_off(rf_luavm *vm)
{
    vm->slice = 0;
    lua_sethook(vm->L, NULL, 0, 0);
}

void rf_vm_charge(lua_State *L, long long n)
{
    rf_luavm *vm = rf_luavm_of(L);
    if (vm->slice == 0 || n <= 0)
        return; /* the engine's own code: bounded by construction */
    if (n >= vm->left) {
        rf_vm_budget_raise(L);
        return;
    }
    vm->left -= n;
}

void rf_vm_need_bytes(lua_State *L, size_t n)
{
    rf_luavm *vm = rf_luavm_of(L);
    if (n <= vm->cap && vm->used <= vm->cap - n)
        return;
    vm->mem_hit = 1;
    if (vm->slice)
        lua_sethook(L, ending_hook, LUA_MASKCOUNT, 1);
    luaL_error(L, "not enough memory");
}

/* ---- the script-facing long-running API ---- */

long long rf_luavm_left(lua_State *L) { return rf_luavm_of(L)->left; }

void rf_luavm_arm(lua_State *L, long budget)
{
    rf_luavm *vm = rf_luavm_of(L);
    rf_vm_budget_on(vm, budget > 0 ? budget : vm->budget);
}

void rf_luavm_arm_left(lua_State *L, long long left)
{
    rf_luavm *vm = rf_luavm_of(L);
    if (left <= 0) {
        rf_vm_budget_on(vm, 1);
        rf_vm_budget_raise(L);
        return;
    }
    rf_vm_budget_on(vm, left);
}

void rf_luavm_disarm(lua_State *L)
{
    rf_luavm *vm = rf_luavm_of(L);
    rf_vm_budget_off(vm);
}

void rf_luavm_stop(lua_State *L)
{
    rf_luavm *vm = rf_luavm_of(L);
    vm->stopped = 1;
    lua_sethook(L, ending_hook, LUA_MASKCOUNT, 1);
}

/* ---- pcall and xpcall ---- */

/* Budget units a caught error costs per stack level at the error: Lua's
 * recovery (and a recursion that overflowed the stack before it) does work
 * in C that grows with the depth, about this many instructions' worth. */
#define CATCH_COST_PER_LEVEL 32

/* The message handler of the sandbox's pcall and xpcall, at the error's
 * own stack: charges the catch by the stack's depth (a power of two at
 * most twice it, found in O(depth)), then runs the user's handler (upvalue
 * 1, xpcall only) unless the call is ending, when no user code may run. */
static int guarded_handler(lua_State *L)
{
    rf_luavm *vm = rf_luavm_of(L);
    lua_Debug ar;
    int hi = 1;
    while (hi < (1 << 24) && lua_getstack(L, hi, &ar))
        hi *= 2;
    if (vm->slice) /* raising here would be an error in the handler: finish raises */
        vm->left -= (long long)CATCH_COST_PER_LEVEL * hi;
    if (rf_vm_is_ending(vm) || lua_isnil(L, lua_upvalueindex(1)))
        return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* Calls the function at index 2 with the arguments above it, protected by
 * guarded_handler over handler (index 1, nil for pcall, replaced by the
 * handler closure), and leaves (ok, results...) or (false, message). */
static int protected_call(lua_State *L)
{
    rf_luavm *vm = rf_luavm_of(L);
    int st;
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 1);
    st = lua_pcall(L, lua_gettop(L) - 2, LUA_MULTRET, 1);
    if (vm->slice && vm->left <= 0)
        rf_vm_budget_raise(L);
    lua_pushboolean(L, st == LUA_OK);
    lua_replace(L, 1);
    return lua_gettop(L);
}

int rf_vm_pcall(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_pushnil(L); /* (nil, f, args...) */
    lua_insert(L, 1);
    return protected_call(L);
}

int rf_vm_xpcall(lua_State *L)
{
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 1); /* (f, h, args...) -> (h, f, args...) */
    lua_pushvalue(L, 2);
    lua_replace(L, 1);
    lua_replace(L, 2);
    return protected_call(L);
}
