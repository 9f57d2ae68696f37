/* engine/src/pack/lint_buffer.c: lint of one document held in memory
 * (rf_lint_buffer), as rf_lint_paths lints that file alone.
 *
 * Pipeline: pack, the top; called by the language server (roomforge lsp) on
 * every change. Design: one checker: the kind comes from the root element as
 * lint_paths sniffs it (rf_pack_root_is), then the same per-kind checks
 * (rf_lint_kept_rooms, rf_lint_profile_trials, rf_lint_machine_checks) run
 * on a set loaded from the bytes instead of the file. A .lua room script is
 * wrapped as the inline chunk of a one-room rooms text whose first line
 * holds the chunk's first line, so the world's findings fall on its lines.
 */
#include <string.h>

#include "core/seam.h"
#include "pack_int.h"
#include "roomforge/fs.h"
#include "roomforge/lint.h"
#include "roomforge/profile.h"
#include "roomforge/world.h"

#define LUA_DOC_MAX ((size_t)1 << 20) /* as a src file (RF_WORLD_LUA_FILE_MAX) */

/* The rooms text around a Lua chunk: all on line 1, so chunk line N is
 * file line N; LUA_HEAD's length is the shift of line 1's columns. */
#define LUA_HEAD "<roomdb><room name=\"lsp-chunk\"><row text=\"#.#\"/><script lang=\"lua\">"
#define LUA_TAIL "</script></room></roomdb>\n"

static rf_status lint_rooms(const char *name, const char *buf, size_t len, const rf_world_opts *wo,
                            rf_diags *d, rf_lint_summary *out)
{
    rf_template_set *set = rf_template_set_new();
    size_t nbad = 0;
    rf_status st;
    if (!set)
        return RF_ERR_NOMEM;
    st = rf_lint_kept_rooms(set, rf_template_set_load_buffer(set, name, buf, len, d), wo, d, &nbad);
    out->rooms = rf_template_set_count(set) - nbad;
    rf_template_set_free(set);
    return st;
}

static rf_status lint_profiles(const char *name, const char *buf, size_t len, rf_diags *d,
                               rf_lint_summary *out)
{
    rf_profile_set *ps = rf_profile_set_new();
    rf_template_set *none = rf_template_set_new();
    rf_status st = RF_ERR_NOMEM;
    if (ps && none)
        st = rf_lint_profile_trials(ps, rf_profile_set_load_buffer(ps, buf, len, name, d), none, d,
                                    &out->profiles);
    rf_template_set_free(none);
    rf_profile_set_free(ps);
    return st;
}

static rf_status lint_machines(const char *name, const char *buf, size_t len,
                               const rf_world_opts *wo, rf_diags *d, rf_lint_summary *out)
{
    rf_machines *m = rf_machines_new();
    rf_status st;
    if (!m)
        return RF_ERR_NOMEM;
    st = rf_machines_load_buffer(m, name, buf, len, d);
    if (st != RF_ERR_NOMEM && st != RF_ERR_IO) {
        rf_status c = rf_lint_machine_checks(m, wo, d);
        st = rf_pack_worse(st,
                           c == RF_OK || c == RF_ERR_NOMEM || c == RF_ERR_IO ? c : RF_ERR_CONTENT);
    }
    out->blueprints += rf_machines_count(m);
    rf_machines_free(m);
    return st;
}

/* The chunk as XML character data: the five entities escaped, bytes kept. */
static char *wrap_chunk(const char *buf, size_t len, size_t *outlen)
{
    size_t i, o = 0, cap = strlen(LUA_HEAD) + strlen(LUA_TAIL) + 1;
    char *x;
    if (len > LUA_DOC_MAX)
        return NULL;
    cap += len * 5; /* "&amp;" at most five bytes a byte */
    if (!(x = rf_alloc(cap)))
        return NULL;
    memcpy(x, LUA_HEAD, strlen(LUA_HEAD));
    o = strlen(LUA_HEAD);
    for (i = 0; i < len; i++) {
        const char *e = buf[i] == '<'   ? "&lt;"
                        : buf[i] == '&' ? "&amp;"
                        : buf[i] == '>' ? "&gt;"
                                        : NULL;
        if (e) {
            memcpy(x + o, e, strlen(e));
            o += strlen(e);
        } else {
            x[o++] = buf[i];
        }
    }
    memcpy(x + o, LUA_TAIL, strlen(LUA_TAIL));
    *outlen = o + strlen(LUA_TAIL);
    return x;
}

