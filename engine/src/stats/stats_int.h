/* engine/src/stats/stats_int.h: the rf_stats layout: the integer sums a run
 * or a shard holds, shared by the tally, the merge, the readers and writers.
 *
 * Pipeline: stats. Design: every figure is an integer (counts, histograms,
 * and the expected draws of each template as 32.32 fixed point in 128
 * bits), so sums in any order (threads, shards) give the same bits; shares,
 * means and z are worked out only when written.
 */
#ifndef RF_STATS_INT_H
#define RF_STATS_INT_H

#include <stdint.h>

#include "roomforge/level.h"
#include "roomforge/place.h"
#include "roomforge/special.h"
#include "roomforge/stats.h"

/* Refusal reasons: the placer's (rf_place_why, 0 unused) and one of ours,
 * a weight of 0 or less (never drawn). */
#define ST_WHY_WEIGHT RF_PLACE_WHY_COUNT
#define ST_WHY_COUNT (RF_PLACE_WHY_COUNT + 1)

/* An unsigned 128-bit sum: 32.32 fixed point of expected draws. */
typedef struct st_u128 {
    uint64_t hi, lo;
} st_u128;

void rf_st_u128_add(st_u128 *a, uint64_t v);
void rf_st_u128_sum(st_u128 *a, const st_u128 *b);
double rf_st_u128_real(const st_u128 *a); /* the value over 2^32 */

/* A distribution over levels: sum, extremes and the levels per value
 * (values at or above ST_HIST_CAP share its last bucket). */
#define ST_HIST_CAP 65536
typedef struct st_hist {
    uint64_t sum, min, max, levels;
    bool overflow; /* a count or the sum would have passed 2^64 */
    uint64_t *n; /* ncap buckets, n[v]: levels with value v */
    size_t ncap;
} st_hist;

bool rf_st_hist_add(st_hist *h, uint64_t v, uint64_t levels);
bool rf_st_hist_sum(st_hist *a, const st_hist *b);

/* A varying template's variants (DESIGN 16; stats_vary.c): what the
 * variants placed in the levels drew. */
#define ST_VARY_HASHES 64 /* distinct maps counted up to this many */
#define ST_VARY_MAX_SUBST 64 /* <subst> steps, and choices of one (RF_VARY_MAX_*) */
typedef struct st_choice {
    char glyph;
    int weight;
    uint64_t picks; /* picks of the subst that took it, over every variant placed */
} st_choice;
typedef struct st_subst {
    char glyph;
    bool once;
    int line;
    size_t nchoices;
    st_choice *choices;
} st_subst;
typedef struct st_vary {
    uint64_t drawn;            /* variants placed */
    uint64_t validate_refused; /* plan entries refused: no variant passed */
    /* the ST_VARY_HASHES smallest FNV-1a 64 hashes of the variant maps seen,
     * ascending: the union of two such sets cut to its smallest is that of
     * the two runs together, so threads and shards add up exactly */
    uint64_t hash[ST_VARY_HASHES];
    size_t nhash;
    size_t nsubst;
    st_subst *subst;
} st_vary;

typedef struct st_tmpl {
    char *name, *file;
    int line, weight;
    uint64_t eligible, drawn, placed, forced;
    uint64_t refused[ST_WHY_COUNT];
    uint64_t placed_draws; /* draws of it that ended placed */
    st_u128 exp, var;      /* sum over draws of p and p(1 - p), p its chance */
    st_u128 cvar;          /* sum over seeds of (placed - expected)^2 of the seed's
                            * levels, a guard should the draws of one seed not be
                            * independent (each depth has its own streams,
                            * DESIGN 18); z takes the larger variance */
    st_vary *vary;         /* NULL for a template that does not vary */
} st_tmpl;

enum {
    ST_ROOMS,
    ST_TEMPLATES,
    ST_MONSTERS,
    ST_ITEMS,
    ST_TRAPS,
    ST_SECRET_DOORS,
    ST_STAIR_PATH,
    ST_DIST_COUNT
};
extern const char *const rf_st_dist_names[ST_DIST_COUNT];

typedef struct st_feel {
    char *text;
    uint64_t n;
} st_feel;

