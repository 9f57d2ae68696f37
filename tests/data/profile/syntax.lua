-- tests/data/profile/syntax.lua: a recipe that does not compile: an `end`
-- with nothing to close on line 4 (recipe-syntax.xml).
local level = ...
level:stairs() end
