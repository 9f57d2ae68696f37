/* tools/cli/cli_genopts.h: the options of the commands that generate levels
 * (gen, watch, catalog, stats), parsed by one loop over one table per
 * concept, so every command refuses the same things with the same words.
 *
 * Pipeline: CLI over level.h, view.h and stats.h; the content options
 * themselves are cli_pack.c's. Design: the options fill one struct; a command
 * names the tables it takes (cli_gen_init) and keeps its own options in its
 * file. The help lines of gen's options are one text, printed by both gen's
 * and watch's --help (DESIGN 11: watch takes the options of gen); catalog
 * and stats word theirs for a run of many levels.
 */
#ifndef RF_CLI_GENOPTS_H
#define RF_CLI_GENOPTS_H

#include <stdbool.h>
#include <stddef.h>

#include "cli_pack.h"
#include "roomforge/level.h"
#include "roomforge/stats.h"
#include "roomforge/view.h"

#define CLI_GEN_MAX_ROOMS 64                       /* --room options one run takes */
#define CLI_GEN_MAX_PROFILES RF_STATS_MAX_PROFILES /* --profile options (64) */
#define CLI_GEN_MAX_COUNT 1000000                  /* --count */

/* The tables a command takes (or-ed into cli_gen_init's sets). */
enum {
    CLI_GEN_LEVEL = 1u << 0, /* --profile --seed --size --room --difficulty --recipe */
    CLI_GEN_ONE = 1u << 1,   /* one level: --depth --rooms-file --format --scale --legend */
    CLI_GEN_OUT = 1u << 2,   /* -o FILE */
    CLI_GEN_RUN = 1u << 3,   /* many levels: --count --depths --jobs */
    CLI_GEN_GEN = CLI_GEN_LEVEL | CLI_GEN_ONE | CLI_GEN_OUT /* gen and watch */
};

typedef struct cli_gen {
    unsigned sets;   /* the tables taken */
    rf_level_opts o; /* --profile (the last) --seed --depth --size --difficulty */
    cli_content cc;  /* --content --scripts --verbose --quiet */
    const char *profiles[CLI_GEN_MAX_PROFILES]; /* every --profile, in order */
    size_t nprofiles;
    const char *forced[CLI_GEN_MAX_ROOMS]; /* --room, in order */
    size_t nforced;
    const char *recipe_path; /* --recipe, NULL: the profile's */
    const char *rooms_path;  /* --rooms-file, NULL: the bundled one */
    rf_view_format fmt;      /* --format (default ascii) */
    bool fmt_given;
    rf_view_opts vo;      /* --scale, --legend, --no-legend */
    const char *out_path; /* -o: NULL for stdout */
    bool out_given;
    int count;              /* --count (default 10) */
    int depth_lo, depth_hi; /* --depths (default 1-26) */
    int jobs;               /* --jobs, 0: every core */
} cli_gen;

/* The defaults: the bundled content, profile brogue, seed 1, depth 1, the
 * profile's size, ascii to stdout; seeds 1..10 at depths 1-26 on every core.
 * sets: the CLI_GEN_* tables the command takes. */
void cli_gen_init(cli_gen *g, unsigned sets);
/* Writes to sets the option tables g takes (the content options and the
 * CLI_GEN_* tables of g->sets, each filling g) for cli_getopt, with room
 * for a command's own after them: CLI_GEN_MAX_SETS. Returns how many. */
#define CLI_GEN_MAX_SETS 5
size_t cli_gen_sets(cli_gen *g, cli_optset *sets);
/* Prints in full the diagnostics of each forced room (--room) of g in the
 * open pack cp: CLI_OK, or the worst exit one gives (left out for errors
 * or unknown). */
int cli_gen_forced(cli_pack *cp, const cli_gen *g);
/* After parsing: CLI_OK, or CLI_USAGE after printing, as usage errors of
 * cmd, each level option rf_level_opts_check refuses in its words (depth,
 * size, ...) or, for a run (CLI_GEN_RUN), seeds that overflow. */
int cli_gen_check(const char *cmd, const cli_gen *g);
/* Fills the run's part of so from g: seed, count, depths, size, difficulty,
 * forced rooms, jobs and the recipe g->o holds (cli_read_recipe); so points
 * into g. The profiles, the sets and the progress are the command's. */
void cli_gen_stats_opts(const cli_gen *g, rf_stats_opts *so);

/* The help lines of gen's options ("  --content DIR ..."), without -h. */
extern const char cli_gen_options_help[];

#endif /* RF_CLI_GENOPTS_H */
