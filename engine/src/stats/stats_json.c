/* engine/src/stats/stats_json.c: the JSON report of DESIGN 13, with the
 * integer sums a merge reads back (stats_read.c).
 *
 * Pipeline: stats -> output (roomforge stats --format json, the input of
 * stats --merge). Design: derived figures (shares, z, means) are printed
 * from the integer sums with fixed precision, so equal sums print equal
 * bytes; the sums themselves ride along ("placed_draws", "sums", "hist",
 * "special_tried") so a report is all a merge needs.
 */
#include <inttypes.h>
#include <stdio.h>

#include "core/seam.h"
#include "stats_int.h"

static void u64_array2(FILE *out, const char *key, uint64_t a, uint64_t b)
{
    fprintf(out, ",\"%s\":[%" PRIu64 ",%" PRIu64 "]", key, a, b);
}

static void write_first(FILE *out, const char *key, const st_first *f)
{
    fprintf(out, ",\n\"%s\":", key);
    if (!f->set) {
        fputs("null", out);
        return;
    }
    fprintf(out, "{\"index\":%" PRIu64 ",\"profile\":", f->index);
    rf_json_string(out, f->profile);
    fprintf(out, ",\"seed\":%" PRIu64 ",\"depth\":%d,\"message\":", f->seed, f->depth);
    rf_json_string(out, f->what);
    fputc('}', out);
}

static void write_template(FILE *out, const rf_stats *s, const st_tmpl *t, bool first)
{
    bool defined;
    double z = rf_st_z(t, &defined);
    int k;
    bool any = false;
    fputs(first ? "\n{\"name\":" : ",\n{\"name\":", out);
    rf_json_string(out, t->name);
    fputs(",\"file\":", out);
    rf_json_string(out, t->file);
    fprintf(out,
            ",\"line\":%d,\"weight\":%d,\"eligible\":%" PRIu64 ",\"drawn\":%" PRIu64
            ",\"placed\":%" PRIu64 ",\"forced\":%" PRIu64 ",\"refused\":{",
            t->line, t->weight, t->eligible, t->drawn, t->placed, t->forced);
    for (k = 1; k < ST_WHY_COUNT; k++)
        if (t->refused[k]) {
            fprintf(out, "%s\"%s\":%" PRIu64, any ? "," : "", rf_st_why_key(k), t->refused[k]);
            any = true;
        }
    fprintf(out, "},\"expected_share\":%.6f,\"observed_share\":%.6f,\"z\":",
            rf_st_expected_share(s, t), rf_st_observed_share(s, t));
    if (defined)
        fprintf(out, "%.3f", z + 0.0);
    else
        fputs("null", out);
    fprintf(out,
            ",\"flag\":%s,\"placed_draws\":%" PRIu64 ",\"sums\":[%" PRIu64 ",%" PRIu64
            ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "]",
            rf_st_flagged(t) ? "true" : "false", t->placed_draws, t->exp.hi, t->exp.lo, t->var.hi,
            t->var.lo, t->cvar.hi, t->cvar.lo);
    rf_st_vary_write_json(t, out); /* a room that varies (DESIGN 16) */
    fputc('}', out);
}

static void write_hist(FILE *out, const char *key, const st_hist *h)
{
    size_t v;
    bool any = false;
    fprintf(out, ",\"%s\":{\"levels\":%" PRIu64 ",\"mean\":%.3f,\"min\":%" PRIu64
                 ",\"max\":%" PRIu64 ",\"sum\":%" PRIu64 ",\"hist\":[",
            key, h->levels, h->levels ? (double)h->sum / (double)h->levels : 0.0, h->min, h->max,
            h->sum);
    for (v = 0; v < h->ncap; v++)
        if (h->n[v]) {
            fprintf(out, "%s[%zu,%" PRIu64 "]", any ? "," : "", v, h->n[v]);
            any = true;
        }
    fputs("]}", out);
}

