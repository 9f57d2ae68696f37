/* engine/src/pack/lint_fix.c: `lint --fix`: writes the certain did-you-means
 * of a lint run into the files they are about.
 *
 * Pipeline: pack, after rf_lint_paths (and the policy's filter); the CLI's
 * lint calls it, then lints again. Design: a fix names an attribute value in
 * the tag at the diagnostic's line:col and the exact text it holds now; the
 * file is read again, each fix is found in its bytes (UTF-8 columns) and
 * applied only when those bytes are still what lint saw, so a file edited in
 * between is never damaged. Only the value's bytes change; the file is
 * written beside itself and renamed over, keeping its mode.
 */
#define _DEFAULT_SOURCE 1 /* mkstemp, fchmod, fsync */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/seam.h"
#include "roomforge/fs.h"
#include "roomforge/lint.h"

#define MAX_FIXED_FILE (64u << 20)

typedef struct edit { /* one fix found in a file's bytes */
    size_t at, len;   /* the value's bytes */
    const char *to;
} edit;

/* Byte offset of line:col (1-based, a UTF-8 sequence one column) in text,
 * or (size_t)-1 when the file has no such place. */
static size_t offset_of(const char *text, size_t len, int line, int col)
{
    size_t p = 0;
    int l = 1, c = 1;
    while (l < line) {
        const char *nl = memchr(text + p, '\n', len - p);
        if (!nl)
            return (size_t)-1;
        p = (size_t)(nl - text) + 1;
        l++;
    }
    while (c < col && p < len && text[p] != '\n') {
        p++;
        while (p < len && ((unsigned char)text[p] & 0xC0) == 0x80)
            p++;
        c++;
    }
    return c == col ? p : (size_t)-1;
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Finds, in the tag that starts (with '<') or stands at p, the value of the
 * attribute named attr; *vat and *vlen its bytes between the quotes. */
static bool find_value(const char *text, size_t len, size_t p, const char *attr, size_t *vat,
                       size_t *vlen)
{
    size_t n = strlen(attr);
    if (p < len && text[p] == '<')
        for (p++; p < len && !blank(text[p]) && text[p] != '>' && text[p] != '/'; p++)
            ;
    for (;;) {
        size_t name, nlen;
        char q;
        while (p < len && blank(text[p]))
            p++;
        if (p >= len || text[p] == '>' || text[p] == '/' || text[p] == '<')
            return false;
        for (name = p; p < len && !blank(text[p]) && text[p] != '=' && text[p] != '>'; p++)
            ;
        nlen = p - name;
        while (p < len && blank(text[p]))
            p++;
        if (p >= len || text[p] != '=')
            return false;
        for (p++; p < len && blank(text[p]); p++)
            ;
        if (p >= len || (text[p] != '"' && text[p] != '\''))
            return false;
        q = text[p++];
        *vat = p;
        while (p < len && text[p] != q && text[p] != '<')
            p++;
        if (p >= len || text[p] != q)
            return false;
        *vlen = p - *vat;
        p++;
        if (nlen == n && memcmp(text + name, attr, n) == 0)
            return true;
    }
}

bool rf_lint_fix_span(const rf_diag *g, const char *text, size_t len, size_t *at, size_t *vlen)
{
    size_t p;
    if (!g || !g->fix_attr || !g->fix_from || !g->fix_to || !text)
        return false;
    p = offset_of(text, len, g->line, g->col);
    /* the bytes must still be what lint read; else the fix is left */
    return p != (size_t)-1 && find_value(text, len, p, g->fix_attr, at, vlen) &&
           *vlen == strlen(g->fix_from) && memcmp(text + *at, g->fix_from, *vlen) == 0 &&
           !strpbrk(g->fix_to, "\"'<>&");
}

static int by_offset(const void *a, const void *b)
{
    const edit *x = a, *y = b;
    return x->at < y->at ? -1 : x->at > y->at;
}

/* Writes bytes over path: a file beside it, flushed, renamed over it, with
 * path's mode. errno value, or 0. */
static int replace_file(const char *path, const char *bytes, size_t len)
{
    char tmp[4096];
    struct stat st;
    int fd, err = 0;
    size_t done = 0;
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path) + 1 : 0;
    if (stat(path, &st) != 0)
        return errno;
    if (snprintf(tmp, sizeof tmp, "%.*s.%s.fix-XXXXXX", dirlen, path, slash ? slash + 1 : path) >=
        (int)sizeof tmp)
        return ENAMETOOLONG;
    fd = mkstemp(tmp);
    if (fd < 0)
        return errno;
    while (done < len && !err) {
        ssize_t w = write(fd, bytes + done, len - done);
        if (w > 0)
            done += (size_t)w;
        else if (w < 0 && errno != EINTR)
            err = errno;
        else if (w == 0)
            err = EIO;
    }
    if (!err && fchmod(fd, st.st_mode & 07777) != 0)
        err = errno;
    if (!err && fsync(fd) != 0)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err)
        (void)unlink(tmp);
    return err;
}

