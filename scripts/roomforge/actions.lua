-- scripts/roomforge/actions.lua: the Dredmor actions, registered into the
-- rule VM's action registry.
--
-- Pipeline: world stage; run once per world after conditions.lua, with E.
-- Design: each action compiles its clause once into a closure over the
-- room and its resolved attributes (positions from at= anchors or x= y=,
-- room-local) and calls one of the engine's operations (E.ops), which change
-- the model and emit the effect. `create` validates its attributes with the
-- loader's object grammar (host objtag) and reads them exactly as an object
-- of the room; `trigger` is another name of `ticker` (DESIGN 3). An action
-- on an id that names no object (removed, not created yet) does nothing.
-- Seeds: dredmor-room-system.txt section 4.
local E = ...
local objtag = E.objtag
local OPS, point, truth = E.ops, E.point, E.truth

E.define_action("create", {compile = function(room, c)
    local tag = c.createtype
    if tag == nil then error("the create action needs create_type", 0) end
    local a = {}
    for k, v in pairs(c) do
        if k ~= "createtype" then a[k] = v end
    end
    tag = objtag(tag, a)
    local x, y = point(room, c, "at", "x", "y")
    if x == nil then error("the create action needs at= or x= and y=", 0) end
    return function() OPS.create(room, tag, a, x, y) end
end})

E.define_action("move", {compile = function(room, c)
    local id = c.id
    local x, y = point(room, c, "at", "x", "y")
    if id == nil or x == nil then error("the move action needs id and at= or x= and y=", 0) end
    return function() OPS.move(room, id, x, y) end
end})

E.define_action("remove", {compile = function(room, c)
    local id = c.id
    if id == nil then error("the remove action needs id", 0) end
    return function() OPS.remove(room, id) end
end})

E.define_action("set", {compile = function(room, c)
    local id, prop, value = c.id, c.settype, truth(c.value)
    if id == nil or prop == nil then error("the set action needs id and set_type", 0) end
    return function() OPS.set(room, id, prop, value) end
end})

-- Without a source or target the spell uses the player's position when it
-- runs (DESIGN 4), so the default is resolved then, not here.
E.define_action("spell", {compile = function(room, c)
    local name = c.casts
    if name == nil then error("the spell action needs casts", 0) end
    local sx, sy = point(room, c, "sourceat", "sourcex", "sourcey")
    local tx, ty = point(room, c, "targetat", "targetx", "targety")
    return function() OPS.spell(room, name, sx, sy, tx, ty) end
end})

local function ticker(room, c)
    local text = c.text
    if text == nil then error("the ticker action needs text", 0) end
    return function() OPS.ticker(room, text) end
end
E.define_action("ticker", {compile = ticker})
E.define_action("trigger", {compile = ticker})
