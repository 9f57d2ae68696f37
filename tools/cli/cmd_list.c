/* tools/cli/cmd_list.c: `roomforge list`: the rooms of a content directory,
 * or with --profiles its level profiles.
 *
 * Pipeline: CLI over load and template_write (rooms), rf_level_write_profiles
 * (profiles). What failed to load is not listed: diagnostics, exit 1.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_level.h"
#include "commands.h"
#include "roomforge/level.h"
#include "roomforge/template.h"
#include "roomforge/template_write.h"

static const char list_usage[] =
    "usage: roomforge list [--content PATH] [--profiles] [--format text|json]\n"
    "Lists the rooms of a content pack, one line each: name, size, levels (0-based),\n"
    "doors, objects, scripts, flags, file:line. Rooms with errors are left out and\n"
    "their diagnostics go to stderr. With --profiles, the level profiles instead.\n"
    "\n"
    "options:\n"
    "  --content PATH      a rooms.xml file, or a directory: its *.xml files\n"
    "                      (default: the bundled content/rooms)\n"
    "  --profiles          list the level profiles instead: name, recipe and the\n"
    "                      size its levels dig at (the profiles.xml of --content,\n"
    "                      which is then a directory, else the bundled one)\n"
    "  --format text|json  output format (default text); json prints\n"
    "                      {\"rooms\":[{\"name\",\"file\",\"line\",\"width\",...}]}\n"
    "                      or {\"profiles\":[{\"name\",\"recipe\",\"width\",\"height\"}]}\n"
    "  -h, --help          print this help and exit\n"
    "An option's value may also follow '=' (--format=json).\n"
    "Exit: 0 success, 1 content errors, 2 usage or I/O errors.\n";

/* list --profiles: the profiles file of content (else the bundled one). */
static int list_profiles(const char *content, rf_write_format fmt)
{
    rf_profile_set *ps = NULL;
    rf_diags *d;
    rf_status st;
    int rc = cli_load_profiles("list", content, &ps), wrc;
    if (!ps)
        return rc;
    d = rf_diags_new();
    if (!d) {
        rf_profile_set_free(ps);
        return cli_usage_error("list", "out of memory");
    }
    st = rf_level_write_profiles(ps, stdout, fmt, d);
    wrc = rf_diags_write_gcc(d, stderr, RF_DIAG_WRITE_SOURCE | RF_DIAG_WRITE_NO_NOTES) == RF_OK
              ? CLI_OK
              : CLI_USAGE;
    rf_diags_free(d);
    rf_profile_set_free(ps);
    if (fflush(stdout) != 0)
        st = RF_ERR_IO;
    rc = rc > cli_exit_for(st) ? rc : cli_exit_for(st);
    return rc > wrc ? rc : wrc;
}

int cmd_list(int argc, char **argv)
{
    const char *content = NULL;
    rf_write_format fmt = RF_WRITE_TEXT;
    rf_template_set *set = NULL;
    bool profiles = false;
    int k, rc;
    for (k = 1; k < argc; k++) {
        const char *v = NULL;
        int r;
        if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0) {
            fputs(list_usage, stdout);
            return CLI_OK;
        }
        if ((r = cli_opt_value(argc, argv, &k, "--content", &v)) != 0) {
            if (r < 0)
                return cli_usage_error("list", "--content needs a directory or file");
            content = v;
        } else if (strcmp(argv[k], "--profiles") == 0) {
            profiles = true;
        } else if ((r = cli_opt_value(argc, argv, &k, "--format", &v)) != 0) {
            if (r < 0 || (strcmp(v, "text") != 0 && strcmp(v, "json") != 0))
                return cli_usage_error("list", "--format takes text or json");
            fmt = strcmp(v, "json") == 0 ? RF_WRITE_JSON : RF_WRITE_TEXT;
        } else {
            return cli_usage_error("list", "unexpected argument '%s' (see --help)", argv[k]);
        }
    }
    if (profiles)
        return list_profiles(content, fmt);
    rc = cli_load_rooms("list", content, &set);
    if (!set)
        return rc;
    if (rf_template_set_write_list(set, stdout, fmt) != RF_OK || fflush(stdout) != 0)
        rc = CLI_USAGE;
    rf_template_set_free(set);
    return rc;
}
