/* tools/cli/cmd_watch.c: `roomforge watch`: gen's level rebuilt on every
 * save of the content, redrawn in the terminal and, with --serve, in a
 * browser (DESIGN 11).
 *
 * Pipeline: CLI over watch_build.c (one build), watch_files.c (inotify) and
 * watch_http.c (libmicrohttpd). Design: one thread and one poll loop over
 * the watcher, the server, the keys and a signalfd; a burst of events is
 * built once, QUIET_MS after the last of it (at most MAX_WAIT_MS after the
 * first); a build with errors leaves the last good level on show with the
 * diagnostics that broke it. SIGINT and SIGTERM end the loop and free all.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_genopts.h"
#include "cli_out.h"
#include "commands.h"
#include "watch_build.h"
#include "watch_files.h"
#include "watch_http.h"

#define QUIET_MS 30     /* a burst of events ends this long after its last */
#define MAX_WAIT_MS 300 /* and is built at most this long after its first */
#define SHOWN_MAX 40    /* diagnostics drawn under the level */
#define PROFILE_MAX 64  /* bytes of a profile name given by the page */

static const char watch_usage[] =
    "usage: roomforge watch [gen options] [--serve [ADDR:]PORT]\n"
    "Generates the level of gen's options, then watches every file the build\n"
    "read (rooms files, profiles, recipes, scripts, and the packs' folders) and\n"
    "rebuilds on each save: lint's checks, then the level with the same seed,\n"
    "depth, profile and forced rooms. The terminal shows the level and the\n"
    "build's diagnostics. A room with errors is left out and the level built\n"
    "from the rest, its errors beside it; a save that breaks a forced room or\n"
    "the profile (any room with --strict) keeps the last good level on show.\n"
    "Keys on a terminal: s next seed, S previous, d next depth, D\n"
    "previous, r rebuild, q quit. Ends on q, SIGINT (Ctrl-C) or SIGTERM.\n"
    "\n"
    "options:\n";

static const char watch_usage_tail[] =
    "  --serve [ADDR:]PORT    also serve the live view over HTTP: / the page,\n"
    "                         /level.json, /diagnostics.json, /events (DESIGN 11);\n"
    "                         ADDR 127.0.0.1 unless given ([::1] for IPv6), PORT 0\n"
    "                         any free port (the URL is printed on stderr)\n"
    "  -h, --help             print this help and exit\n"
    "In watch, --format picks the terminal view (ascii, text or ansi; default\n"
    "ansi on a terminal, else text) unless -o FILE is given: then FILE is\n"
    "rewritten in --format after every good build. An option's value may also\n"
    "follow '=' (--seed=7).\n"
    "Exit: 0 when stopped, 2 usage or I/O errors (a port in use, no inotify).\n";

typedef struct watch {
    cli_gen g;
    rf_view_format term;
    bool tty;  /* stdout is a terminal: the screen is cleared and redrawn */
    bool keys; /* stdin is a terminal in key mode */
    struct termios saved;
    watch_build good; /* the last good build (good_gen 0: none yet) */
    unsigned long gen, good_gen;
    watch_files *files;
    watch_http *http;
    char profile[PROFILE_MAX];
    bool recheck; /* a new folder is watched: build once more (watch_files_set) */
    int rc; /* CLI_USAGE once memory or output failed: the loop ends */
} watch;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* The build's diagnostics under the view: errors first are what broke it;
 * at most SHOWN_MAX, notes only with --verbose, warnings not with --quiet. */
static void show_diags(const watch *w, const rf_diags *d)
{
    rf_diags *some = rf_diags_new();
    size_t i, n = rf_diags_count(d), shown = 0, left = 0;
    unsigned flags = RF_DIAG_WRITE_SOURCE | (w->term == RF_VIEW_ANSI ? RF_DIAG_WRITE_COLOR : 0);
    int pass;
    if (!some)
        return;
    rf_diags_set_file_cap(some, 0);
    for (pass = 0; pass < 2; pass++)
        for (i = 0; i < n; i++) {
            const rf_diag *g = rf_diags_at(d, i);
            bool error = g->severity == RF_SEV_ERROR;
            if ((pass == 0) != error)
                continue;
            if ((g->severity == RF_SEV_NOTE && w->g.cc.verbosity <= 0) ||
                (g->severity == RF_SEV_WARNING && w->g.cc.verbosity < 0))
                continue;
            if (shown == SHOWN_MAX) {
                left++;
                continue;
            }
            shown++;
            (void)rf_diag_add(some, g->code, g->file, g->line, g->col, "%s", g->message);
        }
    if (rf_diags_write_gcc(some, stdout, flags) != RF_OK)
        clearerr(stdout); /* a terminal gone: the next redraw tries again */
    if (left)
        printf("... and %zu more (`roomforge lint` shows them all)\n", left);
    rf_diags_free(some);
}

