/* engine/src/load/load_room.c: a template built from a <room> and its <row>,
 * <flags> and object elements.
 *
 * Pipeline: load; load_xml.c calls the *_start functions and rf_load_room_end,
 * which checks the room (rf_template_check) and adds it to the set.
 * Design: arrays gathered in reused scratch vectors, copied once at </room>.
 * Seeds: dredmor-room-system.txt 1.1, 1.2, 2.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "template_check_int.h"
#include "load_int.h"
#include "vary_int.h"

/* The class of map symbol ch; RF_SYMBOL_OUTSIDE for no symbol (the checks
 * report those). */
static rf_symbol_class symbol_class(char ch)
{
    const rf_symbol *s = rf_symbol_find(ch);
    return s ? s->cls : RF_SYMBOL_OUTSIDE;
}

void rf_load_room_start(rf_loader *ld)
{
    const rf_attr *a;
    ld->in_room = true;
    ld->room_errors = 0;
    ld->mark = rf_template_set_room_begin(ld->set);
    memset(&ld->t, 0, sizeof ld->t);
    ld->t.file = ld->afile;
    ld->t.line = ld->el_line;
    ld->t.col = ld->el_col;
    ld->t.weight = 100;
    ld->t.flags.max_level = RF_LEVEL_ANY;
    ld->width = ld->height = -1;
    ld->have_flags = ld->rows_full = false;
    ld->nrows = ld->nobjs = ld->nscripts = 0;
    ld->nvsteps = ld->ndweights = 0;
    ld->in_script = ld->in_validate = false;
    if ((a = rf_load_attr(ld, "name")) != NULL)
        ld->t.name = rf_load_adup(ld, a->value);
    if ((a = rf_load_attr(ld, "width")) != NULL) {
        ld->width = (int)rf_load_int_of(a, 0);
        ld->wline = a->line;
        ld->wcol = a->col;
    }
    if ((a = rf_load_attr(ld, "height")) != NULL) {
        ld->height = (int)rf_load_int_of(a, 0);
        ld->hline = a->line;
        ld->hcol = a->col;
    }
    if (ld->width == 0)
        rf_load_emit(ld, "bad-value", ld->wline, ld->wcol, "width=\"0\": a room is at least 1 wide");
    if (ld->height == 0)
        rf_load_emit(ld, "bad-value", ld->hline, ld->hcol, "height=\"0\": a room is at least 1 high");
    if (ld->width > RF_TEMPLATE_MAX_SIDE)
        rf_load_emit(ld, "room-too-big", ld->wline, ld->wcol, "width=\"%d\" is beyond %d", ld->width,
                     RF_TEMPLATE_MAX_SIDE);
    if (ld->height > RF_TEMPLATE_MAX_SIDE)
        rf_load_emit(ld, "room-too-big", ld->hline, ld->hcol, "height=\"%d\" is beyond %d", ld->height,
                     RF_TEMPLATE_MAX_SIDE);
    ld->t.flags.special = rf_load_int_of(rf_load_attr(ld, "special"), 0) == 1;
    ld->t.weight = (int)rf_load_int_of(rf_load_attr(ld, "weight"), 100);
    if ((a = rf_load_attr(ld, "tags")) != NULL)
        ld->t.tags = rf_load_adup(ld, a->value);
    ld->t.rotate = rf_load_int_of(rf_load_attr(ld, "rotate"), 0) == 1;
    ld->t.mirror = rf_load_int_of(rf_load_attr(ld, "mirror"), 0) == 1;
}

