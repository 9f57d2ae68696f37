/* engine/src/stairs.c: up and down stairs, far apart, on floor tiles.
 *
 * Pipeline: after the digger, for every digger. Design: the up stairs go on a
 * random floor tile (on depth 1 a tile of the first room, the entrance); a
 * BFS over walkable tiles from there gives distances, and the down stairs go
 * on a random floor tile among those at least 9/10 of the farthest reachable
 * distance. Stairs replace floor, so walkability and connectivity stay.
 */
#include "alloc_int.h"
#include "level_int.h"

static int nth_floor(const rf_grid *g, size_t k, int room)
{
    size_t i, n = (size_t)g->w * (size_t)g->h;
    for (i = 0; i < n; i++)
        if (g->t[i] == RF_TILE_FLOOR && (room == 0 || g->room[i] == room) && k-- == 0)
            return (int)i;
    return -1;
}

rf_status rf_level_place_stairs(rf_level *lv, rf_rng *layout)
{
    rf_grid *g = lv->g;
    int w = g->w, n = w * g->h, i, up, down = -1, head = 0, tail = 0, far = 0;
    const int offs[4] = {-w, 1, w, -1};
    size_t floors = 0, first = 0, k;
    int *dist = NULL, *queue = NULL, first_room = lv->rooms.n ? lv->rooms.items[0].id : 0;
    rf_status st = RF_ERR_NOMEM;
    for (i = 0; i < n; i++) {
        floors += g->t[i] == RF_TILE_FLOOR;
        first += g->t[i] == RF_TILE_FLOOR && g->room[i] == first_room && first_room;
    }
    if (floors < 2)
        return RF_ERR_CONTENT;
    dist = rf_alloc((size_t)n * sizeof *dist);
    queue = rf_alloc((size_t)n * sizeof *queue);
    if (!dist || !queue)
        goto done;
    if (lv->depth == 1 && first > 0)
        up = nth_floor(g, rf_rng_below(layout, (uint32_t)first), first_room);
    else
        up = nth_floor(g, rf_rng_below(layout, (uint32_t)floors), 0);
    for (i = 0; i < n; i++)
        dist[i] = -1;
    dist[up] = 0;
    queue[tail++] = up;
    while (head < tail) {
        int c = queue[head++], j;
        for (j = 0; j < 4; j++) {
            int m = c + offs[j];
            if (m < 0 || m >= n || dist[m] >= 0 || !rf_tile_is_walkable((rf_tile)g->t[m]))
                continue;
            dist[m] = dist[c] + 1;
            queue[tail++] = m;
        }
    }
    for (i = 0; i < n; i++)
        if (g->t[i] == RF_TILE_FLOOR && i != up && dist[i] > far)
            far = dist[i];
    floors = 0;
    for (i = 0; i < n; i++)
        floors += g->t[i] == RF_TILE_FLOOR && i != up && dist[i] * 10 >= far * 9 && dist[i] > 0;
    if (floors == 0)
        goto none;
    k = rf_rng_below(layout, (uint32_t)floors);
    for (i = 0; i < n && down < 0; i++)
        if (g->t[i] == RF_TILE_FLOOR && i != up && dist[i] * 10 >= far * 9 && dist[i] > 0 &&
            k-- == 0)
            down = i;
none:
    if (down < 0) { /* nothing reachable: any other floor tile */
        for (i = 0; i < n && down < 0; i++)
            if (g->t[i] == RF_TILE_FLOOR && i != up)
                down = i;
    }
    g->t[up] = RF_TILE_STAIRS_UP;
    g->t[down] = RF_TILE_STAIRS_DOWN;
    lv->up_x = up % w;
    lv->up_y = up / w;
    lv->down_x = down % w;
    lv->down_y = down / w;
    st = RF_OK;
done:
    rf_free(dist);
    rf_free(queue);
    return st;
}
