-- scripts/roomforge/conditions.lua: the ten Dredmor conditions, registered
-- into the rule VM's condition registry.
--
-- Pipeline: world stage; run once per world after engine.lua, rules.lua,
-- and room_api.lua, with E.
-- Design: each condition is a Lua expression over the object k (the room r,
-- for entered and exited), the engine's columns (activated[k], alive[k], ...,
-- ev[k] event bits; REV[r] room event bits) and operands A, B resolved once
-- when a script compiles (the wanted state, a tile, an event bit); the engine
-- writes the expressions of a script into one generated test, so a tick calls
-- one function per rule. `not` and `notfound` are the engine's: an id that
-- names no object answers notfound whatever `not` says; otherwise the answer
-- is the expression XOR not (DESIGN 4). Objects of a type a condition does
-- not speak of answer false before `not` (a lever is neither alive nor dead,
-- alive[k] being -1; what is not a clock never started).
-- Seeds: dredmor-room-system.txt section 3.
local E = ...
local truth, point = E.truth, E.point
local slower, sformat = string.lower, string.format

-- The wanted state of attribute `attr` (default 1), as operand A.
local function want(attr)
    return function(_, c) return c[attr] == nil or truth(c[attr]) end
end

E.define_condition("activated", {
    object = true, notfound = false, operands = want("activated"),
    expr = "activated[k] == A",
})

E.define_condition("activated_changed", {
    object = true, notfound = true, operands = want("activated"),
    expr = sformat("ev[k] & %d ~= 0 and activated[k] == A", E.EV_CHANGED), -- changed this tick
})

E.define_condition("at", {
    object = true, notfound = false,
    operands = function(room, c)
        local x, y = point(room, c, "at", "x", "y")
        if x == nil then error("the at condition needs at= or x= and y=", 0) end
        return x, y
    end,
    expr = "x[k] == A and y[k] == B",
})

local EVENT_BITS = {hit = E.EV_HIT, broken = E.EV_BROKEN}

E.define_condition("event", {
    object = true, notfound = false,
    operands = function(_, c)
        local bit = EVENT_BITS[slower(c.eventtype or "")]
        if bit == nil then error("the event condition needs event_type hit or broken", 0) end
        return bit
    end,
    expr = "ev[k] & A ~= 0",
})

E.define_condition("isalive", {object = true, notfound = false, expr = "alive[k] >= 1"})
E.define_condition("isdead", {object = true, notfound = false, expr = "alive[k] == 0"})

E.define_condition("started", {
    object = true, notfound = false, operands = want("started"),
    expr = "started[k] == A",
})

-- A clock never started is stopped (DESIGN 4).
E.define_condition("stopped", {
    object = true, notfound = false, operands = want("stopped"),
    expr = "started[k] ~= A",
})

-- entered and exited name no object: only `not` applies.
E.define_condition("entered", {
    object = false, notfound = false, expr = sformat("REV[r] & %d ~= 0", E.EV_ENTERED),
})
E.define_condition("exited", {
    object = false, notfound = false, expr = sformat("REV[r] & %d ~= 0", E.EV_EXITED),
})
