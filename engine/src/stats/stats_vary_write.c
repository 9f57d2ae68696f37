/* engine/src/stats/stats_vary_write.c: the varying rooms' part of the JSON
 * and text reports (DESIGN 16): variants, distinct maps, subst shares.
 *
 * Pipeline: stats -> output; stats_json.c and stats_text.c call in. Design:
 * shares and z are printed from the integer picks with fixed precision, as
 * the templates' are, and the kept map hashes ride along in the JSON so a
 * merge reads back exactly the set the run held.
 */
#include <inttypes.h>
#include <stdio.h>

#include "core/seam.h"
#include "stats_int.h"

static void glyph_json(FILE *out, char g)
{
    char s[2] = {g, 0};
    rf_json_string(out, s);
}

void rf_st_vary_write_json(const st_tmpl *t, FILE *out)
{
    const st_vary *v = t->vary;
    size_t i, k;
    if (!v)
        return;
    fprintf(out,
            ",\"variants\":{\"drawn\":%" PRIu64 ",\"distinct\":%zu,\"distinct_capped\":%s"
            ",\"validate_refused\":%" PRIu64 ",\"subst\":[",
            v->drawn, v->nhash, v->nhash == ST_VARY_HASHES ? "true" : "false",
            v->validate_refused);
    for (i = 0; i < v->nsubst; i++) {
        const st_subst *u = &v->subst[i];
        fputs(i ? ",{\"glyph\":" : "{\"glyph\":", out);
        glyph_json(out, u->glyph);
        fprintf(out, ",\"line\":%d,\"once\":%s,\"picks\":%" PRIu64 ",\"choices\":[", u->line,
                u->once ? "true" : "false", rf_st_subst_picks(u));
        for (k = 0; k < u->nchoices; k++) {
            const st_choice *c = &u->choices[k];
            bool defined;
            double z = rf_st_choice_z(u, c, &defined);
            fputs(k ? ",{\"glyph\":" : "{\"glyph\":", out);
            glyph_json(out, c->glyph);
            fprintf(out,
                    ",\"weight\":%d,\"picks\":%" PRIu64 ",\"expected_share\":%.6f"
                    ",\"observed_share\":%.6f,\"z\":",
                    c->weight, c->picks, rf_st_choice_expected(u, c),
                    rf_st_choice_observed(u, c));
            if (defined)
                fprintf(out, "%.3f}", z + 0.0);
            else
                fputs("null}", out);
        }
        fputs("]}", out);
    }
    fputs("],\"map_hashes\":[", out);
    for (i = 0; i < v->nhash; i++)
        fprintf(out, "%s%" PRIu64, i ? "," : "", v->hash[i]);
    fputs("]}", out);
}

void rf_st_vary_write_text(const rf_stats *s, FILE *out)
{
    size_t i, j, k, n = 0;
    for (i = 0; i < s->nt; i++)
        n += s->t[i].vary != NULL;
    if (n == 0)
        return;
    fprintf(out, "\nvarying rooms (%zu): variants placed, distinct maps (counted up to %d), "
                 "refused by validate; each subst's picks against its weights\n",
            n, ST_VARY_HASHES);
    for (i = 0; i < s->nt; i++) {
        const st_tmpl *t = &s->t[i];
        const st_vary *v = t->vary;
        if (!v)
            continue;
        fprintf(out, "  %s (%s:%d): %" PRIu64 " variants placed, %zu%s distinct, %" PRIu64
                     " refused by validate\n",
                t->name, t->file, t->line, v->drawn, v->nhash,
                v->nhash == ST_VARY_HASHES ? "+" : "", v->validate_refused);
        for (j = 0; j < v->nsubst; j++) {
            const st_subst *u = &v->subst[j];
            fprintf(out, "    subst '%c' (line %d%s): %" PRIu64 " picks\n", u->glyph, u->line,
                    u->once ? ", once" : "", rf_st_subst_picks(u));
            for (k = 0; k < u->nchoices; k++) {
                const st_choice *c = &u->choices[k];
                bool defined;
                double z = rf_st_choice_z(u, c, &defined);
                char zs[32];
                if (defined)
                    snprintf(zs, sizeof zs, "%.2f", z + 0.0);
                else
                    snprintf(zs, sizeof zs, "-");
                fprintf(out, "    %c '%c' weight %5d  picks %9" PRIu64
                             "  expected %7.3f%%  observed %7.3f%%  z %6s\n",
                        defined && (z > 3.0 || z < -3.0) ? '!' : ' ', c->glyph, c->weight,
                        c->picks, 100.0 * rf_st_choice_expected(u, c),
                        100.0 * rf_st_choice_observed(u, c), zs);
            }
        }
    }
}
