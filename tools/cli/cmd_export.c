/* tools/cli/cmd_export.c: `roomforge export ROOM`: one room as a Tiled map
 * (with the tileset image beside it) or as canonical rooms.xml.
 *
 * Pipeline: CLI over rf_pack_load, roomforge/tmx.h and the view stage's
 * tileset image (rf_view_write_tileset). Design: nothing a user wrote is
 * overwritten silently: an existing -o FILE needs --force, and so does a
 * tileset image beside it whose bytes differ from the one we would write
 * (the same bytes are left alone, so many rooms share one image).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_out.h"
#include "cli_pack.h"
#include "commands.h"
#include "roomforge/fs.h"
#include "roomforge/tmx.h"
#include "roomforge/view.h"

static const char export_usage[] =
    "usage: roomforge export [--content DIR]... [--scripts DIR] [--format tmx|xml]\n"
    "                        [--tile N] [-o FILE] [--force] [--verbose] [--quiet]\n"
    "                        [--strict] ROOM\n"
    "Writes one room for an editor: a Tiled map (tmx: the map a CSV tile layer,\n"
    "objects an object layer, <room> and <flags> attributes map properties, the\n"
    "other elements the map property rooms.xml) or the room alone as rooms.xml in\n"
    "the layout `roomforge import` writes (xml). With -o, a tmx map's tileset\n"
    "image roomforge-glyphs-N.png (N the tile size) is written beside FILE.\n"
    "ROOM matches case-insensitively.\n"
    "\n"
    "options:\n"
    "  --content DIR      a content pack: DIR/rooms/ (else every *.xml under DIR)\n"
    "                     and DIR/profiles.xml; repeat it to layer packs, later\n"
    "                     over earlier (default: the bundled content)\n"
    "  --scripts DIR      designer condition and action types (DIR/*.lua)\n"
    "  --format tmx|xml   what to write (default tmx)\n"
    "  --tile N           tile side in pixels, 8-64 (default 24)\n"
    "  -o FILE            write to FILE (default stdout; '-' is stdout)\n"
    "  --force            overwrite an existing FILE, and a tileset image beside it\n"
    "                     that differs from the one written\n"
    "  --verbose          print every diagnostic of the content in full\n"
    "  --quiet            print errors only\n"
    "  --strict           exit 1 on any error in the content\n"
    "  -h, --help         print this help and exit\n"
    "An option's value may also follow '=' (--format=xml).\n"
    "Exit: 0 success, 1 ROOM left out for errors or unknown, 2 usage or I/O\n"
    "errors (an existing FILE without --force).\n";

typedef struct export_args {
    const char *name, *out;
    bool xml, force;
    int tile;
} export_args;

static int take_format(const char *cmd, const char *v, void *ctx)
{
    if (!v || (strcmp(v, "tmx") != 0 && strcmp(v, "xml") != 0))
        return cli_usage_error(cmd, "--format takes tmx or xml"), -1;
    ((export_args *)ctx)->xml = strcmp(v, "xml") == 0;
    return 1;
}

static int take_tile(const char *cmd, const char *v, void *ctx)
{
    int n;
    if (!v || !cli_parse_int(v, &n) || n < RF_TMX_TILE_MIN || n > RF_TMX_TILE_MAX)
        return cli_usage_error(cmd, "--tile takes a side of %d-%d pixels", RF_TMX_TILE_MIN,
                               RF_TMX_TILE_MAX), -1;
    ((export_args *)ctx)->tile = n;
    return 1;
}

static int take_out(const char *cmd, const char *v, void *ctx)
{
    (void)cmd;
    ((export_args *)ctx)->out = v;
    return 1;
}

static int take_force(const char *cmd, const char *v, void *ctx)
{
    (void)cmd;
    (void)v;
    ((export_args *)ctx)->force = true;
    return 1;
}

static const cli_opt export_opts[] = {{"format", true, take_format}, {"tile", true, take_tile},
                                      {"o", true, take_out},         {"force", false, take_force},
                                      {NULL, false, NULL}};

/* The tileset image's path beside the map at map_path, into buf. */
static bool image_path(const char *map_path, const char *image, char *buf, size_t cap)
{
    const char *slash = strrchr(map_path, '/');
    int dir = slash ? (int)(slash - map_path) + 1 : 0;
    int n = snprintf(buf, cap, "%.*s%s", dir, map_path, image);
    return n > 0 && (size_t)n < cap;
}

/* The tileset image to write beside the map: drawn into img->mem, img->write
 * false when the same bytes are there already. A differing image without
 * --force is a usage error, before anything is written. */
typedef struct image {
    char path[4096], *mem;
    size_t n;
    bool write;
} image;

