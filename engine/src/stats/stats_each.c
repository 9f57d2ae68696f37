/* engine/src/stats/stats_each.c: rf_stats_each, the one walk of a report's
 * figures: DESIGN 13's shape plus the integer sums a merge reads back.
 *
 * Pipeline: stats -> output; the JSON writer (stats_json.c) and the Lua
 * module's tables are this walk. Design: derived figures (shares, z, means)
 * go out with the digits the report prints, worked out from the integer
 * sums; the sums ride along ("placed_draws", "sums", "hist",
 * "special_tried", "map_hashes") so a report is all a merge needs. The walk
 * allocates nothing, so a callback may longjmp out of it.
 */
#include <stdio.h>
#include <string.h>

#include "stats_int.h"

/* The visitor and its ud; each call skips a NULL callback. */
typedef struct walk {
    const rf_stats_visitor *v;
    void *ud;
} walk;

static void open_object(const walk *w, const char *key)
{
    if (w->v->begin_object)
        w->v->begin_object(w->ud, key);
}

static void close_object(const walk *w)
{
    if (w->v->end_object)
        w->v->end_object(w->ud);
}

static void open_array(const walk *w, const char *key)
{
    if (w->v->begin_array)
        w->v->begin_array(w->ud, key);
}

static void close_array(const walk *w)
{
    if (w->v->end_array)
        w->v->end_array(w->ud);
}

static void integer(const walk *w, const char *key, int64_t n)
{
    if (w->v->integer)
        w->v->integer(w->ud, key, n);
}

static void count(const walk *w, const char *key, uint64_t n)
{
    if (w->v->count)
        w->v->count(w->ud, key, n);
}

static void real(const walk *w, const char *key, double x, int precision)
{
    if (w->v->real)
        w->v->real(w->ud, key, x, precision);
}

static void null(const walk *w, const char *key)
{
    if (w->v->null)
        w->v->null(w->ud, key);
}

/* A string; NULL (no recipe) is null. */
static void string(const walk *w, const char *key, const char *s)
{
    if (!s)
        null(w, key);
    else if (w->v->string)
        w->v->string(w->ud, key, s);
}

static void boolean(const walk *w, const char *key, bool b)
{
    if (w->v->boolean)
        w->v->boolean(w->ud, key, b);
}

/* A z with 3 digits (-0 made 0), or null when it has no variance. */
static void z_value(const walk *w, double z, bool defined)
{
    if (defined)
        real(w, "z", z + 0.0, 3);
    else
        null(w, "z");
}

static void pair(const walk *w, const char *key, uint64_t a, uint64_t b)
{
    open_array(w, key);
    count(w, NULL, a);
    count(w, NULL, b);
    close_array(w);
}

static void int_pair(const walk *w, const char *key, int a, int b)
{
    open_array(w, key);
    integer(w, NULL, a);
    integer(w, NULL, b);
    close_array(w);
}

static void glyph(const walk *w, char g)
{
    char s[2] = {g, 0};
    string(w, "glyph", s);
}

static void subst_each(const walk *w, const st_subst *u)
{
    size_t k;
    open_object(w, NULL);
    glyph(w, u->glyph);
    integer(w, "line", u->line);
    boolean(w, "once", u->once);
    count(w, "picks", rf_st_subst_picks(u));
    open_array(w, "choices");
    for (k = 0; k < u->nchoices; k++) {
        const st_choice *c = &u->choices[k];
        bool defined;
        double z = rf_st_choice_z(u, c, &defined);
        open_object(w, NULL);
        glyph(w, c->glyph);
        integer(w, "weight", c->weight);
        count(w, "picks", c->picks);
        real(w, "expected_share", rf_st_choice_expected(u, c), 6);
        real(w, "observed_share", rf_st_choice_observed(u, c), 6);
        z_value(w, z, defined);
        close_object(w);
    }
    close_array(w);
    close_object(w);
}

