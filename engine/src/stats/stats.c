/* engine/src/stats/stats.c: the figures of a run: making, adding and
 * freeing them, and the figures derived from them (shares, z, reasons).
 *
 * Pipeline: stats; stats_tally.c fills them a level at a time, stats_run.c
 * adds the threads' and stats_merge.c the shards'. Design: integer sums
 * only, so addition in any order gives the same bits (stats_int.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/seam.h"
#include "stats_int.h"

const char *const rf_st_dist_names[ST_DIST_COUNT] = {
    "rooms", "templates", "monsters", "items", "traps", "secret_doors", "stair_path",
};

void rf_st_u128_add(st_u128 *a, uint64_t v)
{
    uint64_t lo = a->lo + v;
    a->hi += lo < a->lo;
    a->lo = lo;
}

void rf_st_u128_sum(st_u128 *a, const st_u128 *b)
{
    rf_st_u128_add(a, b->lo);
    a->hi += b->hi;
}

double rf_st_u128_real(const st_u128 *a)
{
    return ((double)a->hi * 18446744073709551616.0 + (double)a->lo) / 4294967296.0;
}

/* *a += b, or *o set when that passes 2^64 (*a then stays). */
static void acc(uint64_t *a, uint64_t b, bool *o)
{
    if (*a > UINT64_MAX - b)
        *o = true;
    else
        *a += b;
}

bool rf_st_hist_add(st_hist *h, uint64_t v, uint64_t levels)
{
    size_t b = v >= ST_HIST_CAP - 1 ? ST_HIST_CAP - 1 : (size_t)v;
    if (levels == 0)
        return true;
    if (b >= h->ncap) {
        size_t cap = h->ncap ? h->ncap : 16;
        uint64_t *n;
        while (cap <= b)
            cap *= 2;
        if (cap > ST_HIST_CAP)
            cap = ST_HIST_CAP;
        n = rf_realloc(h->n, cap * sizeof *n);
        if (!n)
            return false;
        memset(n + h->ncap, 0, (cap - h->ncap) * sizeof *n);
        h->n = n;
        h->ncap = cap;
    }
    acc(&h->n[b], levels, &h->overflow);
    h->min = h->levels == 0 || v < h->min ? v : h->min;
    h->max = v > h->max ? v : h->max;
    if (v > UINT64_MAX / levels)
        h->overflow = true;
    else
        acc(&h->sum, v * levels, &h->overflow);
    acc(&h->levels, levels, &h->overflow);
    return true;
}

bool rf_st_hist_sum(st_hist *a, const st_hist *b)
{
    size_t v;
    uint64_t sum = a->sum, mn = a->min, mx = a->max;
    acc(&sum, b->sum, &a->overflow);
    if (b->levels == 0)
        return true;
    if (a->levels == 0 || b->min < mn)
        mn = b->min;
    if (b->max > mx)
        mx = b->max;
    for (v = 0; v < b->ncap; v++) /* the buckets; extremes and sum set below */
        if (b->n[v] && !rf_st_hist_add(a, v, b->n[v]))
            return false;
    a->sum = sum;
    a->min = mn;
    a->max = mx;
    return true;
}

static void hist_fini(st_hist *h)
{
    rf_free(h->n);
}

void rf_st_first_fini(st_first *f)
{
    rf_free(f->profile);
    rf_free(f->what);
    memset(f, 0, sizeof *f);
}

bool rf_st_first_offer(st_first *f, uint64_t index, const char *profile, uint64_t seed, int depth,
                    const char *what)
{
    char *p, *w;
    if (f->set && f->index <= index)
        return true;
    p = rf_strdup(profile);
    w = rf_strdup(what ? what : "");
    if (!p || !w) {
        rf_free(p);
        rf_free(w);
        return false;
    }
    rf_st_first_fini(f);
    f->set = true;
    f->index = index;
    f->profile = p;
    f->seed = seed;
    f->depth = depth;
    f->what = w;
    return true;
}

