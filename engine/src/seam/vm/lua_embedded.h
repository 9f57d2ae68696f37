/* engine/src/seam/vm/lua_embedded.h: the rule VM's Lua files, compiled in.
 *
 * Pipeline: vm -> world; cmake/embed_lua.cmake generates lua_embedded.c from
 * the Lua files of scripts/roomforge, and world_lua.c boots from it, so a
 * game needs no script files. The table ends with a row whose name is NULL.
 */
#ifndef RF_SEAM_VM_LUA_EMBEDDED_H
#define RF_SEAM_VM_LUA_EMBEDDED_H

#include <stddef.h>

typedef struct rf_lua_embedded {
    const char *name; /* file name: "engine.lua" */
    const char *text; /* its bytes, NUL-terminated */
    size_t len;       /* without the NUL */
} rf_lua_embedded;

extern const rf_lua_embedded rf_lua_embedded_files[];

#endif /* RF_SEAM_VM_LUA_EMBEDDED_H */
