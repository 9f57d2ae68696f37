/* engine/src/profile/profile.c: level profiles from content/profiles.xml.
 *
 * Pipeline: profile (data only) -> level, which runs the recipe. Design: a
 * profile is a name, a recipe (bundled name or .lua text read here) and flat
 * (key, range, depths, line) rows; what a recipe is, only a run tells.
 * libxml2 reads with NONET and BIG_LINES, its errors go to the sink.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "core/seam.h"
#include "load/seam.h"
#include "xml_node_int.h"
#include "horde_int.h"
#include "profile/seam.h"
#include "roomforge/level.h"
#include "roomforge/fs.h"

#define PROFILE_FILE_MAX (4u << 20) /* 4 MiB: a profiles file is small */

typedef struct param {
    char *key;
    int lo, hi;
    int from, to; /* depths; 0, 0 = every depth */
    int line;     /* of the <param> element */
} param;

struct rf_profile {
    char *name, *recipe;
    char *file; /* the profiles file, as the loader was given it */
    int line;   /* of the <profile> element */
    char *recipe_text; /* a file recipe's text (recipe_len bytes), NULL: bundled */
    size_t recipe_len;
    char *recipe_file; /* its path, as diagnostics name it */
    bool stairs_aligned; /* stairs="aligned": a run puts each level's up stairs
                          * at the down stairs of the level above (DESIGN 18) */
    param *params;
    size_t n, cap;
};

/* A profile skipped for errors: its name and the lines its diagnostics lie
 * on, so a command that asks for it prints them (rf_profile_set_left_out). */
typedef struct left_out {
    char *name, *file;
    int first, last;
} left_out;

struct rf_profile_set {
    rf_profile **items;
    size_t n, cap;
    left_out *out;
    size_t nout, capout;
    char *file;    /* the last file loaded, for unknown-profile */
    int root_line; /* its <profiles> line */
    rf_horde_table *hordes; /* <hordes>, <traps>, <decorations>; NULL when the file has none */
};

rf_profile_set *rf_profile_set_new(void) { return rf_calloc(1, sizeof(rf_profile_set)); }

static void profile_free(rf_profile *p)
{
    size_t i;
    if (!p)
        return;
    for (i = 0; i < p->n; i++)
        rf_free(p->params[i].key);
    rf_free(p->params);
    rf_free(p->name);
    rf_free(p->recipe);
    rf_free(p->recipe_text);
    rf_free(p->recipe_file);
    rf_free(p->file);
    rf_free(p);
}

void rf_profile_set_free(rf_profile_set *s)
{
    size_t i;
    if (!s)
        return;
    for (i = 0; i < s->n; i++)
        profile_free(s->items[i]);
    rf_free(s->items);
    for (i = 0; i < s->nout; i++) {
        rf_free(s->out[i].name);
        rf_free(s->out[i].file);
    }
    rf_free(s->out);
    rf_free(s->file);
    rf_horde_table_free(s->hordes);
    rf_free(s);
}

rf_status rf_profile_set_take(rf_profile_set *s, rf_profile_set *src)
{
    size_t i, k;
    if (!src)
        return RF_OK;
    if (!rf_grow((void **)&s->items, &s->cap, s->n + src->n + 1, sizeof *s->items)) {
        rf_profile_set_free(src);
        return RF_ERR_NOMEM;
    }
    for (i = 0; i < src->n; i++) { /* a profile of the same name is replaced where it stands */
        for (k = 0; k < s->n && strcmp(s->items[k]->name, src->items[i]->name) != 0; k++)
            ;
        if (k < s->n)
            profile_free(s->items[k]);
        else
            s->n++;
        s->items[k] = src->items[i];
    }
    src->n = 0;
    if (rf_grow((void **)&s->out, &s->capout, s->nout + src->nout + 1, sizeof *s->out)) {
        for (i = 0; i < src->nout; i++)
            s->out[s->nout++] = src->out[i];
        src->nout = 0;
    } /* else the left-outs of src are dropped with it: only messages are lost */
    if (src->file) {
        rf_free(s->file);
        s->file = src->file;
        s->root_line = src->root_line;
        src->file = NULL;
    }
    if (src->hordes) { /* population tables come whole from the last file that has them */
        rf_horde_table_free(s->hordes);
        s->hordes = src->hordes;
        src->hordes = NULL;
    }
    rf_profile_set_free(src);
    return RF_OK;
}