/* A room that varies (DESIGN 16): its variants, distinct maps, substs. */
static void vary_each(const walk *w, const st_vary *v)
{
    size_t i;
    open_object(w, "variants");
    count(w, "drawn", v->drawn);
    count(w, "distinct", v->nhash);
    boolean(w, "distinct_capped", v->nhash == ST_VARY_HASHES);
    count(w, "validate_refused", v->validate_refused);
    open_array(w, "subst");
    for (i = 0; i < v->nsubst; i++)
        subst_each(w, &v->subst[i]);
    close_array(w);
    open_array(w, "map_hashes");
    for (i = 0; i < v->nhash; i++)
        count(w, NULL, v->hash[i]);
    close_array(w);
    close_object(w);
}

static void template_each(const walk *w, const rf_stats *s, const st_tmpl *t)
{
    bool defined;
    double z = rf_st_z(t, &defined);
    int k;
    open_object(w, NULL);
    string(w, "name", t->name);
    string(w, "file", t->file);
    integer(w, "line", t->line);
    integer(w, "weight", t->weight);
    count(w, "eligible", t->eligible);
    count(w, "drawn", t->drawn);
    count(w, "placed", t->placed);
    count(w, "forced", t->forced);
    open_object(w, "refused");
    for (k = 1; k < ST_WHY_COUNT; k++)
        if (t->refused[k])
            count(w, rf_st_why_key(k), t->refused[k]);
    close_object(w);
    real(w, "expected_share", rf_st_expected_share(s, t), 6);
    real(w, "observed_share", rf_st_observed_share(s, t), 6);
    z_value(w, z, defined);
    boolean(w, "flag", rf_st_flagged(t));
    count(w, "placed_draws", t->placed_draws);
    open_array(w, "sums");
    count(w, NULL, t->exp.hi);
    count(w, NULL, t->exp.lo);
    count(w, NULL, t->var.hi);
    count(w, NULL, t->var.lo);
    count(w, NULL, t->cvar.hi);
    count(w, NULL, t->cvar.lo);
    close_array(w);
    if (t->vary)
        vary_each(w, t->vary);
    close_object(w);
}

static void never_placed_each(const walk *w, const rf_stats *s)
{
    size_t i;
    open_array(w, "never_placed");
    for (i = 0; i < s->nt; i++) {
        const st_tmpl *t = &s->t[i];
        int why;
        if (t->placed)
            continue;
        why = rf_st_never_reason(t);
        open_object(w, NULL);
        string(w, "name", t->name);
        string(w, "reason", rf_st_why_key(why));
        string(w, "text", rf_st_why_text(why));
        close_object(w);
    }
    close_array(w);
}

static void hist_each(const walk *w, const char *key, const st_hist *h)
{
    size_t v;
    open_object(w, key);
    count(w, "levels", h->levels);
    real(w, "mean", h->levels ? (double)h->sum / (double)h->levels : 0.0, 3);
    count(w, "min", h->min);
    count(w, "max", h->max);
    count(w, "sum", h->sum);
    open_array(w, "hist");
    for (v = 0; v < h->ncap; v++)
        if (h->n[v])
            pair(w, NULL, v, h->n[v]);
    close_array(w);
    close_object(w);
}

static void specials_each(const walk *w, const st_profile *p)
{
    uint64_t n = p->tried_normal + p->tried_single;
    int k;
    open_object(w, "special_rooms");
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++)
        count(w, rf_special_kind_name((rf_special_kind)k), p->special_made[k]);
    close_object(w);
    open_object(w, "special_draws");
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++) {
        open_object(w, rf_special_kind_name((rf_special_kind)k));
        count(w, "drawn", p->special_drawn[k]);
        real(w, "expected_share", rf_st_special_expected(p, k), 6);
        real(w, "observed_share", n ? (double)p->special_drawn[k] / (double)n : 0.0, 6);
        close_object(w);
    }
    close_object(w);
    pair(w, "special_tried", p->tried_normal, p->tried_single);
}

