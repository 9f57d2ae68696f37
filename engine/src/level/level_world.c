/* engine/src/level/level_world.c: rf_level_world: the live rules of a
 * level's placed templates.
 *
 * Pipeline: level -> world; every RF_ROOM_TEMPLATE room joins a new rf_world
 * at its box's corner, in the orientation it was placed in (DESIGN 12), so
 * the world's objects stand where the level's do. Made on demand (a world is a Lua state most callers
 * never tick); the level owns and frees it.
 */
#include "level_int.h"
#include "roomforge/world.h"

rf_status rf_level_world(rf_level *l, rf_diags *d, rf_world **out)
{
    rf_world *w = NULL;
    rf_world_opts wo;
    rf_status st, worst = RF_OK;
    size_t i;
    if (!l || !out)
        return RF_ERR_ARG;
    if (l->world) {
        *out = l->world;
        return RF_OK;
    }
    rf_world_opts_init(&wo);
    wo.seed = l->seed; /* each room's math.random stream comes from the level's seed */
    st = rf_world_new(&wo, d, &w);
    if (st != RF_OK && st != RF_ERR_CONTENT)
        return st;
    for (i = 0; i < l->rooms.n; i++) {
        const rf_room_rec *r = &l->rooms.items[i];
        if (r->kind != RF_ROOM_TEMPLATE || !r->tmpl)
            continue;
        st = rf_world_add_room_turned(w, r->tmpl, r->x, r->y, r->orient, d, NULL);
        if (st == RF_ERR_CONTENT)
            worst = RF_ERR_CONTENT;
        else if (st != RF_OK) {
            rf_world_free(w);
            return st;
        }
    }
    l->world = w;
    *out = w;
    return worst;
}
