/* engine/src/load/load_xml.c: the rooms.xml loader: a file, buffer or
 * directory through libxml2's streaming reader into an rf_template_set.
 *
 * Pipeline: load; prescan, then xmlTextReader (NONET | BIG_LINES) hands each
 * start tag to load_attrs.c, load_room.c or load_script.c. Design: the file is
 * mapped and pages behind the cursor dropped, so peak memory stays small.
 */
#define _DEFAULT_SOURCE 1 /* madvise */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/xmlreader.h>

#include "core/alloc.h"
#include "core/text.h"
#include "roomforge/fs.h"
#include "grammar_int.h"
#include "load_int.h"
#include "load/xml_once.h"

#define MAX_FILE ((size_t)1 << 30)  /* bytes; below libxml2's int length */
#define DROP_STEP ((size_t)2 << 20) /* bytes between page drops */
#define IGNORED (-1)                /* stack mark: a subtree being skipped */

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

/* An element not known where it stands: held until the room (or the
 * file) ends well, so a syntax error can take back its cascade. */
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

/* Whether the element the reader stands on has a position (at=, or x= and
 * y=): an unknown element inside a room is a game's own object only then. */
static bool placed_here(rf_loader *ld)
{
    static const char *const keys[] = {"at", "x", "y"};
    bool has[3];
    size_t i;
    for (i = 0; i < 3; i++) {
        xmlChar *v = xmlTextReaderGetAttribute(ld->rd, (const xmlChar *)keys[i]);
        has[i] = v != NULL;
        xmlFree(v);
    }
    return has[0] || (has[1] && has[2]);
}

/* Handles the start tag the reader stands on. */
static void on_start(rf_loader *ld, int depth, bool empty)
{
    const char *tag = (const char *)xmlTextReaderConstName(ld->rd);
    char key[RF_LOAD_KEY_CAP];
    const rf_gelem_spec *spec;
    int parent;
    rf_load_sync_tag(ld);
    if (!tag)
        tag = "";
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
    spec = rf_name_key(tag, key, sizeof key) ? rf_grammar_elem(key) : NULL;
    if (depth == 0) {
        if (!spec || spec->kind != RF_EL_ROOMDB) {
            rf_load_emit(ld, "not-roomdb", ld->el_line, ld->el_col,
                         "the root element is <%.60s>, not <roomdb>", tag);
            ld->fatal = true;
            return;
        }
    } else if (!spec && parent == RF_EL_ROOM && placed_here(ld)) {
        /* a game's own object (<fountain x= y=>): kept with its attributes */
        spec = rf_grammar_other_object();
        hold_unknown(ld, tag, parent, true);
    } else if (!spec || spec->kind == RF_EL_ROOMDB || (int)spec->parent != parent) {
        hold_unknown(ld, tag, parent, false);
        return;
    }
    if (spec->kind == RF_EL_ROOM && ld->rooms_seen++ < ld->skip_rooms)
        return; /* the first pass loaded it: ignored like an unknown subtree */
    ld->stack[depth] = (int)spec->kind;
    rf_load_take_attrs(ld, spec, tag);
    if (ld->nomem)
        return;
    switch (spec->kind) {
    case RF_EL_ROOMDB: break;
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
    }
    if (empty) {
        if (spec->kind == RF_EL_SCRIPT)
            rf_load_script_end(ld);
        else if (spec->kind == RF_EL_ROOM)
            rf_load_room_end(ld);
    }
}

static void on_end(rf_loader *ld, int depth)
{
    if (depth < 0 || depth >= RF_LOAD_MAX_DEPTH)
        return;
    if (depth <= 1)
        report_held(ld);
    if (ld->stack[depth] == RF_EL_SCRIPT)
        rf_load_script_end(ld);
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
    /* The reader still hands over the nodes parsed before the error (it
     * parses ahead), so the loop goes on until it says -1. */
    if (ld->xml_reported && e->level == XML_ERR_FATAL)
        return; /* one fatal error per file: libxml2 repeats itself */
    ld->xml_reported = true;
    src.buf = ld->buf;
    src.len = ld->len;
    src.root = "roomDB";
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

/* Gives the pages of a file mapping well behind the cursor back to the
 * kernel, so a big file costs little resident memory; they are read again
 * from the file should anything look back (value_cells does, within a room). */
static void drop_pages(rf_loader *ld)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t upto = ld->cur.pos - DROP_STEP / 2;
    if (page <= 0)
        return;
    upto -= upto % (size_t)page;
    if (upto > ld->dropped)
        (void)madvise((void *)(uintptr_t)ld->buf, upto, MADV_DONTNEED); /* advice only */
    ld->dropped = upto;
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
}

static rf_status load_memory(rf_template_set *set, const char *name, const char *buf, size_t len,
                             bool mapped, rf_diags *d)
{
    return rf_load_pass(set, name, buf, len, mapped, d, NULL);
}

/* One pass over a file's bytes; `first` is the first pass when this is the
 * recovery pass, else NULL. */
