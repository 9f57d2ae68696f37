/* engine/src/load/machines.c: the machines catalogue: its life, its
 * accessors and its load entry points.
 *
 * Pipeline: load; rf_machines_load_* hand the bytes to the streaming loader
 * (load_xml.c) with the catalogue to fill; lint and the machine placer read
 * the blueprints back. Design: the catalogue owns a template set only for
 * its arena, so blueprints, features and scripts are freed in one go.
 */
#include <strings.h>

#include "core/seam.h"
#include "load_int.h"
#include "machines_int.h"

rf_machines *rf_machines_new(void)
{
    rf_machines *m = rf_calloc(1, sizeof *m);
    if (m && !(m->store = rf_template_set_new())) {
        rf_free(m);
        return NULL;
    }
    return m;
}

void rf_machines_free(rf_machines *m)
{
    if (!m)
        return;
    rf_template_set_free(m->store);
    rf_free(m->items);
    rf_free(m);
}

rf_status rf_machines_load_buffer(rf_machines *m, const char *name, const char *buf, size_t len,
                                  rf_diags *d)
{
    if (!m || !name || (!buf && len))
        return RF_ERR_ARG;
    return rf_load_machines_bytes(m, name, buf ? buf : "", len, d);
}

rf_status rf_machines_load_file(rf_machines *m, const char *path, rf_diags *d)
{
    if (!m || !path)
        return RF_ERR_ARG;
    return rf_load_machines_path(m, path, d);
}

bool rf_machines_push(rf_machines *m, rf_blueprint *b)
{
    if (!rf_grow((void **)&m->items, &m->cap, m->n + 1, sizeof *m->items))
        return false;
    m->items[m->n++] = b;
    return true;
}

const rf_blueprint *rf_machines_lookup(const rf_machines *m, const char *name)
{
    size_t i;
    for (i = 0; name && i < m->n; i++) /* a catalogue holds tens, not thousands */
        if (strcasecmp(m->items[i]->name, name) == 0)
            return m->items[i];
    return NULL;
}

size_t rf_machines_count(const rf_machines *m) { return m ? m->n : 0; }

const rf_blueprint *rf_machines_at(const rf_machines *m, size_t i)
{
    return m && i < m->n ? m->items[i] : NULL;
}

const rf_blueprint *rf_machines_find(const rf_machines *m, const char *name)
{
    return m ? rf_machines_lookup(m, name) : NULL;
}

const char *rf_blueprint_name(const rf_blueprint *b) { return b->name; }
rf_machine_kind rf_blueprint_kind(const rf_blueprint *b) { return b->kind; }
int rf_blueprint_frequency(const rf_blueprint *b) { return b->frequency; }
rf_machine_room rf_blueprint_room(const rf_blueprint *b) { return b->room; }

void rf_blueprint_depths(const rf_blueprint *b, int *lo, int *hi)
{
    *lo = b->depth_lo;
    *hi = b->depth_hi;
}

void rf_blueprint_size(const rf_blueprint *b, int *min, int *max)
{
    *min = b->size_lo;
    *max = b->size_hi;
}

const char *rf_blueprint_file(const rf_blueprint *b, int *line)
{
    if (line)
        *line = b->line;
    return b->file;
}

bool rf_blueprint_is_at_depth(const rf_blueprint *b, int depth)
{
    return b->frequency > 0 && depth >= b->depth_lo && depth <= b->depth_hi;
}

size_t rf_blueprint_feature_count(const rf_blueprint *b) { return b->nfeatures; }

const rf_feature *rf_blueprint_feature_at(const rf_blueprint *b, size_t i)
{
    return i < b->nfeatures ? &b->features[i] : NULL;
}

size_t rf_blueprint_script_count(const rf_blueprint *b) { return b->nscripts; }

const rf_script *rf_blueprint_script_at(const rf_blueprint *b, size_t i)
{
    return i < b->nscripts ? &b->scripts[i] : NULL;
}

char rf_feature_terrain(const rf_feature *f) { return f->terrain; }
const char *rf_feature_object(const rf_feature *f) { return f->object; }
unsigned rf_feature_flags(const rf_feature *f) { return f->flags; }

void rf_feature_counts(const rf_feature *f, int *lo, int *hi)
{
    *lo = f->count_lo;
    *hi = f->count_hi;
}

bool rf_feature_has_flag(const rf_feature *f, rf_feature_flag flag)
{
    return (f->flags & (unsigned)flag) != 0;
}

int rf_feature_line(const rf_feature *f, int *col)
{
    if (col)
        *col = f->col;
    return f->line;
}
