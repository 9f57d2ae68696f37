/* engine/src/core/diag_write.c: the gcc, JSON and SARIF 2.1.0 writers of a sink.
 *
 * Pipeline: output; called by the CLI and any embedding game or CI.
 * Design: every writer prints in file, line, column order (found order for
 * ties), as a compiler does; gcc format shows the source line and a caret,
 * read back through a one-file cache; JSON and SARIF escape through json.c.
 * Every path printed is normalised (DESIGN 5: rooms/x.xml, never
 * rooms//x.xml or ./rooms/x.xml); a SARIF location is a URI reference
 * relative to %SRCROOT% (the working folder), or a file:// URI when the path
 * is absolute.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/fs.h"
#include "roomforge/diag.h"

#define SOURCE_MAX ((size_t)1 << 30) /* files larger than this get no caret */
#define PATH_CAP 4096                 /* paths longer than this are printed as they are */

/* file as printed: normalised into buf (cap PATH_CAP) when it fits; "" stays "". */
static const char *shown(const char *file, char *buf)
{
    size_t n = strlen(file);
    if (n == 0 || n >= PATH_CAP)
        return file;
    memcpy(buf, file, n + 1);
    return rf_fs_path_normalise(buf);
}

/* The sink's diagnostics in print order: sorted by file, line and column,
 * ties in found order. Without memory for the order, found order. */
typedef struct ranked {
    const rf_diag *g;
    size_t i; /* found order */
} ranked;

typedef struct order {
    const rf_diags *d;
    ranked *at; /* NULL: found order */
} order;

static int by_position(const void *a, const void *b)
{
    const ranked *p = a, *q = b;
    int c = strcmp(p->g->file, q->g->file);
    if (c)
        return c;
    if (p->g->line != q->g->line)
        return p->g->line < q->g->line ? -1 : 1;
    if (p->g->col != q->g->col)
        return p->g->col < q->g->col ? -1 : 1;
    return p->i < q->i ? -1 : p->i > q->i;
}

static void order_init(order *o, const rf_diags *d)
{
    size_t n = rf_diags_count(d), i;
    o->d = d;
    o->at = n > 1 ? rf_calloc(n, sizeof *o->at) : NULL;
    if (!o->at)
        return;
    for (i = 0; i < n; i++)
        o->at[i] = (ranked){rf_diags_at(d, i), i};
    qsort(o->at, n, sizeof *o->at, by_position);
}

static const rf_diag *order_at(const order *o, size_t i)
{
    return o->at ? o->at[i].g : rf_diags_at(o->d, i);
}

static void order_fini(order *o) { rf_free(o->at); }

typedef struct source {
    char *path;   /* the file cached, or NULL */
    char *text;   /* its bytes, NUL-terminated; NULL when unreadable */
    size_t len;
    size_t *lines; /* offsets of line starts */
    size_t nlines;
} source;

static void source_fini(source *s)
{
    rf_free(s->path);
    rf_free(s->text);
    rf_free(s->lines);
    memset(s, 0, sizeof *s);
}

static void source_load(source *s, const char *path)
{
    size_t i, cap = 0, n;
    if (s->path && strcmp(s->path, path) == 0)
        return;
    source_fini(s);
    s->path = rf_strdup(path);
    if (rf_fs_read(path, SOURCE_MAX, &s->text, &s->len, NULL) != RF_OK)
        return; /* no caret lines for this file */
    n = s->len;
    if (!rf_grow((void **)&s->lines, &cap, 1, sizeof *s->lines))
        goto fail;
    s->lines[s->nlines++] = 0;
    for (i = 0; i < n; i++) {
        if (s->text[i] != '\n')
            continue;
        if (!rf_grow((void **)&s->lines, &cap, s->nlines + 1, sizeof *s->lines))
            goto fail;
        s->lines[s->nlines++] = i + 1;
    }
    return;
fail:
    rf_free(s->text);
    rf_free(s->lines);
    s->text = NULL;
    s->lines = NULL;
    s->nlines = 0;
}

