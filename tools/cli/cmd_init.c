/* tools/cli/cmd_init.c: `roomforge init DIR`: writes a starter pack (rooms, a
 * profile, a scenario, a Lua extension, lint settings, a CI workflow) that
 * lints clean and generates.
 *
 * Pipeline: CLI only; the files come from tools/init/starter (init_files.h).
 * Design: nothing a user wrote is lost: every target is checked before the
 * first byte is written, and each file is created with O_EXCL and O_NOFOLLOW,
 * so an existing file or a link in the way stops init instead of being
 * written through. Exit: 0 written, 2 usage or I/O (a file in the way).
 */
#define _DEFAULT_SOURCE 1 /* O_NOFOLLOW, O_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cli_getopt.h"
#include "commands.h"
#include "init_files.h"

#define PATH_CAP 4096

static void init_help(FILE *out)
{
    fputs("usage: roomforge init DIR\n"
          "Writes a starter content pack into DIR (made when missing): rooms/starter.xml,\n"
          "profiles.xml, scripts/shout.lua (an action type of its own), a scenario in\n"
          "scenarios/, roomforge.toml (lint's settings), a CI workflow in\n"
          ".github/workflows/ and a README. It lints clean, its scenario passes and it\n"
          "generates; edit it into your own pack. No file is ever overwritten: when any\n"
          "of them exists already, nothing is written.\n"
          "\n"
          "options:\n"
          "  -h, --help  print this help and exit\n"
          "Exit: 0 written, 2 usage or I/O errors (a file in the way).\n",
          out);
}

/* Makes every folder of path's parents below dir (mkdir -p of its dirname). */
static int make_parents(const char *path)
{
    char buf[PATH_CAP];
    char *slash;
    size_t n = strlen(path);
    if (n >= sizeof buf)
        return ENAMETOOLONG;
    memcpy(buf, path, n + 1);
    for (slash = strchr(buf + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        struct stat st;
        *slash = '\0';
        if (mkdir(buf, 0777) != 0 && errno != EEXIST)
            return errno;
        if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) /* a link to a folder is the user's */
            return ENOTDIR;
        *slash = '/';
    }
    return 0;
}

static int write_one(const char *path, const cli_init_file *f)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    size_t done = 0;
    int err = 0;
    if (fd < 0)
        return errno;
    while (done < f->len) {
        ssize_t w = write(fd, f->bytes + done, f->len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            err = w < 0 ? errno : EIO;
            break;
        }
        done += (size_t)w;
    }
    if (close(fd) != 0 && !err)
        err = errno;
    if (err)
        (void)unlink(path); /* ours, half written: a partial file would mislead */
    return err;
}

/* The one DIR init takes. */
static int take_dir(const char *cmd, const char *a, void *ctx)
{
    if (*(const char **)ctx)
        return cli_usage_error(cmd, "one folder at a time"), -1;
    *(const char **)ctx = a;
    return 1;
}

int cmd_init(int argc, char **argv)
{
    const char *dir = NULL;
    char path[PATH_CAP];
    size_t i;
    int k, err;
    k = cli_getopt("init", argc, argv, NULL, 0, take_dir, &dir);
    if (k == CLI_HELP) {
        init_help(stdout);
        return CLI_OK;
    }
    if (k != CLI_OK)
        return k;
    if (!dir || !*dir)
        return cli_usage_error("init", "which folder? give DIR");
    /* every target first: one file in the way and nothing is written */
    for (i = 0; i < cli_init_files_count; i++) {
        struct stat st;
        if (snprintf(path, sizeof path, "%s/%s", dir, cli_init_files[i].path) >= (int)sizeof path)
            return cli_usage_error("init", "the folder's path is too long");
        if (lstat(path, &st) == 0)
            return cli_usage_error("init", "%s exists; init never writes over a file, so nothing "
                                           "was written (choose a new or empty folder)", path);
    }
    for (i = 0; i < cli_init_files_count; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, cli_init_files[i].path);
        if ((err = make_parents(path)) != 0 || (err = write_one(path, &cli_init_files[i])) != 0)
            return cli_usage_error("init", "cannot write %s: %s", path, strerror(err));
    }
    printf("roomforge init: wrote %zu files in %s\n"
           "next:\n"
           "  roomforge lint %s\n"
           "  roomforge sim --content %s --scripts %s/scripts --scenario %s/scenarios\n"
           "  roomforge gen --content %s --scripts %s/scripts --profile starter --room \"Starter Hall\"\n",
           cli_init_files_count, dir, dir, dir, dir, dir, dir, dir);
    return fflush(stdout) == 0 ? CLI_OK : CLI_USAGE;
}
