/* tools/cli/watch_http.c: the watch server over libmicrohttpd: the listening
 * socket, the routes of DESIGN 11, and the server-sent event streams.
 *
 * Pipeline: CLI. Design: the daemon runs in the caller's loop (epoll, no
 * thread); GET and HEAD only, 404 elsewhere, connections, requests and idle
 * time bounded. Another site's requests are 403 (Host: DNS rebinding;
 * Origin, Sec-Fetch-Site; a re-roll's Referer: DESIGN 8). An /events
 * listener with nothing to send is suspended, its socket then in the
 * server's own epoll set beside libmicrohttpd's, so a client that leaves
 * frees its slot at once; at most 16 listeners (a 17th evicts the oldest),
 * each 64 KiB behind at most before it is dropped.
 */
#include "watch_http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <ifaddrs.h>
#include <microhttpd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define MAX_CONNECTIONS 48 /* the clients are local: no per-address limit below it */
#define MAX_LISTENERS 16   /* /events streams; a new one evicts the oldest */
#define CONNECTION_MEMORY 32768 /* bytes a connection may use: bounds a request */
#define IDLE_SECONDS 60
#define KEEPALIVE_MS 15000
#define SSE_MAX_PENDING 65536 /* bytes waiting for a listener: past it, it is dropped */
#define MAX_HOSTS 64          /* host names a non-loopback server answers to */

typedef struct sse {
    struct watch_http *h;
    struct MHD_Connection *c;
    char *buf; /* events not sent yet */
    size_t len, off;
    bool suspended;
    bool gone;    /* the client left, fell too far behind or was evicted: end it */
    int fd;       /* its socket, in h->ep while suspended (-1: unknown) */
    bool watched; /* fd is in h->ep */
    struct sse *next, *prev;
} sse;

