-- scripts/levels/brogue.lua: the default recipe, Brogue's pipeline with templates.
--
-- A recipe is the Lua chunk a profile names (content/profiles.xml, recipe=).
-- It runs once a level and receives the level and the profile's parameters
-- at the level's depth (params["cave-chance"], ranges as {lo, hi}). Steps
-- read the numbers of the table they are given, the profile's when none.
-- Order, from shared/seeds/brogue-level-generation.txt: the first room and
-- accretion (templates attach as room designs), loops, lakes, then the
-- passes (diagonals, chokepoints, lake walls, bridges, doors, secret doors);
-- templates still pending take free rectangles; stairs; DoomRL special rooms;
-- Brogue's machines (treasure rooms and autogenerators: the pack's
-- machines.xml); hordes and traps.
local level, params = ...

level:brogue_rooms(params)
level:brogue_loops(params)
level:brogue_lakes(params)
level:brogue_finish(params)
level:place_templates()
level:stairs()
if params["special-rooms"] ~= 0 then
  level:special_rooms(params)
end
if params["machines"] ~= 0 then
  level:machines(params)
end
if params["populate"] ~= 0 then
  level:populate(params)
end
