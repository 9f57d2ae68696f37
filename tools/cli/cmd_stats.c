/* tools/cli/cmd_stats.c: `roomforge stats`: does each room appear as often
 * as its weight says, over many levels, on every core, in shards.
 *
 * Pipeline: CLI over stats.h: parses the options, loads the content,
 * runs rf_stats_run (or reads and merges shard reports with --merge),
 * writes the report, and shows progress on a terminal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_genopts.h"
#include "cli_level.h"
#include "cli_out.h"
#include "cli_pack.h"
#include "commands.h"
#include "roomforge/fs.h"
#include "roomforge/level.h"
#include "roomforge/stats.h"

static const char stats_usage[] =
    "usage: roomforge stats [--content DIR]... [--profile NAME]... [--seed N] [--count K]\n"
    "                       [--depths A-B] [--size WxH] [--room NAME]... [--difficulty D]\n"
    "                       [--recipe FILE] [--jobs N] [--shard I/N]\n"
    "                       [--format text|json|csv|html] [-o FILE] [--scripts DIR]\n"
    "                       [--verbose] [--quiet] [--strict]\n"
    "       roomforge stats --merge FILE.json... [--format text|json|csv|html] [-o FILE]\n"
    "Generates every level of seeds N..N+K-1, depths A..B and each profile, and\n"
    "reports per template how often it was eligible, drawn, placed and forced,\n"
    "why it was refused, its expected share (its weight over the weights of the\n"
    "templates eligible with it at each draw) against its observed share, and z;\n"
    "templates never placed and why; per profile what the levels hold.\n"
    "\n"
    "options:\n"
    "  --content DIR         a content pack, as for gen; repeat it to layer packs\n"
    "                        (default: the bundled content)\n"
    "  --scripts DIR         designer condition and action types (DIR/*.lua)\n"
    "  --verbose             print every diagnostic of the content in full\n"
    "  --quiet               print errors only, and no progress\n"
    "  --strict              exit 1 on any error in the content, not only\n"
    "                        in the rooms and profile asked about\n"
    "  --profile NAME        level profile (default brogue); repeat it for several\n"
    "                        (at most 64), reported each on its own\n"
    "  --seed N              first seed (default 1)\n"
    "  --count K             number of seeds, 1..1000000 (default 10)\n"
    "  --depths A-B          depths, 1 <= A <= B <= 1000 (default 1-26)\n"
    "  --size WxH            level size from 20x10 to 1000x1000 (default: each\n"
    "                        profile's own)\n"
    "  --room NAME           force a template into every level (repeatable, at\n"
    "                        most 64); a level it cannot be placed in is counted\n"
    "                        as failed\n"
    "  --difficulty D        DoomRL difficulty: itytd, hntr, hmp, uv, nightmare or\n"
    "                        1-5 (default hmp)\n"
    "  --recipe FILE         run this Lua level recipe instead of the profiles'\n"
    "  --jobs N              threads, 1..256 (default: every core); the output is\n"
    "                        the same bytes for any N\n"
    "  --shard I/N           make only the I-th (1-based) of N disjoint parts of\n"
    "                        the run; --merge puts the parts' JSON back together\n"
    "  --merge FILE...       read the JSON reports of the N shards of one run\n"
    "                        (every other argument is a file) and write the\n"
    "                        report the unsharded run writes, byte for byte\n"
    "  --format text|json|csv|html\n"
    "                        text (default: worst drift first), json, csv (one\n"
    "                        row per template), html (a self-contained page)\n"
    "  -o FILE               write the report to FILE (default: stdout)\n"
    "  -h, --help            print this help and exit\n"
    "Progress (levels done, levels/s, time left) goes to stderr on a terminal.\n"
    "An option's value may also follow '=' (--count=25).\n"
    "Exit: 0 success (rooms with errors left out, one note each), 1 a --room or\n"
    "profile with errors, failed levels or invariant violations, any content\n"
    "error with --strict, 2 usage or I/O errors.\n";

#define STATS_MAX_MERGE 100000 /* shard files one merge reads */
#define STATS_MAX_REPORT RF_STATS_MAX_REPORT /* bytes of one shard report */