rf_status rf_load_pass(rf_template_set *set, const char *name, const char *buf, size_t len,
                       bool mapped, rf_diags *d, const rf_loader *first)
{
    rf_loader *ld = rf_calloc(1, sizeof *ld);
    size_t start = 0, errors0 = d ? rf_diags_errors(d) : 0;
    rf_status st = RF_OK;
    int r;
    if (!ld)
        return RF_ERR_NOMEM;
    ld->set = set;
    ld->d = d;
    ld->diags0 = first ? first->diags0 : d ? rf_diags_count(d) : 0;
    ld->recovering = first != NULL;
    ld->skip_rooms = first ? first->rooms_ended : 0;
    ld->file = name;
    ld->buf = buf;
    ld->len = len;
    ld->mapped = mapped;
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
        if (!ld->recovering && ld->syntax_line > 0 && rf_load_recover(ld) == RF_ERR_NOMEM)
            ld->nomem = true;
        goto done;
    }
    ld->afile = rf_arena_strndup(&set->arena, name, strlen(name));
    if (!ld->afile) {
        ld->nomem = true;
        goto done;
    }
    rf_xml_once();
    ld->rd = xmlReaderForMemory(buf, (int)len, name, "UTF-8", XML_PARSE_NONET | XML_PARSE_BIG_LINES);
    if (!ld->rd) {
        ld->nomem = true;
        goto done;
    }
    xmlTextReaderSetStructuredErrorHandler(ld->rd, on_xml_error, ld);
    while (!ld->nomem && !ld->fatal && (r = xmlTextReaderRead(ld->rd)) == 1) {
        int type = xmlTextReaderNodeType(ld->rd);
        int depth = xmlTextReaderDepth(ld->rd);
        if (type == XML_READER_TYPE_ELEMENT)
            on_start(ld, depth, xmlTextReaderIsEmptyElement(ld->rd) == 1);
        if (ld->mapped && ld->cur.pos > ld->dropped + DROP_STEP)
            drop_pages(ld);
        if (type == XML_READER_TYPE_END_ELEMENT)
            on_end(ld, depth);
        else if ((type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA ||
                  type == XML_READER_TYPE_WHITESPACE ||
                  type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE) &&
                 ld->in_script && ld->want_code && depth > 0 && ld->stack[depth - 1] == RF_EL_SCRIPT)
            rf_load_script_text(ld);
    }
    if (!ld->nomem && !ld->fatal && r < 0 && !ld->xml_reported)
        rf_load_emit(ld, "xml-syntax", xmlTextReaderGetParserLineNumber(ld->rd), 1, "malformed XML");
    report_held(ld);
    if (ld->in_room) /* cut by a syntax error: left out */
        rf_load_room_cut(ld);
    xmlFreeTextReader(ld->rd);
    if (!ld->recovering && !ld->nomem && ld->syntax_line > 0 && rf_load_recover(ld) == RF_ERR_NOMEM)
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

rf_status rf_template_set_load_buffer(rf_template_set *set, const char *name, const char *buf,
                                      size_t len, rf_diags *d)
{
    if (!set || !name || (!buf && len))
        return RF_ERR_ARG;
    return load_memory(set, name, buf ? buf : "", len, false, d);
}

static rf_status io_error(rf_diags *d, const char *path, const char *what)
{
    if (d)
        (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read: %s", what);
    return RF_ERR_IO;
}

rf_status rf_template_set_load_file(rf_template_set *set, const char *path, rf_diags *d)
{
    struct stat sb;
    void *map;
    rf_status st;
    int fd;
    if (!set || !path)
        return RF_ERR_ARG;
    fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY); /* a FIFO must not block */
    if (fd < 0)
        return io_error(d, path, strerror(errno));
    if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        close(fd);
        return io_error(d, path, "not a regular file");
    }
    if ((unsigned long long)sb.st_size > MAX_FILE) {
        close(fd);
        if (d)
            (void)rf_diag_add(d, "xml-limit", path, 1, 1, "the file is larger than %zu bytes",
                              MAX_FILE);
        return RF_ERR_CONTENT;
    }
    if (sb.st_size == 0) {
        close(fd);
        return load_memory(set, path, "", 0, false, d);
    }
    /* A private read-only mapping: pages behind the parser can be dropped. */
    map = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED) {
        int err = errno;
        close(fd);
        return err == ENOMEM ? RF_ERR_NOMEM : io_error(d, path, strerror(err));
    }
    close(fd);
    st = load_memory(set, path, map, (size_t)sb.st_size, true, d);
    munmap(map, (size_t)sb.st_size);
    return st;
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
    /* A file is loaded as itself; a directory's *.xml in byte order of names. */
    st = rf_fs_walk(path, ".xml", RF_FS_WALK_HIDDEN | RF_FS_WALK_FILE_OK, &files, &why);
    if (st == RF_ERR_IO || st == RF_ERR_LIMIT)
        return io_error(d, path, rf_fs_why(why));
    if (st != RF_OK)
        return st;
    for (i = 0; i < rf_fs_list_count(files) && st != RF_ERR_NOMEM; i++)
        st = worse(st, rf_template_set_load_file(set, rf_fs_list_at(files, i), d));
    rf_fs_list_free(files);
    return st;
}
