/* tools/cli/watch_files.c: inotify over the folders of a watch's inputs.
 *
 * Pipeline: CLI. Design: each watched folder is an entry (descriptor, path,
 * whether it belongs to a tree, or the missing folder it waits for); after
 * each build watch_files_set computes the wanted set and adds and removes
 * watches to match, so a folder recreated under the same name gets a new
 * watch. Trees are walked to a bounded depth and count of folders.
 */
#include "watch_files.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FOLDERS 4096 /* folders one watch takes */
#define MAX_DEPTH 32     /* levels of folders under a tree */
#define MASK                                                                                       \
    (IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM |              \
     IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

typedef struct entry {
    int wd;
    char *path;    /* the folder watched */
    char *waiting; /* the missing folder it stands for (under path), or NULL */
    bool tree;     /* a folder of a tree: new *.xml, *.lua and folders count */
} entry;

struct watch_files {
    int fd;
    entry *e;
    size_t n, cap;
    char **files; /* the files of the last set, as given */
    size_t nfiles;
    char **missing; /* the folders missing at the last set */
    size_t nmissing;
    bool once; /* a set was made */
};

static void free_strings(char **s, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        free(s[i]);
    free(s);
}

watch_files *watch_files_new(void)
{
    watch_files *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (w->fd < 0) {
        free(w);
        return NULL;
    }
    return w;
}

static void free_entries(entry *e, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        free(e[i].path);
        free(e[i].waiting);
    }
    free(e);
}

void watch_files_free(watch_files *w)
{
    if (!w)
        return;
    close(w->fd);
    free_entries(w->e, w->n);
    free_strings(w->files, w->nfiles);
    free_strings(w->missing, w->nmissing);
    free(w);
}

int watch_files_fd(const watch_files *w) { return w->fd; }
size_t watch_files_count(const watch_files *w) { return w->n; }

/* The wanted set under construction. */
typedef struct wanted {
    entry *e;
    size_t n, cap;
    char **missing;
    size_t nmissing;
    bool nomem;
} wanted;

static bool is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* path's folder part ("." for a bare name). */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    if (slash == path)
        return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* Adds a watch on path to v (tree or waiting for a missing folder); a
 * folder watched already keeps one entry (inotify gives one descriptor per
 * folder), with the tree mark added. */
static void want(watch_files *w, wanted *v, const char *path, bool tree, const char *waiting)
{
    size_t i;
    int wd;
    if (v->nomem || v->n >= MAX_FOLDERS)
        return;
    wd = inotify_add_watch(w->fd, path, MASK);
    if (wd < 0)
        return;
    for (i = 0; i < v->n; i++)
        if (v->e[i].wd == wd) {
            v->e[i].tree = v->e[i].tree || tree;
            return;
        }
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 16;
        entry *grown = realloc(v->e, cap * sizeof *grown);
        if (!grown) {
            v->nomem = true;
            return;
        }
        v->e = grown;
        v->cap = cap;
    }
    v->e[v->n].wd = wd;
    v->e[v->n].path = strdup(path);
    v->e[v->n].waiting = waiting ? strdup(waiting) : NULL;
    v->e[v->n].tree = tree;
    if (!v->e[v->n].path || (waiting && !v->e[v->n].waiting)) {
        free(v->e[v->n].path);
        free(v->e[v->n].waiting);
        v->nomem = true;
        return;
    }
    v->n++;
}

/* A folder that is not there: noted, and its nearest existing parent
 * watched for its return. */
static void want_missing(watch_files *w, wanted *v, const char *path)
{
    char *up = strdup(path), **grown;
    size_t i;
    if (!up) {
        v->nomem = true;
        return;
    }
    for (i = 0; i < v->nmissing; i++)
        if (strcmp(v->missing[i], path) == 0)
            break;
    if (i == v->nmissing) {
        grown = realloc(v->missing, (v->nmissing + 1) * sizeof *grown);
        if (grown) {
            v->missing = grown;
            v->missing[v->nmissing] = strdup(path);
            if (v->missing[v->nmissing])
                v->nmissing++;
        }
    }
    for (;;) {
        char *parent = folder_of(up);
        free(up);
        up = parent;
        if (!up || is_dir(up) || strcmp(up, "/") == 0 || strcmp(up, ".") == 0)
            break;
    }
    if (up && is_dir(up))
        want(w, v, up, false, path);
    free(up);
}

/* path and every folder under it (sorted order does not matter here). */
static void want_tree(watch_files *w, wanted *v, const char *path, int depth)
{
    DIR *d;
    struct dirent *de;
    struct stat st;
    if (!is_dir(path)) {
        if (depth == 0 && stat(path, &st) != 0) /* a pack of one file: its folder is watched */
            want_missing(w, v, path);     /* as a file's, the file being read */
        return;
    }
    want(w, v, path, true, NULL);
    if (depth >= MAX_DEPTH || !(d = opendir(path)))
        return;
    while ((de = readdir(d)) != NULL && !v->nomem && v->n < MAX_FOLDERS) {
        char sub[PATH_MAX];
        if (de->d_name[0] == '.') /* ., .., and hidden folders (.git) */
            continue;
        if (snprintf(sub, sizeof sub, "%s/%s", path, de->d_name) >= (int)sizeof sub)
            continue;
        if (is_dir(sub))
            want_tree(w, v, sub, depth + 1);
    }
    closedir(d);
}

