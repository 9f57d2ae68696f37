/* engine/src/world/world_src.c: a room script's src= file, resolved and
 * read only from under its rooms file's folder.
 *
 * Pipeline: world; add_lua_script (world.c) reads a <script src> chunk
 * through rf_world_read_src. Design: the path must be relative without
 * "..", and where the file exists it must lie inside the folder after
 * symbolic links resolve: one that leads out is refused, not read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/seam.h"
#include "roomforge/fs.h"
#include "world_int.h"

/* Whether path is relative and never climbs out with "..". */
static bool src_path_ok(const char *src)
{
    const char *p = src;
    if (!src[0] || src[0] == '/' || src[0] == '\\')
        return false;
    while (*p) {
        size_t n = strcspn(p, "/\\");
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return false;
        p += n;
        if (*p)
            p++;
    }
    return true;
}

/* The path of src relative to the directory of file, into buf. */
static bool src_resolve(const char *file, const char *src, char *buf, size_t cap)
{
    const char *slash = file ? strrchr(file, '/') : NULL;
    int n;
    if (slash)
        n = snprintf(buf, cap, "%.*s/%s", (int)(slash - file), file, src);
    else
        n = snprintf(buf, cap, "%s", src);
    return n >= 0 && (size_t)n < cap;
}

/* True when path, links resolved, lies inside the directory of file (the
 * rooms file whose script names it). */
static bool src_inside(const char *file, const char *path)
{
    const char *slash = file ? strrchr(file, '/') : NULL;
    char dir[4096];
    if (!slash)
        return rf_fs_inside(".", path);
    if ((size_t)(slash - file) >= sizeof dir)
        return false;
    memcpy(dir, file, (size_t)(slash - file));
    dir[slash - file] = '\0';
    return rf_fs_inside(slash == file ? "/" : dir, path);
}

/* Reads the src file of s's script, resolved into path (cap bytes), into
 * *owned, s->code and s->len; false when it failed (reported, or *nomem). */
bool rf_world_read_src(rf_world_room_step *s, rf_diags *d, bool *nomem, char *path, size_t cap,
                       char **owned)
{
    const rf_script *sc = s->sc;
    const char *t = rf_world_rec_name(&s->w->rooms[s->index]), *tfile = s->file;
    size_t len = 0;
    rf_status st;
    if (!src_path_ok(sc->src)) {
        rf_world_report(d, "script-src", tfile, sc->line, sc->col, t, s->script,
               "src must be a relative path that stays under the rooms file's directory", "");
        return false;
    }
    if (!src_resolve(tfile, sc->src, path, cap))
        st = RF_ERR_IO;
    else if (access(path, F_OK) == 0 && !src_inside(tfile, path)) {
        rf_world_report(d, "script-src", tfile, sc->line, sc->col, t, s->script,
               "src leads outside the rooms file's directory (through a symbolic link); "
               "it is not read: ",
               sc->src);
        return false;
    } else
        st = rf_fs_read(path, RF_WORLD_LUA_FILE_MAX, owned, &len, NULL);
    if (st == RF_ERR_NOMEM) {
        *nomem = true;
        return false;
    }
    if (st != RF_OK) {
        rf_world_report(d, "script-src", tfile, sc->line, sc->col, t, s->script,
               "cannot read the src file (or it is over 1 MiB): ", sc->src);
        return false;
    }
    s->code = *owned;
    s->len = len;
    return true;
}
