/* engine/src/vm/luavm.c: the sandboxed Lua 5.4 state (allocator cap) and
 * the protected calls every entry into Lua goes through.
 *
 * Pipeline: vm, under world and level. Design: one place makes a state
 * (rf_luavm_new: allocator, then lua_sandbox.c's sandbox), runs user code
 * in an environment of the sandbox, and turns a failure into one script-*
 * diagnostic; lua_budget.c keeps the instruction count.
 */
#include "vm/seam.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "core/seam.h"
#include "vm_int.h"

#define RF_LUAVM_DEFAULT_CAP ((size_t)16 * 1024 * 1024)
#define RF_LUAVM_DEFAULT_BUDGET 1000000L
/* Stack levels the message handler looks at: each lua_getstack walks from
 * the top, so a bound keeps a deep recursion's failure linear. */
#define HANDLER_LEVELS 64

/* Static-address registry key of rf_luavm_run's environment. */
static const char run_env_key = 'V';

/* Whether source names a user chunk (RF_LUAVM_USER_PREFIX then a digit). */
static bool is_user_source(const char *source)
{
    size_t n = strlen(RF_LUAVM_USER_PREFIX);
    return strncmp(source, RF_LUAVM_USER_PREFIX, n) == 0 && source[n] >= '0' && source[n] <= '9';
}

void rf_vm_note_where(lua_State *L, rf_luavm *vm)
{
    lua_Debug ar;
    int level;
    bool got_line = false, got_where = false;
    for (level = 0; level < HANDLER_LEVELS && lua_getstack(L, level, &ar) &&
                    !(got_line && got_where);
         level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0)
            continue;
        if (!got_line && vm->chunkname && strcmp(ar.source, vm->chunkname) == 0) {
            vm->err_line = ar.currentline;
            got_line = true;
        }
        if (!got_where && is_user_source(ar.source)) {
            snprintf(vm->where, sizeof vm->where, "%s", ar.source);
            vm->where_line = ar.currentline;
            got_where = true;
        }
    }
}

/* Message handler: where the error was (rf_vm_note_where); the message as it is. */
static int msg_handler(lua_State *L)
{
    rf_vm_note_where(L, rf_luavm_of(L));
    if (!lua_isstring(L, 1)) {
        lua_pushstring(L, "error object is not a string");
        return 1;
    }
    return 1;
}

rf_luavm *rf_luavm_new(size_t mem_cap, long budget)
{
    rf_luavm *vm = rf_calloc(1, sizeof *vm);
    if (!vm)
        return NULL;
    vm->cap = mem_cap ? mem_cap : RF_LUAVM_DEFAULT_CAP;
    vm->budget = budget > 0 ? budget : RF_LUAVM_DEFAULT_BUDGET;
    vm->L = lua_newstate(rf_vm_alloc, vm);
    if (!vm->L) {
        rf_vm_pool_free(vm);
        rf_free(vm);
        return NULL;
    }
    lua_pushcfunction(vm->L, rf_vm_open_sandbox);
    if (lua_pcall(vm->L, 0, 0, 0) != LUA_OK) {
        lua_close(vm->L);
        rf_vm_pool_free(vm);
        rf_free(vm->owned);
        rf_free(vm);
        return NULL;
    }
    return vm;
}

void rf_luavm_free(rf_luavm *vm)
{
    if (!vm)
        return;
    lua_close(vm->L);
    rf_vm_pool_free(vm);
    rf_free(vm->owned);
    rf_free(vm);
}

void rf_luavm_recycle(rf_luavm *vm)
{
    if (!vm)
        return;
    rf_vm_forget_rngs(vm->L);
    lua_gc(vm->L, LUA_GCCOLLECT);
}

const char *rf_luavm_last_code(const rf_luavm *vm) { return vm ? vm->last_code : NULL; }
size_t rf_luavm_memory(const rf_luavm *vm) { return vm ? vm->used : 0; }

/* Lua line from a "name:LINE: msg" message of our chunk, 0 when absent. */
static int line_from_message(const char *msg, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(msg, name, n) == 0 && msg[n] == ':')
        return atoi(msg + n + 1);
    return 0;
}

/* The message without its "name:LINE: " prefix. */
static const char *strip_where(const char *msg, const char *name)
{
    size_t n = strlen(name);
    const char *p;
    if (strncmp(msg, name, n) != 0 || msg[n] != ':')
        return msg;
    p = strchr(msg + n + 1, ':');
    return p ? p + (p[1] == ' ' ? 2 : 1) : msg;
}

typedef struct run_step {
    const char *code;
    size_t len;
    const char *chunk;
} run_step;

/* rf_luavm_run's protected body: the chunk in the VM's one environment
 * (made on first use and kept, so globals persist from chunk to chunk). */
static int run_chunk(lua_State *L)
{
    run_step *s = lua_touserdata(L, 1);
    rf_luavm_load(L, s->code, s->len, s->chunk);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &run_env_key) == LUA_TNIL) {
        lua_pop(L, 1);
        rf_luavm_push_env(L, 0);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &run_env_key);
    }
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    lua_call(L, 0, 0);
    return 0;
}

