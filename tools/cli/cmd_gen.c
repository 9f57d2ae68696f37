/* tools/cli/cmd_gen.c: `roomforge gen`: one level, printed in one of the
 * formats of view.h (DESIGN 5, 10).
 *
 * Pipeline: CLI over profile.h and level.h; --room forces templates,
 * --recipe runs a recipe file, --rooms-file feeds dig_crawl. Diagnostics go
 * through the sink's writer (notes only with --verbose).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_level.h"
#include "cli_pack.h"
#include "commands.h"
#include "roomforge/fs.h"
#include "roomforge/level.h"
#include "roomforge/rooms_file.h"
#include "roomforge/special.h"
#include "roomforge/view.h"

static const char gen_usage[] =
    "usage: roomforge gen [--content DIR]... [--profile NAME] [--seed N] [--depth N]\n"
    "                     [--size WxH] [--room NAME]...\n"
    "                     [--format ascii|text|ansi|json|html|png] [--scale N]\n"
    "                     [-o FILE] [--scripts DIR] [--verbose] [--quiet]\n"
    "                     [--rooms-file FILE] [--recipe FILE] [--difficulty D]\n"
    "Generates one level and prints it. The rooms of the content are placed as\n"
    "templates; the level's warnings go to stderr, the content's are counted in\n"
    "one line (a forced room's are printed in full).\n"
    "\n"
    "options:\n"
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
    "  -o FILE                write the level to FILE instead of stdout (png to a\n"
    "                         terminal needs it)\n"
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
    "                         hmp, uv, nightmare or 1-5 (default hmp)\n"
    "  -h, --help             print this help and exit\n"
    "An option's value may also follow '=' (--seed=7).\n"
    "Exit: 0 success (warnings allowed), 1 content errors or a forced room not\n"
    "placed, 2 usage or I/O errors.\n";

/* One entry of the glyph help, three to a line in columns of 22; *pad is
 * what the entry before left to fill. */
static void glyph_entry(FILE *out, size_t *col, int *pad, char glyph, const char *word)
{
    int n;
    if (*col % 3 == 0)
        fputs("\n  ", out);
    else
        fprintf(out, "%*s", *pad, "");
    fprintf(out, "%c  %s", glyph, word);
    n = 3 + (int)strlen(word);
    *pad = n < 22 ? 22 - n : 1;
    (*col)++;
}

/* The glyphs of text, ansi and html, from the library's one table. */
static void write_glyph_help(FILE *out)
{
    size_t i, col = 0;
    int t, pad = 0;
    char last = 0;
    fputs("\nglyphs (terrain, then the objects drawn over it):", out);
    for (t = 1; t < RF_TILE_COUNT; t++)
        glyph_entry(out, &col, &pad, rf_tile_glyph((rf_tile)t), rf_view_tile_legend((rf_tile)t));
    glyph_entry(out, &col, &pad, '\'', "template floor (text)");
    for (i = 0; i < rf_view_glyph_count(); i++) {
        const rf_view_glyph *g = rf_view_glyph_at(i);
        if (g->glyph != last) /* two kinds, one glyph and word: once */
            glyph_entry(out, &col, &pad, g->glyph, g->legend);
        last = g->glyph;
    }
    fputs("\n", out);
}

static int worse_of(int a, int b) { return a > b ? a : b; }
#define GEN_MAX_ROOMS 64 /* --room options one run takes */

/* The level's diagnostics on stderr: warnings and errors, notes with
 * --verbose, errors only with --quiet. */
static int write_diags(const rf_diags *d, int verbosity)
{
    return cli_write_diags(d, verbosity);
}

static int write_level(const rf_level *lv, rf_view_format fmt, const rf_view_opts *vo,
                       const char *path)
{
    FILE *out = stdout;
    struct stat st;
    rf_status s;
    int rc = CLI_OK;
    if (path) {
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
            return cli_usage_error("gen", "-o %s is a directory", path);
        out = fopen(path, rf_view_format_is_binary(fmt) ? "wb" : "w");
        if (!out)
            return cli_usage_error("gen", "cannot write %s", path);
    }
    s = rf_view_write(lv, fmt, vo, out);
    if (s == RF_ERR_LIMIT)
        rc = cli_usage_error("gen", "the png would be larger than %d pixels a side: a smaller --scale",
                             RF_VIEW_PNG_MAX_SIDE);
    else if (s != RF_OK || fflush(out) != 0)
        rc = cli_usage_error("gen", "write error on %s", path ? path : "stdout");
    if (path && fclose(out) != 0 && rc == CLI_OK)
        rc = cli_usage_error("gen", "write error on %s", path);
    return rc;
}

