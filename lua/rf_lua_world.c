/* lua/rf_lua_world.c: level:world() and the world userdata: rooms,
 * objects, the player, sim's events, tick() with its effects as tables and
 * as sim's lines.
 *
 * Pipeline: above the library (DESIGN 14, 15): rf_world_new with the pack's
 * scripts directory and rf_world_add_level, the events and rf_world_tick of
 * world.h, rf_effect_format for the lines. Design: a world holds its pack
 * (its templates) but not the level; rooms are 1-based in Lua. An event
 * naming an object no room holds raises (the library's RF_ERR_ARG, a
 * caller's bug); tick() empties the effect log after reading it.
 */
#include <limits.h>
#include <string.h>
#include <strings.h>

#include "rf_lua.h"
#include "roomforge/orient.h"
#include "roomforge/template.h"

static rf_world *check_world(lua_State *L, int i)
{
    rf_lua_world *w = luaL_checkudata(L, i, RF_LUA_WORLD);
    if (!w->world)
        luaL_argerror(L, i, "the world is closed");
    return w->world;
}

/* t.<rx>, t.<ry> = level (x, y) in the box of e's room as turned. */
static void set_room_xy(lua_State *L, const rf_world *w, const rf_effect *e, int x, int y,
                        const char *rx, const char *ry)
{
    int ox, oy;
    if (!rf_world_room_map(w, e->room, RF_COORDS_LEVEL, x, y, RF_COORDS_ROOM, &ox, &oy))
        return;
    rf_lua_set_int(L, rx, ox);
    rf_lua_set_int(L, ry, oy);
}

void rf_lua_push_effect(lua_State *L, const rf_world *w, const rf_effect *e)
{
    char line[512];
    size_t n;
    lua_createtable(L, 0, 12);
    rf_lua_set_int(L, "tick", e->tick);
    rf_lua_set_string(L, "kind", rf_effect_kind_name(e->kind));
    rf_lua_set_int(L, "room", (lua_Integer)e->room + 1);
    if (e->script >= 0)
        rf_lua_set_int(L, "script", e->script + 1);
    rf_lua_set_string(L, "id", e->id);
    if (e->handle)
        rf_lua_set_int(L, "handle", (lua_Integer)e->handle);
    if (e->nattrs) {
        size_t i;
        lua_createtable(L, 0, (int)e->nattrs);
        for (i = 0; i < e->nattrs; i++)
            rf_lua_set_string(L, e->attrs[i].key, e->attrs[i].value);
        lua_setfield(L, -2, "attrs");
    }
    switch (e->kind) {
    case RF_EFFECT_CREATE:
    case RF_EFFECT_MOVE:
        rf_lua_set_string(L, "type", e->tag ? e->tag : rf_object_type_name(e->type));
        rf_lua_set_int(L, "x", e->x);
        rf_lua_set_int(L, "y", e->y);
        rf_lua_set_int(L, "lx", e->lx);
        rf_lua_set_int(L, "ly", e->ly);
        set_room_xy(L, w, e, e->x, e->y, "rx", "ry");
        break;
    case RF_EFFECT_SET:
        rf_lua_set_string(L, "property", e->property);
        rf_lua_set_int(L, "value", e->value);
        break;
    case RF_EFFECT_SPELL:
        rf_lua_set_string(L, "text", e->text);
        rf_lua_set_int(L, "x", e->x);
        rf_lua_set_int(L, "y", e->y);
        rf_lua_set_int(L, "lx", e->lx);
        rf_lua_set_int(L, "ly", e->ly);
        rf_lua_set_int(L, "tx", e->tx);
        rf_lua_set_int(L, "ty", e->ty);
        rf_lua_set_int(L, "tlx", e->tlx);
        rf_lua_set_int(L, "tly", e->tly);
        set_room_xy(L, w, e, e->x, e->y, "rx", "ry");
        set_room_xy(L, w, e, e->tx, e->ty, "trx", "try");
        break;
    case RF_EFFECT_TICKER:
    case RF_EFFECT_CUSTOM: rf_lua_set_string(L, "text", e->text); break;
    default: break;
    }
    /* sim's line (room-local), and the same in level coordinates; an effect
     * text is capped by the world well under this buffer */
    n = rf_effect_format(e, true, line, sizeof line);
    lua_pushlstring(L, line, n < sizeof line ? n : sizeof line - 1);
    lua_setfield(L, -2, "line");
    n = rf_effect_format(e, false, line, sizeof line);
    lua_pushlstring(L, line, n < sizeof line ? n : sizeof line - 1);
    lua_setfield(L, -2, "level_line");
}

