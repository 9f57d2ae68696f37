/* engine/src/load_room.c: a template built from a <room> and its <row>,
 * <flags> and object elements.
 *
 * Pipeline: load; load_xml.c calls the *_start functions at start tags and
 * rf_load_room_end at </room>, which checks the room (rf_template_check) and
 * appends it to the set. Design: a room's strings go to the set's arena as
 * they come; its arrays are collected in scratch vectors reused across rooms
 * and copied once at </room>; a skipped room is undone by rewinding the arena
 * to the mark taken at <room>.
 * Seeds: dredmor-room-system.txt 1.1 (map, doors, anchors), 1.2 (flags),
 * 2 (objects).
 */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "alloc_int.h"
#include "check_int.h"
#include "load_int.h"

void rf_load_room_start(rf_loader *L)
{
    const rf_attr *a;
    L->in_room = true;
    L->room_errors = 0;
    L->mark = rf_arena_get_mark(&L->set->arena);
    memset(&L->t, 0, sizeof L->t);
    L->t.file = L->afile;
    L->t.line = L->el_line;
    L->t.col = L->el_col;
    L->t.weight = 100;
    L->t.flags.max_level = RF_LEVEL_ANY;
    L->width = L->height = -1;
    L->have_flags = L->rows_full = false;
    L->nrows = L->nobjs = L->nscripts = 0;
    L->in_script = false;
    if ((a = rf_load_attr(L, "name")) != NULL)
        L->t.name = rf_load_adup(L, a->value);
    if ((a = rf_load_attr(L, "width")) != NULL) {
        L->width = (int)rf_load_int_of(a, 0);
        L->wline = a->line;
        L->wcol = a->col;
    }
    if ((a = rf_load_attr(L, "height")) != NULL) {
        L->height = (int)rf_load_int_of(a, 0);
        L->hline = a->line;
        L->hcol = a->col;
    }
    if (L->width == 0)
        rf_load_emit(L, "bad-value", L->wline, L->wcol, "width=\"0\": a room is at least 1 wide");
    if (L->height == 0)
        rf_load_emit(L, "bad-value", L->hline, L->hcol, "height=\"0\": a room is at least 1 high");
    if (L->width > RF_TEMPLATE_MAX_SIDE)
        rf_load_emit(L, "room-too-big", L->wline, L->wcol, "width=\"%d\" is beyond %d", L->width,
                     RF_TEMPLATE_MAX_SIDE);
    if (L->height > RF_TEMPLATE_MAX_SIDE)
        rf_load_emit(L, "room-too-big", L->hline, L->hcol, "height=\"%d\" is beyond %d", L->height,
                     RF_TEMPLATE_MAX_SIDE);
    L->t.flags.special = rf_load_int_of(rf_load_attr(L, "special"), 0) == 1;
    L->t.weight = (int)rf_load_int_of(rf_load_attr(L, "weight"), 100);
    if ((a = rf_load_attr(L, "tags")) != NULL)
        L->t.tags = rf_load_adup(L, a->value);
    L->t.rotate = rf_load_int_of(rf_load_attr(L, "rotate"), 0) == 1;
    L->t.mirror = rf_load_int_of(rf_load_attr(L, "mirror"), 0) == 1;
}

