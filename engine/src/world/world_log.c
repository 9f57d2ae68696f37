/* engine/src/world/world_log.c: the effect log and the host: what rules did,
 * kept (bounded by log_max) and handed to the game.
 *
 * Pipeline: world; rf_world_emit is called by the Lua bridge's emit for every
 * effect a rule or clock makes, during rf_world_tick. Design: an effect is
 * copied with its strings and attributes into one block of its own, so a
 * bounded log drops its oldest entries one block at a time; the world model
 * has applied the effect already, the log and the host only hear of it.
 */
#include <string.h>

#include "core/seam.h"
#include "world_int.h"

static size_t str_size(const char *s) { return s ? strlen(s) + 1 : 0; }

/* Copies s into the block at *p, returning the copy (NULL for NULL). */
static const char *put_str(char **p, const char *s)
{
    char *out;
    size_t n;
    if (!s)
        return NULL;
    n = strlen(s) + 1;
    out = *p;
    memcpy(out, s, n);
    *p += n;
    return out;
}

/* Appends e to the log (copying its strings); the copy, or NULL when memory
 * runs out. */
static const rf_effect *log_effect(rf_world *w, const rf_effect *e)
{
    size_t need = e->nattrs * sizeof(rf_effect_attr) + str_size(e->id) + str_size(e->text) +
                  str_size(e->tag);
    char *block = NULL, *p;
    size_t i;
    for (i = 0; i < e->nattrs; i++)
        need += str_size(e->attrs[i].key) + str_size(e->attrs[i].value);
    rf_effect *slot;
    size_t at = w->nlog;
    if (w->opts.log_max > 0 && w->nlog >= w->opts.log_max) {
        /* full: the oldest effect's slot takes the new one */
        if (need > 0 && !(block = rf_alloc(need)))
            return NULL;
        at = w->log_start;
        rf_free(w->log_blocks[at]);
        w->log_start = (w->log_start + 1) % w->nlog;
        p = block;
        slot = &w->log[at];
        goto fill;
    }
    if (w->nlog == w->caplog) {
        size_t cap = w->caplog;
        size_t cap2 = cap;
        if (!rf_grow((void **)&w->log, &cap, w->nlog + 1, sizeof *w->log))
            return NULL;
        if (!rf_grow((void **)&w->log_blocks, &cap2, w->nlog + 1, sizeof *w->log_blocks))
            return NULL;
        w->caplog = cap < cap2 ? cap : cap2;
    }
    if (need > 0 && !(block = rf_alloc(need)))
        return NULL;
    p = block;
    slot = &w->log[w->nlog++];
fill:
    *slot = *e;
    if (e->nattrs) { /* the attribute array first: the block is aligned for it */
        rf_effect_attr *a = (rf_effect_attr *)(void *)p;
        p += e->nattrs * sizeof *a;
        for (i = 0; i < e->nattrs; i++) {
            a[i].key = put_str(&p, e->attrs[i].key);
            a[i].value = put_str(&p, e->attrs[i].value);
        }
        slot->attrs = a;
    } else
        slot->attrs = NULL;
    slot->id = put_str(&p, e->id);
    slot->text = put_str(&p, e->text);
    slot->tag = put_str(&p, e->tag);
    w->log_blocks[at] = block;
    return slot;
}

bool rf_world_emit(rf_world *w, const rf_effect *e)
{
    const rf_effect *out = e;
    if (w->opts.keep_log) {
        out = log_effect(w, e);
        if (!out) {
            w->emit_failed = true;
            return false;
        }
    }
    w->busy = true; /* the host's callbacks may not call w (rf_world_busy) */
    switch (out->kind) {
    case RF_EFFECT_REMOVE:
        if (w->host.remove)
            w->host.remove(w->host.ud, out);
        break;
    case RF_EFFECT_CREATE:
        if (w->host.create)
            w->host.create(w->host.ud, out);
        break;
    case RF_EFFECT_MOVE:
        if (w->host.move)
            w->host.move(w->host.ud, out);
        break;
    case RF_EFFECT_SET:
        if (w->host.set)
            w->host.set(w->host.ud, out);
        break;
    case RF_EFFECT_SPELL:
        if (w->host.spell)
            w->host.spell(w->host.ud, out);
        break;
    case RF_EFFECT_TICKER:
        if (w->host.ticker)
            w->host.ticker(w->host.ud, out);
        break;
    case RF_EFFECT_CLOCK_STOPPED:
        if (w->host.clock_stopped)
            w->host.clock_stopped(w->host.ud, out);
        break;
    case RF_EFFECT_CUSTOM:
        if (w->host.custom)
            w->host.custom(w->host.ud, out);
        break;
    case RF_EFFECT_KIND_COUNT:
        break;
    }
    w->busy = false;
    return true;
}

void rf_world_set_host(rf_world *w, const rf_world_host *host)
{
    if (!w)
        return;
    if (host)
        w->host = *host;
    else
        memset(&w->host, 0, sizeof w->host);
}

size_t rf_world_effect_count(const rf_world *w) { return w ? w->nlog : 0; }

const rf_effect *rf_world_effect_at(const rf_world *w, size_t i)
{
    if (!w || i >= w->nlog)
        return NULL;
    return &w->log[(w->log_start + i) % w->nlog]; /* log_start is 0 until a bound is met */
}

void rf_world_effects_clear(rf_world *w)
{
    size_t i;
    if (!w || w->busy) /* in a host callback the effect being told lives in the log */
        return;
    for (i = 0; i < w->nlog; i++)
        rf_free(w->log_blocks[i]);
    w->nlog = 0;
    w->log_start = 0;
}
