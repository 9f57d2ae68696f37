/* engine/src/vm/lua_alloc.c: the allocator of every Lua state: the memory
 * cap, who holds what, and the state's pool of small blocks.
 *
 * Pipeline: vm; luavm.c hands it to lua_newstate. Design: it refuses only
 * growth past the cap, never a free or a shrink (NULL -> script-memory).
 * Each block's head names its owner (the room running when it was made or
 * last grown), so a memory failure can blame the holder. Blocks of up to
 * RF_VM_POOL_MAX bytes come from free lists per 16-byte class carved from
 * slabs kept until the state closes: several times cheaper than malloc and
 * free for Lua's churn of small objects. The cap counts what Lua asks for.
 * Under AddressSanitizer a free block stays poisoned until handed out.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/seam.h"
#include "vm_int.h"

#if defined(__SANITIZE_ADDRESS__)
#define RF_POOL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RF_POOL_ASAN 1
#endif
#endif
#ifdef RF_POOL_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* The head before every block: its owner and its class (DIRECT: a block of
 * its own from rf_alloc). Two words keep malloc's alignment for Lua's
 * objects behind it (Lua needs at most a double's or a pointer's). */
typedef struct block_head {
    size_t owner;
    size_t cls;
} block_head;

_Static_assert(sizeof(block_head) == 2 * sizeof(size_t) &&
                   sizeof(block_head) % _Alignof(max_align_t) == 0,
               "the head keeps malloc's alignment");
_Static_assert(RF_VM_POOL_SLAB > RF_VM_POOL_MAX + sizeof(void *), "a slab holds a link and a block");

#define DIRECT ((size_t)-1)

/* A free block of the pool: the link to the next free one of its class. */
typedef struct free_block {
    struct free_block *next;
} free_block;

/* The class of a block of total bytes (head included), 1..RF_VM_POOL_MAX. */
static size_t class_of(size_t total) { return (total - 1) / RF_VM_POOL_STEP; }

static size_t class_bytes(size_t cls) { return (cls + 1) * RF_VM_POOL_STEP; }

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

/* The rare paths stay out of line, so the common ones (fresh, release)
 * need no registers saved. */
#define OUT_OF_LINE __attribute__((noinline))
#define COLD __attribute__((noinline, cold))
#define HOT_INLINE __attribute__((always_inline)) inline

/* A block of class cls carved from the slab, or a block of its own when
 * total (head included) is over RF_VM_POOL_MAX; NULL when memory ran out. */
static COLD block_head *block_carve(rf_luavm *vm, size_t total, size_t cls)
{
    size_t bytes = class_bytes(cls);
    block_head *h;
    if (total > RF_VM_POOL_MAX) {
        h = rf_alloc(total);
        if (h)
            h->cls = DIRECT;
        return h;
    }
    if ((size_t)(vm->pool_end - vm->pool_next) < bytes) {
        /* a new slab; what the last one has left (under RF_VM_POOL_MAX) stays unused */
        char *slab = rf_alloc(RF_VM_POOL_SLAB);
        if (!slab)
            return NULL;
        *(void **)slab = vm->pool_slabs;
        vm->pool_slabs = slab;
        vm->pool_next = slab + sizeof(block_head); /* the link, padded to alignment */
        vm->pool_end = slab + RF_VM_POOL_SLAB;
        POISON(vm->pool_next, (size_t)(vm->pool_end - vm->pool_next));
    }
    h = (block_head *)vm->pool_next;
    vm->pool_next += bytes;
    UNPOISON(h, bytes);
    h->cls = cls;
    return h;
}

/* A block for nsize bytes of Lua's, its class set; NULL when memory ran
 * out. A free block of its class when there is one: the common case. */
static HOT_INLINE block_head *block_new(rf_luavm *vm, size_t nsize)
{
    size_t total = nsize + sizeof(block_head), cls = class_of(total);
    free_block *b;
    if (total > RF_VM_POOL_MAX || !(b = vm->pool_free[cls]))
        return block_carve(vm, total, cls);
    UNPOISON(b, sizeof *b);
    vm->pool_free[cls] = b->next;
    UNPOISON(b, class_bytes(cls));
    ((block_head *)b)->cls = cls;
    return (block_head *)b;
}

