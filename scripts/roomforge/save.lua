-- scripts/roomforge/save.lua: the Lua half of a world's save and restore
-- (world_save.c writes and reads the rest: rooms, random streams, tick).
--
-- Pipeline: world stage; run once per world after room_api.lua, with E.
-- Design: a token stream, blank-separated: integers, single words, and
-- strings as s<len>:<bytes> (any bytes, read by length). E.save_state
-- writes objects (every column, in room and creation order), clocks, rule
-- states, pending events, the handle counter and each room's room.state
-- (plain values only); E.restore_begin parses all of it first, checking
-- every value, E.new_room then makes each room's saved objects before its
-- scripts compile, and E.restore_finish puts the rest back. Lua locals are
-- not saved (docs/designers.md).
local E = ...
local O, HANDLE, HORDE, LEADER, BYH = E.O, E.HANDLE, E.HORDE, E.LEADER, E.BYH
local REV = E.REV
local type, tostring, tonumber, error, pairs, next, getmetatable = type, tostring, tonumber,
    error, pairs, next, getmetatable
local sformat, sfind, ssub = string.format, string.find, string.sub
local mtype, tointeger = math.type, math.tointeger
local tconcat = table.concat

local MAX_DEPTH = 64            -- nested tables in one room.state
local COORD = 1 << 28           -- RF_WORLD_COORD_MAX
local NUM = 1 << 40             -- bound on counters read back (clocks, hits, ...)

-- ---- saving ----

