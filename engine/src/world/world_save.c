/* engine/src/world/world_save.c: rf_world_save and rf_world_load (DESIGN
 * 14): a world's whole state in a versioned text format, and a world that
 * ticks on from it exactly as the saved one would.
 *
 * Pipeline: world; save.lua writes and reads the Lua half (objects, rules,
 * events, counters, room states), one string between them. Design: the
 * payload sits in core's frame (core/seam.h: length and crc32 checked
 * before a byte is read; format 1 saves have a bare header); loading rebuilds
 * the world as it was built, the saved objects standing before the scripts
 * compile, under a budget growing with the save; a mismatch, or a value the
 * saver never writes, is save-damaged. Format: docs/reference.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>

#include "core/seam.h"
#include "roomforge/version.h"
#include "world_int.h"

#define MAGIC "roomforge-world"
/* Restoring runs under its own budget, growing with the save: parsing and
 * rebuilding cost a bounded number of instructions per byte (measured: under
 * 60), so whatever rf_world_save wrote loads, and a hostile save still ends. */
#define RESTORE_BASE (1L << 24)
#define RESTORE_PER_BYTE 256L

/* ---- saving ---- */

typedef struct save_step {
    char *buf; /* out: E.save_state's string (owned) */
    size_t len;
} save_step;

static int step_save(lua_State *L)
{
    save_step *s = lua_touserdata(L, 1);
    const char *p;
    rf_world_push_fn(L, "save_state");
    lua_call(L, 0, 1);
    p = lua_tolstring(L, -1, &s->len);
    if (!p || !(s->buf = rf_alloc(s->len + 1)))
        return 0; /* s->buf NULL: out of memory */
    memcpy(s->buf, p, s->len);
    s->buf[s->len] = '\0';
    return 0;
}

/* A string token s<len>:<bytes>. */
static void put_str(FILE *out, const char *s)
{
    size_t n = strlen(s);
    fprintf(out, "s%zu:", n);
    fwrite(s, 1, n, out);
}

/* A machine room's blueprint names as one string, joined by 0x1f (DESIGN
 * 17). */
static void put_machine_names(FILE *out, const rf_world_room_rec *r)
{
    size_t i, n = r->nbps - 1;
    for (i = 0; i < r->nbps; i++)
        n += strlen(rf_blueprint_name(r->bps[i]));
    fprintf(out, "s%zu:", n);
    for (i = 0; i < r->nbps; i++)
        fprintf(out, "%s%s", i ? "\x1f" : "", rf_blueprint_name(r->bps[i]));
}

/* A machine room's map as one string of tw*th '0' and '1', row-major. */
static void put_cells(FILE *out, const rf_world_room_rec *r)
{
    size_t i, n = (size_t)r->tw * (size_t)r->th;
    fprintf(out, " s%zu:", n);
    for (i = 0; i < n; i++)
        fputc(r->mcells[i] ? '1' : '0', out);
}

/* The payload (everything after the header line) into a memory stream. */
static bool write_payload(rf_world *w, FILE *out, const save_step *s)
{
    size_t i, n;
    bool ok = fprintf(out, "tick %ld player %d %d\n", w->tick, w->px, w->py) > 0 &&
              fprintf(out, "rooms %zu\n", w->nrooms) > 0;
    for (i = 0; ok && i < w->nrooms; i++) {
        const rf_world_room_rec *r = &w->rooms[i];
        fputs(r->t ? "room t " : r->nbps ? "room m " : "room - ", out);
        if (r->nbps) /* a machine group's room: its blueprints' names, 0x1f between */
            put_machine_names(out, r);
        else
            put_str(out, rf_world_rec_name(r));
        ok = fprintf(out, " %d %d %d %d %d %d %ld", r->x, r->y, r->tw, r->th, r->orient,
                     r->level_room, r->t ? rf_template_variant_number(r->t) : -1L) > 0;
        if (ok && r->mcells) /* its machines' cells: the box's rows of 0 and 1 */
            put_cells(out, r);
        ok = ok && fputc('\n', out) != EOF;
    }
    n = rf_luavm_rng_count(w->L);
    ok = ok && fprintf(out, "rngs %zu\n", n) > 0;
    for (i = 1; ok && i <= n; i++) {
        const rf_rng *g = rf_luavm_rng_at(w->L, i);
        if (g)
            ok = fprintf(out, "%" PRIu64 " %" PRIu64 "\n", g->state, g->inc) > 0;
        else
            ok = fputs("- -\n", out) >= 0;
    }
    ok = ok && fprintf(out, "lua s%zu:", s->len) > 0 && fwrite(s->buf, 1, s->len, out) == s->len &&
         fputs("\nend\n", out) >= 0;
    return ok && !ferror(out);
}

