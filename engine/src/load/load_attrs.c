/* engine/src/load/load_attrs.c: the attributes of the current element,
 * checked against the grammar.
 *
 * Pipeline: load; taken at every start tag (load_xml.c), read by load_room.c
 * and load_script.c. Design: one scratch buffer reused per element; only what
 * a template keeps goes to the arena; bad attributes are reported and dropped.
 */
#include <string.h>

#include "core/seam.h"
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

/* Appends value v[0, n) to ld->sbuf with its "&#38;" decoded to '&' (the
 * only reference libxml2 leaves in a value, DTDs being refused) and a NUL;
 * its offset in *off. A short value is copied a byte at a time, cheaper
 * than two library calls. */
static bool sbuf_put(rf_loader *ld, const char *v, size_t n, size_t *off)
{
    char *out;
    size_t i;
    if (!rf_load_grow((void **)&ld->sbuf, &ld->scap, ld->slen + n + 1, 1)) {
        ld->nomem = true;
        return false;
    }
    out = ld->sbuf + ld->slen;
    if (n >= 8 && !memchr(v, '&', n)) {
        memcpy(out, v, n);
        i = n;
    } else {
        const char *e = v + n;
        for (i = 0; v < e; i++)
            if (*v == '&' && e - v >= 5 && memcmp(v, "&#38;", 5) == 0) {
                out[i] = '&';
                v += 5;
            } else {
                out[i] = *v++;
            }
    }
    out[i] = '\0';
    *off = ld->slen;
    ld->slen += i + 1;
    return true;
}

/* Whether a[0, n) and b[0, n) are the same bytes: names are short, so a
 * loop beats a call to memcmp. */
static bool same_bytes(const char *a, const char *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            return false;
    return true;
}

/* The raw attribute (as written) named name (n bytes): the k-th one when
 * the names agree, as they do unless namespaces are declared; NULL when
 * none is. */
static const rf_raw_attr *raw_of(const rf_loader *ld, const char *name, size_t n, size_t k)
{
    size_t j;
    if (k < ld->nraw && ld->raw[k].nlen == n && same_bytes(ld->raw[k].name, name, n))
        return &ld->raw[k];
    for (j = 0; j < ld->nraw; j++)
        if (ld->raw[j].nlen == n && same_bytes(ld->raw[j].name, name, n))
            return &ld->raw[j];
    return NULL;
}

/* Sets a->key to the normalised name of attribute x of an element of spec
 * (the grammar's string when it knows the attribute, else a copy in
 * a->own), a->spec_key, *as to its grammar spec (or NULL) and *nlen to
 * strlen(x->name). False when the name cannot be a key. */
static bool attr_key(rf_loader *ld, const rf_xml_attr *x, const rf_gelem_spec *spec, rf_sattr *a,
                     const rf_gattr_spec **as, size_t *nlen)
{
    rf_name_memo *m;
    if (!x->interned) {
        *nlen = strlen(x->name);
        if (!rf_name_key(x->name, a->own, sizeof a->own))
            return false;
        a->name_is_key = strcmp(a->own, x->name) == 0;
        *as = rf_grammar_attr(spec, a->own);
    } else {
        m = rf_load_memo(ld->attr_memo, x->name, spec);
        if (m->name != x->name || m->el != spec) {
            m->name = x->name;
            m->el = spec;
            m->nlen = strlen(x->name);
            m->keyed = rf_name_key(x->name, m->key, sizeof m->key);
            m->is_key = m->keyed && strcmp(m->key, x->name) == 0;
            m->as = m->keyed ? rf_grammar_attr(spec, m->key) : NULL;
        }
        *nlen = m->nlen;
        if (!m->keyed)
            return false;
        a->name_is_key = m->is_key;
        *as = m->as;
        if (!m->as) /* a copy: the memo's slot may go to the next attribute */
            memcpy(a->own, m->key, strlen(m->key) + 1);
    }
    a->spec_key = *as ? (*as)->key : NULL; /* the same string as the key */
    a->key = a->spec_key ? a->spec_key : a->own;
    return true;
}