typedef struct progress {
    bool on;
    double start;
    int shown; /* characters of the last line, to clear it */
} progress;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void show_progress(void *ud, uint64_t done, uint64_t total)
{
    progress *p = ud;
    double t = now_s() - p->start, rate = t > 0 ? (double)done / t : 0.0;
    char line[160];
    int n;
    if (rate > 0 && done < total)
        n = snprintf(line, sizeof line, "stats: %llu/%llu levels, %.0f levels/s, %.0f s left",
                     (unsigned long long)done, (unsigned long long)total, rate,
                     (double)(total - done) / rate);
    else
        n = snprintf(line, sizeof line, "stats: %llu/%llu levels, %.0f levels/s",
                     (unsigned long long)done, (unsigned long long)total, rate);
    fprintf(stderr, "\r%s%*s", line, p->shown > n ? p->shown - n : 0, "");
    p->shown = n;
    fflush(stderr);
}

static int write_report(const rf_stats *s, const char *path, rf_stats_format fmt)
{
    cli_out out;
    int rc = cli_out_open(&out, "stats", path, false);
    rf_status st;
    if (rc != CLI_OK)
        return rc;
    st = rf_stats_write(s, out.f, fmt);
    if (st == RF_ERR_NOMEM)
        cli_usage_error("stats", "out of memory");
    return cli_out_close(&out, "stats", st == RF_OK) != CLI_OK || st != RF_OK ? CLI_USAGE : CLI_OK;
}

/* stats --merge FILE...: reads, merges, writes. */
static int run_merge(char **files, size_t n, const char *path, rf_stats_format fmt)
{
    rf_stats **parts = calloc(n, sizeof *parts), *merged = NULL;
    rf_diags *d = rf_diags_new();
    size_t i;
    int rc = CLI_OK;
    if (!parts || !d) {
        free(parts);
        rf_diags_free(d);
        return cli_usage_error("stats", "out of memory");
    }
    for (i = 0; i < n && rc == CLI_OK; i++) {
        char *text = NULL;
        size_t len = 0;
        int why = 0;
        rf_status st = rf_fs_read(files[i], STATS_MAX_REPORT, &text, &len, &why);
        if (st != RF_OK) {
            rc = cli_usage_error("stats", "--merge %s: cannot read: %s", files[i],
                                 st == RF_ERR_LIMIT ? "larger than 16 MiB, which no shard is"
                                                      : rf_fs_why(why));
            break;
        }
        st = rf_stats_read_json(text, len, files[i], &parts[i], d);
        rf_fs_free(text);
        if (st != RF_OK)
            rc = st == RF_ERR_NOMEM ? cli_usage_error("stats", "out of memory") : CLI_CONTENT;
    }
    if (rc == CLI_OK) {
        rf_status st = rf_stats_merge(parts, n, &merged, d);
        if (st != RF_OK)
            rc = st == RF_ERR_NOMEM ? cli_usage_error("stats", "out of memory") : CLI_CONTENT;
    }
    if (cli_write_diags(d, 0) != CLI_OK)
        rc = CLI_USAGE;
    if (rc == CLI_OK) {
        rc = write_report(merged, path, fmt);
        if (rc == CLI_OK && (rf_stats_failed(merged) || rf_stats_violations(merged)))
            rc = CLI_CONTENT;
    }
    rf_stats_free(merged);
    for (i = 0; i < n; i++)
        rf_stats_free(parts[i]);
    free(parts);
    rf_diags_free(d);
    return rc;
}

static bool parse_shard(const char *v, int *i, int *n)
{
    char *end;
    long a, b;
    if (!v || *v < '0' || *v > '9')
        return false;
    a = strtol(v, &end, 10);
    if (*end != '/' || end[1] < '0' || end[1] > '9')
        return false;
    b = strtol(end + 1, &end, 10);
    if (*end || b < 1 || b > RF_STATS_MAX_SHARDS || a < 1 || a > b)
        return false;
    *i = (int)a;
    *n = (int)b;
    return true;
}

