/* tools/lsp/lsp_pos.c: positions between the two counts: LSP's 0-based
 * line and UTF-16 code units, lint's 1-based line and characters.
 *
 * Pipeline: CLI (roomforge lsp); every feature turns request positions into
 * byte offsets here and byte offsets into replies. Design: one walk over
 * UTF-8: a sequence is one character, and two UTF-16 units when it codes a
 * character past U+FFFF (a 4-byte sequence). Lines end at '\n' (a '\r'
 * before it is the line's last character, as the spec counts it).
 */
#include <string.h>

#include "lsp.h"

/* Bytes of the UTF-8 sequence led by c (1 for a stray continuation byte). */
static size_t seq_len(unsigned char c) { return c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1; }

/* The offset of line's first byte (0-based line), or len past the end. */
static size_t line_start(const char *text, size_t len, int line)
{
    size_t p = 0;
    while (line > 0) {
        const char *nl = memchr(text + p, '\n', len - p);
        if (!nl)
            return len;
        p = (size_t)(nl - text) + 1;
        line--;
    }
    return p;
}

size_t lsp_offset(const char *text, size_t len, int line, int character)
{
    size_t p;
    int u = 0;
    if (line < 0)
        return 0;
    p = line_start(text, len, line);
    while (p < len && text[p] != '\n' && u < character) {
        size_t n = seq_len((unsigned char)text[p]);
        u += n == 4 ? 2 : 1;
        p = p + n <= len ? p + n : len;
    }
    return p;
}

void lsp_position(const char *text, size_t len, size_t off, int *line, int *character)
{
    size_t p = 0;
    int l = 0, u = 0;
    if (off > len)
        off = len;
    while (p < off) {
        if (text[p] == '\n') {
            l++, u = 0, p++;
            continue;
        }
        u += seq_len((unsigned char)text[p]) == 4 ? 2 : 1;
        p += seq_len((unsigned char)text[p]);
    }
    *line = l;
    *character = u;
}

size_t lsp_offset_of_linecol(const char *text, size_t len, int line, int col)
{
    size_t p;
    int c = 1;
    if (line < 1)
        return len;
    p = line_start(text, len, line - 1);
    while (c < col && p < len && text[p] != '\n') {
        p += seq_len((unsigned char)text[p]);
        c++;
    }
    return p < len ? p : len;
}

void lsp_linecol(const char *text, size_t len, size_t off, int *line, int *col)
{
    size_t p = 0;
    int l = 1, c = 1;
    if (off > len)
        off = len;
    while (p < off) {
        if (text[p] == '\n') {
            l++, c = 1, p++;
            continue;
        }
        c++;
        p += seq_len((unsigned char)text[p]);
    }
    *line = l;
    *col = c;
}

json_object *lsp_json_position(const char *text, size_t len, size_t off)
{
    json_object *o = json_object_new_object();
    int line, ch;
    lsp_position(text, len, off, &line, &ch);
    json_object_object_add(o, "line", json_object_new_int(line));
    json_object_object_add(o, "character", json_object_new_int(ch));
    return o;
}

json_object *lsp_json_range(const char *text, size_t len, size_t from, size_t to)
{
    json_object *r = json_object_new_object();
    json_object_object_add(r, "start", lsp_json_position(text, len, from));
    json_object_object_add(r, "end", lsp_json_position(text, len, to));
    return r;
}

bool lsp_params_offset(const lsp_doc *doc, json_object *params, size_t *off)
{
    json_object *pos, *line, *ch;
    if (!json_object_object_get_ex(params, "position", &pos) ||
        !json_object_object_get_ex(pos, "line", &line) ||
        !json_object_object_get_ex(pos, "character", &ch) ||
        !json_object_is_type(line, json_type_int) || !json_object_is_type(ch, json_type_int))
        return false;
    *off = lsp_offset(doc->text, doc->len, json_object_get_int(line), json_object_get_int(ch));
    return true;
}
