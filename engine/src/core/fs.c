/* engine/src/core/fs.c: bounded whole-file reads and sorted directory walks.
 *
 * Pipeline: core, under every reader and the CLI (roomforge/fs.h). Design: an
 * oversized file is refused by its size before any allocation, anything but a
 * regular file before any read; files are read, never mapped, and a file that
 * changed under the read (fstat before and after) is an error, not a signal.
 * A walk is fts(3), physical and without chdir, each folder's names sorted
 * byte-wise: a link is judged before fts follows it (out of the fence: listed
 * unread), a folder is entered once (FTS_DC and a tsearch tree of device and
 * inode), a folder too deep or unreadable is listed, never skipped.
 */
#define _DEFAULT_SOURCE 1 /* realpath, O_CLOEXEC */
#include "roomforge/fs.h"

#include <errno.h>
#include <fcntl.h>
#include <fts.h>
#include <limits.h>
#include <search.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/seam.h"

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

/* A whole-file read under way: the buffer (room for cap bytes and a NUL)
 * and the n bytes it holds. */
typedef struct filebuf {
    char *buf;
    size_t cap, n;
} filebuf;

/* Reads fd to its end into b, doubling it up to max_bytes + 1 bytes; the
 * status, with *err the reason when it is not RF_OK (RF_ERR_LIMIT: b->n
 * bytes were seen, more than max_bytes). */
static rf_status read_all(int fd, size_t max_bytes, filebuf *b, int *err)
{
    for (;;) {
        size_t r;
        char *grown;
        if (!read_some(fd, b->buf + b->n, b->cap - b->n, &r)) {
            *err = errno;
            return RF_ERR_IO;
        }
        b->n += r;
        if (b->n > max_bytes) {
            *err = EFBIG;
            return RF_ERR_LIMIT;
        }
        if (b->n < b->cap)
            return RF_OK; /* EOF */
        b->cap = b->cap > max_bytes / 2 ? max_bytes + 1 : b->cap * 2;
        grown = rf_realloc(b->buf, b->cap + 1);
        if (!grown) {
            *err = ENOMEM;
            return RF_ERR_NOMEM;
        }
        b->buf = grown;
    }
}

