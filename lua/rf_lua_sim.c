/* lua/rf_lua_sim.c: pack:sim{...}: a scenario played against one room of
 * the pack in a fresh one-room world, as `roomforge sim` plays it.
 *
 * Pipeline: above the library (DESIGN 5, 12, 15): rf_scenario_load_buffer
 * or _file, rf_world_new with the pack's scripts directory, the room turned
 * by orient at 0,0, rf_scenario_play; produces {failed, ticks, effects,
 * lines, expects}: sim's JSON fields, lines by sim's own text writer.
 * Design: the room comes from `room` or the scenario's own `room NAME`
 * line, as sim's --room; every C object of the play lives in one box.
 */
#include <stdio.h>
#include <string.h>

#include "rf_lua.h"
#include "roomforge/template.h"

/* The template the play uses, or NULL with an unknown-room error in d. */
static const rf_template *pick_room(rf_lua_pack *p, const char *name, const rf_scenario *s,
                                    rf_diags *d)
{
    const rf_template *t;
    rf_pack_room left;
    if (!name) {
        (void)rf_diag_add(d, "unknown-room", rf_scenario_file(s), 0, 0,
                          "which room? give room = NAME or a 'room NAME' line");
        return NULL;
    }
    t = rf_template_set_find(rf_pack_templates(p->pack), name);
    if (t)
        return t;
    if (rf_pack_left_out_find(p->pack, name, &left))
        (void)rf_diag_add(d, "unknown-room", left.file, left.line, 0,
                          "room '%s' was left out of the pack (%s): pack:lint() shows why",
                          name, left.why);
    else
        (void)rf_diag_add(d, "unknown-room", rf_scenario_file(s), 0, 0,
                          "no room named '%s' is loaded (pack:rooms() lists them)", name);
    return NULL;
}

static void push_expects(lua_State *L, const rf_scenario *s, const rf_scenario_result *r)
{
    size_t i, k = 0;
    lua_newtable(L);
    for (i = 0; i < rf_scenario_count(s); i++) {
        const rf_scenario_cmd *c = rf_scenario_at(s, i);
        if (c->op != RF_SCENARIO_EXPECT)
            continue;
        lua_createtable(L, 0, 4);
        lua_pushinteger(L, c->line);
        lua_setfield(L, -2, "line");
        lua_pushinteger(L, c->tick);
        lua_setfield(L, -2, "tick");
        lua_pushstring(L, c->effect);
        lua_setfield(L, -2, "effect");
        lua_pushboolean(L, rf_scenario_result_met(r, i));
        lua_setfield(L, -2, "met");
        lua_rawseti(L, -2, (lua_Integer)++k);
    }
}

/* Pushes the n bytes of text as a list of its lines (without '\n'). */
static void push_lines(lua_State *L, const char *text, size_t n)
{
    size_t start = 0, i;
    lua_Integer k = 0;
    lua_newtable(L);
    for (i = 0; i < n; i++)
        if (text[i] == '\n') {
            lua_pushlstring(L, text + start, i - start);
            lua_rawseti(L, -2, ++k);
            start = i + 1;
        }
    if (start < n) {
        lua_pushlstring(L, text + start, n - start);
        lua_rawseti(L, -2, ++k);
    }
}

/* Pushes the result of box's play of template t: sim's JSON fields, and
 * its text (box->buf, len bytes) as lines. */
static void push_result(lua_State *L, const rf_lua_box *box, const rf_template *t,
                        lua_Integer orient, const char *coords, size_t len)
{
    size_t from, to, i;
    lua_createtable(L, 0, 7);
    lua_pushstring(L, rf_template_name(t));
    lua_setfield(L, -2, "room");
    lua_pushstring(L, rf_scenario_file(box->scenario));
    lua_setfield(L, -2, "scenario");
    lua_pushinteger(L, rf_scenario_ticks(box->scenario));
    lua_setfield(L, -2, "ticks");
    lua_pushinteger(L, (lua_Integer)rf_scenario_result_failed(box->result));
    lua_setfield(L, -2, "failed");
    lua_pushinteger(L, (lua_Integer)orient);
    lua_setfield(L, -2, "orient");
    lua_pushstring(L, coords);
    lua_setfield(L, -2, "coords");
    rf_scenario_result_effects(box->result, &from, &to);
    lua_createtable(L, (int)(to - from), 0);
    for (i = from; i < to; i++) {
        rf_lua_push_effect(L, box->world, rf_world_effect_at(box->world, i));
        lua_rawseti(L, -2, (lua_Integer)(i - from) + 1);
    }
    lua_setfield(L, -2, "effects");
    push_lines(L, box->buf ? box->buf : "", len);
    lua_setfield(L, -2, "lines");
    push_expects(L, box->scenario, box->result);
    lua_setfield(L, -2, "expects");
}