/* The fixes of d about file whose bytes in text are still what lint read,
 * in edits by offset, one a value (the first wins); their count. */
static size_t find_edits(const rf_diags *d, const char *file, const char *text, size_t len,
                         edit *edits)
{
    size_t i, n = 0, k, w;
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        size_t vat, vlen;
        /* the bytes must still be what lint read; else the fix is left */
        if (!g->fix_attr || strcmp(g->file, file) != 0 ||
            !rf_lint_fix_span(g, text, len, &vat, &vlen))
            continue;
        edits[n].at = vat;
        edits[n].len = vlen;
        edits[n++].to = g->fix_to;
    }
    qsort(edits, n, sizeof *edits, by_offset);
    for (k = w = 0; k < n; k++) /* one fix a value: the first wins */
        if (w == 0 || edits[k].at >= edits[w - 1].at + edits[w - 1].len)
            edits[w++] = edits[k];
    return w;
}

/* Writes text with its n edits made over file; *applied counts them. */
static rf_status write_fixes(const char *file, const char *text, size_t len, const edit *edits,
                             size_t n, rf_diags *report, size_t *applied)
{
    size_t k, grow = 0, from = 0, o = 0;
    rf_status st = RF_OK;
    char *out;
    int err;
    for (k = 0; k < n; k++)
        grow += strlen(edits[k].to);
    if (!(out = rf_alloc(len + grow + 1)))
        return RF_ERR_NOMEM;
    for (k = 0; k < n; k++) {
        size_t tl = strlen(edits[k].to);
        memcpy(out + o, text + from, edits[k].at - from);
        o += edits[k].at - from;
        memcpy(out + o, edits[k].to, tl);
        o += tl;
        from = edits[k].at + edits[k].len;
    }
    memcpy(out + o, text + from, len - from);
    o += len - from;
    if ((err = replace_file(file, out, o)) != 0) {
        (void)rf_diag_add(report, "io-error", file, 0, 0, "cannot write the fixes: %s",
                          strerror(err));
        st = RF_ERR_IO;
    } else {
        *applied += n;
    }
    rf_free(out);
    return st;
}

/* Applies the fixes of d about file; *applied counts them. */
static rf_status fix_file(const rf_diags *d, const char *file, rf_diags *report, size_t *applied)
{
    char *text = NULL;
    size_t len = 0, n;
    edit *edits;
    int why = 0;
    rf_status st = rf_fs_read(file, MAX_FIXED_FILE, &text, &len, &why);
    if (st == RF_ERR_NOMEM)
        return st;
    if (st != RF_OK) {
        (void)rf_diag_add(report, "io-error", file, 0, 0, "cannot read it to fix it: %s",
                          rf_fs_why(why));
        return RF_ERR_IO;
    }
    edits = rf_calloc(rf_diags_count(d) + 1, sizeof *edits);
    if (!edits) {
        rf_fs_free(text);
        return RF_ERR_NOMEM;
    }
    n = find_edits(d, file, text, len, edits);
    if (n)
        st = write_fixes(file, text, len, edits, n, report, applied);
    rf_free(edits);
    rf_fs_free(text);
    return st;
}

rf_status rf_lint_fix(const rf_diags *d, rf_diags *report, size_t *fixed, size_t *files)
{
    size_t i, j, applied = 0, touched = 0;
    rf_status worst = RF_OK;
    if (!d)
        return RF_ERR_ARG;
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        size_t before = applied;
        rf_status st;
        bool seen = false;
        if (!g->fix_attr)
            continue;
        for (j = 0; j < i && !seen; j++) /* each file once, at its first fix */
            seen = rf_diags_at(d, j)->fix_attr && strcmp(rf_diags_at(d, j)->file, g->file) == 0;
        if (seen)
            continue;
        st = fix_file(d, g->file, report, &applied);
        if (st == RF_ERR_NOMEM)
            return st;
        if (st != RF_OK)
            worst = st;
        touched += applied > before;
    }
    if (fixed)
        *fixed = applied;
    if (files)
        *files = touched;
    return worst;
}
