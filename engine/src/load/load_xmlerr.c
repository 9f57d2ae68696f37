/* engine/src/load/load_xmlerr.c: libxml2's fatal errors said plainly, at the
 * line where the problem starts.
 *
 * Pipeline: load; called by the rooms and the profiles loaders' error handlers
 * (seam/load/seam.h). Design: one table maps
 * a libxml2 error code to a function that finds the start of the problem in
 * the raw bytes (an unclosed <row> at its own line, not at the </room> that
 * found it) and says what to write; libxml2's own words follow in brackets.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "load/seam.h"
#include "load_int.h"

typedef void (*explain_fn)(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f);

/* Offset of (line, col) in src->buf, col counting characters; len past the end. */
static size_t offset_of(const rf_xml_src *src, int line, int col)
{
    const char *b = src->buf;
    size_t p = rf_text_bom_len(b, src->len), n = src->len;
    while (--line > 0) {
        const char *nl = memchr(b + p, '\n', n - p);
        if (!nl)
            return n;
        p = (size_t)(nl - b) + 1;
    }
    while (--col > 0 && p < n && b[p] != '\n')
        for (p++; p < n && !rf_text_is_lead((unsigned char)b[p]); p++)
            ;
    return p;
}

/* Sets f's position to offset p of src->buf. */
static void place(const rf_xml_src *src, size_t p, rf_xml_fault *f)
{
    rf_cursor c;
    c.pos = rf_text_bom_len(src->buf, src->len);
    c.line = c.col = 1;
    rf_load_advance(src->buf, &c, p);
    f->line = c.line;
    f->col = c.col;
}

static bool is_name_char(char c)
{
    return c != '\0' && !rf_load_is_space(c) && !strchr("/>=<\"'", c);
}

/* The tag name at p ('<' or '</'), at most cap-1 bytes. */
static void name_at(const rf_xml_src *src, size_t p, char *out, size_t cap)
{
    size_t n = 0;
    p += p + 1 < src->len && src->buf[p + 1] == '/' ? 2 : 1;
    while (p < src->len && is_name_char(src->buf[p]) && n + 1 < cap)
        out[n++] = src->buf[p++];
    out[n] = '\0';
}

/* Offset of the last '<' before p, or len when there is none. */
static size_t tag_before(const rf_xml_src *src, size_t p)
{
    while (p-- > 0)
        if (src->buf[p] == '<')
            return p;
    return src->len;
}

/* An element opened at e->int1 ends with another name (e->str2) at the
 * error: a typo of the end tag when that name is no element of the file's grammar and
 * is close to the open one, else an element left open, reported at its
 * start tag. */
static void tag_mismatch(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f)
{
    const char *open = e->str1 ? e->str1 : "?", *close = e->str2 ? e->str2 : "?";
    size_t p = offset_of(src, e->int1 > 0 ? e->int1 : 1, 1), m = strlen(open);
    bool known = src->known && src->known(close);
    if (!known && rf_text_edit_distance(open, close, 3) <= 2) {
        if ((p = tag_before(src, at)) < src->len)
            place(src, p, f);
        snprintf(f->text, sizeof f->text,
                 "</%.40s> does not end <%.40s> opened at line %d; did you mean </%.40s>?", close,
                 open, e->int1, open);
        return;
    }
    /* the start tag on its line: '<' + the name, not a longer name */
    for (; p < at && src->buf[p] != '\n'; p++)
        if (src->buf[p] == '<' && strncmp(src->buf + p + 1, open, m) == 0 &&
            !is_name_char(src->buf[p + 1 + m]))
            break;
    if (p < at && src->buf[p] == '<')
        place(src, p, f);
    else
        f->line = e->int1, f->col = 1;
    snprintf(f->text, sizeof f->text,
             "<%.40s> opened here is never closed: the next end tag is </%.40s> at line %d "
             "(write <%.40s .../> or add </%.40s>)",
             open, close, e->line, open, open);
}

/* A start tag libxml2 could not read to its end. When the error stands on
 * the '<' of the next tag, the tag before it is the unfinished one. */
static void bad_tag(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f)
{
    static const struct {
        int code;
        const char *say;
    } what[] = {
        {XML_ERR_SPACE_REQUIRED, "attributes are written name=\"value\" with a blank between them"},
        {XML_ERR_NAME_REQUIRED, "an attribute name is expected here"},
        {XML_ERR_ATTRIBUTE_NOT_STARTED, "a value is written in quotes: name=\"value\""},
        {XML_ERR_ATTRIBUTE_WITHOUT_VALUE, "an attribute needs a value: name=\"value\""},
        {XML_ERR_GT_REQUIRED, "'>' or '/>' is expected to end the tag"},
    };
    size_t i, q = at;
    char name[48];
    while (q < src->len && rf_load_is_space(src->buf[q]))
        q++;
    if (q < src->len && src->buf[q] == '<' && (i = tag_before(src, q)) < src->len) {
        int next = e->line;
        name_at(src, i, name, sizeof name);
        place(src, i, f);
        snprintf(f->text, sizeof f->text,
                 "the tag <%s> is not finished: '/>' or '>' is missing before the next tag "
                 "(line %d)",
                 name, next);
        return;
    }
    for (i = 0; i < sizeof what / sizeof what[0]; i++)
        if (what[i].code == e->code)
            snprintf(f->text, sizeof f->text, "%s", what[i].say);
}

/* '<' inside a value: the value's closing quote is missing when it opened
 * on an earlier line, else the '<' must be written &lt;. */
