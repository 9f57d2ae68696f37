/* roomforge/stats.h: statistics over many generated levels: does each
 * template appear as often as its weight says (DESIGN 13), on every core,
 * in shards a merge puts back together.
 *
 * Pipeline: stats, after level: generates every level of the seeds, depths
 * and profiles asked (rf_level_generate on o->jobs threads), tallies what
 * the placer did with each template (rf_level_plan_at) and what each level
 * holds, and writes the report as text, json, csv or html. Every figure is
 * an integer sum (shares and z are worked out from them when written), so
 * the bytes written are the same for any number of threads, and the merge
 * of the shards of a run is byte for byte the unsharded run.
 */
#ifndef RF_STATS_H
#define RF_STATS_H

#include <stdio.h>

#include "roomforge/common.h"
#include "roomforge/machines.h"
#include "roomforge/diag.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"

RF_BEGIN_C

typedef struct rf_stats rf_stats; /* opaque: the figures of a run or a shard */

#define RF_STATS_MAX_PROFILES 64
#define RF_STATS_MAX_JOBS 256
#define RF_STATS_MAX_SHARDS 1000000
/* Bytes of one JSON report rf_stats_read_json reads at most: a shard of the
 * largest packs is a few MB; past this a file is no shard of roomforge's,
 * and its parse would cost memory many times its size. */
#define RF_STATS_MAX_REPORT ((size_t)16 << 20)

/* Called from the thread that called rf_stats_run / rf_stats_catalog, about
 * five times a second and once at the end: levels done of total. */
typedef void (*rf_stats_progress_fn)(void *ud, uint64_t done, uint64_t total);

typedef struct rf_stats_opts {
    const rf_profile_set *profiles;   /* borrowed; NULL: the bundled recipes' defaults */
    const rf_template_set *templates; /* borrowed; NULL: no templates */
    const rf_machines *machines;      /* borrowed; NULL: no machines (DESIGN 17) */
    const char *const *profile_names; /* nprofiles names, run one after the other */
    size_t nprofiles;                 /* 0: "brogue" */
    uint64_t seed;                    /* first seed */
    uint64_t count;                   /* seeds seed..seed+count-1, >= 1 */
    int depth_lo, depth_hi;           /* 1 <= lo <= hi <= RF_LEVEL_MAX_DEPTH */
    int width, height;                /* both 0: each profile's own size */
    int difficulty;                   /* as rf_level_opts: 0 the default */
    const char *const *rooms;         /* nrooms forced template names */
    size_t nrooms;
    const char *recipe;               /* as rf_level_opts (recipe_len bytes) */
    size_t recipe_len;
    const char *recipe_file;
    int jobs;                         /* threads, 1..RF_STATS_MAX_JOBS; 0: every core */
    int shard, nshards;               /* the shard-th (1-based) of nshards parts; 0, 0: all */
    rf_stats_progress_fn progress;    /* NULL: none */
    void *progress_ud;
} rf_stats_opts;

/* Defaults: no sets, profile brogue, seed 1, count 10, depths 1-26, the
 * profile's size, jobs 0 (every core), the whole run. */
RF_API void rf_stats_opts_init(rf_stats_opts *o);

/* The number of threads jobs means (0: the cores online, at least 1). */
RF_API int rf_stats_jobs(int jobs);

/* Generates o's levels (its shard of them) and tallies them into *out.
 * RF_ERR_ARG (reported to d) for bad options or an unknown profile. A level
 * that fails is counted (rf_stats_failed), never stops the run; the first
 * one's diagnostics (in level order) are copied to d. RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_stats_run(const rf_stats_opts *o, rf_stats **out, rf_diags *d);
RF_API void rf_stats_free(rf_stats *s);

/* Reads one JSON report (rf_stats_write RF_STATS_JSON of a run or shard)
 * named file (for diagnostics) into *out, in time n log n of its size.
 * RF_ERR_CONTENT with a stats-merge diagnostic when it is not one (over
 * RF_STATS_MAX_REPORT bytes, a profile or a feeling twice, a field missing
 * or out of range); RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_stats_read_json(const char *text, size_t len, const char *file,
                                                 rf_stats **out, rf_diags *d);
/* Combines the n shards parts[] of one run (every shard 1..N once, in any
 * order; or a single whole run) into *out, the figures the unsharded run
 * makes. RF_ERR_CONTENT with a stats-merge diagnostic when they are not the
 * shards of one run; RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_stats_merge(rf_stats *const *parts, size_t n, rf_stats **out,
                                             rf_diags *d);

typedef enum rf_stats_format {
    RF_STATS_TEXT = 0, /* the report for people, worst drift first */
    RF_STATS_JSON,     /* DESIGN 13's shape, plus what a merge needs */
    RF_STATS_CSV,      /* one row per template */
    RF_STATS_HTML      /* one self-contained page, charts as inline SVG */
} rf_stats_format;

