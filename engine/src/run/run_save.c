/* engine/src/run/run_save.c: rf_run_save and rf_run_load: a run's state in
 * core's frame, so a game stops after any level and goes on later.
 *
 * Pipeline: run; writes and reads the fields of run_int.h. Design: a few
 * lines of words and length-prefixed strings ("s<len>:<bytes>", as the world
 * save writes them), in one fixed order, inside the checked frame (magic
 * "roomforge-run"). Loading checks the crc32 before a byte is parsed, then
 * every value against what the saver could have written: anything else is
 * save-damaged, and nothing is half made. Format 2 adds the groups line
 * after the used rooms; format 1 (without it) still loads, with no groups.
 * Format: docs/reference.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "roomforge/version.h"
#include "run_int.h"

#define MAGIC "roomforge-run"
#define NAME_MAX_BYTES 1024 /* a profile or template name in a state */

/* ---- saving ---- */

static bool put_str(FILE *out, const char *s)
{
    size_t n = strlen(s);
    return fprintf(out, "s%zu:", n) > 0 && fwrite(s, 1, n, out) == n;
}

/* The payload, in the order read_state reads it. */
static bool write_state(const rf_run *r, FILE *out)
{
    size_t i;
    bool ok = fputs("profile ", out) >= 0 && put_str(out, r->profile) &&
              fprintf(out, "\nseed %" PRIu64 "\nsize %d %d\ndifficulty %d\ndepth %d\n", r->seed,
                      r->width, r->height, r->difficulty, r->depth) > 0 &&
              fprintf(out, "down %d %d %d\nused %zu\n", r->has_down ? 1 : 0, r->down_x,
                      r->down_y, r->nused) > 0;
    for (i = 0; ok && i < r->nused; i++)
        ok = put_str(out, r->used[i]) && fputc('\n', out) != EOF;
    ok = ok && fprintf(out, "groups %zu\n", r->ngroups) > 0;
    for (i = 0; ok && i < r->ngroups; i++)
        ok = put_str(out, r->groups[i]) && fputc('\n', out) != EOF;
    return ok && fputs("end\n", out) >= 0 && !ferror(out);
}

rf_status rf_run_save(const rf_run *r, FILE *out, rf_diags *d)
{
    char *payload = NULL;
    size_t len = 0;
    FILE *mem;
    bool ok;
    if (!r || !out)
        return RF_ERR_ARG;
    mem = open_memstream(&payload, &len);
    ok = mem && write_state(r, mem);
    if (mem && fclose(mem) != 0)
        ok = false;
    if (!ok) {
        free(payload); /* the C library's buffer */
        return RF_ERR_NOMEM;
    }
    ok = rf_frame_write(out, MAGIC, RF_RUN_SAVE_VERSION, payload, len) == RF_OK;
    free(payload);
    if (!ok && d)
        (void)rf_diag_add(d, "io-error", "", 0, 0, "the run state could not be written: %s",
                          strerror(errno));
    return ok ? RF_OK : RF_ERR_IO;
}

static rf_status save_to(void *ud, FILE *out, rf_diags *d) { return rf_run_save(ud, out, d); }

rf_status rf_run_save_path(const rf_run *r, const char *path, rf_diags *d)
{
    if (!r || !path || !*path)
        return RF_ERR_ARG;
    /* the callback takes no const: rf_run_save reads r only */
    return rf_frame_write_path(path, "the run state", save_to, (void *)(uintptr_t)r, d);
}

/* ---- reading ---- */

typedef struct reader {
    const char *s;
    size_t len, pos;
    const char *why; /* the first fault, NULL while none */
} reader;

static bool fault(reader *rd, const char *why)
{
    if (!rd->why)
        rd->why = why;
    return false;
}

/* fault, as a status. */
static rf_status bad(reader *rd, const char *why)
{
    (void)fault(rd, why);
    return RF_ERR_CONTENT;
}

/* Exactly the text want at the reader's position. */
static bool lit(reader *rd, const char *want)
{
    size_t n = strlen(want);
    if (rd->len - rd->pos < n || memcmp(rd->s + rd->pos, want, n) != 0)
        return fault(rd, "a line of the state is not where it belongs");
    rd->pos += n;
    return true;
}

