/* tests/unit/place_check.h: checks of placed templates the placer tests and
 * the placer sweep share (static inline, header only).
 *
 * pc_cells_intact compares a placed template's box with its template, in
 * every orientation the template allows and the box's shape fits, and
 * answers whether one orientation matches: wall-like cells are wall (a door
 * cell wall or door), open cells the tile their symbol becomes (or wall,
 * when the placer walled a pocket its doors in use could not reach).
 * pc_level_faults checks DESIGN 6 for templates on one level: no two
 * template interiors meet, a special template at most once, every template
 * within its depth range, every template intact.
 */
#ifndef RF_PLACE_CHECK_H
#define RF_PLACE_CHECK_H

#include <stdio.h>
#include <string.h>

#include "roomforge/level.h"
#include "roomforge/place.h"
#include "roomforge/template.h"

/* The template cell of view (vx, vy) in orientation o (inverse of the
 * placer's forward map: undo the turns, then the mirror). */
static inline char pc_cell(const rf_template *t, int o, int vx, int vy)
{
    int tw = rf_template_width(t), th = rf_template_height(t), r;
    int x = vx, y = vy;
    for (r = o & 3; r > 0; r--) {
        /* dims before this turn: r-1 turns from tw x th */
        int ph = ((r - 1) & 1) ? tw : th, nx = y, ny = ph - 1 - x;
        x = nx;
        y = ny;
    }
    if (o & 4)
        x = tw - 1 - x;
    return rf_template_cell(t, x, y);
}

/* Whether digit c stays floor (docs/modders.md, rooms.xml map symbols): an
 * object's at= names it, or a script clause's at=, sourceAt= or targetAt=, or the
 * room has a Lua script. Written out here, not through the library's
 * rf_template_used_digits, so the sweep checks the rule itself. */
static inline bool pc_anchor_used(const rf_template *t, char c)
{
    static const char *const keys[] = {"at", "sourceat", "targetat"};
    char digit[2] = {c, '\0'};
    size_t i, s, k;
    for (i = 0; i < rf_template_object_count(t); i++)
        if (rf_template_object(t, i)->at == c - '0')
            return true;
    for (s = 0; s < rf_template_script_count(t); s++) {
        const rf_script *sc = rf_template_script(t, s);
        if (sc->lang != RF_SCRIPT_XML)
            return true;
        for (i = 0; i < sc->nconditions + sc->nactions; i++) {
            const rf_clause *cl =
                i < sc->nconditions ? &sc->conditions[i] : &sc->actions[i - sc->nconditions];
            for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
                const char *v = rf_attrs_find(cl->attrs, cl->nattrs, keys[k]);
                if (v && strcmp(v, digit) == 0)
                    return true;
            }
        }
    }
    return false;
}

/* The tile an open symbol becomes with the default terrain map. */
static inline rf_tile pc_open_tile(char c)
{
    switch (c) {
    case 'W': return RF_TILE_WATER;
    case 'L': return RF_TILE_LAVA;
    case 'I': return RF_TILE_ICE;
    case 'G': return RF_TILE_GOO;
    case '!': return RF_TILE_BREAKABLE;
    case 'X': return RF_TILE_IMPASSABLE;
    default: return RF_TILE_FLOOR;
    }
}

static inline bool pc_orient_matches(const rf_grid *g, const rf_room_rec *r, int o)
{
    const rf_template *t = r->tmpl;
    int tw = rf_template_width(t), th = rf_template_height(t), x, y;
    if ((o & 1 ? th : tw) != r->w || (o & 1 ? tw : th) != r->h)
        return false;
    if (((o & 3) && !rf_template_can_rotate(t)) || ((o & 4) && !rf_template_can_mirror(t)))
        return false;
    for (y = 0; y < r->h; y++)
        for (x = 0; x < r->w; x++) {
            char c = pc_cell(t, o, x, y);
            rf_tile got = rf_grid_get(g, r->x + x, r->y + y);
            bool wallish = c == '#' || c == 'P' || ((c >= '0' && c <= '9') && !pc_anchor_used(t, c));
            if (c == ' ')
                continue;
            if (c == 'D' || c == 'd') {
                if (got != RF_TILE_WALL && got != RF_TILE_DOOR)
                    return false;
            } else if (wallish) {
                if (got != RF_TILE_WALL)
                    return false;
            } else if (got != pc_open_tile(c) && got != RF_TILE_WALL) {
                return false;
            }
        }
    return true;
}

static inline bool pc_cells_intact(const rf_grid *g, const rf_room_rec *r)
{
    int o;
    for (o = 0; o < 8; o++)
        if (pc_orient_matches(g, r, o))
            return true;
    return false;
}

/* Writes the first fault of level lv (depth) into msg and returns false;
 * true when its templates hold DESIGN 6. */
static inline bool pc_level_ok(const rf_level *lv, int depth, char *msg, size_t cap)
{
    size_t i, j, n = rf_level_room_count(lv);
    for (i = 0; i < n; i++) {
        const rf_room_rec *a = rf_level_room_at(lv, i);
        if (a->kind != RF_ROOM_TEMPLATE)
            continue;
        if (!a->tmpl) {
            snprintf(msg, cap, "template room %d without its template", a->id);
            return false;
        }
        if (!rf_place_depth_ok(a->tmpl, depth)) {
            snprintf(msg, cap, "'%s' at depth %d", rf_template_name(a->tmpl), depth);
            return false;
        }
        if (!pc_cells_intact(rf_level_grid(lv), a)) {
            snprintf(msg, cap, "'%s' at %d,%d altered", rf_template_name(a->tmpl), a->x, a->y);
            return false;
        }
        for (j = i + 1; j < n; j++) {
            const rf_room_rec *b = rf_level_room_at(lv, j);
            if (b->kind != RF_ROOM_TEMPLATE)
                continue;
            if (a->tmpl == b->tmpl && rf_template_flags(a->tmpl)->special) {
                snprintf(msg, cap, "special '%s' twice", rf_template_name(a->tmpl));
                return false;
            }
            if (a->x + 1 < b->x + b->w - 1 && b->x + 1 < a->x + a->w - 1 &&
                a->y + 1 < b->y + b->h - 1 && b->y + 1 < a->y + a->h - 1) {
                snprintf(msg, cap, "'%s' and '%s' overlap", rf_template_name(a->tmpl),
                         rf_template_name(b->tmpl));
                return false;
            }
        }
    }
    return true;
}

#endif /* RF_PLACE_CHECK_H */
