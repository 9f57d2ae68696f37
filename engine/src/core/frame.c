/* engine/src/core/frame.c: the checked frame of saves (core/seam.h).
 *
 * Pipeline: core; the world's and the run's saves write and read their
 * payloads through it. Design: the header is one short line read a byte at
 * a time, so nothing past the frame is consumed; the payload is read whole,
 * then its crc32 compared, before the caller parses a byte. A header of the
 * magic and version alone is reported bare, for the world's format 1.
 */
#define _DEFAULT_SOURCE 1 /* mkstemp, fsync */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "core/seam.h"

#define HEAD_MAX 128

static unsigned long checksum(const char *p, size_t len)
{
    uLong c = crc32(0L, Z_NULL, 0);
    while (len > 0) { /* crc32 takes a uInt length */
        uInt n = len > 0x40000000u ? 0x40000000u : (uInt)len;
        c = crc32(c, (const Bytef *)p, n);
        p += n;
        len -= n;
    }
    return (unsigned long)c;
}

rf_status rf_frame_write(FILE *out, const char *magic, int version, const char *payload,
                         size_t len)
{
    bool ok = fprintf(out, "%s %d %zu %08lx\n", magic, version, len, checksum(payload, len)) > 0 &&
              fwrite(payload, 1, len, out) == len && fflush(out) == 0 && !ferror(out);
    return ok ? RF_OK : RF_ERR_IO;
}

static rf_status damaged(rf_frame *f, const char *why, size_t at)
{
    f->why = why;
    f->at = at;
    return RF_ERR_CONTENT;
}

rf_status rf_frame_read(FILE *in, const char *magic, int max_version, size_t max_len,
                        rf_frame *f)
{
    char head[HEAD_MAX], word[HEAD_MAX], sum[HEAD_MAX], tail;
    unsigned long long plen;
    unsigned long want;
    size_t n = 0, got;
    int c = 0, used = 0;
    memset(f, 0, sizeof *f);
    while (n + 1 < sizeof head && (c = getc(in)) != EOF) {
        head[n++] = (char)c;
        if (c == '\n')
            break;
    }
    head[n] = '\0';
    if (c != '\n') {
        if (ferror(in))
            return RF_ERR_IO;
        return damaged(f, "no header line", 0);
    }
    if (sscanf(head, "%127s %lld%n", word, &f->version, &used) != 2 || strcmp(word, magic) != 0 ||
        f->version < 1)
        return damaged(f, "not a save of this kind (its first word and version)", 0);
    if (f->version > max_version)
        return RF_ERR_CONTENT; /* why NULL: from a later roomforge */
    if (strspn(head + used, " ") == strlen(head + used) - 1) {
        f->bare = true; /* "MAGIC V\n": no length, no checksum */
        return damaged(f, "its header has no payload length and checksum", 0);
    }
    if (sscanf(head + used, " %llu %127s%c", &plen, sum, &tail) != 3 || tail != '\n' ||
        strlen(sum) != 8 || strspn(sum, "0123456789abcdef") != 8)
        return damaged(f, "its header has no payload length and 8-digit checksum", 0);
    if (plen > max_len)
        return damaged(f, "its payload is longer than a load reads", 0);
    want = strtoul(sum, NULL, 16);
    f->len = (size_t)plen;
    f->payload = rf_alloc(f->len + 1);
    if (!f->payload)
        return RF_ERR_NOMEM;
    got = fread(f->payload, 1, f->len, in);
    f->payload[got] = '\0';
    if (got != f->len || checksum(f->payload, f->len) != want) {
        bool io = got != f->len && ferror(in);
        rf_free(f->payload);
        f->payload = NULL;
        if (io)
            return RF_ERR_IO;
        return damaged(f,
                       got != f->len ? "it is shorter than its header says (truncated)"
                                     : "its checksum does not match: it was changed or damaged",
                       n);
    }
    return RF_OK;
}

static void io_error(rf_diags *d, const char *path, const char *what, const char *doing)
{
    if (d)
        (void)rf_diag_add(d, "io-error", path, 0, 0, "cannot %s %s: %s", doing, what,
                          strerror(errno));
}

rf_status rf_frame_write_path(const char *path, const char *what,
                              rf_status (*write)(void *ud, FILE *out, rf_diags *d), void *ud,
                              rf_diags *d)
{
    char tmp[4096];
    const char *slash = strrchr(path, '/');
    int fd, dirlen = slash ? (int)(slash - path) + 1 : 0;
    FILE *out;
    rf_status st;
    if (snprintf(tmp, sizeof tmp, "%.*s.%s.save-XXXXXX", dirlen, path, slash ? slash + 1 : path) >=
        (int)sizeof tmp)
        return RF_ERR_ARG;
    fd = mkstemp(tmp);
    if (fd < 0 || !(out = fdopen(fd, "wb"))) {
        int e = errno;
        if (fd >= 0) {
            close(fd);
            (void)unlink(tmp);
        }
        errno = e;
        io_error(d, path, what, "write");
        return RF_ERR_IO;
    }
    st = write(ud, out, d);
    /* the file is on the disk before it replaces the old one */
    if (st == RF_OK && fsync(fileno(out)) != 0) {
        st = RF_ERR_IO;
        io_error(d, path, what, "write");
    }
    if (fclose(out) != 0 && st == RF_OK) {
        st = RF_ERR_IO;
        io_error(d, path, what, "write");
    }
    if (st == RF_OK && rename(tmp, path) != 0) {
        st = RF_ERR_IO;
        io_error(d, path, what, "put in place");
    }
    if (st != RF_OK)
        (void)unlink(tmp); /* the old file, if any, is untouched */
    return st;
}
