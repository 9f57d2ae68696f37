-- tests/data/rules/ext/conditions.lua: a designer's extension for test_world:
-- an object condition (hitsAtLeast) and one that names no object (playerAt).
roomforge.condition("hitsAtLeast", function(obj, c)
  return (obj.hits or 0) >= tonumber(c.hits)
end)

roomforge.condition("playerAt", function(c, room)
  local x, y = room:player()
  return x == tonumber(c.x) and y == tonumber(c.y)
end, { object = false })
