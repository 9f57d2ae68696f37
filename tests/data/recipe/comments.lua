-- tests/data/recipe/comments.lua: a recipe whose comments and strings name
-- what it never does: it never calls dig_crawl and never reads
-- params["lakez"] or params.lakez. Only running it tells (test_recipe.c).
local level, params = ...
local note = "level:dig_crawl(params) with 'lakez' and params.lakez"
level:dig_rects()
level:stairs()
-- it does read a key whose name it builds, which no text search could see
level:feeling(#note .. " " .. tostring(params["dust" .. "-level"]))
