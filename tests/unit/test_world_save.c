/* tests/unit/test_world_save.c: unit tests for rf_world_save and
 * rf_world_load (engine/src/world/world_save.c, scripts/roomforge/save.lua):
 * every scenario under tests/scenarios and every bundled scripted room,
 * saved before every command and restored, gives byte-identical effects
 * from there on; a level's world too; room.state survives and what it
 * cannot hold is save-state naming the room; a varying room loads as its
 * variant; a later version is save-version; every truncation and damage is
 * save-damaged, never a crash.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rf_test.h"
#include "roomforge/level.h"
#include "roomforge/profile.h"
#include "roomforge/scenario.h"
#include "roomforge/template.h"
#include "roomforge/world.h"

#define SCN RF_SOURCE_DIR "/tests/scenarios"
#define BUNDLED_ROOMS RF_SOURCE_DIR "/content/rooms"

/* ---- a save in memory ---- */

typedef struct blob {
    char *buf;
    size_t len;
} blob;

static blob save(rf_world *w)
{
    blob b = {NULL, 0};
    FILE *f = open_memstream(&b.buf, &b.len);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rf_world_save(w, f, NULL), RF_OK);
    ck_assert_int_eq(fclose(f), 0);
    return b;
}

/* rf_world_load of len bytes of buf; its status, *out on RF_OK. */
static rf_status load(const rf_world_opts *o, const rf_template_set *set, const char *buf,
                      size_t len, rf_diags *d, rf_world **out)
{
    FILE *f = fmemopen((void *)buf, len ? len : 1, "r");
    rf_status st;
    ck_assert_ptr_nonnull(f);
    if (len == 0) /* fmemopen wants a size: read nothing */
        (void)fgetc(f);
    st = rf_world_load(o, set, f, d, out);
    fclose(f);
    return st;
}

/* ---- driving a world by commands ---- */

/* The effect lines from index from on, one a line, room-local. */
static char *lines_from(rf_world *w, size_t from)
{
    size_t i, cap = 256, len = 0;
    char *out = malloc(cap);
    ck_assert_ptr_nonnull(out);
    out[0] = '\0';
    for (i = from; i < rf_world_effect_count(w); i++) {
        char line[1024];
        size_t n = rf_effect_format(rf_world_effect_at(w, i), true, line, sizeof line);
        const rf_effect *e = rf_world_effect_at(w, i);
        char extra[64];
        size_t k;
        snprintf(extra, sizeof extra, " [h%llu r%zu]", (unsigned long long)e->handle, e->room);
        while (len + n + strlen(extra) + 2 > cap) {
            cap *= 2;
            out = realloc(out, cap);
            ck_assert_ptr_nonnull(out);
        }
        len += (size_t)sprintf(out + len, "%s%s\n", line, extra);
        for (k = 0; k < e->nattrs; k++) { /* a create's attributes too */
            size_t m = strlen(e->attrs[k].key) + strlen(e->attrs[k].value) + 4;
            while (len + m > cap) {
                cap *= 2;
                out = realloc(out, cap);
                ck_assert_ptr_nonnull(out);
            }
            len += (size_t)sprintf(out + len, " %s=%s\n", e->attrs[k].key, e->attrs[k].value);
        }
    }
    return out;
}

typedef enum { C_ENTER, C_EXIT, C_MOVE, C_PULL, C_HIT, C_KILL, C_TICK } cmd_op;

typedef struct cmd {
    cmd_op op;
    size_t room;
    const char *id;
    int x, y, n;
} cmd;

/* Runs one command (a tick is one tick); statuses other than memory are
 * the world's answer, the same in both worlds. */