bool rf_st_counts_add(st_counts *c, const char *text, uint64_t n)
{
    size_t lo = 0, hi = c->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int k = strcmp(c->items[mid].text, text);
        if (k == 0) {
            c->items[mid].n += n;
            return true;
        }
        if (k < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!rf_grow((void **)&c->items, &c->cap, c->n + 1, sizeof *c->items))
        return false;
    memmove(c->items + lo + 1, c->items + lo, (c->n - lo) * sizeof *c->items);
    c->items[lo].text = rf_strdup(text);
    if (!c->items[lo].text) {
        memmove(c->items + lo, c->items + lo + 1, (c->n - lo) * sizeof *c->items);
        return false;
    }
    c->items[lo].n = n;
    c->n++;
    return true;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(((const st_feel *)a)->text, ((const st_feel *)b)->text);
}

void rf_st_counts_fini(st_counts *c)
{
    size_t i;
    for (i = 0; i < c->n; i++)
        rf_free(c->items[i].text);
    rf_free(c->items);
    memset(c, 0, sizeof *c);
}

bool rf_st_counts_set(st_counts *c, const st_feel *f, size_t n, bool *dup)
{
    st_feel *all = n ? rf_calloc(n, sizeof *all) : NULL;
    size_t i;
    *dup = false;
    if (n && !all)
        return false;
    for (i = 0; i < n; i++) {
        all[i].n = f[i].n;
        if (!(all[i].text = rf_strdup(f[i].text))) {
            while (i-- > 0)
                rf_free(all[i].text);
            rf_free(all);
            return false;
        }
    }
    qsort(all, n, sizeof *all, by_text); /* n log n, whatever order the file had */
    for (i = 1; i < n && !*dup; i++)
        *dup = strcmp(all[i - 1].text, all[i].text) == 0;
    if (*dup) {
        for (i = 0; i < n; i++)
            rf_free(all[i].text);
        rf_free(all);
        return false;
    }
    rf_st_counts_fini(c);
    c->items = all;
    c->n = c->cap = n;
    return true;
}

bool rf_st_machine_key(char *out, size_t cap, const char *blueprint, int depth)
{
    int n = snprintf(out, cap, "%s\x1f%04d", blueprint, depth);
    return n > 0 && (size_t)n < cap && depth >= 0 && depth <= 9999;
}

bool rf_st_machine_split(const char *key, size_t *len, int *depth)
{
    const char *us = strrchr(key, '\x1f');
    char *end;
    long d;
    if (!us || strlen(us + 1) != 4)
        return false;
    d = strtol(us + 1, &end, 10);
    if (*end || d < 0)
        return false;
    *len = (size_t)(us - key);
    *depth = (int)d;
    return true;
}

/* x's counts and y's, both sorted, merged into one sorted list: linear. */
static bool counts_merge(st_counts *x, const st_counts *y, bool *o)
{
    size_t i = 0, j = 0, k = 0, n = x->n + y->n;
    st_feel *m;
    bool *copied; /* m[k].text is a copy of one of y's (x's are taken over) */
    if (y->n == 0)
        return true;
    m = rf_calloc(n, sizeof *m);
    copied = rf_calloc(n, sizeof *copied);
    if (!m || !copied)
        goto fail;
    while (i < x->n || j < y->n) {
        int c = i == x->n ? 1 : j == y->n ? -1 : strcmp(x->items[i].text, y->items[j].text);
        if (c <= 0) {
            m[k] = x->items[i++];
            if (c == 0)
                acc(&m[k].n, y->items[j++].n, o);
        } else {
            m[k].n = y->items[j].n;
            if (!(m[k].text = rf_strdup(y->items[j++].text)))
                goto fail;
            copied[k] = true;
        }
        k++;
    }
    rf_free(copied);
    rf_free(x->items);
    x->items = m;
    x->n = x->cap = k;
    return true;
fail:
    while (m && copied && k-- > 0)
        if (copied[k])
            rf_free(m[k].text);
    rf_free(copied);
    rf_free(m);
    return false;
}

