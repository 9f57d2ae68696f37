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
#include "cli_level.h"
#include "cli_pack.h"
#include "commands.h"
#include "roomforge/fs.h"
#include "roomforge/level.h"
#include "roomforge/special.h"
#include "roomforge/stats.h"

static const char catalog_usage[] =
    "usage: roomforge catalog [--content DIR]... [--profile NAME] [--seed N] [--count K]\n"
    "                         [--depths A-B] [--size WxH] [--room NAME]... [--difficulty D]\n"
    "                         [--recipe FILE] [--format text|csv|json] [--scripts DIR]\n"
    "                         [--jobs N] [--verbose] [--quiet]\n"
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
    "Exit: 0 success, 1 content errors, 2 usage or I/O errors.\n";

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

#define CATALOG_MAX_COUNT 1000000
#define CATALOG_MAX_ROOMS 64 /* --room options one run takes, as gen */

int cmd_catalog(int argc, char **argv)
{
    const char *recipe_path = NULL;
    char *recipe = NULL;
    rf_level_opts o;
    const rf_profile_set *set = NULL;
    cli_content cc;
    cli_pack cp;
    rf_diags *d;
    const char *forced[CATALOG_MAX_ROOMS];
    size_t nforced = 0, j;
    unsigned long long seed = 1;
    int k, rc, fmt = FMT_TEXT, count = 10, a = 1, b = 26;
    rf_stats_opts so;
    catalog_out co;
    rf_status s;
    rf_stats_opts_init(&so);
    rf_level_opts_init(&o);
    cli_content_init(&cc);
    for (k = 1; k < argc; k++) {
        const char *v = NULL;
        int r;
        if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0) {
            fputs(catalog_usage, stdout);
            return CLI_OK;
        }
        if ((r = cli_content_opt("catalog", argc, argv, &k, &cc)) != 0) {
            if (r < 0)
                return CLI_USAGE;
        } else if ((r = cli_opt_value(argc, argv, &k, "--profile", &v)) != 0) {
            if (r < 0 || !*v)
                return cli_usage_error("catalog", "--profile needs a name");
            o.profile = v;
        } else if ((r = cli_opt_value(argc, argv, &k, "--seed", &v)) != 0) {
            if (r < 0 || !cli_parse_u64(v, &seed))
                return cli_usage_error("catalog", "--seed takes a non-negative integer");
        } else if ((r = cli_opt_value(argc, argv, &k, "--count", &v)) != 0) {
            if (r < 0 || !cli_parse_int(v, &count) || count < 1 || count > CATALOG_MAX_COUNT)
                return cli_usage_error("catalog", "--count takes 1..%d", CATALOG_MAX_COUNT);
        } else if ((r = cli_opt_value(argc, argv, &k, "--depths", &v)) != 0) {
            if (r < 0 || !cli_parse_depths(v, &a, &b))
                return cli_usage_error("catalog", "--depths takes A-B with 1 <= A <= B <= %d",
                                        RF_LEVEL_MAX_DEPTH);
        } else if ((r = cli_opt_value(argc, argv, &k, "--difficulty", &v)) != 0) {
            rf_difficulty dl;
            if (r < 0 || !rf_difficulty_parse(v, &dl))
                return cli_usage_error("catalog", "--difficulty takes itytd, hntr, hmp, uv or nightmare (or 1-5)");
            o.difficulty = (int)dl;
        } else if ((r = cli_opt_value(argc, argv, &k, "--size", &v)) != 0) {
            if (r < 0 || !cli_parse_size(v, &o.width, &o.height))
                return cli_usage_error("catalog", "--size takes WxH from %dx%d to %dx%d",
                                        RF_LEVEL_MIN_W, RF_LEVEL_MIN_H, RF_LEVEL_MAX_SIDE,
                                        RF_LEVEL_MAX_SIDE);
        } else if ((r = cli_opt_value(argc, argv, &k, "--room", &v)) != 0) {
            if (r < 0 || !*v)
                return cli_usage_error("catalog", "--room needs a template name");
            if (nforced == CATALOG_MAX_ROOMS)
                return cli_usage_error("catalog", "--room given more than %d times",
                                       CATALOG_MAX_ROOMS);
            forced[nforced++] = v;
        } else if ((r = cli_opt_value(argc, argv, &k, "--format", &v)) != 0) {
            if (r < 0)
                return cli_usage_error("catalog", "--format takes text, csv or json");
            if (strcmp(v, "text") == 0)
                fmt = FMT_TEXT;
            else if (strcmp(v, "csv") == 0)
                fmt = FMT_CSV;
            else if (strcmp(v, "json") == 0)
                fmt = FMT_JSON;
            else
                return cli_usage_error("catalog", "--format takes text, csv or json");
        } else if ((r = cli_opt_value(argc, argv, &k, "--jobs", &v)) != 0) {
            if (r < 0 || !cli_parse_int(v, &so.jobs) || so.jobs < 1 || so.jobs > RF_STATS_MAX_JOBS)
                return cli_usage_error("catalog", "--jobs takes 1..%d", RF_STATS_MAX_JOBS);
        } else if ((r = cli_opt_value(argc, argv, &k, "--recipe", &v)) != 0) {
            if (r < 0 || !*v)
                return cli_usage_error("catalog", "--recipe needs a Lua file");
            recipe_path = v;
        } else {
            return cli_usage_error("catalog", "unknown argument '%s' (see --help)", argv[k]);
        }
    }
    if (seed > UINT64_MAX - (unsigned long long)count)
        return cli_usage_error("catalog", "--seed + --count overflows");
    rc = cli_pack_open(&cp, "catalog", &cc);
    if (!cp.pack)
        return cli_pack_close(&cp);
    for (j = 0, k = CLI_OK; j < nforced; j++) /* a forced room's diagnostics in full */
        if (!cli_pack_room(&cp, forced[j], &k) && k > rc)
            rc = k;
    if (k != CLI_OK) {
        k = cli_pack_close(&cp);
        return k > rc ? k : rc;
    }
    if (!cli_pack_profile(&cp, o.profile, &k)) { /* a profile with errors: exit 1, shown */
        int c = cli_pack_close(&cp);
        return c > k ? c : k;
    }
    set = rf_pack_profiles(cp.pack);
    o.templates = rf_pack_templates(cp.pack);
    o.rooms = forced;
    o.nrooms = nforced;
    if (recipe_path) {
        k = cli_read_recipe("catalog", recipe_path, &o, &recipe);
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
    so.profiles = set;
    so.templates = o.templates;
    so.profile_names = &o.profile;
    so.nprofiles = 1;
    so.seed = seed;
    so.count = (uint64_t)count;
    so.depth_lo = a;
    so.depth_hi = b;
    so.width = o.width;
    so.height = o.height;
    so.difficulty = o.difficulty;
    so.rooms = forced;
    so.nrooms = nforced;
    so.recipe = o.recipe;
    so.recipe_len = o.recipe_len;
    so.recipe_file = o.recipe_file;
    co.fmt = fmt;
    co.first = true;
    if (fmt == FMT_CSV)
        puts("seed,depth,digest,rooms,templates,monsters,items");
    else if (fmt == FMT_JSON)
        fputs("{\"levels\":[", stdout);
    s = rf_stats_catalog(&so, print_row, &co, d);
    if (s == RF_ERR_IO) {
        rc = cli_usage_error("catalog", "write error on stdout");
        goto done;
    }
    if (s != RF_OK) { /* the failing level's diagnostics, and which level it is */
        rc = s == RF_ERR_ARG ? CLI_USAGE
             : s == RF_ERR_NOMEM ? cli_usage_error("catalog", "out of memory")
                                 : cli_exit_for(s);
        if (cli_write_diags(d, cc.verbosity) != CLI_OK)
            rc = CLI_USAGE;
        goto done;
    }
    if (fmt == FMT_JSON)
        fputs("\n]}\n", stdout);
done:
    if (fflush(stdout) != 0 && rc == CLI_OK)
        rc = cli_usage_error("catalog", "write error on stdout");
    rf_fs_free(recipe);
    rf_diags_free(d);
    k = cli_pack_close(&cp);
    return k > rc ? k : rc;
}