static void run(rf_world *w, const cmd *c)
{
    rf_status st = RF_OK;
    int x, y;
    switch (c->op) {
    case C_ENTER: st = rf_world_enter(w, c->room, NULL); break;
    case C_EXIT: st = rf_world_exit(w, c->room, NULL); break;
    case C_MOVE:
        ck_assert(rf_world_room_map(w, c->room, RF_COORDS_TEMPLATE, c->x, c->y, RF_COORDS_LEVEL,
                                    &x, &y));
        st = rf_world_move_player(w, x, y, NULL);
        break;
    case C_PULL: st = rf_world_pull(w, c->room, c->id, NULL); break;
    case C_HIT: st = rf_world_hit(w, c->room, c->id, c->n, NULL); break;
    case C_KILL: st = rf_world_kill(w, c->room, c->id, NULL); break;
    case C_TICK: st = rf_world_tick(w, NULL); break;
    }
    ck_assert_int_ne(st, RF_ERR_NOMEM);
}

/* Plays cmds on w (made by make(arg)); before every command, saves w,
 * loads the save into a new world and plays the rest there: its effects
 * from then on must be the original's, byte for byte. */
static void every_point(rf_world *(*make)(const void *), const void *arg,
                        const rf_world_opts *o, const rf_template_set *set, const cmd *cmds,
                        size_t n, const char *what)
{
    rf_world *w = make(arg), *ref = make(arg);
    size_t i, j;
    char *want;
    for (i = 0; i < n; i++)
        run(ref, &cmds[i]);
    for (i = 0; i <= n; i++) {
        blob b = save(w);
        rf_world *copy = NULL;
        size_t from = rf_world_effect_count(w);
        char *got, *orig;
        rf_diags *d = rf_diags_new();
        ck_assert_msg(load(o, set, b.buf, b.len, d, &copy) == RF_OK, "%s: load at %zu: %s", what,
                      i, rf_diags_count(d) ? rf_diags_at(d, rf_diags_count(d) - 1)->message : "");
        ck_assert_int_eq(rf_world_tick_count(copy), rf_world_tick_count(w));
        for (j = i; j < n; j++) {
            run(copy, &cmds[j]);
            run(w, &cmds[j]);
        }
        got = lines_from(copy, 0);
        orig = lines_from(w, from);
        ck_assert_msg(strcmp(got, orig) == 0, "%s: restored before command %zu:\n%s\nbut:\n%s",
                      what, i, orig, got);
        free(got);
        free(orig);
        rf_world_free(copy);
        rf_diags_free(d);
        free(b.buf);
        /* back to the point: a fresh world played to command i + 1 */
        rf_world_free(w);
        w = make(arg);
        for (j = 0; j <= i && j < n; j++)
            run(w, &cmds[j]);
    }
    want = lines_from(ref, 0);
    free(want);
    rf_world_free(ref);
    rf_world_free(w);
}

/* ---- the scenarios ---- */

typedef struct one_room {
    const rf_world_opts *o;
    const rf_template *t;
} one_room;

static rf_world *make_one(const void *arg)
{
    const one_room *r = arg;
    rf_world *w = NULL;
    rf_status st = rf_world_new(r->o, NULL, &w);
    ck_assert(st == RF_OK);
    ck_assert_int_ne(rf_world_add_room(w, r->t, 0, 0, NULL, NULL), RF_ERR_NOMEM);
    return w;
}

/* The commands of scenario s (ticks one by one). */
static cmd *commands_of(const rf_scenario *s, size_t *n)
{
    size_t i, k = 0, cap = 16;
    cmd *out = malloc(cap * sizeof *out);
    ck_assert_ptr_nonnull(out);
    for (i = 0; i < rf_scenario_count(s); i++) {
        const rf_scenario_cmd *c = rf_scenario_at(s, i);
        long times = c->op == RF_SCENARIO_TICK ? c->count : 1, t;
        for (t = 0; t < times; t++) {
            cmd m;
            memset(&m, 0, sizeof m);
            m.id = c->id;
            m.x = c->x;
            m.y = c->y;
            m.n = (int)c->count;
            switch (c->op) {
            case RF_SCENARIO_ENTER: m.op = C_ENTER; break;
            case RF_SCENARIO_EXIT: m.op = C_EXIT; break;
            case RF_SCENARIO_MOVE: m.op = C_MOVE; break;
            case RF_SCENARIO_PULL: m.op = C_PULL; break;
            case RF_SCENARIO_HIT: m.op = C_HIT; break;
            case RF_SCENARIO_KILL: m.op = C_KILL; break;
            case RF_SCENARIO_TICK: m.op = C_TICK; break;
            default: continue; /* expect, room */
            }
            if (k == cap) {
                cap *= 2;
                out = realloc(out, cap * sizeof *out);
                ck_assert_ptr_nonnull(out);
            }
            out[k++] = m;
        }
    }
    *n = k;
    return out;
}

