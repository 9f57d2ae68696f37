/* engine/src/load/load_cursor.c: line:col of elements, attributes and row
 * cells, from the raw bytes of a rooms.xml file.
 *
 * Pipeline: load; synced at every start tag (rf_load_sync_tag). Design:
 * libxml2 gives no columns, so a cursor walks the raw bytes in step with the
 * parser (the n-th element is the n-th start tag): one pass, O(file).
 */
#include <stdint.h>
#include <string.h>

#include "core/text.h"
#include "load_int.h"

/* Whether byte ch starts a character (is no UTF-8 continuation byte). */
static inline bool lead(unsigned char ch) { return (ch & 0xC0) != 0x80; }

/* Characters (UTF-8 lead bytes) in b[p, end), eight bytes at a time: a
 * continuation byte is 10xxxxxx. */
static size_t chars_in(const char *b, size_t p, size_t end)
{
    const uint64_t highs = 0x8080808080808080u;
    size_t n = end - p;
    for (; end - p >= 8; p += 8) {
        uint64_t w;
        memcpy(&w, b + p, 8);
        n -= (size_t)__builtin_popcountll(w & ~(w << 1) & highs);
    }
    for (; p < end; p++)
        n -= !lead((unsigned char)b[p]);
    return n;
}

void rf_load_advance(const char *b, rf_cursor *c, size_t to)
{
    size_t p = c->pos;
    int line = c->line, col = c->col;
    if (to - p < 16) { /* the gaps between a tag's parts: a plain walk */
        for (; p < to; p++) {
            unsigned char ch = (unsigned char)b[p];
            if (ch == '\n') {
                line++;
                col = 1;
            } else {
                col += lead(ch);
            }
        }
    }
    while (p < to) {
        const char *nl = memchr(b + p, '\n', to - p);
        size_t end = nl ? (size_t)(nl - b) : to;
        col += (int)chars_in(b, p, end);
        p = end;
        if (nl) {
            line++;
            col = 1;
            p++;
        }
    }
    c->pos = p;
    c->line = line;
    c->col = col;
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

/* Moves to the next start tag and records the element's position, its raw
 * attributes and the end of the tag. libxml2 has checked the tag. */
void rf_load_sync_tag(rf_loader *ld)
{
    const char *b = ld->buf;
    size_t n = ld->len, p = ld->cur.pos;
    for (;;) {
        const char *q = p < n ? memchr(b + p, '<', n - p) : NULL;
        if (!q) {
            p = n;
            break;
        }
        p = (size_t)(q - b);
        if (p + 1 < n && b[p + 1] != '!' && b[p + 1] != '?' && b[p + 1] != '/')
            break; /* a start tag */
        if (rf_load_starts(b, p, n, "<!--"))
            p = rf_load_find(b, p + 4, n, "-->") + 3;
        else if (rf_load_starts(b, p, n, "<![CDATA["))
            p = rf_load_find(b, p + 9, n, "]]>") + 3;
        else if (rf_load_starts(b, p, n, "<?"))
            p = rf_load_find(b, p + 2, n, "?>") + 2;
        else if (rf_load_starts(b, p, n, "</") || rf_load_starts(b, p, n, "<!"))
            p += 2;
        else
            break;
        if (p > n)
            p = n;
    }
    rf_load_advance(b, &ld->cur, p);
    ld->el_line = ld->cur.line;
    ld->el_col = ld->cur.col;
    ld->nraw = 0;
    if (p >= n) {
        ld->el_end = n;
        return;
    }
    p++;
    while (p < n && !rf_load_is_space(b[p]) && b[p] != '>' && b[p] != '/')
        p++;
    for (;;) {
        size_t ns, vp;
        const char *qq;
        while (p < n && rf_load_is_space(b[p]))
            p++;
        if (p >= n) {
            ld->el_end = n;
            break;
        }
        if (b[p] == '>' || b[p] == '/') {
            ld->el_end = b[p] == '>' ? p + 1 : p + 2;
            break;
        }
        ns = p;
        while (p < n && !rf_load_is_space(b[p]) && b[p] != '=' && b[p] != '>' && b[p] != '/')
            p++;
        while (p < n && rf_load_is_space(b[p]))
            p++;
        if (p >= n || b[p] != '=') {
            ld->el_end = p;
            break;
        }
        p++;
        while (p < n && rf_load_is_space(b[p]))
            p++;
        if (p >= n || (b[p] != '"' && b[p] != '\'')) {
            ld->el_end = p;
            break;
        }
        vp = p + 1;
        qq = memchr(b + vp, b[p], n - vp);
        if (!qq) {
            ld->el_end = n;
            break;
        }
        if (ld->nraw < RF_LOAD_MAX_ATTRS) {
            rf_raw_attr *r = &ld->raw[ld->nraw++];
            r->name = b + ns;
            r->nlen = 0;
            while (ns + r->nlen < n && !rf_load_is_space(b[ns + r->nlen]) && b[ns + r->nlen] != '=')
                r->nlen++;
            rf_load_advance(b, &ld->cur, ns);
            r->line = ld->cur.line;
            r->col = ld->cur.col;
            rf_load_advance(b, &ld->cur, vp);
            r->vpos = vp;
            r->vline = ld->cur.line;
            r->vcol = ld->cur.col;
        }
        p = (size_t)(qq - b) + 1;
    }
    if (ld->el_end > n)
        ld->el_end = n;
    rf_load_advance(b, &ld->cur, ld->el_end);
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

/* Whether the raw attribute value at vpos (its quote is the byte before)
 * holds no reference and no line break, so that decoded character k stands
 * at the value's column + k. */
bool rf_load_value_plain(const rf_loader *ld, size_t vpos)
{
    const char *b = ld->buf;
    size_t p;
    char quote;
    if (vpos == 0 || vpos > ld->len)
        return true;
    quote = b[vpos - 1];
    for (p = vpos; p < ld->len && b[p] != quote; p++)
        if (b[p] == '&' || b[p] == '\n' || b[p] == '\r')
            return false;
    return true;
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
