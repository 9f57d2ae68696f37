/* engine/src/load/template_parts.c: the parts of a room its doors do not
 * reach, and the objects a level loses with them.
 *
 * Pipeline: load; called by template_check.c for every room whose doors are
 * well placed. Levels connect by 4-neighbour steps and the placer walls the
 * parts a room's doors do not reach by them (docs/reference.md "A room's
 * connected region"): one warning per part says so before a level is built.
 * Design: open cells (rf_symbol_is_walled; a door cell open too) labelled by
 * 4-connected parts, row-major; the parts holding a door are the region; a
 * walk by 8-neighbour steps from it finds the diagonal-only parts, the rest
 * are unreachable. O(cells + objects); arrays per cell and per part.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "load/seam.h"
#include "template_parts_int.h"

/* What a walk from the doors finds of one part. */
enum { PART_SEALED = 0, PART_REGION, PART_DIAGONAL };

typedef struct part {
    int x0, y0, x1, y1; /* its box, inclusive */
    size_t cells;
    int kind;    /* PART_* */
    bool direct; /* PART_DIAGONAL: a diagonal step joins it to the region itself */
} part;

typedef struct parts {
    const rf_template *t;
    int w, h;
    unsigned used;
    uint16_t *label; /* per cell: 0 walled or outside, else 1 + its part */
    uint8_t *seen;   /* per cell: the 8-neighbour walk reached it */
    uint32_t *stack; /* cell indexes */
    part *p;         /* p[label - 1] */
    size_t np;
} parts;

static const int dx8[8] = {1, -1, 0, 0, 1, 1, -1, -1};
static const int dy8[8] = {0, 0, 1, -1, 1, -1, 1, -1};

/* The placer keeps (x, y) open, or it is a door: a door centre is drawn as
 * wall until a corridor uses it, and then opens onto the door's part. */
static bool open_at(const parts *s, int x, int y)
{
    const char *row;
    const rf_symbol *k;
    char ch;
    if (x < 0 || y < 0 || x >= s->w || y >= s->h || !(row = rf_template_row(s->t, y)))
        return false;
    ch = row[x];
    if (ch == ' ' || ch == '\0')
        return false;
    k = rf_symbol_find(ch);
    return (k && k->cls == RF_SYMBOL_DOOR) || !rf_symbol_is_walled(ch, s->used);
}

static bool is_door(const parts *s, int x, int y)
{
    const rf_symbol *k = rf_symbol_find(rf_template_row(s->t, y)[x]);
    return k && k->cls == RF_SYMBOL_DOOR;
}

static size_t at(const parts *s, int x, int y) { return (size_t)y * (size_t)s->w + (size_t)x; }

/* Labels the 4-connected parts of the open cells; returns how many. */
static size_t label_parts(parts *s)
{
    size_t np = 0;
    int x, y, k;
    for (y = 0; y < s->h; y++)
        for (x = 0; x < s->w; x++) {
            size_t top = 0;
            if (s->label[at(s, x, y)] || !open_at(s, x, y))
                continue;
            if (np == UINT16_MAX) /* cannot happen: a map has at most 255x255 cells */
                return np;
            np++;
            s->label[at(s, x, y)] = (uint16_t)np;
            s->stack[top++] = (uint32_t)at(s, x, y);
            while (top > 0) {
                uint32_t c = s->stack[--top];
                int cx = (int)(c % (uint32_t)s->w), cy = (int)(c / (uint32_t)s->w);
                for (k = 0; k < 4; k++) {
                    int nx = cx + dx8[k], ny = cy + dy8[k];
                    if (!open_at(s, nx, ny) || s->label[at(s, nx, ny)])
                        continue;
                    s->label[at(s, nx, ny)] = (uint16_t)np;
                    s->stack[top++] = (uint32_t)at(s, nx, ny);
                }
            }
        }
    return np;
}

/* Each part's box and size; the parts holding a door are the region.
 * Returns whether any does. */
