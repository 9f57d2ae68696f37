/* engine/src/world.c: the runtime world: rooms placed at level offsets, their
 * object instances and rules in one sandboxed Lua state, events, ticks, the
 * effect log and the host callbacks.
 *
 * Pipeline: world stage; reads templates (template.h), runs the rule VM of
 * scripts/roomforge (embedded, lua_embedded_int.h) in the sandbox of luavm.c;
 * called by games, `roomforge sim`, `roomforge lint` and the tests.
 * Design: the model's state lives in Lua (engine.lua: a column store of
 * objects) so conditions read it without crossing into C; this file only
 * moves data across. Every touch of the Lua state is one protected step
 * (rf_luavm_call), so running out of the world's memory cap is a diagnostic,
 * never a panic. A tick is begin_tick, then run(from); when a rule fails,
 * the engine's `cur` names it: it is disabled with one diagnostic and the
 * tick resumes at the next rule. Built-in rules run without the count hook
 * (they are bounded); engine.lua arms it around rules that run user Lua
 * (host.arm). Effects are copied into the log (strings in one block per
 * effect) before the host sees them. Rejected: the object state in C with
 * Lua calling back per condition (a C call per condition per tick), and one
 * Lua table per object (10,000 rooms then thrash the cache).
 */
#include "roomforge/world.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <lauxlib.h>
#include <lua.h>

#include "alloc_int.h"
#include "lua_embedded_int.h"
#include "luavm_int.h"
#include "script_types_int.h"

#define DEFAULT_MEM_CAP ((size_t)64 * 1024 * 1024)
#define DEFAULT_TICK_BUDGET 20000000L
#define DEFAULT_LOAD_BUDGET 1000000L
#define MAX_LUA_FILE ((long)1024 * 1024) /* bytes of one src or extension file */
#define MAX_EXT_FILES 256

typedef struct room_rec {
    const rf_template *t;
    int x, y;
    size_t rules;
} room_rec;

/* A Lua chunk of a room: where its lines are in which file. */
typedef struct chunk_rec {
    size_t room;
    int script;
    char *file; /* owned */
    int first_line, first_col;
} chunk_rec;

struct rf_world {
    rf_luavm *vm;
    lua_State *L;
    rf_world_opts opts;
    char *scripts_dir; /* owned copy of opts.scripts_dir */
    room_rec *rooms;
    size_t nrooms, caprooms;
    chunk_rec *chunks;
    size_t nchunks, capchunks;
    rf_effect *log;
    char **log_blocks; /* the strings of log[i], one block each */
    size_t nlog, caplog;
    rf_world_host host;
    int px, py;
    long tick;
    char *scratch; /* rf_world_object.id */
    size_t capscratch;
    rf_script_types types;
    bool quiet_unknown; /* rf_world_lint: lint.c reports unknown types */
    bool emit_failed;   /* the effect log could not grow */
};

/* Static-address registry key of the engine table E. */
static const char engine_key = 'E';

static const char *const effect_kind_names[RF_EFFECT_KIND_COUNT] = {
    "remove", "create", "move", "set", "spell", "ticker", "clock",
};

const char *rf_effect_kind_name(rf_effect_kind k)
{
    return (int)k >= 0 && k < RF_EFFECT_KIND_COUNT ? effect_kind_names[k] : "?";
}

void rf_world_opts_init(rf_world_opts *o)
{
    if (!o)
        return;
    memset(o, 0, sizeof *o);
    o->mem_cap = DEFAULT_MEM_CAP;
    o->tick_budget = DEFAULT_TICK_BUDGET;
    o->load_budget = DEFAULT_LOAD_BUDGET;
    o->keep_log = true;
}

/* ---- helpers run inside protected steps ---- */

/* Pushes E.name (a function). */
static void push_fn(lua_State *L, const char *name)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &engine_key);
    lua_getfield(L, -1, name);
    lua_remove(L, -2);
}

static rf_world *upworld(lua_State *L) { return lua_touserdata(L, lua_upvalueindex(1)); }

/* Optional integer argument: def when nil. */
static int opt_int(lua_State *L, int i, int def)
{
    return lua_isnoneornil(L, i) ? def : (int)luaL_checkinteger(L, i);
}

static size_t str_size(const char *s) { return s ? strlen(s) + 1 : 0; }

/* Copies s into the block at *p, returning the copy (NULL for NULL). */
static const char *put_str(char **p, const char *s)
{
    char *out;
    size_t n;
    if (!s)
        return NULL;
    n = strlen(s) + 1;
    out = *p;
    memcpy(out, s, n);
    *p += n;
    return out;
}

static const char *const set_props[] = {"passable", "started", "stopped"};

/* Appends e to the log (copying its strings); the copy, or NULL when memory
 * runs out. */
static const rf_effect *log_effect(rf_world *w, const rf_effect *e)
{
    size_t need = str_size(e->id) + str_size(e->text);
    char *block = NULL, *p;
    rf_effect *slot;
    if (w->nlog == w->caplog) {
        size_t cap = w->caplog;
        size_t cap2 = cap;
        if (!rf_grow((void **)&w->log, &cap, w->nlog + 1, sizeof *w->log))
            return NULL;
        if (!rf_grow((void **)&w->log_blocks, &cap2, w->nlog + 1, sizeof *w->log_blocks))
            return NULL;
        w->caplog = cap < cap2 ? cap : cap2;
    }
    if (need > 0 && !(block = rf_alloc(need)))
        return NULL;
    p = block;
    slot = &w->log[w->nlog];
    *slot = *e;
    slot->id = put_str(&p, e->id);
    slot->text = put_str(&p, e->text);
    w->log_blocks[w->nlog++] = block;
    return slot;
}

/* emit(kind, room, script, id, type, lx, ly, tlx, tly, prop, value, text):
 * one effect from engine.lua; its strings live on this call's stack. */
