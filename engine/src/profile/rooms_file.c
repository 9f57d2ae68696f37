/* engine/src/profile/rooms_file.c: the DungeonMaker rooms-file parser.
 *
 * Pipeline: profile; a path or buffer -> an immutable rf_rooms_file for
 * dig_crawl.c. Design: one pattern-table row per line kind, one matcher; a
 * missing terminator gives one error, not one per line; counts are checked
 * before arrays grow.
 * Seeds: shared/seeds/dungeonmaker-rooms-file.txt.
 */
#include "roomforge/rooms_file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "roomforge/fs.h"

enum { LIM_ROOMS, LIM_OPEN, LIM_CLOSED, LIM_COLUMNS, LIM_CRAWLERS, LIM_COUNT };

/* roomforge's cap on each kind of entry. */
static const size_t caps[LIM_COUNT] = {RF_ROOMS_FILE_MAX_ROOMS, RF_ROOMS_FILE_MAX_COUNT,
                                       RF_ROOMS_FILE_MAX_COUNT, RF_ROOMS_FILE_MAX_COUNT,
                                       RF_ROOMS_FILE_MAX_COUNT};

struct rf_rooms_file {
    int dimx, dimy;
    size_t limit[LIM_COUNT]; /* the most entries of each kind */
    rf_dm_room *rooms;
    size_t nrooms, cap_rooms;
    rf_dm_point *pts[RF_DM_LIST_COUNT];
    size_t npts[RF_DM_LIST_COUNT], cap_pts[RF_DM_LIST_COUNT];
    rf_dm_crawler *crawlers;
    size_t ncrawlers, cap_crawlers;
    int protuberances;
};

/* Line kinds in section order; the state machine expects them in this order. */
typedef enum kind {
    K_DIM,
    K_LIMITS,
    K_ROOM,
    K_OPEN,
    K_WALL,
    K_COLUMN,
    K_CRAWLER,
    K_HEAD,
    K_PROT,
    K_END
} kind;

#define MAX_VALS 14

/* Patterns: tokens separated by one space; "%d" is an integer. Every line may
 * end with a period. */
static const struct {
    const char *pat;
    const char *what; /* for "expected ..." messages */
} kinds[K_END] = {
    {"dungeon dimensions - dimx = %d ; dimy = %d",
     "the dimensions line 'Dungeon dimensions - dimX = N; dimY = N.'"},
    {"numrooms < %d ; numopen < %d ; numclosed < %d ; numcolumns < %d ; numcrawlers < %d",
     "the limits line 'numRooms < N; numOpen < N; numClosed < N; numColumns < N; "
     "numCrawlers < N.'"},
    {"div : %d ; xdiv : %d ; ydiv : %d ; width : %d ; ltc : %d ; tc : %d ; rtc : %d ; rc : %d ; "
     "rbc : %d ; bc : %d ; lbc : %d ; lc : %d ; style : %d ; delay : %d",
     "a room line 'div: N; Xdiv: N; ...; style: N; delay: N' or the 'div: 0' line"},
    {"open square at ( %d , %d )", "an 'Open square at ( X , Y )' line"},
    {"wall tile at ( %d , %d )", "a 'Wall tile at ( X , Y )' line"},
    {"column at ( %d , %d )", "a 'Column at ( X , Y )' line"},
    {"a crawler starts at ( x , y ) = ( %d , %d )",
     "an 'A Crawler starts at (x , y) = (X , Y)' line"},
    {"and this crawler will head in direction %d with delay %d and termination %d",
     "an 'and this crawler will head in direction N with delay N and termination N.' line"},
    {"outside walls sports %d protuberances", "the 'Outside walls sports N protuberances.' line"},
};

static const char *const list_names[RF_DM_LIST_COUNT] = {"open squares", "wall tiles", "columns"};

