/* engine/src/load/load_xml.c: the rooms.xml loader: a file, buffer or
 * directory through libxml2's SAX2 push parser into an rf_template_set.
 *
 * Pipeline: load; prescan, then libxml2's SAX2 interface (NONET | BIG_LINES,
 * fed in chunks) hands each start tag to load_attrs.c, load_room.c or
 * load_script.c, each end tag and each text of a Lua script. Design: no tree
 * is built. A file is read whole through rf_fs_read, never mapped (DESIGN 8):
 * a mapped file that shrinks under the parser is a SIGBUS, a read one that
 * changed is a file-changed diagnostic.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>

#include "core/seam.h"
#include "roomforge/fs.h"
#include "grammar_int.h"
#include "load_int.h"
#include "load/seam.h"

#define MAX_FILE ((size_t)1 << 30)  /* bytes; below libxml2's int length */
#define IGNORED (-1)                /* stack mark: a subtree being skipped */
#define CHUNK ((size_t)64 << 10)    /* bytes handed to the parser at a time */

/* Reports the elements held by hold_unknown, but those at or after the
 * start of a syntax error: they are its cascade (an unclosed <flags> makes
 * every <row> after it a child of <flags>). */
static void report_held(rf_loader *ld)
{
    size_t i;
    char key[RF_LOAD_KEY_CAP];
    for (i = 0; i < ld->nheld; i++) {
        const rf_unknown_el *u = &ld->held[i];
        const char *near;
        if (ld->syntax_line > 0 && u->line >= ld->syntax_line)
            continue;
        near = rf_name_key(u->tag, key, sizeof key) ? rf_grammar_elem_near(key, u->parent) : NULL;
        if (u->kept)
            rf_load_emit(ld, "unknown-object", u->line, u->col,
                         "<%s> is no object roomforge knows; it is kept as a generic object "
                         "with its attributes%s%s%s",
                         u->tag, near ? " (did you mean <" : "", near ? near : "",
                         near ? ">?)" : "");
        else
            rf_load_emit(ld, "unknown-element", u->line, u->col,
                         "<%s> is not known here; it is ignored%s%s%s", u->tag,
                         near ? " (did you mean <" : "", near ? near : "", near ? ">?)" : "");
    }
    ld->nheld = 0;
}

/* An element not known where it stands: held until a room (or the file)
 * ends well, so a syntax error can take back its cascade. */
static void hold_unknown(rf_loader *ld, const char *tag, int parent, bool kept)
{
    rf_unknown_el *u;
    if (!ld->held && !(ld->held = rf_alloc(RF_LOAD_MAX_HELD * sizeof *ld->held))) {
        ld->nomem = true;
        return;
    }
    if (ld->nheld == RF_LOAD_MAX_HELD)
        report_held(ld); /* bounded memory: a long run of them is no cascade */
    u = &ld->held[ld->nheld++];
    u->line = ld->el_line;
    u->col = ld->el_col;
    u->parent = parent;
    u->kept = kept;
    snprintf(u->tag, sizeof u->tag, "%.60s", tag);
}

/* Whether the current element has a position (at=, or x= and y=, with no
 * prefix): an unknown element inside a room is a game's own object only then. */
static bool placed_here(const rf_loader *ld)
{
    bool at = false, x = false, y = false;
    size_t i;
    for (i = 0; i < ld->nxa; i++) {
        const char *n = ld->xa[i].name;
        if (!ld->xa[i].bare)
            continue;
        at = at || strcmp(n, "at") == 0;
        x = x || strcmp(n, "x") == 0;
        y = y || strcmp(n, "y") == 0;
    }
    return at || (x && y);
}

/* The grammar's element for tag, or NULL; looked up once per spelling
 * when the tag is interned. */
static const rf_gelem_spec *elem_spec(rf_loader *ld, const char *tag, bool interned)
{
    char key[RF_LOAD_KEY_CAP];
    rf_name_memo *m;
    if (!interned)
        return rf_name_key(tag, key, sizeof key) ? rf_grammar_elem(key) : NULL;
    m = rf_load_memo(ld->el_memo, tag, NULL);
    if (m->name != tag) {
        m->name = tag;
        m->el = rf_name_key(tag, key, sizeof key) ? rf_grammar_elem(key) : NULL;
    }
    return m->el;
}

