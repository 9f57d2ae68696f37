/* engine/src/view/view_html.c: the html view (DESIGN 10): level.html with the
 * level's gen JSON and the glyph table written into its two slots.
 *
 * Pipeline: view; reads the embedded page (view_int.h), the level's JSON
 * (seam level/seam.h) and the glyph table. Design: the page is a real file
 * in the repository; here it is copied with its {{ROOMFORGE_*}} slots filled:
 * the level, the glyph table, the template cells of view_map.c (so the page
 * outlines what png and ansi outline). "</" and "<!--" would end or confuse
 * a <script> element, so both are written as JSON escapes.
 */
#include <string.h>

#include "core/seam.h"
#include "level/seam.h"
#include "view_int.h"

#define SLOT_LEVEL "{{ROOMFORGE_LEVEL}}"
#define SLOT_GLYPHS "{{ROOMFORGE_GLYPHS}}"
#define SLOT_CELLS "{{ROOMFORGE_CELLS}}"

/* JSON bytes fit for a <script> element: "</" as "<\/", "<!--" as "\u003c!--". */
static void write_script_json(const char *s, size_t n, FILE *out)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (s[i] == '<' && i + 1 < n && s[i + 1] == '/')
            fputs("<\\", out);
        else if (s[i] == '<' && n - i >= 4 && memcmp(s + i, "<!--", 4) == 0)
            fputs("\\u003c", out);
        else
            putc(s[i], out);
    }
}

static void write_rgb(FILE *out, const char *key, unsigned rgb)
{
    rf_json_key(out, key, 0);
    fprintf(out, "\"#%06x\"", rgb & 0xffffffu);
}

/* {"objects":[{type,leader,glyph,legend,rgb}],"terrain":[{glyph,legend,rgb}]}:
 * the one glyph table and the terrain palette, for the page's script. */
static void write_glyphs(FILE *out)
{
    char g[2] = {0, 0};
    size_t i;
    int t;
    fputs("{\"objects\":[", out);
    for (i = 0; i < rf_view_glyph_count(); i++) {
        const rf_view_glyph *gl = rf_view_glyph_at(i);
        g[0] = gl->glyph;
        fputs(i ? ",{" : "{", out);
        rf_json_key(out, "type", 1);
        rf_json_string(out, gl->type);
        fprintf(out, ",\"leader\":%s,\"key\":%s", gl->leader ? "true" : "false",
                gl->key ? "true" : "false");
        rf_json_key(out, "glyph", 0);
        rf_json_string(out, g);
        rf_json_key(out, "legend", 0);
        rf_json_string(out, gl->legend);
        write_rgb(out, "rgb", gl->rgb);
        putc('}', out);
    }
    fputs("],\"terrain\":[", out);
    for (t = 0; t < RF_TILE_COUNT; t++) {
        g[0] = rf_tile_glyph((rf_tile)t);
        fputs(t ? ",{" : "{", out);
        rf_json_key(out, "glyph", 1);
        rf_json_string(out, g);
        rf_json_key(out, "legend", 0);
        rf_json_string(out, rf_view_tile_legend((rf_tile)t));
        write_rgb(out, "rgb", rf_view_tile_rgb((rf_tile)t));
        putc('}', out);
    }
    fputs("]}", out);
}

/* {"ROOM":[[y,x0,x1],...],...}: each template room's cells as row runs. */
static void write_cells(const rf_view_map *m, FILE *out)
{
    size_t i, n = rf_level_room_count(m->l);
    bool first = true;
    int x, y;
    putc('{', out);
    for (i = 0; i < n; i++) {
        const rf_room_rec *r = rf_level_room_at(m->l, i);
        bool run1 = true;
        if (r->kind != RF_ROOM_TEMPLATE)
            continue;
        fprintf(out, "%s\"%d\":[", first ? "" : ",", r->id);
        first = false;
        for (y = r->y; y < r->y + r->h && y < m->h; y++)
            for (x = r->x < 0 ? 0 : r->x; x < r->x + r->w && x < m->w; x++) {
                int x0 = x;
                if (rf_view_map_template(m, x, y) != r)
                    continue;
                while (x + 1 < r->x + r->w && x + 1 < m->w && rf_view_map_template(m, x + 1, y) == r)
                    x++;
                fprintf(out, "%s[%d,%d,%d]", run1 ? "" : ",", y, x0, x);
                run1 = false;
            }
        putc(']', out);
    }
    putc('}', out);
}

rf_status rf_view_write_html(const rf_level *l, FILE *out)
{
    const char *p = rf_view_html_page, *end = p + rf_view_html_page_len;
    char *json;
    size_t len;
    rf_view_map m;
    rf_status st = rf_view_map_init(&m, l);
    if (st != RF_OK)
        return st;
    st = rf_level_json_text(l, false, &json, &len);
    if (st != RF_OK) {
        rf_view_map_fini(&m);
        return st;
    }
    while (p < end) {
        const char *slot = strstr(p, "{{ROOMFORGE_");
        if (!slot || slot >= end) {
            fwrite(p, 1, (size_t)(end - p), out);
            break;
        }
        fwrite(p, 1, (size_t)(slot - p), out);
        if (strncmp(slot, SLOT_LEVEL, strlen(SLOT_LEVEL)) == 0) {
            write_script_json(json, len > 0 && json[len - 1] == '\n' ? len - 1 : len, out);
            p = slot + strlen(SLOT_LEVEL);
        } else if (strncmp(slot, SLOT_GLYPHS, strlen(SLOT_GLYPHS)) == 0) {
            write_glyphs(out);
            p = slot + strlen(SLOT_GLYPHS);
        } else if (strncmp(slot, SLOT_CELLS, strlen(SLOT_CELLS)) == 0) {
            write_cells(&m, out);
            p = slot + strlen(SLOT_CELLS);
        } else { /* not a slot of ours: copied as it is */
            fputs("{{", out);
            p = slot + 2;
        }
    }
    rf_free(json);
    rf_view_map_fini(&m);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
