/* engine/src/profile/horde.c: the population tables (hordes, trap kinds,
 * decorations) and their loader.
 *
 * Pipeline: profile; profile.c hands each section to rf_horde_load_section;
 * populate and place_objects read the rows. Design: plain rows in file order,
 * names in fixed fields; a bad row is reported and skipped.
 * Seeds: shared/seeds/brogue-level-generation.txt (Monster Spawning, Depth).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "xml_node_int.h"
#include "horde_int.h"
#include "load/seam.h"

rf_horde_table *rf_horde_table_new(void)
{
    rf_horde_table *t = rf_calloc(1, sizeof(rf_horde_table));
    if (t)
        t->decor_chance = RF_DECOR_CHANCE_DEFAULT;
    return t;
}

void rf_horde_table_free(rf_horde_table *t)
{
    /* the bundled table is static: freeing it is a no-op, not a crash */
    if (!t || t == rf_horde_table_bundled())
        return;
    rf_free(t->hbuf);
    rf_free(t->tbuf);
    rf_free(t->dbuf);
    rf_free(t);
}

size_t rf_horde_count(const rf_horde_table *t) { return t ? t->nhordes : 0; }
size_t rf_horde_trap_count(const rf_horde_table *t) { return t ? t->ntraps : 0; }

const rf_horde *rf_horde_at(const rf_horde_table *t, size_t i)
{
    return t && i < t->nhordes ? &t->hordes[i] : NULL;
}

const rf_trap_kind *rf_horde_trap_at(const rf_horde_table *t, size_t i)
{
    return t && i < t->ntraps ? &t->traps[i] : NULL;
}

const rf_horde *rf_horde_find(const rf_horde_table *t, const char *name)
{
    size_t i;
    for (i = 0; t && name && i < t->nhordes; i++)
        if (strcmp(t->hordes[i].name, name) == 0)
            return &t->hordes[i];
    return NULL;
}

bool rf_horde_table_has_random(const rf_horde_table *t, int depth)
{
    size_t i;
    for (i = 0; t && i < t->nhordes; i++) {
        const rf_horde *h = &t->hordes[i];
        if (!h->machine && h->min_depth <= depth && depth <= h->max_depth)
            return true;
    }
    return false;
}

size_t rf_horde_decoration_count(const rf_horde_table *t) { return t ? t->ndecor : 0; }
int rf_horde_decoration_chance(const rf_horde_table *t) { return t ? t->decor_chance : 0; }

const rf_decoration *rf_horde_decoration_at(const rf_horde_table *t, size_t i)
{
    return t && i < t->ndecor ? &t->decor[i] : NULL;
}

int rf_horde_decoration_weight(const rf_horde_table *t, char symbol)
{
    size_t i;
    int total = 0;
    for (i = 0; t && i < t->ndecor; i++)
        if (t->decor[i].symbol == symbol)
            total += t->decor[i].weight; /* rows * weight stays far below INT_MAX */
    return total;
}

const rf_decoration *rf_horde_decoration_find(const rf_horde_table *t, char symbol, int k)
{
    size_t i;
    for (i = 0; t && k >= 0 && i < t->ndecor; i++) {
        if (t->decor[i].symbol != symbol)
            continue;
        if (k < t->decor[i].weight)
            return &t->decor[i];
        k -= t->decor[i].weight;
    }
    return NULL;
}

static bool has_trap(const rf_horde_table *t, int depth)
{
    size_t i;
    for (i = 0; i < t->ntraps; i++)
        if (t->traps[i].min_depth <= depth && depth <= t->traps[i].max_depth)
            return true;
    return false;
}

/* ---- loading ---- */

static void say(rf_horde_load *ld, const char *code, int line, int col, const char *msg)
{
    unsigned verdict = rf_diag_report(ld->d, code, ld->file, line, line ? col : 0, "%s", msg);
    ld->nomem |= (verdict & RF_DIAG_LOST) != 0;
    ld->errors |= (verdict & RF_DIAG_FAULT) != 0;
}

/* Reports at n's start tag, or at its attribute attr when not NULL (line and
 * column from the raw bytes, rf_xml_pos). */