/* The grammar's element of the start tag at depth under parent, or NULL
 * when it is not taken: a root other than <roomdb> (<machines> for a
 * machines file: fatal) or an element
 * not known there (held). A game's own object takes the generic spec. */
static const rf_gelem_spec *start_spec(rf_loader *ld, const char *tag, bool interned, int depth,
                                       int parent)
{
    const rf_gelem_spec *spec = elem_spec(ld, tag, interned);
    rf_elem_kind root = ld->mach ? RF_EL_MACHINES : RF_EL_ROOMDB;
    if (spec && depth > 0 && (int)spec->parent != parent && rf_grammar_elem_in(spec, parent))
        spec = rf_grammar_elem_in(spec, parent); /* <script> in a <blueprint> */
    if (depth == 0) {
        if (!spec || spec->kind != root) {
            rf_load_emit(ld, ld->mach ? "not-machines" : "not-roomdb", ld->el_line, ld->el_col,
                         "the root element is <%.60s>, not <%s>", tag,
                         ld->mach ? "machines" : "roomdb");
            ld->fatal = true;
            return NULL;
        }
    } else if (!spec && parent == RF_EL_ROOM && placed_here(ld)) {
        /* a game's own object (<fountain x= y=>): kept with its attributes */
        spec = rf_grammar_other_object();
        hold_unknown(ld, tag, parent, true);
    } else if (!spec || rf_grammar_is_root(spec->kind) || (int)spec->parent != parent) {
        hold_unknown(ld, tag, parent, false);
        return NULL;
    }
    return spec;
}

/* Opens the element spec, its attributes taken: each kind to its loader. */
static void open_element(rf_loader *ld, const rf_gelem_spec *spec, const char *tag)
{
    switch (spec->kind) {
    case RF_EL_ROOMDB:
    case RF_EL_MACHINES: break;
    case RF_EL_BLUEPRINT:
        rf_load_blueprint_start(ld);
        rf_load_check_required(ld, spec, tag);
        break;
    case RF_EL_FEATURE: rf_load_feature_start(ld); break;
    case RF_EL_ROOM:
        rf_load_room_start(ld);
        rf_load_check_required(ld, spec, tag);
        break;
    case RF_EL_ROW:
        rf_load_check_required(ld, spec, tag);
        rf_load_row_start(ld);
        break;
    case RF_EL_FLAGS: rf_load_flags_start(ld); break;
    case RF_EL_OBJECT: rf_load_object_start(ld, spec, tag); break;
    case RF_EL_SCRIPT: rf_load_script_start(ld); break;
    case RF_EL_CONDITION: rf_load_clause_start(ld, true, tag); break;
    case RF_EL_ACTION: rf_load_clause_start(ld, false, tag); break;
    case RF_EL_VARY:
    case RF_EL_SUBST:
    case RF_EL_NSUBST:
    case RF_EL_SHUFFLE:
    case RF_EL_SUBROOM:
    case RF_EL_VALIDATE:
    case RF_EL_WEIGHT:
    case RF_EL_UNIQUE:
        rf_load_check_required(ld, spec, tag);
        rf_load_vary_start(ld, spec->kind);
        break;
    }
}

/* Handles the start tag libxml2 just parsed, whose attributes are in ld->xa;
 * tag is interned when libxml2's dictionary holds it. */
static void on_start(rf_loader *ld, const char *tag, bool interned, int depth)
{
    const rf_gelem_spec *spec;
    int parent;
    rf_load_sync_tag(ld);
    if (depth >= RF_LOAD_MAX_DEPTH) {
        rf_load_emit(ld, "xml-limit", ld->el_line, ld->el_col, "elements nested deeper than %d",
                     RF_LOAD_MAX_DEPTH);
        ld->fatal = true;
        return;
    }
    parent = depth == 0 ? -2 : ld->stack[depth - 1];
    ld->stack[depth] = IGNORED;
    if (parent == IGNORED)
        return;
    if (!(spec = start_spec(ld, tag, interned, depth, parent)))
        return;
    if (spec->kind == RF_EL_ROOM && ld->rooms_seen++ < ld->skip_rooms)
        return; /* the first pass loaded it: ignored like an unknown subtree */
    ld->stack[depth] = (int)spec->kind;
    rf_load_take_attrs(ld, spec, tag);
    if (ld->nomem)
        return;
    open_element(ld, spec, tag);
}

