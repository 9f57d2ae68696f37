/* engine/src/stats/stats_vary.c: the figures of rooms that vary (DESIGN
 * 16): variants placed, distinct maps, what each <subst> drew, refusals.
 *
 * Pipeline: stats; stats_tally.c offers each placed variant, stats.c adds
 * threads' and shards' figures. Design: counts are integer sums and the
 * distinct maps a bounded set (the ST_VARY_HASHES smallest hashes), so any
 * order of addition gives the same bits; shares and z are derived when
 * written. Picks come from the public template API (rf_template_subst_*).
 */
#include <math.h>
#include <string.h>

#include "core/seam.h"
#include "stats_int.h"

bool rf_st_vary_alloc(st_tmpl *t, size_t nsubst)
{
    st_vary *v = rf_calloc(1, sizeof *v);
    if (!v)
        return false;
    if (nsubst && !(v->subst = rf_calloc(nsubst, sizeof *v->subst))) {
        rf_free(v);
        return false;
    }
    v->nsubst = nsubst;
    t->vary = v;
    return true;
}

void rf_st_vary_fini(st_tmpl *t)
{
    size_t i;
    if (!t->vary)
        return;
    for (i = 0; i < t->vary->nsubst; i++)
        rf_free(t->vary->subst[i].choices);
    rf_free(t->vary->subst);
    rf_free(t->vary);
    t->vary = NULL;
}

bool rf_st_vary_init(st_tmpl *t, const rf_template *tp)
{
    size_t n = rf_template_subst_count(tp), i, k;
    if (!rf_template_varies(tp))
        return true;
    if (n > ST_VARY_MAX_SUBST || !rf_st_vary_alloc(t, n))
        return false;
    for (i = 0; i < n; i++) {
        st_subst *u = &t->vary->subst[i];
        size_t nc = 0;
        (void)rf_template_subst_at(tp, i, &u->glyph, &u->once, &u->line, NULL, &nc);
        if (nc > ST_VARY_MAX_SUBST || !(u->choices = rf_calloc(nc ? nc : 1, sizeof *u->choices)))
            return false; /* the caller frees t->vary */
        u->nchoices = nc;
        for (k = 0; k < nc; k++)
            (void)rf_template_subst_choice(tp, i, k, &u->choices[k].glyph, &u->choices[k].weight);
    }
    return true;
}

bool rf_st_vary_like(st_tmpl *t, const st_tmpl *src)
{
    size_t i, k;
    if (!src->vary)
        return true;
    if (!rf_st_vary_alloc(t, src->vary->nsubst))
        return false;
    for (i = 0; i < src->vary->nsubst; i++) {
        const st_subst *a = &src->vary->subst[i];
        st_subst *u = &t->vary->subst[i];
        *u = *a;
        u->choices = rf_calloc(a->nchoices ? a->nchoices : 1, sizeof *u->choices);
        if (!u->choices) {
            u->nchoices = 0;
            return false;
        }
        for (k = 0; k < a->nchoices; k++) {
            u->choices[k] = a->choices[k];
            u->choices[k].picks = 0;
        }
    }
    return true;
}

bool rf_st_vary_same(const st_tmpl *a, const st_tmpl *b)
{
    size_t i, k;
    if (!a->vary || !b->vary)
        return !a->vary && !b->vary;
    if (a->vary->nsubst != b->vary->nsubst)
        return false;
    for (i = 0; i < a->vary->nsubst; i++) {
        const st_subst *x = &a->vary->subst[i], *y = &b->vary->subst[i];
        if (x->glyph != y->glyph || x->once != y->once || x->line != y->line ||
            x->nchoices != y->nchoices)
            return false;
        for (k = 0; k < x->nchoices; k++)
            if (x->choices[k].glyph != y->choices[k].glyph ||
                x->choices[k].weight != y->choices[k].weight)
                return false;
    }
    return true;
}

static void acc(uint64_t *a, uint64_t b, bool *o)
{
    if (*a > UINT64_MAX - b)
        *o = true;
    else
        *a += b;
}

