/* engine/src/stats/stats_text.c: the text report (worst drift first) and
 * the CSV (one row per template).
 *
 * Pipeline: stats -> output (roomforge stats --format text|csv). Design:
 * the text report answers an author's questions in order: what was run,
 * which templates drift from their weights, which never appear and why,
 * what the rooms that vary drew, then what each profile's levels hold; counts of levels and counts of
 * draws stand in separate, labelled groups (a level makes several draws);
 * the CSV keeps the set's order.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "stats_int.h"

static void write_refused(FILE *out, const st_tmpl *t)
{
    int k;
    bool any = false;
    for (k = 1; k < ST_WHY_COUNT; k++)
        if (t->refused[k]) {
            fprintf(out, "%s%s %" PRIu64, any ? ", " : "", rf_st_why_key(k), t->refused[k]);
            any = true;
        }
    if (!any)
        fputc('-', out);
}

static void write_header(const rf_stats *s, FILE *out)
{
    size_t i;
    fprintf(out, "roomforge stats: %" PRIu64 " levels kept, %" PRIu64 " failed; profiles ",
            s->levels, s->failed);
    for (i = 0; i < s->np; i++)
        fprintf(out, "%s%s", i ? ", " : "", s->p[i].name);
    fprintf(out, "; seeds %" PRIu64 "-%" PRIu64 "; depths %d-%d", s->seed,
            s->seed + s->count - 1, s->depth_lo, s->depth_hi);
    if (s->width)
        fprintf(out, "; size %dx%d", s->width, s->height);
    for (i = 0; i < s->nrooms; i++)
        fprintf(out, "%s%s", i ? ", " : "; forced ", s->rooms[i]);
    if (s->recipe)
        fprintf(out, "; recipe %s", s->recipe);
    if (s->nshards)
        fprintf(out, "; shard %d of %d", s->shard, s->nshards);
    fprintf(out,
            "\n%" PRIu64 " weighted draws of templates (a level makes none, one or several); %" PRIu64
            " invariant violations\n",
            s->draws, s->violations);
    if (s->first_violation.set)
        fprintf(out, "first violation: profile %s, seed %" PRIu64 ", depth %d: %s\n",
                s->first_violation.profile, s->first_violation.seed, s->first_violation.depth,
                s->first_violation.what);
    if (s->first_failure.set)
        fprintf(out, "first failed level: profile %s, seed %" PRIu64 ", depth %d: %s\n",
                s->first_failure.profile, s->first_failure.seed, s->first_failure.depth,
                s->first_failure.what);
}

static void write_templates(const rf_stats *s, FILE *out, const size_t *ix)
{
    size_t i, flagged = rf_stats_flagged(s);
    fprintf(out, "\ntemplates, worst drift first (%zu of %zu off by more than 3 standard "
                 "deviations, marked !)\n", flagged, s->nt);
    fprintf(out, "  levels, each counted once: eligible (its depth allows it), drawn, placed, "
                 "forced; refused: why not\n");
    fprintf(out, "  draws: placed (draws that placed it) against due (what its weight expects); "
                 "shares of the %" PRIu64 " draws; z\n", s->draws);
    fprintf(out, "  %-28s %6s %s %s\n", "", "", "--------------- levels ----------------",
            "--------------------- draws ----------------------");
    fprintf(out, "  %-28s %6s %9s %9s %9s %9s %9s %9s %9s %9s %8s  %s\n", "name", "weight",
            "eligible", "drawn", "placed", "forced", "placed", "due", "expected", "observed", "z",
            "refused");
    for (i = 0; i < s->nt; i++) {
        const st_tmpl *t = &s->t[ix[i]];
        bool defined;
        double z = rf_st_z(t, &defined);
        char zs[32];
        if (defined)
            snprintf(zs, sizeof zs, "%.2f", z + 0.0);
        else
            snprintf(zs, sizeof zs, "-");
        fprintf(out, "%c %-28s %6d %9" PRIu64 " %9" PRIu64 " %9" PRIu64 " %9" PRIu64
                     " %9" PRIu64 " %9.1f %8.3f%% %8.3f%% %8s  ",
                rf_st_flagged(t) ? '!' : ' ', t->name, t->weight, t->eligible, t->drawn, t->placed,
                t->forced, t->placed_draws, rf_st_u128_real(&t->exp),
                100.0 * rf_st_expected_share(s, t), 100.0 * rf_st_observed_share(s, t), zs);
        write_refused(out, t);
        fputc('\n', out);
    }
}

static void write_never(const rf_stats *s, FILE *out)
{
    size_t i, n = 0;
    for (i = 0; i < s->nt; i++)
        n += s->t[i].placed == 0;
    fprintf(out, "\nnever placed (%zu):\n", n);
    for (i = 0; i < s->nt; i++) {
        const st_tmpl *t = &s->t[i];
        int why;
        if (t->placed)
            continue;
        why = rf_st_never_reason(t);
        fprintf(out, "  %s (%s:%d): %s\n", t->name, t->file, t->line, rf_st_why_text(why));
    }
}

/* Machines placed (DESIGN 17): by blueprint, with the depths they came at. */
static void write_machines(const st_profile *p, FILE *out)
{
    size_t k = 0, len, len2;
    int depth, lo, hi;
    if (p->mach.n == 0)
        return;
    fputs("  machines (placed, blueprint, depths):\n", out);
    while (k < p->mach.n) {
        const char *key = p->mach.items[k].text;
        uint64_t placed = 0;
        if (!rf_st_machine_split(key, &len, &depth)) {
            k++;
            continue;
        }
        lo = hi = depth;
        for (; k < p->mach.n && rf_st_machine_split(p->mach.items[k].text, &len2, &depth) &&
               len2 == len && memcmp(p->mach.items[k].text, key, len) == 0;
             k++) {
            placed += p->mach.items[k].n;
            hi = depth;
        }
        fprintf(out, "    %8" PRIu64 "  %.*s  %d-%d\n", placed, (int)len, key, lo, hi);
    }
}

