/* tools/cli/cmd_import.c: `roomforge import FILE.tmx...`: Tiled maps back to
 * rooms.xml, one room each, checked as the rooms loader checks a file.
 *
 * Pipeline: CLI over roomforge/tmx.h (read, write) and the rooms loader
 * (rf_template_set_load_buffer) for the check. Design: a map with an error
 * writes nothing (exit 1); rooms that convert are written, then loaded
 * again, and what the loader says about them is printed at the lines of
 * the rooms.xml written, so a modder sees what Tiled cannot show (a door off
 * the edge). An existing -o FILE needs --force.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_out.h"
#include "cli_pack.h"
#include "commands.h"
#include "roomforge/template.h"
#include "roomforge/tmx.h"

static const char import_usage[] =
    "usage: roomforge import [-o FILE] [--force] [--verbose] [--quiet] FILE.tmx...\n"
    "Reads Tiled maps (as `roomforge export --format tmx` writes them, or drawn in\n"
    "Tiled with its tileset) and writes their rooms as one rooms.xml: cells by\n"
    "their tile's glyph property, objects by their type (the element), name (id)\n"
    "and properties (attributes), map properties room.* and flags.* as <room> and\n"
    "<flags>, the map property rooms.xml as the room's other elements. The rooms\n"
    "written are then loaded again, and what the loader finds is printed (the\n"
    "checks that need the whole pack, subrooms and trial levels: roomforge lint).\n"
    "\n"
    "options:\n"
    "  -o FILE     write to FILE (default stdout; '-' is stdout)\n"
    "  --force     overwrite an existing FILE\n"
    "  --verbose   print notes too\n"
    "  --quiet     print errors only\n"
    "  -h, --help  print this help and exit\n"
    "Exit: 0 success, 1 a map or a room written with errors (a map with errors\n"
    "writes nothing), 2 usage or I/O errors (an existing FILE without --force).\n";

#define MAX_MAPS 4096 /* maps one import reads */

typedef struct import_args {
    const char *out;
    bool force;
    int verbosity;
    const char *files[MAX_MAPS];
    size_t nfiles;
} import_args;

static int take_out(const char *cmd, const char *v, void *ctx)
{
    (void)cmd;
    ((import_args *)ctx)->out = v;
    return 1;
}

static int take_force(const char *cmd, const char *v, void *ctx)
{
    (void)cmd;
    (void)v;
    ((import_args *)ctx)->force = true;
    return 1;
}

static int take_verbose(const char *cmd, const char *v, void *ctx)
{
    (void)cmd;
    (void)v;
    ((import_args *)ctx)->verbosity = 1;
    return 1;
}

static int take_quiet(const char *cmd, const char *v, void *ctx)
{
    (void)cmd;
    (void)v;
    ((import_args *)ctx)->verbosity = -1;
    return 1;
}

static int take_file(const char *cmd, const char *a, void *ctx)
{
    import_args *ia = ctx;
    if (ia->nfiles >= MAX_MAPS)
        return cli_usage_error(cmd, "more than %d maps", MAX_MAPS), -1;
    ia->files[ia->nfiles++] = a;
    return 1;
}

static const cli_opt import_opts[] = {{"o", true, take_out},
                                      {"force", false, take_force},
                                      {"verbose", false, take_verbose},
                                      {"quiet", false, take_quiet},
                                      {NULL, false, NULL}};

/* Reads every map into rooms; the worst exit code of the reads. */
static int read_maps(const import_args *a, rf_tmx_room **rooms, rf_diags *d)
{
    size_t i;
    int rc = CLI_OK;
    for (i = 0; i < a->nfiles; i++) {
        rf_status st = rf_tmx_room_load_file(a->files[i], d, &rooms[i]);
        int k = st == RF_OK ? CLI_OK : cli_exit_for(st);
        rc = k > rc ? k : rc;
    }
    return rc;
}

/* Loads the rooms.xml written (mem, n bytes, called name) as every command does and
 * prints what the loader says; 1 when it reports an error. */
static int check_rooms(const char *name, const char *mem, size_t n, int verbosity)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    int rc = CLI_OK;
    if (!set || !d)
        rc = cli_exit_for(RF_ERR_NOMEM);
    else if (rf_template_set_load_buffer(set, name, mem, n, d) != RF_OK ||
             rf_diags_errors(d) > 0)
        rc = CLI_CONTENT;
    if (d && cli_write_diags(d, verbosity) != CLI_OK)
        rc = CLI_USAGE;
    rf_diags_free(d);
    rf_template_set_free(set);
    return rc;
}

/* Writes the rooms as one rooms.xml to -o or stdout, then checks it. */
static int write_rooms(const import_args *a, rf_tmx_room *const *rooms)
{
    const char *path = cli_out_target(a->out);
    char *mem = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&mem, &n);
    cli_out out;
    int rc;
    bool ok = m && rf_tmx_write_rooms((const rf_tmx_room *const *)rooms, a->nfiles, m) == RF_OK;
    if (m && fclose(m) != 0)
        ok = false;
    if (!ok) {
        free(mem);
        return cli_usage_error("import", "cannot write the rooms (out of memory)");
    }
    rc = cli_out_open(&out, "import", path, false);
    if (rc == CLI_OK)
        rc = cli_out_close(&out, "import", fwrite(mem, 1, n, out.f) == n);
    if (rc == CLI_OK)
        rc = check_rooms(path ? path : "<stdout>", mem, n, a->verbosity);
    free(mem);
    return rc;
}

/* Whether -o may be written: never over one of the maps read, even with
 * --force; over another existing file only with --force. */
static int check_target(const import_args *a)
{
    static const char *const what = "one of the maps read";
    const char *path = cli_out_target(a->out);
    size_t i;
    int rc = CLI_OK;
    for (i = 0; i < a->nfiles && rc == CLI_OK; i++)
        rc = cli_out_check("import", path, &a->files[i], &what, 1);
    return rc == CLI_OK ? cli_out_may_replace("import", path, a->force) : rc;
}

int cmd_import(int argc, char **argv)
{
    import_args *a = calloc(1, sizeof *a);
    rf_tmx_room **rooms = NULL;
    rf_diags *d = rf_diags_new();
    cli_optset set;
    size_t i;
    int rc = d && a ? CLI_OK : cli_exit_for(RF_ERR_NOMEM);
    if (rc == CLI_OK) {
        set = (cli_optset){import_opts, a};
        rc = cli_getopt("import", argc, argv, &set, 1, take_file, a);
    }
    if (rc == CLI_HELP)
        rc = fputs(import_usage, stdout) < 0 ? CLI_USAGE : CLI_OK;
    else if (rc == CLI_OK && a->nfiles == 0)
        rc = cli_usage_error("import", "which FILE.tmx? (roomforge export writes one)");
    else if (rc == CLI_OK && (rc = check_target(a)) == CLI_OK) {
        if (!(rooms = calloc(a->nfiles, sizeof *rooms)))
            rc = cli_exit_for(RF_ERR_NOMEM);
        else
            rc = read_maps(a, rooms, d);
        if (cli_write_diags(d, a->verbosity) != CLI_OK)
            rc = CLI_USAGE;
        if (rc == CLI_OK)
            rc = write_rooms(a, rooms);
    }
    for (i = 0; rooms && i < a->nfiles; i++)
        rf_tmx_room_free(rooms[i]);
    free(rooms);
    free(a);
    rf_diags_free(d);
    return rc;
}
