/* tools/cli/cmd_sim.c: `roomforge sim`: plays scenarios against a room and
 * prints what its rules do, one effect a line.
 *
 * Pipeline: CLI over rf_pack_load, world and scenario. --scenario DIR plays every
 * *.scn in name order; --variant N plays variant N of a room that varies.
 * Exit (DESIGN 5): 0 all expects met, 1 content errors or a failed expect,
 * 2 usage or I/O.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_pack.h"
#include "cli_variant.h"
#include "commands.h"
#include "roomforge/diag.h"
#include "roomforge/fs.h"
#include "roomforge/machines.h"
#include "roomforge/pack.h"
#include "roomforge/scenario.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

#define MAX_SCENARIOS 10000

typedef struct sim_opts {
    const char *room, *scenario;
    const char *machines[2]; /* --machine NAME, at most twice (DESIGN 17) */
    size_t nmachines;
    cli_content content; /* --content, --scripts, --verbose, --quiet */
    bool json;
    rf_scenario_junit *junit; /* --format junit: the report the plays go into */
    bool want_junit;  /* --format junit */
    int orient;       /* --orient K: 0-7 */
    rf_coords coords; /* --coords template|room */
    bool variant_set; /* --variant N given */
    uint32_t variant;
} sim_opts;

static int take_room(const char *cmd, const char *v, void *ctx)
{
    if (!v || !*v)
        return cli_usage_error(cmd, "--room needs a room name"), -1;
    ((sim_opts *)ctx)->room = v;
    return 1;
}

static int take_machine(const char *cmd, const char *v, void *ctx)
{
    sim_opts *o = ctx;
    if (!v || !*v)
        return cli_usage_error(cmd, "--machine needs a blueprint name"), -1;
    if (o->nmachines == 2)
        return cli_usage_error(cmd, "at most two --machine (a key holder, then its reward)"), -1;
    o->machines[o->nmachines++] = v;
    return 1;
}

static int take_scenario(const char *cmd, const char *v, void *ctx)
{
    sim_opts *o = ctx;
    if (!v || !*v)
        return cli_usage_error(cmd, "--scenario needs a file or directory"), -1;
    if (o->scenario)
        return cli_usage_error(cmd, "one --scenario at a time (a directory plays many)"), -1;
    o->scenario = v;
    return 1;
}

static int take_orient(const char *cmd, const char *v, void *ctx)
{
    return cli_orient_parse(cmd, v, &((sim_opts *)ctx)->orient) ? 1 : -1;
}

static int take_coords(const char *cmd, const char *v, void *ctx)
{
    if (!v || (strcmp(v, "template") != 0 && strcmp(v, "room") != 0))
        return cli_usage_error(cmd, "--coords takes template or room"), -1;
    ((sim_opts *)ctx)->coords = strcmp(v, "room") == 0 ? RF_COORDS_ROOM : RF_COORDS_TEMPLATE;
    return 1;
}

static int take_variant(const char *cmd, const char *v, void *ctx)
{
    sim_opts *o = ctx;
    if (!cli_variant_parse(cmd, v, &o->variant))
        return -1;
    o->variant_set = true;
    return 1;
}

static int take_format(const char *cmd, const char *v, void *ctx)
{
    sim_opts *o = ctx;
    if (!v || (strcmp(v, "text") != 0 && strcmp(v, "json") != 0 && strcmp(v, "junit") != 0))
        return cli_usage_error(cmd, "--format takes text, json or junit"), -1;
    o->json = strcmp(v, "json") == 0;
    o->want_junit = strcmp(v, "junit") == 0;
    return 1;
}

static const cli_opt sim_opts_table[] = {{"room", true, take_room},
                                         {"machine", true, take_machine},
                                         {"scenario", true, take_scenario},
                                         {"orient", true, take_orient},
                                         {"coords", true, take_coords},
                                         {"variant", true, take_variant},
                                         {"format", true, take_format},
                                         {NULL, false, NULL}};

