/* engine/src/scenario.c: parses sim scenarios (DESIGN 5) into rf_scenario.
 *
 * Pipeline: after world; reads a scenario file or buffer, produces the command
 * list `roomforge sim` and the tests play (scenario_run.c).
 * Design: one pass over the lines; each line is copied (bounded by
 * RF_SCENARIO_MAX_LINE) with its comment cut off, then tokenised: bare words
 * end at a blank, quoted tokens take \" \\ \n \t escapes. Command words come
 * from one table. An `expect` effect is parsed by rf_scenario_effect_parse into
 * its canonical text, so expectations compare as strings with what sim prints
 * and a typo is a diagnostic at its column rather than an expect that can
 * never be met. Limits on ticks and hits are checked here, so playing a parsed
 * scenario is bounded by RF_SCENARIO_MAX_TICKS ticks.
 */
#include "roomforge/scenario.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "alloc_int.h"
#include "roomforge/template.h"

struct rf_scenario {
    char *file;
    char *room;
    long ticks;
    size_t n, cap;
    rf_scenario_cmd *cmds;
};

/* ---- small text helpers ---- */

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* 1-based character column of byte offset pos (continuation bytes of UTF-8
 * do not start a character). */
static int col_at(const char *s, size_t pos)
{
    int col = 1;
    size_t i;
    for (i = 0; i < pos; i++)
        col += ((unsigned char)s[i] & 0xC0) != 0x80;
    return col;
}

static bool word_is(const char *s, size_t len, const char *w)
{
    size_t i;
    if (strlen(w) != len)
        return false;
    for (i = 0; i < len; i++)
        if (lower(s[i]) != w[i])
            return false;
    return true;
}

/* True when s[0..len) is well-formed UTF-8 without NUL bytes; *bad gets the
 * offset of the first bad byte otherwise. */
static bool valid_utf8(const char *s, size_t len, size_t *bad)
{
    size_t i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        size_t need, k;
        unsigned long cp;
        if (c == 0) {
            *bad = i;
            return false;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
            cp = c & 0x1F;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            cp = c & 0x0F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            cp = c & 0x07;
        } else {
            *bad = i;
            return false;
        }
        if (i + need >= len) {
            *bad = i;
            return false;
        }
        for (k = 1; k <= need; k++) {
            unsigned char cc = (unsigned char)s[i + k];
            if ((cc & 0xC0) != 0x80) {
                *bad = i;
                return false;
            }
            cp = (cp << 6) | (cc & 0x3F);
        }
        if ((need == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
            (need == 3 && (cp < 0x10000 || cp > 0x10FFFF))) {
            *bad = i;
            return false;
        }
        i += need + 1;
    }
    return true;
}

/* ---- bounded output for canonical text ---- */

typedef struct outbuf {
    char *buf;
    size_t cap, len;
    bool over;
} outbuf;

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
        if (is_blank(s[i]) || s[i] == '"' || s[i] == '\\' || s[i] == '#' || s[i] == '\n')
            bare = false;
    if (bare)
        put_n(o, s, n);
    else
        put_quoted(o, s, n);
}

/* ---- tokens ---- */

/* One token of a NUL-terminated line: a bare word or a quoted string. The
 * unescaped text goes to a caller buffer of at least the line's length. */
typedef struct token {
    size_t start, end; /* byte offsets in the line, end exclusive */
    bool quoted;
    const char *text;  /* unescaped (quoted) or the bare word; not NUL-terminated */
    size_t len;
} token;

typedef struct lexer {
    const char *s;
    size_t pos;
    char *scratch; /* room for unescaped strings, as long as s */
    size_t used;
    const char *why; /* reason of the last failure */
    size_t err;      /* its byte offset */
} lexer;

static void skip(lexer *lx)
{
    while (lx->s[lx->pos] && is_blank(lx->s[lx->pos]))
        lx->pos++;
}

static bool at_end(lexer *lx)
{
    skip(lx);
    return lx->s[lx->pos] == '\0';
}