/* Redraws the terminal: the last good level, then what build b said. */
static void draw(const watch *w, const watch_build *b, double ms)
{
    const char *profile = w->g.o.profile ? w->g.o.profile : "brogue";
    if (w->tty)
        fputs("\033[H\033[2J", stdout);
    if (w->good_gen)
        fwrite(w->good.view.s, 1, w->good.view.len, stdout);
    else
        puts("(no level yet: no build has been good)");
    printf("\nbuild %lu: %s, %zu error%s, %zu warning%s, %.0f ms; level of build %lu: seed %llu, "
           "depth %d, profile %s\n",
           w->gen,
           b->ok && rf_diags_errors(b->diags) ? "ok without the rooms that have errors"
           : b->ok                            ? "ok"
           : w->good_gen ? "FAILED, the level shown is the last good one"
                          : "FAILED",
           rf_diags_errors(b->diags), rf_diags_errors(b->diags) == 1 ? "" : "s",
           rf_diags_warnings(b->diags), rf_diags_warnings(b->diags) == 1 ? "" : "s", ms,
           w->good_gen, (unsigned long long)w->g.o.seed, w->g.o.depth, profile);
    show_diags(w, b->diags);
    if (w->keys)
        puts("keys: s/S seed +1/-1, d/D depth +1/-1, r rebuild, q quit");
    fflush(stdout);
}

/* -o FILE must not name a file build b read: CLI_OK or the usage error. */
static int check_out(const watch *w, const watch_build *b)
{
    const char **what = calloc(b->nfiles + 1, sizeof *what);
    size_t i;
    int rc;
    if (!what)
        return cli_usage_error("watch", "out of memory");
    for (i = 0; i < b->nfiles; i++)
        what[i] = "a file the build reads";
    rc = cli_out_check("watch", w->g.out_path, (const char *const *)b->files, what, b->nfiles);
    free(what);
    return rc;
}

/* Writes -o FILE after a good build; one that would write over an input
 * ends the watch (exit 2). */
static void write_out(watch *w, const watch_build *b)
{
    cli_out o;
    if (!w->g.out_given)
        return;
    if ((w->rc = check_out(w, b)) != CLI_OK ||
        cli_out_open(&o, "watch", w->g.out_path, rf_view_format_is_binary(w->g.fmt)) != CLI_OK)
        return;
    fwrite(b->out.s, 1, b->out.len, o.f);
    (void)cli_out_close(&o, "watch", !ferror(o.f));
}

/* Takes build b as the newest: numbered, kept when good, watched, drawn,
 * served. b is consumed. */
static void accept(watch *w, watch_build *b, double t0)
{
    bool fresh = false;
    w->gen++;
    if (!watch_files_set(w->files, b->trees, b->ntrees, b->files, b->nfiles, stderr, &fresh))
        w->rc = cli_usage_error("watch", "out of memory");
    w->recheck = w->recheck || fresh;
    if (w->http && !watch_http_publish(w->http, w->gen, b))
        w->rc = cli_usage_error("watch", "out of memory");
    fprintf(stderr,
            "roomforge watch: build %lu %s in %.1f ms (load and checks %.1f, level %.1f, "
            "views %.1f)\n",
            w->gen, b->ok ? "ok" : "failed", now_ms() - t0, b->ms_load, b->ms_level, b->ms_write);
    if (b->ok) {
        watch_build_free(&w->good);
        w->good = *b;
        w->good_gen = w->gen;
        memset(b, 0, sizeof *b);
        write_out(w, &w->good);
        draw(w, &w->good, now_ms() - t0);
    } else {
        draw(w, b, now_ms() - t0);
        watch_build_free(b);
    }
}

static void rebuild(watch *w)
{
    double t0 = now_ms();
    watch_build b;
    int rc = watch_build_run(&w->g, w->term, w->http != NULL, &b);
    if (rc != CLI_OK) {
        watch_build_free(&b);
        w->rc = rc;
        return;
    }
    accept(w, &b, t0);
}

static bool has_code(const rf_diags *d, const char *code)
{
    size_t i;
    for (i = 0; i < rf_diags_count(d); i++)
        if (strcmp(rf_diags_at(d, i)->code, code) == 0)
            return true;
    return false;
}

