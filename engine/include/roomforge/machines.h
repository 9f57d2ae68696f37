/* roomforge/machines.h: machines.xml, Brogue's machine blueprints as data.
 *
 * Pipeline: load reads a pack's machines.xml into an rf_machines catalogue
 * (DESIGN 17), immutable once loaded; lint checks it; the machine placer (a
 * later stage) reads blueprints, their features and their scripts from it.
 * Format and codes: docs/modders.md "Machines".
 */
#ifndef RF_MACHINES_H
#define RF_MACHINES_H

#include "roomforge/common.h"
#include "roomforge/diag.h"
#include "roomforge/template.h" /* rf_script: a blueprint's play-time rules */

RF_BEGIN_C

/* Bounds checked while loading (DESIGN 8). */
#define RF_MACHINES_MAX_BLUEPRINTS 4096 /* per catalogue */
#define RF_MACHINES_MAX_FEATURES 256    /* per blueprint */
#define RF_MACHINES_MAX_DEPTH 999       /* depth="A-B": 1..this */
#define RF_MACHINES_MAX_SIZE 65025      /* size="MIN-MAX" interior cells: 255 x 255 */
#define RF_MACHINES_MAX_COUNT 255       /* a feature's count="A-B": 0..this */
#define RF_MACHINES_MAX_FREQUENCY 10000 /* frequency="N": 0..this */

typedef enum rf_machine_kind {
    RF_MACHINE_REWARD = 0, /* kind="reward": a treasure reward room */
    RF_MACHINE_KEY_HOLDER, /* kind="key-holder": where a treasure machine's key lies */
    RF_MACHINE_AUTO        /* kind="auto": an autogenerator (terrain or self-building) */
} rf_machine_kind;

typedef enum rf_machine_room {
    RF_MACHINE_ROOM_ANY = 0,    /* room="any": any room of the right size */
    RF_MACHINE_ROOM_DEAD_END,   /* room="dead-end": a room with one way in */
    RF_MACHINE_ROOM_CHOKEPOINT, /* room="chokepoint": the area behind a chokepoint */
    RF_MACHINE_ROOM_NONE        /* room="none": an area, no room (autogenerators) */
} rf_machine_room;

/* A feature's flags, as bits (DESIGN 17). */
typedef enum rf_feature_flag {
    RF_FEATURE_IN_ROOM = 1u << 0,             /* in-room: inside the machine's room */
    RF_FEATURE_ON_ALTAR = 1u << 1,            /* on-altar: stands on an altar */
    RF_FEATURE_IN_CAGE = 1u << 2,             /* in-cage: locked in a cage the key opens */
    RF_FEATURE_FAR_FROM_DOOR = 1u << 3,       /* far-from-door: far from the entrance */
    RF_FEATURE_GUARDS = 1u << 4,              /* guards: a monster that guards the machine */
    RF_FEATURE_SPAWN_HORDE = 1u << 5,         /* spawn-horde: a horde spawns at it */
    RF_FEATURE_KEY = 1u << 6,                 /* key: the machine's key */
    RF_FEATURE_NOT_IN_VIEW_OF_DOOR = 1u << 7 /* not-in-view-of-door: unseen from the door */
} rf_feature_flag;

typedef struct rf_machines rf_machines;   /* opaque: the catalogue */
typedef struct rf_blueprint rf_blueprint; /* opaque: one <blueprint> */
typedef struct rf_feature rf_feature;     /* opaque: one <feature> */

/* An empty catalogue, or NULL when memory runs out. The caller frees it. */
RF_API RF_NODISCARD rf_machines *rf_machines_new(void);
/* Frees m and all it owns; m may be NULL. */
RF_API void rf_machines_free(rf_machines *m);

/* Adds the blueprints of the machines.xml at path (or of len bytes at buf,
 * diagnostics naming it name) to m, in file order, every problem reported to
 * d (may be NULL) at file:line:col with its code. A blueprint with an error
 * is left out, the others kept. RF_OK; RF_ERR_CONTENT when an error was
 * reported; RF_ERR_IO (io-error, file-changed) when the file cannot be read;
 * RF_ERR_NOMEM; RF_ERR_ARG for a NULL m or path. */
RF_API RF_NODISCARD rf_status rf_machines_load_file(rf_machines *m, const char *path, rf_diags *d);
RF_API RF_NODISCARD rf_status rf_machines_load_buffer(rf_machines *m, const char *name,
                                                      const char *buf, size_t len, rf_diags *d);

/* The blueprints loaded, in load order; rf_machines_at is NULL past the end,
 * rf_machines_find NULL when no blueprint has that name (ignoring case).
 * Blueprints are valid until m is freed. */
RF_API size_t rf_machines_count(const rf_machines *m);
RF_API const rf_blueprint *rf_machines_at(const rf_machines *m, size_t i);
RF_API const rf_blueprint *rf_machines_find(const rf_machines *m, const char *name);