void rf_load_row_start(rf_loader *ld)
{
    const rf_attr *a = rf_load_attr(ld, "text");
    const unsigned char *s;
    rf_row_rec *r;
    size_t n = 0, i, vlen;
    if (!a || ld->rows_full)
        return;
    if (ld->nrows >= RF_TEMPLATE_MAX_SIDE) {
        rf_load_emit(ld, "room-too-big", ld->el_line, ld->el_col, "more than %d rows",
                     RF_TEMPLATE_MAX_SIDE);
        ld->rows_full = true;
        return;
    }
    vlen = ld->sa[a - ld->attrs].vlen;
    /* cells are characters: only a value of more bytes than that may hold too many */
    n = vlen > RF_TEMPLATE_MAX_SIDE ? rf_text_chars(a->value, vlen) : 0;
    if (n > RF_TEMPLATE_MAX_SIDE) {
        rf_load_emit(ld, "room-too-big", a->line, a->col, "a row of %zu cells is beyond %d", n,
                     RF_TEMPLATE_MAX_SIDE);
        ld->rows_full = true;
        return;
    }
    if (!rf_load_grow((void **)&ld->rows, &ld->rows_cap, ld->nrows + 1, sizeof *ld->rows)) {
        ld->nomem = true;
        return;
    }
    r = &ld->rows[ld->nrows];
    r->text = rf_arena_alloc(&ld->set->arena, vlen + 1); /* a byte or more a cell */
    if (!r->text) {
        ld->nomem = true;
        return;
    }
    /* One cell per character; a non-ASCII one becomes RF_CELL_NON_ASCII. */
    for (i = 0, s = (const unsigned char *)a->value; *s; s++)
        if (*s < 0x80)
            r->text[i++] = (char)*s;
        else if (rf_text_is_lead(*s))
            r->text[i++] = RF_CELL_NON_ASCII;
    r->text[i] = '\0';
    r->len = i;
    r->line = ld->el_line;
    r->col = ld->el_col;
    {
        size_t k = (size_t)(a - ld->attrs);
        int tl, tc;
        r->vpos = ld->sa[k].vpos;
        r->vline = ld->sa[k].vline;
        r->vcol = ld->sa[k].vcol;
        r->plain = ld->sa[k].plain;
        /* XML reads a tab in an attribute as a space: the cell would turn
         * silently into outside-the-room */
        if (ld->sa[k].tab && rf_load_value_tab(ld, r->vpos, r->vline, r->vcol, &tl, &tc))
            rf_load_emit(ld, "unknown-symbol", tl, tc,
                         "a tab in a map row reads as ' ' (outside the room); write the "
                         "cell's symbol");
    }
    ld->nrows++;
}

void rf_load_flags_start(rf_loader *ld)
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
    if (ld->have_flags)
        rf_load_emit(ld, "duplicate-flags", ld->el_line, ld->el_col,
                     "a second <flags> in the room; its values win");
    ld->have_flags = true;
    ld->t.flags.line = ld->el_line;
    ld->t.flags.col = ld->el_col;
    for (i = 0; i < sizeof bools / sizeof bools[0]; i++)
        if ((a = rf_load_attr(ld, bools[i].key)) != NULL)
            *(bool *)((char *)&ld->t.flags + bools[i].off) = rf_load_int_of(a, 0) == 1;
    if ((a = rf_load_attr(ld, "minlevel")) != NULL)
        ld->t.flags.min_level = (int)rf_load_int_of(a, 0);
    if ((a = rf_load_attr(ld, "maxlevel")) != NULL)
        ld->t.flags.max_level = (int)rf_load_int_of(a, RF_LEVEL_ANY);
}

void rf_load_object_start(rf_loader *ld, const rf_gelem_spec *spec, const char *tag)
{
    rf_object o;
    const rf_attr *at = rf_load_attr(ld, "at"), *x = rf_load_attr(ld, "x"), *y = rf_load_attr(ld, "y"),
                  *a;
    memset(&o, 0, sizeof o);
    o.type = (rf_object_type)spec->obj;
    if (o.type == RF_OBJ_ELEMENT && (a = rf_load_attr(ld, "type")) != NULL &&
        strcasecmp(a->value, "lever") == 0)
        o.type = RF_OBJ_LEVER;
    o.tag = o.type == RF_OBJ_OTHER ? rf_load_adup(ld, tag) : rf_object_type_name(o.type);
    o.line = ld->el_line;
    o.col = ld->el_col;
    o.x = o.y = -1;
    o.at = -1;
    o.percent = (int)rf_load_int_of(rf_load_attr(ld, "percent"), 100);
    rf_load_check_required(ld, spec, tag);
    if (at) {
        o.at = (int)rf_load_int_of(at, -1);
    } else if (x && y) {
        o.x = (int)rf_load_int_of(x, -1);
        o.y = (int)rf_load_int_of(y, -1);
    } else {
        rf_load_emit(ld, "object-position", ld->el_line, ld->el_col,
                     "<%s> has neither at= nor both x= and y=", tag);
    }
    if (ld->nobjs >= RF_TEMPLATE_MAX_OBJECTS) {
        rf_load_emit(ld, "xml-limit", ld->el_line, ld->el_col, "more than %d objects in the room",
                     RF_TEMPLATE_MAX_OBJECTS);
        return;
    }
    o.nattrs = ld->nattrs;
    o.attrs = rf_load_attrs_to_arena(ld);
    if ((a = rf_load_attr(ld, "id")) != NULL)
        o.id = rf_load_adup(ld, a->value);
    if (ld->nomem)
        return;
    if (!rf_load_grow((void **)&ld->objs, &ld->objs_cap, ld->nobjs + 1, sizeof *ld->objs)) {
        ld->nomem = true;
        return;
    }
    ld->objs[ld->nobjs++] = o;
}

/* The room's rows make a map: a name, rows, all of one length (else
 * ragged-rows at the first cell past the shorter row), no error so far;
 * *w, *h its size. A declared width or height the rows disagree with is a
 * warning: the rows win. */
