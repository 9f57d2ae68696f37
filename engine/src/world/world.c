/* engine/src/world/world.c: the runtime world behind roomforge/world.h:
 * rooms at level offsets, objects and rules in one sandboxed Lua state,
 * events and ticks (the effect log and the host: world_log.c).
 *
 * Pipeline: world; called by games, sim, lint and the level. Design: the
 * state lives in Lua (engine.lua); this file decides what runs and reports
 * failures; every touch of Lua is one protected step of world_lua.c. Events
 * are world_event.c's.
 */
#include "roomforge/world.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/seam.h"
#include "roomforge/fs.h"
#include "vm/seam.h"
#include "world_int.h"

#define DEFAULT_MEM_CAP ((size_t)64 * 1024 * 1024)
#define DEFAULT_TICK_BUDGET 20000000L
#define DEFAULT_LOAD_BUDGET 1000000L
/* A tick's pool, in rule budgets: what all user rules of a tick may run
 * together (a room registering thousands of rules each just under its own
 * budget is stopped after this much; docs/designers.md). */
#define RF_WORLD_TICK_POOL 2

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

/* ---- the registry seen by lint ---- */

/* Whether type is a registered action (or condition): asked of E once, and
 * kept until user Lua runs again (rf_world_forget_types): lint asks for every
 * clause of every room, and each question is a protected call. */
static bool known_type(rf_world *w, bool action, const char *type)
{
    size_t i;
    bool yes, answered;
    if (!type)
        return false;
    for (i = 0; i < w->nknown; i++)
        if (w->known[i].action == action && strcmp(w->known[i].name, type) == 0)
            return w->known[i].yes;
    yes = rf_world_ask(w, action ? "has_action" : "has_condition", type, &answered);
    if (answered && w->nknown < RF_WORLD_KNOWN_MAX &&
        (w->known || (w->known = rf_calloc(RF_WORLD_KNOWN_MAX, sizeof *w->known)))) {
        char *name = rf_strdup(type);
        if (name) { /* else not kept: asked again next time */
            w->known[w->nknown].name = name;
            w->known[w->nknown].action = action;
            w->known[w->nknown].yes = yes;
            w->nknown++;
        }
    }
    return yes;
}

void rf_world_forget_types(rf_world *w)
{
    while (w->nknown > 0)
        rf_free(w->known[--w->nknown].name);
}

static bool has_condition(void *ud, const char *type) { return known_type(ud, false, type); }

static bool has_action(void *ud, const char *type) { return known_type(ud, true, type); }

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
    w->types.suggest_scripts = !opts || !opts->scripts_dir;
    w->vm = rf_luavm_new(w->opts.mem_cap, w->opts.tick_budget);
    if (!w->vm)
        goto nomem;
    w->L = rf_luavm_state(w->vm);
    if (rf_luavm_call(w->vm, rf_world_step_boot, w, 0, NULL, &f) != RF_OK)
        goto nomem; /* the embedded scripts are tested: only memory can fail here */
    if (w->scripts_dir)
        ext_ok = rf_world_load_extensions(w, w->scripts_dir, d, &nomem, &io);
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
    for (i = 0; i < w->nvariants; i++)
        rf_template_variant_free(w->variants[i]);
    rf_free(w->variants);
    rf_world_forget_types(w);
    rf_free(w->known);
    for (i = 0; i < w->nchunks; i++)
        rf_free(w->chunks[i].file);
    rf_free(w->chunks);
    rf_world_effects_clear(w);
    rf_free(w->log);
    rf_free(w->log_blocks);
    for (i = 0; w->rooms && i < w->nrooms; i++) {
        rf_free(w->rooms[i].mname);
        rf_free(w->rooms[i].mcells);
    }
    rf_free(w->rooms);
    rf_free(w->scratch);
    rf_free(w->attrs);
    rf_free(w->scripts_dir);
    rf_free(w);
}

/* ---- adding rooms ---- */