local out
local function put(x) out[#out + 1] = x end
local function str(s) put("s" .. #s .. ":" .. s) end
local function int(n) put(sformat("%d", n)) end
local function flag(b) put(b and "1" or "0") end

-- A plain value of room.state; where names the room for errors.
local function value(v, depth, seen, where)
    local t = type(v)
    if t == "boolean" then
        put(v and "t" or "f")
    elseif t == "string" then
        put("s")
        str(v)
    elseif t == "number" then
        if mtype(v) == "integer" then
            put("i")
            int(v)
        else
            put("d")
            put(sformat("%a", v))
        end
    elseif t == "table" then
        if seen[v] then error(where .. ": room.state holds a cycle", 0) end
        if depth >= MAX_DEPTH then
            error(sformat("%s: room.state nests deeper than %d tables", where, MAX_DEPTH), 0)
        end
        if getmetatable(v) ~= nil then error(where .. ": room.state holds a table with a metatable", 0) end
        seen[v] = true
        put("{")
        for k, x in pairs(v) do -- the sandbox's pairs: the same order every run
            local tk = type(k)
            if tk ~= "string" and tk ~= "number" and tk ~= "boolean" then
                error(sformat("%s: room.state has a %s key", where, tk), 0)
            end
            value(k, depth + 1, seen, where)
            value(x, depth + 1, seen, where)
        end
        put("}")
        seen[v] = nil
    else
        error(sformat("%s: room.state holds a %s (only numbers, strings, booleans and tables " ..
                      "of them are saved)", where, t), 0)
    end
end

-- The Lua state of the world as one string; errors name the room whose
-- room.state cannot be saved ("room N 'NAME': ...").
function E.save_state()
    out = {}
    local n = 0
    for ri = 1, #E.rooms do n = n + #E.rooms[ri].list end
    put("objects")
    int(n)
    for ri = 1, #E.rooms do
        local list = E.rooms[ri].list
        for i = 1, #list do
            local k = list[i]
            int(ri - 1)
            int(HANDLE[k])
            int(HORDE[k])
            flag(LEADER[k])
            str(O.type[k])
            if O.id[k] then str(O.id[k]) else put("-") end
            int(O.x[k])
            int(O.y[k])
            flag(O.activated[k])
            int(O.alive[k])
            flag(O.started[k])
            int(O.remaining[k])
            int(O.initial[k])
            int(O.hits[k])
            int(O.needed[k])
            flag(O.broken[k])
            flag(O.passable[k])
            flag(O.can_push[k])
            local attrs = E.object_attrs(HANDLE[k]) -- format 3: key, value, ...
            int(#attrs // 2)
            for j = 1, #attrs do str(attrs[j]) end
        end
    end
    put("clocks")
    int(#E.clocks)
    for i = 1, #E.clocks do int(HANDLE[E.clocks[i]]) end
    put("rules")
    int(E.nrules)
    for i = 1, E.nrules do flag(E.off[i]) end
    local p = E.pending
    put("pending")
    int(#p // 3)
    for i = 1, #p, 3 do
        if p[i] == REV then
            put("r")
            int(p[i + 1] - 1)
        else
            put("o")
            int(HANDLE[p[i + 1]])
        end
        int(p[i + 2])
    end
    put("counters")
    int(E.tick)
    int(E.px)
    int(E.py)
    int(E.next_handle)
    put("states")
    int(#E.rooms)
    for ri = 1, #E.rooms do
        local room = E.rooms[ri]
        value(room.state or {}, 0, {}, sformat("room %d '%s'", ri - 1, room.name))
    end
    put("end")
    local s = tconcat(out, " ")
    out = nil
    return s
end

-- ---- restoring ----

local src, pos

local function damaged(what)
    error(sformat("at byte %d: %s", pos, what), 0)
end

-- The next token: text and whether it was a string token.
local function tok()
    local _, e = sfind(src, "^%s*", pos)
    pos = e + 1
    if pos > #src then damaged("the save ends early") end
    if ssub(src, pos, pos) == "s" then
        local _, de, len = sfind(src, "^s(%d+):", pos)
        if de then
            if #len > 10 then damaged("a string too long") end
            local n = tonumber(len)
            if de + n > #src then damaged("a string runs past the end") end
            pos = de + n + 1
            return ssub(src, de + 1, de + n), true
        end
    end
    local ws, we = sfind(src, "^%S+", pos)
    pos = we + 1
    return ssub(src, ws, we), false
end

local function word(want)
    local t, quoted = tok()
    if quoted or t ~= want then damaged(sformat("'%s' expected", want)) end
end

local function num(lo, hi, what)
    local t, quoted = tok()
    local n = not quoted and #t <= 20 and sfind(t, "^%-?%d+$") and tointeger(tonumber(t))
    if not n or n < lo or n > hi then damaged(sformat("%s: an integer %d..%d expected", what, lo, hi)) end
    return n
end

local function bit(what) return num(0, 1, what) == 1 end

local function text(what)
    local t, quoted = tok()
    if not quoted then damaged(what .. ": a string expected") end
    return t
end

local function read_value(depth)
    local t, quoted = tok()
    if quoted then damaged("a value expected") end
    if t == "t" then return true end
    if t == "f" then return false end
    if t == "s" then return text("a string value") end
    if t == "i" then return num(math.mininteger, math.maxinteger, "an integer value") end
    if t == "d" then
        local f, q = tok()
        local v = not q and tonumber(f)
        if f == "inf" then v = 1 / 0 elseif f == "-inf" then v = -1 / 0
        elseif f == "nan" or f == "-nan" then v = 0 / 0 end
        if v == nil or v == false then damaged("a number expected") end
        return v + 0.0
    end
    if t == "{" then
        if depth >= MAX_DEPTH then damaged("tables nested too deep") end
        local r = {}
        while true do
            local save = pos
            local w, q = tok()
            if w == "}" and not q then return r end
            pos = save
            local k = read_value(depth + 1)
            -- only what the saver writes: a scalar key, once per table
            if type(k) == "table" then damaged("a table as a key") end
            if k ~= k then damaged("a NaN key") end
            if r[k] ~= nil then damaged("a key twice in one table") end
            r[k] = read_value(depth + 1)
        end
    end
    damaged("a value expected")
end

-- Parses s (E.save_state's form) for nrooms rooms into E.restore, checking
-- every value; raises "at byte N: ..." when the save is damaged.
function E.restore_begin(s, nrooms, version)
    src, pos = s, 1
    local R = {rooms = {}, handles = {}}
    for ri = 1, nrooms do R.rooms[ri] = {} end
    word("objects")
    local n = num(0, NUM, "objects")
    for _ = 1, n do
        local ri = num(0, nrooms - 1, "object room")
        local o = {handle = num(1, E.HANDLE_MAX, "handle"), horde = num(0, math.maxinteger, "horde"),
                   leader = bit("leader"), type = text("type")}
        if o.type == "" then damaged("an empty object type") end
        local save = pos
        local id, q = tok()
        if not q then
            if id ~= "-" then damaged("an id or '-' expected") end
            id = nil
        end
        if id == "" then pos = save damaged("an empty id") end
        o.id = id
        o.x, o.y = num(-COORD, COORD, "x"), num(-COORD, COORD, "y")
        o.activated, o.alive, o.started = bit("activated"), num(-1, 2, "alive"), bit("started")
        o.remaining, o.initial = num(-NUM, NUM, "remaining"), num(-NUM, NUM, "initial")
        o.hits, o.needed = num(-NUM, NUM, "hits"), num(-NUM, NUM, "needed")
        o.broken, o.passable, o.can_push = bit("broken"), bit("passable"), bit("can_push")
        o.attrs = {}
        if version and version >= 3 then
            for _ = 1, num(0, NUM, "attributes") do
                local key = text("attribute key")
                if key == "" or o.attrs[key] ~= nil then
                    damaged("an empty or repeated attribute key")
                end
                o.attrs[key] = text("attribute value")
            end
        end
        if R.handles[o.handle] then damaged("handle " .. o.handle .. " twice") end
        R.handles[o.handle] = true
        local list = R.rooms[ri + 1]
        list[#list + 1] = o
    end
    word("clocks")
    R.clocks = {}
    for i = 1, num(0, n, "clocks") do
        R.clocks[i] = num(1, E.HANDLE_MAX, "clock handle")
        if not R.handles[R.clocks[i]] then damaged("a clock names no object") end
    end
    word("rules")
    R.nrules = num(0, NUM, "rules")
    R.off = {}
    for i = 1, R.nrules do R.off[i] = bit("rule state") end
    word("pending")
    R.pending = {}
    for i = 1, num(0, NUM, "pending") do
        local kind = tok()
        local e
        if kind == "r" then
            e = {room = num(0, nrooms - 1, "event room")}
        elseif kind == "o" then
            e = {handle = num(1, E.HANDLE_MAX, "event object")}
            if not R.handles[e.handle] then damaged("an event names no object") end
        else
            damaged("an event ('r' or 'o') expected")
        end
        e.bit = num(1, 255, "event bit")
        R.pending[i] = e
    end
    word("counters")
    R.tick = num(0, 1 << 53, "tick") -- RF_WORLD_TICK_MAX
    R.px, R.py = num(-COORD, COORD, "player x"), num(-COORD, COORD, "player y")
    R.next_handle = num(0, E.HANDLE_MAX, "handles")
    for h in pairs(R.handles) do
        if h > R.next_handle then damaged("a handle past the counter") end
    end
    word("states")
    if num(0, nrooms, "states") ~= nrooms then damaged("states of another number of rooms") end
    R.states = {}
    for ri = 1, nrooms do
        local v = read_value(0)
        if type(v) ~= "table" then damaged("a room.state that is not a table") end
        R.states[ri] = v
    end
    word("end")
    local _, e = sfind(src, "^%s*", pos)
    if e < #src then pos = e + 1 damaged("text after the end") end
    src = nil
    E.restore = R
end

-- Makes room's saved objects (E.new_room calls it while restoring).
function E.restore_room(room)
    local R = E.restore
    local list = R.rooms[room.index + 1]
    if list == nil then error("a room the save does not have", 0) end
    for i = 1, #list do
        local o = list[i]
        o.attrs.id = o.id
        local k = E.make_object(room, o.type, o.attrs, o.x, o.y, o.handle)
        O.activated[k], O.alive[k], O.started[k] = o.activated, o.alive, o.started
        O.remaining[k], O.initial[k], O.hits[k], O.needed[k] = o.remaining, o.initial, o.hits,
            o.needed
        O.broken[k], O.passable[k], O.can_push[k] = o.broken, o.passable, o.can_push
        HORDE[k], LEADER[k] = o.horde, o.leader -- (a fresh k: no view to keep in step)
    end
end

-- Puts back what follows the rooms; raises when the rooms' scripts made
-- another number of rules than the saved world had.
function E.restore_finish()
    local R = E.restore
    E.restore = nil
    if E.nrules ~= R.nrules then
        error(sformat("the rooms' scripts make %d rules, the saved world had %d (other " ..
                      "templates or extensions)", E.nrules, R.nrules), 0)
    end
    for i = 1, R.nrules do
        if R.off[i] then E.off[i], E.acts[i] = true, {} end
    end
    local clocks = E.clocks
    for i = #clocks, 1, -1 do clocks[i] = nil end
    for i = 1, #R.clocks do
        local k = BYH[R.clocks[i]]
        if O.type[k] ~= "clock" then error("a saved clock that is not a clock", 0) end
        clocks[i] = k
    end
    local p = E.pending
    for i = #p, 1, -1 do p[i] = nil end
    for i = 1, #R.pending do
        local e = R.pending[i]
        local n = #p
        if e.room then
            p[n + 1], p[n + 2] = REV, e.room + 1
        else
            p[n + 1], p[n + 2] = O.ev, BYH[e.handle]
        end
        p[n + 3] = e.bit
    end
    E.tick, E.px, E.py, E.next_handle = R.tick, R.px, R.py, R.next_handle
    -- in place: a chunk that ran again on load may hold room.state in a local
    for ri = 1, #E.rooms do
        local st = E.rooms[ri].state
        for k in next, st do st[k] = nil end
        for k, v in next, R.states[ri] do st[k] = v end
    end
end

-- Drops a restore that failed half way (the world is then freed anyway).
function E.restore_abort() E.restore, src = nil, nil end
