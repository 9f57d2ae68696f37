/* engine/src/stats/stats_read.c: a JSON report read back into figures, and
 * the merge of the shards of one run (stats --merge).
 *
 * Pipeline: stats; text from the caller (the CLI reads the files), figures
 * out. Design: a report carries every integer sum (stats_json.c), so a
 * shard read back is exactly the figures its run held; the merge checks
 * the parts are the shards 1..N of one run (same options, templates and
 * profiles) and adds them (integer sums: any order gives the same bits).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "stats_int.h"
#include "stats_jread.h"

typedef struct reader {
    const char *file;
    rf_diags *d;
    bool failed;
    bool nomem; /* the failure was memory running out, not the report */
} reader;

static void oom(reader *r)
{
    r->failed = true;
    r->nomem = true;
}

static void fail(reader *r, const char *what)
{
    if (!r->failed && r->d)
        (void)rf_diag_add(r->d, "stats-merge", r->file, 0, 0,
                          "not a roomforge stats JSON report: %s", what);
    r->failed = true;
}

/* The value of key in object obj, NULL when absent, null or obj no object. */
static json_object *member(const json_object *obj, const char *key)
{
    json_object *v = NULL;
    if (!json_object_is_type(obj, json_type_object) || !json_object_object_get_ex(obj, key, &v))
        return NULL;
    return v;
}

/* An integer 0..2^64-1 (stats_jread.c refused the text of a larger one,
 * so json-c's value is exact). */
static bool as_u64(const json_object *v, uint64_t *out)
{
    if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) < 0)
        return false;
    *out = json_object_get_uint64(v);
    return true;
}

/* An integer of magnitude up to INT_MAX. */
static bool as_int(const json_object *v, int *out)
{
    int64_t x;
    if (!json_object_is_type(v, json_type_int))
        return false;
    x = json_object_get_int64(v);
    if (x < -INT_MAX || x > INT_MAX)
        return false;
    *out = (int)x;
    return true;
}

static uint64_t get_u64(reader *r, const json_object *obj, const char *key)
{
    uint64_t v = 0;
    if (!as_u64(member(obj, key), &v))
        fail(r, key);
    return v;
}

static int get_int(reader *r, const json_object *obj, const char *key)
{
    int v = 0;
    if (!as_int(member(obj, key), &v))
        fail(r, key);
    return v;
}

/* Element i of array v, NULL when v is no array or too short. */
static json_object *item(const json_object *v, size_t i)
{
    if (!json_object_is_type(v, json_type_array) || i >= json_object_array_length(v))
        return NULL;
    return json_object_array_get_idx(v, i);
}

static size_t count(const json_object *v)
{
    if (json_object_is_type(v, json_type_array))
        return json_object_array_length(v);
    if (v && json_object_is_type(v, json_type_object))
        return (size_t)json_object_object_length(v);
    return 0;
}

static uint64_t at_u64(reader *r, const json_object *v, size_t i, const char *what)
{
    uint64_t x = 0;
    if (!as_u64(item(v, i), &x))
        fail(r, what);
    return x;
}

static int at_int(reader *r, const json_object *v, size_t i, const char *what)
{
    int x = 0;
    if (!as_int(item(v, i), &x))
        fail(r, what);
    return x;
}

static json_object *get_type(reader *r, const json_object *obj, const char *key, json_type type)
{
    json_object *v = member(obj, key);
    if (!v || !json_object_is_type(v, type)) {
        fail(r, key);
        return NULL;
    }
    return v;
}

