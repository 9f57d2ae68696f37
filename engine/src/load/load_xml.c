/* engine/src/load_xml.c: the rooms.xml loader: reads a file, buffer or
 * directory with libxml2's streaming reader.
 *
 * Pipeline: load; reads a rooms.xml file, buffer or directory, produces
 * rf_templates in an rf_template_set (load_room.c builds them and calls
 * rf_template_check on each room).
 * Design: the raw bytes pass load_prescan.c, then xmlTextReader streams them
 * (NONET | BIG_LINES, never NOENT/DTDLOAD/HUGE); each start tag is matched
 * against the grammar and handed to load_attrs.c, then load_room.c or
 * load_script.c, while load_cursor.c keeps the raw position in step. A file
 * is mapped read-only and the pages well behind the cursor are dropped, so
 * peak memory is the templates plus a few MB (under 3x a 50 MB file, see
 * tools/bench/bench_load.c).
 */
#define _DEFAULT_SOURCE 1 /* madvise */
#include <dirent.h>
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

#include "alloc_int.h"
#include "grammar_int.h"
#include "load_int.h"

#define MAX_FILE ((size_t)1 << 30)  /* bytes; below libxml2's int length */
#define DROP_STEP ((size_t)2 << 20) /* bytes between page drops */
#define IGNORED (-1)                /* stack mark: a subtree being skipped */

/* Handles the start tag the reader stands on. */
static void on_start(rf_loader *L, int depth, bool empty)
{
    const char *tag = (const char *)xmlTextReaderConstName(L->rd);
    char key[RF_LOAD_KEY_CAP];
    const rf_gelem_spec *spec;
    int parent;
    rf_load_sync_tag(L);
    if (!tag)
        tag = "";
    if (depth >= RF_LOAD_MAX_DEPTH) {
        rf_load_emit(L, "xml-limit", L->el_line, L->el_col, "elements nested deeper than %d",
                     RF_LOAD_MAX_DEPTH);
        L->fatal = true;
        return;
    }
    parent = depth == 0 ? -2 : L->stack[depth - 1];
    L->stack[depth] = IGNORED;
    if (parent == IGNORED)
        return;
    spec = rf_name_key(tag, key, sizeof key) ? rf_grammar_elem(key) : NULL;
    if (depth == 0) {
        if (!spec || spec->kind != RF_EL_ROOMDB) {
            rf_load_emit(L, "not-roomdb", L->el_line, L->el_col,
                         "the root element is <%.60s>, not <roomdb>", tag);
            L->fatal = true;
            return;
        }
    } else if (!spec || spec->kind == RF_EL_ROOMDB || (int)spec->parent != parent) {
        rf_load_emit(L, "unknown-element", L->el_line, L->el_col,
                     "<%.60s> is not known here; it is ignored", tag);
        return;
    }
    if (spec->kind == RF_EL_ROOM && L->rooms_seen++ < L->skip_rooms)
        return; /* the first pass loaded it: ignored like an unknown subtree */
    L->stack[depth] = (int)spec->kind;
    rf_load_take_attrs(L, spec, tag);
    if (L->nomem)
        return;
    switch (spec->kind) {
    case RF_EL_ROOMDB: break;
    case RF_EL_ROOM:
        rf_load_room_start(L);
        rf_load_check_required(L, spec, tag);
        break;
    case RF_EL_ROW:
        rf_load_check_required(L, spec, tag);
        rf_load_row_start(L);
        break;
    case RF_EL_FLAGS: rf_load_flags_start(L); break;
    case RF_EL_OBJECT: rf_load_object_start(L, spec, tag); break;
    case RF_EL_SCRIPT: rf_load_script_start(L); break;
    case RF_EL_CONDITION: rf_load_clause_start(L, true, tag); break;
    case RF_EL_ACTION: rf_load_clause_start(L, false, tag); break;
    }
    if (empty) {
        if (spec->kind == RF_EL_SCRIPT)
            rf_load_script_end(L);
        else if (spec->kind == RF_EL_ROOM)
            rf_load_room_end(L);
    }
}

static void on_end(rf_loader *L, int depth)
{
    if (depth < 0 || depth >= RF_LOAD_MAX_DEPTH)
        return;
    if (L->stack[depth] == RF_EL_SCRIPT)
        rf_load_script_end(L);
    else if (L->stack[depth] == RF_EL_ROOM)
        rf_load_room_end(L);
}

static void on_xml_error(void *ctx, xmlErrorPtr e)
{
    rf_loader *L = ctx;
    char msg[300];
    size_t n;
    const char *code = "xml-syntax";
    if (!e || e->level == XML_ERR_WARNING || e->level == XML_ERR_NONE)
        return;
    snprintf(msg, sizeof msg, "%s", e->message ? e->message : "malformed XML");
    n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        msg[--n] = '\0';
    if (strstr(msg, "depth") || strstr(msg, "Excessive") || strstr(msg, "too large") ||
        strstr(msg, "huge"))
        code = "xml-limit";
    /* The reader still hands over the nodes parsed before the error (it
     * parses ahead), so the loop goes on until it says -1. */
    if (L->xml_reported && e->level == XML_ERR_FATAL)
        return; /* one fatal error per file: libxml2 repeats itself */
    L->xml_reported = true;
    if (e->level == XML_ERR_FATAL && strcmp(code, "xml-syntax") == 0)
        L->syntax_line = e->line > 0 ? e->line : 1;
    rf_load_emit(L, code, e->line > 0 ? e->line : 1, e->int2 > 0 ? e->int2 : 1, "%s", msg);
}