/* The text of one failure's diagnostic. */
void rf_world_report(rf_diags *d, const char *code, const char *file, int line, int col,
                     const char *room, int script, const char *msg, const char *tail)
{
    if (!d)
        return;
    if (script < 0) /* the room as a whole */
        (void)rf_diag_add(d, code, file ? file : "", line, line > 0 ? (col > 0 ? col : 1) : 0,
                          "room '%s': %s%s", room, msg, tail);
    else
        (void)rf_diag_add(d, code, file ? file : "", line, line > 0 ? (col > 0 ? col : 1) : 0,
                          "room '%s', script %d: %s%s", room, script + 1, msg, tail);
}




/* The line of the clause E.compile_xml was compiling when it failed. */
static int clause_line(rf_world *w) { return (int)rf_world_engine_int(w, "clause_line"); }

/* Reports the clauses of sc whose type no registry entry has (unless lint
 * reports them itself); false when there was one. */
static bool unknown_types_ok(rf_world *w, const char *room, const char *file, const rf_script *sc,
                             rf_diags *d)
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
                              file ? file : "", cl[i].line, cl[i].col,
                              "room '%s' uses %s type '%s', which no registered %s has%s",
                              room, action ? "action" : "condition", type,
                              action ? "action" : "condition",
                              w->types.suggest_scripts ? "; did you forget `--scripts`?" : "");
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

/* The room holding the most of the state's memory (rf_luavm_owned), or
 * (size_t)-1 when that is not more than room `asker` holds. */
static size_t memory_holder(const rf_world *w, size_t asker)
{
    size_t i, best = 0;
    for (i = 1; i < w->nrooms; i++)
        if (rf_luavm_owned(w->vm, i + 1) > rf_luavm_owned(w->vm, best + 1))
            best = i;
    if (best == asker || asker >= w->nrooms ||
        rf_luavm_owned(w->vm, best + 1) <= rf_luavm_owned(w->vm, asker + 1))
        return (size_t)-1;
    return best;
}


/* Reports failure f of chunk c, run for step s, at its file line (the
 * holder named when memory ran out), then drops what the chunk left in the
 * room; *nomem when that fails. */
static void chunk_failed(rf_world *w, rf_world_room_step *s, const rf_world_chunk *c,
                         rf_luavm_fail *f, rf_diags *d, bool *nomem)
{
    const rf_script *sc = s->sc;
    const char *t = rf_world_rec_name(&w->rooms[s->index]);
    rf_luavm_fail f2;
    size_t holder = strcmp(f->code, "script-memory") == 0 ? memory_holder(w, s->index)
                                                          : (size_t)-1;
    rf_luavm_shift_lines(f->msg, sizeof f->msg, c->first_line);
    if (holder != (size_t)-1) { /* the victim's line, the holder's name */
        size_t n = strlen(f->msg);
        snprintf(f->msg + n, sizeof f->msg - n, " (room '%s' holds the most of it, %zu bytes)",
                 rf_world_rec_name(&w->rooms[holder]), rf_luavm_owned(w->vm, holder + 1));
    }
    if (f->line > 0)
        rf_world_report(d, f->code, c->file, c->first_line + f->line - 1,
               text_col(s->code, s->len, f->line, c->first_col), t, s->script, f->msg, "");
    else /* no line (memory runs out outside any frame): the script itself */
        rf_world_report(d, f->code, sc->src ? s->file : c->file, sc->line, sc->col, t,
               s->script, f->msg, "");
    if (strcmp(f->code, "script-memory") == 0 || strcmp(f->code, "script-budget") == 0)
        w->suspect = true;
    if (rf_luavm_call(w->vm, rf_world_step_truncate, s, 0, NULL, &f2) != RF_OK)
        *nomem = true;
}

