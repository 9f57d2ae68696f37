/* engine/src/level/level_retry.c: what the level's retry reads of a run
 * when its templates are placed: the ground its digger made, whether every
 * template room is open, and whether a drawn template found no place.
 *
 * Pipeline: level; step_place_templates measures the run here, and a run
 * that will be made again stops there (level_gen.c, run): what would follow
 * (stairs, special rooms, machines, population) is work the retry throws
 * away. Design: every run is measured at the same point, so the retry's
 * rule compares like with like, whether a run went on or stopped; one
 * function says whether what a run left out is worth a retry, read both
 * where a run stops and where the level decides to run again.
 */
#include "recipe_int.h"

/* The walkable tiles of lv outside template rooms: the ground the digger
 * made, which a retry must not take away. */
static long dug_ground(const rf_level *lv)
{
    const rf_grid *g = lv->g;
    long n = 0;
    size_t i, cells = g ? (size_t)g->w * (size_t)g->h : 0;
    uint8_t walk[256]; /* by tile byte: no call per tile */
    for (i = 0; i < 256; i++)
        walk[i] = rf_tile_is_walkable((rf_tile)i);
    for (i = 0; i < cells; i++) {
        int room = g->room[i];
        n += walk[g->t[i]] && (room <= 0 || (size_t)room > lv->rooms.n ||
                               lv->rooms.items[room - 1].kind != RF_ROOM_TEMPLATE);
    }
    return n;
}

/* Whether every template room of lv holds a walkable tile: a retried room
 * whose doors found no way out was walled up whole by the level's repair,
 * and a retry must not leave such a room behind (issue 28's hollow rooms). */
static bool rooms_whole(const rf_level *lv)
{
    const rf_grid *g = lv->g;
    size_t i;
    for (i = 0; g && i < lv->rooms.n; i++) {
        const rf_room_rec *rec = &lv->rooms.items[i];
        bool open = false;
        int x, y;
        if (rec->kind != RF_ROOM_TEMPLATE)
            continue;
        for (y = rec->y; y < rec->y + rec->h && !open; y++)
            for (x = rec->x; x < rec->x + rec->w && !open; x++)
                open = rf_grid_in_bounds(g, x, y) && rf_tile_is_walkable(RF_GRID_AT(g, x, y));
        if (!open)
            return false;
    }
    return true;
}

void rf_recipe_measure(rf_recipe_run *r)
{
    r->ground = dug_ground(r->lv);
    r->whole = rooms_whole(r->lv);
    r->measured = true;
}

/* A retry makes the whole level again, and the drawn entries a plan leaves
 * out grow with its size: a 1000x1000 Brogue level draws about a thousand
 * and leaves one or two out, so a retry for any of them would make nearly
 * every large level two or three times (its cost per cell rising with the
 * size, issue 33). Below the share every left-out entry is worth it, as at
 * the profiles' own sizes, whose plans draw a few. */
bool rf_recipe_worth_retry(size_t drawn, size_t left)
{
    return left > 0 && left * RF_RECIPE_RETRY_SHARE >= drawn;
}

bool rf_recipe_left_out(const rf_recipe_run *r)
{
    size_t n = r->placer ? rf_place_entry_count(r->placer) : 0, i, drawn = 0, left = 0;
    for (i = 0; i < n; i++) {
        rf_place_entry e;
        rf_place_entry_at(r->placer, i, &e);
        drawn += !e.forced;
        left += !e.forced && !e.placed && e.why == RF_PLACE_BUDGET &&
                !(r->retry && i < r->nretry && r->retry[i]);
    }
    return rf_recipe_worth_retry(drawn, left);
}