struct watch_http {
    struct MHD_Daemon *d;
    int ep; /* the loop's epoll set: libmicrohttpd's, and the suspended listeners */
    watch_http_reroll reroll;
    void *ctx;
    bool loopback;
    char *hosts[MAX_HOSTS]; /* not on loopback: the names and addresses it answers to */
    size_t nhosts;
    bool closing;
    bool kick; /* listeners were resumed: run the daemon without waiting */
    char url[128];
    char *level; /* gen JSON + generation of the last good build; NULL: none yet */
    char *page;  /* its html view */
    char *diags; /* lint JSON + generation of the last build */
    char *event; /* the last `event: build` */
    sse *listeners;
    size_t nlisteners;
    double last_ping;
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Splits [ADDR:]PORT; false when it is not that form. */
static bool parse_spec(const char *spec, char *addr, size_t cap, char *port, size_t pcap)
{
    const char *colon = strrchr(spec, ':'), *p;
    size_t n;
    int v;
    if (spec[0] == '[') { /* [v6]:PORT */
        const char *close = strchr(spec, ']');
        if (!close || close[1] != ':')
            return false;
        n = (size_t)(close - spec - 1);
        colon = close + 1;
        if (n == 0 || n >= cap)
            return false;
        memcpy(addr, spec + 1, n);
        addr[n] = '\0';
    } else if (colon) {
        n = (size_t)(colon - spec);
        if (n == 0 || n >= cap || memchr(spec, ':', n))
            return false;
        memcpy(addr, spec, n);
        addr[n] = '\0';
    } else {
        snprintf(addr, cap, "127.0.0.1");
    }
    p = colon ? colon + 1 : spec;
    if (strlen(p) >= pcap || !cli_parse_int(p, &v) || v > 65535)
        return false;
    snprintf(port, pcap, "%d", v);
    return true;
}

static bool is_loopback(const struct sockaddr *sa)
{
    if (sa->sa_family == AF_INET)
        return (ntohl(((const struct sockaddr_in *)(const void *)sa)->sin_addr.s_addr) >> 24) ==
               127;
    return sa->sa_family == AF_INET6 &&
           IN6_IS_ADDR_LOOPBACK(&((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr);
}

/* The bound socket (its URL in h->url): the descriptor, or -1 with the
 * usage error printed. */
static int listen_on(watch_http *h, const char *spec)
{
    char addr[64], port[16], host[64], serv[16];
    struct addrinfo hints, *ai = NULL;
    struct sockaddr_storage ss;
    socklen_t sl = sizeof ss;
    int fd, one = 1, e;
    if (!parse_spec(spec, addr, sizeof addr, port, sizeof port)) {
        cli_usage_error("watch",
                        "--serve takes [ADDR:]PORT, PORT 0..65535 (0: any free port), "
                        "e.g. 8080, 127.0.0.1:8080 or [::1]:8080; not '%s'",
                        spec);
        return -1;
    }
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    if ((e = getaddrinfo(addr, port, &hints, &ai)) != 0) {
        cli_usage_error("watch", "--serve %s: %s is not an address: %s", spec, addr,
                        gai_strerror(e));
        return -1;
    }
    fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, 64) != 0) {
        e = errno;
        cli_usage_error("watch", "--serve %s: %s", spec,
                        e == EADDRINUSE ? "the port is in use (another program listens there); "
                                          "give another port, or 0 for any free one"
                        : e == EADDRNOTAVAIL ? "the address is not one of this machine's"
                        : e == EACCES        ? "not allowed to listen on that port (below 1024?)"
                                             : strerror(e));
        if (fd >= 0)
            close(fd);
        freeaddrinfo(ai);
        return -1;
    }
    h->loopback = is_loopback(ai->ai_addr);
    freeaddrinfo(ai);
    if (getsockname(fd, (struct sockaddr *)&ss, &sl) != 0 ||
        getnameinfo((struct sockaddr *)&ss, sl, host, sizeof host, serv, sizeof serv,
                    NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
        close(fd);
        cli_usage_error("watch", "--serve %s: %s", spec, strerror(errno));
        return -1;
    }
    snprintf(h->url, sizeof h->url, ss.ss_family == AF_INET6 ? "http://[%s]:%s/" : "http://%s:%s/",
             host, serv);
    return fd;
}

static enum MHD_Result answer(struct MHD_Connection *c, unsigned code, const char *type,
                              const char *body, size_t len)
{
    struct MHD_Response *r =
        MHD_create_response_from_buffer(len, (void *)(uintptr_t)body, MHD_RESPMEM_MUST_COPY);
    enum MHD_Result ok;
    if (!r)
        return MHD_NO;
    (void)MHD_add_response_header(r, "Content-Type", type);
    (void)MHD_add_response_header(r, "Cache-Control", "no-store");
    (void)MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    if (code == MHD_HTTP_METHOD_NOT_ALLOWED)
        (void)MHD_add_response_header(r, "Allow", "GET, HEAD");
    ok = MHD_queue_response(c, code, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result say(struct MHD_Connection *c, unsigned code, const char *text)
{
    return answer(c, code, "text/plain; charset=utf-8", text, strlen(text));
}

static enum MHD_Result json(struct MHD_Connection *c, const char *body)
{
    return answer(c, MHD_HTTP_OK, "application/json", body, strlen(body));
}

/* An event stream's bytes: what is pending, else suspended until a build. */
static ssize_t sse_read(void *cls, uint64_t pos, char *out, size_t max)
{
    sse *s = cls;
    size_t n;
    (void)pos;
    if (s->h->closing || s->gone)
        return MHD_CONTENT_READER_END_OF_STREAM;
    if (s->off == s->len) {
        struct epoll_event ev;
        s->off = s->len = 0;
        s->suspended = true;
        MHD_suspend_connection(s->c);
        /* libmicrohttpd stops watching it: the server watches for the
         * client leaving (a hang-up, or anything it sends) */
        memset(&ev, 0, sizeof ev);
        ev.events = EPOLLIN | EPOLLRDHUP;
        ev.data.ptr = s;
        s->watched = s->fd >= 0 && epoll_ctl(s->h->ep, EPOLL_CTL_ADD, s->fd, &ev) == 0;
        return 0;
    }
    n = s->len - s->off < max ? s->len - s->off : max;
    memcpy(out, s->buf + s->off, n);
    s->off += n;
    return (ssize_t)n;
}

/* Wakes a suspended listener (its socket back to libmicrohttpd). */
static void sse_wake(sse *s)
{
    if (!s->suspended)
        return;
    if (s->watched)
        (void)epoll_ctl(s->h->ep, EPOLL_CTL_DEL, s->fd, NULL);
    s->watched = false;
    s->suspended = false;
    MHD_resume_connection(s->c);
    s->h->kick = true;
}

/* Ends listener s at its next read (its slot is freed when it closes). */
static void sse_end(sse *s)
{
    s->gone = true;
    sse_wake(s);
}

static void sse_free(void *cls)
{
    sse *s = cls;
    if (s->watched)
        (void)epoll_ctl(s->h->ep, EPOLL_CTL_DEL, s->fd, NULL);
    s->h->nlisteners--;
    if (s->prev)
        s->prev->next = s->next;
    else
        s->h->listeners = s->next;
    if (s->next)
        s->next->prev = s->prev;
    free(s->buf);
    free(s);
}

/* Queues text for s and wakes it; a listener that does not read and falls
 * SSE_MAX_PENDING bytes behind is dropped (it reconnects when it can). */
static void sse_push(sse *s, const char *text)
{
    size_t n = strlen(text);
    char *grown;
    if (s->gone)
        return;
    if (s->len - s->off + n > SSE_MAX_PENDING) {
        sse_end(s);
        return;
    }
    if (s->off > 0) {
        memmove(s->buf, s->buf + s->off, s->len - s->off);
        s->len -= s->off;
        s->off = 0;
    }
    grown = realloc(s->buf, s->len + n);
    if (!grown) {
        sse_end(s);
        return;
    }
    s->buf = grown;
    memcpy(s->buf + s->len, text, n);
    s->len += n;
    sse_wake(s);
}

static enum MHD_Result events(watch_http *h, struct MHD_Connection *c)
{
    sse *s = calloc(1, sizeof *s), *old;
    const union MHD_ConnectionInfo *ci = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    struct MHD_Response *r;
    enum MHD_Result ok;
    if (!s)
        return MHD_NO;
    s->h = h;
    s->c = c;
    s->fd = ci ? ci->connect_fd : -1;
    if (h->nlisteners >= MAX_LISTENERS) { /* the oldest still counted makes room */
        for (old = h->listeners; old && old->next; old = old->next)
            ;
        for (; old && old->gone; old = old->prev)
            ;
        if (old)
            sse_end(old);
    }
    r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, sse_read, s, sse_free);
    if (!r) {
        free(s);
        return MHD_NO;
    }
    s->next = h->listeners;
    if (h->listeners)
        h->listeners->prev = s;
    h->listeners = s;
    h->nlisteners++;
    sse_push(s, "retry: 1000\n\n");
    if (h->event) /* the state now, so a listener never waits for news */
        sse_push(s, h->event);
    (void)MHD_add_response_header(r, "Content-Type", "text/event-stream");
    (void)MHD_add_response_header(r, "Cache-Control", "no-store");
    ok = MHD_queue_response(c, MHD_HTTP_OK, r);
    MHD_destroy_response(r);
    return ok;
}

/* The host part of a Host header value (no port, IPv6 without brackets),
 * into buf; false when it does not fit. */
static bool host_part(const char *host, char *buf, size_t cap)
{
    size_t n;
    if (host[0] == '[') {
        const char *close = strchr(host, ']');
        if (!close)
            return false;
        host++;
        n = (size_t)(close - host);
    } else {
        n = strcspn(host, ":");
    }
    if (n == 0 || n >= cap)
        return false;
    memcpy(buf, host, n);
    buf[n] = '\0';
    return true;
}

static bool is_loopback_name(const char *name)
{
    return strcasecmp(name, "localhost") == 0 || strcmp(name, "::1") == 0 ||
           (strncmp(name, "127.", 4) == 0 && strspn(name, "0123456789.") == strlen(name));
}

/* A Host that names something the server is not is a page of another site
 * reaching in through DNS rebinding: on loopback only loopback names pass;
 * elsewhere the machine's own names and addresses too (h->hosts). */
static bool host_allowed(const watch_http *h, struct MHD_Connection *c)
{
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    char name[256];
    size_t i;
    if (!host || !host_part(host, name, sizeof name))
        return false;
    if (is_loopback_name(name))
        return true;
    for (i = 0; !h->loopback && i < h->nhosts; i++)
        if (strcasecmp(name, h->hosts[i]) == 0)
            return true;
    return false;
}

/* DESIGN 8: a request from another site (a page elsewhere fetching, linking
 * or embedding the server) is refused: an Origin that is not the server's
 * own, or a Sec-Fetch-Site other than same-origin or none (typed by the
 * user). A re-roll, which rewrites the level and the user's -o file, also
 * refuses a Referer from elsewhere, for browsers that send neither header.
 * A request with none of them comes from a program the user runs (curl). */
static bool same_origin(struct MHD_Connection *c, bool changes_state)
{
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Host");
    const char *origin = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Origin");
    const char *site = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Sec-Fetch-Site");
    const char *referer = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "Referer");
    char own[300];
    size_t n;
    if (!host || snprintf(own, sizeof own, "http://%s", host) >= (int)sizeof own)
        return false;
    n = strlen(own);
    if (site && strcmp(site, "same-origin") != 0 && strcmp(site, "none") != 0)
        return false;
    if (origin && strcasecmp(origin, own) != 0)
        return false;
    if (changes_state && referer &&
        !(strncasecmp(referer, own, n) == 0 && (referer[n] == '/' || referer[n] == '\0')))
        return false;
    return true;
}

static const char no_level_json[] =
    "{\"error\":\"no build has made a level yet: /diagnostics.json says why\"}";

static enum MHD_Result level(watch_http *h, struct MHD_Connection *c)
{
    const char *seed = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "seed");
    const char *depth = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "depth");
    const char *profile = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "profile");
    if (seed || depth || profile) {
        const char *why = h->reroll(h->ctx, seed, depth, profile);
        if (why) { /* a fixed phrase of the command: no quote or backslash in it */
            char body[256];
            snprintf(body, sizeof body, "{\"error\":\"%s\"}", why);
            return answer(c, MHD_HTTP_BAD_REQUEST, "application/json", body, strlen(body));
        }
    }
    if (!h->level)
        return answer(c, MHD_HTTP_SERVICE_UNAVAILABLE, "application/json", no_level_json,
                      strlen(no_level_json));
    return json(c, h->level);
}

