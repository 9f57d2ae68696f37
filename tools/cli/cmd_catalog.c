/* tools/cli/cmd_catalog.c: `roomforge catalog`: one line per level for a
 * range of seeds and depths, the digests a committed catalog diffs.
 *
 * Pipeline: CLI over stats.h (rf_stats_catalog: the levels on --jobs
 * threads, rows handed back in level order) and level.h. Columns: seed,
 * depth, digest, rooms, templates, monsters and items.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_genopts.h"
#include "cli_level.h"
#include "cli_pack.h"
#include "commands.h"
#include "roomforge/fs.h"
#include "roomforge/level.h"
#include "roomforge/stats.h"

static const char catalog_usage[] =
    "usage: roomforge catalog [--content DIR]... [--profile NAME] [--seed N] [--count K]\n"
    "                         [--depths A-B] [--size WxH] [--room NAME]... [--difficulty D]\n"
    "                         [--recipe FILE] [--format text|csv|json] [--scripts DIR]\n"
    "                         [--jobs N] [--verbose] [--quiet] [--strict]\n"
    "Generates every level of seeds N..N+K-1 and depths A..B in one process and\n"
    "prints one line a level: seed depth digest rooms templates monsters items,\n"
    "where digest is the FNV-1a 64 hash of the level's JSON output (gen --format\n"
    "json: terrain, rooms, objects, feelings; template files as base names).\n"
    "\n"
    "options:\n"
    "  --content DIR         a content pack, as for gen; repeat it to layer packs\n"
    "                        (default: the bundled content)\n"
    "  --scripts DIR         designer condition and action types (DIR/*.lua) the\n"
    "                        rooms' scripts are checked against\n"
    "  --verbose             print every diagnostic of the content in full\n"
    "  --quiet               print errors only\n"
    "  --strict              exit 1 on any error in the content, not only\n"
    "                        in the rooms and profile asked about\n"
    "  --profile NAME        level profile (default brogue)\n"
    "  --seed N              first seed (default 1)\n"
    "  --count K             number of seeds, 1..1000000 (default 10)\n"
    "  --depths A-B          depths, 1 <= A <= B <= 1000 (default 1-26)\n"
    "  --size WxH            level size from 20x10 to 1000x1000 (default: the\n"
    "                        profile's own)\n"
    "  --room NAME           force a template into every level, as gen does\n"
    "                        (repeatable, at most 64); a level it cannot be placed\n"
    "                        in stops the catalog, exit 1\n"
    "  --difficulty D        DoomRL difficulty: itytd, hntr, hmp, uv, nightmare or\n"
    "                        1-5 (default hmp)\n"
    "  --recipe FILE         run this Lua level recipe instead of the profile's\n"
    "  --jobs N              threads, 1..256 (default: every core); the output is\n"
    "                        the same bytes for any N\n"
    "  --format text|csv|json\n"
    "                        output format (default text; csv and json: the same\n"
    "                        columns)\n"
    "  -h, --help            print this help and exit\n"
    "An option's value may also follow '=' (--count=25).\n"
    "Exit: 0 success (rooms with errors left out, one note each), 1 a --room or\n"
    "the profile with errors, a failed level, any content error with --strict,\n"
    "2 usage or I/O errors.\n";

enum { FMT_TEXT, FMT_CSV, FMT_JSON };

typedef struct catalog_out {
    int fmt;
    bool first;
} catalog_out;

static bool print_row(void *ud, const rf_stats_row *row)
{
    catalog_out *c = ud;
    unsigned long long seed = (unsigned long long)row->seed;
    if (c->fmt == FMT_JSON)
        printf("%s\n{\"seed\":%llu,\"depth\":%d,\"digest\":\"%016" PRIx64
               "\",\"rooms\":%zu,\"templates\":%zu,\"monsters\":%zu,\"items\":%zu}",
               c->first ? "" : ",", seed, row->depth, row->digest, row->rooms, row->templates,
               row->monsters, row->items);
    else
        printf(c->fmt == FMT_CSV ? "%llu,%d,%016" PRIx64 ",%zu,%zu,%zu,%zu\n"
                                 : "%llu %d %016" PRIx64 " %zu %zu %zu %zu\n",
               seed, row->depth, row->digest, row->rooms, row->templates, row->monsters,
               row->items);
    c->first = false;
    return !ferror(stdout);
}

static int take_format(const char *cmd, const char *v, void *ctx)
{
    static const char *const names[] = {"text", "csv", "json"};
    static const int fmts[] = {FMT_TEXT, FMT_CSV, FMT_JSON};
    size_t i;
    for (i = 0; v && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(v, names[i]) == 0) {
            *(int *)ctx = fmts[i];
            return 1;
        }
    return cli_usage_error(cmd, "--format takes text, csv or json"), -1;
}

static const cli_opt catalog_opts[] = {{"format", true, take_format}, {NULL, false, NULL}};

/* Prints the catalog so asks for in fmt, its head and end included, the
 * diagnostics of a failed level in d; the exit code after rc. */
