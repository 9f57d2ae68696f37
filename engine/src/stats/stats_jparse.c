/* engine/src/stats/stats_jparse.c: a small JSON reader for stats reports:
 * text to a tree of values, bounded in depth and size.
 *
 * Pipeline: stats; used by stats_read.c (stats --merge). Design: RFC 8259
 * values into one tree; numbers kept as text (the sums are 64-bit
 * integers a double would round); strings unescaped to UTF-8. Nesting
 * beyond ST_JSON_MAX_DEPTH or bad syntax: NULL with the byte offset.
 */
#include <string.h>

#include "core/alloc.h"
#include "stats_jparse.h"

#define ST_JSON_MAX_DEPTH 32

typedef struct parser {
    const char *s;
    size_t n, at;
    int depth;
    bool nomem;
} parser;

static void skip_ws(parser *p)
{
    while (p->at < p->n && (p->s[p->at] == ' ' || p->s[p->at] == '\t' || p->s[p->at] == '\n' ||
                            p->s[p->at] == '\r'))
        p->at++;
}

static st_jv *new_value(parser *p, st_jtype type)
{
    st_jv *v = rf_calloc(1, sizeof *v);
    if (!v)
        p->nomem = true;
    else
        v->type = type;
    return v;
}

void rf_st_jv_free(st_jv *v)
{
    size_t i;
    if (!v)
        return;
    for (i = 0; i < v->n; i++) {
        rf_free(v->keys ? v->keys[i] : NULL);
        rf_st_jv_free(v->items[i]);
    }
    rf_free(v->keys);
    rf_free(v->items);
    rf_free(v->str);
    rf_free(v);
}

static void put_utf8(char *out, size_t *len, unsigned cp)
{
    if (cp < 0x80) {
        out[(*len)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*len)++] = (char)(0xc0 | (cp >> 6));
        out[(*len)++] = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out[(*len)++] = (char)(0xe0 | (cp >> 12));
        out[(*len)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[(*len)++] = (char)(0x80 | (cp & 0x3f));
    } else {
        out[(*len)++] = (char)(0xf0 | (cp >> 18));
        out[(*len)++] = (char)(0x80 | ((cp >> 12) & 0x3f));
        out[(*len)++] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[(*len)++] = (char)(0x80 | (cp & 0x3f));
    }
}

static bool hex4(parser *p, unsigned *out)
{
    unsigned v = 0;
    int k;
    if (p->n - p->at < 4)
        return false;
    for (k = 0; k < 4; k++) {
        char c = p->s[p->at++];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            return false;
    }
    *out = v;
    return true;
}

/* A string at p->at (its opening quote): a malloc'd UTF-8 copy. */
static char *parse_string(parser *p)
{
    size_t start = ++p->at, len = 0;
    char *out;
    while (p->at < p->n && p->s[p->at] != '"')
        p->at += p->s[p->at] == '\\' ? 2 : 1;
    if (p->at >= p->n)
        return NULL;
    out = rf_alloc(p->at - start + 1); /* an escape never grows */
    if (!out) {
        p->nomem = true;
        return NULL;
    }
    p->at = start;
    while (p->s[p->at] != '"') {
        char c = p->s[p->at++];
        unsigned cp;
        if ((unsigned char)c < 0x20)
            goto bad;
        if (c != '\\') {
            out[len++] = c;
            continue;
        }
        c = p->s[p->at++];
        switch (c) {
        case '"': case '\\': case '/': out[len++] = c; break;
        case 'b': out[len++] = '\b'; break;
        case 'f': out[len++] = '\f'; break;
        case 'n': out[len++] = '\n'; break;
        case 'r': out[len++] = '\r'; break;
        case 't': out[len++] = '\t'; break;
        case 'u':
            if (!hex4(p, &cp))
                goto bad;
            if (cp >= 0xd800 && cp < 0xdc00) { /* a surrogate pair */
                unsigned lo;
                if (p->n - p->at < 6 || p->s[p->at] != '\\' || p->s[p->at + 1] != 'u')
                    goto bad;
                p->at += 2;
                if (!hex4(p, &lo) || lo < 0xdc00 || lo > 0xdfff)
                    goto bad;
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            } else if (cp >= 0xdc00 && cp < 0xe000) {
                goto bad;
            }
            if (cp == 0)
                goto bad; /* no NUL inside a C string */
            put_utf8(out, &len, cp);
            break;
        default:
            goto bad;
        }
    }
    p->at++;
    out[len] = '\0';
    return out;
bad:
    rf_free(out);
    return NULL;
}

static st_jv *parse_value(parser *p);

