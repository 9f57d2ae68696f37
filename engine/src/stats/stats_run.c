/* engine/src/stats/stats_run.c: many levels on many threads: rf_stats_run
 * (the figures) and rf_stats_catalog (catalog rows in level order).
 *
 * Pipeline: stats, over level: levels numbered profile by profile, seed by
 * seed, depth by depth; a shard is a block of them (stats: of whole seeds).
 * Design: a level depends only on its options; threads take the next seed
 * (stats: all its depths, measured together for the between-seed
 * variance) or level (catalog) from an atomic counter into their own
 * figures, integer sums added in any order to the same bits. The caller's
 * thread waits and reports progress. Catalog rows come a batch at a time,
 * handed over in order: memory stays flat in the number of levels.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/seam.h"
#include "profile/seam.h" /* rf_profile_set_file */
#include "stats_int.h"

#define CATALOG_BATCH_PER_JOB 32 /* levels a catalog batch holds per thread */

void rf_stats_opts_init(rf_stats_opts *o)
{
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->count = 10;
    o->depth_lo = 1;
    o->depth_hi = 26;
}

int rf_stats_jobs(int jobs)
{
    long n;
    if (jobs > 0)
        return jobs > RF_STATS_MAX_JOBS ? RF_STATS_MAX_JOBS : jobs;
    n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    return n > RF_STATS_MAX_JOBS ? RF_STATS_MAX_JOBS : (int)n;
}

/* ---- the run's levels ---- */

typedef struct worker worker;

typedef struct run_ctx {
    const rf_stats_opts *o;
    const rf_profile *prof[RF_STATS_MAX_PROFILES];
    size_t np;
    uint64_t per_profile; /* count * depths */
    int nd;
    uint64_t begin, end;  /* this shard's level numbers (stats: seed numbers,
                           * profile * count + seed offset) */
    uint64_t unit;        /* levels a number stands for: 1, or stats' depths */
    atomic_uint_fast64_t next, done;
    atomic_int running, stop;
    worker *w;
    int nw;
    /* catalog: the batch's rows */
    rf_stats_row *rows;
    rf_status *row_st;
    rf_diags **row_diags;
    uint64_t batch_begin;
} run_ctx;

struct worker {
    run_ctx *ctx;
    pthread_t th;
    bool started;
    rf_stats *part;     /* stats: this thread's figures */
    st_scratch sc;
    rf_diags *fail;     /* diagnostics of its first failed level */
    uint64_t fail_index;
    rf_status err;      /* RF_ERR_NOMEM when it had to stop */
    rf_level_maker *maker; /* its levels' (NULL: rf_level_generate's fresh states) */
};

static const char *profile_name(const run_ctx *c, size_t pi)
{
    return c->o->nprofiles ? c->o->profile_names[pi] : "brogue";
}

/* The options of level number i; *pi its profile. */
static void level_opts(const run_ctx *c, uint64_t i, rf_level_opts *lo, size_t *pi)
{
    const rf_stats_opts *o = c->o;
    uint64_t r = i % c->per_profile;
    *pi = (size_t)(i / c->per_profile);
    rf_level_opts_init(lo);
    lo->profile = profile_name(c, *pi);
    lo->seed = o->seed + r / (uint64_t)c->nd;
    lo->depth = o->depth_lo + (int)(r % (uint64_t)c->nd);
    lo->width = o->width;
    lo->height = o->height;
    lo->templates = o->templates;
    lo->machines = o->machines;
    lo->rooms = o->rooms;
    lo->nrooms = o->nrooms;
    if (o->difficulty)
        lo->difficulty = o->difficulty;
    lo->recipe = o->recipe;
    lo->recipe_len = o->recipe_len;
    lo->recipe_file = o->recipe_file;
}

static rf_diags *level_diags(void)
{
    rf_diags *d = rf_diags_new();
    if (d && !rf_diags_enable(d, "room-skipped", false)) {
        rf_diags_free(d);
        return NULL;
    }
    return d;
}

/* The message of d's first error (or its first diagnostic), else why. */
static const char *first_message(const rf_diags *d, rf_status why)
{
    size_t i, n = d ? rf_diags_count(d) : 0;
    for (i = 0; i < n; i++)
        if (rf_diags_at(d, i)->severity == RF_SEV_ERROR)
            return rf_diags_at(d, i)->message;
    return n ? rf_diags_at(d, 0)->message : rf_status_str(why);
}

/* Keeps d as w's failure when level i comes first; frees what is not kept. */
static void keep_failure(worker *w, rf_diags *d, uint64_t i)
{
    if (!w->fail || i < w->fail_index) {
        rf_diags_free(w->fail);
        w->fail = d;
        w->fail_index = i;
    } else {
        rf_diags_free(d);
    }
}

