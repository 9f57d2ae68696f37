/* engine/src/grid/grid.c: the tile grid and the terrain table of DESIGN 6.
 *
 * Pipeline: dig, place, passes, output. Design: tiles are bytes, room numbers
 * ints, both row-major; one static table gives each tile its glyph and
 * properties so every module agrees on what '+' or ':' means.
 */
#include <string.h>

#include "core/seam.h"
#include "grid/seam.h"

typedef struct tile_row {
    char glyph;
    bool walkable;
    bool liquid;
    bool hazard; /* walkable, but no route depends on it (rf_tile_is_hazard) */
} tile_row;

static const tile_row tiles[RF_TILE_COUNT] = {
    [RF_TILE_ROCK] = {' ', false, false, false},
    [RF_TILE_WALL] = {'#', false, false, false},
    [RF_TILE_FLOOR] = {'.', true, false, false},
    [RF_TILE_DOOR] = {'+', true, false, false},
    [RF_TILE_SECRET_DOOR] = {'*', true, false, false},
    [RF_TILE_BREAKABLE] = {'!', true, false, false},
    [RF_TILE_IMPASSABLE] = {'X', false, false, false},
    [RF_TILE_STAIRS_UP] = {'<', true, false, false},
    [RF_TILE_STAIRS_DOWN] = {'>', true, false, false},
    [RF_TILE_DEEP_WATER] = {'~', false, true, false},
    [RF_TILE_SHALLOW_WATER] = {',', true, true, false},
    [RF_TILE_WATER] = {'W', true, true, false},
    [RF_TILE_ICE] = {'I', true, true, false},
    [RF_TILE_GOO] = {'G', true, true, false},
    [RF_TILE_ACID] = {'A', true, true, false},
    [RF_TILE_LAVA] = {'L', false, true, false},
    [RF_TILE_CHASM] = {':', false, true, false},
    [RF_TILE_BRIDGE] = {'=', true, false, false},
    [RF_TILE_CHASM_EDGE] = {';', true, false, true},
    [RF_TILE_BRIMSTONE] = {'B', true, true, true},
};

char rf_tile_glyph(rf_tile t) { return (unsigned)t < RF_TILE_COUNT ? tiles[t].glyph : '?'; }

bool rf_tile_from_glyph(char c, rf_tile *out)
{
    int i;
    for (i = 0; i < RF_TILE_COUNT; i++)
        if (tiles[i].glyph == c) {
            *out = (rf_tile)i;
            return true;
        }
    return false;
}

bool rf_tile_is_walkable(rf_tile t) { return (unsigned)t < RF_TILE_COUNT && tiles[t].walkable; }
bool rf_tile_is_liquid(rf_tile t) { return (unsigned)t < RF_TILE_COUNT && tiles[t].liquid; }
bool rf_tile_is_hazard(rf_tile t) { return (unsigned)t < RF_TILE_COUNT && tiles[t].hazard; }

rf_grid *rf_grid_new(int w, int h)
{
    rf_grid *g;
    size_t n;
    if (w < 1 || h < 1 || w > RF_GRID_MAX_SIDE || h > RF_GRID_MAX_SIDE)
        return NULL;
    n = (size_t)w * (size_t)h; /* both sides <= 4096: no overflow */
    g = rf_calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->w = w;
    g->h = h;
    g->t = rf_calloc(n, 1);
    g->room = rf_calloc(n, sizeof *g->room);
    if (!g->t || !g->room) {
        rf_grid_free(g);
        return NULL;
    }
    return g;
}

void rf_grid_free(rf_grid *g)
{
    if (!g)
        return;
    rf_free(g->t);
    rf_free(g->room);
    rf_free(g);
}

rf_grid *rf_grid_clone(const rf_grid *g)
{
    rf_grid *c = rf_grid_new(g->w, g->h);
    size_t n = (size_t)g->w * (size_t)g->h;
    if (!c)
        return NULL;
    memcpy(c->t, g->t, n);
    memcpy(c->room, g->room, n * sizeof *g->room);
    return c;
}

int rf_grid_width(const rf_grid *g) { return g->w; }
int rf_grid_height(const rf_grid *g) { return g->h; }

bool rf_grid_in_bounds(const rf_grid *g, int x, int y)
{
    return x >= 0 && y >= 0 && x < g->w && y < g->h;
}

rf_tile rf_grid_get(const rf_grid *g, int x, int y)
{
    return rf_grid_in_bounds(g, x, y) ? (rf_tile)RF_GRID_AT(g, x, y) : RF_TILE_ROCK;
}

bool rf_grid_set(rf_grid *g, int x, int y, rf_tile t)
{
    if (!rf_grid_in_bounds(g, x, y) || (unsigned)t >= RF_TILE_COUNT)
        return false;
    RF_GRID_AT(g, x, y) = (uint8_t)t;
    return true;
}

int rf_grid_room(const rf_grid *g, int x, int y)
{
    return rf_grid_in_bounds(g, x, y) ? RF_GRID_ROOM_AT(g, x, y) : 0;
}

bool rf_grid_set_room(rf_grid *g, int x, int y, int room)
{
    if (!rf_grid_in_bounds(g, x, y))
        return false;
    RF_GRID_ROOM_AT(g, x, y) = room;
    return true;
}

void rf_grid_fill(rf_grid *g, int x, int y, int w, int h, rf_tile t)
{
    int x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
    int x1 = x + w > g->w ? g->w : x + w, y1 = y + h > g->h ? g->h : y + h;
    int yy;
    if ((unsigned)t >= RF_TILE_COUNT || x0 >= x1)
        return;
    for (yy = y0; yy < y1; yy++)
        memset(&RF_GRID_AT(g, x0, yy), (int)t, (size_t)(x1 - x0));
}

size_t rf_grid_count(const rf_grid *g, rf_tile t)
{
    size_t i, n = (size_t)g->w * (size_t)g->h, k = 0;
    for (i = 0; i < n; i++)
        k += g->t[i] == (uint8_t)t;
    return k;
}

bool rf_grid_row(const rf_grid *g, int y, char *buf, size_t cap)
{
    int x;
    if (y < 0 || y >= g->h || cap < (size_t)g->w + 1)
        return false;
    for (x = 0; x < g->w; x++)
        buf[x] = tiles[RF_GRID_AT(g, x, y)].glyph;
    buf[g->w] = '\0';
    return true;
}

rf_status rf_grid_write_ascii(const rf_grid *g, FILE *out)
{
    int x, y;
    for (y = 0; y < g->h; y++) {
        for (x = 0; x < g->w; x++)
            putc(tiles[RF_GRID_AT(g, x, y)].glyph, out);
        putc('\n', out);
    }
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
