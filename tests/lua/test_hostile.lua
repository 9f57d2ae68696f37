-- tests/lua/test_hostile.lua: pure Lua that tries to crash the interpreter
-- through the module (issue 27): a finalizer closing a world, a level or a
-- pack during one of its own calls; option values an __index makes afresh
-- and lets go; NUL bytes inside names and paths. Every case must raise a
-- Lua error or work, never crash: run under ASan too (tests/lua), where a
-- use-after-free fails the run.
local H = dofile(arg[0]:match("^(.*/)") .. "harness.lua")
local rf = require "roomforge"

local pack = assert(rf.load())
local level = assert(pack:gen{seed = 3, depth = 5, rooms = {"Warden's Gate"}})

-- Garbage whose finalizer calls f: made before a call, collected inside it
-- as the call allocates (collectgarbage("step") makes the collector eager).
local function bomb(f)
  setmetatable({}, {__gc = function() pcall(f) end})
end
local function eager() collectgarbage("generational"); collectgarbage("incremental", 1, 1) end
local function calm() collectgarbage("incremental", 200, 100) end

-- a world closed by a finalizer during its own tick: refused, the tick ends
local world = level:world()
world:enter(1)
local closed_inside = false
for i = 1, 50 do
  bomb(function() world:close(); closed_inside = true end)
end
eager()
local ok, effects = pcall(world.tick, world, 20)
calm()
-- the collector may run the finalizers as the call begins, before the tick
-- holds the world: then the tick is refused with a Lua error, not a crash
H.check(ok or (tostring(effects):find("the world is closed", 1, true)
               and tostring(world) == "roomforge.world (closed)"),
        "a world's tick survives finalizers that close it: " .. tostring(effects))
H.check(not closed_inside or tostring(world) == "roomforge.world (closed)",
        "a close from a finalizer outside the tick may close it")
-- level fields read while finalizers close the level
for i = 1, 50 do bomb(function() level:close() end) end
eager()
local ok4, tiles = pcall(function() return level.tiles end)
calm()
H.check(ok4 or tostring(tiles):find("closed"), "reading a level while finalizers close it: " .. tostring(tiles))
-- a pack closed by finalizers while it generates
local pack2 = assert(rf.load())
for i = 1, 50 do bomb(function() pack2:close() end) end
eager()
local ok5, lv5 = pcall(pack2.gen, pack2, {seed = 4, depth = 3})
calm()
H.check(ok5 or tostring(lv5):find("in use") or tostring(lv5):find("closed"),
        "a pack's gen while finalizers close it: " .. tostring(lv5))

-- an explicit close inside the pack's own call (its options' __index) is an
-- error naming the pack, and the call goes on
local inside
local opts = setmetatable({}, {__index = function(_, k)
  if k == "seed" and not inside then inside = select(2, pcall(pack.close, pack)) end
  return nil
end})
local lvx = pack:gen(opts)
H.check(inside and tostring(inside):find("in use"), "closing a pack inside its own gen is refused: "
        .. tostring(inside))
H.check(lvx ~= nil and #lvx.tiles > 0, "and the gen goes on")

-- option strings an __index makes afresh, collected at once if not held
local made = 0
local fresh = setmetatable({}, {__index = function(_, k)
  made = made + 1
  collectgarbage("collect")
  if k == "profile" then return ("brog" .. "ue") end
  if k == "seed" then return 7 end
  if k == "depth" then return 3 end
end})
local lv6 = pack:gen(fresh)
H.check(lv6 and lv6.depth == 3 and lv6.seed == 7 and made > 0,
        "options an __index makes are read and held for the call")
local st = pack:stats(setmetatable({}, {__index = function(_, k)
  collectgarbage("collect")
  if k == "profile" then return "brogue" end
  if k == "count" then return 2 end
  if k == "depths" then return {1, 1} end
end}))
H.check(st ~= nil, "stats options from an __index work")

-- NUL bytes in names and paths are refused, never cut short
local function refused(f, ...)
  local ok7, e = pcall(f, ...)
  return not ok7 and tostring(e):find("NUL") ~= nil, e
end
H.check(refused(pack.show, pack, "Warden's Gate\0 and more"), "pack:show refuses a NUL in the name")
H.check(refused(pack.gen, pack, {seed = 1, depth = 5, rooms = {"Warden's Gate\0x"}}),
        "gen refuses a NUL in a forced room's name")
H.check(refused(pack.gen, pack, {seed = 1, depth = 5, profile = "brogue\0nethack"}),
        "gen refuses a NUL in the profile")
H.check(refused(rf.load, {content = "content\0/../etc"}), "load refuses a NUL in a path")
H.check(refused(rf.load, {content = {"content", "x\0y"}}), "load refuses a NUL in a path of a list")
local w4 = assert(pack:gen{seed = 3, depth = 5, rooms = {"Warden's Gate"}}):world()
H.check(refused(w4.kill, w4, "warden\0x"), "world:kill refuses a NUL in an id")
H.check(refused(w4.object, w4, 1, "warden\0x"), "world:object refuses a NUL in an id")

H.finish("test_hostile")
