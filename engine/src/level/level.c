/* engine/src/level/level.c: the rf_level object, its accessors and its
 * ascii writer.
 *
 * Pipeline: level -> output (gen, catalog, the view stage, the world). The
 * level owns its grid, rooms, chokepoint map and feelings; level_json.c
 * writes it as JSON and hashes that for the catalogs.
 */
#include <string.h>

#include "core/seam.h"
#include "level_int.h"
#include "roomforge/place.h"
#include "roomforge/template.h"

void rf_level_free(rf_level *l)
{
    size_t i;
    if (!l)
        return;
    rf_grid_free(l->g);
    rf_room_list_fini(&l->rooms);
    rf_placed_list_fini(&l->objs);
    rf_free(l->choke);
    rf_free(l->loop);
    rf_free(l->maps_t);
    rf_free(l->plan);
    rf_machine_list_fini(&l->machines);
    rf_free(l->machine_at);
    for (i = 0; i < l->nvariants; i++)
        rf_template_variant_free(l->variants[i]);
    rf_free(l->variants);
    for (i = 0; i < l->nfeelings; i++)
        rf_free(l->feelings[i]);
    rf_free(l->feelings);
    rf_free(l);
}

bool rf_level_add_feeling(rf_level *lv, const char *text)
{
    char *s = rf_strdup(text);
    if (!s || !rf_grow((void **)&lv->feelings, &lv->feel_cap, lv->nfeelings + 1,
                       sizeof *lv->feelings)) {
        rf_free(s);
        return false;
    }
    lv->feelings[lv->nfeelings++] = s;
    return true;
}

const rf_grid *rf_level_grid(const rf_level *l) { return l->g; }
uint64_t rf_level_seed(const rf_level *l) { return l->seed; }
int rf_level_depth(const rf_level *l) { return l->depth; }
size_t rf_level_room_count(const rf_level *l) { return l->rooms.n; }
int rf_level_traps(const rf_level *l) { return l->traps; }
size_t rf_level_feeling_count(const rf_level *l) { return l->nfeelings; }
size_t rf_level_object_count(const rf_level *l) { return l->objs.n; }
size_t rf_level_plan_count(const rf_level *l) { return l->nplan; }

size_t rf_level_machine_count(const rf_level *l) { return l->machines.n; }

const rf_level_machine *rf_level_machine_at(const rf_level *l, size_t i)
{
    return i < l->machines.n ? &l->machines.items[i] : NULL;
}

int rf_level_machine_of(const rf_level *l, int x, int y)
{
    if (!l->machine_at || !rf_grid_in_bounds(l->g, x, y))
        return 0;
    return l->machine_at[(size_t)y * (size_t)l->g->w + (size_t)x];
}

bool rf_level_index_machines(rf_level *lv)
{
    size_t i, k;
    rf_free(lv->machine_at);
    lv->machine_at = NULL;
    if (lv->machines.n == 0)
        return true;
    lv->machine_at = rf_calloc((size_t)lv->g->w * (size_t)lv->g->h, sizeof *lv->machine_at);
    if (!lv->machine_at)
        return false;
    for (i = 0; i < lv->machines.n; i++) {
        const rf_level_machine *m = &lv->machines.items[i];
        for (k = 0; k < m->ncells; k++)
            lv->machine_at[(size_t)m->cells[2 * k + 1] * (size_t)lv->g->w +
                           (size_t)m->cells[2 * k]] = m->id;
    }
    return true;
}

const rf_place_entry *rf_level_plan_at(const rf_level *l, size_t i)
{
    return i < l->nplan ? &l->plan[i] : NULL;
}

const rf_placed *rf_level_object_at(const rf_level *l, size_t i)
{
    return i < l->objs.n ? &l->objs.items[i] : NULL;
}

size_t rf_level_object_count_of(const rf_level *l, const char *type)
{
    size_t i, n = 0;
    for (i = 0; i < l->objs.n; i++)
        n += strcmp(l->objs.items[i].type, type) == 0;
    return n;
}

const rf_room_rec *rf_level_room_at(const rf_level *l, size_t i)
{
    return i < l->rooms.n ? &l->rooms.items[i] : NULL;
}

const char *rf_level_feeling_at(const rf_level *l, size_t i)
{
    return i < l->nfeelings ? l->feelings[i] : NULL;
}

const rf_special_result *rf_level_special(const rf_level *l) { return &l->special; }

size_t rf_level_rooms_proper(const rf_level *l)
{
    size_t i, n = 0;
    for (i = 0; i < l->rooms.n; i++)
        n += l->rooms.items[i].kind != RF_ROOM_CORRIDOR;
    return n;
}

size_t rf_level_template_count(const rf_level *l)
{
    size_t i, n = 0;
    for (i = 0; i < l->rooms.n; i++)
        n += l->rooms.items[i].kind == RF_ROOM_TEMPLATE;
    return n;
}

void rf_level_stairs_up(const rf_level *l, int *x, int *y)
{
    *x = l->up_x;
    *y = l->up_y;
}

void rf_level_stairs_down(const rf_level *l, int *x, int *y)
{
    *x = l->down_x;
    *y = l->down_y;
}

int rf_level_choke(const rf_level *l, int x, int y)
{
    if (!l->choke || !rf_grid_in_bounds(l->g, x, y))
        return 0;
    return l->choke[(size_t)y * (size_t)l->g->w + (size_t)x];
}

bool rf_level_in_loop(const rf_level *l, int x, int y)
{
    if (!l->loop || !rf_grid_in_bounds(l->g, x, y))
        return false;
    return l->loop[(size_t)y * (size_t)l->g->w + (size_t)x] != 0;
}

bool rf_level_loop_row(const rf_level *l, int y, char *out, size_t size)
{
    int x, w = l->g->w;
    if (y < 0 || y >= l->g->h || size < (size_t)w + 1)
        return false;
    for (x = 0; x < w; x++) {
        bool walk = rf_tile_is_walkable((rf_tile)RF_GRID_AT(l->g, x, y));
        out[x] = rf_level_in_loop(l, x, y) ? 'o' : walk ? '.' : ' ';
    }
    out[w] = '\0';
    return true;
}

rf_status rf_level_write_ascii(const rf_level *l, FILE *out) { return rf_grid_write_ascii(l->g, out); }
