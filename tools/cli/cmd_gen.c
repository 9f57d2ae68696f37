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
#include <unistd.h>

#include "cli.h"
#include "cli_genopts.h"
#include "cli_level.h"
#include "cli_out.h"
#include "cli_pack.h"
#include "commands.h"
#include "roomforge/fs.h"
#include "roomforge/level.h"
#include "roomforge/rooms_file.h"
#include "roomforge/special.h"
#include "roomforge/view.h"

static const char gen_usage[] =
    "usage: roomforge gen [--content DIR]... [--profile NAME] [--seed N] [--depth N]\n"
    "                     [--variant N] [--size WxH] [--room NAME]...\n"
    "                     [--format ascii|text|ansi|json|html|png] [--scale N]\n"
    "                     [--legend] [--no-legend]\n"
    "                     [-o FILE] [--scripts DIR] [--verbose] [--quiet]\n"
    "                     [--strict] [--rooms-file FILE] [--recipe FILE]\n"
    "                     [--difficulty D]\n"
    "Generates one level and prints it. The rooms of the content are placed as\n"
    "templates; the level's warnings go to stderr, the content's are counted in\n"
    "one line (a forced room's are printed in full). A room with errors is left\n"
    "out, with one note; it fails the run only when forced, or with --strict.\n"
    "\n"
    "options:\n";

static const char gen_usage_tail[] =
    "  -h, --help             print this help and exit\n"
    "An option's value may also follow '=' (--seed=7).\n"
    "Exit: 0 success (warnings allowed, rooms with errors left out), 1 a forced\n"
    "room or the profile with errors or not placed, any content error with\n"
    "--strict, 2 usage or I/O errors.\n";

static void print_usage(FILE *out)
{
    fputs(gen_usage, out);
    fputs(cli_gen_options_help, out);
    fputs(gen_usage_tail, out);
}

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

/* The level's diagnostics on stderr: warnings and errors, notes with
 * --verbose, errors only with --quiet. */
static int write_diags(const rf_diags *d, int verbosity)
{
    return cli_write_diags(d, verbosity);
}

static int write_level(const rf_level *lv, rf_view_format fmt, const rf_view_opts *vo,
                       const char *path)
{
    cli_out out;
    rf_status s;
    int rc = cli_out_open(&out, "gen", path, rf_view_format_is_binary(fmt));
    if (rc != CLI_OK)
        return rc;
    s = rf_view_write(lv, fmt, vo, out.f);
    if (s == RF_ERR_LIMIT)
        rc = cli_usage_error("gen", "the png would be larger than %d pixels a side: a smaller --scale",
                             RF_VIEW_PNG_MAX_SIDE);
    else if (s != RF_OK || ferror(out.f))
        rc = cli_usage_error("gen", "write error on %s", path ? path : "stdout");
    return worse_of(rc, cli_out_close(&out, "gen", rc == CLI_OK));
}

/* Whether -o path may be written: not over any file the run reads (the
 * pack's files, the recipe, the rooms-file); CLI_OK or exit 2 printed. */