rf_status rf_fs_read(const char *path, size_t max_bytes, char **bytes, size_t *len, int *why)
{
    struct stat sb;
    filebuf b = {NULL, 0, 0};
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
        b.cap = (size_t)sb.st_size + 1;
    else
        b.cap = (max_bytes < PIPE_CHUNK ? max_bytes : PIPE_CHUNK) + 1;
    b.buf = rf_alloc(b.cap + 1);
    if (!b.buf) {
        err = ENOMEM, st = RF_ERR_NOMEM;
        goto fail;
    }
    if ((st = read_all(fd, max_bytes, &b, &err)) != RF_OK) {
        if (st == RF_ERR_LIMIT)
            *len = b.n;
        goto fail;
    }
    if (changed(fd, &sb, b.n)) {
        err = RF_FS_ECHANGED, st = RF_ERR_IO;
        goto fail;
    }
    close(fd);
    b.buf[b.n] = '\0';
    *bytes = b.buf;
    *len = b.n;
    return RF_OK;
fail:
    close(fd);
    rf_free(b.buf);
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

typedef struct item {
    char *path;
    int err;
} item;

struct rf_fs_list {
    item *items;
    size_t n, cap;
};

/* A folder the walk has entered, by device and inode: a key of the walk's
 * tsearch(3) tree, so that no folder is walked twice. */
typedef struct dir_id {
    dev_t dev;
    ino_t ino;
} dir_id;

typedef struct walker {
    const char *fence; /* the resolved root links must stay under; NULL: none */
    const char *suffix;
    unsigned flags;
    bool dot; /* the top is ".": its entries are "name", not fts's "./name" */
    rf_fs_list *out;
    void *seen; /* tsearch tree of dir_id, each from rf_alloc */
} walker;

static int by_id(const void *a, const void *b)
{
    const dir_id *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* Adds the folder sb describes to w's tree: RF_OK when it is new,
 * RF_ERR_ARG when the walk has been there, RF_ERR_NOMEM. */
static rf_status enter_dir(walker *w, const struct stat *sb)
{
    dir_id *key = rf_alloc(sizeof *key), **got;
    if (!key)
        return RF_ERR_NOMEM;
    key->dev = sb->st_dev;
    key->ino = sb->st_ino;
    got = tsearch(key, &w->seen, by_id);
    if (got && *got == key)
        return RF_OK;
    rf_free(key);
    return got ? RF_ERR_ARG : RF_ERR_NOMEM;
}

static void forget_dirs(walker *w)
{
    while (w->seen) {
        dir_id *key = *(dir_id **)w->seen;
        tdelete(key, &w->seen, by_id);
        rf_free(key);
    }
}

/* fts's order within a folder: byte-wise by name, whatever the locale. */
static int by_name(const FTSENT **a, const FTSENT **b)
{
    return strcmp((*a)->fts_name, (*b)->fts_name);
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

/* Lists fts entry e with code; *err says why it could not. */
static rf_status list(walker *w, const FTSENT *e, int code, int *err)
{
    const char *path = e->fts_path;
    rf_status st;
    if (w->dot && path[0] == '.' && path[1] == '/')
        path += 2;
    st = add(w->out, rf_strdup(path), code);
    if (st != RF_OK)
        *err = st == RF_ERR_NOMEM ? ENOMEM : EFBIG;
    return st;
}

static bool wanted(const walker *w, const char *name)
{
    size_t n = strlen(name), m;
    if (!w->suffix)
        return true;
    m = strlen(w->suffix);
    return n > m && strcmp(name + n - m, w->suffix) == 0;
}

/* Whether full is a symbolic link whose target is out of w's fence. */
static bool leads_out(const walker *w, const char *full)
{
    struct stat lsb;
    return w->fence && lstat(full, &lsb) == 0 && S_ISLNK(lsb.st_mode) &&
           !under(w->fence, full, true);
}

/* A folder in preorder: skipped when the walk is flat or has been there
 * (a loop, a second link), listed and skipped when too deep. */
static rf_status enter(walker *w, FTS *fts, FTSENT *e, int *err)
{
    rf_status st;
    if (e->fts_level > 0 && !(w->flags & RF_FS_WALK_RECURSIVE)) {
        fts_set(fts, e, FTS_SKIP);
        return RF_OK;
    }
    st = enter_dir(w, e->fts_statp);
    if (st != RF_OK) {
        fts_set(fts, e, FTS_SKIP);
        if (st == RF_ERR_NOMEM)
            *err = ENOMEM;
        return st == RF_ERR_ARG ? RF_OK : st;
    }
    if (e->fts_level > RF_FS_WALK_MAX_DEPTH) { /* the top's entries are level 1 */
        fts_set(fts, e, FTS_SKIP);
        return list(w, e, RF_FS_ETOODEEP, err); /* an error, never a silent skip */
    }
    return RF_OK;
}

/* A symbolic link: listed unread when it leads out of the fence to a folder
 * or a file the walk wants, else followed (fts gives it back as what it
 * names); a dangling one is passed over. */
static rf_status judge_link(walker *w, FTS *fts, FTSENT *e, int *err)
{
    struct stat sb;
    if (stat(e->fts_accpath, &sb) != 0)
        return RF_OK;
    if ((S_ISDIR(sb.st_mode) || (S_ISREG(sb.st_mode) && wanted(w, e->fts_name))) &&
        leads_out(w, e->fts_accpath))
        return list(w, e, RF_FS_EOUTSIDE, err); /* listed, never followed nor read */
    fts_set(fts, e, FTS_FOLLOW);
    return RF_OK;
}

/* One entry of the walk; RF_ERR_IO only for a top it cannot read. */
static rf_status visit(walker *w, FTS *fts, FTSENT *e, int *err)
{
    if (e->fts_level > 0 && e->fts_name[0] == '.' && !(w->flags & RF_FS_WALK_HIDDEN)) {
        if (e->fts_info == FTS_D)
            fts_set(fts, e, FTS_SKIP);
        return RF_OK;
    }
    switch (e->fts_info) {
    case FTS_D: return enter(w, fts, e, err);
    case FTS_DNR:
    case FTS_ERR:
        if (e->fts_level == 0) {
            *err = e->fts_errno;
            return RF_ERR_IO;
        }
        return list(w, e, e->fts_errno, err); /* listed, and the walk goes on */
    case FTS_SL: return judge_link(w, fts, e, err);
    case FTS_F: return wanted(w, e->fts_name) ? list(w, e, 0, err) : RF_OK;
    default: /* FTS_DP; FTS_DC, a loop; FTS_SLNONE, dangling; FTS_NS; a FIFO, never read */
        return RF_OK;
    }
}

/* The fts walk of the normalised folder top. */
static rf_status walk_tree(walker *w, const char *top, int *err)
{
    char *argv[2];
    FTS *fts;
    FTSENT *e;
    rf_status st = RF_OK;
    argv[0] = (char *)top; /* fts_open does not write its paths */
    argv[1] = NULL;
    w->dot = strcmp(top, ".") == 0;
    fts = fts_open(argv, FTS_PHYSICAL | FTS_NOCHDIR | FTS_COMFOLLOW, by_name);
    if (!fts) {
        *err = errno;
        return errno == ENOMEM ? RF_ERR_NOMEM : RF_ERR_IO;
    }
    for (;;) {
        errno = 0;
        e = fts_read(fts);
        if (!e) {
            if (errno != 0) {
                *err = errno;
                st = errno == ENOMEM ? RF_ERR_NOMEM : RF_ERR_IO;
            }
            break;
        }
        st = visit(w, fts, e, err);
        if (st != RF_OK)
            break;
    }
    fts_close(fts);
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
    } else {
        st = walk_tree(w, top, err);
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
    forget_dirs(&w);
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