static bool stats_level(worker *w, uint64_t i);

/* Every depth of seed number i (profile * count + seed offset). */
static bool stats_seed(worker *w, uint64_t i)
{
    run_ctx *c = w->ctx;
    uint64_t k;
    if (!rf_st_seed_begin(w->part, &w->sc))
        return false;
    for (k = 0; k < c->unit; k++) {
        if (!stats_level(w, i * c->unit + k))
            return false;
        atomic_fetch_add(&c->done, 1);
    }
    rf_st_seed_end(w->part, &w->sc);
    return true;
}

/* Level lo on w's maker (rf_level_generate when it has none): the same
 * level either way. */
static rf_status make_level(worker *w, const rf_level_opts *lo, rf_level **lv, rf_diags *d)
{
    return w->maker ? rf_level_maker_generate(w->maker, lo, lv, d)
                    : rf_level_generate(w->ctx->o->profiles, lo, lv, d);
}

static bool stats_level(worker *w, uint64_t i)
{
    run_ctx *c = w->ctx;
    rf_level_opts lo;
    rf_level *lv = NULL;
    rf_diags *d = level_diags();
    size_t pi;
    rf_status st;
    bool ok = true;
    if (!d)
        return false;
    level_opts(c, i, &lo, &pi);
    st = make_level(w, &lo, &lv, d);
    if (st == RF_OK) {
        ok = rf_st_tally(w->part, &w->sc, pi, c->o->templates, c->prof[pi], lv, i);
        rf_level_free(lv);
        rf_diags_free(d);
        return ok;
    }
    w->part->failed++;
    w->part->p[pi].failed++;
    ok = rf_st_first_offer(&w->part->first_failure, i, lo.profile, lo.seed, lo.depth,
                        first_message(d, st));
    keep_failure(w, d, i);
    return ok;
}

/* True when the level's own diagnostics end with the library's level-failed,
 * which names the profile, seed and depth already. */
static bool said_which(const rf_diags *d)
{
    size_t n = d ? rf_diags_count(d) : 0;
    return n > 0 && strcmp(rf_diags_at(d, n - 1)->code, "level-failed") == 0;
}

static void catalog_level(worker *w, uint64_t i)
{
    run_ctx *c = w->ctx;
    rf_level_opts lo;
    rf_level *lv = NULL;
    rf_diags *d = level_diags();
    size_t pi, k = (size_t)(i - c->batch_begin);
    rf_stats_row *row = &c->rows[k];
    rf_status st = RF_ERR_NOMEM;
    level_opts(c, i, &lo, &pi);
    row->profile = lo.profile;
    row->seed = lo.seed;
    row->depth = lo.depth;
    if (d)
        st = make_level(w, &lo, &lv, d);
    if (st == RF_OK) {
        row->digest = rf_level_digest(lv);
        row->rooms = rf_level_rooms_proper(lv);
        row->templates = rf_level_template_count(lv);
        row->monsters = rf_level_object_count_of(lv, "monster");
        row->items = rf_level_object_count_of(lv, "item");
        if (row->digest == 0)
            st = RF_ERR_NOMEM;
        rf_level_free(lv);
    }
    c->row_st[k] = st;
    if (st != RF_OK)
        c->row_diags[k] = d;
    else
        rf_diags_free(d);
}

static void *work(void *arg)
{
    worker *w = arg;
    run_ctx *c = w->ctx;
    w->maker = rf_level_maker_new(c->o->profiles); /* NULL: fresh states, as well */
    for (;;) {
        uint64_t i = c->begin + atomic_fetch_add(&c->next, 1);
        if (i >= c->end || atomic_load(&c->stop))
            break;
        if (c->rows) {
            catalog_level(w, i);
            atomic_fetch_add(&c->done, 1);
        } else if (!stats_seed(w, i)) {
            w->err = RF_ERR_NOMEM;
            atomic_store(&c->stop, 1);
            break;
        }
    }
    rf_level_maker_free(w->maker);
    w->maker = NULL;
    atomic_fetch_sub(&c->running, 1);
    return NULL;
}

static void nap_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Runs levels c->begin..c->end on the workers (the caller's thread when
 * none can be started); progress to o->progress from this thread. */