/* Texts with counts, sorted by text: feelings; machines, keyed by
 * rf_st_machine_key (blueprint, then depth). */
typedef struct st_counts {
    st_feel *items;
    size_t n, cap;
} st_counts;

typedef struct st_profile {
    char *name;
    uint64_t levels, failed, violations;
    st_hist dist[ST_DIST_COUNT];
    uint64_t special_made[RF_SPECIAL_KIND_COUNT], special_drawn[RF_SPECIAL_KIND_COUNT];
    uint64_t tried_normal, tried_single; /* the pass's draws on either table */
    st_counts feel; /* feelings by text */
    st_counts mach; /* machines placed (DESIGN 17), by rf_st_machine_key */
} st_profile;

/* The first level (in run order) that failed or broke an invariant. */
typedef struct st_first {
    bool set;
    uint64_t index;
    char *profile;
    uint64_t seed;
    int depth;
    char *what;
} st_first;

struct rf_stats {
    uint64_t seed, count;
    int depth_lo, depth_hi, width, height, difficulty;
    char **rooms; /* nrooms forced names */
    size_t nrooms;
    char *recipe; /* the recipe file's name, NULL: the profiles' */
    int shard, nshards; /* 0, 0: a whole run */
    uint64_t levels, failed, violations, draws;
    st_tmpl *t;
    size_t nt;
    st_profile *p;
    size_t np;
    st_first first_failure, first_violation;
    bool overflow; /* a sum of rf_st_add passed 2^64: the figures are no longer true */
};

/* A new, empty rf_stats for o's run (names, files and weights of its
 * templates; its profiles); NULL when memory runs out. */
rf_stats *rf_st_new(const rf_stats_opts *o);
/* An empty rf_stats with s's run and names (no figures); NULL on NOMEM. */
rf_stats *rf_st_new_like(const rf_stats *s);
/* Adds b's figures into a (same run and names); false on NOMEM. A count
 * that would pass 2^64 sets a->overflow instead of wrapping (a merge of
 * hostile shards; a run never gets near). Feelings merge as two sorted
 * lists, in linear time. */
bool rf_st_add(rf_stats *a, const rf_stats *b);
/* Sets c from n pairs (texts copied), sorted by text: false with *dup set
 * when a text comes twice, false on NOMEM. */
bool rf_st_counts_set(st_counts *c, const st_feel *f, size_t n, bool *dup);
void rf_st_counts_fini(st_counts *c);
/* The key of blueprint's machines at depth in st_profile.mach: the name,
 * a unit separator (0x1f), the depth in 4 digits, so keys sort by
 * blueprint, then depth; false when it does not fit cap. */
bool rf_st_machine_key(char *out, size_t cap, const char *blueprint, int depth);
/* The blueprint of key (len bytes) and its depth; false for no such key. */
bool rf_st_machine_split(const char *key, size_t *len, int *depth);
/* Sets *f to the level if it comes before the one held; false on NOMEM. */
bool rf_st_first_offer(st_first *f, uint64_t index, const char *profile, uint64_t seed, int depth,
                    const char *what);
void rf_st_first_fini(st_first *f);
/* Adds text to c's tally n times; false on NOMEM. */
bool rf_st_counts_add(st_counts *c, const char *text, uint64_t n);

/* ---- rooms that vary (stats_vary.c) ---- */

/* t->vary for template tp when it varies (its substs and choices); true
 * with nothing done when it does not; false on NOMEM. */
bool rf_st_vary_init(st_tmpl *t, const rf_template *tp);
/* An empty t->vary of src's shape (no figures); false on NOMEM. */
bool rf_st_vary_like(st_tmpl *t, const st_tmpl *src);
/* An empty t->vary with nsubst substs (choices still none); false on NOMEM. */
bool rf_st_vary_alloc(st_tmpl *t, size_t nsubst);
void rf_st_vary_fini(st_tmpl *t);
/* True when a and b vary alike: the same substs, choices and weights. */
bool rf_st_vary_same(const st_tmpl *a, const st_tmpl *b);
/* Adds y's figures into x (same shape); *o set past 2^64. */
void rf_st_vary_add(st_tmpl *x, const st_tmpl *y, bool *o);
/* Variant vt placed on a level: drawn, its map's hash, its picks. */
void rf_st_vary_tally(st_tmpl *t, const rf_template *vt);
/* Offers hash h to v's smallest hashes; false when it is no new one or
 * too large to be kept. */