/* Every *.scn of dir against the rooms of content (a file or folder). */
static size_t scenarios_of(const char *dir, const char *content, const char *scripts)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world_opts o;
    struct dirent **names;
    int n, i;
    size_t played = 0;
    ck_assert(set && d);
    ck_assert_int_ne(rf_template_set_load_path(set, content, d), RF_ERR_IO);
    rf_world_opts_init(&o);
    o.scripts_dir = scripts;
    n = scandir(dir, &names, NULL, alphasort);
    ck_assert_int_ge(n, 0);
    for (i = 0; i < n; i++) {
        char path[4096];
        size_t len = strlen(names[i]->d_name), nc;
        rf_scenario *s = NULL;
        one_room r;
        cmd *cmds;
        if (len > 4 && strcmp(names[i]->d_name + len - 4, ".scn") == 0) {
            snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
            ck_assert_int_eq(rf_scenario_load_file(path, d, &s), RF_OK);
            r.o = &o;
            r.t = rf_template_set_find(set, rf_scenario_room(s));
            ck_assert_msg(r.t != NULL, "%s: room %s", path, rf_scenario_room(s));
            cmds = commands_of(s, &nc);
            every_point(make_one, &r, &o, set, cmds, nc, path);
            free(cmds);
            rf_scenario_free(s);
            played++;
        }
        free(names[i]);
    }
    free(names);
    rf_template_set_free(set);
    rf_diags_free(d);
    return played;
}

START_TEST(every_scenario_restored_before_every_command_plays_on_identically)
{
    ck_assert_uint_ge(scenarios_of(SCN, BUNDLED_ROOMS, NULL), 20);
    ck_assert_uint_ge(scenarios_of(SCN "/coverage", SCN "/coverage/rooms.xml", NULL), 5);
    ck_assert_uint_ge(scenarios_of(SCN "/lua", SCN "/lua/rooms.xml", SCN "/lua/ext"), 1);
}
END_TEST

/* Every bundled room with scripts: enter, a tick, every lever pulled, every
 * breakable hit, every monster killed, ticks, exit, ticks. */
START_TEST(every_bundled_scripted_room_restores_identically)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world_opts o;
    size_t i, k, rooms = 0;
    ck_assert(set && d);
    ck_assert_int_ne(rf_template_set_load_path(set, BUNDLED_ROOMS, d), RF_ERR_IO);
    rf_world_opts_init(&o);
    for (i = 0; i < rf_template_set_count(set); i++) {
        const rf_template *t = rf_template_set_at(set, i);
        cmd cmds[64];
        size_t n = 0;
        one_room r = {&o, t};
        if (rf_template_script_count(t) == 0)
            continue;
        cmds[n++] = (cmd){C_ENTER, 0, NULL, 0, 0, 0};
        cmds[n++] = (cmd){C_TICK, 0, NULL, 0, 0, 0};
        for (k = 0; k < rf_template_object_count(t) && n < 40; k++) {
            const rf_object *ob = rf_template_object(t, k);
            if (!ob->id || !ob->id[0])
                continue;
            if (ob->type == RF_OBJ_LEVER)
                cmds[n++] = (cmd){C_PULL, 0, ob->id, 0, 0, 0};
            else if (ob->type == RF_OBJ_CUSTOM_BREAKABLE)
                cmds[n++] = (cmd){C_HIT, 0, ob->id, 0, 0, 1};
            else if (ob->type == RF_OBJ_MONSTER || ob->type == RF_OBJ_HORDE)
                cmds[n++] = (cmd){C_KILL, 0, ob->id, 0, 0, 0};
            else
                continue;
            cmds[n++] = (cmd){C_TICK, 0, NULL, 0, 0, 0};
        }
        cmds[n++] = (cmd){C_MOVE, 0, NULL, 1, 1, 0};
        cmds[n++] = (cmd){C_TICK, 0, NULL, 0, 0, 0};
        cmds[n++] = (cmd){C_TICK, 0, NULL, 0, 0, 0};
        cmds[n++] = (cmd){C_EXIT, 0, NULL, 0, 0, 0};
        cmds[n++] = (cmd){C_TICK, 0, NULL, 0, 0, 0};
        every_point(make_one, &r, &o, set, cmds, n, rf_template_name(t));
        rooms++;
    }
    ck_assert_uint_ge(rooms, 20);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

