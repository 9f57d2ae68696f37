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

/* Variant v of t into *vt, its diagnostics on stderr: CLI_OK, CLI_CONTENT
 * when it has errors (*vt is still shown), CLI_USAGE (*vt NULL) when t
 * does not vary or memory ran out. */
static int show_variant(const rf_template *t, uint32_t v, rf_template **vt)
{
    rf_diags *d;
    size_t errors;
    rf_status st = rf_template_variant(t, v, vt);
    if (st == RF_ERR_ARG) {
        fprintf(stderr, "roomforge show: the room '%s' does not vary (it has no <vary>)\n",
                rf_template_name(t));
        return CLI_CONTENT;
    }
    if (st != RF_OK || !(d = rf_diags_new())) {
        fprintf(stderr, "roomforge show: %s\n", rf_status_str(RF_ERR_NOMEM));
        return CLI_USAGE;
    }
    errors = rf_template_variant_check(*vt, d);
    if (rf_diags_write_gcc(d, stderr, 0) != RF_OK)
        errors = SIZE_MAX;
    rf_diags_free(d);
    return errors ? CLI_CONTENT : CLI_OK;
}

int cmd_show(int argc, char **argv)
{
    const char *name = NULL;
    rf_write_format fmt = RF_WRITE_TEXT;
    int orient = 0;
    long long variant = -1;
    rf_template *vt = NULL;
    cli_content cc;
    cli_pack cp;
    const rf_template *t;
    int k, rc, room_rc = CLI_OK;
    cli_content_init(&cc);
    for (k = 1; k < argc; k++) {
        const char *v = NULL;
        int r;
        if (strcmp(argv[k], "--help") == 0 || strcmp(argv[k], "-h") == 0) {
            fputs(show_usage, stdout);
            return CLI_OK;
        }
        if ((r = cli_content_opt("show", argc, argv, &k, &cc)) != 0) {
            if (r < 0)
                return CLI_USAGE;
        } else if ((r = cli_opt_value(argc, argv, &k, "--format", &v)) != 0) {
            if (r < 0 || (strcmp(v, "ascii") != 0 && strcmp(v, "json") != 0))
                return cli_usage_error("show", "--format takes ascii or json");
            fmt = strcmp(v, "json") == 0 ? RF_WRITE_JSON : RF_WRITE_TEXT;
        } else if ((r = cli_opt_value(argc, argv, &k, "--orient", &v)) != 0) {
            if (r < 0 || strlen(v) != 1 || v[0] < '0' || v[0] > '7')
                return cli_usage_error("show", "--orient takes an orientation from 0 to 7");
            orient = v[0] - '0';
        } else if ((r = cli_opt_value(argc, argv, &k, "--variant", &v)) != 0) {
            unsigned long long n;
            if (r < 0 || !cli_parse_u64(v, &n) || n > UINT32_MAX)
                return cli_usage_error("show", "--variant takes an integer from 0 to %lu",
                                       (unsigned long)UINT32_MAX);
            variant = (long long)n;
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
    rc = cli_pack_open(&cp, "show", &cc);
    if (!cp.pack)
        return cli_pack_close(&cp);
    t = cli_pack_room(&cp, name, &room_rc); /* as gen and sim say it: exit 1 */
    if (t && variant >= 0) {
        room_rc = show_variant(t, (uint32_t)variant, &vt);
        t = vt;
    }
    if (t && (rf_template_write_show_turned(t, orient, stdout, fmt) != RF_OK || fflush(stdout) != 0))
        room_rc = CLI_USAGE;
    rc = room_rc > rc ? room_rc : rc;
    rf_template_variant_free(vt);
    k = cli_pack_close(&cp);
    return k > rc ? k : rc;
}
