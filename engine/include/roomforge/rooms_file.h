/* roomforge/rooms_file.h: DungeonMaker rooms-files: load, query, free.
 *
 * Pipeline: profile -> dig (dig_crawl.h). The format is the seed's, line for
 * line, axes kept (x top to bottom); a malformed line is a rooms-file-*
 * diagnostic with line and column, never a crash.
 * Seeds: shared/seeds/dungeonmaker-rooms-file.txt.
 */
#ifndef RF_ROOMS_FILE_H
#define RF_ROOMS_FILE_H

#include "roomforge/common.h"
#include "roomforge/diag.h"

RF_BEGIN_C

typedef struct rf_rooms_file rf_rooms_file; /* opaque, immutable once loaded */

/* roomforge's caps, checked on the limits line before anything is allocated. */
#define RF_ROOMS_FILE_MIN_DIM 10
#define RF_ROOMS_FILE_MAX_DIM 1000
/* Entries of each kind; the limits line's `numX < N` asks for N - 1 at most
 * (more is a warning, past this cap an error). */
#define RF_ROOMS_FILE_MAX_COUNT 10000
#define RF_ROOMS_FILE_MAX_ROOMS 256 /* rooms cost their area each: a lower cap */
#define RF_ROOMS_FILE_MAX_PROTUBERANCES 1000
#define RF_ROOMS_FILE_MAX_BYTES (4u << 20)

/* The eight corner and centre parameters of a room line, clockwise from the
 * left top corner, as the seed orders them. */
enum {
    RF_DM_LTC = 0, RF_DM_TC, RF_DM_RTC, RF_DM_RC, RF_DM_RBC, RF_DM_BC, RF_DM_LBC, RF_DM_LC,
    RF_DM_SIDES
};

/* Room style bits (additive, seed's table). */
enum {
    RF_DM_STYLE_WALLS = 1,
    RF_DM_STYLE_CORNER_LARGE = 2,
    RF_DM_STYLE_CORNER_XLARGE = 4,
    RF_DM_STYLE_CENTRE_LARGE = 8,
    RF_DM_STYLE_CENTRE_XLARGE = 16,
    RF_DM_STYLE_CORNER_FILLED = 32,
    RF_DM_STYLE_CENTRE_CRAWLER = 64,
    RF_DM_STYLE_COLUMNS_BEHIND = 128,
    RF_DM_STYLE_COLUMNS_PARALLEL = 256,
    RF_DM_STYLE_CENTRE_DECO1 = 512,
    RF_DM_STYLE_CENTRE_DECO2 = 1024,
    RF_DM_STYLE_CORNER_DECO1 = 2048,
    RF_DM_STYLE_CORNER_DECO2 = 4096,
    RF_DM_STYLE_PYRAMID = 8192,
    RF_DM_STYLE_ALL = 16383
};

/* One room line. side[] holds the values as written (corners: 0, 1, or a
 * crawler 2/3 plus 10/20/30/40; centres: 0..3). delay 0..10, 10 = random. */
typedef struct rf_dm_room {
    int div, xdiv, ydiv, width;
    int side[RF_DM_SIDES];
    int style;
    int delay;
    int line; /* 1-based line in the file */
} rf_dm_room;

/* A hand-placed open square, wall tile or column. */
typedef struct rf_dm_point {
    int x, y; /* seed axes: x row, y column */
    int line;
} rf_dm_point;

/* Crawler terminations as written. */
enum {
    RF_DM_END_OPEN = 1,
    RF_DM_END_CLOSED = 2,
    RF_DM_END_PAIR_FIRST = 3,
    RF_DM_END_PAIR_SECOND = 4
};

/* A hand-placed crawler: direction is the two-digit value as written (second
 * digit Forward 1..4 = E, S, W, N; first digit 0..5 = Direction relative to
 * Forward), delay 0..10 (10 = random 0..9), termination RF_DM_END_*. */
typedef struct rf_dm_crawler {
    int x, y;
    int direction, delay, termination;
    int line; /* line of its `A Crawler starts at` line */
} rf_dm_crawler;

typedef enum rf_dm_list {
    RF_DM_OPEN = 0, /* open squares */
    RF_DM_WALL,     /* wall tiles */
    RF_DM_COLUMN,   /* columns */
    RF_DM_LIST_COUNT
} rf_dm_list;

/* Loads path. RF_ERR_IO (io-error reported) when it cannot be read,
 * RF_ERR_CONTENT when any error was reported, RF_ERR_NOMEM; *out only on
 * RF_OK. d may not be NULL. */
RF_API RF_NODISCARD rf_status rf_rooms_file_load(const char *path, rf_diags *d,
                                                        rf_rooms_file **out);
/* Same from len bytes of buf; name is the file name diagnostics carry. */
RF_API RF_NODISCARD rf_status rf_rooms_file_load_buffer(const char *buf, size_t len,
                                                               const char *name, rf_diags *d,
                                                               rf_rooms_file **out);
/* Frees f; f may be NULL. */
RF_API void rf_rooms_file_free(rf_rooms_file *f);

/* dimX (rows, top to bottom) and dimY (columns, left to right). */
RF_API int rf_rooms_file_dim_x(const rf_rooms_file *f);
RF_API int rf_rooms_file_dim_y(const rf_rooms_file *f);
RF_API size_t rf_rooms_file_room_count(const rf_rooms_file *f);
/* The ith room in file order; valid until f is freed. */
RF_API const rf_dm_room *rf_rooms_file_room_at(const rf_rooms_file *f, size_t i);
RF_API size_t rf_rooms_file_point_count(const rf_rooms_file *f, rf_dm_list which);
RF_API const rf_dm_point *rf_rooms_file_point_at(const rf_rooms_file *f, rf_dm_list which,
                                                        size_t i);
RF_API size_t rf_rooms_file_crawler_count(const rf_rooms_file *f);
RF_API const rf_dm_crawler *rf_rooms_file_crawler_at(const rf_rooms_file *f, size_t i);
RF_API int rf_rooms_file_protuberances(const rf_rooms_file *f);

/* The rooms-files roomforge ships, compiled in (content/dungeonmaker/roomsN.txt,
 * N = 1..RF_ROOMS_FILE_BUNDLED; rooms1 is the seed's example): the text and in
 * *len (may be NULL) its length, or NULL for another n. Load it with
 * rf_rooms_file_load_buffer. */
#define RF_ROOMS_FILE_BUNDLED 3
RF_API const char *rf_rooms_file_bundled(int n, size_t *len);

RF_END_C
#endif /* RF_ROOMS_FILE_H */