static const char no_level_page[] =
    "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
    "<meta http-equiv=\"refresh\" content=\"1\"><title>roomforge watch</title></head>"
    "<body><p>No build has made a level yet; this page reloads until one does "
    "(<a href=\"/diagnostics.json\">diagnostics</a>).</p></body></html>\n";

static enum MHD_Result route(void *cls, struct MHD_Connection *c, const char *url,
                             const char *method, const char *version, const char *upload,
                             size_t *upload_size, void **con_cls)
{
    watch_http *h = cls;
    (void)version;
    (void)upload;
    (void)upload_size;
    (void)con_cls;
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return say(c, MHD_HTTP_METHOD_NOT_ALLOWED, "405 method not allowed: GET only\n");
    if (!host_allowed(h, c))
        return say(c, MHD_HTTP_FORBIDDEN, "403 forbidden: the Host header names another site\n");
    if (!same_origin(c, MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "seed") ||
                            MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "depth") ||
                            MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "profile")))
        return say(c, MHD_HTTP_FORBIDDEN,
                   "403 forbidden: a request from another site (Origin, Sec-Fetch-Site or Referer)\n");
    if (strcmp(url, "/") == 0) {
        if (!h->page)
            return answer(c, MHD_HTTP_SERVICE_UNAVAILABLE, "text/html; charset=utf-8",
                          no_level_page, strlen(no_level_page));
        return answer(c, MHD_HTTP_OK, "text/html; charset=utf-8", h->page, strlen(h->page));
    }
    if (strcmp(url, "/level.json") == 0)
        return level(h, c);
    if (strcmp(url, "/diagnostics.json") == 0)
        return h->diags ? json(c, h->diags)
                        : say(c, MHD_HTTP_SERVICE_UNAVAILABLE, "503 no build yet\n");
    if (strcmp(url, "/events") == 0)
        return events(h, c);
    return say(c, MHD_HTTP_NOT_FOUND,
               "404 not found: /, /level.json, /diagnostics.json, /events\n");
}