static bool rows_ok(rf_loader *ld, size_t *w, size_t *h)
{
    size_t i;
    if (!ld->t.name) { /* missing-attribute, reported (unless disabled) at <room> */
        ld->file_errors++;
        return false;
    }
    if (ld->rows_full) /* room-too-big said why; "no map rows" would be false */
        return false;
    if (ld->nrows == 0 || ld->rows[0].len == 0) {
        rf_load_emit(ld, "no-rows", ld->t.line, ld->t.col, "the room \"%.60s\" has no map rows",
                     ld->t.name ? ld->t.name : "");
        return false;
    }
    *w = ld->rows[0].len;
    *h = ld->nrows;
    for (i = 1; i < *h; i++)
        if (ld->rows[i].len != *w) { /* at the first cell past the shorter row */
            const rf_row_rec *r = &ld->rows[i];
            size_t k = r->len < *w ? r->len : *w;
            int pos[2 * (RF_TEMPLATE_MAX_SIDE + 1)], line = r->line, col = r->col;
            if (r->vpos > 0) {
                rf_load_value_cells(ld, r->vpos, r->vline, r->vcol, k + 1, pos);
                line = pos[2 * k];
                col = pos[2 * k + 1];
            }
            rf_load_emit(ld, "ragged-rows", line, col, "this row has %zu cells, the first row %zu%s",
                         r->len, *w, r->len > *w ? ": this cell is extra" : ": it ends here");
            return false;
        }
    if (ld->room_errors)
        return false;
    if (ld->width > 0 && (size_t)ld->width != *w && ld->width <= RF_TEMPLATE_MAX_SIDE)
        rf_load_emit(ld, "row-width", ld->wline, ld->wcol, "width=\"%d\" but the rows have %zu cells",
                     ld->width, *w);
    if (ld->height > 0 && (size_t)ld->height != *h && ld->height <= RF_TEMPLATE_MAX_SIDE)
        rf_load_emit(ld, "row-height", ld->hline, ld->hcol, "height=\"%d\" but there are %zu rows",
                     ld->height, *h);
    return true;
}

/* Row y of the map into t's cells: its text, where its cells stand in the
 * file (cell_pos, made when the first row needs it), its anchors; the doors
 * it holds added to *ndoors. False when memory ran out. */
static bool build_row(rf_loader *ld, rf_template *t, char *cells, int ***cell_pos, size_t y,
                      size_t w, size_t h, size_t *ndoors)
{
    size_t x;
    memcpy(cells + y * (w + 1), ld->rows[y].text, w + 1);
    if (!ld->rows[y].plain) {
        if (!*cell_pos) {
            if (!(*cell_pos = rf_arena_alloc(&ld->set->arena, h * sizeof **cell_pos)))
                return false;
            memset(*cell_pos, 0, h * sizeof **cell_pos);
        }
        if (!((*cell_pos)[y] = rf_arena_alloc(&ld->set->arena, 2 * w * sizeof ***cell_pos)))
            return false;
        rf_load_value_cells(ld, ld->rows[y].vpos, ld->rows[y].vline, ld->rows[y].vcol, w,
                            (*cell_pos)[y]);
    }
    for (x = 0; x < w; x++) {
        char ch = ld->rows[y].text[x];
        rf_symbol_class k = symbol_class(ch);
        if (k == RF_SYMBOL_ANCHOR && t->anchor_x[ch - '0'] < 0) {
            t->anchor_x[ch - '0'] = (int16_t)x; /* < RF_TEMPLATE_MAX_SIDE */
            t->anchor_y[ch - '0'] = (int16_t)y;
        }
        if (k == RF_SYMBOL_DOOR)
            (*ndoors)++;
    }
    return true;
}

/* The template of a w x h map in one block of the set's arena: the loader's
 * fields, its rows' lines, then cols, then its cells; *ndoors the doors on
 * the map. NULL when memory ran out. */
static rf_template *build_map(rf_loader *ld, size_t w, size_t h, size_t *ndoors)
{
    rf_template *t = rf_arena_alloc(&ld->set->arena, sizeof *t + 2 * h * sizeof(int) + h * (w + 1));
    int *lines, *cols, **cell_pos = NULL;
    char *cells;
    size_t i;
    if (!t)
        return NULL;
    lines = (int *)(t + 1);
    cols = lines + h;
    cells = (char *)(cols + h);
    *t = ld->t;
    t->width = (int)w;
    t->height = (int)h;
    for (i = 0; i < 10; i++)
        t->anchor_x[i] = t->anchor_y[i] = -1;
    *ndoors = 0;
    for (i = 0; i < h; i++) {
        lines[i] = ld->rows[i].vline;
        cols[i] = ld->rows[i].vcol;
        if (!build_row(ld, t, cells, &cell_pos, i, w, h, ndoors))
            return NULL;
    }
    t->cells = cells;
    t->row_lines = lines;
    t->row_cols = cols;
    t->cell_pos = (const int *const *)cell_pos;
    return t;
}