/* level:world([{seed = N}]) -> world, diagnostics: a new world holding the
 * level (rf_world_add_level) with the pack's scripts directory, its rooms'
 * random streams seeded by the level's seed unless given. */
int rf_lua_level_world(lua_State *L)
{
    static const char *const keys[] = {"seed", NULL};
    rf_lua_level *lv = luaL_checkudata(L, 1, RF_LUA_LEVEL);
    rf_lua_world *w;
    rf_lua_box *box;
    rf_world_opts wo;
    lua_Integer seed;
    rf_status st;
    if (!lv->level)
        return luaL_argerror(L, 1, "the level is closed");
    rf_lua_opts(L, 2, true, keys);
    seed = rf_lua_opt_integer(L, 2, 2, "seed", (lua_Integer)rf_level_seed(lv->level));
    box = rf_lua_box_push(L, true);
    w = lua_newuserdatauv(L, sizeof *w, 1);
    w->busy = 0;
    w->world = NULL;
    w->pack = NULL;
    luaL_setmetatable(L, RF_LUA_WORLD);
    lua_getiuservalue(L, 1, 1); /* the pack: its templates must outlive the world */
    lua_setiuservalue(L, -2, 1);
    rf_world_opts_init(&wo);
    wo.scripts_dir = lv->pack->scripts;
    wo.machines = rf_pack_machines(lv->pack->pack); /* the pack outlives the world */
    wo.seed = (uint64_t)seed;
    st = rf_world_new(&wo, box->diags, &w->world);
    if (st == RF_ERR_IO)
        return rf_lua_fail(L, box->diags);
    if (st != RF_OK && st != RF_ERR_CONTENT)
        return luaL_error(L, "roomforge: world: %s", rf_status_str(st));
    w->pack = lv->pack;
    w->pack->levels++;
    st = rf_world_add_level(w->world, lv->level, box->diags);
    if (st != RF_OK && st != RF_ERR_CONTENT)
        return luaL_error(L, "roomforge: world: %s", rf_status_str(st));
    rf_lua_push_diags(L, box->diags);
    return 2;
}

/* world:save() -> bytes, or nil, diagnostics: rf_world_save into a string
 * (binary: the header's length and checksum included). */
static int world_save(lua_State *L)
{
    rf_world *w = check_world(L, 1);
    rf_lua_box *box = rf_lua_box_push(L, true);
    size_t len = 0;
    FILE *f = open_memstream(&box->buf, &len);
    rf_status st;
    if (!f)
        return luaL_error(L, "roomforge: out of memory");
    st = rf_world_save(w, f, box->diags);
    if (fclose(f) != 0 && st == RF_OK)
        st = RF_ERR_NOMEM;
    if (st == RF_ERR_NOMEM)
        return luaL_error(L, "roomforge: out of memory");
    if (st != RF_OK)
        return rf_lua_fail(L, box->diags);
    lua_pushlstring(L, box->buf ? box->buf : "", len);
    return 1;
}

/* rf.load_world(pack, bytes) -> world, diagnostics, or nil, diagnostics: a
 * world read back from a save (world:save()) with the pack's templates and
 * scripts directory; it ticks on exactly as the saved one would. */
int rf_lua_load_world(lua_State *L)
{
    rf_lua_pack *p = rf_lua_check_pack(L, 1);
    size_t len;
    const char *bytes = luaL_checklstring(L, 2, &len); /* a save is binary: any byte */
    rf_lua_box *box = rf_lua_box_push(L, true);
    rf_lua_world *w;
    rf_world_opts wo;
    rf_status st;
    FILE *f = fmemopen((void *)bytes, len ? len : 1, "rb");
    if (!f)
        return luaL_error(L, "roomforge: out of memory");
    if (len == 0)
        (void)fgetc(f); /* fmemopen wants a size: read nothing */
    w = lua_newuserdatauv(L, sizeof *w, 1);
    w->busy = 0;
    w->world = NULL;
    w->pack = NULL;
    luaL_setmetatable(L, RF_LUA_WORLD);
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1); /* the pack: its templates must outlive the world */
    rf_world_opts_init(&wo);
    wo.scripts_dir = p->scripts;
    wo.machines = rf_pack_machines(p->pack);
    st = rf_world_load(&wo, rf_pack_templates(p->pack), f, box->diags, &w->world);
    fclose(f);
    return rf_lua_made(L, st, p, &w->pack, box->diags);
}

