/* engine/src/load/template_write.c: `list` and `show` output of templates.
 *
 * Pipeline: load -> output, through template.h. Text for people (a legend of
 * the symbols used, scripts as "when ... then ..."), JSON for tools.
 */
#include <string.h>

#include "core/json.h"
#include "load/symbols.h"
#include "roomforge/template_write.h"

const char *rf_map_symbol_name(char c)
{
    const rf_symbol *s = rf_symbol_find(c);
    return s ? s->legend : NULL;
}

typedef struct flag_row {
    const char *name; /* as rooms.xml writes it */
    size_t offset;    /* of the bool in rf_flags */
} flag_row;

#define FLAG(name, field) {name, offsetof(rf_flags, field)}
static const flag_row flag_rows[] = {
    FLAG("special", special),       FLAG("noMonsters", no_monsters), FLAG("noTraps", no_traps),
    FLAG("noTreasure", no_treasure), FLAG("noBlockers", no_blockers), FLAG("shop", shop),
    FLAG("zoo", zoo),               FLAG("diggleGod", diggle_god),
};
#undef FLAG

static bool flag_value(const rf_flags *f, const flag_row *r)
{
    return *(const bool *)((const char *)f + r->offset);
}

static void write_flags_json(FILE *out, const rf_flags *f)
{
    size_t i;
    putc('{', out);
    for (i = 0; i < sizeof flag_rows / sizeof flag_rows[0]; i++) {
        rf_json_key(out, flag_rows[i].name, i == 0);
        fputs(flag_value(f, &flag_rows[i]) ? "true" : "false", out);
    }
    putc('}', out);
}

static void write_max_level(FILE *out, const rf_flags *f)
{
    if (f->max_level >= RF_LEVEL_ANY)
        fputs("null", out);
    else
        fprintf(out, "%d", f->max_level);
}

/* "0-3", "2+" (no maximum). */
static void write_levels_text(FILE *out, const rf_flags *f)
{
    if (f->max_level >= RF_LEVEL_ANY)
        fprintf(out, "%d+", f->min_level);
    else
        fprintf(out, "%d-%d", f->min_level, f->max_level);
}

static void write_flags_text(FILE *out, const rf_flags *f)
{
    size_t i;
    int any = 0;
    for (i = 0; i < sizeof flag_rows / sizeof flag_rows[0]; i++)
        if (flag_value(f, &flag_rows[i])) {
            fprintf(out, "%s%s", any ? "," : "", flag_rows[i].name);
            any = 1;
        }
    if (!any)
        fputc('-', out);
}

rf_status rf_template_set_write_list(const rf_template_set *set, FILE *out, rf_write_format fmt)
{
    size_t i, n = rf_template_set_count(set);
    if (fmt == RF_WRITE_JSON)
        fputs("{\"rooms\":[", out);
    for (i = 0; i < n; i++) {
        const rf_template *t = rf_template_set_at(set, i);
        const rf_flags *f = rf_template_flags(t);
        if (fmt == RF_WRITE_TEXT) {
            fprintf(out, "%-32s %3dx%-3d levels ", rf_template_name(t), rf_template_width(t),
                    rf_template_height(t));
            write_levels_text(out, f);
            fprintf(out, "  doors %zu  objects %zu  scripts %zu  flags ",
                    rf_template_door_count(t), rf_template_object_count(t),
                    rf_template_script_count(t));
            write_flags_text(out, f);
            fprintf(out, "  %s:%d\n", rf_template_file(t), rf_template_line(t));
            continue;
        }
        fputs(i ? ",{" : "{", out);
        rf_json_key(out, "name", 1);
        rf_json_string(out, rf_template_name(t));
        rf_json_key(out, "file", 0);
        rf_json_string(out, rf_template_file(t));
        fprintf(out, ",\"line\":%d,\"width\":%d,\"height\":%d,\"min_level\":%d,\"max_level\":",
                rf_template_line(t), rf_template_width(t), rf_template_height(t), f->min_level);
        write_max_level(out, f);
        fputs(",\"flags\":", out);
        write_flags_json(out, f);
        fprintf(out, ",\"objects\":%zu,\"scripts\":%zu,\"doors\":%zu}", rf_template_object_count(t),
                rf_template_script_count(t), rf_template_door_count(t));
    }
    if (fmt == RF_WRITE_JSON)
        fputs("]}\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

/* ---- show, text ---- */

static void write_attrs_text(FILE *out, const rf_attr *a, size_t n, const char *skip)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (skip && strcmp(a[i].key, skip) == 0)
            continue;
        fprintf(out, " %s=\"%s\"", a[i].name, a[i].value);
    }
}

static const char *const object_skip_keys[] = {"x", "y", "at", "id", NULL};

