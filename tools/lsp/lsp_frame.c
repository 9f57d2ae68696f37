/* tools/lsp/lsp_frame.c: the LSP base protocol's framing: header lines,
 * a blank line, then Content-Length bytes of JSON.
 *
 * Pipeline: CLI (roomforge lsp); lsp_rpc.c's loop reads each message here
 * and writes each reply. Design: header lines are bounded (LINE_MAX_BYTES,
 * the rest of a longer one dropped) and blocks too (HEADERS_MAX lines); a
 * block without one valid Content-Length is skipped, logged; a header line
 * that holds "Content-Length:" after garbage (a body of unknown length ran
 * into it) starts the next block there, so the stream finds its feet again.
 * A length past LSP_BODY_MAX is read and dropped. EOF anywhere ends it.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lsp.h"

#define LINE_MAX_BYTES 1024
#define HEADERS_MAX 32
#define DROP_CHUNK 65536

static const char length_key[] = "Content-Length:";

/* One header line without its "\r\n" (or "\n") into buf; false at EOF. */
static bool read_line(FILE *in, char *buf, size_t cap)
{
    size_t n = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n')
        if (n + 1 < cap)
            buf[n++] = (char)c;
    if (c == EOF && n == 0)
        return false;
    if (n > 0 && buf[n - 1] == '\r')
        n--;
    buf[n] = '\0';
    return c != EOF;
}

/* The length of a "Content-Length: N" value: digits only, blanks around;
 * -1 when it is no such number (or past a long's range). */
static long parse_length(const char *v)
{
    long n = 0;
    while (*v == ' ' || *v == '\t')
        v++;
    if (*v < '0' || *v > '9')
        return -1;
    for (; *v >= '0' && *v <= '9'; v++) {
        if (n > (long)(LSP_BODY_MAX * 4))
            return -2; /* too big, whatever follows */
        n = n * 10 + (*v - '0');
    }
    while (*v == ' ' || *v == '\t')
        v++;
    return *v ? -1 : n;
}

/* The first "Content-Length:" in line, any case, or NULL. */
static const char *find_key(const char *line)
{
    size_t n = strlen(length_key);
    for (; *line; line++)
        if (strncasecmp(line, length_key, n) == 0)
            return line;
    return NULL;
}

/* Reads a header block; *length the Content-Length (-1 none or bad, -2 too
 * big). false at EOF. */
static bool read_headers(FILE *in, FILE *log, long *length)
{
    char line[LINE_MAX_BYTES];
    int lines = 0;
    bool bad = false;
    *length = -1;
    while (read_line(in, line, sizeof line)) {
        const char *k;
        if (!line[0] && lines > 0) {
            if (bad)
                *length = -1;
            return true;
        }
        if (!line[0])
            continue; /* blank lines between messages */
        lines++;
        k = find_key(line);
        if (k && k != line) { /* garbage ran into a header: start again here */
            fprintf(log, "roomforge lsp: skipped bytes before a header\n");
            lines = 1, bad = false, *length = -1;
        }
        if (k && *length >= 0)
            bad = true; /* two lengths */
        else if (k)
            *length = parse_length(k + strlen(length_key));
        else if (!strchr(line, ':'))
            bad = true;
        if (lines > HEADERS_MAX)
            bad = true;
    }
    return false;
}

/* Reads and drops n bytes; false at EOF. */
static bool drop(FILE *in, size_t n)
{
    char buf[DROP_CHUNK];
    while (n > 0) {
        size_t want = n < sizeof buf ? n : sizeof buf, got = fread(buf, 1, want, in);
        if (got == 0)
            return false;
        n -= got;
    }
    return true;
}

int lsp_frame_read(FILE *in, FILE *log, char **body, size_t *len)
{
    long length;
    char *b;
    if (!read_headers(in, log, &length))
        return LSP_FRAME_EOF;
    if (length == -1) {
        fprintf(log, "roomforge lsp: a header block without a valid Content-Length, skipped\n");
        return LSP_FRAME_SKIP;
    }
    if (length < 0 || (size_t)length > LSP_BODY_MAX) {
        fprintf(log, "roomforge lsp: a message over %zu bytes, dropped\n", LSP_BODY_MAX);
        if (length < 0)
            return LSP_FRAME_EOF; /* a length past any bound: nothing after it can be
                                     trusted */
        return drop(in, (size_t)length) ? LSP_FRAME_TOO_BIG : LSP_FRAME_EOF;
    }
    if (!(b = malloc((size_t)length + 1)))
        return drop(in, (size_t)length) ? LSP_FRAME_NOMEM : LSP_FRAME_EOF;
    if (fread(b, 1, (size_t)length, in) != (size_t)length) {
        fprintf(log, "roomforge lsp: the input ended inside a message\n");
        free(b);
        return LSP_FRAME_EOF;
    }
    b[length] = '\0';
    *body = b;
    *len = (size_t)length;
    return LSP_FRAME_OK;
}

bool lsp_frame_write(FILE *out, const char *body, size_t len)
{
    return fprintf(out, "Content-Length: %zu\r\n\r\n", len) > 0 &&
           fwrite(body, 1, len, out) == len && fflush(out) == 0;
}
