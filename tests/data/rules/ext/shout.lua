-- tests/data/rules/ext/shout.lua: a designer's action for test_world: a
-- ticker line in capitals with an exclamation mark.
roomforge.action("shout", function(room, c)
  room:ticker(string.upper(c.text) .. "!")
end)
