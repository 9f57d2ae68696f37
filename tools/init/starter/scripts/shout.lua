-- scripts/shout.lua: an action type of the starter pack's own (roomforge
-- init): XML scripts use it as action_type="shout". lint, gen and sim load
-- it with --scripts scripts (lint reads that from roomforge.toml).
roomforge.action("shout", function(room, c)
  room:ticker(string.upper(c.text or "") .. "!")
end)