static int l_emit(lua_State *L)
{
    rf_world *w = upworld(L);
    rf_effect e;
    const rf_effect *out = &e;
    lua_Integer kind = luaL_checkinteger(L, 1);
    lua_Integer room = luaL_checkinteger(L, 2);
    const char *type = luaL_optstring(L, 5, NULL);
    const char *prop = luaL_optstring(L, 10, NULL);
    size_t i;
    const room_rec *r;
    memset(&e, 0, sizeof e);
    if (kind < 0 || kind >= RF_EFFECT_KIND_COUNT || room < 0 || (size_t)room >= w->nrooms)
        return luaL_error(L, "emit: bad effect");
    r = &w->rooms[room];
    e.tick = w->tick;
    e.kind = (rf_effect_kind)kind;
    e.room = (size_t)room;
    e.script = opt_int(L, 3, -1);
    e.id = luaL_optstring(L, 4, NULL);
    e.type = RF_OBJ_COUNT;
    if (type && !rf_object_type_parse(type, &e.type))
        return luaL_error(L, "emit: '%s' is not an object tag", type);
    e.lx = opt_int(L, 6, 0);
    e.ly = opt_int(L, 7, 0);
    e.tlx = opt_int(L, 8, 0);
    e.tly = opt_int(L, 9, 0);
    e.x = e.lx + r->x;
    e.y = e.ly + r->y;
    e.tx = e.tlx + r->x;
    e.ty = e.tly + r->y;
    for (i = 0; prop && i < sizeof set_props / sizeof set_props[0]; i++)
        if (strcmp(prop, set_props[i]) == 0)
            e.property = set_props[i]; /* static: outlives the Lua string */
    if (prop && !e.property)
        return luaL_error(L, "emit: bad property '%s'", prop);
    e.value = opt_int(L, 11, 0);
    e.text = luaL_optstring(L, 12, NULL);
    if (w->opts.keep_log) {
        out = log_effect(w, &e);
        if (!out) {
            w->emit_failed = true;
            return luaL_error(L, "out of memory recording an effect");
        }
    }
    switch (out->kind) {
    case RF_EFFECT_REMOVE:
        if (w->host.remove)
            w->host.remove(w->host.ud, out);
        break;
    case RF_EFFECT_CREATE:
        if (w->host.create)
            w->host.create(w->host.ud, out);
        break;
    case RF_EFFECT_MOVE:
        if (w->host.move)
            w->host.move(w->host.ud, out);
        break;
    case RF_EFFECT_SET:
        if (w->host.set)
            w->host.set(w->host.ud, out);
        break;
    case RF_EFFECT_SPELL:
        if (w->host.spell)
            w->host.spell(w->host.ud, out);
        break;
    case RF_EFFECT_TICKER:
        if (w->host.ticker)
            w->host.ticker(w->host.ud, out);
        break;
    case RF_EFFECT_CLOCK_STOPPED:
        if (w->host.clock_stopped)
            w->host.clock_stopped(w->host.ud, out);
        break;
    case RF_EFFECT_KIND_COUNT:
        break;
    }
    return 0;
}

/* What a bad attribute should have been, for messages. */
static const char *expected_value(const rf_attr_spec *s)
{
    switch (s->kind) {
    case RF_VALUE_BOOL:
        return "0 or 1";
    case RF_VALUE_INT:
        return "an integer in range";
    case RF_VALUE_ANCHOR:
        return "a digit 0-9";
    case RF_VALUE_ENUM:
        return s->choices;
    case RF_VALUE_OBJECT_TAG:
        return "an object tag";
    case RF_VALUE_STRING:
    case RF_VALUE_REF:
        break;
    }
    return "text";
}

/* objtag(tag [, attrs]) -> the tag as rf_object_type_name spells it; with
 * attrs (normalised keys, text values), checks them with the loader's object
 * grammar first, as if the object stood in a room. <element type="lever"> is
 * a lever, as in the loader. */
static int l_objtag(lua_State *L)
{
    const char *tag = luaL_checkstring(L, 1);
    rf_object_type t;
    size_t i;
    if (!rf_object_type_parse(tag, &t))
        return luaL_error(L, "'%s' is not an object tag", tag);
    if (lua_istable(L, 2)) {
        const rf_object_spec *os = rf_script_object_spec(t);
        for (i = 0; os && i < os->nattrs; i++) {
            const rf_attr_spec *s = &os->attrs[i];
            const char *v;
            lua_getfield(L, 2, s->key);
            v = lua_tostring(L, -1);
            if (!v && s->required) {
                bool alt = false;
                if (s->alt) {
                    lua_getfield(L, 2, s->alt);
                    alt = !lua_isnil(L, -1);
                    lua_pop(L, 1);
                }
                if (!alt)
                    return luaL_error(L, "a created %s needs the %s attribute",
                                      rf_object_type_name(t), s->name);
            }
            if (v && !rf_script_value_ok(s, v))
                return luaL_error(L, "%s=\"%s\" of a created %s must be %s", s->name, v,
                                  rf_object_type_name(t), expected_value(s));
            if (v && t == RF_OBJ_ELEMENT && strcmp(s->key, "type") == 0 &&
                strcasecmp(v, "lever") == 0)
                t = RF_OBJ_LEVER;
            lua_pop(L, 1);
        }
    }
    lua_pushstring(L, rf_object_type_name(t));
    return 1;
}

/* compile(src, name) -> function: a text chunk of the engine's own making
 * (generated rule tests, condition evaluators), whose _ENV is an empty table:
 * it reaches no global at all. */
static int l_compile(lua_State *L)
{
    size_t len;
    const char *src = luaL_checklstring(L, 1, &len);
    const char *name = luaL_checkstring(L, 2);
    if (luaL_loadbufferx(L, src, len, name, "t") != LUA_OK)
        return lua_error(L);
    lua_newtable(L);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    return 1;
}

/* arm() / disarm(): the budget around one rule that runs user Lua. */
static int l_arm(lua_State *L)
{
    rf_world *w = upworld(L);
    rf_luavm_arm(L, w->opts.tick_budget);
    return 0;
}

static int l_disarm(lua_State *L)
{
    rf_luavm_disarm(L);
    return 0;
}

/* ---- boot ---- */