static bool fail(lexer *lx, size_t at, const char *why)
{
    lx->err = at;
    lx->why = why;
    return false;
}

/* Reads the next token; false at the end of the line (why "end") or on an
 * unterminated quote or unknown escape. */
static bool next(lexer *lx, token *t)
{
    size_t p;
    skip(lx);
    t->start = lx->pos;
    if (lx->s[lx->pos] == '\0')
        return fail(lx, lx->pos, NULL);
    if (lx->s[lx->pos] != '"') {
        p = lx->pos;
        while (lx->s[p] && !is_blank(lx->s[p]))
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
            return fail(lx, lx->pos, "a quote that is never closed");
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
                return fail(lx, p, "an unknown escape (\\\" \\\\ \\n \\t are known)");
            p++;
        }
        lx->scratch[lx->used + t->len++] = c;
        p++;
    }
    lx->used += t->len;
    t->end = lx->pos = p + 1;
    if (lx->s[lx->pos] && !is_blank(lx->s[lx->pos]))
        return fail(lx, lx->pos, "text right after a closing quote");
    return true;
}

/* Parses a decimal integer at s[*p] (optional '-'), saturating at +-LONG_MAX/2
 * so a range check afterwards reports huge values as out of range. */
static bool read_long(const char *s, size_t *p, long *out)
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
static bool token_long(const token *t, long *out)
{
    size_t p = 0;
    char tmp[32];
    if (t->quoted || t->len == 0 || t->len >= sizeof tmp)
        return false;
    memcpy(tmp, t->text, t->len);
    tmp[t->len] = '\0';
    return read_long(tmp, &p, out) && p == t->len;
}

static bool coord_ok(long v) { return v >= RF_SCENARIO_COORD_MIN && v <= RF_SCENARIO_COORD_MAX; }

/* X,Y with optional blanks around the comma. */
static bool read_point(lexer *lx, int *x, int *y)
{
    long vx, vy;
    size_t p;
    skip(lx);
    p = lx->pos;
    if (!read_long(lx->s, &p, &vx))
        return fail(lx, lx->pos, "a position X,Y");
    if (!coord_ok(vx))
        return fail(lx, lx->pos, "a coordinate out of range");
    while (is_blank(lx->s[p]))
        p++;
    if (lx->s[p] != ',')
        return fail(lx, p, "a comma between X and Y");
    p++;
    while (is_blank(lx->s[p]))
        p++;
    {
        size_t ys = p;
        if (!read_long(lx->s, &p, &vy))
            return fail(lx, ys, "a position X,Y");
        if (!coord_ok(vy))
            return fail(lx, ys, "a coordinate out of range");
    }
    if (lx->s[p] && !is_blank(lx->s[p]))
        return fail(lx, p, "text right after a position");
    lx->pos = p;
    *x = (int)vx;
    *y = (int)vy;
    return true;
}

/* An id: any bare word or quoted string that is not empty. */
static bool read_id(lexer *lx, token *t, const char *what)
{
    if (!next(lx, t))
        return lx->why ? false : fail(lx, lx->pos, what);
    if (t->len == 0)
        return fail(lx, t->start, "an empty id");
    return true;
}

static bool read_keyword(lexer *lx, const char *kw, const char *what)
{
    token t;
    if (!next(lx, &t))
        return lx->why ? false : fail(lx, lx->pos, what);
    if (t.quoted || !word_is(t.text, t.len, kw))
        return fail(lx, t.start, what);
    return true;
}

static bool read_string(lexer *lx, token *t, const char *what)
{
    if (!next(lx, t))
        return lx->why ? false : fail(lx, lx->pos, what);
    if (!t->quoted)
        return fail(lx, t->start, what);
    return true;
}

/* ---- effects ---- */

static const char *const effect_kinds[] = {"remove", "create", "move", "set",
                                           "spell",  "ticker", "clock"};

