/* engine/src/pack/lint_policy.c: what a project tells lint to leave out:
 * inline suppression comments, paths to ignore, a baseline of known findings.
 *
 * Pipeline: pack, after rf_lint_paths; the CLI's lint filters its findings
 * through rf_lint_policy_apply before writing them. Design: a filter over
 * finished diagnostics, so every check (loader, room checks, scripts, trial
 * levels) is suppressed the same way; each file named is read once for its
 * `<!-- roomforge: disable-next-line CODE... -->` comments (CDATA skipped),
 * an editor's unsaved buffer in place of the file (rf_lint_policy_buffer).
 * A baseline is a multiset of (file, code, message): each entry hides one
 * finding, so a second copy of a known mistake still shows.
 */
#define _DEFAULT_SOURCE 1 /* realpath */
#include <fnmatch.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "lint_policy_int.h"
#include "roomforge/fs.h"
#include "roomforge/lint.h"

#define MAX_SCANNED (64u << 20) /* a file larger than this carries no suppressions */
#define MAX_BASELINE (256u << 20)

rf_lint_policy *rf_lint_policy_new(void)
{
    rf_lint_policy *p = rf_calloc(1, sizeof *p);
    if (p)
        p->werror = -1;
    return p;
}

void rf_lint_policy_free(rf_lint_policy *p)
{
    size_t i, j;
    if (!p)
        return;
    for (i = 0; i < p->nfiles; i++) {
        for (j = 0; j < p->files[i].n; j++)
            rf_free(p->files[i].h[j].codes);
        rf_free(p->files[i].h);
        rf_free(p->files[i].file);
    }
    rf_free(p->files);
    for (i = 0; i < p->nglobs; i++)
        rf_free(p->globs[i]);
    rf_free(p->globs);
    for (i = 0; i < p->nbase; i++)
        rf_free(p->base[i].key);
    rf_free(p->base);
    rf_lint_policy_conf_fini(p);
    rf_free(p);
}

/* ---- ignored paths ---- */

rf_status rf_lint_policy_ignore(rf_lint_policy *p, const char *root, const char *glob)
{
    size_t lr, lg;
    char **grown, *both;
    if (!p || !root || !glob || !*glob)
        return RF_ERR_ARG;
    lr = strlen(root);
    lg = strlen(glob);
    grown = rf_realloc(p->globs, (p->nglobs + 1) * sizeof *grown);
    if (!grown)
        return RF_ERR_NOMEM;
    p->globs = grown;
    both = rf_alloc(lr + lg + 2);
    if (!both)
        return RF_ERR_NOMEM;
    memcpy(both, root, lr + 1);
    memcpy(both + lr + 1, glob, lg + 1);
    p->globs[p->nglobs++] = both;
    return RF_OK;
}

/* file relative to root when it lies below it (both resolved), else NULL;
 * the result points into buf. */
static const char *below(const char *root, const char *file, char *buf)
{
    char r[PATH_MAX];
    size_t n;
    if (!realpath(root, r) || !realpath(file, buf))
        return NULL;
    n = strlen(r);
    if (strncmp(buf, r, n) != 0 || (buf[n] != '/' && !(n == 1 && r[0] == '/')))
        return NULL;
    return buf + n + (r[n - 1] == '/' ? 0 : 1);
}

/* A pattern matches a path below its root by fnmatch(3) with FNM_PATHNAME,
 * or as a folder: "rooms/wip" and "rooms/wip/" hide everything under it. */
static bool ignored(const rf_lint_policy *p, const char *file)
{
    char buf[PATH_MAX];
    size_t i;
    for (i = 0; i < p->nglobs; i++) {
        const char *root = p->globs[i], *glob = root + strlen(root) + 1;
        const char *rel = below(root, file, buf);
        size_t n = strlen(glob);
        if (!rel)
            continue;
        if (fnmatch(glob, rel, FNM_PATHNAME) == 0)
            return true;
        while (n > 0 && glob[n - 1] == '/')
            n--;
        if (n > 0 && strncmp(rel, glob, n) == 0 && rel[n] == '/')
            return true;
    }
    return false;
}

/* ---- suppression comments ---- */

static bool add_hush(rf_lint_scanned *s, int line, const char *codes, size_t len)
{
    rf_lint_hush *grown;
    char *c;
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 8;
        grown = rf_realloc(s->h, cap * sizeof *grown);
        if (!grown)
            return false;
        s->h = grown;
        s->cap = cap;
    }
    c = rf_alloc(len + 1);
    if (!c)
        return false;
    memcpy(c, codes, len);
    c[len] = '\0';
    for (char *q = c; *q; q++) /* commas and blanks both separate codes */
        if (*q == ',' || *q == '\t' || *q == '\n' || *q == '\r')
            *q = ' ';
    s->h[s->n].line = line;
    s->h[s->n].codes = c;
    s->n++;
    return true;
}

