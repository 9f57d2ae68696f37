/* engine/src/stats/stats_vary_write.c: the varying rooms' part of the text
 * report (DESIGN 16): variants, distinct maps, subst shares.
 *
 * Pipeline: stats -> output; stats_text.c calls in (the JSON report's part
 * is in the figure walk, stats_each.c). Design: shares and z are printed
 * from the integer picks with fixed precision, as the templates' are.
 */
#include <inttypes.h>
#include <stdio.h>

#include "stats_int.h"

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
