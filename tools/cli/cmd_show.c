/* tools/cli/cmd_show.c: `roomforge show ROOM`: one room in full.
 *
 * Pipeline: CLI over rf_pack_load and template_write. The name matches
 * case-insensitively; an unknown name suggests the one most likely meant.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "cli_pack.h"
#include "cli_variant.h"
#include "commands.h"
#include "roomforge/template.h"
#include "roomforge/template_write.h"

static const char show_usage[] =
    "usage: roomforge show [--content DIR]... [--scripts DIR] [--format ascii|json]\n"
    "                      [--orient K] [--variant N] [--verbose] [--quiet] [--strict]\n"
    "                      ROOM\n"
    "Prints one room in full: its map with rulers, a legend of its symbols, doors,\n"
    "flags, objects and scripts in readable form, each with its file line. ROOM\n"
    "matches case-insensitively; an unknown ROOM names the room most likely meant.\n"
    "The room's own diagnostics are printed in full, the rest of the content's\n"
    "counted in one line on stderr.\n"
    "\n"
    "options:\n"
    "  --content DIR        a content pack: DIR/rooms/ (else every *.xml under DIR)\n"
    "                       and DIR/profiles.xml; repeat it to layer packs, later\n"
    "                       over earlier (default: the bundled content)\n"
    "  --scripts DIR        designer condition and action types (DIR/*.lua) the\n"
    "                       rooms' scripts are checked against\n"
    "  --format ascii|json  output format (default ascii); json prints the same as\n"
    "                       one object\n"
    "  --orient K           the room turned by orientation K (0-7: K mod 4 quarter\n"
    "                       turns clockwise, mirrored left to right first when\n"
    "                       K >= 4), as a level places it: map, doors, anchors\n"
    "                       and objects at the turned room's coordinates; the\n"
    "                       scripts as written (they speak the template's own)\n"
    "  --variant N          a room that varies (<vary>) drawn as variant N (a\n"
    "                       non-negative integer: the number lint names), its\n"
    "                       checks' diagnostics on stderr; before --orient\n"
    "  --verbose            print every diagnostic of the content in full\n"
    "  --quiet              print errors only\n"
    "  --strict             exit 1 on any error in the content, not only\n"
    "                       in the rooms and profile asked about\n"
    "  -h, --help           print this help and exit\n"
    "An option's value may also follow '=' (--format=json).\n"
    "Exit: 0 success (other rooms with errors left out, one note each), 1 ROOM\n"
    "left out for errors or unknown, any content error with --strict, 2 usage\n"
    "or I/O errors.\n";

/* What show's options and its ROOM fill. */
typedef struct show_args {
    const char *name;
    rf_write_format fmt;
    int orient;
    long long variant; /* --variant N, -1: the room as written */
} show_args;

static int take_format(const char *cmd, const char *v, void *ctx)
{
    if (!v || (strcmp(v, "ascii") != 0 && strcmp(v, "json") != 0))
        return cli_usage_error(cmd, "--format takes ascii or json"), -1;
    ((show_args *)ctx)->fmt = strcmp(v, "json") == 0 ? RF_WRITE_JSON : RF_WRITE_TEXT;
    return 1;
}

static int take_orient(const char *cmd, const char *v, void *ctx)
{
    return cli_orient_parse(cmd, v, &((show_args *)ctx)->orient) ? 1 : -1;
}

static int take_variant(const char *cmd, const char *v, void *ctx)
{
    uint32_t n;
    if (!cli_variant_parse(cmd, v, &n))
        return -1;
    ((show_args *)ctx)->variant = (long long)n;
    return 1;
}

static const cli_opt show_opts[] = {{"format", true, take_format},
                                    {"orient", true, take_orient},
                                    {"variant", true, take_variant},
                                    {NULL, false, NULL}};

int cmd_show(int argc, char **argv)
{
    show_args a = {NULL, RF_WRITE_TEXT, 0, -1};
    rf_template *vt = NULL;
    cli_content cc;
    cli_optset sets[2];
    cli_pack cp;
    const rf_template *t;
    int k, rc, room_rc = CLI_OK;
    cli_content_init(&cc);
    sets[0] = (cli_optset){cli_content_opts, &cc};
    sets[1] = (cli_optset){show_opts, &a};
    k = cli_getopt("show", argc, argv, sets, 2, cli_take_one_room, &a.name);
    if (k == CLI_HELP) {
        fputs(show_usage, stdout);
        return CLI_OK;
    }
    if (k != CLI_OK)
        return k;
    if (!a.name)
        return cli_usage_error("show", "which ROOM? (roomforge list shows them)");
    rc = cli_pack_open(&cp, "show", &cc);
    if (!cp.pack)
        return cli_pack_close(&cp);
    t = cli_pack_room(&cp, a.name, &room_rc); /* as gen and sim say it: exit 1 */
    if (t && a.variant >= 0) {
        room_rc = cli_variant_draw("show", t, (uint32_t)a.variant, &vt);
        t = vt;
    }
    if (t && (rf_template_write_show_turned(t, a.orient, stdout, a.fmt) != RF_OK ||
              fflush(stdout) != 0))
        room_rc = CLI_USAGE;
    rc = room_rc > rc ? room_rc : rc;
    rf_template_variant_free(vt);
    k = cli_pack_close(&cp);
    return k > rc ? k : rc;
}
