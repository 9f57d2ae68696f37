-- scripts/roomforge/lint.lua: what lint's world adds to E so one world can
-- check Lua rooms one after another: E.release_last.
--
-- Pipeline: world stage; run once, with E, only in the lint world that
-- world_lint.c makes (rf_world_step_lint_boot), never at a world's boot, so
-- every other world is as it was, byte for byte.
-- Design: the lint world holds one room at a time, before any tick; releasing
-- it puts E back as it was when this file ran (no rooms, objects, handles,
-- slots, rules or events), so the next room compiles and counts instructions as in
-- a fresh world, and what the room made is garbage for the collector. Kept:
-- the room's own table, which the next room fills (engine.lua's fill_room
-- sets every field); the column entries of the first KEEP_OBJECTS objects and
-- KEEP_RULES rules (make_object and add_rule write every entry of what they
-- make, and none above E.nobj or E.nrules is read). The room's facade leaves
-- the weak map at once rather than at a collection. The
-- generated tests of XML scripts stay cached (E.gen, up to GEN_KEEP sources:
-- rooms of one shape share them, as the rooms of a level do): they close
-- over SLOT, REV and the columns, which release empties in place, and a room
-- that reaches the memory cap is checked again in a fresh world anyway.
local E = ...
local pairs, next, error = pairs, next, error

local COLS = {} -- the object columns, walked by index when a room goes
for _, column in next, E.O do COLS[#COLS + 1] = column end
local NCOLS = #COLS
local boot = {} -- the generated sources the boot compiled: they stay
for text in pairs(E.gen) do boot[text] = true end
local GEN_KEEP = 4096   -- generated sources kept across rooms, at most
local KEEP_OBJECTS = 64 -- objects k <= this keep their columns when a room goes
local KEEP_RULES = 64   -- rules i <= this keep their entries when a room goes
-- the rule arrays add_rule writes (rules.lua), all of them for each rule
local RULE_COLS = {E.rules, E.off, E.test, E.base, E.rr, E.xs, E.acts, E.rep, E.user}
local drop_facade = E.drop_facade
local new_room, fill_room = E.new_room, E.fill_room
local spare -- the released room's table: the next room fills it again
local GEN_EVERY = 256   -- releases between two counts of them
local releases = 0

-- Empties list t.
local function clear(t)
    if t[1] == nil then return end
    for i = #t, 1, -1 do t[i] = nil end
end

-- The lint world's rooms: each one the table of the room before, every
-- field set again (fill_room), so a room costs no table of its own.
function E.new_room(a)
    local room = spare
    if room == nil then return new_room(a) end
    spare = nil
    return fill_room(room, a)
end

-- Releases room index, the only room, before any tick. Most lint rooms made
-- no object, slot or handle (their objects were never asked about), so
-- each walk is guarded by whether there is anything to walk.
function E.release_last(index)
    local rooms = E.rooms
    local room = rooms[index + 1]
    if index ~= 0 or room == nil or rooms[2] ~= nil or E.tick ~= 0 or E.covered ~= 0 then
        error("only the one room of the lint world, before any tick, can be released", 0)
    end
    local nrules, nobj = E.nrules, E.nobj
    for i = nrules, KEEP_RULES + 1, -1 do -- E.truncate(0) but for the entries kept
        for c = 1, #RULE_COLS do RULE_COLS[c][i] = nil end
    end
    E.nrules = 0
    if nobj > 0 then
        local HANDLE, HORDE, LEADER, forget_view = E.HANDLE, E.HORDE, E.LEADER, E.forget_view
        local ATTRS = E.ATTRS
        for k = nobj, 1, -1 do
            ATTRS[k] = nil -- the room's attribute tables are garbage now
            if k > KEEP_OBJECTS then
                for c = 1, NCOLS do COLS[c][k] = nil end
                HANDLE[k], HORDE[k], LEADER[k] = nil, nil, nil
            end
            forget_view(k)
        end
        local BYH = E.BYH
        for h = E.next_handle, 1, -1 do BYH[h] = nil end
        E.nobj, E.next_handle = 0, 0
        clear(E.clocks)
        clear(E.dead_new)
        clear(E.dead_old)
        clear(E.free)
    end
    local nslot = E.nslot
    if nslot > 0 then
        local SLOT, SV = E.SLOT, E.SV
        for s = nslot, 1, -1 do SLOT[s], SV[s] = nil, nil end
        E.nslot = 0
    end
    clear(E.pending)
    if room.facade ~= nil then drop_facade(room) end
    releases = releases + 1
    if releases % GEN_EVERY == 0 then
        local gen, n = E.gen, 0
        for _ in pairs(gen) do n = n + 1 end
        if n > GEN_KEEP then
            for text in pairs(gen) do
                if not boot[text] then gen[text] = nil end
            end
        end
    end
    E.REV[1] = nil
    rooms[1] = nil
    room.state, room.anchors, room.slots, room.list = false, false, false, false -- let them go
    spare = room
    E.cur, E.clause_line, E.loading = 0, 0, nil
end