static void write_profile(FILE *out, const st_profile *p, bool first)
{
    size_t k;
    fputs(first ? "\n" : ",\n", out);
    rf_json_string(out, p->name);
    fprintf(out, ":{\"levels\":%" PRIu64 ",\"failed\":%" PRIu64, p->levels, p->failed);
    for (k = 0; k < ST_DIST_COUNT; k++)
        write_hist(out, rf_st_dist_names[k], &p->dist[k]);
    fputs(",\"special_rooms\":{", out);
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++)
        fprintf(out, "%s\"%s\":%" PRIu64, k ? "," : "", rf_special_kind_name((rf_special_kind)k),
                p->special_made[k]);
    fputs("},\"special_draws\":{", out);
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++) {
        uint64_t n = p->tried_normal + p->tried_single;
        fprintf(out,
                "%s\"%s\":{\"drawn\":%" PRIu64 ",\"expected_share\":%.6f,\"observed_share\":%.6f}",
                k ? "," : "", rf_special_kind_name((rf_special_kind)k), p->special_drawn[k],
                rf_st_special_expected(p, (int)k),
                n ? (double)p->special_drawn[k] / (double)n : 0.0);
    }
    fputc('}', out);
    u64_array2(out, "special_tried", p->tried_normal, p->tried_single);
    fputs(",\"feelings\":{", out);
    for (k = 0; k < p->nfeel; k++) {
        if (k)
            fputc(',', out);
        rf_json_string(out, p->feel[k].text);
        fprintf(out, ":%" PRIu64, p->feel[k].n);
    }
    fprintf(out, "},\"violations\":%" PRIu64 "}", p->violations);
}

rf_status rf_st_write_json(const rf_stats *s, FILE *out)
{
    size_t i;
    bool first = true;
    fprintf(out, "{\"levels\":%" PRIu64 ",\"failed\":%" PRIu64 ",\"profiles\":[", s->levels,
            s->failed);
    for (i = 0; i < s->np; i++) {
        if (i)
            fputc(',', out);
        rf_json_string(out, s->p[i].name);
    }
    fputs("]", out);
    fprintf(out, ",\"seeds\":[%" PRIu64 ",%" PRIu64 "],\"depths\":[%d,%d],\"size\":[%d,%d]",
            s->seed, s->count, s->depth_lo, s->depth_hi, s->width, s->height);
    fprintf(out, ",\"difficulty\":\"%s\",\"rooms\":[",
            rf_difficulty_name((rf_difficulty)s->difficulty));
    for (i = 0; i < s->nrooms; i++) {
        if (i)
            fputc(',', out);
        rf_json_string(out, s->rooms[i]);
    }
    fputs("],\"recipe\":", out);
    rf_json_string(out, s->recipe);
    if (s->nshards)
        fprintf(out, ",\"shard\":[%d,%d]", s->shard, s->nshards);
    fprintf(out, ",\"draws\":%" PRIu64 ",\n\"templates\":[", s->draws);
    for (i = 0; i < s->nt; i++)
        write_template(out, s, &s->t[i], i == 0);
    fputs("],\n\"never_placed\":[", out);
    for (i = 0; i < s->nt; i++) {
        const st_tmpl *t = &s->t[i];
        int why;
        if (t->placed)
            continue;
        why = rf_st_never_reason(t);
        fputs(first ? "\n{\"name\":" : ",\n{\"name\":", out);
        rf_json_string(out, t->name);
        fprintf(out, ",\"reason\":\"%s\",\"text\":", rf_st_why_key(why));
        rf_json_string(out, rf_st_why_text(why));
        fputc('}', out);
        first = false;
    }
    fputs("],\n\"by_profile\":{", out);
    for (i = 0; i < s->np; i++)
        write_profile(out, &s->p[i], i == 0);
    fprintf(out, "},\n\"violations\":%" PRIu64, s->violations);
    write_first(out, "first_failure", &s->first_failure);
    write_first(out, "first_violation", &s->first_violation);
    fputs("}\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