/* /level.json?seed=&depth=&profile=: the values checked, then a build; an
 * unknown profile is refused without a build counted. */
static const char *reroll(void *ctx, const char *seed, const char *depth, const char *profile)
{
    watch *w = ctx;
    rf_level_opts keep = w->g.o;
    char keep_profile[PROFILE_MAX];
    unsigned long long s;
    int dv;
    watch_build b;
    double t0 = now_ms();
    if (seed && !cli_parse_u64(seed, &s))
        return "seed takes a non-negative integer";
    if (depth && (!cli_parse_int(depth, &dv) || dv < 1 || dv > RF_LEVEL_MAX_DEPTH))
        return "depth takes 1..1000";
    if (profile && (!*profile || strlen(profile) >= PROFILE_MAX))
        return "profile takes a name of at most 63 bytes";
    memcpy(keep_profile, w->profile, sizeof keep_profile);
    if (seed)
        w->g.o.seed = s;
    if (depth)
        w->g.o.depth = dv;
    if (profile) {
        snprintf(w->profile, sizeof w->profile, "%s", profile);
        w->g.o.profile = w->profile;
    }
    if (watch_build_run(&w->g, w->term, true, &b) != CLI_OK) {
        watch_build_free(&b);
        w->rc = CLI_USAGE;
        return "the build failed (out of memory)";
    }
    if (profile && has_code(b.diags, "unknown-profile")) {
        watch_build_free(&b);
        w->g.o = keep;
        memcpy(w->profile, keep_profile, sizeof keep_profile);
        return "no profile of that name is loaded";
    }
    accept(w, &b, t0);
    return NULL;
}

/* A key typed on the terminal; false for q. */
static bool key(watch *w, char c)
{
    switch (c) {
    case 's': w->g.o.seed++; break;
    case 'S':
        if (w->g.o.seed > 0)
            w->g.o.seed--;
        break;
    case 'd':
        if (w->g.o.depth < RF_LEVEL_MAX_DEPTH)
            w->g.o.depth++;
        break;
    case 'D':
        if (w->g.o.depth > 1)
            w->g.o.depth--;
        break;
    case 'r': break;
    case 'q': return false;
    default: return true;
    }
    rebuild(w);
    return true;
}

/* Key mode on a terminal stdin: keys arrive one by one, unechoed. */
static void keys_on(watch *w)
{
    struct termios t;
    if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &w->saved) != 0)
        return;
    t = w->saved;
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    w->keys = tcsetattr(STDIN_FILENO, TCSANOW, &t) == 0;
}

static void keys_off(watch *w)
{
    if (w->keys)
        (void)tcsetattr(STDIN_FILENO, TCSANOW, &w->saved);
    w->keys = false;
}

static void add_fd(struct pollfd *p, int *n, int fd)
{
    p[*n].fd = fd;
    p[*n].events = POLLIN;
    p[*n].revents = 0;
    (*n)++;
}

/* The loop: until a signal, q, or a failure of memory or output. */
static void loop(watch *w, int sfd)
{
    double first = 0, last = 0; /* the pending burst: its first and last event */
    bool pending = false, run = true;
    while (run && w->rc == CLI_OK) {
        struct pollfd p[4];
        int n = 0, timeout = -1, i;
        if (w->recheck && !pending) { /* as if the new folder had just been written */
            first = last = now_ms();
            pending = true;
        }
        w->recheck = false;
        add_fd(p, &n, sfd);
        add_fd(p, &n, watch_files_fd(w->files));
        if (w->http) {
            add_fd(p, &n, watch_http_fd(w->http));
            timeout = watch_http_timeout(w->http);
        }
        if (w->keys)
            add_fd(p, &n, STDIN_FILENO);
        if (pending) {
            double due =
                last + QUIET_MS < first + MAX_WAIT_MS ? last + QUIET_MS : first + MAX_WAIT_MS;
            int left = (int)(due - now_ms()) + 1;
            left = left < 0 ? 0 : left;
            timeout = timeout < 0 || left < timeout ? left : timeout;
        }
        if (poll(p, (nfds_t)n, timeout) < 0 && errno != EINTR) {
            w->rc = cli_usage_error("watch", "poll: %s", strerror(errno));
            break;
        }
        for (i = 0; i < n; i++) {
            if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            if (p[i].fd == sfd)
                run = false; /* the signal is taken at exit (drain) */
            else if (p[i].fd == watch_files_fd(w->files) && watch_files_read(w->files, stderr)) {
                last = now_ms();
                if (!pending)
                    first = last;
                pending = true;
            } else if (w->keys && p[i].fd == STDIN_FILENO) {
                char c;
                if (read(STDIN_FILENO, &c, 1) != 1 || !key(w, c))
                    run = false;
            }
        }
        if (run && pending && (now_ms() >= last + QUIET_MS || now_ms() >= first + MAX_WAIT_MS)) {
            pending = false;
            rebuild(w);
        }
        if (w->http)
            watch_http_run(w->http); /* after the build: its event goes out now */
    }
}

