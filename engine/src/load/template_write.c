/* engine/src/load/template_write.c: `list` and `show` output of templates.
 *
 * Pipeline: load -> output, through template.h. Text for people (a legend of
 * the symbols used, scripts as "when ... then ..."), JSON for tools.
 */
#include <string.h>

#include "core/seam.h"
#include "lua_repeat_int.h"
#include "load/seam.h"
#include "roomforge/orient.h"
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

/* A room's tags as `  tags a,b` (comma-joined like its flags) and `  varies`
   when it carries <vary>; nothing for a room with neither (DESIGN 16). */
static void write_tags_text(FILE *out, const rf_template *t)
{
    const char *p = rf_template_tags(t);
    int sep = 0, any = 0;
    if (p && *p) {
        fputs("  tags ", out);
        for (; *p; p++) {
            if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
                sep = 1;
                continue;
            }
            if (sep && any)
                fputc(',', out);
            sep = 0;
            any = 1;
            fputc(*p, out);
        }
    }
    if (rf_template_varies(t))
        fputs("  varies", out);
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
            write_tags_text(out, t);
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

/* Whether a script fires once or repeats, in words: an XML script by its
 * repeat attribute; a Lua chunk by the rules its text registers, each with
 * its own "repeat" key (the attribute is not read for Lua); a chunk in a
 * src file by the rules there. */
static void write_script_repeat(FILE *out, const rf_script *s)
{
    size_t rules, repeating;
    if (s->lang != RF_SCRIPT_LUA) {
        fputs(s->repeat ? "repeats" : "fires once", out);
        return;
    }
    if (!s->code) {
        fputs("each rule of its file says whether it repeats", out);
        return;
    }
    rf_lua_repeat_count(s->code, &rules, &repeating);
    if (repeating == 0)
        fputs(rules > 1 ? "its rules fire once" : "fires once", out);
    else if (repeating >= rules)
        fputs(rules > 1 ? "its rules repeat" : "repeats", out);
    else
        fprintf(out, "%zu of its %zu rules repeat", repeating, rules);
}

