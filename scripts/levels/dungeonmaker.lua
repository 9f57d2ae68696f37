-- scripts/levels/dungeonmaker.lua: DungeonMaker's wall crawlers with templates.
--
-- shared/seeds/dungeonmaker-rooms-file.txt: crawlers driven by a rooms-file
-- (gen's rooms-file option, else the bundled one params["rooms"] names) dig
-- the level, which digs at that file's size unless the caller gives one;
-- templates then take free rectangles, joined by corridors; stairs, DoomRL
-- special rooms, hordes and traps follow (scripts/levels/brogue.lua says how
-- recipes work).
local level, params = ...

level:dig_crawl(params)
level:place_templates()
level:stairs()
if params["special-rooms"] ~= 0 then
  level:special_rooms(params)
end
if params["populate"] ~= 0 then
  level:populate(params)
end