/* Gives the pages of a file mapping well behind the cursor back to the
 * kernel, so a big file costs little resident memory; they are read again
 * from the file should anything look back (value_cells does, within a room). */
static void drop_pages(rf_loader *L)
{
    long page = sysconf(_SC_PAGESIZE);
    size_t upto = L->cur.pos - DROP_STEP / 2;
    if (page <= 0)
        return;
    upto -= upto % (size_t)page;
    if (upto > L->dropped)
        (void)madvise((void *)(uintptr_t)L->buf, upto, MADV_DONTNEED); /* advice only */
    L->dropped = upto;
}

static void loader_fini(rf_loader *L)
{
    rf_free(L->sbuf);
    rf_free(L->rows);
    rf_free(L->objs);
    rf_free(L->scripts);
    rf_free(L->conds);
    rf_free(L->acts);
    rf_free(L->code);
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
    rf_loader *L = rf_calloc(1, sizeof *L);
    size_t start = 0, errors0 = d ? rf_diags_errors(d) : 0;
    rf_status st = RF_OK;
    int r;
    if (!L)
        return RF_ERR_NOMEM;
    L->set = set;
    L->d = d;
    L->diags0 = first ? first->diags0 : d ? rf_diags_count(d) : 0;
    L->recovering = first != NULL;
    L->skip_rooms = first ? first->rooms_ended : 0;
    L->file = name;
    L->buf = buf;
    L->len = len;
    L->mapped = mapped;
    L->cur.line = L->cur.col = 1;
    if (len >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
        start = 3;
    L->cur.pos = start;
    if (len > MAX_FILE) {
        rf_load_emit(L, "xml-limit", 1, 1, "the file is larger than %zu bytes", MAX_FILE);
        goto done;
    }
    if (len == start) {
        rf_load_emit(L, "xml-syntax", 1, 1, "the file is empty");
        goto done;
    }
    if (!rf_load_prescan(L, start))
        goto done;
    L->afile = rf_arena_strndup(&set->arena, name, strlen(name));
    if (!L->afile) {
        L->nomem = true;
        goto done;
    }
    L->rd = xmlReaderForMemory(buf, (int)len, name, "UTF-8", XML_PARSE_NONET | XML_PARSE_BIG_LINES);
    if (!L->rd) {
        L->nomem = true;
        goto done;
    }
    xmlTextReaderSetStructuredErrorHandler(L->rd, on_xml_error, L);
    while (!L->nomem && !L->fatal && (r = xmlTextReaderRead(L->rd)) == 1) {
        int type = xmlTextReaderNodeType(L->rd);
        int depth = xmlTextReaderDepth(L->rd);
        if (type == XML_READER_TYPE_ELEMENT)
            on_start(L, depth, xmlTextReaderIsEmptyElement(L->rd) == 1);
        if (L->mapped && L->cur.pos > L->dropped + DROP_STEP)
            drop_pages(L);
        if (type == XML_READER_TYPE_END_ELEMENT)
            on_end(L, depth);
        else if ((type == XML_READER_TYPE_TEXT || type == XML_READER_TYPE_CDATA ||
                  type == XML_READER_TYPE_WHITESPACE ||
                  type == XML_READER_TYPE_SIGNIFICANT_WHITESPACE) &&
                 L->in_script && L->want_code && depth > 0 && L->stack[depth - 1] == RF_EL_SCRIPT)
            rf_load_script_text(L);
    }
    if (!L->nomem && !L->fatal && r < 0 && !L->xml_reported)
        rf_load_emit(L, "xml-syntax", xmlTextReaderGetParserLineNumber(L->rd), 1, "malformed XML");
    if (L->in_room)
        rf_arena_rewind(&set->arena, L->mark);
    xmlFreeTextReader(L->rd);
    if (!L->recovering && !L->nomem && L->syntax_line > 0 && rf_load_recover(L) == RF_ERR_NOMEM)
        L->nomem = true;
done:
    if (L->nomem)
        st = RF_ERR_NOMEM;
    else if (L->file_errors || (d && rf_diags_errors(d) > errors0))
        st = RF_ERR_CONTENT;
    loader_fini(L);
    rf_free(L);
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
    fd = open(path, O_RDONLY);
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

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
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
    struct stat sb;
    DIR *dir;
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    rf_status st = RF_OK;
    if (!set || !path)
        return RF_ERR_ARG;
    if (stat(path, &sb) != 0)
        return io_error(d, path, strerror(errno));
    if (!S_ISDIR(sb.st_mode))
        return rf_template_set_load_file(set, path, d);
    dir = opendir(path);
    if (!dir)
        return io_error(d, path, strerror(errno));
    while ((e = readdir(dir)) != NULL) {
        size_t len = strlen(e->d_name);
        char *full;
        if (len < 5 || strcmp(e->d_name + len - 4, ".xml") != 0)
            continue;
        full = rf_alloc(strlen(path) + len + 2);
        if (!full || !rf_grow((void **)&names, &cap, n + 1, sizeof *names)) {
            rf_free(full);
            st = RF_ERR_NOMEM;
            break;
        }
        sprintf(full, "%s/%s", path, e->d_name);
        names[n++] = full;
    }
    closedir(dir);
    if (st == RF_OK) {
        qsort(names, n, sizeof *names, cmp_names);
        for (i = 0; i < n && st != RF_ERR_NOMEM; i++) {
            struct stat fb;
            if (stat(names[i], &fb) != 0 || !S_ISREG(fb.st_mode))
                continue;
            st = worse(st, rf_template_set_load_file(set, names[i], d));
        }
    }
    for (i = 0; i < n; i++)
        rf_free(names[i]);
    rf_free(names);
    return st;
}
