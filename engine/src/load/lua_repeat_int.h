/* engine/src/load/lua_repeat_int.h: how many rules a room's inline Lua
 * chunk registers and how many of them repeat, read from its text, so that
 * `show` labels a Lua script by its rules (issue 35) instead of by the
 * <script repeat> attribute, which Lua rules do not read.
 *
 * Pipeline: load -> output (template_write.c). Design: a scan, not a run:
 * `room:rule` calls and `["repeat"] = VALUE` keys outside comments; a rule
 * repeats when VALUE is anything but false or nil (DESIGN 4, designers.md).
 */
#ifndef RF_LUA_REPEAT_INT_H
#define RF_LUA_REPEAT_INT_H

#include <stddef.h>

/* The rules code registers (":rule" calls) and those whose "repeat" key is
 * set to a value other than false or nil. */
void rf_lua_repeat_count(const char *code, size_t *rules, size_t *repeating);

#endif /* RF_LUA_REPEAT_INT_H */