static void report(rf_horde_load *ld, const char *code, const xmlNode *n, const char *attr,
                   const char *fmt, ...) RF_PRINTF(5, 6);
static void report(rf_horde_load *ld, const char *code, const xmlNode *n, const char *attr,
                   const char *fmt, ...)
{
    char msg[512];
    int line, col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    rf_xml_pos(n, attr, ld->text, &line, &col);
    say(ld, code, line, col, msg);
}

/* The attribute's value (a copy the caller frees), NULL when absent or out of
 * memory (then ld->nomem is set). */
static char *attr(rf_horde_load *ld, const xmlNode *n, const char *name)
{
    return rf_xml_attr_value(n, name, &ld->nomem);
}

/* Warns unknown-attribute for each attribute of n not in the NULL-ended
 * list known. */
static void check_attrs(rf_horde_load *ld, const xmlNode *n, const char *const *known)
{
    const xmlAttr *a;
    for (a = n->properties; a; a = a->next) {
        size_t i;
        bool ok = false;
        for (i = 0; known[i] && !ok; i++)
            ok = xmlStrcasecmp(a->name, (const xmlChar *)known[i]) == 0;
        if (!ok)
            report(ld, "unknown-attribute", n, (const char *)a->name,
                   "<%s> takes no attribute '%s'; it is ignored", (const char *)n->name,
                   (const char *)a->name);
    }
}

/* Copies a name into a fixed field; false (reported as bad-value) when it is
 * empty or does not fit. */
static bool take_name(rf_horde_load *ld, const xmlNode *n, const char *what, const char *v,
                      char *dst, size_t cap)
{
    size_t len = strlen(v);
    if (len == 0 || len >= cap) {
        report(ld, "bad-value", n, NULL, "%s '%s' must be 1 to %zu characters", what, v,
               cap - 1);
        return false;
    }
    memcpy(dst, v, len + 1);
    return true;
}

/* depth= (required) and frequency= (default 10) of a horde or trap row. */
static bool take_depth_freq(rf_horde_load *ld, const xmlNode *n, int *lo, int *hi, int *freq)
{
    char *depth = attr(ld, n, "depth"), *fr = attr(ld, n, "frequency");
    int f = 10, x;
    bool ok = false;
    if (ld->nomem)
        ;
    else if (!depth)
        report(ld, "missing-attribute", n, NULL, "<%s> needs depth=", (const char *)n->name);
    else if (!rf_range_parse(depth, 1, RF_HORDE_DEPTH_MAX, lo, hi))
        report(ld, "bad-value", n, NULL, "depth '%s' is not N or N-M within 1-%d", depth,
               RF_HORDE_DEPTH_MAX);
    else if (fr && !rf_range_parse(fr, 1, RF_HORDE_FREQUENCY_MAX, &f, &x))
        report(ld, "bad-value", n, NULL, "frequency '%s' is not a number within 1-%d", fr,
               RF_HORDE_FREQUENCY_MAX);
    else if (fr && f != x)
        report(ld, "bad-value", n, NULL, "frequency '%s' is a range; it takes one number", fr);
    else {
        *freq = f;
        ok = true;
    }
    rf_free(depth);
    rf_free(fr);
    return ok;
}

static const char *const horde_attrs[] = {"name",    "leader",  "depth", "frequency",
                                          "machine", "captive", NULL};
static const char *const member_attrs[] = {"monster", "count", NULL};
static const char *const trap_attrs[] = {"name", "depth", "frequency", NULL};

