-- tests/data/pack/ext/shout.lua: a designer's action for test_pack and pack_cli.sh: a
-- ticker line in capitals with an exclamation mark.
roomforge.action("shout", function(room, c)
  room:ticker(string.upper(c.text) .. "!")
end)
