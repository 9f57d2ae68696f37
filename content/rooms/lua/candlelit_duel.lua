-- content/rooms/lua/candlelit_duel.lua: the rules of "Candlelit Duel"
-- (zz_lua_rooms.xml), loaded by <script src="lua/candlelit_duel.lua"/>.
-- Entering lights the candle and wakes a guardian; killing the guardian
-- before the candle goes out leaves a reward, otherwise the guardian vanishes.

room:rule {
  when = function(r) return r:entered() end,
  run = function(r)
    local gx, gy = r:anchor(1)
    r:create("monster", { id = "guardian", name = "Wax Guardian", x = gx, y = gy })
    r:set("candle", "started", 1)
    r:ticker("The candle flares. Something stirs in the wax.")
  end,
}

room:rule {
  when = function(r)
    local g, c = r:object("guardian"), r:object("candle")
    return g ~= nil and not g.alive and c.started
  end,
  run = function(r)
    local lx, ly = r:anchor(3)
    r:set("candle", "stopped", 1)
    r:create("loot", { type = "wand", x = lx, y = ly })
    r:ticker("The guardian melts. The candle gutters out, its work done.")
  end,
}

room:rule {
  when = { { "stopped", id = "candle" }, { "isalive", id = "guardian" } },
  run = { { "remove", id = "guardian" }, { "ticker", text = "The candle dies, and the guardian with it." } },
}