static void write_profile(const st_profile *p, FILE *out)
{
    int k;
    size_t i;
    uint64_t tried = p->tried_normal + p->tried_single;
    fprintf(out, "\nprofile %s: %" PRIu64 " levels, %" PRIu64 " failed, %" PRIu64
                 " violations\n",
            p->name, p->levels, p->failed, p->violations);
    fprintf(out, "  %-14s %10s %8s %8s\n", "per level", "mean", "min", "max");
    for (k = 0; k < ST_DIST_COUNT; k++) {
        const st_hist *h = &p->dist[k];
        fprintf(out, "  %-14s %10.3f %8" PRIu64 " %8" PRIu64 "\n", rf_st_dist_names[k],
                h->levels ? (double)h->sum / (double)h->levels : 0.0, h->min, h->max);
    }
    fprintf(out, "  special rooms (%" PRIu64 " drawn by DoomRL's table):\n", tried);
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++)
        fprintf(out, "    %-12s made %8" PRIu64 "  drawn %8" PRIu64 "  %7.3f%% (table %7.3f%%)\n",
                rf_special_kind_name((rf_special_kind)k), p->special_made[k],
                p->special_drawn[k],
                tried ? 100.0 * (double)p->special_drawn[k] / (double)tried : 0.0,
                100.0 * rf_st_special_expected(p, k));
    fprintf(out, "  feelings (%zu kinds):\n", p->feel.n);
    for (i = 0; i < p->feel.n; i++)
        fprintf(out, "    %8" PRIu64 "  %s\n", p->feel.items[i].n, p->feel.items[i].text);
    write_machines(p, out);
}

rf_status rf_st_write_text(const rf_stats *s, FILE *out)
{
    size_t *ix = rf_st_order(s), i;
    if (!ix)
        return RF_ERR_NOMEM;
    write_header(s, out);
    write_templates(s, out, ix);
    write_never(s, out);
    rf_st_vary_write_text(s, out);
    for (i = 0; i < s->np; i++)
        write_profile(&s->p[i], out);
    rf_free(ix);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

/* A CSV field: quoted when it holds a comma, quote or line break. */
static void csv_field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

rf_status rf_st_write_csv(const rf_stats *s, FILE *out)
{
    size_t i;
    int k;
    fputs("name,file,line,weight,eligible,drawn,placed,forced", out);
    for (k = 1; k < ST_WHY_COUNT; k++)
        fprintf(out, ",refused_%s", rf_st_why_key(k));
    fputs(",expected_share,observed_share,z,flag\n", out);
    for (i = 0; i < s->nt; i++) {
        const st_tmpl *t = &s->t[i];
        bool defined;
        double z = rf_st_z(t, &defined);
        csv_field(out, t->name);
        fputc(',', out);
        csv_field(out, t->file);
        fprintf(out, ",%d,%d,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64, t->line, t->weight,
                t->eligible, t->drawn, t->placed, t->forced);
        for (k = 1; k < ST_WHY_COUNT; k++)
            fprintf(out, ",%" PRIu64, t->refused[k]);
        fprintf(out, ",%.6f,%.6f,", rf_st_expected_share(s, t), rf_st_observed_share(s, t));
        if (defined)
            fprintf(out, "%.3f", z + 0.0);
        fprintf(out, ",%d\n", rf_st_flagged(t) ? 1 : 0);
    }
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
