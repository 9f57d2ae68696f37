/* tools/cli/cli_pack.c: --content, --scripts, --verbose and --quiet for
 * every command that reads content, and the pack's diagnostics printed.
 *
 * Pipeline: CLI over rf_pack_load. Design: the load reports into a sink of
 * its own; what is about the command's work (I/O errors, the rooms it names)
 * is copied out and printed in full, the rest counted in one line at the end,
 * so a run over a pack with a hundred warnings stays readable.
 */
#include "cli_pack.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "roomforge/diag.h"
#include "roomforge/profile.h"

void cli_content_init(cli_content *c) { memset(c, 0, sizeof *c); }

static int take_verbose(const char *cmd, const char *v, void *ctx)
{
    (void)cmd, (void)v;
    ((cli_content *)ctx)->verbosity = 1;
    return 1;
}

static int take_quiet(const char *cmd, const char *v, void *ctx)
{
    (void)cmd, (void)v;
    ((cli_content *)ctx)->verbosity = -1;
    return 1;
}

static int take_strict(const char *cmd, const char *v, void *ctx)
{
    (void)cmd, (void)v;
    ((cli_content *)ctx)->strict = true;
    return 1;
}

static int take_content(const char *cmd, const char *v, void *ctx)
{
    cli_content *c = ctx;
    if (!v || !*v)
        return cli_usage_error(cmd, "--content needs a directory"), -1;
    if (c->ndirs == RF_PACK_MAX)
        return cli_usage_error(cmd, "--content given more than %d times", RF_PACK_MAX), -1;
    c->dirs[c->ndirs++] = v;
    return 1;
}

static int take_scripts(const char *cmd, const char *v, void *ctx)
{
    if (!v || !*v)
        return cli_usage_error(cmd, "--scripts needs a directory"), -1;
    ((cli_content *)ctx)->scripts = v;
    return 1;
}

const cli_opt cli_content_opts[] = {{"content", true, take_content},
                                    {"scripts", true, take_scripts},
                                    {"verbose", false, take_verbose},
                                    {"quiet", false, take_quiet},
                                    {"strict", false, take_strict},
                                    {NULL, false, NULL}};

/* Whether diagnostic g is about the room called room (its <room> element
 * holds g's line). */
static bool about_room(const cli_pack *cp, const rf_diag *g, const char *room)
{
    const char *name = rf_pack_room_at(cp->pack, g->file, g->line);
    return name && strcasecmp(name, room) == 0;
}

/* A profile left out for errors, whose diagnostics print_some prints. */
typedef struct profile_span {
    const char *file;
    int first, last;
} profile_span;

static bool in_span(const profile_span *ps, const rf_diag *g)
{
    return strcmp(g->file, ps->file) == 0 && g->line >= ps->first && g->line <= ps->last;
}

/* Whether g says a file or folder of the pack was not read: an I/O error,
 * a link out of the pack refused, a folder too deep (RF_ERR_IO from the
 * pack load). */
