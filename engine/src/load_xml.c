/* engine/src/load_xml.c: the rooms.xml loader (libxml2 streaming reader).
 *
 * Pipeline: load; reads a rooms.xml file, buffer or directory, produces
 * rf_templates in an rf_template_set; calls rf_template_check on each room.
 * Design: the raw bytes are pre-scanned first (UTF-8, NUL bytes, any
 * <!DOCTYPE, which kills XXE, entity bombs and remote DTDs at the root), then
 * xmlTextReader streams them (NONET | BIG_LINES, never NOENT/DTDLOAD/HUGE).
 * libxml2 gives no columns for attributes, so a cursor walks the same raw
 * bytes in step with the reader (the n-th element node is the n-th start tag,
 * since no entities or DTD exist) and gives line:col of every element,
 * attribute and row cell in one forward pass: O(file) overall. A room's
 * strings go to the set's arena as they come; its arrays are collected in
 * scratch vectors reused across rooms and copied once at </room>; a skipped
 * room is undone by rewinding the arena. A file is mapped read-only and the
 * pages well behind the cursor are dropped, so peak memory is the templates
 * plus a few MB (under 3x a 50 MB file, see tools/bench/bench_load.c).
 * Seeds: dredmor-room-system.txt 1.1 (map, doors, anchors), 1.2 (flags),
 * 2 (objects), 3-4 (script clauses, kept as attributes).
 */
#define _DEFAULT_SOURCE 1 /* madvise */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/xmlreader.h>

#include "alloc_int.h"
#include "check_int.h"
#include "grammar_int.h"
#include "template_int.h"

#define MAX_DEPTH 64               /* Dredmor nests 4 deep */
#define MAX_ATTRS 64               /* attributes on one element */
#define MAX_FILE ((size_t)1 << 30) /* bytes; below libxml2's int length */
#define KEY_CAP 64
#define DROP_STEP ((size_t)2 << 20) /* bytes between page drops */
#define IGNORED (-1)                /* stack mark: a subtree being skipped */

typedef struct cursor {
    size_t pos;
    int line, col; /* of the byte at pos */
} cursor;

typedef struct raw_attr {
    const char *name;
    size_t nlen, vpos;
    int line, col, vline, vcol;
} raw_attr;

typedef struct sattr {
    char key[KEY_CAP];
    const char *spec_key; /* the grammar's copy of key, or NULL */
    size_t name_off, value_off;
    int line, col;
    size_t vpos;
    int vline, vcol;
} sattr;

typedef struct row_rec {
    char *text;
    size_t len;
    size_t vpos;
    int vline, vcol, line, col;
} row_rec;

typedef struct loader {
    rf_template_set *set;
    rf_diags *d;
    const char *file;  /* the name diagnostics carry */
    const char *afile; /* its copy in the arena */
    const char *buf;
    size_t len;
    bool mapped;    /* buf is a read-only file mapping */
    size_t dropped; /* bytes of it given back to the kernel */
    cursor cur;
    xmlTextReaderPtr rd;
    bool nomem, fatal, xml_reported;
    int syntax_line;      /* line of the fatal xml-syntax error, 0 if none */
    size_t rooms_seen;    /* <room> start tags met, in document order */
    size_t rooms_ended;   /* ... and their ends */
    /* the recovery pass (see recover): rooms to pass over, diagnostics the
     * first pass already gave */
    bool recovering;
    size_t skip_rooms, diags0;
    size_t file_errors, room_errors;
    /* the current element */
    int el_line, el_col;
    size_t el_end;
    raw_attr raw[MAX_ATTRS];
    size_t nraw;
    sattr sa[MAX_ATTRS];
    rf_attr attrs[MAX_ATTRS];
    size_t nattrs;
    char *sbuf;
    size_t slen, scap;
    int stack[MAX_DEPTH + 1];
    /* the current room */
    bool in_room;
    rf_arena_mark mark;
    rf_template t;
    int width, height; /* declared, -1 when absent */
    int wline, wcol, hline, hcol;
    bool have_flags, rows_full;
    row_rec *rows;
    size_t nrows, rows_cap;
    rf_object *objs;
    size_t nobjs, objs_cap;
    rf_script *scripts;
    size_t nscripts, scripts_cap;
    /* the current script */
    bool in_script, want_code;
    rf_script s;
    rf_clause *conds, *acts;
    size_t nconds, conds_cap, nacts, acts_cap;
    char *code;
    size_t code_len, code_cap;
} loader;

static void emit(loader *L, const char *code, int line, int col, const char *fmt, ...)
    RF_PRINTF(5, 6);

/* Errors after which the loader goes on as if the attribute were absent, so
 * that a user who disables the code (lint --disable) gets the room loaded,
 * as with the checks of check_room.c. Every other error leaves no usable
 * room (or file) and skips it, disabled or not. */
static bool recoverable(const char *code)
{
    return strcmp(code, "bad-value") == 0 || strcmp(code, "missing-attribute") == 0 ||
           strcmp(code, "duplicate-attribute") == 0;
}

/* True when the first pass of this file already gave this diagnostic. */
static bool already_said(const loader *L, const char *code, int line, int col)
{
    size_t i, n = L->d ? rf_diags_count(L->d) : 0;
    for (i = L->diags0; i < n; i++) {
        const rf_diag *g = rf_diags_at(L->d, i);
        if (g->line == line && g->col == col && strcmp(g->code, code) == 0 &&
            strcmp(g->file, L->file) == 0)
            return true;
    }
    return false;
}

/* Reports one diagnostic; an enabled error (or one the loader cannot recover
 * from) skips the current room. */
static void emit(loader *L, const char *code, int line, int col, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    const rf_diag_code *c = rf_diag_code_find(code);
    bool on = !L->d || rf_diags_is_enabled(L->d, code);
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (L->recovering && (strncmp(code, "xml-", 4) == 0 || already_said(L, code, line, col)))
        return; /* the first pass reported it (or the cut the recovery made) */
    if (L->d)
        (void)rf_diag_add(L->d, code, L->file, line, col, "%s",
                          msg); /* a lost one is counted by the sink */
    if (c && c->severity == RF_SEV_ERROR && (on || !recoverable(code))) {
        L->room_errors++;
        L->file_errors++;
    }
}