static bool skip_object_key(const char *key)
{
    size_t i;
    for (i = 0; object_skip_keys[i]; i++)
        if (strcmp(key, object_skip_keys[i]) == 0)
            return true;
    return false;
}

/* The clause's type as its author spelled it (isAlive, not isalive). */
static const char *clause_type_as_written(const rf_clause *c, const char *type_key)
{
    size_t i;
    for (i = 0; i < c->nattrs; i++)
        if (strcmp(c->attrs[i].key, type_key) == 0)
            return c->attrs[i].value;
    return c->type;
}

static void write_clause_text(FILE *out, const char *lead, const rf_clause *c, const char *type_key)
{
    fprintf(out, "    %s %s", lead, clause_type_as_written(c, type_key));
    write_attrs_text(out, c->attrs, c->nattrs, type_key);
    fprintf(out, "   (line %d)\n", c->line);
}

static void write_script_text(FILE *out, size_t index, const rf_script *s)
{
    size_t i;
    fprintf(out, "  script %zu, line %d, %s, %s\n", index + 1, s->line,
            s->lang == RF_SCRIPT_LUA ? "lua" : "xml",
            s->repeat ? "repeats" : "fires once");
    if (s->lang == RF_SCRIPT_LUA) {
        if (s->src)
            fprintf(out, "    src %s\n", s->src);
        if (s->code) {
            const char *p = s->code;
            while (*p) {
                const char *nl = strchr(p, '\n');
                size_t len = nl ? (size_t)(nl - p) : strlen(p);
                fprintf(out, "    | %.*s\n", (int)len, p);
                p += len + (nl != NULL);
            }
        }
        return;
    }
    for (i = 0; i < s->nconditions; i++)
        write_clause_text(out, i ? " and" : "when", &s->conditions[i], "conditiontype");
    if (s->nconditions == 0)
        fputs("    when always\n", out);
    for (i = 0; i < s->nactions; i++)
        write_clause_text(out, i ? "    " : "then", &s->actions[i], "actiontype");
}

