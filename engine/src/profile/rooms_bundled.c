/* engine/src/profile/rooms_bundled.c: the rooms-files roomforge ships,
 * compiled in.
 *
 * Pipeline: profile; the dig_crawl step reads one when no rooms-file is given.
 * Design: byte copies of content/dungeonmaker/roomsN.txt; test_rooms_file
 * compares them with the files.
 * Seeds: shared/seeds/dungeonmaker-rooms-file.txt.
 */
#include <string.h>

#include "roomforge/rooms_file.h"

static const char rooms1[] =
    "Dungeon dimensions - dimX = 100; dimY = 100.\n"
    "numRooms < 5; numOpen < 1; numClosed < 40; numColumns < 5; numCrawlers < 3.\n"
    "div: 12; Xdiv: 6; Ydiv: 6; width: 6; lTC: 23; tC: 0; rTC: 0; rC: 1; rBC: 0; bC: 1; "
    "lBC: 0; lC: 0; style: 1; delay: 5\n"
    "div: 0; Xdiv: 0; Ydiv: 0; width: 0; lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; "
    "lBC: 0; lC: 0; style: 0; delay: 0\n"
    "Open square at ( 70 , 70 )\n"
    "Open square at ( 0 , 0 )\n"
    "Wall tile at ( 47 , 58 )\n"
    "Wall tile at ( 47 , 59 )\n"
    "Wall tile at ( 0 , 0 )\n"
    "Column at ( 10 , 10 )\n"
    "Column at ( 13 , 10 )\n"
    "Column at ( 0 , 0 )\n"
    "A Crawler starts at (x , y) = (99 , 50)\n"
    "and this crawler will head in direction 14 with delay 0 and termination 1.\n"
    "A Crawler starts at (x , y) = (0 , 0)\n"
    "Outside walls sports 0 protuberances.\n";

static const char rooms2[] =
    "Dungeon dimensions - dimX = 60; dimY = 120.\n"
    "numRooms < 8; numOpen < 4; numClosed < 10; numColumns < 10; numCrawlers < 8.\n"
    "div: 4; Xdiv: 2; Ydiv: 2; width: 7; lTC: 0; tC: 1; rTC: 0; rC: 1; rBC: 0; bC: 1; "
    "lBC: 0; lC: 1; style: 8721; delay: 0\n"
    "div: 4; Xdiv: 1; Ydiv: 1; width: 4; lTC: 13; tC: 0; rTC: 1; rC: 0; rBC: 43; bC: 1; "
    "lBC: 1; lC: 0; style: 2051; delay: 3\n"
    "div: 4; Xdiv: 3; Ydiv: 3; width: 4; lTC: 1; tC: 0; rTC: 23; rC: 1; rBC: 1; bC: 0; "
    "lBC: 33; lC: 1; style: 4133; delay: 3\n"
    "div: 8; Xdiv: 6; Ydiv: 1; width: 3; lTC: 0; tC: 1; rTC: 0; rC: 3; rBC: 0; bC: 0; "
    "lBC: 0; lC: 0; style: 1; delay: 10\n"
    "div: 8; Xdiv: 2; Ydiv: 7; width: 3; lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 1; "
    "lBC: 0; lC: 3; style: 1089; delay: 10\n"
    "div: 0; Xdiv: 0; Ydiv: 0; width: 0; lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; "
    "lBC: 0; lC: 0; style: 0; delay: 0\n"
    "Open square at ( 30 , 4 )\n"
    "Open square at ( 30 , 115 )\n"
    "Open square at ( 0 , 0 )\n"
    "Wall tile at ( 29 , 30 )\n"
    "Wall tile at ( 30 , 30 )\n"
    "Wall tile at ( 31 , 30 )\n"
    "Wall tile at ( 0 , 0 )\n"
    "Column at ( 6 , 58 )\n"
    "Column at ( 6 , 62 )\n"
    "Column at ( 54 , 58 )\n"
    "Column at ( 54 , 62 )\n"
    "Column at ( 0 , 0 )\n"
    "A Crawler starts at (x , y) = (0 , 40)\n"
    "and this crawler will head in direction 22 with delay 2 and termination 3.\n"
    "A Crawler starts at (x , y) = (59 , 80)\n"
    "and this crawler will head in direction 4 with delay 2 and termination 4.\n"
    "A Crawler starts at (x , y) = (20 , 119)\n"
    "and this crawler will head in direction 53 with delay 10 and termination 1.\n"
    "A Crawler starts at (x , y) = (40 , 0)\n"
    "and this crawler will head in direction 11 with delay 10 and termination 1.\n"
    "A Crawler starts at (x , y) = (0 , 0)\n"
    "Outside walls sports 12 protuberances.\n";

static const char rooms3[] =
    "Dungeon dimensions - dimX = 50; dimY = 80.\n"
    "numRooms < 6; numOpen < 2; numClosed < 2; numColumns < 2; numCrawlers < 6.\n"
    "div: 6; Xdiv: 3; Ydiv: 3; width: 5; lTC: 0; tC: 1; rTC: 0; rC: 1; rBC: 0; bC: 1; "
    "lBC: 0; lC: 1; style: 1433; delay: 0\n"
    "div: 6; Xdiv: 1; Ydiv: 1; width: 3; lTC: 0; tC: 0; rTC: 0; rC: 1; rBC: 0; bC: 1; "
    "lBC: 0; lC: 0; style: 1; delay: 1\n"
    "div: 6; Xdiv: 5; Ydiv: 5; width: 3; lTC: 0; tC: 1; rTC: 0; rC: 0; rBC: 0; bC: 0; "
    "lBC: 0; lC: 1; style: 1; delay: 1\n"
    "div: 6; Xdiv: 1; Ydiv: 5; width: 2; lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; "
    "lBC: 0; lC: 0; style: 0; delay: 0\n"
    "div: 0; Xdiv: 0; Ydiv: 0; width: 0; lTC: 0; tC: 0; rTC: 0; rC: 0; rBC: 0; bC: 0; "
    "lBC: 0; lC: 0; style: 0; delay: 0\n"
    "Open square at ( 40 , 10 )\n"
    "Open square at ( 0 , 0 )\n"
    "Wall tile at ( 0 , 0 )\n"
    "Column at ( 0 , 0 )\n"
    "A Crawler starts at (x , y) = (0 , 20)\n"
    "and this crawler will head in direction 52 with delay 0 and termination 1.\n"
    "A Crawler starts at (x , y) = (49 , 60)\n"
    "and this crawler will head in direction 54 with delay 0 and termination 1.\n"
    "A Crawler starts at (x , y) = (25 , 0)\n"
    "and this crawler will head in direction 41 with delay 10 and termination 3.\n"
    "A Crawler starts at (x , y) = (25 , 79)\n"
    "and this crawler will head in direction 43 with delay 10 and termination 4.\n"
    "A Crawler starts at (x , y) = (0 , 0)\n"
    "Outside walls sports 6 protuberances.\n";

static const char *const bundled[RF_ROOMS_FILE_BUNDLED] = {rooms1, rooms2, rooms3};
static const size_t sizes[RF_ROOMS_FILE_BUNDLED] = {sizeof rooms1 - 1, sizeof rooms2 - 1,
                                                    sizeof rooms3 - 1};

const char *rf_rooms_file_bundled(int n, size_t *len)
{
    if (n < 1 || n > RF_ROOMS_FILE_BUNDLED)
        return NULL;
    if (len)
        *len = sizes[n - 1];
    return bundled[n - 1];
}
