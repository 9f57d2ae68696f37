/* engine/src/vm/luavm.c: the sandboxed Lua 5.4 state (allocator cap, budget).
 *
 * Pipeline: vm, under world and level. Design: only safe libraries, one
 * forbidden list, ordered pairs, a protected string metatable, and a count
 * hook that re-arms itself so a script's pcall cannot swallow the overrun.
 */
#include "vm/luavm.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "core/alloc.h"

#define RF_LUAVM_DEFAULT_CAP ((size_t)16 * 1024 * 1024)
#define RF_LUAVM_DEFAULT_BUDGET 1000000L
#define RF_SANDBOX_TAG "sandbox: "

struct rf_luavm {
    lua_State *L;
    size_t used;
    size_t cap;
    long budget;
    int budget_hit;
    int mem_hit;
    int err_line;          /* Lua line of the last error in the chunk, 0 unknown */
    const char *chunkname; /* "=" name of the chunk being run */
    const char *last_code;
    int load_failed;       /* rf_luavm_load raised a compile error */
    int stopped;           /* rf_luavm_stop ended the call (rf_luavm_call) */
    char where[64];        /* source of the innermost user frame (rf_luavm_call) */
    int where_line;
};

/* The sandbox's forbidden list, the only one: reading one of these names is
 * script-forbidden, in recipes and tools (the globals' __index below) and in
 * room scripts and extensions (sandbox.lua reads it through
 * rf_luavm_push_forbidden). The state drops every name not marked user_only;
 * user_only names stay for the engine's own code and recipes, and are left
 * out of the environments of room scripts only. */
static const struct {
    const char *name;
    bool user_only;
} forbidden[] = {
    {"os", false},         {"io", false},         {"package", false},
    {"debug", false},      {"require", false},    {"load", false},
    {"loadfile", false},   {"dofile", false},     {"collectgarbage", false},
    {"coroutine", false},  {"loadstring", false}, {"module", false},
    {"setfenv", false},    {"getfenv", false},    {"rawset", true},
    {"print", true},       {"_G", true},
};
#define NFORBIDDEN (sizeof forbidden / sizeof forbidden[0])

static void *vm_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    rf_luavm *vm = ud;
    size_t old = ptr ? osize : 0;
    void *np;
    if (nsize == 0) {
        rf_free(ptr);
        vm->used -= old;
        return NULL;
    }
    if (nsize > old && vm->used - old + nsize > vm->cap) {
        vm->mem_hit = 1;
        return NULL;
    }
    np = ptr ? rf_realloc(ptr, nsize) : rf_alloc(nsize);
    if (!np && ptr && nsize <= old) {
        /* Lua assumes shrinking never fails: keep the bigger block, and count
         * it at the size Lua will report when it frees it */
        vm->used = vm->used - old + nsize;
        return ptr;
    }
    if (!np) {
        vm->mem_hit = 1;
        return NULL;
    }
    vm->used = vm->used - old + nsize;
    return np;
}

static void budget_hook(lua_State *L, lua_Debug *ar)
{
    rf_luavm *vm;
    (void)ar;
    lua_getallocf(L, (void **)&vm);
    vm->budget_hit = 1;
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, 1); /* fire on every instruction now */
    luaL_error(L, "instruction budget of %ld exceeded", vm->budget);
}

/* The count hook after rf_luavm_stop: raises at every instruction until the
 * call has unwound (rf_luavm_call reads vm->stopped, never this message). */
static void stop_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lua_sethook(L, stop_hook, LUA_MASKCOUNT, 1);
    luaL_error(L, "stopped by the host");
}

static int forbidden_index(lua_State *L)
{
    const char *name = lua_tostring(L, 2);
    size_t i;
    if (name) {
        for (i = 0; i < NFORBIDDEN; i++) {
            if (strcmp(name, forbidden[i].name) == 0)
                return luaL_error(L, RF_SANDBOX_TAG "'%s' is not available to room scripts", name);
        }
    }
    return 0; /* other unknown globals read as nil, as in plain Lua */
}

/* Whether source names a user chunk (RF_LUAVM_USER_PREFIX then a digit). */
static bool is_user_source(const char *source)
{
    size_t n = strlen(RF_LUAVM_USER_PREFIX);
    return strncmp(source, RF_LUAVM_USER_PREFIX, n) == 0 && source[n] >= '0' && source[n] <= '9';
}

/* Message handler: records the line of the innermost frame of our chunk, and
 * the source and line of the innermost frame of any user chunk. */