rf_status rf_luavm_run(rf_luavm *vm, const char *code, size_t len, const rf_luavm_origin *origin,
                       rf_diags *diags)
{
    char chunkname[256];
    const char *room = origin && origin->room ? origin->room : "?";
    const char *script = origin && origin->script ? origin->script : "script";
    const char *file = origin && origin->file ? origin->file : "<script>";
    int first = origin && origin->first_line > 0 ? origin->first_line : 1;
    rf_luavm_fail fail;
    run_step s;
    rf_status st;
    if (!vm || !code)
        return RF_ERR_ARG;
    snprintf(chunkname, sizeof chunkname, "=%s", script);
    s.code = code;
    s.len = len;
    s.chunk = chunkname;
    st = rf_luavm_call(vm, run_chunk, &s, 0, chunkname, &fail);
    if (st != RF_ERR_SCRIPT)
        return st;
    if (diags) {
        char what[1024];
        snprintf(what, sizeof what, "%s", fail.msg);
        rf_luavm_shift_lines(what, sizeof what, first);
        /* a false return means the sink dropped it and counts that itself */
        (void)rf_diag_add(diags, fail.code, file, fail.line > 0 ? first + fail.line - 1 : first, 0,
                          "room '%s', %s: %s", room, script, what);
    }
    return RF_ERR_SCRIPT;
}

void rf_luavm_shift_lines(char *msg, size_t cap, int first)
{
    static const char at[] = "at line ";
    char out[1024], *p = msg;
    size_t n = 0;
    if (first <= 1 || !msg)
        return;
    while (*p && n + 1 < sizeof out) {
        if (strncmp(p, at, sizeof at - 1) == 0 && p[sizeof at - 1] >= '0' &&
            p[sizeof at - 1] <= '9') {
            char *end;
            long line = strtol(p + sizeof at - 1, &end, 10);
            int k = snprintf(out + n, sizeof out - n, "%s%ld", at,
                             line < 0x3fffffffL ? line + first - 1 : line);
            if (k < 0 || (size_t)k >= sizeof out - n)
                break;
            n += (size_t)k;
            p = end;
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = '\0';
    snprintf(msg, cap, "%s", out);
}

/* ---- generic protected calls (the world's steps and ticks) ---- */

lua_State *rf_luavm_state(rf_luavm *vm) { return vm ? vm->L : NULL; }

typedef struct counted_text {
    const char *text;
    size_t len;
    const char *chunkname;
} counted_text;

/* Compiles the counted text (light userdata 1): protected, so the C buffer
 * holding it is freed whatever the compiler raises. */
static int load_counted(lua_State *L)
{
    const counted_text *c = lua_touserdata(L, 1);
    if (luaL_loadbufferx(L, c->text, c->len, c->chunkname, "t") != LUA_OK)
        return lua_error(L);
    return 1;
}

/* Line (1-based) of byte offset at in code. */
static int line_at(const char *code, size_t at)
{
    int line = 1;
    size_t i;
    for (i = 0; i < at; i++)
        line += code[i] == '\n';
    return line;
}

int rf_luavm_load(lua_State *L, const char *code, size_t len, const char *chunkname)
{
    rf_luavm *vm = rf_luavm_of(L);
    /* the engine's own files recurse only as deep as the data goes: their
     * loops are counted, their functions are not */
    bool user = strncmp(chunkname, RF_LUAVM_ENGINE_PREFIX, strlen(RF_LUAVM_ENGINE_PREFIX)) != 0;
    counted_text c = {NULL, 0, chunkname};
    char *counted = NULL;
    size_t reserved = (size_t)-1;
    rf_status st = rf_vm_count_points(code, len, user, &counted, &c.len, &reserved);
    if (st == RF_ERR_NOMEM)
        return luaL_error(L, "not enough memory");
    if (reserved != (size_t)-1) {
        rf_free(counted);
        vm->load_failed = 1;
        return luaL_error(L, "%s:%d: " RF_SANDBOX_TAG "names starting with '__rf' are reserved",
                          chunkname[0] == '=' || chunkname[0] == '@' ? chunkname + 1 : chunkname,
                          line_at(code, reserved));
    }
    if (st == RF_OK) {
        int rc;
        c.text = counted;
        lua_pushcfunction(L, load_counted);
        lua_pushlightuserdata(L, &c);
        rc = lua_pcall(L, 1, 1, 0);
        rf_free(counted);
        if (rc == LUA_OK)
            return 1;
        if (rc == LUA_ERRMEM)
            return lua_error(L);
        lua_pop(L, 1);
    }
    /* the source's own message, not one about the points written into it */
    if (luaL_loadbufferx(L, code, len, chunkname, "t") != LUA_OK) {
        vm->load_failed = 1;
        return lua_error(L);
    }
    lua_pop(L, 1);
    vm->load_failed = 1;
    return luaL_error(L, "the chunk is at one of Lua's limits (200 locals, 255 upvalues, "
                      "200 levels of nesting) and the budget's counter needs one more");
}

/* Static-address registry key of the table of kept chunks: code's address
 * (light userdata) to {function, len}. */
static const char kept_key = 'K';

int rf_luavm_load_kept(lua_State *L, const char *code, size_t len, const char *chunkname)
{
    luaL_checkstack(L, 4, "kept chunk");
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kept_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &kept_key);
    }
    if (lua_rawgetp(L, -1, code) == LUA_TTABLE) {
        lua_rawgeti(L, -1, 2);
        if (lua_tointeger(L, -1) == (lua_Integer)len) {
            lua_pop(L, 1);
            lua_rawgeti(L, -1, 1);
            lua_replace(L, -3);
            lua_pop(L, 1);
            return 1;
        }
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    rf_luavm_load(L, code, len, chunkname); /* raises on a compile error */
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, -2);
    lua_rawseti(L, -2, 1);
    lua_pushinteger(L, (lua_Integer)len);
    lua_rawseti(L, -2, 2);
    lua_rawsetp(L, -3, code);
    lua_replace(L, -2);
    return 1;
}