/* ---- a level's world ---- */

typedef struct level_arg {
    const rf_world_opts *o;
    const rf_level *lv;
} level_arg;

static rf_world *make_level(const void *arg)
{
    const level_arg *a = arg;
    rf_world *w = NULL;
    ck_assert_int_eq(rf_world_new(a->o, NULL, &w), RF_OK);
    ck_assert_int_ne(rf_world_add_level(w, a->lv, NULL), RF_ERR_NOMEM);
    return w;
}

START_TEST(a_level_world_restores_identically)
{
    rf_template_set *set = rf_template_set_new();
    rf_profile_set *ps = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    const char *forced[] = {"Brood Chamber"};
    rf_level_opts lo;
    rf_level *lv = NULL;
    rf_world_opts o;
    level_arg a;
    cmd cmds[32];
    size_t n = 0, r;
    rf_world *w;
    ck_assert(set && ps && d);
    ck_assert_int_ne(rf_template_set_load_path(set, BUNDLED_ROOMS, d), RF_ERR_IO);
    ck_assert_int_eq(rf_profile_set_load(ps, RF_SOURCE_DIR "/content/profiles.xml", d), RF_OK);
    rf_level_opts_init(&lo);
    lo.seed = 5;
    lo.depth = 6;
    lo.templates = set;
    lo.rooms = forced;
    lo.nrooms = 1;
    ck_assert_int_eq(rf_level_generate(ps, &lo, &lv, d), RF_OK);
    rf_world_opts_init(&o);
    o.seed = 5;
    a.o = &o;
    a.lv = lv;
    w = make_level(&a);
    for (r = 0; r < rf_world_room_count(w) && n < 24; r++) {
        cmds[n++] = (cmd){C_ENTER, r, NULL, 0, 0, 0};
        cmds[n++] = (cmd){C_TICK, 0, NULL, 0, 0, 0};
    }
    cmds[n++] = (cmd){C_KILL, 0, "mother", 0, 0, 0};
    cmds[n++] = (cmd){C_TICK, 0, NULL, 0, 0, 0};
    rf_world_free(w);
    every_point(make_level, &a, &o, set, cmds, n, "level seed 5");
    rf_level_free(lv);
    rf_profile_set_free(ps);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

/* ---- rooms that vary (DESIGN 16, issue 32) ---- */

/* True when t's map differs from u's in some cell (both of one size). */
static bool maps_differ(const rf_template *t, const rf_template *u)
{
    int x, y;
    for (y = 0; y < rf_template_height(t); y++)
        for (x = 0; x < rf_template_width(t); x++)
            if (rf_template_cell(t, x, y) != rf_template_cell(u, x, y))
                return true;
    return false;
}

START_TEST(a_varying_room_loads_as_its_variant)
{
    rf_template_set *set = rf_template_set_new();
    rf_profile_set *ps = rf_profile_set_new();
    rf_diags *d = rf_diags_new();
    const char *forced[] = {"Sunken Shrine", "Fallen Colonnade"};
    rf_level_opts lo;
    rf_level *lv = NULL;
    rf_world *w = NULL, *got = NULL;
    blob a, b;
    size_t i, varied = 0;
    ck_assert(set && ps && d);
    ck_assert_int_ne(rf_template_set_load_path(set, BUNDLED_ROOMS, d), RF_ERR_IO);
    ck_assert_int_eq(rf_profile_set_load(ps, RF_SOURCE_DIR "/content/profiles.xml", d), RF_OK);
    rf_level_opts_init(&lo);
    lo.seed = 3;
    lo.depth = 3;
    lo.templates = set;
    lo.rooms = forced;
    lo.nrooms = 2;
    lo.force_variant = true;
    lo.variant = 5;
    ck_assert_int_eq(rf_level_generate(ps, &lo, &lv, d), RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, NULL, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_level(w, lv, NULL), RF_OK);
    rf_level_free(lv); /* the world keeps its own variants */
    a = save(w);
    ck_assert_int_eq(load(NULL, set, a.buf, a.len, NULL, &got), RF_OK);
    ck_assert_uint_eq(rf_world_room_count(got), rf_world_room_count(w));
    for (i = 0; i < rf_world_room_count(w); i++) {
        rf_world_room rw, rg;
        ck_assert(rf_world_room_get(w, i, &rw) && rf_world_room_get(got, i, &rg));
        ck_assert_str_eq(rg.name, rw.name);
        ck_assert_uint_eq(rf_world_object_count(got, i), rf_world_object_count(w, i));
        if (!rw.tmpl || rf_template_variant_number(rw.tmpl) < 0) {
            ck_assert(rg.tmpl == rw.tmpl);
            continue;
        }
        /* the variant drawn again: its number and map, not the base's */
        ck_assert_int_eq(rf_template_variant_number(rw.tmpl), 5);
        ck_assert_int_eq(rf_template_variant_number(rg.tmpl), 5);
        ck_assert(rf_template_base(rg.tmpl) == rf_template_base(rw.tmpl));
        ck_assert(!maps_differ(rg.tmpl, rw.tmpl));
        ck_assert(maps_differ(rg.tmpl, rf_template_base(rg.tmpl)));
        varied++;
    }
    ck_assert_uint_eq(varied, 2);
    /* save, load, save: the same bytes */
    b = save(got);
    ck_assert_uint_eq(b.len, a.len);
    ck_assert(memcmp(b.buf, a.buf, a.len) == 0);
    free(a.buf);
    free(b.buf);
    rf_world_free(got);
    rf_world_free(w);
    rf_profile_set_free(ps);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

/* ---- room.state, errors ---- */

static const char state_rooms[] =
    "<roomdb>\n"
    "  <room name=\"Counter\" width=\"5\" height=\"3\">\n"
    "    <row text=\"##D##\"/>\n"
    "    <row text=\"#...#\"/>\n"
    "    <row text=\"##D##\"/>\n"
    "    <script lang=\"lua\">\n"
    "      local seen = 0\n"
    "      room:rule { [\"repeat\"] = 1, run = function(r)\n"
    "        local s = r.state\n"
    "        s.n = (s.n or 0) + 1\n"
    "        s.log = s.log or { tag = \"x\", [1] = 2.5, deep = { yes = true } }\n"
    "        seen = seen + 1\n"
    "        r:ticker(\"n \" .. s.n .. \" seen \" .. seen .. \" roll \" .. math.random(1000))\n"
    "      end }\n"
    "    </script>\n"
    "  </room>\n"
    "</roomdb>\n";

START_TEST(room_state_survives_and_locals_start_again)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world *w = NULL, *copy = NULL;
    blob b;
    ck_assert_int_eq(rf_template_set_load_buffer(set, "s.xml", state_rooms, strlen(state_rooms), d),
                     RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    b = save(w);
    ck_assert_int_eq(load(NULL, set, b.buf, b.len, d, &copy), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_tick(copy, d), RF_OK);
    /* room.state and math.random went on; the chunk's local started again */
    ck_assert_ptr_nonnull(strstr(rf_world_effect_at(w, 2)->text, "n 3 seen 3 roll "));
    ck_assert_ptr_nonnull(strstr(rf_world_effect_at(copy, 0)->text, "n 3 seen 1 roll "));
    ck_assert_str_eq(strstr(rf_world_effect_at(w, 2)->text, "roll"),
                     strstr(rf_world_effect_at(copy, 0)->text, "roll"));
    ck_assert_uint_eq(rf_diags_count(d), 0);
    free(b.buf);
    rf_world_free(copy);
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

/* A chunk that keeps room.state in a local at load keeps the restored state:
 * the load fills the room's table in place, it does not swap in another. */
static const char held_state_room[] =
    "<roomdb>\n"
    "  <room name=\"Holder\" width=\"5\" height=\"3\">\n"
    "    <row text=\"##D##\"/>\n"
    "    <row text=\"#...#\"/>\n"
    "    <row text=\"##D##\"/>\n"
    "    <script lang=\"lua\">\n"
    "      local st = room.state\n"
    "      room:rule { [\"repeat\"] = 1, run = function(r)\n"
    "        st.n = (st.n or 0) + 1\n"
    "        r:ticker(\"n \" .. st.n)\n"
    "      end }\n"
    "    </script>\n"
    "  </room>\n"
    "</roomdb>\n";

START_TEST(a_state_held_in_a_local_is_restored)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world *w = NULL, *copy = NULL;
    blob b;
    ck_assert_int_eq(rf_template_set_load_buffer(set, "h.xml", held_state_room,
                                                 strlen(held_state_room), d),
                     RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    b = save(w);
    ck_assert_int_eq(load(NULL, set, b.buf, b.len, d, &copy), RF_OK);
    ck_assert_int_eq(rf_world_tick(copy, d), RF_OK);
    ck_assert_str_eq(rf_world_effect_at(copy, 0)->text, "n 3");
    ck_assert_uint_eq(rf_diags_count(d), 0);
    free(b.buf);
    rf_world_free(copy);
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

START_TEST(a_state_that_cannot_be_saved_names_its_room)
{
    static const char xml[] =
        "<roomdb><room name=\"Bad State\" width=\"5\" height=\"3\">"
        "<row text=\"##D##\"/><row text=\"#...#\"/><row text=\"##D##\"/>"
        "<script lang=\"lua\">room:rule { run = function(r) r.state.f = function() end end }"
        "</script></room></roomdb>";
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world *w = NULL;
    FILE *f = tmpfile();
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(rf_template_set_load_buffer(set, "b.xml", xml, strlen(xml), d), RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, d, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 0, 0, d, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK);
    ck_assert_int_eq(rf_world_save(w, f, d), RF_ERR_CONTENT);
    ck_assert_uint_eq(rf_diags_count(d), 1);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "save-state");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "'Bad State'"));
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "function"));
    ck_assert_int_eq(rf_world_tick(w, d), RF_OK); /* w goes on */
    fclose(f);
    rf_world_free(w);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