bool rf_st_vary_hash_offer(st_vary *v, uint64_t h);
/* Picks of subst u, over every choice. */
uint64_t rf_st_subst_picks(const st_subst *u);
/* Choice c's weight over its subst's weights, its picks over the subst's
 * picks (0 with none), and z of its picks against the weight (binomial;
 * *defined false when the sd is 0). */
double rf_st_choice_expected(const st_subst *u, const st_choice *c);
double rf_st_choice_observed(const st_subst *u, const st_choice *c);
double rf_st_choice_z(const st_subst *u, const st_choice *c, bool *defined);
/* The varying templates' table in the text report. */
void rf_st_vary_write_text(const rf_stats *s, FILE *out);

/* Per-thread scratch for rf_st_tally (sized to the template set). */
typedef struct st_scratch {
    size_t nt;
    uint8_t *sw;      /* static why per template */
    uint8_t *seen;    /* bits: 1 forced, 2 drawn, 4 placed, 8 special present */
    uint8_t *why;     /* first refusal of a planned, unplaced entry */
    size_t *elig;     /* indices of the templates a draw may pick */
    int *queue;       /* BFS, w*h */
    int *dist;
    size_t cells;
    uint64_t *c_obs, *c_exp; /* a seed's start: placed draws, exp.lo per template */
} st_scratch;

void rf_st_scratch_fini(st_scratch *sc);

/* A seed's levels begin / end (stats_run.c tallies a seed's depths in a
 * row): the difference of each template's placed draws from its expected
 * over them, squared, into cvar. false on NOMEM. */
bool rf_st_seed_begin(const rf_stats *s, st_scratch *sc);
void rf_st_seed_end(rf_stats *s, const st_scratch *sc);

/* Tallies kept level lv of profile pi (set: the templates it drew from;
 * prof: its profile, may be NULL) into s; index is its place in the run.
 * false on NOMEM. */
bool rf_st_tally(rf_stats *s, st_scratch *sc, size_t pi, const rf_template_set *set,
              const rf_profile *prof, const rf_level *lv, uint64_t index);

/* The invariant checks of DESIGN 6 one level can show (stats_check.c):
 * the number broken (0 expected) with the first's description in what
 * (cap bytes), and the 4-step path length between the stairs in *path
 * (-1 when there is none). false on NOMEM. */
bool rf_st_check_level(const rf_level *lv, st_scratch *sc, int *broken, char *what, size_t cap,
                    long *path);

/* Derived figures, as every writer shows them. */
double rf_st_expected_share(const rf_stats *s, const st_tmpl *t);
double rf_st_observed_share(const rf_stats *s, const st_tmpl *t);
/* z of t's placed draws against its expected; *defined false when the
 * variance is 0 (then z is 0 and the template is flagged when the
 * difference is not). */
double rf_st_z(const st_tmpl *t, bool *defined);
bool rf_st_flagged(const st_tmpl *t);
/* The reason a template with nothing placed has (its largest refusal;
 * ties: the earlier reason), or -1 when it was never refused (never drawn). */
int rf_st_main_reason(const st_tmpl *t);
/* Why t was never placed, as every report says it: its main reason, or
 * ST_WHY_WEIGHT for a weight of 0 never refused (never drawn). */
int rf_st_never_reason(const st_tmpl *t);
const char *rf_st_why_key(int why);
const char *rf_st_why_text(int why);
/* Expected share of special kind k among the pass's draws of profile p. */
double rf_st_special_expected(const st_profile *p, int k);

rf_status rf_st_write_json(const rf_stats *s, FILE *out);
rf_status rf_st_write_text(const rf_stats *s, FILE *out);
rf_status rf_st_write_csv(const rf_stats *s, FILE *out);
rf_status rf_st_write_html(const rf_stats *s, FILE *out);
/* Templates in report order: worst |z| first (undefined z with a
 * difference counts as worst), then by name; a malloc'd array of nt
 * indices, NULL on NOMEM. */
size_t *rf_st_order(const rf_stats *s);

#endif /* RF_STATS_INT_H */