static void run_workers(run_ctx *c, uint64_t total_before, uint64_t total)
{
    int k, started = 0;
    atomic_store(&c->next, 0);
    atomic_store(&c->running, c->nw);
    for (k = 0; k < c->nw; k++) {
        c->w[k].started = pthread_create(&c->w[k].th, NULL, work, &c->w[k]) == 0;
        if (c->w[k].started)
            started++;
        else
            atomic_fetch_sub(&c->running, 1);
    }
    if (started == 0) { /* no thread to be had: the work on this one */
        atomic_fetch_add(&c->running, 1);
        work(&c->w[0]);
    }
    while (c->o->progress && atomic_load(&c->running) > 0) {
        c->o->progress(c->o->progress_ud, total_before + atomic_load(&c->done), total);
        nap_ms(200);
    }
    for (k = 0; k < c->nw; k++)
        if (c->w[k].started)
            pthread_join(c->w[k].th, NULL);
    if (c->o->progress)
        c->o->progress(c->o->progress_ud, total_before + atomic_load(&c->done), total);
}

/* Checks that o's counts, depths, profiles, jobs and shard are in range;
 * RF_ERR_ARG, reported to d, when one is not. */
static rf_status check_ranges(const rf_stats_opts *o, rf_diags *d)
{
    if (o->count < 1 || o->depth_lo < 1 || o->depth_hi < o->depth_lo ||
        o->depth_hi > RF_LEVEL_MAX_DEPTH || o->nprofiles > RF_STATS_MAX_PROFILES ||
        (o->nprofiles && !o->profile_names) || o->seed > UINT64_MAX - o->count ||
        o->jobs < 0 || o->jobs > RF_STATS_MAX_JOBS || (o->shard == 0) != (o->nshards == 0) ||
        o->nshards < 0 || o->nshards > RF_STATS_MAX_SHARDS || o->shard > o->nshards) {
        if (d)
            (void)rf_diag_add(d, "stats-options", "roomforge", 0, 0,
                              "stats: options out of range (count, depths, profiles, jobs "
                              "or shard)");
        return RF_ERR_ARG;
    }
    return RF_OK;
}

/* The shard's units of work (seeds by_seed, else levels): c->begin to c->end. */
static void plan_shard(run_ctx *c, bool by_seed)
{
    const rf_stats_opts *o = c->o;
    uint64_t levels, n;
    c->per_profile = o->count * (uint64_t)c->nd;
    levels = c->per_profile * c->np;
    c->unit = by_seed ? (uint64_t)c->nd : 1;
    levels /= c->unit;
    n = o->nshards ? (uint64_t)o->nshards : 1;
    c->begin = o->nshards ? levels * (uint64_t)(o->shard - 1) / n : 0;
    c->end = o->nshards ? levels * (uint64_t)o->shard / n : levels;
}

/* Checks the profile numbered i: named once, and known to the profile set
 * given or as a built-in recipe (c->prof[i] then). RF_ERR_ARG, reported. */
static rf_status find_profile(run_ctx *c, size_t i, rf_diags *d)
{
    const rf_stats_opts *o = c->o;
    const char *name = profile_name(c, i);
    size_t j;
    if (!name)
        return RF_ERR_ARG;
    for (j = 0; j < i; j++)
        if (strcmp(profile_name(c, j), name) == 0) {
            if (d)
                (void)rf_diag_add(d, "stats-options", "roomforge", 0, 0,
                                  "stats: profile '%s' given twice", name);
            return RF_ERR_ARG;
        }
    if (o->profiles) {
        c->prof[i] = rf_profile_find(o->profiles, name);
        if (!c->prof[i]) {
            int line;
            const char *file = rf_profile_set_file(o->profiles, &line);
            if (d)
                (void)rf_diag_add(d, "unknown-profile", file ? file : "profiles",
                                  file ? line : 0, file && line ? 1 : 0,
                                  "no profile called '%s'", name);
            return RF_ERR_ARG;
        }
    } else if (!rf_level_has_recipe(name)) {
        if (d)
            (void)rf_diag_add(d, "unknown-profile", "roomforge", 0, 0,
                              "no profile called '%s'", name);
        return RF_ERR_ARG;
    }
    return RF_OK;
}

/* Checks o and fills c (profiles, the shard's level numbers). RF_ERR_ARG,
 * reported to d, for bad options. */
static rf_status ctx_init(run_ctx *c, const rf_stats_opts *o, bool by_seed, rf_diags *d)
{
    size_t i;
    memset(c, 0, sizeof *c);
    c->o = o;
    c->np = o->nprofiles ? o->nprofiles : 1;
    if (check_ranges(o, d) != RF_OK)
        return RF_ERR_ARG;
    c->nd = o->depth_hi - o->depth_lo + 1;
    if (o->count > UINT64_MAX / (uint64_t)c->nd / c->np / (uint64_t)RF_STATS_MAX_SHARDS) {
        if (d)
            (void)rf_diag_add(d, "stats-options", "roomforge", 0, 0,
                              "stats: too many levels (count x depths x profiles)");
        return RF_ERR_ARG;
    }
    plan_shard(c, by_seed);
    for (i = 0; i < c->np; i++)
        if (find_profile(c, i, d) != RF_OK)
            return RF_ERR_ARG;
    c->nw = rf_stats_jobs(o->jobs);
    if ((uint64_t)c->nw > c->end - c->begin)
        c->nw = c->end - c->begin > 0 ? (int)(c->end - c->begin) : 1;
    c->w = rf_calloc((size_t)c->nw, sizeof *c->w);
    if (!c->w)
        return RF_ERR_NOMEM;
    for (i = 0; i < (size_t)c->nw; i++)
        c->w[i].ctx = c;
    return RF_OK;
}

