/* engine/src/world/world_lint.c: lint of room scripts through the world:
 * every Lua chunk run once in the sandbox, XML scripts of extension types compiled.
 *
 * Pipeline: world, called by rf_lint_paths and rf_pack_load. Design: built-in
 * XML clauses are not compiled again (the loader's checker saw all a compile
 * would: test_world proves it on every rooms file); other XML rooms share a
 * world, a fresh one every SHARE_ROOMS. Lua rooms go one at a time through one
 * lint world: added, checked, released (rf_world_release_last), so one room's
 * state is held at a time; a full collection keeps garbage far below the cap.
 * A room that hit the memory cap or its budget is checked again in a fresh
 * world, whose diagnostics alone are kept. Unknown types are lint.c's.
 */
#include <string.h>

#include "core/alloc.h"
#include "load/script_types.h"
#include "roomforge/lint.h"
#include "roomforge/world.h"
#include "world_int.h"

#define SHARE_ROOMS 512 /* XML-only rooms one shared world holds at a time */
/* Garbage the lint world may hold past its fresh size before a full collection:
 * small beside the cap, so a chunk near the cap is refused no sooner than in a
 * fresh world (and one that is gets checked again in one). */
#define LINT_SLACK ((size_t)4 * 1024 * 1024)

/* Whether every clause of t's XML scripts is of a built-in type: the loader's
 * checker (template_check.c) has checked each against the type's row of the
 * one table (load/script_types.c), attributes, operands, ids and anchors, so
 * compiling them again in a world finds nothing more (test_lint proves it on
 * every fixture). Extension types are checked by their own Lua, in a world. */
bool rf_world_builtin_script(const rf_script *sc)
{
    size_t j;
    if (sc->lang != RF_SCRIPT_XML)
        return false;
    for (j = 0; j < sc->nconditions; j++)
        if (!rf_script_condition_spec(sc->conditions[j].type))
            return false;
    for (j = 0; j < sc->nactions; j++)
        if (!rf_script_action_spec(sc->actions[j].type))
            return false;
    return true;
}

static bool builtin_only(const rf_template *t)
{
    size_t i, n = rf_template_script_count(t);
    for (i = 0; i < n; i++)
        if (!rf_world_builtin_script(rf_template_script(t, i)))
            return false;
    return true;
}

/* Whether t has a Lua script (which lint runs in a world of its own). */
static bool has_lua(const rf_template *t)
{
    size_t i, n = rf_template_script_count(t);
    for (i = 0; i < n; i++)
        if (rf_template_script(t, i)->lang == RF_SCRIPT_LUA)
            return true;
    return false;
}

rf_status rf_world_release_last(rf_world *w, size_t index, bool collect)
{
    rf_world_room_step s;
    rf_luavm_fail f;
    if (!w || w->nrooms == 0 || index != w->nrooms - 1)
        return RF_ERR_ARG;
    memset(&s, 0, sizeof s);
    s.w = w;
    s.index = index;
    s.nrules = collect ? 1 : 0;
    if (rf_luavm_call(w->vm, rf_world_step_release, &s, 0, NULL, &f) != RF_OK)
        return RF_ERR_NOMEM; /* engine code over a checked room: only memory fails */
    while (w->nchunks > 0 && w->chunks[w->nchunks - 1].room == index)
        rf_free(w->chunks[--w->nchunks].file);
    w->nrooms = index;
    rf_world_effects_clear(w);
    return RF_OK;
}

/* The lint state: the worlds and sinks one rf_world_lint_rooms run keeps. */
typedef struct lint_run {
    const rf_world_opts *opts;
    rf_diags *quiet;   /* extension problems, reported once by the first world */
    rf_diags *scratch; /* one Lua room's diagnostics, before they are trusted */
    rf_world *lw;      /* the lint world of Lua rooms, NULL until needed */
    bool compile_all;  /* compile built-in-only XML rooms in a world too (tests) */
    size_t lw_base;    /* its memory when fresh */
} lint_run;

/* A world made with run->quiet; RF_ERR_NOMEM when memory ran out. */
static rf_status quiet_world(lint_run *run, rf_world **out)
{
    rf_status st = rf_world_new(run->opts, run->quiet, out);
    if (st == RF_ERR_NOMEM || st == RF_ERR_IO || !*out)
        return RF_ERR_NOMEM; /* io failed already for the first world */
    (*out)->quiet_unknown = true;
    return RF_OK;
}

/* A sink taking every code, so the copy into the caller's applies its filters alone. */
static rf_diags *open_sink(void)
{
    rf_diags *d = rf_diags_new();
    size_t i, n = 0;
    const rf_diag_code *codes = rf_diag_codes(&n);
    if (!d)
        return NULL;
    rf_diags_set_file_cap(d, 0);
    for (i = 0; i < n; i++)
        if (!rf_diags_enable(d, codes[i].code, true)) {
            rf_diags_free(d);
            return NULL;
        }
    return d;
}