static bool measure_parts(parts *s)
{
    bool doors = false;
    int x, y;
    for (y = 0; y < s->h; y++)
        for (x = 0; x < s->w; x++) {
            uint16_t l = s->label[at(s, x, y)];
            part *p;
            if (!l)
                continue;
            p = &s->p[l - 1];
            if (p->cells == 0) {
                p->x0 = p->x1 = x;
                p->y0 = p->y1 = y;
            }
            p->x0 = x < p->x0 ? x : p->x0;
            p->x1 = x > p->x1 ? x : p->x1;
            p->y1 = y; /* row-major: y only grows */
            p->cells++;
            if (is_door(s, x, y)) {
                p->kind = PART_REGION;
                doors = true;
            }
        }
    return doors;
}

/* Walks by 8-neighbour steps from the region: every part it enters is
 * reached by diagonal steps alone; direct when one of its cells touches the
 * region itself. */
static void walk_diagonals(parts *s)
{
    size_t top = 0, i, n = (size_t)s->w * (size_t)s->h;
    int k;
    for (i = 0; i < n; i++)
        if (s->label[i] && s->p[s->label[i] - 1].kind == PART_REGION) {
            s->seen[i] = 1;
            s->stack[top++] = (uint32_t)i;
        }
    while (top > 0) {
        uint32_t c = s->stack[--top];
        int cx = (int)(c % (uint32_t)s->w), cy = (int)(c / (uint32_t)s->w);
        for (k = 0; k < 8; k++) {
            int nx = cx + dx8[k], ny = cy + dy8[k];
            part *to;
            if (!open_at(s, nx, ny) || s->seen[at(s, nx, ny)])
                continue;
            s->seen[at(s, nx, ny)] = 1;
            s->stack[top++] = (uint32_t)at(s, nx, ny);
            to = &s->p[s->label[at(s, nx, ny)] - 1];
            if (to->kind == PART_SEALED)
                to->kind = PART_DIAGONAL;
        }
    }
    for (i = 0; i < n; i++) { /* direct: a cell of a diagonal part beside the region */
        part *p = s->label[i] ? &s->p[s->label[i] - 1] : NULL;
        int cx = (int)(i % (size_t)s->w), cy = (int)(i / (size_t)s->w);
        if (!p || p->kind != PART_DIAGONAL || p->direct)
            continue;
        for (k = 4; k < 8; k++) {
            int nx = cx + dx8[k], ny = cy + dy8[k];
            uint16_t l = open_at(s, nx, ny) ? s->label[at(s, nx, ny)] : 0;
            if (l && s->p[l - 1].kind == PART_REGION)
                p->direct = true;
        }
    }
}

/* Appends to buf (cap bytes, NUL-terminated, *len used) what fits of text. */
static void put(char *buf, size_t cap, size_t *len, const char *text)
{
    size_t k = strlen(text);
    if (*len + 1 >= cap)
        return;
    if (k > cap - 1 - *len)
        k = cap - 1 - *len;
    memcpy(buf + *len, text, k);
    *len += k;
    buf[*len] = '\0';
}

/* "x 3-5" or "x 4" */
static void put_range(char *buf, size_t cap, size_t *len, const char *axis, int a, int b)
{
    char tmp[48];
    if (a == b)
        snprintf(tmp, sizeof tmp, "%s %d", axis, a);
    else
        snprintf(tmp, sizeof tmp, "%s %d-%d", axis, a, b);
    put(buf, cap, len, tmp);
}

/* The objects standing in part l, in document order, each after lead (the
 * first) or ", ", as far as room is left in buf; then "and N more". */
