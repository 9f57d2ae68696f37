/* roomforge/placed.h: the objects a generated level holds.
 *
 * Pipeline: written by place, special and populate; read by the level's
 * writers and the world. A placed object copies its strings.
 */
#ifndef RF_PLACED_H
#define RF_PLACED_H

#include <stddef.h>

#include "roomforge/common.h"

RF_BEGIN_C

#define RF_PLACED_TYPE_MAX 64 /* with the NUL: longer tags of unknown objects are refused */
#define RF_PLACED_NAME_MAX 128 /* bytes with the NUL: the loaders refuse longer names
                                * and ids (bad-value), so none is ever cut */

typedef struct rf_placed {
    char type[RF_PLACED_TYPE_MAX]; /* "monster", "item", "lever", "teleporter", ... */
    char id[RF_PLACED_NAME_MAX];   /* a template object's id, else "" */
    char name[RF_PLACED_NAME_MAX]; /* "lost soul", "10mm ammo", "floods with acid" */
    int x, y;                      /* level coordinates */
    int room;                      /* room record id, 0 outside rooms */
    int count;                     /* stack size (ammo), 1 otherwise */
    int charges;                   /* lever charges, 0 otherwise */
    int quality;                   /* item or monster level the pass rolled, 0 if none */
    bool global;                   /* a lever that affects the whole level */
    bool key;                      /* the key lever of a locked vault (indestructible) */
    int horde;                     /* population or a template <horde>: the level's
                                    * horde number (from 1) a monster belongs to, shared
                                    * by its allies; 0 if none */
    bool leader;                   /* the leader of its horde (a template horde's first) */
    bool asleep;                   /* population: spawned asleep */
    bool captive;                  /* a captive horde's leader: shackled, its horde's
                                    * members its captors (horde.h) */
    int machine;                   /* the level machine (DESIGN 17) it is a feature of:
                                    * rf_level_machine_at's index + 1; 0 if none */
    unsigned feature;              /* that feature's rf_feature_flag bits (machines.h) */
    int source;                    /* 1 + the index of the template object (of its room's
                                    * template) it was made from: the object itself, a
                                    * template horde's leader and members, a trap; 0 for
                                    * everything else (decorations, launchers, shops,
                                    * zoos, specials, population) */
} rf_placed;

/* A growable list the caller owns (init/fini). */
typedef struct rf_placed_list {
    rf_placed *items;
    size_t n, cap;
} rf_placed_list;

RF_API void rf_placed_list_init(rf_placed_list *l);
RF_API void rf_placed_list_fini(rf_placed_list *l);
/* Appends a copy of p (its strings fit their fields: the loaders refuse longer
 * ones, and rf_placed_init's callers pass only those). NULL when
 * memory runs out (the list is then unchanged), else the stored copy. */
RF_API RF_NODISCARD rf_placed *rf_placed_list_add(rf_placed_list *l, const rf_placed *p);
/* Fills p with type and name (cut to fit), position and room, count 1. */
RF_API void rf_placed_init(rf_placed *p, const char *type, const char *name, int x, int y,
                           int room);
/* True when some object of l stands on (x, y). */
RF_API bool rf_placed_list_has_at(const rf_placed_list *l, int x, int y);

RF_END_C

#endif /* RF_PLACED_H */
