/* engine/src/stats/stats_tally.c: one kept level into the figures: what the
 * placer did with each template, the expected draws, what the level holds.
 *
 * Pipeline: stats; called by a worker thread (stats_run.c) with its own
 * rf_stats and scratch. Design: a draw's chances are worked out again from
 * the placer's own test (rf_place_static_why, weight > 0, a special one or
 * one of a <unique> group not yet planned) over the level's plan in order, so the expected share is
 * that of the templates eligible with it at each draw, exactly. Varying
 * rooms' variants are read from the level's room records.
 */
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "stats_int.h"

enum { SEEN_FORCED = 1, SEEN_DRAWN = 2, SEEN_PLACED = 4, SEEN_TAKEN = 8, SEEN_PLANNED = 16 };

void rf_st_scratch_fini(st_scratch *sc)
{
    rf_free(sc->sw);
    rf_free(sc->seen);
    rf_free(sc->why);
    rf_free(sc->elig);
    rf_free(sc->queue);
    rf_free(sc->dist);
    rf_free(sc->c_obs);
    rf_free(sc->c_exp);
    memset(sc, 0, sizeof *sc);
}

bool rf_st_seed_begin(const rf_stats *s, st_scratch *sc)
{
    size_t i;
    if (!sc->c_obs) {
        sc->c_obs = rf_calloc(s->nt ? s->nt : 1, sizeof *sc->c_obs);
        sc->c_exp = rf_calloc(s->nt ? s->nt : 1, sizeof *sc->c_exp);
        if (!sc->c_obs || !sc->c_exp)
            return false;
    }
    for (i = 0; i < s->nt; i++) {
        sc->c_obs[i] = s->t[i].placed_draws;
        sc->c_exp[i] = s->t[i].exp.lo;
    }
    return true;
}

/* a * b as 128 bits, shifted right 32: the square of a 32.32 value. */
static st_u128 square_fixed(uint64_t a)
{
    uint64_t lo = a & 0xffffffffu, hi = a >> 32;
    uint64_t ll = lo * lo, lh = lo * hi, hh = hi * hi;
    st_u128 r = {0, 0};
    /* a^2 = hh << 64 + 2 lh << 32 + ll; then >> 32 */
    rf_st_u128_add(&r, ll >> 32);
    rf_st_u128_add(&r, lh << 1); /* lh < 2^64 and 2 lh may carry: add twice */
    if (lh >> 63)
        r.hi += 1;
    r.hi += hh >> 32;
    rf_st_u128_add(&r, hh << 32);
    return r;
}

void rf_st_seed_end(rf_stats *s, const st_scratch *sc)
{
    size_t i;
    for (i = 0; i < s->nt; i++) {
        uint64_t obs = (s->t[i].placed_draws - sc->c_obs[i]) << 32;
        uint64_t exp = s->t[i].exp.lo - sc->c_exp[i]; /* below 2^64 for one seed */
        st_u128 sq = square_fixed(obs > exp ? obs - exp : exp - obs);
        rf_st_u128_sum(&s->t[i].cvar, &sq);
    }
}

static bool scratch_fit(st_scratch *sc, size_t nt)
{
    if (sc->nt >= nt && sc->sw)
        return true;
    rf_free(sc->sw);
    rf_free(sc->seen);
    rf_free(sc->why);
    rf_free(sc->elig);
    sc->sw = rf_calloc(nt ? nt : 1, 1);
    sc->seen = rf_calloc(nt ? nt : 1, 1);
    sc->why = rf_calloc(nt ? nt : 1, 1);
    sc->elig = rf_calloc(nt ? nt : 1, sizeof *sc->elig);
    sc->nt = nt;
    return sc->sw && sc->seen && sc->why && sc->elig;
}

/* The index of t in set (linear: a plan holds a handful of entries). */
static size_t index_of(const rf_template_set *set, size_t nt, const rf_template *t)
{
    size_t i;
    for (i = 0; i < nt; i++)
        if (rf_template_set_at(set, i) == t)
            return i;
    return nt;
}

/* The draws: for each drawn entry in plan order, the chance p of every
 * template the draw could have picked, summed in 32.32 fixed point. */