typedef struct parser {
    rf_rooms_file *f;
    rf_diags *d;
    const char *name;
    const char *line; /* current line, len bytes */
    size_t len;
    int lineno;
    bool failed;
    bool dims_ok;
    int pending_pair; /* line of an unmatched termination 3, or 0 */
    int vals[MAX_VALS], cols[MAX_VALS];
} parser;

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }
static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static size_t skip_blanks(const char *s, size_t len, size_t pos)
{
    while (pos < len && is_blank(s[pos]))
        pos++;
    return pos;
}

/* Matches line against pattern pat. Returns 0 when it matches, with the
 * integers in vals[] (saturated at +-1e9) and their columns in cols[];
 * otherwise the 1-based column where matching stopped. */
static int match(const char *s, size_t len, const char *pat, int *vals, int *cols)
{
    size_t pos = 0;
    int nv = 0;
    const char *p = pat;
    while (*p) {
        size_t tl = strcspn(p, " ");
        pos = skip_blanks(s, len, pos);
        if (tl == 2 && p[0] == '%' && p[1] == 'd') {
            long v = 0;
            bool neg = false;
            size_t start = pos;
            if (pos < len && (s[pos] == '-' || s[pos] == '+'))
                neg = s[pos++] == '-';
            if (pos >= len || !is_digit(s[pos]))
                return rf_text_col_at(s, start);
            while (pos < len && is_digit(s[pos])) {
                if (v < 1000000000L)
                    v = v * 10 + (s[pos] - '0');
                pos++;
            }
            if (v > 1000000000L)
                v = 1000000000L;
            vals[nv] = (int)(neg ? -v : v);
            cols[nv++] = rf_text_col_at(s, start);
        } else {
            size_t i;
            for (i = 0; i < tl; i++, pos++)
                if (pos >= len || lower(s[pos]) != p[i])
                    return rf_text_col_at(s, pos);
        }
        p += tl;
        while (*p == ' ')
            p++;
    }
    pos = skip_blanks(s, len, pos);
    if (pos < len && s[pos] == '.')
        pos = skip_blanks(s, len, pos + 1);
    return pos < len ? rf_text_col_at(s, pos) : 0;
}

static void report(parser *ps, const char *code, int col, const char *msg)
{
    (void)rf_diag_report(ps->d, code, ps->name, ps->lineno, col, "%s", msg);
    ps->failed = true; /* even when disabled: the parser cannot go on past the line */
}

/* Checks vals[i] within lo..hi; reports rooms-file-range otherwise. */
static bool in_range(parser *ps, int i, int lo, int hi, const char *what)
{
    char msg[200];
    if (ps->vals[i] >= lo && ps->vals[i] <= hi)
        return true;
    snprintf(msg, sizeof msg, "%s %d is outside %d..%d", what, ps->vals[i], lo, hi);
    report(ps, "rooms-file-range", ps->cols[i], msg);
    return false;
}

static bool point_in_dims(parser *ps, int ix, int iy)
{
    bool ok = true;
    if (!ps->dims_ok)
        return true;
    ok &= in_range(ps, ix, 0, ps->f->dimx - 1, "x");
    ok &= in_range(ps, iy, 0, ps->f->dimy - 1, "y");
    return ok;
}

/* Room for one more entry of kind lim: past the limits line it is a warning
 * (rooms-file-count; the entry is kept, as the seed's own example needs), past
 * roomforge's cap an error (rooms-file-limit; the entry is dropped). */
static bool under_limit(parser *ps, size_t have, int lim, const char *what)
{
    char msg[200];
    if (have >= caps[lim]) {
        snprintf(msg, sizeof msg, "more than %zu %s", caps[lim], what);
        report(ps, "rooms-file-limit", 1, msg);
        return false;
    }
    if (have >= ps->f->limit[lim]) {
        snprintf(msg, sizeof msg, "more %s than the limits line allows (%zu); kept", what,
                 ps->f->limit[lim]);
        (void)rf_diag_add(ps->d, "rooms-file-count", ps->name, ps->lineno, 1, "%s", msg);
    }
    return true;
}

