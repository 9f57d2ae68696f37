/* tools/cli/cmd_run.c: `roomforge run`: the levels of one seed in order, each
 * printed as gen prints it (DESIGN 18).
 *
 * Pipeline: CLI over run.h and view.h. Design: depths before --depths' first
 * are made and not printed, so depth A is the level a run from depth 1
 * makes; --resume starts from a saved run state (which wins over --seed,
 * --profile, --size and --difficulty), --save writes the state after the
 * last depth. No algorithm here: rf_run does the run.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_genopts.h"
#include "cli_level.h"
#include "cli_pack.h"
#include "commands.h"
#include "roomforge/fs.h"
#include "roomforge/run.h"
#include "roomforge/view.h"

static const char run_usage[] =
    "usage: roomforge run [--content DIR]... [--profile NAME] [--seed N] [--depths A-B]\n"
    "                     [--size WxH] [--room NAME]... [--difficulty D]\n"
    "                     [--recipe FILE] [--format text|json] [--save FILE]\n"
    "                     [--resume FILE] [--scripts DIR] [--verbose] [--quiet]\n"
    "                     [--strict]\n"
    "Generates the levels of one seed from depth 1 down, as a game would, and\n"
    "prints depths A to B: each level's up stairs sit at the down stairs of the\n"
    "level above when the profile says stairs=\"aligned\" (brogue), and a special\n"
    "room, or a room of a <unique scope=\"run\"> group, comes once a run. Depths\n"
    "before A are made and not printed, so depth A is the same level whatever A is.\n"
    "\n"
    "options:\n"
    "  --content DIR          a content pack (repeatable; default: the bundled one)\n"
    "  --profile NAME         level profile (default brogue)\n"
    "  --seed N               the run's seed, a non-negative integer (default 1)\n"
    "  --depths A-B           the depths printed, 1 <= A <= B <= 1000 (default 1-1)\n"
    "  --size WxH             level size from 20x10 to 1000x1000 (default: the\n"
    "                         profile's)\n"
    "  --room NAME            force a template into every level (repeatable)\n"
    "  --difficulty D         DoomRL difficulty: itytd, hntr, hmp, uv, nightmare\n"
    "                         or 1-5 (default hmp)\n"
    "  --recipe FILE          run this Lua level recipe instead of the profile's\n"
    "  --format text|json     text: a line \"depth N\" then gen's text view, for\n"
    "                         each level; json: {\"levels\":[...]}, gen's JSON\n"
    "                         for each level (default text)\n"
    "  --save FILE            write the run's state after depth B to FILE (written\n"
    "                         whole or not at all), for --resume\n"
    "  --resume FILE          go on from a saved run state: its profile, seed,\n"
    "                         size, difficulty and depth win over the options;\n"
    "                         A may not be before the state's depth\n"
    "  --scripts DIR          designer condition and action types (DIR/*.lua)\n"
    "  --verbose              also print notes and the content's diagnostics\n"
    "  --quiet                print errors only\n"
    "  --strict               exit 1 on any error in the content\n"
    "  -h, --help             print this help and exit\n"
    "An option's value may also follow '=' (--seed=7).\n"
    "Exit: 0 success, 1 a level that could not be made, the profile or a forced\n"
    "room with errors, a damaged run state, any content error with --strict;\n"
    "2 usage or I/O errors.\n";

static int worse_of(int a, int b) { return a > b ? a : b; }

/* The run's own options (the level's are cli_genopts.c's). */
typedef struct run_args {
    bool json;
    const char *save, *resume;
    int lo, hi; /* --depths */
} run_args;

static int take_format(const char *cmd, const char *v, void *ctx)
{
    if (!v || (strcmp(v, "text") != 0 && strcmp(v, "json") != 0))
        return cli_usage_error(cmd, "--format takes text or json"), -1;
    ((run_args *)ctx)->json = strcmp(v, "json") == 0;
    return 1;
}

static int take_save(const char *cmd, const char *v, void *ctx)
{
    if (!v || !*v)
        return cli_usage_error(cmd, "--save needs a file name"), -1;
    ((run_args *)ctx)->save = v;
    return 1;
}

static int take_resume(const char *cmd, const char *v, void *ctx)
{
    if (!v || !*v)
        return cli_usage_error(cmd, "--resume needs a file name"), -1;
    ((run_args *)ctx)->resume = v;
    return 1;
}

static int take_depths(const char *cmd, const char *v, void *ctx)
{
    run_args *a = ctx;
    if (!v || !cli_parse_depths(v, &a->lo, &a->hi))
        return cli_usage_error(cmd, "--depths takes A-B with 1 <= A <= B <= %d",
                               RF_LEVEL_MAX_DEPTH),
               -1;
    return 1;
}

static const cli_opt run_opts[] = {{"format", true, take_format},
                                   {"save", true, take_save},
                                   {"resume", true, take_resume},
                                   {"depths", true, take_depths},
                                   {NULL, false, NULL}};