static const rf_lua_embedded *embedded(const char *name)
{
    const rf_lua_embedded *f;
    for (f = rf_lua_embedded_files; f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}

/* Loads the embedded file name ("=@roomforge/name") and calls it with the
 * values on top of the stack (nargs of them), keeping nres results. */
static void run_embedded(lua_State *L, const char *name, int nargs, int nres)
{
    const rf_lua_embedded *f = embedded(name);
    char chunk[64];
    if (!f)
        luaL_error(L, "the library lacks scripts/roomforge/%s", name);
    snprintf(chunk, sizeof chunk, "=roomforge/%s", name);
    rf_luavm_load(L, f->text, f->len, chunk);
    lua_insert(L, -(nargs + 1));
    lua_call(L, nargs, nres);
}

static int step_boot(lua_State *L)
{
    rf_world *w = lua_touserdata(L, 1);
    lua_createtable(L, 0, 5);
    lua_pushlightuserdata(L, w);
    lua_pushcclosure(L, l_emit, 1);
    lua_setfield(L, -2, "emit");
    lua_pushcfunction(L, l_objtag);
    lua_setfield(L, -2, "objtag");
    lua_pushcfunction(L, l_compile);
    lua_setfield(L, -2, "compile");
    lua_pushlightuserdata(L, w);
    lua_pushcclosure(L, l_arm, 1);
    lua_setfield(L, -2, "arm");
    lua_pushcfunction(L, l_disarm);
    lua_setfield(L, -2, "disarm");
    run_embedded(L, "engine.lua", 1, 1);
    if (!lua_istable(L, -1))
        return luaL_error(L, "engine.lua did not return its table");
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &engine_key);
    /* method calls on strings ("x"):find(...) go through the guarded library */
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_getfield(L, -3, "safe_string");
        lua_setfield(L, -2, "__index");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    run_embedded(L, "conditions.lua", 1, 0);
    lua_pushvalue(L, -1);
    run_embedded(L, "actions.lua", 1, 0);
    return 0;
}

/* A file read whole (at most MAX_LUA_FILE bytes) into an owned buffer. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || n > MAX_LUA_FILE ||
        fseek(f, 0, SEEK_SET) != 0)
        goto fail;
    buf = rf_alloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
        goto fail;
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
fail:
    rf_free(buf);
    fclose(f);
    return NULL;
}

typedef struct ext_step {
    const char *code;
    size_t len;
    const char *chunk;
} ext_step;

static int step_extension(lua_State *L)
{
    ext_step *s = lua_touserdata(L, 1);
    rf_luavm_load(L, s->code, s->len, s->chunk);
    push_fn(L, "extension_env");
    lua_call(L, 0, 1);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    lua_call(L, 0, 0);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every *.lua of dir, in byte order of names. false when one failed. */
static bool load_extensions(rf_world *w, const char *dir, rf_diags *d, bool *nomem, bool *io)
{
    DIR *dp = opendir(dir);
    struct dirent *e;
    char *names[MAX_EXT_FILES];
    size_t n = 0, i;
    bool ok = true;
    if (!dp) {
        if (d)
            (void)rf_diag_add(d, "io-error", dir, 0, 0, "cannot open the scripts directory");
        *io = true;
        return false;
    }
    while ((e = readdir(dp)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".lua") != 0 || e->d_name[0] == '.')
            continue;
        if (n == MAX_EXT_FILES) {
            if (d)
                (void)rf_diag_add(d, "io-error", dir, 0, 0,
                                  "more than %d Lua files; the rest are ignored", MAX_EXT_FILES);
            ok = false;
            break;
        }
        if (!(names[n] = rf_strdup(e->d_name))) {
            *nomem = true;
            break;
        }
        n++;
    }
    closedir(dp);
    qsort(names, n, sizeof names[0], cmp_names);
    for (i = 0; i < n && !*nomem; i++) {
        char path[4096], chunk[64];
        size_t len = 0;
        char *code;
        ext_step s;
        rf_luavm_fail f;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, names[i]) >= sizeof path)
            continue;
        code = read_file(path, &len);
        if (!code) {
            if (d)
                (void)rf_diag_add(d, "io-error", path, 0, 0,
                                  "cannot read this extension file (or it is over 1 MiB)");
            ok = false;
            continue;
        }
        snprintf(chunk, sizeof chunk, "=%s", names[i]);
        s.code = code;
        s.len = len;
        s.chunk = chunk;
        if (rf_luavm_call(w->vm, step_extension, &s, w->opts.load_budget, chunk, &f) != RF_OK) {
            if (d)
                (void)rf_diag_add(d, f.code, path, f.line > 0 ? f.line : 1, 1, "extension %s: %s",
                                  names[i], f.msg);
            ok = false;
        }
        rf_free(code);
    }
    for (i = 0; i < n; i++)
        rf_free(names[i]);
    return ok;
}

/* ---- the registry seen by lint ---- */

typedef struct has_step {
    const char *fn, *name;
    bool result;
} has_step;

static int step_has(lua_State *L)
{
    has_step *s = lua_touserdata(L, 1);
    push_fn(L, s->fn);
    lua_pushstring(L, s->name);
    lua_call(L, 1, 1);
    s->result = lua_toboolean(L, -1);
    return 0;
}

static bool ask(rf_world *w, const char *fn, const char *name)
{
    has_step s = {fn, name, false};
    rf_luavm_fail f;
    return name && rf_luavm_call(w->vm, step_has, &s, 0, NULL, &f) == RF_OK && s.result;
}
static bool has_condition(void *ud, const char *type) { return ask(ud, "has_condition", type); }
static bool has_action(void *ud, const char *type) { return ask(ud, "has_action", type); }

const rf_script_types *rf_world_script_types(rf_world *w) { return w ? &w->types : NULL; }

rf_status rf_world_new(const rf_world_opts *opts, rf_diags *d, rf_world **out)
{
    rf_world *w;
    rf_luavm_fail f;
    bool nomem = false, io = false, ext_ok = true;
    if (!out)
        return RF_ERR_ARG;
    w = rf_calloc(1, sizeof *w);
    if (!w)
        return RF_ERR_NOMEM;
    rf_world_opts_init(&w->opts);
    if (opts) {
        w->opts = *opts;
        if (!w->opts.mem_cap)
            w->opts.mem_cap = DEFAULT_MEM_CAP;
        if (w->opts.tick_budget <= 0)
            w->opts.tick_budget = DEFAULT_TICK_BUDGET;
        if (w->opts.load_budget <= 0)
            w->opts.load_budget = DEFAULT_LOAD_BUDGET;
    }
    if (w->opts.scripts_dir && !(w->scripts_dir = rf_strdup(w->opts.scripts_dir)))
        goto nomem;
    w->opts.scripts_dir = w->scripts_dir;
    w->types.ud = w;
    w->types.has_condition = has_condition;
    w->types.has_action = has_action;
    w->vm = rf_luavm_new(w->opts.mem_cap, w->opts.tick_budget);
    if (!w->vm)
        goto nomem;
    w->L = rf_luavm_state(w->vm);
    if (rf_luavm_call(w->vm, step_boot, w, 0, NULL, &f) != RF_OK)
        goto nomem; /* the embedded scripts are tested: only memory can fail here */
    if (w->scripts_dir)
        ext_ok = load_extensions(w, w->scripts_dir, d, &nomem, &io);
    if (nomem)
        goto nomem;
    if (io) {
        rf_world_free(w);
        return RF_ERR_IO;
    }
    *out = w;
    return ext_ok ? RF_OK : RF_ERR_CONTENT;
nomem:
    rf_world_free(w);
    return RF_ERR_NOMEM;
}

