/* engine/src/core/fs.c: bounded whole-file reads and sorted directory walks.
 *
 * Pipeline: core, under every reader and the CLI (roomforge/fs.h). Design: an
 * oversized file is refused by its size before any allocation, anything but a
 * regular file before any read; files are read, never mapped, and a file that
 * changed under the read (fstat before and after) is an error, not a signal.
 * A walk normalises its paths, sorts each directory's names byte-wise before
 * descending, never in readdir order, enters a folder only once, lists (never
 * skips) a folder too deep, and with a fence lists links out of it unread.
 */
#define _DEFAULT_SOURCE 1 /* realpath, O_CLOEXEC */
#include "roomforge/fs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"

#define PIPE_CHUNK ((size_t)64 << 10) /* first buffer of a file of unknown size */

static void set_why(int *why, int err)
{
    if (why)
        *why = err;
}

const char *rf_fs_why(int why)
{
    static const struct {
        int why;
        const char *text;
    } phrases[] = {
        {RF_FS_ENOTREG, "not a regular file (a pipe, device or socket)"},
        {RF_FS_ECHANGED, "the file changed while it was read"},
        {RF_FS_EOUTSIDE, "a symbolic link whose target lies outside the pack"},
        {RF_FS_ETOODEEP, "a folder deeper than the walk goes"},
    };
    size_t i;
    for (i = 0; i < sizeof phrases / sizeof phrases[0]; i++)
        if (phrases[i].why == why)
            return phrases[i].text;
    return strerror(why);
}

/* Opens path for reading and refuses a directory, a FIFO, a device or a
 * socket: opened without blocking (a FIFO with no writer would wait
 * forever), then checked by fstat; -1 with *err set. */
static int open_file(const char *path, struct stat *sb, int *err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        *err = errno;
        return -1;
    }
    if (fstat(fd, sb) != 0)
        *err = errno;
    else if (S_ISDIR(sb->st_mode))
        *err = EISDIR;
    else if (!S_ISREG(sb->st_mode))
        *err = RF_FS_ENOTREG;
    else
        return fd;
    close(fd);
    return -1;
}

/* Reads up to n bytes into p until EOF, retrying short reads; false with
 * errno on a read error. */