/* Prints lv in the run's format; the first level of json opens no comma. */
static int print_level(const rf_level *lv, const run_args *a, bool first)
{
    rf_view_opts vo;
    rf_status s;
    rf_view_opts_init(&vo);
    if (a->json)
        fputs(first ? "" : ",\n", stdout);
    else
        printf("%sdepth %d\n", first ? "" : "\n", rf_level_depth(lv));
    s = rf_view_write(lv, a->json ? RF_VIEW_JSON : RF_VIEW_TEXT, &vo, stdout);
    if (s != RF_OK || ferror(stdout))
        return cli_usage_error("run", "write error on stdout");
    return CLI_OK;
}

/* Makes depths up to hi of r, printing from lo on; the exit code so far. */
static int walk(rf_run *r, int lo, int hi, const run_args *a, rf_diags *d)
{
    bool first = true;
    int rc = CLI_OK;
    if (a->json) /* each level's JSON names its seed and depth */
        fputs("{\"levels\":[\n", stdout);
    while (rc == CLI_OK && rf_run_depth(r) <= hi) {
        rf_level *lv = NULL;
        int depth = rf_run_depth(r);
        rf_status s = rf_run_next(r, &lv, d);
        if (s != RF_OK) { /* d says why: the library explains every failure */
            rc = s == RF_ERR_ARG ? CLI_USAGE : cli_exit_for(s);
        } else if (depth >= lo) {
            rc = print_level(lv, a, first);
            first = false;
        }
        rf_level_free(lv);
    }
    if (a->json && rc == CLI_OK)
        fputs("]}\n", stdout);
    if (fflush(stdout) != 0 || ferror(stdout))
        rc = worse_of(rc, cli_usage_error("run", "write error on stdout"));
    return rc;
}

/* The run: new, or loaded from a->resume; the exit code, *out on CLI_OK. */
static int start(cli_gen *g, const rf_profile_set *set, const run_args *a, rf_diags *d,
                 rf_run **out)
{
    rf_status s = a->resume ? rf_run_load_path(set, &g->o, a->resume, d, out)
                            : rf_run_new(set, &g->o, d, out);
    if (s == RF_OK)
        return CLI_OK;
    return s == RF_ERR_ARG || s == RF_ERR_IO ? CLI_USAGE : cli_exit_for(s);
}

int cmd_run(int argc, char **argv)
{
    char *recipe = NULL;
    const rf_profile_set *set;
    rf_run *r = NULL;
    run_args a = {false, NULL, NULL, 1, 1};
    cli_optset sets[CLI_GEN_MAX_SETS + 1];
    cli_pack cp;
    cli_gen g;
    rf_diags *d;
    size_t n;
    int k, rc, lo, hi;
    cli_gen_init(&g, CLI_GEN_LEVEL);
    n = cli_gen_sets(&g, sets);
    sets[n++] = (cli_optset){run_opts, &a};
    k = cli_getopt("run", argc, argv, sets, n, NULL, NULL);
    if (k == CLI_HELP) {
        fputs(run_usage, stdout);
        return CLI_OK;
    }
    if (k != CLI_OK || (k = cli_gen_check("run", &g)) != CLI_OK)
        return k;
    lo = a.lo;
    hi = a.hi;
    rc = cli_pack_open(&cp, "run", &g.cc);
    if (!cp.pack)
        return cli_pack_close(&cp);
    k = cli_gen_forced(&cp, &g); /* a forced room's diagnostics in full */
    rc = worse_of(rc, k);
    if (k != CLI_OK)
        return worse_of(rc, cli_pack_close(&cp));
    set = rf_pack_profiles(cp.pack);
    g.o.templates = rf_pack_templates(cp.pack);
    g.o.machines = rf_pack_machines(cp.pack);
    g.o.rooms = g.forced;
    g.o.nrooms = g.nforced;
    if (g.recipe_path && (k = cli_read_recipe("run", g.recipe_path, &g.o, &recipe)) != CLI_OK)
        return worse_of(k, cli_pack_close(&cp));
    if (!(d = rf_diags_new())) {
        rf_fs_free(recipe);
        cli_pack_close(&cp);
        return cli_usage_error("run", "out of memory");
    }
    k = start(&g, set, &a, d, &r);
    if (k == CLI_OK && !cli_pack_profile(&cp, rf_run_profile(r), &k))
        k = worse_of(k, CLI_CONTENT); /* a profile with errors: exit 1, shown */
    else if (k == CLI_OK && lo < rf_run_depth(r))
        k = cli_usage_error("run", "the run state is at depth %d: --depths must start there or "
                                   "later, not at %d",
                            rf_run_depth(r), lo);
    else if (k == CLI_OK)
        k = walk(r, lo, hi, &a, d);
    if (k == CLI_OK && a.save && rf_run_save_path(r, a.save, d) != RF_OK)
        k = CLI_USAGE;
    rc = worse_of(rc, worse_of(k, cli_write_diags(d, g.cc.verbosity)));
    rf_run_free(r);
    rf_fs_free(recipe);
    rf_diags_free(d);
    return worse_of(rc, cli_pack_close(&cp));
}