/* Handles the end of the element at depth: for an empty element, right
 * after its start. */
static void on_end(rf_loader *ld, int depth)
{
    if (depth < 0 || depth >= RF_LOAD_MAX_DEPTH)
        return;
    /* A room (or the file) ended well: what it held is no cascade. An
     * unknown element outside rooms waits for the next room's end, since
     * SAX hands it over before any syntax error after it is met. */
    if (depth == 0 || ld->stack[depth] == RF_EL_ROOM || ld->stack[depth] == RF_EL_BLUEPRINT)
        report_held(ld);
    if (ld->stack[depth] == RF_EL_BLUEPRINT)
        rf_load_blueprint_end(ld);
    else if (ld->stack[depth] == RF_EL_SCRIPT)
        rf_load_script_end(ld);
    else if (ld->stack[depth] == RF_EL_VALIDATE)
        rf_load_validate_end(ld);
    else if (ld->stack[depth] == RF_EL_ROOM)
        rf_load_room_end(ld);
}

static bool known_element(const char *tag)
{
    char key[RF_LOAD_KEY_CAP];
    return rf_name_key(tag, key, sizeof key) && rf_grammar_elem(key) != NULL;
}

static void on_xml_error(void *ctx, xmlErrorPtr e)
{
    rf_loader *ld = ctx;
    rf_xml_src src;
    rf_xml_fault f;
    const char *code = "xml-syntax";
    if (!e || e->level == XML_ERR_WARNING || e->level == XML_ERR_NONE)
        return;
    if (rf_xml_is_limit(e))
        code = "xml-limit";
    if (ld->xml_reported && e->level == XML_ERR_FATAL)
        return; /* one fatal error per file: libxml2 repeats itself */
    ld->xml_reported = true;
    src.buf = ld->buf;
    src.len = ld->len;
    src.root = ld->mach ? "machines" : "roomDB";
    src.known = known_element;
    rf_xml_explain(&src, e, &f);
    if (e->level == XML_ERR_FATAL && strcmp(code, "xml-syntax") == 0)
        ld->syntax_line = f.line;
    rf_load_emit(ld, code, f.line, f.col, "%s", f.text);
}

static bool blank(const char *b, size_t n)
{
    while (n > 0 && rf_load_is_space(b[n - 1]))
        n--;
    return n == 0;
}

/* The name prefix:local in ld->nbuf at *off; false when memory runs out. */
static bool qname(rf_loader *ld, const xmlChar *prefix, const xmlChar *local, size_t *off)
{
    size_t np = strlen((const char *)prefix), nl = local ? strlen((const char *)local) : 0;
    size_t at = *off, need = at + np + 1 + nl + 1;
    if (!rf_grow((void **)&ld->nbuf, &ld->ncap, need, 1)) {
        ld->nomem = true;
        return false;
    }
    memcpy(ld->nbuf + at, prefix, np);
    ld->nbuf[at + np] = ':';
    if (nl)
        memcpy(ld->nbuf + at + np + 1, local, nl);
    ld->nbuf[need - 1] = '\0';
    *off = need;
    return true;
}

/* Adds an attribute of the current start tag to ld->xa, named name or,
 * when name is NULL, by the qualified name at offset noff of ld->nbuf
 * (kept in noffs until nbuf stops moving). */
static void add_xattr(rf_loader *ld, size_t *noffs, const char *name, size_t noff, const char *v,
                      size_t vlen, bool bare)
{
    rf_xml_attr *a;
    if (ld->xa_seen++ >= RF_LOAD_MAX_ATTRS)
        return;
    noffs[ld->nxa] = name ? SIZE_MAX : noff;
    a = &ld->xa[ld->nxa++];
    a->name = name;
    a->value = v;
    a->vlen = vlen;
    a->bare = bare;
    a->interned = name != NULL;
}