static bool read_some(int fd, char *p, size_t n, size_t *got)
{
    *got = 0;
    while (*got < n) {
        ssize_t r = read(fd, p + *got, n - *got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return false;
        if (r == 0)
            break;
        *got += (size_t)r;
    }
    return true;
}

/* Whether the file behind fd is not what before described, after n bytes
 * were read to its end: another size or mtime, or a byte count other than
 * the size seen (a size of 0 may hold bytes: /proc). */
static bool changed(int fd, const struct stat *before, size_t n)
{
    struct stat after;
    if (fstat(fd, &after) != 0)
        return true;
    return after.st_size != before->st_size || after.st_ino != before->st_ino ||
           after.st_mtim.tv_sec != before->st_mtim.tv_sec ||
           after.st_mtim.tv_nsec != before->st_mtim.tv_nsec ||
           (before->st_size > 0 && (unsigned long long)before->st_size != n);
}

rf_status rf_fs_read(const char *path, size_t max_bytes, char **bytes, size_t *len, int *why)
{
    struct stat sb;
    char *buf = NULL;
    size_t cap, n = 0;
    rf_status st = RF_OK;
    int err = 0, fd;
    if (!path || !bytes || !len || max_bytes > SIZE_MAX / 4)
        return RF_ERR_ARG;
    fd = open_file(path, &sb, &err);
    if (fd < 0) {
        set_why(why, err);
        return RF_ERR_IO;
    }
    if (S_ISREG(sb.st_mode) && (unsigned long long)sb.st_size > max_bytes) {
        close(fd);
        set_why(why, EFBIG);
        *len = (size_t)sb.st_size;
        return RF_ERR_LIMIT;
    }
    /* Room for the size seen (or a first chunk) plus one byte, which tells a
     * file that grew past its size or a pipe over the limit. */
    if (S_ISREG(sb.st_mode) && sb.st_size > 0)
        cap = (size_t)sb.st_size + 1;
    else
        cap = (max_bytes < PIPE_CHUNK ? max_bytes : PIPE_CHUNK) + 1;
    buf = rf_alloc(cap + 1);
    if (!buf) {
        err = ENOMEM, st = RF_ERR_NOMEM;
        goto fail;
    }
    for (;;) {
        size_t r;
        char *grown;
        if (!read_some(fd, buf + n, cap - n, &r)) {
            err = errno, st = RF_ERR_IO;
            goto fail;
        }
        n += r;
        if (n > max_bytes) {
            err = EFBIG, st = RF_ERR_LIMIT;
            *len = n;
            goto fail;
        }
        if (n < cap)
            break; /* EOF */
        cap = cap > max_bytes / 2 ? max_bytes + 1 : cap * 2;
        grown = rf_realloc(buf, cap + 1);
        if (!grown) {
            err = ENOMEM, st = RF_ERR_NOMEM;
            goto fail;
        }
        buf = grown;
    }
    if (changed(fd, &sb, n)) {
        err = RF_FS_ECHANGED, st = RF_ERR_IO;
        goto fail;
    }
    close(fd);
    buf[n] = '\0';
    *bytes = buf;
    *len = n;
    return RF_OK;
fail:
    close(fd);
    rf_free(buf);
    set_why(why, err);
    return st;
}

void rf_fs_free(char *bytes) { rf_free(bytes); }

/* Whether path, its links resolved, lies below the resolved folder rroot
 * (or is rroot itself, when root_too: a link back to a pack's top). */
static bool under(const char *rroot, const char *path, bool root_too)
{
    char p[PATH_MAX];
    size_t n = strlen(rroot);
    if (!realpath(path, p))
        return false;
    if (n == 1) /* the root directory holds everything */
        return true;
    return strncmp(p, rroot, n) == 0 && (p[n] == '/' || (root_too && p[n] == '\0'));
}

bool rf_fs_inside(const char *root, const char *path)
{
    char r[PATH_MAX];
    if (!root || !path || !realpath(root, r))
        return false;
    return under(r, path, false);
}

char *rf_fs_path_normalise(char *path)
{
    char *r = path, *w = path;
    if (*r == '/')
        *w++ = *r++;
    while (*r) {
        while (*r == '/')
            r++;
        if (!*r)
            break;
        if (r[0] == '.' && (r[1] == '/' || r[1] == '\0')) {
            r++;
            continue;
        }
        if (w > path && w[-1] != '/')
            *w++ = '/';
        while (*r && *r != '/')
            *w++ = *r++;
    }
    if (w == path)
        *w++ = '.';
    *w = '\0';
    return path;
}

rf_status rf_fs_read_head(const char *path, char *buf, size_t cap, size_t *len, int *why)
{
    struct stat sb;
    int err = 0, fd;
    size_t r;
    bool ok;
    if (!path || !buf || cap == 0 || !len)
        return RF_ERR_ARG;
    fd = open_file(path, &sb, &err);
    if (fd < 0) {
        set_why(why, err);
        return RF_ERR_IO;
    }
    ok = read_some(fd, buf, cap - 1, &r);
    err = errno;
    close(fd);
    if (!ok) {
        set_why(why, err);
        return RF_ERR_IO;
    }
    buf[r] = '\0';
    *len = (size_t)r;
    return RF_OK;
}

/* ---- walks ---- */

typedef struct entry {
    char *path;
    int err;
} entry;

struct rf_fs_list {
    entry *items;
    size_t n, cap;
};

/* The directories a walk has entered, by device and inode, so that no
 * folder is walked twice (symlink loops, two links to one folder). An open
 * addressing set: membership only, never iterated. */
typedef struct dir_id {
    dev_t dev;
    ino_t ino;
    bool used;
} dir_id;

typedef struct walker {
    const char *fence; /* the resolved root links must stay under; NULL: none */
    const char *suffix;
    unsigned flags;
    rf_fs_list *out;
    dir_id *seen;
    size_t nseen, seen_cap; /* seen_cap: a power of two */
} walker;

static size_t dir_hash(dev_t dev, ino_t ino, size_t cap)
{
    uint64_t h = ((uint64_t)dev * 0x9e3779b97f4a7c15ULL) ^ (uint64_t)ino;
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    return (size_t)(h ^ (h >> 29)) & (cap - 1);
}

/* Adds the directory sb describes to w's set: RF_OK when it is new,
 * RF_ERR_ARG when the walk has been there, RF_ERR_NOMEM. */
static rf_status enter_dir(walker *w, const struct stat *sb)
{
    size_t i;
    if (2 * (w->nseen + 1) > w->seen_cap) {
        size_t cap = w->seen_cap ? 2 * w->seen_cap : 64;
        dir_id *t = rf_calloc(cap, sizeof *t);
        if (!t)
            return RF_ERR_NOMEM;
        for (i = 0; i < w->seen_cap; i++)
            if (w->seen[i].used) {
                size_t j = dir_hash(w->seen[i].dev, w->seen[i].ino, cap);
                while (t[j].used)
                    j = (j + 1) & (cap - 1);
                t[j] = w->seen[i];
            }
        rf_free(w->seen);
        w->seen = t;
        w->seen_cap = cap;
    }
    for (i = dir_hash(sb->st_dev, sb->st_ino, w->seen_cap); w->seen[i].used;
         i = (i + 1) & (w->seen_cap - 1))
        if (w->seen[i].dev == sb->st_dev && w->seen[i].ino == sb->st_ino)
            return RF_ERR_ARG;
    w->seen[i].dev = sb->st_dev;
    w->seen[i].ino = sb->st_ino;
    w->seen[i].used = true;
    w->nseen++;
    return RF_OK;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* dir/name, dir normalised: "." adds nothing, "/" no second slash. */
static char *join(const char *dir, const char *name)
{
    size_t a = strcmp(dir, ".") == 0 ? 0 : strlen(dir), b = strlen(name);
    size_t sep = a > 0 && dir[a - 1] != '/';
    char *s = rf_alloc(a + sep + b + 1);
    if (s) {
        memcpy(s, dir, a);
        if (sep)
            s[a] = '/';
        memcpy(s + a + sep, name, b + 1);
    }
    return s;
}

/* Appends path (taking it, even on failure) with err. */
static rf_status add(rf_fs_list *l, char *path, int err)
{
    if (!path)
        return RF_ERR_NOMEM;
    if (l->n >= RF_FS_WALK_MAX_ENTRIES) {
        rf_free(path);
        return RF_ERR_LIMIT;
    }
    if (!rf_grow((void **)&l->items, &l->cap, l->n + 1, sizeof *l->items)) {
        rf_free(path);
        return RF_ERR_NOMEM;
    }
    l->items[l->n].path = path;
    l->items[l->n].err = err;
    l->n++;
    return RF_OK;
}

static bool wanted(const walker *w, const char *name)
{
    size_t n = strlen(name), m;
    if (!w->suffix)
        return true;
    m = strlen(w->suffix);
    return n > m && strcmp(name + n - m, w->suffix) == 0;
}

/* The sorted names of directory path ("." and "..", and hidden ones unless
 * asked, left out), or an error with *err set. */
static rf_status read_names(const walker *w, const char *path, char ***names, size_t *count,
                            int *err)
{
    DIR *dir = opendir(path);
    struct dirent *e;
    char **v = NULL;
    size_t n = 0, cap = 0, i;
    rf_status st = RF_OK;
    if (!dir) {
        *err = errno;
        return RF_ERR_IO;
    }
    while ((e = readdir(dir)) != NULL) {
        const char *s = e->d_name;
        char *copy;
        if (strcmp(s, ".") == 0 || strcmp(s, "..") == 0 ||
            (s[0] == '.' && !(w->flags & RF_FS_WALK_HIDDEN)))
            continue;
        if (n >= RF_FS_WALK_MAX_ENTRIES) {
            *err = EFBIG, st = RF_ERR_LIMIT;
            break;
        }
        copy = rf_strdup(s);
        if (!copy || !rf_grow((void **)&v, &cap, n + 1, sizeof *v)) {
            rf_free(copy);
            *err = ENOMEM, st = RF_ERR_NOMEM;
            break;
        }
        v[n++] = copy;
    }
    closedir(dir);
    if (st != RF_OK) {
        for (i = 0; i < n; i++)
            rf_free(v[i]);
        rf_free(v);
        return st;
    }
    if (n > 1)
        qsort(v, n, sizeof *v, by_name);
    *names = v;
    *count = n;
    return RF_OK;
}

/* Whether full is a symbolic link whose target is out of w's fence. */
static bool leads_out(const walker *w, const char *full)
{
    struct stat lsb;
    return w->fence && lstat(full, &lsb) == 0 && S_ISLNK(lsb.st_mode) &&
           !under(w->fence, full, true);
}

static rf_status walk_dir(walker *w, const char *path, int depth, int *err);

/* The subdirectory full (sb) of a folder depth levels down: walked when new
 * and not too deep, listed when too deep or unreadable. */
static rf_status walk_sub(walker *w, char *full, const struct stat *sb, int depth, int *err)
{
    int sub = 0;
    rf_status st = RF_OK, fresh;
    if (!(w->flags & RF_FS_WALK_RECURSIVE)) {
        rf_free(full);
        return RF_OK;
    }
    fresh = enter_dir(w, sb);
    if (fresh == RF_OK && depth >= RF_FS_WALK_MAX_DEPTH) {
        st = add(w->out, full, RF_FS_ETOODEEP); /* listed: an error, never a silent skip */
        full = NULL;
    } else if (fresh == RF_ERR_NOMEM) {
        st = RF_ERR_NOMEM;
    } else if (fresh == RF_OK) {
        st = walk_dir(w, full, depth + 1, &sub);
        if (st == RF_ERR_IO) { /* listed, and the walk goes on */
            st = add(w->out, full, sub);
            full = NULL;
        }
    }
    if (st != RF_OK && st != RF_ERR_IO)
        *err = st == RF_ERR_NOMEM ? ENOMEM : EFBIG;
    rf_free(full);
    return st;
}

static rf_status walk_dir(walker *w, const char *path, int depth, int *err)
{
    char **names = NULL;
    size_t n = 0, i;
    rf_status st = read_names(w, path, &names, &n, err);
    if (st != RF_OK)
        return st;
    for (i = 0; i < n && st == RF_OK; i++) {
        struct stat sb;
        char *full = join(path, names[i]);
        if (!full) {
            *err = ENOMEM, st = RF_ERR_NOMEM;
            break;
        }
        if (stat(full, &sb) != 0) {
            rf_free(full); /* a dangling link */
        } else if ((S_ISDIR(sb.st_mode) || (S_ISREG(sb.st_mode) && wanted(w, names[i]))) &&
                   leads_out(w, full)) {
            st = add(w->out, full, RF_FS_EOUTSIDE); /* listed, never followed nor read */
            if (st != RF_OK)
                *err = st == RF_ERR_NOMEM ? ENOMEM : EFBIG;
        } else if (S_ISDIR(sb.st_mode)) {
            st = walk_sub(w, full, &sb, depth, err);
        } else if (S_ISREG(sb.st_mode) && wanted(w, names[i])) {
            st = add(w->out, full, 0);
            if (st != RF_OK)
                *err = st == RF_ERR_NOMEM ? ENOMEM : EFBIG;
        } else {
            rf_free(full);
        }
    }
    for (i = 0; i < n; i++)
        rf_free(names[i]);
    rf_free(names);
    return st;
}

/* The folder of file path (normalised): "." when it names none. */
static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return rf_strdup(".");
    return slash == path ? rf_strdup("/") : rf_strndup(path, (size_t)(slash - path));
}

/* The walk of the normalised top; root: the fence's folder as given, or
 * NULL for no fence (fenced: root NULL means top's pack). */
static rf_status walk_top(walker *w, const char *top, bool fenced, const char *root, int *err)
{
    char rroot[PATH_MAX], *own = NULL;
    struct stat sb;
    rf_status st;
    if (stat(top, &sb) != 0) {
        *err = errno;
        return RF_ERR_IO;
    }
    if (fenced) {
        if (!root)
            root = own = S_ISDIR(sb.st_mode) ? rf_strdup(top) : folder_of(top);
        if (!root) {
            *err = ENOMEM;
            return RF_ERR_NOMEM;
        }
        if (!realpath(root, rroot)) {
            *err = errno;
            rf_free(own);
            return RF_ERR_IO;
        }
        rf_free(own);
        w->fence = rroot;
    }
    if (!S_ISDIR(sb.st_mode)) {
        if (!(w->flags & RF_FS_WALK_FILE_OK)) {
            *err = ENOTDIR;
            st = RF_ERR_IO;
        } else {
            st = add(w->out, rf_strdup(top), leads_out(w, top) ? RF_FS_EOUTSIDE : 0);
            *err = ENOMEM;
        }
    } else if ((st = enter_dir(w, &sb)) == RF_OK) {
        st = walk_dir(w, top, 0, err);
    } else {
        *err = ENOMEM;
    }
    w->fence = NULL; /* rroot dies here */
    return st;
}

static rf_status walk(const char *root, bool fenced, const char *dir, const char *suffix,
                      unsigned flags, rf_fs_list **out, int *why)
{
    walker w;
    rf_status st;
    char *top;
    int err = 0;
    if (!dir || !out)
        return RF_ERR_ARG;
    if (!*dir) {
        set_why(why, ENOENT);
        return RF_ERR_IO;
    }
    memset(&w, 0, sizeof w);
    w.suffix = suffix;
    w.flags = flags;
    w.out = rf_calloc(1, sizeof *w.out);
    top = rf_strdup(dir);
    if (!w.out || !top) {
        rf_free(w.out);
        rf_free(top);
        set_why(why, ENOMEM);
        return RF_ERR_NOMEM;
    }
    st = walk_top(&w, rf_fs_path_normalise(top), fenced, root, &err);
    rf_free(top);
    rf_free(w.seen);
    if (st != RF_OK) {
        rf_fs_list_free(w.out);
        set_why(why, err);
        return st;
    }
    *out = w.out;
    return RF_OK;
}

rf_status rf_fs_walk(const char *dir, const char *suffix, unsigned flags, rf_fs_list **out,
                     int *why)
{
    return walk(NULL, false, dir, suffix, flags, out, why);
}

rf_status rf_fs_walk_in(const char *root, const char *dir, const char *suffix, unsigned flags,
                        rf_fs_list **out, int *why)
{
    return walk(root, true, dir, suffix, flags, out, why);
}

size_t rf_fs_list_count(const rf_fs_list *l) { return l ? l->n : 0; }

const char *rf_fs_list_at(const rf_fs_list *l, size_t i)
{
    return l && i < l->n ? l->items[i].path : NULL;
}

int rf_fs_list_error(const rf_fs_list *l, size_t i)
{
    return l && i < l->n ? l->items[i].err : 0;
}

void rf_fs_list_free(rf_fs_list *l)
{
    size_t i;
    if (!l)
        return;
    for (i = 0; i < l->n; i++)
        rf_free(l->items[i].path);
    rf_free(l->items);
    rf_free(l);
}
