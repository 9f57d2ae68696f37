/* engine/src/vm/lua_alloc.c: the allocator of every Lua state: the memory
 * cap, and who holds what.
 *
 * Pipeline: vm; luavm.c hands it to lua_newstate. Design: it refuses only
 * growth past the cap, never a free or a shrink (NULL -> script-memory).
 * Each block carries a small head naming its owner (the room running when
 * it was made or last grown), so the bytes a room holds are known exactly
 * whatever frees garbage when: a memory failure can blame the holder.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/alloc.h"
#include "vm_int.h"

/* The head before every block: its owner, padded to the strictest alignment. */
typedef union block_head {
    size_t owner;
    max_align_t align;
} block_head;

static void owned_add(rf_luavm *vm, size_t owner, size_t n)
{
    if (owner < vm->nowned)
        vm->owned[owner] += n;
}

static void owned_sub(rf_luavm *vm, size_t owner, size_t n)
{
    if (owner < vm->nowned)
        vm->owned[owner] -= n <= vm->owned[owner] ? n : vm->owned[owner];
}

void *rf_vm_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    rf_luavm *vm = ud;
    block_head *h = ptr ? (block_head *)ptr - 1 : NULL, *nh;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        if (h) {
            owned_sub(vm, h->owner, old);
            rf_free(h);
        }
        vm->used -= old;
        return NULL;
    }
    if (nsize > old && (vm->used - old + nsize > vm->cap || nsize > SIZE_MAX - sizeof *h)) {
        vm->mem_hit = 1;
        if (vm->L && vm->slice) /* user code: none of it runs again in this call */
            rf_vm_budget_raise_later(vm);
        return NULL;
    }
    nh = h ? rf_realloc(h, nsize + sizeof *h) : rf_alloc(nsize + sizeof *h);
    if (!nh && h && nsize <= old) {
        /* Lua assumes shrinking never fails: keep the bigger block, and count
         * it at the size Lua will report when it frees it */
        owned_sub(vm, h->owner, old - nsize);
        vm->used = vm->used - old + nsize;
        return ptr;
    }
    if (!nh) {
        vm->mem_hit = 1;
        return NULL;
    }
    if (h)
        owned_sub(vm, nh->owner, old);
    nh->owner = vm->owner;
    owned_add(vm, nh->owner, nsize);
    vm->used = vm->used - old + nsize;
    return nh + 1;
}

bool rf_luavm_set_owner(rf_luavm *vm, size_t owner)
{
    if (owner > 0 && owner >= vm->nowned) { /* the engine (0) is never counted */
        size_t n = owner + 1 > 2 * vm->nowned ? owner + 1 : 2 * vm->nowned, i;
        size_t *p = rf_realloc(vm->owned, n * sizeof *p);
        if (!p)
            return false;
        for (i = vm->nowned; i < n; i++)
            p[i] = 0;
        vm->owned = p;
        vm->nowned = n;
    }
    vm->owner = owner;
    return true;
}

size_t rf_luavm_owned(const rf_luavm *vm, size_t owner)
{
    return vm && owner < vm->nowned ? vm->owned[owner] : 0;
}