static int print_catalog(const rf_stats_opts *so, int fmt, rf_diags *d, int verbosity, int rc)
{
    catalog_out co = {fmt, true};
    rf_status s;
    if (fmt == FMT_CSV)
        puts("seed,depth,digest,rooms,templates,monsters,items");
    else if (fmt == FMT_JSON)
        fputs("{\"levels\":[", stdout);
    s = rf_stats_catalog(so, print_row, &co, d);
    if (s == RF_ERR_IO) {
        rc = cli_usage_error("catalog", "write error on stdout");
    } else if (s != RF_OK) { /* the failing level's diagnostics, and which level it is */
        rc = s == RF_ERR_ARG ? CLI_USAGE
             : s == RF_ERR_NOMEM ? cli_usage_error("catalog", "out of memory")
                                 : cli_exit_for(s);
        if (cli_write_diags(d, verbosity) != CLI_OK)
            rc = CLI_USAGE;
    } else if (fmt == FMT_JSON) {
        fputs("\n]}\n", stdout);
    }
    if (fflush(stdout) != 0 && rc == CLI_OK)
        rc = cli_usage_error("catalog", "write error on stdout");
    return rc;
}

/* The command line into g and *fmt: CLI_OK, CLI_HELP with the usage
 * printed, or the exit code. */
static int parse_args(int argc, char **argv, cli_gen *g, int *fmt)
{
    cli_optset sets[CLI_GEN_MAX_SETS + 1];
    size_t n;
    int k;
    cli_gen_init(g, CLI_GEN_LEVEL | CLI_GEN_RUN);
    n = cli_gen_sets(g, sets);
    sets[n++] = (cli_optset){catalog_opts, fmt};
    k = cli_getopt("catalog", argc, argv, sets, n, NULL, NULL);
    if (k == CLI_HELP) {
        fputs(catalog_usage, stdout);
        return CLI_HELP;
    }
    if (k != CLI_OK)
        return k;
    return cli_gen_check("catalog", g);
}

int cmd_catalog(int argc, char **argv)
{
    char *recipe = NULL;
    const rf_profile_set *set = NULL;
    cli_gen g;
    cli_pack cp;
    rf_diags *d;
    int k, rc, fmt = FMT_TEXT;
    rf_stats_opts so;
    rf_stats_opts_init(&so);
    if ((k = parse_args(argc, argv, &g, &fmt)) != CLI_OK)
        return k == CLI_HELP ? CLI_OK : k;
    rc = cli_pack_open(&cp, "catalog", &g.cc);
    if (!cp.pack)
        return cli_pack_close(&cp);
    k = cli_gen_forced(&cp, &g); /* a forced room's diagnostics in full */
    rc = k > rc ? k : rc;
    if (k != CLI_OK) {
        k = cli_pack_close(&cp);
        return k > rc ? k : rc;
    }
    if (!cli_pack_profile(&cp, g.o.profile, &k)) { /* a profile with errors: exit 1, shown */
        int c = cli_pack_close(&cp);
        return c > k ? c : k;
    }
    set = rf_pack_profiles(cp.pack);
    if (g.recipe_path) {
        k = cli_read_recipe("catalog", g.recipe_path, &g.o, &recipe);
        if (k != CLI_OK) {
            cli_pack_close(&cp);
            return k;
        }
    }
    d = rf_diags_new();
    if (!d) {
        rf_fs_free(recipe);
        cli_pack_close(&cp);
        return cli_usage_error("catalog", "out of memory");
    }
    cli_gen_stats_opts(&g, &so);
    so.profiles = set;
    so.templates = rf_pack_templates(cp.pack);
    so.machines = rf_pack_machines(cp.pack);
    so.profile_names = &g.o.profile;
    so.nprofiles = 1;
    rc = print_catalog(&so, fmt, d, g.cc.verbosity, rc);
    rf_fs_free(recipe);
    rf_diags_free(d);
    k = cli_pack_close(&cp);
    return k > rc ? k : rc;
}
