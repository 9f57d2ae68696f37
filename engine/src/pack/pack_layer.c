/* engine/src/pack/pack_layer.c: which rooms of a pack stack survive the
 * layering: a room of a later pack replaces the rooms of that name below it.
 *
 * Pipeline: pack; called by rf_pack_load with every pack's rooms in one set.
 * Design: the good rooms sorted by name (case-insensitively) then load order
 * put each name's rooms together in pack order: one pass keeps the last
 * pack's and notes each replacement, O(n log n) for any number of rooms.
 */
#include <stdlib.h>
#include <strings.h>

#include "core/seam.h"
#include "pack_int.h"

typedef struct entry {
    const char *name;
    size_t i;
} entry;

static int entry_cmp(const void *a, const void *b)
{
    const entry *x = a, *y = b;
    int c = strcasecmp(x->name, y->name);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

rf_status rf_pack_layer(rf_pack *p, const size_t *pack_of, const bool *bad, bool *keep,
                        rf_diags *d)
{
    size_t n = rf_template_set_count(p->set), m = 0, i, g;
    entry *e = n ? rf_calloc(n, sizeof *e) : NULL;
    if (n && !e)
        return RF_ERR_NOMEM;
    for (i = 0; i < n; i++) {
        keep[i] = false;
        if (bad[i])
            continue;
        e[m].name = rf_template_name(rf_template_set_at(p->set, i));
        e[m++].i = i;
    }
    if (m)
        qsort(e, m, sizeof *e, entry_cmp);
    for (g = 0; g < m;) { /* one name: e[g .. end) in load order, so in pack order */
        size_t end = g + 1, top;
        while (end < m && strcasecmp(e[end].name, e[g].name) == 0)
            end++;
        top = pack_of[e[end - 1].i];
        for (i = g; i < end; i++) {
            keep[e[i].i] = pack_of[e[i].i] == top;
            if (i > g && pack_of[e[i].i] != pack_of[e[i - 1].i]) {
                /* the first room of its name in a later pack */
                const rf_template *t = rf_template_set_at(p->set, e[i].i);
                const rf_template *old = rf_template_set_at(p->set, e[i - 1].i);
                (void)rf_diag_add(d, "room-replaced", rf_template_file(t), rf_template_line(t),
                                  rf_template_col(t),
                                  "room '%s' replaces the room of that name in an earlier pack "
                                  "(%s:%d)",
                                  rf_template_name(t), rf_template_file(old),
                                  rf_template_line(old));
            }
        }
        g = end;
    }
    rf_free(e);
    return RF_OK;
}