/* What stats' own options and arguments fill. */
typedef struct stats_args {
    rf_stats_opts *so;
    rf_stats_format *fmt;
    bool merging;   /* --merge: the arguments are reports */
    char **merge;   /* their paths (argc of them at most) */
    size_t nmerge;
} stats_args;

static int take_merge(const char *cmd, const char *v, void *ctx)
{
    (void)cmd, (void)v;
    ((stats_args *)ctx)->merging = true;
    return 1;
}

static int take_shard(const char *cmd, const char *v, void *ctx)
{
    stats_args *a = ctx;
    if (!parse_shard(v, &a->so->shard, &a->so->nshards))
        return cli_usage_error(cmd, "--shard takes I/N with 1 <= I <= N <= %d",
                               RF_STATS_MAX_SHARDS),
               -1;
    return 1;
}

static int take_format(const char *cmd, const char *v, void *ctx)
{
    if (!v || !rf_stats_format_parse(v, ((stats_args *)ctx)->fmt))
        return cli_usage_error(cmd, "--format takes text, json, csv or html"), -1;
    return 1;
}

/* A report to merge: an argument after --merge. */
static int take_report(const char *cmd, const char *a, void *ctx)
{
    stats_args *sa = ctx;
    if (!sa->merging)
        return cli_usage_error(cmd, "unexpected argument '%s' (see --help)", a), -1;
    sa->merge[sa->nmerge++] = (char *)a;
    return 1;
}

static const cli_opt stats_opts[] = {{"merge", false, take_merge},
                                     {"shard", true, take_shard},
                                     {"format", true, take_format},
                                     {NULL, false, NULL}};

/* The first option of argv a merge does not take (not --merge, --format,
 * -o), or NULL. */
static const char *run_option(int argc, char **argv)
{
    int k;
    for (k = 1; k < argc && strcmp(argv[k], "--") != 0; k++) {
        const char *a = argv[k];
        if (strcmp(a, "--format") == 0 || strcmp(a, "-o") == 0) {
            k++; /* and its value */
            continue;
        }
        if (a[0] == '-' && a[1] != '\0' && strcmp(a, "--merge") != 0 &&
            strncmp(a, "--format=", 9) != 0 && strncmp(a, "-o", 2) != 0)
            return a;
    }
    return NULL;
}

/* --merge: the reports in merge, once no run option came with them. */
static int stats_merge(int argc, char **argv, char **merge, size_t nmerge, const char *out_path,
                       rf_stats_format fmt)
{
    const char *run_opt = run_option(argc, argv);
    if (run_opt) {
        cli_usage_error("stats", "--merge takes only --format and -o besides the files, "
                                 "not %s (the shards carry their run)", run_opt);
        return CLI_USAGE;
    }
    if (nmerge == 0 || nmerge > STATS_MAX_MERGE) {
        cli_usage_error("stats", "--merge takes 1..%d JSON reports", STATS_MAX_MERGE);
        return CLI_USAGE;
    }
    return run_merge(merge, nmerge, out_path, fmt);
}

/* Opens the content and checks the forced room and every profile asked
 * for. true with cp open and *rc the exit code so far; false with cp
 * closed and *rc the exit code. */
static bool open_content(cli_gen *g, cli_pack *cp, int *rc)
{
    size_t j;
    int k, c;
    *rc = cli_pack_open(cp, "stats", &g->cc);
    if (!cp->pack) {
        *rc = cli_pack_close(cp);
        return false;
    }
    k = cli_gen_forced(cp, g); /* a forced room's diagnostics in full */
    *rc = k > *rc ? k : *rc;
    for (j = 0; k == CLI_OK && j < (g->nprofiles ? g->nprofiles : 1); j++)
        if (!cli_pack_profile(cp, g->nprofiles ? g->profiles[j] : NULL, &k) && k < CLI_CONTENT)
            k = CLI_CONTENT;
    if (k == CLI_OK)
        return true;
    c = cli_pack_close(cp);
    *rc = c > k ? c : (k > *rc ? k : *rc);
    return false;
}

/* Runs so, writes its diagnostics and then its report; rc raised to the
 * run's exit code. */