void rf_world_free(rf_world *w)
{
    size_t i;
    if (!w)
        return;
    rf_luavm_free(w->vm);
    for (i = 0; i < w->nchunks; i++)
        rf_free(w->chunks[i].file);
    rf_free(w->chunks);
    rf_world_effects_clear(w);
    rf_free(w->log);
    rf_free(w->log_blocks);
    rf_free(w->rooms);
    rf_free(w->scratch);
    rf_free(w->scripts_dir);
    rf_free(w);
}

/* ---- adding rooms ---- */

typedef struct room_step {
    rf_world *w;
    size_t index;
    const rf_template *t;
    const rf_script *sc;
    int script;
    long mark;        /* rules before a Lua chunk */
    const char *code; /* Lua chunk */
    size_t len;
    const char *chunk; /* its name "=rN" */
    size_t nrules;     /* out: rules of the room */
} room_step;

/* Pushes a table {normalised key = value} of attrs. */
static void push_attrs(lua_State *L, const rf_attr *attrs, size_t n)
{
    size_t i;
    lua_createtable(L, 0, (int)n);
    for (i = 0; i < n; i++) {
        if (!attrs[i].key || !attrs[i].value)
            continue;
        lua_pushstring(L, attrs[i].value);
        lua_setfield(L, -2, attrs[i].key);
    }
}

static int step_new_room(lua_State *L)
{
    room_step *s = lua_touserdata(L, 1);
    const rf_template *t = s->t;
    const room_rec *r = &s->w->rooms[s->index];
    size_t i, n;
    int digit;
    push_fn(L, "new_room");
    lua_pushinteger(L, (lua_Integer)s->index);
    lua_pushinteger(L, r->x);
    lua_pushinteger(L, r->y);
    lua_pushinteger(L, rf_template_width(t));
    lua_pushinteger(L, rf_template_height(t));
    lua_pushstring(L, rf_template_name(t));
    lua_createtable(L, 10, 0);
    for (digit = 0; digit <= 9; digit++) {
        int ax, ay;
        if (!rf_template_anchor(t, digit, &ax, &ay))
            continue;
        lua_createtable(L, 2, 0);
        lua_pushinteger(L, ax);
        lua_rawseti(L, -2, 1);
        lua_pushinteger(L, ay);
        lua_rawseti(L, -2, 2);
        lua_rawseti(L, -2, digit);
    }
    lua_call(L, 7, 0);
    n = rf_template_object_count(t);
    for (i = 0; i < n; i++) {
        const rf_object *o = rf_template_object(t, i);
        push_fn(L, "add_object");
        lua_pushinteger(L, (lua_Integer)s->index);
        lua_pushstring(L, rf_object_type_name(o->type));
        push_attrs(L, o->attrs, o->nattrs);
        lua_pushinteger(L, o->x);
        lua_pushinteger(L, o->y);
        lua_call(L, 5, 0);
    }
    return 0;
}