static const char *str_of(json_object *v)
{
    return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

static char *dup_string(reader *r, json_object *v, const char *what)
{
    char *s;
    if (!str_of(v)) {
        fail(r, what);
        return NULL;
    }
    if (!(s = rf_strdup(str_of(v))))
        oom(r);
    return s;
}

/* A one-character string of printable ASCII, no space: a glyph. */
static char glyph_of(reader *r, json_object *v)
{
    const char *g = str_of(v);
    if (!g || g[0] <= ' ' || g[0] > '~' || g[1]) {
        fail(r, "variants (a glyph)");
        return '?';
    }
    return g[0];
}

/* "variants" of a room that varies (DESIGN 16): counts, the substs'
 * choices and picks, the kept map hashes (ascending, no more than
 * ST_VARY_HASHES, so the merge keeps exactly the smallest). */
static void read_vary(reader *r, const json_object *v, st_tmpl *t)
{
    json_object *subst = get_type(r, v, "subst", json_type_array);
    json_object *hashes = get_type(r, v, "map_hashes", json_type_array);
    size_t n = count(subst), i, k;
    if (r->failed)
        return;
    if (n > ST_VARY_MAX_SUBST || count(hashes) > ST_VARY_HASHES) {
        fail(r, "variants (too many)");
        return;
    }
    if (!rf_st_vary_alloc(t, n)) {
        oom(r);
        return;
    }
    t->vary->drawn = get_u64(r, v, "drawn");
    t->vary->validate_refused = get_u64(r, v, "validate_refused");
    for (i = 0; i < count(hashes) && !r->failed; i++) {
        uint64_t h = at_u64(r, hashes, i, "map_hashes");
        if (i && h <= t->vary->hash[i - 1])
            fail(r, "map_hashes (not ascending)");
        t->vary->hash[t->vary->nhash++] = h;
    }
    for (i = 0; i < n && !r->failed; i++) {
        json_object *u = item(subst, i), *ch = get_type(r, u, "choices", json_type_array);
        json_object *once = get_type(r, u, "once", json_type_boolean);
        st_subst *su = &t->vary->subst[i];
        size_t nc = count(ch);
        if (r->failed || nc == 0 || nc > ST_VARY_MAX_SUBST) {
            fail(r, "variants (choices)");
            return;
        }
        if (!(su->choices = rf_calloc(nc, sizeof *su->choices))) {
            oom(r);
            return;
        }
        su->nchoices = nc;
        su->glyph = glyph_of(r, member(u, "glyph"));
        su->line = get_int(r, u, "line");
        su->once = once && json_object_get_boolean(once);
        for (k = 0; k < nc && !r->failed; k++) {
            json_object *c = item(ch, k);
            su->choices[k].glyph = glyph_of(r, member(c, "glyph"));
            su->choices[k].weight = get_int(r, c, "weight");
            su->choices[k].picks = get_u64(r, c, "picks");
        }
    }
}

static void read_template(reader *r, const json_object *v, st_tmpl *t)
{
    json_object *ref = get_type(r, v, "refused", json_type_object), *sums;
    struct json_object_iterator it = json_object_iter_init_default(), end = it;
    int k;
    t->name = dup_string(r, member(v, "name"), "name");
    t->file = dup_string(r, member(v, "file"), "file");
    t->line = get_int(r, v, "line");
    t->weight = get_int(r, v, "weight");
    t->eligible = get_u64(r, v, "eligible");
    t->drawn = get_u64(r, v, "drawn");
    t->placed = get_u64(r, v, "placed");
    t->forced = get_u64(r, v, "forced");
    t->placed_draws = get_u64(r, v, "placed_draws");
    if (ref) {
        it = json_object_iter_begin(ref);
        end = json_object_iter_end(ref);
    }
    for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
        const char *why = json_object_iter_peek_name(&it);
        for (k = 1; k < ST_WHY_COUNT && strcmp(why, rf_st_why_key(k)) != 0; k++)
            ;
        if (k == ST_WHY_COUNT || !as_u64(json_object_iter_peek_value(&it), &t->refused[k]))
            fail(r, "refused");
    }
    sums = get_type(r, v, "sums", json_type_array);
    t->exp.hi = at_u64(r, sums, 0, "sums");
    t->exp.lo = at_u64(r, sums, 1, "sums");
    t->var.hi = at_u64(r, sums, 2, "sums");
    t->var.lo = at_u64(r, sums, 3, "sums");
    t->cvar.hi = at_u64(r, sums, 4, "sums");
    t->cvar.lo = at_u64(r, sums, 5, "sums");
    if (member(v, "variants"))
        read_vary(r, get_type(r, v, "variants", json_type_object), t);
}

