/* tools/cli/cmd_list.c: `roomforge list`: the rooms of the content and its
 * level profiles, or with --profiles the profiles only.
 *
 * Pipeline: CLI over rf_pack_load, template_write (rooms) and
 * rf_level_write_profiles. Rooms left out are not listed (exit 0 unless --strict).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_pack.h"
#include "commands.h"
#include "roomforge/level.h"
#include "roomforge/template.h"
#include "roomforge/template_write.h"

static const char list_usage[] =
    "usage: roomforge list [--content DIR]... [--scripts DIR] [--profiles]\n"
    "                      [--format text|json] [--verbose] [--quiet] [--strict]\n"
    "Lists the rooms of the content, one line each: name, size, levels (0-based),\n"
    "doors, objects, scripts, flags, tags, 'varies' for a room with <vary>,\n"
    "file:line; in text, then the level profiles.\n"
    "Rooms with errors are left out; the content's diagnostics are counted in one\n"
    "line on stderr. With --profiles, the level profiles only.\n"
    "\n"
    "options:\n"
    "  --content DIR       a content pack: DIR/rooms/ (else every *.xml under DIR)\n"
    "                      and DIR/profiles.xml; repeat it to layer packs, later\n"
    "                      over earlier (default: the bundled content)\n"
    "  --scripts DIR       designer condition and action types (DIR/*.lua) the\n"
    "                      rooms' scripts are checked against\n"
    "  --profiles          list the level profiles only: name, recipe and the size\n"
    "                      its levels dig at\n"
    "  --format text|json  output format (default text); json prints\n"
    "                      {\"rooms\":[{\"name\",\"file\",\"line\",\"width\",...}]}\n"
    "                      or {\"profiles\":[{\"name\",\"recipe\",\"width\",\"height\"}]}\n"
    "  --verbose           print every diagnostic of the content in full\n"
    "  --quiet             print errors only\n"
    "  --strict            exit 1 on any error in the content, not only\n"
    "                      in the rooms and profile asked about\n"
    "  -h, --help          print this help and exit\n"
    "An option's value may also follow '=' (--format=json).\n"
    "Exit: 0 success (rooms with errors left out, one note each), 1 content\n"
    "errors with --strict, 2 usage or I/O errors.\n";

/* The profiles of the pack, as rf_level_write_profiles writes them. */
static int list_profiles(const rf_profile_set *ps, rf_write_format fmt)
{
    rf_diags *d = rf_diags_new();
    rf_status st;
    int wrc;
    if (!d)
        return cli_usage_error("list", "out of memory");
    st = rf_level_write_profiles(ps, stdout, fmt, d);
    wrc = rf_diags_write_gcc(d, stderr, RF_DIAG_WRITE_SOURCE | RF_DIAG_WRITE_NO_NOTES) == RF_OK
              ? CLI_OK
              : CLI_USAGE;
    rf_diags_free(d);
    if (fflush(stdout) != 0)
        st = RF_ERR_IO;
    return cli_exit_for(st) > wrc ? cli_exit_for(st) : wrc;
}

/* What list's options fill. */
typedef struct list_args {
    rf_write_format fmt;
    bool profiles;
} list_args;

static int take_profiles(const char *cmd, const char *v, void *ctx)
{
    (void)cmd, (void)v;
    ((list_args *)ctx)->profiles = true;
    return 1;
}

static int take_format(const char *cmd, const char *v, void *ctx)
{
    if (!v || (strcmp(v, "text") != 0 && strcmp(v, "json") != 0))
        return cli_usage_error(cmd, "--format takes text or json"), -1;
    ((list_args *)ctx)->fmt = strcmp(v, "json") == 0 ? RF_WRITE_JSON : RF_WRITE_TEXT;
    return 1;
}

static const cli_opt list_opts[] = {{"profiles", false, take_profiles},
                                    {"format", true, take_format},
                                    {NULL, false, NULL}};

int cmd_list(int argc, char **argv)
{
    list_args a = {RF_WRITE_TEXT, false};
    rf_write_format fmt;
    bool profiles;
    cli_content cc;
    cli_optset sets[2];
    cli_pack cp;
    int k, rc;
    cli_content_init(&cc);
    sets[0] = (cli_optset){cli_content_opts, &cc};
    sets[1] = (cli_optset){list_opts, &a};
    k = cli_getopt("list", argc, argv, sets, 2, NULL, NULL);
    if (k == CLI_HELP) {
        fputs(list_usage, stdout);
        return CLI_OK;
    }
    if (k != CLI_OK)
        return k;
    fmt = a.fmt;
    profiles = a.profiles;
    rc = cli_pack_open(&cp, "list", &cc);
    if (!cp.pack)
        return cli_pack_close(&cp);
    if (profiles) {
        k = list_profiles(rf_pack_profiles(cp.pack), fmt);
    } else {
        k = rf_template_set_write_list(rf_pack_templates(cp.pack), stdout, fmt) == RF_OK
                ? CLI_OK
                : CLI_USAGE;
        if (k == CLI_OK && fmt == RF_WRITE_TEXT && rf_profile_count(rf_pack_profiles(cp.pack))) {
            putchar('\n'); /* then the profiles the levels of this content use */
            k = list_profiles(rf_pack_profiles(cp.pack), fmt);
        }
        if (fflush(stdout) != 0)
            k = CLI_USAGE;
    }
    rc = k > rc ? k : rc;
    k = cli_pack_close(&cp);
    return k > rc ? k : rc;
}