static bool corner_ok(int v)
{
    int mod = v / 10, base = v % 10;
    if (v == 0 || v == 1)
        return true;
    return v > 0 && mod >= 1 && mod <= 4 && (base == 2 || base == 3);
}

/* Validates and stores a room line; returns false on out of memory. */
static bool take_room(parser *ps)
{
    static const char *const side_names[RF_DM_SIDES] = {"lTC", "tC", "rTC", "rC",
                                                        "rBC", "bC", "lBC", "lC"};
    rf_rooms_file *f = ps->f;
    rf_dm_room r;
    bool ok = true;
    int i;
    ok &= in_range(ps, 0, 1, RF_ROOMS_FILE_MAX_DIM, "div");
    if (ok) {
        ok &= in_range(ps, 1, 0, ps->vals[0], "Xdiv");
        ok &= in_range(ps, 2, 0, ps->vals[0], "Ydiv");
    }
    ok &= in_range(ps, 3, 1, RF_ROOMS_FILE_MAX_DIM / 2, "width");
    for (i = 0; i < RF_DM_SIDES; i++) {
        int v = ps->vals[4 + i];
        if (i % 2 == 0 && !corner_ok(v)) {
            char msg[200];
            snprintf(msg, sizeof msg,
                     "%s %d: a corner takes 0, 1, or a crawler 2 or 3 plus 10, 20, 30 or 40",
                     side_names[i], v);
            report(ps, "rooms-file-range", ps->cols[4 + i], msg);
            ok = false;
        } else if (i % 2 == 1) {
            ok &= in_range(ps, 4 + i, 0, 3, side_names[i]);
        }
    }
    ok &= in_range(ps, 12, 0, RF_DM_STYLE_ALL, "style");
    ok &= in_range(ps, 13, 0, 10, "delay");
    if (!ok || !under_limit(ps, f->nrooms, LIM_ROOMS, "rooms"))
        return true;
    if (!rf_grow((void **)&f->rooms, &f->cap_rooms, f->nrooms + 1, sizeof *f->rooms))
        return false;
    r.div = ps->vals[0];
    r.xdiv = ps->vals[1];
    r.ydiv = ps->vals[2];
    r.width = ps->vals[3];
    for (i = 0; i < RF_DM_SIDES; i++)
        r.side[i] = ps->vals[4 + i];
    r.style = ps->vals[12];
    r.delay = ps->vals[13];
    r.line = ps->lineno;
    f->rooms[f->nrooms++] = r;
    return true;
}

static bool take_point(parser *ps, rf_dm_list which)
{
    static const int lims[RF_DM_LIST_COUNT] = {LIM_OPEN, LIM_CLOSED, LIM_COLUMNS};
    rf_rooms_file *f = ps->f;
    if (!point_in_dims(ps, 0, 1) ||
        !under_limit(ps, f->npts[which], lims[which], list_names[which]))
        return true;
    if (!rf_grow((void **)&f->pts[which], &f->cap_pts[which], f->npts[which] + 1,
                 sizeof *f->pts[which]))
        return false;
    f->pts[which][f->npts[which]].x = ps->vals[0];
    f->pts[which][f->npts[which]].y = ps->vals[1];
    f->pts[which][f->npts[which]].line = ps->lineno;
    f->npts[which]++;
    return true;
}

/* A crawler start line; *keep says whether its head line should be stored. */
static bool take_crawler(parser *ps, bool *keep)
{
    rf_rooms_file *f = ps->f;
    *keep = point_in_dims(ps, 0, 1) && under_limit(ps, f->ncrawlers, LIM_CRAWLERS, "crawlers");
    if (!*keep)
        return true;
    if (!rf_grow((void **)&f->crawlers, &f->cap_crawlers, f->ncrawlers + 1, sizeof *f->crawlers))
        return false;
    memset(&f->crawlers[f->ncrawlers], 0, sizeof *f->crawlers);
    f->crawlers[f->ncrawlers].x = ps->vals[0];
    f->crawlers[f->ncrawlers].y = ps->vals[1];
    f->crawlers[f->ncrawlers].line = ps->lineno;
    return true;
}