/* t's doors (ndoors on its map), objects (at= on their anchors) and
 * scripts, from the loader into the set's arena; false when memory ran out. */
static bool build_parts(rf_loader *ld, rf_template *t, size_t ndoors)
{
    rf_door *doors = ndoors ? rf_arena_alloc(&ld->set->arena, ndoors * sizeof *doors) : NULL;
    rf_object *objs = NULL;
    rf_script *scripts = NULL;
    size_t i;
    if (ndoors && !doors)
        return false;
    t->ndoors = doors ? rf_vary_doors(t, doors) : 0;
    t->doors = doors;
    if (ld->nobjs) {
        if (!(objs = rf_arena_alloc(&ld->set->arena, ld->nobjs * sizeof *objs)))
            return false;
        memcpy(objs, ld->objs, ld->nobjs * sizeof *objs);
        for (i = 0; i < ld->nobjs; i++)
            if (objs[i].at >= 0 && t->anchor_x[objs[i].at] >= 0) {
                objs[i].x = t->anchor_x[objs[i].at];
                objs[i].y = t->anchor_y[objs[i].at];
            }
    }
    t->objects = objs;
    t->nobjects = ld->nobjs;
    if (ld->nscripts) {
        if (!(scripts = rf_arena_alloc(&ld->set->arena, ld->nscripts * sizeof *scripts)))
            return false;
        memcpy(scripts, ld->scripts, ld->nscripts * sizeof *scripts);
    }
    t->scripts = scripts;
    t->nscripts = ld->nscripts;
    return true;
}

/* Adds the checked room t to the set (a streaming set hands it over and
 * lets it go), a second room of its name a duplicate-room warning; false
 * when memory ran out. */
static bool room_keep(rf_loader *ld, rf_template *t)
{
    uint32_t hash;
    long prev = rf_template_set_lookup_hash(ld->set, t->name, &hash);
    if (prev >= 0) {
        const char *pfile;
        int pline;
        rf_template_set_where(ld->set, prev, &pfile, &pline);
        if (pfile != ld->afile)
            rf_load_emit(ld, "duplicate-room", t->line, t->col,
                         "the room \"%.60s\" is also in %.200s:%d", t->name, pfile, pline);
        else /* twice in one file: as in two, a warning, both kept */
            rf_load_emit(ld, "duplicate-room", t->line, t->col,
                         "the room \"%.60s\" is also at line %d of this file", t->name, pline);
    }
    ld->set->nsubrooms += t->subrooms;
    ld->set->nsubonly += rf_template_is_subroom_only(t);
    if (ld->set->each) { /* a streaming set: handed over, then let go */
        rf_status st = rf_template_set_hand(ld->set, t, hash);
        if (st == RF_ERR_NOMEM)
            return false;
        if (st != RF_OK)
            ld->file_errors++;
        return true;
    }
    return rf_template_set_append(ld->set, t, hash);
}

/* Builds the template from the collected rows, objects and scripts; true
 * when it was added to the set. */
static bool room_build(rf_loader *ld)
{
    rf_template *t;
    size_t w, h, ndoors, nerr;
    if (!rows_ok(ld, &w, &h) || !rf_load_vary_boxes(ld))
        return false;
    if (!rf_load_vary_finish(ld) || !(t = build_map(ld, w, h, &ndoors)) ||
        !build_parts(ld, t, ndoors))
        goto nomem;
    /* a room that varies is checked in its variants (DESIGN 16), as lint does;
     * one with a <subroom> needs the whole set: rf_template_set_link checks it */
    nerr = t->subrooms ? 0
           : t->nvary  ? rf_vary_check(t, ld->d, ld->thin_walls)
                       : rf_template_check_walls(t, ld->d, ld->thin_walls);
    if (nerr == SIZE_MAX)
        goto nomem;
    if (nerr > 0) {
        ld->file_errors++;
        return false;
    }
    if (room_keep(ld, t))
        return true;
nomem:
    ld->nomem = true;
    return false;
}

void rf_load_room_cut(rf_loader *ld)
{
    /* left out: named for rf_template_set_skipped_at before its name goes */
    if (!ld->nomem && !rf_template_set_skip(ld->set, ld->t.name, ld->afile, ld->t.line, ld->t.col))
        ld->nomem = true;
    rf_arena_rewind(&ld->set->arena, ld->mark);
    rf_template_set_room_end(ld->set, false);
    ld->in_room = false;
}

void rf_load_room_end(rf_loader *ld)
{
    ld->in_room = false;
    ld->rooms_ended++;
    if (!ld->nomem && !ld->fatal && room_build(ld))
        rf_template_set_room_end(ld->set, true);
    else
        rf_load_room_cut(ld);
}
