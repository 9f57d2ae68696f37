-- tests/data/rules/escape.lua: must never be loaded through "../escape.lua".
room:rule { run = function(r) r:ticker("escaped") end }
