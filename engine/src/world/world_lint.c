/* engine/src/world/world_lint.c: lint of room scripts through the world, a
 * room at a time: Lua chunks run once in the sandbox, XML scripts of extension types compiled.
 *
 * Pipeline: world; its linter (seam world/seam.h) serves rf_lint_paths per
 * room and rf_world_lint_rooms per set. Design: built-in XML clauses are not
 * compiled again (the loader's checker saw all: test_world proves it); other
 * XML rooms share a world, a fresh one every SHARE_ROOMS. Lua rooms go through
 * one lint world: added, checked, released (rf_world_lint_room); a full
 * collection keeps garbage far below the cap. A room that hit the memory cap
 * or its budget is checked again in a fresh world, whose answer is kept.
 */
#include <string.h>

#include "core/seam.h"
#include "load/seam.h"
#include "roomforge/lint.h"
#include "roomforge/world.h"
#include "vm/seam.h"
#include "world/seam.h"
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

/* The lint state: the worlds and sinks a linter keeps from room to room. */
struct rf_world_linter {
    rf_world_opts opts;
    rf_world *w0;      /* the registries, and the shared world of XML rooms */
    rf_diags *quiet;   /* extension problems, reported once by w0 */
    rf_diags *scratch; /* one Lua room's diagnostics, before they are trusted */
    rf_world *lw;      /* the lint world of Lua rooms, NULL until needed */
    bool compile_all;  /* compile built-in-only XML rooms in a world too (tests) */
    size_t lw_base;    /* its memory when fresh */
};
typedef rf_world_linter lint_run;

/* A world made with run->quiet; RF_ERR_NOMEM when memory ran out. */
static rf_status quiet_world(lint_run *run, rf_world **out)
{
    rf_status st = rf_world_new(&run->opts, run->quiet, out);
    if (st == RF_ERR_NOMEM || st == RF_ERR_IO || !*out)
        return RF_ERR_NOMEM; /* io failed already for the first world */
    (*out)->quiet_unknown = true;
    return RF_OK;
}

/* Checks Lua room t in the lint world, or in a fresh world when the lint
 * world's answer cannot be trusted; *st its rf_world_add_room status. The
 * lint world makes a room's objects only when its chunk first asks about one
 * (engine.lua's need_objects), under the chunk's budget: its count can be
 * higher than a fresh world's, never lower, and a room that hits the budget
 * or the cap is checked again in a fresh world. Its memory is lower by the
 * objects never asked about (some hundred bytes each), so only a chunk that
 * never asks and ends that close to the cap passes here and not there.
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
        bool ok = rf_diags_append(d, run->scratch);
        if (rf_diags_count(run->scratch) > 0) {
            rf_diags_free(run->scratch);
            run->scratch = rf_diags_new_staging();
        }
        return ok && run->scratch ? RF_OK : RF_ERR_NOMEM;
    }
    /* today's answer: a world of its own, reporting straight to d */
    if (rf_diags_count(run->scratch) > 0) {
        rf_diags_free(run->scratch);
        if (!(run->scratch = rf_diags_new_staging()))
            return RF_ERR_NOMEM;
    }
    if (quiet_world(run, &fw) != RF_OK)
        return RF_ERR_NOMEM;
    fw->checked_xml = !run->compile_all; /* as in the lint world */
    *st = rf_world_add_room(fw, t, 0, 0, d, NULL);
    rf_world_free(fw);
    return RF_OK;
}

rf_status rf_world_linter_new(const rf_world_opts *opts, bool compile_all, rf_diags *d,
                              rf_world_linter **out)
{
    rf_world_linter *l;
    rf_status st;
    if (!d || !out)
        return RF_ERR_ARG;
    *out = NULL;
    if (!(l = rf_calloc(1, sizeof *l)))
        return RF_ERR_NOMEM;
    rf_world_opts_init(&l->opts);
    if (opts)
        l->opts = *opts; /* keep_log as given */
    l->compile_all = compile_all;
    st = rf_world_new(&l->opts, d, &l->w0);
    if (st == RF_ERR_NOMEM || st == RF_ERR_IO || !l->w0) {
        rf_world_linter_free(l);
        return st == RF_ERR_IO ? st : RF_ERR_NOMEM;
    }
    l->w0->quiet_unknown = true;
    l->quiet = rf_diags_new();
    l->scratch = rf_diags_new_staging();
    if (!l->quiet || !l->scratch) {
        rf_world_linter_free(l);
        return RF_ERR_NOMEM;
    }
    *out = l;
    return st == RF_OK ? RF_OK : RF_ERR_CONTENT;
}

void rf_world_linter_free(rf_world_linter *l)
{
    if (!l)
        return;
    rf_world_free(l->w0);
    rf_world_free(l->lw);
    rf_diags_free(l->quiet);
    rf_diags_free(l->scratch);
    rf_free(l);
}

bool rf_world_linter_needs(const rf_world_linter *l, const rf_template *t)
{
    return l && t &&
           (l->compile_all || has_lua(t) || !builtin_only(t) || rf_template_validate_count(t) > 0);
}

rf_status rf_world_linter_room(rf_world_linter *l, const rf_template *t, rf_diags *d)
{
    rf_status st, types;
    if (!l || !t || !d)
        return RF_ERR_ARG;
    types = rf_lint_template_script_types(t, rf_world_script_types(l->w0), d);
    if (has_lua(t)) {
        if (lint_lua_room(l, t, d, &st) != RF_OK)
            return RF_ERR_NOMEM;
    } else if (builtin_only(t) && !l->compile_all) {
        st = RF_OK; /* the loader's checker saw all a world would */
    } else {
        if (l->w0->nrooms >= SHARE_ROOMS) { /* the batch is checked: let it go */
            rf_world_free(l->w0);
            l->w0 = NULL;
            if (quiet_world(l, &l->w0) != RF_OK)
                return RF_ERR_NOMEM;
        }
        st = rf_world_add_room(l->w0, t, 0, 0, d, NULL);
    }
    if (st == RF_ERR_NOMEM)
        return st;
    if (rf_template_validate_count(t) > 0) { /* DESIGN 16: over the lint seeds */
        rf_status vs = rf_luavm_vary_lint(t, d);
        if (vs == RF_ERR_NOMEM)
            return vs;
        if (vs != RF_OK)
            st = RF_ERR_CONTENT;
    }
    return st != RF_OK || types != RF_OK ? RF_ERR_CONTENT : RF_OK;
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
    rf_world_linter *l = NULL;
    rf_status st, worst;
    size_t i, n;
    if (!set || !d)
        return RF_ERR_ARG;
    worst = rf_world_linter_new(opts, compile_all, d, &l);
    if (worst == RF_ERR_NOMEM || worst == RF_ERR_IO)
        return worst;
    n = rf_template_set_count(set);
    for (i = 0; i < n; i++) {
        st = rf_world_linter_room(l, rf_template_set_at(set, i), d);
        if (st == RF_ERR_NOMEM) {
            worst = st;
            break;
        }
        if (st != RF_OK)
            worst = RF_ERR_CONTENT;
        if (bad)
            bad[i] = st != RF_OK;
    }
    rf_world_linter_free(l);
    return worst;
}
