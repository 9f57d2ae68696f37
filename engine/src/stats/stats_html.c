/* engine/src/stats/stats_html.c: the html report: one self-contained page,
 * its charts inline SVG (no script, no network, no external file).
 *
 * Pipeline: stats -> output (roomforge stats --format html). Design: the
 * page is written straight from the figures: a summary, a chart of
 * expected against observed share for the worst-drifting templates, the
 * full template table, the never-placed list, the rooms that vary (their
 * subst choices against their weights), and per profile one bar
 * chart per distribution and the special rooms against DoomRL's table.
 * Every text is escaped; the same figures give the same bytes.
 */
#include <inttypes.h>
#include <stdio.h>

#include "core/seam.h"
#include "stats_int.h"

#define CHART_TEMPLATES 40 /* templates the share chart shows (worst first) */
#define CHART_W 720

/* The first n bytes of s (up to its NUL), escaped for HTML. */
static void esc_n(FILE *out, const char *s, size_t n)
{
    for (; s && *s && n > 0; s++, n--)
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&#39;", out); break;
        default: fputc(*s, out);
        }
}

static void esc(FILE *out, const char *s) { esc_n(out, s, (size_t)-1); }

static const char style[] =
    "<style>body{font:14px/1.4 sans-serif;margin:2em;color:#222}"
    "table{border-collapse:collapse}td,th{padding:2px 8px;border-bottom:1px solid #ddd;"
    "text-align:right}td:first-child,th:first-child{text-align:left}"
    "tr.flag td{background:#fde2e2}svg{display:block;margin:1em 0}"
    "h2{margin-top:2em}.note{color:#666}</style>\n";

/* The share chart: per template a grey bar (expected) over a blue one
 * (observed, red when flagged). */
static void share_chart(const rf_stats *s, FILE *out, const size_t *ix)
{
    size_t n = s->nt < CHART_TEMPLATES ? s->nt : CHART_TEMPLATES, i;
    double top = 0.0;
    int label = 220, bar = CHART_W - label - 80, row = 22;
    for (i = 0; i < n; i++) {
        double e = rf_st_expected_share(s, &s->t[ix[i]]), o = rf_st_observed_share(s, &s->t[ix[i]]);
        top = e > top ? e : top;
        top = o > top ? o : top;
    }
    if (top <= 0.0)
        top = 1.0;
    fprintf(out, "<svg id=\"shares\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
                 "height=\"%zu\" role=\"img\" aria-label=\"expected and observed shares\">\n",
            CHART_W, n * (size_t)row + 30);
    fprintf(out, "<text x=\"%d\" y=\"14\" font-size=\"12\">grey: expected share, blue: observed "
                 "(red: off by more than 3 sd)</text>\n", label);
    for (i = 0; i < n; i++) {
        const st_tmpl *t = &s->t[ix[i]];
        double e = rf_st_expected_share(s, t), o = rf_st_observed_share(s, t);
        size_t y = 24 + i * (size_t)row;
        fprintf(out, "<text x=\"0\" y=\"%zu\" font-size=\"12\">", y + 13);
        esc(out, t->name);
        fprintf(out, "</text><rect x=\"%d\" y=\"%zu\" width=\"%.1f\" height=\"8\" fill=\"#bbb\"/>"
                     "<rect class=\"obs\" x=\"%d\" y=\"%zu\" width=\"%.1f\" height=\"8\" "
                     "fill=\"%s\"/><text x=\"%.1f\" y=\"%zu\" font-size=\"11\">%.2f%%</text>\n",
                label, y + 2, bar * e / top, label, y + 10, bar * o / top,
                rf_st_flagged(t) ? "#c0392b" : "#2e6bd1", label + bar * (e > o ? e : o) / top + 4,
                y + 13, 100.0 * o);
    }
    fputs("</svg>\n", out);
}