void rf_load_row_start(rf_loader *L)
{
    const rf_attr *a = rf_load_attr(L, "text");
    const unsigned char *s;
    rf_row_rec *r;
    size_t n = 0, i;
    if (!a || L->rows_full)
        return;
    if (L->nrows >= RF_TEMPLATE_MAX_SIDE) {
        rf_load_emit(L, "room-too-big", L->el_line, L->el_col, "more than %d rows",
                     RF_TEMPLATE_MAX_SIDE);
        L->rows_full = true;
        return;
    }
    for (s = (const unsigned char *)a->value; *s; s++)
        if ((*s & 0xC0) != 0x80)
            n++;
    if (n > RF_TEMPLATE_MAX_SIDE) {
        rf_load_emit(L, "room-too-big", a->line, a->col, "a row of %zu cells is beyond %d", n,
                     RF_TEMPLATE_MAX_SIDE);
        L->rows_full = true;
        return;
    }
    if (!rf_grow((void **)&L->rows, &L->rows_cap, L->nrows + 1, sizeof *L->rows)) {
        L->nomem = true;
        return;
    }
    r = &L->rows[L->nrows];
    r->text = rf_arena_alloc(&L->set->arena, n + 1);
    if (!r->text) {
        L->nomem = true;
        return;
    }
    /* One cell per character; a non-ASCII one becomes RF_CELL_NON_ASCII. */
    for (i = 0, s = (const unsigned char *)a->value; *s; s++)
        if (*s < 0x80)
            r->text[i++] = (char)*s;
        else if ((*s & 0xC0) != 0x80)
            r->text[i++] = RF_CELL_NON_ASCII;
    r->text[n] = '\0';
    r->len = n;
    r->line = L->el_line;
    r->col = L->el_col;
    {
        size_t k = (size_t)(a - L->attrs);
        r->vpos = L->sa[k].vpos;
        r->vline = L->sa[k].vline;
        r->vcol = L->sa[k].vcol;
    }
    L->nrows++;
}

void rf_load_flags_start(rf_loader *L)
{
    static const struct {
        const char *key;
        size_t off;
    } bools[] = {
        {"special", offsetof(rf_flags, special)},
        {"nomonsters", offsetof(rf_flags, no_monsters)},
        {"notraps", offsetof(rf_flags, no_traps)},
        {"notreasure", offsetof(rf_flags, no_treasure)},
        {"noblockers", offsetof(rf_flags, no_blockers)},
        {"shop", offsetof(rf_flags, shop)},
        {"zoo", offsetof(rf_flags, zoo)},
        {"digglegod", offsetof(rf_flags, diggle_god)},
    };
    size_t i;
    const rf_attr *a;
    if (L->have_flags)
        rf_load_emit(L, "duplicate-flags", L->el_line, L->el_col,
                     "a second <flags> in the room; its values win");
    L->have_flags = true;
    L->t.flags.line = L->el_line;
    L->t.flags.col = L->el_col;
    for (i = 0; i < sizeof bools / sizeof bools[0]; i++)
        if ((a = rf_load_attr(L, bools[i].key)) != NULL)
            *(bool *)((char *)&L->t.flags + bools[i].off) = rf_load_int_of(a, 0) == 1;
    if ((a = rf_load_attr(L, "minlevel")) != NULL)
        L->t.flags.min_level = (int)rf_load_int_of(a, 0);
    if ((a = rf_load_attr(L, "maxlevel")) != NULL)
        L->t.flags.max_level = (int)rf_load_int_of(a, RF_LEVEL_ANY);
}

void rf_load_object_start(rf_loader *L, const rf_gelem_spec *spec, const char *tag)
{
    rf_object o;
    const rf_attr *at = rf_load_attr(L, "at"), *x = rf_load_attr(L, "x"), *y = rf_load_attr(L, "y"),
                  *a;
    memset(&o, 0, sizeof o);
    o.type = (rf_object_type)spec->obj;
    if (o.type == RF_OBJ_ELEMENT && (a = rf_load_attr(L, "type")) != NULL &&
        strcasecmp(a->value, "lever") == 0)
        o.type = RF_OBJ_LEVER;
    o.line = L->el_line;
    o.col = L->el_col;
    o.x = o.y = -1;
    o.at = -1;
    o.percent = (int)rf_load_int_of(rf_load_attr(L, "percent"), 100);
    rf_load_check_required(L, spec, tag);
    if (at) {
        o.at = (int)rf_load_int_of(at, -1);
    } else if (x && y) {
        o.x = (int)rf_load_int_of(x, -1);
        o.y = (int)rf_load_int_of(y, -1);
    } else {
        rf_load_emit(L, "object-position", L->el_line, L->el_col,
                     "<%s> has neither at= nor both x= and y=", tag);
    }
    if (L->nobjs >= RF_TEMPLATE_MAX_OBJECTS) {
        rf_load_emit(L, "xml-limit", L->el_line, L->el_col, "more than %d objects in the room",
                     RF_TEMPLATE_MAX_OBJECTS);
        return;
    }
    o.nattrs = L->nattrs;
    o.attrs = rf_load_attrs_to_arena(L);
    if ((a = rf_load_attr(L, "id")) != NULL)
        o.id = rf_load_adup(L, a->value);
    if (L->nomem)
        return;
    if (!rf_grow((void **)&L->objs, &L->objs_cap, L->nobjs + 1, sizeof *L->objs)) {
        L->nomem = true;
        return;
    }
    L->objs[L->nobjs++] = o;
}

