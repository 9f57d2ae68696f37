/* tools/cli/watch_http.h: `roomforge watch --serve [ADDR:]PORT`: the live
 * view over HTTP (DESIGN 11) with libmicrohttpd.
 *
 * Pipeline: CLI over libmicrohttpd. Design: one thread: the command's loop
 * polls the server's descriptor with its own and calls watch_http_run, so a
 * request never sees a build half made. Answers are bytes kept in memory
 * (nothing from disk): / the html view, /level.json, /diagnostics.json, and
 * /events, server-sent events, one suspended connection per listener.
 */
#ifndef RF_WATCH_HTTP_H
#define RF_WATCH_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "roomforge/diag.h"
#include "watch_build.h"

typedef struct watch_http watch_http;

/* Rebuilds with the values of /level.json?seed=&depth=&profile= (NULL
 * where not given); NULL when done, else why the values are refused (the
 * answer is then 400 with that message). */
typedef const char *(*watch_http_reroll)(void *ctx, const char *seed, const char *depth,
                                         const char *profile);

/* Listens on spec ([ADDR:]PORT, ADDR 127.0.0.1 unless given, PORT 0 any
 * free port; [::1]:PORT for IPv6). CLI_OK with *out set, or a usage error
 * printed (a port in use, an address not of this machine): CLI_USAGE. */
int watch_http_start(watch_http **out, const char *spec, watch_http_reroll reroll, void *ctx);
/* Ends every stream and connection and frees h; h may be NULL. */
void watch_http_stop(watch_http *h);
/* "http://ADDR:PORT/" as listened on. */
const char *watch_http_url(const watch_http *h);

/* After build number gen: its diagnostics and, when it is ok, its level
 * (b's json and html) become the answers, and every /events listener gets
 * `event: build`. False when memory ran out (the answers stay as they were). */
bool watch_http_publish(watch_http *h, unsigned long gen, const watch_build *b);

/* The descriptor to poll for input, the longest wait in milliseconds
 * before watch_http_run must be called anyway (-1: none), and the work. */
int watch_http_fd(const watch_http *h);
int watch_http_timeout(const watch_http *h);
void watch_http_run(watch_http *h);

#endif /* RF_WATCH_HTTP_H */
