/* roomforge/world.h: the runtime world: placed rooms' object instances, the
 * player, events, the rule VM that ticks room scripts, and the effect log.
 *
 * Pipeline: world, the last stage; games and `roomforge sim` drive it. Scripts
 * compile once when a room is added; a tick counts clocks down then runs rules
 * in room and file order (DESIGN 4). A room may be turned (DESIGN 12): its
 * scripts speak the template's own coordinates and the world maps them, so
 * positions here are level coordinates, with the template's beside them.
 * Same rooms, events and options: same effects.
 */
#ifndef RF_WORLD_H
#define RF_WORLD_H

#include <stdio.h>

#include "roomforge/common.h"
#include "roomforge/machines.h"
#include "roomforge/diag.h"
#include "roomforge/lint.h"
#include "roomforge/orient.h"
#include "roomforge/template.h"

RF_BEGIN_C

typedef struct rf_world rf_world; /* opaque */

/* Options of a world; rf_world_opts_init fills the defaults. */
typedef struct rf_world_opts {
    size_t mem_cap;          /* bytes the world's Lua state may hold; default 64 MiB */
    long tick_budget;        /* VM instructions one rule that runs user Lua (a Lua rule, an
                              * extension type) may run in one tick; default 20,000,000; all
                              * such rules of a tick together get twice that. Built-in rules
                              * are bounded by construction and run unhooked */
    long load_budget;        /* VM instructions the Lua chunks of one room (or one extension
                              * file) may run at load, all together; default 1,000,000 */
    const char *scripts_dir; /* designer extensions: every *.lua in it, in byte order of
                              * their names, runs once at rf_world_new; NULL for none */
    bool keep_log;           /* append effects to the log (default true); a game that only
                              * uses the host may turn it off */
    uint64_t seed;           /* seeds each room's own math.random stream (default 0) */
    size_t log_max;          /* with keep_log: the log keeps the newest log_max effects,
                              * dropping the oldest (0, the default: no bound);
                              * rf_world_effect_at(w, 0) is then the oldest kept */
    const rf_machines *machines; /* borrowed, must outlive the world: the blueprints
                              * whose rules a level's machines run (DESIGN 17;
                              * rf_pack_machines), looked up by name by
                              * rf_world_add_level and rf_world_load; NULL: machines
                              * get rooms and objects but no rules */
} rf_world_opts;

RF_API void rf_world_opts_init(rf_world_opts *o);

/* A world without rooms, its rule VM loaded with the built-in registries and
 * the extensions of opts->scripts_dir (opts may be NULL: defaults). Problems
 * of an extension file are diagnostics (script-syntax, script-error,
 * script-budget, script-memory, script-forbidden, io-error) and that file is
 * skipped. RF_OK with *out set, RF_ERR_CONTENT when an extension failed (*out
 * is still set and usable), RF_ERR_IO (an io-error diagnostic) when the
 * scripts directory cannot be opened, RF_ERR_NOMEM (*out untouched in both).
 * The caller frees *out with rf_world_free. */
RF_API RF_NODISCARD rf_status rf_world_new(const rf_world_opts *opts, rf_diags *d, rf_world **out);
/* Frees w and all it owns; w may be NULL. */
RF_API void rf_world_free(rf_world *w);

/* Places template t with its (0, 0) at level (x, y), instantiating its objects
 * and compiling its scripts. A script that fails to compile or to load (unknown
 * condition or action type, a Lua chunk that errs, loops, runs out of memory,
 * reaches for os/io/require, an unreadable, absolute or escaping src path:
 * script-src) is reported and left out (with any rules its chunk registered);
 * the room is added with its other scripts. *index (may be NULL) receives the
 * room's index (0, 1, ... in order of adding). RF_OK, RF_ERR_CONTENT when a
 * script was left out, RF_ERR_LIMIT (more than RF_WORLD_MAX_ROOMS rooms: not
 * added), RF_ERR_NOMEM (the world's C memory ran out: the room may be partly
 * added; free the world). t must outlive w (the world retains it). */
#define RF_WORLD_MAX_ROOMS 1000000
RF_API RF_NODISCARD rf_status rf_world_add_room(rf_world *w, const rf_template *t, int x, int y,
                                                rf_diags *d, size_t *index);