/* Loads a DungeonMaker rooms-file, printing its diagnostics; the exit code so
 * far, *out NULL when it cannot be used. */
static int load_rooms_file(const char *path, rf_rooms_file **out)
{
    rf_diags *d = rf_diags_new();
    rf_status s;
    *out = NULL;
    if (!d)
        return cli_usage_error("gen", "out of memory");
    s = rf_rooms_file_load(path, d, out);
    if (rf_diags_write_gcc(d, stderr, RF_DIAG_WRITE_SOURCE) != RF_OK)
        s = s == RF_OK ? RF_ERR_IO : s;
    rf_diags_free(d);
    return cli_exit_for(s);
}

int cmd_gen(int argc, char **argv)
{
    const char *path = NULL, *rooms_path = NULL, *recipe_path = NULL;
    char *recipe = NULL;
    rf_rooms_file *rooms = NULL;
    rf_level_opts o;
    const rf_profile_set *set = NULL;
    rf_level *lv = NULL;
    cli_content cc;
    cli_pack cp;
    const char *forced[GEN_MAX_ROOMS];
    size_t nforced = 0, i;
    rf_diags *d;
    rf_status s;
    int k, rc;
    bool fmt_given = false;
    rf_view_format fmt = RF_VIEW_ASCII;
    rf_view_opts vo;
    unsigned long long seed;
    rf_level_opts_init(&o);
    cli_content_init(&cc);
    rf_view_opts_init(&vo);
    for (k = 1; k < argc; k++) {
        const char *v = NULL;
        int r;
        if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0) {
            fputs(gen_usage, stdout);
            write_glyph_help(stdout);
            return CLI_OK;
        }
        if ((r = cli_content_opt("gen", argc, argv, &k, &cc)) != 0) {
            if (r < 0)
                return CLI_USAGE;
        } else if ((r = cli_opt_value(argc, argv, &k, "--profile", &v)) != 0) {
            if (r < 0 || !*v)
                return cli_usage_error("gen", "--profile needs a name");
            o.profile = v;
        } else if ((r = cli_opt_value(argc, argv, &k, "--seed", &v)) != 0) {
            if (r < 0 || !cli_parse_u64(v, &seed))
                return cli_usage_error("gen", "--seed takes a non-negative integer");
            o.seed = seed;
        } else if ((r = cli_opt_value(argc, argv, &k, "--depth", &v)) != 0) {
            if (r < 0 || !cli_parse_int(v, &o.depth) || o.depth < 1 || o.depth > RF_LEVEL_MAX_DEPTH)
                return cli_usage_error("gen", "--depth takes 1..%d", RF_LEVEL_MAX_DEPTH);
        } else if ((r = cli_opt_value(argc, argv, &k, "--difficulty", &v)) != 0) {
            rf_difficulty dl;
            if (r < 0 || !rf_difficulty_parse(v, &dl))
                return cli_usage_error("gen", "--difficulty takes itytd, hntr, hmp, uv or nightmare (or 1-5)");
            o.difficulty = (int)dl;
        } else if ((r = cli_opt_value(argc, argv, &k, "--size", &v)) != 0) {
            if (r < 0 || !cli_parse_size(v, &o.width, &o.height))
                return cli_usage_error("gen", "--size takes WxH from %dx%d to %dx%d", RF_LEVEL_MIN_W,
                                        RF_LEVEL_MIN_H, RF_LEVEL_MAX_SIDE, RF_LEVEL_MAX_SIDE);
        } else if ((r = cli_opt_value(argc, argv, &k, "--room", &v)) != 0) {
            if (r < 0 || !*v)
                return cli_usage_error("gen", "--room needs a template name");
            if (nforced == GEN_MAX_ROOMS)
                return cli_usage_error("gen", "--room given more than %d times", GEN_MAX_ROOMS);
            forced[nforced++] = v;
        } else if ((r = cli_opt_value(argc, argv, &k, "--format", &v)) != 0) {
            if (r < 0 || !rf_view_format_parse(v, &fmt))
                return cli_usage_error("gen", "--format takes ascii, text, ansi, json, html or png");
            fmt_given = true;
        } else if ((r = cli_opt_value(argc, argv, &k, "--scale", &v)) != 0) {
            if (r < 0 || !cli_parse_int(v, &vo.scale) || vo.scale < RF_VIEW_SCALE_MIN ||
                vo.scale > RF_VIEW_SCALE_MAX)
                return cli_usage_error("gen", "--scale takes %d..%d", RF_VIEW_SCALE_MIN,
                                       RF_VIEW_SCALE_MAX);
        } else if ((r = cli_opt_value(argc, argv, &k, "--recipe", &v)) != 0) {
            if (r < 0 || !*v)
                return cli_usage_error("gen", "--recipe needs a Lua file");
            recipe_path = v;
        } else if ((r = cli_opt_value(argc, argv, &k, "--rooms-file", &v)) != 0) {
            if (r < 0 || !*v)
                return cli_usage_error("gen", "--rooms-file needs a file name");
            rooms_path = v;
        } else if ((r = cli_opt_value(argc, argv, &k, "-o", &v)) != 0) {
            if (r < 0 || !*v)
                return cli_usage_error("gen", "-o needs a file name");
            path = v;
        } else {
            return cli_usage_error("gen", "unknown argument '%s' (see --help)", argv[k]);
        }
    }
    if (!fmt_given && !path && cli_use_color(stdout))
        fmt = RF_VIEW_ANSI; /* a person at a terminal */
    if (rf_view_format_is_binary(fmt) && !path && isatty(fileno(stdout)))
        return cli_usage_error("gen", "--format %s writes binary: give -o FILE or redirect stdout",
                               rf_view_format_name(fmt));
    rc = cli_pack_open(&cp, "gen", &cc);
    if (!cp.pack)
        return cli_pack_close(&cp);
    for (i = 0, k = CLI_OK; i < nforced; i++) /* a forced room's diagnostics in full */
        if (!cli_pack_room(&cp, forced[i], &k))
            rc = worse_of(rc, k);
    if (k != CLI_OK)
        return worse_of(rc, cli_pack_close(&cp));
    set = rf_pack_profiles(cp.pack);
    /* content errors elsewhere: the rooms that loaded are used, exit 1 */
    o.templates = rf_pack_templates(cp.pack);
    o.rooms = forced;
    o.nrooms = nforced;
    if (recipe_path) {
        k = cli_read_recipe("gen", recipe_path, &o, &recipe);
        if (k != CLI_OK) {
            cli_pack_close(&cp);
            return k;
        }
    }
    d = rf_diags_new();
    if (!d) {
        rf_fs_free(recipe);
        cli_pack_close(&cp);
        return cli_usage_error("gen", "out of memory");
    }
    if (rooms_path && (k = load_rooms_file(rooms_path, &rooms)) != CLI_OK) {
        rf_fs_free(recipe);
        rf_diags_free(d);
        cli_pack_close(&cp);
        return k;
    }
    o.rooms_file = rooms;
    s = rf_level_generate(set, &o, &lv, d);
    if (s != RF_OK) {
        if (rf_diags_errors(d) == 0) /* a failure the level did not explain */
            (void)rf_diag_add(d, "level-failed", o.profile, 0, 0,
                              "profile '%s': seed %llu, depth %d: %s", o.profile,
                              (unsigned long long)o.seed, o.depth,
                              s == RF_ERR_CONTENT ? "its numbers cannot make a level"
                                                  : rf_status_str(s));
        rc = worse_of(s == RF_ERR_ARG ? CLI_USAGE : cli_exit_for(s), write_diags(d, cc.verbosity));
    } else {
        int wrc = write_level(lv, fmt, &vo, path);
        rc = worse_of(rc, worse_of(wrc, write_diags(d, cc.verbosity)));
    }
    rf_level_free(lv);
    rf_fs_free(recipe);
    rf_rooms_file_free(rooms);
    rf_diags_free(d);
    return worse_of(rc, cli_pack_close(&cp));
}
