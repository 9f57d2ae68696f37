/* tools/lsp/lsp_xml.c: where a byte offset stands in an XML text being
 * edited: in a tag's name, an attribute's name or value, or between tags.
 *
 * Pipeline: CLI (roomforge lsp); hover, completion and definition ask it
 * about the cursor. Design: a forgiving forward scan from the text's start
 * (the text is mid-edit: libxml2 would refuse it), skipping comments, CDATA,
 * declarations and processing instructions, keeping a stack of open tags for
 * the parent; the tag holding the offset is read whole, its attributes kept.
 * It answers questions about place only: what the names mean is the library's.
 */
#include <string.h>

#include "lsp.h"

#define STACK 32

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static void copy_word(char *dst, size_t cap, const char *src, size_t n)
{
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

bool lsp_same_name(const char *a, const char *b)
{
    char ka[64], kb[64];
    return rf_name_key(a, ka, sizeof ka) && rf_name_key(b, kb, sizeof kb) && strcmp(ka, kb) == 0;
}

/* The offset after the end marker of a comment, CDATA or declaration at p. */
static size_t skip_special(const char *text, size_t len, size_t p)
{
    const char *close = strncmp(text + p, "<!--", 4) == 0        ? "-->"
                        : strncmp(text + p, "<![CDATA[", 9) == 0 ? "]]>"
                        : text[p + 1] == '?'                     ? "?>"
                                                                 : ">";
    size_t n = strlen(close), q;
    for (q = p + 2; q + n <= len; q++)
        if (memcmp(text + q, close, n) == 0)
            return q + n;
    return len;
}

/* Reads the attributes of the tag whose name ends at p into at (when
 * keep), noting where off stands; the offset after the tag's '>'. */
static size_t read_attrs(const char *text, size_t len, size_t p, size_t off, lsp_xml_at *at,
                         bool keep)
{
    for (;;) {
        size_t a, b, v, w;
        char q;
        while (p < len && blank(text[p]))
            p++;
        if (keep && off <= p && at->where == LSP_IN_TEXT)
            at->where = LSP_IN_ATTR_NAME, at->from = at->to = off;
        if (p >= len || text[p] == '>' || text[p] == '<')
            return p < len && text[p] == '>' ? p + 1 : p;
        if (text[p] == '/') {
            p++;
            continue;
        }
        for (a = p; p < len && !blank(text[p]) && !strchr("=<>/", text[p]); p++)
            ;
        b = p;
        if (keep && off >= a && off <= b)
            at->where = LSP_IN_ATTR_NAME, at->from = a, at->to = b;
        while (p < len && blank(text[p]))
            p++;
        if (p >= len || text[p] != '=') {
            if (b == a)
                p++; /* a stray byte */
            continue;
        }
        for (p++; p < len && blank(text[p]); p++)
            ;
        q = p < len && (text[p] == '"' || text[p] == '\'') ? text[p++] : ' ';
        for (v = p; p < len && text[p] != q && text[p] != '<' && (q != ' ' || !blank(text[p])); p++)
            ;
        w = p;
        if (p < len && text[p] == q)
            p++;
        if (!keep)
            continue;
        if (off >= v && off <= w && at->where != LSP_IN_ATTR_NAME) {
            at->where = LSP_IN_ATTR_VALUE, at->from = v, at->to = w;
            copy_word(at->attr, sizeof at->attr, text + a, b - a);
        }
        if (at->nattrs < LSP_XML_ATTRS) {
            copy_word(at->attrs[at->nattrs].name, sizeof at->attrs[0].name, text + a, b - a);
            at->attrs[at->nattrs].at = v;
            at->attrs[at->nattrs++].len = w - v;
        }
    }
}

/* A start tag at p: fills at when off lies in it; pushes or not; returns
 * the offset after it. */
static size_t start_tag(const char *text, size_t len, size_t p, size_t off, lsp_xml_at *at,
                        char (*stack)[64], int *depth, bool *found)
{
    size_t n = p + 1, end;
    bool keep, closed;
    while (n < len && !blank(text[n]) && !strchr("<>/", text[n]))
        n++;
    end = read_attrs(text, len, n, off, at, false);
    closed = end > p && text[end - 1] == '>';
    keep = off > p && (closed ? off < end : off <= end);
    if (keep) {
        *found = true;
        memset(at, 0, sizeof *at);
        at->tag_at = p;
        copy_word(at->tag, sizeof at->tag, text + p + 1, n - p - 1);
        if (*depth > 0)
            copy_word(at->parent, sizeof at->parent, stack[*depth - 1], strlen(stack[*depth - 1]));
        if (off <= n)
            at->where = LSP_IN_TAG_NAME, at->from = p + 1, at->to = n;
        (void)read_attrs(text, len, n, off, at, true);
        return end;
    }
    if (end >= 2 && text[end - 1] == '>' && text[end - 2] == '/')
        return end; /* empty element */
    if (*depth < STACK)
        copy_word(stack[*depth], 64, text + p + 1, n - p - 1);
    (*depth)++;
    return end;
}

void lsp_xml_find(const char *text, size_t len, size_t off, lsp_xml_at *at)
{
    char stack[STACK][64];
    int depth = 0;
    size_t p = 0;
    bool found = false;
    memset(at, 0, sizeof *at);
    while (p < len && p < off && !found) {
        if (text[p] != '<') {
            p++;
        } else if (p + 1 < len && (text[p + 1] == '!' || text[p + 1] == '?')) {
            p = skip_special(text, len, p);
        } else if (p + 1 < len && text[p + 1] == '/') {
            const char *gt = memchr(text + p, '>', len - p);
            p = gt ? (size_t)(gt - text) + 1 : len;
            if (depth > 0)
                depth--;
        } else {
            p = start_tag(text, len, p, off, at, stack, &depth, &found);
        }
    }
    if (!found && depth > 0 && depth <= STACK)
        copy_word(at->parent, sizeof at->parent, stack[depth - 1], strlen(stack[depth - 1]));
}

bool lsp_xml_attr(const char *text, const lsp_xml_at *at, const char *name, char *buf, size_t cap)
{
    size_t i;
    for (i = 0; i < at->nattrs; i++)
        if (lsp_same_name(at->attrs[i].name, name) && at->attrs[i].len < cap) {
            memcpy(buf, text + at->attrs[i].at, at->attrs[i].len);
            buf[at->attrs[i].len] = '\0';
            return true;
        }
    return false;
}

const rf_template *lsp_room_at_line(const lsp_doc *doc, int line)
{
    const rf_template *best = NULL;
    const char *name, *file;
    int at, col;
    size_t i;
    for (i = 0; i < rf_template_set_count(doc->rooms); i++) {
        const rf_template *t = rf_template_set_at(doc->rooms, i);
        if (rf_template_line(t) <= line && (!best || rf_template_line(t) > rf_template_line(best)))
            best = t;
    }
    /* a room left out for its errors between best and line: the line is its */
    for (i = 0; best && rf_template_set_skipped_at(doc->rooms, i, &name, &file, &at, &col); i++)
        if (at > rf_template_line(best) && at <= line)
            return NULL;
    return best;
}