#define OBJECTS_ROOM 640
static void put_objects(const parts *s, uint16_t l, const char *lead, char *buf, size_t cap,
                        size_t *len)
{
    size_t i, n = rf_template_object_count(s->t), listed = 0, more = 0;
    for (i = 0; i < n; i++) {
        const rf_object *o = rf_template_object(s->t, i);
        const char *sep = listed ? ", " : lead;
        char one[192];
        if (o->x < 0 || o->y < 0 || o->x >= s->w || o->y >= s->h ||
            s->label[at(s, o->x, o->y)] != l)
            continue;
        if (o->id)
            snprintf(one, sizeof one, "%s%.40s '%.60s' at %d,%d", sep, rf_object_tag(o), o->id,
                     o->x, o->y);
        else
            snprintf(one, sizeof one, "%s%.40s at %d,%d", sep, rf_object_tag(o), o->x, o->y);
        if (more || *len + strlen(one) > OBJECTS_ROOM) {
            more++;
            continue;
        }
        put(buf, cap, len, one);
        listed++;
    }
    if (more) {
        char tail[64];
        snprintf(tail, sizeof tail, "%s%zu more object%s", listed ? ", and " : lead, more,
                 more == 1 ? "" : "s");
        put(buf, cap, len, tail);
    }
}

static size_t report_part(const parts *s, uint16_t l, rf_diags *d)
{
    const part *p = &s->p[l - 1];
    const char *file = rf_template_file(s->t) ? rf_template_file(s->t) : "";
    bool one = p->cells == 1;
    char msg[900], tmp[64];
    size_t len = 0;
    msg[0] = '\0';
    put(msg, sizeof msg, &len, one ? "cell " : "cells ");
    put_range(msg, sizeof msg, &len, "x", p->x0, p->x1);
    put_range(msg, sizeof msg, &len, ", y", p->y0, p->y1);
    snprintf(tmp, sizeof tmp, " (%zu cell%s) %s ", p->cells, one ? "" : "s", one ? "is" : "are");
    put(msg, sizeof msg, &len, tmp);
    if (p->kind == PART_DIAGONAL) {
        put(msg, sizeof msg, &len,
            p->direct ? "reached only by a diagonal step from the part a door reaches"
                      : "reached only by diagonal steps, through other parts no door reaches");
        put(msg, sizeof msg, &len, "; levels connect by 4-neighbour steps, so a level walls ");
    } else {
        put(msg, sizeof msg, &len, "reached by no door; a level walls ");
    }
    put(msg, sizeof msg, &len, one ? "it" : "them");
    put_objects(s, l, one ? ", and with it: " : ", and with them: ", msg, sizeof msg, &len);
    return (rf_diag_report(d, p->kind == PART_DIAGONAL ? "diagonal-only-part" : "unreachable-part",
                           file, rf_template_line(s->t), rf_template_col(s->t), "%s", msg) &
            RF_DIAG_FAULT)
               ? 1
               : 0;
}

size_t rf_template_check_parts(const rf_template *t, unsigned used_digits, rf_diags *d)
{
    parts s;
    size_t n, i, errors = 0;
    memset(&s, 0, sizeof s);
    s.t = t;
    s.w = rf_template_width(t);
    s.h = rf_template_height(t);
    s.used = used_digits;
    if (!t || !d || s.w <= 0 || s.h <= 0 || s.w > RF_TEMPLATE_MAX_SIDE ||
        s.h > RF_TEMPLATE_MAX_SIDE)
        return 0;
    if (!rf_diags_is_enabled(d, "unreachable-part") &&
        !rf_diags_is_enabled(d, "diagonal-only-part"))
        return 0;
    n = (size_t)s.w * (size_t)s.h;
    s.label = rf_calloc(n, sizeof *s.label);
    s.seen = rf_calloc(n, sizeof *s.seen);
    s.stack = rf_alloc(n * sizeof *s.stack);
    if (s.label && s.seen && s.stack) {
        s.np = label_parts(&s);
        s.p = s.np > 1 ? rf_calloc(s.np, sizeof *s.p) : NULL; /* one part: nothing sealed */
    }
    if (s.p && measure_parts(&s)) {
        walk_diagonals(&s);
        for (i = 0; i < s.np; i++)
            if (s.p[i].kind != PART_REGION)
                errors += report_part(&s, (uint16_t)(i + 1), d);
    }
    rf_free(s.p);
    rf_free(s.stack);
    rf_free(s.seen);
    rf_free(s.label);
    return errors;
}
