/* tools/cli/cmd_list.c: `roomforge list`: the rooms of a content directory.
 *
 * Pipeline: CLI over load and template_write. Rooms that failed to load are
 * not listed; their diagnostics go to stderr and the exit code is 1.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "roomforge/template.h"
#include "roomforge/template_write.h"

static const char list_usage[] =
    "usage: roomforge list [--content PATH] [--format text|json]\n"
    "Lists the rooms of a content pack, one line each: name, size, levels (0-based),\n"
    "doors, objects, scripts, flags, file:line. Rooms with errors are left out and\n"
    "their diagnostics go to stderr.\n"
    "\n"
    "options:\n"
    "  --content PATH      a rooms.xml file, or a directory: its *.xml files\n"
    "                      (default: the bundled content/rooms)\n"
    "  --format text|json  output format (default text); json prints\n"
    "                      {\"rooms\":[{\"name\",\"file\",\"line\",\"width\",...}]}\n"
    "  -h, --help          print this help and exit\n"
    "An option's value may also follow '=' (--format=json).\n"
    "Exit: 0 success, 1 content errors, 2 usage or I/O errors.\n";

int cmd_list(int argc, char **argv)
{
    const char *content = NULL;
    rf_write_format fmt = RF_WRITE_TEXT;
    rf_template_set *set = NULL;
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
        } else if ((r = cli_opt_value(argc, argv, &k, "--format", &v)) != 0) {
            if (r < 0 || (strcmp(v, "text") != 0 && strcmp(v, "json") != 0))
                return cli_usage_error("list", "--format takes text or json");
            fmt = strcmp(v, "json") == 0 ? RF_WRITE_JSON : RF_WRITE_TEXT;
        } else {
            return cli_usage_error("list", "unexpected argument '%s' (see --help)", argv[k]);
        }
    }
    rc = cli_load_rooms("list", content, &set);
    if (!set)
        return rc;
    if (rf_template_set_write_list(set, stdout, fmt) != RF_OK || fflush(stdout) != 0)
        rc = CLI_USAGE;
    rf_template_set_free(set);
    return rc;
}
