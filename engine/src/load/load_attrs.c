/* engine/src/load_attrs.c: the attributes of the element the reader stands
 * on, checked against the grammar.
 *
 * Pipeline: load; load_xml.c takes them at every start tag, load_room.c and
 * load_script.c read them. Design: attributes are matched to their raw
 * positions (load_cursor.c) by name and kept in L->attrs with their strings
 * in one scratch buffer reused by every element; only what a template keeps
 * is copied into the set's arena. Unknown, duplicated and badly typed ones
 * are reported and left out of L->attrs.
 */
#include <string.h>

#include "alloc_int.h"
#include "load_int.h"

static bool parse_int(const char *s, long *out)
{
    long v = 0;
    bool neg = false;
    int digits = 0;
    if (*s == '-') {
        neg = true;
        s++;
    }
    for (; *s >= '0' && *s <= '9'; s++) {
        if (++digits > 12)
            return false;
        v = v * 10 + (*s - '0');
    }
    if (*s || digits == 0)
        return false;
    *out = neg ? -v : v;
    return true;
}

static bool value_ok(const rf_gattr_spec *as, const char *v)
{
    long x;
    switch (as->kind) {
    case RF_VAL_STR: return true;
    case RF_VAL_BOOL: return strcmp(v, "0") == 0 || strcmp(v, "1") == 0;
    case RF_VAL_INT: return parse_int(v, &x) && x >= as->min && x <= as->max;
    }
    return false;
}

static bool sbuf_put(rf_loader *L, const char *s, size_t *off)
{
    size_t n = strlen(s) + 1;
    if (!rf_grow((void **)&L->sbuf, &L->scap, L->slen + n, 1)) {
        L->nomem = true;
        return false;
    }
    memcpy(L->sbuf + L->slen, s, n);
    *off = L->slen;
    L->slen += n;
    return true;
}

/* Reads the element's attributes into L->attrs (strings in L->sbuf),
 * reporting unknown, duplicated and badly typed ones. */
void rf_load_take_attrs(rf_loader *L, const rf_gelem_spec *spec, const char *tag)
{
    bool limited = false;
    size_t i, seen = 0;
    L->nattrs = 0;
    L->slen = 0;
    while (!L->nomem && xmlTextReaderMoveToNextAttribute(L->rd) == 1) {
        const char *name = (const char *)xmlTextReaderConstName(L->rd);
        const char *value = (const char *)xmlTextReaderConstValue(L->rd);
        rf_sattr *a = &L->sa[L->nattrs];
        int line = L->el_line, col = L->el_col, vline = L->el_line, vcol = L->el_col;
        size_t vpos = 0, j;
        bool dup = false;
        if (!name)
            continue;
        if (!value)
            value = "";
        for (j = 0; j < L->nraw; j++)
            if (L->raw[j].nlen == strlen(name) &&
                memcmp(L->raw[j].name, name, L->raw[j].nlen) == 0) {
                line = L->raw[j].line;
                col = L->raw[j].col;
                vpos = L->raw[j].vpos;
                vline = L->raw[j].vline;
                vcol = L->raw[j].vcol;
                break;
            }
        if (++seen > RF_LOAD_MAX_ATTRS) {
            if (!limited)
                rf_load_emit(L, "xml-limit", L->el_line, L->el_col,
                             "more than %d attributes on <%s>", RF_LOAD_MAX_ATTRS, tag);
            limited = true;
            continue;
        }
        if (!rf_name_key(name, a->key, sizeof a->key)) {
            rf_load_emit(L, "unknown-attribute", line, col,
                         "<%s> does not take the attribute %.60s", tag, name);
            continue;
        }
        for (j = 0; j < L->nattrs; j++)
            if (strcmp(L->sa[j].key, a->key) == 0)
                dup = true;
        if (dup) {
            rf_load_emit(L, "duplicate-attribute", line, col,
                         "the attribute %s is given twice on <%s>", name, tag);
            continue;
        }
        a->spec_key = NULL;
        if (!spec->open_attrs) {
            const rf_gattr_spec *as = rf_grammar_attr(spec, a->key);
            a->spec_key = as ? as->key : NULL;
            if (!as) {
                rf_load_emit(L, "unknown-attribute", line, col,
                             "<%s> does not take the attribute %s", tag, name);
                continue;
            }
            if (!value_ok(as, value)) {
                if (as->kind == RF_VAL_BOOL)
                    rf_load_emit(L, "bad-value", line, col, "%s=\"%.40s\" is not 0 or 1", name,
                                 value);
                else
                    rf_load_emit(L, "bad-value", line, col,
                                 "%s=\"%.40s\" is not an integer from %ld to %ld", name, value,
                                 as->min, as->max);
                continue;
            }
        }
        if (!sbuf_put(L, name, &a->name_off) || !sbuf_put(L, value, &a->value_off))
            break;
        a->line = line;
        a->col = col;
        a->vpos = vpos;
        a->vline = vline;
        a->vcol = vcol;
        L->nattrs++;
    }
    (void)xmlTextReaderMoveToElement(L->rd);
    for (i = 0; i < L->nattrs; i++) {
        L->attrs[i].key = L->sa[i].key;
        L->attrs[i].name = L->sbuf + L->sa[i].name_off;
        L->attrs[i].value = L->sbuf + L->sa[i].value_off;
        L->attrs[i].line = L->sa[i].line;
        L->attrs[i].col = L->sa[i].col;
    }
}

