/* tools/cli/cmd_lint.c: `roomforge lint`: load rooms.xml, profiles and
 * machines files and report.
 *
 * Pipeline: CLI over rf_lint_paths (roomforge/lint.h: rooms, their scripts,
 * profiles and their trial levels), then the project's policy (roomforge.toml,
 * suppression comments, --baseline: rf_lint_policy_*) filters what is written.
 * Exit (DESIGN 5): 0 no errors (warnings allowed), 1 content errors (or
 * warnings with --werror), 2 usage or I/O (a broken config or baseline too).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_getopt.h"
#include "commands.h"
#include "roomforge/diag.h"
#include "roomforge/lint.h"
#include "roomforge/version.h"

#define MAX_PATHS 4096
#define MAX_SWITCHES 256
#define CONFIG_NAME "roomforge.toml"

typedef enum out_format { OUT_GCC, OUT_JSON, OUT_SARIF } out_format;

static const char *const format_names[] = {"gcc", "json", "sarif", NULL};

static void lint_help(FILE *out)
{
    fputs("usage: roomforge lint [--format gcc|json|sarif] [--werror] [--disable CODE]...\n"
          "                      [--enable CODE]... [--scripts DIR] [--jobs N]\n"
          "                      [--config FILE] [--no-config] [--baseline FILE] [--fix]\n"
          "                      [--list-codes] [PATH...]\n"
          "Checks rooms.xml, profiles and machines files (a directory: every *.xml below\n"
          "it, walked recursively); with no PATH, the bundled content. Every XML script\n"
          "is compiled and every Lua chunk run once in the sandbox. A profiles file (root\n"
          "<profiles>) has its recipe files compiled and one level of each profile made\n"
          "at depths 1 and 26 with the rooms given. A machines file (root <machines>) has\n"
          "its blueprints, features and their scripts' types checked. Diagnostics go to\n"
          "stdout; with gcc, a summary line goes to stderr.\n"
          "\n"
          "options:\n"
          "  --format gcc|json|sarif  output format (default gcc: path:line:col: severity:\n"
          "                           message [code], then the source line and a caret)\n"
          "  --werror                 warnings become errors (exit 1)\n"
          "  --disable CODE           silence one diagnostic code (repeatable)\n"
          "  --enable CODE            turn on a code that is off by default, such as\n"
          "                           wall-thin (repeatable)\n"
          "  --scripts DIR            load the designer condition and action types of\n"
          "                           DIR/*.lua before checking scripts\n"
          "  --jobs N                 threads running the rooms' scripts, 1..8, the one\n"
          "                           reading the files counted (default: the cores);\n"
          "                           the report is the same for any N\n"
          "  --config FILE            the project's lint settings (default: roomforge.toml\n"
          "                           in the first PATH that is a folder holding one, else\n"
          "                           in the current folder)\n"
          "  --no-config              read no roomforge.toml\n"
          "  --baseline FILE          report only what is new against FILE, a saved\n"
          "                           roomforge lint --format json report\n"
          "  --fix                    write every did-you-mean whose fix is certain (one\n"
          "                           candidate, at most 2 edits away) into its file,\n"
          "                           then lint again and report what is left\n"
          "  --list-codes             print every diagnostic code (code, severity, meaning)\n"
          "                           and exit\n"
          "  -h, --help               print this help and exit\n"
          "An option's value may also follow '=' (--format=json). A comment\n"
          "<!-- roomforge: disable-next-line CODE... --> hides those codes (all, when it\n"
          "names none) on the line after it.\n"
          "Exit: 0 clean or warnings only, 1 content errors, 2 usage or I/O errors (a\n"
          "broken roomforge.toml or baseline too).\n",
          out);
}

static const char *plural(size_t n) { return n == 1 ? "" : "s"; }

static void list_codes(void)
{
    size_t n, i;
    const rf_diag_code *c = rf_diag_codes(&n);
    for (i = 0; i < n; i++)
        printf("%-20s %-7s %s%s\n", c[i].code, rf_severity_name(c[i].severity), c[i].help,
               c[i].enabled ? "" : " (off by default)");
}

/* A --enable or --disable of the command line, laid on after the config. */
typedef struct lint_switch {
    const char *code;
    bool on;
} lint_switch;

/* The roomforge.toml lint reads: --config's, else the first folder PATH
 * holding one, else the current folder's; NULL when there is none. */
