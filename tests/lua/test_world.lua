-- tests/lua/test_world.lua: level:world() (rooms, objects, the player, the
-- events, tick's effects as tables and as sim's lines, the same lines sim
-- prints for the same events) and pack:sim{...} against `roomforge sim`,
-- with its bad-content answers and misuse raising.
local H = dofile(arg[0]:match("^(.*/)") .. "harness.lua")
local rf = require "roomforge"

local pack = assert(rf.load())
local function lines_of(text)
  local t = {}
  for l in text:gmatch("[^\n]+") do t[#t + 1] = l end
  return t
end
local function same_lines(got, want, what)
  H.eq(table.concat(got, "\n"), table.concat(want, "\n"), what)
end

-- a level holding three scripted rooms, and its world
local level = assert(pack:gen{seed = 5, depth = 6,
                              rooms = {"Warden's Gate", "Breaker's Hall", "Twin Lever Lock"}})
local world, wd = level:world()
H.check(world, "level:world() gives the world")
H.eq(wd.errors, 0, "the world's rooms compile")
H.check(select(1, level:world()) ~= world, "level:world() makes a new world each time")
local rooms, by_name = world:rooms(), {}
for _, r in ipairs(rooms) do by_name[r.name] = r end
local templates = 0
for _, r in ipairs(level.rooms) do if r.template then templates = templates + 1 end end
local groups, treasures = 0, {} -- machine groups: a treasure machine, or an autogenerator
for _, m in ipairs(level.machines) do
  if m.treasure == 0 then groups = groups + 1
  elseif not treasures[m.treasure] then treasures[m.treasure], groups = true, groups + 1 end
end
local tw = 0
for _, r in ipairs(rooms) do if r.name ~= "" then tw = tw + 1 end end
H.eq(tw, templates + groups,
     "one named world room per placed template and per machine group (rf_world_add_level)")
local gate, hall, lock = by_name["Warden's Gate"], by_name["Breaker's Hall"], by_name["Twin Lever Lock"]
H.check(gate and gate.level_room > 0, "a world room knows its level room")
H.check(gate and hall and lock, "the forced rooms are in the world")
H.check(gate.rules > 0, "a room's rules are counted")
for _, r in ipairs(level.rooms) do
  if r.template == "Warden's Gate" then
    H.check(r.x == gate.x and r.y == gate.y, "the world room stands where the level put it")
    H.eq(gate.orient, r.orient, "in the level's orientation")
  end
end

-- the objects and the player
local objs = world:objects(gate.index)
H.check(#objs > 0, "world:objects(room)")
local warden = world:object(gate.index, "warden")
H.check(warden and warden.alive and warden.type == "monster", "world:object finds the warden")
H.eq(level.objects[warden.handle].id, "warden", "world handles are the level JSON's handles")
H.eq(world:handle(warden.handle).id, "warden", "world:handle(h)")
H.eq(world:handle(10 ^ 9 // 1), nil, "world:handle of no object")
H.eq(warden.x - warden.lx, gate.x, "level and room-local coordinates")
H.eq(world:object(gate.index, "nobody"), nil, "world:object of no such id")
H.eq(world:ticks(), 0, "no tick yet")

-- Warden's Gate, as tests/scenarios/warden_gate.scn plays it
local sim_gate = lines_of(H.run({"sim", "--scenario", "tests/scenarios/warden_gate.scn"}))
local got = {}
local function keep(effects, room)
  for _, e in ipairs(effects) do
    if e.room == room then got[#got + 1] = e.line end
  end
end
H.eq(world:enter(gate.x + 6, gate.y + 2), gate.index, "enter(x, y) enters the room holding it")
H.eq(select(1, world:player()), gate.x + 6, "the player stands where it entered")
local effects, td = world:tick()
H.eq(td.errors, 0, "a tick without script errors")
keep(effects, gate.index)
local first = effects[1]
for _, e in ipairs(effects) do if e.room == gate.index then first = e break end end
H.eq(first.kind, "ticker", "an effect's kind")
H.eq(first.tick, 1, "an effect's tick")
H.eq(first.text, "A bony figure stands before a shimmering seal.", "a ticker's text")
H.eq(first.line, 'T1 ticker "A bony figure stands before a shimmering seal."', "sim's line")
H.eq(world:kill("warden"), gate.index, "kill finds the room holding the warden")
H.eq(world:object(gate.index, "warden").alive, false, "the warden is dead")
keep(world:tick(), gate.index)
keep(world:tick(), gate.index)
same_lines(got, sim_gate, "the world's lines for the gate are sim's")
H.eq(world:ticks(), 3, "three ticks")
H.eq(world:object(gate.index, "seal"), nil, "the seal is removed")

-- Breaker's Hall: hit with a count, a room given
local sim_hall = lines_of(H.run({"sim", "--scenario", "tests/scenarios/breakers_hall.scn"}))
got = {}
local base = world:ticks()
local function keep_shifted(effects, room)
  for _, e in ipairs(effects) do
    if e.room == room then
      got[#got + 1] = e.line:gsub("^T(%d+)", function(t) return "T" .. (t - base) end)
    end
  end
end
H.eq(world:hit("beam", 1, hall.index), hall.index, "hit(id, n, room)")
keep_shifted(world:tick(), hall.index)
world:hit("beam")
keep_shifted(world:tick(), hall.index)
world:kill("brute", hall.index)
keep_shifted(world:tick(), hall.index)
same_lines(got, sim_hall, "the world's lines for the hall are sim's")

-- Twin Lever Lock: pull, and several ticks at once
local sim_lock = lines_of(H.run({"sim", "--scenario", "tests/scenarios/twin_lever.scn"}))
got = {}
base = world:ticks()
world:pull("west")
keep_shifted(world:tick(), lock.index)
world:pull("west", lock.index)
keep_shifted(world:tick(), lock.index)
world:pull("east")
keep_shifted(world:tick(), lock.index)
world:pull("west")
keep_shifted(world:tick(1), lock.index)
same_lines(got, sim_lock, "the world's lines for the lock are sim's")
local many = world:tick(5)
H.eq(world:ticks(), base + 9, "tick(n) runs n ticks")
for _, e in ipairs(many) do H.check(e.tick > base + 4, "tick(n) gives only its own effects") end

-- exit, move
H.eq(world:exit(gate.index), gate.index, "exit(room)")
world:move(1, 1)
H.eq(select(2, world:player()), 1, "move(x, y)")

-- misuse raises
H.raises(function() world:pull("no-such-lever") end, "no room holds a lever", "pull of no lever")
H.raises(function() world:pull("west", gate.index) end, "holds no lever 'west'", "pull in the wrong room")
H.raises(function() world:enter(0) end, "no room 0", "room 0")
H.raises(function() world:enter(#rooms + 1) end, "no room", "a room past the end")
H.eq(world:enter(-5, -5), nil, "enter(x, y) where no room is: moved, no room entered")
H.eq(select(1, world:player()), -5, "the player moved there")
H.eq(world:enter("warden's gate"), gate.index, "enter(name), case-insensitively")
H.eq(world:exit("Warden's Gate"), gate.index, "exit(name)")
H.raises(function() world:enter("Nowhere") end, "no room named 'Nowhere'", "enter of an unknown name")
H.raises(function() world:hit("beam", 0) end, "hits: 1..10000", "0 hits")
H.raises(function() world:tick(0) end, "ticks: 1..1000000", "0 ticks")
H.raises(function() world:objects(true) end, "number expected", "objects of a boolean")
H.raises(function() world:objects("x") end, "no room named", "objects of an unknown room name")
H.eq(#world:objects("Warden's Gate"), #world:objects(gate.index), "objects(name)")

-- pack:sim, against `roomforge sim`
local scn = H.read(H.src .. "/tests/scenarios/warden_gate.scn")
local r, sd = pack:sim{scenario = scn}
H.check(r, "pack:sim with the scenario's own room line")
H.eq(r.failed, 0, "every expect met")
H.eq(r.room, "Warden's Gate", "the room played")
H.eq(r.ticks, 3, "the ticks played")
same_lines(r.lines, sim_gate, "pack:sim's lines are sim's")
H.eq(#r.effects, #r.lines, "an effect table per line")
H.eq(r.effects[2].kind, "remove", "effects as tables")
H.eq(#r.expects, 2, "the expects")
H.check(r.expects[1].met and r.expects[1].tick == 1, "an expect met, with its tick")
H.eq(sd.errors, 0, "no diagnostics")
local rf2 = pack:sim{room = "Warden's Gate", scenario = "enter\ntick\n", orient = 0}
H.eq(rf2.failed, 0, "DESIGN 15's pack:sim")
H.eq(#rf2.effects, 1, "one effect")
local byfile = pack:sim{file = H.src .. "/tests/scenarios/breakers_hall.scn"}
same_lines(byfile.lines, sim_hall, "pack:sim{file = ...}")
local failing = pack:sim{room = "Warden's Gate", scenario = "enter\ntick\nexpect T1 remove seal\n"}
H.eq(failing.failed, 1, "a failed expect is counted")
H.eq(failing.expects[1].met, false, "and marked")

-- every scenario of tests/scenarios: pack:sim's tables are sim --format json
local list = assert(io.popen("ls " .. H.q(H.src .. "/tests/scenarios") .. "/*.scn"))
local played = 0
for path in list:lines() do
  local res = pack:sim{file = path}
  if H.check(res, path .. " plays") then
    H.eq(H.sim_json(res), H.run({"sim", "--format", "json", "--scenario", path}),
         path .. ": pack:sim is sim --format json")
    played = played + 1
  end
end
list:close()
H.check(played >= 20, "the repository's scenarios were played (" .. played .. ")")

-- turned rooms (DESIGN 12): every orientation of three scenarios, as
-- sim --orient K prints them, in JSON (template frame) and in text with
-- --coords room
for _, name in ipairs({"turnstile_vault", "warden_gate", "breakers_hall"}) do
  local path = H.src .. "/tests/scenarios/" .. name .. ".scn"
  for k = 0, 7 do
    local what = name .. " orient " .. k
    local res = assert(pack:sim{file = path, orient = k})
    H.eq(res.orient, k, what .. ": the orientation played")
    H.eq(H.sim_json(res), H.run({"sim", "--format", "json", "--orient", tostring(k), "--scenario", path}),
         what .. ": sim --format json --orient")
    local room = assert(pack:sim{file = path, orient = k, coords = "room"})
    same_lines(room.lines, lines_of(H.run({"sim", "--orient", tostring(k), "--coords", "room",
                                            "--scenario", path})),
               what .. ": sim --coords room")
  end
end
local turned = assert(pack:sim{file = H.src .. "/tests/scenarios/turnstile_vault.scn", orient = 5})
for _, e in ipairs(turned.effects) do
  if e.kind == "create" or e.kind == "move" then
    H.check(e.rx and e.ry, "a turned effect carries its room-box coordinates")
  end
end

-- a designer's extension type through the pack's scripts directory
local ext = assert(rf.load{content = {H.src .. "/tests/data/pack/base", H.src .. "/tests/data/pack/mod"},
                           scripts = H.src .. "/tests/data/pack/ext"})
local shout = ext:sim{room = "Shouter", scenario = 'enter\ntick\nexpect T1 ticker "HEY!"\n'}
H.eq(shout and shout.failed, 0, "the scripts directory's action runs in pack:sim")

-- bad content: nil, diagnostics
local function fails(opts, code, what)
  local x, d = pack:sim(opts)
  H.eq(x, nil, what .. ": nil")
  local found = false
  for _, g in ipairs(d or {}) do found = found or g.code == code end
  H.check(found, what .. ": a " .. code .. " diagnostic")
end
fails({room = "Warden's Gate", scenario = "enter\njump\ntick\n"}, "scenario-syntax", "a malformed scenario")
fails({room = "No Such Room", scenario = "tick\n"}, "unknown-room", "an unknown room")
fails({scenario = "tick\n"}, "unknown-room", "no room at all")
fails({file = "/nonexistent.scn", room = "Warden's Gate"}, "io-error", "an unreadable file")
local gamma = ext:sim{room = "gamma", scenario = "tick\n"}
H.check(gamma, "the base Gamma plays (the mod's broken one was left out)")

-- misuse raises
H.raises(function() pack:sim{room = "Warden's Gate"} end, "give one of", "no scenario")
H.raises(function() pack:sim{scenario = "tick\n", file = "x"} end, "give one of", "both")
H.raises(function() pack:sim{scenario = "tick\n", orient = 8} end, "0..7", "orient 8")
H.raises(function() pack:sim{scenario = "tick\n", coords = "level"} end, "template or room", "coords level")
H.raises(function() pack:sim{scenario = "tick\n", room = 3} end, "'room' must be a string", "a numeric room")
H.raises(function() pack:sim() end, "table expected", "pack:sim()")

-- enter(x, y) on a blank of a room's box (an L-shaped room) is not that room
do
  local lp = assert(rf.load{content = H.src .. "/tests/data/lua_enter"})
  local lv = assert(lp:gen{seed = 3, depth = 2, rooms = {"Ell"}})
  local lw = lv:world()
  local ell
  for _, r in ipairs(lw:rooms()) do if r.name == "Ell" then ell = r end end
  H.check(ell and ell.orient == 0, "the L-shaped room is placed unturned")
  H.eq(lw:enter(ell.x + 2, ell.y + 1), ell.index, "enter(x, y) on its floor is the room")
  H.check(lw:enter(ell.x + 8, ell.y + 1) ~= ell.index, "enter(x, y) on a blank of its box is not")
end

-- world:save() and rf.load_world(pack, bytes): a world saved mid-game and
-- loaded back ticks on as the one it was saved from (issue 29)
do
  local spack = assert(rf.load())
  local slevel = assert(spack:gen{seed = 11, depth = 5, rooms = {"Warden's Gate"}})
  local a = slevel:world()
  local gate = 1
  for i, r in ipairs(a:rooms()) do if r.name == "Warden's Gate" then gate = i end end
  a:enter(gate)
  a:tick(2)
  local bytes = assert(a:save())
  H.check(bytes:sub(1, 18) == "roomforge-world 4 ", "a save starts with its header")
  local b, diags = rf.load_world(spack, bytes)
  H.check(b ~= nil and #diags == 0, "the save loads back")
  a:kill("warden", gate)
  b:kill("warden", gate)
  local ea, eb = a:tick(3), b:tick(3)
  H.eq(#eb, #ea, "the loaded world makes as many effects")
  for i = 1, #ea do H.eq(eb[i].line, ea[i].line, "effect " .. i) end
  local damaged = bytes:sub(1, -10) .. "X" .. bytes:sub(-8)
  local none, d2 = rf.load_world(spack, damaged)
  H.check(none == nil and d2[1] and d2[1].code == "save-damaged", "a damaged save is nil, save-damaged")
  a:close() b:close()
end

-- handles (issue 29): kill, pull, hit, break_object and move by handle,
-- objects' name, attrs and blocks, and world:room_at, C's one rule (seed 7:
-- a population monster without id stands in one of the level's rooms)
do
  local hp = assert(rf.load())
  local hl, hw, pop, lever, beam
  -- the first seed from 5 whose level holds a population monster (content
  -- changes move it from seed to seed)
  for seed = 5, 40 do
    hl = assert(hp:gen{seed = seed, depth = 6, rooms = {"Twin Lever Lock", "Breaker's Hall"}})
    hw = hl:world()
    pop, lever, beam = nil, nil, nil
    for ri = 1, #hw:rooms() do
      for _, o in ipairs(hw:objects(ri)) do
        if o.type == "monster" and o.id == nil and o.horde == nil and not pop then pop = o end
        if o.id == "west" then lever = o end
        if o.id == "beam" then beam = o end
      end
    end
    if pop then break end
  end
  H.check(pop and lever and beam, "a monster without id, a lever and a breakable")
  H.check(pop.blocks and type(pop.name) == "string" and pop.attrs.name == pop.name,
          "an object's name, attrs and blocks")
  H.eq(hw:kill(pop.handle), pop.room, "kill(handle) gives the object's room")
  H.eq(hw:handle(pop.handle).alive, false, "the monster without id is dead")
  H.eq(hw:handle(pop.handle).blocks, false, "a dead monster blocks nothing")
  H.eq(hw:pull(lever.handle), lever.room, "pull(handle)")
  H.eq(hw:handle(lever.handle).activated, not lever.activated, "the lever flipped")
  H.eq(hw:hit(beam.handle, 1), beam.room, "hit(handle, n)")
  H.eq(hw:break_object(beam.handle), beam.room, "break_object(handle)")
  H.eq(hw:handle(beam.handle).broken, true, "broken")
  H.eq(hw:move(pop.handle, pop.x + 1, pop.y), pop.room, "move(handle, x, y)")
  H.eq(hw:handle(pop.handle).x, pop.x + 1, "the object moved")
  H.raises(function() hw:kill(10 ^ 9 // 1) end, "no object has handle", "kill of no handle")
  H.raises(function() hw:hit(lever.handle) end, "cannot be hit", "hit of a lever")
  H.raises(function() hw:kill(lever.handle) end, "cannot be killed", "kill of a lever")
  -- room_at is enter(x, y)'s rule, C's rf_world_room_at
  local r = hw:rooms()[lever.room]
  for y = r.y - 1, r.y + r.h do
    for x = r.x - 1, r.x + r.w do
      local at = hw:room_at(x, y)
      H.eq(hw:enter(x, y), at, "room_at and enter agree at " .. x .. "," .. y)
    end
  end
  H.eq(hw:room_at(lever.x, lever.y), lever.room, "the lever's cell is its room's")
  H.eq(hw:room_at(-5, -5), nil, "no room out there")
  local lp = assert(rf.load{content = H.src .. "/tests/data/lua_enter"})
  local lw = assert(lp:gen{seed = 3, depth = 2, rooms = {"Ell"}}):world()
  local ell
  for _, x in ipairs(lw:rooms()) do if x.name == "Ell" then ell = x end end
  H.eq(lw:room_at(ell.x + 2, ell.y + 1), ell.index, "room_at on a floor cell")
  H.check(lw:room_at(ell.x + 8, ell.y + 1) ~= ell.index, "room_at on a blank of the box")
  hw:close() lw:close()
end

-- machines at play (DESIGN 17): the key of a treasure machine opens its
-- reward room's vault door the tick after it is taken, here and after a save
do
  local ml = assert(pack:gen{seed = 12, depth = 11})
  local key, door
  for _, m in ipairs(ml.machines) do
    for _, h in ipairs(m.objects) do
      local o = ml.objects[h]
      if m.treasure == 1 and m.kind == "key-holder" and o.key then key = o end
      if m.treasure == 1 and m.kind == "reward" and o.id == "vault-door" then door = o end
    end
  end
  H.check(key and door, "depth 11 holds a treasure machine with its key and vault door")
  local mw = assert(ml:world())
  local mroom
  for _, r in ipairs(mw:rooms()) do if r.name:find(" + ", 1, true) then mroom = r end end
  H.check(mroom and mroom.rules > 0, "the treasure machine's room has its blueprints' rules")
  H.eq(mw:room_at(door.x, door.y), mroom.index, "room_at answers the machine's room on its cells")
  mw:tick()
  H.check(mw:handle(door.handle) ~= nil, "the vault door stands while the key lies")
  local back = assert(rf.load_world(pack, assert(mw:save())))
  if key.type == "monster" then back:kill(key.handle) else back:pull(key.handle) end
  back:tick()
  H.eq(back:handle(door.handle), nil, "taking the key opens the vault (after a save)")
  mw:close() back:close() ml:close()
end

H.finish("test_world")
