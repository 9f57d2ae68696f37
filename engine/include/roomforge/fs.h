/* roomforge/fs.h: bounded whole-file reads and sorted directory walks.
 *
 * Pipeline: core; every reader (rooms.xml, profiles, rooms-files, scenarios,
 * recipes, extensions, diagnostics' source lines) and the CLI read through
 * these, so limits, refusals and walk order are the same everywhere.
 */
#ifndef RF_FS_H
#define RF_FS_H
#include <stdbool.h>
#include <stddef.h>
#include "roomforge/common.h" /* RF_API, RF_NODISCARD, RF_BEGIN_C, rf_status */
RF_BEGIN_C

/* *why for a path that names a FIFO, a device or a socket where a file is
 * expected (not an errno value: say it with rf_fs_why). */
#define RF_FS_ENOTREG (-1)
/* *why for a file whose size or modification time changed while rf_fs_read
 * read it (rewritten, truncated or grown under the reader): what was read is
 * not one version of the file, so it is dropped (DESIGN 8). */
#define RF_FS_ECHANGED (-2)
/* A walk's entry for a symbolic link whose target lies outside the walk's
 * root (rf_fs_walk_in): listed, never followed or read. */
#define RF_FS_EOUTSIDE (-3)
/* A walk's entry for a folder deeper than RF_FS_WALK_MAX_DEPTH: listed,
 * never entered (DESIGN 8: too deep is an error, never a silent skip). */
#define RF_FS_ETOODEEP (-4)
/* What a *why of these functions means, for a message: strerror's text, or
 * a phrase for the RF_FS_E* values above. Static storage. */
RF_API const char *rf_fs_why(int why);

/* Reads the file at path whole into *bytes (NUL-terminated, the NUL not
 * counted in *len), which the caller frees with rf_fs_free. Only a regular
 * file is read: a directory (EISDIR) and a FIFO, device or socket
 * (RF_FS_ENOTREG) are RF_ERR_IO, opened without blocking and refused before
 * any read; a file over max_bytes is RF_ERR_LIMIT, without allocating for it.
 * The file is read with read(2), never mapped: a file whose size or mtime
 * differs after the read from before it, or that gave more or fewer bytes
 * than its size, is RF_ERR_IO with RF_FS_ECHANGED, never a signal.
 * Returns RF_OK, RF_ERR_IO, RF_ERR_LIMIT, RF_ERR_NOMEM or RF_ERR_ARG. On
 * failure *why (may be NULL) gets an errno value saying why, for strerror:
 * the system's (ENOENT, EACCES, ...), EISDIR for a directory, EFBIG over the
 * limit, ENOMEM; *bytes is then untouched, and so is *len but for
 * RF_ERR_LIMIT, where it gets the size seen (the file's size, or the bytes
 * read when the file grew past the limit), for the reader's message. */
RF_API RF_NODISCARD rf_status rf_fs_read(const char *path, size_t max_bytes, char **bytes,
                                                size_t *len, int *why);
/* Frees what rf_fs_read returned; NULL is a no-op. */
RF_API void rf_fs_free(char *bytes);
/* Reads the first cap - 1 bytes at most of the file at path into buf,
 * NUL-terminated, their count in *len: a sniff of a file of any size. Same
 * statuses and *why as rf_fs_read (no RF_ERR_LIMIT, no RF_ERR_NOMEM). */
RF_API RF_NODISCARD rf_status rf_fs_read_head(const char *path, char *buf, size_t cap,
                                                     size_t *len, int *why);

/* True when path, its symbolic links resolved, names a file inside the
 * directory root (resolved the same way) or below it: the check before
 * reading a path that content names (a script's src, an extension, a
 * recipe), so a link cannot lead out of the pack. False when either cannot
 * be resolved. */
RF_API bool rf_fs_inside(const char *root, const char *path);

/* Normalises path in place: "//" runs become one '/', "./" segments go,
 * a trailing '/' goes (but for "/" itself); "" and "./" become ".". ".."
 * stays (resolving it needs the links). Returns path. */
RF_API char *rf_fs_path_normalise(char *path);

/* rf_fs_walk flags. */
#define RF_FS_WALK_RECURSIVE 1u /* descend into subdirectories, RF_FS_WALK_MAX_DEPTH deep */
#define RF_FS_WALK_HIDDEN 2u    /* list names starting with '.' too ("." and ".." never) */
#define RF_FS_WALK_FILE_OK 4u   /* a path that is not a directory is listed as itself */
#define RF_FS_WALK_MAX_DEPTH 16 /* directory levels below the top */
#define RF_FS_WALK_MAX_ENTRIES 100000

typedef struct rf_fs_list rf_fs_list; /* opaque: the files a walk found */

/* Lists the regular files of directory dir whose names end in suffix (NULL:
 * any; the name must be longer than the suffix), as "dir/name" paths. Each
 * directory's entries are sorted byte-wise by name and subdirectories are
 * walked where they sort, so the order is the same on every machine. Symbolic
 * links are followed; dangling ones are skipped; a folder (by device and
 * inode) is entered once, so symlink loops end at once. A subdirectory that cannot
 * be opened is listed with its errno (rf_fs_list_error) and the walk goes on.
 * Returns RF_OK, RF_ERR_IO (dir missing or unreadable; ENOTDIR when it is not
 * a directory and RF_FS_WALK_FILE_OK is not given), RF_ERR_LIMIT (more than
 * RF_FS_WALK_MAX_ENTRIES), RF_ERR_NOMEM or RF_ERR_ARG, *why as rf_fs_read.
 * The caller frees *out with rf_fs_list_free. */
RF_API RF_NODISCARD rf_status rf_fs_walk(const char *dir, const char *suffix, unsigned flags,
                                                rf_fs_list **out, int *why);
/* rf_fs_walk with a fence: every symbolic link met (dir itself too, when it
 * is a file given with RF_FS_WALK_FILE_OK) whose target, resolved, is neither
 * root nor inside it is listed with RF_FS_EOUTSIDE, neither followed nor
 * read: a link to a folder out always, a link to a file out when its name
 * has the suffix (one without it would not be read anyway). root NULL: dir
 * when it is a directory, else dir's folder: the pack of DESIGN 5. */
RF_API RF_NODISCARD rf_status rf_fs_walk_in(const char *root, const char *dir, const char *suffix,
                                            unsigned flags, rf_fs_list **out, int *why);
RF_API size_t rf_fs_list_count(const rf_fs_list *l);
/* The ith path, or NULL past the end; valid until l is freed. */
RF_API const char *rf_fs_list_at(const rf_fs_list *l, size_t i);
/* 0 for a file; the errno of a subdirectory the walk could not open, or
 * RF_FS_ETOODEEP or RF_FS_EOUTSIDE. */
RF_API int rf_fs_list_error(const rf_fs_list *l, size_t i);
/* Frees l and its paths; NULL is a no-op. */
RF_API void rf_fs_list_free(rf_fs_list *l);

RF_END_C
#endif /* RF_FS_H */