static void read_hist(reader *r, const json_object *v, st_hist *h)
{
    json_object *hist = get_type(r, v, "hist", json_type_array);
    size_t i;
    for (i = 0; i < count(hist) && !r->failed; i++) {
        uint64_t val = at_u64(r, item(hist, i), 0, "hist");
        uint64_t n = at_u64(r, item(hist, i), 1, "hist");
        if (!r->failed && !rf_st_hist_add(h, val, n))
            oom(r);
    }
    /* the sum and extremes as written (values past the last bucket) */
    h->sum = get_u64(r, v, "sum");
    h->min = get_u64(r, v, "min");
    h->max = get_u64(r, v, "max");
    if (get_u64(r, v, "levels") != h->levels)
        fail(r, "hist");
}

/* "machines" {"BLUEPRINT": {"placed": n, "depths": {"D": n}}} into p->mach
 * (a report written before machines has none: nothing to read). */
static void read_machines(reader *r, const json_object *v, st_profile *p)
{
    json_object *all = NULL;
    struct json_object_iterator it, end;
    if (!json_object_object_get_ex(v, "machines", &all))
        return;
    if (!json_object_is_type(all, json_type_object)) {
        fail(r, "machines");
        return;
    }
    it = json_object_iter_begin(all);
    end = json_object_iter_end(all);
    for (; !r->failed && !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
        json_object *depths = get_type(r, json_object_iter_peek_value(&it), "depths",
                                       json_type_object);
        struct json_object_iterator dt, dend;
        uint64_t placed = get_u64(r, json_object_iter_peek_value(&it), "placed"), sum = 0;
        if (!depths)
            return;
        dt = json_object_iter_begin(depths);
        dend = json_object_iter_end(depths);
        for (; !r->failed && !json_object_iter_equal(&dt, &dend); json_object_iter_next(&dt)) {
            char key[1024], *e;
            uint64_t n;
            long d = strtol(json_object_iter_peek_name(&dt), &e, 10);
            if (*e || d < 1 || d > 9999 || !as_u64(json_object_iter_peek_value(&dt), &n) ||
                !rf_st_machine_key(key, sizeof key, json_object_iter_peek_name(&it), (int)d)) {
                fail(r, "machines");
                return;
            }
            if (!rf_st_counts_add(&p->mach, key, n))
                oom(r);
            sum += n;
        }
        if (sum != placed)
            fail(r, "machines (placed is not the sum of its depths)");
    }
}

static void read_profile(reader *r, const char *name, const json_object *v, st_profile *p)
{
    json_object *made = get_type(r, v, "special_rooms", json_type_object);
    json_object *drawn = get_type(r, v, "special_draws", json_type_object);
    json_object *tried = get_type(r, v, "special_tried", json_type_array);
    json_object *feel = get_type(r, v, "feelings", json_type_object);
    size_t i, n = count(feel);
    int k;
    if (!(p->name = rf_strdup(name)))
        oom(r);
    p->levels = get_u64(r, v, "levels");
    p->failed = get_u64(r, v, "failed");
    p->violations = get_u64(r, v, "violations");
    for (k = 0; k < ST_DIST_COUNT; k++) {
        json_object *h = get_type(r, v, rf_st_dist_names[k], json_type_object);
        if (h)
            read_hist(r, h, &p->dist[k]);
    }
    for (k = 0; made && drawn && k < RF_SPECIAL_KIND_COUNT; k++) {
        const char *kind = rf_special_kind_name((rf_special_kind)k);
        json_object *dk = get_type(r, drawn, kind, json_type_object);
        p->special_made[k] = get_u64(r, made, kind);
        if (dk)
            p->special_drawn[k] = get_u64(r, dk, "drawn");
    }
    p->tried_normal = at_u64(r, tried, 0, "special_tried");
    p->tried_single = at_u64(r, tried, 1, "special_tried");
    read_machines(r, v, p);
    /* every pair first, then one sort: n log n whatever order the file has */
    if (n && !r->failed) {
        st_feel *f = rf_calloc(n, sizeof *f);
        struct json_object_iterator it = json_object_iter_begin(feel);
        bool dup = false;
        if (!f) {
            oom(r);
            return;
        }
        for (i = 0; i < n && !r->failed; i++, json_object_iter_next(&it)) {
            f[i].text = (char *)json_object_iter_peek_name(&it); /* borrowed: rf_st_counts_set copies */
            if (!as_u64(json_object_iter_peek_value(&it), &f[i].n))
                fail(r, "feelings");
        }
        if (!r->failed && !rf_st_counts_set(&p->feel, f, n, &dup)) {
            if (dup)
                fail(r, "feelings (a feeling twice)");
            else
                oom(r);
        }
        rf_free(f);
    }
}

