/* roomforge/dig_crawl.h: DungeonMaker's wall crawlers driven by a rooms-file.
 *
 * Pipeline: dig; reads an rf_rooms_file (rooms_file.h), writes DESIGN 6 glyphs
 * and one RF_ROOM_CRAWLED record per room. The file's x is the grid's row y.
 * Same file, grid size, params and rng state: same bytes.
 * Seeds: shared/seeds/dungeonmaker-rooms-file.txt.
 */
#ifndef RF_DIG_CRAWL_H
#define RF_DIG_CRAWL_H

#include "roomforge/common.h"
#include "roomforge/dig.h"
#include "roomforge/grid.h"
#include "roomforge/rng.h"
#include "roomforge/rooms_file.h"

RF_BEGIN_C

#define RF_CRAWL_GENERATION 100 /* iterations per generation (seed) */
#define RF_CRAWL_MAX_CRAWLERS 100000

typedef struct rf_crawl_params {
    int generations;   /* crawler generations after the first, 0..20; default 3 */
    int lifetime;      /* steps a crawler lives once awake; default 100 (one generation) */
    int spawn_chance;  /* percent per built tile of a child crawler for the next
                          generation; default 6 */
    int turn_chance;   /* percent per step of picking another legal Forward; default 20 */
    int child_closed;  /* percent of child crawlers with closed endings; default 0 */
    /* w*h cells kept open floor (a box reserved for a forced room: 1, the ring
     * of one tile around it: 2), or NULL (the default): no crawler, wall or
     * column goes there, a rooms-file room that meets them is not built, and
     * the connectivity repair neither joins nor carves a box. Borrowed. */
    const uint8_t *keep_out;
} rf_crawl_params;

void rf_crawl_params_init(rf_crawl_params *p);

typedef struct rf_crawl_stats {
    size_t crawlers;     /* crawlers run, children included */
    size_t walls;        /* wall tiles crawlers built */
    size_t joins;        /* closed endings that joined a wall */
    size_t regions;      /* walkable regions found before repair */
    size_t repairs;      /* regions joined by the repair (regions - 1 when > 0) */
} rf_crawl_stats;

/* Digs g (any size from 10 x 10; its old content is replaced) from rf.
 * Rooms are square, centred on their division point, width counted from the
 * centre; corner and centre parameters, every style bit and delays (dormant
 * ages of -10 * delay) as the seed writes them. Closed crawlers that join two
 * walls can cut the dungeon; disconnected walkable regions are then joined
 * by carved passages (a door where a wall is cut), counted in stats (may be
 * NULL). RF_ERR_ARG for bad arguments, RF_ERR_NOMEM. */
RF_NODISCARD rf_status rf_dig_crawl(rf_grid *g, rf_room_list *rooms, rf_rng *rng,
                                           const rf_rooms_file *rf, const rf_crawl_params *p,
                                           rf_crawl_stats *stats);

RF_END_C
#endif /* RF_DIG_CRAWL_H */