const rf_attr *rf_load_attr(const rf_loader *L, const char *key)
{
    size_t i;
    for (i = 0; i < L->nattrs; i++)
        if (strcmp(L->attrs[i].key, key) == 0)
            return &L->attrs[i];
    return NULL;
}

long rf_load_int_of(const rf_attr *a, long dflt)
{
    long v;
    return a && parse_int(a->value, &v) ? v : dflt;
}

/* Reports each group of spec->required that no attribute satisfies. */
void rf_load_check_required(rf_loader *L, const rf_gelem_spec *spec, const char *tag)
{
    const char *p = spec->required;
    while (p && *p) {
        const char *end = strchr(p, ';');
        size_t glen = end ? (size_t)(end - p) : strlen(p);
        bool ok = false;
        const char *q = p;
        while (q < p + glen) {
            char key[RF_LOAD_KEY_CAP];
            size_t k = 0;
            while (q < p + glen && *q != '|' && k + 1 < sizeof key)
                key[k++] = *q++;
            key[k] = '\0';
            if (rf_load_attr(L, key))
                ok = true;
            if (q < p + glen)
                q++;
        }
        if (!ok)
            rf_load_emit(L, "missing-attribute", L->el_line, L->el_col,
                         "<%s> needs the attribute %.*s", tag, (int)glen, p);
        p = end ? end + 1 : NULL;
    }
}

char *rf_load_adup(rf_loader *L, const char *s)
{
    char *p = rf_arena_strndup(&L->set->arena, s, strlen(s));
    if (!p)
        L->nomem = true;
    return p;
}

/* Copies the current attributes into the arena. */
const rf_attr *rf_load_attrs_to_arena(rf_loader *L)
{
    rf_attr *out;
    size_t i;
    if (L->nattrs == 0)
        return NULL;
    out = rf_arena_alloc(&L->set->arena, L->nattrs * sizeof *out);
    if (!out) {
        L->nomem = true;
        return NULL;
    }
    for (i = 0; i < L->nattrs; i++) {
        out[i] = L->attrs[i];
        out[i].name = L->sa[i].spec_key && strcmp(L->sa[i].spec_key, L->attrs[i].name) == 0
                          ? L->sa[i].spec_key
                          : rf_load_adup(L, L->attrs[i].name);
        if (!out[i].name)
            return NULL;
        /* The key is the name itself when it is written normalised. */
        out[i].key = L->sa[i].spec_key                      ? L->sa[i].spec_key
                     : strcmp(out[i].name, out[i].key) == 0 ? out[i].name
                                                            : rf_load_adup(L, L->attrs[i].key);
        out[i].value = rf_load_adup(L, L->attrs[i].value);
        if (L->nomem)
            return NULL;
    }
    return out;
}
