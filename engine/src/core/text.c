/* engine/src/core/text.c: UTF-8 decoding, byte order marks and character
 * columns, written once for every reader and writer.
 *
 * Pipeline: core (seam core/seam.h, public roomforge/text.h); used by the
 * rooms.xml prescan, the rooms-file and scenario lexers and the JSON writer;
 * the edit distance behind did-you-mean suggestions.
 */
#include <ctype.h>
#include <string.h>

#include "core/seam.h"

size_t rf_text_bom_len(const char *s, size_t len)
{
    return s && len >= 3 && (unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB &&
                   (unsigned char)s[2] == 0xBF
               ? 3
               : 0;
}

size_t rf_text_utf8_len(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned c = u[0];
    unsigned long cp;
    size_t len, i;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        len = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        len = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
        len = 4, cp = c & 0x07;
    else
        return 0; /* a continuation byte, C0/C1 (always overlong) or F5..FF */
    for (i = 1; i < len; i++) {
        if (i >= n || (u[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (u[i] & 0x3F);
    }
    if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) ||
        (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
        return 0;
    return len;
}

bool rf_text_utf8_valid(const char *s, size_t n, size_t *bad)
{
    size_t i = 0;
    while (i < n) {
        size_t k = s[i] == '\0' ? 0 : rf_text_utf8_len(s + i, n - i);
        if (k == 0) {
            if (bad)
                *bad = i;
            return false;
        }
        i += k;
    }
    return true;
}

bool rf_text_is_lead(unsigned char c) { return (c & 0xC0) != 0x80; }

int rf_text_col_at(const char *s, size_t pos)
{
    int col = 1;
    size_t i;
    for (i = 0; i < pos; i++)
        col += rf_text_is_lead((unsigned char)s[i]);
    return col;
}

size_t rf_text_chars(const char *s, size_t n)
{
    size_t i, k = 0;
    for (i = 0; i < n; i++)
        k += rf_text_is_lead((unsigned char)s[i]);
    return k;
}

size_t rf_text_edit_distance(const char *a, const char *b, size_t cap)
{
    size_t la = strlen(a), lb = strlen(b), i, j, row[129];
    if (la > 128 || lb > 128)
        return cap + 1;
    for (j = 0; j <= lb; j++)
        row[j] = j;
    for (i = 1; i <= la; i++) {
        size_t diag = row[0], best;
        row[0] = i;
        best = row[0];
        for (j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t same = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]);
            size_t v = diag + !same;
            if (up + 1 < v)
                v = up + 1;
            if (row[j - 1] + 1 < v)
                v = row[j - 1] + 1;
            row[j] = v;
            diag = up;
            if (v < best)
                best = v;
        }
        if (best > cap)
            return cap + 1;
    }
    return row[lb];
}

void rf_text_near_init(rf_text_near *n, const char *word)
{
    size_t len = word ? strlen(word) : 0;
    n->word = word;
    n->cap = len / 3 > 2 ? len / 3 : 2;
    n->best = n->cap + 1;
    n->ties = 0;
    n->pick = NULL;
}

void rf_text_near_try(rf_text_near *n, const char *cand)
{
    size_t dist;
    if (!n->word || !*n->word || !cand)
        return;
    dist = rf_text_edit_distance(n->word, cand, n->cap);
    if (dist < n->best) {
        n->best = dist;
        n->pick = cand;
        n->ties = 0;
    } else if (dist == n->best && n->pick && rf_text_edit_distance(n->pick, cand, 0) != 0) {
        n->ties++;
    }
}

bool rf_text_near_certain(const rf_text_near *n)
{
    return n->pick && n->ties == 0 && n->best <= 2;
}

int rf_text_control(const char *s)
{
    unsigned char c = (unsigned char)s[0];
    if (c < 0x20 || c == 0x7f)
        return 1;
    if (c == 0xc2 && (unsigned char)s[1] >= 0x80 && (unsigned char)s[1] <= 0x9f)
        return 2;
    return 0;
}