/* libxml2's tree builder checks that an xml:id value is an NCName (an
 * error, not fatal): the same check, in its words, where no tree is built. */
static void check_xml_id(rf_loader *ld, const char *v, size_t n)
{
    char *val = rf_alloc(n + 1), *msg;
    size_t k = n;
    xmlError e;
    if (!val) {
        ld->nomem = true;
        return;
    }
    memcpy(val, v, n); /* as libxml2 checks it: "&#38;" left as is */
    val[n] = '\0';
    if (xmlValidateNCName((const xmlChar *)val, 1) == 0) {
        rf_free(val);
        return;
    }
    msg = rf_alloc(k + 64);
    if (msg) {
        snprintf(msg, k + 64, "xml:id : attribute value %s is not an NCName", val);
        memset(&e, 0, sizeof e);
        e.domain = XML_FROM_VALID;
        e.code = XML_DTD_XMLID_VALUE;
        e.level = XML_ERR_ERROR;
        e.message = msg;
        e.str1 = val;
        e.line = xmlSAX2GetLineNumber(ld->ctxt);
        e.int2 = xmlSAX2GetColumnNumber(ld->ctxt);
        on_xml_error(ld, &e);
    } else {
        ld->nomem = true;
    }
    rf_free(msg);
    rf_free(val);
}

/* SAX2: a start tag. Its attributes go to ld->xa: namespace declarations
 * first (xmlns, xmlns:p), then the others, names qualified (p:name) as
 * written. */
static void sax_start(void *ctx, const xmlChar *local, const xmlChar *prefix, const xmlChar *uri,
                      int nns, const xmlChar **ns, int natt, int ndef, const xmlChar **att)
{
    rf_loader *ld = ctx;
    size_t off = 0, i, noffs[RF_LOAD_MAX_ATTRS];
    const char *tag;
    int depth = ld->depth++;
    (void)uri, (void)ndef;
    ld->text_open = false;
    if (ld->nomem || ld->fatal)
        return;
    ld->nxa = ld->xa_seen = 0;
    if (prefix && !qname(ld, prefix, local, &off)) /* the tag's, at offset 0 */
        goto stop;
    for (i = 0; i < (size_t)nns; i++) {
        const char *u = ns[2 * i + 1] ? (const char *)ns[2 * i + 1] : "";
        size_t at = off;
        if (ns[2 * i] && !qname(ld, BAD_CAST "xmlns", ns[2 * i], &off))
            goto stop;
        add_xattr(ld, noffs, ns[2 * i] ? NULL : "xmlns", at, u, strlen(u), false);
    }
    for (i = 0; i < (size_t)natt; i++) {
        const xmlChar *const *a = att + 5 * i; /* local, prefix, URI, value, value end */
        size_t at = off;
        if (a[1] && !qname(ld, a[1], a[0], &off))
            goto stop;
        add_xattr(ld, noffs, a[1] ? NULL : (const char *)a[0], at, (const char *)a[3],
                  (size_t)(a[4] - a[3]), a[1] == NULL);
        if (a[1] && strcmp((const char *)a[1], "xml") == 0 && strcmp((const char *)a[0], "id") == 0)
            check_xml_id(ld, (const char *)a[3], (size_t)(a[4] - a[3]));
    }
    if (ld->nomem)
        goto stop;
    for (i = 0; off > 0 && i < ld->nxa; i++) /* off > 0: qualified names were built */
        if (noffs[i] != SIZE_MAX)
            ld->xa[i].name = ld->nbuf + noffs[i];
    tag = prefix ? ld->nbuf : (const char *)local;
    on_start(ld, tag, prefix == NULL, depth);
    if (!ld->nomem && !ld->fatal)
        return;
stop:
    xmlStopParser(ld->ctxt);
}

/* SAX2: an end tag, and the end of an empty element. */
static void sax_end(void *ctx, const xmlChar *local, const xmlChar *prefix, const xmlChar *uri)
{
    rf_loader *ld = ctx;
    (void)local, (void)prefix, (void)uri;
    ld->text_open = false;
    if (ld->depth > 0)
        ld->depth--;
    if (ld->nomem || ld->fatal)
        return;
    on_end(ld, ld->depth);
    if (ld->nomem)
        xmlStopParser(ld->ctxt);
}

