/* engine/src/world/world_save.c: rf_world_save and rf_world_load (DESIGN
 * 14): a world's whole state in a versioned text format, and a world that
 * ticks on from it exactly as the saved one would.
 *
 * Pipeline: world. Design: this file writes and reads the header, the rooms
 * and the random streams; save.lua the objects, rules, events, counters and
 * room states, one string between them. Loading rebuilds the world as it was
 * built (rooms in order, scripts compiled, extensions run), the saved
 * objects standing in each room before its scripts compile, then puts the
 * state back; any mismatch is save-damaged. Format: docs/reference.md.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <lua.h>

#include "core/alloc.h"
#include "roomforge/rng.h"
#include "roomforge/version.h"
#include "world_int.h"

#define MAGIC "roomforge-world"

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

rf_status rf_world_save(rf_world *w, FILE *out, rf_diags *d)
{
    save_step s = {NULL, 0};
    rf_luavm_fail f;
    size_t i, n;
    if (!w || !out)
        return RF_ERR_ARG;
    if (rf_luavm_call(w->vm, step_save, &s, 0, NULL, &f) != RF_OK) {
        rf_free(s.buf);
        if (d)
            (void)rf_diag_add(d, "save-state", "", 0, 0, "the world cannot be saved: %s", f.msg);
        return RF_ERR_CONTENT;
    }
    if (!s.buf)
        return RF_ERR_NOMEM;
    fprintf(out, MAGIC " %d\n", RF_WORLD_SAVE_VERSION);
    fprintf(out, "tick %ld player %d %d\n", w->tick, w->px, w->py);
    fprintf(out, "rooms %zu\n", w->nrooms);
    for (i = 0; i < w->nrooms; i++) {
        const rf_world_room_rec *r = &w->rooms[i];
        fputs(r->t ? "room t " : "room - ", out);
        put_str(out, rf_world_rec_name(r));
        fprintf(out, " %d %d %d %d %d %d\n", r->x, r->y, r->tw, r->th, r->orient, r->level_room);
    }
    n = rf_luavm_rng_count(w->L);
    fprintf(out, "rngs %zu\n", n);
    for (i = 1; i <= n; i++) {
        const rf_rng *g = rf_luavm_rng_at(w->L, i);
        if (g)
            fprintf(out, "%" PRIu64 " %" PRIu64 "\n", g->state, g->inc);
        else
            fputs("- -\n", out);
    }
    fprintf(out, "lua s%zu:", s.len);
    fwrite(s.buf, 1, s.len, out);
    fputs("\nend\n", out);
    rf_free(s.buf);
    return ferror(out) ? RF_ERR_IO : RF_OK;
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
    if (!word(r, buf, sizeof buf))
        return false;
    if (buf[0] < '0' || buf[0] > '9')
        return fault(r, "an unsigned integer expected");
    *out = (uint64_t)strtoull(buf, &end, 10);
    return *end ? fault(r, "an unsigned integer expected") : true;
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

/* The whole of in, at most RF_WORLD_SAVE_MAX bytes, NUL-terminated. */
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
} restore_step;

static int step_begin(lua_State *L)
{
    restore_step *s = lua_touserdata(L, 1);
    rf_world_push_fn(L, "restore_begin");
    lua_pushlstring(L, s->payload, s->len);
    lua_pushinteger(L, (lua_Integer)s->nrooms);
    lua_call(L, 2, 0);
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
    int x, y, tw, th, orient, level_room;
} saved_room;

