/* engine/src/load/template_edit.c: template sets merged and filtered, and
 * the record of rooms a load left out.
 *
 * Pipeline: load; rf_pack_load (pack stage) merges per-pack sets and drops
 * replaced or failing rooms. Design: a merge splices the source's arena
 * chunks under the set's, so templates never move; the name index is
 * rebuilt after each edit (first template of each name, as appending keeps).
 */
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load/seam.h"
#include "template_int.h"

bool rf_template_set_skip(rf_template_set *set, const char *name, const char *file, int line,
                          int col)
{
    rf_skipped_room *r;
    if (!rf_grow((void **)&set->skipped, &set->skipped_cap, set->nskipped + 1,
                 sizeof *set->skipped))
        return false;
    r = &set->skipped[set->nskipped];
    r->name = NULL;
    if (name && !(r->name = rf_strdup(name)))
        return false;
    r->file = file;
    r->line = line;
    r->col = col;
    set->nskipped++;
    return true;
}

void rf_template_set_free_skipped(rf_template_set *set)
{
    size_t i;
    for (i = 0; i < set->nskipped; i++)
        rf_free(set->skipped[i].name);
    rf_free(set->skipped);
    set->skipped = NULL;
    set->nskipped = set->skipped_cap = 0;
}

size_t rf_template_set_skipped_count(const rf_template_set *set)
{
    return set ? set->nskipped : 0;
}

bool rf_template_set_skipped_at(const rf_template_set *set, size_t i, const char **name,
                                const char **file, int *line, int *col)
{
    if (!set || i >= set->nskipped)
        return false;
    *name = set->skipped[i].name;
    *file = set->skipped[i].file;
    *line = set->skipped[i].line;
    *col = set->skipped[i].col;
    return true;
}

bool rf_template_set_reindex(rf_template_set *set)
{
    size_t cap = 64, mask, i, k;
    rf_name_slot *idx;
    while (cap < set->count * 2)
        cap *= 2;
    idx = rf_calloc(cap, sizeof *idx);
    if (!idx)
        return false;
    mask = cap - 1;
    for (i = 0; i < set->count; i++) {
        const char *name = set->items[i]->name;
        uint32_t h = rf_template_name_hash(name);
        for (k = h & mask; idx[k].hash; k = (k + 1) & mask)
            if (idx[k].hash == h && strcasecmp(set->items[idx[k].slot - 1]->name, name) == 0)
                break;
        if (!idx[k].hash)
            idx[k] = (rf_name_slot){h, (uint32_t)i + 1};
    }
    rf_free(set->index);
    set->index = idx;
    set->index_cap = cap;
    return true;
}

rf_status rf_template_set_take(rf_template_set *set, rf_template_set *src)
{
    size_t count = set->count;
    rf_chunk *bottom;
    if (!src)
        return RF_OK;
    if (set->each || src->each) { /* names only: nothing to move */
        rf_template_set_free(src);
        return RF_ERR_ARG;
    }
    if (set->count + src->count >= UINT32_MAX - 1 ||
        !rf_grow((void **)&set->items, &set->cap, set->count + src->count + 1, sizeof *set->items) ||
        !rf_grow((void **)&set->skipped, &set->skipped_cap, set->nskipped + src->nskipped + 1,
                 sizeof *set->skipped))
        goto fail;
    if (src->count)
        memcpy(set->items + set->count, src->items, src->count * sizeof *src->items);
    set->count += src->count;
    if (!rf_template_set_reindex(set)) {
        set->count = count;
        goto fail;
    }
    if (src->nskipped)
        memcpy(set->skipped + set->nskipped, src->skipped, src->nskipped * sizeof *src->skipped);
    set->nskipped += src->nskipped;
    set->nsubrooms += src->nsubrooms;
    set->nsubonly += src->nsubonly;
    src->nskipped = 0; /* the names now belong to set */
    /* the source's chunks go under the set's: its templates stay where they are */
    if (src->arena.top) {
        for (bottom = src->arena.top; bottom->prev; bottom = bottom->prev)
            ;
        bottom->prev = set->arena.top;
        set->arena.top = src->arena.top;
        src->arena.top = NULL;
    }
    rf_template_set_free(src);
    return RF_OK;
fail:
    rf_template_set_free(src);
    return RF_ERR_NOMEM;
}

rf_status rf_template_set_keep(rf_template_set *set, const bool *keep)
{
    rf_template **items = NULL;
    size_t cap = 0, n = 0, i;
    if (set->each)
        return RF_ERR_ARG; /* names only: nothing to keep */
    if (set->count && !rf_grow((void **)&items, &cap, set->count, sizeof *items))
        return RF_ERR_NOMEM;
    for (i = 0; i < set->count; i++)
        if (keep[i])
            items[n++] = set->items[i];
    {
        rf_template **was = set->items;
        size_t was_count = set->count, was_cap = set->cap;
        set->items = items;
        set->count = n;
        set->cap = cap;
        if (!rf_template_set_reindex(set)) {
            set->items = was;
            set->count = was_count;
            set->cap = was_cap;
            rf_free(items);
            return RF_ERR_NOMEM;
        }
        rf_free(was);
    }
    return RF_OK;
}
