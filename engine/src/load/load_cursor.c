/* engine/src/load/load_cursor.c: line:col of elements, attributes and row
 * cells, from the raw bytes of a rooms.xml file.
 *
 * Pipeline: load; synced at every start tag (rf_load_sync_tag). Design:
 * libxml2 gives no columns, so a cursor walks the raw bytes in step with the
 * parser (the n-th element is the n-th start tag): one pass, O(file). A
 * start tag is walked once, a byte class table telling what to stop at; the
 * text between tags goes eight bytes at a time while no line break comes.
 */
#include <stdint.h>
#include <string.h>

#include "core/seam.h"
#include "load_int.h"

/* Whether byte ch starts a character (is no UTF-8 continuation byte). */
static inline bool lead(unsigned char ch) { return (ch & 0xC0) != 0x80; }

#define ONES 0x0101010101010101u
#define HIGHS 0x8080808080808080u
#define LOWS 0x7F7F7F7F7F7F7F7Fu

/* The high bit of each byte of w that is '\n', exactly (no borrow runs
 * from one byte into the next). */
static inline uint64_t newlines_in(uint64_t w)
{
    uint64_t x = w ^ (ONES * '\n');
    return ~(((x & LOWS) + LOWS) | x) & HIGHS;
}

/* How many bytes of w start a character: a continuation byte is 10xxxxxx.
 * The high bits are summed by a multiply (no popcount instruction is assumed). */
static inline int leads_in(uint64_t w)
{
    uint64_t cont = w & ~(w << 1) & HIGHS;
    return 8 - (int)(((cont >> 7) * ONES) >> 56);
}

/* Moves c over the byte at c->pos. */
static inline void step(const char *b, rf_cursor *c)
{
    unsigned char ch = (unsigned char)b[c->pos++];
    if (ch == '\n') {
        c->line++;
        c->col = 1;
    } else {
        c->col += lead(ch);
    }
}

/* What the walk of a start tag looks for in a byte: the bits of byte_class. */
enum {
    B_SPACE = 1,  /* XML white space */
    B_EQ = 2,     /* '=' */
    B_END = 4,    /* '>' or '/' */
    B_QUOTE = 8,  /* '"' or '\'' */
    B_NL = 16,    /* '\n': the line grows */
    B_CONT = 32,  /* a UTF-8 continuation byte: no column */
    B_ODD = 64,   /* '&', '\t' or '\r': what a value rarely holds */
};

/* clang-format off */
static const unsigned char byte_class[256] = {
    ['\t'] = B_SPACE | B_ODD, ['\n'] = B_SPACE | B_NL, ['\r'] = B_SPACE | B_ODD, [' '] = B_SPACE,
    ['='] = B_EQ, ['>'] = B_END, ['/'] = B_END, ['"'] = B_QUOTE, ['\''] = B_QUOTE, ['&'] = B_ODD,
    [0x80 ... 0xBF] = B_CONT, /* UTF-8 continuation bytes (a GNU C range, as gcc and clang take) */
};
/* clang-format on */

/* The first offset from q on whose byte's class has a bit of halt, or n:
 * four bytes a turn while they last, one bound check for the four. */
static inline size_t skip_to(const unsigned char *u, size_t q, size_t n, unsigned halt)
{
    for (; n - q >= 4; q += 4) {
        if (byte_class[u[q]] & halt)
            return q;
        if (byte_class[u[q + 1]] & halt)
            return q + 1;
        if (byte_class[u[q + 2]] & halt)
            return q + 2;
        if (byte_class[u[q + 3]] & halt)
            return q + 3;
    }
    while (q < n && !(byte_class[u[q]] & halt))
        q++;
    return q;
}

/* Moves c to the first byte from c->pos on whose class has a bit of stop,
 * or to n; a byte of plain ASCII costs one table look-up. */
static inline void walk_to(const char *b, size_t n, rf_cursor *c, unsigned stop)
{
    size_t p = c->pos;
    unsigned halt = stop | B_NL | B_CONT;
    for (;;) {
        size_t q = skip_to((const unsigned char *)b, p, n, halt);
        unsigned k;
        c->col += (int)(q - p);
        p = q;
        if (p >= n || ((k = byte_class[(unsigned char)b[p]]) & stop))
            break;
        if (k & B_NL) {
            c->line++;
            c->col = 1;
        }
        p++;
    }
    c->pos = p;
}