static bool listed(char *const *list, size_t n, const char *s)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (strcmp(list[i], s) == 0)
            return true;
    return false;
}

/* What changed in the missing folders since the last set, on report. */
static void say_missing(const watch_files *w, const wanted *v, FILE *report)
{
    size_t i;
    for (i = 0; i < v->nmissing; i++)
        if (!listed(w->missing, w->nmissing, v->missing[i]))
            fprintf(report, "roomforge watch: %s is missing; watching resumes when it is back\n",
                    v->missing[i]);
    for (i = 0; i < w->nmissing; i++)
        if (!listed(v->missing, v->nmissing, w->missing[i]))
            fprintf(report, "roomforge watch: %s is back; watching it again\n", w->missing[i]);
}

/* Whether v watches a tree folder the last set did not: files may have
 * landed in it between the build's read and the new watch. */
static bool fresh_folder(const watch_files *w, const wanted *v)
{
    size_t i, j;
    for (i = 0; i < v->n; i++) {
        bool old = false;
        for (j = 0; j < w->n && !old; j++)
            old = strcmp(w->e[j].path, v->e[i].path) == 0;
        if (v->e[i].tree && !old)
            return true;
    }
    return false;
}

bool watch_files_set(watch_files *w, char *const *trees, size_t ntrees, char *const *files,
                     size_t nfiles, FILE *report, bool *fresh)
{
    wanted v;
    size_t i, j, ncopy = 0;
    char **copy = calloc(nfiles + 1, sizeof *copy);
    memset(&v, 0, sizeof v);
    *fresh = false;
    if (!copy)
        return false;
    for (i = 0; i < ntrees; i++)
        want_tree(w, &v, trees[i], 0);
    for (i = 0; i < nfiles && !v.nomem; i++) {
        char *dir = folder_of(files[i]);
        copy[i] = strdup(files[i]);
        if (copy[i])
            ncopy++;
        if (!dir || !copy[i]) {
            free(dir);
            v.nomem = true;
            break;
        }
        if (is_dir(dir))
            want(w, &v, dir, false, NULL);
        else
            want_missing(w, &v, dir);
        free(dir);
    }
    for (i = 0; i < w->n; i++) { /* watches no longer wanted */
        bool keep = false;
        for (j = 0; j < v.n && !keep; j++)
            keep = v.e[j].wd == w->e[i].wd;
        if (!keep)
            (void)inotify_rm_watch(w->fd, w->e[i].wd);
    }
    say_missing(w, &v, report);
    *fresh = w->once && fresh_folder(w, &v);
    w->once = true;
    free_entries(w->e, w->n);
    free_strings(w->files, w->nfiles);
    free_strings(w->missing, w->nmissing);
    w->e = v.e;
    w->n = v.n;
    w->cap = v.cap;
    w->files = copy;
    w->nfiles = ncopy;
    w->missing = v.missing;
    w->nmissing = v.nmissing;
    return !v.nomem;
}

static const entry *entry_of(const watch_files *w, int wd)
{
    size_t i;
    for (i = 0; i < w->n; i++)
        if (w->e[i].wd == wd)
            return &w->e[i];
    return NULL;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Whether event ev on entry e may change a build. */
static bool matters(const watch_files *w, const entry *e, const struct inotify_event *ev,
                    FILE *report)
{
    char full[PATH_MAX];
    size_t k;
    if (ev->mask & (IN_DELETE_SELF | IN_MOVE_SELF)) {
        fprintf(report, "roomforge watch: %s was removed or moved\n", e->path);
        return true;
    }
    if (!ev->len || snprintf(full, sizeof full, "%s/%s", e->path, ev->name) >= (int)sizeof full)
        return false;
    if (e->waiting) { /* a step on the way back to the missing folder */
        k = strlen(full);
        return strncmp(e->waiting, full, k) == 0 && (e->waiting[k] == '\0' || e->waiting[k] == '/');
    }
    if (listed(w->files, w->nfiles, full))
        return true;
    return e->tree && ev->name[0] != '.' &&
           ((ev->mask & IN_ISDIR) || ends_with(ev->name, ".xml") || ends_with(ev->name, ".lua"));
}

bool watch_files_read(watch_files *w, FILE *report)
{
    _Alignas(struct inotify_event) char buf[16384];
    bool any = false;
    for (;;) {
        ssize_t n = read(w->fd, buf, sizeof buf);
        char *p;
        if (n <= 0)
            return any; /* EAGAIN: all read */
        for (p = buf; p < buf + n;) {
            const struct inotify_event *ev = (const struct inotify_event *)(void *)p;
            const entry *e = entry_of(w, ev->wd);
            if (ev->mask & IN_Q_OVERFLOW)
                any = true; /* events were lost: rebuild to be sure */
            else if (e && !(ev->mask & IN_IGNORED) && matters(w, e, ev, report))
                any = true;
            p += sizeof *ev + ev->len;
        }
    }
}