static void write_script_text(FILE *out, size_t index, const rf_script *s)
{
    size_t i;
    fprintf(out, "  script %zu, line %d, %s, ", index + 1, s->line,
            s->lang == RF_SCRIPT_LUA ? "lua" : "xml");
    write_script_repeat(out, s);
    putc('\n', out);
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

/* ---- a template turned (show --orient) ---- */

/* How a template is shown: turned by k, in the turned room's own frame. */
typedef struct turned {
    const rf_template *t;
    int k, tw, th, w, h; /* template size, turned size */
} turned;

static void turned_init(turned *v, const rf_template *t, int k)
{
    v->t = t;
    v->k = k;
    v->tw = rf_template_width(t);
    v->th = rf_template_height(t);
    rf_orient_size(k, v->tw, v->th, &v->w, &v->h);
}

/* Template point (x, y) in the turned room's frame. */
static void turned_xy(const turned *v, int x, int y, int *rx, int *ry)
{
    rf_orient_to_room(v->k, v->tw, v->th, x, y, rx, ry);
}

/* The symbol at the turned room's (rx, ry): a door keeps its meaning, so a
 * door turned onto a side edge is 'd' and one turned onto top or bottom 'D'. */
static char turned_cell(const turned *v, int rx, int ry)
{
    int x, y;
    char c;
    rf_orient_to_template(v->k, v->tw, v->th, rx, ry, &x, &y);
    c = rf_template_cell(v->t, x, y);
    if ((c == 'D' || c == 'd') && v->k % 2 == 1)
        c = c == 'D' ? 'd' : 'D';
    return c;
}

/* The edge side s of the template faces once turned. */
static rf_side turned_side(const turned *v, rf_side s)
{
    int dx = s == RF_SIDE_WEST ? -1 : s == RF_SIDE_EAST ? 1 : 0;
    int dy = s == RF_SIDE_NORTH ? -1 : s == RF_SIDE_SOUTH ? 1 : 0;
    rf_orient_dir(v->k, dx, dy, &dx, &dy);
    return dy < 0 ? RF_SIDE_NORTH : dy > 0 ? RF_SIDE_SOUTH : dx < 0 ? RF_SIDE_WEST : RF_SIDE_EAST;
}

/* Object o's position in the turned frame (an unresolved one stays as it is). */
static void turned_object(const turned *v, const rf_object *o, int *x, int *y)
{
    *x = o->x;
    *y = o->y;
    if (o->x >= 0 && o->y >= 0)
        turned_xy(v, o->x, o->y, x, y);
}

/* The head of show: name, size, levels, flags, tags, variant and turn. */
static void show_head_text(const turned *v, FILE *out)
{
    const rf_template *t = v->t;
    const rf_flags *f = rf_template_flags(t);
    int k = v->k;
    fprintf(out, "%s  (%s:%d)\n", rf_template_name(t), rf_template_file(t), rf_template_line(t));
    fprintf(out, "  size %dx%d, levels ", v->w, v->h);
    write_levels_text(out, f);
    fprintf(out, " (0-based), weight %d, flags ", rf_template_weight(t));
    write_flags_text(out, f);
    if (rf_template_tags(t))
        fprintf(out, ", tags %s", rf_template_tags(t));
    if (rf_template_variant_number(t) >= 0) /* DESIGN 16 */
        fprintf(out, "\n  variant %ld of its <vary>", rf_template_variant_number(t));
    else if (rf_template_varies(t))
        fputs("\n  varies: the map as written; show --variant N draws one", out);
    if (k != 0) /* positions below are the turned room's; scripts keep the template's */
        fprintf(out, "\n  turned: orientation %d (%d quarter turn%s clockwise%s); scripts "
                     "speak the template's own coordinates",
                k, k % 4, k % 4 == 1 ? "" : "s", k >= 4 ? ", mirrored first" : "");
    fputs("\n\n", out);
}

/* The turned map under a ruler of columns; used[] marks the symbols in it. */
static void show_map_text(const turned *v, bool used[256], FILE *out)
{
    int x, y;
    fputs("     ", out);
    for (x = 0; x < v->w; x++)
        putc('0' + x % 10, out);
    putc('\n', out);
    for (y = 0; y < v->h; y++) {
        fprintf(out, "  %2d ", y);
        for (x = 0; x < v->w; x++) {
            char c = turned_cell(v, x, y);
            used[(unsigned char)c] = true;
            putc(c, out);
        }
        putc('\n', out);
    }
}

/* The legend: the symbols the map uses, then each anchor with its cell. */
static void show_legend_text(const turned *v, const bool used[256], FILE *out)
{
    size_t i;
    int x;
    fputs("\n  legend\n", out);
    for (i = 0; i < rf_symbol_count(); i++) { /* anchors below, with their cells */
        const rf_symbol *sy = rf_symbol_at(i);
        if (sy->cls != RF_SYMBOL_ANCHOR && used[(unsigned char)sy->first])
            fprintf(out, "    '%c' %s\n", sy->first, sy->legend);
    }
    for (x = 0; x < 10; x++) {
        int ax, ay;
        if (rf_template_anchor(v->t, x, &ax, &ay)) {
            turned_xy(v, ax, ay, &ax, &ay);
            fprintf(out, "    '%d' anchor at %d,%d\n", x, ax, ay);
        }
    }
}

static void show_doors_text(const turned *v, FILE *out)
{
    const rf_template *t = v->t;
    size_t i;
    fprintf(out, "\n  doors (%zu)\n", rf_template_door_count(t));
    for (i = 0; i < rf_template_door_count(t); i++) {
        const rf_door *d = rf_template_door(t, i);
        int dx, dy;
        turned_xy(v, d->x, d->y, &dx, &dy);
        fprintf(out, "    %d,%d %s\n", dx, dy, rf_side_name(turned_side(v, d->side)));
    }
}

static void show_objects_text(const turned *v, FILE *out)
{
    const rf_template *t = v->t;
    size_t i;
    fprintf(out, "\n  objects (%zu)\n", rf_template_object_count(t));
    for (i = 0; i < rf_template_object_count(t); i++) {
        const rf_object *o = rf_template_object(t, i);
        size_t a;
        int ox, oy;
        turned_object(v, o, &ox, &oy);
        fprintf(out, "    %-16s %-12s %2d,%-2d", rf_object_tag(o), o->id ? o->id : "-", ox, oy);
        if (o->at >= 0)
            fprintf(out, " at=%d", o->at);
        for (a = 0; a < o->nattrs; a++)
            if (!skip_object_key(o->attrs[a].key))
                fprintf(out, " %s=\"%s\"", o->attrs[a].name, o->attrs[a].value);
        putc('\n', out);
    }
}

static rf_status show_text(const rf_template *t, int k, FILE *out)
{
    bool used[256] = {false};
    turned v;
    size_t i;
    turned_init(&v, t, k);
    show_head_text(&v, out);
    show_map_text(&v, used, out);
    show_legend_text(&v, used, out);
    show_doors_text(&v, out);
    show_objects_text(&v, out);
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

/* show's JSON "rows", "doors" and "anchors" of t turned as v says. */
static void show_json_map(const rf_template *t, const turned *v, FILE *out)
{
    int x, y, digit;
    bool first = true;
    size_t i;
    fputs(",\"rows\":[", out);
    for (y = 0; y < v->h; y++) {
        char row[RF_TEMPLATE_MAX_SIDE + 1];
        for (x = 0; x < v->w; x++)
            row[x] = turned_cell(v, x, y);
        row[v->w] = '\0';
        if (y)
            putc(',', out);
        rf_json_string(out, row);
    }
    fputs("],\"doors\":[", out);
    for (i = 0; i < rf_template_door_count(t); i++) {
        const rf_door *d = rf_template_door(t, i);
        int dx, dy, sx[3], sy[3], s;
        turned_xy(v, d->x, d->y, &dx, &dy);
        for (s = 0; s < 3; s++)
            turned_xy(v, d->span_x[s], d->span_y[s], &sx[s], &sy[s]);
        fprintf(out, "%s{\"x\":%d,\"y\":%d,\"side\":\"%s\",\"span\":[[%d,%d],[%d,%d],[%d,%d]]}",
                i ? "," : "", dx, dy, rf_side_name(turned_side(v, d->side)), sx[0], sy[0],
                sx[1], sy[1], sx[2], sy[2]);
    }
    fputs("],\"anchors\":{", out);
    for (digit = 0; digit < 10; digit++) {
        int ax, ay;
        if (!rf_template_anchor(t, digit, &ax, &ay))
            continue;
        turned_xy(v, ax, ay, &ax, &ay);
        fprintf(out, "%s\"%d\":[%d,%d]", first ? "" : ",", digit, ax, ay);
        first = false;
    }
    putc('}', out);
}

/* show's JSON "objects" (turned as v says) and "scripts" (as written). */
static void show_json_contents(const rf_template *t, const turned *v, FILE *out)
{
    size_t i;
    fputs(",\"objects\":[", out);
    for (i = 0; i < rf_template_object_count(t); i++) {
        const rf_object *o = rf_template_object(t, i);
        int ox, oy;
        turned_object(v, o, &ox, &oy);
        fputs(i ? ",{" : "{", out);
        rf_json_key(out, "type", 1);
        rf_json_string(out, rf_object_tag(o));
        rf_json_key(out, "id", 0);
        rf_json_string(out, o->id);
        fprintf(out, ",\"x\":%d,\"y\":%d,\"at\":", ox, oy);
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
    putc(']', out);
}

static rf_status show_json(const rf_template *t, int k, FILE *out)
{
    const rf_flags *f = rf_template_flags(t);
    turned v;
    turned_init(&v, t, k);
    fputc('{', out);
    rf_json_key(out, "name", 1);
    rf_json_string(out, rf_template_name(t));
    rf_json_key(out, "file", 0);
    rf_json_string(out, rf_template_file(t));
    fprintf(out, ",\"line\":%d,\"orient\":%d,\"width\":%d,\"height\":%d,\"min_level\":%d,"
                 "\"max_level\":",
            rf_template_line(t), k, v.w, v.h, f->min_level);
    write_max_level(out, f);
    fprintf(out, ",\"weight\":%d,\"tags\":", rf_template_weight(t));
    rf_json_string(out, rf_template_tags(t));
    if (rf_template_variant_number(t) >= 0) /* only on a variant: goldens stay */
        fprintf(out, ",\"variant\":%ld", rf_template_variant_number(t));
    fputs(",\"flags\":", out);
    write_flags_json(out, f);
    show_json_map(t, &v, out);
    show_json_contents(t, &v, out);
    fputs("}\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

rf_status rf_template_write_show(const rf_template *t, FILE *out, rf_write_format fmt)
{
    return rf_template_write_show_turned(t, 0, out, fmt);
}

rf_status rf_template_write_show_turned(const rf_template *t, int orient, FILE *out,
                                        rf_write_format fmt)
{
    if (!t || !out || orient < 0 || orient >= RF_ORIENT_COUNT)
        return RF_ERR_ARG;
    return fmt == RF_WRITE_JSON ? show_json(t, orient, out) : show_text(t, orient, out);
}
