/* engine/src/sim/scenario_lex.c: the words of a scenario line: the lexer,
 * numbers and points, and the grammar of an `expect` effect.
 *
 * Pipeline: sim; used by scenario.c. Design: lines tokenised in place;
 * canonical effect text goes through a bounded buffer.
 */
#include "scenario_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/scenario.h"
#include "roomforge/template.h"

/* ---- small text helpers ---- */

bool rf_scn_is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
char rf_scn_lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

bool rf_scn_word_is(const char *s, size_t len, const char *w)
{
    size_t i;
    if (strlen(w) != len)
        return false;
    for (i = 0; i < len; i++)
        if (rf_scn_lower(s[i]) != w[i])
            return false;
    return true;
}

/* ---- bounded output for canonical text ---- */


static void put_n(outbuf *o, const char *s, size_t n)
{
    if (o->over || o->len + n >= o->cap) {
        o->over = true;
        return;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = '\0';
}

static void put(outbuf *o, const char *s) { put_n(o, s, strlen(s)); }

static void put_long(outbuf *o, long v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%ld", v);
    put(o, tmp);
}

static void put_point(outbuf *o, int x, int y)
{
    put_long(o, x);
    put(o, ",");
    put_long(o, y);
}

/* s[0..n) in double quotes with the escapes of the format. */
static void put_quoted(outbuf *o, const char *s, size_t n)
{
    size_t i;
    put(o, "\"");
    for (i = 0; i < n; i++) {
        if (s[i] == '"')
            put(o, "\\\"");
        else if (s[i] == '\\')
            put(o, "\\\\");
        else if (s[i] == '\n')
            put(o, "\\n");
        else if (s[i] == '\t')
            put(o, "\\t");
        else
            put_n(o, s + i, 1);
    }
    put(o, "\"");
}

/* An id bare when it can be read back bare, else quoted. */
static void put_id(outbuf *o, const char *s, size_t n)
{
    size_t i;
    bool bare = n > 0;
    for (i = 0; i < n && bare; i++)
        if (rf_scn_is_blank(s[i]) || s[i] == '"' || s[i] == '\\' || s[i] == '#' || s[i] == '\n')
            bare = false;
    if (bare)
        put_n(o, s, n);
    else
        put_quoted(o, s, n);
}

/* ---- tokens ---- */



void rf_scn_skip(lexer *lx)
{
    while (lx->s[lx->pos] && rf_scn_is_blank(lx->s[lx->pos]))
        lx->pos++;
}

bool rf_scn_at_end(lexer *lx)
{
    rf_scn_skip(lx);
    return lx->s[lx->pos] == '\0';
}

bool rf_scn_fail(lexer *lx, size_t at, const char *why)
{
    lx->err = at;
    lx->why = why;
    return false;
}

/* Reads the next token; false at the end of the line (why "end") or on an
 * unterminated quote or unknown escape. */
bool rf_scn_next(lexer *lx, token *t)
{
    size_t p;
    rf_scn_skip(lx);
    t->start = lx->pos;
    if (lx->s[lx->pos] == '\0')
        return rf_scn_fail(lx, lx->pos, NULL);
    if (lx->s[lx->pos] != '"') {
        p = lx->pos;
        while (lx->s[p] && !rf_scn_is_blank(lx->s[p]))
            p++;
        t->quoted = false;
        t->text = lx->s + lx->pos;
        t->len = p - lx->pos;
        t->end = lx->pos = p;
        return true;
    }
    t->quoted = true;
    t->text = lx->scratch + lx->used;
    t->len = 0;
    p = lx->pos + 1;
    for (;;) {
        char c = lx->s[p];
        if (c == '\0')
            return rf_scn_fail(lx, lx->pos, "a quote that is never closed");
        if (c == '"')
            break;
        if (c == '\\') {
            char e = lx->s[p + 1];
            if (e == '"' || e == '\\')
                c = e;
            else if (e == 'n')
                c = '\n';
            else if (e == 't')
                c = '\t';
            else
                return rf_scn_fail(lx, p, "an unknown escape (\\\" \\\\ \\n \\t are known)");
            p++;
        }
        lx->scratch[lx->used + t->len++] = c;
        p++;
    }
    lx->used += t->len;
    t->end = lx->pos = p + 1;
    if (lx->s[lx->pos] && !rf_scn_is_blank(lx->s[lx->pos]))
        return rf_scn_fail(lx, lx->pos, "text right after a closing quote");
    return true;
}

/* Parses a decimal integer at s[*p] (optional '-'), saturating at +-LONG_MAX/2
 * so a range check afterwards reports huge values as out of range. */
bool rf_scn_read_long(const char *s, size_t *p, long *out)
{
    size_t i = *p;
    bool neg = false;
    long v = 0;
    if (s[i] == '-') {
        neg = true;
        i++;
    }
    if (s[i] < '0' || s[i] > '9')
        return false;
    while (s[i] >= '0' && s[i] <= '9') {
        if (v < LONG_MAX / 20)
            v = v * 10 + (s[i] - '0');
        i++;
    }
    *out = neg ? -v : v;
    *p = i;
    return true;
}

/* A whole bare token as an integer. */
bool rf_scn_token_long(const token *t, long *out)
{
    size_t p = 0;
    char tmp[32];
    if (t->quoted || t->len == 0 || t->len >= sizeof tmp)
        return false;
    memcpy(tmp, t->text, t->len);
    tmp[t->len] = '\0';
    return rf_scn_read_long(tmp, &p, out) && p == t->len;
}

bool rf_scn_coord_ok(long v) { return v >= RF_SCENARIO_COORD_MIN && v <= RF_SCENARIO_COORD_MAX; }

/* X,Y with optional blanks around the comma. */
static bool read_point(lexer *lx, int *x, int *y)
{
    long vx, vy;
    size_t p;
    rf_scn_skip(lx);
    p = lx->pos;
    if (!rf_scn_read_long(lx->s, &p, &vx))
        return rf_scn_fail(lx, lx->pos, "a position X,Y");
    if (!rf_scn_coord_ok(vx))
        return rf_scn_fail(lx, lx->pos, "a coordinate out of range");
    while (rf_scn_is_blank(lx->s[p]))
        p++;
    if (lx->s[p] != ',')
        return rf_scn_fail(lx, p, "a comma between X and Y");
    p++;
    while (rf_scn_is_blank(lx->s[p]))
        p++;
    {
        size_t ys = p;
        if (!rf_scn_read_long(lx->s, &p, &vy))
            return rf_scn_fail(lx, ys, "a position X,Y");
        if (!rf_scn_coord_ok(vy))
            return rf_scn_fail(lx, ys, "a coordinate out of range");
    }
    if (lx->s[p] && !rf_scn_is_blank(lx->s[p]))
        return rf_scn_fail(lx, p, "text right after a position");
    lx->pos = p;
    *x = (int)vx;
    *y = (int)vy;
    return true;
}

/* An id: any bare word or quoted string that is not empty. */
bool rf_scn_read_id(lexer *lx, token *t, const char *what)
{
    if (!rf_scn_next(lx, t))
        return lx->why ? false : rf_scn_fail(lx, lx->pos, what);
    if (t->len == 0)
        return rf_scn_fail(lx, t->start, "an empty id");
    return true;
}

static bool read_keyword(lexer *lx, const char *kw, const char *what)
{
    token t;
    if (!rf_scn_next(lx, &t))
        return lx->why ? false : rf_scn_fail(lx, lx->pos, what);
    if (t.quoted || !rf_scn_word_is(t.text, t.len, kw))
        return rf_scn_fail(lx, t.start, what);
    return true;
}

static bool read_string(lexer *lx, token *t, const char *what)
{
    if (!rf_scn_next(lx, t))
        return lx->why ? false : rf_scn_fail(lx, lx->pos, what);
    if (!t->quoted)
        return rf_scn_fail(lx, t->start, what);
    return true;
}

/* ---- effects ---- */

/* One KEY=VALUE of a custom effect: the key in the line, the value read. */
typedef struct custom_pair {
    const char *key, *value;
    size_t klen, vlen;
} custom_pair;

static int pair_order(const void *a, const void *b)
{
    const custom_pair *p = a, *q = b;
    int c = memcmp(p->key, q->key, p->klen < q->klen ? p->klen : q->klen);
    return c ? c : (p->klen > q->klen) - (p->klen < q->klen);
}

/* custom "NAME" [KEY=VALUE]...: a designer's own effect (room:emit); the
 * pairs in any order, a value bare or quoted; canonical as sim prints it,
 * keys in byte order and values quoted. */
static bool custom_body(lexer *lx, outbuf *o)
{
    custom_pair pairs[RF_EFFECT_MAX_ATTRS];
    size_t n = 0, i;
    token t;
    if (!read_string(lx, &t, "the effect's name in double quotes"))
        return false;
    put(o, " ");
    put_quoted(o, t.text, t.len);
    while (!rf_scn_at_end(lx)) {
        size_t k0 = lx->pos, p = k0;
        while (lx->s[p] && lx->s[p] != '=' && lx->s[p] != '"' && !rf_scn_is_blank(lx->s[p]))
            p++;
        if (p == k0 || lx->s[p] != '=')
            return rf_scn_fail(lx, k0, "KEY=VALUE (a key, '=', then its value)");
        if (n == RF_EFFECT_MAX_ATTRS)
            return rf_scn_fail(lx, k0, "at most 64 values");
        lx->pos = p + 1;
        if (!lx->s[lx->pos] || rf_scn_is_blank(lx->s[lx->pos]))
            return rf_scn_fail(lx, lx->pos, "the value after '='");
        if (!rf_scn_next(lx, &t))
            return false;
        pairs[n] = (custom_pair){lx->s + k0, t.text, p - k0, t.len};
        for (i = 0; i < n; i++)
            if (pair_order(&pairs[i], &pairs[n]) == 0)
                return rf_scn_fail(lx, k0, "each key once");
        n++;
    }
    qsort(pairs, n, sizeof *pairs, pair_order);
    for (i = 0; i < n; i++) {
        put(o, " ");
        put_id(o, pairs[i].key, pairs[i].klen);
        put(o, "=");
        put_quoted(o, pairs[i].value, pairs[i].vlen);
    }
    return true;
}

/* remove ID */
static bool remove_body(lexer *lx, outbuf *o)
{
    token id;
    if (!rf_scn_read_id(lx, &id, "the id of the removed object"))
        return false;
    put(o, " ");
    put_id(o, id.text, id.len);
    return true;
}

/* create TYPE [ID] at X,Y: the type canonical, the id only when given. */
static bool create_body(lexer *lx, outbuf *o)
{
    token id, t;
    int x, y;
    rf_object_type ty;
    char name[64];
    size_t save;
    if (!rf_scn_next(lx, &t))
        return lx->why ? false : rf_scn_fail(lx, lx->pos, "the type of the created object");
    if (t.quoted || t.len >= sizeof name)
        return rf_scn_fail(lx, t.start, "an object type (monster, loot, clock, ...)");
    memcpy(name, t.text, t.len);
    name[t.len] = '\0';
    if (!rf_object_type_parse(name, &ty))
        return rf_scn_fail(lx, t.start, "an object type (monster, loot, clock, ...)");
    put(o, " ");
    put(o, rf_object_type_name(ty));
    if (!rf_scn_read_id(lx, &id, "an id or 'at X,Y'"))
        return false;
    save = lx->pos;
    if (!id.quoted && rf_scn_word_is(id.text, id.len, "at") && read_point(lx, &x, &y) &&
        rf_scn_at_end(lx)) {
        put(o, " at ");
        put_point(o, x, y);
        return true;
    }
    lx->pos = save;
    lx->why = NULL;
    put(o, " ");
    put_id(o, id.text, id.len);
    if (!read_keyword(lx, "at", "'at X,Y'") || !read_point(lx, &x, &y))
        return false;
    put(o, " at ");
    put_point(o, x, y);
    return true;
}

/* move ID X,Y */
static bool move_body(lexer *lx, outbuf *o)
{
    token id;
    int x, y;
    if (!rf_scn_read_id(lx, &id, "the id of the moved object") || !read_point(lx, &x, &y))
        return false;
    put(o, " ");
    put_id(o, id.text, id.len);
    put(o, " ");
    put_point(o, x, y);
    return true;
}

/* set ID PROPERTY VALUE: the property lower-cased. */
static bool set_body(lexer *lx, outbuf *o)
{
    token id, t;
    long v;
    size_t i;
    if (!rf_scn_read_id(lx, &id, "the id of the object set"))
        return false;
    put(o, " ");
    put_id(o, id.text, id.len);
    if (!rf_scn_next(lx, &t))
        return lx->why ? false : rf_scn_fail(lx, lx->pos, "a property (passable, started, stopped)");
    if (t.quoted)
        return rf_scn_fail(lx, t.start, "a property (passable, started, stopped)");
    put(o, " ");
    for (i = 0; i < t.len; i++) {
        char c = rf_scn_lower(t.text[i]);
        put_n(o, &c, 1);
    }
    if (!rf_scn_next(lx, &t))
        return lx->why ? false : rf_scn_fail(lx, lx->pos, "the value set");
    if (!rf_scn_token_long(&t, &v))
        return rf_scn_fail(lx, t.start, "an integer value");
    put(o, " ");
    put_long(o, v);
    return true;
}

/* spell "NAME" from X,Y to X,Y */
static bool spell_body(lexer *lx, outbuf *o)
{
    token t;
    int x, y, x2, y2;
    if (!read_string(lx, &t, "the spell's name in double quotes"))
        return false;
    put(o, " ");
    put_quoted(o, t.text, t.len);
    if (!read_keyword(lx, "from", "'from X,Y'") || !read_point(lx, &x, &y) ||
        !read_keyword(lx, "to", "'to X,Y'") || !read_point(lx, &x2, &y2))
        return false;
    put(o, " from ");
    put_point(o, x, y);
    put(o, " to ");
    put_point(o, x2, y2);
    return true;
}

/* ticker "TEXT" */
static bool ticker_body(lexer *lx, outbuf *o)
{
    token t;
    if (!read_string(lx, &t, "the ticker text in double quotes"))
        return false;
    put(o, " ");
    put_quoted(o, t.text, t.len);
    return true;
}

/* clock ID stopped */
static bool clock_body(lexer *lx, outbuf *o)
{
    token id;
    if (!rf_scn_read_id(lx, &id, "the clock's id") || !read_keyword(lx, "stopped", "'stopped'"))
        return false;
    put(o, " ");
    put_id(o, id.text, id.len);
    put(o, " stopped");
    return true;
}

/* The effect kinds: each word with the parser of what follows it, which
 * puts the canonical text into o. */
static const struct effect_row {
    const char *word;
    bool (*body)(lexer *lx, outbuf *o);
} effects[] = {
    {"remove", remove_body}, {"create", create_body}, {"move", move_body},
    {"set", set_body},       {"spell", spell_body},   {"ticker", ticker_body},
    {"clock", clock_body},   {"custom", custom_body},
};
#define NEFFECTS (sizeof effects / sizeof effects[0])

/* The effect at lx's position; canonical text into o, kind into *kind. */
bool rf_scn_read_effect(lexer *lx, outbuf *o, const char **kind)
{
    token t;
    size_t k;
    if (!rf_scn_next(lx, &t))
        return lx->why ? false
                       : rf_scn_fail(lx, lx->pos, "an effect (remove, create, move, set, spell, "
                                            "ticker, clock, custom)");
    for (k = 0; k < NEFFECTS; k++)
        if (!t.quoted && rf_scn_word_is(t.text, t.len, effects[k].word))
            break;
    if (k == NEFFECTS)
        return rf_scn_fail(lx, t.start,
                    "an effect (remove, create, move, set, spell, ticker, clock, custom)");
    put(o, effects[k].word);
    if (!effects[k].body(lx, o))
        return false;
    if (!rf_scn_at_end(lx))
        return rf_scn_fail(lx, lx->pos, "the end of the effect");
    *kind = effects[k].word;
    return true;
}

int rf_scenario_effect_parse(const char *text, char *buf, size_t cap, const char **kind,
                             const char **why)
{
    lexer lx;
    outbuf o;
    char *scratch;
    size_t n;
    const char *k = NULL;
    bool ok;
    *why = "no effect";
    if (!text || !buf || cap == 0)
        return 1;
    n = strlen(text);
    scratch = rf_alloc(n + 1);
    if (!scratch) {
        *why = "out of memory";
        return 1;
    }
    memset(&lx, 0, sizeof lx);
    lx.s = text;
    lx.scratch = scratch;
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    o.over = false;
    buf[0] = '\0';
    ok = rf_scn_read_effect(&lx, &o, &k);
    rf_free(scratch);
    if (!ok) {
        *why = lx.why ? lx.why : "an effect";
        return rf_text_col_at(text, lx.err);
    }
    if (o.over) {
        *why = "an effect too long";
        return 1;
    }
    *kind = k;
    return 0;
}