/* libxml2's tree builder refuses a text node past XML_MAX_TEXT_LENGTH
 * (without XML_PARSE_HUGE): the same limit, said in its words, stops the
 * parse here, where no tree is built. */
static void huge_text(rf_loader *ld)
{
    static const char what[] = "xmlSAX2Characters: huge text node";
    xmlError e;
    memset(&e, 0, sizeof e);
    e.domain = XML_FROM_PARSER;
    e.code = XML_ERR_NO_MEMORY;
    e.level = XML_ERR_FATAL;
    e.message = (char *)(uintptr_t)what;
    e.str1 = e.message;
    e.line = xmlSAX2GetLineNumber(ld->ctxt);
    e.int2 = xmlSAX2GetColumnNumber(ld->ctxt);
    on_xml_error(ld, &e);
    xmlStopParser(ld->ctxt);
}

/* Appends text to a Lua script's code when the script is its parent. */
static void keep_text(rf_loader *ld, const xmlChar *text, int n)
{
    int d = ld->depth;
    if (!ld->nomem && !ld->fatal && d > 0 && d <= RF_LOAD_MAX_DEPTH && n > 0 &&
        ((ld->want_code && ld->in_script && ld->stack[d - 1] == RF_EL_SCRIPT) ||
         (ld->in_validate && ld->stack[d - 1] == RF_EL_VALIDATE))) {
        rf_load_script_text(ld, (const char *)text, (size_t)n);
        if (ld->nomem)
            xmlStopParser(ld->ctxt);
    }
}

/* SAX2: text and white space, which a tree would merge into one node until
 * an element, comment, instruction or CDATA comes between. */
static void sax_text(void *ctx, const xmlChar *text, int n)
{
    rf_loader *ld = ctx;
    size_t len = n > 0 ? (size_t)n : 0;
    if (ld->depth == 0)
        return;
    if (ld->text_open && ld->text_len + len > XML_MAX_TEXT_LENGTH) {
        huge_text(ld);
        return;
    }
    ld->text_len = ld->text_open ? ld->text_len + len : len;
    ld->text_open = true;
    keep_text(ld, text, n);
}

/* SAX2: a CDATA section. */
static void sax_cdata(void *ctx, const xmlChar *text, int n)
{
    rf_loader *ld = ctx;
    ld->text_open = false;
    keep_text(ld, text, n);
}

/* SAX2: a comment or a processing instruction: nothing kept. A comment
 * handler is set all the same, as libxml2 words a "--" inside a comment
 * with the comment's text only when someone takes comments. */
static void sax_comment(void *ctx, const xmlChar *text)
{
    rf_loader *ld = ctx;
    (void)text;
    ld->text_open = false;
}

static void sax_pi(void *ctx, const xmlChar *target, const xmlChar *data)
{
    rf_loader *ld = ctx;
    (void)target, (void)data;
    ld->text_open = false;
}

/* Runs libxml2's push parser over the whole buffer, a chunk at a time. */
static void parse(rf_loader *ld)
{
    xmlSAXHandler sax;
    xmlCharEncodingHandlerPtr utf8;
    size_t pos, first = ld->len < 4 ? ld->len : 4;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = sax_start;
    sax.endElementNs = sax_end;
    sax.characters = sax_text;
    sax.ignorableWhitespace = sax_text;
    sax.cdataBlock = sax_cdata;
    sax.comment = sax_comment;
    sax.processingInstruction = sax_pi;
    sax.serror = on_xml_error;
    /* the first bytes let libxml2 see a byte order mark */
    ld->ctxt = xmlCreatePushParserCtxt(&sax, ld, ld->buf, (int)first, ld->file);
    if (!ld->ctxt) {
        ld->nomem = true;
        return;
    }
    (void)xmlCtxtUseOptions(ld->ctxt, XML_PARSE_NONET | XML_PARSE_BIG_LINES);
    utf8 = xmlFindCharEncodingHandler("UTF-8");
    if (utf8)
        (void)xmlSwitchToEncoding(ld->ctxt, utf8);
    for (pos = first; !ld->nomem && !ld->fatal;) {
        size_t n = ld->len - pos < CHUNK ? ld->len - pos : CHUNK;
        bool last = pos + n == ld->len;
        int r = xmlParseChunk(ld->ctxt, ld->buf + pos, (int)n, last);
        pos += n;
        if (last || r != XML_ERR_OK || ld->ctxt->instate == XML_PARSER_EOF)
            break;
    }
    if (!ld->nomem && !ld->fatal && !ld->ctxt->wellFormed && !ld->xml_reported)
        rf_load_emit(ld, "xml-syntax", xmlSAX2GetLineNumber(ld->ctxt), 1, "malformed XML");
    xmlFreeParserCtxt(ld->ctxt);
    ld->ctxt = NULL;
}