/* rf_world_add_room with t turned by orient (0-7, DESIGN 12), the turned
 * room's top-left corner at level (x, y), as a level places it: its objects
 * stand on their turned cells and every coordinate its scripts read or
 * write is mapped between the template's frame and the level. RF_ERR_ARG
 * when orient is not 0-7. */
RF_API RF_NODISCARD rf_status rf_world_add_room_turned(rf_world *w, const rf_template *t, int x,
                                                       int y, int orient, rf_diags *d,
                                                       size_t *index);
/* A room of machine blueprints alone, as a level's world makes a machine
 * group's (DESIGN 17; sim --machine): bps[0..nbps-1] (1 or 2: a key holder,
 * then the reward it opens), its box one cell at level (0, 0) where every
 * object stands: each object feature as often as its count's low end (at
 * least once), of rf_feature_object_type's type, ids as
 * rf_machine_object_id gives them in order; a reward's vault door; then the
 * blueprints' rules. The blueprints must outlive w. As rf_world_add_room;
 * RF_ERR_ARG for nbps not 1 or 2. */
RF_API RF_NODISCARD rf_status rf_world_add_machine(rf_world *w, const rf_blueprint *const *bps,
                                                   size_t nbps, rf_diags *d, size_t *index);

struct rf_level;
/* Adds generated level l to w (made with the game's own options), as the
 * level holds it (DESIGN 14): one world room for every level room that is a
 * template room or holds an object, in level room order (then one for the
 * objects standing outside every room, level_room 0, when there are some),
 * each linked to its level room id (rf_world_room.level_room); template
 * rooms in the orientation they were placed in, with their scripts; and
 * exactly the level's objects (rf_level_object_at: percent rolls, walled
 * cells, hordes, population, decorations all as the level made them), each
 * in the world room of its level room (a machine's, in its group's room
 * after them: DESIGN 17, rf_world_opts.machines), in level order, with the handles
 * base + 1 .. base + n where base is the last handle w gave before: in a
 * fresh world the handles of the level JSON. A template's object keeps its
 * template attributes (a lever's state, a clock's time, ...); every object's
 * tag is the level's type ("item" for loot, "trap", "launcher", a
 * decoration's type) and a horde's members know their leader. l is read
 * only here, but its templates must outlive w (the variants of rooms that
 * vary, which the level owns, w draws again and keeps). RF_OK, RF_ERR_CONTENT when a
 * template's script was left out (reported to d), RF_ERR_LIMIT (too many
 * rooms), RF_ERR_NOMEM (w may hold part of the level: free it), RF_ERR_ARG
 * for NULL. */
RF_API RF_NODISCARD rf_status rf_world_add_level(rf_world *w, const struct rf_level *l,
                                                 rf_diags *d);

/* ---- rooms and objects ---- */

typedef struct rf_world_room {
    const rf_template *tmpl;
    const char *name; /* the template's name */
    int x, y;         /* level position of the turned room's top-left corner */
    int w, h;         /* its box: the template's width and height, swapped when turned
                       * by an odd orientation */
    size_t rules;     /* rules compiled from its scripts (XML scripts and Lua rules) */
    int orient;       /* 0-7 (DESIGN 12; 0 for rf_world_add_room) */
    int level_room;   /* rf_world_add_level: the level room's id (rf_room_rec.id; 0 for
                       * the objects outside every room); -1 for a room added alone.
                       * A level room without a template has tmpl NULL, name "", its
                       * box for x, y, w, h and no rules */
} rf_world_room;

RF_API size_t rf_world_room_count(const rf_world *w);
/* Fills *out for room i; false when i is out of range. */
RF_API bool rf_world_room_get(const rf_world *w, size_t i, rf_world_room *out);
/* Maps (x, y) counted in `from` (the template's own frame, the turned
 * room's box, or the level) of room to `to`, into *ox, *oy: the one mapping
 * the world uses for scripts. Coordinates beyond +-2^28 are clamped. false
 * when room is out of range. */
RF_API bool rf_world_room_map(const rf_world *w, size_t room, rf_coords from, int x, int y,
                              rf_coords to, int *ox, int *oy);

