-- tests/data/rules/ext_bad/a_redefine.lua: redefining a built-in is refused.
local ok = true
roomforge.condition("isAlive", function() return ok end)