void rf_stats_free(rf_stats *s)
{
    size_t i, k;
    if (!s)
        return;
    for (i = 0; i < s->nrooms; i++)
        rf_free(s->rooms[i]);
    rf_free(s->rooms);
    rf_free(s->recipe);
    for (i = 0; i < s->nt; i++) {
        rf_free(s->t[i].name);
        rf_free(s->t[i].file);
        rf_st_vary_fini(&s->t[i]);
    }
    rf_free(s->t);
    for (i = 0; i < s->np; i++) {
        rf_free(s->p[i].name);
        for (k = 0; k < ST_DIST_COUNT; k++)
            hist_fini(&s->p[i].dist[k]);
        rf_st_counts_fini(&s->p[i].feel);
        rf_st_counts_fini(&s->p[i].mach);
    }
    rf_free(s->p);
    rf_st_first_fini(&s->first_failure);
    rf_st_first_fini(&s->first_violation);
    rf_free(s);
}

/* An rf_stats with the run's numbers, nt templates and np profiles
 * allocated (names still NULL). */
static rf_stats *alloc_stats(size_t nt, size_t np, size_t nrooms)
{
    rf_stats *s = rf_calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->t = nt ? rf_calloc(nt, sizeof *s->t) : NULL;
    s->p = np ? rf_calloc(np, sizeof *s->p) : NULL;
    s->rooms = nrooms ? rf_calloc(nrooms, sizeof *s->rooms) : NULL;
    if ((nt && !s->t) || (np && !s->p) || (nrooms && !s->rooms)) {
        rf_stats_free(s);
        return NULL;
    }
    s->nt = nt;
    s->np = np;
    s->nrooms = nrooms;
    return s;
}

rf_stats *rf_st_new(const rf_stats_opts *o)
{
    size_t nt = o->templates ? rf_template_set_count(o->templates) : 0, i;
    size_t np = o->nprofiles ? o->nprofiles : 1;
    rf_stats *s = alloc_stats(nt, np, o->nrooms);
    bool ok = s != NULL;
    if (!s)
        return NULL;
    s->seed = o->seed;
    s->count = o->count;
    s->depth_lo = o->depth_lo;
    s->depth_hi = o->depth_hi;
    s->width = o->width;
    s->height = o->height;
    s->difficulty = o->difficulty ? o->difficulty : RF_DIFFICULTY_HMP;
    s->shard = o->shard;
    s->nshards = o->nshards;
    if (o->recipe)
        ok = (s->recipe = rf_strdup(o->recipe_file ? o->recipe_file : "recipe")) != NULL;
    for (i = 0; ok && i < o->nrooms; i++)
        ok = (s->rooms[i] = rf_strdup(o->rooms[i] ? o->rooms[i] : "")) != NULL;
    for (i = 0; ok && i < nt; i++) {
        const rf_template *t = rf_template_set_at(o->templates, i);
        s->t[i].name = rf_strdup(rf_template_name(t));
        s->t[i].file = rf_strdup(rf_template_file(t));
        s->t[i].line = rf_template_line(t);
        s->t[i].weight = rf_template_weight(t);
        ok = s->t[i].name && s->t[i].file && rf_st_vary_init(&s->t[i], t);
    }
    for (i = 0; ok && i < np; i++)
        ok = (s->p[i].name = rf_strdup(o->nprofiles ? o->profile_names[i] : "brogue")) != NULL;
    if (!ok) {
        rf_stats_free(s);
        return NULL;
    }
    return s;
}

