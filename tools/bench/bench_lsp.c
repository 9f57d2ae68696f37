/* tools/bench/bench_lsp.c: the language server's diagnostics after an edit
 * (issue 34: within 50 ms for a 1,000-room file), printed beside `lint` of
 * the same file, its peer.
 *
 * Pipeline: benchmark over the server (tools/lsp, run on a thread through
 * pipes, as an editor runs it) and lint.h; prints figures, asserts nothing
 * but that each edit's diagnostics came back right. Design: didChange sends
 * the whole file with one id misspelt, then put back, EDITS times; each is
 * timed from the first byte written to the publishDiagnostics read. Usage:
 * `--rooms N` (default 1,000), `--lua-every K` (a Lua chunk every K-th room,
 * default 10).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench_common.h"
#include "lsp.h"
#include "roomforge/lint.h"

#define EDITS 20
#define RUNS 5

typedef struct text {
    char *b;
    size_t n, cap;
} text;

static void add(text *t, const char *s)
{
    size_t n = strlen(s);
    if (t->n + n + 1 > t->cap) {
        t->cap = (t->n + n + 1) * 2;
        if (!(t->b = realloc(t->b, t->cap)))
            exit(3);
    }
    memcpy(t->b + t->n, s, n + 1);
    t->n += n;
}

/* The rooms file: rooms scripted rooms; room `typo` names id "mm" when bad. */
static void make_rooms(text *t, long rooms, long lua_every, long typo, bool bad)
{
    char buf[512];
    long i;
    t->n = 0;
    add(t, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<roomdb>\n");
    for (i = 0; i < rooms; i++) {
        snprintf(buf, sizeof buf,
                 "  <room name=\"room %ld\">\n    <row text=\"##D##\"/>\n"
                 "    <row text=\"d.1.d\"/>\n    <row text=\"##D##\"/>\n"
                 "    <monster at=\"1\" name=\"bat\" id=\"m\"/>\n"
                 "    <script><condition condition_type=\"isDead\" id=\"%s\"/>"
                 "<action action_type=\"ticker\" text=\"dead %ld\"/></script>\n",
                 i, bad && i == typo ? "mm" : "m", i);
        add(t, buf);
        if (i % lua_every == 0) {
            snprintf(buf, sizeof buf,
                     "    <script lang=\"lua\">room:rule{when = function() return "
                     "room:find(\"m\") ~= nil end, run = function() room:ticker(\"%ld\") end}"
                     "</script>\n",
                     i);
            add(t, buf);
        }
        add(t, "  </room>\n");
    }
    add(t, "</roomdb>\n");
}

/* Writes one message: text, as a JSON string, spliced into a template. */
static void send(FILE *to, const char *head, const char *body, const char *tail)
{
    json_object *s = json_object_new_string(body ? body : "");
    const char *q = body ? json_object_to_json_string_ext(s, JSON_C_TO_STRING_PLAIN) : "";
    size_t n = strlen(head) + strlen(q) + strlen(tail);
    fprintf(to, "Content-Length: %zu\r\n\r\n%s%s%s", n, head, q, tail);
    fflush(to);
    json_object_put(s);
}

/* Reads messages until a publishDiagnostics; its diagnostics' count. */
static int read_publish(FILE *from)
{
    for (;;) {
        char *body = NULL;
        size_t len = 0;
        json_object *m, *p, *d;
        int n = -1;
        if (lsp_frame_read(from, stderr, &body, &len) != LSP_FRAME_OK)
            return -2;
        m = json_tokener_parse(body);
        free(body);
        if (json_object_object_get_ex(m, "error", NULL)) {
            json_object_put(m);
            return -3; /* the server refused a message: a bug of this benchmark */
        }
        if (json_object_object_get_ex(m, "params", &p) &&
            json_object_object_get_ex(p, "diagnostics", &d))
            n = (int)json_object_array_length(d);
        json_object_put(m);
        if (n >= 0)
            return n;
    }
}

static void *serve(void *arg)
{
    (void)lsp_serve(arg);
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The server on a thread: open, then EDITS edits; times[] gets each. */
static int edits(const text *good, const text *bad, double *times)
{
    int to[2], from[2], k, rc = 0;
    static const lsp_server zero;
    lsp_server s = zero;
    pthread_t th;
    FILE *w, *r;
    static const char uri[] = "file:///bench/rooms.xml";
    char head[256];
    if (pipe(to) || pipe(from))
        return -1;
    s.in = fdopen(to[0], "r"), s.out = fdopen(from[1], "w"), s.log = stderr;
    w = fdopen(to[1], "w"), r = fdopen(from[0], "r");
    if (!s.in || !s.out || !w || !r || pthread_create(&th, NULL, serve, &s))
        return -1;
    send(w, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}", NULL, "");
    snprintf(head, sizeof head,
             "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":"
             "{\"textDocument\":{\"uri\":\"%s\",\"version\":1,\"text\":",
             uri);
    send(w, head, good->b, "}}}");
    rc |= read_publish(r) != 0;
    for (k = 0; k < EDITS; k++) {
        double t0 = bench_now();
        snprintf(head, sizeof head,
                 "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\","
                 "\"params\":{\"textDocument\":{\"uri\":\"%s\",\"version\":%d},"
                 "\"contentChanges\":"
                 "[{\"text\":",
                 uri, k + 2);
        send(w, head, k % 2 ? good->b : bad->b, "}]}}");
        rc |= read_publish(r) != (k % 2 ? 0 : 1);
        times[k] = bench_now() - t0;
    }
    send(w, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}", NULL, "");
    send(w, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}", NULL, "");
    pthread_join(th, NULL);
    fclose(w), fclose(r), fclose(s.in), fclose(s.out);
    return rc;
}

/* lint of the file at path, as `roomforge lint` runs it: the best of RUNS. */
static double lint_best(const char *path)
{
    double best = 1e9;
    int k;
    for (k = 0; k < RUNS; k++) {
        rf_diags *d = rf_diags_new();
        rf_lint_opts o;
        rf_lint_summary sum;
        double t0 = bench_now();
        rf_lint_opts_init(&o);
        if (!d || rf_lint_paths(&path, 1, &o, d, &sum) != RF_OK)
            fprintf(stderr, "bench_lsp: lint of %s failed\n", path);
        if (bench_now() - t0 < best)
            best = bench_now() - t0;
        rf_diags_free(d);
    }
    return best;
}

int main(int argc, char **argv)
{
    long rooms = 1000, lua_every = 10;
    text good = {NULL, 0, 0}, bad = {NULL, 0, 0};
    double times[EDITS], lint;
    char path[] = "/tmp/bench_lsp_XXXXXX";
    int i, fd;
    for (i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--rooms"))
            rooms = strtol(argv[i + 1], NULL, 10);
        else if (!strcmp(argv[i], "--lua-every"))
            lua_every = strtol(argv[i + 1], NULL, 10);
    }
    if (rooms < 1 || lua_every < 1) {
        fputs("usage: bench_lsp [--rooms N] [--lua-every K]\n", stderr);
        return 2;
    }
    make_rooms(&good, rooms, lua_every, rooms / 2, false);
    make_rooms(&bad, rooms, lua_every, rooms / 2, true);
    if ((fd = mkstemp(path)) < 0 || write(fd, good.b, good.n) != (ssize_t)good.n || close(fd))
        return 3;
    lint = lint_best(path);
    unlink(path);
    if (edits(&good, &bad, times) != 0)
        fputs("bench_lsp: an edit's diagnostics were not the expected ones\n", stderr);
    qsort(times, EDITS, sizeof times[0], cmp_double);
    printf("bench_lsp: %ld rooms (%zu bytes, a Lua chunk every %ld), %d edits\n", rooms, good.n,
           lua_every, EDITS);
    printf("  lsp: edit -> publishDiagnostics  median %7.1f ms  max %7.1f ms\n",
           times[EDITS / 2] * 1e3, times[EDITS - 1] * 1e3);
    printf("  lint of the same file (peer)     best   %7.1f ms\n", lint * 1e3);
    free(good.b);
    free(bad.b);
    return 0;
}