/* Decimal digits (a '-' first when lo < 0) as a value in [lo, hi]. */
static bool integer(reader *rd, long long lo, long long hi, long long *out)
{
    bool neg = lo < 0 && rd->pos < rd->len && rd->s[rd->pos] == '-';
    unsigned long long v = 0;
    size_t start;
    if (neg)
        rd->pos++;
    start = rd->pos;
    while (rd->pos < rd->len && rd->s[rd->pos] >= '0' && rd->s[rd->pos] <= '9') {
        unsigned digit = (unsigned)(rd->s[rd->pos++] - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return fault(rd, "a number past 64 bits");
        v = v * 10 + digit;
    }
    if (rd->pos == start || rd->pos - start > 20)
        return fault(rd, "a number expected");
    if (neg ? v > (unsigned long long)-lo
            : v > (unsigned long long)hi || (lo > 0 && v < (unsigned long long)lo))
        return fault(rd, "a number out of range");
    *out = neg ? -(long long)v : (long long)v;
    return true;
}

static bool unsigned64(reader *rd, uint64_t *out)
{
    unsigned long long v = 0;
    size_t start = rd->pos;
    while (rd->pos < rd->len && rd->s[rd->pos] >= '0' && rd->s[rd->pos] <= '9') {
        unsigned digit = (unsigned)(rd->s[rd->pos++] - '0');
        if (v > (UINT64_MAX - digit) / 10)
            return fault(rd, "a number past 64 bits");
        v = v * 10 + digit;
    }
    if (rd->pos == start)
        return fault(rd, "a number expected");
    *out = (uint64_t)v;
    return true;
}

/* A string token s<len>:<bytes> of 1..NAME_MAX_BYTES bytes without a NUL,
 * copied into a new string *out. */
static rf_status string(reader *rd, char **out)
{
    long long n;
    if (!lit(rd, "s") || !integer(rd, 1, NAME_MAX_BYTES, &n) || !lit(rd, ":"))
        return RF_ERR_CONTENT;
    if ((size_t)n > rd->len - rd->pos || memchr(rd->s + rd->pos, '\0', (size_t)n))
        return bad(rd, "a name runs past the end");
    if (!(*out = rf_alloc((size_t)n + 1)))
        return RF_ERR_NOMEM;
    memcpy(*out, rd->s + rd->pos, (size_t)n);
    (*out)[n] = '\0';
    rd->pos += (size_t)n;
    return RF_OK;
}

/* One list of the state: the room names (exact) or the unique groups
 * (ignoring case, as the placer compares them), each held once. */
typedef struct name_list {
    bool (*use)(rf_run *, const char *);
    size_t (*count)(const rf_run *);
    const char *(*at)(const rf_run *, size_t);
    bool nocase;
    const char *twice; /* the fault of a name held twice */
} name_list;

static const name_list used_rooms = {rf_run_use, rf_run_used_count, rf_run_used_at, false,
                                     "a room is listed twice among the used"};
static const name_list used_groups = {rf_run_use_group, rf_run_group_count, rf_run_group_at,
                                      true, "a unique group is listed twice"};

static bool listed(const rf_run *r, const name_list *l, const char *name)
{
    size_t i, n = l->count(r);
    for (i = 0; i < n; i++)
        if ((l->nocase ? strcasecmp(l->at(r, i), name) : strcmp(l->at(r, i), name)) == 0)
            return true;
    return false;
}

/* n lines of one string each, every one added to r's list l: RF_OK,
 * RF_ERR_CONTENT with rd->why (a name held twice too), RF_ERR_NOMEM. */
static rf_status names(reader *rd, long long n, rf_run *r, const name_list *l)
{
    long long i;
    rf_status st;
    for (i = 0; i < n; i++) {
        char *name = NULL;
        bool ok, twice;
        if ((st = string(rd, &name)) != RF_OK)
            return st;
        twice = listed(r, l, name);
        ok = twice || l->use(r, name);
        rf_free(name);
        if (twice)
            return bad(rd, l->twice);
        if (!ok)
            return RF_ERR_NOMEM;
        if (!lit(rd, "\n"))
            return RF_ERR_CONTENT;
    }
    return RF_OK;
}

/* Reads the payload of a state of format version into r (whose state is
 * empty). RF_OK, RF_ERR_CONTENT with rd->why, RF_ERR_NOMEM. */
static rf_status read_state(reader *rd, long long version, rf_run *r)
{
    long long v[8], n;
    rf_status st;
    if (!lit(rd, "profile "))
        return RF_ERR_CONTENT;
    if ((st = string(rd, &r->profile)) != RF_OK)
        return st;
    if (!lit(rd, "\nseed ") || !unsigned64(rd, &r->seed) || !lit(rd, "\nsize ") ||
        !integer(rd, 0, RF_LEVEL_MAX_SIDE, &v[0]) || !lit(rd, " ") ||
        !integer(rd, 0, RF_LEVEL_MAX_SIDE, &v[1]) || !lit(rd, "\ndifficulty ") ||
        !integer(rd, 0, RF_DIFFICULTY_NIGHTMARE, &v[2]) || !lit(rd, "\ndepth ") ||
        !integer(rd, 1, RF_LEVEL_MAX_DEPTH + 1, &v[3]) || !lit(rd, "\ndown ") ||
        !integer(rd, 0, 1, &v[4]) || !lit(rd, " ") ||
        !integer(rd, 0, RF_LEVEL_MAX_SIDE - 1, &v[5]) || !lit(rd, " ") ||
        !integer(rd, 0, RF_LEVEL_MAX_SIDE - 1, &v[6]) || !lit(rd, "\nused ") ||
        !integer(rd, 0, RF_RUN_MAX_USED, &n) || !lit(rd, "\n"))
        return RF_ERR_CONTENT;
    r->width = (int)v[0];
    r->height = (int)v[1];
    r->difficulty = (int)v[2];
    r->depth = (int)v[3];
    r->has_down = v[4] == 1;
    r->down_x = (int)v[5];
    r->down_y = (int)v[6];
    if ((st = names(rd, n, r, &used_rooms)) != RF_OK)
        return st;
    if (version >= 2) { /* format 1 kept no groups */
        if (!lit(rd, "groups ") || !integer(rd, 0, RF_RUN_MAX_GROUPS, &n) || !lit(rd, "\n"))
            return RF_ERR_CONTENT;
        if ((st = names(rd, n, r, &used_groups)) != RF_OK)
            return st;
    }
    if (!lit(rd, "end\n"))
        return RF_ERR_CONTENT;
    if (rd->pos != rd->len)
        return bad(rd, "text after the end");
    return RF_OK;
}

static rf_status damaged(rf_diags *d, const char *file, const char *why, size_t at)
{
    if (d)
        (void)rf_diag_add(d, "save-damaged", file, 0, 0,
                          "the run state is damaged or does not fit (at byte %zu): %s", at, why);
    return RF_ERR_CONTENT;
}

/* rf_run_load, its diagnostics at file ("" for a stream). */
static rf_status load_from(const rf_profile_set *profiles, const rf_level_opts *base, FILE *in,
                           const char *file, rf_diags *d, rf_run **out)
{
    rf_frame fr;
    reader rd;
    rf_run *r;
    const char *why;
    rf_status st;
    if (!base || !in || !out)
        return RF_ERR_ARG;
    st = rf_frame_read(in, MAGIC, RF_RUN_SAVE_VERSION, RF_RUN_SAVE_MAX, &fr);
    if (st == RF_ERR_CONTENT && !fr.why) {
        if (d)
            (void)rf_diag_add(d, "save-version", file, 0, 0,
                              "the run state is of format %lld, from a later roomforge; this "
                              "library (%s) reads format %d",
                              fr.version, rf_version(NULL, NULL, NULL), RF_RUN_SAVE_VERSION);
        return RF_ERR_CONTENT;
    }
    if (st == RF_ERR_CONTENT)
        return damaged(d, file, fr.why, fr.at);
    if (st == RF_ERR_IO && d)
        (void)rf_diag_add(d, "io-error", file, 0, 0, "cannot read the run state: %s",
                          strerror(errno));
    if (st != RF_OK)
        return st;
    if (!(r = rf_run_alloc(profiles, base))) {
        rf_free(fr.payload);
        return RF_ERR_NOMEM;
    }
    memset(&rd, 0, sizeof rd);
    rd.s = fr.payload;
    rd.len = fr.len;
    st = read_state(&rd, fr.version, r);
    if (st == RF_OK && (why = rf_run_state_why(r)) != NULL)
        st = bad(&rd, why);
    rf_free(fr.payload);
    if (st != RF_OK) {
        rf_run_free(r);
        return st == RF_ERR_CONTENT ? damaged(d, file, rd.why, rd.pos) : st;
    }
    *out = r;
    return RF_OK;
}

rf_status rf_run_load(const rf_profile_set *profiles, const rf_level_opts *base, FILE *in,
                      rf_diags *d, rf_run **out)
{
    if (!base || !in || !out)
        return RF_ERR_ARG;
    return load_from(profiles, base, in, "", d, out);
}

rf_status rf_run_load_path(const rf_profile_set *profiles, const rf_level_opts *base,
                           const char *path, rf_diags *d, rf_run **out)
{
    FILE *in;
    rf_status st;
    if (!path || !*path || !base || !out)
        return RF_ERR_ARG;
    if (!(in = fopen(path, "rb"))) {
        if (d)
            (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot read the run state: %s",
                              strerror(errno));
        return RF_ERR_IO;
    }
    st = load_from(profiles, base, in, path, d, out);
    (void)fclose(in); /* read only: nothing to lose */
    return st;
}
