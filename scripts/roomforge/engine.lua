-- scripts/roomforge/engine.lua: the rule VM's core: rooms, object instances,
-- events, ticks, rule compilation, and the `room` API Lua scripts see.
--
-- Pipeline: world stage. world.c runs this chunk once per world (it is
-- embedded in the library at build time) with a table of host functions
-- (emit, objtag, compile, arm, disarm), then conditions.lua and actions.lua,
-- which fill the registries through E.define_condition / E.define_action,
-- then the designer's extension files. The world model's state lives here so
-- that conditions read it without calling C; C reads it back through the
-- E.* functions at the end. Everything iterates arrays in insertion order,
-- never a hash, so the same events give the same effects.
-- Design: objects are numbers k indexing one array per field (a column
-- store: O.x[k], O.alive[k], ...), and each room's ids are slots s of one
-- array SLOT (s -> k, false when no object has the id now), allocated in a
-- contiguous block per room as it is added. An XML script compiles once into
-- one generated Lua test: each registered condition gives an expression over
-- the object k (or the room r) and operands A, B resolved at compile time;
-- the test reads SLOT[b + offset] and the columns, with operands and offsets
-- written in as literals, so rooms of one template share one compiled test
-- (sources are cached by text). A tick is one loop over parallel rule arrays
-- calling one test per rule, and its memory traffic runs along dense arrays
-- rather than through one table per object: this keeps 10,000 rooms close
-- to a hand-written loop. Generated code sees no globals (host.compile gives
-- it an empty _ENV) and holds only literals written with %q. `not` and
-- `notfound` are applied here, for every registered object condition alike
-- (DESIGN 4). Built-in rules are bounded and run without the count hook; a
-- rule that runs user Lua gets the instruction budget armed around it.
local host = ...
local emit_c, objtag_c, compile_c = host.emit, host.objtag, host.compile
local arm, disarm = host.arm, host.disarm
local type, tostring, tonumber, error, pairs = type, tostring, tonumber, error, pairs
local setmetatable, select = setmetatable, select
local slower, sgsub, sformat = string.lower, string.gsub, string.format
local tointeger = math.tointeger
local tremove, tconcat, tunpack = table.remove, table.concat, table.unpack

-- The object columns, in the order generated code receives them.
local COLUMNS = {
    "type", "id", "x", "y", "ri", "activated", "alive", "started", "remaining", "initial",
    "hits", "needed", "broken", "passable", "can_push", "gone", "ev",
}
local O = {}
for i = 1, #COLUMNS do O[COLUMNS[i]] = {} end
local SLOT, REV = {}, {} -- slot -> object or false; room (1-based) -> event bits

-- Event bits: O.ev[k] for objects, REV[r] for rooms.
local EV_CHANGED, EV_HIT, EV_BROKEN, EV_DIED = 1, 2, 4, 8
local EV_ENTERED, EV_EXITED = 1, 2

