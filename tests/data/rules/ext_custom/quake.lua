-- tests/data/rules/ext_custom/quake.lua: a designer's action for
-- test_world_host: an effect kind of the game's own (quake), with values.
roomforge.action("quake", function(room, c)
  room:emit("quake", { strength = tonumber(c.strength), loud = c.loud == "1", where = room:name() })
end)
