/* engine/src/dig/brogue/loops.c: Brogue's loops: a wall between floor of two
 * rooms more than two rooms apart becomes a doorway.
 *
 * Pipeline: dig, after accretion, before lakes. Design: candidates collected
 * and shuffled once; "apart" is a local test on the room graph.
 * Seeds: shared/seeds/brogue-level-generation.txt (500 attempts, 30 loops).
 */
#include "brogue_int.h"

/* The two rooms a wall at c separates along axis off (1 or w), or false. */
static bool loop_rooms(const rf_brogue *d, int c, int off, int *a, int *b)
{
    const uint8_t *t = d->g->t;
    int side = off == 1 ? d->w : 1;
    if (rf_brogue_protected(d, c) || t[c] != RF_TILE_WALL || t[c - off] != RF_TILE_FLOOR ||
        t[c + off] != RF_TILE_FLOOR ||
        !rf_grid_is_solid(t[c - side]) || !rf_grid_is_solid(t[c + side]))
        return false;
    *a = d->g->room[c - off];
    *b = d->g->room[c + off];
    return *a > 0 && *b > 0 && *a != *b;
}

bool rf_loops_add(rf_brogue *d)
{
    int w = d->w, h = d->h, x, y, a, b, n = 0, i, tries = 0;
    for (y = 1; y < h - 1; y++)
        for (x = 1; x < w - 1; x++) {
            int c = y * w + x;
            if (loop_rooms(d, c, 1, &a, &b) || loop_rooms(d, c, w, &a, &b))
                d->queue[n++] = c;
        }
    for (i = n - 1; i > 0; i--) { /* Fisher-Yates */
        int j = (int)rf_rng_below_lemire(d->rng, (uint32_t)i + 1), tmp = d->queue[i];
        d->queue[i] = d->queue[j];
        d->queue[j] = tmp;
    }
    for (i = 0; i < n && tries < d->p->loop_attempts && d->info->loops < d->p->max_loops; i++) {
        int c = d->queue[i];
        bool across = rf_rng_below_lemire(d->rng, 2) == 0; /* the direction to loop in */
        tries++;
        if (!loop_rooms(d, c, across ? 1 : w, &a, &b) && !loop_rooms(d, c, across ? w : 1, &a, &b))
            continue;
        if (rf_brogue_rooms_near(d, a, b))
            continue;
        d->g->t[c] = rf_rng_chance_lemire(d->rng, d->p->door_chance) ? RF_TILE_DOOR : RF_TILE_FLOOR;
        if (!rf_brogue_link(d, a, b))
            return false;
        d->info->loops++;
    }
    return true;
}