/* Whether the value of attribute a (named name, at line:col) is one the
 * element of spec takes: known to the grammar (as) or the element open,
 * and of as's type; else reported. */
static bool attr_allowed(rf_loader *ld, const rf_gelem_spec *spec, const char *tag,
                         const rf_gattr_spec *as, const rf_sattr *a, const char *name, int line,
                         int col)
{
    const char *value = ld->sbuf + a->value_off;
    /* an open element (clauses, unknown objects) keeps any attribute;
     * those the grammar knows are typed all the same */
    if (!as && !spec->open_attrs) {
        const char *near = rf_grammar_attr_near(spec, a->key);
        rf_load_emit(ld, "unknown-attribute", line, col,
                     "<%s> does not take the attribute %s%s%s%s", tag, name,
                     near ? " (did you mean " : "", near ? near : "", near ? "?)" : "");
        return false;
    }
    if (as && !value_ok(as, value)) {
        if (as->kind == RF_VAL_BOOL)
            rf_load_emit(ld, "bad-value", line, col, "%s=\"%.40s\" is not 0 or 1", name, value);
        else
            rf_load_emit(ld, "bad-value", line, col,
                         "%s=\"%.40s\" is not an integer from %ld to %ld", name, value, as->min,
                         as->max);
        return false;
    }
    return true;
}

/* Takes attribute k of the element into ld->attrs, or reports and drops
 * it; false when memory ran out. */
static bool take_attr(rf_loader *ld, const rf_gelem_spec *spec, const char *tag, size_t k)
{
    const char *name = ld->xa[k].name;
    const rf_raw_attr *raw;
    const rf_gattr_spec *as = NULL;
    rf_sattr *a = &ld->sa[ld->nattrs];
    int line = ld->el_line, col = ld->el_col, vline = ld->el_line, vcol = ld->el_col;
    size_t vpos = 0, j, mark = ld->slen, nlen;
    bool plain = true, tab = false;
    bool keyed = attr_key(ld, &ld->xa[k], spec, a, &as, &nlen);
    raw = raw_of(ld, name, nlen, k);
    if (raw) {
        line = raw->line;
        col = raw->col;
        vpos = raw->vpos;
        vline = raw->vline;
        vcol = raw->vcol;
        plain = raw->plain;
        tab = raw->tab;
    }
    if (!keyed) {
        rf_load_emit(ld, "unknown-attribute", line, col,
                     "<%s> does not take the attribute %.60s", tag, name);
        return true;
    }
    for (j = 0; j < ld->nattrs; j++)
        if (rf_text_eq(ld->sa[j].key, a->key)) {
            rf_load_emit(ld, "duplicate-attribute", line, col,
                         "the attribute %s is given twice on <%s>", name, tag);
            return true;
        }
    if (!sbuf_put(ld, ld->xa[k].value, ld->xa[k].vlen, &a->value_off))
        return false;
    a->nlen = nlen;
    a->vlen = ld->slen - 1 - a->value_off;
    if (!attr_allowed(ld, spec, tag, as, a, name, line, col)) {
        ld->slen = mark;
        return true;
    }
    a->line = line;
    a->col = col;
    a->vpos = vpos;
    a->vline = vline;
    a->vcol = vcol;
    a->plain = plain;
    a->tab = tab;
    ld->attrs[ld->nattrs].key = a->key;
    ld->attrs[ld->nattrs].name = name;
    ld->attrs[ld->nattrs].line = line;
    ld->attrs[ld->nattrs].col = col;
    ld->nattrs++;
    return true;
}

/* Reads the element's attributes (ld->xa) into ld->attrs (values in
 * ld->sbuf; names stay libxml2's, alive while the element is handled),
 * reporting unknown, duplicated and badly typed ones. */
