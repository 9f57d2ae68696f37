/* engine/src/dig/brogue/doors.c: the door passes: orphaned doors removed,
 * then some doors made secret.
 *
 * Pipeline: dig, Brogue post-passes after bridges. Design: a proper door has
 * two open sides facing across two solid ones; others become floor or wall.
 * Seeds: shared/seeds/brogue-level-generation.txt (orphaned, secret doors).
 */
#include "brogue_int.h"

void rf_pass_orphan_doors(rf_brogue *d)
{
    int w = d->w, h = d->h, x, y;
    uint8_t *t = d->g->t;
    for (y = 1; y < h - 1; y++)
        for (x = 1; x < w - 1; x++) {
            int c = y * w + x;
            bool n, s, e, wst;
            int open;
            if (t[c] != RF_TILE_DOOR || rf_brogue_protected(d, c))
                continue;
            n = !rf_grid_is_solid(t[c - w]);
            s = !rf_grid_is_solid(t[c + w]);
            e = !rf_grid_is_solid(t[c + 1]);
            wst = !rf_grid_is_solid(t[c - 1]);
            open = n + s + e + wst;
            if (open <= 1)
                t[c] = RF_TILE_WALL;
            else if (!((n && s && !e && !wst) || (e && wst && !n && !s)))
                t[c] = RF_TILE_FLOOR;
        }
}

void rf_pass_secret_doors(rf_brogue *d)
{
    size_t i, n = (size_t)d->w * (size_t)d->h;
    uint8_t *t = d->g->t;
    for (i = 0; i < n; i++)
        if (t[i] == RF_TILE_DOOR && !rf_brogue_protected(d, (int)i) &&
            rf_rng_chance_lemire(d->rng, d->p->secret_door_chance)) {
            t[i] = RF_TILE_SECRET_DOOR;
            d->info->secret_doors++;
        }
}