/* Moves c forward to offset to: eight bytes at a time while no line break
 * comes, the rest through walk_to. */
static inline void advance(const char *b, rf_cursor *c, size_t to)
{
    while (c->pos < to && to - c->pos >= 8) {
        uint64_t w;
        memcpy(&w, b + c->pos, 8);
        if (newlines_in(w)) { /* to just past the first line break */
            walk_to(b, to, c, B_NL);
            step(b, c);
        } else {
            c->col += leads_in(w);
            c->pos += 8;
        }
    }
    walk_to(b, to, c, 0);
}

void rf_load_advance(const char *b, rf_cursor *c, size_t to)
{
    rf_cursor k = *c;
    advance(b, &k, to);
    *c = k;
}

size_t rf_load_find(const char *b, size_t from, size_t n, const char *pat)
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

bool rf_load_starts(const char *b, size_t p, size_t n, const char *pat)
{
    size_t m = strlen(pat);
    return p + m <= n && memcmp(b + p, pat, m) == 0;
}

bool rf_load_is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool rf_load_root(const char *b, size_t len, size_t *at)
{
    size_t p = 0;
    while ((p = rf_load_find(b, p, len, "<")) < len) {
        if (rf_load_starts(b, p, len, "<?"))
            p = rf_load_find(b, p, len, "?>");
        else if (rf_load_starts(b, p, len, "<!--"))
            p = rf_load_find(b, p, len, "-->");
        else if (rf_load_starts(b, p, len, "<!"))
            p = rf_load_find(b, p, len, ">");
        else {
            *at = p;
            return true;
        }
    }
    return false;
}

/* Offset of the next start tag's '<' from p on, past comments, CDATA,
 * instructions and end tags; n when there is none. */
static size_t next_start_tag(const char *b, size_t p, size_t n)
{
    for (;;) {
        const char *q = p < n ? memchr(b + p, '<', n - p) : NULL;
        if (!q)
            return n;
        p = (size_t)(q - b);
        if (p + 1 >= n)
            return p;
        switch (b[p + 1]) { /* what follows the '<' tells what it opens */
        case '!':
            if (rf_load_starts(b, p, n, "<!--"))
                p = rf_load_find(b, p + 4, n, "-->") + 3;
            else if (rf_load_starts(b, p, n, "<![CDATA["))
                p = rf_load_find(b, p + 9, n, "]]>") + 3;
            else
                p += 2;
            break;
        case '?': p = rf_load_find(b, p + 2, n, "?>") + 2; break;
        case '/': p += 2; break; /* an end tag */
        default: return p;       /* a start tag */
        }
        if (p > n)
            p = n;
    }
}

/* Skips the blanks at c. */
static void skip_space(const char *b, size_t n, rf_cursor *c)
{
    while (c->pos < n && rf_load_is_space(b[c->pos]))
        step(b, c);
}

/* Walks an attribute value from c, just past its opening quote, to its
 * closing quote or n; *plain when it holds no reference or line break,
 * *tab when it holds a tab. */
static void walk_value(const char *b, size_t n, rf_cursor *c, char quote, bool *plain, bool *tab)
{
    *plain = true;
    *tab = false;
    for (walk_to(b, n, c, B_QUOTE | B_ODD | B_NL); c->pos < n && b[c->pos] != quote;) {
        if (b[c->pos] == '\t')
            *tab = true;
        else if (b[c->pos] != '"' && b[c->pos] != '\'') /* '&', '\r' or '\n' */
            *plain = false;
        step(b, c);
        walk_to(b, n, c, B_QUOTE | B_ODD | B_NL);
    }
}

/* Walks the next attribute of a start tag from c and records it in
 * ld->raw; false, with the tag's end in *end, when the tag ends there or
 * cannot be walked further. */
