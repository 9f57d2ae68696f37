/* engine/src/grid/room_list.c: the growable list of room records diggers fill.
 *
 * Pipeline: dig (writers), place and populate (readers). See dig.h.
 */
#include <string.h>

#include "core/seam.h"
#include "roomforge/dig.h"

static const char *const kind_names[RF_ROOM_KIND_COUNT] = {
    "rect", "cross", "cave", "corridor", "vault", "crawled", "template",
};

void rf_room_list_init(rf_room_list *l) { memset(l, 0, sizeof *l); }

void rf_room_list_fini(rf_room_list *l)
{
    rf_free(l->items);
    memset(l, 0, sizeof *l);
}

int rf_room_list_add(rf_room_list *l, const rf_room_rec *r)
{
    if (l->n >= 1000000 || !rf_grow((void **)&l->items, &l->cap, l->n + 1, sizeof *l->items))
        return 0;
    l->items[l->n] = *r;
    l->items[l->n].id = (int)l->n + 1;
    return (int)++l->n;
}

const char *rf_room_kind_name(rf_room_kind k)
{
    return (unsigned)k < RF_ROOM_KIND_COUNT ? kind_names[k] : "?";
}