/* Writes s[0..n) (n SIZE_MAX: to its NUL) with every control character
 * escaped (\x1b; a newline as \n), tabs kept when keep_tab: nothing in a
 * message or a source line drives the terminal. Returns the columns it
 * took beyond one per character (for the caret). */
static size_t put_text(FILE *out, const char *s, size_t n, bool keep_tab)
{
    static const char hex[] = "0123456789abcdef";
    const char *end = n == (size_t)-1 ? s + strlen(s) : s + n;
    size_t extra = 0;
    while (s < end) {
        int k = rf_text_control(s);
        if (k == 0 || (keep_tab && *s == '\t')) {
            fputc(*s == '\0' ? ' ' : *s, out);
            s++;
            continue;
        }
        if (*s == '\n') {
            fputs("\\n", out);
        } else {
            int i;
            for (i = 0; i < k && s + i < end; i++)
                fprintf(out, "\\x%c%c", hex[(unsigned char)s[i] >> 4], hex[s[i] & 15]);
        }
        extra += (size_t)(k == 2 ? 7 : 3);
        s += k;
    }
    return extra;
}

/* Prints source line `line` and a caret under character column col. */
static void write_caret(FILE *out, const source *s, int line, int col, bool color)
{
    const char *p, *end;
    int c = 1;
    if (!s->text || line < 1 || (size_t)line > s->nlines)
        return;
    p = s->text + s->lines[line - 1];
    end = (size_t)line < s->nlines ? s->text + s->lines[line] : s->text + s->len;
    while (end > p && (end[-1] == '\n' || end[-1] == '\r'))
        end--;
    if (end - p > 4096) /* a minified file: no caret line worth printing */
        return;
    fputc(' ', out);
    put_text(out, p, (size_t)(end - p), true);
    fputs("\n ", out);
    for (const char *q = p; q < end && c < col; q++) {
        int k = rf_text_control(q);
        if (!rf_text_is_lead((unsigned char)*q)) /* continuation byte: same character */
            continue;
        if (k && *q != '\t') /* an escaped control: as wide as its escape */
            fputs(k == 2 ? "       " : "   ", out);
        fputc(*q == '\t' ? '\t' : ' ', out);
        c++;
    }
    fputs(color ? "\033[1;32m^\033[0m\n" : "^\n", out);
}

static const char *sev_color(rf_severity s)
{
    static const char *const colors[] = {"\033[1;36m", "\033[1;35m", "\033[1;31m"};
    return colors[s];
}

