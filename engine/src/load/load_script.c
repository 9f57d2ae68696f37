/* engine/src/load/load_script.c: a room's <script>: its XML clauses or its
 * Lua code.
 *
 * Pipeline: load; called at script elements and Lua text; the world stage
 * compiles the result. Design: clauses kept as attributes (checked by
 * template_check.c); Lua keeps its first line:col from the raw bytes.
 * Seeds: dredmor-room-system.txt 3-4.
 */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load_int.h"

void rf_load_script_start(rf_loader *ld)
{
    const rf_attr *lang = rf_load_attr(ld, "lang"), *src = rf_load_attr(ld, "src");
    rf_cursor c = ld->cur;
    memset(&ld->s, 0, sizeof ld->s);
    ld->in_script = true;
    ld->want_code = false;
    ld->nconds = ld->nacts = 0;
    ld->code_len = 0;
    ld->s.line = ld->el_line;
    ld->s.col = ld->el_col;
    ld->s.repeat = (int)rf_load_int_of(rf_load_attr(ld, "repeat"), 0);
    ld->s.lang = RF_SCRIPT_XML;
    if (lang && (lang->value[0] == 'l' || lang->value[0] == 'L') &&
        strcasecmp(lang->value, "lua") == 0) {
        ld->s.lang = RF_SCRIPT_LUA;
        ld->want_code = !src;
    } else if (lang && strcasecmp(lang->value, "xml") != 0) {
        rf_load_emit(ld, "bad-value", lang->line, lang->col, "lang=\"%.40s\" is not lua or xml",
                     lang->value);
    }
    if (src) {
        ld->s.lang = RF_SCRIPT_LUA;
        ld->s.src = rf_load_adup(ld, src->value);
    }
    /* The code's first character follows the start tag (or a CDATA opener;
     * the first byte tells most scripts apart without a call). */
    if (c.pos < ld->len && ld->buf[c.pos] == '<' &&
        rf_load_starts(ld->buf, c.pos, ld->len, "<![CDATA["))
        rf_load_advance(ld->buf, &c, c.pos + 9);
    ld->s.code_line = c.line;
    ld->s.code_col = c.col;
}

static bool has_upper(const char *s)
{
    for (; *s; s++)
        if (*s >= 'A' && *s <= 'Z')
            return true;
    return false;
}

void rf_load_clause_start(rf_loader *ld, bool cond, const char *tag)
{
    const rf_attr *ty = rf_load_attr(ld, cond ? "conditiontype" : "actiontype");
    rf_clause cl;
    char *lower;
    rf_clause **v = cond ? &ld->conds : &ld->acts;
    size_t *n = cond ? &ld->nconds : &ld->nacts, *cap = cond ? &ld->conds_cap : &ld->acts_cap;
    if (!ty) {
        rf_load_emit(ld, "missing-attribute", ld->el_line, ld->el_col, "<%s> needs the attribute %s",
                     tag, cond ? "condition_type" : "action_type");
        return;
    }
    if (*n >= RF_TEMPLATE_MAX_CLAUSES) {
        rf_load_emit(ld, "xml-limit", ld->el_line, ld->el_col, "more than %d %ss in one script",
                     RF_TEMPLATE_MAX_CLAUSES, tag);
        return;
    }
    memset(&cl, 0, sizeof cl);
    cl.line = ld->el_line;
    cl.col = ld->el_col;
    cl.nattrs = ld->nattrs;
    cl.attrs = rf_load_attrs_to_arena(ld);
    if (ld->nomem)
        return;
    /* The type lower-cased; the attribute's own copy when it already is. */
    cl.type = cl.attrs[ty - ld->attrs].value;
    if (has_upper(cl.type)) {
        lower = rf_load_adup(ld, cl.type);
        if (!lower)
            return;
        for (char *p = lower; *p; p++)
            if (*p >= 'A' && *p <= 'Z')
                *p = (char)(*p - 'A' + 'a');
        cl.type = lower;
    }
    if (!rf_load_grow((void **)v, cap, *n + 1, sizeof **v)) {
        ld->nomem = true;
        return;
    }
    (*v)[(*n)++] = cl;
}

static const rf_clause *clauses_to_arena(rf_loader *ld, const rf_clause *v, size_t n)
{
    rf_clause *out;
    if (n == 0)
        return NULL;
    out = rf_arena_alloc(&ld->set->arena, n * sizeof *out);
    if (!out) {
        ld->nomem = true;
        return NULL;
    }
    memcpy(out, v, n * sizeof *out);
    return out;
}

void rf_load_script_end(rf_loader *ld)
{
    ld->in_script = false;
    if (ld->nscripts >= RF_TEMPLATE_MAX_SCRIPTS) {
        rf_load_emit(ld, "xml-limit", ld->s.line, ld->s.col, "more than %d scripts in the room",
                     RF_TEMPLATE_MAX_SCRIPTS);
        return;
    }
    ld->s.conditions = clauses_to_arena(ld, ld->conds, ld->nconds);
    ld->s.nconditions = ld->nconds;
    ld->s.actions = clauses_to_arena(ld, ld->acts, ld->nacts);
    ld->s.nactions = ld->nacts;
    if (ld->want_code) {
        ld->s.code = rf_arena_strndup(&ld->set->arena, ld->code ? ld->code : "", ld->code_len);
        if (!ld->s.code)
            ld->nomem = true;
    }
    if (ld->nomem)
        return;
    if (!rf_load_grow((void **)&ld->scripts, &ld->scripts_cap, ld->nscripts + 1,
                      sizeof *ld->scripts)) {
        ld->nomem = true;
        return;
    }
    ld->scripts[ld->nscripts++] = ld->s;
}

void rf_load_script_text(rf_loader *ld, const char *text, size_t n)
{
    if (!rf_load_grow((void **)&ld->code, &ld->code_cap, ld->code_len + n + 1, 1)) {
        ld->nomem = true;
        return;
    }
    memcpy(ld->code + ld->code_len, text, n);
    ld->code_len += n;
}