/* One <member>; false when it is bad (reported). */
static bool load_member(rf_horde_load *ld, rf_horde *h, const xmlNode *n)
{
    char *monster = attr(ld, n, "monster"), *count = attr(ld, n, "count");
    rf_horde_member *m = &h->members[h->nmembers];
    bool ok = false;
    check_attrs(ld, n, member_attrs);
    if (ld->nomem)
        ;
    else if (h->nmembers >= RF_HORDE_MEMBERS_MAX)
        report(ld, "xml-limit", n, NULL, "horde '%s' has more than %d <member> rows", h->name,
               RF_HORDE_MEMBERS_MAX);
    else if (!monster)
        report(ld, "missing-attribute", n, NULL, "<member> needs %s", "monster=");
    else if (!take_name(ld, n, "monster", monster, m->monster, sizeof m->monster))
        ;
    else if (count && !rf_range_parse(count, 0, RF_HORDE_COUNT_MAX, &m->lo, &m->hi))
        report(ld, "bad-value", n, NULL, "count '%s' is not N or N-M within 0-%d", count,
               RF_HORDE_COUNT_MAX);
    else {
        if (!count)
            m->lo = m->hi = 1;
        h->nmembers++;
        ok = true;
    }
    rf_free(monster);
    rf_free(count);
    return ok;
}

/* Reads the flag key= ("0" or "1", default 0) into *on: machine=, captive=. */
static bool take_flag(rf_horde_load *ld, const xmlNode *n, const char *key, bool *on)
{
    char *v = attr(ld, n, key);
    bool ok = true;
    *on = false;
    if (v && strcmp(v, "1") == 0)
        *on = true;
    else if (v && strcmp(v, "0") != 0) {
        report(ld, "bad-value", n, NULL, "%s '%s' is not 0 or 1", key, v);
        ok = false;
    }
    rf_free(v);
    return ok && !ld->nomem;
}

/* One <horde>; a bad one is skipped. False only when memory ran out. */
static bool load_horde(rf_horde_table *t, const xmlNode *n, rf_horde_load *ld)
{
    char *name = attr(ld, n, "name"), *leader = attr(ld, n, "leader");
    rf_horde h;
    const xmlNode *c;
    bool ok = false;
    memset(&h, 0, sizeof h);
    h.line = rf_xml_line(n);
    check_attrs(ld, n, horde_attrs);
    if (ld->nomem)
        goto done;
    if (!name || !leader) {
        report(ld, "missing-attribute", n, NULL, "<horde> needs %s", !name ? "name=" : "leader=");
        goto done;
    }
    if (!take_name(ld, n, "horde name", name, h.name, sizeof h.name) ||
        !take_name(ld, n, "leader", leader, h.leader, sizeof h.leader) ||
        !take_depth_freq(ld, n, &h.min_depth, &h.max_depth, &h.frequency) ||
        !take_flag(ld, n, "machine", &h.machine) || !take_flag(ld, n, "captive", &h.captive))
        goto done;
    if (rf_horde_find(t, h.name)) {
        report(ld, "duplicate-horde", n, NULL, "horde '%s' is defined twice; the second is skipped",
               h.name);
        goto done;
    }
    ok = true;
    for (c = n->children; c; c = c->next)
        if (rf_xml_is(c, "member"))
            ok = load_member(ld, &h, c) && ok;
        else if (c->type == XML_ELEMENT_NODE)
            report(ld, "unknown-element", c, NULL, "<%s> is not known in <horde>",
                   (const char *)c->name);
    if (ok && !ld->nomem) {
        if (t->nhordes >= RF_HORDE_ROWS_MAX) {
            report(ld, "xml-limit", n, NULL, "more than %d hordes", RF_HORDE_ROWS_MAX);
        } else if (!rf_grow((void **)&t->hbuf, &t->hcap, t->nhordes + 1, sizeof *t->hbuf)) {
            ld->nomem = true;
        } else {
            t->hbuf[t->nhordes++] = h;
            t->hordes = t->hbuf;
        }
    }
done:
    rf_free(name);
    rf_free(leader);
    return !ld->nomem;
}

static const rf_trap_kind *find_trap(const rf_horde_table *t, const char *name)
{
    size_t i;
    for (i = 0; i < t->ntraps; i++)
        if (strcmp(t->traps[i].name, name) == 0)
            return &t->traps[i];
    return NULL;
}

