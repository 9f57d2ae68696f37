-- tests/scenarios/lua/ext/extra.lua: a designer's extension, loaded by
-- `sim --scripts`: a condition and an action XML content uses by name.
roomforge.condition("hasHits", function(o, c)
  return (o.hits or 0) >= tonumber(c.min or "1")
end)
roomforge.action("shout", function(room, c)
  room:ticker(string.upper(c.text))
end)
