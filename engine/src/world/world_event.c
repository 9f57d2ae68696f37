/* engine/src/world/world_event.c: the events a game sends a world
 * (roomforge/world.h): the player entering, leaving and moving, and pull,
 * hit, break, kill and move of an object by its handle.
 *
 * Pipeline: world; called by games, sim and the Lua module. Design: the
 * id-based calls find the handle and go through the handle's one path; a
 * call from inside a host callback is refused (rf_world_busy).
 */
#include <stdio.h>
#include <string.h>

#include "roomforge/world.h"
#include "vm/seam.h"
#include "world_int.h"

static rf_status event(rf_world *w, rf_world_event_step *s)
{
    rf_luavm_fail f;
    rf_status st = rf_luavm_call(w->vm, rf_world_step_event, s, 0, NULL, &f);
    if (st != RF_OK)
        return RF_ERR_NOMEM; /* engine functions fail only for memory */
    return s->result ? RF_OK : RF_ERR_ARG;
}

/* Refuses an event fn of the world (rf_world_FN) that the world cannot take
 * now or whose room it does not hold: true after telling d why. */
static bool refused(rf_world *w, const char *fn, size_t room, bool has_room, rf_diags *d)
{
    char what[32];
    snprintf(what, sizeof what, "rf_world_%s", fn);
    if (rf_world_busy(w, d, what))
        return true;
    if (!has_room || room < w->nrooms)
        return false;
    if (d)
        (void)rf_diag_add(d, "world-event", "", 0, 0, "%s: no room %zu: the world holds %zu", what,
                          room, w->nrooms);
    return true;
}

rf_status rf_world_enter(rf_world *w, size_t room, rf_diags *d)
{
    rf_world_event_step s = {"enter", room, NULL, 0, 0, 1, false};
    if (!w || refused(w, "enter", room, true, d))
        return RF_ERR_ARG;
    return event(w, &s);
}

rf_status rf_world_exit(rf_world *w, size_t room, rf_diags *d)
{
    rf_world_event_step s = {"exit", room, NULL, 0, 0, 1, false};
    if (!w || refused(w, "exit", room, true, d))
        return RF_ERR_ARG;
    return event(w, &s);
}

rf_status rf_world_move_player(rf_world *w, int x, int y, rf_diags *d)
{
    rf_world_event_step s = {"move_player", 0, NULL, x, y, 2, false};
    rf_status st;
    if (!w || refused(w, "move_player", 0, false, d))
        return RF_ERR_ARG;
    st = event(w, &s);
    if (st == RF_OK) {
        w->px = x;
        w->py = y;
    }
    return st;
}

bool rf_world_busy(rf_world *w, rf_diags *d, const char *what)
{
    if (!w->busy)
        return false;
    if (d)
        (void)rf_diag_add(d, "world-busy", "", 0, 0,
                          "%s was called from inside a host callback, which may not call the "
                          "world; it was refused",
                          what);
    return true;
}

/* The handle of room's object id, which must be of type a1 or a2
 * (RF_OBJ_COUNT: none); 0 after telling d why there is none. */
static uint64_t handle_of(rf_world *w, const char *fn, size_t room, const char *id,
                          rf_object_type a1, rf_object_type a2, rf_diags *d)
{
    rf_world_object o;
    const char *want = a1 == RF_OBJ_LEVER              ? "a lever"
                       : a1 == RF_OBJ_CUSTOM_BREAKABLE ? "a breakable"
                                                       : "a monster or horde";
    if (!w || refused(w, fn, room, true, d))
        return 0;
    if (!id || !rf_world_object_find(w, room, id, &o)) {
        if (d)
            (void)rf_diag_add(d, "world-event", "", 0, 0, "rf_world_%s: room %zu has no object '%s'",
                              fn, room, id ? id : "(null)");
        return 0;
    }
    if (o.type == a1 || o.type == a2)
        return o.handle;
    if (d)
        (void)rf_diag_add(d, "world-event", "", 0, 0, "rf_world_%s: '%s' of room %zu is not %s", fn,
                          id, room, want);
    return 0;
}

rf_status rf_world_pull(rf_world *w, size_t room, const char *id, rf_diags *d)
{
    uint64_t h = handle_of(w, "pull", room, id, RF_OBJ_LEVER, RF_OBJ_COUNT, d);
    return h ? rf_world_pull_obj(w, h, d) : RF_ERR_ARG;
}

rf_status rf_world_hit(rf_world *w, size_t room, const char *id, int n, rf_diags *d)
{
    uint64_t h = handle_of(w, "hit", room, id, RF_OBJ_CUSTOM_BREAKABLE, RF_OBJ_COUNT, d);
    return h ? rf_world_hit_obj(w, h, n, d) : RF_ERR_ARG;
}

rf_status rf_world_kill(rf_world *w, size_t room, const char *id, rf_diags *d)
{
    uint64_t h = handle_of(w, "kill", room, id, RF_OBJ_MONSTER, RF_OBJ_HORDE, d);
    return h ? rf_world_kill_obj(w, h, d) : RF_ERR_ARG;
}

/* Event fn on the object with handle h: RF_OK, or RF_ERR_ARG with a
 * world-event diagnostic naming what was wrong. */
static rf_status obj_event(rf_world *w, const char *fn, uint64_t h, long n, long x, long y,
                           rf_diags *d)
{
    rf_world_obj_event_step s;
    rf_luavm_fail f;
    char what[64];
    if (!w)
        return RF_ERR_ARG;
    snprintf(what, sizeof what, "rf_world_%s_obj", fn);
    if (rf_world_busy(w, d, what))
        return RF_ERR_ARG;
    memset(&s, 0, sizeof s);
    s.fn = fn;
    s.handle = h;
    s.n = n;
    s.x = x;
    s.y = y;
    if (h == 0 || h > (uint64_t)RF_WORLD_HANDLE_MAX)
        snprintf(s.why, sizeof s.why, "no object has handle %llu", (unsigned long long)h);
    else if (n < 1)
        snprintf(s.why, sizeof s.why, "%ld hits: an object takes 1 hit or more", n);
    else if (x < -RF_WORLD_COORD_MAX || x > RF_WORLD_COORD_MAX || y < -RF_WORLD_COORD_MAX ||
             y > RF_WORLD_COORD_MAX)
        snprintf(s.why, sizeof s.why, "(%ld, %ld) is beyond the world's coordinates", x, y);
    else if (rf_luavm_call(w->vm, rf_world_step_obj_event, &s, 0, NULL, &f) != RF_OK)
        return RF_ERR_NOMEM; /* engine functions fail only for memory */
    if (!s.why[0])
        return RF_OK;
    if (d)
        (void)rf_diag_add(d, "world-event", "", 0, 0, "%s: %s", what, s.why);
    return RF_ERR_ARG;
}

rf_status rf_world_pull_obj(rf_world *w, uint64_t h, rf_diags *d)
{
    return obj_event(w, "pull", h, 1, 0, 0, d);
}

rf_status rf_world_hit_obj(rf_world *w, uint64_t h, int n, rf_diags *d)
{
    return obj_event(w, "hit", h, n, 0, 0, d);
}

rf_status rf_world_break_obj(rf_world *w, uint64_t h, rf_diags *d)
{
    return obj_event(w, "break", h, 1, 0, 0, d);
}

rf_status rf_world_kill_obj(rf_world *w, uint64_t h, rf_diags *d)
{
    return obj_event(w, "kill", h, 1, 0, 0, d);
}

rf_status rf_world_move_obj(rf_world *w, uint64_t h, int x, int y, rf_diags *d)
{
    return obj_event(w, "move", h, 1, x, y, d);
}
