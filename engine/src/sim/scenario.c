/* engine/src/sim/scenario.c: parses sim scenarios (DESIGN 5) into rf_scenario.
 *
 * Pipeline: sim; a file or buffer -> the commands scenario_run.c plays.
 * Design: one pass over the lines; expect effects are parsed to canonical
 * text, so they compare as strings and a typo is a diagnostic at its column.
 */
#include "roomforge/scenario.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/fs.h"
#include "scenario_int.h"
#include "roomforge/template.h"

struct rf_scenario {
    char *file;
    char *room;
    long ticks;
    size_t n, cap;
    rf_scenario_cmd *cmds;
};

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
    if (!rf_diag_add(ps->d, code, ps->name, ps->lineno, rf_text_col_at(ps->line, at), "%s", msg))
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
    if (rf_scn_at_end(lx)) {
        *out = 1;
        return true;
    }
    if (!rf_scn_next(lx, &t)) {
        syntax(ps, lx, cmd);
        return false;
    }
    if (!rf_scn_token_long(&t, &v) || v < 1) {
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

/* move X Y: two coordinates into c. */
static bool read_xy(parser *ps, lexer *lx, const op_row *row, rf_scenario_cmd *c)
{
    token t;
    long v[2];
    int k;
    for (k = 0; k < 2; k++) {
        if (!rf_scn_next(lx, &t)) {
            if (!lx->why)
                rf_scn_fail(lx, lx->pos, k ? "Y, an integer" : "X, an integer");
            syntax(ps, lx, row->word);
            return false;
        }
        if (!rf_scn_token_long(&t, &v[k])) {
            rf_scn_fail(lx, t.start, k ? "Y, an integer" : "X, an integer");
            syntax(ps, lx, row->word);
            return false;
        }
        if (!rf_scn_coord_ok(v[k])) {
            report(ps, "scenario-limit", t.start, "move: a coordinate out of range");
            return false;
        }
    }
    c->x = (int)v[0];
    c->y = (int)v[1];
    return true;
}

/* pull/kill ID, hit ID [N]: the object id, and for hit its count. */
static bool read_id(parser *ps, lexer *lx, const op_row *row, rf_scenario_cmd *c)
{
    token t;
    if (!rf_scn_read_id(lx, &t, "an object id")) {
        syntax(ps, lx, row->word);
        return false;
    }
    c->id = dup_n(ps, t.text, t.len);
    if (!c->id)
        return false;
    if (row->args == A_ID_N && !read_count(ps, lx, row->word, RF_SCENARIO_MAX_HITS, &c->count)) {
        rf_free((void *)c->id);
        return false;
    }
    return true;
}

/* tick [N]: the count, within what the scenario may still play. */
static bool read_ticks(parser *ps, lexer *lx, const token *w, rf_scenario_cmd *c)
{
    if (!read_count(ps, lx, "tick", RF_SCENARIO_MAX_TICKS, &c->count))
        return false;
    if (c->count > RF_SCENARIO_MAX_TICKS - ps->s->ticks) {
        char msg[100];
        snprintf(msg, sizeof msg, "tick: the scenario would play more than %ld ticks",
                 RF_SCENARIO_MAX_TICKS);
        report(ps, "scenario-limit", w->start, msg);
        return false;
    }
    return true;
}

/* expect T<tick> EFFECT: the tick and the effect's canonical text. */
static bool read_expect(parser *ps, lexer *lx, rf_scenario_cmd *c)
{
    token t;
    long tick;
    size_t p;
    outbuf o;
    const char *kind = NULL;
    if (!rf_scn_next(lx, &t) || t.quoted || t.len < 2 || rf_scn_lower(t.text[0]) != 't') {
        rf_scn_fail(lx, lx->why ? lx->err : t.start, "T<tick> (T1, T2, ...)");
        syntax(ps, lx, "expect");
        return false;
    }
    p = t.start + 1;
    if (lx->s[p] == '-' || !rf_scn_read_long(lx->s, &p, &tick) || p != t.end || tick < 1) {
        rf_scn_fail(lx, t.start, "T<tick> with a tick from 1");
        syntax(ps, lx, "expect");
        return false;
    }
    if (tick > RF_SCENARIO_MAX_TICKS) {
        char msg[100];
        snprintf(msg, sizeof msg, "expect: a tick beyond T%ld", RF_SCENARIO_MAX_TICKS);
        report(ps, "scenario-limit", t.start, msg);
        return false;
    }
    o.buf = ps->effect;
    o.cap = RF_SCENARIO_MAX_LINE * 2 + 64;
    o.len = 0;
    o.over = false;
    o.buf[0] = '\0';
    if (!rf_scn_read_effect(lx, &o, &kind)) {
        syntax(ps, lx, "expect");
        return false;
    }
    c->tick = tick;
    c->effect_kind = kind;
    c->effect = dup_n(ps, o.buf, o.len);
    return c->effect != NULL;
}

/* room NAME: the rest of the line, or one quoted name; first and once. */
static bool read_room(parser *ps, lexer *lx, const token *w, rf_scenario_cmd *c)
{
    token t;
    size_t start, end;
    rf_scn_skip(lx);
    start = lx->pos;
    if (ps->commands_seen || ps->s->room) {
        report(ps, "scenario-syntax", w->start,
               ps->s->room ? "room: a scenario names one room"
                           : "room: must come before every other command");
        return false;
    }
    if (ps->line[start] == '"') {
        if (!rf_scn_next(lx, &t) || !rf_scn_at_end(lx)) {
            if (!lx->why)
                rf_scn_fail(lx, lx->pos, "the end of the line after the quoted name");
            syntax(ps, lx, "room");
            return false;
        }
        c->id = dup_n(ps, t.text, t.len);
    } else {
        end = strlen(ps->line);
        while (end > start && rf_scn_is_blank(ps->line[end - 1]))
            end--;
        if (end == start) {
            rf_scn_fail(lx, start, "the room's name");
            syntax(ps, lx, "room");
            return false;
        }
        c->id = dup_n(ps, ps->line + start, end - start);
    }
    if (!c->id)
        return false;
    ps->s->room = (char *)c->id;
    lx->pos = strlen(ps->line);
    return true;
}

/* Reads the arguments of row's command into c; false when reported. */
static bool read_args(parser *ps, lexer *lx, const op_row *row, const token *w, rf_scenario_cmd *c)
{
    switch (row->args) {
    case A_NONE:
        return true;
    case A_XY:
        return read_xy(ps, lx, row, c);
    case A_ID:
    case A_ID_N:
        return read_id(ps, lx, row, c);
    case A_N:
        return read_ticks(ps, lx, w, c);
    case A_EXPECT:
        return read_expect(ps, lx, c);
    case A_NAME:
        return read_room(ps, lx, w, c);
    }
    return false;
}

/* The row of command word w, or NULL (reported). */
static const op_row *find_op(parser *ps, const token *w)
{
    const op_row *row = NULL;
    size_t i;
    for (i = 0; i < NOPS && !w->quoted; i++)
        if (rf_scn_word_is(w->text, w->len, ops[i].word))
            row = &ops[i];
    if (!row) {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "unknown command '%.*s' (enter, exit, move, pull, hit, kill, tick, expect, room)",
                 (int)(w->len > 40 ? 40 : w->len), w->text);
        report(ps, "scenario-syntax", w->start, msg);
    }
    return row;
}

