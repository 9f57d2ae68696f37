/* tools/cli/cli_genopts.c: the option tables of the commands that generate
 * levels: the level's (profile, seed, size, forced rooms, difficulty,
 * recipe), one level's (depth, rooms-file, format, scale), the output's (-o)
 * and a run's (count, depths, jobs), walked by one loop.
 *
 * Pipeline: CLI; values are checked here (ranges, names) so gen, watch,
 * catalog and stats refuse the same things with the same words. Design: an
 * entry is a name and the function that checks and stores its value; the
 * content options stay cli_pack.c's, each command's own options its file's.
 */
#include "cli_genopts.h"

#include <stdint.h>
#include <string.h>

#include "cli.h"
#include "cli_level.h"
#include "cli_out.h"
#include "cli_variant.h"
#include "roomforge/special.h"

const char cli_gen_options_help[] =
    "  --content DIR          a content pack: DIR/rooms/ (else every *.xml under DIR)\n"
    "                         and DIR/profiles.xml (else the bundled profiles);\n"
    "                         repeat it to layer packs, later over earlier\n"
    "                         (default: the bundled content)\n"
    "  --profile NAME         level profile (default brogue; bundled: brogue,\n"
    "                         nethack, dungeonmaker, caverns)\n"
    "  --seed N               seed, a non-negative integer (default 1)\n"
    "  --depth N              depth 1..1000, 1 the first floor (default 1)\n"
    "  --variant N            every room that varies (<vary>) drawn as variant N,\n"
    "                         the number lint and the level JSON name (gen, watch)\n"
    "  --size WxH             level size from 20x10 to 1000x1000 (default: the\n"
    "                         profile's: brogue 79x29, nethack 80x21, dungeonmaker\n"
    "                         the rooms-file's, the bundled rooms1 100x100)\n"
    "  --room NAME            force a template into the level (repeatable, at most\n"
    "                         64); one that cannot be placed, is unknown or has\n"
    "                         errors is exit 1\n"
    "  --format ascii|text|ansi|json|html|png\n"
    "                         output format: ascii terrain glyphs only; text the\n"
    "                         map with objects, template floor drawn ', a legend,\n"
    "                         the templates placed (forced first) and the\n"
    "                         feelings; ansi text in colour, templates on a tinted\n"
    "                         background; json the level in full; html one page\n"
    "                         that works offline; png an image. Default: ansi on a\n"
    "                         terminal (unless NO_COLOR is set), else ascii\n"
    "  --scale N              png: pixels per cell side, 1..32 (default 8)\n"
    "  --legend, --no-legend  png: a legend under the map, a swatch and a word\n"
    "                         for each terrain, mark and outline it shows (on by\n"
    "                         default)\n"
    "  -o FILE                write the level to FILE instead of stdout (- is\n"
    "                         stdout; png to a terminal needs it); written under\n"
    "                         a temporary name and renamed when complete; never\n"
    "                         over a directory, FIFO, device or one of the inputs\n"
    "  --scripts DIR          designer condition and action types (DIR/*.lua) the\n"
    "                         rooms' scripts are checked against\n"
    "  --verbose              also print notes (templates drawn but left out) and\n"
    "                         every diagnostic of the content in full\n"
    "  --quiet                print errors only\n"
    "  --strict               exit 1 on any error in the content, not only\n"
    "                         in the rooms and profile asked about\n"
    "  --rooms-file FILE      a DungeonMaker rooms-file for a recipe that calls\n"
    "                         dig_crawl (the dungeonmaker profile)\n"
    "  --recipe FILE          run this Lua level recipe instead of the profile's,\n"
    "                         with the profile's parameters\n"
    "  --difficulty D         DoomRL difficulty for the special rooms: itytd, hntr,\n"
    "                         hmp, uv, nightmare or 1-5 (default hmp)\n";

void cli_gen_init(cli_gen *g, unsigned sets)
{
    memset(g, 0, sizeof *g);
    g->sets = sets;
    rf_level_opts_init(&g->o);
    cli_content_init(&g->cc);
    rf_view_opts_init(&g->vo);
    g->fmt = RF_VIEW_ASCII;
    g->count = 10;
    g->depth_lo = 1;
    g->depth_hi = 26;
}