/* Adds from's diagnostics to d, as if reported there. false when memory ran out. */
static bool copy_diags(const rf_diags *from, rf_diags *d)
{
    size_t i, n = rf_diags_count(from);
    for (i = 0; i < n; i++) {
        const rf_diag *g = rf_diags_at(from, i);
        if (!rf_diag_add(d, g->code, g->file, g->line, g->col, "%s", g->message) &&
            rf_diags_lost(d) > 0)
            return false;
    }
    return true;
}

/* Checks Lua room t in the lint world, or in a fresh world when the lint
 * world's answer cannot be trusted; *st its rf_world_add_room status.
 * RF_ERR_NOMEM when memory ran out outside the room's own scripts. */
static rf_status lint_lua_room(lint_run *run, const rf_template *t, rf_diags *d, rf_status *st)
{
    rf_world *fw = NULL;
    bool redo, kept;
    if (!run->lw) {
        rf_luavm_fail f;
        if (quiet_world(run, &run->lw) != RF_OK)
            return RF_ERR_NOMEM;
        if (rf_luavm_call(run->lw->vm, rf_world_step_lint_boot, run->lw, 0, NULL, &f) != RF_OK)
            return RF_ERR_NOMEM; /* embedded and tested: only memory fails */
        run->lw->checked_xml = !run->compile_all;
        run->lw_base = rf_luavm_memory(run->lw->vm);
    }
    *st = rf_world_lint_room(run->lw, t, run->scratch, run->lw_base + LINT_SLACK, &kept);
    redo = *st == RF_ERR_NOMEM || run->lw->suspect;
    if (!kept) {
        rf_world_free(run->lw); /* suspect: the next Lua room gets a fresh lint world */
        run->lw = NULL;
    }
    if (!redo) {
        bool ok = copy_diags(run->scratch, d);
        if (rf_diags_count(run->scratch) > 0) {
            rf_diags_free(run->scratch);
            run->scratch = open_sink();
        }
        return ok && run->scratch ? RF_OK : RF_ERR_NOMEM;
    }
    /* today's answer: a world of its own, reporting straight to d */
    if (rf_diags_count(run->scratch) > 0) {
        rf_diags_free(run->scratch);
        if (!(run->scratch = open_sink()))
            return RF_ERR_NOMEM;
    }
    if (quiet_world(run, &fw) != RF_OK)
        return RF_ERR_NOMEM;
    fw->checked_xml = !run->compile_all; /* as in the lint world */
    *st = rf_world_add_room(fw, t, 0, 0, d, NULL);
    rf_world_free(fw);
    return RF_OK;
}

rf_status rf_world_lint(const rf_template_set *set, const rf_world_opts *opts, rf_diags *d)
{
    return rf_world_lint_rooms(set, opts, d, NULL);
}

rf_status rf_world_lint_rooms(const rf_template_set *set, const rf_world_opts *opts, rf_diags *d,
                              bool *bad)
{
    return rf_world_lint_run(set, opts, d, bad, false);
}

rf_status rf_world_lint_run(const rf_template_set *set, const rf_world_opts *opts, rf_diags *d,
                            bool *bad, bool compile_all)
{
    rf_world *w0 = NULL;
    rf_world_opts o;
    lint_run run;
    rf_status st, worst = RF_OK;
    size_t i, n;
    if (!set || !d)
        return RF_ERR_ARG;
    rf_world_opts_init(&o);
    if (opts)
        o = *opts;
    /* keep_log as given */
    memset(&run, 0, sizeof run);
    run.opts = &o;
    run.compile_all = compile_all;
    st = rf_world_new(&o, d, &w0);
    if (st == RF_ERR_NOMEM || st == RF_ERR_IO)
        return st;
    if (st != RF_OK)
        worst = RF_ERR_CONTENT;
    if (rf_lint_script_types(set, rf_world_script_types(w0), d) != RF_OK)
        worst = RF_ERR_CONTENT;
    w0->quiet_unknown = true;
    run.quiet = rf_diags_new();
    run.scratch = open_sink();
    if (!run.quiet || !run.scratch) {
        worst = RF_ERR_NOMEM;
        n = 0;
    } else {
        n = rf_template_set_count(set);
    }
    for (i = 0; i < n && worst != RF_ERR_NOMEM; i++) {
        const rf_template *t = rf_template_set_at(set, i);
        if (has_lua(t)) {
            if (lint_lua_room(&run, t, d, &st) != RF_OK) {
                worst = RF_ERR_NOMEM;
                break;
            }
        } else if (builtin_only(t) && !run.compile_all) {
            st = RF_OK; /* the loader's checker saw all a world would */
        } else {
            if (w0->nrooms >= SHARE_ROOMS) { /* the batch is checked: let it go */
                rf_world_free(w0);
                w0 = NULL;
                if (quiet_world(&run, &w0) != RF_OK) {
                    worst = RF_ERR_NOMEM;
                    break;
                }
            }
            st = rf_world_add_room(w0, t, 0, 0, d, NULL);
        }
        if (st == RF_ERR_NOMEM)
            worst = st;
        else if (st != RF_OK)
            worst = RF_ERR_CONTENT;
        if (bad)
            bad[i] = st != RF_OK;
    }
    rf_world_free(w0);
    rf_world_free(run.lw);
    rf_diags_free(run.quiet);
    rf_diags_free(run.scratch);
    return worst;
}
