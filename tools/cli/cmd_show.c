/* tools/cli/cmd_show.c: `roomforge show ROOM`: one room in full.
 *
 * Pipeline: CLI over load and template_write. The name matches
 * case-insensitively; an unknown name lists the rooms whose names contain it.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "roomforge/template.h"
#include "roomforge/template_write.h"

static const char show_usage[] =
    "usage: roomforge show [--content PATH] [--format ascii|json] ROOM\n"
    "Prints one room in full: its map with rulers, a legend of its symbols, doors,\n"
    "flags, objects and scripts in readable form, each with its file line. ROOM\n"
    "matches case-insensitively; an unknown ROOM names the rooms that contain it.\n"
    "\n"
    "options:\n"
    "  --content PATH       a rooms.xml file, or a directory: its *.xml files\n"
    "                       (default: the bundled content/rooms)\n"
    "  --format ascii|json  output format (default ascii); json prints the same as\n"
    "                       one object\n"
    "  -h, --help           print this help and exit\n"
    "An option's value may also follow '=' (--format=json).\n"
    "Exit: 0 success, 1 content errors or an unknown ROOM, 2 usage or I/O errors.\n";

/* Case-insensitive substring test. */

int cmd_show(int argc, char **argv)
{
    const char *content = NULL, *name = NULL;
    rf_write_format fmt = RF_WRITE_TEXT;
    rf_template_set *set = NULL;
    const rf_template *t;
    int k, rc;
    for (k = 1; k < argc; k++) {
        const char *v = NULL;
        int r;
        if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0) {
            fputs(show_usage, stdout);
            return CLI_OK;
        }
        if ((r = cli_opt_value(argc, argv, &k, "--content", &v)) != 0) {
            if (r < 0)
                return cli_usage_error("show", "--content needs a directory or file");
            content = v;
        } else if ((r = cli_opt_value(argc, argv, &k, "--format", &v)) != 0) {
            if (r < 0 || (strcmp(v, "ascii") != 0 && strcmp(v, "json") != 0))
                return cli_usage_error("show", "--format takes ascii or json");
            fmt = strcmp(v, "json") == 0 ? RF_WRITE_JSON : RF_WRITE_TEXT;
        } else if (argv[k][0] == '-' && argv[k][1] != '\0') {
            return cli_usage_error("show", "unknown option '%s' (see --help)", argv[k]);
        } else if (name) {
            return cli_usage_error("show", "one ROOM at a time (quote names with spaces)");
        } else {
            name = argv[k];
        }
    }
    if (!name)
        return cli_usage_error("show", "which ROOM? (roomforge list shows them)");
    rc = cli_load_rooms("show", content, &set);
    if (!set)
        return rc;
    t = rf_template_set_find(set, name);
    if (!t) { /* as gen and sim say it: a content error, with the likely name */
        int u = cli_unknown_room("show", set, name);
        rf_template_set_free(set);
        return u > rc ? u : rc; /* an unreadable --content stays an I/O error */
    }
    if (rf_template_write_show(t, stdout, fmt) != RF_OK || fflush(stdout) != 0)
        rc = CLI_USAGE;
    rf_template_set_free(set);
    return rc;
}