/* A value that must not be empty: true, or false after printing what name
 * needs. */
static bool given(const char *cmd, const char *v, const char *name, const char *need)
{
    if (v && *v)
        return true;
    cli_usage_error(cmd, "%s needs %s", name, need);
    return false;
}

/* ---- the level: every command that generates ---- */

static int take_profile(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!given(cmd, v, "--profile", "a name"))
        return -1;
    if (g->nprofiles == CLI_GEN_MAX_PROFILES)
        return cli_usage_error(cmd, "--profile given more than %d times", CLI_GEN_MAX_PROFILES),
               -1;
    g->profiles[g->nprofiles++] = v;
    g->o.profile = v; /* a command of one profile: the last given */
    return 1;
}

static int take_seed(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    unsigned long long seed;
    if (!v || !cli_parse_u64(v, &seed))
        return cli_usage_error(cmd, "--seed takes a non-negative integer"), -1;
    g->o.seed = seed;
    return 1;
}

static int take_size(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!v || !cli_parse_size(v, &g->o.width, &g->o.height))
        return cli_usage_error(cmd, "--size takes WxH, two integers"), -1;
    return 1; /* its range: cli_gen_check */
}

static int take_room(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!given(cmd, v, "--room", "a template name"))
        return -1;
    if (g->nforced == CLI_GEN_MAX_ROOMS)
        return cli_usage_error(cmd, "--room given more than %d times", CLI_GEN_MAX_ROOMS), -1;
    g->forced[g->nforced++] = v;
    return 1;
}

static int take_difficulty(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    rf_difficulty dl;
    if (!v || !rf_difficulty_parse(v, &dl))
        return cli_usage_error(cmd, "--difficulty takes itytd, hntr, hmp, uv or nightmare (or 1-5)"),
               -1;
    g->o.difficulty = (int)dl;
    return 1;
}

static int take_recipe(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!given(cmd, v, "--recipe", "a Lua file"))
        return -1;
    g->recipe_path = v;
    return 1;
}

static const cli_opt level_opts[] = {{"profile", true, take_profile},
    {"seed", true, take_seed},
    {"size", true, take_size},
    {"room", true, take_room},
    {"difficulty", true, take_difficulty},
    {"recipe", true, take_recipe},
    {NULL, false, NULL}};

/* ---- one level: gen and watch ---- */

static int take_depth(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!v || !cli_parse_int(v, &g->o.depth))
        return cli_usage_error(cmd, "--depth takes an integer"), -1;
    return 1; /* its range: cli_gen_check */
}

static int take_rooms_file(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!given(cmd, v, "--rooms-file", "a file name"))
        return -1;
    g->rooms_path = v;
    return 1;
}

static int take_format(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!v || !rf_view_format_parse(v, &g->fmt))
        return cli_usage_error(cmd, "--format takes ascii, text, ansi, json, html or png"), -1;
    g->fmt_given = true;
    return 1;
}

static int take_scale(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!v || !cli_parse_int(v, &g->vo.scale) || g->vo.scale < RF_VIEW_SCALE_MIN ||
        g->vo.scale > RF_VIEW_SCALE_MAX)
        return cli_usage_error(cmd, "--scale takes %d..%d", RF_VIEW_SCALE_MIN, RF_VIEW_SCALE_MAX),
               -1;
    return 1;
}

static int take_legend(const char *cmd, const char *v, void *ctx)
{
    (void)cmd, (void)v;
    ((cli_gen *)ctx)->vo.legend = true;
    return 1;
}

static int take_no_legend(const char *cmd, const char *v, void *ctx)
{
    (void)cmd, (void)v;
    ((cli_gen *)ctx)->vo.legend = false;
    return 1;
}

static int take_variant(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    uint32_t n;
    if (!cli_variant_parse(cmd, v, &n))
        return -1;
    g->o.force_variant = true;
    g->o.variant = n;
    return 1;
}

