/* engine/src/load/tmx_xml.c: libxml2 for the Tiled conversion: the gated
 * parse, a <room> element into the model, and the room read back from the
 * rooms.xml file a template came from.
 *
 * Pipeline: load; called by tmx_read.c (a .tmx, its rooms.xml property) and
 * by rf_tmx_room_from_template (`roomforge export`). Design: a tree, unlike
 * the rooms loader's SAX: maps are small and the model keeps elements whole.
 * The bytes pass the gate the rooms loader's do (UTF-8, no NUL, no DOCTYPE
 * or ENTITY, NONET | BIG_LINES, never NOENT or DTDLOAD); libxml2's errors go
 * to the sink through load_xmlerr.c's explanation, at file:line:col.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlsave.h>

#include "core/seam.h"
#include "load/seam.h"
#include "roomforge/fs.h"
#include "tmx_int.h"

#define WRAP_OPEN "<r>" /* what a property's run of elements is parsed inside */
#define WRAP_CLOSE "</r>"

typedef struct parse_ctx {
    const rf_tmx_src *src;
    const char *buf;
    size_t len;
    int shift; /* columns the wrapper adds on the first line */
    bool errors, nomem;
} parse_ctx;

/* The source position of (line, col) of the parsed bytes. */
static void place(const parse_ctx *pc, int line, int col, int *fl, int *fc)
{
    *fl = pc->src->line + line - 1;
    *fc = line == 1 ? pc->src->col + col - 1 - pc->shift : col;
    if (*fc < 1)
        *fc = 1;
}

static void on_error(void *ctx, xmlErrorPtr e)
{
    xmlParserCtxtPtr xc = ctx;
    parse_ctx *pc = xc ? xc->_private : NULL;
    rf_xml_src xs;
    rf_xml_fault f;
    int line, col;
    if (!pc || !e || pc->errors || e->level < XML_ERR_ERROR)
        return;
    xs.buf = pc->buf;
    xs.len = pc->len;
    xs.root = "map";
    xs.known = NULL;
    rf_xml_explain(&xs, e, &f);
    place(pc, f.line, f.col, &line, &col);
    if (!rf_diag_add(pc->src->d, rf_xml_is_limit(e) ? "xml-limit" : "xml-syntax",
                     pc->src->file, line, col, "%s", f.text))
        pc->nomem = true;
    pc->errors = true;
}

/* The offset of the first "<!DOCTYPE" or "<!ENTITY" in buf, or len. */
static size_t find_decl(const char *buf, size_t len)
{
    size_t i;
    for (i = 0; i + 2 < len; i++)
        if (buf[i] == '<' && buf[i + 1] == '!' &&
            ((len - i >= 9 && memcmp(buf + i, "<!DOCTYPE", 9) == 0) ||
             (len - i >= 8 && memcmp(buf + i, "<!ENTITY", 8) == 0)))
            return i;
    return len;
}

/* Reports code at byte offset at of the parsed bytes. */
static void report_at(parse_ctx *pc, const char *code, size_t at, const char *msg)
{
    size_t i, start = 0;
    int line = 1, fl, fc;
    for (i = 0; i < at && i < pc->len; i++)
        if (pc->buf[i] == '\n') {
            line = line < INT_MAX ? line + 1 : line;
            start = i + 1;
        }
    place(pc, line, rf_text_col_at(pc->buf + start, at - start), &fl, &fc);
    if (!rf_diag_add(pc->src->d, code, pc->src->file, fl, fc, "%s", msg))
        pc->nomem = true;
    pc->errors = true;
}

/* The gate: false, reported, for bytes libxml2 must never see. */
static bool gate(parse_ctx *pc)
{
    size_t bad;
    if (pc->len > RF_TMX_MAX_BYTES + sizeof WRAP_OPEN WRAP_CLOSE) {
        report_at(pc, "xml-limit", 0, "the file is larger than roomforge reads (16 MiB)");
        return false;
    }
    if (!rf_text_utf8_valid(pc->buf, pc->len, &bad)) {
        report_at(pc, "xml-encoding", bad, "a NUL byte or invalid UTF-8");
        return false;
    }
    if ((bad = find_decl(pc->buf, pc->len)) < pc->len) {
        report_at(pc, "xml-doctype", bad, "DTDs and entity declarations are refused");
        return false;
    }
    return true;
}