static void take_head(parser *ps, bool keep)
{
    rf_rooms_file *f = ps->f;
    int dir = ps->vals[0];
    bool ok = true;
    char msg[200];
    if (dir < 1 || dir > 54 || dir % 10 < 1 || dir % 10 > 4) {
        snprintf(msg, sizeof msg,
                 "direction %d: the second digit (Forward) takes 1..4, the first (Direction) 0..5",
                 dir);
        report(ps, "rooms-file-range", ps->cols[0], msg);
        ok = false;
    }
    ok &= in_range(ps, 1, 0, 10, "delay");
    ok &= in_range(ps, 2, 1, 4, "termination");
    if (ok && ps->vals[2] == RF_DM_END_PAIR_SECOND && !ps->pending_pair) {
        report(ps, "rooms-file-pair", ps->cols[2],
               "termination 4 (second of an open/closed pair) does not follow a termination 3");
        ok = false;
    } else if (ok && ps->pending_pair && ps->vals[2] != RF_DM_END_PAIR_SECOND) {
        snprintf(msg, sizeof msg,
                 "the crawler after a termination 3 (line %d) must have termination 4",
                 ps->pending_pair);
        report(ps, "rooms-file-pair", ps->cols[2], msg);
        ok = false;
    }
    ps->pending_pair = ok && ps->vals[2] == RF_DM_END_PAIR_FIRST ? ps->lineno : 0;
    if (!ok || !keep)
        return;
    f->crawlers[f->ncrawlers].direction = dir;
    f->crawlers[f->ncrawlers].delay = ps->vals[1];
    f->crawlers[f->ncrawlers].termination = ps->vals[2];
    f->ncrawlers++;
}

static void take_limits(parser *ps)
{
    static const char *const names[LIM_COUNT] = {"numRooms", "numOpen", "numClosed", "numColumns",
                                                 "numCrawlers"};
    int i;
    for (i = 0; i < LIM_COUNT; i++)
        if (in_range(ps, i, 1, (int)caps[i] + 1, names[i]))
            ps->f->limit[i] = (size_t)ps->vals[i] - 1;
}

static bool is_zero_point(const parser *ps) { return ps->vals[0] == 0 && ps->vals[1] == 0; }

/* The state after a line of kind k that ends its section (a terminator). */
static const kind after_end[K_END] = {K_LIMITS, K_ROOM, K_OPEN, K_WALL, K_COLUMN,
                                      K_CRAWLER, K_PROT,  K_CRAWLER, K_END};

/* A line that does not match state *st's pattern (at col): taken as a later
 * section's (true, its kind in *k), or reported and skipped (false, *st past
 * the section it breaks when that is one line). */
static bool take_as_later(parser *ps, kind *st, int col, kind *k)
{
    kind later;
    char msg[300];
    for (later = (kind)(*st + 1); later < K_END; later++)
        if (match(ps->line, ps->len, kinds[later].pat, ps->vals, ps->cols) == 0)
            break;
    if (later < K_END && *st != K_HEAD && later != K_HEAD) {
        snprintf(msg, sizeof msg, "expected %s; taking this line as the next section's",
                 kinds[*st].what);
        report(ps, "rooms-file-order", 1, msg);
        if (*st == K_CRAWLER || *st == K_PROT)
            ps->pending_pair = 0;
        *k = later;
        return true;
    }
    snprintf(msg, sizeof msg, "expected %s", kinds[*st].what);
    report(ps, "rooms-file-syntax", col, msg);
    if (*st == K_HEAD)
        *st = K_CRAWLER; /* drop the half crawler */
    else if (*st == K_DIM || *st == K_LIMITS || *st == K_PROT)
        *st = after_end[*st]; /* a one-line section: this line was it */
    return false;
}

