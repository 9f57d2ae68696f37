/* engine/src/sim/scenario_run.c: plays a parsed scenario against one room of
 * a world, checks its expects and writes the effect log as text or JSON.
 *
 * Pipeline: sim; rf_scenario + rf_world -> rf_scenario_result for `roomforge
 * sim` and the tests. Design: the world does the rule work; effects format
 * once (rf_effect_format) and expects match as a multiset.
 */
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/scenario.h"
#include "roomforge/world.h"

struct rf_scenario_result {
    const rf_scenario *s;
    rf_world *w;
    size_t room;
    const char *room_name; /* the world's copy; valid while w lives */
    size_t from, to;       /* this play's range of w's effect log */
    char **texts;          /* canonical text of each effect, without the T prefix */
    bool *met;             /* per command */
    size_t failed;
    rf_coords coords;      /* what the writers print (rf_scenario_result_set_coords) */
};

void rf_scenario_result_free(rf_scenario_result *r)
{
    size_t i;
    if (!r)
        return;
    if (r->texts)
        for (i = 0; i < r->to - r->from; i++)
            rf_free(r->texts[i]);
    rf_free(r->texts);
    rf_free(r->met);
    rf_free(r);
}

size_t rf_scenario_result_failed(const rf_scenario_result *r) { return r->failed; }

bool rf_scenario_result_met(const rf_scenario_result *r, size_t i)
{
    return i < rf_scenario_count(r->s) && r->met[i];
}

void rf_scenario_result_set_coords(rf_scenario_result *r, rf_coords c)
{
    if (r && (c == RF_COORDS_TEMPLATE || c == RF_COORDS_ROOM || c == RF_COORDS_LEVEL))
        r->coords = c;
}

/* e as the writers show it: its room-local fields counted in r->coords (the
 * turned room's own box, or the level), through the world's one mapping. */
static const rf_effect *shown_effect(const rf_scenario_result *r, const rf_effect *e,
                                     rf_effect *copy)
{
    if (r->coords == RF_COORDS_TEMPLATE)
        return e;
    *copy = *e;
    (void)rf_world_room_map(r->w, e->room, RF_COORDS_LEVEL, e->x, e->y, r->coords, &copy->lx,
                            &copy->ly);
    (void)rf_world_room_map(r->w, e->room, RF_COORDS_LEVEL, e->tx, e->ty, r->coords, &copy->tlx,
                            &copy->tly);
    return copy;
}

void rf_scenario_result_effects(const rf_scenario_result *r, size_t *from, size_t *to)
{
    *from = r->from;
    *to = r->to;
}

/* The canonical text of e (its effect line without "T<tick> "), or NULL when
 * memory runs out. */
static char *effect_text(const rf_effect *e)
{
    char small[256];
    char *line = small, *text;
    size_t n = rf_effect_format(e, true, small, sizeof small);
    const char *sp;
    if (n >= sizeof small) {
        line = rf_alloc(n + 1);
        if (!line)
            return NULL;
        (void)rf_effect_format(e, true, line, n + 1);
    }
    sp = strchr(line, ' ');
    text = rf_strdup(sp ? sp + 1 : line);
    if (line != small)
        rf_free(line);
    return text;
}

/* The object kinds an event accepts, and the words that name them. */
static bool kind_fits(rf_scenario_op op, rf_object_type t)
{
    switch (op) {
    case RF_SCENARIO_PULL: return t == RF_OBJ_LEVER;
    case RF_SCENARIO_HIT: return t == RF_OBJ_CUSTOM_BREAKABLE;
    case RF_SCENARIO_KILL: return t == RF_OBJ_MONSTER || t == RF_OBJ_HORDE;
    default: return false;
    }
}

static const char *kind_wanted(rf_scenario_op op)
{
    switch (op) {
    case RF_SCENARIO_PULL: return "a lever";
    case RF_SCENARIO_HIT: return "a customBreakable";
    default: return "a monster or horde";
    }
}