/* One object instance, as the world model holds it now. */
typedef struct rf_world_object {
    const char *id; /* NULL when it has none; valid until the next call on w */
    rf_object_type type;
    const char *tag; /* rf_object_type_name(type), or a game's own element's name
                      * ("fountain") for RF_OBJ_OTHER; valid until the next call on w */
    int x, y;        /* level */
    int lx, ly;      /* room-local, in the template's own frame (what scripts see) */
    bool activated;  /* lever */
    bool started;    /* clock: counting down */
    int remaining;   /* clock: ticks left */
    int initial;     /* clock: ticks on the face at start */
    int hits;        /* breakable: hits taken */
    int hits_needed; /* breakable: hitsNeededToBreak (0 breaks at the first hit) */
    bool broken;     /* breakable */
    bool alive;      /* monster and horde: alive (a horde member: its own life, the
                      * leader's too: rf_world_kill_obj); false for other objects */
    bool passable;   /* blocker and the other custom objects */
    bool can_push;
    uint64_t handle; /* unique in its world, from 1, never reused (created objects too) */
    uint64_t horde;  /* a horde's member or leader: its leader's handle; 0 otherwise */
    bool leader;     /* the leader of its horde */
    size_t room;     /* the world room it stands in */
} rf_world_object;

/* Objects of room in creation order (template objects first, then created
 * ones); removed objects are gone from the count. */
RF_API size_t rf_world_object_count(rf_world *w, size_t room);
/* The ith object of room; false when out of range. */
RF_API bool rf_world_object_get(rf_world *w, size_t room, size_t i, rf_world_object *out);
/* The object of room with id (case-sensitive) that scripts would find: false
 * when none (never there, removed, not created yet). A dead monster is found. */
RF_API bool rf_world_object_find(rf_world *w, size_t room, const char *id, rf_world_object *out);
/* The object with handle h, wherever it stands (out->room); false when no
 * object present has it (never given, or removed). */
RF_API bool rf_world_object_by_handle(rf_world *w, uint64_t h, rf_world_object *out);
/* What rf_world_object does not hold, by handle (the struct does not grow:
 * callers allocate it). Strings are valid until the next call on w.
 * The attributes are the template object's (or for a level's object
 * without template, the level's: its name), or a created object's as its
 * create effect gave them (rf_effect.attrs); all are saved and loaded.
 * Keys are normalised (lower case, no '_'), id and position (at, x, y) left
 * out, sorted by key. Count: 0 when no object has h. Get: false past the
 * end or when no object has h. Attr: the value of key (normalised by the
 * call), NULL when the object has none. */
RF_API size_t rf_world_object_attr_count(rf_world *w, uint64_t h);
RF_API bool rf_world_object_attr_get(rf_world *w, uint64_t h, size_t i, const char **key,
                                     const char **value);
RF_API const char *rf_world_object_attr(rf_world *w, uint64_t h, const char *key);
/* Its name: the attribute "name" ("lost soul", "10mm ammo"); NULL when it
 * has none. */
RF_API const char *rf_world_object_name(rf_world *w, uint64_t h);
/* Whether it blocks movement now: a living monster or horde member, an
 * unbroken breakable that is not passable, a blocker (custom or magic) or a
 * game's own object that is not passable. Levers, items, traps, clocks,
 * engravings, pedestals and elements do not. false when no object has h. */
RF_API bool rf_world_object_blocks(rf_world *w, uint64_t h);
/* The world room holding level cell (x, y) into *room (may be NULL), the
 * one rule of C and Lua (world:room_at): the first template room whose
 * turned map has a cell there that is not blank (door cells and walls
 * count; the blanks inside a template's box do not) or machine room
 * (DESIGN 17) with one of its machines' cells there, else the first room
 * without template (a level room made of objects only) whose box holds it;
 * the world room of the objects outside every room (level_room 0) holds
 * no cell. false when no room holds it (a corridor, a blank). */
RF_API bool rf_world_room_at(const rf_world *w, int x, int y, size_t *room);
/* The last handle w gave (0 before any object). */
RF_API uint64_t rf_world_last_handle(rf_world *w);

/* The player's level position; (0, 0) until rf_world_move_player. Rules see
 * it in their room's template frame (room:player(), a spell's default). */
RF_API void rf_world_player(const rf_world *w, int *x, int *y);
/* Ticks run so far: 0 before the first, then the number of the last tick. */
RF_API long rf_world_tick_count(const rf_world *w);

/* ---- events: state changes at once, conditions see them next tick ---- */

/* Every event call tells d (when not NULL) what was wrong when it refuses
 * one, as a world-event error naming the call (a room the world does not
 * hold, no such object, an object of another kind), or world-busy from
 * inside a host callback; the status alone is RF_ERR_ARG. */