static void loader_fini(rf_loader *ld)
{
    rf_free(ld->sbuf);
    rf_free(ld->rows);
    rf_free(ld->objs);
    rf_free(ld->scripts);
    rf_free(ld->conds);
    rf_free(ld->acts);
    rf_free(ld->code);
    rf_free(ld->held);
    rf_free(ld->nbuf);
    rf_free(ld->vsteps);
    rf_free(ld->dweights);
    rf_free(ld->feats);
}

static rf_status load_memory(rf_template_set *set, const char *name, const char *buf, size_t len,
                             rf_diags *d)
{
    return rf_load_pass(set, name, buf, len, d, NULL);
}

/* One pass over a file's bytes into set, or into mach (whose arena set is)
 * for a machines file; `first` is the first pass when this is the recovery
 * pass, else NULL. A machines file has no recovery pass: a syntax error
 * leaves out the blueprint it cuts and those after it. */
static rf_status pass(rf_template_set *set, rf_machines *mach, const char *name, const char *buf,
                      size_t len, rf_diags *d, const rf_loader *first)
{
    rf_loader *ld = rf_calloc(1, sizeof *ld);
    size_t start = 0, errors0 = d ? rf_diags_errors(d) : 0;
    rf_status st = RF_OK;
    if (!ld)
        return RF_ERR_NOMEM;
    ld->set = set;
    ld->mach = mach;
    ld->d = d;
    ld->thin_walls = d && rf_diags_is_enabled(d, "wall-thin");
    ld->diags0 = first ? first->diags0 : d ? rf_diags_count(d) : 0;
    ld->recovering = first != NULL;
    ld->skip_rooms = first ? first->rooms_ended : 0;
    ld->file = name;
    ld->buf = buf;
    ld->len = len;
    ld->cur.line = ld->cur.col = 1;
    start = rf_text_bom_len(buf, len);
    ld->cur.pos = start;
    if (len > MAX_FILE) {
        rf_load_emit(ld, "xml-limit", 1, 1, "the file is larger than %zu bytes", MAX_FILE);
        goto done;
    }
    if (len == start) {
        rf_load_emit(ld, "xml-syntax", 1, 1, "the file is empty");
        goto done;
    }
    if (blank(buf + start, len - start)) {
        rf_load_emit(ld, "xml-syntax", 1, 1, "the file is empty: it holds only blanks");
        goto done;
    }
    if (!rf_load_prescan(ld, start)) {
        if (!mach && !ld->recovering && ld->syntax_line > 0 && rf_load_recover(ld) == RF_ERR_NOMEM)
            ld->nomem = true;
        goto done;
    }
    ld->afile = rf_arena_strndup(&set->arena, name, strlen(name));
    if (!ld->afile) {
        ld->nomem = true;
        goto done;
    }
    rf_xml_once();
    parse(ld);
    report_held(ld);
    if (ld->in_room) /* cut by a syntax error: left out */
        rf_load_room_cut(ld);
    if (ld->in_blueprint)
        rf_load_blueprint_cut(ld);
    if (!mach && !ld->recovering && !ld->nomem && ld->syntax_line > 0 &&
        rf_load_recover(ld) == RF_ERR_NOMEM)
        ld->nomem = true;
done:
    if (ld->nomem)
        st = RF_ERR_NOMEM;
    else if (ld->file_errors || (d && rf_diags_errors(d) > errors0))
        st = RF_ERR_CONTENT;
    loader_fini(ld);
    rf_free(ld);
    return st;
}