/* Plays one object event; false when it was refused (reported). */
static bool object_event(rf_world *w, size_t room, const char *room_name,
                         const rf_scenario *s, const rf_scenario_cmd *c, rf_diags *d)
{
    rf_world_object o;
    rf_status st;
    const char *op = rf_scenario_op_name(c->op);
    if (!rf_world_object_find(w, room, c->id, &o)) {
        (void)rf_diag_add(d, "scenario-object", rf_scenario_file(s), c->line, c->col,
                          "%s: room '%s' holds no object '%s' at this point (never there, "
                          "removed, or not created yet)",
                          op, room_name, c->id);
        return false;
    }
    if (!kind_fits(c->op, o.type)) {
        (void)rf_diag_add(d, "scenario-object", rf_scenario_file(s), c->line, c->col,
                          "%s: '%s' is a %s, not %s", op, c->id, rf_object_type_name(o.type),
                          kind_wanted(c->op));
        return false;
    }
    if (c->op == RF_SCENARIO_PULL)
        st = rf_world_pull(w, room, c->id, NULL);
    else if (c->op == RF_SCENARIO_HIT)
        st = rf_world_hit(w, room, c->id, (int)c->count, NULL);
    else
        st = rf_world_kill(w, room, c->id, NULL);
    if (st != RF_OK) {
        (void)rf_diag_add(d, "scenario-object", rf_scenario_file(s), c->line, c->col,
                          "%s: the world refused the event on '%s' (%s)", op, c->id,
                          rf_status_str(st));
        return false;
    }
    return true;
}

/* Says why expect c found nothing: what its tick did hold instead (ticks is
 * the world's last tick: tick numbers are the world's, counted from 1). */
static void report_unmet(const rf_scenario_result *r, const rf_scenario_cmd *c, long ticks,
                         rf_diags *d)
{
    char had[400];
    size_t i, len, shown = 0;
    int n;
    if (c->tick > ticks) {
        snprintf(had, sizeof had, "the scenario plays only %ld tick%s", ticks,
                 ticks == 1 ? "" : "s");
    } else {
        n = snprintf(had, sizeof had, "T%ld had ", c->tick);
        len = n > 0 ? (size_t)n : 0;
        for (i = r->from; i < r->to && len < sizeof had; i++) {
            const rf_effect *e = rf_world_effect_at(r->w, i);
            if (!e || e->tick != c->tick)
                continue;
            n = shown == 4 ? snprintf(had + len, sizeof had - len, "; ...")
                           : snprintf(had + len, sizeof had - len, "%s%s", shown ? "; " : "",
                                      r->texts[i - r->from]);
            if (n < 0 || (size_t)n >= sizeof had - len || shown == 4)
                break;
            len += (size_t)n;
            shown++;
        }
        if (shown == 0)
            snprintf(had, sizeof had, "T%ld had no effects", c->tick);
    }
    (void)rf_diag_add(d, "expect-failed", rf_scenario_file(r->s), c->line, c->col,
                      "expected at T%ld: %s; it did not happen (%s)", c->tick, c->effect, had);
}

/* Plays tick c: c->count world ticks, a script error noted in *script, the
 * play stopped (*stop, *content) past RF_SCENARIO_MAX_EFFECTS. */
static rf_status play_ticks(rf_scenario_result *r, const rf_scenario_cmd *c, rf_diags *d,
                            bool *content, bool *script, bool *stop)
{
    rf_status st = RF_OK;
    long k;
    for (k = 0; k < c->count && !*stop; k++) {
        st = rf_world_tick(r->w, d);
        if (st == RF_ERR_SCRIPT) {
            *script = true;
            st = RF_OK;
        } else if (st != RF_OK) {
            break;
        }
        if (rf_world_effect_count(r->w) - r->from > RF_SCENARIO_MAX_EFFECTS) {
            (void)rf_diag_add(d, "scenario-limit", rf_scenario_file(r->s), c->line, c->col,
                              "the play stops at T%ld: more than %d effects",
                              rf_world_tick_count(r->w), RF_SCENARIO_MAX_EFFECTS);
            *stop = *content = true;
        }
    }
    return st;
}

/* Plays command c on r's room; what went wrong with the content goes to d
 * and *content, a script error to *script. */
static rf_status play_cmd(rf_scenario_result *r, const rf_scenario_cmd *c, rf_diags *d,
                          bool *content, bool *script, bool *stop)
{
    rf_world *w = r->w;
    switch (c->op) {
    case RF_SCENARIO_ENTER: return rf_world_enter(w, r->room, NULL);
    case RF_SCENARIO_EXIT: return rf_world_exit(w, r->room, NULL);
    case RF_SCENARIO_MOVE: {
        int lx, ly; /* the scenario speaks the template's frame */
        (void)rf_world_room_map(w, r->room, RF_COORDS_TEMPLATE, c->x, c->y, RF_COORDS_LEVEL, &lx,
                                &ly);
        return rf_world_move_player(w, lx, ly, NULL);
    }
    case RF_SCENARIO_PULL:
    case RF_SCENARIO_HIT:
    case RF_SCENARIO_KILL:
        if (!object_event(w, r->room, r->room_name, r->s, c, d))
            *content = true;
        return RF_OK;
    case RF_SCENARIO_TICK: return play_ticks(r, c, d, content, script, stop);
    default: return RF_OK;
    }
}

