/* engine/src/pack/lint_config.c: reads a project's roomforge.toml into a
 * lint policy (codes on and off, severities, --scripts, werror, ignored paths).
 *
 * Pipeline: pack, before lint; the CLI's lint finds the file and calls
 * rf_lint_policy_config. Design: the file is TOML; this reader takes the part
 * of TOML a lint config uses (tables, bare and quoted keys, basic and literal
 * strings, booleans, integers, arrays, comments) and refuses the rest with a
 * config-syntax error at its line and column, never guessing. Keys it does not
 * know are config-key errors with a did-you-mean, so a typo never silently
 * turns a rule back on. Debian carries no C TOML library (docs/ci.md).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "lint_policy_int.h"
#include "roomforge/fs.h"

#define MAX_CONFIG (1u << 20)
#define MAX_ITEMS 4096

typedef enum { V_STR, V_BOOL, V_INT, V_LIST } vkind;

typedef struct value {
    vkind kind;
    char *s;       /* V_STR */
    bool b;        /* V_BOOL */
    long i;        /* V_INT */
    char **items;  /* V_LIST: strings only (NULL entries for non-strings) */
    int *lines;    /* each item's line, for messages */
    size_t n;
    bool mixed;    /* a list holding something other than strings */
} value;

typedef struct reader {
    const char *p, *end, *file;
    int line;
    const char *bol; /* start of the current line */
    rf_diags *d;
    bool failed, nomem;
} reader;

static int col_of(const reader *r) { return (int)(r->p - r->bol) + 1; }

static void syntax(reader *r, const char *what)
{
    if (!r->failed)
        (void)rf_diag_add(r->d, "config-syntax", r->file, r->line, col_of(r), "%s", what);
    r->failed = true;
}

static void skip_blanks(reader *r)
{
    while (r->p < r->end && (*r->p == ' ' || *r->p == '\t'))
        r->p++;
}

static void newline(reader *r)
{
    r->p++;
    r->line++;
    r->bol = r->p;
}

/* Blanks, comments and newlines (inside arrays). */
static void skip_space(reader *r)
{
    for (;;) {
        skip_blanks(r);
        if (r->p < r->end && *r->p == '#')
            while (r->p < r->end && *r->p != '\n')
                r->p++;
        if (r->p < r->end && *r->p == '\r' && r->p + 1 < r->end && r->p[1] == '\n')
            r->p++;
        if (r->p < r->end && *r->p == '\n') {
            newline(r);
            continue;
        }
        return;
    }
}

/* The end of a line: blanks, then a comment or the line's end. */
static void end_line(reader *r)
{
    skip_blanks(r);
    if (r->p < r->end && *r->p == '#')
        while (r->p < r->end && *r->p != '\n')
            r->p++;
    if (r->p < r->end && *r->p == '\r')
        r->p++;
    if (r->p < r->end && *r->p != '\n')
        syntax(r, "expected the end of the line");
}

static bool bare_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '_' || c == '-';
}