/* The player entered / left room. RF_ERR_ARG when room is out of range. */
RF_API RF_NODISCARD rf_status rf_world_enter(rf_world *w, size_t room, rf_diags *d);
RF_API RF_NODISCARD rf_status rf_world_exit(rf_world *w, size_t room, rf_diags *d);
/* The player stands at level (x, y) now (no enter/exit implied). */
RF_API RF_NODISCARD rf_status rf_world_move_player(rf_world *w, int x, int y, rf_diags *d);
/* The lever id of room is pulled: its activated state flips, and
 * activated_changed holds next tick. RF_ERR_ARG when room is out of range or
 * id names no lever that scripts would find. */
RF_API RF_NODISCARD rf_status rf_world_pull(rf_world *w, size_t room, const char *id,
                                            rf_diags *d);
/* The breakable id takes n >= 1 hits: event hit; when its hits reach
 * hitsNeededToBreak (at least 1) it breaks: event broken. Hits on a broken
 * breakable change nothing. RF_ERR_ARG as above (no such breakable, n < 1). */
RF_API RF_NODISCARD rf_status rf_world_hit(rf_world *w, size_t room, const char *id, int n,
                                           rf_diags *d);
/* The monster or horde id dies (it is still found, isDead holds). Killing a
 * dead one changes nothing. RF_ERR_ARG as above. */
RF_API RF_NODISCARD rf_status rf_world_kill(rf_world *w, size_t room, const char *id,
                                            rf_diags *d);

/* Events on the object with handle h, wherever it stands, id or not
 * (population monsters, horde members, special-room levers): the calls
 * above find the handle and call these. Pull: a lever (as rf_world_pull).
 * Hit: a breakable takes n >= 1 hits (as rf_world_hit). Break: a breakable
 * takes the hits it still needs (at least one) and breaks: events hit and
 * broken; a broken one changes nothing. Kill: a monster or horde member
 * dies (as rf_world_kill). A horde is dead when all its members are: its
 * leader carries the horde's id, so isDead of that id holds, and died
 * fires for it, when the last member dies; isDead of another member's id
 * means that member; rf_world_object.alive is the object's own life. Move:
 * the object stands at level (x, y) now (the host moved it; no effect, no
 * event; it stays in its world room, its room-local position mapped
 * through that room). RF_OK; RF_ERR_ARG with a world-event diagnostic to d
 * (may be NULL) naming what was wrong: no object has h, the object's type
 * does not take the event, n < 1, a cell beyond +-2^28; RF_ERR_ARG with
 * world-busy inside a host callback; RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_world_pull_obj(rf_world *w, uint64_t h, rf_diags *d);
RF_API RF_NODISCARD rf_status rf_world_hit_obj(rf_world *w, uint64_t h, int n, rf_diags *d);
RF_API RF_NODISCARD rf_status rf_world_break_obj(rf_world *w, uint64_t h, rf_diags *d);
RF_API RF_NODISCARD rf_status rf_world_kill_obj(rf_world *w, uint64_t h, rf_diags *d);
RF_API RF_NODISCARD rf_status rf_world_move_obj(rf_world *w, uint64_t h, int x, int y,
                                                rf_diags *d);

/* Runs one tick. A rule that errs, runs past the tick budget or the memory
 * cap is disabled for good with one diagnostic (script-error, script-budget,
 * script-memory, script-forbidden) naming the room, the script and the file
 * line; the other rules of the tick still run. RF_OK, RF_ERR_SCRIPT when a
 * rule was disabled in this tick (w stays usable), RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_world_tick(rf_world *w, rf_diags *d);

/* ---- effects ---- */

typedef enum rf_effect_kind {
    RF_EFFECT_REMOVE = 0,
    RF_EFFECT_CREATE,
    RF_EFFECT_MOVE,
    RF_EFFECT_SET,
    RF_EFFECT_SPELL,
    RF_EFFECT_TICKER,
    RF_EFFECT_CLOCK_STOPPED,
    RF_EFFECT_CUSTOM, /* a designer's own effect: room:emit(name, values) */
    RF_EFFECT_KIND_COUNT
} rf_effect_kind;

/* "remove", "create", "move", "set", "spell", "ticker", "clock", "custom"
 * (the first word of the effect line); "?" outside the enum. */
RF_API const char *rf_effect_kind_name(rf_effect_kind k);

/* One attribute of an effect: a key and its value as text. */
typedef struct rf_effect_attr {
    const char *key;
    const char *value;
} rf_effect_attr;