static bool walk_attr(rf_loader *ld, rf_cursor *c, size_t *end)
{
    const char *b = ld->buf;
    size_t n = ld->len, name_len;
    rf_cursor name, value;
    char quote;
    bool plain, tab;
    skip_space(b, n, c);
    if (c->pos >= n) {
        *end = n;
        return false;
    }
    if (b[c->pos] == '>' || b[c->pos] == '/') {
        *end = b[c->pos] == '>' ? c->pos + 1 : c->pos + 2;
        return false;
    }
    name = *c;
    walk_to(b, n, c, B_SPACE | B_EQ | B_END);
    name_len = c->pos - name.pos;
    skip_space(b, n, c);
    if (c->pos >= n || b[c->pos] != '=') {
        *end = c->pos;
        return false;
    }
    step(b, c);
    skip_space(b, n, c);
    if (c->pos >= n || (b[c->pos] != '"' && b[c->pos] != '\'')) {
        *end = c->pos;
        return false;
    }
    quote = b[c->pos];
    step(b, c);
    value = *c;
    walk_value(b, n, c, quote, &plain, &tab);
    if (c->pos >= n) { /* no closing quote */
        *end = n;
        return false;
    }
    if (ld->nraw < RF_LOAD_MAX_ATTRS) {
        rf_raw_attr *r = &ld->raw[ld->nraw++];
        r->name = b + name.pos;
        r->nlen = name_len; /* the name walk stopped at a blank or '=' */
        r->line = name.line;
        r->col = name.col;
        r->vpos = value.pos;
        r->vline = value.line;
        r->vcol = value.col;
        r->plain = plain;
        r->tab = tab;
    }
    step(b, c);
    return true;
}

/* Moves to the next start tag and records the element's position, its raw
 * attributes and the end of the tag. libxml2 has checked the tag, which is
 * walked once, a byte at a time, its line:col kept on the way. */
void rf_load_sync_tag(rf_loader *ld)
{
    const char *b = ld->buf;
    size_t n = ld->len, end;
    rf_cursor c;
    c = ld->cur;
    advance(b, &c, next_start_tag(b, c.pos, n));
    ld->cur = c;
    ld->el_line = c.line;
    ld->el_col = c.col;
    ld->nraw = 0;
    if (c.pos >= n) {
        ld->el_end = n;
        return;
    }
    step(b, &c); /* the '<', then the tag's name */
    walk_to(b, n, &c, B_SPACE | B_END);
    while (walk_attr(ld, &c, &end))
        ;
    ld->el_end = end < n ? end : n;
    advance(b, &c, ld->el_end);
    ld->cur = c;
}

/* Steps over one decoded character of an attribute value at *p, moving
 * *line and *col as the raw cursor does: a reference (&amp; &#46;) is one
 * decoded character but as many columns as it is written wide, "\r\n" and
 * "\n" are line breaks, a UTF-8 sequence is one column. */
static void value_step(const rf_loader *ld, size_t *p, int *line, int *col)
{
    const char *b = ld->buf;
    size_t q = *p, n = ld->len;
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
        while (q < n && !lead((unsigned char)b[q]))
            q++;
        (*col)++;
    }
    *p = q;
}

bool rf_load_value_tab(const rf_loader *ld, size_t vpos, int vline, int vcol, int *line, int *col)
{
    size_t p = vpos;
    int l = vline, c = vcol;
    char quote;
    if (vpos == 0 || vpos > ld->len)
        return false;
    quote = ld->buf[vpos - 1];
    while (p < ld->len && ld->buf[p] != quote) {
        if (ld->buf[p] == '\t') {
            *line = l;
            *col = c;
            return true;
        }
        value_step(ld, &p, &l, &c);
    }
    return false;
}

/* Fills pos with the (line, col) pairs of the first n decoded characters of
 * the attribute value at vpos. */
void rf_load_value_cells(const rf_loader *ld, size_t vpos, int vline, int vcol, size_t n, int *pos)
{
    size_t p = vpos, k;
    int line = vline, col = vcol;
    for (k = 0; k < n; k++) {
        pos[2 * k] = line;
        pos[2 * k + 1] = col;
        if (p < ld->len)
            value_step(ld, &p, &line, &col);
    }
}