/* pack:sim's options, read and checked. */
typedef struct sim_args {
    const char *room, *text, *file, *name;
    size_t len;         /* the text's length */
    lua_Integer orient;
    const char *coords; /* "template" or "room" */
    bool room_coords;   /* coords is "room" */
} sim_args;

/* Reads and checks the options table at index 2 into a; the scenario's
 * text, when given, is pushed (the string a->text points into). */
static void sim_args_read(lua_State *L, sim_args *a)
{
    static const char *const keys[] = {"room", "scenario", "file", "name", "orient", "coords",
                                       NULL};
    static const char *const coords_names[] = {"template", "room", NULL};
    size_t k;
    rf_lua_opts(L, 2, false, keys);
    a->room = rf_lua_opt_string(L, 2, 2, "room", NULL);
    a->text = rf_lua_opt_string(L, 2, 2, "scenario", NULL);
    a->file = rf_lua_opt_string(L, 2, 2, "file", NULL);
    a->name = rf_lua_opt_string(L, 2, 2, "name", "scenario");
    a->orient = rf_lua_opt_integer(L, 2, 2, "orient", 0);
    luaL_argcheck(L, !a->text != !a->file, 2, "give one of 'scenario' (its text) or 'file'");
    luaL_argcheck(L, a->orient >= 0 && a->orient <= 7, 2, "'orient' takes 0..7");
    a->coords = rf_lua_opt_string(L, 2, 2, "coords", "template");
    for (k = 0; coords_names[k] && strcmp(a->coords, coords_names[k]) != 0; k++)
        ;
    luaL_argcheck(L, coords_names[k] != NULL, 2, "'coords' takes template or room");
    a->coords = coords_names[k];
    a->room_coords = k == 1;
    a->len = 0;
    if (a->text) {
        lua_getfield(L, 2, "scenario");
        a->text = lua_tolstring(L, -1, &a->len); /* the length too: a NUL inside is the parser's */
    }
}

/* The result's lines: sim's text, by the library's own writer, into
 * box->buf (*len bytes). */
static void write_lines(lua_State *L, rf_lua_box *box, size_t *len)
{
    rf_status st;
    FILE *f = open_memstream(&box->buf, len);
    if (!f) {
        luaL_error(L, "roomforge: out of memory");
        return;
    }
    st = rf_scenario_result_write(box->result, f, RF_SCENARIO_TEXT);
    if (fclose(f) != 0 || st != RF_OK)
        luaL_error(L, "roomforge: sim: %s", rf_status_str(st != RF_OK ? st : RF_ERR_NOMEM));
}

/* pack:sim{room, scenario = TEXT | file = PATH, name, orient, coords} -> result,
 * diagnostics; nil, diagnostics when the scenario does not load or the
 * room is unknown. */
int rf_lua_pack_sim(lua_State *L)
{
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    const rf_template *t;
    rf_lua_box *box;
    rf_world_opts wo;
    sim_args a;
    size_t index = 0, len = 0;
    rf_status st;
    sim_args_read(L, &a);
    box = rf_lua_box_push(L, true);
    st = a.text ? rf_scenario_load_buffer(a.name, a.text, a.len, box->diags, &box->scenario)
                : rf_scenario_load_file(a.file, box->diags, &box->scenario);
    if (st == RF_ERR_NOMEM)
        return luaL_error(L, "roomforge: out of memory");
    if (st != RF_OK)
        return rf_lua_fail(L, box->diags);
    t = pick_room(p, a.room ? a.room : rf_scenario_room(box->scenario), box->scenario,
                  box->diags);
    if (!t)
        return rf_lua_fail(L, box->diags);
    rf_world_opts_init(&wo);
    wo.scripts_dir = p->scripts;
    st = rf_world_new(&wo, box->diags, &box->world);
    if (st != RF_OK && st != RF_ERR_CONTENT)
        return st == RF_ERR_IO ? rf_lua_fail(L, box->diags)
                               : luaL_error(L, "roomforge: %s", rf_status_str(st));
    st = rf_world_add_room_turned(box->world, t, 0, 0, (int)a.orient, box->diags, &index);
    if (st != RF_OK && st != RF_ERR_CONTENT)
        return luaL_error(L, "roomforge: %s", rf_status_str(st));
    /* the play puts the player on the template's 0,0, as sim's */
    st = rf_scenario_play(box->scenario, box->world, index, box->diags, &box->result);
    if (!box->result)
        return luaL_error(L, "roomforge: sim: %s", rf_status_str(st));
    rf_scenario_result_set_coords(box->result, a.room_coords ? RF_COORDS_ROOM : RF_COORDS_TEMPLATE);
    write_lines(L, box, &len);
    push_result(L, box, t, a.orient, a.coords, len);
    rf_lua_push_diags(L, box->diags);
    return 2;
}