static int msg_handler(lua_State *L)
{
    rf_luavm *vm;
    lua_Debug ar;
    int level;
    bool got_line = false, got_where = false;
    lua_getallocf(L, (void **)&vm);
    for (level = 0; lua_getstack(L, level, &ar) && !(got_line && got_where); level++) {
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
    if (!lua_isstring(L, 1)) {
        lua_pushstring(L, "error object is not a string");
        return 1;
    }
    return 1;
}

static int open_sandbox(lua_State *L)
{
    static const luaL_Reg libs[] = {
        {LUA_GNAME, luaopen_base},         {LUA_TABLIBNAME, luaopen_table},
        {LUA_STRLIBNAME, luaopen_string},  {LUA_MATHLIBNAME, luaopen_math},
        {LUA_UTF8LIBNAME, luaopen_utf8},   {NULL, NULL},
    };
    const luaL_Reg *lib;
    size_t i;
    for (lib = libs; lib->func; lib++) {
        luaL_requiref(L, lib->name, lib->func, 1);
        lua_pop(L, 1);
    }
    lua_pushglobaltable(L);
    for (i = 0; i < NFORBIDDEN; i++) { /* the opened libraries' dofile, load, ... */
        if (forbidden[i].user_only)
            continue;
        lua_pushnil(L);
        lua_setfield(L, -2, forbidden[i].name);
    }
    lua_pushcfunction(L, rf_lua_ordered_pairs); /* lua_pairs.c: the same order every run */
    lua_setfield(L, -2, "pairs");
    lua_getfield(L, -1, "string");
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    /* globals metatable: forbidden names raise, and the metatable is hidden */
    lua_newtable(L);
    lua_pushcfunction(L, forbidden_index);
    lua_setfield(L, -2, "__index");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_pop(L, 1);
    /* protect the string metatable: getmetatable("") gives false */
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 0;
}

void rf_luavm_push_forbidden(lua_State *L)
{
    size_t i;
    lua_createtable(L, 0, (int)NFORBIDDEN);
    for (i = 0; i < NFORBIDDEN; i++) {
        lua_pushboolean(L, 1);
        lua_setfield(L, -2, forbidden[i].name);
    }
}

rf_luavm *rf_luavm_new(size_t mem_cap, long budget)
{
    rf_luavm *vm = rf_calloc(1, sizeof *vm);
    if (!vm)
        return NULL;
    vm->cap = mem_cap ? mem_cap : RF_LUAVM_DEFAULT_CAP;
    vm->budget = budget > 0 ? budget : RF_LUAVM_DEFAULT_BUDGET;
    vm->L = lua_newstate(vm_alloc, vm);
    if (!vm->L) {
        rf_free(vm);
        return NULL;
    }
    lua_pushcfunction(vm->L, open_sandbox);
    if (lua_pcall(vm->L, 0, 0, 0) != LUA_OK) {
        lua_close(vm->L);
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
    rf_free(vm);
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

rf_status rf_luavm_run(rf_luavm *vm, const char *code, size_t len, const rf_luavm_origin *origin,
                       rf_diags *diags)
{
    char chunkname[256];
    const char *room = origin && origin->room ? origin->room : "?";
    const char *script = origin && origin->script ? origin->script : "script";
    const char *file = origin && origin->file ? origin->file : "<script>";
    int first = origin && origin->first_line > 0 ? origin->first_line : 1;
    const char *code_id = NULL;
    const char *msg;
    int rc, line, top;
    if (!vm || !code)
        return RF_ERR_ARG;
    snprintf(chunkname, sizeof chunkname, "=%s", script);
    top = lua_gettop(vm->L);
    vm->budget_hit = vm->mem_hit = 0;
    vm->err_line = 0;
    vm->chunkname = chunkname;
    vm->last_code = NULL;
    lua_pushcfunction(vm->L, msg_handler);
    rc = luaL_loadbufferx(vm->L, code, len, chunkname, "t");
    if (rc == LUA_OK) {
        lua_sethook(vm->L, budget_hook, LUA_MASKCOUNT, (int)(vm->budget > 0x7fffffffL ? 0x7fffffff : vm->budget));
        rc = lua_pcall(vm->L, 0, 0, top + 1);
        lua_sethook(vm->L, NULL, 0, 0);
        if (rc == LUA_OK) {
            lua_settop(vm->L, top);
            vm->chunkname = NULL;
            return RF_OK;
        }
        msg = lua_tostring(vm->L, -1);
        if (!msg)
            msg = "error object is not a string";
        if (vm->budget_hit)
            code_id = "script-budget";
        else if (rc == LUA_ERRMEM || vm->mem_hit)
            code_id = "script-memory";
        else if (strstr(msg, RF_SANDBOX_TAG))
            code_id = "script-forbidden";
        else
            code_id = "script-error";
        line = vm->err_line ? vm->err_line : line_from_message(msg, chunkname + 1);
    } else {
        msg = lua_tostring(vm->L, -1);
        if (!msg)
            msg = "cannot load chunk";
        if (rc == LUA_ERRMEM || vm->mem_hit)
            code_id = "script-memory";
        else if (strstr(msg, "binary chunk"))
            code_id = "script-forbidden";
        else
            code_id = "script-syntax";
        line = line_from_message(msg, chunkname + 1);
    }
    vm->last_code = code_id;
    if (diags) {
        char what[1024];
        snprintf(what, sizeof what, "%s", strip_where(msg, chunkname + 1));
        if (strcmp(code_id, "script-memory") == 0)
            snprintf(what, sizeof what, "the world's script memory cap was reached");
        rf_luavm_shift_lines(what, sizeof what, first);
        /* a false return means the sink dropped it and counts that itself */
        (void)rf_diag_add(diags, code_id, file, line > 0 ? first + line - 1 : first, 0,
                          "room '%s', %s: %s", room, script, what);
    }
    lua_settop(vm->L, top);
    vm->chunkname = NULL;
    lua_gc(vm->L, LUA_GCCOLLECT);
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

int rf_luavm_load(lua_State *L, const char *code, size_t len, const char *chunkname)
{
    rf_luavm *vm;
    lua_getallocf(L, (void **)&vm);
    if (luaL_loadbufferx(L, code, len, chunkname, "t") != LUA_OK) {
        vm->load_failed = 1;
        return lua_error(L);
    }
    return 1;
}

/* Arms the count hook with budget instructions (capped to an int). */
static void arm_budget(lua_State *L, long budget)
{
    int count = budget > 0x7fffffffL ? 0x7fffffff : (int)budget;
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, count > 0 ? count : 1);
}

void rf_luavm_arm(lua_State *L, long budget)
{
    rf_luavm *vm;
    lua_getallocf(L, (void **)&vm);
    arm_budget(L, budget > 0 ? budget : vm->budget);
}

void rf_luavm_disarm(lua_State *L) { lua_sethook(L, NULL, 0, 0); }

void rf_luavm_stop(lua_State *L)
{
    rf_luavm *vm;
    lua_getallocf(L, (void **)&vm);
    vm->stopped = 1;
    lua_sethook(L, stop_hook, LUA_MASKCOUNT, 1);
}

rf_status rf_luavm_call(rf_luavm *vm, lua_CFunction f, void *ud, long budget, const char *track,
                        rf_luavm_fail *fail)
{
    lua_State *L;
    const char *msg;
    int rc, top;
    long saved_budget;
    if (!vm || !f || !fail)
        return RF_ERR_ARG;
    L = vm->L;
    memset(fail, 0, sizeof *fail);
    top = lua_gettop(L);
    vm->budget_hit = vm->mem_hit = vm->load_failed = vm->stopped = 0;
    vm->err_line = 0;
    vm->where[0] = '\0';
    vm->where_line = 0;
    vm->chunkname = track;
    vm->last_code = NULL;
    saved_budget = vm->budget;
    if (budget > 0)
        vm->budget = budget;
    lua_pushcfunction(L, msg_handler); /* light C functions do not allocate */
    lua_pushcfunction(L, f);
    lua_pushlightuserdata(L, ud);
    if (budget >= 0)
        arm_budget(L, vm->budget);
    rc = lua_pcall(L, 1, 0, top + 1);
    lua_sethook(L, NULL, 0, 0);
    vm->budget = saved_budget;
    vm->chunkname = NULL;
    if (rc == LUA_OK || vm->stopped) {
        fail->stopped = rc != LUA_OK;
        lua_settop(L, top);
        return RF_OK;
    }
    msg = lua_tostring(L, -1);
    if (!msg)
        msg = "error object is not a string";
    if (vm->budget_hit)
        fail->code = "script-budget";
    else if (rc == LUA_ERRMEM || vm->mem_hit)
        fail->code = "script-memory";
    else if (strstr(msg, RF_SANDBOX_TAG) || (vm->load_failed && strstr(msg, "binary chunk")))
        fail->code = "script-forbidden";
    else if (vm->load_failed)
        fail->code = "script-syntax";
    else
        fail->code = "script-error";
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
        msg = "the world's script memory cap was reached";
    else if (strcmp(fail->code, "script-budget") == 0)
        msg = "the instruction budget was exceeded";
    snprintf(fail->msg, sizeof fail->msg, "%s", msg);
    vm->last_code = fail->code;
    lua_settop(L, top);
    lua_gc(L, LUA_GCCOLLECT);
    return RF_ERR_SCRIPT;
}