static int lines_in(const char *a, const char *b)
{
    int n = 0;
    for (; a < b; a++)
        n += *a == '\n';
    return n;
}

/* Reports a suppression's codes that name no diagnostic code. */
static void check_codes(const char *file, int line, const char *codes, rf_diags *d)
{
    const char *p = codes;
    char word[96];
    while (*p) {
        size_t n;
        while (*p == ' ')
            p++;
        n = strcspn(p, " ");
        if (n == 0)
            break;
        if (n < sizeof word) {
            memcpy(word, p, n);
            word[n] = '\0';
            if (!rf_diag_code_find(word)) {
                size_t count, i;
                const rf_diag_code *all = rf_diag_codes(&count);
                rf_text_near near;
                rf_text_near_init(&near, word);
                for (i = 0; i < count; i++)
                    rf_text_near_try(&near, all[i].code);
                (void)rf_diag_add(d, "unknown-suppression", file, line, 1,
                                  "disable-next-line names '%s', which is no diagnostic code%s%s%s",
                                  word, near.pick ? "; did you mean '" : "",
                                  near.pick ? near.pick : "", near.pick ? "'?" : "");
            }
        }
        p += n;
    }
}

/* Reads the comments of one file's text: `roomforge: disable-next-line
 * [CODE...]` hides the line after the comment's end. */
static bool scan_text(rf_lint_scanned *s, const char *text, size_t len, rf_diags *d)
{
    static const char tag[] = "roomforge:", verb[] = "disable-next-line";
    const char *p, *end;
    int line = 1;
    p = text;
    end = text + len;
    while (p < end) {
        const char *open = strstr(p, "<");
        const char *close, *body;
        if (!open)
            break;
        line += lines_in(p, open);
        if (strncmp(open, "<![CDATA[", 9) == 0) {
            close = strstr(open, "]]>");
            if (!close)
                break;
            line += lines_in(open, close);
            p = close + 3;
            continue;
        }
        if (strncmp(open, "<!--", 4) != 0) {
            p = open + 1;
            continue;
        }
        close = strstr(open + 4, "-->");
        if (!close)
            break;
        body = open + 4;
        while (body < close && (*body == ' ' || *body == '\t' || *body == '\n' || *body == '\r'))
            body++;
        if ((size_t)(close - body) >= sizeof tag - 1 && strncmp(body, tag, sizeof tag - 1) == 0) {
            const char *v = body + sizeof tag - 1, *codes, *stop = close;
            int at = line + lines_in(open, close);
            while (v < close && strchr(" \t\r\n", *v))
                v++;
            if ((size_t)(close - v) >= sizeof verb - 1 && strncmp(v, verb, sizeof verb - 1) == 0 &&
                (v + sizeof verb - 1 == close || strchr(" \t\r\n", v[sizeof verb - 1]))) {
                codes = v + sizeof verb - 1;
                while (stop > codes && strchr(" \t\r\n", stop[-1]))
                    stop--;
                while (codes < stop && strchr(" \t\r\n", *codes))
                    codes++;
                if (!add_hush(s, at + 1, codes, (size_t)(stop - codes)))
                    return false;
                check_codes(s->file, line + lines_in(open, v), s->h[s->n - 1].codes, d);
            }
        }
        line += lines_in(open, close);
        p = close + 3;
    }
    return true;
}

/* The file's text: the buffer rf_lint_policy_buffer gave, else the disk's. */
static bool scan_file(const rf_lint_policy *p, rf_lint_scanned *s, rf_diags *d)
{
    char *text = NULL;
    size_t len = 0;
    bool ok;
    if (p->buf_file && strcmp(p->buf_file, s->file) == 0)
        return scan_text(s, p->buf_text, p->buf_len, d);
    if (rf_fs_read(s->file, MAX_SCANNED, &text, &len, NULL) != RF_OK)
        return true; /* nothing to read: nothing suppressed (the read error is lint's to say) */
    ok = scan_text(s, text, len, d);
    rf_fs_free(text);
    return ok;
}

/* Forgets what was read of file (its comments are read again when next needed). */
static void forget_file(rf_lint_policy *p, const char *file)
{
    size_t i, j;
    for (i = 0; i < p->nfiles; i++)
        if (strcmp(p->files[i].file, file) == 0) {
            for (j = 0; j < p->files[i].n; j++)
                rf_free(p->files[i].h[j].codes);
            rf_free(p->files[i].h);
            rf_free(p->files[i].file);
            p->files[i] = p->files[--p->nfiles];
            return;
        }
}