/* Formats this play's effects once into r->texts, then matches each expect
 * against an unused one of its tick; the unmet are counted and reported. */
static rf_status match_expects(rf_scenario_result *r, rf_diags *d)
{
    size_t i, n = rf_scenario_count(r->s), ne;
    bool *used;
    r->to = rf_world_effect_count(r->w);
    ne = r->to - r->from;
    r->texts = rf_calloc(ne + 1, sizeof *r->texts);
    used = rf_calloc(ne + 1, sizeof *used);
    if (!r->texts || !used)
        goto nomem;
    for (i = 0; i < ne; i++) {
        r->texts[i] = effect_text(rf_world_effect_at(r->w, r->from + i));
        if (!r->texts[i])
            goto nomem;
    }
    for (i = 0; i < n; i++) {
        const rf_scenario_cmd *c = rf_scenario_at(r->s, i);
        size_t j;
        if (c->op != RF_SCENARIO_EXPECT)
            continue;
        for (j = 0; j < ne && !r->met[i]; j++) {
            const rf_effect *e = rf_world_effect_at(r->w, r->from + j);
            if (!used[j] && e->tick == c->tick && strcmp(r->texts[j], c->effect) == 0)
                used[j] = r->met[i] = true;
        }
        if (!r->met[i]) {
            r->failed++;
            report_unmet(r, c, rf_world_tick_count(r->w), d);
        }
    }
    rf_free(used);
    return RF_OK;
nomem:
    rf_free(used);
    return RF_ERR_NOMEM;
}

rf_status rf_scenario_play(const rf_scenario *s, rf_world *w, size_t room, rf_diags *d,
                           rf_scenario_result **out)
{
    rf_scenario_result *r;
    rf_world_room info;
    size_t i, n;
    bool content = false, script = false, stop = false;
    rf_status start;
    int px, py;
    if (!s || !w || !d || !out || !rf_world_room_get(w, room, &info))
        return RF_ERR_ARG;
    /* the player starts on the template's 0,0, wherever the room stands and
     * however it is turned: the corner the scenario's frame counts from */
    (void)rf_world_room_map(w, room, RF_COORDS_TEMPLATE, 0, 0, RF_COORDS_LEVEL, &px, &py);
    if ((start = rf_world_move_player(w, px, py, NULL)) != RF_OK)
        return start;
    n = rf_scenario_count(s);
    r = rf_calloc(1, sizeof *r);
    if (!r)
        return RF_ERR_NOMEM;
    r->s = s;
    r->w = w;
    r->room = room;
    r->room_name = info.name;
    r->coords = RF_COORDS_TEMPLATE;
    r->from = r->to = rf_world_effect_count(w);
    r->met = rf_calloc(n + 1, sizeof *r->met);
    if (!r->met)
        goto nomem;
    for (i = 0; i < n && !stop; i++) {
        rf_status st = play_cmd(r, rf_scenario_at(s, i), d, &content, &script, &stop);
        if (st == RF_ERR_NOMEM)
            goto nomem;
        if (st != RF_OK)
            content = true;
    }
    if (match_expects(r, d) != RF_OK)
        goto nomem;
    *out = r;
    if (content || r->failed)
        return RF_ERR_CONTENT;
    return script ? RF_ERR_SCRIPT : RF_OK;
nomem:
    rf_scenario_result_free(r);
    return RF_ERR_NOMEM;
}

/* ---- writers ---- */

static void json_point(FILE *out, const char *key, int x, int y)
{
    rf_json_key(out, key, 0);
    fprintf(out, "[%d,%d]", x, y);
}

static void json_int(FILE *out, const char *key, long v)
{
    rf_json_key(out, key, 0);
    fprintf(out, "%ld", v);
}

static void json_str(FILE *out, const char *key, const char *v)
{
    rf_json_key(out, key, 0);
    rf_json_string(out, v);
}