/* A save of the Counter room after two ticks, for the damage tests. */
static blob counter_save(rf_template_set *set)
{
    rf_world *w = NULL;
    blob b;
    ck_assert_int_eq(rf_template_set_load_buffer(set, "s.xml", state_rooms, strlen(state_rooms),
                                                 NULL),
                     RF_OK);
    ck_assert_int_eq(rf_world_new(NULL, NULL, &w), RF_OK);
    ck_assert_int_eq(rf_world_add_room(w, rf_template_set_at(set, 0), 3, 4, NULL, NULL), RF_OK);
    ck_assert_int_eq(rf_world_enter(w, 0, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    ck_assert_int_eq(rf_world_tick(w, NULL), RF_OK);
    ck_assert_int_eq(rf_world_exit(w, 0, NULL), RF_OK); /* a pending event */
    b = save(w);
    rf_world_free(w);
    return b;
}

START_TEST(a_later_version_is_save_version)
{
    rf_template_set *set = rf_template_set_new();
    rf_diags *d = rf_diags_new();
    rf_world *w = (rf_world *)0x1;
    blob b = counter_save(set);
    ck_assert(strncmp(b.buf, "roomforge-world 4 ", 18) == 0);
    b.buf[16] = '5';
    ck_assert_int_eq(load(NULL, set, b.buf, b.len, d, &w), RF_ERR_CONTENT);
    ck_assert_ptr_eq(w, (rf_world *)0x1); /* untouched */
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "save-version");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "format 5"));
    free(b.buf);
    rf_template_set_free(set);
    rf_diags_free(d);
}
END_TEST

