/* engine/src/pack/pack_int.h: the insides of rf_pack, shared by the pack
 * stage's files.
 *
 * Pipeline: pack. Design: the merged set owns every template the packs
 * loaded (replaced and left-out ones stay in its arena, uncounted), so the
 * names and files the room table and the left-out list point at live as long
 * as the pack.
 */
#ifndef RF_PACK_INT_H
#define RF_PACK_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/machines.h"
#include "roomforge/pack.h"
#include "world/seam.h"

/* One room the packs held, for rf_pack_room_at: sorted by file, then line. */
typedef struct rf_pack_seen {
    const char *name, *file;
    int line;
} rf_pack_seen;

struct rf_pack {
    rf_template_set *set;
    rf_profile_set *profiles;
    rf_machines *machines; /* every pack's machines.xml files, in pack order; NULL: none */
    char **files; /* every file read, owned */
    size_t nfiles, files_cap;
    rf_pack_seen *seen;
    size_t nseen;
    rf_pack_room *left;
    size_t nleft, left_cap;
};

/* Appends a copy of path to p's files unless it is there already; false
 * when memory runs out. */
bool rf_pack_add_file(rf_pack *p, const char *path);
/* True when the XML file at path has the root element <profiles> (a BOM,
 * blanks, the declaration, processing instructions and comments skipped). */
bool rf_pack_is_profiles_file(const char *path);
/* The same for the root element <machines> (DESIGN 17). */
bool rf_pack_is_machines_file(const char *path);
/* How many bytes of a file are read to find its root element. */
#define RF_PACK_SNIFF_BYTES 4096
/* True when the first n bytes of an XML text at buf have the root element
 * root ("profiles", "machines"), as rf_pack_is_profiles_file sniffs a file. */
bool rf_pack_root_is(const char *buf, size_t n, const char *root);
/* The worse of two statuses: anything beats RF_OK, a failure beats content. */
rf_status rf_pack_worse(rf_status a, rf_status b);
/* Adds an io-error for path (errno why) to d; returns RF_ERR_IO. */
rf_status rf_pack_io_error(rf_diags *d, const char *path, int why);
/* Reports a walk's entry with error why (rf_fs_list_error): RF_FS_EOUTSIDE
 * a symlink-outside and RF_FS_ETOODEEP a folder-too-deep error, both with no
 * line (nothing of the file is read or printed), RF_ERR_CONTENT; any other
 * an io-error, RF_ERR_IO. */
rf_status rf_pack_walk_error(rf_diags *d, const char *path, int why);
/* True, with a symlink-outside error in d, when path is a symbolic link
 * whose target is not inside the folder root: the caller must not read it. */
bool rf_pack_refuse_link(const char *root, const char *path, rf_diags *d);
/* Loads the profiles file at path into a fresh set and layers it over
 * p->profiles (profile-replaced notes), recording the files read. */
rf_status rf_pack_load_profiles(rf_pack *p, const char *path, rf_diags *d);
/* One more room left out, after the index (a room whose subrooms fail
 * rf_template_set_link): on p's list with a room-left-out note; false when
 * memory ran out. */
bool rf_pack_leave_out(rf_pack *p, const rf_template *t, const char *why, rf_diags *d);
/* Sorts the room table and fills the left-out list from set's skipped rooms
 * and bad (one flag per template of set), with room-left-out notes. */
rf_status rf_pack_index_rooms(rf_pack *p, const bool *bad, rf_diags *d);
/* The keep flags of layering: good (not bad) templates of the last pack
 * holding their name; room-replaced notes. pack_of gives each template's pack. */
rf_status rf_pack_layer(rf_pack *p, const size_t *pack_of, const bool *bad, bool *keep,
                        rf_diags *d);

/* A streaming lint's checkers (lint_pipe.c): rooms the loader lets go are
 * checked by world linters on threads of their own and on the loader's. The set streams with
 * hold RF_LINT_PIPE_HOLD, so a room stays whole until it is checked. */
#define RF_LINT_PIPE_HOLD 64
typedef struct rf_lint_pipe rf_lint_pipe;
/* Checkers for wo's scripts: jobs of them (0: the online processors, up to
 * 8), the loader's thread the first, each with a world linter; extension problems go to d once. RF_OK;
 * RF_ERR_CONTENT (an extension reported; the checks go on); RF_ERR_IO (no
 * registries: rooms are counted, not checked); RF_ERR_NOMEM with *out NULL. */
rf_status rf_lint_pipe_new(const rf_world_opts *wo, unsigned jobs, rf_diags *d,
                           rf_lint_pipe **out);
/* The set's rf_template_fn (ud: the pipe): queues t; while the oldest
 * unchecked room is RF_LINT_PIPE_HOLD back, checks queued rooms (or waits)
 * until it is half that. RF_ERR_NOMEM once a check
 * ran out of memory (the load then stops), else RF_OK: the checks' statuses
 * come from rf_lint_pipe_finish. */
rf_status rf_lint_pipe_room(void *ud, const rf_template *t);
/* Waits for every room to be checked, then adds the checks' diagnostics to
 * d in room order (after the loader's, as a kept lint orders them, whatever
 * the checkers). The checks' worst status: RF_OK, RF_ERR_CONTENT, RF_ERR_NOMEM. */
rf_status rf_lint_pipe_finish(rf_lint_pipe *p, rf_diags *d);
/* After rf_lint_pipe_finish: the rooms whose check left a script out (an
 * unknown type, a Lua chunk that failed), which lint's summary does not
 * count as loaded. */
size_t rf_lint_pipe_left_out(const rf_lint_pipe *p);
void rf_lint_pipe_free(rf_lint_pipe *p); /* p may be NULL */

/* ---- the checks of one file kind, shared by rf_lint_paths (lint_paths.c)
 * and rf_lint_buffer (lint_buffer.c): one checker. */
/* After the rooms were loaded into set (with status loaded): the subroom
 * link and the rule VM's checks of every room (rf_world_lint_rooms, wo's
 * extensions); *nbad gets the rooms either left out. The worst status. */
rf_status rf_lint_kept_rooms(rf_template_set *set, rf_status loaded, const rf_world_opts *wo,
                             rf_diags *d, size_t *nbad);
/* After the profiles file loaded into ps (with status loaded): each
 * profile proved by its trial levels with rooms; *count grows by the
 * profiles. The worst status. */
rf_status rf_lint_profile_trials(const rf_profile_set *ps, rf_status loaded,
                                 const rf_template_set *rooms, rf_diags *d, size_t *count);
/* The clause types of m's XML scripts against the rule VM's registries
 * (built-ins and wo's scripts folder, whose own findings were said), then
 * the ids its rules name (rf_lint_machines_ids). */
rf_status rf_lint_machine_checks(const rf_machines *m, const rf_world_opts *wo, rf_diags *d);

#endif /* RF_PACK_INT_H */