static void read_first(reader *r, const json_object *v, st_first *f)
{
    const char *prof, *msg;
    uint64_t index, seed;
    int depth;
    if (!v)
        return; /* null */
    prof = str_of(member(v, "profile"));
    msg = str_of(member(v, "message"));
    index = get_u64(r, v, "index");
    seed = get_u64(r, v, "seed");
    depth = get_int(r, v, "depth");
    if (!prof || !msg)
        fail(r, "first_failure");
    else if (!r->failed && !rf_st_first_offer(f, index, prof, seed, depth, msg))
        oom(r);
}

static void read_run(reader *r, const json_object *root, rf_stats *s)
{
    json_object *seeds = get_type(r, root, "seeds", json_type_array);
    json_object *depths = get_type(r, root, "depths", json_type_array);
    json_object *size = get_type(r, root, "size", json_type_array);
    json_object *diff = get_type(r, root, "difficulty", json_type_string);
    json_object *rooms = get_type(r, root, "rooms", json_type_array);
    json_object *recipe = member(root, "recipe"), *shard = NULL;
    bool sharded = json_object_object_get_ex(root, "shard", &shard); /* null too */
    rf_difficulty dl = RF_DIFFICULTY_HMP;
    size_t i;
    s->seed = at_u64(r, seeds, 0, "seeds");
    s->count = at_u64(r, seeds, 1, "seeds");
    s->depth_lo = at_int(r, depths, 0, "depths");
    s->depth_hi = at_int(r, depths, 1, "depths");
    s->width = at_int(r, size, 0, "size");
    s->height = at_int(r, size, 1, "size");
    if (diff && !rf_difficulty_parse(json_object_get_string(diff), &dl))
        fail(r, "difficulty");
    s->difficulty = (int)dl;
    s->nrooms = count(rooms);
    if (s->nrooms && !(s->rooms = rf_calloc(s->nrooms, sizeof *s->rooms)))
        oom(r);
    for (i = 0; s->rooms && i < s->nrooms; i++)
        s->rooms[i] = dup_string(r, item(rooms, i), "rooms");
    if (recipe)
        s->recipe = dup_string(r, recipe, "recipe");
    if (sharded) {
        s->shard = at_int(r, shard, 0, "shard");
        s->nshards = at_int(r, shard, 1, "shard");
        if (s->nshards < 1 || s->shard < 1 || s->shard > s->nshards)
            fail(r, "shard");
    }
    s->levels = get_u64(r, root, "levels");
    s->failed = get_u64(r, root, "failed");
    s->violations = get_u64(r, root, "violations");
    s->draws = get_u64(r, root, "draws");
}

/* Reports a text json-c or stats_jread.c refused; the status to return. */
static rf_status refused(reader *r, st_jread how, const st_jfault *f)
{
    char what[96];
    if (how == ST_JREAD_NOMEM)
        return RF_ERR_NOMEM;
    if (how == ST_JREAD_BAD) {
        snprintf(what, sizeof what, "bad JSON at byte %zu (%s)", f->at, f->why);
        fail(r, what);
    } else if (strcmp(f->under, "feelings") == 0) {
        fail(r, "feelings (a feeling twice)");
    } else if (strcmp(f->under, "by_profile") == 0) {
        fail(r, "profiles (a profile twice)");
    } else {
        snprintf(what, sizeof what, "a key twice in the object at byte %zu", f->at);
        fail(r, what);
    }
    return RF_ERR_CONTENT;
}

