-- tests/data/rules/ext_bad/b_syntax.lua: does not compile.
roomforge.action("oops", function(room, c) room:ticker( end)