/* Parses pc's bytes; the document or NULL (reported). */
static xmlDoc *parse_ctx_run(parse_ctx *pc)
{
    xmlParserCtxtPtr xc;
    xmlDoc *doc;
    if (!gate(pc))
        return NULL;
    rf_xml_once();
    if (!(xc = xmlNewParserCtxt())) {
        pc->nomem = true;
        return NULL;
    }
    xc->_private = pc;
    xc->sax->serror = on_error;
    xc->vctxt.error = NULL;
    xc->vctxt.warning = NULL;
    doc = xmlCtxtReadMemory(xc, pc->buf, (int)pc->len, pc->src->file, NULL,
                            XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOERROR |
                                XML_PARSE_NOWARNING);
    xmlFreeParserCtxt(xc);
    if (doc && (pc->errors || doc->intSubset || doc->extSubset)) {
        xmlFreeDoc(doc);
        doc = NULL;
    }
    if (!doc && !pc->errors)
        report_at(pc, "xml-syntax", 0, "the file is not well-formed XML");
    return doc;
}

xmlDoc *rf_tmx_parse(const rf_tmx_src *src, const char *buf, size_t len, bool *nomem)
{
    parse_ctx pc = {src, buf, len, 0, false, false};
    xmlDoc *doc = parse_ctx_run(&pc);
    *nomem = *nomem || pc.nomem;
    return doc;
}

int rf_tmx_line(const rf_tmx_src *src, const xmlNode *n)
{
    long l = xmlGetLineNo(n);
    return l > 0 && l < INT_MAX - src->line ? src->line + (int)l - 1 : src->line;
}

bool rf_tmx_dump(const xmlNode *n, char **buf, size_t *len)
{
    xmlBufferPtr b = xmlBufferCreate();
    size_t m, sep = *len > 0 ? 5 : 0, total;
    char *grown;
    if (!b)
        return false;
    if (xmlNodeDump(b, n->doc, (xmlNode *)(uintptr_t)n, 0, 0) < 0) {
        xmlBufferFree(b);
        return false;
    }
    m = (size_t)xmlBufferLength(b);
    total = *len + sep + m;
    if (!(grown = rf_realloc(*buf, total + 1))) {
        xmlBufferFree(b);
        return false;
    }
    memcpy(grown + *len, "\n    ", sep);
    memcpy(grown + *len + sep, xmlBufferContent(b), m);
    grown[total] = '\0';
    *buf = grown;
    *len = total;
    xmlBufferFree(b);
    return true;
}

/* True for the nodes the rest keeps: elements and comments. */
static bool kept(const xmlNode *n)
{
    return n->type == XML_ELEMENT_NODE || n->type == XML_COMMENT_NODE;
}

char *rf_tmx_rest_canon(const rf_tmx_src *src, const char *text, bool *nomem)
{
    size_t tl = strlen(text), n, len = 0;
    char *wrapped, *out = rf_strdup("");
    parse_ctx pc = {src, NULL, 0, (int)sizeof WRAP_OPEN - 1, false, false};
    xmlDoc *doc = NULL;
    const xmlNode *c;
    if (!out || !(wrapped = rf_alloc(tl + sizeof WRAP_OPEN WRAP_CLOSE))) {
        rf_free(out);
        *nomem = true;
        return NULL;
    }
    n = (size_t)sprintf(wrapped, "%s%s%s", WRAP_OPEN, text, WRAP_CLOSE);
    pc.buf = wrapped;
    pc.len = n;
    doc = parse_ctx_run(&pc);
    for (c = doc ? xmlDocGetRootElement(doc)->children : NULL; c && out; c = c->next)
        if (kept(c) && !rf_tmx_dump(c, &out, &len)) {
            rf_free(out);
            out = NULL;
            pc.nomem = true;
        }
    if (!doc) {
        rf_free(out);
        out = NULL;
    }
    xmlFreeDoc(doc);
    rf_free(wrapped);
    *nomem = *nomem || pc.nomem;
    return out;
}