static const char *find_config(const char *given, const char *const *paths, size_t n, char *buf,
                               size_t cap)
{
    struct stat st;
    size_t i;
    if (given)
        return given;
    for (i = 0; i < n; i++) {
        if (stat(paths[i], &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        if (snprintf(buf, cap, "%s/%s", paths[i], CONFIG_NAME) < (int)cap &&
            stat(buf, &st) == 0)
            return buf;
    }
    return stat(CONFIG_NAME, &st) == 0 ? CONFIG_NAME : NULL;
}

/* Lays the config, then the command line's switches and --werror, on d. */
static void configure(rf_diags *d, const rf_lint_policy *pol, const lint_switch *sw, size_t nsw,
                      bool werror)
{
    size_t i;
    rf_lint_policy_setup(pol, d);
    for (i = 0; i < nsw; i++)
        if (!rf_diags_enable(d, sw[i].code, sw[i].on))
            continue; /* checked when the option was read */
    if (werror)
        rf_diags_set_werror(d, true);
}

/* Prints what went wrong with the config or baseline, on stderr: the lint
 * cannot run as the project asked, an exit 2. */
static int policy_failed(rf_diags *pd, rf_status st)
{
    if (st == RF_ERR_NOMEM)
        fputs("roomforge lint: out of memory\n", stderr);
    if (rf_diags_write_gcc(pd, stderr, RF_DIAG_WRITE_SOURCE |
                                           (cli_use_color(stderr) ? RF_DIAG_WRITE_COLOR : 0)) != RF_OK)
        return CLI_USAGE; /* stderr failed too: the exit code is all that is left */
    return CLI_USAGE;
}

/* What the command line asked for. */
typedef struct lint_args {
    const char *paths[MAX_PATHS];
    size_t npaths;
    out_format fmt;
    bool werror, no_config, fix;
    rf_lint_opts lo;
    lint_switch sw[MAX_SWITCHES];
    size_t nsw;
    const char *config, *baseline;
    bool list_codes; /* --list-codes: print the table and exit */
} lint_args;

/* ---- the options: one take each, filling lint_args ---- */

static int take_flag(const char *cmd, const char *v, void *ctx, int which)
{
    lint_args *a = ctx;
    (void)cmd, (void)v;
    if (which == 0)
        a->werror = true;
    else if (which == 1)
        a->no_config = true;
    else if (which == 2)
        a->fix = true;
    else
        a->list_codes = true;
    return 1;
}

static int take_werror(const char *cmd, const char *v, void *ctx) { return take_flag(cmd, v, ctx, 0); }
static int take_no_config(const char *cmd, const char *v, void *ctx) { return take_flag(cmd, v, ctx, 1); }
static int take_fix(const char *cmd, const char *v, void *ctx) { return take_flag(cmd, v, ctx, 2); }
static int take_list_codes(const char *cmd, const char *v, void *ctx) { return take_flag(cmd, v, ctx, 3); }

static int take_scripts(const char *cmd, const char *v, void *ctx)
{
    if (!v)
        return cli_usage_error(cmd, "--scripts needs a directory"), -1;
    ((lint_args *)ctx)->lo.scripts_dir = v;
    return 1;
}

static int take_config(const char *cmd, const char *v, void *ctx)
{
    if (!v || !*v)
        return cli_usage_error(cmd, "--config needs a roomforge.toml file"), -1;
    ((lint_args *)ctx)->config = v;
    return 1;
}

static int take_baseline(const char *cmd, const char *v, void *ctx)
{
    if (!v || !*v)
        return cli_usage_error(cmd, "--baseline needs a saved lint --format json report"), -1;
    ((lint_args *)ctx)->baseline = v;
    return 1;
}

static int take_jobs(const char *cmd, const char *v, void *ctx)
{
    int jobs;
    if (!v || !cli_parse_int(v, &jobs) || jobs < 1 || jobs > 8)
        return cli_usage_error(cmd, "--jobs takes 1..8"), -1;
    ((lint_args *)ctx)->lo.jobs = (unsigned)jobs;
    return 1;
}

static int take_format(const char *cmd, const char *v, void *ctx)
{
    int f;
    if (!v)
        return cli_usage_error(cmd, "--format needs a value (gcc, json or sarif)"), -1;
    for (f = 0; format_names[f] && strcmp(format_names[f], v) != 0; f++)
        ;
    if (!format_names[f])
        return cli_usage_error(cmd, "unknown format '%s' (gcc, json or sarif)", v), -1;
    ((lint_args *)ctx)->fmt = (out_format)f;
    return 1;
}

static int take_switch(const char *cmd, const char *v, void *ctx, bool on)
{
    lint_args *a = ctx;
    if (!v)
        return cli_usage_error(cmd, "--%s needs a diagnostic code", on ? "enable" : "disable"), -1;
    if (!rf_diag_code_find(v))
        return cli_usage_error(cmd, "unknown diagnostic code '%s' (see --list-codes)", v), -1;
    if (a->nsw == MAX_SWITCHES)
        return cli_usage_error(cmd, "more than %d --enable and --disable", MAX_SWITCHES), -1;
    a->sw[a->nsw].code = v;
    a->sw[a->nsw++].on = on;
    return 1;
}

static int take_enable(const char *cmd, const char *v, void *ctx) { return take_switch(cmd, v, ctx, true); }
static int take_disable(const char *cmd, const char *v, void *ctx) { return take_switch(cmd, v, ctx, false); }

/* A PATH to lint. */
static int take_path(const char *cmd, const char *p, void *ctx)
{
    lint_args *a = ctx;
    if (a->npaths == MAX_PATHS)
        return cli_usage_error(cmd, "more than %d paths", MAX_PATHS), -1;
    a->paths[a->npaths++] = p;
    return 1;
}

static const cli_opt lint_opts[] = {{"list-codes", false, take_list_codes},
                                    {"werror", false, take_werror},
                                    {"scripts", true, take_scripts},
                                    {"no-config", false, take_no_config},
                                    {"fix", false, take_fix},
                                    {"config", true, take_config},
                                    {"baseline", true, take_baseline},
                                    {"jobs", true, take_jobs},
                                    {"format", true, take_format},
                                    {"enable", true, take_enable},
                                    {"disable", true, take_disable},
                                    {NULL, false, NULL}};

/* Writes the diagnostics d in fmt on stdout, then the summary sum on
 * stderr; how the write went. */
static rf_status write_report(out_format fmt, const rf_diags *d, const rf_lint_summary *sum,
                              size_t hidden)
{
    rf_status ws;
    if (fmt == OUT_JSON)
        ws = rf_diags_write_json(d, stdout);
    else if (fmt == OUT_SARIF)
        ws = rf_diags_write_sarif(d, stdout, rf_version(NULL, NULL, NULL));
    else
        ws = rf_diags_write_gcc(d, stdout, RF_DIAG_WRITE_SOURCE |
                                               (cli_use_color(stdout) ? RF_DIAG_WRITE_COLOR : 0));
    /* the summary after the diagnostics, on stderr whatever the format */
    fprintf(stderr, "roomforge lint: %zu room%s, %zu profile%s", sum->rooms, plural(sum->rooms),
            sum->profiles, plural(sum->profiles));
    if (sum->blueprints > 0) /* a machines file was linted (DESIGN 17) */
        fprintf(stderr, ", %zu blueprint%s", sum->blueprints, plural(sum->blueprints));
    fprintf(stderr, " loaded; %zu error%s, %zu warning%s", rf_diags_errors(d),
            plural(rf_diags_errors(d)), rf_diags_warnings(d), plural(rf_diags_warnings(d)));
    if (hidden > 0)
        fprintf(stderr, "; %zu hidden (suppressed, ignored or in the baseline)", hidden);
    fputc('\n', stderr);
    return ws;
}

/* The project's policy into pol: its config file (unless --no-config)
 * and --baseline. CLI_OK, or the exit code with pd written. */
static int load_policy(const lint_args *a, rf_lint_policy *pol, rf_diags *pd)
{
    const char *config = NULL;
    char config_buf[4096];
    rf_status st;
    if (!a->no_config && (config = find_config(a->config, a->paths, a->npaths, config_buf,
                                               sizeof config_buf)) != NULL &&
        (st = rf_lint_policy_config(pol, config, pd)) != RF_OK)
        return policy_failed(pd, st);
    if (a->baseline && (st = rf_lint_policy_baseline(pol, a->baseline, pd)) != RF_OK)
        return policy_failed(pd, st);
    return CLI_OK;
}

/* Writes the certain fixes of d into the files and counts them in *fixed;
 * CLI_OK, or the exit code with pd written. */
static int fix(const rf_diags *d, rf_diags *pd, size_t *fixed)
{
    size_t files = 0;
    rf_status st = rf_lint_fix(d, pd, fixed, &files);
    if (st != RF_OK)
        return policy_failed(pd, st);
    if (*fixed > 0)
        fprintf(stderr, "roomforge lint: fixed %zu problem%s in %zu file%s\n", *fixed,
                plural(*fixed), files, plural(files));
    return CLI_OK;
}

/* One lint of a's paths through the project's policy. With fixing, writes
 * the certain fixes into the files, counts them in *fixed and prints
 * nothing else; otherwise writes the report. Returns the exit code (for a
 * fixing run: CLI_OK, or CLI_USAGE when the lint or the fix failed). */
static int lint_run(const lint_args *a, bool fixing, size_t *fixed)
{
    rf_lint_opts lo = a->lo;
    rf_lint_summary sum;
    rf_diags *d = rf_diags_new(), *raw = rf_diags_new(), *pd = rf_diags_new();
    rf_lint_policy *pol = rf_lint_policy_new();
    size_t hidden = 0;
    rf_status worst, ws;
    int rc = CLI_USAGE;
    if (!d || !raw || !pd || !pol) {
        fputs("roomforge lint: out of memory\n", stderr);
        goto done;
    }
    if ((rc = load_policy(a, pol, pd)) != CLI_OK)
        goto done;
    if (!lo.scripts_dir)
        lo.scripts_dir = rf_lint_policy_scripts(pol);
    configure(raw, pol, a->sw, a->nsw, a->werror);
    configure(d, pol, a->sw, a->nsw, a->werror);
    rf_diags_set_file_cap(raw, 0); /* the cap counts what is written, after the filter */
    worst = rf_lint_paths(a->paths, a->npaths, &lo, raw, &sum);
    if (rf_lint_policy_apply(pol, raw, d, &hidden) != RF_OK)
        worst = RF_ERR_NOMEM;
    if (fixing) {
        if (worst != RF_OK && worst != RF_ERR_CONTENT)
            goto failed;
        rc = fix(d, pd, fixed);
        goto done;
    }
    ws = write_report(a->fmt, d, &sum, hidden);
    if (worst != RF_OK && worst != RF_ERR_CONTENT)
        goto failed;
    rc = rf_diags_errors(d) > 0 ? CLI_CONTENT : CLI_OK;
    if (ws != RF_OK || fflush(stdout) != 0)
        rc = CLI_USAGE;
    goto done;
failed:
    rc = CLI_USAGE; /* an io-error names the path; the rest says why here */
    if (worst == RF_ERR_NOMEM)
        fputs("roomforge lint: out of memory; the lint is incomplete\n", stderr);
    else if (worst == RF_ERR_LIMIT)
        fputs("roomforge lint: a limit was reached; the lint is incomplete\n", stderr);
    if (fixing && rf_diags_write_gcc(raw, stderr, RF_DIAG_WRITE_SOURCE) != RF_OK)
        rc = CLI_USAGE;
done:
    rf_lint_policy_free(pol);
    rf_diags_free(pd);
    rf_diags_free(raw);
    rf_diags_free(d);
    return rc;
}

/* At most this many --fix passes: a fix can uncover another (an id checked
 * only once the clause's type is known), as eslint's passes do. */
#define MAX_FIX_PASSES 10

int cmd_lint(int argc, char **argv)
{
    char content[4096];
    static const lint_args zero;
    lint_args a = zero;
    cli_optset set;
    int k, pass;
    rf_lint_opts_init(&a.lo);
    set.opts = lint_opts;
    set.ctx = &a;
    k = cli_getopt("lint", argc, argv, &set, 1, take_path, &a);
    if (k == CLI_HELP) {
        lint_help(stdout);
        return CLI_OK;
    }
    if (k != CLI_OK)
        return k;
    if (a.list_codes) {
        list_codes();
        return CLI_OK;
    }
    if (a.npaths == 0) {
        const char *data = cli_data_dir();
        if (!data || snprintf(content, sizeof content, "%s/content", data) >= (int)sizeof content)
            return cli_usage_error("lint", "no PATH given and the bundled content was not found");
        a.paths[0] = content;
        a.npaths = 1;
    }
    if (a.config && a.no_config)
        return cli_usage_error("lint", "--config and --no-config contradict each other");
    for (pass = 0; a.fix && pass < MAX_FIX_PASSES; pass++) {
        size_t fixed = 0;
        int rc = lint_run(&a, true, &fixed);
        if (rc != CLI_OK)
            return rc;
        if (fixed == 0)
            break;
    }
    return lint_run(&a, false, NULL);
}
