/* engine/src/world/world_lint.c: lint of room scripts through the world:
 * every XML script compiled, every Lua chunk run once in the sandbox.
 *
 * Pipeline: world, called by rf_lint_paths and rf_pack_load. Design:
 * XML-only rooms share a world (a fresh one every SHARE_ROOMS rooms, so
 * memory stays that of a batch at any scale), a Lua room gets its own;
 * unknown types are reported by lint.c only.
 */
#include "roomforge/lint.h"
#include "roomforge/world.h"
#include "world_int.h"

#define SHARE_ROOMS 512 /* XML-only rooms one shared world holds at a time */

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
    return rf_world_lint_rooms(set, opts, d, NULL);
}

rf_status rf_world_lint_rooms(const rf_template_set *set, const rf_world_opts *opts, rf_diags *d,
                              bool *bad)
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
        if (w0->nrooms >= SHARE_ROOMS) { /* the batch is checked: let it go */
            rf_world_free(w0);
            w0 = NULL;
            st = rf_world_new(opts, quiet, &w0);
            if (st == RF_ERR_NOMEM) {
                worst = st;
                break;
            }
            w0->quiet_unknown = true;
            w = w0;
        }
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
        if (bad)
            bad[i] = st != RF_OK;
    }
    rf_world_free(w0);
    rf_diags_free(quiet);
    return worst;
}