rf_status rf_diags_write_gcc(const rf_diags *d, FILE *out, unsigned flags)
{
    source src = {0};
    bool color = (flags & RF_DIAG_WRITE_COLOR) != 0;
    size_t i, n = rf_diags_count(d);
    order o;
    order_init(&o, d);
    for (i = 0; i < n; i++) {
        const rf_diag *g = order_at(&o, i);
        char path[PATH_CAP];
        if ((flags & RF_DIAG_WRITE_NO_NOTES) && g->severity == RF_SEV_NOTE)
            continue;
        if (color)
            fputs("\033[1m", out);
        put_text(out, shown(g->file, path), (size_t)-1, false);
        if (g->line > 0)
            fprintf(out, ":%d:%d: ", g->line, g->col);
        else
            fputs(": ", out);
        if (color)
            fprintf(out, "%s%s:\033[0m ", sev_color(g->severity), rf_severity_name(g->severity));
        else
            fprintf(out, "%s: ", rf_severity_name(g->severity));
        put_text(out, g->message, (size_t)-1, false);
        fprintf(out, " [%s]\n", g->code);
        if ((flags & RF_DIAG_WRITE_SOURCE) && g->line > 0) {
            source_load(&src, g->file);
            write_caret(out, &src, g->line, g->col, color);
        }
    }
    source_fini(&src);
    order_fini(&o);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

rf_status rf_diags_write_json(const rf_diags *d, FILE *out)
{
    size_t i, n = rf_diags_count(d);
    order o;
    order_init(&o, d);
    fputs("{\"diagnostics\":[", out);
    for (i = 0; i < n; i++) {
        const rf_diag *g = order_at(&o, i);
        char path[PATH_CAP];
        fputs(i ? ",{" : "{", out);
        rf_json_key(out, "file", 1);
        rf_json_string(out, shown(g->file, path));
        fprintf(out, ",\"line\":%d,\"column\":%d,", g->line, g->col);
        rf_json_key(out, "severity", 1);
        rf_json_string(out, rf_severity_name(g->severity));
        rf_json_key(out, "code", 0);
        rf_json_string(out, g->code);
        rf_json_key(out, "message", 0);
        rf_json_string(out, g->message);
        fputc('}', out);
    }
    fprintf(out, "],\"errors\":%zu,\"warnings\":%zu}\n", rf_diags_errors(d), rf_diags_warnings(d));
    order_fini(&o);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

/* A SARIF artifactLocation's members for path (normalised): a relative path
 * as a URI reference against %SRCROOT%, an absolute one as a file:// URI;
 * unreserved bytes and '/' kept, every other byte percent-encoded (so a ':'
 * in a first segment never reads as a scheme). */
static void write_location(FILE *out, const char *path)
{
    static const char keep[] = "-._~/";
    const unsigned char *p = (const unsigned char *)path;
    bool absolute = *p == '/';
    fputs(absolute ? "\"uri\":\"file://" : "\"uri\":\"", out);
    for (; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr(keep, *p))
            putc(*p, out);
        else
            fprintf(out, "%%%02X", *p);
    }
    putc('"', out);
    if (!absolute)
        fputs(",\"uriBaseId\":\"%SRCROOT%\"", out);
}

static const char *sarif_level(rf_severity s)
{
    static const char *const levels[] = {"note", "warning", "error"};
    return levels[s];
}

rf_status rf_diags_write_sarif(const rf_diags *d, FILE *out, const char *tool_version)
{
    size_t ncodes, i, j, n = rf_diags_count(d);
    const rf_diag_code *codes = rf_diag_codes(&ncodes);
    order o;
    order_init(&o, d);
    fputs("{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\","
          "\"runs\":[{\"tool\":{\"driver\":{\"name\":\"roomforge\",",
          out);
    rf_json_key(out, "version", 1);
    rf_json_string(out, tool_version ? tool_version : "0");
    fputs(",\"rules\":[", out);
    for (i = 0; i < ncodes; i++) {
        fputs(i ? ",{" : "{", out);
        rf_json_key(out, "id", 1);
        rf_json_string(out, codes[i].code);
        fputs(",\"shortDescription\":{\"text\":", out);
        rf_json_string(out, codes[i].help);
        fprintf(out, "},\"defaultConfiguration\":{\"level\":\"%s\",\"enabled\":%s}}",
                sarif_level(codes[i].severity), codes[i].enabled ? "true" : "false");
    }
    /* %SRCROOT%'s value is the folder lint ran in, left out (SARIF 3.14.14:
     * a base with no uri is one the tool does not state), so the log is the
     * same on every machine */
    fputs("]}},\"originalUriBaseIds\":{\"%SRCROOT%\":{\"description\":{\"text\":"
          "\"the working folder roomforge ran in\"}}},"
          "\"columnKind\":\"unicodeCodePoints\",\"results\":[",
          out);
    for (i = 0; i < n; i++) {
        const rf_diag *g = order_at(&o, i);
        char path[PATH_CAP];
        for (j = 0; j < ncodes && strcmp(codes[j].code, g->code) != 0; j++)
            ;
        fputs(i ? ",{" : "{", out);
        rf_json_key(out, "ruleId", 1);
        rf_json_string(out, g->code);
        if (j < ncodes)
            fprintf(out, ",\"ruleIndex\":%zu", j);
        fprintf(out, ",\"level\":\"%s\",\"message\":{\"text\":", sarif_level(g->severity));
        rf_json_string(out, g->message);
        fputs("},\"locations\":[{\"physicalLocation\":{\"artifactLocation\":{", out);
        write_location(out, shown(g->file, path));
        fputc('}', out);
        if (g->line > 0)
            fprintf(out, ",\"region\":{\"startLine\":%d,\"startColumn\":%d}", g->line, g->col);
        fputs("}}]}", out);
    }
    fputs("]}]}\n", out);
    order_fini(&o);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