/* A room argument at i, its index (1-based) or its name (the first room
 * of that name, case-insensitively) -> the world's index; raises when
 * there is no such room. */
static size_t check_room(lua_State *L, rf_world *w, int i)
{
    lua_Integer r;
    if (lua_type(L, i) == LUA_TSTRING) {
        const char *name = rf_lua_check_text(L, i);
        size_t k, n = rf_world_room_count(w);
        for (k = 0; k < n; k++) {
            rf_world_room room;
            if (rf_world_room_get(w, k, &room) && strcasecmp(room.name, name) == 0)
                return k;
        }
        luaL_argerror(L, i, lua_pushfstring(L, "no room named '%s' in the world", name));
    }
    r = luaL_checkinteger(L, i);
    if (r < 1 || (size_t)r > rf_world_room_count(w))
        luaL_argerror(L, i, lua_pushfstring(L, "no room %I (the world has %d)", r,
                                            (int)rf_world_room_count(w)));
    return (size_t)r - 1;
}

/* world:rooms() -> {{index, name, x, y, w, h, rules, orient, level_room}} */
static int world_rooms(lua_State *L)
{
    rf_world *w = check_world(L, 1);
    size_t i, n = rf_world_room_count(w);
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 0);
    for (i = 0; i < n; i++) {
        rf_world_room r;
        if (!rf_world_room_get(w, i, &r))
            break;
        lua_createtable(L, 0, 7);
        rf_lua_set_int(L, "index", (lua_Integer)i + 1);
        rf_lua_set_string(L, "name", r.name);
        rf_lua_set_int(L, "x", r.x);
        rf_lua_set_int(L, "y", r.y);
        rf_lua_set_int(L, "w", r.w);
        rf_lua_set_int(L, "h", r.h);
        rf_lua_set_int(L, "rules", (lua_Integer)r.rules);
        rf_lua_set_int(L, "orient", r.orient);
        rf_lua_set_int(L, "level_room", r.level_room);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

static void push_object(lua_State *L, rf_world *w, const rf_world_object *o)
{
    size_t i, n;
    lua_createtable(L, 0, 16);
    rf_lua_set_string(L, "id", o->id);
    rf_lua_set_string(L, "type", o->tag ? o->tag : rf_object_type_name(o->type));
    rf_lua_set_int(L, "x", o->x);
    rf_lua_set_int(L, "y", o->y);
    rf_lua_set_int(L, "lx", o->lx);
    rf_lua_set_int(L, "ly", o->ly);
    rf_lua_set_bool(L, "activated", o->activated);
    rf_lua_set_bool(L, "started", o->started);
    rf_lua_set_int(L, "remaining", o->remaining);
    rf_lua_set_int(L, "initial", o->initial);
    rf_lua_set_int(L, "hits", o->hits);
    rf_lua_set_int(L, "hits_needed", o->hits_needed);
    rf_lua_set_bool(L, "broken", o->broken);
    rf_lua_set_bool(L, "alive", o->alive);
    rf_lua_set_bool(L, "passable", o->passable);
    rf_lua_set_bool(L, "can_push", o->can_push);
    rf_lua_set_int(L, "handle", (lua_Integer)o->handle);
    if (o->horde)
        rf_lua_set_int(L, "horde", (lua_Integer)o->horde);
    rf_lua_set_bool(L, "leader", o->leader);
    rf_lua_set_int(L, "room", (lua_Integer)o->room + 1);
    /* the calls below end o's strings: they were copied above */
    rf_lua_set_string(L, "name", rf_world_object_name(w, o->handle));
    rf_lua_set_bool(L, "blocks", rf_world_object_blocks(w, o->handle));
    n = rf_world_object_attr_count(w, o->handle);
    lua_createtable(L, 0, n > INT_MAX ? INT_MAX : (int)n);
    for (i = 0; i < n; i++) {
        const char *k, *v;
        if (rf_world_object_attr_get(w, o->handle, i, &k, &v))
            rf_lua_set_string(L, k, v);
    }
    lua_setfield(L, -2, "attrs");
}

/* world:objects(room) -> the room's objects as the world holds them now. */
static int world_objects(lua_State *L)
{
    rf_world *w = check_world(L, 1);
    size_t room = check_room(L, w, 2), i, n = rf_world_object_count(w, room);
    lua_createtable(L, n > INT_MAX ? INT_MAX : (int)n, 0);
    for (i = 0; i < n; i++) {
        rf_world_object o;
        if (!rf_world_object_get(w, room, i, &o))
            break;
        push_object(L, w, &o); /* o.id is valid until the next call on w */
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

/* world:object(room, id) -> the object scripts would find, or nil. */
static int world_object(lua_State *L)
{
    rf_world *w = check_world(L, 1);
    size_t room = check_room(L, w, 2);
    rf_world_object o;
    if (!rf_world_object_find(w, room, rf_lua_check_text(L, 3), &o))
        return 0;
    push_object(L, w, &o);
    return 1;
}

/* world:handle(h) -> the object with handle h, or nil. */
static int world_handle(lua_State *L)
{
    rf_world *w = check_world(L, 1);
    lua_Integer h = luaL_checkinteger(L, 2);
    rf_world_object o;
    if (h < 1 || !rf_world_object_by_handle(w, (uint64_t)h, &o))
        return 0;
    push_object(L, w, &o);
    return 1;
}

static int world_player(lua_State *L)
{
    int x, y;
    rf_world_player(check_world(L, 1), &x, &y);
    lua_pushinteger(L, x);
    lua_pushinteger(L, y);
    return 2;
}

static int world_ticks(lua_State *L)
{
    lua_pushinteger(L, rf_world_tick_count(check_world(L, 1)));
    return 1;
}

static int check_coord(lua_State *L, int i)
{
    lua_Integer v = luaL_checkinteger(L, i);
    if (v < INT_MIN / 2 || v > INT_MAX / 2)
        luaL_argerror(L, i, "coordinate out of range");
    return (int)v;
}

/* world:room_at(x, y) -> the room (1-based) holding level cell x, y, or
 * nil (a corridor, a blank): rf_world_room_at's rule. */
static int world_room_at(lua_State *L)
{
    rf_world *w = check_world(L, 1);
    int x = check_coord(L, 2), y = check_coord(L, 3);
    size_t room;
    if (!rf_world_room_at(w, x, y, &room))
        return 0;
    lua_pushinteger(L, (lua_Integer)room + 1);
    return 1;
}

/* world:enter(room) or world:enter(x, y): the player enters a room (by
 * index or name), or stands at level x, y and enters the room holding it
 * (nil when no room of the world does: a corridor). */
static int enter_exit(lua_State *L, bool enter)
{
    rf_world *w = check_world(L, 1);
    size_t room;
    rf_status st;
    if (lua_gettop(L) >= 3) {
        int x = check_coord(L, 2), y = check_coord(L, 3);
        if (rf_world_move_player(w, x, y, NULL) != RF_OK)
            return luaL_error(L, "roomforge: cannot move the player to %d,%d", x, y);
        if (!rf_world_room_at(w, x, y, &room))
            return 0;
    } else {
        room = check_room(L, w, 2);
    }
    st = enter ? rf_world_enter(w, room, NULL) : rf_world_exit(w, room, NULL);
    if (st != RF_OK)
        return luaL_error(L, "roomforge: %s", rf_status_str(st));
    lua_pushinteger(L, (lua_Integer)room + 1);
    return 1;
}

static int world_enter(lua_State *L) { return enter_exit(L, true); }
static int world_exit(lua_State *L) { return enter_exit(L, false); }

static int handle_event(lua_State *L, rf_world *w, const char *fn, lua_Integer h, int n, int x,
                        int y);

/* world:move(x, y): the player stands at level x, y; world:move(h, x, y):
 * the object with handle h does (rf_world_move_obj). */
static int world_move(lua_State *L)
{
    rf_world *w = check_world(L, 1);
    int x, y;
    if (!lua_isnoneornil(L, 4))
        return handle_event(L, w, "move", luaL_checkinteger(L, 2), 1, check_coord(L, 3),
                            check_coord(L, 4));
    x = check_coord(L, 2);
    y = check_coord(L, 3);
    if (rf_world_move_player(w, x, y, NULL) != RF_OK)
        return luaL_error(L, "roomforge: cannot move the player to %d,%d", x, y);
    return 0;
}

typedef enum event { EV_PULL, EV_HIT, EV_KILL } event;
static const char *const event_names[] = {"lever", "breakable", "monster or horde"};

static rf_status fire(rf_world *w, event ev, size_t room, const char *id, int n)
{
    switch (ev) {
    case EV_PULL: return rf_world_pull(w, room, id, NULL);
    case EV_HIT: return rf_world_hit(w, room, id, n, NULL);
    default: return rf_world_kill(w, room, id, NULL);
    }
}

/* An event on the object with handle h (rf_world_<fn>_obj); raises with
 * the world-event diagnostic's message when refused. Returns the object's
 * room (1-based). */
static int handle_event(lua_State *L, rf_world *w, const char *fn, lua_Integer h, int n, int x,
                        int y)
{
    rf_diags *d = rf_diags_new();
    rf_world_object o;
    rf_status st;
    uint64_t u = h < 1 ? 0 : (uint64_t)h;
    char msg[512];
    if (!d)
        return luaL_error(L, "roomforge: out of memory");
    if (strcmp(fn, "pull") == 0)
        st = rf_world_pull_obj(w, u, d);
    else if (strcmp(fn, "hit") == 0)
        st = rf_world_hit_obj(w, u, n, d);
    else if (strcmp(fn, "break") == 0)
        st = rf_world_break_obj(w, u, d);
    else if (strcmp(fn, "kill") == 0)
        st = rf_world_kill_obj(w, u, d);
    else
        st = rf_world_move_obj(w, u, x, y, d);
    snprintf(msg, sizeof msg, "%s",
             rf_diags_count(d) ? rf_diags_at(d, 0)->message : rf_status_str(st));
    rf_diags_free(d);
    if (st != RF_OK)
        return luaL_error(L, "roomforge: %s", msg);
    if (!rf_world_object_by_handle(w, u, &o))
        return 0;
    lua_pushinteger(L, (lua_Integer)o.room + 1);
    return 1;
}

/* pull(id[, room]), hit(id[, n[, room]]), kill(id[, room]): the event on the
 * object of room, or of the first room holding one of that kind; with a
 * handle (an integer) instead of id, on that object. Returns the room
 * (1-based). */
static int object_event(lua_State *L, event ev)
{
    rf_world *w = check_world(L, 1);
    const char *id;
    int room_arg = ev == EV_HIT ? 4 : 3;
    int n = 1;
    size_t i, count = rf_world_room_count(w);
    rf_status st;
    if (ev == EV_HIT) {
        lua_Integer k = luaL_optinteger(L, 3, 1);
        if (k < 1 || k > RF_SCENARIO_MAX_HITS)
            return luaL_argerror(L, 3, "hits: 1..10000");
        n = (int)k;
    }
    if (lua_type(L, 2) == LUA_TNUMBER)
        return handle_event(L, w, ev == EV_PULL ? "pull" : ev == EV_HIT ? "hit" : "kill",
                            luaL_checkinteger(L, 2), n, 0, 0);
    id = rf_lua_check_text(L, 2);
    if (!lua_isnoneornil(L, room_arg)) {
        i = check_room(L, w, room_arg);
        st = fire(w, ev, i, id, n);
        if (st == RF_ERR_ARG)
            return luaL_error(L, "roomforge: room %d holds no %s '%s'", (int)i + 1,
                              event_names[ev], id);
        if (st != RF_OK)
            return luaL_error(L, "roomforge: %s", rf_status_str(st));
        lua_pushinteger(L, (lua_Integer)i + 1);
        return 1;
    }
    for (i = 0; i < count; i++) {
        st = fire(w, ev, i, id, n);
        if (st == RF_OK) {
            lua_pushinteger(L, (lua_Integer)i + 1);
            return 1;
        }
        if (st != RF_ERR_ARG)
            return luaL_error(L, "roomforge: %s", rf_status_str(st));
    }
    return luaL_error(L, "roomforge: no room holds a %s '%s'", event_names[ev], id);
}

static int world_pull(lua_State *L) { return object_event(L, EV_PULL); }
static int world_hit(lua_State *L) { return object_event(L, EV_HIT); }
static int world_kill(lua_State *L) { return object_event(L, EV_KILL); }

/* world:break_object(h): the breakable with handle h breaks. */
static int world_break(lua_State *L)
{
    rf_world *w = check_world(L, 1);
    return handle_event(L, w, "break", luaL_checkinteger(L, 2), 1, 0, 0);
}

/* world:tick([n]) -> effects, diagnostics: n ticks (default 1), every
 * effect they made, oldest first. */
static int world_tick(lua_State *L)
{
    rf_world *w = check_world(L, 1);
    lua_Integer n = luaL_optinteger(L, 2, 1), k;
    rf_lua_box *box;
    size_t i, count;
    if (n < 1 || n > RF_SCENARIO_MAX_TICKS)
        return luaL_argerror(L, 2, "ticks: 1..1000000");
    box = rf_lua_box_push(L, true);
    rf_world_effects_clear(w);
    for (k = 0; k < n; k++) {
        rf_status st = rf_world_tick(w, box->diags);
        if (st == RF_ERR_NOMEM)
            return luaL_error(L, "roomforge: out of memory");
        if (rf_world_effect_count(w) > RF_SCENARIO_MAX_EFFECTS)
            break; /* as sim: a rule firing every tick cannot fill memory */
    }
    count = rf_world_effect_count(w);
    lua_createtable(L, count > INT_MAX ? INT_MAX : (int)count, 0);
    for (i = 0; i < count; i++) {
        rf_lua_push_effect(L, w, rf_world_effect_at(w, i));
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    rf_world_effects_clear(w);
    rf_lua_push_diags(L, box->diags);
    return 2;
}

/* Frees the world (the finalizer: no call of it can be running, since a
 * running call holds it). */
static int world_gc(lua_State *L)
{
    rf_lua_world *w = luaL_checkudata(L, 1, RF_LUA_WORLD);
    rf_world_free(w->world);
    w->world = NULL;
    if (w->pack) {
        w->pack->levels--;
        rf_lua_pack_release(w->pack);
        w->pack = NULL;
    }
    return 0;
}

/* world:close() and __close: refused while a call of the world runs. */
static int world_close(lua_State *L)
{
    rf_lua_world *w = luaL_checkudata(L, 1, RF_LUA_WORLD);
    rf_lua_refuse_busy(L, w->busy, "world");
    return world_gc(L);
}

static int world_tostring(lua_State *L)
{
    rf_lua_world *w = luaL_checkudata(L, 1, RF_LUA_WORLD);
    if (!w->world)
        lua_pushstring(L, "roomforge.world (closed)");
    else
        lua_pushfstring(L, "roomforge.world (%d rooms, tick %d)",
                        (int)rf_world_room_count(w->world), (int)rf_world_tick_count(w->world));
    return 1;
}

static const luaL_Reg world_methods[] = {
    {"rooms", world_rooms}, {"objects", world_objects}, {"object", world_object},
    {"handle", world_handle},
    {"player", world_player}, {"ticks", world_ticks}, {"enter", world_enter},
    {"exit", world_exit}, {"move", world_move}, {"pull", world_pull},
    {"hit", world_hit}, {"kill", world_kill}, {"break_object", world_break},
    {"room_at", world_room_at}, {"tick", world_tick}, {"save", world_save},
    {"close", world_close}, {NULL, NULL}};

static const luaL_Reg world_meta[] = {
    {"__gc", world_gc}, {"__close", world_close}, {"__tostring", world_tostring}, {NULL, NULL}};

void rf_lua_open_world(lua_State *L)
{
    luaL_newmetatable(L, RF_LUA_WORLD);
    luaL_setfuncs(L, world_meta, 0);
    rf_lua_guarded_lib(L, world_methods, RF_LUA_WORLD);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
}
