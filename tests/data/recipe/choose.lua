-- Half the levels NetHack's, half DungeonMaker's, by the recipe stream.
local level = ...
if level:roll(1, 2) == 1 then
  level:dig_rects()
else
  level:dig_crawl({rooms = 1})
end
level:place_templates()
level:stairs()
local w, h = level:size()
level:feeling(w .. "x" .. h .. " rooms " .. level:rooms())
level:feeling("dice " .. math.random(1, 1000000))
