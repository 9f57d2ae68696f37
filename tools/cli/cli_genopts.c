/* tools/cli/cli_genopts.c: the option table of `gen`, shared with `watch`:
 * profile, seed, depth, size, forced rooms, recipe, rooms-file, difficulty,
 * format, scale, -o and the content options.
 *
 * Pipeline: CLI; values are checked here (ranges, names) so both commands
 * refuse the same things with the same words.
 */
#include "cli_genopts.h"

#include <string.h>

#include "cli.h"
#include "cli_level.h"
#include "cli_out.h"
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
    "  -o FILE                write the level to FILE instead of stdout (- is\n"
    "                         stdout; png to a terminal needs it); written under\n"
    "                         a temporary name and renamed when complete; never\n"
    "                         over a directory, FIFO, device or one of the inputs\n"
    "  --scripts DIR          designer condition and action types (DIR/*.lua) the\n"
    "                         rooms' scripts are checked against\n"
    "  --verbose              also print notes (templates drawn but left out) and\n"
    "                         every diagnostic of the content in full\n"
    "  --quiet                print errors only\n"
    "  --rooms-file FILE      a DungeonMaker rooms-file for a recipe that calls\n"
    "                         dig_crawl (the dungeonmaker profile)\n"
    "  --recipe FILE          run this Lua level recipe instead of the profile's,\n"
    "                         with the profile's parameters\n"
    "  --difficulty D         DoomRL difficulty for the special rooms: itytd, hntr,\n"
    "                         hmp, uv, nightmare or 1-5 (default hmp)\n";

void cli_gen_init(cli_gen *g)
{
    memset(g, 0, sizeof *g);
    rf_level_opts_init(&g->o);
    cli_content_init(&g->cc);
    rf_view_opts_init(&g->vo);
    g->fmt = RF_VIEW_ASCII;
}

/* A value that must not be empty: 1 with *v set, 0 when argv[*k] is not
 * name, -1 after printing why. */
static int named(const char *cmd, int argc, char **argv, int *k, const char *name, const char *need,
                 const char **v)
{
    int r = cli_opt_value(argc, argv, k, name, v);
    if (r < 0 || (r > 0 && !**v)) {
        cli_usage_error(cmd, "%s needs %s", name, need);
        return -1;
    }
    return r;
}

/* The options with a number or a name checked against a table. */
static int numeric(const char *cmd, int argc, char **argv, int *k, cli_gen *g)
{
    const char *v = NULL;
    unsigned long long seed;
    rf_difficulty dl;
    int r;
    if ((r = cli_opt_value(argc, argv, k, "--seed", &v)) != 0) {
        if (r < 0 || !cli_parse_u64(v, &seed))
            return cli_usage_error(cmd, "--seed takes a non-negative integer"), -1;
        g->o.seed = seed;
    } else if ((r = cli_opt_value(argc, argv, k, "--depth", &v)) != 0) {
        if (r < 0 || !cli_parse_int(v, &g->o.depth) || g->o.depth < 1 ||
            g->o.depth > RF_LEVEL_MAX_DEPTH)
            return cli_usage_error(cmd, "--depth takes 1..%d", RF_LEVEL_MAX_DEPTH), -1;
    } else if ((r = cli_opt_value(argc, argv, k, "--difficulty", &v)) != 0) {
        if (r < 0 || !rf_difficulty_parse(v, &dl))
            return cli_usage_error(cmd,
                                   "--difficulty takes itytd, hntr, hmp, uv or nightmare (or 1-5)"),
                   -1;
        g->o.difficulty = (int)dl;
    } else if ((r = cli_opt_value(argc, argv, k, "--size", &v)) != 0) {
        if (r < 0 || !cli_parse_size(v, &g->o.width, &g->o.height))
            return cli_usage_error(cmd, "--size takes WxH from %dx%d to %dx%d", RF_LEVEL_MIN_W,
                                   RF_LEVEL_MIN_H, RF_LEVEL_MAX_SIDE, RF_LEVEL_MAX_SIDE),
                   -1;
    } else if ((r = cli_opt_value(argc, argv, k, "--format", &v)) != 0) {
        if (r < 0 || !rf_view_format_parse(v, &g->fmt))
            return cli_usage_error(cmd, "--format takes ascii, text, ansi, json, html or png"), -1;
        g->fmt_given = true;
    } else if ((r = cli_opt_value(argc, argv, k, "--scale", &v)) != 0) {
        if (r < 0 || !cli_parse_int(v, &g->vo.scale) || g->vo.scale < RF_VIEW_SCALE_MIN ||
            g->vo.scale > RF_VIEW_SCALE_MAX)
            return cli_usage_error(cmd, "--scale takes %d..%d", RF_VIEW_SCALE_MIN,
                                   RF_VIEW_SCALE_MAX),
                   -1;
    }
    return r;
}

int cli_gen_opt(const char *cmd, int argc, char **argv, int *k, cli_gen *g)
{
    const char *v = NULL;
    int r;
    if ((r = cli_content_opt(cmd, argc, argv, k, &g->cc)) != 0 ||
        (r = numeric(cmd, argc, argv, k, g)) != 0)
        return r;
    if ((r = named(cmd, argc, argv, k, "--profile", "a name", &v)) != 0) {
        if (r > 0)
            g->o.profile = v;
    } else if ((r = named(cmd, argc, argv, k, "--room", "a template name", &v)) != 0) {
        if (r > 0 && g->nforced == CLI_GEN_MAX_ROOMS) {
            cli_usage_error(cmd, "--room given more than %d times", CLI_GEN_MAX_ROOMS);
            return -1;
        }
        if (r > 0)
            g->forced[g->nforced++] = v;
    } else if ((r = named(cmd, argc, argv, k, "--recipe", "a Lua file", &v)) != 0) {
        if (r > 0)
            g->recipe_path = v;
    } else if ((r = named(cmd, argc, argv, k, "--rooms-file", "a file name", &v)) != 0) {
        if (r > 0)
            g->rooms_path = v;
    } else if ((r = named(cmd, argc, argv, k, "-o", "a file name (or - for stdout)", &v)) != 0) {
        if (r > 0) {
            g->out_path = cli_out_target(v);
            g->out_given = true;
        }
    }
    return r;
}