static int image_plan(const char *cmd, const char *map_path, const rf_tmx_opts *o, bool force,
                      image *img)
{
    char *old = NULL;
    size_t oldn = 0;
    FILE *m;
    img->write = true;
    if (!image_path(map_path, o->image, img->path, sizeof img->path))
        return cli_usage_error(cmd, "the path of the tileset image is too long");
    if (!(m = open_memstream(&img->mem, &img->n)))
        return cli_usage_error(cmd, "cannot draw the tileset image");
    if (rf_view_write_tileset(o->tile, m) != RF_OK || fclose(m) != 0)
        return cli_usage_error(cmd, "cannot draw the tileset image");
    if (rf_fs_read(img->path, (size_t)1 << 24, &old, &oldn, NULL) == RF_OK) {
        img->write = !(oldn == img->n && memcmp(old, img->mem, img->n) == 0);
        rf_fs_free(old);
        if (img->write)
            return cli_out_may_replace(cmd, img->path, force);
    }
    return CLI_OK;
}

static int image_write(const char *cmd, const image *img)
{
    cli_out out;
    int rc = CLI_OK;
    if (img->write && (rc = cli_out_open(&out, cmd, img->path, true)) == CLI_OK)
        rc = cli_out_close(&out, cmd, fwrite(img->mem, 1, img->n, out.f) == img->n);
    return rc;
}

/* Writes the room r as asked, to -o or stdout, and a map's image beside. */
static int write_room(const export_args *a, const rf_tmx_room *r, const char *source)
{
    static const char *const what = "the room's own rooms file";
    const char *path = cli_out_target(a->out);
    char name[64];
    image img = {"", NULL, 0, false};
    rf_tmx_opts o;
    cli_out out;
    int rc = CLI_OK;
    bool ok;
    rf_tmx_opts_init(&o);
    o.tile = a->tile;
    (void)snprintf(name, sizeof name, "roomforge-glyphs-%d.png", a->tile);
    o.image = name;
    if (!a->xml && path)
        rc = image_plan("export", path, &o, a->force, &img);
    if (rc == CLI_OK)
        rc = cli_out_check("export", path, &source, &what, 1);
    if (rc == CLI_OK)
        rc = cli_out_open(&out, "export", path, false);
    if (rc == CLI_OK) {
        ok = a->xml ? rf_tmx_write_rooms(&r, 1, out.f) == RF_OK
                    : rf_tmx_room_write_tmx(r, &o, out.f) == RF_OK;
        rc = cli_out_close(&out, "export", ok);
    }
    if (rc == CLI_OK)
        rc = image_write("export", &img);
    free(img.mem);
    return rc;
}

/* t in the conversion's model, written; its own diagnostics printed. */
static int export_room(const export_args *a, const rf_template *t, int verbosity)
{
    rf_diags *d = rf_diags_new();
    rf_tmx_room *r = NULL;
    rf_status st;
    int rc;
    if (!d)
        return cli_exit_for(RF_ERR_NOMEM);
    st = rf_tmx_room_from_template(t, d, &r);
    rc = cli_write_diags(d, verbosity);
    if (st != RF_OK)
        rc = rc != CLI_OK ? rc : cli_exit_for(st);
    else if (rc == CLI_OK)
        rc = write_room(a, r, rf_template_file(t));
    rf_tmx_room_free(r);
    rf_diags_free(d);
    return rc;
}

int cmd_export(int argc, char **argv)
{
    export_args a = {NULL, NULL, false, false, 24};
    cli_content cc;
    cli_optset sets[2];
    cli_pack cp;
    const rf_template *t;
    int k, rc, room_rc = CLI_OK;
    cli_content_init(&cc);
    sets[0] = (cli_optset){cli_content_opts, &cc};
    sets[1] = (cli_optset){export_opts, &a};
    k = cli_getopt("export", argc, argv, sets, 2, cli_take_one_room, &a.name);
    if (k == CLI_HELP)
        return fputs(export_usage, stdout) < 0 ? CLI_USAGE : CLI_OK;
    if (k != CLI_OK)
        return k;
    if (!a.name)
        return cli_usage_error("export", "which ROOM? (roomforge list shows them)");
    if ((k = cli_out_may_replace("export", cli_out_target(a.out), a.force)) != CLI_OK)
        return k;
    rc = cli_pack_open(&cp, "export", &cc);
    if (!cp.pack)
        return cli_pack_close(&cp);
    t = cli_pack_room(&cp, a.name, &room_rc);
    if (t)
        room_rc = export_room(&a, t, cp.verbosity);
    rc = room_rc > rc ? room_rc : rc;
    k = cli_pack_close(&cp);
    return k > rc ? k : rc;
}