static void push_clauses(lua_State *L, const rf_clause *cl, size_t n)
{
    size_t i;
    lua_createtable(L, (int)n, 0);
    for (i = 0; i < n; i++) {
        lua_createtable(L, 0, 3);
        lua_pushstring(L, cl[i].type ? cl[i].type : "");
        lua_setfield(L, -2, "type");
        lua_pushinteger(L, cl[i].line);
        lua_setfield(L, -2, "line");
        push_attrs(L, cl[i].attrs, cl[i].nattrs);
        lua_setfield(L, -2, "attrs");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

static int step_xml(lua_State *L)
{
    room_step *s = lua_touserdata(L, 1);
    push_fn(L, "compile_xml");
    lua_pushinteger(L, (lua_Integer)s->index);
    lua_pushinteger(L, s->script);
    lua_pushinteger(L, s->sc->line);
    lua_pushboolean(L, s->sc->repeat != 0);
    push_clauses(L, s->sc->conditions, s->sc->nconditions);
    push_clauses(L, s->sc->actions, s->sc->nactions);
    lua_call(L, 6, 0);
    return 0;
}

static int step_mark(lua_State *L)
{
    room_step *s = lua_touserdata(L, 1);
    push_fn(L, "mark");
    lua_call(L, 0, 1);
    s->mark = (long)lua_tointeger(L, -1);
    return 0;
}

static int step_truncate(lua_State *L)
{
    room_step *s = lua_touserdata(L, 1);
    push_fn(L, "truncate");
    lua_pushinteger(L, s->mark);
    lua_call(L, 1, 0);
    return 0;
}

static int step_chunk(lua_State *L)
{
    room_step *s = lua_touserdata(L, 1);
    rf_luavm_load(L, s->code, s->len, s->chunk);
    push_fn(L, "chunk_env");
    lua_pushinteger(L, (lua_Integer)s->index);
    lua_pushinteger(L, s->script);
    lua_pushinteger(L, (lua_Integer)s->w->nchunks - 1);
    lua_call(L, 3, 1);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    lua_call(L, 0, 0);
    push_fn(L, "chunk_done");
    lua_call(L, 0, 0);
    return 0;
}

static int step_room_rules(lua_State *L)
{
    room_step *s = lua_touserdata(L, 1);
    push_fn(L, "room_rules");
    lua_pushinteger(L, (lua_Integer)s->index);
    lua_call(L, 1, 1);
    s->nrules = (size_t)lua_tointeger(L, -1);
    return 0;
}

/* The text of one failure's diagnostic. */
static void report(rf_diags *d, const char *code, const char *file, int line, int col,
                   const rf_template *t, int script, const char *msg, const char *tail)
{
    if (!d)
        return;
    (void)rf_diag_add(d, code, file ? file : "", line, line > 0 ? (col > 0 ? col : 1) : 0,
                      "room '%s', script %d: %s%s", rf_template_name(t), script + 1, msg, tail);
}

/* Whether path is relative and never climbs out with "..". */
static bool src_path_ok(const char *src)
{
    const char *p = src;
    if (!src[0] || src[0] == '/' || src[0] == '\\')
        return false;
    while (*p) {
        size_t n = strcspn(p, "/\\");
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return false;
        p += n;
        if (*p)
            p++;
    }
    return true;
}

/* The path of src relative to the directory of file, into buf. */
static bool src_resolve(const char *file, const char *src, char *buf, size_t cap)
{
    const char *slash = file ? strrchr(file, '/') : NULL;
    int n;
    if (slash)
        n = snprintf(buf, cap, "%.*s/%s", (int)(slash - file), file, src);
    else
        n = snprintf(buf, cap, "%s", src);
    return n >= 0 && (size_t)n < cap;
}

typedef struct int_step {
    const char *field;
    long value;
} int_step;

static int step_get_int(lua_State *L)
{
    int_step *s = lua_touserdata(L, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &engine_key);
    lua_getfield(L, -1, s->field);
    s->value = (long)lua_tointeger(L, -1);
    return 0;
}

/* An integer field of E, 0 when it cannot be read. */
static long engine_int(rf_world *w, const char *field)
{
    int_step s = {field, 0};
    rf_luavm_fail f;
    return rf_luavm_call(w->vm, step_get_int, &s, 0, NULL, &f) == RF_OK ? s.value : 0;
}

/* The line of the clause E.compile_xml was compiling when it failed. */
static int clause_line(rf_world *w) { return (int)engine_int(w, "clause_line"); }

/* Reports the clauses of sc whose type no registry entry has (unless lint
 * reports them itself); false when there was one. */
static bool unknown_types_ok(rf_world *w, const rf_template *t, const rf_script *sc, rf_diags *d)
{
    size_t k, i;
    bool ok = true;
    for (k = 0; k < 2; k++) {
        bool action = k == 1;
        const rf_clause *cl = action ? sc->actions : sc->conditions;
        size_t n = action ? sc->nactions : sc->nconditions;
        for (i = 0; i < n; i++) {
            const char *type = cl[i].type ? cl[i].type : "";
            if (action ? has_action(w, type) : has_condition(w, type))
                continue;
            ok = false;
            if (w->quiet_unknown || !d)
                continue;
            (void)rf_diag_add(d, action ? "unknown-action" : "unknown-condition",
                              rf_template_file(t) ? rf_template_file(t) : "", cl[i].line, cl[i].col,
                              "room '%s' uses %s type '%s', which no registered %s has",
                              rf_template_name(t), action ? "action" : "condition", type,
                              action ? "action" : "condition");
        }
    }
    return ok;
}

/* The file column of the first non-blank character of Lua line `line` of
 * code, whose first line starts at file column first_col (1 for others). */
static int text_col(const char *code, size_t len, int line, int first_col)
{
    size_t i = 0;
    int l = 1, col;
    while (i < len && l < line) {
        if (code[i++] == '\n')
            l++;
    }
    col = l == 1 ? first_col : 1;
    while (i < len && (code[i] == ' ' || code[i] == '\t')) {
        i++;
        col++;
    }
    return col;
}

/* Runs one Lua script of a room (inline or src). false when it failed. */
static bool add_lua_script(rf_world *w, room_step *s, rf_diags *d, bool *nomem)
{
    const rf_script *sc = s->sc;
    const rf_template *t = s->t;
    const char *tfile = rf_template_file(t);
    char path[4096], chunk[32];
    char *owned = NULL;
    chunk_rec *c;
    rf_luavm_fail f;
    rf_status st;
    bool ok = true;
    if (sc->src) {
        size_t len = 0;
        if (!src_path_ok(sc->src)) {
            report(d, "script-src", tfile, sc->line, sc->col, t, s->script,
                   "src must be a relative path that stays under the rooms file's directory", "");
            return false;
        }
        if (!src_resolve(tfile, sc->src, path, sizeof path) || !(owned = read_file(path, &len))) {
            report(d, "script-src", tfile, sc->line, sc->col, t, s->script,
                   "cannot read the src file (or it is over 1 MiB): ", sc->src);
            return false;
        }
        s->code = owned;
        s->len = len;
    } else {
        s->code = sc->code ? sc->code : "";
        s->len = strlen(s->code);
    }
    if (!rf_grow((void **)&w->chunks, &w->capchunks, w->nchunks + 1, sizeof *w->chunks)) {
        rf_free(owned);
        *nomem = true;
        return false;
    }
    c = &w->chunks[w->nchunks];
    c->room = s->index;
    c->script = s->script;
    c->first_line = sc->src ? 1 : (sc->code_line > 0 ? sc->code_line : sc->line);
    c->first_col = sc->src ? 1 : (sc->code_col > 0 ? sc->code_col : 1);
    c->file = rf_strdup(sc->src ? path : (tfile ? tfile : ""));
    if (!c->file) {
        rf_free(owned);
        *nomem = true;
        return false;
    }
    w->nchunks++;
    snprintf(chunk, sizeof chunk, RF_LUAVM_USER_PREFIX "%zu", w->nchunks - 1);
    s->chunk = chunk;
    if (rf_luavm_call(w->vm, step_mark, s, 0, NULL, &f) != RF_OK) {
        rf_free(owned);
        *nomem = true;
        return false;
    }
    st = rf_luavm_call(w->vm, step_chunk, s, w->opts.load_budget, chunk, &f);
    if (st != RF_OK) {
        rf_luavm_fail f2;
        if (f.line > 0)
            report(d, f.code, c->file, c->first_line + f.line - 1,
                   text_col(s->code, s->len, f.line, c->first_col), t, s->script, f.msg, "");
        else /* no line (memory runs out outside any frame): the script itself */
            report(d, f.code, sc->src ? tfile : c->file, sc->line, sc->col, t, s->script, f.msg,
                   "");
        if (rf_luavm_call(w->vm, step_truncate, s, 0, NULL, &f2) != RF_OK)
            *nomem = true;
        ok = false;
    }
    rf_free(owned);
    return ok;
}

rf_status rf_world_add_room(rf_world *w, const rf_template *t, int x, int y, rf_diags *d,
                            size_t *index)
{
    room_step s;
    rf_luavm_fail f;
    size_t i, ns;
    bool failed = false, nomem = false;
    if (!w || !t)
        return RF_ERR_ARG;
    if (w->nrooms >= RF_WORLD_MAX_ROOMS)
        return RF_ERR_LIMIT;
    if (!rf_grow((void **)&w->rooms, &w->caprooms, w->nrooms + 1, sizeof *w->rooms))
        return RF_ERR_NOMEM;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.t = t;
    s.index = w->nrooms;
    w->rooms[s.index].t = t;
    w->rooms[s.index].x = x;
    w->rooms[s.index].y = y;
    w->rooms[s.index].rules = 0;
    w->nrooms++;
    if (rf_luavm_call(w->vm, step_new_room, &s, 0, NULL, &f) != RF_OK) {
        w->nrooms--; /* E.rooms[index] is overwritten by the next room added */
        return RF_ERR_NOMEM;
    }
    ns = rf_template_script_count(t);
    for (i = 0; i < ns && !nomem; i++) {
        const rf_script *sc = rf_template_script(t, i);
        s.sc = sc;
        s.script = (int)i;
        if (sc->lang == RF_SCRIPT_LUA) {
            if (!add_lua_script(w, &s, d, &nomem))
                failed = true;
            continue;
        }
        if (!unknown_types_ok(w, t, sc, d)) {
            failed = true;
            continue;
        }
        if (rf_luavm_call(w->vm, step_xml, &s, 0, NULL, &f) != RF_OK) {
            int line = clause_line(w);
            report(d, f.code, rf_template_file(t), line > 0 ? line : sc->line, sc->col, t, (int)i,
                   f.msg, "");
            failed = true;
        }
    }
    if (rf_luavm_call(w->vm, step_room_rules, &s, 0, NULL, &f) == RF_OK)
        w->rooms[s.index].rules = s.nrules;
    if (index)
        *index = s.index;
    if (nomem)
        return RF_ERR_NOMEM;
    return failed ? RF_ERR_CONTENT : RF_OK;
}

/* ---- rooms and objects ---- */

size_t rf_world_room_count(const rf_world *w) { return w ? w->nrooms : 0; }

bool rf_world_room_get(const rf_world *w, size_t i, rf_world_room *out)
{
    const room_rec *r;
    if (!w || !out || i >= w->nrooms)
        return false;
    r = &w->rooms[i];
    out->tmpl = r->t;
    out->name = rf_template_name(r->t);
    out->x = r->x;
    out->y = r->y;
    out->w = rf_template_width(r->t);
    out->h = rf_template_height(r->t);
    out->rules = r->rules;
    return true;
}

typedef struct obj_step {
    rf_world *w;
    size_t room;
    size_t i; /* 1-based, or 0 to look up id */
    const char *id;
    rf_world_object *out;
    bool found;
    size_t count;
} obj_step;

/* Keeps a copy of id in the world's scratch buffer (rf_world_object.id). */
static const char *scratch_id(rf_world *w, const char *id)
{
    size_t n = strlen(id) + 1;
    if (n > w->capscratch) {
        char *p = rf_realloc(w->scratch, n);
        if (!p)
            return NULL;
        w->scratch = p;
        w->capscratch = n;
    }
    memcpy(w->scratch, id, n);
    return w->scratch;
}

static int step_object(lua_State *L)
{
    obj_step *s = lua_touserdata(L, 1);
    rf_world_object *o = s->out;
    const room_rec *r = &s->w->rooms[s->room];
    const char *tag;
    push_fn(L, s->id ? "object_find" : "object_at");
    lua_pushinteger(L, (lua_Integer)s->room);
    if (s->id)
        lua_pushstring(L, s->id);
    else
        lua_pushinteger(L, (lua_Integer)s->i);
    lua_call(L, 2, 14);
    tag = lua_tostring(L, -13);
    if (!tag)
        return 0;
    memset(o, 0, sizeof *o);
    if (!rf_object_type_parse(tag, &o->type))
        return 0;
    if (lua_isstring(L, -14)) {
        o->id = scratch_id(s->w, lua_tostring(L, -14));
        if (!o->id)
            return luaL_error(L, "out of memory");
    }
    o->lx = (int)lua_tointeger(L, -12);
    o->ly = (int)lua_tointeger(L, -11);
    o->x = o->lx + r->x;
    o->y = o->ly + r->y;
    o->activated = lua_toboolean(L, -10);
    o->started = lua_toboolean(L, -9);
    o->remaining = (int)lua_tointeger(L, -8);
    o->initial = (int)lua_tointeger(L, -7);
    o->hits = (int)lua_tointeger(L, -6);
    o->hits_needed = (int)lua_tointeger(L, -5);
    o->broken = lua_toboolean(L, -4);
    o->alive = lua_toboolean(L, -3);
    o->passable = lua_toboolean(L, -2);
    o->can_push = lua_toboolean(L, -1);
    s->found = true;
    return 0;
}

static int step_object_count(lua_State *L)
{
    obj_step *s = lua_touserdata(L, 1);
    push_fn(L, "object_count");
    lua_pushinteger(L, (lua_Integer)s->room);
    lua_call(L, 1, 1);
    s->count = (size_t)lua_tointeger(L, -1);
    return 0;
}

size_t rf_world_object_count(rf_world *w, size_t room)
{
    obj_step s;
    rf_luavm_fail f;
    if (!w || room >= w->nrooms)
        return 0;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.room = room;
    return rf_luavm_call(w->vm, step_object_count, &s, 0, NULL, &f) == RF_OK ? s.count : 0;
}

static bool get_object(rf_world *w, size_t room, size_t i, const char *id, rf_world_object *out)
{
    obj_step s;
    rf_world_object tmp;
    rf_luavm_fail f;
    if (!w || room >= w->nrooms)
        return false;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.room = room;
    s.i = i;
    s.id = id;
    s.out = &tmp;
    if (rf_luavm_call(w->vm, step_object, &s, 0, NULL, &f) != RF_OK || !s.found)
        return false;
    if (out)
        *out = tmp;
    return true;
}

bool rf_world_object_get(rf_world *w, size_t room, size_t i, rf_world_object *out)
{
    return get_object(w, room, i + 1, NULL, out);
}

bool rf_world_object_find(rf_world *w, size_t room, const char *id, rf_world_object *out)
{
    return id ? get_object(w, room, 0, id, out) : false;
}

void rf_world_player(const rf_world *w, int *x, int *y)
{
    if (x)
        *x = w ? w->px : 0;
    if (y)
        *y = w ? w->py : 0;
}

long rf_world_tick_count(const rf_world *w) { return w ? w->tick : 0; }

/* ---- events ---- */

typedef struct event_step {
    const char *fn;
    size_t room;
    const char *id;
    long n; /* hits, or x */
    long y;
    int nargs;
    bool result;
} event_step;

static int step_event(lua_State *L)
{
    event_step *s = lua_touserdata(L, 1);
    push_fn(L, s->fn);
    if (s->nargs == 2 && !s->id) { /* move_player */
        lua_pushinteger(L, s->n);
        lua_pushinteger(L, s->y);
    } else {
        lua_pushinteger(L, (lua_Integer)s->room);
        if (s->id)
            lua_pushstring(L, s->id);
        if (s->nargs == 3)
            lua_pushinteger(L, s->n);
    }
    lua_call(L, s->nargs, 1);
    s->result = lua_isnil(L, -1) || lua_toboolean(L, -1);
    return 0;
}

static rf_status event(rf_world *w, event_step *s)
{
    rf_luavm_fail f;
    rf_status st = rf_luavm_call(w->vm, step_event, s, 0, NULL, &f);
    if (st != RF_OK)
        return RF_ERR_NOMEM; /* engine functions fail only for memory */
    return s->result ? RF_OK : RF_ERR_ARG;
}

rf_status rf_world_enter(rf_world *w, size_t room)
{
    event_step s = {"enter", room, NULL, 0, 0, 1, false};
    if (!w || room >= w->nrooms)
        return RF_ERR_ARG;
    return event(w, &s);
}

rf_status rf_world_exit(rf_world *w, size_t room)
{
    event_step s = {"exit", room, NULL, 0, 0, 1, false};
    if (!w || room >= w->nrooms)
        return RF_ERR_ARG;
    return event(w, &s);
}

rf_status rf_world_move_player(rf_world *w, int x, int y)
{
    event_step s = {"move_player", 0, NULL, x, y, 2, false};
    rf_status st;
    if (!w)
        return RF_ERR_ARG;
    st = event(w, &s);
    if (st == RF_OK) {
        w->px = x;
        w->py = y;
    }
    return st;
}

rf_status rf_world_pull(rf_world *w, size_t room, const char *id)
{
    event_step s = {"pull", room, id, 0, 0, 2, false};
    if (!w || room >= w->nrooms || !id)
        return RF_ERR_ARG;
    return event(w, &s);
}

rf_status rf_world_hit(rf_world *w, size_t room, const char *id, int n)
{
    event_step s = {"hit", room, id, n, 0, 3, false};
    if (!w || room >= w->nrooms || !id || n < 1)
        return RF_ERR_ARG;
    return event(w, &s);
}

rf_status rf_world_kill(rf_world *w, size_t room, const char *id)
{
    event_step s = {"kill", room, id, 0, 0, 2, false};
    if (!w || room >= w->nrooms || !id)
        return RF_ERR_ARG;
    return event(w, &s);
}

/* ---- ticks ---- */

typedef struct tick_step {
    long from;
    int ri, script, chunk, line;
    const char *kind;
    bool have;
} tick_step;

static int step_begin_tick(lua_State *L)
{
    push_fn(L, "begin_tick");
    lua_call(L, 0, 0);
    return 0;
}

static int step_run(lua_State *L)
{
    tick_step *s = lua_touserdata(L, 1);
    push_fn(L, "run");
    lua_pushinteger(L, s->from);
    lua_call(L, 1, 0);
    return 0;
}

static int step_disable(lua_State *L)
{
    tick_step *s = lua_touserdata(L, 1);
    push_fn(L, "disable");
    lua_pushinteger(L, s->from);
    lua_call(L, 1, 5);
    s->have = !lua_isnil(L, -5);
    s->ri = (int)lua_tointeger(L, -5);
    s->script = (int)lua_tointeger(L, -4);
    s->kind = lua_tostring(L, -3) && strcmp(lua_tostring(L, -3), "lua") == 0 ? "lua" : "xml";
    s->line = (int)lua_tointeger(L, -2);
    s->chunk = (int)lua_tointeger(L, -1);
    return 0;
}

/* Reports the failure f of rule s (filled by step_disable). */
static void report_rule(rf_world *w, const tick_step *s, const rf_luavm_fail *f, rf_diags *d)
{
    const rf_template *t;
    const rf_script *sc;
    const char *file;
    int line, col;
    size_t k;
    if (!s->have || s->ri < 0 || (size_t)s->ri >= w->nrooms)
        return;
    t = w->rooms[s->ri].t;
    sc = rf_template_script(t, (size_t)s->script);
    file = rf_template_file(t);
    line = sc ? sc->line : rf_template_line(t);
    col = sc ? sc->col : 1;
    if (strcmp(s->kind, "lua") == 0 && sc) {
        /* the innermost frame of this rule's own chunk, when the failure has one */
        for (k = 0; k < w->nchunks; k++) {
            char name[32];
            snprintf(name, sizeof name, RF_LUAVM_USER_PREFIX "%zu", k);
            if (f->where[0] && strcmp(f->where, name) == 0 && f->where_line > 0) {
                file = w->chunks[k].file;
                line = w->chunks[k].first_line + f->where_line - 1;
                col = f->where_line == 1 ? w->chunks[k].first_col : 1;
                break;
            }
        }
    }
    report(d, f->code, file, line, col, t, s->script, f->msg, " (the rule is disabled)");
}

rf_status rf_world_tick(rf_world *w, rf_diags *d)
{
    tick_step s;
    rf_luavm_fail f;
    bool disabled = false;
    long budget;
    if (!w)
        return RF_ERR_ARG;
    memset(&s, 0, sizeof s);
    w->tick++;
    w->emit_failed = false;
    /* Built-in rules (generated tests over literals, the engine's actions)
     * are bounded by construction and run unhooked; engine.lua arms the
     * count hook (host.arm) around each rule that runs user Lua, since a
     * count hook slows every VM instruction while it is set. */
    budget = -1;
    if (rf_luavm_call(w->vm, step_begin_tick, &s, budget, NULL, &f) != RF_OK)
        return RF_ERR_NOMEM;
    s.from = 1;
    while (rf_luavm_call(w->vm, step_run, &s, budget, NULL, &f) != RF_OK) {
        rf_luavm_fail f2;
        long cur = engine_int(w, "cur");
        if (cur <= 0)
            return RF_ERR_NOMEM; /* outside any rule: the engine itself */
        s.from = cur;
        if (rf_luavm_call(w->vm, step_disable, &s, 0, NULL, &f2) != RF_OK)
            return RF_ERR_NOMEM;
        report_rule(w, &s, &f, d);
        disabled = true;
        s.from = cur + 1;
    }
    if (w->emit_failed)
        return RF_ERR_NOMEM;
    return disabled ? RF_ERR_SCRIPT : RF_OK;
}

/* ---- effects ---- */

void rf_world_set_host(rf_world *w, const rf_world_host *host)
{
    if (!w)
        return;
    if (host)
        w->host = *host;
    else
        memset(&w->host, 0, sizeof w->host);
}

size_t rf_world_effect_count(const rf_world *w) { return w ? w->nlog : 0; }

const rf_effect *rf_world_effect_at(const rf_world *w, size_t i)
{
    return w && i < w->nlog ? &w->log[i] : NULL;
}

void rf_world_effects_clear(rf_world *w)
{
    size_t i;
    if (!w)
        return;
    for (i = 0; i < w->nlog; i++)
        rf_free(w->log_blocks[i]);
    w->nlog = 0;
}

/* A bounded writer: counts everything, stores what fits. */
typedef struct writer {
    char *buf;
    size_t cap, len;
} writer;

static void put_c(writer *o, char c)
{
    if (o->len + 1 < o->cap)
        o->buf[o->len] = c;
    o->len++;
}

static void put_s(writer *o, const char *s)
{
    while (*s)
        put_c(o, *s++);
}

static void put_long(writer *o, long v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%ld", v);
    put_s(o, tmp);
}

/* " X,Y" after prefix (" at", " from", ...). */
static void put_xy(writer *o, const char *prefix, int x, int y)
{
    put_s(o, prefix);
    put_c(o, ' ');
    put_long(o, x);
    put_c(o, ',');
    put_long(o, y);
}

/* A string in double quotes, '"' and '\' escaped, newline and tab as \n \t. */
static void put_quoted(writer *o, const char *s)
{
    put_c(o, '"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') {
            put_c(o, '\\');
            put_c(o, *s);
        } else if (*s == '\n') {
            put_s(o, "\\n");
        } else if (*s == '\t') {
            put_s(o, "\\t");
        } else {
            put_c(o, *s);
        }
    }
    put_c(o, '"');
}

/* An id, in quotes only when it holds a blank, a quote, a backslash or '#'. */
static void put_id(writer *o, const char *id)
{
    if (!id[0] || strpbrk(id, " \t\n\r\"\\#"))
        put_quoted(o, id);
    else
        put_s(o, id);
}

size_t rf_effect_format(const rf_effect *e, bool local, char *buf, size_t cap)
{
    writer o = {buf, cap, 0};
    int x, y, tx, ty;
    if (!e) {
        if (cap)
            buf[0] = '\0';
        return 0;
    }
    x = local ? e->lx : e->x;
    y = local ? e->ly : e->y;
    tx = local ? e->tlx : e->tx;
    ty = local ? e->tly : e->ty;
    put_c(&o, 'T');
    put_long(&o, e->tick);
    put_c(&o, ' ');
    put_s(&o, rf_effect_kind_name(e->kind));
    switch (e->kind) {
    case RF_EFFECT_REMOVE:
        put_c(&o, ' ');
        put_id(&o, e->id ? e->id : "");
        break;
    case RF_EFFECT_CREATE:
        put_c(&o, ' ');
        put_s(&o, rf_object_type_name(e->type));
        if (e->id) {
            put_c(&o, ' ');
            put_id(&o, e->id);
        }
        put_xy(&o, " at", x, y);
        break;
    case RF_EFFECT_MOVE:
        put_c(&o, ' ');
        put_id(&o, e->id ? e->id : "");
        put_xy(&o, "", x, y);
        break;
    case RF_EFFECT_SET:
        put_c(&o, ' ');
        put_id(&o, e->id ? e->id : "");
        put_c(&o, ' ');
        put_s(&o, e->property ? e->property : "?");
        put_c(&o, ' ');
        put_long(&o, e->value);
        break;
    case RF_EFFECT_SPELL:
        put_c(&o, ' ');
        put_quoted(&o, e->text ? e->text : "");
        put_xy(&o, " from", x, y);
        put_xy(&o, " to", tx, ty);
        break;
    case RF_EFFECT_TICKER:
        put_c(&o, ' ');
        put_quoted(&o, e->text ? e->text : "");
        break;
    case RF_EFFECT_CLOCK_STOPPED:
        put_c(&o, ' ');
        put_id(&o, e->id ? e->id : "");
        put_s(&o, " stopped");
        break;
    case RF_EFFECT_KIND_COUNT:
        break;
    }
    if (cap)
        buf[o.len < cap ? o.len : cap - 1] = '\0';
    return o.len;
}

/* ---- lint ---- */

/* Whether t has a Lua script (which lint runs in a world of its own). */
static bool has_lua(const rf_template *t)
{
    size_t i, n = rf_template_script_count(t);
    for (i = 0; i < n; i++)
        if (rf_template_script(t, i)->lang == RF_SCRIPT_LUA)
            return true;
    return false;
}

rf_status rf_world_lint(const rf_template_set *set, const rf_world_opts *opts, rf_diags *d)
{
    rf_world *w0 = NULL;
    rf_diags *quiet = NULL;
    rf_status st, worst = RF_OK;
    size_t i, n;
    if (!set || !d)
        return RF_ERR_ARG;
    st = rf_world_new(opts, d, &w0);
    if (st == RF_ERR_NOMEM || st == RF_ERR_IO)
        return st;
    if (st != RF_OK)
        worst = RF_ERR_CONTENT;
    if (rf_lint_script_types(set, rf_world_script_types(w0), d) != RF_OK)
        worst = RF_ERR_CONTENT;
    w0->quiet_unknown = true;
    quiet = rf_diags_new(); /* extension problems were reported once, above */
    if (!quiet) {
        rf_world_free(w0);
        return RF_ERR_NOMEM;
    }
    /* XML-only rooms share w0 (compiling cannot run user code); a room with a
     * Lua chunk gets a fresh world, so one chunk's memory or globals never
     * reach another's */
    n = rf_template_set_count(set);
    for (i = 0; i < n && worst != RF_ERR_NOMEM; i++) {
        const rf_template *t = rf_template_set_at(set, i);
        rf_world *w = w0;
        if (has_lua(t)) {
            w = NULL;
            st = rf_world_new(opts, quiet, &w);
            if (st == RF_ERR_NOMEM) {
                worst = st;
                break;
            }
            w->quiet_unknown = true;
        }
        st = rf_world_add_room(w, t, 0, 0, d, NULL);
        if (w != w0)
            rf_world_free(w);
        if (st == RF_ERR_NOMEM)
            worst = st;
        else if (st != RF_OK)
            worst = RF_ERR_CONTENT;
    }
    rf_world_free(w0);
    rf_diags_free(quiet);
    return worst;
}