void rf_load_take_attrs(rf_loader *ld, const rf_gelem_spec *spec, const char *tag)
{
    size_t i, k;
    ld->nattrs = 0;
    ld->slen = 0;
    for (k = 0; k < ld->nxa && !ld->nomem; k++)
        if (!take_attr(ld, spec, tag, k))
            break;
    if (ld->xa_seen > RF_LOAD_MAX_ATTRS)
        rf_load_emit(ld, "xml-limit", ld->el_line, ld->el_col, "more than %d attributes on <%s>",
                     RF_LOAD_MAX_ATTRS, tag);
    for (i = 0; i < ld->nattrs; i++) /* sbuf has stopped moving */
        ld->attrs[i].value = ld->sbuf + ld->sa[i].value_off;
}

long rf_load_int_value(const rf_attr *a, long dflt)
{
    long v;
    return parse_int(a->value, &v) ? v : dflt;
}

/* Whether an attribute's key is key[0, n). */
static bool has_key(const rf_loader *ld, const char *key, size_t n)
{
    size_t i;
    for (i = 0; i < ld->nattrs; i++) {
        const char *k = ld->attrs[i].key;
        if (k[0] == key[0] && same_bytes(k, key, n) && k[n] == '\0')
            return true;
    }
    return false;
}

/* Reports each group of spec->required that no attribute satisfies: the
 * groups and their alternatives (the grammar's, none empty) are read in
 * place, in one pass. */
void rf_load_check_required(rf_loader *ld, const rf_gelem_spec *spec, const char *tag)
{
    const char *p = spec->required, *q;
    while (p && *p) {
        bool ok = false;
        for (q = p;; q++) { /* an alternative ends at '|', a group at ';' */
            const char *alt = q;
            while (*q && *q != '|' && *q != ';')
                q++;
            ok = ok || has_key(ld, alt, (size_t)(q - alt));
            if (*q != '|')
                break;
        }
        if (!ok)
            rf_load_emit(ld, "missing-attribute", ld->el_line, ld->el_col,
                         "<%s> needs the attribute %.*s", tag, (int)(q - p), p);
        p = *q ? q + 1 : NULL;
    }
}

char *rf_load_adup(rf_loader *ld, const char *s)
{
    char *p = rf_arena_strndup(&ld->set->arena, s, strlen(s));
    if (!p)
        ld->nomem = true;
    return p;
}

/* Copies the current attributes into the arena: the array and every string
 * it does not share with the grammar in one block. */
const rf_attr *rf_load_attrs_to_arena(rf_loader *ld)
{
    bool own_name[RF_LOAD_MAX_ATTRS], own_key[RF_LOAD_MAX_ATTRS];
    size_t i, need, len[RF_LOAD_MAX_ATTRS][3]; /* name, key, value */
    rf_attr *out;
    char *p;
    if (ld->nattrs == 0)
        return NULL;
    need = ld->nattrs * sizeof *out;
    for (i = 0; i < ld->nattrs; i++) {
        const rf_sattr *a = &ld->sa[i];
        /* the grammar's key is the name itself when it is written normalised */
        own_name[i] = !(a->spec_key && a->name_is_key);
        own_key[i] = !a->spec_key && !a->name_is_key;
        len[i][0] = own_name[i] ? a->nlen + 1 : 0;
        len[i][1] = own_key[i] ? strlen(a->key) + 1 : 0;
        len[i][2] = a->vlen + 1;
        need += len[i][0] + len[i][1] + len[i][2];
    }
    out = rf_arena_alloc(&ld->set->arena, need);
    if (!out) {
        ld->nomem = true;
        return NULL;
    }
    p = (char *)(out + ld->nattrs);
    for (i = 0; i < ld->nattrs; i++) {
        const rf_sattr *a = &ld->sa[i];
        out[i] = ld->attrs[i];
        if (own_name[i]) {
            out[i].name = memcpy(p, ld->attrs[i].name, len[i][0]);
            p += len[i][0];
        } else {
            out[i].name = a->spec_key;
        }
        if (own_key[i]) {
            out[i].key = memcpy(p, a->key, len[i][1]);
            p += len[i][1];
        } else {
            out[i].key = a->spec_key ? a->spec_key : out[i].name;
        }
        out[i].value = memcpy(p, ld->attrs[i].value, len[i][2]);
        p += len[i][2];
    }
    return out;
}