rf_status rf_load_pass(rf_template_set *set, const char *name, const char *buf, size_t len,
                       rf_diags *d, const rf_loader *first)
{
    return pass(set, NULL, name, buf, len, d, first);
}

rf_status rf_load_machines_bytes(rf_machines *m, const char *name, const char *buf, size_t len,
                                 rf_diags *d)
{
    return pass(m->store, m, name, buf, len, d, NULL);
}

rf_status rf_template_set_load_buffer(rf_template_set *set, const char *name, const char *buf,
                                      size_t len, rf_diags *d)
{
    if (!set || !name || (!buf && len))
        return RF_ERR_ARG;
    return load_memory(set, name, buf ? buf : "", len, d);
}

static rf_status io_error(rf_diags *d, const char *path, const char *what)
{
    if (d)
        (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read: %s", what);
    return RF_ERR_IO;
}

/* Reads the file at path whole and passes it into set (or mach, whose
 * arena set is), its read problems reported to d. */
static rf_status load_file(rf_template_set *set, rf_machines *mach, const char *path, rf_diags *d)
{
    char *bytes = NULL;
    size_t len = 0;
    rf_status st;
    int why = 0;
    st = rf_fs_read(path, MAX_FILE, &bytes, &len, &why);
    if (st == RF_ERR_LIMIT) {
        if (d)
            (void)rf_diag_add(d, "xml-limit", path, 1, 1, "the file is larger than %zu bytes",
                              MAX_FILE);
        return RF_ERR_CONTENT;
    }
    if (st == RF_ERR_IO && why == RF_FS_ECHANGED) {
        if (d)
            (void)rf_diag_add(d, "file-changed", path, 0, 0,
                              "the file changed while it was read; it is not loaded (read it "
                              "again once it is written)");
        return RF_ERR_IO;
    }
    if (st == RF_ERR_IO)
        return io_error(d, path, rf_fs_why(why));
    if (st != RF_OK)
        return st;
    st = pass(set, mach, path, bytes, len, d, NULL);
    rf_fs_free(bytes);
    return st;
}

rf_status rf_template_set_load_file(rf_template_set *set, const char *path, rf_diags *d)
{
    if (!set || !path)
        return RF_ERR_ARG;
    return load_file(set, NULL, path, d);
}

rf_status rf_load_machines_path(rf_machines *m, const char *path, rf_diags *d)
{
    return load_file(m->store, m, path, d);
}

static rf_status worse(rf_status a, rf_status b)
{
    static const rf_status order[] = {RF_ERR_NOMEM, RF_ERR_IO, RF_ERR_CONTENT};
    size_t i;
    for (i = 0; i < sizeof order / sizeof order[0]; i++)
        if (a == order[i] || b == order[i])
            return order[i];
    return a != RF_OK ? a : b;
}

rf_status rf_template_set_load_path(rf_template_set *set, const char *path, rf_diags *d)
{
    rf_fs_list *files = NULL;
    rf_status st;
    size_t i;
    int why = 0;
    if (!set || !path)
        return RF_ERR_ARG;
    /* A file is loaded as itself; a directory's *.xml in byte order of names;
     * a link out of the directory (a file's: its folder) is refused unread. */
    st = rf_fs_walk_in(NULL, path, ".xml", RF_FS_WALK_HIDDEN | RF_FS_WALK_FILE_OK, &files, &why);
    if (st == RF_ERR_IO || st == RF_ERR_LIMIT)
        return io_error(d, path, rf_fs_why(why));
    if (st != RF_OK)
        return st;
    for (i = 0; i < rf_fs_list_count(files) && st != RF_ERR_NOMEM; i++) {
        const char *file = rf_fs_list_at(files, i);
        if (rf_fs_list_error(files, i) != RF_FS_EOUTSIDE) {
            st = worse(st, rf_template_set_load_file(set, file, d));
            continue;
        }
        if (d)
            (void)rf_diag_add(d, "symlink-outside", file, 0, 0,
                              "a symbolic link whose target lies outside the folder loaded; it "
                              "is refused, never read");
        st = worse(st, RF_ERR_CONTENT);
    }
    rf_fs_list_free(files);
    return st;
}
