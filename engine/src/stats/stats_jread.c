/* engine/src/stats/stats_jread.c: a stats report's text read with json-c,
 * and the checks json-c 0.16 does not make.
 *
 * Pipeline: stats; text from stats_read.c (stats --merge), a json-c tree out.
 * Design: json-c (strict RFC 8259, depth ST_JSON_MAX_DEPTH) reads every value.
 * It keeps the last of two equal keys silently, clamps an integer past 64
 * bits, takes raw control bytes and \u0000 in strings and spends ~800 bytes
 * an object; so one pass over the bytes first finds the first such string
 * byte or integer, caps the objects and counts each object's keys (json-c's
 * counts must match). json-c sees only the bytes before our first fault: the
 * earlier of its error and ours is reported, with its byte offset.
 */
#include <string.h>

#include "core/seam.h"
#include "stats_jread.h"

/* What the pass over the bytes saw: every object's key count, in the order
 * the objects open (json-c's tree walked depth first has that order), and
 * the first fault. */
typedef struct scan {
    size_t *keys, *opens; /* nobj each: keys named, byte of the '{' */
    size_t nobj, cap;
    size_t bad_at;
    const char *bad; /* NULL: no fault */
    bool nomem;
} scan;

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static bool is_num(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

static void fault(scan *sc, size_t at, const char *why)
{
    sc->bad_at = at;
    sc->bad = why;
}

/* Whether the number p (len bytes) is no integer (json-c makes it a
 * double) or an integer json-c holds exactly: -2^63 .. 2^64-1. json-c
 * refuses leading zeros, so more digits is a larger value. */
static bool exact_number(const char *p, size_t len)
{
    bool neg = p[0] == '-';
    const char *max = neg ? "9223372036854775808" : "18446744073709551615";
    size_t i, digits = len - neg, mlen = strlen(max);
    for (i = neg; i < len; i++)
        if (p[i] < '0' || p[i] > '9')
            return true;
    if (digits != mlen)
        return digits < mlen;
    return memcmp(p + neg, max, mlen) <= 0;
}

static bool add_object(scan *sc, size_t at)
{
    size_t cap = sc->cap;
    if (sc->nobj == ST_JSON_MAX_OBJECTS) {
        fault(sc, at, "more objects than a report holds");
        return false;
    }
    if (!rf_grow((void **)&sc->keys, &cap, sc->nobj + 1, sizeof *sc->keys) ||
        !rf_grow((void **)&sc->opens, &sc->cap, sc->nobj + 1, sizeof *sc->opens)) {
        sc->nomem = true;
        return false;
    }
    sc->keys[sc->nobj] = 0;
    sc->opens[sc->nobj++] = at;
    return true;
}

/* The string opening at s[i]: the byte past its closing quote, or n with a
 * fault. */
static size_t skip_string(scan *sc, const char *s, size_t n, size_t i)
{
    for (i++; i < n && s[i] != '"'; i++) {
        if ((unsigned char)s[i] < 0x20) {
            fault(sc, i, "a raw control byte inside a string");
            return n;
        }
        if (s[i] == '\\') {
            if (n - i > 5 && memcmp(s + i + 1, "u0000", 5) == 0) {
                fault(sc, i, "\\u0000 inside a string");
                return n;
            }
            i++; /* the escaped byte: a quote there does not close */
        }
    }
    return i < n ? i + 1 : n;
}

/* One pass: the first fault (sc->bad) stops it; so does nesting past
 * ST_JSON_MAX_DEPTH, where json-c refuses at the same byte. */
static void scan_text(scan *sc, const char *s, size_t n)
{
    bool object[ST_JSON_MAX_DEPTH]; /* per open bracket: a '{' */
    size_t index[ST_JSON_MAX_DEPTH]; /* its object's number */
    int depth = 0;
    size_t i = 0;
    while (i < n && !sc->bad && !sc->nomem) {
        char c = s[i];
        if (c == '"') {
            size_t j = i = skip_string(sc, s, n, i);
            while (j < n && is_ws(s[j]))
                j++;
            if (j < n && s[j] == ':' && depth > 0 && object[depth - 1])
                sc->keys[index[depth - 1]]++;
            continue;
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            size_t j = i;
            while (j < n && is_num(s[j]))
                j++;
            if (!exact_number(s + i, j - i))
                fault(sc, i, "an integer out of the 64-bit range");
            i = j;
            continue;
        }
        if (c == '{' || c == '[') {
            if (depth == ST_JSON_MAX_DEPTH) {
                fault(sc, i, "nesting too deep");
                return;
            }
            object[depth] = c == '{';
            if (c == '{') {
                if (!add_object(sc, i))
                    return;
                index[depth] = sc->nobj - 1;
            }
            depth++;
        } else if ((c == '}' || c == ']') && depth > 0) {
            depth--;
        }
        i++;
    }
}

/* json-c's tree walked depth first: false, with f, at the first object
 * whose key count is not the text's (the text named a key twice there). */
static bool same_keys(json_object *v, const char *under, const scan *sc, size_t *k, st_jfault *f)
{
    size_t i, n;
    if (json_object_is_type(v, json_type_array)) {
        n = json_object_array_length(v);
        for (i = 0; i < n; i++)
            if (!same_keys(json_object_array_get_idx(v, i), under, sc, k, f))
                return false;
    } else if (v && json_object_is_type(v, json_type_object)) {
        struct json_object_iterator it = json_object_iter_begin(v);
        struct json_object_iterator end = json_object_iter_end(v);
        size_t at = (*k)++;
        if (at >= sc->nobj || sc->keys[at] != (size_t)json_object_object_length(v)) {
            f->at = at < sc->nobj ? sc->opens[at] : 0;
            strncpy(f->under, under, sizeof f->under - 1);
            f->under[sizeof f->under - 1] = '\0';
            return false;
        }
        for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it))
            if (!same_keys(json_object_iter_peek_value(&it), json_object_iter_peek_name(&it), sc,
                           k, f))
                return false;
    }
    return true;
}

