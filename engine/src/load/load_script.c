/* engine/src/load_script.c: a room's <script>: its XML clauses or its Lua
 * code.
 *
 * Pipeline: load; load_xml.c calls these at <script>, <condition>, <action>,
 * text inside a Lua script and </script>; the scripts join the room at
 * </room> (load_room.c) and are compiled by the world stage. Design: clauses
 * are kept as attributes (their checks depend on the type and belong to
 * check_room.c), the type lower-cased; Lua code is gathered from the text
 * nodes and its first line:col taken from the raw bytes.
 * Seeds: dredmor-room-system.txt 3-4 (script clauses, kept as attributes).
 */
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "alloc_int.h"
#include "load_int.h"

void rf_load_script_start(rf_loader *L)
{
    const rf_attr *lang = rf_load_attr(L, "lang"), *src = rf_load_attr(L, "src");
    rf_cursor c = L->cur;
    memset(&L->s, 0, sizeof L->s);
    L->in_script = true;
    L->want_code = false;
    L->nconds = L->nacts = 0;
    L->code_len = 0;
    L->s.line = L->el_line;
    L->s.col = L->el_col;
    L->s.repeat = (int)rf_load_int_of(rf_load_attr(L, "repeat"), 0);
    L->s.lang = RF_SCRIPT_XML;
    if (lang && strcasecmp(lang->value, "lua") == 0) {
        L->s.lang = RF_SCRIPT_LUA;
        L->want_code = !src;
    } else if (lang && strcasecmp(lang->value, "xml") != 0) {
        rf_load_emit(L, "bad-value", lang->line, lang->col, "lang=\"%.40s\" is not lua or xml",
                     lang->value);
    }
    if (src) {
        L->s.lang = RF_SCRIPT_LUA;
        L->s.src = rf_load_adup(L, src->value);
    }
    /* The code's first character follows the start tag (or a CDATA opener). */
    if (rf_load_starts(L->buf, c.pos, L->len, "<![CDATA["))
        rf_load_advance(L->buf, &c, c.pos + 9);
    L->s.code_line = c.line;
    L->s.code_col = c.col;
}

void rf_load_clause_start(rf_loader *L, bool cond, const char *tag)
{
    const rf_attr *ty = rf_load_attr(L, cond ? "conditiontype" : "actiontype");
    rf_clause cl;
    char *lower;
    rf_clause **v = cond ? &L->conds : &L->acts;
    size_t *n = cond ? &L->nconds : &L->nacts, *cap = cond ? &L->conds_cap : &L->acts_cap;
    if (!ty) {
        rf_load_emit(L, "missing-attribute", L->el_line, L->el_col, "<%s> needs the attribute %s",
                     tag, cond ? "condition_type" : "action_type");
        return;
    }
    if (*n >= RF_TEMPLATE_MAX_CLAUSES) {
        rf_load_emit(L, "xml-limit", L->el_line, L->el_col, "more than %d %ss in one script",
                     RF_TEMPLATE_MAX_CLAUSES, tag);
        return;
    }
    memset(&cl, 0, sizeof cl);
    cl.line = L->el_line;
    cl.col = L->el_col;
    cl.nattrs = L->nattrs;
    cl.attrs = rf_load_attrs_to_arena(L);
    if (L->nomem)
        return;
    /* The type lower-cased; the attribute's own copy when it already is. */
    cl.type = cl.attrs[ty - L->attrs].value;
    if (strpbrk(cl.type, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")) {
        lower = rf_load_adup(L, cl.type);
        if (!lower)
            return;
        for (char *p = lower; *p; p++)
            if (*p >= 'A' && *p <= 'Z')
                *p = (char)(*p - 'A' + 'a');
        cl.type = lower;
    }
    if (!rf_grow((void **)v, cap, *n + 1, sizeof **v)) {
        L->nomem = true;
        return;
    }
    (*v)[(*n)++] = cl;
}

static const rf_clause *clauses_to_arena(rf_loader *L, const rf_clause *v, size_t n)
{
    rf_clause *out;
    if (n == 0)
        return NULL;
    out = rf_arena_alloc(&L->set->arena, n * sizeof *out);
    if (!out) {
        L->nomem = true;
        return NULL;
    }
    memcpy(out, v, n * sizeof *out);
    return out;
}

void rf_load_script_end(rf_loader *L)
{
    L->in_script = false;
    if (L->nscripts >= RF_TEMPLATE_MAX_SCRIPTS) {
        rf_load_emit(L, "xml-limit", L->s.line, L->s.col, "more than %d scripts in the room",
                     RF_TEMPLATE_MAX_SCRIPTS);
        return;
    }
    L->s.conditions = clauses_to_arena(L, L->conds, L->nconds);
    L->s.nconditions = L->nconds;
    L->s.actions = clauses_to_arena(L, L->acts, L->nacts);
    L->s.nactions = L->nacts;
    if (L->want_code) {
        L->s.code = rf_arena_strndup(&L->set->arena, L->code ? L->code : "", L->code_len);
        if (!L->s.code)
            L->nomem = true;
    }
    if (L->nomem)
        return;
    if (!rf_grow((void **)&L->scripts, &L->scripts_cap, L->nscripts + 1, sizeof *L->scripts)) {
        L->nomem = true;
        return;
    }
    L->scripts[L->nscripts++] = L->s;
}

void rf_load_script_text(rf_loader *L)
{
    const char *v = (const char *)xmlTextReaderConstValue(L->rd);
    size_t n;
    if (!v)
        return;
    n = strlen(v);
    if (!rf_grow((void **)&L->code, &L->code_cap, L->code_len + n + 1, 1)) {
        L->nomem = true;
        return;
    }
    memcpy(L->code + L->code_len, v, n);
    L->code_len += n;
}
