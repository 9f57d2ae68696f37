-- tests/scenarios/lua/ext/extra.lua: a designer's extension, loaded by
-- `sim --scripts`: conditions and actions XML content uses by name (rumble
-- hands the game an effect of its own, room:emit).
roomforge.condition("hasHits", function(o, c)
  return (o.hits or 0) >= tonumber(c.min or "1")
end)
roomforge.action("shout", function(room, c)
  room:ticker(string.upper(c.text))
end)
roomforge.action("rumble", function(room, c)
  room:emit("quake", { strength = tonumber(c.strength), loud = c.loud == "1", where = room:name() })
end)
