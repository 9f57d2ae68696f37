/* roomforge/dig.h: what every digger hands on: the room records of a layout.
 *
 * Pipeline: dig -> place -> passes -> populate. A digger writes terrain into an
 * rf_grid (grid.h) and appends one rf_room_rec per room it made; the grid's
 * room layer holds the record's id on the room's floor tiles. Ids start at 1,
 * in the order rooms were dug. Coordinates are level coordinates, 0-based.
 */
#ifndef RF_DIG_H
#define RF_DIG_H

#include "roomforge/common.h"

RF_BEGIN_C

typedef enum rf_room_kind {
    RF_ROOM_RECT = 0, /* a plain rectangle */
    RF_ROOM_CROSS,    /* two overlapping rectangles (Brogue) */
    RF_ROOM_CAVE,     /* a cellular-automaton blob */
    RF_ROOM_CORRIDOR, /* a corridor recorded as a room (for loop distance) */
    RF_ROOM_VAULT,    /* NetHack's 2x2 vault, DoomRL vaults */
    RF_ROOM_CRAWLED,  /* a DungeonMaker rooms-file room */
    RF_ROOM_TEMPLATE, /* a placed rooms.xml template */
    RF_ROOM_KIND_COUNT
} rf_room_kind;

/* What population keeps out of a room (a placed template's flags). */
enum {
    RF_KEEP_MONSTERS = 1, /* noMonsters */
    RF_KEEP_TRAPS = 2,    /* noTraps */
    RF_KEEP_TREASURE = 4, /* noTreasure */
    RF_KEEP_BLOCKERS = 8  /* noBlockers */
};

struct rf_template;

typedef struct rf_room_rec {
    int id;            /* >= 1 */
    rf_room_kind kind;
    int x, y, w, h;    /* bounding box including the room's walls */
    bool lit;          /* NetHack lighting; true elsewhere */
    bool locked;       /* unreachable by design (locked vault) */
    const struct rf_template *tmpl; /* RF_ROOM_TEMPLATE: the template placed
                                     * (owned by its set, which outlives the
                                     * level); NULL otherwise */
    unsigned keep_out; /* RF_KEEP_* bits */
    int orient;        /* RF_ROOM_TEMPLATE: the orientation 0-7 it was placed in
                        * (DESIGN 12: orient % 4 quarter turns clockwise, >= 4
                        * mirrored left to right first); 0 otherwise */
    bool forced;       /* RF_ROOM_TEMPLATE: placed because the level had to
                        * hold it (rf_level_opts.rooms, gen --room) */
} rf_room_rec;

/* A growable list of room records the caller owns (init/fini). */
typedef struct rf_room_list {
    rf_room_rec *items;
    size_t n, cap;
} rf_room_list;

RF_API void rf_room_list_init(rf_room_list *l);
RF_API void rf_room_list_fini(rf_room_list *l);
/* Appends r with id = n + 1 (r->id is ignored) and returns that id, or 0 when
 * memory runs out (the list is then unchanged). */
RF_API RF_NODISCARD int rf_room_list_add(rf_room_list *l, const rf_room_rec *r);
RF_API const char *rf_room_kind_name(rf_room_kind k); /* "rect", "cross", ... */

RF_END_C
#endif /* RF_DIG_H */