static void add_host(watch_http *h, const char *name)
{
    size_t i;
    if (!name || !*name || h->nhosts == MAX_HOSTS)
        return;
    for (i = 0; i < h->nhosts; i++)
        if (strcasecmp(h->hosts[i], name) == 0)
            return;
    if ((h->hosts[h->nhosts] = strdup(name)) != NULL)
        h->nhosts++;
}

/* Off loopback, the names the server answers to: the address it is bound to
 * (a wildcard: every address of the machine's interfaces) and the machine's
 * host name; and it says that it listens beyond this machine. */
static void learn_hosts(watch_http *h, const char *spec)
{
    char bound[INET6_ADDRSTRLEN + 2], name[256];
    struct ifaddrs *ifs = NULL, *i;
    if (h->loopback)
        return;
    fprintf(stderr,
            "roomforge watch: warning: --serve %s listens beyond this machine: whoever can "
            "reach it sees your level and rooms (it answers only to this machine's names and "
            "addresses)\n",
            spec);
    if (host_part(h->url + 7, bound, sizeof bound))
        add_host(h, bound);
    if (gethostname(name, sizeof name) == 0) {
        name[sizeof name - 1] = '\0';
        add_host(h, name);
    }
    if (getifaddrs(&ifs) != 0)
        return;
    for (i = ifs; i; i = i->ifa_next) {
        char addr[INET6_ADDRSTRLEN];
        if (!i->ifa_addr || (i->ifa_addr->sa_family != AF_INET && i->ifa_addr->sa_family != AF_INET6))
            continue;
        if (getnameinfo(i->ifa_addr, i->ifa_addr->sa_family == AF_INET ? sizeof(struct sockaddr_in)
                                                                       : sizeof(struct sockaddr_in6),
                        addr, sizeof addr, NULL, 0, NI_NUMERICHOST) == 0 &&
            !strchr(addr, '%')) /* link-local scopes are never a Host a browser sends */
            add_host(h, addr);
    }
    freeifaddrs(ifs);
}