/* Appends the UTF-8 bytes of code point u. */
static size_t put_utf8(char *out, unsigned long u)
{
    if (u < 0x80) {
        out[0] = (char)u;
        return 1;
    }
    if (u < 0x800) {
        out[0] = (char)(0xC0 | (u >> 6));
        out[1] = (char)(0x80 | (u & 0x3F));
        return 2;
    }
    if (u < 0x10000) {
        out[0] = (char)(0xE0 | (u >> 12));
        out[1] = (char)(0x80 | ((u >> 6) & 0x3F));
        out[2] = (char)(0x80 | (u & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (u >> 18));
    out[1] = (char)(0x80 | ((u >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((u >> 6) & 0x3F));
    out[3] = (char)(0x80 | (u & 0x3F));
    return 4;
}

/* The closing quote of the one-line string at r->p, or NULL (said). */
static const char *string_end(reader *r, char quote)
{
    const char *q;
    if (r->p + 2 < r->end && r->p[1] == quote && r->p[2] == quote) {
        syntax(r, "multi-line strings are not read in roomforge.toml; use one line");
        return NULL;
    }
    for (q = r->p + 1; q < r->end && *q != quote && *q != '\n'; q++)
        if (quote == '"' && *q == '\\' && q + 1 < r->end && q[1] != '\n')
            q++;
    if (q >= r->end || *q != quote) {
        syntax(r, "this string is not closed on its line");
        return NULL;
    }
    return q;
}

/* The \u or \U escape at r->p (its letter) as UTF-8 into *o, r->p on its
 * last digit; what is wrong with it, or NULL. q: the closing quote. */
static const char *unicode_escape(reader *r, const char *q, char **o)
{
    int digits = *r->p == 'u' ? 4 : 8, k;
    unsigned long u = 0;
    for (k = 1; k <= digits; k++) {
        char h = r->p + k < q ? r->p[k] : 0;
        int v = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (v < 0)
            break;
        u = u * 16 + (unsigned long)v;
    }
    if (k <= digits || u > 0x10FFFF || (u >= 0xD800 && u <= 0xDFFF) || u == 0)
        return "a \\u escape that is no Unicode scalar value";
    *o += put_utf8(*o, u);
    r->p += digits;
    return NULL;
}

/* The escape after the '\\' at r->p into *o, r->p on its last byte; what is
 * wrong with it, or NULL. q: the closing quote. */
static const char *escape(reader *r, const char *q, char **o)
{
    switch (*++r->p) {
    case '"': *(*o)++ = '"'; break;
    case '\\': *(*o)++ = '\\'; break;
    case 'b': *(*o)++ = '\b'; break;
    case 't': *(*o)++ = '\t'; break;
    case 'n': *(*o)++ = '\n'; break;
    case 'f': *(*o)++ = '\f'; break;
    case 'r': *(*o)++ = '\r'; break;
    case 'u':
    case 'U': return unicode_escape(r, q, o);
    default: return "an escape TOML does not have";
    }
    return NULL;
}

/* A basic ("...") or literal ('...') one-line string at r->p; NULL on error. */
static char *string(reader *r)
{
    char quote = *r->p, *out, *o;
    const char *q = string_end(r, quote), *why;
    if (!q)
        return NULL;
    out = o = rf_alloc((size_t)(q - r->p) + 4);
    if (!out) {
        r->nomem = r->failed = true;
        return NULL;
    }
    for (r->p++; r->p < q; r->p++) {
        unsigned char c = (unsigned char)*r->p;
        if (c < 0x20 && c != '\t') {
            why = "a control character inside a string";
        } else if (quote == '\'' || c != '\\') {
            *o++ = (char)c;
            continue;
        } else if ((why = escape(r, q, &o)) == NULL) {
            continue;
        }
        rf_free(out);
        syntax(r, why);
        return NULL;
    }
    r->p++; /* the closing quote */
    *o = '\0';
    return out;
}

/* A key (bare or quoted), copied; NULL on error. */
static char *key(reader *r)
{
    const char *start = r->p;
    char *k;
    if (r->p < r->end && (*r->p == '"' || *r->p == '\''))
        return string(r);
    while (r->p < r->end && bare_char(*r->p))
        r->p++;
    if (r->p == start) {
        syntax(r, "expected a key (letters, digits, '-' and '_', or a quoted string)");
        return NULL;
    }
    if (r->p < r->end && *r->p == '.') {
        syntax(r, "dotted keys are not read in roomforge.toml; use a [table]");
        return NULL;
    }
    k = rf_alloc((size_t)(r->p - start) + 1);
    if (!k) {
        r->nomem = r->failed = true;
        return NULL;
    }
    memcpy(k, start, (size_t)(r->p - start));
    k[r->p - start] = '\0';
    return k;
}

static void value_fini(value *v)
{
    size_t i;
    rf_free(v->s);
    for (i = 0; i < v->n; i++)
        rf_free(v->items[i]);
    rf_free(v->items);
    rf_free(v->lines);
    memset(v, 0, sizeof *v);
}

static bool scalar(reader *r, value *v);

static bool list(reader *r, value *v)
{
    v->kind = V_LIST;
    r->p++; /* [ */
    for (;;) {
        value item;
        skip_space(r);
        if (r->p < r->end && *r->p == ']') {
            r->p++;
            return true;
        }
        if (v->n >= MAX_ITEMS) {
            syntax(r, "a list longer than 4096 items");
            return false;
        }
        memset(&item, 0, sizeof item);
        if (r->p < r->end && *r->p == '[') {
            syntax(r, "lists inside lists are not read in roomforge.toml");
            return false;
        }
        int at = r->line;
        if (!scalar(r, &item))
            return false;
        char **gi = rf_realloc(v->items, (v->n + 1) * sizeof *gi);
        if (gi)
            v->items = gi;
        int *gl = gi ? rf_realloc(v->lines, (v->n + 1) * sizeof *gl) : NULL;
        if (!gi || !gl) {
            value_fini(&item);
            r->nomem = r->failed = true;
            return false;
        }
        v->lines = gl;
        v->mixed |= item.kind != V_STR;
        v->items[v->n] = item.kind == V_STR ? item.s : NULL;
        v->lines[v->n++] = at;
        item.s = NULL;
        value_fini(&item);
        skip_space(r);
        if (r->p < r->end && *r->p == ',') {
            r->p++;
            continue;
        }
        skip_space(r);
        if (r->p < r->end && *r->p == ']') {
            r->p++;
            return true;
        }
        syntax(r, "expected ',' or ']' in this list");
        return false;
    }
}

static bool word_is(const reader *r, const char *w)
{
    size_t n = strlen(w);
    return (size_t)(r->end - r->p) >= n && memcmp(r->p, w, n) == 0 &&
           (r->p + n == r->end || !bare_char(r->p[n]));
}

static bool scalar(reader *r, value *v)
{
    memset(v, 0, sizeof *v);
    if (r->p >= r->end || *r->p == '\n') {
        syntax(r, "a key without a value");
        return false;
    }
    if (*r->p == '"' || *r->p == '\'') {
        v->kind = V_STR;
        v->s = string(r);
        return v->s != NULL;
    }
    if (*r->p == '[')
        return list(r, v);
    if (word_is(r, "true") || word_is(r, "false")) {
        v->kind = V_BOOL;
        v->b = *r->p == 't';
        r->p += v->b ? 4 : 5;
        return true;
    }
    if ((*r->p >= '0' && *r->p <= '9') || *r->p == '-' || *r->p == '+') {
        const char *q = r->p + (*r->p == '-' || *r->p == '+');
        long n = 0;
        bool neg = *r->p == '-';
        if (q >= r->end || *q < '0' || *q > '9' || (*q == '0' && q + 1 < r->end && bare_char(q[1]))) {
            syntax(r, "numbers other than plain integers are not read in roomforge.toml");
            return false;
        }
        for (; q < r->end && *q >= '0' && *q <= '9'; q++) {
            if (n > (LONG_MAX - (*q - '0')) / 10) {
                syntax(r, "an integer out of range");
                return false;
            }
            n = n * 10 + (*q - '0');
        }
        if (q < r->end && (bare_char(*q) || *q == '.' || *q == ':')) {
            syntax(r, "numbers other than plain integers are not read in roomforge.toml");
            return false;
        }
        v->kind = V_INT;
        v->i = neg ? -n : n;
        r->p = q;
        return true;
    }
    if (*r->p == '{') {
        syntax(r, "inline tables are not read in roomforge.toml; use a [table]");
        return false;
    }
    syntax(r, "expected a value: a string, true, false, an integer or a list");
    return false;
}

/* ---- what the keys mean ---- */

typedef enum { T_TOP, T_CODES, T_SEVERITY, T_UNKNOWN } table;

static const char *const top_keys[] = {"scripts", "werror", "ignore", NULL};
static const char *const code_keys[] = {"enable", "disable", NULL};
static const char *const tables[] = {"codes", "severity", NULL};

static void unknown(reader *r, int line, int col, const char *what, const char *name,
                    const char *const *known)
{
    rf_text_near near;
    rf_text_near_init(&near, name);
    for (; *known; known++)
        rf_text_near_try(&near, *known);
    (void)rf_diag_add(r->d, "config-key", r->file, line, col, "roomforge.toml has no %s '%s'%s%s%s",
                      what, name, near.pick ? "; did you mean '" : "",
                      near.pick ? near.pick : "", near.pick ? "'?" : "");
    r->failed = true;
}

/* key's value is of the wrong kind: it takes what wants says. */
static void bad_value(reader *r, int line, int col, const char *k, const char *wants)
{
    (void)rf_diag_add(r->d, "config-value", r->file, line, col, "'%s' takes %s", k, wants);
    r->failed = true;
}

/* The code table's own string for name, or NULL with a diagnostic. */
static const char *code_named(reader *r, int line, int col, const char *name)
{
    const rf_diag_code *row = rf_diag_code_find(name);
    size_t n, i;
    rf_text_near near;
    const rf_diag_code *all;
    if (row)
        return row->code;
    all = rf_diag_codes(&n);
    rf_text_near_init(&near, name);
    for (i = 0; i < n; i++)
        rf_text_near_try(&near, all[i].code);
    (void)rf_diag_add(r->d, "config-value", r->file, line, col,
                      "'%s' is no diagnostic code (roomforge lint --list-codes)%s%s%s", name,
                      near.pick ? "; did you mean '" : "", near.pick ? near.pick : "",
                      near.pick ? "'?" : "");
    r->failed = true;
    return NULL;
}

static rf_lint_setting *setting(reader *r, rf_lint_policy *p, const char *code)
{
    size_t i;
    rf_lint_setting *grown;
    for (i = 0; i < p->nsettings; i++)
        if (p->settings[i].code == code)
            return &p->settings[i];
    grown = rf_realloc(p->settings, (p->nsettings + 1) * sizeof *grown);
    if (!grown) {
        r->nomem = r->failed = true;
        return NULL;
    }
    p->settings = grown;
    grown[p->nsettings].code = code;
    grown[p->nsettings].on = grown[p->nsettings].severity = -1;
    return &grown[p->nsettings++];
}

static bool want_list(reader *r, const value *v, int line, int col, const char *k)
{
    if (v->kind == V_LIST && !v->mixed)
        return true;
    bad_value(r, line, col, k, "a list of strings, e.g. [\"row-width\"]");
    return false;
}

/* The folder of the config file (for its relative paths), into buf. */
static const char *folder_of(const char *path, char *buf, size_t cap)
{
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 0;
    if (!slash)
        return ".";
    if (n == 0)
        return "/";
    if (n >= cap)
        return NULL;
    memcpy(buf, path, n);
    buf[n] = '\0';
    return buf;
}

/* One key = value line: the key, its value and where the key stands. */
typedef struct entry {
    const char *k;
    const value *v;
    int line, col;
} entry;

/* scripts = "folder", relative to the config file's folder. */
static void take_scripts(reader *r, rf_lint_policy *p, const entry *e)
{
    char dir[PATH_MAX];
    const char *root = folder_of(r->file, dir, sizeof dir);
    const value *v = e->v;
    if (v->kind != V_STR || !*v->s) {
        bad_value(r, e->line, e->col, e->k, "a folder name, e.g. \"scripts\"");
        return;
    }
    rf_free(p->scripts);
    p->scripts = NULL;
    if (v->s[0] == '/' || !root || strcmp(root, ".") == 0) {
        p->scripts = rf_strdup(v->s);
    } else if ((p->scripts = rf_alloc(strlen(root) + strlen(v->s) + 2)) != NULL) {
        strcpy(p->scripts, root);
        strcat(p->scripts, "/");
        strcat(p->scripts, v->s);
    }
    if (!p->scripts)
        r->nomem = r->failed = true;
}

/* ignore = ["path", ...], each relative to the config file's folder. */
static void take_ignore(reader *r, rf_lint_policy *p, const entry *e)
{
    char dir[PATH_MAX];
    const char *root = folder_of(r->file, dir, sizeof dir);
    const value *v = e->v;
    size_t i;
    if (!want_list(r, v, e->line, e->col, e->k) || !root)
        return;
    for (i = 0; i < v->n; i++)
        if (!*v->items[i])
            bad_value(r, v->lines[i], 1, e->k, "paths that are not empty");
        else if (rf_lint_policy_ignore(p, root, v->items[i]) != RF_OK)
            r->nomem = r->failed = true;
}

/* [codes] enable = [...] or disable = [...]. */
static void take_codes(reader *r, rf_lint_policy *p, const entry *e)
{
    const value *v = e->v;
    size_t i;
    if (!want_list(r, v, e->line, e->col, e->k))
        return;
    for (i = 0; i < v->n; i++) {
        const char *code = code_named(r, v->lines[i], 1, v->items[i]);
        rf_lint_setting *s = code ? setting(r, p, code) : NULL;
        if (s)
            s->on = e->k[0] == 'e';
    }
}

/* [severity] code = "note" | "warning" | "error" | "off". */
static void take_severity(reader *r, rf_lint_policy *p, const entry *e)
{
    static const char *const names[] = {"note", "warning", "error", "off", NULL};
    const char *code = code_named(r, e->line, e->col, e->k);
    const value *v = e->v;
    rf_lint_setting *s;
    int sev;
    if (!code)
        return;
    for (sev = 0; names[sev] && !(v->kind == V_STR && strcmp(v->s, names[sev]) == 0); sev++)
        ;
    if (!names[sev]) {
        bad_value(r, e->line, e->col, e->k, "\"error\", \"warning\", \"note\" or \"off\"");
        return;
    }
    if ((s = setting(r, p, code)) == NULL)
        return;
    if (sev == 3)
        s->on = 0;
    else
        s->severity = sev, s->on = s->on == 0 ? 0 : 1;
}

static void take(reader *r, rf_lint_policy *p, table t, const entry *e)
{
    const char *k = e->k;
    if (t == T_TOP && strcmp(k, "scripts") == 0) {
        take_scripts(r, p, e);
    } else if (t == T_TOP && strcmp(k, "werror") == 0) {
        if (e->v->kind != V_BOOL)
            bad_value(r, e->line, e->col, k, "true or false");
        else
            p->werror = e->v->b;
    } else if (t == T_TOP && strcmp(k, "ignore") == 0) {
        take_ignore(r, p, e);
    } else if (t == T_CODES && (strcmp(k, "enable") == 0 || strcmp(k, "disable") == 0)) {
        take_codes(r, p, e);
    } else if (t == T_SEVERITY) {
        take_severity(r, p, e);
    } else if (t != T_UNKNOWN) {
        unknown(r, e->line, e->col, "key", k, t == T_TOP ? top_keys : code_keys);
    }
}

/* Checks that key (or table) k was not given before (TOML forbids it). */
static bool fresh(reader *r, char ***seen, size_t *n, const char *k, int col, bool is_table)
{
    size_t i;
    char **grown, *copy;
    for (i = 0; i < *n; i++)
        if (strcmp((*seen)[i], k) == 0) {
            (void)rf_diag_add(r->d, "config-syntax", r->file, r->line, col, "%s%s%s", is_table ?
                              "the table [" : "'", k, is_table ? "] is given twice" :
                              "' is given twice in this table");
            r->failed = true;
            return false;
        }
    grown = rf_realloc(*seen, (*n + 1) * sizeof *grown);
    copy = grown ? rf_strdup(k) : NULL;
    if (grown)
        *seen = grown;
    if (!copy) {
        r->nomem = r->failed = true;
        return false;
    }
    (*seen)[(*n)++] = copy;
    return true;
}

static void forget(char ***seen, size_t *n)
{
    size_t i;
    for (i = 0; i < *n; i++)
        rf_free((*seen)[i]);
    rf_free(*seen);
    *seen = NULL;
    *n = 0;
}

/* Where a parse stands: the table keys go to, the keys given in it and the
 * tables given so far (TOML forbids either twice). */
typedef struct parse_state {
    table t;
    char **seen, **seen_tables;
    size_t nseen, ntables;
} parse_state;

/* A [table] line, r->p at its '[' standing at line:col; false to stop. */
static bool table_line(reader *r, parse_state *ps, int line, int col)
{
    char *k;
    r->p++;
    skip_blanks(r);
    if (r->p < r->end && *r->p == '[') {
        syntax(r, "arrays of tables are not read in roomforge.toml");
        return false;
    }
    if (!(k = key(r)))
        return false;
    skip_blanks(r);
    if (r->p >= r->end || *r->p != ']') {
        rf_free(k);
        syntax(r, "expected ']' after the table's name");
        return false;
    }
    r->p++;
    ps->t = strcmp(k, "codes") == 0 ? T_CODES : strcmp(k, "severity") == 0 ? T_SEVERITY : T_UNKNOWN;
    if (ps->t == T_UNKNOWN)
        unknown(r, line, col + 1, "table", k, tables);
    if (!fresh(r, &ps->seen_tables, &ps->ntables, k, col + 1, true)) {
        rf_free(k);
        return false;
    }
    rf_free(k);
    forget(&ps->seen, &ps->nseen);
    end_line(r);
    return true;
}

/* A key = value line standing at line:col, taken into p; false to stop. */
static bool key_line(reader *r, rf_lint_policy *p, parse_state *ps, int line, int col)
{
    char *k;
    value v;
    if (!(k = key(r)))
        return false;
    skip_blanks(r);
    if (r->p >= r->end || *r->p != '=') {
        rf_free(k);
        syntax(r, "expected '=' after the key");
        return false;
    }
    r->p++;
    skip_blanks(r);
    if (!scalar(r, &v)) {
        value_fini(&v);
        rf_free(k);
        return false;
    }
    if (fresh(r, &ps->seen, &ps->nseen, k, col, false))
        take(r, p, ps->t, &(entry){k, &v, line, col});
    value_fini(&v);
    rf_free(k);
    end_line(r);
    return !(r->failed && !r->nomem && r->p < r->end && *r->p != '\n');
}

static void parse(reader *r, rf_lint_policy *p)
{
    parse_state ps = {T_TOP, NULL, NULL, 0, 0};
    while (!r->nomem) {
        int line, col;
        skip_space(r);
        if (r->p >= r->end)
            break;
        line = r->line;
        col = col_of(r);
        if (!(*r->p == '[' ? table_line(r, &ps, line, col) : key_line(r, p, &ps, line, col)))
            break;
    }
    forget(&ps.seen, &ps.nseen);
    forget(&ps.seen_tables, &ps.ntables);
}

rf_status rf_lint_policy_config(rf_lint_policy *p, const char *path, rf_diags *d)
{
    reader r;
    char *text = NULL;
    size_t len = 0;
    int why = 0;
    rf_status st;
    if (!p || !path)
        return RF_ERR_ARG;
    st = rf_fs_read(path, MAX_CONFIG, &text, &len, &why);
    if (st == RF_ERR_NOMEM)
        return st;
    if (st != RF_OK) {
        (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read: %s",
                          st == RF_ERR_LIMIT ? "a roomforge.toml over 1 MiB" : rf_fs_why(why));
        return RF_ERR_IO;
    }
    memset(&r, 0, sizeof r);
    r.p = r.bol = text;
    r.end = text + len;
    r.file = path;
    r.line = 1;
    r.d = d;
    if (memchr(text, '\0', len) || !rf_text_utf8_valid(text, len, NULL)) {
        (void)rf_diag_add(d, "config-syntax", path, 1, 1, "roomforge.toml is not UTF-8 text");
        rf_fs_free(text);
        return RF_ERR_CONTENT;
    }
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        r.p = r.bol = text + 3;
    parse(&r, p);
    rf_fs_free(text);
    if (r.nomem)
        return RF_ERR_NOMEM;
    return r.failed ? RF_ERR_CONTENT : RF_OK;
}

const char *rf_lint_policy_scripts(const rf_lint_policy *p) { return p ? p->scripts : NULL; }
int rf_lint_policy_werror(const rf_lint_policy *p) { return p ? p->werror : -1; }

void rf_lint_policy_setup(const rf_lint_policy *p, rf_diags *sink)
{
    size_t i;
    if (!p || !sink)
        return;
    for (i = 0; i < p->nsettings; i++) {
        const rf_lint_setting *s = &p->settings[i];
        /* the codes come from the code table: neither call can refuse them */
        if (s->on >= 0 && !rf_diags_enable(sink, s->code, s->on == 1))
            continue;
        if (s->severity >= 0 && !rf_diags_set_severity(sink, s->code, (rf_severity)s->severity))
            continue;
    }
    if (p->werror == 1)
        rf_diags_set_werror(sink, true);
}

void rf_lint_policy_conf_fini(rf_lint_policy *p)
{
    rf_free(p->scripts);
    rf_free(p->settings);
    p->scripts = NULL;
    p->settings = NULL;
    p->nsettings = 0;
}
