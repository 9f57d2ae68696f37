-- tests/scenarios/lua/lua_rules_src.lua: a room rule loaded by <script src>
-- from the Lua Rules room: on exit, says where the player stood.
room:rule{
  when = function(r) return r:exited() end,
  run = function(r)
    local x, y = r:player()
    r:ticker("src rule: left from " .. x .. "," .. y)
  end,
  ["repeat"] = 1,
}