static void tally_draws(rf_stats *s, st_scratch *sc, const rf_template_set *set, size_t nt,
                        const rf_level *lv)
{
    size_t n = rf_level_plan_count(lv), j, i, ne = 0;
    uint64_t base = 0;
    int depth = rf_level_depth(lv); /* a <weight depth> row may replace the weight */
    for (i = 0; i < nt; i++) {
        int w = rf_template_weight_at(rf_template_set_at(set, i), depth);
        sc->seen[i] &= (uint8_t)~SEEN_TAKEN;
        if (w > 0 && sc->sw[i] == RF_PLACE_OK) {
            sc->elig[ne++] = i;
            base += (uint64_t)w;
        }
    }
    for (j = 0; j < n; j++) {
        const rf_place_entry *e = rf_level_plan_at(lv, j);
        size_t ti = index_of(set, nt, e->t), k;
        uint64_t total = base;
        if (ti == nt)
            continue;
        if (!e->forced) {
            for (k = 0; k < ne; k++)
                if (sc->seen[sc->elig[k]] & SEEN_TAKEN)
                    total -= (uint64_t)rf_template_weight_at(
                        rf_template_set_at(set, sc->elig[k]), depth);
            for (k = 0; total > 0 && k < ne; k++) {
                size_t x = sc->elig[k];
                uint64_t p, w;
                if (sc->seen[x] & SEEN_TAKEN)
                    continue;
                w = (uint64_t)rf_template_weight_at(rf_template_set_at(set, x), depth);
                p = (w << 32) / total;
                rf_st_u128_add(&s->t[x].exp, p);
                rf_st_u128_add(&s->t[x].var, (p * ((1ULL << 32) - p)) >> 32);
            }
            s->draws++;
            if (e->placed)
                s->t[ti].placed_draws++;
        }
        if (rf_template_flags(e->t)->special)
            sc->seen[ti] |= SEEN_TAKEN;
        if (rf_template_unique_scope(e->t)) /* its <unique> group: no more this level */
            for (k = 0; k < ne; k++) {
                const rf_template *o = rf_template_set_at(set, sc->elig[k]);
                if (rf_template_unique_scope(o) &&
                    strcasecmp(rf_template_unique_group(o), rf_template_unique_group(e->t)) == 0)
                    sc->seen[sc->elig[k]] |= SEEN_TAKEN;
            }
    }
}

/* The variants of rooms that vary the level holds (DESIGN 16): each room
 * record of a variant counts against its template. */
static void tally_variants(rf_stats *s, const rf_template_set *set, size_t nt, const rf_level *lv)
{
    size_t n = rf_level_room_count(lv), i;
    for (i = 0; i < n; i++) {
        const rf_room_rec *r = rf_level_room_at(lv, i);
        size_t ti;
        if (!r || r->kind != RF_ROOM_TEMPLATE || !r->tmpl ||
            rf_template_variant_number(r->tmpl) < 0)
            continue;
        ti = index_of(set, nt, rf_template_base(r->tmpl));
        if (ti < nt)
            rf_st_vary_tally(&s->t[ti], r->tmpl);
    }
}

/* Per template: eligible, drawn, forced, placed, or why not; orient: the
 * profile's (RF_PLACE_ORIENT_*), as the placer reads it. */
static void tally_templates(rf_stats *s, st_scratch *sc, const rf_template_set *set, size_t nt,
                            const rf_level *lv, int orient)
{
    const rf_grid *g = rf_level_grid(lv);
    int depth = rf_level_depth(lv), w = rf_grid_width(g), h = rf_grid_height(g);
    size_t n = rf_level_plan_count(lv), i, j;
    for (i = 0; i < nt; i++) {
        const rf_template *t = rf_template_set_at(set, i);
        sc->sw[i] = (uint8_t)rf_place_static_why(t, orient, depth, w, h);
        sc->seen[i] = 0;
        sc->why[i] = RF_PLACE_OK;
    }
    for (j = 0; j < n; j++) {
        const rf_place_entry *e = rf_level_plan_at(lv, j);
        size_t ti = index_of(set, nt, e->t);
        if (ti == nt)
            continue;
        sc->seen[ti] |= (uint8_t)(SEEN_PLANNED | (e->forced ? SEEN_FORCED : SEEN_DRAWN) |
                                  (e->placed ? SEEN_PLACED : 0));
        if (!e->placed && sc->why[ti] == RF_PLACE_OK)
            sc->why[ti] = (uint8_t)e->why;
        if (!e->placed && e->why == RF_PLACE_VALIDATE && s->t[ti].vary)
            s->t[ti].vary->validate_refused++;
    }
    for (i = 0; i < nt; i++) {
        st_tmpl *t = &s->t[i];
        uint8_t seen = sc->seen[i];
        t->eligible += rf_place_depth_ok(rf_template_set_at(set, i), depth);
        t->forced += (seen & SEEN_FORCED) != 0;
        t->drawn += (seen & SEEN_DRAWN) != 0;
        if (seen & SEEN_PLACED)
            t->placed++;
        else if (seen & SEEN_PLANNED)
            t->refused[sc->why[i] ? sc->why[i] : RF_PLACE_BUDGET]++;
        else if (sc->sw[i] != RF_PLACE_OK)
            t->refused[sc->sw[i]]++;
        else if (rf_template_weight_at(rf_template_set_at(set, i), depth) <= 0)
            t->refused[ST_WHY_WEIGHT]++;
    }
}