static rf_status show_text(const rf_template *t, FILE *out)
{
    int w = rf_template_width(t), h = rf_template_height(t), x, y;
    const rf_flags *f = rf_template_flags(t);
    bool used[256] = {false};
    size_t i;
    fprintf(out, "%s  (%s:%d)\n", rf_template_name(t), rf_template_file(t), rf_template_line(t));
    fprintf(out, "  size %dx%d, levels ", w, h);
    write_levels_text(out, f);
    fprintf(out, " (0-based), weight %d, flags ", rf_template_weight(t));
    write_flags_text(out, f);
    if (rf_template_tags(t))
        fprintf(out, ", tags %s", rf_template_tags(t));
    fputs("\n\n", out);
    fputs("     ", out);
    for (x = 0; x < w; x++)
        putc('0' + x % 10, out);
    putc('\n', out);
    for (y = 0; y < h; y++) {
        const char *row = rf_template_row(t, y);
        fprintf(out, "  %2d %s\n", y, row);
        for (x = 0; x < w; x++)
            used[(unsigned char)row[x]] = true;
    }
    fputs("\n  legend\n", out);
    for (i = 0; i < rf_symbol_count(); i++) { /* anchors below, with their cells */
        const rf_symbol *sy = rf_symbol_at(i);
        if (sy->cls != RF_SYMBOL_ANCHOR && used[(unsigned char)sy->first])
            fprintf(out, "    '%c' %s\n", sy->first, sy->legend);
    }
    for (x = 0; x < 10; x++) {
        int ax, ay;
        if (rf_template_anchor(t, x, &ax, &ay))
            fprintf(out, "    '%d' anchor at %d,%d\n", x, ax, ay);
    }
    fprintf(out, "\n  doors (%zu)\n", rf_template_door_count(t));
    for (i = 0; i < rf_template_door_count(t); i++) {
        const rf_door *d = rf_template_door(t, i);
        fprintf(out, "    %d,%d %s\n", d->x, d->y, rf_side_name(d->side));
    }
    fprintf(out, "\n  objects (%zu)\n", rf_template_object_count(t));
    for (i = 0; i < rf_template_object_count(t); i++) {
        const rf_object *o = rf_template_object(t, i);
        size_t k;
        fprintf(out, "    %-16s %-12s %2d,%-2d", rf_object_tag(o), o->id ? o->id : "-",
                o->x, o->y);
        if (o->at >= 0)
            fprintf(out, " at=%d", o->at);
        for (k = 0; k < o->nattrs; k++)
            if (!skip_object_key(o->attrs[k].key))
                fprintf(out, " %s=\"%s\"", o->attrs[k].name, o->attrs[k].value);
        putc('\n', out);
    }
    fprintf(out, "\n  scripts (%zu)\n", rf_template_script_count(t));
    for (i = 0; i < rf_template_script_count(t); i++)
        write_script_text(out, i, rf_template_script(t, i));
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

/* ---- show, JSON ---- */

static void write_attrs_json(FILE *out, const rf_attr *a, size_t n)
{
    size_t i;
    putc('{', out);
    for (i = 0; i < n; i++) {
        rf_json_key(out, a[i].name, i == 0);
        rf_json_string(out, a[i].value);
    }
    putc('}', out);
}

static void write_clauses_json(FILE *out, const rf_clause *c, size_t n)
{
    size_t i;
    putc('[', out);
    for (i = 0; i < n; i++) {
        fputs(i ? ",{" : "{", out);
        rf_json_key(out, "type", 1);
        rf_json_string(out, c[i].type);
        fprintf(out, ",\"line\":%d,\"attrs\":", c[i].line);
        write_attrs_json(out, c[i].attrs, c[i].nattrs);
        putc('}', out);
    }
    putc(']', out);
}

static rf_status show_json(const rf_template *t, FILE *out)
{
    int h = rf_template_height(t), y, digit;
    const rf_flags *f = rf_template_flags(t);
    size_t i;
    bool first = true;
    fputc('{', out);
    rf_json_key(out, "name", 1);
    rf_json_string(out, rf_template_name(t));
    rf_json_key(out, "file", 0);
    rf_json_string(out, rf_template_file(t));
    fprintf(out, ",\"line\":%d,\"width\":%d,\"height\":%d,\"min_level\":%d,\"max_level\":",
            rf_template_line(t), rf_template_width(t), h, f->min_level);
    write_max_level(out, f);
    fprintf(out, ",\"weight\":%d,\"tags\":", rf_template_weight(t));
    rf_json_string(out, rf_template_tags(t));
    fputs(",\"flags\":", out);
    write_flags_json(out, f);
    fputs(",\"rows\":[", out);
    for (y = 0; y < h; y++) {
        if (y)
            putc(',', out);
        rf_json_string(out, rf_template_row(t, y));
    }
    fputs("],\"doors\":[", out);
    for (i = 0; i < rf_template_door_count(t); i++) {
        const rf_door *d = rf_template_door(t, i);
        fprintf(out, "%s{\"x\":%d,\"y\":%d,\"side\":\"%s\",\"span\":[[%d,%d],[%d,%d],[%d,%d]]}",
                i ? "," : "", d->x, d->y, rf_side_name(d->side), d->span_x[0], d->span_y[0],
                d->span_x[1], d->span_y[1], d->span_x[2], d->span_y[2]);
    }
    fputs("],\"anchors\":{", out);
    for (digit = 0; digit < 10; digit++) {
        int ax, ay;
        if (!rf_template_anchor(t, digit, &ax, &ay))
            continue;
        fprintf(out, "%s\"%d\":[%d,%d]", first ? "" : ",", digit, ax, ay);
        first = false;
    }
    fputs("},\"objects\":[", out);
    for (i = 0; i < rf_template_object_count(t); i++) {
        const rf_object *o = rf_template_object(t, i);
        fputs(i ? ",{" : "{", out);
        rf_json_key(out, "type", 1);
        rf_json_string(out, rf_object_tag(o));
        rf_json_key(out, "id", 0);
        rf_json_string(out, o->id);
        fprintf(out, ",\"x\":%d,\"y\":%d,\"at\":", o->x, o->y);
        if (o->at >= 0)
            fprintf(out, "%d", o->at);
        else
            fputs("null", out);
        fprintf(out, ",\"percent\":%d,\"line\":%d,\"attrs\":", o->percent, o->line);
        write_attrs_json(out, o->attrs, o->nattrs);
        putc('}', out);
    }
    fputs("],\"scripts\":[", out);
    for (i = 0; i < rf_template_script_count(t); i++) {
        const rf_script *s = rf_template_script(t, i);
        fprintf(out, "%s{\"line\":%d,\"lang\":\"%s\",\"repeat\":%d,\"src\":", i ? "," : "", s->line,
                s->lang == RF_SCRIPT_LUA ? "lua" : "xml", s->repeat);
        rf_json_string(out, s->src);
        fputs(",\"code\":", out);
        rf_json_string(out, s->code);
        fputs(",\"conditions\":", out);
        write_clauses_json(out, s->conditions, s->nconditions);
        fputs(",\"actions\":", out);
        write_clauses_json(out, s->actions, s->nactions);
        putc('}', out);
    }
    fputs("]}\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

rf_status rf_template_write_show(const rf_template *t, FILE *out, rf_write_format fmt)
{
    return fmt == RF_WRITE_JSON ? show_json(t, out) : show_text(t, out);
}