int watch_http_start(watch_http **out, const char *spec, watch_http_reroll reroll, void *ctx)
{
    watch_http *h = calloc(1, sizeof *h);
    int fd;
    *out = NULL;
    if (!h)
        return cli_usage_error("watch", "out of memory");
    h->reroll = reroll;
    h->ctx = ctx;
    h->ep = -1;
    if ((fd = listen_on(h, spec)) < 0) {
        free(h);
        return CLI_USAGE;
    }
    h->d = MHD_start_daemon(MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME, 0, NULL, NULL, route, h,
                            MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_CONNECTION_LIMIT,
                            (unsigned)MAX_CONNECTIONS, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                            (size_t)CONNECTION_MEMORY, MHD_OPTION_CONNECTION_TIMEOUT,
                            (unsigned)IDLE_SECONDS, MHD_OPTION_END);
    if (!h->d) {
        close(fd);
        free(h);
        return cli_usage_error("watch", "--serve %s: the HTTP server did not start", spec);
    }
    {
        const union MHD_DaemonInfo *i = MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_EPOLL_FD);
        struct epoll_event ev;
        memset(&ev, 0, sizeof ev);
        ev.events = EPOLLIN;
        ev.data.ptr = NULL; /* libmicrohttpd's own set */
        h->ep = epoll_create1(EPOLL_CLOEXEC);
        if (h->ep < 0 || !i || epoll_ctl(h->ep, EPOLL_CTL_ADD, i->epoll_fd, &ev) != 0) {
            int e = errno;
            watch_http_stop(h);
            return cli_usage_error("watch", "--serve %s: epoll: %s", spec, strerror(e));
        }
    }
    learn_hosts(h, spec);
    h->last_ping = now_ms();
    *out = h;
    return CLI_OK;
}