rf_status rf_lint_policy_buffer(rf_lint_policy *p, const char *file, const char *text, size_t len)
{
    if (!p || !file || (!text && len))
        return RF_ERR_ARG;
    forget_file(p, file);
    if (p->buf_file)
        forget_file(p, p->buf_file);
    p->buf_file = text ? file : NULL;
    p->buf_text = text ? text : NULL;
    p->buf_len = text ? len : 0;
    return RF_OK;
}

static rf_lint_scanned *file_of(rf_lint_policy *p, const char *file, rf_diags *d, bool *nomem)
{
    size_t i;
    rf_lint_scanned *s;
    for (i = 0; i < p->nfiles; i++)
        if (strcmp(p->files[i].file, file) == 0)
            return &p->files[i];
    if (p->nfiles == p->files_cap) {
        size_t cap = p->files_cap ? p->files_cap * 2 : 8;
        rf_lint_scanned *grown = rf_realloc(p->files, cap * sizeof *grown);
        if (!grown) {
            *nomem = true;
            return NULL;
        }
        p->files = grown;
        p->files_cap = cap;
    }
    s = &p->files[p->nfiles];
    memset(s, 0, sizeof *s);
    s->file = rf_strdup(file);
    if (!s->file) {
        *nomem = true;
        return NULL;
    }
    p->nfiles++;
    if (!scan_file(p, s, d))
        *nomem = true;
    return s;
}

static bool names_code(const char *codes, const char *code)
{
    size_t n = strlen(code);
    const char *q = codes;
    if (!*codes)
        return true;
    while ((q = strstr(q, code)) != NULL) {
        if ((q == codes || q[-1] == ' ') && (q[n] == ' ' || q[n] == '\0'))
            return true;
        q += n;
    }
    return false;
}

static bool hushed(const rf_lint_scanned *s, const rf_diag *g)
{
    size_t i;
    for (i = 0; s && i < s->n; i++)
        if (s->h[i].line == g->line && names_code(s->h[i].codes, g->code))
            return true;
    return false;
}

/* ---- the baseline ---- */

/* path normalised (rf_fs_path_normalise) into buf, NULL when it does not
 * fit (the path is then compared as it is). */
static const char *normal_path(const char *path, char *buf, size_t cap)
{
    size_t n = strlen(path);
    if (n >= cap)
        return NULL;
    memcpy(buf, path, n + 1);
    return rf_fs_path_normalise(buf);
}

static char *key_of(const char *file, const char *code, const char *message)
{
    size_t a = strlen(file), b = strlen(code), c = strlen(message);
    char *k = rf_alloc(a + b + c + 3);
    if (!k)
        return NULL;
    memcpy(k, file, a);
    k[a] = '\n';
    memcpy(k + a + 1, code, b);
    k[a + 1 + b] = '\n';
    memcpy(k + a + b + 2, message, c + 1);
    return k;
}

static int by_key(const void *a, const void *b)
{
    return strcmp(((const rf_lint_known *)a)->key, ((const rf_lint_known *)b)->key);
}

static rf_status bad_baseline(rf_diags *d, const char *path, const char *why)
{
    (void)rf_diag_add(d, "baseline-bad", path, 0, 0, "the baseline cannot be used: %s", why);
    return RF_ERR_CONTENT;
}

/* Reads one diagnostic object of the baseline into p->base. */
static rf_status take_entry(rf_lint_policy *p, json_object *o)
{
    json_object *f, *c, *m;
    const char *file;
    char norm[PATH_MAX];
    if (!json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, "file", &f) ||
        !json_object_object_get_ex(o, "code", &c) || !json_object_object_get_ex(o, "message", &m) ||
        !json_object_is_type(f, json_type_string) || !json_object_is_type(c, json_type_string) ||
        !json_object_is_type(m, json_type_string))
        return RF_ERR_CONTENT;
    file = normal_path(json_object_get_string(f), norm, sizeof norm);
    p->base[p->nbase].key =
        key_of(file ? file : json_object_get_string(f), json_object_get_string(c),
               json_object_get_string(m));
    if (!p->base[p->nbase].key)
        return RF_ERR_NOMEM;
    p->base[p->nbase].left = 1;
    p->nbase++;
    return RF_OK;
}

/* Reads the baseline's list into p->base, stopping at the first entry that
 * fails (RF_ERR_CONTENT: it lacks its file, code or message). */
static rf_status take_list(rf_lint_policy *p, json_object *list)
{
    size_t n = json_object_array_length(list), i;
    rf_status st = RF_OK;
    rf_lint_known *grown = rf_realloc(p->base, (p->nbase + n + 1) * sizeof *grown);
    if (!grown)
        return RF_ERR_NOMEM;
    p->base = grown;
    for (i = 0; i < n && st == RF_OK; i++)
        st = take_entry(p, json_object_array_get_idx(list, i));
    return st;
}