/* "reward", "key-holder", "auto"; "?" outside the enum. */
RF_API const char *rf_machine_kind_name(rf_machine_kind k);
/* "any", "dead-end", "chokepoint", "none"; "?" outside the enum. */
RF_API const char *rf_machine_room_name(rf_machine_room r);
/* "in-room", ... for one flag bit; NULL for anything else. */
RF_API const char *rf_feature_flag_name(unsigned flag);
/* The names of the flag bits set in flags, in bit order, into out (at most
 * cap of them); returns how many flags holds (out may be NULL with cap 0). */
RF_API size_t rf_feature_flag_names(unsigned flags, const char **out, size_t cap);

/* A blueprint's fields. Depths are 1-based (DESIGN 3), both ends included;
 * size is the room's interior cells, 0 and RF_MACHINES_MAX_SIZE when the
 * blueprint gives none. file and line (of <blueprint>) for diagnostics. */
RF_API const char *rf_blueprint_name(const rf_blueprint *b);
RF_API rf_machine_kind rf_blueprint_kind(const rf_blueprint *b);
RF_API void rf_blueprint_depths(const rf_blueprint *b, int *lo, int *hi);
RF_API int rf_blueprint_frequency(const rf_blueprint *b);
RF_API rf_machine_room rf_blueprint_room(const rf_blueprint *b);
RF_API void rf_blueprint_size(const rf_blueprint *b, int *min, int *max);
RF_API const char *rf_blueprint_file(const rf_blueprint *b, int *line);
/* Whether depth lies in the blueprint's range and its frequency is not 0:
 * the first question a placer asks. */
RF_API bool rf_blueprint_is_at_depth(const rf_blueprint *b, int depth);

/* Its features in file order (NULL past the end). */
RF_API size_t rf_blueprint_feature_count(const rf_blueprint *b);
RF_API const rf_feature *rf_blueprint_feature_at(const rf_blueprint *b, size_t i);
/* Its play-time rules (<script>, as a room's: XML clauses or Lua), in file
 * order; NULL past the end. */
RF_API size_t rf_blueprint_script_count(const rf_blueprint *b);
RF_API const rf_script *rf_blueprint_script_at(const rf_blueprint *b, size_t i);

/* A feature is a terrain (a DESIGN 6 glyph, rf_feature_terrain not '\0')
 * or an object (a type name, rf_feature_object not NULL), never both. */
RF_API char rf_feature_terrain(const rf_feature *f);
RF_API const char *rf_feature_object(const rf_feature *f);
/* How many to place, lo..hi (count="N" or "A-B", default 1). */
RF_API void rf_feature_counts(const rf_feature *f, int *lo, int *hi);
/* Its rf_feature_flag bits; line and col of its <feature>. */
RF_API unsigned rf_feature_flags(const rf_feature *f);
RF_API bool rf_feature_has_flag(const rf_feature *f, rf_feature_flag flag);
RF_API int rf_feature_line(const rf_feature *f, int *col);

/* One machine the level holds (DESIGN 17): a treasure machine's reward room
 * or key holder, or an autogenerator's features. */
typedef struct rf_level_machine {
    int id;                /* from 1, in the order placed: rf_placed.machine */
    const char *blueprint; /* its blueprint's name (the level's copy) */
    rf_machine_kind kind;
    int treasure;          /* the treasure machine (from 1) a reward room and its
                            * key holder share; 0 for an autogenerator */
    int room;              /* the level room it took (rf_level_room_at's id), 0: none */
    const int *cells;      /* ncells x, y pairs in level coordinates, row order */
    size_t ncells;
    const size_t *objects; /* nobjects level object indices (rf_level_object_at) */
    size_t nobjects;
} rf_level_machine;

/* What a feature's object is at play time (DESIGN 17), one rule for the
 * placer, the world and sim: "monster" for a feature that guards, "lever"
 * for the key (taking it pulls it), else "machine"; NULL for a terrain
 * feature. */
RF_API const char *rf_feature_object_type(const rf_feature *f);
/* The id of the (nth + 1)-th object called name in one machine group (a
 * treasure machine's key holder and reward, or an autogenerator): name,
 * then name-2, name-3, ... (cut to cap bytes with the NUL). Its rules name
 * its objects by these ids; a reward room's vault doors are "vault-door". */
RF_API void rf_machine_object_id(char *out, size_t cap, const char *name, size_t nth);
#define RF_MACHINE_VAULT_DOOR "vault-door" /* the object on a reward room's doors */

/* How many treasure machines the level at depth of seed's run holds
 * (DESIGN 17, seed lines 81-100): at depths 3, 7, 11, 15, 19 and 23 one is
 * due while fewer than that depth's share (1 at 3, ... 6 at 23) were made;
 * each one made brings another with 20% (at most 6 at a depth), and the
 * ones made ahead are caught up with later. From the run's own stream
 * "treasure" over depths 1..depth: the same for every start of the run. */
RF_API int rf_machines_treasure_count(uint64_t seed, int depth);

RF_END_C
#endif /* RF_MACHINES_H */
