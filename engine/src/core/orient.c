/* engine/src/core/orient.c: the eight orientations of DESIGN 12: the one
 * place where template coordinates become a turned room's and back.
 *
 * Pipeline: core; used by place (views, objects, launchers), world (every
 * script coordinate) and sim. Design: k's mirror (bit 2) flips x first,
 * then k mod 4 quarter turns clockwise; a turn takes (x, y) of a w x h box
 * to (h - 1 - y, x) of the h x w box.
 */
#include "roomforge/orient.h"

void rf_orient_size(int k, int tw, int th, int *w, int *h)
{
    *w = (k & 1) ? th : tw;
    *h = (k & 1) ? tw : th;
}

void rf_orient_to_room(int k, int tw, int th, int x, int y, int *rx, int *ry)
{
    int cw = tw, ch = th, r;
    if (k & 4)
        x = tw - 1 - x;
    for (r = 0; r < (k & 3); r++) { /* a quarter turn clockwise */
        int nx = ch - 1 - y, ny = x, tmp = cw;
        x = nx;
        y = ny;
        cw = ch;
        ch = tmp;
    }
    *rx = x;
    *ry = y;
}

void rf_orient_to_template(int k, int tw, int th, int rx, int ry, int *x, int *y)
{
    int cw, ch, r;
    rf_orient_size(k, tw, th, &cw, &ch);
    for (r = 0; r < (k & 3); r++) { /* a quarter turn counter-clockwise */
        int nx = ry, ny = cw - 1 - rx, tmp = cw;
        rx = nx;
        ry = ny;
        cw = ch;
        ch = tmp;
    }
    if (k & 4)
        rx = tw - 1 - rx;
    *x = rx;
    *y = ry;
}

void rf_orient_dir(int k, int dx, int dy, int *odx, int *ody)
{
    int r;
    if (k & 4)
        dx = -dx;
    for (r = 0; r < (k & 3); r++) {
        int nx = -dy;
        dy = dx;
        dx = nx;
    }
    *odx = dx;
    *ody = dy;
}

int rf_orient_inverse(int k)
{
    k &= 7;
    /* a mirrored orientation undoes itself (M R^r M = R^-r); a pure turn by
     * r is undone by 4 - r more */
    return (k & 4) ? k : (4 - k) & 3;
}

int rf_orient_compose(int a, int b)
{
    /* as maps: b after a. R^s M^n after R^r M^m: moving M^n right past R^r
     * flips the turn's sense */
    int ra = a & 3, rb = b & 3, mb = (b >> 2) & 1, ma = (a >> 2) & 1;
    int r = (rb + (mb ? -ra : ra)) & 3;
    return ((ma ^ mb) << 2) | r;
}