static void lt_in_value(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f)
{
    size_t p = at;
    (void)e;
    while (p-- > 0) {
        char c = src->buf[p];
        size_t k = p;
        if (c != '"' && c != '\'')
            continue;
        while (k-- > 0 && rf_load_is_space(src->buf[k]))
            ;
        if (k < p && src->buf[k] == '=') {
            rf_xml_fault q;
            place(src, p, &q);
            if (q.line < f->line) {
                *f = q;
                snprintf(f->text, sizeof f->text,
                         "the value opened here has no closing %s", c == '"' ? "'\"'" : "\"'\"");
                return;
            }
            break;
        }
    }
    snprintf(f->text, sizeof f->text, "a '<' inside a value is written &lt;");
}

static void amp(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f)
{
    (void)src, (void)e, (void)at;
    snprintf(f->text, sizeof f->text, "a '&' is written &amp; (or a reference such as &lt;)");
}

static void twice(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f)
{
    (void)src, (void)at;
    snprintf(f->text, sizeof f->text, "the attribute '%.40s' is written twice in this tag",
             e->str1 ? e->str1 : "?");
}

/* A comment with no "-->": at its "<!--". */
static void open_comment(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f)
{
    size_t p = at, hit = src->len;
    (void)e;
    while (p-- > 0)
        if (rf_load_starts(src->buf, p, src->len, "<!--")) {
            hit = p;
            break;
        }
    if (hit < src->len)
        place(src, hit, f);
    snprintf(f->text, sizeof f->text, "the comment opened here is not closed with '-->'");
}

/* No element at all: at the first byte that is not blank. */
static void no_root(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f)
{
    size_t p = rf_text_bom_len(src->buf, src->len);
    (void)e, (void)at;
    while (p < src->len && rf_load_is_space(src->buf[p]))
        p++;
    place(src, p, f);
    snprintf(f->text, sizeof f->text, "no element was found: the file holds one <%s> element",
             src->root);
}

/* libxml2's reader says "Extra content at the end of the document" both for
 * a file that ends inside its root and for something after the root's end:
 * the bytes tell which. */
static void after_root(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f)
{
    char root[48], end[52];
    size_t r, p;
    (void)e, (void)at;
    if (!rf_load_root(src->buf, src->len, &r) || r >= src->len)
        return;
    name_at(src, r, root, sizeof root);
    snprintf(end, sizeof end, "</%s", root);
    p = rf_load_find(src->buf, r, src->len, end);
    if (p >= src->len) {
        rf_xml_fault o;
        place(src, r, &o);
        for (p = src->len; p > 0 && rf_load_is_space(src->buf[p - 1]); p--)
            ;
        place(src, p, f);
        snprintf(f->text, sizeof f->text,
                 "the file ends before </%s>: <%s> opened at line %d is not closed", root, root,
                 o.line);
        return;
    }
    p = rf_load_find(src->buf, p, src->len, ">");
    for (p++; p < src->len && rf_load_is_space(src->buf[p]); p++)
        ;
    if (p < src->len)
        place(src, p, f);
    snprintf(f->text, sizeof f->text,
             "this comes after </%s>: the file holds one <%s> element, everything inside it",
             root, root);
}

static void late_decl(const rf_xml_src *src, const xmlError *e, size_t at, rf_xml_fault *f)
{
    (void)src, (void)e, (void)at;
    snprintf(f->text, sizeof f->text, "<?xml ...?> may only open the file, once");
}

static const struct {
    int code;
    explain_fn fn;
} explain[] = {
    {XML_ERR_TAG_NAME_MISMATCH, tag_mismatch},
    {XML_ERR_SPACE_REQUIRED, bad_tag},
    {XML_ERR_NAME_REQUIRED, bad_tag},
    {XML_ERR_ATTRIBUTE_NOT_STARTED, bad_tag},
    {XML_ERR_ATTRIBUTE_WITHOUT_VALUE, bad_tag},
    {XML_ERR_GT_REQUIRED, bad_tag},
    {XML_ERR_LT_IN_ATTRIBUTE, lt_in_value},
    {XML_ERR_ENTITYREF_SEMICOL_MISSING, amp},
    {XML_ERR_ATTRIBUTE_REDEFINED, twice},
    {XML_ERR_COMMENT_NOT_FINISHED, open_comment},
    {XML_ERR_DOCUMENT_EMPTY, no_root},
    {XML_ERR_DOCUMENT_END, after_root},
    {XML_ERR_RESERVED_XML_NAME, late_decl},
};

bool rf_xml_is_limit(const xmlError *e)
{
    static const char *const words[] = {"depth", "excessive", "too large", "huge", "too long",
                                        "amplification"};
    char low[200];
    size_t i;
    if (e->code == XML_ERR_NAME_TOO_LONG)
        return true;
    for (i = 0; e->message && e->message[i] && i + 1 < sizeof low; i++)
        low[i] = (char)tolower((unsigned char)e->message[i]);
    low[i] = '\0';
    for (i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strstr(low, words[i]))
            return true;
    return false;
}

void rf_xml_explain(const rf_xml_src *src, const xmlError *e, rf_xml_fault *f)
{
    char raw[200];
    size_t i, n;
    snprintf(raw, sizeof raw, "%s", e->message ? e->message : "malformed XML");
    n = strlen(raw);
    while (n > 0 && (raw[n - 1] == '\n' || raw[n - 1] == ' '))
        raw[--n] = '\0';
    f->line = e->line > 0 ? e->line : 1;
    f->col = e->int2 > 0 ? e->int2 : 1;
    f->text[0] = '\0';
    for (i = 0; i < sizeof explain / sizeof explain[0]; i++)
        if (explain[i].code == e->code) {
            explain[i].fn(src, e, offset_of(src, f->line, f->col), f);
            break;
        }
    if (!f->text[0]) {
        snprintf(f->text, sizeof f->text, "%s", raw);
        return;
    }
    n = strlen(f->text);
    snprintf(f->text + n, sizeof f->text - n, " (libxml2: %s)", raw);
}
