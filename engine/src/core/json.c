/* engine/src/core/json.c: JSON string escaping for engine writers.
 *
 * Pipeline: output. Design: validates UTF-8 while escaping so content with
 * broken bytes still yields parseable JSON (bad bytes become U+FFFD).
 */
#include "core/json.h"

#include <stddef.h>

/* Length of the valid UTF-8 sequence at s (1-4), or 0 when invalid. */
static int utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    int n, i;
    unsigned cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, cp = c & 0x07;
    else
        return 0;
    for (i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if ((n == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
        return 0;
    return n;
}

void rf_json_string(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    if (!s) {
        fputs("null", out);
        return;
    }
    putc('"', out);
    while (*p) {
        int n = utf8_len(p);
        if (n == 0) {
            fputs("\\ufffd", out);
            p++;
            continue;
        }
        if (n > 1) {
            fwrite(p, 1, (size_t)n, out);
            p += n;
            continue;
        }
        switch (*p) {
        case '"': fputs("\\\"", out); break;
        case '\\': fputs("\\\\", out); break;
        case '\n': fputs("\\n", out); break;
        case '\r': fputs("\\r", out); break;
        case '\t': fputs("\\t", out); break;
        default:
            if (*p < 0x20 || *p == 0x7F)
                fprintf(out, "\\u%04x", *p);
            else
                putc(*p, out);
        }
        p++;
    }
    putc('"', out);
}

void rf_json_key(FILE *out, const char *key, int first)
{
    if (!first)
        putc(',', out);
    rf_json_string(out, key);
    putc(':', out);
}
