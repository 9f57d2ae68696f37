/* roomforge/scenario.h: sim scenarios: event scripts played against one room.
 *
 * Pipeline: sim, after world; a file is parsed once into an immutable
 * rf_scenario, which `roomforge sim` and the tests play against a one-room
 * world, checking its `expect` lines against the effect log.
 * Format: docs/designers.md, "Scenario format".
 */
#ifndef RF_SCENARIO_H
#define RF_SCENARIO_H

#include <stdio.h>

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/world.h" /* rf_world */

RF_BEGIN_C

/* Bounds, checked while parsing so that no scenario can hang sim or exhaust
 * memory: file bytes, bytes per line, commands, ticks over the whole scenario
 * (the sum of every `tick N`), hits in one `hit ID N`. */
#define RF_SCENARIO_MAX_BYTES (4u * 1024u * 1024u)
#define RF_SCENARIO_MAX_LINE 4096
#define RF_SCENARIO_MAX_COMMANDS 100000
#define RF_SCENARIO_MAX_TICKS 1000000L
#define RF_SCENARIO_MAX_HITS 10000
/* Effects one play may log: past it the play stops (scenario-limit), so a
 * rule firing every tick cannot fill memory over RF_SCENARIO_MAX_TICKS ticks. */
#define RF_SCENARIO_MAX_EFFECTS 100000
#define RF_SCENARIO_COORD_MIN (-32768)
#define RF_SCENARIO_COORD_MAX 32767

typedef enum rf_scenario_op {
    RF_SCENARIO_ENTER = 0,
    RF_SCENARIO_EXIT,
    RF_SCENARIO_MOVE,   /* x, y: the player's new position, in the template's frame */
    RF_SCENARIO_PULL,   /* id: a lever */
    RF_SCENARIO_HIT,    /* id, count: a breakable */
    RF_SCENARIO_KILL,   /* id: a monster or horde */
    RF_SCENARIO_TICK,   /* count ticks */
    RF_SCENARIO_EXPECT, /* tick, effect, effect_kind */
    RF_SCENARIO_ROOM,   /* id: the room's name (extension) */
    RF_SCENARIO_OP_COUNT
} rf_scenario_op;

/* The command word of op ("enter", ..., "room"); "?" outside the enum. */
RF_API const char *rf_scenario_op_name(rf_scenario_op op);

typedef struct rf_scenario_cmd {
    rf_scenario_op op;
    int line, col;          /* of the command word */
    const char *id;         /* PULL, HIT, KILL: the object id; ROOM: the name */
    int x, y;               /* MOVE */
    long count;             /* HIT: hits (>= 1); TICK: ticks (>= 1) */
    long tick;              /* EXPECT: the tick it names (>= 1) */
    const char *effect;     /* EXPECT: the effect in canonical form (below) */
    const char *effect_kind; /* EXPECT: "remove", "create", "move", "set", "spell",
                              * "ticker" or "clock" */
} rf_scenario_cmd;

/* The canonical form of an effect, which sim prints and `expect` compares:
 * single spaces between fields, integers in plain decimal, coordinates as X,Y,
 * TYPE spelt as rf_object_type_name() spells it, strings in double quotes with
 * '"' and '\' escaped by '\' and newline and tab written \n and \t, and an ID
 * in quotes only when it holds a blank, a quote, a backslash or '#'. */

typedef struct rf_scenario rf_scenario; /* opaque, immutable once loaded */

/* Parses a scenario from memory; name is the file name diagnostics carry.
 * Every malformed line is one diagnostic at its line and column (codes
 * scenario-syntax, scenario-limit), and parsing goes on to report the rest.
 * Events after the last tick are never seen by the rules: a scenario-unticked
 * warning. RF_OK with *out set when no error was reported; RF_ERR_CONTENT,
 * RF_ERR_NOMEM otherwise (*out untouched). The caller frees *out. */
RF_API RF_NODISCARD rf_status rf_scenario_load_buffer(const char *name, const char *buf,
                                                      size_t len, rf_diags *d,
                                                      rf_scenario **out);
/* The same from a file: RF_ERR_IO (with an io-error diagnostic at line 0) when
 * path cannot be read or is a directory. */
RF_API RF_NODISCARD rf_status rf_scenario_load_file(const char *path, rf_diags *d,
                                                    rf_scenario **out);
RF_API void rf_scenario_free(rf_scenario *s);

/* The file name diagnostics carry; valid until s is freed. */
RF_API const char *rf_scenario_file(const rf_scenario *s);
RF_API size_t rf_scenario_count(const rf_scenario *s);
/* The ith command in file order; valid until s is freed; NULL past the end. */
RF_API const rf_scenario_cmd *rf_scenario_at(const rf_scenario *s, size_t i);
/* The room a `room NAME` line names, or NULL. */
RF_API const char *rf_scenario_room(const rf_scenario *s);
/* The number of ticks the scenario plays (the sum of its `tick` counts). */
RF_API long rf_scenario_ticks(const rf_scenario *s);

/* Parses one effect (without its T prefix) into its canonical form, written
 * into buf (cap bytes with the NUL) and its kind (as effect_kind above) into
 * *kind. 0 on success; otherwise the 1-based character column in text where
 * it stops making sense, with a short reason in *why (static storage). A
 * canonical form longer than cap is refused at column 1. */
RF_API int rf_scenario_effect_parse(const char *text, char *buf, size_t cap,
                                    const char **kind, const char **why);

/* ---- playing a scenario (scenario_run.c) ---- */

typedef struct rf_scenario_result rf_scenario_result; /* opaque */