/* One <trap>; a bad one is skipped. False only when memory ran out. */
static bool load_trap(rf_horde_table *t, const xmlNode *n, rf_horde_load *ld)
{
    char *name = attr(ld, n, "name");
    rf_trap_kind k;
    const xmlNode *c;
    memset(&k, 0, sizeof k);
    k.line = rf_xml_line(n);
    check_attrs(ld, n, trap_attrs);
    for (c = n->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            report(ld, "unknown-element", c, NULL, "<%s> is not known in <trap>",
                   (const char *)c->name);
    if (ld->nomem)
        ;
    else if (!name)
        report(ld, "missing-attribute", n, NULL, "<trap> needs %s", "name=");
    else if (!take_name(ld, n, "trap name", name, k.name, sizeof k.name) ||
             !take_depth_freq(ld, n, &k.min_depth, &k.max_depth, &k.frequency))
        ;
    else if (find_trap(t, k.name))
        report(ld, "duplicate-trap", n, NULL, "trap '%s' is defined twice; the second is skipped",
               k.name);
    else if (t->ntraps >= RF_HORDE_ROWS_MAX)
        report(ld, "xml-limit", n, NULL, "more than %d trap kinds", RF_HORDE_ROWS_MAX);
    else if (!rf_grow((void **)&t->tbuf, &t->tcap, t->ntraps + 1, sizeof *t->tbuf))
        ld->nomem = true;
    else {
        t->tbuf[t->ntraps++] = k;
        t->traps = t->tbuf;
    }
    rf_free(name);
    return !ld->nomem;
}

static const char *const decoration_attrs[] = {"symbol", "type", "name", "weight", NULL};
static const char *const decorations_attrs[] = {"chance", NULL};

/* The type rows of a decorated map symbol (P @ ^, load/seam.h) default
 * to; NULL when symbol is no decorated map symbol. */
static const char *decor_default_type(const char *symbol)
{
    const rf_symbol *s = symbol[0] && !symbol[1] ? rf_symbol_find(symbol[0]) : NULL;
    return s ? s->decor_type : NULL;
}

static const rf_decoration *find_decoration(const rf_horde_table *t, char symbol, const char *name)
{
    size_t i;
    for (i = 0; i < t->ndecor; i++)
        if (t->decor[i].symbol == symbol && strcmp(t->decor[i].name, name) == 0)
            return &t->decor[i];
    return NULL;
}

/* weight= of a decoration row: 1..RF_DECOR_WEIGHT_MAX, default 1. */
static bool take_weight(rf_horde_load *ld, const xmlNode *n, int *weight)
{
    char *v = attr(ld, n, "weight");
    int hi = 0;
    bool ok = false;
    *weight = 1;
    if (ld->nomem)
        ;
    else if (v && !rf_range_parse(v, 1, RF_DECOR_WEIGHT_MAX, weight, &hi))
        report(ld, "bad-value", n, NULL, "weight '%s' is not a number within 1-%d", v,
               RF_DECOR_WEIGHT_MAX);
    else if (v && *weight != hi)
        report(ld, "bad-value", n, NULL, "weight '%s' is a range; it takes one number", v);
    else
        ok = true;
    rf_free(v);
    return ok;
}

/* One <decoration>; a bad one is skipped. False only when memory ran out. */
static bool load_decoration(rf_horde_table *t, const xmlNode *n, rf_horde_load *ld)
{
    char *symbol = attr(ld, n, "symbol"), *type = attr(ld, n, "type"), *name = attr(ld, n, "name");
    const char *deftype = symbol ? decor_default_type(symbol) : NULL;
    rf_decoration k;
    const xmlNode *c;
    memset(&k, 0, sizeof k);
    k.line = rf_xml_line(n);
    k.symbol = deftype ? symbol[0] : '\0';
    check_attrs(ld, n, decoration_attrs);
    for (c = n->children; c && !ld->nomem; c = c->next)
        if (c->type == XML_ELEMENT_NODE)
            report(ld, "unknown-element", c, NULL, "<%s> is not known in <decoration>",
                   (const char *)c->name);
    if (ld->nomem)
        ;
    else if (!symbol || !name)
        report(ld, "missing-attribute", n, NULL, "<decoration> needs %s",
               !symbol ? "symbol=" : "name=");
    else if (!deftype)
        report(ld, "decoration-symbol", n, NULL,
               "decoration symbol '%s' is not P (wall), @ (blocker) or ^ (floor)", symbol);
    else if (!take_name(ld, n, "decoration name", name, k.name, sizeof k.name) ||
             !take_name(ld, n, "decoration type", type ? type : deftype, k.type, sizeof k.type) ||
             !take_weight(ld, n, &k.weight))
        ;
    else if (find_decoration(t, k.symbol, k.name))
        report(ld, "duplicate-decoration", n, NULL,
               "decoration '%s' of symbol %c is defined twice; the second is skipped", k.name,
               k.symbol);
    else if (t->ndecor >= RF_HORDE_ROWS_MAX)
        report(ld, "xml-limit", n, NULL, "more than %d decorations", RF_HORDE_ROWS_MAX);
    else if (!rf_grow((void **)&t->dbuf, &t->dcap, t->ndecor + 1, sizeof *t->dbuf))
        ld->nomem = true;
    else {
        t->dbuf[t->ndecor++] = k;
        t->decor = t->dbuf;
    }
    rf_free(symbol);
    rf_free(type);
    rf_free(name);
    return !ld->nomem;
}

/* chance= of a <decorations> section: 0-100, once a table. */
static void take_chance(rf_horde_table *t, const xmlNode *n, rf_horde_load *ld)
{
    char *v = attr(ld, n, "chance");
    int lo = 0, hi = 0;
    if (!v)
        return;
    if (t->chance_line)
        report(ld, "duplicate-decoration", n, NULL,
               "the decoration chance is already set at line %d; this one is ignored",
               t->chance_line);
    else if (!rf_range_parse(v, 0, 100, &lo, &hi) || lo != hi)
        report(ld, "bad-value", n, NULL, "chance '%s' is not a percent within 0-100", v);
    else {
        t->decor_chance = lo;
        t->chance_line = rf_xml_line(n);
    }
    rf_free(v);
}

bool rf_horde_load_section(rf_horde_table *t, const xmlNode *n, rf_horde_load *ld)
{
    bool hordes = rf_xml_is(n, "hordes"), decorations = rf_xml_is(n, "decorations");
    const char *row = hordes ? "horde" : decorations ? "decoration" : "trap";
    const xmlNode *c;
    if (decorations) {
        check_attrs(ld, n, decorations_attrs);
        take_chance(t, n, ld);
    } else if (n->properties) {
        report(ld, "unknown-attribute", n, NULL, "<%s> takes no attributes; they are ignored",
               (const char *)n->name);
    }
    for (c = n->children; c && !ld->nomem; c = c->next) {
        if (rf_xml_is(c, row)) {
            if (!(hordes ? load_horde(t, c, ld)
                  : decorations ? load_decoration(t, c, ld)
                                : load_trap(t, c, ld)))
                return false;
        } else if (c->type == XML_ELEMENT_NODE) {
            report(ld, "unknown-element", c, NULL, "<%s> is not known in <%s>",
                   (const char *)c->name, (const char *)n->name);
        }
    }
    return !ld->nomem;
}

/* Warns once per run of depths first..last-1 lacking what covered says. */
static void warn_gaps(const rf_horde_table *t, rf_horde_load *ld, int line, const char *what,
                      bool (*covered)(const rf_horde_table *, int))
{
    int depth, start = 0;
    char msg[128];
    for (depth = 1; depth <= 27; depth++) {
        bool hole = depth <= 26 && !covered(t, depth);
        if (hole && !start)
            start = depth;
        if (!hole && start) {
            if (start == depth - 1)
                snprintf(msg, sizeof msg, "no %s can be placed at depth %d", what, start);
            else
                snprintf(msg, sizeof msg, "no %s can be placed at depths %d-%d", what, start,
                         depth - 1);
            say(ld, "population-gap", line, 1, msg);
            start = 0;
        }
    }
}

void rf_horde_table_check(const rf_horde_table *t, rf_horde_load *ld, int line)
{
    warn_gaps(t, ld, line, "random horde", rf_horde_table_has_random);
    warn_gaps(t, ld, line, "trap", has_trap);
}
