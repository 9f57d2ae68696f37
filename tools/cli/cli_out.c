/* tools/cli/cli_out.c: -o FILE written safely: checked before any work, then
 * written to a temporary file beside the target and renamed over it.
 *
 * Pipeline: CLI. Design: stat, never open, to judge the target (opening a
 * FIFO blocks); the same-file test compares (device, inode), so another
 * spelling of an input's path is caught; rename() in the same folder is
 * atomic, so a failed run leaves the old file whole or no file at all.
 */
#include "cli_out.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

const char *cli_out_target(const char *path)
{
    return path && strcmp(path, "-") != 0 ? path : NULL;
}

int cli_out_check(const char *cmd, const char *path, const char *const *inputs,
                  const char *const *what, size_t n)
{
    struct stat st, in;
    size_t i;
    if (!path || stat(path, &st) != 0)
        return CLI_OK; /* stdout, or a file still to be made */
    if (S_ISDIR(st.st_mode))
        return cli_usage_error(cmd, "-o %s is a directory", path);
    if (!S_ISREG(st.st_mode))
        return cli_usage_error(cmd, "-o %s is not a regular file (a FIFO, socket or device); "
                                    "use -o - or a redirection to write to it",
                               path);
    for (i = 0; i < n; i++)
        if (inputs[i] && stat(inputs[i], &in) == 0 && in.st_dev == st.st_dev &&
            in.st_ino == st.st_ino)
            return cli_usage_error(cmd, "-o %s is %s (%s): it is not overwritten", path, what[i],
                                   inputs[i]);
    return CLI_OK;
}

/* The mode a new file gets from the umask (mkstemp's is 0600). */
static mode_t new_file_mode(void)
{
    mode_t mask = umask(022);
    umask(mask);
    return (mode_t)(0666 & ~mask);
}

int cli_out_open(cli_out *o, const char *cmd, const char *path, bool binary)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    int fd, n;
    struct stat st;
    memset(o, 0, sizeof *o);
    o->f = stdout;
    if (!path)
        return CLI_OK;
    o->path = path;
    if (slash)
        n = snprintf(o->tmp, sizeof o->tmp, "%.*s/.%s.XXXXXX", (int)(slash - path), path, slash + 1);
    else
        n = snprintf(o->tmp, sizeof o->tmp, ".%s.XXXXXX", path);
    if (n < 0 || (size_t)n >= sizeof o->tmp) {
        o->tmp[0] = '\0';
        return cli_usage_error(cmd, "-o %s: the path is too long", path);
    }
    fd = mkstemp(o->tmp);
    if (fd < 0) {
        int e = errno;
        o->tmp[0] = '\0';
        return cli_usage_error(cmd, "cannot write %s: %s", path, strerror(e));
    }
    /* an existing file keeps its mode; a new one gets the umask's */
    (void)fchmod(fd, stat(path, &st) == 0 ? (st.st_mode & 07777) : new_file_mode());
    o->f = fdopen(fd, binary ? "wb" : "w");
    if (!o->f) {
        close(fd);
        unlink(o->tmp);
        o->tmp[0] = '\0';
        return cli_usage_error(cmd, "cannot write %s: out of memory", path);
    }
    return CLI_OK;
}

int cli_out_close(cli_out *o, const char *cmd, bool ok)
{
    int rc = CLI_OK;
    if (!o->path) {
        if (fflush(stdout) != 0 && ok)
            rc = cli_usage_error(cmd, "write error on stdout");
        return rc;
    }
    if (fclose(o->f) != 0 && ok) {
        rc = cli_usage_error(cmd, "write error on %s", o->path);
        ok = false;
    }
    if (ok && rename(o->tmp, o->path) != 0) {
        rc = cli_usage_error(cmd, "cannot write %s: %s", o->path, strerror(errno));
        ok = false;
    }
    if (!ok) /* a failed run leaves what was there */
        unlink(o->tmp);
    o->f = NULL;
    return rc;
}

int cli_out_may_replace(const char *cmd, const char *path, bool force)
{
    struct stat st;
    if (!path || force || stat(path, &st) != 0)
        return CLI_OK;
    return cli_usage_error(cmd, "%s exists: --force overwrites it", path);
}