rf_status rf_stats_read_json(const char *text, size_t len, const char *file, rf_stats **out,
                             rf_diags *d)
{
    reader r = {file ? file : "stats", d, false, false};
    size_t i, n;
    st_jread how;
    st_jfault fault;
    json_object *root, *tl, *bp, *names;
    struct json_object_iterator it = json_object_iter_init_default();
    rf_stats *s;
    *out = NULL;
    if (len > RF_STATS_MAX_REPORT) {
        if (d)
            (void)rf_diag_add(d, "stats-merge", r.file, 0, 0,
                              "not a roomforge stats JSON report: over %zu MiB (a shard is a few MB)",
                              RF_STATS_MAX_REPORT >> 20);
        return RF_ERR_CONTENT;
    }
    how = rf_st_json_read(text, len, &root, &fault);
    if (how != ST_JREAD_OK)
        return refused(&r, how, &fault);
    s = rf_calloc(1, sizeof *s);
    if (!s) {
        json_object_put(root);
        return RF_ERR_NOMEM;
    }
    tl = get_type(&r, root, "templates", json_type_array);
    bp = get_type(&r, root, "by_profile", json_type_object);
    names = get_type(&r, root, "profiles", json_type_array);
    read_run(&r, root, s);
    n = count(tl);
    if (n && !(s->t = rf_calloc(n, sizeof *s->t)))
        oom(&r);
    for (i = 0; s->t && i < n; i++, s->nt++)
        read_template(&r, item(tl, i), &s->t[i]);
    n = count(bp);
    if (names && bp && (count(names) != n || n == 0 || n > RF_STATS_MAX_PROFILES))
        fail(&r, "profiles");
    if (!r.failed && bp && !(s->p = rf_calloc(n, sizeof *s->p)))
        oom(&r);
    if (bp)
        it = json_object_iter_begin(bp);
    /* by_profile's keys are the profiles' names in order (no name twice:
     * stats_jread.c refused a key twice) */
    for (i = 0; !r.failed && s->p && i < n; i++, s->np++, json_object_iter_next(&it)) {
        const char *name = json_object_iter_peek_name(&it);
        const char *listed = str_of(item(names, i));
        if (!listed || strcmp(listed, name) != 0)
            fail(&r, "profiles");
        read_profile(&r, name, json_object_iter_peek_value(&it), &s->p[i]);
    }
    read_first(&r, member(root, "first_failure"), &s->first_failure);
    read_first(&r, member(root, "first_violation"), &s->first_violation);
    json_object_put(root);
    if (r.failed) {
        rf_stats_free(s);
        return r.nomem ? RF_ERR_NOMEM : RF_ERR_CONTENT;
    }
    *out = s;
    return RF_OK;
}

/* ---- the merge ---- */

static bool same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Why part b is not of a's run, or NULL. */
static const char *differs(const rf_stats *a, const rf_stats *b)
{
    size_t i;
    if (a->seed != b->seed || a->count != b->count || a->depth_lo != b->depth_lo ||
        a->depth_hi != b->depth_hi || a->width != b->width || a->height != b->height ||
        a->difficulty != b->difficulty || !same_str(a->recipe, b->recipe))
        return "the seeds, depths, size, difficulty or recipe differ";
    if (a->nrooms != b->nrooms)
        return "the forced rooms differ";
    for (i = 0; i < a->nrooms; i++)
        if (strcmp(a->rooms[i], b->rooms[i]) != 0)
            return "the forced rooms differ";
    if (a->np != b->np)
        return "the profiles differ";
    for (i = 0; i < a->np; i++)
        if (strcmp(a->p[i].name, b->p[i].name) != 0)
            return "the profiles differ";
    if (a->nt != b->nt)
        return "the templates differ (another content)";
    for (i = 0; i < a->nt; i++)
        if (strcmp(a->t[i].name, b->t[i].name) != 0 || a->t[i].line != b->t[i].line ||
            a->t[i].weight != b->t[i].weight || !rf_st_vary_same(&a->t[i], &b->t[i]))
            return "the templates differ (another content)";
    if (a->nshards != b->nshards)
        return "they are shards of different counts";
    return NULL;
}

