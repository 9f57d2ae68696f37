/* roomforge/pack.h: a stack of content packs loaded as one, with lint's
 * checks: what every command that reads content (and a game) loads.
 *
 * Pipeline: pack, at the top: load (rooms), profile (profiles.xml), world
 * (script checks). DESIGN 5: a pack is DIR/rooms/ (recursively) when DIR has
 * a rooms/ folder, else every *.xml rooms file under DIR, plus
 * DIR/profiles.xml; later packs layer over earlier ones. No trial levels.
 */
#ifndef RF_PACK_H
#define RF_PACK_H

#include <stdbool.h>
#include <stddef.h>

#include "roomforge/common.h"
#include "roomforge/machines.h"
#include "roomforge/diag.h"
#include "roomforge/profile.h"
#include "roomforge/template.h"

RF_BEGIN_C

typedef struct rf_pack rf_pack; /* opaque: the loaded stack */

/* What to load; rf_pack_opts_init fills the defaults. */
typedef struct rf_pack_opts {
    const char *const *dirs; /* the packs, bottom first: each a directory, or a
                              * rooms.xml file (a pack of that one file) */
    size_t ndirs;
    const char *scripts_dir;       /* designer extensions (--scripts); NULL: none */
    const char *profiles_fallback; /* a profiles.xml loaded when no pack has one
                                    * (the bundled one); NULL: none */
} rf_pack_opts;

/* No packs, no scripts directory, no fallback. */
RF_API void rf_pack_opts_init(rf_pack_opts *o);

/* The most packs one stack takes. */
#define RF_PACK_MAX 64

/* Loads the packs of o in order, each into a set of its own (duplicate-room
 * inside one pack: a warning, both kept), then checks every room's scripts
 * as lint does (types against the built-in and o->scripts_dir registries, XML
 * scripts compiled, Lua chunks run once in the sandbox). A room with errors
 * (at load or in its scripts) is left out, with a room-left-out note; it
 * replaces nothing. Then a room of a later pack replaces every room of that
 * name from earlier packs (room-replaced note at the later room), and a
 * profile of a later pack's profiles.xml replaces the profile of that name
 * where it stands (profile-replaced note); population tables come whole from
 * the last profiles.xml that has them. A symbolic link whose target lies
 * outside its pack (a rooms file, a folder, profiles.xml) is refused unread
 * (symlink-outside), and a folder past RF_FS_WALK_MAX_DEPTH is reported
 * (folder-too-deep): both make the load RF_ERR_IO, as a file that cannot be
 * read does. Everything goes to d. RF_OK with *out
 * set; RF_ERR_CONTENT with *out set when an error was reported; RF_ERR_IO
 * with *out set when a pack or file could not be read (an io-error in d);
 * RF_ERR_ARG for more than RF_PACK_MAX packs; RF_ERR_NOMEM (*out untouched).
 * The caller frees *out with rf_pack_free. */
RF_API RF_NODISCARD rf_status rf_pack_load(const rf_pack_opts *o, rf_pack **out, rf_diags *d);
/* Frees p and everything it owns; p may be NULL. */
RF_API void rf_pack_free(rf_pack *p);

/* The merged rooms, in pack order then load order; valid until p is freed. */
RF_API const rf_template_set *rf_pack_templates(const rf_pack *p);
/* The merged profiles (empty when no pack and no fallback had any); valid
 * until p is freed. */
/* The blueprints of every machines.xml (root <machines>) in the packs'
 * folders (DESIGN 17), in pack order, a blueprint with an error left out;
 * NULL when no pack has one. Valid until p is freed. */
RF_API const rf_machines *rf_pack_machines(const rf_pack *p);
RF_API const rf_profile_set *rf_pack_profiles(const rf_pack *p);

/* Every file the load read, in the order read: rooms files, profiles files,
 * their recipe files, the scripts directory's *.lua and the rooms' <script
 * src> files (what a watcher watches). Valid until p is freed. */
RF_API size_t rf_pack_file_count(const rf_pack *p);
RF_API const char *rf_pack_file_at(const rf_pack *p, size_t i);

/* A room left out: its name (NULL when it had none), where its <room> is,
 * and why, one phrase ("errors in the room", "errors in its scripts"). */
typedef struct rf_pack_room {
    const char *name;
    const char *file;
    int line;
    const char *why;
} rf_pack_room;

RF_API size_t rf_pack_left_out_count(const rf_pack *p);
/* The ith room left out, in load order; false past the end. Strings valid
 * until p is freed. */
RF_API bool rf_pack_left_out_at(const rf_pack *p, size_t i, rf_pack_room *out);
/* The first room left out named name (case-insensitively); false when none. */
RF_API bool rf_pack_left_out_find(const rf_pack *p, const char *name, rf_pack_room *out);
/* The name of the room whose <room> element holds line of file (any room
 * the packs held: kept, replaced or left out), so a diagnostic can be told
 * to be about a room; NULL when line is before the file's first room or
 * file is not a rooms file of the stack. Valid until p is freed. */
RF_API const char *rf_pack_room_at(const rf_pack *p, const char *file, int line);

RF_END_C
#endif /* RF_PACK_H */