static void write_effect_json(FILE *out, const rf_effect *e, const char *text)
{
    putc('{', out);
    rf_json_key(out, "tick", 1);
    fprintf(out, "%ld", e->tick);
    json_str(out, "kind", rf_effect_kind_name(e->kind));
    json_str(out, "effect", text);
    switch (e->kind) {
    case RF_EFFECT_CREATE:
        json_str(out, "type", rf_object_type_name(e->type));
        json_str(out, "id", e->id);
        json_int(out, "x", e->lx);
        json_int(out, "y", e->ly);
        break;
    case RF_EFFECT_MOVE:
        json_str(out, "id", e->id);
        json_int(out, "x", e->lx);
        json_int(out, "y", e->ly);
        break;
    case RF_EFFECT_SET:
        json_str(out, "id", e->id);
        json_str(out, "property", e->property);
        json_int(out, "value", e->value);
        break;
    case RF_EFFECT_SPELL:
        json_str(out, "name", e->text);
        json_point(out, "from", e->lx, e->ly);
        json_point(out, "to", e->tlx, e->tly);
        break;
    case RF_EFFECT_TICKER:
        json_str(out, "text", e->text);
        break;
    default: /* remove, clock stopped */
        json_str(out, "id", e->id);
        break;
    }
    putc('}', out);
}

/* The effect log as sim's text, one effect a line. */
static rf_status write_text(const rf_scenario_result *r, FILE *out)
{
    rf_effect copy;
    char *text;
    size_t i;
    for (i = r->from; i < r->to; i++) {
        const rf_effect *e = rf_world_effect_at(r->w, i);
        if (r->coords == RF_COORDS_TEMPLATE) {
            fprintf(out, "T%ld %s\n", e->tick, r->texts[i - r->from]);
            continue;
        }
        if (!(text = effect_text(shown_effect(r, e, &copy))))
            return RF_ERR_NOMEM;
        fprintf(out, "T%ld %s\n", e->tick, text);
        rf_free(text);
    }
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

/* The JSON list of the effects, after the "effects" key. */
static rf_status write_effects_json(const rf_scenario_result *r, FILE *out)
{
    rf_effect copy;
    char *text;
    size_t i;
    putc('[', out);
    for (i = r->from; i < r->to; i++) {
        const rf_effect *e = shown_effect(r, rf_world_effect_at(r->w, i), &copy);
        if (i > r->from)
            putc(',', out);
        text = r->coords == RF_COORDS_TEMPLATE ? r->texts[i - r->from] : effect_text(e);
        if (!text)
            return RF_ERR_NOMEM;
        write_effect_json(out, e, text);
        if (text != r->texts[i - r->from])
            rf_free(text);
    }
    fputs("],", out);
    return RF_OK;
}

/* The JSON list of the expects and whether each was met. */
static void write_expects_json(const rf_scenario_result *r, FILE *out)
{
    size_t i, n = rf_scenario_count(r->s);
    bool first = true;
    rf_json_key(out, "expects", 1);
    putc('[', out);
    for (i = 0; i < n; i++) {
        const rf_scenario_cmd *c = rf_scenario_at(r->s, i);
        if (c->op != RF_SCENARIO_EXPECT)
            continue;
        if (!first)
            putc(',', out);
        first = false;
        putc('{', out);
        rf_json_key(out, "line", 1);
        fprintf(out, "%d", c->line);
        json_int(out, "tick", c->tick);
        json_str(out, "effect", c->effect);
        rf_json_key(out, "met", 0);
        fputs(r->met[i] ? "true" : "false", out);
        putc('}', out);
    }
    putc(']', out);
}

rf_status rf_scenario_result_write(const rf_scenario_result *r, FILE *out,
                                   rf_scenario_format fmt)
{
    rf_world_room wr;
    if (fmt == RF_SCENARIO_TEXT)
        return write_text(r, out);
    putc('{', out);
    rf_json_key(out, "scenario", 1);
    rf_json_string(out, rf_scenario_file(r->s));
    json_str(out, "room", r->room_name);
    json_int(out, "orient", rf_world_room_get(r->w, r->room, &wr) ? wr.orient : 0);
    json_str(out, "coords", r->coords == RF_COORDS_TEMPLATE ? "template" : "room");
    json_int(out, "ticks", rf_scenario_ticks(r->s));
    rf_json_key(out, "effects", 0);
    if (write_effects_json(r, out) != RF_OK)
        return RF_ERR_NOMEM;
    write_expects_json(r, out);
    json_int(out, "failed", (long)r->failed);
    fputs("}\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}

const char *rf_scenario_result_room(const rf_scenario_result *r) { return r ? r->room_name : NULL; }

rf_status rf_scenario_write_unplayed(const char *path, FILE *out)
{
    fputc('{', out);
    rf_json_key(out, "scenario", 1);
    rf_json_string(out, path);
    fputs(",\"played\":false}\n", out);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