size_t rf_profile_count(const rf_profile_set *s) { return s->n; }
const rf_profile *rf_profile_at(const rf_profile_set *s, size_t i) { return i < s->n ? s->items[i] : NULL; }
const char *rf_profile_name(const rf_profile *p) { return p->name; }
const char *rf_profile_recipe(const rf_profile *p) { return p->recipe; }

bool rf_profile_stairs_aligned(const rf_profile *p) { return p->stairs_aligned; }

const char *rf_profile_recipe_text(const rf_profile *p, size_t *len, const char **file)
{
    if (!p->recipe_text)
        return NULL;
    *len = p->recipe_len;
    *file = p->recipe_file;
    return p->recipe_text;
}

const char *rf_profile_file(const rf_profile *p, int *line)
{
    *line = p->line;
    return p->file;
}

const char *rf_profile_key_at(const rf_profile *p, size_t i)
{
    return p && i < p->n ? p->params[i].key : NULL;
}

int rf_profile_line_at(const rf_profile *p, size_t i)
{
    return p && i < p->n ? p->params[i].line : 0;
}
const rf_horde_table *rf_profile_set_hordes(const rf_profile_set *s) { return s ? s->hordes : NULL; }

bool rf_profile_set_left_out(const rf_profile_set *s, const char *name, const char **file,
                             int *first, int *last)
{
    size_t i;
    for (i = 0; s && name && i < s->nout; i++)
        if (strcmp(s->out[i].name, name) == 0) {
            *file = s->out[i].file;
            *first = s->out[i].first;
            *last = s->out[i].last;
            return true;
        }
    return false;
}

const char *rf_profile_set_file(const rf_profile_set *s, int *line)
{
    *line = s ? s->root_line : 0;
    return s ? s->file : NULL;
}

/* Records p (skipped with the diagnostics d holds from index from on) as
 * left out; false only when memory ran out. */
static bool add_left_out(rf_profile_set *s, const rf_profile *p, const rf_diags *d, size_t from)
{
    left_out o = {NULL, NULL, p->line, p->line};
    size_t i;
    if (!p->name)
        return true; /* nothing can ask for it */
    for (i = from; i < rf_diags_count(d); i++) {
        int line = rf_diags_at(d, i)->line;
        o.last = line > o.last ? line : o.last;
        o.first = line > 0 && line < o.first ? line : o.first;
    }
    if (!rf_grow((void **)&s->out, &s->capout, s->nout + 1, sizeof *s->out))
        return false;
    o.name = rf_strdup(p->name);
    o.file = rf_strdup(p->file);
    if (!o.name || !o.file) {
        rf_free(o.name);
        rf_free(o.file);
        return false;
    }
    s->out[s->nout++] = o;
    return true;
}

const rf_profile *rf_profile_find(const rf_profile_set *s, const char *name)
{
    size_t i;
    for (i = 0; s && name && i < s->n; i++)
        if (strcmp(s->items[i]->name, name) == 0)
            return s->items[i];
    return NULL;
}

bool rf_profile_range(const rf_profile *p, int depth, const char *key, int *lo, int *hi)
{
    const param *best = NULL;
    size_t i;
    for (i = 0; p && key && i < p->n; i++) {
        const param *q = &p->params[i];
        bool ranged = q->from > 0;
        if (!rf_text_eq(q->key, key) || (ranged && (depth < q->from || depth > q->to)))
            continue;
        if (!best || ranged || best->from == 0)
            best = q;
    }
    if (!best)
        return false;
    *lo = best->lo;
    *hi = best->hi;
    return true;
}

int rf_profile_int(const rf_profile *p, int depth, const char *key, int def)
{
    int lo, hi;
    return rf_profile_range(p, depth, key, &lo, &hi) ? lo : def;
}

/* One load: the sink, the file name and whether an error was reported. */
typedef struct loader {
    rf_diags *d;
    const char *file;
    bool errors;
    bool nomem;
    const char *buf; /* the bytes parsed, for rf_xml_explain */
    size_t len;
} loader;

/* Reports at element n (its attribute attr when not NULL; n NULL: line 1),
 * with the column found in the raw bytes (rf_xml_pos). */