START_TEST(every_truncation_and_damage_is_save_damaged)
{
    rf_template_set *set = rf_template_set_new(), *none = rf_template_set_new();
    blob b = counter_save(set);
    size_t cut, i;
    rf_world *w = NULL;
    rf_diags *d = rf_diags_new();
    /* the whole save loads; every shorter prefix is save-damaged */
    ck_assert_int_eq(load(NULL, set, b.buf, b.len, d, &w), RF_OK);
    rf_world_free(w);
    for (cut = 0; cut + 1 < b.len; cut++) {
        rf_world *got = NULL;
        rf_diags_clear(d);
        ck_assert_msg(load(NULL, set, b.buf, cut, d, &got) == RF_ERR_CONTENT, "cut at %zu", cut);
        ck_assert_ptr_null(got);
        ck_assert_str_eq(rf_diags_at(d, rf_diags_count(d) - 1)->code, "save-damaged");
    }
    /* every byte changed in turn: loaded or refused, never a crash */
    for (i = 0; i < b.len; i++) {
        static const char subst[] = {'x', '9', ' ', '-', '{'};
        size_t k;
        for (k = 0; k < sizeof subst; k++) {
            char keep = b.buf[i];
            rf_world *got = NULL;
            rf_status st;
            b.buf[i] = subst[k];
            rf_diags_clear(d);
            st = load(NULL, set, b.buf, b.len, d, &got);
            ck_assert(st == RF_OK || st == RF_ERR_CONTENT);
            if (st == RF_OK)
                ck_assert_int_ne(rf_world_tick(got, NULL), RF_ERR_NOMEM);
            rf_world_free(got);
            b.buf[i] = keep;
        }
    }
    /* other templates: the room is not there */
    rf_diags_clear(d);
    ck_assert_int_eq(load(NULL, none, b.buf, b.len, d, &w), RF_ERR_CONTENT);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "save-damaged");
    ck_assert_ptr_nonnull(strstr(rf_diags_at(d, 0)->message, "'Counter'"));
    rf_diags_clear(d);
    ck_assert_int_eq(load(NULL, set, "hello", 5, d, &w), RF_ERR_CONTENT);
    ck_assert_str_eq(rf_diags_at(d, 0)->code, "save-damaged");
    free(b.buf);
    rf_template_set_free(set);
    rf_template_set_free(none);
    rf_diags_free(d);
}
END_TEST

static Suite *world_save_suite(void)
{
    Suite *s = suite_create("world_save");
    TCase *tp = tcase_create("play");
    TCase *tc = tcase_create("format");
    tcase_add_test(tp, every_scenario_restored_before_every_command_plays_on_identically);
    tcase_add_test(tp, every_bundled_scripted_room_restores_identically);
    tcase_add_test(tp, a_level_world_restores_identically);
    tcase_add_test(tp, a_varying_room_loads_as_its_variant);
    tcase_set_timeout(tp, 300);
    tcase_add_test(tc, room_state_survives_and_locals_start_again);
    tcase_add_test(tc, a_state_held_in_a_local_is_restored);
    tcase_add_test(tc, a_state_that_cannot_be_saved_names_its_room);
    tcase_add_test(tc, a_later_version_is_save_version);
    tcase_add_test(tc, every_truncation_and_damage_is_save_damaged);
    tcase_set_timeout(tc, 300);
    suite_add_tcase(s, tp);
    suite_add_tcase(s, tc);
    return s;
}

RF_TEST_MAIN(world_save_suite)