static const cli_opt one_opts[] = {{"depth", true, take_depth},
    {"variant", true, take_variant},
    {"rooms-file", true, take_rooms_file},
    {"format", true, take_format},
    {"scale", true, take_scale},
    {"legend", false, take_legend},
    {"no-legend", false, take_no_legend},
    {NULL, false, NULL}};

/* ---- the output: gen, watch and stats ---- */

static int take_out(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!given(cmd, v, "-o", "a file name (or - for stdout)"))
        return -1;
    g->out_path = cli_out_target(v);
    g->out_given = true;
    return 1;
}

static const cli_opt out_opts[] = {{"o", true, take_out},
    {NULL, false, NULL}};

/* ---- a run of many levels: catalog and stats ---- */

static int take_count(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!v || !cli_parse_int(v, &g->count) || g->count < 1 || g->count > CLI_GEN_MAX_COUNT)
        return cli_usage_error(cmd, "--count takes 1..%d", CLI_GEN_MAX_COUNT), -1;
    return 1;
}

static int take_depths(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!v || !cli_parse_depths(v, &g->depth_lo, &g->depth_hi))
        return cli_usage_error(cmd, "--depths takes A-B with 1 <= A <= B <= %d",
                               RF_LEVEL_MAX_DEPTH),
               -1;
    return 1;
}

static int take_jobs(const char *cmd, const char *v, void *ctx)
{
    cli_gen *g = ctx;
    if (!v || !cli_parse_int(v, &g->jobs) || g->jobs < 1 || g->jobs > RF_STATS_MAX_JOBS)
        return cli_usage_error(cmd, "--jobs takes 1..%d", RF_STATS_MAX_JOBS), -1;
    return 1;
}

static const cli_opt run_opts[] = {{"count", true, take_count},
    {"depths", true, take_depths},
    {"jobs", true, take_jobs},
    {NULL, false, NULL}};

static const struct {
    unsigned set;
    const cli_opt *opts;
} tables[] = {{CLI_GEN_LEVEL, level_opts},
              {CLI_GEN_ONE, one_opts},
              {CLI_GEN_OUT, out_opts},
              {CLI_GEN_RUN, run_opts}};

size_t cli_gen_sets(cli_gen *g, cli_optset *sets)
{
    size_t t, n = 0;
    sets[n++] = (cli_optset){cli_content_opts, &g->cc};
    for (t = 0; t < sizeof tables / sizeof tables[0]; t++)
        if (g->sets & tables[t].set)
            sets[n++] = (cli_optset){tables[t].opts, g};
    return n;
}

int cli_gen_forced(cli_pack *cp, const cli_gen *g)
{
    int worst = CLI_OK, k;
    size_t i;
    for (i = 0; i < g->nforced; i++) {
        k = CLI_OK;
        if (!cli_pack_room(cp, g->forced[i], &k) && k > worst)
            worst = k;
    }
    return worst;
}

int cli_gen_check(const char *cmd, const cli_gen *g)
{
    rf_diags *d = rf_diags_new();
    int rc = CLI_OK;
    size_t i;
    if (!d)
        return cli_usage_error(cmd, "out of memory");
    /* the library's check and words (bad-level-option), as a usage error */
    if (rf_level_opts_check(&g->o, d) != RF_OK)
        for (i = 0; i < rf_diags_count(d); i++)
            rc = cli_usage_error(cmd, "%s", rf_diags_at(d, i)->message);
    rf_diags_free(d);
    if (rc == CLI_OK && (g->sets & CLI_GEN_RUN) && g->o.seed > UINT64_MAX - (uint64_t)g->count)
        rc = cli_usage_error(cmd, "--seed + --count overflows");
    return rc;
}

void cli_gen_stats_opts(const cli_gen *g, rf_stats_opts *so)
{
    so->seed = g->o.seed;
    so->count = (uint64_t)g->count;
    so->depth_lo = g->depth_lo;
    so->depth_hi = g->depth_hi;
    so->width = g->o.width;
    so->height = g->o.height;
    so->difficulty = g->o.difficulty;
    so->rooms = g->forced;
    so->nrooms = g->nforced;
    so->jobs = g->jobs;
    so->recipe = g->o.recipe;
    so->recipe_len = g->o.recipe_len;
    so->recipe_file = g->o.recipe_file;
}
