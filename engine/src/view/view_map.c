/* engine/src/view/view_map.c: the composed map the text, ansi and png views
 * draw: the object shown on each cell and the template room of each cell.
 *
 * Pipeline: view; reads the level's grid, rooms and objects. Design: a
 * template room is its open cells (the grid's room layer holds its id) and
 * the walls and doors of its box that touch them, so a turned or ragged
 * template is outlined as drawn, not as its box. O(area + objects).
 */
#include <string.h>

#include "core/seam.h"
#include "view_int.h"

static bool is_edge_tile(rf_tile t)
{
    return t == RF_TILE_WALL || t == RF_TILE_DOOR || t == RF_TILE_SECRET_DOOR ||
           t == RF_TILE_BREAKABLE;
}

/* Marks the walls and doors of room r's box that touch its open cells. */
static void mark_edges(rf_view_map *m, const rf_grid *g, const rf_room_rec *r)
{
    int x, y, dx, dy;
    for (y = r->y; y < r->y + r->h; y++)
        for (x = r->x; x < r->x + r->w; x++) {
            size_t c = (size_t)y * (size_t)m->w + (size_t)x;
            bool touch = false;
            if (!rf_grid_in_bounds(g, x, y) || m->tmpl[c] || !is_edge_tile(rf_grid_get(g, x, y)))
                continue;
            for (dy = -1; dy <= 1 && !touch; dy++)
                for (dx = -1; dx <= 1 && !touch; dx++)
                    touch = rf_grid_in_bounds(g, x + dx, y + dy) &&
                            rf_grid_room(g, x + dx, y + dy) == r->id;
            if (touch)
                m->tmpl[c] = r->id;
        }
}

static void mark_templates(rf_view_map *m)
{
    const rf_grid *g = rf_level_grid(m->l);
    size_t i, n = rf_level_room_count(m->l);
    int x, y;
    for (y = 0; y < m->h; y++)
        for (x = 0; x < m->w; x++) {
            int id = rf_grid_room(g, x, y);
            const rf_room_rec *r = id > 0 ? rf_level_room_at(m->l, (size_t)id - 1) : NULL;
            if (r && r->kind == RF_ROOM_TEMPLATE)
                m->tmpl[(size_t)y * (size_t)m->w + (size_t)x] = id;
        }
    for (i = 0; i < n; i++)
        if (rf_level_room_at(m->l, i)->kind == RF_ROOM_TEMPLATE)
            mark_edges(m, g, rf_level_room_at(m->l, i));
}

/* Each cell shows the object of the first glyph row among those on it;
 * between objects of one row, the first placed. */
static void mark_objects(rf_view_map *m)
{
    size_t i, n = rf_level_object_count(m->l);
    for (i = 0; i < n; i++) {
        const rf_placed *p = rf_level_object_at(m->l, i);
        size_t c;
        int *cell;
        if (p->x < 0 || p->y < 0 || p->x >= m->w || p->y >= m->h)
            continue;
        c = (size_t)p->y * (size_t)m->w + (size_t)p->x;
        cell = &m->obj[c];
        if (*cell == 0 ||
            rf_view_glyph_of(p) < rf_view_glyph_of(rf_level_object_at(m->l, (size_t)*cell - 1)))
            *cell = (int)i + 1;
    }
}

rf_status rf_view_map_init(rf_view_map *m, const rf_level *l)
{
    const rf_grid *g = rf_level_grid(l);
    size_t n;
    memset(m, 0, sizeof *m);
    m->l = l;
    m->w = rf_grid_width(g);
    m->h = rf_grid_height(g);
    n = (size_t)m->w * (size_t)m->h;
    m->tmpl = rf_calloc(n, sizeof *m->tmpl);
    m->obj = rf_calloc(n, sizeof *m->obj);
    if (!m->tmpl || !m->obj) {
        rf_view_map_fini(m);
        return RF_ERR_NOMEM;
    }
    mark_templates(m);
    mark_objects(m);
    return RF_OK;
}

void rf_view_map_fini(rf_view_map *m)
{
    rf_free(m->tmpl);
    rf_free(m->obj);
    m->tmpl = m->obj = NULL;
}

const rf_placed *rf_view_map_object(const rf_view_map *m, int x, int y)
{
    int k = m->obj[(size_t)y * (size_t)m->w + (size_t)x];
    return k ? rf_level_object_at(m->l, (size_t)k - 1) : NULL;
}

const rf_room_rec *rf_view_map_template(const rf_view_map *m, int x, int y)
{
    int id = m->tmpl[(size_t)y * (size_t)m->w + (size_t)x];
    return id ? rf_level_room_at(m->l, (size_t)id - 1) : NULL;
}
