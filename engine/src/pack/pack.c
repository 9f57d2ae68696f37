/* engine/src/pack/pack.c: the loaded pack stack's accessors, its room table
 * and the left-out list.
 *
 * Pipeline: pack; read by the CLI (every command that loads content) and by
 * games. Design: the room table is sorted by file and line once, so telling
 * which room a diagnostic is about is a binary search.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "pack_int.h"

void rf_pack_opts_init(rf_pack_opts *o) { memset(o, 0, sizeof *o); }

void rf_pack_free(rf_pack *p)
{
    size_t i;
    if (!p)
        return;
    for (i = 0; i < p->nfiles; i++)
        rf_free(p->files[i]);
    rf_free(p->files);
    rf_free(p->seen);
    rf_free(p->left);
    rf_template_set_free(p->set);
    rf_profile_set_free(p->profiles);
    rf_machines_free(p->machines);
    rf_free(p);
}

const rf_template_set *rf_pack_templates(const rf_pack *p) { return p ? p->set : NULL; }
const rf_machines *rf_pack_machines(const rf_pack *p) { return p ? p->machines : NULL; }
const rf_profile_set *rf_pack_profiles(const rf_pack *p) { return p ? p->profiles : NULL; }
size_t rf_pack_file_count(const rf_pack *p) { return p ? p->nfiles : 0; }

const char *rf_pack_file_at(const rf_pack *p, size_t i)
{
    return p && i < p->nfiles ? p->files[i] : NULL;
}

size_t rf_pack_left_out_count(const rf_pack *p) { return p ? p->nleft : 0; }

bool rf_pack_left_out_at(const rf_pack *p, size_t i, rf_pack_room *out)
{
    if (!p || i >= p->nleft)
        return false;
    *out = p->left[i];
    return true;
}

bool rf_pack_left_out_find(const rf_pack *p, const char *name, rf_pack_room *out)
{
    size_t i;
    for (i = 0; p && name && i < p->nleft; i++)
        if (p->left[i].name && strcasecmp(p->left[i].name, name) == 0) {
            *out = p->left[i];
            return true;
        }
    return false;
}

static int seen_cmp(const void *a, const void *b)
{
    const rf_pack_seen *x = a, *y = b;
    int c = strcmp(x->file, y->file);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

const char *rf_pack_room_at(const rf_pack *p, const char *file, int line)
{
    size_t lo = 0, hi;
    rf_pack_seen key;
    if (!p || !file || line < 1)
        return NULL;
    key.file = file;
    key.line = line;
    hi = p->nseen;
    while (lo < hi) { /* the first entry after (file, line) */
        size_t mid = lo + (hi - lo) / 2;
        if (seen_cmp(&p->seen[mid], &key) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 || strcmp(p->seen[lo - 1].file, file) != 0)
        return NULL;
    return p->seen[lo - 1].name ? p->seen[lo - 1].name : "";
}

/* One left-out room, with its note. */
static bool left_out(rf_pack *p, const char *name, const char *file, int line, int col,
                     const char *why, rf_diags *d)
{
    rf_pack_room *r;
    if (!rf_grow((void **)&p->left, &p->left_cap, p->nleft + 1, sizeof *p->left))
        return false;
    r = &p->left[p->nleft++];
    r->name = name;
    r->file = file;
    r->line = line;
    r->why = why;
    (void)rf_diag_add(d, "room-left-out", file, line, col, "room '%s' is left out: %s",
                      name ? name : "(unnamed)", why);
    return true;
}

bool rf_pack_leave_out(rf_pack *p, const rf_template *t, const char *why, rf_diags *d)
{
    return left_out(p, rf_template_name(t), rf_template_file(t) ? rf_template_file(t) : "",
                    rf_template_line(t), rf_template_col(t), why, d);
}

rf_status rf_pack_index_rooms(rf_pack *p, const bool *bad, rf_diags *d)
{
    size_t n = rf_template_set_count(p->set), ns = rf_template_set_skipped_count(p->set), i;
    if (n + ns && !(p->seen = rf_calloc(n + ns, sizeof *p->seen)))
        return RF_ERR_NOMEM;
    for (i = 0; i < ns; i++) {
        rf_pack_seen *s = &p->seen[p->nseen++];
        int col = 0;
        (void)rf_template_set_skipped_at(p->set, i, &s->name, &s->file, &s->line, &col);
        if (!left_out(p, s->name, s->file, s->line, col, "it has errors", d))
            return RF_ERR_NOMEM;
    }
    for (i = 0; i < n; i++) {
        const rf_template *t = rf_template_set_at(p->set, i);
        rf_pack_seen *s = &p->seen[p->nseen++];
        s->name = rf_template_name(t);
        s->file = rf_template_file(t) ? rf_template_file(t) : "";
        s->line = rf_template_line(t);
        if (bad[i] && !left_out(p, s->name, s->file, s->line, rf_template_col(t),
                                rf_template_varies(t) ? "its scripts or its <validate> have errors"
                                                      : "its scripts have errors",
                                d))
            return RF_ERR_NOMEM;
    }
    if (p->nseen)
        qsort(p->seen, p->nseen, sizeof *p->seen, seen_cmp);
    return RF_OK;
}
