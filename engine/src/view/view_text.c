/* engine/src/view/view_text.c: the text and ansi views (DESIGN 10): the map
 * with every object over its cell, template rooms set apart, a legend of
 * the glyphs used, the templates placed (forced first) and the feelings.
 *
 * Pipeline: view; reads the composed map (view_map.c) and the glyph table.
 * Design: ansi is text with colours, except that a template room's floor
 * keeps its '.' on a tinted background where text, with no colour to spare,
 * draws it RF_VIEW_TEMPLATE_FLOOR. SGR codes are written only on change.
 */
#include <string.h>

#include "roomforge/template.h"
#include "view_int.h"

/* What one cell shows: its glyph and its SGR (NULL: plain). */
static char cell_glyph(const rf_view_map *m, int x, int y, bool colour, const char **sgr)
{
    const rf_placed *p = rf_view_map_object(m, x, y);
    rf_tile t = rf_grid_get(rf_level_grid(m->l), x, y);
    if (p) {
        const rf_view_glyph *gl = rf_view_glyph_of(p);
        *sgr = gl->sgr;
        return gl->glyph;
    }
    *sgr = rf_view_tile_sgr(t);
    if (!colour && t == RF_TILE_FLOOR && rf_view_map_template(m, x, y))
        return RF_VIEW_TEMPLATE_FLOOR;
    return rf_tile_glyph(t);
}

static void write_map(const rf_view_map *m, bool colour, FILE *out)
{
    char cur[32], want[32];
    int x, y;
    for (y = 0; y < m->h; y++) {
        cur[0] = '\0';
        for (x = 0; x < m->w; x++) {
            const char *sgr;
            char c = cell_glyph(m, x, y, colour, &sgr);
            if (colour) {
                const char *bg = rf_level_machine_of(m->l, x, y)   ? RF_VIEW_MACHINE_BG
                                 : rf_view_map_template(m, x, y) ? RF_VIEW_TEMPLATE_BG
                                                                 : NULL;
                snprintf(want, sizeof want, "%s%s%s", sgr ? sgr : "", sgr && bg ? ";" : "",
                         bg ? bg : "");
                if (strcmp(want, cur) != 0) {
                    fprintf(out, want[0] ? "\033[0;%sm" : "\033[0m", want);
                    strcpy(cur, want);
                }
            }
            putc(c, out);
        }
        fputs(cur[0] ? "\033[0m\n" : "\n", out);
    }
}

static void legend_row(FILE *out, char glyph, const char *sgr, const char *word, bool colour)
{
    if (colour && sgr)
        fprintf(out, "  \033[%sm%c\033[0m  %s\n", sgr, glyph, word);
    else
        fprintf(out, "  %c  %s\n", glyph, word);
}

/* The terrain glyphs the map shows (rock left out), the template floor of
 * text, then the object rows used; two rows with one glyph print once. */
static void write_legend(const rf_view_map *m, bool colour, FILE *out)
{
    const rf_grid *g = rf_level_grid(m->l);
    bool tile_used[RF_TILE_COUNT] = {false}, glyph_used[256] = {false}, tfloor = false;
    bool tinted = false;
    size_t i;
    int x, y, t;
    for (y = 0; y < m->h; y++)
        for (x = 0; x < m->w; x++) {
            const char *sgr;
            char c = cell_glyph(m, x, y, colour, &sgr);
            rf_tile tl = rf_grid_get(g, x, y);
            glyph_used[(unsigned char)c] = true;
            tinted |= rf_view_map_template(m, x, y) != NULL;
            tfloor |= c == RF_VIEW_TEMPLATE_FLOOR && !rf_view_map_object(m, x, y);
            tile_used[tl] |= c == rf_tile_glyph(tl) && !rf_view_map_object(m, x, y);
        }
    fputs("\nlegend:\n", out);
    for (t = 1; t < RF_TILE_COUNT; t++)
        if (tile_used[t])
            legend_row(out, rf_tile_glyph((rf_tile)t), rf_view_tile_sgr((rf_tile)t),
                       rf_view_tile_legend((rf_tile)t), colour);
    if (tfloor)
        legend_row(out, RF_VIEW_TEMPLATE_FLOOR, rf_view_tile_sgr(RF_TILE_FLOOR),
                   "floor of a template room", false);
    if (colour && tinted)
        fprintf(out, "  \033[%sm \033[0m  template room (background)\n", RF_VIEW_TEMPLATE_BG);
    if (colour && rf_level_machine_count(m->l))
        fprintf(out, "  \033[%sm \033[0m  machine (background)\n", RF_VIEW_MACHINE_BG);
    for (i = 0; i < rf_view_glyph_count(); i++) {
        const rf_view_glyph *gl = rf_view_glyph_at(i);
        if (glyph_used[(unsigned char)gl->glyph]) {
            legend_row(out, gl->glyph, gl->sgr, gl->legend, colour);
            glyph_used[(unsigned char)gl->glyph] = false;
        }
    }
}

static void write_template(const rf_room_rec *r, FILE *out)
{
    const char *file = rf_template_file(r->tmpl);
    fprintf(out, "  %s  %s:%d  at %d,%d  %dx%d  orientation %d%s\n", rf_template_name(r->tmpl),
            file ? file : "-", rf_template_line(r->tmpl), r->x, r->y, r->w, r->h, r->orient,
            r->forced ? "  forced" : "");
}

/* Forced templates first, then the others, each in room order. */
static void write_templates(const rf_level *l, FILE *out)
{
    size_t i, n = rf_level_room_count(l);
    int pass;
    fputs(rf_level_template_count(l) ? "templates:\n" : "templates: none\n", out);
    for (pass = 0; pass < 2; pass++)
        for (i = 0; i < n; i++) {
            const rf_room_rec *r = rf_level_room_at(l, i);
            if (r->kind == RF_ROOM_TEMPLATE && r->tmpl && r->forced == (pass == 0))
                write_template(r, out);
        }
}

/* The machines (DESIGN 17), in placement order, with what text cannot
 * show of them: their cells' extent. */
static void write_machines(const rf_level *l, FILE *out)
{
    size_t i, n = rf_level_machine_count(l);
    if (n == 0)
        return; /* a level without machines reads as before */
    fputs("machines:\n", out);
    for (i = 0; i < n; i++) {
        const rf_level_machine *mc = rf_level_machine_at(l, i);
        fprintf(out, "  %d  %s  %s", mc->id, mc->blueprint, rf_machine_kind_name(mc->kind));
        if (mc->treasure)
            fprintf(out, " of treasure %d", mc->treasure);
        if (mc->room)
            fprintf(out, "  room %d", mc->room);
        fprintf(out, "  cells %zu from %d,%d  objects %zu\n", mc->ncells, mc->cells[0],
                mc->cells[1], mc->nobjects);
    }
}

static void write_feelings(const rf_level *l, FILE *out)
{
    size_t i, n = rf_level_feeling_count(l);
    fputs(n ? "feelings:\n" : "feelings: none\n", out);
    for (i = 0; i < n; i++)
        fprintf(out, "  %s\n", rf_level_feeling_at(l, i));
}

rf_status rf_view_write_text(const rf_level *l, bool colour, FILE *out)
{
    rf_view_map m;
    rf_status st = rf_view_map_init(&m, l);
    if (st != RF_OK)
        return st;
    write_map(&m, colour, out);
    write_legend(&m, colour, out);
    write_templates(l, out);
    write_machines(l, out);
    write_feelings(l, out);
    rf_view_map_fini(&m);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