/* Runs one Lua script of a room (inline or src). false when it failed. */
static bool add_lua_script(rf_world *w, rf_world_room_step *s, rf_diags *d, bool *nomem)
{
    const rf_script *sc = s->sc;
    const char *tfile = s->file;
    char path[4096], chunk[32];
    char *owned = NULL;
    rf_world_chunk *c;
    rf_luavm_fail f;
    rf_status st;
    if (sc->src) {
        if (!rf_world_read_src(s, d, nomem, path, sizeof path, &owned))
            return false;
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
    if (!s->mark_known && rf_luavm_call(w->vm, rf_world_step_mark, s, 0, NULL, &f) != RF_OK) {
        rf_free(owned);
        *nomem = true;
        return false;
    }
    /* the room's chunks share one load budget */
    st = rf_luavm_call(w->vm, rf_world_step_chunk, s, s->load_left > 0 ? (long)s->load_left : 1,
                       chunk, &f);
    rf_world_forget_types(w); /* user Lua ran: it may have registered types */
    s->load_left = rf_luavm_left(w->L);
    if (st == RF_OK)
        s->mark_known = false; /* the chunk may have added rules */
    else
        chunk_failed(w, s, c, &f, d, nomem);
    rf_free(owned);
    return st == RF_OK;
}

rf_status rf_world_add_room(rf_world *w, const rf_template *t, int x, int y, rf_diags *d,
                            size_t *index)
{
    return rf_world_add_room_turned(w, t, x, y, 0, d, index);
}

rf_status rf_world_add_room_turned(rf_world *w, const rf_template *t, int x, int y, int orient,
                                   rf_diags *d, size_t *index)
{
    if (!w || !t || orient < 0 || orient >= RF_ORIENT_COUNT)
        return RF_ERR_ARG;
    return rf_world_add_rec(w, t, x, y, rf_template_width(t), rf_template_height(t), orient, -1,
                            NULL, 0, d, index);
}

const char *rf_world_rec_name(const rf_world_room_rec *r)
{
    return r->t ? rf_template_name(r->t) : r->mname ? r->mname : "";
}

/* The budget of E.new_room's step: the world's (0), armed as for every
 * engine step, or for lint none (-1) when it could never stop it:
 * E.new_room and E.add_object run no user code and no loop, far fewer than
 * NEW_ROOM_BOUND instructions per object, so a budget above that many per
 * object and one for the room is never reached (lint adds 100,000 rooms). */
#define NEW_ROOM_BOUND 4096
static long new_room_budget(const rf_world *w, const rf_template *t, bool lint)
{
    size_t n = t ? rf_template_object_count(t) : 0;
    if (lint && (size_t)w->opts.tick_budget / NEW_ROOM_BOUND > n + 1)
        return -1;
    return 0;
}

/* Records room w->nrooms (as rf_world_add_rec takes it) and runs E.new_room
 * and E.add_object for it into s; with lint, s->mark is E.nrules too.
 * RF_ERR_NOMEM (the room not added) when the step failed. */
static rf_status begin_room(rf_world *w, const rf_template *t, const rf_world_room_rec *m, int x,
                            int y, int tw, int th, int orient, int level_room,
                            const rf_world_level_obj *objs, size_t nobjs, bool lint,
                            rf_world_room_step *s)
{
    rf_world_room_rec *r;
    rf_luavm_fail f;
    if (w->nrooms >= RF_WORLD_MAX_ROOMS)
        return RF_ERR_LIMIT;
    if (!rf_grow((void **)&w->rooms, &w->caprooms, w->nrooms + 1, sizeof *w->rooms))
        return RF_ERR_NOMEM;
    memset(&w->rooms[w->nrooms], 0, sizeof *w->rooms);
    if (m) /* a machine group's room: its blueprints and name */
        w->rooms[w->nrooms] = *m;
    memset(s, 0, sizeof *s);
    s->w = w;
    s->t = t;
    s->index = w->nrooms;
    s->load_left = w->opts.load_budget;
    s->lint = lint;
    r = &w->rooms[s->index];
    r->t = t;
    r->x = x;
    r->y = y;
    r->tw = tw;
    r->th = th;
    r->orient = orient;
    r->level_room = level_room;
    r->rules = 0;
    s->objs = objs;
    s->nobjs = nobjs;
    w->nrooms++;
    if (rf_luavm_call(w->vm, rf_world_step_new_room, s, new_room_budget(w, t, lint), NULL, &f) !=
        RF_OK) {
        w->nrooms--; /* E.rooms[index] is overwritten by the next room added */
        return RF_ERR_NOMEM;
    }
    s->mark_known = lint;
    return RF_OK;
}

/* Runs every script of room s (its template's, in order): Lua chunks, and
 * XML scripts compiled. *failed when one failed, *nomem when memory ran out. */
static void add_scripts(rf_world *w, rf_world_room_step *s, rf_diags *d, bool *failed,
                        bool *nomem)
{
    const rf_world_room_rec *r = &w->rooms[s->index];
    const char *room = rf_world_rec_name(r);
    rf_luavm_fail f;
    size_t i, ns = rf_world_rec_nscripts(r);
    for (i = 0; i < ns && !*nomem; i++) {
        const rf_script *sc = rf_world_rec_script(r, i, &s->file);
        s->sc = sc;
        s->script = (int)i;
        if (sc->lang == RF_SCRIPT_LUA) {
            if (!add_lua_script(w, s, d, nomem))
                *failed = true;
            continue;
        }
        if (w->checked_xml && rf_world_builtin_script(sc))
            continue; /* lint: the loader's checker saw all a compile would */
        if (!unknown_types_ok(w, room, s->file, sc, d)) {
            *failed = true;
            continue;
        }
        if (rf_luavm_call(w->vm, rf_world_step_xml, s, 0, NULL, &f) != RF_OK) {
            int line = clause_line(w);
            rf_world_report(d, f.code, s->file, line > 0 ? line : sc->line, sc->col, room, (int)i, f.msg,
                   "");
            *failed = true;
        } else {
            s->mark_known = false; /* its rule was added */
        }
    }
}

/* rf_world_add_rec, and with m (not NULL) a machine group's room, m the
 * record whose blueprints and name it takes (its mname then the room's). */
static rf_status add_room(rf_world *w, const rf_template *t, rf_world_room_rec *m, int x, int y,
                          int tw, int th, int orient, int level_room,
                          const rf_world_level_obj *objs, size_t nobjs, rf_diags *d,
                          size_t *index)
{
    rf_world_room_step s;
    rf_luavm_fail f;
    bool failed = false, nomem = false;
    rf_status st;
    if (rf_world_busy(w, d, "adding a room")) {
        if (m) {
            rf_free(m->mname);
            rf_free(m->mcells);
        }
        return RF_ERR_ARG;
    }
    st = begin_room(w, t, m, x, y, tw, th, orient, level_room, objs, nobjs, false, &s);
    if (st != RF_OK) {
        if (m) {
            rf_free(m->mname);
            rf_free(m->mcells);
        }
        return st;
    }
    add_scripts(w, &s, d, &failed, &nomem);
    if (rf_luavm_call(w->vm, rf_world_step_room_rules, &s, 0, NULL, &f) == RF_OK)
        w->rooms[s.index].rules = s.nrules;
    if (index)
        *index = s.index;
    if (nomem)
        return RF_ERR_NOMEM;
    return failed ? RF_ERR_CONTENT : RF_OK;
}

rf_status rf_world_add_rec(rf_world *w, const rf_template *t, int x, int y, int tw, int th,
                           int orient, int level_room, const rf_world_level_obj *objs,
                           size_t nobjs, rf_diags *d, size_t *index)
{
    return add_room(w, t, NULL, x, y, tw, th, orient, level_room, objs, nobjs, d, index);
}

rf_status rf_world_add_machine_rec(rf_world *w, const rf_blueprint *const *bps, size_t nbps,
                                   int x, int y, int tw, int th, const uint8_t *cells,
                                   const rf_world_level_obj *objs, size_t nobjs, rf_diags *d,
                                   size_t *index)
{
    rf_world_room_rec m;
    size_t n = (size_t)tw * (size_t)th;
    if (!w || !bps || nbps < 1 || nbps > 2 || !cells || tw < 1 || th < 1)
        return RF_ERR_ARG;
    memset(&m, 0, sizeof m);
    m.mname = rf_world_machine_name(bps, nbps);
    m.mcells = rf_alloc(n);
    if (!m.mname || !m.mcells) {
        rf_free(m.mname);
        rf_free(m.mcells);
        return RF_ERR_NOMEM;
    }
    memcpy(m.mcells, cells, n);
    m.bps[0] = bps[0];
    m.bps[1] = nbps > 1 ? bps[1] : NULL;
    m.nbps = nbps;
    return add_room(w, NULL, &m, x, y, tw, th, 0, 0, objs, nobjs, d, index);
}

rf_status rf_world_lint_room(rf_world *w, const rf_template *t, rf_diags *d, size_t collect_over,
                             bool *kept)
{
    rf_world_room_step s;
    rf_luavm_fail f;
    bool failed = false, nomem = false;
    rf_status st;
    if (!kept)
        return RF_ERR_ARG;
    *kept = false;
    if (!w || !t || w->nrooms != 0)
        return RF_ERR_ARG;
    st = begin_room(w, t, NULL, 0, 0, rf_template_width(t), rf_template_height(t), 0, -1, NULL, 0,
                    true, &s);
    if (st != RF_OK)
        return st;
    add_scripts(w, &s, d, &failed, &nomem);
    if (nomem)
        return RF_ERR_NOMEM;
    st = failed ? RF_ERR_CONTENT : RF_OK;
    if (w->suspect)
        return st; /* the caller checks the room again in a fresh world */
    /* the release (lint.lua) runs engine code only, over engine tables: no budget */
    s.nrules = rf_luavm_memory(w->vm) > collect_over ? 1 : 0;
    if (rf_luavm_call(w->vm, rf_world_step_release, &s, -1, NULL, &f) != RF_OK)
        return st; /* memory ran out: the world is not used again */
    while (w->nchunks > 0)
        rf_free(w->chunks[--w->nchunks].file);
    w->nrooms = 0;
    rf_world_effects_clear(w);
    *kept = true;
    return st;
}

/* ---- rooms and objects ---- */

size_t rf_world_room_count(const rf_world *w) { return w ? w->nrooms : 0; }

bool rf_world_room_get(const rf_world *w, size_t i, rf_world_room *out)
{
    const rf_world_room_rec *r;
    if (!w || !out || i >= w->nrooms)
        return false;
    r = &w->rooms[i];
    out->tmpl = r->t;
    out->name = rf_world_rec_name(r);
    out->x = r->x;
    out->y = r->y;
    out->orient = r->orient;
    rf_orient_size(r->orient, r->tw, r->th, &out->w, &out->h);
    out->rules = r->rules;
    out->level_room = r->level_room;
    return true;
}

static int clamp_coord(int v)
{
    if (v > RF_WORLD_COORD_MAX)
        return RF_WORLD_COORD_MAX;
    return v < -RF_WORLD_COORD_MAX ? -RF_WORLD_COORD_MAX : v;
}

void rf_world_rec_map(const rf_world_room_rec *r, rf_coords from, int x, int y, rf_coords to,
                      int *ox, int *oy)
{
    int tw = r->tw, th = r->th;
    x = clamp_coord(x);
    y = clamp_coord(y);
    /* through the turned room's own frame */
    if (from == RF_COORDS_TEMPLATE) {
        rf_orient_to_room(r->orient, tw, th, x, y, &x, &y);
    } else if (from == RF_COORDS_LEVEL) {
        x -= clamp_coord(r->x);
        y -= clamp_coord(r->y);
    }
    if (to == RF_COORDS_TEMPLATE) {
        rf_orient_to_template(r->orient, tw, th, x, y, &x, &y);
    } else if (to == RF_COORDS_LEVEL) {
        x += clamp_coord(r->x);
        y += clamp_coord(r->y);
    }
    *ox = x;
    *oy = y;
}

bool rf_world_room_map(const rf_world *w, size_t room, rf_coords from, int x, int y, rf_coords to,
                       int *ox, int *oy)
{
    if (!w || !ox || !oy || room >= w->nrooms)
        return false;
    rf_world_rec_map(&w->rooms[room], from, x, y, to, ox, oy);
    return true;
}

size_t rf_world_object_count(rf_world *w, size_t room)
{
    rf_world_obj_step s;
    rf_luavm_fail f;
    if (!w || room >= w->nrooms)
        return 0;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.room = room;
    return rf_luavm_call(w->vm, rf_world_step_object_count, &s, 0, NULL, &f) == RF_OK ? s.count : 0;
}

/* The object of room (its ith, or the one with id), or with handle h
 * wherever it stands (room (size_t)-1), into *out when not NULL. */
static bool get_object(rf_world *w, size_t room, size_t i, const char *id, uint64_t h,
                       rf_world_object *out)
{
    rf_world_obj_step s;
    rf_world_object tmp;
    rf_luavm_fail f;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.room = room;
    s.i = i;
    s.id = id;
    s.handle = h;
    s.out = &tmp;
    if (rf_luavm_call(w->vm, rf_world_step_object, &s, 0, NULL, &f) != RF_OK || !s.found)
        return false;
    if (out)
        *out = tmp;
    return true;
}

bool rf_world_object_get(rf_world *w, size_t room, size_t i, rf_world_object *out)
{
    return w && room < w->nrooms ? get_object(w, room, i + 1, NULL, 0, out) : false;
}

bool rf_world_object_find(rf_world *w, size_t room, const char *id, rf_world_object *out)
{
    return w && room < w->nrooms && id ? get_object(w, room, 0, id, 0, out) : false;
}

bool rf_world_object_by_handle(rf_world *w, uint64_t h, rf_world_object *out)
{
    if (!w || h == 0 || h > (uint64_t)INT64_MAX)
        return false;
    return get_object(w, (size_t)-1, 0, NULL, h, out);
}

uint64_t rf_world_last_handle(rf_world *w)
{
    long v = w ? rf_world_engine_int(w, "next_handle") : 0;
    return v > 0 ? (uint64_t)v : 0;
}

void rf_world_player(const rf_world *w, int *x, int *y)
{
    if (x)
        *x = w ? w->px : 0;
    if (y)
        *y = w ? w->py : 0;
}

long rf_world_tick_count(const rf_world *w) { return w ? w->tick : 0; }

/* ---- ticks ---- */

/* When msg starts "NAME:LINE: " for an extension file NAME of the scripts
 * directory (Lua's position of an error raised in an extension's function),
 * its path in path (cap bytes), LINE in *line and the rest of msg; else msg
 * itself. The rule's room stays in the message. */
static const char *ext_position(const rf_world *w, const char *msg, char *path, size_t cap,
                                int *line)
{
    size_t n = strcspn(msg, ":/\\ ");
    const char *p = msg + n;
    long v = 0;
    if (!w->scripts_dir || n < 5 || *p != ':' || strncmp(p - 4, ".lua", 4) != 0)
        return msg;
    for (p++; *p >= '0' && *p <= '9' && v < 100000000; p++)
        v = v * 10 + (*p - '0');
    if (v <= 0 || p[0] != ':' || p[1] != ' ')
        return msg;
    if (snprintf(path, cap, "%s/%.*s", w->scripts_dir, (int)n, msg) >= (int)cap ||
        access(path, F_OK) != 0)
        return msg;
    *line = (int)v;
    return p + 2;
}

/* Reports the failure f of rule s (filled by rf_world_step_disable). */
static void report_rule(rf_world *w, const rf_world_tick_step *s, const rf_luavm_fail *f,
                        rf_diags *d)
{
    const rf_world_room_rec *r;
    const rf_script *sc;
    const char *file, *msg;
    char ext[4096];
    int line, col;
    size_t k;
    if (!s->have || s->ri < 0 || (size_t)s->ri >= w->nrooms)
        return;
    r = &w->rooms[s->ri];
    file = rf_world_rec_file(r, &line);
    sc = s->script >= 0 ? rf_world_rec_script(r, (size_t)s->script, &file) : NULL;
    line = sc ? sc->line : line;
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
    msg = ext_position(w, f->msg, ext, sizeof ext, &line);
    if (msg != f->msg) { /* the failure lies in an extension: point at its line */
        file = ext;
        col = 1;
    }
    rf_world_report(d, f->code, file, line, col, rf_world_rec_name(r), s->script, msg,
           " (the rule is disabled)");
}

/* The room whose user rules spent most of this tick's pool. */
static size_t top_spender(const rf_world *w)
{
    size_t i, best = 0;
    for (i = 1; i < w->nrooms; i++)
        if (w->rooms[i].spent > w->rooms[best].spent)
            best = i;
    return best;
}

/* The tick's pool ran out while rule s->from ran: the room that spent most
 * of it loses its Lua rules for good, with one diagnostic naming it; the
 * failing rule, when another room's, only waits for the next tick. */
static rf_status spend_out(rf_world *w, rf_world_tick_step *s, rf_diags *d, bool *disabled)
{
    rf_world_tick_step r = *s;
    rf_luavm_fail f2;
    size_t hog = top_spender(w);
    const rf_world_room_rec *h = &w->rooms[hog];
    bool own = false;
    int line;
    const char *file = rf_world_rec_file(h, &line);
    if (s->ri >= 0 && (size_t)s->ri == hog) {
        if (rf_luavm_call(w->vm, rf_world_step_disable, s, 0, NULL, &f2) != RF_OK)
            return RF_ERR_NOMEM;
        own = true;
    }
    r.ri = (int)hog;
    if (rf_luavm_call(w->vm, rf_world_step_disable_room, &r, 0, NULL, &f2) != RF_OK)
        return RF_ERR_NOMEM;
    if (own || r.count > 0) {
        char msg[160];
        snprintf(msg, sizeof msg,
                 "its Lua rules ran %lld instructions, most of the tick's budget of %lld for all rooms",
                 w->rooms[hog].spent, (long long)w->opts.tick_budget * RF_WORLD_TICK_POOL);
        rf_world_report(d, "script-budget", file, line, 1, rf_world_rec_name(h), -1, msg,
               " (its Lua rules are disabled)");
    }
    *disabled = true;
    return RF_OK;
}

/* The memory cap was reached while rule s->from ran: when another room
 * holds more of the state than the rule's own, that room loses its Lua
 * rules with the script-memory diagnostic, and the rule that happened to
 * ask last goes on: RF_OK. RF_ERR_ARG when the rule's own room is the
 * holder (or was blamed before): the caller disables the rule. */
static rf_status blame_holder(rf_world *w, rf_world_tick_step *s, rf_diags *d)
{
    rf_world_tick_step r = *s;
    rf_luavm_fail f2;
    size_t holder;
    char msg[256];
    const char *file;
    int line;
    if (rf_luavm_call(w->vm, rf_world_rule_room, s, 0, NULL, &f2) != RF_OK)
        return RF_ERR_NOMEM;
    if (s->ri < 0 || (holder = memory_holder(w, (size_t)s->ri)) == (size_t)-1)
        return RF_ERR_ARG;
    r.ri = (int)holder;
    if (rf_luavm_call(w->vm, rf_world_step_disable_room, &r, 0, NULL, &f2) != RF_OK)
        return RF_ERR_NOMEM;
    if (r.count == 0)
        return RF_ERR_ARG; /* blamed before: what it holds stays, the asker stops */
    snprintf(msg, sizeof msg,
             "the script memory cap was reached; this room holds the most of it (%zu bytes), "
             "room '%s' only asked for more",
             rf_luavm_owned(w->vm, holder + 1), rf_world_rec_name(&w->rooms[s->ri]));
    file = rf_world_rec_file(&w->rooms[holder], &line);
    rf_world_report(d, "script-memory", file, line, 1, rf_world_rec_name(&w->rooms[holder]), -1, msg,
           " (its Lua rules are disabled)");
    return RF_OK;
}

/* A new tick's counters: one pool for every user rule of the tick, each
 * room's spending counted from nothing. */
static void tick_start(rf_world *w)
{
    size_t i;
    rf_world_forget_types(w); /* user Lua runs in the tick: it may register types */
    w->tick++;
    w->emit_failed = false;
    w->tick_left = (long long)w->opts.tick_budget * RF_WORLD_TICK_POOL;
    w->tick_effects = w->tick_bytes = 0;
    w->arm_room = (size_t)-1;
    for (i = 0; i < w->nrooms; i++)
        w->rooms[i].spent = 0;
}

/* A rule of the tick stopped, f says why: it pays (a spent pool, the room
 * holding the memory, or the rule disabled and reported), and the tick goes
 * on after it from s->from. RF_ERR_NOMEM when the engine itself failed. */
static rf_status rule_stopped(rf_world *w, rf_world_tick_step *s, const rf_luavm_fail *f,
                              rf_diags *d, bool *disabled)
{
    rf_luavm_fail f2;
    rf_status st;
    long cur;
    if (w->arm_room != (size_t)-1) /* a user rule stopped: it pays, whatever stopped it */
        rf_world_pool_take(w);      /* (before any other call re-arms) */
    cur = rf_world_engine_int(w, "cur");
    if (cur <= 0)
        return RF_ERR_NOMEM; /* outside any rule: the engine itself */
    s->from = cur;
    if (strcmp(f->code, "script-budget") == 0 && w->tick_left <= 0) {
        w->tick_left = 0; /* spent: no user rule runs again this tick */
        if (rf_luavm_call(w->vm, rf_world_rule_room, s, 0, NULL, &f2) != RF_OK ||
            spend_out(w, s, d, disabled) != RF_OK)
            return RF_ERR_NOMEM;
        s->from = cur + 1;
        return RF_OK;
    }
    if (strcmp(f->code, "script-memory") == 0) {
        st = blame_holder(w, s, d);
        if (st == RF_ERR_NOMEM)
            return st;
        if (st == RF_OK) { /* another room holds the memory: it pays */
            *disabled = true;
            s->from = cur + 1;
            return RF_OK;
        }
    }
    if (rf_luavm_call(w->vm, rf_world_step_disable, s, 0, NULL, &f2) != RF_OK)
        return RF_ERR_NOMEM;
    report_rule(w, s, f, d);
    *disabled = true;
    s->from = cur + 1;
    return RF_OK;
}

rf_status rf_world_tick(rf_world *w, rf_diags *d)
{
    rf_world_tick_step s;
    rf_luavm_fail f;
    bool disabled = false;
    long budget;
    if (!w || rf_world_busy(w, d, "rf_world_tick"))
        return RF_ERR_ARG;
    if (w->tick >= RF_WORLD_TICK_MAX) { /* past it a save would not load */
        if (d)
            (void)rf_diag_add(d, "world-limit", "", 0, 0,
                              "the world has ticked %lld times, as many as a world may", RF_WORLD_TICK_MAX);
        return RF_ERR_LIMIT;
    }
    memset(&s, 0, sizeof s);
    tick_start(w);
    /* Built-in rules (generated tests over literals, the engine's actions)
     * are bounded by construction and run with no budget armed; one is
     * armed around each rule that runs user Lua (host.run_users,
     * world_boot.c), whose counting points (lua_count.c) charge it. */
    budget = -1;
    if (rf_luavm_call(w->vm, rf_world_step_begin_tick, &s, budget, NULL, &f) != RF_OK)
        return RF_ERR_NOMEM;
    s.from = 1;
    while (rf_luavm_call(w->vm, rf_world_step_run, &s, budget, NULL, &f) != RF_OK)
        if (rule_stopped(w, &s, &f, d, &disabled) != RF_OK)
            return RF_ERR_NOMEM;
    if (w->emit_failed)
        return RF_ERR_NOMEM;
    return disabled ? RF_ERR_SCRIPT : RF_OK;
}