typedef enum rf_scenario_format { RF_SCENARIO_TEXT = 0, RF_SCENARIO_JSON } rf_scenario_format;

/* Plays s against room of w. First the player is put on the template's 0,0
 * (rf_world_move_player at that cell's level position, through the room's
 * orientation), so every play starts on the same cell of its room whatever
 * the world did before; `roomforge sim` and pack:sim rely on it. Then the
 * commands, in file order: each event calls the world's event function
 * (`move X Y` in the room's template frame, mapped to the level through its
 * orientation), `tick N` runs N ticks, `room` and `expect` play nothing.
 * An event naming an object the room does not hold at that point, or one of
 * the wrong kind (pull needs a lever, hit a breakable, kill a monster or
 * horde), is a scenario-object error at its line; the event is skipped and
 * the play goes on. A play that logs more than RF_SCENARIO_MAX_EFFECTS effects
 * stops after that tick with a scenario-limit error at the tick's line. Rule
 * failures are reported by the world (script-*) and the play goes on.
 * Afterwards each `expect` is matched against the effects this play added to
 * w's log: same tick (the world's numbering), same canonical text, each
 * effect meeting at most one expect; an unmet one is an expect-failed error at
 * its line. RF_OK with *out set (with RF_ERR_CONTENT and RF_ERR_SCRIPT *out is
 * set too, the diagnostics say what went wrong); RF_ERR_NOMEM or RF_ERR_ARG
 * (*out untouched; after RF_ERR_NOMEM the player may stand on the start).
 * The result borrows s and w: free it before them. */
RF_API RF_NODISCARD rf_status rf_scenario_play(const rf_scenario *s, rf_world *w, size_t room,
                                               rf_diags *d, rf_scenario_result **out);
RF_API void rf_scenario_result_free(rf_scenario_result *r);
/* What the writers print effect coordinates in: RF_COORDS_TEMPLATE (the
 * default: the template's own frame, as expect lines are matched whatever
 * the room's orientation), RF_COORDS_ROOM (the turned room's own box) or
 * RF_COORDS_LEVEL. */
RF_API void rf_scenario_result_set_coords(rf_scenario_result *r, rf_coords c);
/* How many expect lines failed. */
RF_API size_t rf_scenario_result_failed(const rf_scenario_result *r);
/* Whether the expect at command index i was met (false for other commands). */
RF_API bool rf_scenario_result_met(const rf_scenario_result *r, size_t i);
/* The effects of this play: a range [*from, *to) of w's effect log. */
RF_API void rf_scenario_result_effects(const rf_scenario_result *r, size_t *from, size_t *to);
/* The name of the room the play ran against; valid while its world lives. */
RF_API const char *rf_scenario_result_room(const rf_scenario_result *r);

/* Writes the play. Text: one effect a line, "T<tick> <effect>" (room-local,
 * in the coordinates rf_scenario_result_set_coords chose).
 * JSON, one object:
 *   {"scenario":FILE,"room":NAME,"ticks":N,
 *    "effects":[{"tick","kind","effect", plus by kind: remove {"id"}, create
 *                {"type","id","x","y"}, move {"id","x","y"}, set {"id",
 *                "property","value"}, spell {"name","from":[x,y],"to":[x,y]},
 *                ticker {"text"}, clock {"id"}}],
 *    "expects":[{"line","tick","effect","met"}],"failed":N}
 * where "effect" is the effect's canonical text without its T prefix.
 * RF_ERR_IO when out fails. */
RF_API RF_NODISCARD rf_status rf_scenario_result_write(const rf_scenario_result *r, FILE *out,
                                                       rf_scenario_format fmt);
/* The JSON entry of a scenario file that did not play (it did not load, or
 * its room is unknown): {"scenario":"PATH","played":false}, so a list of
 * results stays well-formed. RF_ERR_IO when out fails. */
RF_API RF_NODISCARD rf_status rf_scenario_write_unplayed(const char *path, FILE *out);

/* ---- a JUnit XML report of many plays (scenario_junit.c) ---- */

typedef struct rf_scenario_junit rf_scenario_junit; /* opaque */

/* An empty report, or NULL when memory runs out. The caller frees it. */
RF_API RF_NODISCARD rf_scenario_junit *rf_scenario_junit_new(void);
RF_API void rf_scenario_junit_free(rf_scenario_junit *j);
/* Adds the test case of the scenario file at path: r is its play (NULL when
 * it did not play: it did not load, or its room is unknown) and d the
 * diagnostics of that file alone. It passes when it played with every expect
 * met and no error; unmet expects are a <failure> (type expect-failed, the
 * first one's file:line and message); a file that did not play or whose
 * room's scripts failed is an <error> (type: the first error's code). The
 * case's body holds d in gcc format, its <system-out> the effect lines. The
 * report copies what it needs: r and d may be freed after. RF_OK,
 * RF_ERR_NOMEM or RF_ERR_ARG. */
RF_API RF_NODISCARD rf_status rf_scenario_junit_add(rf_scenario_junit *j, const char *path,
                                                    const rf_scenario_result *r,
                                                    const rf_diags *d);
/* Writes <testsuites><testsuite name="roomforge sim" tests failures errors>
 * with one <testcase classname=ROOM name=FILE file=FILE> per file added, in
 * order; text that XML cannot hold (control bytes, invalid UTF-8) becomes
 * '?'. RF_ERR_IO when out fails. */
RF_API RF_NODISCARD rf_status rf_scenario_junit_write(const rf_scenario_junit *j, FILE *out);

RF_END_C
#endif /* RF_SCENARIO_H */