/* Sorts p->base; equal keys fold into one entry with a count. */
static void fold_keys(rf_lint_policy *p)
{
    size_t i, w;
    qsort(p->base, p->nbase, sizeof *p->base, by_key);
    for (i = w = 0; i < p->nbase; i++) {
        if (w > 0 && strcmp(p->base[w - 1].key, p->base[i].key) == 0) {
            p->base[w - 1].left++;
            rf_free(p->base[i].key);
        } else {
            p->base[w++] = p->base[i];
        }
    }
    p->nbase = w;
}

rf_status rf_lint_policy_baseline(rf_lint_policy *p, const char *path, rf_diags *d)
{
    char *text = NULL;
    size_t len = 0;
    json_tokener *tok;
    json_object *root, *list;
    rf_status st;
    int why = 0;
    if (!p || !path)
        return RF_ERR_ARG;
    switch (rf_fs_read(path, MAX_BASELINE, &text, &len, &why)) {
    case RF_OK: break;
    case RF_ERR_NOMEM: return RF_ERR_NOMEM;
    case RF_ERR_LIMIT: return bad_baseline(d, path, "it is larger than 256 MiB");
    default: return bad_baseline(d, path, rf_fs_why(why));
    }
    tok = json_tokener_new_ex(64);
    if (!tok) {
        rf_fs_free(text);
        return RF_ERR_NOMEM;
    }
    root = json_tokener_parse_ex(tok, text, (int)len);
    if (!root || json_tokener_get_error(tok) != json_tokener_success ||
        json_tokener_get_parse_end(tok) != len) {
        json_object_put(root);
        json_tokener_free(tok);
        rf_fs_free(text);
        return bad_baseline(d, path, "it is not JSON (save it with roomforge lint --format json)");
    }
    json_tokener_free(tok);
    rf_fs_free(text);
    if (!json_object_object_get_ex(root, "diagnostics", &list) ||
        !json_object_is_type(list, json_type_array)) {
        json_object_put(root);
        return bad_baseline(d, path, "it has no \"diagnostics\" list (lint --format json writes one)");
    }
    st = take_list(p, list);
    json_object_put(root);
    if (st == RF_ERR_CONTENT)
        return bad_baseline(d, path, "a diagnostic lacks its file, code or message");
    if (st != RF_OK)
        return st;
    fold_keys(p);
    return RF_OK;
}

/* True when g is in the baseline (and uses up one of its entries). */
static bool known_before(rf_lint_policy *p, const rf_diag *g, bool *nomem)
{
    char norm[PATH_MAX];
    const char *file = normal_path(g->file, norm, sizeof norm);
    rf_lint_known probe, *hit;
    if (p->nbase == 0)
        return false;
    probe.key = key_of(file ? file : g->file, g->code, g->message);
    if (!probe.key) {
        *nomem = true;
        return false;
    }
    hit = bsearch(&probe, p->base, p->nbase, sizeof *p->base, by_key);
    rf_free(probe.key);
    if (!hit || hit->left == 0)
        return false;
    hit->left--;
    return true;
}

/* ---- the filter ---- */

/* Copies the findings of in that p keeps into out (suppression comments
 * read into notes, when notes is given), counting the others in *gone. */
static bool filter(rf_lint_policy *p, const rf_diags *in, rf_diags *out, rf_diags *notes,
                   size_t *gone)
{
    size_t i, n = rf_diags_count(in);
    bool nomem = false;
    for (i = 0; i < n && !nomem; i++) {
        const rf_diag *g = rf_diags_at(in, i);
        const rf_lint_scanned *s =
            notes && g->line > 0 ? file_of(p, g->file, notes, &nomem) : NULL;
        if (nomem)
            break;
        if (hushed(s, g) || ignored(p, g->file) || known_before(p, g, &nomem))
            ++*gone;
        else if (!rf_diags_append_range(out, in, i, 1))
            nomem = true;
    }
    return !nomem;
}

rf_status rf_lint_policy_apply(rf_lint_policy *p, const rf_diags *in, rf_diags *out,
                               size_t *dropped)
{
    size_t gone = 0;
    bool ok;
    rf_diags *notes;
    if (!p || !in || !out)
        return RF_ERR_ARG;
    notes = rf_diags_new(); /* what the comments themselves get wrong */
    if (!notes)
        return RF_ERR_NOMEM;
    /* the comments' own warnings go through the paths and the baseline too */
    ok = filter(p, in, out, notes, &gone) && filter(p, notes, out, NULL, &gone);
    rf_diags_free(notes);
    if (dropped)
        *dropped = gone;
    return ok ? RF_OK : RF_ERR_NOMEM;
}