static int take_serve(const char *cmd, const char *v, void *ctx)
{
    if (!v || !*v)
        return cli_usage_error(cmd, "--serve needs [ADDR:]PORT"), -1;
    *(const char **)ctx = v;
    return 1;
}

static const cli_opt watch_opts[] = {{"serve", true, take_serve}, {NULL, false, NULL}};

/* Options: gen's tables, then --serve; CLI_OK or the usage error printed;
 * *serve the value of --serve. */
static int parse(watch *w, int argc, char **argv, const char **serve, bool *help)
{
    cli_optset sets[CLI_GEN_MAX_SETS + 1];
    size_t n = cli_gen_sets(&w->g, sets);
    int r;
    sets[n++] = (cli_optset){watch_opts, serve};
    r = cli_getopt("watch", argc, argv, sets, n, NULL, NULL);
    if (r == CLI_HELP) {
        *help = true;
        return CLI_OK;
    }
    if (r != CLI_OK || (r = cli_gen_check("watch", &w->g)) != CLI_OK)
        return r;
    if (w->g.out_given && !w->g.out_path)
        return cli_usage_error("watch",
                               "-o - would mix the level into the terminal view: give a file");
    if (!w->g.out_given && w->g.fmt_given && w->g.fmt != RF_VIEW_ASCII &&
        w->g.fmt != RF_VIEW_TEXT && w->g.fmt != RF_VIEW_ANSI)
        return cli_usage_error("watch",
                               "the terminal shows ascii, text or ansi; --format %s needs -o FILE",
                               rf_view_format_name(w->g.fmt));
    if (w->g.out_path && cli_out_check("watch", w->g.out_path, NULL, NULL, 0) != CLI_OK)
        return CLI_USAGE;
    w->tty = isatty(STDOUT_FILENO);
    w->term = w->tty && cli_use_color(stdout) ? RF_VIEW_ANSI : RF_VIEW_TEXT;
    if (!w->g.out_given && w->g.fmt_given)
        w->term = w->g.fmt;
    return CLI_OK;
}

/* Takes the signals that ended the loop, so unblocking them delivers none. */
static void drain(int sfd)
{
    struct signalfd_siginfo si;
    while (read(sfd, &si, sizeof si) == (ssize_t)sizeof si)
        continue;
}

int cmd_watch(int argc, char **argv)
{
    watch w;
    const char *serve = NULL;
    bool help = false;
    sigset_t mask, old;
    int sfd, rc;
    memset(&w, 0, sizeof w);
    cli_gen_init(&w.g, CLI_GEN_GEN);
    if ((rc = parse(&w, argc, argv, &serve, &help)) != CLI_OK)
        return rc;
    if (help) {
        fputs(watch_usage, stdout);
        fputs(cli_gen_options_help, stdout);
        fputs(watch_usage_tail, stdout);
        return CLI_OK;
    }
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    if (sigprocmask(SIG_BLOCK, &mask, &old) != 0 ||
        (sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK)) < 0)
        return cli_usage_error("watch", "signalfd: %s", strerror(errno));
    signal(SIGPIPE, SIG_IGN);
    w.files = watch_files_new();
    if (!w.files)
        rc = cli_usage_error("watch", "inotify: %s", strerror(errno));
    if (rc == CLI_OK && serve)
        rc = watch_http_start(&w.http, serve, reroll, &w);
    if (rc == CLI_OK) {
        if (w.http)
            fprintf(stderr, "roomforge watch: serving %s\n", watch_http_url(w.http));
        keys_on(&w);
        rebuild(&w);
        rc = w.rc;
    }
    if (rc == CLI_OK) {
        fprintf(stderr, "roomforge watch: watching %zu folder%s; Ctrl-C ends\n",
                watch_files_count(w.files), watch_files_count(w.files) == 1 ? "" : "s");
        loop(&w, sfd);
        rc = w.rc;
    }
    keys_off(&w);
    watch_http_stop(w.http);
    watch_files_free(w.files);
    watch_build_free(&w.good);
    drain(sfd);
    close(sfd);
    (void)sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}
