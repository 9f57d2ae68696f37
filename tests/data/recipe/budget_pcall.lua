-- tests/data/recipe/budget_pcall.lua: a pcall loop of steps cannot outrun the budget.
local level = ...
level:brogue_rooms()
for _ = 1, 1000 do pcall(level.brogue_lakes, level, {lakes = 100, ["lake-tries"] = 100}) end
level:feeling("never reached")