static bool add_item(parser *p, st_jv *v, char *key, st_jv *item)
{
    size_t cap = v->cap;
    if (!rf_grow((void **)&v->items, &cap, v->n + 1, sizeof *v->items) ||
        (v->type == ST_JOBJECT &&
         !rf_grow((void **)&v->keys, &v->cap, v->n + 1, sizeof *v->keys))) {
        p->nomem = true;
        return false;
    }
    if (v->type != ST_JOBJECT)
        v->cap = cap;
    v->items[v->n] = item;
    if (v->keys)
        v->keys[v->n] = key;
    v->n++;
    return true;
}

static st_jv *parse_container(parser *p, bool object)
{
    st_jv *v = new_value(p, object ? ST_JOBJECT : ST_JARRAY);
    char close = object ? '}' : ']';
    if (!v || ++p->depth > ST_JSON_MAX_DEPTH)
        goto bad;
    p->at++;
    skip_ws(p);
    if (p->at < p->n && p->s[p->at] == close) {
        p->at++;
        p->depth--;
        return v;
    }
    for (;;) {
        char *key = NULL;
        st_jv *item;
        skip_ws(p);
        if (object) {
            if (p->at >= p->n || p->s[p->at] != '"' || !(key = parse_string(p)))
                goto bad;
            skip_ws(p);
            if (p->at >= p->n || p->s[p->at] != ':') {
                rf_free(key);
                goto bad;
            }
            p->at++;
        }
        item = parse_value(p);
        if (!item || !add_item(p, v, key, item)) {
            rf_free(key);
            rf_st_jv_free(item);
            goto bad;
        }
        skip_ws(p);
        if (p->at < p->n && p->s[p->at] == ',') {
            p->at++;
            continue;
        }
        if (p->at < p->n && p->s[p->at] == close) {
            p->at++;
            p->depth--;
            return v;
        }
        goto bad;
    }
bad:
    rf_st_jv_free(v);
    return NULL;
}

static bool is_num_char(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

static st_jv *parse_value(parser *p)
{
    st_jv *v;
    skip_ws(p);
    if (p->at >= p->n)
        return NULL;
    switch (p->s[p->at]) {
    case '{': return parse_container(p, true);
    case '[': return parse_container(p, false);
    case '"':
        if (!(v = new_value(p, ST_JSTRING)))
            return NULL;
        if (!(v->str = parse_string(p))) {
            rf_st_jv_free(v);
            return NULL;
        }
        return v;
    default: break;
    }
    if (p->n - p->at >= 4 && memcmp(p->s + p->at, "null", 4) == 0) {
        p->at += 4;
        return new_value(p, ST_JNULL);
    }
    if (p->n - p->at >= 4 && memcmp(p->s + p->at, "true", 4) == 0) {
        p->at += 4;
        v = new_value(p, ST_JBOOL);
        if (v)
            v->b = true;
        return v;
    }
    if (p->n - p->at >= 5 && memcmp(p->s + p->at, "false", 5) == 0) {
        p->at += 5;
        return new_value(p, ST_JBOOL);
    }
    if (is_num_char(p->s[p->at])) {
        size_t start = p->at;
        while (p->at < p->n && is_num_char(p->s[p->at]))
            p->at++;
        if (!(v = new_value(p, ST_JNUMBER)))
            return NULL;
        if (!(v->str = rf_strndup(p->s + start, p->at - start))) {
            p->nomem = true;
            rf_st_jv_free(v);
            return NULL;
        }
        return v;
    }
    return NULL;
}

st_jv *rf_st_json_parse(const char *text, size_t len, size_t *bad_at, bool *nomem)
{
    parser p = {text, len, 0, 0, false};
    st_jv *v = parse_value(&p);
    if (v) {
        skip_ws(&p);
        if (p.at != p.n) {
            rf_st_jv_free(v);
            v = NULL;
        }
    }
    *bad_at = p.at;
    *nomem = p.nomem;
    return v;
}

const st_jv *rf_st_jv_get(const st_jv *obj, const char *key)
{
    size_t i;
    if (!obj || obj->type != ST_JOBJECT)
        return NULL;
    for (i = 0; i < obj->n; i++)
        if (strcmp(obj->keys[i], key) == 0)
            return obj->items[i];
    return NULL;
}

bool rf_st_jv_u64(const st_jv *v, uint64_t *out)
{
    const char *s;
    uint64_t x = 0;
    if (!v || v->type != ST_JNUMBER)
        return false;
    for (s = v->str; *s; s++) {
        if (*s < '0' || *s > '9' || x > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
            return false;
        x = x * 10 + (uint64_t)(*s - '0');
    }
    *out = x;
    return s != v->str;
}

bool rf_st_jv_int(const st_jv *v, int *out)
{
    const char *s;
    long long x = 0;
    bool neg;
    if (!v || v->type != ST_JNUMBER)
        return false;
    s = v->str;
    neg = *s == '-';
    s += neg;
    if (!*s)
        return false;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || x > 0x7fffffffLL)
            return false;
        x = x * 10 + (*s - '0');
    }
    if (x > 0x7fffffffLL)
        return false;
    *out = (int)(neg ? -x : x);
    return true;
}