/* Parses the effect after its kind word; o receives the canonical text. */
static bool effect_body(lexer *lx, size_t kind, outbuf *o)
{
    token id, t;
    int x, y, x2, y2;
    long v;
    switch (kind) {
    case 0: /* remove ID */
        if (!read_id(lx, &id, "the id of the removed object"))
            return false;
        put(o, " ");
        put_id(o, id.text, id.len);
        return true;
    case 1: { /* create TYPE [ID] at X,Y */
        rf_object_type ty;
        char name[64];
        size_t save;
        if (!next(lx, &t))
            return lx->why ? false : fail(lx, lx->pos, "the type of the created object");
        if (t.quoted || t.len >= sizeof name)
            return fail(lx, t.start, "an object type (monster, loot, clock, ...)");
        memcpy(name, t.text, t.len);
        name[t.len] = '\0';
        if (!rf_object_type_parse(name, &ty))
            return fail(lx, t.start, "an object type (monster, loot, clock, ...)");
        put(o, " ");
        put(o, rf_object_type_name(ty));
        if (!read_id(lx, &id, "an id or 'at X,Y'"))
            return false;
        save = lx->pos;
        if (!id.quoted && word_is(id.text, id.len, "at") && read_point(lx, &x, &y) &&
            at_end(lx)) {
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
    case 2: /* move ID X,Y */
        if (!read_id(lx, &id, "the id of the moved object") || !read_point(lx, &x, &y))
            return false;
        put(o, " ");
        put_id(o, id.text, id.len);
        put(o, " ");
        put_point(o, x, y);
        return true;
    case 3: { /* set ID PROPERTY VALUE */
        size_t i;
        if (!read_id(lx, &id, "the id of the object set"))
            return false;
        put(o, " ");
        put_id(o, id.text, id.len);
        if (!next(lx, &t))
            return lx->why ? false : fail(lx, lx->pos, "a property (passable, started, stopped)");
        if (t.quoted)
            return fail(lx, t.start, "a property (passable, started, stopped)");
        put(o, " ");
        for (i = 0; i < t.len; i++) {
            char c = lower(t.text[i]);
            put_n(o, &c, 1);
        }
        if (!next(lx, &t))
            return lx->why ? false : fail(lx, lx->pos, "the value set");
        if (!token_long(&t, &v))
            return fail(lx, t.start, "an integer value");
        put(o, " ");
        put_long(o, v);
        return true;
    }
    case 4: /* spell "NAME" from X,Y to X,Y */
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
    case 5: /* ticker "TEXT" */
        if (!read_string(lx, &t, "the ticker text in double quotes"))
            return false;
        put(o, " ");
        put_quoted(o, t.text, t.len);
        return true;
    default: /* clock ID stopped */
        if (!read_id(lx, &id, "the clock's id") ||
            !read_keyword(lx, "stopped", "'stopped'"))
            return false;
        put(o, " ");
        put_id(o, id.text, id.len);
        put(o, " stopped");
        return true;
    }
}

/* The effect at lx's position; canonical text into o, kind into *kind. */
static bool read_effect(lexer *lx, outbuf *o, const char **kind)
{
    token t;
    size_t k;
    if (!next(lx, &t))
        return lx->why ? false
                       : fail(lx, lx->pos, "an effect (remove, create, move, set, spell, "
                                            "ticker, clock)");
    for (k = 0; k < sizeof effect_kinds / sizeof effect_kinds[0]; k++)
        if (!t.quoted && word_is(t.text, t.len, effect_kinds[k]))
            break;
    if (k == sizeof effect_kinds / sizeof effect_kinds[0])
        return fail(lx, t.start,
                    "an effect (remove, create, move, set, spell, ticker, clock)");
    put(o, effect_kinds[k]);
    if (!effect_body(lx, k, o))
        return false;
    if (!at_end(lx))
        return fail(lx, lx->pos, "the end of the effect");
    *kind = effect_kinds[k];
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
    ok = read_effect(&lx, &o, &k);
    rf_free(scratch);
    if (!ok) {
        *why = lx.why ? lx.why : "an effect";
        return col_at(text, lx.err);
    }
    if (o.over) {
        *why = "an effect too long";
        return 1;
    }
    *kind = k;
    return 0;
}

/* ---- commands ---- */

typedef enum args { A_NONE, A_XY, A_ID, A_ID_N, A_N, A_EXPECT, A_NAME } args;

typedef struct op_row {
    const char *word;
    rf_scenario_op op;
    args args;
    bool event; /* seen by the rules only at the next tick */
} op_row;

static const op_row ops[] = {
    {"enter", RF_SCENARIO_ENTER, A_NONE, true},   {"exit", RF_SCENARIO_EXIT, A_NONE, true},
    {"move", RF_SCENARIO_MOVE, A_XY, true},       {"pull", RF_SCENARIO_PULL, A_ID, true},
    {"hit", RF_SCENARIO_HIT, A_ID_N, true},       {"kill", RF_SCENARIO_KILL, A_ID, true},
    {"tick", RF_SCENARIO_TICK, A_N, false},       {"expect", RF_SCENARIO_EXPECT, A_EXPECT, false},
    {"room", RF_SCENARIO_ROOM, A_NAME, false},
};
#define NOPS (sizeof ops / sizeof ops[0])

const char *rf_scenario_op_name(rf_scenario_op op)
{
    size_t i;
    for (i = 0; i < NOPS; i++)
        if (ops[i].op == op)
            return ops[i].word;
    return "?";
}

typedef struct parser {
    rf_diags *d;
    const char *name;
    int lineno;
    char *line;    /* the current line, comment cut, NUL-terminated */
    char *scratch; /* as long as line */
    char *effect;  /* canonical effect text */
    bool failed, nomem, stop;
    bool commands_seen;   /* a command other than room was seen */
    int pending_event;    /* line of the first event after the last tick, or 0 */
    int pending_col;
    rf_scenario *s;
} parser;

static void report(parser *ps, const char *code, size_t at, const char *msg)
{
    if (!rf_diag_add(ps->d, code, ps->name, ps->lineno, col_at(ps->line, at), "%s", msg))
        ps->nomem = true;
    ps->failed = true;
}

static void syntax(parser *ps, lexer *lx, const char *cmd)
{
    char msg[256];
    snprintf(msg, sizeof msg, "%s: expected %s", cmd, lx->why ? lx->why : "more");
    report(ps, "scenario-syntax", lx->err, msg);
}

static char *dup_n(parser *ps, const char *s, size_t n)
{
    char *p = rf_strndup(s, n);
    if (!p)
        ps->nomem = true;
    return p;
}

static rf_scenario_cmd *new_cmd(parser *ps)
{
    rf_scenario *s = ps->s;
    if (!rf_grow((void **)&s->cmds, &s->cap, s->n + 1, sizeof *s->cmds)) {
        ps->nomem = true;
        return NULL;
    }
    memset(&s->cmds[s->n], 0, sizeof s->cmds[0]);
    return &s->cmds[s->n];
}

/* A count token (1 when absent) within 1..max: below 1 or not a number is a
 * syntax error, beyond max a scenario-limit error (reported; false). */
static bool read_count(parser *ps, lexer *lx, const char *cmd, long max, long *out)
{
    token t;
    long v;
    if (at_end(lx)) {
        *out = 1;
        return true;
    }
    if (!next(lx, &t)) {
        syntax(ps, lx, cmd);
        return false;
    }
    if (!token_long(&t, &v) || v < 1) {
        lx->err = t.start;
        lx->why = "a count from 1";
        syntax(ps, lx, cmd);
        return false;
    }
    if (v > max) {
        char msg[160];
        snprintf(msg, sizeof msg, "%s: a count beyond the limit of %ld", cmd, max);
        report(ps, "scenario-limit", t.start, msg);
        return false;
    }
    *out = v;
    return true;
}

static void parse_line(parser *ps)
{
    lexer lx;
    token w, t;
    const op_row *row = NULL;
    rf_scenario_cmd *c;
    size_t i;
    memset(&lx, 0, sizeof lx);
    lx.s = ps->line;
    lx.scratch = ps->scratch;
    if (!next(&lx, &w)) {
        report(ps, "scenario-syntax", lx.err, lx.why ? lx.why : "an empty command");
        return;
    }
    for (i = 0; i < NOPS && !w.quoted; i++)
        if (word_is(w.text, w.len, ops[i].word))
            row = &ops[i];
    if (!row) {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "unknown command '%.*s' (enter, exit, move, pull, hit, kill, tick, expect, room)",
                 (int)(w.len > 40 ? 40 : w.len), w.text);
        report(ps, "scenario-syntax", w.start, msg);
        return;
    }
    if (ps->s->n >= RF_SCENARIO_MAX_COMMANDS) {
        char msg[100];
        snprintf(msg, sizeof msg, "more than %d commands; the rest is not read",
                 RF_SCENARIO_MAX_COMMANDS);
        report(ps, "scenario-limit", w.start, msg);
        ps->stop = true;
        return;
    }
    c = new_cmd(ps);
    if (!c)
        return;
    c->op = row->op;
    c->line = ps->lineno;
    c->col = col_at(ps->line, w.start);
    switch (row->args) {
    case A_NONE:
        break;
    case A_XY: {
        long v[2];
        int k;
        for (k = 0; k < 2; k++) {
            if (!next(&lx, &t)) {
                if (!lx.why)
                    fail(&lx, lx.pos, k ? "Y, an integer" : "X, an integer");
                syntax(ps, &lx, row->word);
                return;
            }
            if (!token_long(&t, &v[k])) {
                fail(&lx, t.start, k ? "Y, an integer" : "X, an integer");
                syntax(ps, &lx, row->word);
                return;
            }
            if (!coord_ok(v[k])) {
                report(ps, "scenario-limit", t.start, "move: a coordinate out of range");
                return;
            }
        }
        c->x = (int)v[0];
        c->y = (int)v[1];
        break;
    }
    case A_ID:
    case A_ID_N:
        if (!read_id(&lx, &t, "an object id")) {
            syntax(ps, &lx, row->word);
            return;
        }
        c->id = dup_n(ps, t.text, t.len);
        if (!c->id)
            return;
        if (row->args == A_ID_N &&
            !read_count(ps, &lx, row->word, RF_SCENARIO_MAX_HITS, &c->count)) {
            rf_free((void *)c->id);
            return;
        }
        break;
    case A_N:
        if (!read_count(ps, &lx, row->word, RF_SCENARIO_MAX_TICKS, &c->count))
            return;
        if (c->count > RF_SCENARIO_MAX_TICKS - ps->s->ticks) {
            char msg[100];
            snprintf(msg, sizeof msg, "tick: the scenario would play more than %ld ticks",
                     RF_SCENARIO_MAX_TICKS);
            report(ps, "scenario-limit", w.start, msg);
            return;
        }
        break;
    case A_EXPECT: {
        long tick;
        size_t p;
        outbuf o;
        const char *kind = NULL;
        if (!next(&lx, &t) || t.quoted || t.len < 2 || lower(t.text[0]) != 't') {
            fail(&lx, lx.why ? lx.err : t.start, "T<tick> (T1, T2, ...)");
            syntax(ps, &lx, "expect");
            return;
        }
        p = t.start + 1;
        if (lx.s[p] == '-' || !read_long(lx.s, &p, &tick) || p != t.end || tick < 1) {
            fail(&lx, t.start, "T<tick> with a tick from 1");
            syntax(ps, &lx, "expect");
            return;
        }
        if (tick > RF_SCENARIO_MAX_TICKS) {
            char msg[100];
            snprintf(msg, sizeof msg, "expect: a tick beyond T%ld", RF_SCENARIO_MAX_TICKS);
            report(ps, "scenario-limit", t.start, msg);
            return;
        }
        o.buf = ps->effect;
        o.cap = RF_SCENARIO_MAX_LINE * 2 + 64;
        o.len = 0;
        o.over = false;
        o.buf[0] = '\0';
        if (!read_effect(&lx, &o, &kind)) {
            syntax(ps, &lx, "expect");
            return;
        }
        c->tick = tick;
        c->effect_kind = kind;
        c->effect = dup_n(ps, o.buf, o.len);
        if (!c->effect)
            return;
        break;
    }
    case A_NAME: {
        size_t start, end;
        skip(&lx);
        start = lx.pos;
        if (ps->commands_seen || ps->s->room) {
            report(ps, "scenario-syntax", w.start,
                   ps->s->room ? "room: a scenario names one room"
                               : "room: must come before every other command");
            return;
        }
        if (ps->line[start] == '"') {
            if (!next(&lx, &t) || !at_end(&lx)) {
                if (!lx.why)
                    fail(&lx, lx.pos, "the end of the line after the quoted name");
                syntax(ps, &lx, "room");
                return;
            }
            c->id = dup_n(ps, t.text, t.len);
        } else {
            end = strlen(ps->line);
            while (end > start && is_blank(ps->line[end - 1]))
                end--;
            if (end == start) {
                fail(&lx, start, "the room's name");
                syntax(ps, &lx, "room");
                return;
            }
            c->id = dup_n(ps, ps->line + start, end - start);
        }
        if (!c->id)
            return;
        ps->s->room = (char *)c->id;
        lx.pos = strlen(ps->line);
        break;
    }
    }
    if (row->args != A_EXPECT && row->args != A_NAME && !at_end(&lx)) {
        char msg[64];
        snprintf(msg, sizeof msg, "unexpected text after '%s'", row->word);
        report(ps, "scenario-syntax", lx.pos, msg);
        rf_free((void *)c->id);
        return;
    }
    /* the command is good: keep it */
    ps->s->n++;
    if (row->op != RF_SCENARIO_ROOM)
        ps->commands_seen = true;
    if (row->op == RF_SCENARIO_TICK) {
        ps->s->ticks += c->count;
        ps->pending_event = 0;
    } else if (row->event && !ps->pending_event) {
        ps->pending_event = c->line;
        ps->pending_col = c->col;
    }
}

/* Copies one raw line into ps->line with its comment cut; false when it is
 * too long or badly encoded (reported). */
static bool take_line(parser *ps, const char *raw, size_t len)
{
    size_t i, bad;
    bool quoted = false;
    if (len > 0 && raw[len - 1] == '\r')
        len--;
    if (len > RF_SCENARIO_MAX_LINE) {
        ps->line[0] = '\0';
        (void)rf_diag_add(ps->d, "scenario-limit", ps->name, ps->lineno, 1,
                          "a line longer than %d bytes", RF_SCENARIO_MAX_LINE);
        ps->failed = true;
        return false;
    }
    if (!valid_utf8(raw, len, &bad)) {
        memcpy(ps->line, raw, bad);
        ps->line[bad] = '\0';
        report(ps, "scenario-syntax", bad,
               raw[bad] ? "the line is not valid UTF-8" : "the line holds a NUL byte");
        return false;
    }
    for (i = 0; i < len; i++) {
        char c = raw[i];
        if (quoted && c == '\\' && i + 1 < len) {
            ps->line[i] = c;
            ps->line[i + 1] = raw[i + 1];
            i++;
            continue;
        }
        if (c == '"')
            quoted = !quoted;
        else if (c == '#' && !quoted)
            break;
        ps->line[i] = c;
    }
    ps->line[i] = '\0';
    return true;
}

void rf_scenario_free(rf_scenario *s)
{
    size_t i;
    if (!s)
        return;
    for (i = 0; i < s->n; i++) {
        rf_free((void *)s->cmds[i].id);
        rf_free((void *)s->cmds[i].effect);
    }
    rf_free(s->cmds);
    rf_free(s->file);
    rf_free(s);
}

rf_status rf_scenario_load_buffer(const char *name, const char *buf, size_t len, rf_diags *d,
                                  rf_scenario **out)
{
    parser ps;
    size_t pos = 0;
    rf_status st = RF_OK;
    if (!d || !out || (!buf && len))
        return RF_ERR_ARG;
    memset(&ps, 0, sizeof ps);
    ps.d = d;
    ps.name = name ? name : "<scenario>";
    if (len > RF_SCENARIO_MAX_BYTES) {
        (void)rf_diag_add(d, "scenario-limit", ps.name, 1, 1,
                          "a scenario of %zu bytes is beyond the %u-byte limit", len,
                          RF_SCENARIO_MAX_BYTES);
        return RF_ERR_CONTENT;
    }
    ps.s = rf_calloc(1, sizeof *ps.s);
    ps.line = rf_alloc(RF_SCENARIO_MAX_LINE + 1);
    ps.scratch = rf_alloc(RF_SCENARIO_MAX_LINE + 1);
    ps.effect = rf_alloc(RF_SCENARIO_MAX_LINE * 2 + 64);
    if (!ps.s || !ps.line || !ps.scratch || !ps.effect)
        goto nomem;
    ps.s->file = rf_strdup(ps.name);
    if (!ps.s->file)
        goto nomem;
    if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
        pos = 3; /* a UTF-8 byte order mark, as some editors write */
    while (pos < len && !ps.stop && !ps.nomem) {
        const char *nl = memchr(buf + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - buf) : len;
        ps.lineno++;
        if (take_line(&ps, buf + pos, end - pos)) {
            size_t k = 0;
            while (ps.line[k] && is_blank(ps.line[k]))
                k++;
            if (ps.line[k])
                parse_line(&ps);
        }
        pos = end + 1;
    }
    if (ps.nomem)
        goto nomem;
    if (ps.pending_event)
        (void)rf_diag_add(d, "scenario-unticked", ps.name, ps.pending_event, ps.pending_col,
                          "events from here on come after the last tick and are never seen "
                          "by the rules (end with 'tick')");
    if (ps.failed) {
        rf_scenario_free(ps.s);
        st = RF_ERR_CONTENT;
    } else {
        *out = ps.s;
    }
    rf_free(ps.line);
    rf_free(ps.scratch);
    rf_free(ps.effect);
    return st;
nomem:
    rf_scenario_free(ps.s);
    rf_free(ps.line);
    rf_free(ps.scratch);
    rf_free(ps.effect);
    return RF_ERR_NOMEM;
}

rf_status rf_scenario_load_file(const char *path, rf_diags *d, rf_scenario **out)
{
    FILE *fp;
    char *buf;
    size_t got, cap;
    struct stat st;
    rf_status s;
    if (!path || !d || !out)
        return RF_ERR_ARG;
    if (stat(path, &st) != 0 || S_ISDIR(st.st_mode) || !(fp = fopen(path, "rb"))) {
        (void)rf_diag_add(d, "io-error", path, 0, 0, "%s",
                          stat(path, &st) == 0 && S_ISDIR(st.st_mode)
                              ? "is a directory, not a scenario file"
                              : "cannot open the scenario");
        return RF_ERR_IO;
    }
    /* A regular file is read at its size; anything else (a pipe) up to one
     * byte past the limit, which tells a too-big input from one at the limit. */
    cap = (size_t)RF_SCENARIO_MAX_BYTES + 1;
    if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size < cap)
        cap = (size_t)st.st_size + 1;
    buf = rf_alloc(cap);
    if (!buf) {
        fclose(fp);
        return RF_ERR_NOMEM;
    }
    got = fread(buf, 1, cap, fp);
    if (ferror(fp)) {
        fclose(fp);
        rf_free(buf);
        (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read the scenario");
        return RF_ERR_IO;
    }
    fclose(fp);
    s = rf_scenario_load_buffer(path, buf, got, d, out);
    rf_free(buf);
    return s;
}

const char *rf_scenario_file(const rf_scenario *s) { return s->file; }
size_t rf_scenario_count(const rf_scenario *s) { return s->n; }
const rf_scenario_cmd *rf_scenario_at(const rf_scenario *s, size_t i)
{
    return i < s->n ? &s->cmds[i] : NULL;
}
const char *rf_scenario_room(const rf_scenario *s) { return s->room; }
long rf_scenario_ticks(const rf_scenario *s) { return s->ticks; }
