-- A Brogue level without lakes, its own feeling, a custom parameter.
local level, params = ...
params.lakes = 0
level:brogue_rooms(params)
level:brogue_loops(params)
level:brogue_lakes(params)
level:brogue_finish(params)
level:place_templates()
level:stairs()
level:feeling("dry as bone " .. params["dust-level"] .. " " .. level.difficulty .. " " .. level.depth)
