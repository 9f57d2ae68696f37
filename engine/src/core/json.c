/* engine/src/core/json.c: JSON string escaping for engine writers.
 *
 * Pipeline: output. Design: validates UTF-8 while escaping so content with
 * broken bytes still yields parseable JSON (bad bytes become U+FFFD).
 */
#include "core/seam.h"

#include <stddef.h>


void rf_json_string(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    if (!s) {
        fputs("null", out);
        return;
    }
    putc('"', out);
    while (*p) {
        size_t n = rf_text_utf8_len((const char *)p, 4); /* stops at the NUL */
        if (n == 0) {
            fputs("\\ufffd", out);
            p++;
            continue;
        }
        if (n > 1) {
            fwrite(p, 1, n, out);
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
