/* engine/src/load/load_prescan.c: the gate the raw bytes pass before libxml2.
 *
 * Pipeline: load; run by load_xml.c before the parser. Design: UTF-8, NUL
 * bytes and any <!DOCTYPE or <!ENTITY are refused up front (no XXE, no entity
 * bombs, the cursor's start-tag count in step); so is a start tag with more
 * attributes than the loader takes. Both walks go a 64 KiB step at a time.
 * A gate, not a speed-up (issue 30, bench_load under callgrind): 3.3% of the
 * loader's instructions, and SSE2 saved 1% of them, so it went. It stays
 * because libxml2 2.9 parses a tag's attributes quadratically before any
 * callback (100,000: over 100 s of CPU) and a bad byte anywhere refuses the
 * file whole, before any room: no callback can do either.
 */
#include <stdint.h>
#include <string.h>

#include "core/seam.h"
#include "load_int.h"

/* What too_many_attrs stops at in a start tag: a quote, '=', or its end. */
enum { T_QUOTE = 1, T_EQ, T_END };
static const unsigned char tag_stop[256] = {
    ['"'] = T_QUOTE, ['\''] = T_QUOTE, ['='] = T_EQ, ['>'] = T_END, ['<'] = T_END,
};

/* The first offset from p on whose byte tag_stop marks, or n; four bytes a
 * turn while they last. */
static size_t to_stop(const char *b, size_t p, size_t n)
{
    const unsigned char *u = (const unsigned char *)b;
    for (; n - p >= 4; p += 4) {
        if (tag_stop[u[p]])
            return p;
        if (tag_stop[u[p + 1]])
            return p + 1;
        if (tag_stop[u[p + 2]])
            return p + 2;
        if (tag_stop[u[p + 3]])
            return p + 3;
    }
    while (p < n && !tag_stop[u[p]])
        p++;
    return p;
}

/* True when the start tag at p holds more than RF_LOAD_MAX_ATTRS
 * attributes ('=' outside quotes): libxml2 spends seconds on 100,000 of
 * them before the loader could count them. The walk's state is the count
 * and the quote a value is open in (0: none): memchr to a closing quote,
 * to_stop to the next byte of interest. */
static bool too_many_attrs(const char *b, size_t p, size_t n)
{
    int count = 0;
    char quote = 0;
    size_t q = p + 1;
    for (;;) {
        if (quote) { /* to past the closing quote */
            const char *e = q < n ? memchr(b + q, quote, n - q) : NULL;
            if (!e)
                return false;
            q = (size_t)(e - b) + 1;
            quote = 0;
        }
        q = to_stop(b, q, n);
        if (q >= n)
            return false;
        switch (tag_stop[(unsigned char)b[q]]) {
        case T_QUOTE: quote = b[q]; break;
        case T_EQ:
            if (++count > RF_LOAD_MAX_ATTRS)
                return true;
            break;
        default: return false;
        }
        q++;
    }
}

/* Moves *p over UTF-8 with no NUL byte, from *p to at least `to` (a
 * sequence may end past it, up to n); false with *p at the first bad
 * sequence. Runs of ASCII go 32 bytes a test. */
static bool utf8_run(const char *b, size_t *p, size_t to, size_t n)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    size_t q = *p;
    while (q < to) {
        uint64_t w;
        size_t k;
        if (to - q >= 32) { /* four words, one test: fewer turns of the loop */
            uint64_t v[4], any = 0;
            size_t i;
            memcpy(v, b + q, sizeof v);
            for (i = 0; i < 4; i++) /* a high bit, or a NUL (exact once all are ASCII) */
                any |= v[i] | ((v[i] - ones) & ~v[i]);
            if (!(any & highs)) {
                q += 32;
                continue;
            }
        }
        if (to - q >= 8) {
            memcpy(&w, b + q, 8);
            if (!(w & highs) && !((w - ones) & ~w & highs)) { /* ASCII, no NUL */
                q += 8;
                continue;
            }
        }
        k = b[q] == '\0' ? 0 : rf_text_utf8_len(b + q, n - q);
        if (k == 0) {
            *p = q;
            return false;
        }
        q += k;
    }
    *p = q;
    return true;
}

/* What the walk of the tags found first. */
enum { TAG_FINE, TAG_DOCTYPE, TAG_ATTRS };

/* Walks the tags whose '<' is before `to` from *p on (a comment or CDATA
 * section may take *p past it); the first finding, with *p at its '<'. */
static int tags_run(const char *b, size_t *p, size_t to, size_t n)
{
    size_t q = *p;
    while (q < to) {
        const char *lt = memchr(b + q, '<', to - q);
        bool bang;
        if (!lt) {
            q = to;
            break;
        }
        q = (size_t)(lt - b);
        bang = q + 1 < n && b[q + 1] == '!';
        if (bang && rf_load_starts(b, q, n, "<!--")) {
            q = rf_load_find(b, q + 4, n, "-->");
        } else if (bang && rf_load_starts(b, q, n, "<![CDATA[")) {
            q = rf_load_find(b, q + 9, n, "]]>");
        } else if (bang && (rf_load_starts(b, q, n, "<!DOCTYPE") ||
                            rf_load_starts(b, q, n, "<!ENTITY"))) {
            *p = q;
            return TAG_DOCTYPE;
        } else if (q + 1 < n && b[q + 1] != '/' && b[q + 1] != '?' && too_many_attrs(b, q, n)) {
            *p = q;
            return TAG_ATTRS;
        } else {
            q++;
        }
    }
    *p = q;
    return TAG_FINE;
}

/* Bytes each step of the prescan takes: both walks go over them while
 * they are in the cache. */
#define STEP ((size_t)64 << 10)

/* True when the raw bytes may go to libxml2. Both walks run a step at a
 * time; a bad byte anywhere is reported before a tag the walk found first,
 * as when the UTF-8 walk went over the whole file before the tags'. */
bool rf_load_prescan(rf_loader *ld, size_t start)
{
    const char *b = ld->buf;
    size_t n = ld->len, u = start, t = start;
    int found = TAG_FINE;
    bool utf8 = true;
    rf_cursor c = ld->cur;
    while (u < n && utf8) {
        size_t to = n - u > STEP ? u + STEP : n;
        utf8 = utf8_run(b, &u, to, n);
        if (found == TAG_FINE && t < to)
            found = tags_run(b, &t, to, n);
    }
    if (utf8 && found == TAG_FINE && t < n) /* the last sequence ended past the last step */
        found = tags_run(b, &t, n, n);
    if (!utf8) {
        rf_load_advance(b, &c, u);
        if (b[u] == 0)
            rf_load_emit(ld, "xml-encoding", c.line, c.col, "NUL byte in the file");
        else
            rf_load_emit(ld, "xml-encoding", c.line, c.col, "invalid UTF-8 byte 0x%02X",
                         (unsigned char)b[u]);
        return false;
    }
    if (found == TAG_FINE)
        return true;
    rf_load_advance(b, &c, t);
    if (found == TAG_DOCTYPE) {
        rf_load_emit(ld, "xml-doctype", c.line, c.col,
                     "DOCTYPE and entity declarations are refused (rooms.xml has none)");
        return false;
    }
    rf_load_emit(ld, "xml-limit", c.line, c.col,
                 "more than %d attributes on one element; the file is read up to the room "
                 "before it",
                 RF_LOAD_MAX_ATTRS);
    ld->syntax_line = c.line; /* the recovery pass keeps the rooms before it */
    return false;
}