/* Copies the script-* findings of from into d, line 1's columns shifted
 * back by the head; the rest concern the wrapper room, not the chunk. */
static bool keep_script_findings(const rf_diags *from, rf_diags *d)
{
    size_t i, head = strlen(LUA_HEAD);
    for (i = 0; i < rf_diags_count(from); i++) {
        const rf_diag *g = rf_diags_at(from, i);
        int col = g->col;
        if (strncmp(g->code, "script-", 7) != 0)
            continue;
        if (g->line == 1 && col > (int)head)
            col -= (int)head;
        else if (g->line == 1)
            col = 1;
        if (!rf_diag_add(d, g->code, g->file, g->line, col, "%s", g->message))
            return false;
    }
    return true;
}

/* Whether path lies in the folder dir (as written: a prefix and a '/'). */
static bool in_folder(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    while (n > 0 && dir[n - 1] == '/')
        n--;
    return n > 0 && strncmp(path, dir, n) == 0 && path[n] == '/';
}

static rf_status lint_lua(const char *name, const char *buf, size_t len, const rf_world_opts *wo,
                          rf_diags *d)
{
    rf_diags *staged;
    rf_lint_summary quiet;
    size_t xlen = 0;
    char *x;
    rf_status st;
    if (wo->scripts_dir && in_folder(name, wo->scripts_dir))
        return RF_OK; /* an extension file: only a world of that folder reads it */
    if (len > LUA_DOC_MAX) {
        (void)rf_diag_add(d, "script-src", name, 0, 0, "a room script is over 1 MiB");
        return RF_ERR_CONTENT;
    }
    if (!(staged = rf_diags_new_staging()))
        return RF_ERR_NOMEM;
    if (!(x = wrap_chunk(buf, len, &xlen))) {
        rf_diags_free(staged);
        return RF_ERR_NOMEM;
    }
    memset(&quiet, 0, sizeof quiet);
    st = lint_rooms(name, x, xlen, wo, staged, &quiet);
    if (!keep_script_findings(staged, d))
        st = RF_ERR_NOMEM;
    else if (st != RF_ERR_NOMEM && st != RF_ERR_IO)
        st = rf_diags_errors(d) > 0 ? RF_ERR_CONTENT : RF_OK;
    rf_free(x);
    rf_diags_free(staged);
    return st;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

rf_status rf_lint_buffer(const char *name, const char *buf, size_t len, const rf_lint_opts *o,
                         rf_diags *d, rf_lint_summary *out)
{
    rf_lint_summary sum;
    rf_world_opts wo;
    size_t sniff = len < RF_PACK_SNIFF_BYTES - 1 ? len : RF_PACK_SNIFF_BYTES - 1;
    rf_status st;
    if (!name || (!buf && len > 0))
        return RF_ERR_ARG;
    if (!buf)
        buf = "";
    memset(&sum, 0, sizeof sum);
    rf_world_opts_init(&wo);
    wo.scripts_dir = o ? o->scripts_dir : NULL;
    if (ends_with(name, ".lua"))
        st = lint_lua(name, buf, len, &wo, d);
    else if (rf_pack_root_is(buf, sniff, "profiles"))
        st = lint_profiles(name, buf, len, d, &sum);
    else if (rf_pack_root_is(buf, sniff, "machines"))
        st = lint_machines(name, buf, len, &wo, d, &sum);
    else
        st = lint_rooms(name, buf, len, &wo, d, &sum);
    if (out)
        *out = sum;
    return st;
}
