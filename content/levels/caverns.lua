-- content/levels/caverns.lua: an example recipe file, the "caverns" profile's.
--
-- A recipe file lives with the content, beside the profiles that name it
-- (recipe="levels/caverns.lua" in content/profiles.xml), and is read when
-- the profiles load: a designer changes it and runs `roomforge gen --profile
-- caverns` again, no rebuild. This one digs Brogue caves: every first room a
-- cave, no loops (caves stay tree-like, so chokepoints abound), lakes twice,
-- DoomRL special rooms from depth 3 only, and a feeling of its own. The
-- bundled recipes (scripts/levels/brogue.lua) explain the steps.
local level, params = ...

params["cave-chance"] = 100
level:brogue_rooms(params)
level:brogue_lakes(params)
level:brogue_lakes(params)
level:brogue_finish(params)
level:place_templates()
level:stairs()
if level.depth >= 3 then
  level:special_rooms(params)
end
level:populate(params)
level:feeling("You hear water dripping somewhere in the dark.")