bool rf_st_tally(rf_stats *s, st_scratch *sc, size_t pi, const rf_template_set *set,
              const rf_profile *prof, const rf_level *lv, uint64_t index)
{
    size_t nt = set ? rf_template_set_count(set) : 0, i;
    st_profile *p = &s->p[pi];
    const rf_special_result *sr = rf_level_special(lv);
    char what[256];
    int broken = 0, k;
    long path = -1;
    uint64_t v[ST_DIST_COUNT];
    if (!scratch_fit(sc, nt))
        return false;
    if (nt) {
        /* the placer reads "orient" from the profile whatever the recipe */
        int orient = prof ? rf_profile_int(prof, rf_level_depth(lv), "orient",
                                           RF_PLACE_ORIENT_TEMPLATE)
                          : RF_PLACE_ORIENT_TEMPLATE;
        tally_templates(s, sc, set, nt, lv, orient);
        tally_draws(s, sc, set, nt, lv);
        tally_variants(s, set, nt, lv);
    }
    if (!rf_st_check_level(lv, sc, &broken, what, sizeof what, &path))
        return false;
    s->levels++;
    p->levels++;
    if (broken > 0) {
        s->violations += (uint64_t)broken;
        p->violations += (uint64_t)broken;
        if (!rf_st_first_offer(&s->first_violation, index, p->name, rf_level_seed(lv),
                            rf_level_depth(lv), what))
            return false;
    }
    v[ST_ROOMS] = rf_level_rooms_proper(lv);
    v[ST_TEMPLATES] = rf_level_template_count(lv);
    v[ST_MONSTERS] = rf_level_object_count_of(lv, "monster");
    v[ST_ITEMS] = rf_level_object_count_of(lv, "item");
    v[ST_TRAPS] = rf_level_object_count_of(lv, "trap");
    v[ST_SECRET_DOORS] = rf_grid_count(rf_level_grid(lv), RF_TILE_SECRET_DOOR);
    v[ST_STAIR_PATH] = path < 0 ? 0 : (uint64_t)path;
    for (k = 0; k < ST_DIST_COUNT; k++)
        if ((k != ST_STAIR_PATH || path >= 0) && !rf_st_hist_add(&p->dist[k], v[k], 1))
            return false;
    if (sr && sr->tried > 0) {
        if (sr->single_monster) /* the table the pass used, whoever set it */
            p->tried_single += (uint64_t)sr->tried;
        else
            p->tried_normal += (uint64_t)sr->tried;
        for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++) {
            p->special_made[k] += (uint64_t)sr->made[k];
            p->special_drawn[k] += (uint64_t)sr->made[k] + (uint64_t)sr->skipped_kind[k];
        }
    }
    for (i = 0; i < rf_level_feeling_count(lv); i++)
        if (!rf_st_counts_add(&p->feel, rf_level_feeling_at(lv, i), 1))
            return false;
    for (i = 0; i < rf_level_machine_count(lv); i++) {
        const char *name = rf_level_machine_at(lv, i)->blueprint;
        size_t cap = strlen(name) + 8;
        char *key = rf_alloc(cap);
        bool ok = key && rf_st_machine_key(key, cap, name, rf_level_depth(lv)) &&
                  rf_st_counts_add(&p->mach, key, 1);
        rf_free(key);
        if (!ok)
            return false;
    }
    return true;
}