/* Reads the rooms section into *rooms (*n of them). */
static rf_status read_rooms(reader *r, const rf_template_set *set, saved_room **rooms, size_t *n,
                            rf_diags *d)
{
    long long count, v[6];
    size_t i, k;
    saved_room *out;
    if (!expect(r, "rooms") || !integer(r, 0, RF_WORLD_MAX_ROOMS, &count))
        return damaged(d, r->why, r->pos);
    if ((size_t)count > r->len / 8) /* each room takes more bytes than that */
        return damaged(d, "more rooms than the save could hold", r->pos);
    out = rf_calloc(count ? (size_t)count : 1, sizeof *out);
    if (!out)
        return RF_ERR_NOMEM;
    for (i = 0; i < (size_t)count; i++) {
        char kind[4], name[RF_PLACED_NAME_MAX];
        const char *p;
        size_t len;
        if (!expect(r, "room") || !word(r, kind, sizeof kind) || !string(r, &p, &len))
            break;
        for (k = 0; k < 6; k++)
            if (!integer(r, k < 4 ? -RF_WORLD_COORD_MAX : -1, RF_WORLD_COORD_MAX, &v[k]))
                break;
        if (k < 6)
            break;
        if (len >= sizeof name) {
            fault(r, "a room name too long");
            break;
        }
        memcpy(name, p, len);
        name[len] = '\0';
        out[i].x = (int)v[0];
        out[i].y = (int)v[1];
        out[i].tw = (int)v[2];
        out[i].th = (int)v[3];
        out[i].orient = (int)v[4];
        out[i].level_room = (int)v[5];
        if (out[i].orient < 0 || out[i].orient >= RF_ORIENT_COUNT || out[i].tw < 0 ||
            out[i].th < 0) {
            fault(r, "a room's orientation or size out of range");
            break;
        }
        if (strcmp(kind, "t") == 0) {
            out[i].t = set ? rf_template_set_find(set, name) : NULL;
            if (!out[i].t) {
                rf_free(out);
                if (d)
                    (void)rf_diag_add(d, "save-damaged", "", 0, 0,
                                      "the world save names room '%s', which the templates "
                                      "given do not hold",
                                      name);
                return RF_ERR_CONTENT;
            }
            if (rf_template_width(out[i].t) != out[i].tw ||
                rf_template_height(out[i].t) != out[i].th) {
                fault(r, "a room's template has another size than the saved one");
                break;
            }
        } else if (strcmp(kind, "-") != 0) {
            fault(r, "a room kind ('t' or '-') expected");
            break;
        }
    }
    if (r->why) {
        rf_free(out);
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
                         long long px, long long py, rf_diags *d)
{
    static const rf_world_level_obj none = {NULL, NULL, 0, 0, false};
    restore_step s;
    rf_luavm_fail f;
    const char *payload;
    size_t i, len;
    rf_status st;
    if (!expect(r, "lua") || !string(r, &payload, &len) || !expect(r, "end"))
        return damaged(d, r->why, r->pos);
    skip_blank(r);
    if (r->pos != r->len)
        return damaged(d, "text after the end", r->pos);
    s.payload = payload;
    s.len = len;
    s.nrooms = nrooms;
    if (rf_luavm_call(w->vm, step_begin, &s, 0, NULL, &f) != RF_OK)
        return damaged(d, f.msg, (size_t)(payload - r->s));
    for (i = 0; i < nrooms; i++) {
        /* objs non-NULL and empty: the saved objects stand instead (E.new_room) */
        st = rf_world_add_rec(w, rooms[i].t, rooms[i].x, rooms[i].y, rooms[i].tw, rooms[i].th,
                              rooms[i].orient, rooms[i].level_room, &none, 0, d, NULL);
        if (st != RF_OK && st != RF_ERR_CONTENT)
            return st;
    }
    if (rf_luavm_call(w->vm, step_finish, &s, 0, NULL, &f) != RF_OK)
        return damaged(d, f.msg, (size_t)(payload - r->s));
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

rf_status rf_world_load(const rf_world_opts *opts, const rf_template_set *templates, FILE *in,
                        rf_diags *d, rf_world **out)
{
    reader r;
    char *buf = NULL, head[32];
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
    st = read_all(in, &buf, &len);
    if (st == RF_ERR_IO || st == RF_ERR_LIMIT) {
        if (d)
            (void)rf_diag_add(d, st == RF_ERR_IO ? "io-error" : "save-damaged", "", 0, 0,
                              st == RF_ERR_IO ? "cannot read the world save"
                                              : "the world save is over %zu bytes",
                              RF_WORLD_SAVE_MAX);
        return st == RF_ERR_IO ? RF_ERR_IO : RF_ERR_CONTENT;
    }
    if (st != RF_OK)
        return st;
    memset(&r, 0, sizeof r);
    r.s = buf;
    r.len = len;
    if (!word(&r, head, sizeof head) || strcmp(head, MAGIC) != 0) {
        rf_free(buf);
        return damaged(d, "not a roomforge world save (it starts with '" MAGIC " N')", 0);
    }
    if (!integer(&r, 1, 1000000000, &version)) {
        rf_free(buf);
        return damaged(d, "no format version", r.pos);
    }
    if (version > RF_WORLD_SAVE_VERSION) {
        rf_free(buf);
        if (d)
            (void)rf_diag_add(d, "save-version", "", 0, 0,
                              "the world save is of format %lld, from a later roomforge; this "
                              "library (%s) reads format %d",
                              version, rf_version(NULL, NULL, NULL), RF_WORLD_SAVE_VERSION);
        return RF_ERR_CONTENT;
    }
    if (!expect(&r, "tick") || !integer(&r, 0, 1LL << 62, &tick) || !expect(&r, "player") ||
        !integer(&r, INT32_MIN, INT32_MAX, &px) || !integer(&r, INT32_MIN, INT32_MAX, &py)) {
        rf_free(buf);
        return damaged(d, r.why, r.pos);
    }
    st = read_rooms(&r, templates, &rooms, &nrooms, d);
    if (st == RF_OK)
        st = read_rngs(&r, &rngs, &have, &nrngs, d);
    if (st == RF_OK) {
        st = rf_world_new(opts, d, &w);
        if (st == RF_ERR_CONTENT)
            st = RF_OK; /* an extension failed as it did for the saved world */
    }
    if (st == RF_OK)
        st = rebuild(w, &r, rooms, nrooms, rngs, have, nrngs, tick, px, py, d);
    if (st != RF_OK && w)
        (void)rf_luavm_call(w->vm, step_abort, &r, 0, NULL, &f);
    rf_free(rooms);
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