static int run_report(const rf_stats_opts *so, const cli_gen *g, rf_stats_format fmt,
                      bool progress_on, rf_diags *d, int rc)
{
    rf_stats *s = NULL;
    rf_status st = rf_stats_run(so, &s, d);
    int k;
    if (progress_on)
        fputc('\n', stderr);
    if (cli_write_diags(d, g->cc.verbosity) != CLI_OK)
        rc = CLI_USAGE;
    if (st != RF_OK) {
        k = st == RF_ERR_ARG ? CLI_USAGE
            : st == RF_ERR_NOMEM ? cli_usage_error("stats", "out of memory")
                                 : cli_exit_for(st);
        rc = k > rc ? k : rc;
    } else {
        k = write_report(s, g->out_path, fmt);
        if (k == CLI_OK && (rf_stats_failed(s) || rf_stats_violations(s)))
            k = CLI_CONTENT;
        rc = k > rc ? k : rc;
    }
    rf_stats_free(s);
    return rc;
}

/* Runs the statistics g and so ask for and writes the report; the exit code. */
static int stats_run(cli_gen *g, rf_stats_opts *so, rf_stats_format fmt)
{
    char *recipe = NULL;
    cli_pack cp;
    rf_diags *d;
    progress pg = {false, 0.0, 0};
    int k, rc;
    if ((k = cli_gen_check("stats", g)) != CLI_OK)
        return k;
    if (!open_content(g, &cp, &rc))
        return rc;
    if (g->recipe_path &&
        (k = cli_read_recipe("stats", g->recipe_path, &g->o, &recipe)) != CLI_OK) {
        cli_pack_close(&cp);
        return k;
    }
    cli_gen_stats_opts(g, so);
    so->profiles = rf_pack_profiles(cp.pack);
    so->templates = rf_pack_templates(cp.pack);
    so->machines = rf_pack_machines(cp.pack);
    so->profile_names = g->profiles;
    so->nprofiles = g->nprofiles;
    pg.on = g->cc.verbosity >= 0 && isatty(fileno(stderr));
    if (pg.on) {
        pg.start = now_s();
        so->progress = show_progress;
        so->progress_ud = &pg;
    }
    d = rf_diags_new();
    if (!d) {
        rf_fs_free(recipe);
        cli_pack_close(&cp);
        return cli_usage_error("stats", "out of memory");
    }
    rc = run_report(so, g, fmt, pg.on, d, rc);
    rf_diags_free(d);
    rf_fs_free(recipe);
    k = cli_pack_close(&cp);
    return k > rc ? k : rc;
}

int cmd_stats(int argc, char **argv)
{
    char **merge;
    size_t n;
    stats_args sa = {NULL, NULL, false, NULL, 0};
    cli_optset sets[CLI_GEN_MAX_SETS + 1];
    rf_stats_opts so;
    rf_stats_format fmt = RF_STATS_TEXT;
    cli_gen g;
    int k, rc;
    rf_stats_opts_init(&so);
    cli_gen_init(&g, CLI_GEN_LEVEL | CLI_GEN_RUN | CLI_GEN_OUT);
    merge = calloc((size_t)argc + 1, sizeof *merge);
    if (!merge)
        return cli_usage_error("stats", "out of memory");
    sa.so = &so;
    sa.fmt = &fmt;
    sa.merge = merge;
    n = cli_gen_sets(&g, sets);
    sets[n++] = (cli_optset){stats_opts, &sa};
    k = cli_getopt("stats", argc, argv, sets, n, take_report, &sa);
    if (k == CLI_HELP)
        fputs(stats_usage, stdout);
    if (k != CLI_OK) {
        free(merge);
        return k == CLI_HELP ? CLI_OK : CLI_USAGE;
    }
    if (g.out_path && (rc = cli_out_check("stats", g.out_path, NULL, NULL, 0)) != CLI_OK) {
        free(merge);
        return rc;
    }
    if (sa.merging) {
        rc = stats_merge(argc, argv, merge, sa.nmerge, g.out_path, fmt);
        free(merge);
        return rc;
    }
    free(merge);
    return stats_run(&g, &so, fmt);
}
