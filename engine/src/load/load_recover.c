/* engine/src/load/load_recover.c: a second pass over a file whose XML broke,
 * so the rooms before the break are not lost.
 *
 * Pipeline: load; run once by rf_load_pass after a fatal xml-syntax error.
 * Design: the bytes are cut after the last </room> before the error and
 * closed; each room and each diagnostic is still reported once.
 */
#include <string.h>
#include <strings.h>

#include "core/seam.h"
#include "load_int.h"

/* Offset of the first byte of 1-based line `line` (len when past the end). */
static size_t line_offset(const char *b, size_t len, int line)
{
    size_t p = 0;
    while (--line > 0) {
        const char *nl = memchr(b + p, '\n', len - p);
        if (!nl)
            return len;
        p = (size_t)(nl - b) + 1;
    }
    return p;
}

/* Offset just past the last "</room>" (any case, blanks before '>') that
 * ends before `cut`, or 0 when there is none. */
static size_t last_room_end(const char *b, size_t cut)
{
    size_t p = cut;
    while (p-- > 0) {
        size_t q = p + 6;
        if (b[p] != '<' || q > cut || b[p + 1] != '/' || strncasecmp(b + p + 2, "room", 4) != 0)
            continue;
        while (q < cut && rf_load_is_space(b[q]))
            q++;
        if (q < cut && b[q] == '>')
            return q + 1;
    }
    return 0;
}

/* A file whose XML breaks keeps the rooms complete before the break. The
 * SAX pass has handed them over already (its callbacks run in document
 * order, up to the error); a file the prescan refused before any parsing (a
 * tag with more attributes than the loader takes) has none yet. This second
 * pass reads the file again up to the last </room> before the error's line,
 * closed with the root's end tag, passing over the rooms the first pass
 * finished and every diagnostic it already gave. Runs once. */
rf_status rf_load_recover(const rf_loader *L1)
{
    size_t cut = line_offset(L1->buf, L1->len, L1->syntax_line), end = last_room_end(L1->buf, cut);
    size_t at, n = 0;
    char *copy;
    rf_status st;
    if (end == 0 || !rf_load_root(L1->buf, end, &at))
        return RF_OK;
    for (at++; at + n < end && !rf_load_is_space(L1->buf[at + n]) && L1->buf[at + n] != '>' &&
               L1->buf[at + n] != '/';
         n++)
        ;
    if (n == 0)
        return RF_OK;
    copy = rf_alloc(end + n + 3);
    if (!copy)
        return RF_ERR_NOMEM;
    memcpy(copy, L1->buf, end);
    copy[end] = '<';
    copy[end + 1] = '/';
    memcpy(copy + end + 2, L1->buf + at, n);
    copy[end + 2 + n] = '>';
    st = rf_load_pass(L1->set, L1->file, copy, end + n + 3, L1->d, L1);
    rf_free(copy);
    return st;
}