/* Copies the message [msg, end) into out (cap bytes), an embedded NUL as
 * "\0", so nothing after it is lost silently. */
static void copy_message(char *out, size_t cap, const char *msg, const char *end)
{
    size_t n = 0;
    for (; msg < end && n + 3 < cap; msg++) {
        if (*msg == '\0') {
            out[n++] = '\\';
            out[n++] = '0';
        } else {
            out[n++] = *msg;
        }
    }
    out[n] = '\0';
}

/* A call's fresh start: no stop, no failure, no place yet. */
static void call_reset(rf_luavm *vm, const char *track)
{
    vm->budget_hit = vm->mem_hit = vm->load_failed = vm->stopped = 0;
    vm->err_line = 0;
    vm->where[0] = '\0';
    vm->where_line = 0;
    vm->chunkname = track;
    vm->last_code = NULL;
}

/* The script-* code of a failed call (rc its pcall's answer, msg its
 * error message). */
static const char *failure_code(const rf_luavm *vm, int rc, const char *msg)
{
    if (vm->budget_hit)
        return "script-budget";
    if (rc == LUA_ERRMEM || vm->mem_hit)
        return "script-memory";
    if (strstr(msg, RF_SANDBOX_TAG) || (vm->load_failed && strstr(msg, "binary chunk")))
        return "script-forbidden";
    if (vm->load_failed)
        return "script-syntax";
    return "script-error";
}

/* Fills fail from a failed call: its error object on top of the stack,
 * rc its pcall's answer, track the chunk the call tracked (or NULL). */
static void describe_failure(rf_luavm *vm, int rc, const char *track, rf_luavm_fail *fail)
{
    const char *msg, *msg_end;
    size_t msg_len;
    msg = lua_tolstring(vm->L, -1, &msg_len);
    if (!msg) {
        msg = "error object is not a string";
        msg_len = strlen(msg);
    }
    msg_end = msg + msg_len;
    fail->code = failure_code(vm, rc, msg);
    if (track) {
        fail->line = vm->err_line ? vm->err_line : line_from_message(msg, track + 1);
        msg = strip_where(msg, track + 1);
    } else if (vm->where[0]) {
        msg = strip_where(msg, vm->where + 1);
    }
    if (vm->where[0]) {
        snprintf(fail->where, sizeof fail->where, "%s", vm->where);
        fail->where_line = vm->where_line;
    }
    if (strcmp(fail->code, "script-memory") == 0)
        snprintf(fail->msg, sizeof fail->msg, "the script memory cap was reached");
    else if (strcmp(fail->code, "script-budget") == 0)
        snprintf(fail->msg, sizeof fail->msg, "the instruction budget was exceeded");
    else
        copy_message(fail->msg, sizeof fail->msg, msg, msg_end);
}

rf_status rf_luavm_call(rf_luavm *vm, lua_CFunction f, void *ud, long budget, const char *track,
                        rf_luavm_fail *fail)
{
    lua_State *L;
    int rc, top;
    long saved_budget;
    if (!vm || !f || !fail)
        return RF_ERR_ARG;
    L = vm->L;
    memset(fail, 0, sizeof *fail);
    top = lua_gettop(L);
    call_reset(vm, track);
    saved_budget = vm->budget;
    if (budget > 0)
        vm->budget = budget;
    lua_pushcfunction(L, msg_handler); /* light C functions do not allocate */
    lua_pushcfunction(L, f);
    lua_pushlightuserdata(L, ud);
    if (budget >= 0)
        rf_vm_budget_on(vm, vm->budget);
    rc = lua_pcall(L, 1, 0, top + 1);
    rf_vm_budget_off(vm);
    vm->owner = 0; /* whatever the call set, the engine's again */
    vm->budget = saved_budget;
    vm->chunkname = NULL;
    if (rc == LUA_OK || vm->stopped) {
        fail->stopped = rc != LUA_OK;
        lua_settop(L, top);
        return RF_OK;
    }
    describe_failure(vm, rc, track, fail);
    vm->last_code = fail->code;
    lua_settop(L, top);
    lua_gc(L, LUA_GCCOLLECT);
    return RF_ERR_SCRIPT;
}