bool rf_st_vary_hash_offer(st_vary *v, uint64_t h)
{
    size_t lo = 0, hi = v->nhash;
    while (lo < hi) { /* the first kept hash >= h */
        size_t mid = (lo + hi) / 2;
        if (v->hash[mid] < h)
            lo = mid + 1;
        else
            hi = mid;
    }
    if ((lo < v->nhash && v->hash[lo] == h) || lo == ST_VARY_HASHES)
        return false;
    if (v->nhash == ST_VARY_HASHES)
        v->nhash--; /* the largest goes */
    memmove(&v->hash[lo + 1], &v->hash[lo], (v->nhash - lo) * sizeof v->hash[0]);
    v->hash[lo] = h;
    v->nhash++;
    return true;
}

void rf_st_vary_add(st_tmpl *x, const st_tmpl *y, bool *o)
{
    size_t i, k;
    if (!x->vary || !y->vary)
        return;
    acc(&x->vary->drawn, y->vary->drawn, o);
    acc(&x->vary->validate_refused, y->vary->validate_refused, o);
    for (i = 0; i < y->vary->nhash; i++)
        (void)rf_st_vary_hash_offer(x->vary, y->vary->hash[i]);
    for (i = 0; i < x->vary->nsubst && i < y->vary->nsubst; i++)
        for (k = 0; k < x->vary->subst[i].nchoices && k < y->vary->subst[i].nchoices; k++)
            acc(&x->vary->subst[i].choices[k].picks, y->vary->subst[i].choices[k].picks, o);
}

/* FNV-1a 64 of vt's map: its size, then its rows. */
static uint64_t map_hash(const rf_template *vt)
{
    uint64_t h = 0xcbf29ce484222325u;
    int w = rf_template_width(vt), ht = rf_template_height(vt), x, y;
    const unsigned char size[2] = {(unsigned char)w, (unsigned char)ht};
    for (x = 0; x < 2; x++)
        h = (h ^ size[x]) * 0x100000001b3u;
    for (y = 0; y < ht; y++) {
        const char *row = rf_template_row(vt, y);
        for (x = 0; row && x < w; x++)
            h = (h ^ (unsigned char)row[x]) * 0x100000001b3u;
    }
    return h;
}

void rf_st_vary_tally(st_tmpl *t, const rf_template *vt)
{
    size_t i, k;
    bool o = false;
    if (!t->vary)
        return;
    acc(&t->vary->drawn, 1, &o);
    (void)rf_st_vary_hash_offer(t->vary, map_hash(vt));
    for (i = 0; i < t->vary->nsubst; i++)
        for (k = 0; k < t->vary->subst[i].nchoices; k++)
            acc(&t->vary->subst[i].choices[k].picks, rf_template_subst_picks(vt, i, k), &o);
}

uint64_t rf_st_subst_picks(const st_subst *u)
{
    uint64_t n = 0;
    size_t k;
    for (k = 0; k < u->nchoices; k++)
        n += u->choices[k].picks;
    return n;
}

double rf_st_choice_expected(const st_subst *u, const st_choice *c)
{
    double total = 0;
    size_t k;
    for (k = 0; k < u->nchoices; k++)
        total += u->choices[k].weight > 0 ? u->choices[k].weight : 0;
    return total > 0 && c->weight > 0 ? c->weight / total : 0.0;
}

double rf_st_choice_observed(const st_subst *u, const st_choice *c)
{
    uint64_t n = rf_st_subst_picks(u);
    return n ? (double)c->picks / (double)n : 0.0;
}

double rf_st_choice_z(const st_subst *u, const st_choice *c, bool *defined)
{
    double n = (double)rf_st_subst_picks(u), p = rf_st_choice_expected(u, c);
    double sd = sqrt(n * p * (1.0 - p));
    *defined = sd > 1e-9;
    return *defined ? ((double)c->picks - n * p) / sd : 0.0;
}