static void block_free(rf_luavm *vm, block_head *h)
{
    free_block *b;
    size_t cls = h->cls;
    if (cls == DIRECT) {
        rf_free(h);
        return;
    }
    b = (free_block *)h;
    b->next = vm->pool_free[cls];
    vm->pool_free[cls] = b;
    POISON(b, class_bytes(cls));
}

void rf_vm_pool_free(rf_luavm *vm)
{
    void *slab = vm->pool_slabs;
    while (slab) {
        void *next;
        UNPOISON(slab, RF_VM_POOL_SLAB);
        next = *(void **)slab;
        rf_free(slab);
        slab = next;
    }
    vm->pool_slabs = NULL;
}

/* Growth past the cap: the line user code stands on, and no more of it. */
static COLD void *refuse(rf_luavm *vm)
{
    if (vm->L && vm->armed && !vm->mem_hit) /* user code: the line it stands on */
        rf_vm_note_where(vm->L, vm);
    vm->mem_hit = 1;
    if (vm->L && vm->armed) /* user code: none of it runs again in this call */
        rf_vm_budget_raise_later(vm);
    return NULL;
}

/* A new block of nsize (> 0) bytes: the commonest call, kept short. */
static void *fresh(rf_luavm *vm, size_t nsize)
{
    block_head *h;
    if (nsize > vm->cap - vm->used || vm->used > vm->cap || nsize > SIZE_MAX - sizeof *h)
        return refuse(vm);
    h = block_new(vm, nsize);
    if (!h) {
        vm->mem_hit = 1;
        return NULL;
    }
    h->owner = vm->owner;
    owned_add(vm, h->owner, nsize);
    vm->used += nsize;
    return h + 1;
}

/* Frees Lua's block at ptr, of osize bytes. */
static void release(rf_luavm *vm, void *ptr, size_t osize)
{
    block_head *h = (block_head *)ptr - 1;
    owned_sub(vm, h->owner, osize);
    block_free(vm, h);
    vm->used -= osize;
}

/* Grows or shrinks Lua's block at ptr from osize to nsize (both > 0). */
static OUT_OF_LINE void *resize(rf_luavm *vm, void *ptr, size_t osize, size_t nsize)
{
    block_head *h = (block_head *)ptr - 1, *nh;
    size_t old = osize, old_owner = h->owner;
    if (nsize > old && (vm->used - old + nsize > vm->cap || nsize > SIZE_MAX - sizeof *h))
        return refuse(vm);
    if (h->cls != DIRECT && h->cls == class_of(nsize + sizeof *h)) {
        nh = h; /* the block has room already */
    } else if (h->cls == DIRECT && nsize + sizeof *h > RF_VM_POOL_MAX) {
        nh = rf_realloc(h, nsize + sizeof *h);
    } else {
        nh = block_new(vm, nsize);
        if (nh) {
            memcpy(nh + 1, h + 1, old < nsize ? old : nsize);
            block_free(vm, h);
        }
    }
    if (!nh && nsize <= old) {
        /* Lua assumes shrinking never fails: keep the bigger block (its head
         * knows its class), and count it at the size Lua will report when it
         * frees it */
        owned_sub(vm, old_owner, old - nsize);
        vm->used = vm->used - old + nsize;
        return ptr;
    }
    if (!nh) {
        vm->mem_hit = 1;
        return NULL;
    }
    owned_sub(vm, old_owner, old); /* (h may be free now: its owner was read first) */
    nh->owner = vm->owner;
    owned_add(vm, nh->owner, nsize);
    vm->used = vm->used - old + nsize;
    return nh + 1;
}

void *rf_vm_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    rf_luavm *vm = ud;
    if (!ptr) /* osize is then the kind of object, not a size */
        return nsize ? fresh(vm, nsize) : NULL;
    if (nsize == 0) {
        release(vm, ptr, osize);
        return NULL;
    }
    return resize(vm, ptr, osize, nsize);
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