/* "machines" (DESIGN 17): by blueprint, "placed" and "depths" {"D": n}. */
static void machines_each(const walk *w, const st_profile *p)
{
    size_t k = 0, j, len, len2;
    int depth;
    char name[512], d[16];
    open_object(w, "machines");
    while (k < p->mach.n) {
        uint64_t placed = 0;
        if (!rf_st_machine_split(p->mach.items[k].text, &len, &depth) || len >= sizeof name) {
            k++; /* tally and reader make no other key */
            continue;
        }
        memcpy(name, p->mach.items[k].text, len);
        name[len] = '\0';
        for (j = k; j < p->mach.n && rf_st_machine_split(p->mach.items[j].text, &len2, &depth) &&
                    len2 == len && memcmp(p->mach.items[j].text, name, len) == 0;
             j++)
            placed += p->mach.items[j].n;
        open_object(w, name);
        count(w, "placed", placed);
        open_object(w, "depths");
        for (; k < j; k++) {
            (void)rf_st_machine_split(p->mach.items[k].text, &len, &depth);
            snprintf(d, sizeof d, "%d", depth);
            count(w, d, p->mach.items[k].n);
        }
        close_object(w);
        close_object(w);
    }
    close_object(w);
}

static void profile_each(const walk *w, const st_profile *p)
{
    size_t k;
    open_object(w, p->name);
    count(w, "levels", p->levels);
    count(w, "failed", p->failed);
    for (k = 0; k < ST_DIST_COUNT; k++)
        hist_each(w, rf_st_dist_names[k], &p->dist[k]);
    specials_each(w, p);
    open_object(w, "feelings");
    for (k = 0; k < p->feel.n; k++)
        count(w, p->feel.items[k].text, p->feel.items[k].n);
    close_object(w);
    machines_each(w, p);
    count(w, "violations", p->violations);
    close_object(w);
}

static void first_each(const walk *w, const char *key, const st_first *f)
{
    if (!f->set) {
        null(w, key);
        return;
    }
    open_object(w, key);
    count(w, "index", f->index);
    string(w, "profile", f->profile);
    count(w, "seed", f->seed);
    integer(w, "depth", f->depth);
    string(w, "message", f->what);
    close_object(w);
}

/* The run: what was asked (profiles, seeds, depths, size, ...). */
static void run_each(const walk *w, const rf_stats *s)
{
    size_t i;
    count(w, "levels", s->levels);
    count(w, "failed", s->failed);
    open_array(w, "profiles");
    for (i = 0; i < s->np; i++)
        string(w, NULL, s->p[i].name);
    close_array(w);
    pair(w, "seeds", s->seed, s->count);
    int_pair(w, "depths", s->depth_lo, s->depth_hi);
    int_pair(w, "size", s->width, s->height);
    string(w, "difficulty", rf_difficulty_name((rf_difficulty)s->difficulty));
    open_array(w, "rooms");
    for (i = 0; i < s->nrooms; i++)
        string(w, NULL, s->rooms[i]);
    close_array(w);
    string(w, "recipe", s->recipe);
    if (s->nshards)
        int_pair(w, "shard", s->shard, s->nshards);
    count(w, "draws", s->draws);
}

void rf_stats_each(const rf_stats *s, const rf_stats_visitor *v, void *ud)
{
    walk w = {v, ud};
    size_t i;
    open_object(&w, NULL);
    run_each(&w, s);
    open_array(&w, "templates");
    for (i = 0; i < s->nt; i++)
        template_each(&w, s, &s->t[i]);
    close_array(&w);
    never_placed_each(&w, s);
    open_object(&w, "by_profile");
    for (i = 0; i < s->np; i++)
        profile_each(&w, &s->p[i]);
    close_object(&w);
    count(&w, "violations", s->violations);
    first_each(&w, "first_failure", &s->first_failure);
    first_each(&w, "first_violation", &s->first_violation);
    close_object(&w);
}