rf_status rf_world_save(rf_world *w, FILE *out, rf_diags *d)
{
    save_step s = {NULL, 0};
    rf_luavm_fail f;
    char *payload = NULL;
    size_t len = 0;
    FILE *mem;
    bool ok;
    if (!w || !out || rf_world_busy(w, d, "rf_world_save"))
        return RF_ERR_ARG;
    if (rf_luavm_call(w->vm, step_save, &s, 0, NULL, &f) != RF_OK) {
        rf_free(s.buf);
        if (d)
            (void)rf_diag_add(d, "save-state", "", 0, 0, "the world cannot be saved: %s", f.msg);
        return RF_ERR_CONTENT;
    }
    if (!s.buf)
        return RF_ERR_NOMEM;
    mem = open_memstream(&payload, &len);
    ok = mem && write_payload(w, mem, &s);
    if (mem && fclose(mem) != 0)
        ok = false;
    rf_free(s.buf);
    if (!ok) {
        free(payload); /* the C library's buffer */
        return RF_ERR_NOMEM;
    }
    if (len > RF_WORLD_SAVE_MAX) { /* rf_world_load would refuse it */
        free(payload);
        if (d)
            (void)rf_diag_add(d, "save-state", "", 0, 0,
                              "the world's save would be over %zu bytes, more than a load reads",
                              RF_WORLD_SAVE_MAX);
        return RF_ERR_LIMIT;
    }
    /* the frame's header, then the payload; every write and the flush checked */
    ok = rf_frame_write(out, MAGIC, RF_WORLD_SAVE_VERSION, payload, len) == RF_OK;
    free(payload);
    if (!ok && d)
        (void)rf_diag_add(d, "io-error", "", 0, 0, "the world save could not be written: %s",
                          strerror(errno));
    return ok ? RF_OK : RF_ERR_IO;
}

static rf_status save_to(void *ud, FILE *out, rf_diags *d)
{
    return rf_world_save(ud, out, d);
}

rf_status rf_world_save_path(rf_world *w, const char *path, rf_diags *d)
{
    if (!w || !path || !*path || rf_world_busy(w, d, "rf_world_save_path"))
        return RF_ERR_ARG;
    return rf_frame_write_path(path, "the world save", save_to, w, d);
}

/* ---- reading ---- */

typedef struct reader {
    const char *s;
    size_t len, pos;
    const char *why; /* the first fault, NULL while none */
} reader;

static bool fault(reader *r, const char *why)
{
    if (!r->why)
        r->why = why;
    return false;
}

static void skip_blank(reader *r)
{
    while (r->pos < r->len && (r->s[r->pos] == ' ' || r->s[r->pos] == '\n' ||
                               r->s[r->pos] == '\t' || r->s[r->pos] == '\r'))
        r->pos++;
}

/* The next word (not a string token) into buf; false at the end. */
static bool word(reader *r, char *buf, size_t cap)
{
    size_t n = 0;
    skip_blank(r);
    if (r->pos >= r->len)
        return fault(r, "the save ends early");
    while (r->pos < r->len && r->s[r->pos] != ' ' && r->s[r->pos] != '\n' &&
           r->s[r->pos] != '\t' && r->s[r->pos] != '\r') {
        if (n + 1 >= cap)
            return fault(r, "a word too long");
        buf[n++] = r->s[r->pos++];
    }
    buf[n] = '\0';
    return true;
}