/* At most this many attributes on one effect (a rule giving more fails). */
#define RF_EFFECT_MAX_ATTRS 64

/* One effect. Strings and attrs are owned by the world: valid until the log
 * is cleared or w is freed (in a host callback: until the callback returns). */
typedef struct rf_effect {
    long tick;
    rf_effect_kind kind;
    size_t room;          /* the room whose rule (or clock) made it */
    int script;           /* index of the template script that made it; -1 for a clock */
    const char *id;       /* the object's id; NULL for a create without id */
    rf_object_type type;  /* the object's type (CREATE: the created tag) */
    const char *tag;      /* its tag: rf_object_type_name(type), or a game's own
                           * element's name ("fountain") for RF_OBJ_OTHER; NULL when
                           * the effect names no object */
    int x, y;             /* level: CREATE/MOVE the tile, SPELL the source */
    int lx, ly;           /* the same, room-local in the template's own frame */
    int tx, ty;           /* level: SPELL the target */
    int tlx, tly;         /* the same, room-local in the template's own frame */
    const char *property; /* SET: "passable", "started" or "stopped" */
    int value;            /* SET: 0 or 1 */
    const char *text;     /* SPELL: the spell name; TICKER: the text; CUSTOM: its name */
    uint64_t handle;      /* the object's handle (CREATE: the new object's); 0 when the
                           * effect names no object (SPELL, TICKER, CUSTOM) */
    const rf_effect_attr *attrs; /* CREATE: every attribute the script gave the new
                                  * object but id and position (at, x, y) and the
                                  * action's own (action_type, create_type, on), keys
                                  * normalised as template.h's (lower case, no '_');
                                  * CUSTOM: the values table, as text (booleans 1/0).
                                  * Sorted by key (byte order); NULL when none */
    size_t nattrs;
} rf_effect;

/* How a game applies effects in its own world. Any callback may be NULL. */
typedef struct rf_world_host {
    void *ud;
    void (*create)(void *ud, const rf_effect *e);
    void (*remove)(void *ud, const rf_effect *e);
    void (*move)(void *ud, const rf_effect *e);
    void (*set)(void *ud, const rf_effect *e);
    void (*spell)(void *ud, const rf_effect *e);
    void (*ticker)(void *ud, const rf_effect *e);
    void (*clock_stopped)(void *ud, const rf_effect *e);
    void (*custom)(void *ud, const rf_effect *e);
} rf_world_host;

/* Installs host (copied; NULL restores the default host, which only keeps
 * the model). Callbacks run during rf_world_tick and must not call w: a
 * call that would change it (a tick, an event, a save, adding a room) is
 * refused with RF_ERR_ARG and, where it takes a sink, a world-busy
 * diagnostic; rf_world_effects_clear does nothing there. */
RF_API void rf_world_set_host(rf_world *w, const rf_world_host *host);

RF_API size_t rf_world_effect_count(const rf_world *w);
/* The ith effect of the log, oldest first; NULL past the end. */
RF_API const rf_effect *rf_world_effect_at(const rf_world *w, size_t i);
/* Empties the log (a long-running game calls it after reading, or bounds it
 * with rf_world_opts.log_max). */
RF_API void rf_world_effects_clear(rf_world *w);

/* Writes e as the effect line of DESIGN 5, "T3 set gate passable 1", into buf
 * (a custom effect: T3 custom "NAME" KEY="VALUE"..., its attrs in order)
 * (cap bytes with the NUL, truncated to fit), with room-local coordinates (the
 * template's own frame, as scripts and scenarios speak) when local is true and
 * level coordinates otherwise. The form is scenario.h's
 * canonical form: TYPE as rf_object_type_name spells it, strings in double
 * quotes with '"' and '\' escaped and newline/tab as \n and \t, an ID in quotes
 * only when it holds a blank, a quote, a backslash or '#'. Returns the length
 * of the whole line (as snprintf: >= cap means it was truncated). */
RF_API size_t rf_effect_format(const rf_effect *e, bool local, char *buf, size_t cap);

/* ---- save and restore (DESIGN 14; the format: docs/reference.md) ---- */

#define RF_WORLD_SAVE_VERSION 4              /* the format rf_world_save writes; formats
                                             * 1 to 3 (no object attributes, a horde
                                             * leader's death not apart, no room
                                             * variants) load too */
