-- scripts/roomforge/room_api.lua: the API Lua written by designers sees:
-- the `room` table of room scripts and the `roomforge` table of extension
-- files.
--
-- Pipeline: world stage; run once per world after rules.lua, with E.
-- world_lua.c runs each room's Lua chunk in an environment of the sandbox
-- (luavm.h) that E.chunk_env gives `room`, and each extension file in one
-- that E.extension_env gives `roomforge`.
-- Design: `room` is one read-only facade per room, whose methods find the
-- room through a weak table, so a script cannot forge one (the three that
-- rules call every tick are closures over it); an object is a read-only
-- view (one per object, made on first use) whose most read fields live in
-- a table engine.lua keeps in step with the columns and whose others are
-- read from the columns when asked, so a view never goes stale. Methods go
-- through the same operations (E.ops) and compiler (rules.lua) as XML
-- scripts; room:rule works only while the room's chunk loads.
local E = ...
local O, SLOT, REV, OPS, SV = E.O, E.SLOT, E.REV, E.ops, E.SV
local EV_ENTERED, EV_EXITED = E.EV_ENTERED, E.EV_EXITED
local truth, int, point, norm_attrs = E.truth, E.int, E.point, E.norm_attrs
local find, slot_of, objtag_c = E.find, E.slot_of, E.objtag
local gen_cond, gen_test, add_rule = E.gen_cond, E.gen_test, E.add_rule
local compile_cond, compile_act = E.compile_cond, E.compile_act
local read_only = E.read_only
local type, tostring, tonumber, error = type, tostring, tonumber, error
local setmetatable, next, rawget = setmetatable, next, rawget
local sformat = string.format

-- ---- the room API (DESIGN 4; docs/designers.md: Lua rules) ----

local INNER = setmetatable({}, {__mode = "k"}) -- facade -> room
local FIDX = setmetatable({}, {__mode = "k"})  -- facade -> its index table
local VIEWS = {}                               -- k -> object view
local M = {}
local MIDX = {__index = M}
local function read_only_room() error("the room table is read-only", 2) end