static void take_dim(parser *ps)
{
    ps->dims_ok = in_range(ps, 0, RF_ROOMS_FILE_MIN_DIM, RF_ROOMS_FILE_MAX_DIM, "dimX");
    ps->dims_ok &= in_range(ps, 1, RF_ROOMS_FILE_MIN_DIM, RF_ROOMS_FILE_MAX_DIM, "dimY");
    ps->f->dimx = ps->vals[0];
    ps->f->dimy = ps->vals[1];
}

/* The crawlers' terminator: a termination 3 before it lacks its pair. */
static void end_crawlers(parser *ps)
{
    if (ps->pending_pair) {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "the crawlers end after a termination 3 (line %d) without its pair",
                 ps->pending_pair);
        report(ps, "rooms-file-pair", 1, msg);
    }
    ps->pending_pair = 0;
}

static void take_protuberances(parser *ps)
{
    if (in_range(ps, 0, 0, RF_ROOMS_FILE_MAX_PROTUBERANCES, "protuberances"))
        ps->f->protuberances = ps->vals[0];
}

/* Handles one line in state *st. Returns false on out of memory. */
static bool parse_line(parser *ps, kind *st, bool *keep_crawler)
{
    int col = match(ps->line, ps->len, kinds[*st].pat, ps->vals, ps->cols);
    kind k = *st;
    if (col != 0 && !take_as_later(ps, st, col, &k))
        return true;
    switch (k) {
    case K_DIM:
        take_dim(ps);
        *st = K_LIMITS;
        return true;
    case K_LIMITS:
        take_limits(ps);
        *st = K_ROOM;
        return true;
    case K_ROOM:
        if (ps->vals[0] == 0) {
            *st = K_OPEN;
            return true;
        }
        *st = K_ROOM;
        return take_room(ps);
    case K_OPEN:
    case K_WALL:
    case K_COLUMN:
        if (is_zero_point(ps)) {
            *st = after_end[k];
            return true;
        }
        *st = k;
        return take_point(ps, (rf_dm_list)(k - K_OPEN));
    case K_CRAWLER:
        if (is_zero_point(ps)) {
            end_crawlers(ps);
            *st = K_PROT;
            return true;
        }
        *st = K_HEAD;
        return take_crawler(ps, keep_crawler);
    case K_HEAD:
        take_head(ps, *keep_crawler);
        *st = K_CRAWLER;
        return true;
    case K_PROT:
        take_protuberances(ps);
        *st = K_END;
        return true;
    case K_END:
        break;
    }
    return true;
}

static bool blank_line(const char *s, size_t len) { return skip_blanks(s, len, 0) == len; }

void rf_rooms_file_free(rf_rooms_file *f)
{
    int i;
    if (!f)
        return;
    rf_free(f->rooms);
    for (i = 0; i < RF_DM_LIST_COUNT; i++)
        rf_free(f->pts[i]);
    rf_free(f->crawlers);
    rf_free(f);
}