/* Keeps the good command c of row: counts it and tracks ticks and events. */
static void keep_cmd(parser *ps, const op_row *row, const rf_scenario_cmd *c)
{
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

static void parse_line(parser *ps)
{
    lexer lx;
    token w;
    const op_row *row;
    rf_scenario_cmd *c;
    memset(&lx, 0, sizeof lx);
    lx.s = ps->line;
    lx.scratch = ps->scratch;
    if (!rf_scn_next(&lx, &w)) {
        report(ps, "scenario-syntax", lx.err, lx.why ? lx.why : "an empty command");
        return;
    }
    row = find_op(ps, &w);
    if (!row)
        return;
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
    c->col = rf_text_col_at(ps->line, w.start);
    if (!read_args(ps, &lx, row, &w, c))
        return;
    if (row->args != A_EXPECT && row->args != A_NAME && !rf_scn_at_end(&lx)) {
        char msg[64];
        snprintf(msg, sizeof msg, "unexpected text after '%s'", row->word);
        report(ps, "scenario-syntax", lx.pos, msg);
        rf_free((void *)c->id);
        return;
    }
    keep_cmd(ps, row, c);
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
    if (!rf_text_utf8_valid(raw, len, &bad)) {
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

/* Parses buf line by line, a line of blanks skipped, until the end, a
 * stop or a failed allocation. */
static void parse_lines(parser *ps, const char *buf, size_t len)
{
    size_t pos = rf_text_bom_len(buf, len); /* as some editors write */
    while (pos < len && !ps->stop && !ps->nomem) {
        const char *nl = memchr(buf + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - buf) : len;
        ps->lineno++;
        if (take_line(ps, buf + pos, end - pos)) {
            size_t k = 0;
            while (ps->line[k] && rf_scn_is_blank(ps->line[k]))
                k++;
            if (ps->line[k])
                parse_line(ps);
        }
        pos = end + 1;
    }
}

rf_status rf_scenario_load_buffer(const char *name, const char *buf, size_t len, rf_diags *d,
                                  rf_scenario **out)
{
    parser ps;
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
    parse_lines(&ps, buf, len);
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
    char *buf = NULL;
    size_t len = 0;
    rf_status st;
    int why = 0;
    if (!path || !d || !out)
        return RF_ERR_ARG;
    st = rf_fs_read(path, RF_SCENARIO_MAX_BYTES, &buf, &len, &why);
    if (st == RF_ERR_LIMIT) { /* len: the size seen (a pipe: past the limit) */
        (void)rf_diag_add(d, "scenario-limit", path, 1, 1,
                          "a scenario of %zu bytes is beyond the %u-byte limit", len,
                          RF_SCENARIO_MAX_BYTES);
        return RF_ERR_CONTENT;
    }
    if (st == RF_ERR_IO) {
        (void)rf_diag_add(d, "io-error", path, 0, 0, "%s%s",
                          why == EISDIR ? "is a directory, not a scenario file"
                                        : "cannot read the scenario: ",
                          why == EISDIR ? "" : rf_fs_why(why));
        return RF_ERR_IO;
    }
    if (st != RF_OK)
        return st;
    st = rf_scenario_load_buffer(path, buf, len, d, out);
    rf_fs_free(buf);
    return st;
}

const char *rf_scenario_file(const rf_scenario *s) { return s->file; }
size_t rf_scenario_count(const rf_scenario *s) { return s->n; }
const rf_scenario_cmd *rf_scenario_at(const rf_scenario *s, size_t i)
{
    return i < s->n ? &s->cmds[i] : NULL;
}
const char *rf_scenario_room(const rf_scenario *s) { return s->room; }
long rf_scenario_ticks(const rf_scenario *s) { return s->ticks; }
