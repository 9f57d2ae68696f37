/* engine/src/load/load_prescan.c: the gate the raw bytes pass before libxml2
 * sees them.
 *
 * Pipeline: load; run by load_xml.c on a file's bytes before the reader.
 * Design: the raw bytes are pre-scanned first (UTF-8, NUL bytes, any
 * <!DOCTYPE or <!ENTITY outside comments and CDATA, which kills XXE, entity
 * bombs and remote DTDs at the root), so libxml2 never meets a DTD and the
 * cursor of load_cursor.c can count start tags in step with the reader.
 */
#include <string.h>

#include "load_int.h"

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
bool rf_load_prescan(rf_loader *ld, size_t start)
{
    const unsigned char *b = (const unsigned char *)ld->buf;
    size_t n = ld->len, p = start;
    rf_cursor c = ld->cur;
    while (p < n) {
        size_t k;
        if (b[p] == 0) {
            rf_load_advance(ld->buf, &c, p);
            rf_load_emit(ld, "xml-encoding", c.line, c.col, "NUL byte in the file");
            return false;
        }
        k = utf8_len(b + p, n - p);
        if (k == 0) {
            rf_load_advance(ld->buf, &c, p);
            rf_load_emit(ld, "xml-encoding", c.line, c.col, "invalid UTF-8 byte 0x%02X", b[p]);
            return false;
        }
        p += k;
    }
    for (p = start; p < n;) {
        const char *q = memchr(ld->buf + p, '<', n - p);
        if (!q)
            break;
        p = (size_t)(q - ld->buf);
        if (rf_load_starts(ld->buf, p, n, "<!--")) {
            p = rf_load_find(ld->buf, p + 4, n, "-->");
        } else if (rf_load_starts(ld->buf, p, n, "<![CDATA[")) {
            p = rf_load_find(ld->buf, p + 9, n, "]]>");
        } else if (rf_load_starts(ld->buf, p, n, "<!DOCTYPE") ||
                   rf_load_starts(ld->buf, p, n, "<!ENTITY")) {
            rf_load_advance(ld->buf, &c, p);
            rf_load_emit(ld, "xml-doctype", c.line, c.col,
                         "DOCTYPE and entity declarations are refused (rooms.xml has none)");
            return false;
        } else {
            p++;
        }
    }
    return true;
}