-- A facade is an empty table whose __index is a table of its own holding
-- room.state (the room's own table of plain values, kept by a save) and
-- the methods rules call every tick (object, entered, exited) closed over
-- the room, whose __index is M: a method or state is found by table
-- lookups, no call, and those three find the room with no lookup at all.
local view, hot_methods
local function facade(room)
    local f = room.facade
    if f == nil then
        local idx = setmetatable({state = room.state}, MIDX)
        f = setmetatable({}, {__index = idx, __newindex = read_only_room, __metatable = false})
        INNER[f], FIDX[f] = room, idx
        hot_methods(idx, room)
        room.facade = f
    end
    return f
end
E.facade = facade
-- Room is gone (lint.lua): its facade leaves INNER now, not at a collection,
-- and its methods are M's (which find no room now).
function E.drop_facade(room)
    local f = room.facade
    if f ~= nil then
        local idx = FIDX[f]
        INNER[f], idx.state, idx.object, idx.entered, idx.exited = nil, nil, nil, nil, nil
    end
end

-- An object view (docs/designers.md: Lua rules) is an empty table whose
-- __index is a table of its own, E.SHADOW[k]: the fields rules read most,
-- kept equal to the columns by engine.lua (synced), found by one table
-- lookup. That table's own __index answers the other fields from the
-- columns when asked, k kept under a key no script can name.
local SHADOW, shadow_of = E.SHADOW, E.shadow_of
local KEY = {}
local COLD = {
    started = function(k) return O.started[k] end,
    remaining = function(k) return O.remaining[k] end,
    initial = function(k) return O.initial[k] end,
    hits = function(k) return O.hits[k] end,
    needed = function(k) return O.needed[k] end,
    broken = function(k) return O.broken[k] end,
    passable = function(k) return O.passable[k] end,
    can_push = function(k) return O.can_push[k] end,
}
local SHADOWMT = {
    __index = function(sh, f)
        local k, get = rawget(sh, KEY), COLD[f] -- (rawget: none once forgotten)
        if k == nil or get == nil then return nil end
        return get(k)
    end,
}
local function read_only_object() error("an object is read-only in room scripts", 2) end

function view(k)
    local p = VIEWS[k]
    if p == nil then
        local sh = setmetatable(shadow_of(k, KEY), SHADOWMT)
        p = setmetatable({}, {__index = sh, __newindex = read_only_object, __metatable = false})
        VIEWS[k], SHADOW[k] = p, sh
    end
    return p
end
E.view = view

-- Object k was removed (engine.lua): a view a script kept of it reads nil,
-- and sees nothing of a later object that gets k again.
function E.forget_view(k)
    local sh = SHADOW[k]
    if sh ~= nil then
        for f in next, sh do sh[f] = nil end
        VIEWS[k], SHADOW[k] = nil, nil
    end
end

local function inner(self)
    local r = INNER[self]
    if r == nil then error("call room methods with ':' (room:object(id))", 3) end
    return r
end

-- inner, find and view written out: rules ask for objects every tick.
function M.object(self, id)
    local room = INNER[self]
    if room == nil then error("call room methods with ':' (room:object(id))", 2) end
    if room.deferred then
        local k = find(room, id)
        return k and view(k) or nil
    end
    local s = room.slots[id]
    local k = s and SLOT[s]
    if not k then return nil end
    return VIEWS[k] or view(k)
end
-- The facade's own object, entered and exited (facade above): bound to
-- their room, whatever table they are called on; called with '.' (no self,
-- or no id), they fail as M's do.
function hot_methods(idx, room)
    local M_object, rev = M.object, room.index + 1
    idx.object = function(self, id)
        local slots = room.slots
        if not id or slots == nil then return M_object(self, id) end -- (deferred: objects first)
        local s = slots[id]
        if not s then return nil end
        local p = SV[s]
        if p then return p end
        local k = SLOT[s]
        if not k then return nil end
        p = VIEWS[k] or view(k)
        SV[s] = p
        return p
    end
    idx.entered = function(self)
        if not self then return M.entered(self) end
        return REV[rev] & EV_ENTERED ~= 0
    end
    idx.exited = function(self)
        if not self then return M.exited(self) end
        return REV[rev] & EV_EXITED ~= 0
    end
end
function M.name(self) return inner(self).name end
function M.size(self) local r = inner(self) return r.w, r.h end
function M.anchor(self, d)
    local a = inner(self).anchors[tonumber(d)]
    if a then return a[1], a[2] end
    return nil
end
function M.player(self) return E.player_in(inner(self)) end
-- The orientation 0-7 the room was placed in (DESIGN 12); every position
-- the API gives or takes is in the template's own frame whatever it is.
function M.orientation(self) return inner(self).orient end
function M.entered(self) return REV[inner(self).index + 1] & EV_ENTERED ~= 0 end
function M.exited(self) return REV[inner(self).index + 1] & EV_EXITED ~= 0 end
function M.tick(self) inner(self) return E.tick end

-- Position of a Lua-side call: (x, y) numbers, or nil for "none".
local function opt_xy(x, y, what)
    if x == nil and y == nil then return nil end
    return int(x, what .. " x"), int(y, what .. " y")
end

function M.create(self, tag, attrs)
    local room = inner(self)
    if type(tag) ~= "string" then error("create needs an object tag", 2) end
    local a = norm_attrs(attrs)
    local canon = objtag_c(tag, a)
    local x, y = point(room, a, "at", "x", "y")
    if x == nil then error("create needs at= or x= and y=", 2) end
    return view(OPS.create(room, canon, a, x, y))
end
function M.move(self, id, x, y)
    local room = inner(self)
    x, y = opt_xy(x, y, "move")
    if x == nil then error("move needs x and y", 2) end
    return OPS.move(room, id, x, y)
end
function M.remove(self, id) return OPS.remove(inner(self), id) end
-- A designer's own effect kind: the host gets name and values (custom).
function M.emit(self, name, values) OPS.custom(inner(self), name, values) end
function M.set(self, id, prop, value) return OPS.set(inner(self), id, prop, value) end
function M.spell(self, name, sx, sy, tx, ty)
    local room = inner(self)
    sx, sy = opt_xy(sx, sy, "spell source")
    tx, ty = opt_xy(tx, ty, "spell target")
    OPS.spell(room, name, sx, sy, tx, ty)
end
function M.ticker(self, text) OPS.ticker(inner(self), text) end
M.trigger = M.ticker

-- Evaluates a registered condition by name against this room now.
function M.check(self, name, attrs)
    local room = inner(self)
    return compile_cond(room, tostring(name), norm_attrs(attrs))()
end
-- Runs a registered action by name.
function M.act(self, name, attrs)
    local room = inner(self)
    local f = compile_act(room, tostring(name), norm_attrs(attrs))
    f()
end

-- Checks a list of {"type", attr = value, ...} and calls each(type, attrs).
local function each_entry(list, what, each)
    for i = 1, #list do
        local item = list[i]
        if type(item) ~= "table" or type(item[1]) ~= "string" then
            error(sformat("%s entry %d must be {\"type\", attr = value, ...}", what, i), 0)
        end
        each(item[1], norm_attrs(item))
    end
end

function M.rule(self, spec)
    local room = inner(self)
    local ld = E.loading
    if ld == nil or ld.room ~= room then
        error("room:rule is only available while the room's chunk loads", 2)
    end
    if type(spec) ~= "table" then error("room:rule needs a table {when = ..., run = ...}", 2) end
    local when, run, rep = spec.when, spec.run, spec["repeat"]
    local acts
    if type(run) == "function" then
        acts = {function() run(self) end}
    elseif type(run) == "table" then
        acts = {}
        each_entry(run, "run", function(name, c) acts[#acts + 1] = compile_act(room, name, c) end)
    else
        error("run must be a function or a list of actions", 2)
    end
    local test, xs
    if type(when) == "function" then
        test, xs = when, false -- E.run calls it with the facade alone
    elseif type(when) == "table" then
        local src = {}
        xs = {}
        each_entry(when, "when", function(name, c) gen_cond(room, name, c, src, xs) end)
        test = gen_test(src)
    elseif when == nil then
        test, xs = function() return true end, false
    else
        error("when must be a function or a list of conditions", 2)
    end
    add_rule(room, {ri = room.index, script = ld.script, chunk = ld.chunk, line = 0, kind = "lua"},
             test, xs, acts, truth(rep), true, xs == false and self or nil)
end

-- The environment of a room chunk (the sandbox's, from C) gets `room`.
-- E.loading while a chunk runs: one table, its fields set per chunk.
local LOADING = {}
function E.chunk_env(index, script, chunk, env)
    local room = E.rooms[index + 1]
    LOADING.room, LOADING.script, LOADING.chunk = room, script, chunk
    E.loading = LOADING
    env.room = facade(room)
    return env
end
function E.chunk_done() E.loading, LOADING.room = nil, nil end

-- ---- the extension API ----

-- The extension API: roomforge.condition(name, fn [, opts]) and
-- roomforge.action(name, fn). An object condition's fn(obj, c, room) sees a
-- read-only view of the object (the engine answers notfound when there is
-- none and applies `not`); with opts.object = false, fn(c, room).
local API = {}
function API.condition(name, fn, opts)
    if type(name) ~= "string" or type(fn) ~= "function" then
        error("roomforge.condition(name, fn [, opts]) needs a name and a function", 2)
    end
    opts = opts or {}
    local spec = {object = opts.object ~= false, notfound = truth(opts.notfound)}
    if spec.object then
        spec.compile = function(room, c, neg, nf)
            local s, clause, f = slot_of(room, c.id), read_only(c, "a clause"), facade(room)
            return function()
                local k = SLOT[s]
                if not k then return nf end
                return (not not fn(view(k), clause, f)) ~= neg
            end
        end
    else
        spec.compile = function(room, c, neg)
            local clause, f = read_only(c, "a clause"), facade(room)
            return function() return (not not fn(clause, f)) ~= neg end
        end
    end
    E.define_condition(name, spec)
end
function API.action(name, fn)
    if type(name) ~= "string" or type(fn) ~= "function" then
        error("roomforge.action(name, fn) needs a name and a function", 2)
    end
    E.define_action(name, {user = true, compile = function(room, c)
        local clause, f = read_only(c, "a clause"), facade(room)
        return function() fn(f, clause) end
    end})
end
local API_RO = read_only(API, "roomforge")

function E.extension_env(env) env.roomforge = API_RO return env end