/* Builds the template from the collected rows, objects and scripts; true
 * when it was added to the set. */
static bool room_build(rf_loader *L)
{
    rf_template *t;
    size_t i, w, h, ndoors = 0;
    char *cells;
    int *lines, *cols;
    int **cell_pos = NULL;
    rf_door *doors;
    rf_object *objs = NULL;
    rf_script *scripts = NULL;
    long prev;

    if (!L->t.name) { /* missing-attribute, reported (unless disabled) at <room> */
        L->file_errors++;
        return false;
    }
    if (L->nrows == 0 || L->rows[0].len == 0) {
        rf_load_emit(L, "no-rows", L->t.line, L->t.col, "the room \"%.60s\" has no map rows",
                     L->t.name ? L->t.name : "");
        return false;
    }
    w = L->rows[0].len;
    h = L->nrows;
    for (i = 1; i < h; i++)
        if (L->rows[i].len != w) {
            rf_load_emit(L, "ragged-rows", L->rows[i].line, L->rows[i].col,
                         "this row has %zu cells, the first row %zu", L->rows[i].len, w);
            return false;
        }
    if (L->room_errors)
        return false;
    if (L->width > 0 && (size_t)L->width != w && L->width <= RF_TEMPLATE_MAX_SIDE)
        rf_load_emit(L, "row-width", L->wline, L->wcol, "width=\"%d\" but the rows have %zu cells",
                     L->width, w);
    if (L->height > 0 && (size_t)L->height != h && L->height <= RF_TEMPLATE_MAX_SIDE)
        rf_load_emit(L, "row-height", L->hline, L->hcol, "height=\"%d\" but there are %zu rows",
                     L->height, h);
    t = rf_arena_alloc(&L->set->arena, sizeof *t);
    cells = rf_arena_alloc(&L->set->arena, h * (w + 1));
    lines = rf_arena_alloc(&L->set->arena, 2 * h * sizeof *lines); /* lines, then cols */
    if (!t || !cells || !lines)
        goto nomem;
    cols = lines + h;
    *t = L->t;
    t->width = (int)w;
    t->height = (int)h;
    for (i = 0; i < 10; i++)
        t->anchor_x[i] = t->anchor_y[i] = -1;
    for (i = 0; i < h; i++) {
        size_t x;
        memcpy(cells + i * (w + 1), L->rows[i].text, w + 1);
        lines[i] = L->rows[i].vline;
        cols[i] = L->rows[i].vcol;
        if (!rf_load_value_plain(L, L->rows[i].vpos)) {
            if (!cell_pos) {
                cell_pos = rf_arena_alloc(&L->set->arena, h * sizeof *cell_pos);
                if (!cell_pos)
                    goto nomem;
                memset(cell_pos, 0, h * sizeof *cell_pos);
            }
            cell_pos[i] = rf_arena_alloc(&L->set->arena, 2 * w * sizeof **cell_pos);
            if (!cell_pos[i])
                goto nomem;
            rf_load_value_cells(L, L->rows[i].vpos, L->rows[i].vline, L->rows[i].vcol, w,
                                cell_pos[i]);
        }
        for (x = 0; x < w; x++) {
            char ch = L->rows[i].text[x];
            if (ch >= '0' && ch <= '9' && t->anchor_x[ch - '0'] < 0) {
                t->anchor_x[ch - '0'] = (int16_t)x; /* < RF_TEMPLATE_MAX_SIDE */
                t->anchor_y[ch - '0'] = (int16_t)i;
            }
            if (ch == 'D' || ch == 'd')
                ndoors++;
        }
    }
    t->cells = cells;
    t->row_lines = lines;
    t->row_cols = cols;
    t->cell_pos = (const int *const *)cell_pos;
    /* Doors: D opens north when nothing is above it, d west when nothing is left.
     */
    doors = ndoors ? rf_arena_alloc(&L->set->arena, ndoors * sizeof *doors) : NULL;
    if (ndoors && !doors)
        goto nomem;
    ndoors = 0;
    for (i = 0; i < h; i++) {
        size_t x;
        for (x = 0; x < w; x++) {
            char ch = cells[i * (w + 1) + x];
            rf_door *dr;
            int k;
            if (ch != 'D' && ch != 'd')
                continue;
            dr = &doors[ndoors++];
            dr->x = (int)x;
            dr->y = (int)i;
            if (ch == 'D') {
                char above = i == 0 ? ' ' : cells[(i - 1) * (w + 1) + x];
                dr->side = above == ' ' ? RF_SIDE_NORTH : RF_SIDE_SOUTH;
                for (k = 0; k < 3; k++) {
                    dr->span_x[k] = (int)x - 1 + k;
                    dr->span_y[k] = (int)i;
                }
            } else {
                char left = x == 0 ? ' ' : cells[i * (w + 1) + x - 1];
                dr->side = left == ' ' ? RF_SIDE_WEST : RF_SIDE_EAST;
                for (k = 0; k < 3; k++) {
                    dr->span_x[k] = (int)x;
                    dr->span_y[k] = (int)i - 1 + k;
                }
            }
            (void)rf_template_cell_pos(t, dr->x, dr->y, &dr->line, &dr->col); /* in the map */
        }
    }
    t->doors = doors;
    t->ndoors = ndoors;
    if (L->nobjs) {
        objs = rf_arena_alloc(&L->set->arena, L->nobjs * sizeof *objs);
        if (!objs)
            goto nomem;
        memcpy(objs, L->objs, L->nobjs * sizeof *objs);
        for (i = 0; i < L->nobjs; i++)
            if (objs[i].at >= 0 && t->anchor_x[objs[i].at] >= 0) {
                objs[i].x = t->anchor_x[objs[i].at];
                objs[i].y = t->anchor_y[objs[i].at];
            }
    }
    t->objects = objs;
    t->nobjects = L->nobjs;
    if (L->nscripts) {
        scripts = rf_arena_alloc(&L->set->arena, L->nscripts * sizeof *scripts);
        if (!scripts)
            goto nomem;
        memcpy(scripts, L->scripts, L->nscripts * sizeof *scripts);
    }
    t->scripts = scripts;
    t->nscripts = L->nscripts;
    if (rf_template_check(t, L->d) > 0) {
        L->file_errors++;
        return false;
    }
    prev = rf_template_set_lookup(L->set, t->name);
    if (prev >= 0 && L->set->items[prev]->file != L->afile)
        rf_load_emit(L, "duplicate-room", t->line, t->col,
                     "the room \"%.60s\" is also in %.200s:%d", t->name, L->set->items[prev]->file,
                     L->set->items[prev]->line);
    if (!rf_template_set_append(L->set, t))
        goto nomem;
    return true;
nomem:
    L->nomem = true;
    return false;
}

void rf_load_room_end(rf_loader *L)
{
    L->in_room = false;
    L->rooms_ended++;
    if (L->nomem || L->fatal || !room_build(L))
        rf_arena_rewind(&L->set->arena, L->mark);
}