/* ---- the raw cursor ---- */

static void advance(const char *b, cursor *c, size_t to)
{
    size_t p = c->pos;
    int line = c->line, col = c->col;
    for (; p < to; p++) {
        unsigned char ch = (unsigned char)b[p];
        if (ch == '\n') {
            line++;
            col = 1;
        } else if ((ch & 0xC0) != 0x80) {
            col++;
        }
    }
    c->pos = p;
    c->line = line;
    c->col = col;
}

static size_t find(const char *b, size_t from, size_t n, const char *pat)
{
    size_t m = strlen(pat);
    while (from + m <= n) {
        const char *q = memchr(b + from, pat[0], n - from - m + 1);
        if (!q)
            return n;
        from = (size_t)(q - b);
        if (memcmp(b + from, pat, m) == 0)
            return from;
        from++;
    }
    return n;
}

static bool starts(const char *b, size_t p, size_t n, const char *pat)
{
    size_t m = strlen(pat);
    return p + m <= n && memcmp(b + p, pat, m) == 0;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Moves to the next start tag and records the element's position, its raw
 * attributes and the end of the tag. The reader has checked the tag. */
static void sync_tag(loader *L)
{
    const char *b = L->buf;
    size_t n = L->len, p = L->cur.pos;
    for (;;) {
        const char *q = p < n ? memchr(b + p, '<', n - p) : NULL;
        if (!q) {
            p = n;
            break;
        }
        p = (size_t)(q - b);
        if (starts(b, p, n, "<!--"))
            p = find(b, p + 4, n, "-->") + 3;
        else if (starts(b, p, n, "<![CDATA["))
            p = find(b, p + 9, n, "]]>") + 3;
        else if (starts(b, p, n, "<?"))
            p = find(b, p + 2, n, "?>") + 2;
        else if (starts(b, p, n, "</") || starts(b, p, n, "<!"))
            p += 2;
        else
            break;
        if (p > n)
            p = n;
    }
    advance(b, &L->cur, p);
    L->el_line = L->cur.line;
    L->el_col = L->cur.col;
    L->nraw = 0;
    if (p >= n) {
        L->el_end = n;
        return;
    }
    p++;
    while (p < n && !is_space(b[p]) && b[p] != '>' && b[p] != '/')
        p++;
    for (;;) {
        size_t ns, vp;
        const char *qq;
        while (p < n && is_space(b[p]))
            p++;
        if (p >= n) {
            L->el_end = n;
            break;
        }
        if (b[p] == '>' || b[p] == '/') {
            L->el_end = b[p] == '>' ? p + 1 : p + 2;
            break;
        }
        ns = p;
        while (p < n && !is_space(b[p]) && b[p] != '=' && b[p] != '>' && b[p] != '/')
            p++;
        while (p < n && is_space(b[p]))
            p++;
        if (p >= n || b[p] != '=') {
            L->el_end = p;
            break;
        }
        p++;
        while (p < n && is_space(b[p]))
            p++;
        if (p >= n || (b[p] != '"' && b[p] != '\'')) {
            L->el_end = p;
            break;
        }
        vp = p + 1;
        qq = memchr(b + vp, b[p], n - vp);
        if (!qq) {
            L->el_end = n;
            break;
        }
        if (L->nraw < MAX_ATTRS) {
            raw_attr *r = &L->raw[L->nraw++];
            r->name = b + ns;
            r->nlen = 0;
            while (ns + r->nlen < n && !is_space(b[ns + r->nlen]) && b[ns + r->nlen] != '=')
                r->nlen++;
            advance(b, &L->cur, ns);
            r->line = L->cur.line;
            r->col = L->cur.col;
            advance(b, &L->cur, vp);
            r->vpos = vp;
            r->vline = L->cur.line;
            r->vcol = L->cur.col;
        }
        p = (size_t)(qq - b) + 1;
    }
    if (L->el_end > n)
        L->el_end = n;
    advance(b, &L->cur, L->el_end);
}

/* Steps over one decoded character of an attribute value at *p, moving
 * *line and *col as the raw cursor does: a reference (&amp; &#46;) is one
 * decoded character but as many columns as it is written wide, "\r\n" and
 * "\n" are line breaks, a UTF-8 sequence is one column. */
static void value_step(const loader *L, size_t *p, int *line, int *col)
{
    const char *b = L->buf;
    size_t q = *p, n = L->len;
    unsigned char ch = (unsigned char)b[q];
    if (ch == '&') {
        while (q < n && b[q] != ';')
            q++;
        q = q < n ? q + 1 : n;
        *col += (int)(q - *p); /* a reference is ASCII: one column a byte */
    } else if (ch == '\n' || (ch == '\r' && q + 1 < n && b[q + 1] == '\n')) {
        q += ch == '\r' ? 2 : 1;
        (*line)++;
        *col = 1;
    } else {
        q++;
        while (q < n && ((unsigned char)b[q] & 0xC0) == 0x80)
            q++;
        (*col)++;
    }
    *p = q;
}

/* Whether the raw attribute value at vpos (its quote is the byte before)
 * holds no reference and no line break, so that decoded character k stands
 * at the value's column + k. */
static bool value_plain(const loader *L, size_t vpos)
{
    const char *b = L->buf;
    size_t p;
    char quote;
    if (vpos == 0 || vpos > L->len)
        return true;
    quote = b[vpos - 1];
    for (p = vpos; p < L->len && b[p] != quote; p++)
        if (b[p] == '&' || b[p] == '\n' || b[p] == '\r')
            return false;
    return true;
}

/* Fills pos with the (line, col) pairs of the first n decoded characters of
 * the attribute value at vpos. */
static void value_cells(const loader *L, size_t vpos, int vline, int vcol, size_t n, int *pos)
{
    size_t p = vpos, k;
    int line = vline, col = vcol;
    for (k = 0; k < n; k++) {
        pos[2 * k] = line;
        pos[2 * k + 1] = col;
        if (p < L->len)
            value_step(L, &p, &line, &col);
    }
}

/* ---- pre-scan ---- */

/* Length of the valid UTF-8 sequence at p, or 0 when it is invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t len, i;
    unsigned long cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
        cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (len > n)
        return 0;
    for (i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
        return 0;
    return len;
}

/* True when the raw bytes may go to libxml2. */
static bool prescan(loader *L, size_t start)
{
    const unsigned char *b = (const unsigned char *)L->buf;
    size_t n = L->len, p = start;
    cursor c = L->cur;
    while (p < n) {
        size_t k;
        if (b[p] == 0) {
            advance(L->buf, &c, p);
            emit(L, "xml-encoding", c.line, c.col, "NUL byte in the file");
            return false;
        }
        k = utf8_len(b + p, n - p);
        if (k == 0) {
            advance(L->buf, &c, p);
            emit(L, "xml-encoding", c.line, c.col, "invalid UTF-8 byte 0x%02X", b[p]);
            return false;
        }
        p += k;
    }
    for (p = start; p < n;) {
        const char *q = memchr(L->buf + p, '<', n - p);
        if (!q)
            break;
        p = (size_t)(q - L->buf);
        if (starts(L->buf, p, n, "<!--")) {
            p = find(L->buf, p + 4, n, "-->");
        } else if (starts(L->buf, p, n, "<![CDATA[")) {
            p = find(L->buf, p + 9, n, "]]>");
        } else if (starts(L->buf, p, n, "<!DOCTYPE") || starts(L->buf, p, n, "<!ENTITY")) {
            advance(L->buf, &c, p);
            emit(L, "xml-doctype", c.line, c.col,
                 "DOCTYPE and entity declarations are refused (rooms.xml has none)");
            return false;
        } else {
            p++;
        }
    }
    return true;
}

/* ---- attributes ---- */

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

static bool sbuf_put(loader *L, const char *s, size_t *off)
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
static void take_attrs(loader *L, const rf_gelem_spec *spec, const char *tag)
{
    bool limited = false;
    size_t i, seen = 0;
    L->nattrs = 0;
    L->slen = 0;
    while (!L->nomem && xmlTextReaderMoveToNextAttribute(L->rd) == 1) {
        const char *name = (const char *)xmlTextReaderConstName(L->rd);
        const char *value = (const char *)xmlTextReaderConstValue(L->rd);
        sattr *a = &L->sa[L->nattrs];
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
        if (++seen > MAX_ATTRS) {
            if (!limited)
                emit(L, "xml-limit", L->el_line, L->el_col, "more than %d attributes on <%s>",
                     MAX_ATTRS, tag);
            limited = true;
            continue;
        }
        if (!rf_name_key(name, a->key, sizeof a->key)) {
            emit(L, "unknown-attribute", line, col, "<%s> does not take the attribute %.60s", tag,
                 name);
            continue;
        }
        for (j = 0; j < L->nattrs; j++)
            if (strcmp(L->sa[j].key, a->key) == 0)
                dup = true;
        if (dup) {
            emit(L, "duplicate-attribute", line, col, "the attribute %s is given twice on <%s>",
                 name, tag);
            continue;
        }
        a->spec_key = NULL;
        if (!spec->open_attrs) {
            const rf_gattr_spec *as = rf_grammar_attr(spec, a->key);
            a->spec_key = as ? as->key : NULL;
            if (!as) {
                emit(L, "unknown-attribute", line, col, "<%s> does not take the attribute %s", tag,
                     name);
                continue;
            }
            if (!value_ok(as, value)) {
                if (as->kind == RF_VAL_BOOL)
                    emit(L, "bad-value", line, col, "%s=\"%.40s\" is not 0 or 1", name, value);
                else
                    emit(L, "bad-value", line, col,
                         "%s=\"%.40s\" is not an integer from %ld to %ld", name, value, as->min,
                         as->max);
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

static const rf_attr *attr(const loader *L, const char *key)
{
    size_t i;
    for (i = 0; i < L->nattrs; i++)
        if (strcmp(L->attrs[i].key, key) == 0)
            return &L->attrs[i];
    return NULL;
}

static long int_of(const rf_attr *a, long dflt)
{
    long v;
    return a && parse_int(a->value, &v) ? v : dflt;
}

/* Reports each group of spec->required that no attribute satisfies. */
static void check_required(loader *L, const rf_gelem_spec *spec, const char *tag)
{
    const char *p = spec->required;
    while (p && *p) {
        const char *end = strchr(p, ';');
        size_t glen = end ? (size_t)(end - p) : strlen(p);
        bool ok = false;
        const char *q = p;
        while (q < p + glen) {
            char key[KEY_CAP];
            size_t k = 0;
            while (q < p + glen && *q != '|' && k + 1 < sizeof key)
                key[k++] = *q++;
            key[k] = '\0';
            if (attr(L, key))
                ok = true;
            if (q < p + glen)
                q++;
        }
        if (!ok)
            emit(L, "missing-attribute", L->el_line, L->el_col, "<%s> needs the attribute %.*s",
                 tag, (int)glen, p);
        p = end ? end + 1 : NULL;
    }
}

static char *adup(loader *L, const char *s)
{
    char *p = rf_arena_strndup(&L->set->arena, s, strlen(s));
    if (!p)
        L->nomem = true;
    return p;
}

/* Copies the current attributes into the arena. */
static const rf_attr *attrs_to_arena(loader *L)
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
                          : adup(L, L->attrs[i].name);
        if (!out[i].name)
            return NULL;
        /* The key is the name itself when it is written normalised. */
        out[i].key = L->sa[i].spec_key                      ? L->sa[i].spec_key
                     : strcmp(out[i].name, out[i].key) == 0 ? out[i].name
                                                            : adup(L, L->attrs[i].key);
        out[i].value = adup(L, L->attrs[i].value);
        if (L->nomem)
            return NULL;
    }
    return out;
}

/* ---- elements ---- */

static void room_start(loader *L)
{
    const rf_attr *a;
    L->in_room = true;
    L->room_errors = 0;
    L->mark = rf_arena_get_mark(&L->set->arena);
    memset(&L->t, 0, sizeof L->t);
    L->t.file = L->afile;
    L->t.line = L->el_line;
    L->t.col = L->el_col;
    L->t.weight = 100;
    L->t.flags.max_level = RF_LEVEL_ANY;
    L->width = L->height = -1;
    L->have_flags = L->rows_full = false;
    L->nrows = L->nobjs = L->nscripts = 0;
    L->in_script = false;
    if ((a = attr(L, "name")) != NULL)
        L->t.name = adup(L, a->value);
    if ((a = attr(L, "width")) != NULL) {
        L->width = (int)int_of(a, 0);
        L->wline = a->line;
        L->wcol = a->col;
    }
    if ((a = attr(L, "height")) != NULL) {
        L->height = (int)int_of(a, 0);
        L->hline = a->line;
        L->hcol = a->col;
    }
    if (L->width == 0)
        emit(L, "bad-value", L->wline, L->wcol, "width=\"0\": a room is at least 1 wide");
    if (L->height == 0)
        emit(L, "bad-value", L->hline, L->hcol, "height=\"0\": a room is at least 1 high");
    if (L->width > RF_TEMPLATE_MAX_SIDE)
        emit(L, "room-too-big", L->wline, L->wcol, "width=\"%d\" is beyond %d", L->width,
             RF_TEMPLATE_MAX_SIDE);
    if (L->height > RF_TEMPLATE_MAX_SIDE)
        emit(L, "room-too-big", L->hline, L->hcol, "height=\"%d\" is beyond %d", L->height,
             RF_TEMPLATE_MAX_SIDE);
    L->t.flags.special = int_of(attr(L, "special"), 0) == 1;
    L->t.weight = (int)int_of(attr(L, "weight"), 100);
    if ((a = attr(L, "tags")) != NULL)
        L->t.tags = adup(L, a->value);
    L->t.rotate = int_of(attr(L, "rotate"), 0) == 1;
    L->t.mirror = int_of(attr(L, "mirror"), 0) == 1;
}

static void row_start(loader *L)
{
    const rf_attr *a = attr(L, "text");
    const unsigned char *s;
    row_rec *r;
    size_t n = 0, i;
    if (!a || L->rows_full)
        return;
    if (L->nrows >= RF_TEMPLATE_MAX_SIDE) {
        emit(L, "room-too-big", L->el_line, L->el_col, "more than %d rows", RF_TEMPLATE_MAX_SIDE);
        L->rows_full = true;
        return;
    }
    for (s = (const unsigned char *)a->value; *s; s++)
        if ((*s & 0xC0) != 0x80)
            n++;
    if (n > RF_TEMPLATE_MAX_SIDE) {
        emit(L, "room-too-big", a->line, a->col, "a row of %zu cells is beyond %d", n,
             RF_TEMPLATE_MAX_SIDE);
        L->rows_full = true;
        return;
    }
    if (!rf_grow((void **)&L->rows, &L->rows_cap, L->nrows + 1, sizeof *L->rows)) {
        L->nomem = true;
        return;
    }
    r = &L->rows[L->nrows];
    r->text = rf_arena_alloc(&L->set->arena, n + 1);
    if (!r->text) {
        L->nomem = true;
        return;
    }
    /* One cell per character; a non-ASCII one becomes RF_CELL_NON_ASCII. */
    for (i = 0, s = (const unsigned char *)a->value; *s; s++)
        if (*s < 0x80)
            r->text[i++] = (char)*s;
        else if ((*s & 0xC0) != 0x80)
            r->text[i++] = RF_CELL_NON_ASCII;
    r->text[n] = '\0';
    r->len = n;
    r->line = L->el_line;
    r->col = L->el_col;
    {
        size_t k = (size_t)(a - L->attrs);
        r->vpos = L->sa[k].vpos;
        r->vline = L->sa[k].vline;
        r->vcol = L->sa[k].vcol;
    }
    L->nrows++;
}

static void flags_start(loader *L)
{
    static const struct {
        const char *key;
        size_t off;
    } bools[] = {
        {"special", offsetof(rf_flags, special)},
        {"nomonsters", offsetof(rf_flags, no_monsters)},
        {"notraps", offsetof(rf_flags, no_traps)},
        {"notreasure", offsetof(rf_flags, no_treasure)},
        {"noblockers", offsetof(rf_flags, no_blockers)},
        {"shop", offsetof(rf_flags, shop)},
        {"zoo", offsetof(rf_flags, zoo)},
        {"digglegod", offsetof(rf_flags, diggle_god)},
    };
    size_t i;
    const rf_attr *a;
    if (L->have_flags)
        emit(L, "duplicate-flags", L->el_line, L->el_col,
             "a second <flags> in the room; its values win");
    L->have_flags = true;
    L->t.flags.line = L->el_line;
    L->t.flags.col = L->el_col;
    for (i = 0; i < sizeof bools / sizeof bools[0]; i++)
        if ((a = attr(L, bools[i].key)) != NULL)
            *(bool *)((char *)&L->t.flags + bools[i].off) = int_of(a, 0) == 1;
    if ((a = attr(L, "minlevel")) != NULL)
        L->t.flags.min_level = (int)int_of(a, 0);
    if ((a = attr(L, "maxlevel")) != NULL)
        L->t.flags.max_level = (int)int_of(a, RF_LEVEL_ANY);
}

static void object_start(loader *L, const rf_gelem_spec *spec, const char *tag)
{
    rf_object o;
    const rf_attr *at = attr(L, "at"), *x = attr(L, "x"), *y = attr(L, "y"), *a;
    memset(&o, 0, sizeof o);
    o.type = (rf_object_type)spec->obj;
    if (o.type == RF_OBJ_ELEMENT && (a = attr(L, "type")) != NULL &&
        strcasecmp(a->value, "lever") == 0)
        o.type = RF_OBJ_LEVER;
    o.line = L->el_line;
    o.col = L->el_col;
    o.x = o.y = -1;
    o.at = -1;
    o.percent = (int)int_of(attr(L, "percent"), 100);
    check_required(L, spec, tag);
    if (at) {
        o.at = (int)int_of(at, -1);
    } else if (x && y) {
        o.x = (int)int_of(x, -1);
        o.y = (int)int_of(y, -1);
    } else {
        emit(L, "object-position", L->el_line, L->el_col,
             "<%s> has neither at= nor both x= and y=", tag);
    }
    if (L->nobjs >= RF_TEMPLATE_MAX_OBJECTS) {
        emit(L, "xml-limit", L->el_line, L->el_col, "more than %d objects in the room",
             RF_TEMPLATE_MAX_OBJECTS);
        return;
    }
    o.nattrs = L->nattrs;
    o.attrs = attrs_to_arena(L);
    if ((a = attr(L, "id")) != NULL)
        o.id = adup(L, a->value);
    if (L->nomem)
        return;
    if (!rf_grow((void **)&L->objs, &L->objs_cap, L->nobjs + 1, sizeof *L->objs)) {
        L->nomem = true;
        return;
    }
    L->objs[L->nobjs++] = o;
}

static void script_start(loader *L)
{
    const rf_attr *lang = attr(L, "lang"), *src = attr(L, "src");
    cursor c = L->cur;
    memset(&L->s, 0, sizeof L->s);
    L->in_script = true;
    L->want_code = false;
    L->nconds = L->nacts = 0;
    L->code_len = 0;
    L->s.line = L->el_line;
    L->s.col = L->el_col;
    L->s.repeat = (int)int_of(attr(L, "repeat"), 0);
    L->s.lang = RF_SCRIPT_XML;
    if (lang && strcasecmp(lang->value, "lua") == 0) {
        L->s.lang = RF_SCRIPT_LUA;
        L->want_code = !src;
    } else if (lang && strcasecmp(lang->value, "xml") != 0) {
        emit(L, "bad-value", lang->line, lang->col, "lang=\"%.40s\" is not lua or xml",
             lang->value);
    }
    if (src) {
        L->s.lang = RF_SCRIPT_LUA;
        L->s.src = adup(L, src->value);
    }
    /* The code's first character follows the start tag (or a CDATA opener). */
    if (starts(L->buf, c.pos, L->len, "<![CDATA["))
        advance(L->buf, &c, c.pos + 9);
    L->s.code_line = c.line;
    L->s.code_col = c.col;
}

static void clause_start(loader *L, bool cond, const char *tag)
{
    const rf_attr *ty = attr(L, cond ? "conditiontype" : "actiontype");
    rf_clause cl;
    char *lower;
    rf_clause **v = cond ? &L->conds : &L->acts;
    size_t *n = cond ? &L->nconds : &L->nacts, *cap = cond ? &L->conds_cap : &L->acts_cap;
    if (!ty) {
        emit(L, "missing-attribute", L->el_line, L->el_col, "<%s> needs the attribute %s", tag,
             cond ? "condition_type" : "action_type");
        return;
    }
    if (*n >= RF_TEMPLATE_MAX_CLAUSES) {
        emit(L, "xml-limit", L->el_line, L->el_col, "more than %d %ss in one script",
             RF_TEMPLATE_MAX_CLAUSES, tag);
        return;
    }
    memset(&cl, 0, sizeof cl);
    cl.line = L->el_line;
    cl.col = L->el_col;
    cl.nattrs = L->nattrs;
    cl.attrs = attrs_to_arena(L);
    if (L->nomem)
        return;
    /* The type lower-cased; the attribute's own copy when it already is. */
    cl.type = cl.attrs[ty - L->attrs].value;
    if (strpbrk(cl.type, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")) {
        lower = adup(L, cl.type);
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

static const rf_clause *clauses_to_arena(loader *L, const rf_clause *v, size_t n)
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

static void script_end(loader *L)
{
    L->in_script = false;
    if (L->nscripts >= RF_TEMPLATE_MAX_SCRIPTS) {
        emit(L, "xml-limit", L->s.line, L->s.col, "more than %d scripts in the room",
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

static void script_text(loader *L)
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

/* Builds the template from the collected rows, objects and scripts; true
 * when it was added to the set. */
static bool room_build(loader *L)
{
    rf_template *t;
    size_t i, w, h, ndoors = 0;
    char *cells;
    int *lines, *cols;
    int **cell_pos = NULL;
    rf_door *doors;
    rf_object *objs = NULL;
    rf_script *scripts = NULL;
    long prev;

    if (!L->t.name) { /* missing-attribute, reported (unless disabled) at <room> */
        L->file_errors++;
        return false;
    }
    if (L->nrows == 0 || L->rows[0].len == 0) {
        emit(L, "no-rows", L->t.line, L->t.col, "the room \"%.60s\" has no map rows",
             L->t.name ? L->t.name : "");
        return false;
    }
    w = L->rows[0].len;
    h = L->nrows;
    for (i = 1; i < h; i++)
        if (L->rows[i].len != w) {
            emit(L, "ragged-rows", L->rows[i].line, L->rows[i].col,
                 "this row has %zu cells, the first row %zu", L->rows[i].len, w);
            return false;
        }
    if (L->room_errors)
        return false;
    if (L->width > 0 && (size_t)L->width != w && L->width <= RF_TEMPLATE_MAX_SIDE)
        emit(L, "row-width", L->wline, L->wcol, "width=\"%d\" but the rows have %zu cells",
             L->width, w);
    if (L->height > 0 && (size_t)L->height != h && L->height <= RF_TEMPLATE_MAX_SIDE)
        emit(L, "row-height", L->hline, L->hcol, "height=\"%d\" but there are %zu rows", L->height,
             h);
    t = rf_arena_alloc(&L->set->arena, sizeof *t);
    cells = rf_arena_alloc(&L->set->arena, h * (w + 1));
    lines = rf_arena_alloc(&L->set->arena, 2 * h * sizeof *lines); /* lines, then cols */
    if (!t || !cells || !lines)
        goto nomem;
    cols = lines + h;
    *t = L->t;
    t->width = (int)w;
    t->height = (int)h;
    for (i = 0; i < 10; i++)
        t->anchor_x[i] = t->anchor_y[i] = -1;
    for (i = 0; i < h; i++) {
        size_t x;
        memcpy(cells + i * (w + 1), L->rows[i].text, w + 1);
        lines[i] = L->rows[i].vline;
        cols[i] = L->rows[i].vcol;
        if (!value_plain(L, L->rows[i].vpos)) {
            if (!cell_pos) {
                cell_pos = rf_arena_alloc(&L->set->arena, h * sizeof *cell_pos);
                if (!cell_pos)
                    goto nomem;
                memset(cell_pos, 0, h * sizeof *cell_pos);
            }
            cell_pos[i] = rf_arena_alloc(&L->set->arena, 2 * w * sizeof **cell_pos);
            if (!cell_pos[i])
                goto nomem;
            value_cells(L, L->rows[i].vpos, L->rows[i].vline, L->rows[i].vcol, w, cell_pos[i]);
        }
        for (x = 0; x < w; x++) {
            char ch = L->rows[i].text[x];
            if (ch >= '0' && ch <= '9' && t->anchor_x[ch - '0'] < 0) {
                t->anchor_x[ch - '0'] = (int16_t)x; /* < RF_TEMPLATE_MAX_SIDE */
                t->anchor_y[ch - '0'] = (int16_t)i;
            }
            if (ch == 'D' || ch == 'd')
                ndoors++;
        }
    }
    t->cells = cells;
    t->row_lines = lines;
    t->row_cols = cols;
    t->cell_pos = (const int *const *)cell_pos;
    /* Doors: D opens north when nothing is above it, d west when nothing is left.
     */
    doors = ndoors ? rf_arena_alloc(&L->set->arena, ndoors * sizeof *doors) : NULL;
    if (ndoors && !doors)
        goto nomem;
    ndoors = 0;
    for (i = 0; i < h; i++) {
        size_t x;
        for (x = 0; x < w; x++) {
            char ch = cells[i * (w + 1) + x];
            rf_door *dr;
            int k;
            if (ch != 'D' && ch != 'd')
                continue;
            dr = &doors[ndoors++];
            dr->x = (int)x;
            dr->y = (int)i;
            if (ch == 'D') {
                char above = i == 0 ? ' ' : cells[(i - 1) * (w + 1) + x];
                dr->side = above == ' ' ? RF_SIDE_NORTH : RF_SIDE_SOUTH;
                for (k = 0; k < 3; k++) {
                    dr->span_x[k] = (int)x - 1 + k;
                    dr->span_y[k] = (int)i;
                }
            } else {
                char left = x == 0 ? ' ' : cells[i * (w + 1) + x - 1];
                dr->side = left == ' ' ? RF_SIDE_WEST : RF_SIDE_EAST;
                for (k = 0; k < 3; k++) {
                    dr->span_x[k] = (int)x;
                    dr->span_y[k] = (int)i - 1 + k;
                }
            }
            (void)rf_template_cell_pos(t, dr->x, dr->y, &dr->line, &dr->col); /* in the map */
        }
    }
    t->doors = doors;
    t->ndoors = ndoors;
    if (L->nobjs) {
        objs = rf_arena_alloc(&L->set->arena, L->nobjs * sizeof *objs);
        if (!objs)
            goto nomem;
        memcpy(objs, L->objs, L->nobjs * sizeof *objs);
        for (i = 0; i < L->nobjs; i++)
            if (objs[i].at >= 0 && t->anchor_x[objs[i].at] >= 0) {
                objs[i].x = t->anchor_x[objs[i].at];
                objs[i].y = t->anchor_y[objs[i].at];
            }
    }
    t->objects = objs;
    t->nobjects = L->nobjs;
    if (L->nscripts) {
        scripts = rf_arena_alloc(&L->set->arena, L->nscripts * sizeof *scripts);
        if (!scripts)
            goto nomem;
        memcpy(scripts, L->scripts, L->nscripts * sizeof *scripts);
    }
    t->scripts = scripts;
    t->nscripts = L->nscripts;
    if (rf_template_check(t, L->d) > 0) {
        L->file_errors++;
        return false;
    }
    prev = rf_template_set_lookup(L->set, t->name);
    if (prev >= 0 && L->set->items[prev]->file != L->afile)
        emit(L, "duplicate-room", t->line, t->col, "the room \"%.60s\" is also in %.200s:%d",
             t->name, L->set->items[prev]->file, L->set->items[prev]->line);
    if (!rf_template_set_append(L->set, t))
        goto nomem;
    return true;
nomem:
    L->nomem = true;
    return false;
}

static void room_end(loader *L)
{
    L->in_room = false;
    L->rooms_ended++;
    if (L->nomem || L->fatal || !room_build(L))
        rf_arena_rewind(&L->set->arena, L->mark);
}

/* Handles the start tag the reader stands on. */
static void on_start(loader *L, int depth, bool empty)
{
    const char *tag = (const char *)xmlTextReaderConstName(L->rd);
    char key[KEY_CAP];
    const rf_gelem_spec *spec;
    int parent;
    sync_tag(L);
    if (!tag)
        tag = "";
    if (depth >= MAX_DEPTH) {
        emit(L, "xml-limit", L->el_line, L->el_col, "elements nested deeper than %d", MAX_DEPTH);
        L->fatal = true;
        return;
    }
    parent = depth == 0 ? -2 : L->stack[depth - 1];
    L->stack[depth] = IGNORED;
    if (parent == IGNORED)
        return;
    spec = rf_name_key(tag, key, sizeof key) ? rf_grammar_elem(key) : NULL;
    if (depth == 0) {
        if (!spec || spec->kind != RF_EL_ROOMDB) {
            emit(L, "not-roomdb", L->el_line, L->el_col,
                 "the root element is <%.60s>, not <roomdb>", tag);
            L->fatal = true;
            return;
        }
    } else if (!spec || spec->kind == RF_EL_ROOMDB || (int)spec->parent != parent) {
        emit(L, "unknown-element", L->el_line, L->el_col,
             "<%.60s> is not known here; it is ignored", tag);
        return;
    }
    if (spec->kind == RF_EL_ROOM && L->rooms_seen++ < L->skip_rooms)
        return; /* the first pass loaded it: ignored like an unknown subtree */
    L->stack[depth] = (int)spec->kind;
    take_attrs(L, spec, tag);
    if (L->nomem)
        return;
    switch (spec->kind) {
    case RF_EL_ROOMDB: break;
    case RF_EL_ROOM:
        room_start(L);
        check_required(L, spec, tag);
        break;
    case RF_EL_ROW:
        check_required(L, spec, tag);
        row_start(L);
        break;
    case RF_EL_FLAGS: flags_start(L); break;
    case RF_EL_OBJECT: object_start(L, spec, tag); break;
    case RF_EL_SCRIPT: script_start(L); break;
    case RF_EL_CONDITION: clause_start(L, true, tag); break;
    case RF_EL_ACTION: clause_start(L, false, tag); break;
    }
    if (empty) {
        if (spec->kind == RF_EL_SCRIPT)
            script_end(L);
        else if (spec->kind == RF_EL_ROOM)
            room_end(L);
    }
}

static void on_end(loader *L, int depth)
{
    if (depth < 0 || depth >= MAX_DEPTH)
        return;
    if (L->stack[depth] == RF_EL_SCRIPT)
        script_end(L);
    else if (L->stack[depth] == RF_EL_ROOM)
        room_end(L);
}

static void on_xml_error(void *ctx, xmlErrorPtr e)
{
    loader *L = ctx;
    char msg[300];
    size_t n;
    const char *code = "xml-syntax";
    if (!e || e->level == XML_ERR_WARNING || e->level == XML_ERR_NONE)
        return;
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "malformed XML");
    n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        msg[--n] = '\0';
    if (strstr(msg, "depth") || strstr(msg, "Excessive") || strstr(msg, "too large") ||
        strstr(msg, "huge"))
        code = "xml-limit";
    /* The reader still hands over the nodes parsed before the error (it
     * parses ahead), so the loop goes on until it says -1. */
    if (L->xml_reported && e->level == XML_ERR_FATAL)
        return; /* one fatal error per file: libxml2 repeats itself */
    L->xml_reported = true;
    if (e->level == XML_ERR_FATAL && strcmp(code, "xml-syntax") == 0)
        L->syntax_line = e->line > 0 ? e->line : 1;
    emit(L, code, e->line > 0 ? e->line : 1, e->int2 > 0 ? e->int2 : 1, "%s", msg);
}

/* Gives the pages of a file mapping well behind the cursor back to the
 * kernel, so a big file costs little resident memory; they are read again
 * from the file should anything look back (value_cells does, within a room). */
static void drop_pages(loader *L)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t upto = L->cur.pos - DROP_STEP / 2;
    if (page <= 0)
        return;
    upto -= upto % (size_t)page;
    if (upto > L->dropped)
        (void)madvise((void *)(uintptr_t)L->buf, upto, MADV_DONTNEED); /* advice only */
    L->dropped = upto;
}

static void loader_fini(loader *L)
{
    rf_free(L->sbuf);
    rf_free(L->rows);
    rf_free(L->objs);
    rf_free(L->scripts);
    rf_free(L->conds);
    rf_free(L->acts);
    rf_free(L->code);
}

/* ---- recovery after a syntax error ---- */

/* Offset of the first byte of 1-based line `line` (len when past the end). */
static size_t line_offset(const char *b, size_t len, int line)
{
    size_t p = 0;
    while (--line > 0) {
        const char *nl = memchr(b + p, '\n', len - p);
        if (!nl)
            return len;
        p = (size_t)(nl - b) + 1;
    }
    return p;
}

/* Offset just past the last "</room>" (any case, blanks before '>') that
 * ends before `cut`, or 0 when there is none. */
static size_t last_room_end(const char *b, size_t cut)
{
    size_t p = cut;
    while (p-- > 0) {
        size_t q = p + 6;
        if (b[p] != '<' || q > cut || b[p + 1] != '/' || strncasecmp(b + p + 2, "room", 4) != 0)
            continue;
        while (q < cut && is_space(b[q]))
            q++;
        if (q < cut && b[q] == '>')
            return q + 1;
    }
    return 0;
}

/* The root element's name as written: skips the XML declaration,
 * processing instructions and comments before it. False when none. */
static bool root_name(const char *b, size_t len, size_t *at, size_t *n)
{
    size_t p = 0;
    while ((p = find(b, p, len, "<")) < len) {
        if (starts(b, p, len, "<?")) {
            p = find(b, p, len, "?>");
            continue;
        }
        if (starts(b, p, len, "<!--")) {
            p = find(b, p, len, "-->");
            continue;
        }
        if (starts(b, p, len, "<!")) {
            p = find(b, p, len, ">");
            continue;
        }
        *at = ++p;
        while (p < len && !is_space(b[p]) && b[p] != '>' && b[p] != '/')
            p++;
        *n = p - *at;
        return *n > 0;
    }
    return false;
}

static rf_status load_pass(rf_template_set *set, const char *name, const char *buf, size_t len,
                           bool mapped, rf_diags *d, const loader *first);

/* libxml2's reader gives up on the whole chunk it was parsing when it meets
 * a fatal error, so rooms complete before the error can be lost with it.
 * This second pass reads the file again up to the last </room> before the
 * error's line, closed with the root's end tag, passing over the rooms the
 * first pass finished and every diagnostic it already gave. Runs once. */
static rf_status recover(const loader *L1)
{
    size_t cut = line_offset(L1->buf, L1->len, L1->syntax_line), end = last_room_end(L1->buf, cut);
    size_t at, n;
    char *copy;
    rf_status st;
    if (end == 0 || !root_name(L1->buf, end, &at, &n))
        return RF_OK;
    copy = rf_alloc(end + n + 3);
    if (!copy)
        return RF_ERR_NOMEM;
    memcpy(copy, L1->buf, end);
    copy[end] = '<';
    copy[end + 1] = '/';
    memcpy(copy + end + 2, L1->buf + at, n);
    copy[end + 2 + n] = '>';
    st = load_pass(L1->set, L1->file, copy, end + n + 3, false, L1->d, L1);
    rf_free(copy);
    return st;
}

static rf_status load_memory(rf_template_set *set, const char *name, const char *buf, size_t len,
                             bool mapped, rf_diags *d)
{
    return load_pass(set, name, buf, len, mapped, d, NULL);
}

/* One pass over a file's bytes; `first` is the first pass when this is the
 * recovery pass, else NULL. */
static rf_status load_pass(rf_template_set *set, const char *name, const char *buf, size_t len,
                           bool mapped, rf_diags *d, const loader *first)
{
    loader *L = rf_calloc(1, sizeof *L);
    size_t start = 0, errors0 = d ? rf_diags_errors(d) : 0;
    rf_status st = RF_OK;
    int r;
    if (!L)
        return RF_ERR_NOMEM;
    L->set = set;
    L->d = d;
    L->diags0 = first ? first->diags0 : d ? rf_diags_count(d) : 0;
    L->recovering = first != NULL;
    L->skip_rooms = first ? first->rooms_ended : 0;
    L->file = name;
    L->buf = buf;
    L->len = len;
    L->mapped = mapped;
    L->cur.line = L->cur.col = 1;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        start = 3;
    L->cur.pos = start;
    if (len > MAX_FILE) {
        emit(L, "xml-limit", 1, 1, "the file is larger than %zu bytes", MAX_FILE);
        goto done;
    }
    if (len == start) {
        emit(L, "xml-syntax", 1, 1, "the file is empty");
        goto done;
    }
    if (!prescan(L, start))
        goto done;
    L->afile = rf_arena_strndup(&set->arena, name, strlen(name));
    if (!L->afile) {
        L->nomem = true;
        goto done;
    }
    L->rd = xmlReaderForMemory(buf, (int)len, name, "UTF-8", XML_PARSE_NONET | XML_PARSE_BIG_LINES);
    if (!L->rd) {
        L->nomem = true;
        goto done;
    }
    xmlTextReaderSetStructuredErrorHandler(L->rd, on_xml_error, L);
    while (!L->nomem && !L->fatal && (r = xmlTextReaderRead(L->rd)) == 1) {
        int type = xmlTextReaderNodeType(L->rd);
        int depth = xmlTextReaderDepth(L->rd);
        if (type == XML_READER_TYPE_ELEMENT)
            on_start(L, depth, xmlTextReaderIsEmptyElement(L->rd) == 1);
        if (L->mapped && L->cur.pos > L->dropped + DROP_STEP)
            drop_pages(L);
        if (type == XML_READER_TYPE_END_ELEMENT)
            on_end(L, depth);
        else if ((type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA ||
                  type == XML_READER_TYPE_WHITESPACE ||
                  type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE) &&
                 L->in_script && L->want_code && depth > 0 && L->stack[depth - 1] == RF_EL_SCRIPT)
            script_text(L);
    }
    if (!L->nomem && !L->fatal && r < 0 && !L->xml_reported)
        emit(L, "xml-syntax", xmlTextReaderGetParserLineNumber(L->rd), 1, "malformed XML");
    if (L->in_room)
        rf_arena_rewind(&set->arena, L->mark);
    xmlFreeTextReader(L->rd);
    if (!L->recovering && !L->nomem && L->syntax_line > 0 && recover(L) == RF_ERR_NOMEM)
        L->nomem = true;
done:
    if (L->nomem)
        st = RF_ERR_NOMEM;
    else if (L->file_errors || (d && rf_diags_errors(d) > errors0))
        st = RF_ERR_CONTENT;
    loader_fini(L);
    rf_free(L);
    return st;
}

rf_status rf_template_set_load_buffer(rf_template_set *set, const char *name, const char *buf,
                                      size_t len, rf_diags *d)
{
    if (!set || !name || (!buf && len))
        return RF_ERR_ARG;
    return load_memory(set, name, buf ? buf : "", len, false, d);
}

static rf_status io_error(rf_diags *d, const char *path, const char *what)
{
    if (d)
        (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read: %s", what);
    return RF_ERR_IO;
}

rf_status rf_template_set_load_file(rf_template_set *set, const char *path, rf_diags *d)
{
    struct stat sb;
    void *map;
    rf_status st;
    int fd;
    if (!set || !path)
        return RF_ERR_ARG;
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return io_error(d, path, strerror(errno));
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        return io_error(d, path, "not a regular file");
    }
    if ((unsigned long long)sb.st_size > MAX_FILE) {
        close(fd);
        if (d)
            (void)rf_diag_add(d, "xml-limit", path, 1, 1, "the file is larger than %zu bytes",
                              MAX_FILE);
        return RF_ERR_CONTENT;
    }
    if (sb.st_size == 0) {
        close(fd);
        return load_memory(set, path, "", 0, false, d);
    }
    /* A private read-only mapping: pages behind the parser can be dropped. */
    map = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED) {
        int err = errno;
        close(fd);
        return err == ENOMEM ? RF_ERR_NOMEM : io_error(d, path, strerror(err));
    }
    close(fd);
    st = load_memory(set, path, map, (size_t)sb.st_size, true, d);
    munmap(map, (size_t)sb.st_size);
    return st;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static rf_status worse(rf_status a, rf_status b)
{
    static const rf_status order[] = {RF_ERR_NOMEM, RF_ERR_IO, RF_ERR_CONTENT};
    size_t i;
    for (i = 0; i < sizeof order / sizeof order[0]; i++)
        if (a == order[i] || b == order[i])
            return order[i];
    return a != RF_OK ? a : b;
}

rf_status rf_template_set_load_path(rf_template_set *set, const char *path, rf_diags *d)
{
    struct stat sb;
    DIR *dir;
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    rf_status st = RF_OK;
    if (!set || !path)
        return RF_ERR_ARG;
    if (stat(path, &sb) != 0)
        return io_error(d, path, strerror(errno));
    if (!S_ISDIR(sb.st_mode))
        return rf_template_set_load_file(set, path, d);
    dir = opendir(path);
    if (!dir)
        return io_error(d, path, strerror(errno));
    while ((e = readdir(dir)) != NULL) {
        size_t len = strlen(e->d_name);
        char *full;
        if (len < 5 || strcmp(e->d_name + len - 4, ".xml") != 0)
            continue;
        full = rf_alloc(strlen(path) + len + 2);
        if (!full || !rf_grow((void **)&names, &cap, n + 1, sizeof *names)) {
            rf_free(full);
            st = RF_ERR_NOMEM;
            break;
        }
        sprintf(full, "%s/%s", path, e->d_name);
        names[n++] = full;
    }
    closedir(dir);
    if (st == RF_OK) {
        qsort(names, n, sizeof *names, cmp_names);
        for (i = 0; i < n && st != RF_ERR_NOMEM; i++) {
            struct stat fb;
            if (stat(names[i], &fb) != 0 || !S_ISREG(fb.st_mode))
                continue;
            st = worse(st, rf_template_set_load_file(set, names[i], d));
        }
    }
    for (i = 0; i < n; i++)
        rf_free(names[i]);
    rf_free(names);
    return st;
}
