-- tests/lua/test_gc.lua: lifetimes. Levels and worlds collected while their
-- pack lives; a pack dropped (or closed) before its levels, which keep
-- working; a level closed under its world; to-be-closed variables; many
-- levels made and dropped without growth. Run under ASan too, where a
-- use-after-free or a leak fails the run.
local H = dofile(arg[0]:match("^(.*/)") .. "harness.lua")
local rf = require "roomforge"

local function full_gc()
  collectgarbage("collect")
  collectgarbage("collect")
end

-- levels and worlds dropped while the pack lives
local pack = assert(rf.load())
for i = 1, 20 do
  local level = assert(pack:gen{seed = i, depth = 4 + i % 8, rooms = {"Warden's Gate"}})
  if i % 2 == 0 then
    local world = level:world()
    world:tick(2)
  end
  if i % 3 == 0 then local _ = level.tiles end
end
full_gc()
H.check(#pack:rooms() > 0, "the pack outlives its collected levels")

-- a world dropped, its level alive: level:world() again, the same C world
local level = assert(pack:gen{seed = 9, depth = 5, rooms = {"Warden's Gate"}})
do
  local w = level:world()
  w:enter(1)
  w:tick()
end
full_gc()
local w2 = level:world()
H.eq(w2:ticks(), 0, "level:world() again: a fresh world")

-- the pack dropped before its level: the level keeps it alive
local orphan = rf.load():gen{seed = 2, depth = 3}
full_gc()
H.eq(orphan:render("json"), H.run({"gen", "--format", "json", "--seed", "2", "--depth", "3"}),
     "a level whose pack was dropped still renders (the pack is held)")
H.eq(#orphan.rooms > 0, true, "and reads its fields")
local ow = orphan:world()
ow:tick()
orphan = nil
ow = nil
full_gc()

-- the pack closed before its level: the level keeps working, the pack not
do
  local p = assert(rf.load())
  local l = assert(p:gen{seed = 4, depth = 5, rooms = {"Warden's Gate"}})
  p:close()
  H.raises(function() p:gen{} end, "the pack is closed", "gen on a closed pack")
  H.check(#l:render("text") > 0, "a level of a closed pack renders")
  local w = l:world()
  w:enter(1)
  H.check(#w:tick() >= 0, "and its world ticks")
  l:close() -- the world still borrows the pack's templates: it lives on
  H.check(#w:tick() >= 0, "a world outlives its level's close")
  w:close() -- the last borrower: the pack is freed now
  H.raises(function() w:tick() end, "the world is closed", "a closed world")
  H.raises(function() return l.tiles end, "the level is closed", "fields of a closed level")
  H.raises(function() l:render("ascii") end, "the level is closed", "render of a closed level")
  H.eq(tostring(l), "roomforge.level (closed)", "tostring of a closed level")
  H.eq(tostring(w), "roomforge.world (closed)", "tostring of a closed world")
end
full_gc()

-- to-be-closed variables: pack, level, world
do
  local p <close> = assert(rf.load())
  local l <close> = assert(p:gen{seed = 6, depth = 2})
  local w <close> = l:world()
  w:tick()
end
full_gc()

-- a world closed alone: its level lives, level:world() gives a fresh one
do
  local l = assert(pack:gen{seed = 8, depth = 3})
  local w = l:world()
  w:close()
  H.raises(function() w:tick() end, "closed", "a closed world")
  local w3 = l:world()
  H.check(w3 ~= w and w3:ticks() == 0, "level:world() after close")
  local w4 <close> = l:world{seed = 99}
  H.eq(w4:ticks(), 0, "level:world{seed = N}")
  H.raises(function() l:world{sed = 1} end, "unknown option 'sed'", "a misspelt world option")
end

-- many levels made and dropped: Lua's memory does not grow with them
full_gc()
local before = collectgarbage("count")
for i = 1, 200 do
  local l = pack:gen{seed = i, depth = 3}
  local _ = l:digest()
end
full_gc()
H.check(collectgarbage("count") < before + 64, "200 levels dropped leave no Lua memory behind")

-- the pack collected last, after everything
pack = nil
level = nil
w2 = nil
full_gc()

H.finish("test_gc")