static bool expect(reader *r, const char *want)
{
    char buf[32];
    if (!word(r, buf, sizeof buf))
        return false;
    return strcmp(buf, want) == 0 ? true : fault(r, "a section of the save is not where it belongs");
}

/* A decimal integer in [lo, hi]. */
static bool integer(reader *r, long long lo, long long hi, long long *out)
{
    char buf[32], *end;
    long long v;
    if (!word(r, buf, sizeof buf))
        return false;
    if (!((buf[0] >= '0' && buf[0] <= '9') || (buf[0] == '-' && buf[1] >= '0' && buf[1] <= '9')))
        return fault(r, "an integer expected");
    v = strtoll(buf, &end, 10);
    if (*end || v < lo || v > hi)
        return fault(r, "an integer out of range");
    *out = v;
    return true;
}

static bool unsigned64(reader *r, uint64_t *out)
{
    char buf[32], *end;
    unsigned long long v;
    if (!word(r, buf, sizeof buf))
        return false;
    if (buf[0] < '0' || buf[0] > '9')
        return fault(r, "an unsigned integer expected");
    errno = 0;
    v = strtoull(buf, &end, 10);
    if (*end)
        return fault(r, "an unsigned integer expected");
    if (errno == ERANGE || v > UINT64_MAX) /* the saver never writes one past 64 bits */
        return fault(r, "an unsigned integer past 64 bits");
    *out = (uint64_t)v;
    return true;
}

/* A string token: *p points into the save, *n its length. */
static bool string(reader *r, const char **p, size_t *n)
{
    size_t v = 0;
    skip_blank(r);
    if (r->pos >= r->len || r->s[r->pos] != 's')
        return fault(r, "a string expected");
    r->pos++;
    if (r->pos >= r->len || r->s[r->pos] < '0' || r->s[r->pos] > '9')
        return fault(r, "a string length expected");
    while (r->pos < r->len && r->s[r->pos] >= '0' && r->s[r->pos] <= '9') {
        v = v * 10 + (size_t)(r->s[r->pos++] - '0');
        if (v > RF_WORLD_SAVE_MAX)
            return fault(r, "a string too long");
    }
    if (r->pos >= r->len || r->s[r->pos] != ':')
        return fault(r, "a string without ':'");
    r->pos++;
    if (v > r->len - r->pos)
        return fault(r, "a string runs past the end");
    *p = r->s + r->pos;
    *n = v;
    r->pos += v;
    return true;
}

/* The rest of in, at most RF_WORLD_SAVE_MAX bytes, NUL-terminated (a
 * format 1 save, which reads to the end). */