local E = {
    rooms = {},      -- by 1-based index (C's index + 1)
    nobj = 0,        -- objects ever made (k runs 1..nobj)
    nslot = 0,
    rules = {},      -- every rule's description (room, script, kind): room, then file order
    nrules = 0,
    off = {},        -- rule i fired (without repeat) or was disabled
    test = {},       -- rule i's conditions: test(b, r, xs) -> bool, with
    base = {},       --   b its room's slot base, r its room (1-based) and xs
    rr = {},         --   the closures of conditions that have no expression
    xs = {},
    acts = {},       -- rule i's action closures
    rep = {},        -- rule i fires on every tick its conditions hold
    user = {},       -- rule i runs user Lua (a Lua rule, an extension type)
    gen = {},        -- generated source -> compiled function
    clocks = {},     -- every clock made, in creation order
    pending = {},    -- events since the last tick: column, index, bit, ...
    now = {},        -- the events the current tick sees, same layout
    conditions = {}, -- lower-cased name -> spec (E.define_condition)
    actions = {},    -- lower-cased name -> spec (E.define_action)
    cur = 0,         -- index of the rule running now (0: none)
    clause_line = 0, -- line of the clause being compiled, for diagnostics
    loading = nil,   -- {room, script, chunk} while a Lua chunk registers rules
    tick = 0,
    px = 0, py = 0,  -- the player's level position
    objtag = objtag_c, -- C: canonical tag of an object tag, attributes checked
    O = O,
    EV_HIT = EV_HIT, EV_BROKEN = EV_BROKEN,
}

-- Effect kinds, as rf_effect_kind numbers them.
local FX_REMOVE, FX_CREATE, FX_MOVE, FX_SET, FX_SPELL, FX_TICKER, FX_CLOCK = 0, 1, 2, 3, 4, 5, 6

-- ---- values ----

-- A normalised attribute key: lower case, '_' dropped (template.h).
local function key(k) return (sgsub(slower(k), "_", "")) end
E.key = key

-- XML booleans are "0"/"1"; Lua tables may also give true/false or 1/0.
local function truth(v) return v == true or v == 1 or v == "1" end
E.truth = truth

local function int(v, what)
    local n = tointeger(tonumber(v))
    if n == nil then error(sformat("%s must be an integer, not '%s'", what, tostring(v)), 0) end
    return n
end
E.int = int

-- The tile of an at= / x= y= pair of clause c, room-local; nil when absent.
local function point(room, c, atk, xk, yk)
    local at = c[atk]
    if at ~= nil then
        local a = room.anchors[tonumber(at)]
        if not a then error(sformat("%s=%s names no digit of the map", atk, tostring(at)), 0) end
        return a[1], a[2]
    end
    local x, y = c[xk], c[yk]
    if x == nil and y == nil then return nil end
    return int(x, xk), int(y, yk)
end
E.point = point

-- Attributes given from Lua: normalised keys, text values ("1"/"0" for booleans).
local function norm_attrs(t)
    local out = {}
    if t == nil then return out end
    if type(t) ~= "table" then error("attributes must be a table", 0) end
    for k, v in pairs(t) do
        if type(k) == "string" then
            if v == true then v = "1" elseif v == false then v = "0" end
            out[key(k)] = tostring(v)
        end
    end
    return out
end
E.norm_attrs = norm_attrs

-- Compiles engine-made source once per distinct text; the chunk receives
-- SLOT, REV and the columns (in COLUMNS order) and returns its value.
local function compiled(text, name)
    local f = E.gen[text]
    if f == nil then
        local cols = {}
        for i = 1, #COLUMNS do cols[i] = O[COLUMNS[i]] end
        f = compile_c(text, name)(SLOT, REV, tunpack(cols))
        E.gen[text] = f
    end
    return f
end
local HEADER = "local SLOT, REV, " .. tconcat(COLUMNS, ", ") .. " = ...\n"

-- ---- effects ----

local function emit(kind, room, id, tag, lx, ly, tlx, tly, prop, value, text)
    local r = E.rules[E.cur]
    emit_c(kind, room.index, r and r.script or -1, id or nil, tag, lx, ly, tlx, tly, prop, value,
           text)
end

-- ---- rooms, slots and objects ----

function E.new_room(index, x, y, w, h, name, anchors)
    local room = {
        index = index, x = x, y = y, w = w, h = h, name = name,
        anchors = anchors, -- digit -> {x, y}
        base = E.nslot,    -- its slots are base + 1, base + 2, ...
        slots = {},        -- id -> slot
        list = {},         -- every object present, in creation order
        nrules = 0,
    }
    E.rooms[index + 1] = room
    REV[index + 1] = 0
    return room
end

-- The slot of id in room, allocated at the end of the slot array if new.
local function slot_of(room, id)
    local s = room.slots[id]
    if s == nil then
        s = E.nslot + 1
        E.nslot = s
        SLOT[s] = false
        room.slots[id] = s
    end
    return s
end

-- The object id names in room now, or nil.
local function find(room, id)
    local s = room.slots[id]
    return s and SLOT[s] or nil
end

-- An object of type tag (rf_object_type_name spelling) from attributes a
-- (normalised keys, text values), at room-local (x, y). Every column gets a
-- value, so the columns stay dense arrays.
local function make_object(room, tag, a, x, y)
    local k = E.nobj + 1
    E.nobj = k
    O.type[k], O.id[k], O.x[k], O.y[k], O.ri[k] = tag, a.id or false, x, y, room.index
    O.activated[k] = tag == "lever" and truth(a.activated)
    O.alive[k] = (tag == "monster" or tag == "horde") and 1 or -1 -- 1 alive, 0 dead, -1 n/a
    O.started[k], O.remaining[k], O.initial[k] = false, 0, 0
    if tag == "clock" then
        local initial = tointeger(tonumber(a.initial)) or 0
        O.initial[k] = initial
        O.remaining[k] = tointeger(tonumber(a.remaining)) or initial
        O.started[k] = a.started == nil or truth(a.started) -- DESIGN: started defaults to 1
        E.clocks[#E.clocks + 1] = k
    end
    O.hits[k], O.needed[k], O.broken[k] = 0, 0, false
    if tag == "customBreakable" then
        O.hits[k] = tointeger(tonumber(a.hitstaken)) or 0
        O.needed[k] = tointeger(tonumber(a.hitsneededtobreak)) or 0
    end
    O.passable[k], O.can_push[k], O.gone[k], O.ev[k] = truth(a.passable), truth(a.canpush), false, 0
    room.list[#room.list + 1] = k
    if a.id ~= nil then SLOT[slot_of(room, a.id)] = k end
    return k
end

function E.add_object(index, tag, attrs, x, y)
    make_object(E.rooms[index + 1], tag, attrs, x, y)
end

-- ---- operations: what actions do (and the room API's methods) ----

local OPS = {}
E.ops = OPS

function OPS.create(room, tag, a, x, y)
    local k = make_object(room, tag, a, x, y)
    emit(FX_CREATE, room, O.id[k], tag, x, y)
    return k
end

function OPS.move(room, id, x, y)
    local k = find(room, id)
    if k == nil then return false end
    O.x[k], O.y[k] = x, y
    emit(FX_MOVE, room, id, O.type[k], x, y)
    return true
end

function OPS.remove(room, id)
    local k = find(room, id)
    if k == nil then return false end
    SLOT[room.slots[id]] = false
    O.gone[k] = true
    local list = room.list
    for i = 1, #list do
        if list[i] == k then tremove(list, i) break end
    end
    emit(FX_REMOVE, room, id, O.type[k])
    return true
end

local function start_clock(k)
    if O.type[k] == "clock" and O.remaining[k] <= 0 then O.remaining[k] = O.initial[k] end
    O.started[k] = true
end

local SET_PROPS = {passable = true, started = true, stopped = true}

function OPS.set(room, id, prop, value)
    prop = slower(tostring(prop))
    if not SET_PROPS[prop] then
        error(sformat("set: property '%s' is not passable, started or stopped", prop), 0)
    end
    local k = find(room, id)
    if k == nil then return false end
    local v = truth(value)
    if prop == "passable" then
        O.passable[k] = v
    elseif (prop == "started") == v then
        start_clock(k)
    else
        O.started[k] = false
    end
    emit(FX_SET, room, id, O.type[k], nil, nil, nil, nil, prop, v and 1 or 0)
    return true
end

function OPS.spell(room, name, sx, sy, tx, ty)
    local plx, ply = E.px - room.x, E.py - room.y
    if sx == nil then sx, sy = plx, ply end
    if tx == nil then tx, ty = plx, ply end
    emit(FX_SPELL, room, nil, nil, sx, sy, tx, ty, nil, nil, tostring(name))
end

function OPS.ticker(room, text)
    emit(FX_TICKER, room, nil, nil, nil, nil, nil, nil, nil, nil, tostring(text))
end

-- ---- events (C calls these between ticks; state changes at once) ----

local function pend(column, i, bit)
    local p = E.pending
    local n = #p
    p[n + 1], p[n + 2], p[n + 3] = column, i, bit
end

local function find_of(index, id, want1, want2)
    local room = E.rooms[index + 1]
    local k = room and find(room, id)
    if k == nil or (O.type[k] ~= want1 and O.type[k] ~= want2) then return nil end
    return k
end

function E.enter(index) pend(REV, index + 1, EV_ENTERED) end
function E.exit(index) pend(REV, index + 1, EV_EXITED) end
function E.move_player(x, y) E.px, E.py = x, y end

function E.pull(index, id)
    local k = find_of(index, id, "lever")
    if not k then return false end
    O.activated[k] = not O.activated[k]
    pend(O.ev, k, EV_CHANGED)
    return true
end

function E.hit(index, id, n)
    local k = find_of(index, id, "customBreakable")
    if not k then return false end
    if O.broken[k] then return true end
    O.hits[k] = O.hits[k] + n
    pend(O.ev, k, EV_HIT)
    if O.hits[k] >= (O.needed[k] > 1 and O.needed[k] or 1) then
        O.broken[k] = true
        pend(O.ev, k, EV_BROKEN)
    end
    return true
end

function E.kill(index, id)
    local k = find_of(index, id, "monster", "horde")
    if not k then return false end
    if O.alive[k] == 1 then
        O.alive[k] = 0
        pend(O.ev, k, EV_DIED)
    end
    return true
end

-- ---- ticks ----

-- Starts tick E.tick + 1: last tick's events go, the pending events come,
-- every started clock counts down (DESIGN 4).
function E.begin_tick()
    local old = E.now
    for i = 1, #old, 3 do old[i][old[i + 1]] = 0 end
    local p = E.pending
    for i = 1, #p, 3 do
        local col, k = p[i], p[i + 1]
        col[k] = col[k] | p[i + 2]
    end
    for i = #old, 1, -1 do old[i] = nil end
    E.now, E.pending = p, old
    E.tick = E.tick + 1
    E.cur = 0
    local clocks, started, remaining, gone = E.clocks, O.started, O.remaining, O.gone
    for i = 1, #clocks do
        local k = clocks[i]
        if started[k] and not gone[k] then
            local r = remaining[k] - 1
            if r <= 0 then
                remaining[k], started[k] = 0, false
                if O.id[k] then emit(FX_CLOCK, E.rooms[O.ri[k] + 1], O.id[k], "clock") end
            else
                remaining[k] = r
            end
        end
    end
end

-- The source of conditions src, doing `fail` when one does not hold.
local function cond_source(src, fail)
    local out = {}
    for i = 1, #src do
        out[i] = sformat("%s if %s then %s end", src[i][1], src[i][2], fail)
    end
    return tconcat(out, "\n")
end

local function fire(i)
    E.cur = i
    if not E.rep[i] then E.off[i] = true end
    local a = E.acts[i]
    for k = 1, #a do a[k]() end
    E.cur = 0
end

-- Units of the tick loop: a block of up to BLOCK consecutive built-in rules
-- runs as one generated function with every rule's conditions inline (no
-- call per idle rule); a rule that runs user Lua is a unit of its own.
local BLOCK = 64
local ufn, ufirst, ulast = {}, {}, {}
E.nunits, E.covered = 0, 0

local function build_units()
    local user, n, i = E.user, E.nrules, E.covered + 1
    while i <= n do
        local u = E.nunits + 1
        local j = i
        if user[i] then
            ufn[u] = false
        else
            while j < n and j - i + 1 < BLOCK and not user[j + 1] do j = j + 1 end
            local src = {}
            for m = i, j do
                local d = m - i
                src[#src + 1] = sformat("if not off[i + %d] then b, r = base[i + %d], rr[i + %d]" ..
                                        " repeat", d, d, d)
                src[#src + 1] = cond_source(E.rules[m].conds, "break")
                src[#src + 1] = sformat("fire(i + %d) until true end", d)
            end
            ufn[u] = compiled(HEADER .. "return function(off, fire, base, rr, i) local k, b, r\n" ..
                tconcat(src, "\n") .. "\nend", "=roomforge/block")
        end
        ufirst[u], ulast[u] = i, j
        E.nunits = u
        i = j + 1
    end
    E.covered = n
end

-- Runs rules from index `from` on, in order. A failure leaves E.cur at the
-- failing rule; world.c disables it and calls run again from the next one.
-- The conditions of a built-in rule cannot fail (they only read columns at
-- indices the engine made), so E.cur is set only around user Lua and
-- actions. A block entered in its middle (after a failure) runs rule by rule.
function E.run(from)
    if E.covered < E.nrules then build_units() end
    local off, test, base, rr, xs, user = E.off, E.test, E.base, E.rr, E.xs, E.user
    for u = 1, E.nunits do
        local first, last = ufirst[u], ulast[u]
        if last >= from then
            local f = ufn[u]
            if f and first >= from then
                f(off, fire, base, rr, first)
            else
                for i = (first >= from and first or from), last do
                    if not off[i] then
                        if user[i] then
                            E.cur = i
                            arm()
                            if test[i](base[i], rr[i], xs[i]) then fire(i) end
                            disarm()
                            E.cur = 0
                        elseif test[i](base[i], rr[i], xs[i]) then
                            fire(i)
                        end
                    end
                end
            end
        end
    end
    E.cur = 0
end

-- Disables rule i for good; returns what a diagnostic names.
function E.disable(i)
    local r = E.rules[i]
    if r == nil then return nil end
    E.off[i], E.acts[i] = true, {}
    return r.ri, r.script, r.kind, r.line, r.chunk or 0
end

-- ---- compiling ----

local function cond_spec(name, c)
    local spec = E.conditions[slower(name)]
    if spec == nil then error(sformat("unknown condition '%s'", name), 0) end
    if spec.object and c.id == nil then error(sformat("the %s condition needs an id", name), 0) end
    local neg = truth(c["not"])
    local nf = c.notfound
    if nf == nil then nf = spec.notfound else nf = truth(nf) end
    return spec, neg, nf
end

-- A Lua literal of an operand: strings with %q, integers, booleans.
local function lit(v)
    if type(v) == "string" then return sformat("%q", v) end
    if type(v) == "number" then
        local n = tointeger(v)
        if n == nil then error("operands must be integers", 0) end
        return sformat("%d", n)
    end
    if v == nil then return "nil" end
    if type(v) == "boolean" then return tostring(v) end
    error("operands must be text, integers or booleans", 0)
end

-- spec.expr with the operands A and B written in as literals.
local function expr_with(spec, a, b)
    local la, lb = lit(a), lit(b)
    return (sgsub(spec.expr, "%f[%w_][AB]%f[^%w_]", function(k)
        if k == "A" then return la end
        return lb
    end))
end

-- Appends condition `name` (clause c) to src as {setup, failed}: source
-- that sets k, and an expression true when the condition does not hold.
-- Closures of conditions without an expression go to xs.
local function gen_cond(room, name, c, src, xs)
    local spec, neg, nf = cond_spec(name, c)
    if spec.expr == nil then
        xs[#xs + 1] = spec.compile(room, c, neg, nf)
        src[#src + 1] = {"", sformat("not xs[%d]()", #xs)}
        return
    end
    local a, b
    if spec.operands then a, b = spec.operands(room, c) end
    local e = expr_with(spec, a, b)
    if not spec.object then
        src[#src + 1] = {"", sformat("((%s) == true) == %s", e, lit(neg))}
        return
    end
    local off = slot_of(room, c.id) - room.base
    src[#src + 1] = {sformat("k = SLOT[b + %d]", off),
                     sformat("%s((%s) == true) == %s", nf and "k and " or "not k or ", e, lit(neg))}
end

-- The test of a list of conditions, compiled once per distinct source.
local function gen_test(src)
    return compiled(HEADER .. "return function(b, r, xs) local k\n" ..
        cond_source(src, "return false") .. "\nreturn true end", "=roomforge/rule")
end

-- Condition `name` with clause c as one closure (room:check).
local function compile_cond(room, name, c)
    local spec, neg, nf = cond_spec(name, c)
    if spec.expr == nil then return spec.compile(room, c, neg, nf) end
    local a, b
    if spec.operands then a, b = spec.operands(room, c) end
    local ev, r = spec.eval, room.index + 1
    if not spec.object then
        return function() return (ev(nil, r, a, b) == true) ~= neg end
    end
    local s = slot_of(room, c.id)
    return function()
        local k = SLOT[s]
        if not k then return nf end
        return (ev(k, r, a, b) == true) ~= neg
    end
end

local function compile_act(room, name, c)
    local spec = E.actions[slower(name)]
    if spec == nil then error(sformat("unknown action '%s'", name), 0) end
    return spec.compile(room, c), spec.user == true
end

function E.has_condition(name) return E.conditions[slower(name)] ~= nil end
function E.has_action(name) return E.actions[slower(name)] ~= nil end

local function add_rule(room, meta, test, xs, acts, rep, user)
    local i = E.nrules + 1
    E.rules[i], E.off[i], E.test[i], E.base[i], E.rr[i] = meta, false, test, room.base,
        room.index + 1
    E.xs[i], E.acts[i], E.rep[i], E.user[i] = xs, acts, rep, user
    E.nrules = i
    room.nrules = room.nrules + 1
end

-- One XML script of room `index`: conds and acts are lists of
-- {type = ..., line = ..., attrs = {normalised key = text}}.
function E.compile_xml(index, script, line, rep, conds, acts)
    local room = E.rooms[index + 1]
    local src, xs, run, user = {}, {}, {}, false
    for i = 1, #conds do
        E.clause_line = conds[i].line
        gen_cond(room, conds[i].type, conds[i].attrs, src, xs)
    end
    for i = 1, #acts do
        local u
        E.clause_line = acts[i].line
        run[i], u = compile_act(room, acts[i].type, acts[i].attrs)
        user = user or u
    end
    E.clause_line = 0
    add_rule(room, {ri = index, script = script, line = line, kind = "xml", conds = src},
             gen_test(src), xs, run, rep, user or #xs > 0)
end

-- Rules a failed chunk registered are dropped: the world keeps n rules.
function E.mark() return E.nrules end
function E.truncate(n)
    if n < E.covered then error("rules that ran cannot be dropped", 0) end
    for i = E.nrules, n + 1, -1 do
        local room = E.rooms[E.rules[i].ri + 1]
        room.nrules = room.nrules - 1
        E.rules[i], E.off[i], E.test[i], E.base[i], E.rr[i] = nil, nil, nil, nil, nil
        E.xs[i], E.acts[i], E.rep[i], E.user[i] = nil, nil, nil, nil
    end
    E.nrules = n
    E.loading = nil
end

-- ---- the sandbox seen by Lua chunks ----

local function read_only(t, name)
    return setmetatable({}, {
        __index = t,
        __newindex = function() error(sformat("%s is read-only in room scripts", name), 2) end,
        __metatable = false,
    })
end
E.read_only = read_only

-- Finalizers would run user code whenever the collector runs, inside the
-- engine's unhooked code or at lua_close: a metatable with __gc is refused
-- (Lua marks an object for finalization only at setmetatable time).
local raw_setmetatable, rawget = setmetatable, rawget
local function safe_setmetatable(t, mt)
    if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
        error("sandbox: '__gc' is not available to room scripts", 2)
    end
    return raw_setmetatable(t, mt)
end

-- Lua patterns backtrack inside C, where no instruction budget reaches: a
-- pattern with q unbounded quantifiers costs up to about n^(q+1) * m steps
-- on a subject of n bytes (every start position, m pattern bytes). The
-- pattern functions refuse calls whose bound passes PATTERN_COST.
local PATTERN_COST = 1e8
local sbyte = string.byte
local function quantifiers(p)
    local q, i, n = 0, 1, #p
    while i <= n do
        local c = sbyte(p, i)
        if c == 37 then              -- '%': the next character is escaped
            i = i + 2
        elseif c == 91 then          -- '[': skip the set
            i = i + 1
            if sbyte(p, i) == 94 then i = i + 1 end
            if sbyte(p, i) == 93 then i = i + 1 end
            while i <= n and sbyte(p, i) ~= 93 do
                if sbyte(p, i) == 37 then i = i + 1 end
                i = i + 1
            end
            i = i + 1
        else
            if c == 42 or c == 43 or c == 45 then q = q + 1 end -- '*' '+' '-'
            i = i + 1
        end
    end
    return q
end
local function pattern_guard(fn, name)
    return function(s, p, ...)
        if type(s) == "string" and type(p) == "string" then
            local plain = (name == "find" and select(2, ...) == true)
            local q = plain and 0 or quantifiers(p)
            if (#s + 1.0) ^ (q + 1) * (#p + 1) > PATTERN_COST then
                error(sformat("sandbox: string.%s with this pattern on %d bytes could run " ..
                              "without bound", name, #s), 2)
            end
        end
        return fn(s, p, ...)
    end
end
local SAFE_STRING = {}
for k, v in pairs(string) do SAFE_STRING[k] = v end
for _, k in ipairs({"find", "match", "gmatch", "gsub"}) do
    SAFE_STRING[k] = pattern_guard(string[k], k)
end
E.safe_string = SAFE_STRING -- world.c makes it the string metatable's __index too

-- math.random is seeded from the clock and addresses by Lua: a fixed seed
-- keeps room scripts deterministic (the same events give the same effects).
math.randomseed(0)

local SAFE = {
    assert = assert, error = error, ipairs = ipairs, next = next, pairs = pairs,
    pcall = pcall, xpcall = xpcall, rawequal = rawequal, rawget = rawget, rawlen = rawlen,
    select = select, setmetatable = safe_setmetatable, getmetatable = getmetatable,
    tonumber = tonumber, tostring = tostring, type = type, _VERSION = _VERSION,
    string = read_only(SAFE_STRING, "string"), table = read_only(table, "table"),
    math = read_only(math, "math"), utf8 = read_only(utf8, "utf8"),
}
local FORBID = {
    os = true, io = true, package = true, debug = true, require = true, load = true,
    loadfile = true, dofile = true, collectgarbage = true, coroutine = true,
    loadstring = true, module = true, setfenv = true, getfenv = true, rawset = true,
    print = true, _G = true,
}
local ENVMT = {
    __index = function(_, k)
        local v = SAFE[k]
        if v ~= nil then return v end
        if FORBID[k] then
            error(sformat("sandbox: '%s' is not available to room scripts", tostring(k)), 2)
        end
        return nil
    end,
    __metatable = false,
}

-- ---- the room API (DESIGN 4; README: Lua API) ----

local INNER = setmetatable({}, {__mode = "k"}) -- facade -> room
local PK = setmetatable({}, {__mode = "k"})    -- object view -> k
local VIEWS = {}                               -- k -> object view
local M = {}
local FMT = {
    __index = M,
    __newindex = function() error("the room table is read-only", 2) end,
    __metatable = false,
}

local function facade(room)
    local f = room.facade
    if f == nil then
        f = setmetatable({}, FMT)
        INNER[f] = room
        room.facade = f
    end
    return f
end
E.facade = facade

-- The fields of an object view (README: Lua API), read from the columns.
local VIEW_FIELDS = {
    id = function(k) return O.id[k] or nil end,
    type = function(k) return O.type[k] end,
    x = function(k) return O.x[k] end,
    y = function(k) return O.y[k] end,
    activated = function(k) return O.activated[k] end,
    alive = function(k) return O.alive[k] == 1 end,
    dead = function(k) return O.alive[k] == 0 end,
    started = function(k) return O.started[k] end,
    remaining = function(k) return O.remaining[k] end,
    initial = function(k) return O.initial[k] end,
    hits = function(k) return O.hits[k] end,
    needed = function(k) return O.needed[k] end,
    broken = function(k) return O.broken[k] end,
    passable = function(k) return O.passable[k] end,
    can_push = function(k) return O.can_push[k] end,
}
local VIEWMT = {
    __index = function(p, f)
        local get = VIEW_FIELDS[f]
        if get == nil then return nil end
        return get(PK[p])
    end,
    __newindex = function() error("an object is read-only in room scripts", 2) end,
    __metatable = false,
}

local function view(k)
    local p = VIEWS[k]
    if p == nil then
        p = setmetatable({}, VIEWMT)
        PK[p] = k
        VIEWS[k] = p
    end
    return p
end
E.view = view

local function inner(self)
    local r = INNER[self]
    if r == nil then error("call room methods with ':' (room:object(id))", 3) end
    return r
end

function M.object(self, id)
    local k = find(inner(self), id)
    return k and view(k) or nil
end
function M.name(self) return inner(self).name end
function M.size(self) local r = inner(self) return r.w, r.h end
function M.anchor(self, d)
    local a = inner(self).anchors[tonumber(d)]
    if a then return a[1], a[2] end
    return nil
end
function M.player(self) local r = inner(self) return E.px - r.x, E.py - r.y end
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
    local acts = {}
    if type(run) == "function" then
        acts[1] = function() run(self) end
    elseif type(run) == "table" then
        each_entry(run, "run", function(name, c) acts[#acts + 1] = compile_act(room, name, c) end)
    else
        error("run must be a function or a list of actions", 2)
    end
    local test, xs
    if type(when) == "function" then
        test, xs = function() return when(self) end, false
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
             test, xs, acts, truth(rep), true)
end

-- The environment of a room chunk: `room` and the safe globals.
function E.chunk_env(index, script, chunk)
    local room = E.rooms[index + 1]
    E.loading = {room = room, script = script, chunk = chunk}
    return setmetatable({room = facade(room)}, ENVMT)
end
function E.chunk_done() E.loading = nil end

-- ---- registries ----

-- Built-ins and extensions register alike. A condition spec is {object =
-- bool, notfound = bool} and either expr, a Lua expression over the object k
-- (or the room r when object is false: REV[r]), the columns of COLUMNS and
-- the operands A and B that operands(room, c) -> a, b resolves once at
-- compile time; or compile(room, c, neg, nf) -> a closure that applies `not`
-- and `notfound` itself. An action spec is {compile = fn(room, c) -> closure,
-- user = true when it runs user Lua}.
function E.define_condition(name, spec)
    local k = slower(name)
    if E.conditions[k] ~= nil then error(sformat("condition '%s' is already registered", name), 0) end
    if spec.expr ~= nil then
        spec.eval = compiled(HEADER .. "return function(k, r, A, B) return " .. spec.expr .. " end",
                             "=roomforge/" .. k)
    end
    E.conditions[k] = spec
end
function E.define_action(name, spec)
    local k = slower(name)
    if E.actions[k] ~= nil then error(sformat("action '%s' is already registered", name), 0) end
    E.actions[k] = spec
end

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

function E.extension_env() return setmetatable({roomforge = API_RO}, ENVMT) end

-- ---- what C reads back ----

local function info(k)
    if k == nil then return nil end
    return O.id[k] or nil, O.type[k], O.x[k], O.y[k], O.activated[k], O.started[k],
        O.remaining[k], O.initial[k], O.hits[k], O.needed[k], O.broken[k], O.alive[k] == 1,
        O.passable[k], O.can_push[k]
end
function E.object_count(index) return #E.rooms[index + 1].list end
function E.object_at(index, i) return info(E.rooms[index + 1].list[i]) end
function E.object_find(index, id) return info(find(E.rooms[index + 1], id)) end
function E.room_rules(index) return E.rooms[index + 1].nrules end

return E