static void report(loader *ld, const char *code, const xmlNode *n, const char *attr,
                   const char *fmt, ...) RF_PRINTF(5, 6);
static void report(loader *ld, const char *code, const xmlNode *n, const char *attr,
                   const char *fmt, ...)
{
    rf_xml_text t = {ld->buf, ld->len};
    int line = 1, col = 1;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (n)
        rf_xml_pos(n, attr, &t, &line, &col);
    unsigned verdict = rf_diag_report(ld->d, code, ld->file, line, col, "%s", msg);
    ld->nomem |= (verdict & RF_DIAG_LOST) != 0;
    ld->errors |= (verdict & RF_DIAG_FAULT) != 0;
}

/* The elements of a profiles file, as its syntax errors know them. */
static bool known_element(const char *tag)
{
    static const char *const names[] = {"profiles", "profile", "param",      "hordes", "horde",
                                        "member",   "traps",   "trap",       "decorations",
                                        "decoration", "depths"};
    size_t i;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcasecmp(tag, names[i]) == 0)
            return true;
    return false;
}

static void on_xml_error(void *ctx, xmlErrorPtr e)
{
    xmlParserCtxtPtr pc = ctx;
    loader *ld = pc ? pc->_private : NULL;
    rf_xml_src src;
    rf_xml_fault f;
    if (!ld || !e || ld->errors) /* the first syntax error is enough */
        return;
    src.buf = ld->buf;
    src.len = ld->len;
    src.root = "profiles";
    src.known = known_element;
    rf_xml_explain(&src, e, &f);
    if (!rf_diag_add(ld->d, rf_xml_is_limit(e) ? "xml-limit" : "xml-syntax", ld->file, f.line,
                     f.col, "%s", f.text))
        ld->nomem = true;
    ld->errors = true;
}

/* The attribute's value (a copy), or NULL when absent or out of memory
 * (then ld->nomem is set). */
static char *attr(loader *ld, const xmlNode *n, const char *name)
{
    return rf_xml_attr_value(n, name, &ld->nomem);
}

/* The value of parameter "orient" (DESIGN 12): template, none or any, as
 * RF_PLACE_ORIENT_*; false for any other word. */
static bool orient_word(const char *value, int *lo, int *hi)
{
    static const char *const words[] = {"template", "none", "any"};
    int k;
    for (k = 0; k < 3; k++)
        if (strcmp(value, words[k]) == 0) {
            *lo = *hi = k;
            return true;
        }
    return false;
}

static bool add_param(loader *ld, rf_profile *p, const xmlNode *n, int from, int to)
{
    char *key = attr(ld, n, "name"), *value = attr(ld, n, "value");
    int lo, hi;
    bool ok = true;
    if (ld->nomem) {
        ok = false;
    } else if (!key || !value) {
        report(ld, "missing-attribute", n, NULL, "<param> needs %s", !key ? "name=" : "value=");
    } else if (strcmp(key, "orient") == 0 && !orient_word(value, &lo, &hi)) {
        report(ld, "bad-value", n, "value",
               "parameter 'orient' is '%s'; it takes template, none or any", value);
    } else if (strcmp(key, "orient") != 0 && !rf_range_parse(value, 0, RF_PARAM_MAX, &lo, &hi)) {
        report(ld, "bad-value", n, "value", "param value '%s' is not N or N-M", value);
    } else if (!rf_param_bound_ok(key, lo, hi)) {
        const rf_param_bound *b = rf_param_bound_find(key);
        report(ld, "bad-value", n, "value",
               "parameter '%s' is %s; its range is %d-%d (at the 79x29 reference level)", key,
               value, b->lo, b->hi);
    } else if (!rf_grow((void **)&p->params, &p->cap, p->n + 1, sizeof *p->params)) {
        ok = false;
    } else {
        p->params[p->n++] = (param){key, lo, hi, from, to, rf_xml_line(n)};
        key = NULL;
    }
    rf_free(key);
    rf_free(value);
    return ok;
}

