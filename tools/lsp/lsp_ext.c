/* tools/lsp/lsp_ext.c: where the extension types of --scripts are
 * registered, for completion and go to definition.
 *
 * Pipeline: CLI (roomforge lsp); completion offers the names, definition
 * jumps to them. Design: an index of the source, not a checker: each *.lua of
 * the folder (rf_fs_walk, name order) is read and every call
 * roomforge.condition("NAME" or roomforge.action("NAME" with a literal name
 * is one type at that name's line and column. Whether a type is really
 * registered stays lint's question (rf_lint_buffer runs the files); this
 * only says where to look. Read on each request: the files change as one types.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp.h"
#include "roomforge/fs.h"

#define EXT_FILE_MAX ((size_t)1 << 20)
#define EXT_MAX 4096

static const struct {
    const char *call;
    bool action;
} calls[] = {{"roomforge.condition(", false}, {"roomforge.action(", true}};

/* Adds the types text registers to *e; false when memory ran out. */
static bool scan_text(const char *path, const char *text, size_t len, lsp_ext **e, size_t *n,
                      size_t *cap)
{
    size_t p, k;
    for (p = 0; p < len; p++)
        for (k = 0; k < sizeof calls / sizeof calls[0]; k++) {
            size_t c = strlen(calls[k].call), q = p + c, v;
            char quote;
            int line, col;
            if (strncmp(text + p, calls[k].call, c) != 0)
                continue;
            while (q < len && (text[q] == ' ' || text[q] == '\t'))
                q++;
            if (q >= len || (text[q] != '"' && text[q] != '\''))
                continue;
            quote = text[q++];
            for (v = q; v < len && text[v] != quote && text[v] != '\n'; v++)
                ;
            if (v >= len || text[v] != quote || v == q || v - q >= sizeof(*e)->name ||
                *n >= EXT_MAX)
                continue;
            if (*n == *cap) {
                lsp_ext *g = realloc(*e, (*cap ? *cap * 2 : 16) * sizeof *g);
                if (!g)
                    return false;
                *e = g;
                *cap = *cap ? *cap * 2 : 16;
            }
            memset(&(*e)[*n], 0, sizeof **e);
            memcpy((*e)[*n].name, text + q, v - q);
            (*e)[*n].action = calls[k].action;
            lsp_linecol(text, len, q, &line, &col);
            (*e)[*n].line = line, (*e)[*n].col = col;
            if (!((*e)[(*n)++].path = strdup(path)))
                return false;
        }
    return true;
}

lsp_ext *lsp_ext_scan(const lsp_server *s, size_t *n)
{
    rf_fs_list *files = NULL;
    lsp_ext *e = NULL;
    size_t i, cap = 0;
    bool ok = true;
    *n = 0;
    if (!s->scripts_dir || rf_fs_walk(s->scripts_dir, ".lua", 0, &files, NULL) != RF_OK)
        return NULL;
    for (i = 0; ok && i < rf_fs_list_count(files); i++) {
        char *text = NULL;
        size_t len = 0;
        if (rf_fs_list_error(files, i) ||
            rf_fs_read(rf_fs_list_at(files, i), EXT_FILE_MAX, &text, &len, NULL) != RF_OK)
            continue; /* lint reports an unreadable extension file */
        ok = scan_text(rf_fs_list_at(files, i), text, len, &e, n, &cap);
        rf_fs_free(text);
    }
    rf_fs_list_free(files);
    if (!ok)
        lsp_log(s, "out of memory reading %s", s->scripts_dir);
    return e;
}

void lsp_ext_free(lsp_ext *e, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        free(e[i].path);
    free(e);
}