static bool unreadable(const rf_diag *g)
{
    static const char *const codes[] = {"io-error", "file-changed", "symlink-outside",
                                        "folder-too-deep"};
    size_t i;
    for (i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (strcmp(g->code, codes[i]) == 0)
            return true;
    return false;
}

/* Prints in full the diagnostics not printed yet that are about room, or
 * about the profile of ps (room and ps NULL: the I/O errors, or everything
 * with --verbose); --quiet keeps errors only. */
static void print_span(cli_pack *cp, const char *room, const profile_span *ps)
{
    rf_diags *out = rf_diags_new();
    size_t i, n = rf_diags_count(cp->diags);
    unsigned flags = RF_DIAG_WRITE_SOURCE | (cli_use_color(stderr) ? RF_DIAG_WRITE_COLOR : 0);
    if (!out) {
        cp->rc = cli_usage_error(cp->cmd, "out of memory");
        return;
    }
    rf_diags_set_file_cap(out, 0); /* the load's sink capped them already */
    for (i = 0; i < n; i++) {
        const rf_diag *g = rf_diags_at(cp->diags, i);
        bool pick = room ? cp->pack && about_room(cp, g, room)
                  : ps ? in_span(ps, g)
                       : cp->verbosity > 0 || unreadable(g);
        if (cp->shown[i] || !pick || (cp->verbosity < 0 && g->severity != RF_SEV_ERROR))
            continue;
        cp->shown[i] = true;
        (void)rf_diag_add(out, g->code, g->file, g->line, g->col, "%s", g->message);
    }
    if (rf_diags_write_gcc(out, stderr, flags) != RF_OK)
        cp->rc = CLI_USAGE;
    rf_diags_free(out);
}

static void print_some(cli_pack *cp, const char *room) { print_span(cp, room, NULL); }

bool cli_pack_profile(cli_pack *cp, const char *name, int *rc)
{
    profile_span ps;
    if (!name || rf_profile_find(rf_pack_profiles(cp->pack), name) ||
        !rf_profile_set_left_out(rf_pack_profiles(cp->pack), name, &ps.file, &ps.first, &ps.last))
        return true; /* there, or unknown: the level says so */
    print_span(cp, NULL, &ps);
    *rc = CLI_CONTENT;
    return false;
}

bool cli_pack_opts(const char *cmd, const cli_content *c, rf_pack_opts *o, cli_pack_paths *sp)
{
    const char *data = cli_data_dir();
    rf_pack_opts_init(o);
    o->dirs = c->dirs;
    o->ndirs = c->ndirs;
    o->scripts_dir = c->scripts;
    if (data && snprintf(sp->fallback, sizeof sp->fallback, "%s/content/profiles.xml", data) <
                    (int)sizeof sp->fallback)
        o->profiles_fallback = sp->fallback;
    if (!c->ndirs) {
        if (!data ||
            snprintf(sp->bundled, sizeof sp->bundled, "%s/content", data) >= (int)sizeof sp->bundled) {
            cli_usage_error(cmd, "the bundled content was not found (set ROOMFORGE_DATA or use --content)");
            return false;
        }
        sp->one[0] = sp->bundled;
        o->dirs = sp->one;
        o->ndirs = 1;
    }
    return true;
}

int cli_pack_open(cli_pack *cp, const char *cmd, const cli_content *c)
{
    rf_pack_opts o;
    rf_status st;
    memset(cp, 0, sizeof *cp);
    cp->cmd = cmd;
    cp->verbosity = c->verbosity;
    cp->strict = c->strict;
    if (!cli_pack_opts(cmd, c, &o, &cp->paths))
        return cp->rc = CLI_USAGE;
    cp->diags = rf_diags_new();
    if (!cp->diags)
        return cp->rc = cli_usage_error(cmd, "out of memory");
    st = rf_pack_load(&o, &cp->pack, cp->diags);
    if (st == RF_ERR_NOMEM || st == RF_ERR_ARG) {
        rf_diags_free(cp->diags);
        cp->diags = NULL;
        return cp->rc = cli_usage_error(cmd, "out of memory");
    }
    cp->rc = cli_exit_for(st);
    if (cp->rc == CLI_CONTENT && !cp->strict)
        cp->rc = CLI_OK; /* lint is the gate: a broken room is left out, said at the close */
    cp->shown = calloc(rf_diags_count(cp->diags) + 1, sizeof *cp->shown);
    if (!cp->shown) {
        rf_pack_free(cp->pack);
        cp->pack = NULL;
        return cp->rc = cli_usage_error(cmd, "out of memory");
    }
    print_some(cp, NULL);
    if (cp->rc == CLI_USAGE) { /* a pack that cannot be read: nothing to go on with */
        rf_pack_free(cp->pack);
        cp->pack = NULL;
    }
    return cp->rc;
}

const rf_template *cli_pack_room(cli_pack *cp, const char *name, int *rc)
{
    const rf_template_set *set = rf_pack_templates(cp->pack);
    const rf_template *t;
    rf_pack_room r;
    print_some(cp, name);
    if (rf_pack_left_out_find(cp->pack, name, &r)) { /* the room worked on has errors: fix it first */
        *rc = CLI_CONTENT;
        return NULL;
    }
    t = rf_template_set_find(set, name);
    if (!t)
        *rc = cli_unknown_room(cp->cmd, set, name);
    return t;
}

static const char *plural(size_t n) { return n == 1 ? "" : "s"; }

/* The errors of the room whose room-left-out note is n: those in its file
 * that rf_pack_room_at places in a room of its name. */
static size_t room_errors(const cli_pack *cp, const rf_diag *n)
{
    size_t i, count = 0, all = rf_diags_count(cp->diags);
    const char *name = rf_pack_room_at(cp->pack, n->file, n->line);
    for (i = 0; name && i < all; i++) {
        const rf_diag *g = rf_diags_at(cp->diags, i);
        const char *at;
        if (g->severity != RF_SEV_ERROR || strcmp(g->file, n->file) != 0)
            continue;
        at = rf_pack_room_at(cp->pack, g->file, g->line);
        count += at && strcmp(at, name) == 0;
    }
    return count;
}

/* One note for each room left out that was not printed in full: where it
 * is, why, how many errors, and the lint run that shows them (DESIGN 5:
 * "says so in one line"). --quiet keeps them back (errors only). */
static void print_left_out(cli_pack *cp)
{
    size_t i, n = rf_diags_count(cp->diags);
    unsigned flags = cli_use_color(stderr) ? RF_DIAG_WRITE_COLOR : 0;
    rf_diags *out;
    if (cp->verbosity < 0 || !cp->pack || !(out = rf_diags_new()))
        return;
    rf_diags_set_file_cap(out, 0);
    for (i = 0; i < n; i++) {
        const rf_diag *g = rf_diags_at(cp->diags, i);
        size_t e;
        if (cp->shown[i] || strcmp(g->code, "room-left-out") != 0)
            continue;
        cp->shown[i] = true;
        e = room_errors(cp, g);
        if (e)
            (void)rf_diag_add(out, g->code, g->file, g->line, g->col,
                              "%s (%zu error%s; roomforge lint %s)", g->message, e, plural(e),
                              g->file);
        else
            (void)rf_diag_add(out, g->code, g->file, g->line, g->col, "%s (roomforge lint %s)",
                              g->message, g->file);
    }
    if (rf_diags_write_gcc(out, stderr, flags) != RF_OK)
        cp->rc = CLI_USAGE;
    rf_diags_free(out);
}

int cli_pack_close(cli_pack *cp)
{
    /* no diags when the open stopped before loading (no bundled content) */
    size_t i, n = cp->diags ? rf_diags_count(cp->diags) : 0, errors = 0, warnings = 0, left = 0;
    int rc;
    for (i = 0; cp->shown && i < n; i++) /* the rooms left out not printed in full */
        left += !cp->shown[i] && strcmp(rf_diags_at(cp->diags, i)->code, "room-left-out") == 0;
    if (cp->shown && n)
        print_left_out(cp);
    rc = cp->rc;
    for (i = 0; cp->shown && i < n; i++) {
        const rf_diag *g = rf_diags_at(cp->diags, i);
        if (cp->shown[i])
            continue;
        if (g->severity == RF_SEV_ERROR)
            errors++;
        else if (g->severity == RF_SEV_WARNING && cp->verbosity >= 0)
            warnings++;
    }
    if (errors || warnings) {
        char counts[96];
        if (errors && warnings)
            snprintf(counts, sizeof counts, "%zu error%s and %zu warning%s", errors,
                     plural(errors), warnings, plural(warnings));
        else
            snprintf(counts, sizeof counts, "%zu %s%s", errors ? errors : warnings,
                     errors ? "error" : "warning", plural(errors ? errors : warnings));
        char tail[48] = "";
        if (left)
            snprintf(tail, sizeof tail, " (%zu room%s left out)", left, plural(left));
        if (fprintf(stderr, "roomforge %s: %s in the content%s; `roomforge lint` or --verbose "
                            "shows them\n", cp->cmd, counts, tail) < 0)
            rc = CLI_USAGE;
    }
    free(cp->shown);
    rf_diags_free(cp->diags);
    rf_pack_free(cp->pack);
    memset(cp, 0, sizeof *cp);
    return rc;
}

int cli_write_diags(const rf_diags *d, int verbosity)
{
    unsigned flags = RF_DIAG_WRITE_SOURCE | (verbosity > 0 ? 0 : RF_DIAG_WRITE_NO_NOTES) |
                     (cli_use_color(stderr) ? RF_DIAG_WRITE_COLOR : 0);
    rf_diags *errors;
    size_t i;
    int rc;
    if (verbosity >= 0)
        return rf_diags_write_gcc(d, stderr, flags) == RF_OK ? CLI_OK : CLI_USAGE;
    errors = rf_diags_new(); /* --quiet: the errors alone */
    if (!errors)
        return cli_usage_error("roomforge", "out of memory");
    rf_diags_set_file_cap(errors, 0);
    for (i = 0; i < rf_diags_count(d); i++) {
        const rf_diag *g = rf_diags_at(d, i);
        if (g->severity == RF_SEV_ERROR)
            (void)rf_diag_add(errors, g->code, g->file, g->line, g->col, "%s", g->message);
    }
    rc = rf_diags_write_gcc(errors, stderr, flags) == RF_OK ? CLI_OK : CLI_USAGE;
    rf_diags_free(errors);
    return rc;
}