rf_stats *rf_st_new_like(const rf_stats *src)
{
    rf_stats *s = alloc_stats(src->nt, src->np, src->nrooms);
    bool ok = s != NULL;
    size_t i;
    if (!s)
        return NULL;
    s->seed = src->seed;
    s->count = src->count;
    s->depth_lo = src->depth_lo;
    s->depth_hi = src->depth_hi;
    s->width = src->width;
    s->height = src->height;
    s->difficulty = src->difficulty;
    s->shard = src->shard;
    s->nshards = src->nshards;
    if (src->recipe)
        ok = (s->recipe = rf_strdup(src->recipe)) != NULL;
    for (i = 0; ok && i < src->nrooms; i++)
        ok = (s->rooms[i] = rf_strdup(src->rooms[i])) != NULL;
    for (i = 0; ok && i < src->nt; i++) {
        s->t[i].name = rf_strdup(src->t[i].name);
        s->t[i].file = rf_strdup(src->t[i].file);
        s->t[i].line = src->t[i].line;
        s->t[i].weight = src->t[i].weight;
        ok = s->t[i].name && s->t[i].file && rf_st_vary_like(&s->t[i], &src->t[i]);
    }
    for (i = 0; ok && i < src->np; i++)
        ok = (s->p[i].name = rf_strdup(src->p[i].name)) != NULL;
    if (!ok) {
        rf_stats_free(s);
        return NULL;
    }
    return s;
}

static bool first_add(st_first *a, const st_first *b)
{
    return !b->set || rf_st_first_offer(a, b->index, b->profile, b->seed, b->depth, b->what);
}

bool rf_st_add(rf_stats *a, const rf_stats *b)
{
    bool *o = &a->overflow;
    size_t i, k;
    acc(&a->levels, b->levels, o);
    acc(&a->failed, b->failed, o);
    acc(&a->violations, b->violations, o);
    acc(&a->draws, b->draws, o);
    *o = *o || b->overflow;
    for (i = 0; i < a->nt && i < b->nt; i++) {
        st_tmpl *x = &a->t[i];
        const st_tmpl *y = &b->t[i];
        acc(&x->eligible, y->eligible, o);
        acc(&x->drawn, y->drawn, o);
        acc(&x->placed, y->placed, o);
        acc(&x->forced, y->forced, o);
        for (k = 0; k < ST_WHY_COUNT; k++)
            acc(&x->refused[k], y->refused[k], o);
        acc(&x->placed_draws, y->placed_draws, o);
        rf_st_u128_sum(&x->exp, &y->exp);
        rf_st_u128_sum(&x->var, &y->var);
        rf_st_u128_sum(&x->cvar, &y->cvar);
        rf_st_vary_add(x, y, o);
    }
    for (i = 0; i < a->np && i < b->np; i++) {
        st_profile *x = &a->p[i];
        const st_profile *y = &b->p[i];
        acc(&x->levels, y->levels, o);
        acc(&x->failed, y->failed, o);
        acc(&x->violations, y->violations, o);
        for (k = 0; k < ST_DIST_COUNT; k++) {
            if (!rf_st_hist_sum(&x->dist[k], &y->dist[k]))
                return false;
            *o = *o || x->dist[k].overflow || y->dist[k].overflow;
        }
        for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++) {
            acc(&x->special_made[k], y->special_made[k], o);
            acc(&x->special_drawn[k], y->special_drawn[k], o);
        }
        acc(&x->tried_normal, y->tried_normal, o);
        acc(&x->tried_single, y->tried_single, o);
        if (!counts_merge(&x->feel, &y->feel, o) || !counts_merge(&x->mach, &y->mach, o))
            return false;
    }
    return first_add(&a->first_failure, &b->first_failure) &&
           first_add(&a->first_violation, &b->first_violation);
}

/* ---- derived figures ---- */

double rf_st_expected_share(const rf_stats *s, const st_tmpl *t)
{
    return s->draws ? rf_st_u128_real(&t->exp) / (double)s->draws : 0.0;
}