/* A bar chart of one distribution: levels per value. */
static void hist_chart(FILE *out, const char *name, const st_hist *h)
{
    size_t v, lo = (size_t)-1, hi = 0;
    uint64_t top = 0;
    int w = 360, hgt = 90;
    for (v = 0; v < h->ncap; v++)
        if (h->n[v]) {
            lo = v < lo ? v : lo;
            hi = v;
            top = h->n[v] > top ? h->n[v] : top;
        }
    fprintf(out, "<figure><figcaption>%s: mean %.3f, min %" PRIu64 ", max %" PRIu64
                 "</figcaption>\n<svg class=\"hist\" xmlns=\"http://www.w3.org/2000/svg\" "
                 "width=\"%d\" height=\"%d\">",
            name, h->levels ? (double)h->sum / (double)h->levels : 0.0, h->min, h->max, w,
            hgt + 14);
    if (top > 0) {
        double bw = (double)(w - 40) / (double)(hi - lo + 1);
        for (v = lo; v <= hi; v++) {
            double bh = (double)hgt * (double)h->n[v] / (double)top;
            if (h->n[v])
                fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                             "fill=\"#2e6bd1\"><title>%zu: %" PRIu64 " levels</title></rect>",
                        20 + bw * (double)(v - lo), (double)hgt - bh, bw > 1.5 ? bw - 1 : bw, bh,
                        v, h->n[v]);
        }
        fprintf(out, "<text x=\"20\" y=\"%d\" font-size=\"11\">%zu</text>"
                     "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">%zu</text>",
                hgt + 12, lo, w - 20, hgt + 12, hi);
    }
    fputs("</svg></figure>\n", out);
}

