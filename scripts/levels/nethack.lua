-- scripts/levels/nethack.lua: NetHack's rectangle splitting with templates.
--
-- shared/seeds/nethack-makerooms.txt digs the rooms, joins and doors in one
-- step (dig_rects); templates then take free rectangles of the dug level and
-- their doors are joined by corridors; stairs, DoomRL special rooms, hordes
-- and traps follow as in the default recipe (scripts/levels/brogue.lua says
-- how recipes work).
local level, params = ...

level:dig_rects(params)
level:place_templates()
level:stairs()
if params["special-rooms"] ~= 0 then
  level:special_rooms(params)
end
if params["populate"] ~= 0 then
  level:populate(params)
end