double rf_st_observed_share(const rf_stats *s, const st_tmpl *t)
{
    return s->draws ? (double)t->placed_draws / (double)s->draws : 0.0;
}

double rf_st_z(const st_tmpl *t, bool *defined)
{
    double e = rf_st_u128_real(&t->exp), v = rf_st_u128_real(&t->var);
    double c = rf_st_u128_real(&t->cvar);
    if (c > v)
        v = c;
    *defined = v > 1e-9;
    if (!*defined)
        return 0.0;
    return ((double)t->placed_draws - e) / sqrt(v);
}

bool rf_st_flagged(const st_tmpl *t)
{
    bool defined;
    double z = rf_st_z(t, &defined);
    if (!defined) /* a certain draw: any shortfall of a whole draw is drift */
        return fabs((double)t->placed_draws - rf_st_u128_real(&t->exp)) >= 0.5;
    return fabs(z) > 3.0;
}

int rf_st_main_reason(const st_tmpl *t)
{
    int k, best = -1;
    uint64_t n = 0;
    for (k = 1; k < ST_WHY_COUNT; k++)
        if (t->refused[k] > n) {
            n = t->refused[k];
            best = k;
        }
    return best;
}

int rf_st_never_reason(const st_tmpl *t)
{
    int why = rf_st_main_reason(t);
    return t->weight <= 0 && why < 0 ? ST_WHY_WEIGHT : why;
}

const char *rf_st_why_key(int why)
{
    if (why == ST_WHY_WEIGHT)
        return "weight";
    if (why < 0)
        return "not_drawn";
    return rf_place_why_key((rf_place_why)why);
}

const char *rf_st_why_text(int why)
{
    if (why == ST_WHY_WEIGHT)
        return "its weight is 0, so it is never drawn";
    if (why < 0)
        return "it was eligible but never drawn in these levels";
    return rf_place_why_text((rf_place_why)why);
}

double rf_st_special_expected(const st_profile *p, int k)
{
    double tn = 0, ts = 0, n = (double)(p->tried_normal + p->tried_single);
    int j;
    if (n <= 0)
        return 0.0;
    for (j = 0; j < RF_SPECIAL_KIND_COUNT; j++) {
        tn += rf_special_kind_weight((rf_special_kind)j, false);
        ts += rf_special_kind_weight((rf_special_kind)j, true);
    }
    return ((double)p->tried_normal * rf_special_kind_weight((rf_special_kind)k, false) / tn +
            (double)p->tried_single * rf_special_kind_weight((rf_special_kind)k, true) / ts) /
           n;
}

/* |z| for ordering: an undefined z with a shortfall counts as infinite. */
static double drift(const st_tmpl *t)
{
    bool defined;
    double z = rf_st_z(t, &defined);
    if (!defined)
        return rf_st_flagged(t) ? HUGE_VAL : 0.0;
    return fabs(z);
}

size_t *rf_st_order(const rf_stats *s)
{
    size_t *ix = rf_calloc(s->nt ? s->nt : 1, sizeof *ix), i, j;
    double *d = rf_calloc(s->nt ? s->nt : 1, sizeof *d); /* each drift worked out once */
    if (!ix || !d) {
        rf_free(ix);
        rf_free(d);
        return NULL;
    }
    for (i = 0; i < s->nt; i++) {
        ix[i] = i;
        d[i] = drift(&s->t[i]);
    }
    /* insertion sort: stable, context-free, and template sets are small
     * enough (thousands) that O(n^2) comparisons stay well under the cost of
     * the levels */
    for (i = 1; i < s->nt; i++) {
        size_t cur = ix[i];
        for (j = i; j > 0; j--) {
            size_t prev = ix[j - 1];
            if (d[prev] > d[cur] ||
                (d[prev] == d[cur] && strcmp(s->t[prev].name, s->t[cur].name) <= 0))
                break;
            ix[j] = prev;
        }
        ix[j] = cur;
    }
    rf_free(d);
    return ix;
}