static void template_table(const rf_stats *s, FILE *out, const size_t *ix)
{
    size_t i;
    int k;
    fputs("<table id=\"templates\"><tr><th>template</th><th>weight</th><th>eligible</th>"
          "<th>drawn</th><th>placed</th><th>forced</th><th>expected</th><th>observed</th>"
          "<th>z</th><th>refused</th></tr>\n", out);
    for (i = 0; i < s->nt; i++) {
        const st_tmpl *t = &s->t[ix[i]];
        bool defined, any = false;
        double z = rf_st_z(t, &defined);
        fprintf(out, "<tr%s><td>", rf_st_flagged(t) ? " class=\"flag\"" : "");
        esc(out, t->name);
        fprintf(out, "</td><td>%d</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%" PRIu64
                     "</td><td>%" PRIu64 "</td><td>%.3f%%</td><td>%.3f%%</td><td>",
                t->weight, t->eligible, t->drawn, t->placed, t->forced,
                100.0 * rf_st_expected_share(s, t), 100.0 * rf_st_observed_share(s, t));
        if (defined)
            fprintf(out, "%.2f", z + 0.0);
        else
            fputs("-", out);
        fputs("</td><td>", out);
        for (k = 1; k < ST_WHY_COUNT; k++)
            if (t->refused[k]) {
                fprintf(out, "%s%s %" PRIu64, any ? ", " : "", rf_st_why_key(k), t->refused[k]);
                any = true;
            }
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

/* One row per subst choice of each room that vary (DESIGN 16); nothing
 * when none does. */
static void vary_table(const rf_stats *s, FILE *out)
{
    size_t i, j, k;
    bool any = false;
    for (i = 0; i < s->nt; i++) {
        const st_vary *v = s->t[i].vary;
        char g[2] = {0, 0};
        if (!v)
            continue;
        if (!any)
            fprintf(out, "<h2>Rooms that vary</h2>\n<p class=\"note\">Variants placed, distinct "
                         "maps (counted up to %d), draws refused by validate, and each subst "
                         "choice's share of its picks against its weight.</p>\n<table id=\"vary\">"
                         "<tr><th>room</th><th>variants</th><th>distinct</th><th>refused by "
                         "validate</th><th>subst</th><th>choice</th><th>weight</th><th>picks</th>"
                         "<th>expected</th><th>observed</th><th>z</th></tr>\n",
                    ST_VARY_HASHES);
        any = true;
        fputs("<tr><td>", out);
        esc(out, s->t[i].name);
        fprintf(out, "</td><td>%" PRIu64 "</td><td>%zu%s</td><td>%" PRIu64
                     "</td><td></td><td></td><td></td><td></td><td></td><td></td><td></td></tr>\n",
                v->drawn, v->nhash, v->nhash == ST_VARY_HASHES ? "+" : "", v->validate_refused);
        for (j = 0; j < v->nsubst; j++)
            for (k = 0; k < v->subst[j].nchoices; k++) {
                const st_subst *u = &v->subst[j];
                const st_choice *c = &u->choices[k];
                bool defined;
                double z = rf_st_choice_z(u, c, &defined);
                bool flag = defined && (z > 3.0 || z < -3.0);
                fprintf(out, "<tr%s><td></td><td></td><td></td><td></td><td>",
                        flag ? " class=\"flag\"" : "");
                g[0] = u->glyph;
                esc(out, g);
                fprintf(out, " (line %d%s)</td><td>", u->line, u->once ? ", once" : "");
                g[0] = c->glyph;
                esc(out, g);
                fprintf(out,
                        "</td><td>%d</td><td>%" PRIu64 "</td><td>%.3f%%</td><td>%.3f%%</td><td>",
                        c->weight, c->picks, 100.0 * rf_st_choice_expected(u, c),
                        100.0 * rf_st_choice_observed(u, c));
                if (defined)
                    fprintf(out, "%.2f", z + 0.0);
                else
                    fputs("-", out);
                fputs("</td></tr>\n", out);
            }
    }
    if (any)
        fputs("</table>\n", out);
}

static void profile_section(const st_profile *p, FILE *out)
{
    int k;
    size_t i;
    uint64_t tried = p->tried_normal + p->tried_single;
    fputs("<h2>Profile ", out);
    esc(out, p->name);
    fprintf(out, "</h2>\n<p>%" PRIu64 " levels, %" PRIu64 " failed, %" PRIu64
                 " invariant violations.</p>\n",
            p->levels, p->failed, p->violations);
    for (k = 0; k < ST_DIST_COUNT; k++)
        hist_chart(out, rf_st_dist_names[k], &p->dist[k]);
    fprintf(out, "<table class=\"special\"><tr><th>special room</th><th>made</th><th>drawn</th>"
                 "<th>share</th><th>DoomRL's table</th></tr>\n");
    for (k = 0; k < RF_SPECIAL_KIND_COUNT; k++)
        fprintf(out, "<tr><td>%s</td><td>%" PRIu64 "</td><td>%" PRIu64 "</td><td>%.3f%%</td>"
                     "<td>%.3f%%</td></tr>\n",
                rf_special_kind_name((rf_special_kind)k), p->special_made[k], p->special_drawn[k],
                tried ? 100.0 * (double)p->special_drawn[k] / (double)tried : 0.0,
                100.0 * rf_st_special_expected(p, k));
    fputs("</table>\n<table class=\"feelings\"><tr><th>feeling</th><th>levels</th></tr>\n", out);
    for (i = 0; i < p->feel.n; i++) {
        fputs("<tr><td>", out);
        esc(out, p->feel.items[i].text);
        fprintf(out, "</td><td>%" PRIu64 "</td></tr>\n", p->feel.items[i].n);
    }
    fputs("</table>\n<table class=\"machines\"><tr><th>machine</th><th>depth</th>"
          "<th>placed</th></tr>\n", out);
    for (i = 0; i < p->mach.n; i++) {
        size_t len;
        int depth;
        if (!rf_st_machine_split(p->mach.items[i].text, &len, &depth))
            continue;
        fputs("<tr><td>", out);
        esc_n(out, p->mach.items[i].text, len);
        fprintf(out, "</td><td>%d</td><td>%" PRIu64 "</td></tr>\n", depth, p->mach.items[i].n);
    }
    fputs("</table>\n", out);
}

rf_status rf_st_write_html(const rf_stats *s, FILE *out)
{
    size_t *ix = rf_st_order(s), i;
    if (!ix)
        return RF_ERR_NOMEM;
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<title>roomforge stats</title>\n", out);
    fputs(style, out);
    fprintf(out, "</head><body>\n<h1>roomforge stats</h1>\n<p id=\"summary\">%" PRIu64
                 " levels kept, %" PRIu64 " failed, %" PRIu64 " weighted draws, %" PRIu64
                 " invariant violations; seeds %" PRIu64 "-%" PRIu64 ", depths %d-%d; %zu of "
                 "%zu templates off by more than 3 standard deviations.</p>\n",
            s->levels, s->failed, s->draws, s->violations, s->seed, s->seed + s->count - 1,
            s->depth_lo, s->depth_hi, rf_stats_flagged(s), s->nt);
    fputs("<h2>Shares, worst drift first</h2>\n<p class=\"note\">A template's expected share "
          "is its weight over the weights of the templates eligible with it at each draw; "
          "observed is the share of draws that placed it.</p>\n", out);
    share_chart(s, out, ix);
    template_table(s, out, ix);
    fputs("<h2>Never placed</h2>\n<ul id=\"never\">\n", out);
    for (i = 0; i < s->nt; i++) {
        const st_tmpl *t = &s->t[i];
        int why;
        if (t->placed)
            continue;
        why = rf_st_never_reason(t);
        fputs("<li>", out);
        esc(out, t->name);
        fputs(": ", out);
        esc(out, rf_st_why_text(why));
        fputs("</li>\n", out);
    }
    fputs("</ul>\n", out);
    vary_table(s, out);
    for (i = 0; i < s->np; i++)
        profile_section(&s->p[i], out);
    fputs("</body></html>\n", out);
    rf_free(ix);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