static rf_status read_all(FILE *in, char **out, size_t *len)
{
    size_t cap = 65536, n = 0;
    char *buf = rf_alloc(cap + 1);
    if (!buf)
        return RF_ERR_NOMEM;
    for (;;) {
        size_t got;
        if (n == cap) {
            char *b2;
            if (cap >= RF_WORLD_SAVE_MAX) {
                rf_free(buf);
                return RF_ERR_LIMIT;
            }
            cap *= 2;
            if (!(b2 = rf_realloc(buf, cap + 1))) {
                rf_free(buf);
                return RF_ERR_NOMEM;
            }
            buf = b2;
        }
        got = fread(buf + n, 1, cap - n, in);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(in)) {
        rf_free(buf);
        return RF_ERR_IO;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return RF_OK;
}

/* ---- restoring ---- */

typedef struct restore_step {
    const char *payload;
    size_t len, nrooms;
    long long version; /* the save's format: 2 has no object attributes */
} restore_step;

static int step_begin(lua_State *L)
{
    restore_step *s = lua_touserdata(L, 1);
    rf_world_push_fn(L, "restore_begin");
    lua_pushlstring(L, s->payload, s->len);
    lua_pushinteger(L, (lua_Integer)s->nrooms);
    lua_pushinteger(L, (lua_Integer)s->version);
    lua_call(L, 3, 0);
    return 0;
}

static int step_finish(lua_State *L)
{
    rf_world_push_fn(L, "restore_finish");
    lua_call(L, 0, 0);
    return 0;
}

static int step_abort(lua_State *L)
{
    rf_world_push_fn(L, "restore_abort");
    lua_call(L, 0, 0);
    return 0;
}

static rf_status damaged(rf_diags *d, const char *why, size_t at)
{
    if (d)
        (void)rf_diag_add(d, "save-damaged", "", 0, 0,
                          "the world save is damaged or does not fit (at byte %zu): %s", at, why);
    return RF_ERR_CONTENT;
}

/* A saved room's record, read before any is added. */
typedef struct saved_room {
    const rf_template *t;
    const rf_blueprint *bps[2]; /* a machine group's room (kind 'm', format 4) */
    size_t nbps;
    uint8_t *cells;             /* kind 'm': its tw*th map (owned) */
    int x, y, tw, th, orient, level_room;
    long long variant; /* format 4: the room's variant (DESIGN 16), -1 none */
} saved_room;

/* A room record's words: its kind ('t', 'm' or '-') and its name (a
 * machine room's: up to two blueprint names). */
typedef struct room_words {
    char kind[4], name[1024];
} room_words;

/* A machine room's map (put_cells) into room->cells; false on a fault. */
static bool read_cells(reader *r, saved_room *room)
{
    const char *p;
    size_t len, i;
    if (!string(r, &p, &len))
        return false;
    if (room->tw < 1 || room->th < 1 || len != (size_t)room->tw * (size_t)room->th)
        return fault(r, "a machine room's map does not fit its box");
    if (!(room->cells = rf_alloc(len)))
        return fault(r, "memory ran out reading a machine room's map");
    for (i = 0; i < len; i++) {
        if (p[i] != '0' && p[i] != '1')
            return fault(r, "a machine room's map of other than 0 and 1");
        room->cells[i] = (uint8_t)(p[i] == '1');
    }
    return true;
}

/* One room record into *w and *room (its variant: -1 before format 4);
 * false on a fault in r. */
static bool read_room(reader *r, size_t nv, room_words *w, saved_room *room)
{
    long long v[7];
    const char *p;
    size_t len, k;
    if (!expect(r, "room") || !word(r, w->kind, sizeof w->kind) || !string(r, &p, &len))
        return false;
    v[6] = -1;
    for (k = 0; k < nv; k++)
        if (!integer(r, k < 4 ? -RF_WORLD_COORD_MAX : -1,
                     k < 6 ? RF_WORLD_COORD_MAX : (long long)UINT32_MAX, &v[k]))
            return false;
    if (len >= sizeof w->name)
        return fault(r, "a room name too long");
    memcpy(w->name, p, len);
    w->name[len] = '\0';
    room->x = (int)v[0];
    room->y = (int)v[1];
    room->tw = (int)v[2];
    room->th = (int)v[3];
    room->orient = (int)v[4];
    room->level_room = (int)v[5];
    room->variant = v[6];
    if (room->orient < 0 || room->orient >= RF_ORIENT_COUNT || room->tw < 0 || room->th < 0)
        return fault(r, "a room's orientation or size out of range");
    return strcmp(w->kind, "m") != 0 || read_cells(r, room);
}

/* Gives a room of kind 'm' its blueprints from m (names split at 0x1f).
 * RF_ERR_CONTENT (reported) when m does not hold one; a fault in r for more
 * than two names or a variant. */
static rf_status bind_machines(reader *r, const rf_machines *m, const room_words *w,
                               saved_room *room, rf_diags *d)
{
    char names[sizeof w->name], *p = names, *sep;
    memcpy(names, w->name, sizeof names);
    if (room->variant >= 0)
        return fault(r, "a variant of a machine's room"), RF_OK;
    for (room->nbps = 0; p; p = sep ? sep + 1 : NULL) {
        if ((sep = strchr(p, '\x1f')))
            *sep = '\0';
        if (room->nbps == 2)
            return fault(r, "a machine's room of more than two blueprints"), RF_OK;
        if (!m || !(room->bps[room->nbps++] = rf_machines_find(m, p))) {
            if (d)
                (void)rf_diag_add(d, "save-damaged", "", 0, 0,
                                  "the world save names machine blueprint '%s', which the "
                                  "machines given (rf_world_opts.machines) do not hold",
                                  p);
            return RF_ERR_CONTENT;
        }
    }
    return RF_OK;
}

/* Gives a room of kind 't' its template from set (of 'm' its blueprints from
 * m) and checks the record against it. RF_ERR_CONTENT (reported) when set
 * does not hold the name; otherwise RF_OK, with a fault in r when the
 * record does not fit. */
static rf_status bind_room(reader *r, const rf_template_set *set, const rf_machines *m,
                           long long version, const room_words *w, saved_room *room,
                           rf_diags *d)
{
    if (strcmp(w->kind, "m") == 0 && version >= 4)
        return bind_machines(r, m, w, room, d);
    if (strcmp(w->kind, "t") == 0) {
        room->t = set ? rf_template_set_find(set, w->name) : NULL;
        if (!room->t) {
            if (d)
                (void)rf_diag_add(d, "save-damaged", "", 0, 0,
                                  "the world save names room '%s', which the templates "
                                  "given do not hold",
                                  w->name);
            return RF_ERR_CONTENT;
        }
        if (rf_template_width(room->t) != room->tw || rf_template_height(room->t) != room->th)
            fault(r, "a room's template has another size than the saved one");
        else if (room->variant >= 0 && !rf_template_varies(room->t))
            fault(r, "a variant of a room that does not vary");
    } else if (strcmp(w->kind, "-") != 0) {
        fault(r, "a room kind ('t' or '-') expected");
    } else if (room->variant >= 0) {
        fault(r, "a variant of a level room without a template");
    }
    return RF_OK;
}

/* Frees n saved rooms and what they own. */
static void free_rooms(saved_room *rooms, size_t n)
{
    size_t i;
    for (i = 0; rooms && i < n; i++)
        rf_free(rooms[i].cells);
    rf_free(rooms);
}

/* Reads the rooms section into *rooms (*n of them); a save of format 4 or
 * later gives each room its variant. */
static rf_status read_rooms(reader *r, const rf_template_set *set, const rf_machines *m,
                            long long version, saved_room **rooms, size_t *n, rf_diags *d)
{
    size_t nv = version >= 4 ? 7 : 6;
    long long count;
    size_t i;
    saved_room *out;
    if (!expect(r, "rooms") || !integer(r, 0, RF_WORLD_MAX_ROOMS, &count))
        return damaged(d, r->why, r->pos);
    if ((size_t)count > r->len / 8) /* each room takes more bytes than that */
        return damaged(d, "more rooms than the save could hold", r->pos);
    out = rf_calloc(count ? (size_t)count : 1, sizeof *out);
    if (!out)
        return RF_ERR_NOMEM;
    for (i = 0; i < (size_t)count && !r->why; i++) {
        room_words w;
        if (read_room(r, nv, &w, &out[i]) &&
            bind_room(r, set, m, version, &w, &out[i], d) != RF_OK) {
            free_rooms(out, (size_t)count);
            return RF_ERR_CONTENT;
        }
    }
    if (r->why) {
        free_rooms(out, (size_t)count);
        return damaged(d, r->why, r->pos);
    }
    *rooms = out;
    *n = (size_t)count;
    return RF_OK;
}

/* Reads the streams section: *n streams, have[i] false for a released one. */
static rf_status read_rngs(reader *r, rf_rng **rngs, bool **have, size_t *n, rf_diags *d)
{
    long long count;
    size_t i;
    if (!expect(r, "rngs") || !integer(r, 0, (long long)(r->len / 4), &count))
        return damaged(d, r->why, r->pos);
    *rngs = rf_calloc(count ? (size_t)count : 1, sizeof **rngs);
    *have = rf_calloc(count ? (size_t)count : 1, sizeof **have);
    if (!*rngs || !*have)
        return RF_ERR_NOMEM;
    for (i = 0; i < (size_t)count; i++) {
        char buf[32];
        size_t save;
        skip_blank(r);
        save = r->pos;
        if (!word(r, buf, sizeof buf))
            return damaged(d, r->why, r->pos);
        if (strcmp(buf, "-") == 0) {
            if (!word(r, buf, sizeof buf) || strcmp(buf, "-") != 0)
                return damaged(d, "a released stream is '- -'", r->pos);
            continue;
        }
        r->pos = save;
        if (!unsigned64(r, &(*rngs)[i].state) || !unsigned64(r, &(*rngs)[i].inc))
            return damaged(d, r->why, r->pos);
        if (!((*rngs)[i].inc & 1))
            return damaged(d, "a random stream's increment must be odd", r->pos);
        (*have)[i] = true;
    }
    *n = (size_t)count;
    return RF_OK;
}

/* Builds the world from the parsed save; RF_OK or a failure (reported). */
static rf_status rebuild(rf_world *w, reader *r, const saved_room *rooms, size_t nrooms,
                         const rf_rng *rngs, const bool *have, size_t nrngs, long long tick,
                         long long px, long long py, long long version, rf_diags *d)
{
    static const rf_world_level_obj none = {NULL, NULL, 0, 0, false};
    restore_step s;
    rf_luavm_fail f;
    const char *payload;
    size_t i, len;
    long budget;
    rf_status st;
    if (!expect(r, "lua") || !string(r, &payload, &len) || !expect(r, "end"))
        return damaged(d, r->why, r->pos);
    skip_blank(r);
    if (r->pos != r->len)
        return damaged(d, "text after the end", r->pos);
    s.payload = payload;
    s.len = len;
    s.version = version;
    s.nrooms = nrooms;
    budget = RESTORE_BASE + RESTORE_PER_BYTE * (long)r->len;
    if (rf_luavm_call(w->vm, step_begin, &s, budget, NULL, &f) != RF_OK)
        return damaged(d, f.msg, (size_t)(payload - r->s));
    for (i = 0; i < nrooms; i++) {
        const rf_template *t = rooms[i].t;
        /* a variant (read_rooms checked its template varies): the world's own */
        if (rooms[i].variant >= 0 &&
            (st = rf_world_own_variant(w, t, (uint32_t)rooms[i].variant, &t)) != RF_OK)
            return st;
        /* objs non-NULL and empty: the saved objects stand instead (E.new_room) */
        if (rooms[i].nbps)
            st = rf_world_add_machine_rec(w, rooms[i].bps, rooms[i].nbps, rooms[i].x, rooms[i].y,
                                          rooms[i].tw, rooms[i].th, rooms[i].cells, &none, 0, d,
                                          NULL);
        else
            st = rf_world_add_rec(w, t, rooms[i].x, rooms[i].y, rooms[i].tw, rooms[i].th,
                                  rooms[i].orient, rooms[i].level_room, &none, 0, d, NULL);
        if (st != RF_OK && st != RF_ERR_CONTENT)
            return st;
    }
    if (rf_luavm_call(w->vm, step_finish, &s, budget, NULL, &f) != RF_OK)
        return damaged(d, f.msg, (size_t)(payload - r->s));
    /* the header's counters and the payload's are one: the saver wrote both */
    if (rf_world_engine_int(w, "tick") != (long)tick || rf_world_engine_int(w, "px") != (long)px ||
        rf_world_engine_int(w, "py") != (long)py)
        return damaged(d, "the tick or the player differ between the header and the state",
                       r->pos);
    if (rf_luavm_rng_count(w->L) != nrngs)
        return damaged(d, "the save's script environments are not the world's (other templates "
                          "or extensions)",
                       r->pos);
    for (i = 0; i < nrngs; i++) {
        rf_rng *g = rf_luavm_rng_at(w->L, i + 1);
        /* an environment nothing can reach any more (its stream collected
         * in one world and not yet in the other) never draws again */
        if (g && have[i])
            *g = rngs[i];
    }
    w->tick = (long)tick;
    w->px = (int)px;
    w->py = (int)py;
    return RF_OK;
}

/* The save's payload into *buf (*len bytes, the caller frees it) and its
 * format into *version: a frame's payload, or the rest of a bare format 1
 * save. A failure is reported. */
static rf_status read_payload(FILE *in, rf_diags *d, char **buf, size_t *len,
                              long long *version)
{
    rf_frame fr;
    rf_status st = rf_frame_read(in, MAGIC, RF_WORLD_SAVE_VERSION, RF_WORLD_SAVE_MAX, &fr);
    *version = fr.version;
    if (st == RF_ERR_CONTENT && fr.bare && *version == 1) {
        st = read_all(in, buf, len); /* no length, no checksum: it reads to the end */
    } else if (st == RF_ERR_CONTENT && !fr.why) {
        if (d)
            (void)rf_diag_add(d, "save-version", "", 0, 0,
                              "the world save is of format %lld, from a later roomforge; this "
                              "library (%s) reads format %d",
                              *version, rf_version(NULL, NULL, NULL), RF_WORLD_SAVE_VERSION);
        return RF_ERR_CONTENT;
    } else if (st == RF_ERR_CONTENT) {
        return damaged(d, fr.why, fr.at);
    } else if (st == RF_OK) {
        *buf = fr.payload;
        *len = fr.len;
    }
    if (st == RF_ERR_IO || st == RF_ERR_LIMIT) {
        if (d)
            (void)rf_diag_add(d, st == RF_ERR_IO ? "io-error" : "save-damaged", "", 0, 0,
                              st == RF_ERR_IO ? "cannot read the world save"
                                              : "the world save is over %zu bytes",
                              RF_WORLD_SAVE_MAX);
        return st == RF_ERR_IO ? RF_ERR_IO : RF_ERR_CONTENT;
    }
    return st;
}

rf_status rf_world_load(const rf_world_opts *opts, const rf_template_set *templates, FILE *in,
                        rf_diags *d, rf_world **out)
{
    reader r;
    char *buf = NULL;
    size_t len = 0, nrooms = 0, nrngs = 0;
    long long version, tick, px, py;
    saved_room *rooms = NULL;
    rf_rng *rngs = NULL;
    bool *have = NULL;
    rf_world *w = NULL;
    rf_luavm_fail f;
    rf_status st;
    if (!in || !out)
        return RF_ERR_ARG;
    st = read_payload(in, d, &buf, &len, &version);
    if (st != RF_OK)
        return st;
    memset(&r, 0, sizeof r);
    r.s = buf;
    r.len = len;
    if (!expect(&r, "tick") || !integer(&r, 0, RF_WORLD_TICK_MAX, &tick) || !expect(&r, "player") ||
        !integer(&r, INT32_MIN, INT32_MAX, &px) || !integer(&r, INT32_MIN, INT32_MAX, &py)) {
        rf_free(buf);
        return damaged(d, r.why, r.pos);
    }
    st = read_rooms(&r, templates, opts ? opts->machines : NULL, version, &rooms, &nrooms, d);
    if (st == RF_OK)
        st = read_rngs(&r, &rngs, &have, &nrngs, d);
    if (st == RF_OK) {
        st = rf_world_new(opts, d, &w);
        if (st == RF_ERR_CONTENT)
            st = RF_OK; /* an extension failed as it did for the saved world */
    }
    if (st == RF_OK)
        st = rebuild(w, &r, rooms, nrooms, rngs, have, nrngs, tick, px, py, version, d);
    if (st != RF_OK && w)
        (void)rf_luavm_call(w->vm, step_abort, &r, 0, NULL, &f);
    free_rooms(rooms, nrooms);
    rf_free(rngs);
    rf_free(have);
    rf_free(buf);
    if (st != RF_OK) {
        rf_world_free(w);
        return st;
    }
    *out = w;
    return RF_OK;
}
