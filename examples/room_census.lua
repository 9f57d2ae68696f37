-- examples/room_census.lua: a designer's tool in plain Lua 5.4 over the
-- roomforge module (docs/designers.md, "roomforge from Lua"): which rooms
-- the brogue profile places over a batch of levels and how often, one level
-- looked at closely, its world ticked, and a room's scenario played.
-- Run: lua5.4 examples/room_census.lua [CONTENT_DIR...]
local rf = require "roomforge"

local dirs = #arg > 0 and {table.unpack(arg)} or nil
local pack, diags = rf.load{content = dirs}
if not pack then
  for _, d in ipairs(diags) do
    print(string.format("%s:%d:%d: %s: %s [%s]", d.file, d.line, d.column, d.severity,
                        d.message, d.code))
  end
  os.exit(2)
end
print(string.format("roomforge %s: %d rooms, %d profiles, %d errors, %d warnings",
                    rf.version, #pack:rooms(), #pack:profiles(), diags.errors, diags.warnings))

-- 1. A census: every template placed over seeds 1-50 at depths 3, 6 and 9.
local placed, levels = {}, 0
for seed = 1, 50 do
  for _, depth in ipairs({3, 6, 9}) do
    local level <close> = assert(pack:gen{profile = "brogue", seed = seed, depth = depth})
    levels = levels + 1
    for _, room in ipairs(level.rooms) do
      if room.template then placed[room.template] = (placed[room.template] or 0) + 1 end
    end
  end
end
local names = {}
for name in pairs(placed) do names[#names + 1] = name end
table.sort(names, function(a, b)
  if placed[a] ~= placed[b] then return placed[a] > placed[b] end
  return a < b
end)
print(string.format("%d levels, %d different templates placed; the five most placed:", levels,
                    #names))
for i = 1, 5 do
  local n = placed[names[i]]
  print(string.format("  %-24s %3d  %s", names[i], n, string.rep("#", n // 2)))
end

-- 2. One level with a forced room, looked at closely.
local level = assert(pack:gen{seed = 3, depth = 5, rooms = {"Warden's Gate"}})
print(string.format("seed 3 depth 5: %dx%d, %d rooms, %d objects, stairs up at %d,%d, digest %s",
                    level.width, level.height, #level.rooms, #level.objects,
                    level.stairs.up[1], level.stairs.up[2], level:digest()))
local kinds = {}
for _, o in ipairs(level.objects) do kinds[o.type] = (kinds[o.type] or 0) + 1 end
local list = {}
for kind, n in pairs(kinds) do list[#list + 1] = kind .. " " .. n end
table.sort(list)
print("  objects: " .. table.concat(list, ", "))

-- 3. Its world: walk into the Warden's Gate, tick, kill the warden, tick.
local world = level:world()
for _, room in ipairs(world:rooms()) do
  if room.name == "Warden's Gate" then
    world:move(room.x + 6, room.y + 2)
    world:enter(room.index)
    for _, e in ipairs(world:tick()) do print("  " .. e.line) end
    world:kill("warden", room.index)
    for _, e in ipairs(world:tick(2)) do print("  " .. e.line) end
  end
end

-- 4. The same room as a scenario, with an expectation.
local result = pack:sim{room = "Warden's Gate", scenario = [[
enter
tick
kill warden
tick
expect T2 remove seal
]]}
print(string.format("scenario: %d effects, %d of %d expects failed", #result.effects,
                    result.failed, #result.expects))