#define RF_WORLD_SAVE_MAX ((size_t)1 << 30)  /* bytes rf_world_load reads at most */
/* A world ticks at most RF_WORLD_TICK_MAX times and gives out handles up to
 * RF_WORLD_HANDLE_MAX (2^53: exact in a double, so in any JSON reader), so
 * every state a world reaches saves and loads again. */
#define RF_WORLD_TICK_MAX (1LL << 53)
#define RF_WORLD_HANDLE_MAX (1LL << 53)

/* Writes w's whole state to out: its rooms (template name, position,
 * orientation, level room, variant), every object (every column, handle,
 * horde), clocks, rule states (fired, disabled), tick, the player, the events given
 * since the last tick, the handle counter, each room's room.state and every
 * script environment's math.random stream. Lua locals are not saved. RF_OK;
 * RF_ERR_CONTENT when a room.state holds something else than numbers,
 * strings, booleans and tables of them without cycles (save-state naming
 * the room; nothing useful is written); RF_ERR_IO (an io-error) when a
 * write or the final flush fails, every one checked; RF_ERR_LIMIT when the
 * save would pass RF_WORLD_SAVE_MAX; RF_ERR_NOMEM. w is unchanged. A save is
 * one header line, "roomforge-world 4 LENGTH CRC32\n", then LENGTH bytes of
 * payload whose zlib crc32 is CRC32 (8 hex digits): it is self-delimiting,
 * so a game may write its own bytes after it in the same file. */
RF_API RF_NODISCARD rf_status rf_world_save(rf_world *w, FILE *out, rf_diags *d);
/* rf_world_save into the file at path, safely: written to a temporary file
 * beside it, flushed to the disk, then renamed over path; on any failure
 * (RF_ERR_IO with an io-error naming path) path is untouched and nothing is
 * left behind. Other statuses as rf_world_save. */
RF_API RF_NODISCARD rf_status rf_world_save_path(rf_world *w, const char *path, rf_diags *d);
/* A world read back from in, as rf_world_save wrote it, reading exactly the
 * save (in is left just after it) and checking its checksum before anything
 * else (format 1 saves, which had none, read to the end of in): made with opts (as
 * the saved world was: the same scripts_dir; budgets and the log may
 * differ), its rooms' templates looked up by name in templates (which must
 * outlive it; a variant drawn again from its template and number), their
 * scripts compiled again (Lua chunks run again, against the saved objects),
 * then the saved state put back, so it ticks on exactly as the saved world
 * would have. RF_OK with *out; RF_ERR_CONTENT
 * with save-version (a later format) or save-damaged (truncated, damaged,
 * not a save, or templates and extensions that are not the saved world's:
 * a room name missing, another number of rules or environments, a variant
 * of a room that does not vary), *out
 * untouched; RF_ERR_IO when in cannot be read (io-error); RF_ERR_NOMEM. A
 * room's script diagnostics are reported again. */
RF_API RF_NODISCARD rf_status rf_world_load(const rf_world_opts *opts,
                                            const rf_template_set *templates, FILE *in,
                                            rf_diags *d, rf_world **out);

/* ---- lint ---- */

/* The condition and action types the world's registries know (built-ins and
 * extensions). Valid until w is freed. */
RF_API const rf_script_types *rf_world_script_types(rf_world *w);

/* What `roomforge lint` adds for scripts: every template of set is checked
 * as in a fresh one-room world (with opts: scripts_dir, budgets): clause
 * types against the registries (unknown-condition, unknown-action at the
 * clause), XML scripts of extension types compiled, Lua chunks run once
 * (script-* at the XML file line, or the src file's line). Extension
 * files of opts->scripts_dir are reported once. RF_OK when nothing was
 * reported, RF_ERR_CONTENT when something was, RF_ERR_NOMEM. */
RF_API RF_NODISCARD rf_status rf_world_lint(const rf_template_set *set, const rf_world_opts *opts,
                                            rf_diags *d);
/* rf_world_lint, and bad[i] (an array of rf_template_set_count(set), may be
 * NULL) set to whether template i had a script left out: an unknown type or
 * a Lua chunk that failed (what content packs leave out, rf_pack_load). */
RF_API RF_NODISCARD rf_status rf_world_lint_rooms(const rf_template_set *set,
                                                  const rf_world_opts *opts, rf_diags *d,
                                                  bool *bad);

RF_END_C
#endif /* RF_WORLD_H */
