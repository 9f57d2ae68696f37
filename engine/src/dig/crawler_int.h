/* engine/src/dig/crawler_int.h: the wall crawler engine behind dig_crawl.c.
 *
 * Pipeline: dig (DungeonMaker); dig_crawl.c queues the first generation and
 * calls rf_crawl_run, crawler.c moves them. Headings are compass indices 0..7
 * clockwise from North, -1 for "no preference".
 */
#ifndef RF_CRAWLER_INT_H
#define RF_CRAWLER_INT_H

#include "grid/seam.h"
#include "dig/seam.h"

enum { RF_HEAD_N = 0, RF_HEAD_E = 2, RF_HEAD_S = 4, RF_HEAD_W = 6, RF_HEAD_NONE = -1 };

typedef struct rf_crawler {
    int x, y;
    int fwd;     /* Forward: a cardinal heading */
    int dir;     /* Direction: any heading or RF_HEAD_NONE */
    int wake;    /* iteration it wakes at (its dormant age is iteration - wake) */
    int steps;   /* steps taken awake */
    int gen;     /* generation, 0 for rooms-file crawlers */
    bool closed; /* joins a wall when its run ends blocked */
    bool alive;
} rf_crawler;

typedef struct rf_crawl_world {
    rf_grid *g;
    uint8_t *keep; /* w*h; 1 = guaranteed open: never becomes wall */
    const uint8_t *reserved; /* w*h or NULL: boxes and rings of forced rooms */
    rf_crawler *c;
    size_t n, cap;
    const rf_crawl_params *p;
    rf_rng *rng;
    rf_crawl_stats *stats;
} rf_crawl_world;

/* The x and y step of heading h (0..7). */
int rf_head_dx(int h);
int rf_head_dy(int h);
/* Queues a crawler (alive); false when memory runs out. Past
 * RF_CRAWL_MAX_CRAWLERS crawlers it is dropped and true returned. */
bool rf_crawler_add(rf_crawl_world *w, const rf_crawler *c);
/* True when a crawler at (x, y) may build a wall one step along cardinal f:
 * the target is unkept floor inside the border and the five tiles around it
 * that do not touch (x, y) are floor, so walls never meet (they grow as trees
 * and cannot close a region) and never block a door. */
bool rf_crawl_can_build(const rf_crawl_world *w, int x, int y, int f);
/* Runs every crawler to its end, iteration by iteration in queue order.
 * RF_ERR_NOMEM when a child cannot be queued. */
rf_status rf_crawl_run(rf_crawl_world *w);

#endif /* RF_CRAWLER_INT_H */
