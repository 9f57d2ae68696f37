-- tests/data/recipe/huge_lakes.lua: a step argument past its range (bad-value).
local level = ...
level:brogue_rooms()
level:brogue_lakes({lakes = 100000})