rf_status rf_stats_merge(rf_stats *const *parts, size_t n, rf_stats **out, rf_diags *d)
{
    rf_stats *s;
    bool *seen = NULL;
    size_t i;
    const char *why = NULL;
    *out = NULL;
    if (!parts || n == 0)
        return RF_ERR_ARG;
    for (i = 1; i < n && !why; i++)
        why = differs(parts[0], parts[i]);
    if (!why && parts[0]->nshards == 0 && n > 1)
        why = "whole runs cannot be merged, only shards (--shard I/N)";
    if (!why && parts[0]->nshards && (size_t)parts[0]->nshards != n)
        why = "not every shard 1..N is given once";
    if (!why && parts[0]->nshards) {
        if (!(seen = rf_calloc(n, sizeof *seen)))
            return RF_ERR_NOMEM;
        for (i = 0; i < n && !why; i++) {
            if (seen[parts[i]->shard - 1])
                why = "not every shard 1..N is given once";
            seen[parts[i]->shard - 1] = true;
        }
        rf_free(seen);
    }
    if (why) {
        if (d)
            (void)rf_diag_add(d, "stats-merge", "roomforge", 0, 0,
                              "stats --merge: the files are not the shards of one run: %s", why);
        return RF_ERR_CONTENT;
    }
    if (!(s = rf_st_new_like(parts[0])))
        return RF_ERR_NOMEM;
    s->shard = s->nshards = 0;
    for (i = 0; i < n; i++)
        if (!rf_st_add(s, parts[i])) {
            rf_stats_free(s);
            return RF_ERR_NOMEM;
        }
    if (s->overflow) { /* counts never wrap: they are refused */
        rf_stats_free(s);
        if (d)
            (void)rf_diag_add(d, "stats-merge", "roomforge", 0, 0,
                              "stats --merge: the shards' counts add up past 2^64: they are "
                              "not the shards of one run");
        return RF_ERR_CONTENT;
    }
    *out = s;
    return RF_OK;
}

/* ---- the rest of the public face ---- */

bool rf_stats_format_parse(const char *s, rf_stats_format *out)
{
    static const char *const names[] = {"text", "json", "csv", "html"};
    int k;
    for (k = 0; s && k < 4; k++)
        if (strcmp(s, names[k]) == 0) {
            *out = (rf_stats_format)k;
            return true;
        }
    return false;
}

/* Writes s with w into out, every control byte but the newline (C0, DEL,
 * UTF-8 C1: what terminals obey) written as \xNN: names, files and feelings
 * come from content and shard files, and no text, CSV or html report may
 * carry one raw (DESIGN 8). The JSON writer escapes its strings itself. */
static rf_status write_clean(const rf_stats *s, FILE *out,
                             rf_status (*w)(const rf_stats *, FILE *))
{
    char *buf = NULL;
    size_t len = 0, i;
    FILE *mem = open_memstream(&buf, &len);
    rf_status st;
    if (!mem)
        return RF_ERR_NOMEM;
    st = w(s, mem);
    if (fclose(mem) != 0 && st == RF_OK)
        st = RF_ERR_NOMEM;
    for (i = 0; st == RF_OK && i < len; i++) {
        int k = buf[i] == '\n' ? 0 : rf_text_control(buf + i);
        if (k == 0) {
            putc(buf[i], out);
            continue;
        }
        fprintf(out, "\\x%02X", (unsigned char)buf[i]);
        if (k == 2)
            fprintf(out, "\\x%02X", (unsigned char)buf[++i]);
    }
    free(buf); /* the C library's */
    return st == RF_OK && ferror(out) ? RF_ERR_IO : st;
}

rf_status rf_stats_write(const rf_stats *s, FILE *out, rf_stats_format fmt)
{
    if (!s || !out)
        return RF_ERR_ARG;
    switch (fmt) {
    case RF_STATS_JSON: return rf_st_write_json(s, out);
    case RF_STATS_CSV: return write_clean(s, out, rf_st_write_csv);
    case RF_STATS_HTML: return write_clean(s, out, rf_st_write_html);
    default: return write_clean(s, out, rf_st_write_text);
    }
}

uint64_t rf_stats_levels(const rf_stats *s) { return s->levels; }
uint64_t rf_stats_failed(const rf_stats *s) { return s->failed; }
uint64_t rf_stats_violations(const rf_stats *s) { return s->violations; }

size_t rf_stats_flagged(const rf_stats *s)
{
    size_t i, n = 0;
    for (i = 0; i < s->nt; i++)
        n += rf_st_flagged(&s->t[i]);
    return n;
}
