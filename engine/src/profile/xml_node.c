/* engine/src/profile/xml_node.c: a libxml2 node's line, name and attributes, for the
 * loaders that read a whole tree (profile.c, horde.c).
 *
 * Pipeline: content loading. Names compare without case, as Dredmor's
 * files and ours spell them every way.
 */
#include "xml_node_int.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"

/* The first occurrence of the NUL-terminated needle in s[0..n), or NULL. */
static const char *find_bytes(const char *s, size_t n, const char *needle)
{
    size_t m = strlen(needle), i;
    for (i = 0; i + m <= n; i++)
        if (memcmp(s + i, needle, m) == 0)
            return s + i;
    return NULL;
}

int rf_xml_line(const xmlNode *n)
{
    long l = xmlGetLineNo(n);
    return l > 0 && l < INT_MAX ? (int)l : 1;
}

/* The offset of the next start tag at or after *at in t ('<' then a name),
 * past comments, CDATA, processing instructions and end tags; len at the end. */
static size_t next_start_tag(const rf_xml_text *t, size_t at)
{
    const char *b = t->buf;
    while (at < t->len) {
        const char *lt = memchr(b + at, '<', t->len - at), *end = NULL;
        size_t i;
        if (!lt)
            return t->len;
        i = (size_t)(lt - b);
        if (i + 1 < t->len && b[i + 1] != '/' && b[i + 1] != '!' && b[i + 1] != '?')
            return i;
        if (t->len - i >= 4 && memcmp(b + i, "<!--", 4) == 0)
            end = find_bytes(b + i + 4, t->len - i - 4, "-->");
        else if (t->len - i >= 9 && memcmp(b + i, "<![CDATA[", 9) == 0)
            end = find_bytes(b + i + 9, t->len - i - 9, "]]>");
        else if (i + 1 < t->len && b[i + 1] == '?')
            end = find_bytes(b + i + 2, t->len - i - 2, "?>");
        at = end ? (size_t)(end - b) : i + 1;
    }
    return t->len;
}

void rf_xml_index(xmlNode *root, const rf_xml_text *t)
{
    xmlNode *n = root;
    size_t at = 0;
    while (n) {
        if (n->type == XML_ELEMENT_NODE) {
            at = next_start_tag(t, at);
            n->_private = at < t->len ? (void *)(uintptr_t)(at + 1) : NULL;
            at += at < t->len;
        }
        if (n->type == XML_ELEMENT_NODE && n->children) { /* document order, no recursion */
            n = n->children;
            continue;
        }
        while (n && n != root && !n->next)
            n = n->parent;
        n = n && n != root ? n->next : NULL;
    }
}

/* The offset of attribute attr's name in the start tag at off (which ends
 * at its first '>' outside quotes), or off when the tag has none. */
static size_t attr_at(const rf_xml_text *t, size_t off, const char *attr)
{
    const char *b = t->buf;
    size_t i = off + 1, m = strlen(attr);
    while (i < t->len && !strchr(" \t\r\n/>", b[i])) /* the tag's name */
        i++;
    while (i < t->len && b[i] != '>') {
        size_t name;
        if (strchr(" \t\r\n/", b[i])) {
            i++;
            continue;
        }
        name = i;
        while (i < t->len && !strchr(" \t\r\n=/>", b[i]))
            i++;
        if (i - name == m && strncasecmp(b + name, attr, m) == 0)
            return name;
        while (i < t->len && b[i] != '=' && b[i] != '>')
            i++;
        if (i < t->len && b[i] == '=') {
            char q;
            i++;
            while (i < t->len && strchr(" \t\r\n", b[i]))
                i++;
            q = i < t->len ? b[i] : '\0';
            if (q == '"' || q == '\'') {
                const char *e = memchr(b + i + 1, q, t->len - i - 1);
                i = e ? (size_t)(e - b) + 1 : t->len;
            }
        }
    }
    return off;
}

void rf_xml_pos(const xmlNode *n, const char *attr, const rf_xml_text *t, int *line, int *col)
{
    uintptr_t mark = (uintptr_t)n->_private;
    size_t off, i, start = 0;
    int l = 1;
    *line = rf_xml_line(n);
    *col = 1;
    if (!t || !t->buf || mark == 0 || mark > t->len)
        return;
    off = (size_t)(mark - 1);
    if (attr)
        off = attr_at(t, off, attr);
    for (i = 0; i < off; i++) /* O(file) a diagnostic: a profiles file is small */
        if (t->buf[i] == '\n') {
            l = l < INT_MAX ? l + 1 : l;
            start = i + 1;
        }
    *line = l;
    *col = rf_text_col_at(t->buf + start, off - start);
}