/* Parses "text", "json", "csv", "html"; false otherwise. */
RF_API bool rf_stats_format_parse(const char *s, rf_stats_format *out);
/* Writes s in fmt. RF_ERR_IO when out fails. */
RF_API RF_NODISCARD rf_status rf_stats_write(const rf_stats *s, FILE *out, rf_stats_format fmt);

/* ---- the report's figures, walked ---- */

/* Containers rf_stats_each opens at most, one inside the other (the report
 * object, templates, a template, variants, substs, a subst, choices, a
 * choice): a fixed stack of this depth follows any walk. */
#define RF_STATS_MAX_DEPTH 8

/* What rf_stats_each hands over, in the JSON report's order: every value
 * with its key inside an object, NULL inside an array. Numbers come in
 * three kinds, so a writer prints each as the report does: integer (lines,
 * weights, depths, sizes: may be negative), count (counts, sums, indices,
 * map hashes: any uint64_t) and real (the derived figures: shares, means,
 * z), with the digits after the point the report prints (it rounds there,
 * so equal sums give equal text). Strings are the bytes held (the JSON
 * writer escapes them and writes each byte that is no UTF-8 as U+FFFD);
 * null stands for a figure the report has none of (a z with no variance,
 * no first failure, no recipe). Any callback may be NULL (skipped). */
typedef struct rf_stats_visitor {
    void (*begin_object)(void *ud, const char *key);
    void (*end_object)(void *ud);
    void (*begin_array)(void *ud, const char *key);
    void (*end_array)(void *ud);
    void (*integer)(void *ud, const char *key, int64_t v);
    void (*count)(void *ud, const char *key, uint64_t v);
    void (*real)(void *ud, const char *key, double v, int precision);
    void (*string)(void *ud, const char *key, const char *v);
    void (*boolean)(void *ud, const char *key, bool v);
    void (*null)(void *ud, const char *key);
} rf_stats_visitor;

/* Walks s's figures through v (with ud): one report object, the structure,
 * keys and order of rf_stats_write RF_STATS_JSON, which is written by this
 * walk. Keys and strings are borrowed for the call. The walk allocates
 * nothing and holds nothing between callbacks, so a callback may leave it
 * by longjmp (a Lua error) and leak nothing. */
RF_API void rf_stats_each(const rf_stats *s, const rf_stats_visitor *v, void *ud);

RF_API uint64_t rf_stats_levels(const rf_stats *s);     /* levels kept and tallied */
RF_API uint64_t rf_stats_failed(const rf_stats *s);     /* levels whose generation failed */
RF_API uint64_t rf_stats_violations(const rf_stats *s); /* invariants broken (expected 0) */
/* Templates whose observed share is more than 3 standard deviations off. */
RF_API size_t rf_stats_flagged(const rf_stats *s);

/* ---- catalog rows on many threads ---- */

typedef struct rf_stats_row {
    const char *profile;
    uint64_t seed;
    int depth;
    uint64_t digest; /* rf_level_digest */
    size_t rooms, templates, monsters, items;
} rf_stats_row;

/* Called for each level in order (profile, seed, depth); returns false to
 * stop (rf_stats_catalog then returns RF_ERR_IO). */
typedef bool (*rf_stats_row_fn)(void *ud, const rf_stats_row *row);

/* Generates o's levels (its shard of them) on o->jobs threads and hands
 * their catalog rows to fn in level order, the same for any number of
 * threads. Stops at the first level that fails: its diagnostics go to d
 * and its status is returned (rows before it were handed over). */
RF_API RF_NODISCARD rf_status rf_stats_catalog(const rf_stats_opts *o, rf_stats_row_fn fn,
                                               void *ud, rf_diags *d);

RF_END_C
#endif /* RF_STATS_H */