/* json-c over text[0..n): the value, or NULL with *at and *why. */
static json_object *parse(const char *text, size_t n, size_t *at, const char **why, bool *nomem)
{
    json_tokener *tok = json_tokener_new_ex(ST_JSON_MAX_DEPTH);
    json_object *v;
    enum json_tokener_error e;
    if (!tok) {
        *nomem = true;
        return NULL;
    }
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    v = json_tokener_parse_ex(tok, text, (int)n);
    e = json_tokener_get_error(tok);
    *at = json_tokener_get_parse_end(tok);
    if (!v && e == json_tokener_continue) { /* all read: end it (a number needs that) */
        v = json_tokener_parse_ex(tok, "", 1);
        e = json_tokener_get_error(tok);
        *at = n;
    }
    *why = json_tokener_error_desc(e);
    if (v && *at != n) { /* json-c stops at a NUL byte */
        json_object_put(v);
        v = NULL;
        *why = "bytes after the value";
    }
    json_tokener_free(tok);
    return v;
}

st_jread rf_st_json_read(const char *text, size_t len, json_object **out, st_jfault *f)
{
    scan sc = {NULL, NULL, 0, 0, 0, NULL, false};
    json_object *v = NULL;
    size_t at = 0, k = 0;
    const char *why = NULL;
    bool nomem = false;
    st_jread r = ST_JREAD_OK;
    *out = NULL;
    memset(f, 0, sizeof *f);
    scan_text(&sc, text, len);
    if (sc.nomem) {
        r = ST_JREAD_NOMEM;
        goto done;
    }
    v = parse(text, sc.bad ? sc.bad_at : len, &at, &why, &nomem);
    if (nomem) {
        r = ST_JREAD_NOMEM;
    } else if (!v && (!sc.bad || at < sc.bad_at)) {
        r = ST_JREAD_BAD;
        f->at = at;
        f->why = why;
    } else if (sc.bad) {
        r = ST_JREAD_BAD;
        f->at = sc.bad_at;
        f->why = sc.bad;
    } else if (!same_keys(v, "", &sc, &k, f) || k != sc.nobj) {
        r = ST_JREAD_TWICE;
    }
done:
    rf_free(sc.keys);
    rf_free(sc.opens);
    if (r == ST_JREAD_OK)
        *out = v;
    else
        json_object_put(v);
    return r;
}
