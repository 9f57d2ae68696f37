-- tests/data/rules/lua/bad.lua: a src= chunk that errs at its line 4, which
-- the diagnostic must name in this file, not in the rooms file.
local n = nil
local m = n + 1
