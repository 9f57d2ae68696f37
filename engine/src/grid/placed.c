/* engine/src/grid/placed.c: the growable list of a level's placed objects.
 *
 * Pipeline: place, special and populate append; the level's writers and the
 * world read. See placed.h.
 */
#include <string.h>

#include "core/seam.h"
#include "roomforge/placed.h"

void rf_placed_list_init(rf_placed_list *l) { memset(l, 0, sizeof *l); }

void rf_placed_list_fini(rf_placed_list *l)
{
    rf_free(l->items);
    memset(l, 0, sizeof *l);
}

static void copy_cut(char *dst, size_t cap, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n >= cap)
        n = cap - 1;
    if (n)
        memcpy(dst, src, n);
    dst[n] = '\0';
}

void rf_placed_init(rf_placed *p, const char *type, const char *name, int x, int y, int room)
{
    memset(p, 0, sizeof *p);
    copy_cut(p->type, sizeof p->type, type);
    copy_cut(p->name, sizeof p->name, name);
    p->x = x;
    p->y = y;
    p->room = room;
    p->count = 1;
}

rf_placed *rf_placed_list_add(rf_placed_list *l, const rf_placed *p)
{
    rf_placed *q;
    if (l->n >= 10000000 || !rf_grow((void **)&l->items, &l->cap, l->n + 1, sizeof *l->items))
        return NULL;
    q = &l->items[l->n++];
    *q = *p;
    /* The fields are fixed arrays: make sure each is terminated. */
    q->type[sizeof q->type - 1] = '\0';
    q->id[sizeof q->id - 1] = '\0';
    q->name[sizeof q->name - 1] = '\0';
    return q;
}

bool rf_placed_list_has_at(const rf_placed_list *l, int x, int y)
{
    size_t i;
    for (i = 0; i < l->n; i++)
        if (l->items[i].x == x && l->items[i].y == y)
            return true;
    return false;
}
