/* engine/src/stats/stats_json.c: the JSON report of DESIGN 13, with the
 * integer sums a merge reads back (stats_read.c).
 *
 * Pipeline: stats -> output (roomforge stats --format json, the input of
 * stats --merge). Design: a visitor of the figure walk (stats_each.c), so
 * the JSON and the walk cannot differ; it adds only layout: the report's
 * long parts (templates, never_placed, by_profile and what follows) and
 * their members start a line, numbers print with the walk's precision.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "core/seam.h"
#include "stats_int.h"

/* The report object's members that start a line; with members, each of
 * theirs does too. */
static const struct {
    const char *key;
    bool members;
} line_keys[] = {
    {"templates", true},   {"never_placed", true},   {"by_profile", true},
    {"violations", false}, {"first_failure", false}, {"first_violation", false},
};

typedef struct jw {
    FILE *out;
    int depth;                           /* containers open */
    bool more[RF_STATS_MAX_DEPTH + 1];   /* a member was written at this depth */
    bool lines[RF_STATS_MAX_DEPTH + 1];  /* this container's members start a line */
} jw;

/* The line_keys row of key, a member of the report object; -1 elsewhere. */
static int line_key(const jw *w, const char *key)
{
    size_t i;
    if (w->depth != 1 || !key)
        return -1;
    for (i = 0; i < sizeof line_keys / sizeof line_keys[0]; i++)
        if (strcmp(key, line_keys[i].key) == 0)
            return (int)i;
    return -1;
}

/* The separator, line and key before a value. */
static void member(jw *w, const char *key)
{
    if (w->more[w->depth])
        putc(',', w->out);
    if (w->lines[w->depth] || line_key(w, key) >= 0)
        putc('\n', w->out);
    w->more[w->depth] = true;
    if (key) {
        rf_json_string(w->out, key);
        putc(':', w->out);
    }
}

static void open_container(jw *w, const char *key, char c)
{
    int row = line_key(w, key);
    member(w, key);
    assert(w->depth < RF_STATS_MAX_DEPTH); /* the walk's bound */
    w->depth++;
    w->more[w->depth] = false;
    w->lines[w->depth] = row >= 0 && line_keys[row].members;
    putc(c, w->out);
}

static void close_container(jw *w, char c)
{
    putc(c, w->out);
    w->depth--;
    if (w->depth == 0)
        putc('\n', w->out);
}

static void begin_object(void *ud, const char *key) { open_container(ud, key, '{'); }
static void end_object(void *ud) { close_container(ud, '}'); }
static void begin_array(void *ud, const char *key) { open_container(ud, key, '['); }
static void end_array(void *ud) { close_container(ud, ']'); }

static void integer(void *ud, const char *key, int64_t v)
{
    jw *w = ud;
    member(w, key);
    fprintf(w->out, "%" PRId64, v);
}

static void count(void *ud, const char *key, uint64_t v)
{
    jw *w = ud;
    member(w, key);
    fprintf(w->out, "%" PRIu64, v);
}

static void real(void *ud, const char *key, double v, int precision)
{
    jw *w = ud;
    member(w, key);
    fprintf(w->out, "%.*f", precision, v);
}

static void string(void *ud, const char *key, const char *v)
{
    jw *w = ud;
    member(w, key);
    rf_json_string(w->out, v);
}

static void boolean(void *ud, const char *key, bool v)
{
    jw *w = ud;
    member(w, key);
    fputs(v ? "true" : "false", w->out);
}

static void null(void *ud, const char *key)
{
    jw *w = ud;
    member(w, key);
    fputs("null", w->out);
}

rf_status rf_st_write_json(const rf_stats *s, FILE *out)
{
    static const rf_stats_visitor json = {begin_object, end_object, begin_array, end_array,
                                          integer,      count,      real,        string,
                                          boolean,      null};
    jw w;
    memset(&w, 0, sizeof w);
    w.out = out;
    rf_stats_each(s, &json, &w);
    return ferror(out) ? RF_ERR_IO : RF_OK;
}