void watch_http_stop(watch_http *h)
{
    sse *s;
    if (!h)
        return;
    h->closing = true; /* every stream ends at its next read */
    for (s = h->listeners; s; s = s->next)
        sse_wake(s);
    MHD_run(h->d);
    MHD_stop_daemon(h->d);
    if (h->ep >= 0)
        close(h->ep);
    while (h->nhosts > 0)
        free(h->hosts[--h->nhosts]);
    free(h->level);
    free(h->page);
    free(h->diags);
    free(h->event);
    free(h);
}

const char *watch_http_url(const watch_http *h) { return h->url; }

/* text (a JSON object) with ,"generation":N before its closing brace. */
static char *with_generation(const char *text, size_t len, unsigned long gen)
{
    char *out;
    size_t cap;
    while (len > 0 && text[len - 1] != '}')
        len--;
    if (len == 0)
        return NULL;
    cap = len + 48;
    out = malloc(cap);
    if (out)
        snprintf(out, cap, "%.*s,\"generation\":%lu}", (int)(len - 1), text, gen);
    return out;
}

bool watch_http_publish(watch_http *h, unsigned long gen, const watch_build *b)
{
    char *dj = NULL, *lv = NULL, *page = NULL, *ev = NULL;
    size_t dn = 0;
    FILE *m = open_memstream(&dj, &dn);
    sse *s;
    bool ok = m && rf_diags_write_json(b->diags, m) == RF_OK;
    if (m && fclose(m) != 0)
        ok = false;
    char *diags = ok ? with_generation(dj, dn, gen) : NULL;
    free(dj);
    if (b->ok) {
        lv = with_generation(b->json.s, b->json.len, gen);
        page = strdup(b->html.s);
    }
    ev = malloc(160);
    if (!diags || !ev || (b->ok && (!lv || !page))) {
        free(diags);
        free(lv);
        free(page);
        free(ev);
        return false;
    }
    snprintf(ev, 160,
             "event: build\ndata: {\"generation\":%lu,\"ok\":%s,\"errors\":%zu,"
             "\"warnings\":%zu}\n\n",
             gen, b->ok ? "true" : "false", rf_diags_errors(b->diags), rf_diags_warnings(b->diags));
    free(h->diags);
    h->diags = diags;
    if (b->ok) {
        free(h->level);
        free(h->page);
        h->level = lv;
        h->page = page;
    }
    free(h->event);
    h->event = ev;
    for (s = h->listeners; s; s = s->next)
        sse_push(s, ev);
    return true;
}

int watch_http_fd(const watch_http *h) { return h->ep; }

int watch_http_timeout(const watch_http *h)
{
    MHD_UNSIGNED_LONG_LONG t = 0;
    long ping = (long)(KEEPALIVE_MS - (now_ms() - h->last_ping));
    if (ping < 0 || h->kick)
        ping = 0;
    if (MHD_get_timeout(h->d, &t) == MHD_YES && t < (MHD_UNSIGNED_LONG_LONG)ping)
        return (int)t;
    return (int)ping;
}

void watch_http_run(watch_http *h)
{
    struct epoll_event ev[16];
    int n, k;
    /* a suspended listener whose client hung up (or spoke): ended now */
    while ((n = epoll_wait(h->ep, ev, 16, 0)) > 0) {
        for (k = 0; k < n; k++)
            if (ev[k].data.ptr)
                sse_end(ev[k].data.ptr);
        if (n < 16)
            break;
    }
    if (now_ms() - h->last_ping >= KEEPALIVE_MS) {
        sse *s;
        h->last_ping = now_ms();
        for (s = h->listeners; s; s = s->next)
            sse_push(s, ": keep-alive\n\n");
    }
    h->kick = false;
    (void)MHD_run(h->d);
}