static void ctx_fini(run_ctx *c)
{
    int k;
    for (k = 0; c->w && k < c->nw; k++) {
        rf_stats_free(c->w[k].part);
        rf_st_scratch_fini(&c->w[k].sc);
        rf_diags_free(c->w[k].fail);
    }
    rf_free(c->w);
}

rf_status rf_stats_run(const rf_stats_opts *o, rf_stats **out, rf_diags *d)
{
    run_ctx c;
    rf_stats *total = NULL;
    rf_status st;
    int k, first = -1;
    if (!o || !out)
        return RF_ERR_ARG;
    *out = NULL;
    st = ctx_init(&c, o, true, d);
    for (k = 0; st == RF_OK && k < c.nw; k++)
        if (!(c.w[k].part = rf_st_new(o)))
            st = RF_ERR_NOMEM;
    if (st == RF_OK && !(total = rf_st_new(o)))
        st = RF_ERR_NOMEM;
    if (st == RF_OK)
        run_workers(&c, 0, (c.end - c.begin) * c.unit);
    for (k = 0; st == RF_OK && k < c.nw; k++) {
        if (c.w[k].err != RF_OK)
            st = c.w[k].err;
        else if (!rf_st_add(total, c.w[k].part))
            st = RF_ERR_NOMEM;
        if (c.w[k].fail && (first < 0 || c.w[k].fail_index < c.w[first].fail_index))
            first = k;
    }
    if (st == RF_OK && first >= 0)
        (void)rf_diags_append(d, c.w[first].fail); /* a lost one is counted in d */
    ctx_fini(&c);
    if (st != RF_OK) {
        rf_stats_free(total);
        return st;
    }
    *out = total;
    return RF_OK;
}

rf_status rf_stats_catalog(const rf_stats_opts *o, rf_stats_row_fn fn, void *ud, rf_diags *d)
{
    run_ctx c;
    rf_status st;
    uint64_t lo, hi, batch, shard_begin, shard_end, i;
    if (!o || !fn)
        return RF_ERR_ARG;
    st = ctx_init(&c, o, false, d);
    if (st != RF_OK) {
        ctx_fini(&c);
        return st;
    }
    batch = (uint64_t)c.nw * CATALOG_BATCH_PER_JOB;
    c.rows = rf_calloc((size_t)batch, sizeof *c.rows);
    c.row_st = rf_calloc((size_t)batch, sizeof *c.row_st);
    c.row_diags = rf_calloc((size_t)batch, sizeof *c.row_diags);
    if (!c.rows || !c.row_st || !c.row_diags)
        st = RF_ERR_NOMEM;
    shard_begin = c.begin;
    shard_end = c.end;
    for (lo = shard_begin; st == RF_OK && lo < shard_end; lo = hi) {
        hi = shard_end - lo > batch ? lo + batch : shard_end;
        c.begin = c.batch_begin = lo;
        c.end = hi;
        atomic_store(&c.done, 0);
        run_workers(&c, lo - shard_begin, shard_end - shard_begin);
        for (i = lo; i < hi; i++) {
            size_t k = (size_t)(i - lo);
            if (st == RF_OK && c.row_st[k] != RF_OK) {
                st = c.row_st[k];
                (void)rf_diags_append(d, c.row_diags[k]);
                if (d && !said_which(c.row_diags[k])) /* which row of the run failed */
                    (void)rf_diag_add(d, "level-failed", c.rows[k].profile, 0, 0,
                                      "profile '%s': seed %llu, depth %d: %s", c.rows[k].profile,
                                      (unsigned long long)c.rows[k].seed, c.rows[k].depth,
                                      rf_status_str(st));
            }
            if (st == RF_OK && !fn(ud, &c.rows[k]))
                st = RF_ERR_IO;
            rf_diags_free(c.row_diags[k]);
            c.row_diags[k] = NULL;
        }
    }
    rf_free(c.rows);
    rf_free(c.row_st);
    rf_free(c.row_diags);
    ctx_fini(&c);
    return st;
}