static bool load_depths(loader *ld, rf_profile *p, const xmlNode *n)
{
    char *from = attr(ld, n, "from"), *to = attr(ld, n, "to");
    int a = 0, b = 0, x;
    const xmlNode *c;
    bool ok = true;
    if (ld->nomem) {
        ok = false;
    } else if (!from) {
        report(ld, "missing-attribute", n, NULL, "<depths> needs %s", "from=");
    } else if (!rf_range_parse(from, 0, RF_PARAM_MAX, &a, &x) || a != x || a < 1 ||
               (to && (!rf_range_parse(to, 0, RF_PARAM_MAX, &b, &x) || b != x || b < a))) {
        report(ld, "bad-value", n, "from", "<depths> range '%s' is not 1 <= from <= to", from);
    } else {
        if (!to)
            b = a;
        for (c = n->children; c && ok; c = c->next)
            if (rf_xml_is(c, "param"))
                ok = add_param(ld, p, c, a, b);
            else if (c->type == XML_ELEMENT_NODE)
                report(ld, "unknown-element", c, NULL, "<%s> is not known in <depths>",
                       (const char *)c->name);
    }
    rf_free(from);
    rf_free(to);
    return ok;
}

/* Loads a <hordes>, <traps> or <decorations> section into the set's
 * population tables (horde.c); false only when memory ran out. */
