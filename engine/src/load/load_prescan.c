/* engine/src/load/load_prescan.c: the gate the raw bytes pass before
 * libxml2 sees them.
 *
 * Pipeline: load; run by load_xml.c before the parser. Design: UTF-8, NUL
 * bytes and any <!DOCTYPE or <!ENTITY are refused up front, which kills XXE
 * and entity bombs and keeps the cursor's start-tag count in step; so is a
 * start tag with more attributes than the loader takes.
 */
#include <stdint.h>
#include <string.h>

#include "core/text.h"
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
 * them before the loader could count them. */
static bool too_many_attrs(const char *b, size_t p, size_t n)
{
    int count = 0;
    for (p++;; p++) {
        char ch;
        p = to_stop(b, p, n);
        if (p >= n)
            return false;
        ch = b[p];
        switch (tag_stop[(unsigned char)ch]) {
        case T_QUOTE: /* to the closing quote */
            for (p++; p < n && b[p] != ch; p++)
                continue;
            if (p >= n)
                return false;
            break;
        case T_EQ:
            if (++count > RF_LOAD_MAX_ATTRS)
                return true;
            break;
        default: return false;
        }
    }
}

/* Whether b[0, n) is UTF-8 with no NUL byte; else the offset of the first
 * bad sequence in *bad. Runs of ASCII go eight bytes at a time. */
static bool utf8_valid(const char *b, size_t n, size_t *bad)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    size_t p = 0;
    while (p < n) {
        uint64_t w;
        size_t k;
        if (n - p >= 32) { /* four words, one test: fewer turns of the loop */
            uint64_t v[4], any = 0;
            size_t i;
            memcpy(v, b + p, sizeof v);
            for (i = 0; i < 4; i++) /* a high bit, or a NUL (exact once all are ASCII) */
                any |= v[i] | ((v[i] - ones) & ~v[i]);
            if (!(any & highs)) {
                p += 32;
                continue;
            }
        }
        if (n - p >= 8) {
            memcpy(&w, b + p, 8);
            if (!(w & highs) && !((w - ones) & ~w & highs)) { /* ASCII, no NUL */
                p += 8;
                continue;
            }
        }
        k = b[p] == '\0' ? 0 : rf_text_utf8_len(b + p, n - p);
        if (k == 0) {
            *bad = p;
            return false;
        }
        p += k;
    }
    return true;
}

/* True when the raw bytes may go to libxml2. */
bool rf_load_prescan(rf_loader *ld, size_t start)
{
    const unsigned char *b = (const unsigned char *)ld->buf;
    size_t n = ld->len, p = start;
    rf_cursor c = ld->cur;
    bool bang;
    if (!utf8_valid(ld->buf + start, n - start, &p)) {
        p += start;
        rf_load_advance(ld->buf, &c, p);
        if (b[p] == 0)
            rf_load_emit(ld, "xml-encoding", c.line, c.col, "NUL byte in the file");
        else
            rf_load_emit(ld, "xml-encoding", c.line, c.col, "invalid UTF-8 byte 0x%02X", b[p]);
        return false;
    }
    for (p = start; p < n;) {
        const char *q = memchr(ld->buf + p, '<', n - p);
        if (!q)
            break;
        p = (size_t)(q - ld->buf);
        bang = p + 1 < n && b[p + 1] == '!';
        if (bang && rf_load_starts(ld->buf, p, n, "<!--")) {
            p = rf_load_find(ld->buf, p + 4, n, "-->");
        } else if (bang && rf_load_starts(ld->buf, p, n, "<![CDATA[")) {
            p = rf_load_find(ld->buf, p + 9, n, "]]>");
        } else if (bang && (rf_load_starts(ld->buf, p, n, "<!DOCTYPE") ||
                            rf_load_starts(ld->buf, p, n, "<!ENTITY"))) {
            rf_load_advance(ld->buf, &c, p);
            rf_load_emit(ld, "xml-doctype", c.line, c.col,
                         "DOCTYPE and entity declarations are refused (rooms.xml has none)");
            return false;
        } else if (p + 1 < n && b[p + 1] != '/' && b[p + 1] != '?' &&
                   too_many_attrs(ld->buf, p, n)) {
            rf_load_advance(ld->buf, &c, p);
            rf_load_emit(ld, "xml-limit", c.line, c.col,
                         "more than %d attributes on one element; the file is read up to the "
                         "room before it",
                         RF_LOAD_MAX_ATTRS);
            ld->syntax_line = c.line; /* the recovery pass keeps the rooms before it */
            return false;
        } else {
            p++;
        }
    }
    return true;
}
