/* engine/src/view/view_png_legend.c: the legend strip under the png map
 * (issue 35): a swatch and a word for each terrain, object mark and outline
 * the map shows, in the colours the map draws them.
 *
 * Pipeline: view; view_png.c asks for the strip's size, then draws it one
 * pixel row at a time after the map's rows. Design: the entries come from
 * the one glyph table and terrain palette (view_glyphs.c), in their order,
 * only those the level holds; the words are drawn in capitals of the 5x7
 * font (view_font.c), scaled by whole pixels, and flow into lines as wide
 * as the image.
 */
#include <string.h>

#include "view_int.h"

#define LEGEND_BG 0x181818u
#define LEGEND_FG 0xd8d8d8u


/* Row r (0..RF_VIEW_FONT_H-1) of character ch's glyph: letters either
 * case, '-'; anything else blank. */
static unsigned font_row(char ch, int r)
{
    if (ch >= 'a' && ch <= 'z')
        ch = (char)(ch - 'a' + 'A');
    return (ch >= 'A' && ch <= 'Z') || ch == '-' ? rf_view_font_row(ch, r) : 0u;
}

/* The sizes of one legend, in pixels, from the font pixel t. */
static int swatch(int t) { return RF_VIEW_FONT_H * t; }
static int entry_w(const rf_png_legend_entry *e, int t)
{
    return swatch(t) + 3 * t + (int)strlen(e->word) * (RF_VIEW_FONT_W + 1) * t;
}
static int gap(int t) { return 8 * t; }
static int line_h(int t) { return (RF_VIEW_FONT_H + 4) * t; }
static int margin(int t) { return 4 * t; }

static bool add(rf_png_legend *lg, unsigned rgb, const char *word, bool outline)
{
    size_t i;
    for (i = 0; i < lg->n; i++)
        if (strcmp(lg->e[i].word, word) == 0)
            return true; /* two kinds, one word (blockers): once */
    if (lg->n == RF_PNG_LEGEND_MAX)
        return false;
    lg->e[lg->n].rgb = rgb;
    lg->e[lg->n].word = word;
    lg->e[lg->n].outline = outline;
    lg->n++;
    return true;
}

/* Lays the entries out in lines no wider than width - 2 margins (an entry
 * wider than that alone on its line); the strip's width and height. */
static void lay_out(rf_png_legend *lg, int map_w)
{
    int t = lg->t, x = 0, line = 0, widest = 0;
    size_t i;
    for (i = 0; i < lg->n; i++)
        if (entry_w(&lg->e[i], t) > widest)
            widest = entry_w(&lg->e[i], t);
    lg->width = map_w > widest + 2 * margin(t) ? map_w : widest + 2 * margin(t);
    for (i = 0; i < lg->n; i++) {
        int w = entry_w(&lg->e[i], t);
        if (x > 0 && x + w > lg->width - 2 * margin(t)) {
            line++;
            x = 0;
        }
        lg->e[i].x = margin(t) + x;
        lg->e[i].line = line;
        x += w + gap(t);
    }
    lg->height = lg->n ? 2 * margin(t) + (line + 1) * line_h(t) : 0;
}

void rf_png_legend_make(rf_png_legend *lg, const rf_view_map *m, int scale)
{
    const rf_grid *g = rf_level_grid(m->l);
    bool tile_seen[RF_TILE_COUNT] = {false}, glyph_seen[64] = {false}, tmpl = false;
    size_t i, ng = rf_view_glyph_count();
    int x, y, t;
    memset(lg, 0, sizeof *lg);
    lg->t = scale >= 6 ? 2 : 1;
    for (y = 0; y < m->h; y++)
        for (x = 0; x < m->w; x++) {
            const rf_placed *p = rf_view_map_object(m, x, y);
            tile_seen[rf_grid_get(g, x, y)] = true;
            tmpl = tmpl || rf_view_map_template(m, x, y) != NULL;
            for (i = 0; p && i < ng && i < sizeof glyph_seen; i++)
                if (rf_view_glyph_at(i) == rf_view_glyph_of(p))
                    glyph_seen[i] = true;
        }
    for (t = 1; t < RF_TILE_COUNT; t++) /* rock is the background */
        if (tile_seen[t])
            (void)add(lg, rf_view_tile_rgb((rf_tile)t), rf_view_tile_legend((rf_tile)t), false);
    for (i = 0; i < ng && i < sizeof glyph_seen; i++)
        if (glyph_seen[i])
            (void)add(lg, rf_view_glyph_at(i)->rgb, rf_view_glyph_at(i)->legend, false);
    if (tmpl && scale >= 3) /* outlines are drawn from scale 3 */
        (void)add(lg, RF_VIEW_OUTLINE_RGB, "template room", true);
    lay_out(lg, m->w * scale);
}

static void put(unsigned char *row, int x, unsigned rgb)
{
    row[(size_t)x * 3] = (unsigned char)(rgb >> 16);
    row[(size_t)x * 3 + 1] = (unsigned char)(rgb >> 8);
    row[(size_t)x * 3 + 2] = (unsigned char)rgb;
}

void rf_png_legend_row(const rf_png_legend *lg, int py, unsigned char *row)
{
    int t = lg->t, x, line, in;
    size_t i;
    for (x = 0; x < lg->width; x++)
        put(row, x, LEGEND_BG);
    if (py < margin(t))
        return;
    line = (py - margin(t)) / line_h(t);
    in = (py - margin(t)) % line_h(t) - 2 * t; /* the row inside the swatch and the font */
    if (in < 0 || in >= RF_VIEW_FONT_H * t)
        return;
    for (i = 0; i < lg->n; i++) {
        const rf_png_legend_entry *e = &lg->e[i];
        const char *c;
        int sx, cx;
        if (e->line != line)
            continue;
        for (sx = 0; sx < swatch(t); sx++) { /* an outline entry: a hollow square */
            bool edge = sx < t || sx >= swatch(t) - t || in < t || in >= swatch(t) - t;
            put(row, e->x + sx, e->outline && !edge ? LEGEND_BG : e->rgb);
        }
        cx = e->x + swatch(t) + 3 * t;
        for (c = e->word; *c; c++, cx += (RF_VIEW_FONT_W + 1) * t) {
            unsigned bits = font_row(*c, in / t);
            for (sx = 0; sx < RF_VIEW_FONT_W * t; sx++)
                if (bits & (0x10u >> (sx / t)))
                    put(row, cx + sx, LEGEND_FG);
        }
    }
}
