/* engine/src/vm/lua_budget.c: the budget of user Lua and the calls that
 * must stop with it.
 *
 * Pipeline: vm; luavm.c arms it around every call, the world around rules.
 * Design: the budget is charged at the counting points lua_count.c writes
 * into every chunk (`__rf(n)`, count_point here), and by C loops
 * (rf_vm_charge), from vm->left, which a budget can share across many
 * rules (a tick's pool). No hook runs while code is counted: Lua 5.4 traps
 * every instruction while a count hook is set. Once the budget or memory
 * cap is hit, a count hook of 1 raises at every instruction, and xpcall's
 * handler no longer runs, so no Lua of that call runs again.
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

/* Sets the hook that raises at every instruction: the call is ending. */
static void set_ending(lua_State *L)
{
    rf_luavm_of(L)->hooked = 1;
    lua_sethook(L, ending_hook, LUA_MASKCOUNT, 1);
}

int rf_vm_budget_raise(lua_State *L)
{
    rf_luavm *vm = rf_luavm_of(L);
    vm->budget_hit = 1;
    vm->left = 0;
    set_ending(L);
    return luaL_error(L, "instruction budget of %ld exceeded", vm->budget);
}

void rf_vm_budget_raise_later(rf_luavm *vm) { set_ending(vm->L); }

/* `__rf(n)`, the counting point (lua_count.c): charges n to the armed
 * budget, raising script-budget when it is spent; nothing when no budget
 * is armed (the engine's own code, bounded by construction). A script
 * cannot name it (names starting with "__rf" are refused), and a call it
 * could make would only charge more. */
static int count_point(lua_State *L)
{
    rf_luavm *vm = rf_luavm_of(L);
    lua_Integer n = lua_tointeger(L, 1);
    if (!vm->armed)
        return 0;
    if (rf_vm_is_ending(vm) || n >= vm->left)
        return rf_vm_budget_raise(L);
    if (n > 0)
        vm->left -= n;
    return 0;
}

void rf_vm_budget_open(lua_State *L, int g, int safe)
{
    lua_pushcfunction(L, count_point);
    lua_pushvalue(L, -1);
    lua_setfield(L, g, "__rf");
    lua_setfield(L, safe, "__rf");
}

void rf_vm_budget_on(rf_luavm *vm, long long n)
{
    vm->left = n > 0 ? n : 1;
    vm->armed = 1;
}

void rf_vm_budget_off(rf_luavm *vm)
{
    vm->armed = 0;
    if (vm->hooked) {
        vm->hooked = 0;
        lua_sethook(vm->L, NULL, 0, 0);
    }
}

void rf_vm_charge(lua_State *L, long long n)
{
    rf_luavm *vm = rf_luavm_of(L);
    if (!vm->armed || n <= 0)
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
    if (vm->armed)
        set_ending(L);
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
    set_ending(L);
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
    if (vm->armed) /* raising here would be an error in the handler: finish raises */
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
    if (vm->armed && vm->left <= 0)
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