static void sim_help(FILE *out)
{
    fputs("usage: roomforge sim [--content DIR]... [--room NAME | --machine NAME...]\n"
          "                     --scenario FILE|DIR\n"
          "                     [--orient K] [--coords template|room] [--variant N]\n"
          "                     [--scripts DIR] [--format text|json|junit] [--verbose]\n"
          "                     [--quiet] [--strict]\n"
          "Plays a scenario (enter, exit, move X Y, pull ID, hit ID [N], kill ID, tick [N],\n"
          "expect T<tick> <effect>) against a room in a fresh one-room world and prints\n"
          "what its rules do, one effect a line, in room-local coordinates. The room's\n"
          "diagnostics are printed in full, the rest of the content's counted in one line.\n"
          "\n"
          "options:\n"
          "  --scenario FILE|DIR  the scenario to play (required); a directory plays every\n"
          "                       *.scn in it, in byte order of the names\n"
          "  --room NAME          the room to play against (case-insensitive); without it,\n"
          "                       the scenario's own `room NAME` line\n"
          "  --machine NAME       play a machine blueprint of the content's machines.xml\n"
          "                       instead of a room: its objects, a reward's vault door\n"
          "                       and its rules, as a level's world holds them; twice\n"
          "                       (a key holder, then its reward) plays a treasure\n"
          "                       machine whole\n"
          "  --orient K           turn the room by orientation K (0-7: K mod 4 quarter\n"
          "                       turns clockwise, mirrored left to right first when\n"
          "                       K >= 4), whatever its rotate/mirror permissions; the\n"
          "                       scenario and its expect lines stay in the template's\n"
          "                       own coordinates (default 0)\n"
          "  --coords template|room  print effects in the template's own coordinates\n"
          "                       (default) or in the turned room's\n"
          "  --variant N          play variant N (0-4294967295, the number lint and show\n"
          "                       name) of a room that varies (<vary>), its checks'\n"
          "                       diagnostics on stderr; before --orient; a room that\n"
          "                       does not vary is an error (exit 1)\n"
          "  --content DIR        a content pack: DIR/rooms/ (else every *.xml under DIR,\n"
          "                       or one rooms.xml file) and DIR/profiles.xml; repeat it\n"
          "                       to layer packs, later over earlier (default: the\n"
          "                       bundled content)\n"
          "  --scripts DIR        load the designer condition and action types of\n"
          "                       DIR/*.lua: the rooms are checked against them and the\n"
          "                       world runs them\n"
          "  --format text|json|junit  output format (default text); junit: one JUnit XML\n"
          "                       report, a test case per scenario file, for CI\n"
          "  --verbose            print every diagnostic of the content in full\n"
          "  --quiet              print errors only\n"
          "  --strict             exit 1 on any error in the content, not only\n"
          "                       in the rooms and profile asked about\n"
          "  -h, --help           print this help and exit\n"
          "An option's value may also follow '=' (--format=json).\n"
          "Exit: 0 all played and every expect met (other rooms with errors left out),\n"
          "1 the room played has errors, a failed expect, any content error with\n"
          "--strict, 2 usage or I/O errors.\n",
          out);
}

static int worse(int a, int b) { return a > b ? a : b; }

static int write_diags(rf_diags *d)
{
    unsigned flags = RF_DIAG_WRITE_SOURCE | (cli_use_color(stderr) ? RF_DIAG_WRITE_COLOR : 0);
    return rf_diags_write_gcc(d, stderr, flags) == RF_OK ? CLI_OK : CLI_USAGE;
}

/* The scenario files of directory path, sorted (*out), or *out NULL when
 * path is not a directory: it is then the one scenario. Returns the count,
 * 0 with an exit code in *rc on failure; *out is freed by rf_fs_list_free. */