rf_status rf_rooms_file_load_buffer(const char *buf, size_t len, const char *name, rf_diags *d,
                                    rf_rooms_file **out)
{
    parser ps;
    kind st = K_DIM;
    bool keep = false;
    size_t pos = 0;
    int i;
    if (!d || !out || (!buf && len))
        return RF_ERR_ARG;
    memset(&ps, 0, sizeof ps);
    ps.d = d;
    ps.name = name ? name : "<buffer>";
    if (len > RF_ROOMS_FILE_MAX_BYTES) {
        (void)rf_diag_add(d, "rooms-file-limit", ps.name, 1, 1,
                          "a rooms-file of %zu bytes is beyond the %u-byte limit", len,
                          RF_ROOMS_FILE_MAX_BYTES);
        return RF_ERR_CONTENT;
    }
    ps.f = rf_calloc(1, sizeof *ps.f);
    if (!ps.f)
        return RF_ERR_NOMEM;
    for (i = 0; i < LIM_COUNT; i++)
        ps.f->limit[i] = caps[i];
    pos = rf_text_bom_len(buf, len); /* as some editors write */
    while (pos < len) {
        const char *nl = memchr(buf + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - buf) : len;
        ps.line = buf + pos;
        ps.len = end - pos;
        ps.lineno++;
        pos = end + 1;
        if (blank_line(ps.line, ps.len))
            continue;
        if (st == K_END) {
            report(&ps, "rooms-file-syntax",
                   rf_text_col_at(ps.line, skip_blanks(ps.line, ps.len, 0)),
                   "text after the protuberances line");
            continue;
        }
        if (!parse_line(&ps, &st, &keep))
            goto nomem;
    }
    if (st != K_END) {
        ps.lineno = ps.lineno ? ps.lineno : 1;
        char msg[300];
        snprintf(msg, sizeof msg, "the file ends where %s belongs", kinds[st].what);
        report(&ps, "rooms-file-truncated", 1, msg);
    }
    if (ps.failed) {
        rf_rooms_file_free(ps.f);
        return RF_ERR_CONTENT;
    }
    *out = ps.f;
    return RF_OK;
nomem:
    rf_rooms_file_free(ps.f);
    return RF_ERR_NOMEM;
}

rf_status rf_rooms_file_load(const char *path, rf_diags *d, rf_rooms_file **out)
{
    char *buf = NULL;
    size_t len = 0;
    rf_status st;
    int why = 0;
    if (!path || !d || !out)
        return RF_ERR_ARG;
    st = rf_fs_read(path, RF_ROOMS_FILE_MAX_BYTES, &buf, &len, &why);
    if (st == RF_ERR_LIMIT) {
        (void)rf_diag_add(d, "rooms-file-limit", path, 1, 1,
                          "a rooms-file of %zu bytes is beyond the %u-byte limit", len,
                          RF_ROOMS_FILE_MAX_BYTES);
        return RF_ERR_CONTENT;
    }
    if (st == RF_ERR_IO)
        (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read the rooms-file: %s",
                          rf_fs_why(why));
    if (st != RF_OK)
        return st;
    st = rf_rooms_file_load_buffer(buf, len, path, d, out);
    rf_fs_free(buf);
    return st;
}

int rf_rooms_file_dim_x(const rf_rooms_file *f) { return f->dimx; }
int rf_rooms_file_dim_y(const rf_rooms_file *f) { return f->dimy; }
size_t rf_rooms_file_room_count(const rf_rooms_file *f) { return f->nrooms; }
const rf_dm_room *rf_rooms_file_room_at(const rf_rooms_file *f, size_t i)
{
    return i < f->nrooms ? &f->rooms[i] : NULL;
}
size_t rf_rooms_file_point_count(const rf_rooms_file *f, rf_dm_list which)
{
    return (unsigned)which < RF_DM_LIST_COUNT ? f->npts[which] : 0;
}
const rf_dm_point *rf_rooms_file_point_at(const rf_rooms_file *f, rf_dm_list which, size_t i)
{
    return (unsigned)which < RF_DM_LIST_COUNT && i < f->npts[which] ? &f->pts[which][i] : NULL;
}
size_t rf_rooms_file_crawler_count(const rf_rooms_file *f) { return f->ncrawlers; }
const rf_dm_crawler *rf_rooms_file_crawler_at(const rf_rooms_file *f, size_t i)
{
    return i < f->ncrawlers ? &f->crawlers[i] : NULL;
}
int rf_rooms_file_protuberances(const rf_rooms_file *f) { return f->protuberances; }