static int check_output(const char *path, const cli_pack *cp, const char *recipe,
                        const char *rooms)
{
    size_t n = rf_pack_file_count(cp->pack), i;
    const char **in = calloc(n + 2, sizeof *in), **what = calloc(n + 2, sizeof *what);
    int rc;
    if (!in || !what) {
        free(in);
        free(what);
        return cli_usage_error("gen", "out of memory");
    }
    in[0] = recipe;
    what[0] = "the recipe";
    in[1] = rooms;
    what[1] = "the rooms-file";
    for (i = 0; i < n; i++) {
        in[i + 2] = rf_pack_file_at(cp->pack, i);
        what[i + 2] = "a file of the content";
    }
    rc = cli_out_check("gen", path, in, what, n + 2);
    free(in);
    free(what);
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

/* The format gen writes (ANSI for a person at a terminal) once -o and the
 * format suit each other; CLI_OK or the exit code, printed. */
static int pick_format(const cli_gen *g, rf_view_format *fmt)
{
    int k;
    *fmt = g->fmt;
    if (g->out_path && (k = cli_out_check("gen", g->out_path, NULL, NULL, 0)) != CLI_OK)
        return k; /* a directory or FIFO: said before any work */
    if (!g->fmt_given && !g->out_path && cli_use_color(stdout))
        *fmt = RF_VIEW_ANSI; /* a person at a terminal */
    if (rf_view_format_is_binary(*fmt) && !g->out_path && isatty(fileno(stdout)))
        return cli_usage_error("gen", "--format %s writes binary: give -o FILE or redirect stdout",
                               rf_view_format_name(*fmt));
    return CLI_OK;
}

/* Generates the level g->o asks for from set and writes it in fmt, with
 * the diagnostics gathered in d; the exit code after rc. */
static int generate(const rf_profile_set *set, cli_gen *g, rf_view_format fmt, rf_diags *d,
                    int rc)
{
    rf_level *lv = NULL;
    rf_status s = rf_level_generate(set, &g->o, &lv, d);
    if (s != RF_OK) { /* d says why: the library explains every failure */
        rc = worse_of(s == RF_ERR_ARG ? CLI_USAGE : cli_exit_for(s),
                      write_diags(d, g->cc.verbosity));
    } else {
        int wrc = write_level(lv, fmt, &g->vo, g->out_path);
        rc = worse_of(rc, worse_of(wrc, write_diags(d, g->cc.verbosity)));
    }
    rf_level_free(lv);
    return rc;
}

/* The command line into g and *fmt: CLI_OK, CLI_HELP with the help
 * printed, or the exit code. */
static int parse_args(int argc, char **argv, cli_gen *g, rf_view_format *fmt)
{
    cli_optset sets[CLI_GEN_MAX_SETS];
    int k;
    cli_gen_init(g, CLI_GEN_GEN);
    k = cli_getopt("gen", argc, argv, sets, cli_gen_sets(g, sets), NULL, NULL);
    if (k == CLI_HELP) {
        print_usage(stdout);
        write_glyph_help(stdout);
        return CLI_HELP;
    }
    if (k != CLI_OK || (k = cli_gen_check("gen", g)) != CLI_OK)
        return k;
    return pick_format(g, fmt);
}

/* Opens the content and checks the forced rooms, the output and the
 * profile. true with cp open and *rc the exit code so far; false with cp
 * closed and *rc the exit code. */
static bool open_content(cli_gen *g, cli_pack *cp, int *rc)
{
    int k;
    *rc = cli_pack_open(cp, "gen", &g->cc);
    if (!cp->pack) {
        *rc = cli_pack_close(cp);
        return false;
    }
    k = cli_gen_forced(cp, g); /* a forced room's diagnostics in full */
    *rc = worse_of(*rc, k);
    if (k != CLI_OK) {
        *rc = worse_of(*rc, cli_pack_close(cp));
        return false;
    }
    if ((k = check_output(g->out_path, cp, g->recipe_path, g->rooms_path)) != CLI_OK) {
        *rc = worse_of(k, cli_pack_close(cp));
        return false;
    }
    if (!cli_pack_profile(cp, g->o.profile, &k)) { /* a profile with errors: exit 1, shown */
        *rc = worse_of(*rc, worse_of(k, cli_pack_close(cp)));
        return false;
    }
    return true;
}

int cmd_gen(int argc, char **argv)
{
    const char *rooms_path, *recipe_path;
    char *recipe = NULL;
    rf_rooms_file *rooms = NULL;
    const rf_profile_set *set = NULL;
    cli_pack cp;
    cli_gen g;
    rf_diags *d;
    int k, rc;
    rf_view_format fmt;
    if ((k = parse_args(argc, argv, &g, &fmt)) != CLI_OK)
        return k == CLI_HELP ? CLI_OK : k;
    rooms_path = g.rooms_path;
    recipe_path = g.recipe_path;
    if (!open_content(&g, &cp, &rc))
        return rc;
    set = rf_pack_profiles(cp.pack);
    /* content errors elsewhere: the rooms that loaded are used, exit 0 (DESIGN 5) */
    g.o.templates = rf_pack_templates(cp.pack);
    g.o.machines = rf_pack_machines(cp.pack);
    g.o.rooms = g.forced;
    g.o.nrooms = g.nforced;
    if (recipe_path) {
        k = cli_read_recipe("gen", recipe_path, &g.o, &recipe);
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
    g.o.rooms_file = rooms;
    rc = generate(set, &g, fmt, d, rc);
    rf_fs_free(recipe);
    rf_rooms_file_free(rooms);
    rf_diags_free(d);
    return worse_of(rc, cli_pack_close(&cp));
}