static bool load_population(loader *ld, rf_profile_set *s, const xmlNode *n)
{
    rf_xml_text text = {ld->buf, ld->len};
    rf_horde_load hl = {ld->d, ld->file, false, false, &text};
    if (!s->hordes && !(s->hordes = rf_horde_table_new()))
        return false;
    (void)rf_horde_load_section(s->hordes, n, &hl); /* hl.nomem says the same */
    ld->errors = ld->errors || hl.errors;
    ld->nomem = ld->nomem || hl.nomem;
    return !hl.nomem;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

/* Reads the recipe file p names (a path relative to the profiles file's
 * folder unless absolute): its text is data the level stage runs; whether
 * it compiles is found there. False only when memory ran out. */
/* True when path has a ".." component. */
static bool climbs(const char *path)
{
    const char *q = path;
    while (*q) {
        size_t n = strcspn(q, "/\\");
        if (n == 2 && q[0] == '.' && q[1] == '.')
            return true;
        q += n;
        q += *q != '\0';
    }
    return false;
}

/* True when the recipe at path, links resolved, lies inside the directory
 * of the profiles file (its first dir bytes; "." when it has none), or does
 * not exist (then the read says so). */
static bool recipe_inside(const char *file, size_t dir, const char *path)
{
    char d[4096];
    if (access(path, F_OK) != 0)
        return true;
    if (dir == 0)
        return rf_fs_inside(".", path);
    if (dir >= sizeof d)
        return false;
    memcpy(d, file, dir);
    d[dir] = '\0';
    return rf_fs_inside(d, path);
}

static bool load_recipe_file(loader *ld, rf_profile *p, const xmlNode *n)
{
    const char *slash = strrchr(ld->file, '/');
    size_t dir = p->recipe[0] == '/' || !slash ? 0 : (size_t)(slash - ld->file) + 1;
    size_t size = dir + strlen(p->recipe) + 1;
    rf_status st;
    int why = 0;
    p->recipe_file = rf_alloc(size);
    if (!p->recipe_file)
        return false;
    snprintf(p->recipe_file, size, "%.*s%s", (int)dir, ld->file, p->recipe);
    if (p->recipe[0] == '/' || climbs(p->recipe) || !recipe_inside(ld->file, dir, p->recipe_file)) {
        report(ld, "unknown-recipe", n, "recipe",
               "recipe '%s' is not inside the profiles file's directory (an absolute path, '..' "
               "or a symbolic link out); it is not read",
               p->recipe);
        return true;
    }
    st = rf_fs_read(p->recipe_file, RF_PROFILE_RECIPE_MAX, &p->recipe_text, &p->recipe_len, &why);
    if (st == RF_ERR_NOMEM)
        return false;
    if (st != RF_OK)
        report(ld, "unknown-recipe", n, "recipe", "cannot read recipe '%s': %s", p->recipe_file,
               st == RF_ERR_LIMIT ? "larger than 1 MiB" : rf_fs_why(why));
    return true;
}

/* The recipe attribute (or digger=, its older spelling): a bundled recipe's
 * name (whether one of that name exists is the level stage's to say) or a
 * .lua file; false only when memory ran out. */
static bool load_recipe(loader *ld, rf_profile *p, const xmlNode *n)
{
    p->recipe = attr(ld, n, "recipe");
    if (!p->recipe && !ld->nomem)
        p->recipe = attr(ld, n, "digger");
    if (ld->nomem)
        return false;
    if (!p->recipe) {
        report(ld, "missing-attribute", n, NULL, "<profile> needs %s", "recipe=");
        return true;
    }
    if (ends_with(p->recipe, ".lua"))
        return load_recipe_file(ld, p, n);
    return true;
}

/* The profile's stairs= ("free", the default, or "aligned"); false only
 * when memory ran out. */
static bool load_stairs(loader *ld, rf_profile *p, const xmlNode *n)
{
    char *v = attr(ld, n, "stairs");
    if (ld->nomem)
        return false;
    if (v && strcmp(v, "aligned") == 0)
        p->stairs_aligned = true;
    else if (v && strcmp(v, "free") != 0)
        report(ld, "bad-value", n, "stairs", "stairs '%s' is not 'aligned' or 'free'", v);
    rf_free(v);
    return true;
}

/* Loads one <profile>; false only when memory ran out. */
static bool load_profile(loader *ld, rf_profile_set *s, const xmlNode *n)
{
    rf_profile *p = rf_calloc(1, sizeof *p);
    const xmlNode *c;
    size_t before = rf_diags_errors(ld->d), first = rf_diags_count(ld->d);
    bool ok = p != NULL;
    if (!p)
        return false;
    p->name = attr(ld, n, "name");
    p->file = rf_strdup(ld->file);
    p->line = rf_xml_line(n);
    if (ld->nomem || !p->file) {
        ok = false;
    } else if (!p->name) {
        report(ld, "missing-attribute", n, NULL, "<profile> needs %s", "name=");
    } else if (rf_profile_find(s, p->name)) {
        report(ld, "duplicate-profile", n, "name", "profile '%s' is defined twice", p->name);
    } else {
        ok = load_recipe(ld, p, n) && load_stairs(ld, p, n);
    }
    for (c = n->children; c && ok; c = c->next)
        if (rf_xml_is(c, "param"))
            ok = add_param(ld, p, c, 0, 0);
        else if (rf_xml_is(c, "depths"))
            ok = load_depths(ld, p, c);
        else if (c->type == XML_ELEMENT_NODE)
            report(ld, "unknown-element", c, NULL, "<%s> is not known in <profile>",
                   (const char *)c->name);
    if (ok && rf_diags_errors(ld->d) == before && !ld->nomem) {
        if (!rf_grow((void **)&s->items, &s->cap, s->n + 1, sizeof *s->items))
            ok = false;
        else {
            s->items[s->n++] = p;
            return true;
        }
    }
    if (ok && !ld->nomem && !add_left_out(s, p, ld->d, first))
        ok = false;
    profile_free(p); /* a bad profile is skipped */
    return ok;
}

/* Parses the loader's bytes, its errors to the sink; NULL when the file is
 * not XML (said once, when libxml2 said nothing). */
static xmlDocPtr read_doc(loader *ld, xmlParserCtxtPtr pc)
{
    xmlDocPtr doc;
    pc->_private = ld;
    pc->sax->serror = on_xml_error;
    pc->vctxt.error = NULL;
    pc->vctxt.warning = NULL;
    doc = xmlCtxtReadMemory(pc, ld->buf, (int)ld->len, ld->file, NULL,
                            XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOERROR |
                                XML_PARSE_NOWARNING);
    if (!doc && !ld->errors) {
        (void)rf_diag_add(ld->d, "xml-syntax", ld->file, 1, 1, "%s",
                          "the file is not well-formed XML");
        ld->errors = true;
    }
    return doc;
}

/* Whether doc is a profiles file: no DOCTYPE, a <profiles> root (said if not). */
static bool check_root(loader *ld, xmlDocPtr doc, const xmlNode *root)
{
    if (doc->intSubset || doc->extSubset) {
        report(ld, "xml-doctype", NULL, NULL, "%s", "a DOCTYPE is refused in a profiles file");
        return false;
    }
    if (!root || !rf_xml_is(root, "profiles")) {
        report(ld, "not-profiles", root, NULL, "%s", "the root element is not <profiles>");
        return false;
    }
    return true;
}

/* Loads the profiles and population tables under root, then checks the horde
 * table for gaps when the file was clean; false when memory ran out. */
static bool load_root(loader *ld, rf_profile_set *s, const xmlNode *root)
{
    const xmlNode *c;
    int pop_line = 0; /* the first population section's line */
    bool ok = true;
    s->root_line = rf_xml_line(root);
    for (c = root->children; c && ok; c = c->next)
        if (rf_xml_is(c, "profile"))
            ok = load_profile(ld, s, c);
        else if (rf_xml_is(c, "hordes") || rf_xml_is(c, "traps") || rf_xml_is(c, "decorations")) {
            ok = load_population(ld, s, c);
            if (!pop_line)
                pop_line = rf_xml_line(c);
        } else if (c->type == XML_ELEMENT_NODE)
            report(ld, "unknown-element", c, NULL, "<%s> is not known in <profiles>",
                   (const char *)c->name);
    if (ok && pop_line && !ld->errors && !ld->nomem) { /* gaps only in a clean table */
        rf_horde_load hl = {ld->d, ld->file, false, false, NULL};
        rf_horde_table_check(s->hordes, &hl, pop_line);
        ld->nomem = hl.nomem;
    }
    return ok;
}

/* Out of memory: the profiles and tables this file added go again (a table
 * an earlier file began is kept with what this one added). */
static rf_status undo_load(rf_profile_set *s, size_t n0, bool had_hordes)
{
    size_t i;
    for (i = n0; i < s->n; i++)
        profile_free(s->items[i]);
    s->n = n0;
    if (!had_hordes) {
        rf_horde_table_free(s->hordes);
        s->hordes = NULL;
    }
    return RF_ERR_NOMEM;
}

rf_status rf_profile_set_load_buffer(rf_profile_set *s, const char *buf, size_t len,
                                     const char *name, rf_diags *d)
{
    loader ld = {d, name ? name : "profiles.xml", false, false, buf, len};
    xmlParserCtxtPtr pc;
    xmlDocPtr doc;
    const xmlNode *root;
    bool ok = true;
    size_t n0;
    bool had_hordes;
    if (!s || !buf || !d || len > PROFILE_FILE_MAX)
        return RF_ERR_ARG;
    n0 = s->n; /* what the set held: kept as it was when memory runs out */
    had_hordes = s->hordes != NULL;
    rf_xml_once();
    pc = xmlNewParserCtxt();
    if (!pc)
        return RF_ERR_NOMEM;
    doc = read_doc(&ld, pc);
    if (!doc)
        goto done;
    root = xmlDocGetRootElement(doc);
    if (!check_root(&ld, doc, root))
        goto done;
    rf_xml_index(xmlDocGetRootElement(doc), &(rf_xml_text){buf, len});
    rf_free(s->file);
    if (!(s->file = rf_strdup(ld.file))) {
        ok = false;
        goto done;
    }
    ok = load_root(&ld, s, root);
done:
    xmlFreeDoc(doc);
    xmlFreeParserCtxt(pc);
    if (ok && !ld.nomem)
        return ld.errors ? RF_ERR_CONTENT : RF_OK;
    return undo_load(s, n0, had_hordes);
}

rf_status rf_profile_set_load(rf_profile_set *s, const char *path, rf_diags *d)
{
    char *buf = NULL;
    size_t n = 0;
    rf_status st;
    int why = 0;
    if (!s || !path || !d)
        return RF_ERR_ARG;
    st = rf_fs_read(path, PROFILE_FILE_MAX, &buf, &n, &why);
    if (st == RF_ERR_LIMIT) { /* content, as for rooms.xml: n is the size seen */
        (void)rf_diag_add(d, "xml-limit", path, 1, 1,
                          "a profiles file of %zu bytes is beyond the %u-byte limit", n,
                          PROFILE_FILE_MAX);
        return RF_ERR_CONTENT;
    }
    if (st == RF_ERR_IO) {
        (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read: %s", rf_fs_why(why));
        return RF_ERR_IO;
    }
    if (st != RF_OK)
        return st;
    st = rf_profile_set_load_buffer(s, buf, n, path, d);
    rf_fs_free(buf);
    return st;
}
