/* engine/src/dig/brogue/designs.c: the Brogue digger's built-in room designs
 * (cross room, rectangle) and the door-site finder designs share.
 *
 * Pipeline: dig; accretion draws one design per try. Designs are table rows,
 * so the placer adds template designs as more rows.
 * Seeds: shared/seeds/brogue-level-generation.txt (room and cross-room sizes).
 */
#include "brogue_int.h"

static int span_pick(rf_rng *r, rf_span s) { return rf_rng_range_lemire(r, s.lo, s.hi); }

/* The door site on side `want` of a union of rectangles that covers every
 * column and row of the drawing's inside, as the bars of a cross room do: a
 * random column (row), then the ring cell just beyond the outermost
 * rectangle on that side. Closed form, no scan of a drawing. */
static void rect_door(rf_rng *r, rf_design *out)
{
    int k = out->want, i, best = -1;
    bool vertical = k == RF_DIR_UP || k == RF_DIR_DOWN;
    int line = rf_rng_range_lemire(r, 1, (vertical ? out->w : out->h) - 2);
    for (i = 0; i < out->nrects; i++) {
        const rf_design_rect *b = &out->rects[i];
        int lo = vertical ? b->x : b->y, n = vertical ? b->w : b->h, edge;
        if (line < lo || line >= lo + n)
            continue;
        if (k == RF_DIR_UP)
            edge = b->y - 1;
        else if (k == RF_DIR_DOWN)
            edge = b->y + b->h;
        else if (k == RF_DIR_LEFT)
            edge = b->x - 1;
        else
            edge = b->x + b->w;
        if (best < 0 || (k == RF_DIR_UP || k == RF_DIR_LEFT ? edge < best : edge > best))
            best = edge;
    }
    /* the other sides stay -1, as the design contract hands them over */
    if (best >= 0) {
        out->door_x[k] = vertical ? line : best;
        out->door_y[k] = vertical ? best : line;
    }
}

/* Two overlapping bars: a long low one (room width x cross height) and a
 * narrow tall one (cross width x room height), each placed at random along
 * the other, so the union is a cross, a T, an L or a plain rectangle. */
static bool design_cross(void *ud, const rf_brogue_params *p, rf_rng *r, rf_grid *s, rf_design *out)
{
    int aw = span_pick(r, p->room_w), ah = span_pick(r, p->cross_h);
    int bw = span_pick(r, p->cross_w), bh = span_pick(r, p->room_h);
    int W = aw > bw ? aw : bw, H = ah > bh ? ah : bh;
    /* one draw a declarator: in one initializer list the draws' order
     * would be the compiler's (C11 6.7.9p23) */
    int ax = 1 + rf_rng_range_lemire(r, 0, W - aw), ay = 1 + rf_rng_range_lemire(r, 0, H - ah);
    int bx = 1 + rf_rng_range_lemire(r, 0, W - bw), by = 1 + rf_rng_range_lemire(r, 0, H - bh);
    (void)ud;
    (void)s;
    out->rects[0] = (rf_design_rect){ax, ay, aw, ah};
    out->rects[1] = (rf_design_rect){bx, by, bw, bh};
    out->nrects = 2;
    out->w = W + 2;
    out->h = H + 2;
    out->kind = RF_ROOM_CROSS;
    rect_door(r, out);
    return true;
}

static bool design_rect(void *ud, const rf_brogue_params *p, rf_rng *r, rf_grid *s, rf_design *out)
{
    int w = span_pick(r, p->room_w), h = span_pick(r, p->room_h); /* in this order */
    (void)ud;
    (void)s;
    out->rects[0] = (rf_design_rect){1, 1, w, h};
    out->nrects = 1;
    out->w = out->rects[0].w + 2;
    out->h = out->rects[0].h + 2;
    out->kind = RF_ROOM_RECT;
    rect_door(r, out);
    return true;
}

static int least(int a, int b) { return a < b ? a : b; }

/* The built-in rows' reach: the door's bar runs across the room, so the
 * line from the door holds at least that bar's extent (the cross's door
 * bar is either one: the smaller of their least extents). */
size_t rf_brogue_designs(const rf_brogue_params *p, rf_design_row *rows, size_t cap)
{
    size_t n = 0;
    if (cap >= 1)
        rows[n++] = (rf_design_row){"cross", p->cross_chance, design_cross, NULL,
                                    {least(p->cross_h.lo, p->room_h.lo), least(p->room_w.lo, p->cross_w.lo)},
                                    true};
    if (cap >= 2)
        rows[n++] = (rf_design_row){"rect", 100 - p->cross_chance, design_rect, NULL,
                                    {p->room_h.lo, p->room_w.lo}, true};
    return n;
}

/* One random site on one side: for every column (up/down) or row (left/right)
 * the ring cell just outside the outermost floor on that side. */
static void side_site(const rf_grid *s, rf_rng *r, const rf_design *d, int dir, int *ox, int *oy)
{
    int xs[RF_DESIGN_MAX_SIDE], ys[RF_DESIGN_MAX_SIDE];
    int n = 0, i, j;
    bool vertical = dir == RF_DIR_UP || dir == RF_DIR_DOWN;
    int lines = vertical ? d->w : d->h, depth = vertical ? d->h : d->w;
    for (i = 1; i < lines - 1; i++) {
        for (j = 1; j < depth - 1; j++) {
            int k = dir == RF_DIR_UP || dir == RF_DIR_LEFT ? j : depth - 1 - j;
            int x = vertical ? i : k, y = vertical ? k : i;
            if (RF_GRID_AT(s, x, y) == RF_TILE_FLOOR) {
                xs[n] = x + RF_DIR_DX(dir);
                ys[n] = y + RF_DIR_DY(dir);
                n++;
                break;
            }
        }
    }
    if (n == 0) {
        *ox = *oy = -1;
        return;
    }
    i = (int)rf_rng_below_lemire(r, (uint32_t)n);
    *ox = xs[i];
    *oy = ys[i];
}

void rf_design_find_doors(const rf_grid *scratch, rf_rng *r, rf_design *out)
{
    int k;
    if (out->w < 3 || out->h < 3 || out->w > RF_DESIGN_MAX_SIDE || out->h > RF_DESIGN_MAX_SIDE ||
        out->w > scratch->w || out->h > scratch->h) {
        for (k = 0; k < RF_DIR_COUNT; k++)
            out->door_x[k] = out->door_y[k] = -1;
        return;
    }
    for (k = 0; k < RF_DIR_COUNT; k++)
        side_site(scratch, r, out, k, &out->door_x[k], &out->door_y[k]);
}