static size_t scenario_paths(const char *path, rf_fs_list **out, int *rc)
{
    struct stat st;
    rf_diags *d;
    size_t n;
    *out = NULL;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return 1;
    switch (rf_fs_walk(path, ".scn", 0, out, NULL)) {
    case RF_OK: break;
    case RF_ERR_NOMEM: *rc = cli_usage_error("sim", "out of memory"); return 0;
    default:
        d = rf_diags_new();
        if (d)
            (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read the directory");
        *rc = d ? worse(CLI_USAGE, write_diags(d)) : cli_usage_error("sim", "out of memory");
        rf_diags_free(d);
        return 0;
    }
    n = rf_fs_list_count(*out);
    if (n == 0) {
        rf_fs_list_free(*out);
        *rc = cli_usage_error("sim", "no *.scn files in %s", path);
        return 0;
    }
    if (n > MAX_SCENARIOS) { /* the first ones by name are played */
        d = rf_diags_new();
        if (d)
            (void)rf_diag_add(d, "scenario-limit", path, 0, 0, "more than %d scenarios",
                              MAX_SCENARIOS);
        *rc = d ? worse(*rc, write_diags(d)) : cli_usage_error("sim", "out of memory");
        rf_diags_free(d);
        n = MAX_SCENARIOS;
    }
    return n;
}

/* The room a scenario plays against, or NULL with *rc set. */
static const rf_template *pick_room(cli_pack *cp, const rf_scenario *s, const sim_opts *o,
                                    rf_diags *d, int *rc)
{
    const char *name = o->room ? o->room : rf_scenario_room(s);
    rf_pack_room left;
    size_t i;
    if (!name) {
        *rc = cli_usage_error("sim", "%s: which room? give --room NAME or a 'room NAME' line",
                              rf_scenario_file(s));
        return NULL;
    }
    if (o->room || rf_pack_left_out_find(cp->pack, name, &left) ||
        rf_template_set_find(rf_pack_templates(cp->pack), name))
        return cli_pack_room(cp, name, rc); /* its diagnostics printed in full */
    for (i = 0; i < rf_scenario_count(s); i++) {
        const rf_scenario_cmd *c = rf_scenario_at(s, i);
        if (c->op == RF_SCENARIO_ROOM)
            (void)rf_diag_add(d, "unknown-room", rf_scenario_file(s), c->line, c->col,
                              "no room named '%s' is loaded (roomforge list shows them)", name);
    }
    *rc = CLI_CONTENT;
    return NULL;
}

/* What one play holds until its report is written. */
typedef struct sim_play {
    rf_scenario *s;
    rf_world *w;
    rf_scenario_result *res; /* NULL: the scenario did not play */
    rf_template *vt;         /* the variant --variant drew; the world borrows it */
} sim_play;

/* Plays p's scenario against the machine room of the --machine blueprints
 * (rf_world_add_machine) in a fresh world; the exit code so far. */
static int play_machine(cli_pack *cp, const sim_opts *o, rf_diags *d, sim_play *p)
{
    const rf_blueprint *bps[2] = {NULL, NULL};
    rf_world_opts wo;
    size_t i, room = 0;
    rf_status st;
    int rc = CLI_OK;
    for (i = 0; i < o->nmachines; i++)
        if (!(bps[i] = rf_machines_find(rf_pack_machines(cp->pack), o->machines[i]))) {
            (void)rf_diag_add(d, "unknown-machine", rf_scenario_file(p->s), 0, 0,
                              "no machine blueprint named '%s' is loaded (lint checks "
                              "machines.xml)",
                              o->machines[i]);
            return CLI_CONTENT;
        }
    rf_world_opts_init(&wo);
    wo.scripts_dir = o->content.scripts;
    wo.machines = rf_pack_machines(cp->pack);
    st = rf_world_new(&wo, d, &p->w);
    if (st != RF_OK && st != RF_ERR_CONTENT)
        return cli_exit_for(st);
    rc = worse(rc, cli_exit_for(st));
    st = rf_world_add_machine(p->w, bps, o->nmachines, d, &room);
    rc = worse(rc, cli_exit_for(st));
    if (st != RF_OK && st != RF_ERR_CONTENT)
        return rc;
    st = rf_scenario_play(p->s, p->w, room, d, &p->res);
    return worse(rc, cli_exit_for(st));
}

/* Loads the scenario at path, builds its room's one-room world and plays
 * it into p; the exit code so far. */
static int play(cli_pack *cp, const char *path, const sim_opts *o, rf_diags *d, sim_play *p)
{
    rf_world_opts wo;
    const rf_template *t;
    size_t room = 0;
    rf_status st;
    int rc = CLI_OK;
    st = rf_scenario_load_file(path, d, &p->s);
    if (st != RF_OK)
        return cli_exit_for(st);
    if (o->nmachines)
        return play_machine(cp, o, d, p);
    t = pick_room(cp, p->s, o, d, &rc);
    if (!t)
        return rc;
    if (o->variant_set) { /* as show --variant N draws it */
        rc = worse(rc, cli_variant_draw("sim", t, o->variant, &p->vt));
        if (!p->vt)
            return rc;
        t = p->vt;
    }
    rf_world_opts_init(&wo);
    wo.scripts_dir = o->content.scripts;
    st = rf_world_new(&wo, d, &p->w);
    if (st != RF_OK && st != RF_ERR_CONTENT)
        return cli_exit_for(st);
    rc = worse(rc, cli_exit_for(st));
    st = rf_world_add_room_turned(p->w, t, 0, 0, o->orient, d, &room);
    rc = worse(rc, cli_exit_for(st));
    if (st != RF_OK && st != RF_ERR_CONTENT)
        return rc;
    /* the player starts on the template's 0,0 */
    st = rf_scenario_play(p->s, p->w, room, d, &p->res);
    return worse(rc, cli_exit_for(st));
}

/* Plays one scenario file; returns its exit code and counts a failed
 * scenario in *failed. */
static int sim_one(cli_pack *cp, const char *path, const sim_opts *o, bool many, bool first,
                   size_t *failed)
{
    rf_diags *d = rf_diags_new();
    sim_play p = {NULL, NULL, NULL, NULL};
    int rc;
    if (!d)
        return cli_usage_error("sim", "out of memory");
    if (many && !o->json && !o->junit)
        printf("== %s\n", path);
    rc = play(cp, path, o, d, &p);
    if (p.res) {
        rf_scenario_result_set_coords(p.res, o->coords);
        if (!o->junit) { /* junit: the report is written once, after every play */
            if (many && o->json && !first)
                putchar(',');
            if (rf_scenario_result_write(p.res, stdout,
                                         o->json ? RF_SCENARIO_JSON : RF_SCENARIO_TEXT) != RF_OK)
                rc = CLI_USAGE;
        }
    }
    if (rc != CLI_OK)
        ++*failed;
    if (o->junit && rf_scenario_junit_add(o->junit, path, p.res, d) != RF_OK)
        rc = worse(rc, cli_usage_error("sim", "out of memory"));
    if (many && o->json && !p.res && !o->junit) {
        /* keep the wrapper's list well-formed: a scenario that did not play */
        if (!first)
            putchar(',');
        if (rf_scenario_write_unplayed(path, stdout) != RF_OK)
            rc = CLI_USAGE;
    }
    fflush(stdout);
    rc = worse(rc, write_diags(d));
    rf_scenario_result_free(p.res);
    rf_world_free(p.w);
    rf_template_variant_free(p.vt); /* after the world that borrowed it */
    rf_scenario_free(p.s);
    rf_diags_free(d);
    return rc;
}

int cmd_sim(int argc, char **argv)
{
    sim_opts o;
    cli_pack cp;
    rf_fs_list *paths = NULL;
    size_t n = 0, i, failed = 0;
    int rc = CLI_OK, k;
    bool junit = false;
    cli_optset sets[2];
    memset(&o, 0, sizeof o);
    cli_content_init(&o.content);
    sets[0] = (cli_optset){cli_content_opts, &o.content};
    sets[1] = (cli_optset){sim_opts_table, &o};
    k = cli_getopt("sim", argc, argv, sets, 2, NULL, NULL);
    if (k == CLI_HELP) {
        sim_help(stdout);
        return CLI_OK;
    }
    if (k != CLI_OK)
        return k;
    junit = o.want_junit;
    if (!o.scenario)
        return cli_usage_error("sim", "which scenario? give --scenario FILE or DIR");
    if (o.nmachines && (o.room || o.variant_set || o.orient))
        return cli_usage_error("sim", "--machine plays a blueprint: no --room, --variant or "
                                      "--orient with it");
    n = scenario_paths(o.scenario, &paths, &rc);
    if (n == 0)
        return rc;
    if (junit && !(o.junit = rf_scenario_junit_new())) {
        rf_fs_list_free(paths);
        return cli_usage_error("sim", "out of memory");
    }
    rc = cli_pack_open(&cp, "sim", &o.content);
    if (!cp.pack) {
        rf_fs_list_free(paths);
        rf_scenario_junit_free(o.junit);
        return worse(rc, cli_pack_close(&cp));
    }
    if (n > 1 && o.json)
        fputs("{\"scenarios\":[", stdout);
    for (i = 0; i < n; i++)
        rc = worse(rc, sim_one(&cp, paths ? rf_fs_list_at(paths, i) : o.scenario, &o, n > 1,
                               i == 0, &failed));
    if (n > 1 && o.json)
        printf("],\"failed\":%zu}\n", failed);
    if (o.junit && rf_scenario_junit_write(o.junit, stdout) != RF_OK)
        rc = CLI_USAGE;
    rf_scenario_junit_free(o.junit);
    if (n > 1)
        fprintf(stderr, "roomforge sim: %zu scenarios, %zu failed\n", n, failed);
    if (fflush(stdout) != 0)
        rc = CLI_USAGE;
    rf_fs_list_free(paths);
    return worse(rc, cli_pack_close(&cp));
}
