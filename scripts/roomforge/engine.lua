-- scripts/roomforge/engine.lua: the rule VM's core: rooms, object instances,
-- the operations actions do, events and ticks.
--
-- Pipeline: world stage. world_lua.c runs this chunk once per world (it is
-- embedded in the library at build time) with a table of host functions
-- (emit, objtag, compile, run_users, to_template, objects) and of what C and Lua share, defined
-- once in C (effect_kinds, object_events, room_events, set_props,
-- forbidden), and keeps the table E it returns; it
-- then runs rules.lua and room_api.lua with E, each adding to E
-- what the next ones use, then conditions.lua and actions.lua, which fill the
-- registries through E.define_condition / E.define_action, then the
-- designer's extension files. The world model's state lives here so that
-- conditions read it without calling C; C reads it back through the E.*
-- functions at the end. Everything iterates arrays in insertion order, never
-- a hash, so the same events give the same effects.
-- Design: objects are numbers k indexing one array per field (a column
-- store: O.x[k], O.alive[k], ...), and each room's ids are slots s of one
-- array SLOT (s -> k, false when no object has the id now), allocated in a
-- contiguous block per room as it is added. Rules (compiled by rules.lua)
-- live in parallel arrays; a tick is one loop over them calling one test per
-- rule, and its memory traffic runs along dense arrays rather than through
-- one table per object: this keeps 10,000 rooms close to a hand-written
-- loop. Built-in rules are bounded and run with no budget armed; a rule
-- that runs user Lua gets the instruction budget armed around it. A removed
-- object's k is made again for a new object two tick starts later, when no
-- event list can hold it any more, so a world that creates and removes
-- objects for ever holds only the objects alive; the views scripts kept of
-- a removed object read nil from its removal on.
local host = ...
local emit_c, objtag_c, compile_c = host.emit, host.objtag, host.compile
local to_template_c = host.to_template
local objects_c = host.objects
local run_users = host.run_users
local type, tostring, tonumber, error, pairs = type, tostring, tonumber, error, pairs
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
local SV = {} -- slot -> the view of its object (room_api.lua), cleared when SLOT[s] changes
-- Identity (not read by rules, so outside the columns): k -> handle, the
-- handle of its horde's leader (0: none) and whether it leads; handle -> k
-- while the object is present. Handles count from 1 and are never reused.
local HANDLE, HORDE, LEADER, BYH = {}, {}, {}, {}
-- k -> the attributes it was made with (normalised keys, text values), read
-- by hosts (rf_world_object_attr) and saved.
local ATTRS = {}
-- k -> the fields rules read most (id, type, x, y, activated, alive, dead)
-- as the view of object k shows them (room_api.lua): a view reads these by
-- a table lookup, no call. Every write of those columns below calls
-- synced(k); the other fields a view reads from the columns when asked.
local SHADOW = {}
local function show(sh, k)
    local alive = O.alive[k]
    sh.id, sh.type, sh.x, sh.y = O.id[k] or nil, O.type[k], O.x[k], O.y[k]
    sh.activated, sh.alive, sh.dead = O.activated[k], alive >= 1, alive == 0
end
local function synced(k)
    local sh = SHADOW[k]
    if sh then show(sh, k) end
end
-- A new table of what show sets, plus key = k: every field's slot made by
-- the constructor (sized at once: no rehash as show fills it).
local function shadow_of(k, key)
    local sh = {id = false, type = false, x = false, y = false, activated = false,
                alive = false, dead = false, [key] = k}
    show(sh, k)
    return sh
end

-- What C and Lua share, from C's one definition (world_lua.c): a name
-- missing there stops the boot here.
local function shared(t, name)
    local v = host[t][name]
    if v == nil then error(sformat("host.%s lacks %s", t, name), 0) end
    return v
end
-- Event bits: O.ev[k] for objects, REV[r] for rooms.
local EV_CHANGED, EV_HIT = shared("object_events", "changed"), shared("object_events", "hit")
local EV_BROKEN, EV_DIED = shared("object_events", "broken"), shared("object_events", "died")
local EV_ENTERED, EV_EXITED = shared("room_events", "entered"), shared("room_events", "exited")

local E = {
    rooms = {},      -- by 1-based index (C's index + 1)
    nobj = 0,        -- k made so far (k runs 1..nobj; dead ones are reused)
    dead_new = {},   -- k removed since the last tick start
    dead_old = {},   -- k removed before it: reusable after the next tick start
    free = {},       -- k no event or view can reach: make_object takes these first
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
    next_handle = 0, -- the last handle given
    HANDLE_MAX = 1 << 53, -- RF_WORLD_HANDLE_MAX: the last handle a world may give
    px = 0, py = 0,  -- the player's level position
    objtag = objtag_c, -- C: canonical tag of an object tag, attributes checked
    O = O, SLOT = SLOT, REV = REV, SV = SV,
    HANDLE = HANDLE, HORDE = HORDE, LEADER = LEADER, BYH = BYH, ATTRS = ATTRS,
    SHADOW = SHADOW, synced = synced, shadow_of = shadow_of,
    EV_CHANGED = EV_CHANGED, EV_HIT = EV_HIT, EV_BROKEN = EV_BROKEN, EV_DIED = EV_DIED,
    EV_ENTERED = EV_ENTERED, EV_EXITED = EV_EXITED,
    forbidden = host.forbidden, -- the sandbox's forbidden list (luavm.c): name -> true
    read_only = host.read_only, -- (t, name) -> a read-only proxy of t (luavm.c)
}

-- Effect kinds, as rf_effect_kind numbers them.
local FX_REMOVE, FX_CREATE = shared("effect_kinds", "remove"), shared("effect_kinds", "create")
local FX_MOVE, FX_SET = shared("effect_kinds", "move"), shared("effect_kinds", "set")
local FX_SPELL, FX_TICKER = shared("effect_kinds", "spell"), shared("effect_kinds", "ticker")
local FX_CLOCK, FX_CUSTOM = shared("effect_kinds", "clock"), shared("effect_kinds", "custom")

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
E.compiled, E.HEADER = compiled, HEADER

-- ---- effects ----

-- Effect e of room: {kind, id, type, x, y, tx, ty (room-local), property,
-- value, text}; emit adds room and script and hands it to C.
local function emit(room, e)
    local r = E.rules[E.cur]
    e.room, e.script = room.index, r and r.script or -1
    emit_c(e)
end

-- ---- rooms, slots and objects ----

-- A room from C, table a (C fills it again for the next room: read, never
-- kept): a.index (0-based), every position of the room, its objects and
-- its clauses in the template's own frame (C maps it to the level, DESIGN
-- 12); a.x, a.y the turned room's level corner, a.w, a.h, a.orient, a.name,
-- a.anchors digit -> {x, y}. With a.defer (the lint world), C has not added
-- the template's objects: the room gets them when first asked about an
-- object (need_objects). fill_room sets every field of table `room`: a new
-- one, or (lint.lua) the released room's.
local function fill_room(room, a)
    local index, defer = a.index, a.defer
    room.index, room.x, room.y, room.w, room.h = index, a.x, a.y, a.w, a.h
    room.orient, room.name = a.orient, a.name
    room.anchors = a.anchors -- digit -> {x, y}
    room.base = E.nslot    -- its slots are base + 1, base + 2, ...
    room.slots = (not defer) and {} or nil -- id -> slot (a deferred room's: need_objects)
    room.list = (not defer) and {} or nil  -- every object present, in creation order
    room.nrules = 0
    room.state = {}        -- room.state: what rules keep across a save (plain values)
    room.deferred = defer or nil -- true until its template's objects are added
    room.facade = nil      -- its `room` table for scripts (room_api.lua), made when first asked
    E.rooms[index + 1] = room
    REV[index + 1] = 0
    if E.restore then E.restore_room(room) end -- save.lua: the saved objects
    return room
end
E.fill_room = fill_room
function E.new_room(a)
    return fill_room({index = 0, x = 0, y = 0, w = 0, h = 0, orient = 0, name = "", anchors = false,
                      base = 0, slots = false, list = false, nrules = 0, state = false,
                      deferred = false, facade = false}, a) -- every field, so its size
end

-- Adds a deferred room's template objects (C calls E.add_object for each)
-- before anything reads or makes an object or a slot of the room (slot_of,
-- find, make_object): its objects, handles and slots come first, as when C
-- adds them with the room.
local function need_objects(room)
    room.deferred, room.slots, room.list = nil, {}, {}
    objects_c(room.index)
end
E.need_objects = need_objects

-- The slot of id in room, allocated at the end of the slot array if new.
local function slot_of(room, id)
    if room.deferred then need_objects(room) end
    local s = room.slots[id]
    if s == nil then
        s = E.nslot + 1
        E.nslot = s
        SLOT[s] = false
        room.slots[id] = s
    end
    return s
end
E.slot_of = slot_of

-- The object id names in room now, or nil.
local function find(room, id)
    if room.deferred then need_objects(room) end
    local s = room.slots[id]
    return s and SLOT[s] or nil
end
E.find = find

-- An object of type tag (rf_object_type_name spelling) from attributes a
-- (normalised keys, text values), at room-local (x, y), with handle h (nil:
-- the next one). Every column gets a value, so the columns stay dense arrays.
local function make_object(room, tag, a, x, y, h)
    if room.deferred then need_objects(room) end
    local free = E.free
    local k = free[#free]
    if k then
        free[#free] = nil
    else
        k = E.nobj + 1
        E.nobj = k
    end
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
    if h == nil then h = E.next_handle + 1 end
    -- RF_WORLD_HANDLE_MAX (world.h): past it a save would not load again
    if h > E.HANDLE_MAX then error("the world has given out every handle it may (2^53)", 0) end
    if h > E.next_handle then E.next_handle = h end
    HANDLE[k], HORDE[k], LEADER[k], BYH[h] = h, 0, false, k
    ATTRS[k] = a
    room.list[#room.list + 1] = k
    if a.id ~= nil then
        local s = slot_of(room, a.id)
        SLOT[s], SV[s] = k, nil
    end
    return k
end

E.make_object = make_object

-- An object from C, table a (C fills it again for the next object: read,
-- never kept): a.room (0-based), a.tag, a.attrs (normalised keys, text
-- values: the object keeps this table), room-local a.x, a.y, and a.handle,
-- a.horde, a.leader (nil: a new handle, no horde).
function E.add_object(a)
    local k = make_object(E.rooms[a.room + 1], a.tag, a.attrs, a.x, a.y, a.handle)
    HORDE[k], LEADER[k] = a.horde or 0, a.leader == true
end

-- ---- operations: what actions do (and the room API's methods) ----

local OPS = {}
E.ops = OPS

-- Keys of a create's attributes the effect does not repeat: its id and
-- position are fields of their own, the rest is the action's own.
local NOT_ATTRS = {id = true, at = true, x = true, y = true, actiontype = true, createtype = true,
                   on = true}

function OPS.create(room, tag, a, x, y)
    local k = make_object(room, tag, a, x, y)
    local own = {} -- the object keeps its attributes; a script may change a later
    for key, v in pairs(a) do own[key] = tostring(v) end
    ATTRS[k] = own
    local list = {} -- key, value, ...: C sorts them (pairs has no order)
    for key, v in pairs(a) do
        if not NOT_ATTRS[key] then list[#list + 1], list[#list + 2] = key, tostring(v) end
    end
    emit(room, {kind = FX_CREATE, id = O.id[k], type = tag, x = x, y = y, handle = HANDLE[k],
                attrs = list})
    return k
end

-- A designer's own effect: name and a table of plain values (strings,
-- numbers, booleans as 1/0) under string keys.
function OPS.custom(room, name, values)
    if type(name) ~= "string" or name == "" then error("emit needs an effect name", 0) end
    local list = {}
    if values ~= nil then
        if type(values) ~= "table" then error("emit: the values must be a table", 0) end
        for key, v in pairs(values) do
            local tv = type(v)
            if type(key) ~= "string" then error("emit: value keys must be strings", 0) end
            if tv == "boolean" then
                v = v and "1" or "0"
            elseif tv ~= "string" and tv ~= "number" then
                error(sformat("emit: value '%s' is a %s, not a string, number or boolean", key,
                              tv), 0)
            end
            list[#list + 1], list[#list + 2] = key, tostring(v)
        end
    end
    emit(room, {kind = FX_CUSTOM, text = name, attrs = list})
end

function OPS.move(room, id, x, y)
    local k = find(room, id)
    if k == nil then return false end
    O.x[k], O.y[k] = x, y
    synced(k)
    emit(room, {kind = FX_MOVE, id = id, type = O.type[k], x = x, y = y, handle = HANDLE[k]})
    return true
end

function OPS.remove(room, id)
    local k = find(room, id)
    if k == nil then return false end
    local s = room.slots[id]
    SLOT[s], SV[s] = false, nil
    O.gone[k] = true
    BYH[HANDLE[k]] = nil
    local list = room.list
    for i = 1, #list do
        if list[i] == k then tremove(list, i) break end
    end
    if O.type[k] == "clock" then
        local clocks = E.clocks
        for i = 1, #clocks do
            if clocks[i] == k then tremove(clocks, i) break end
        end
    end
    E.forget_view(k) -- views scripts kept of it read nil from now on
    E.dead_new[#E.dead_new + 1] = k
    emit(room, {kind = FX_REMOVE, id = id, type = O.type[k], handle = HANDLE[k]})
    return true
end

local function start_clock(k)
    if O.type[k] == "clock" and O.remaining[k] <= 0 then O.remaining[k] = O.initial[k] end
    O.started[k] = true
end

local SET_PROPS = host.set_props -- name -> true

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
    emit(room, {kind = FX_SET, id = id, type = O.type[k], property = prop, value = v and 1 or 0,
                handle = HANDLE[k]})
    return true
end

-- The player's position in room's template frame.
function E.player_in(room) return to_template_c(room.index, E.px, E.py) end

function OPS.spell(room, name, sx, sy, tx, ty)
    local plx, ply = E.player_in(room)
    if sx == nil then sx, sy = plx, ply end
    if tx == nil then tx, ty = plx, ply end
    emit(room, {kind = FX_SPELL, x = sx, y = sy, tx = tx, ty = ty, text = tostring(name)})
end

function OPS.ticker(room, text)
    emit(room, {kind = FX_TICKER, text = tostring(text)})
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

-- What an event does to object k (its type checked by the caller).
local function pull_k(k)
    O.activated[k] = not O.activated[k]
    synced(k)
    pend(O.ev, k, EV_CHANGED)
end

local function hit_k(k, n)
    if O.broken[k] then return end
    O.hits[k] = O.hits[k] + n
    pend(O.ev, k, EV_HIT)
    if O.hits[k] >= (O.needed[k] > 1 and O.needed[k] or 1) then
        O.broken[k] = true
        pend(O.ev, k, EV_BROKEN)
    end
end

-- A horde is dead when every member is (DESIGN 14). Its leader carries the
-- horde's id, so the leader's alive column tells the horde: 1 the leader
-- lives, 2 the leader died but members live (isAlive holds, isDead does
-- not), 0 all dead. Other members' column tells themselves.
local function horde_dead(h)
    for j = 1, E.nobj do
        if not O.gone[j] and HORDE[j] == h and HANDLE[j] then
            if O.alive[j] == 1 then return false end
        end
    end
    return true
end

local function kill_k(k)
    if O.alive[k] ~= 1 then return end
    local h = HORDE[k]
    if h == 0 or h == nil then
        O.alive[k] = 0
        synced(k)
        pend(O.ev, k, EV_DIED)
        return
    end
    O.alive[k] = LEADER[k] and 2 or 0
    synced(k)
    if not LEADER[k] then pend(O.ev, k, EV_DIED) end
    local lk = BYH[h]
    if lk and O.alive[lk] == 2 and horde_dead(h) then
        O.alive[lk] = 0
        synced(lk)
        pend(O.ev, lk, EV_DIED)
    end
end

function E.pull(index, id)
    local k = find_of(index, id, "lever")
    if not k then return false end
    pull_k(k)
    return true
end

function E.hit(index, id, n)
    local k = find_of(index, id, "customBreakable")
    if not k then return false end
    hit_k(k, n)
    return true
end

function E.kill(index, id)
    local k = find_of(index, id, "monster", "horde")
    if not k then return false end
    kill_k(k)
    return true
end

-- Events addressed by handle (rf_world_kill_obj, ...): what the event
-- takes, and its verb for the message.
local OBJ_EVENTS = {
    pull = {types = {lever = true}, verb = "pulled", run = pull_k},
    hit = {types = {customBreakable = true}, verb = "hit", run = hit_k},
    ["break"] = {types = {customBreakable = true}, verb = "broken", run = function(k)
        local need = O.needed[k] > 1 and O.needed[k] or 1
        hit_k(k, need - O.hits[k] > 1 and need - O.hits[k] or 1)
    end},
    kill = {types = {monster = true, horde = true}, verb = "killed", run = kill_k},
}

-- Event name on the object with handle h (n: hits; x, y: a move's level
-- cell). nil when done, else what was wrong (C reports it).
function E.obj_event(name, h, n, x, y)
    local k = BYH[h]
    if k == nil then return sformat("no object has handle %d", h) end
    if name == "move" then
        local lx, ly = to_template_c(O.ri[k], x, y)
        O.x[k], O.y[k] = lx, ly
        synced(k)
        return nil
    end
    local ev = OBJ_EVENTS[name]
    if not ev.types[O.type[k]] then
        return sformat("object %d is a %s, which cannot be %s", h, O.type[k], ev.verb)
    end
    ev.run(k, n)
    return nil
end

-- The attributes of the object with handle h: key, value, ... sorted by
-- key; nil when no object has it.
function E.object_attrs(h)
    local k = BYH[h]
    if k == nil then return nil end
    local keys, list = {}, {}
    for key in pairs(ATTRS[k]) do
        if not NOT_ATTRS[key] then keys[#keys + 1] = key end
    end
    table.sort(keys)
    for i = 1, #keys do
        list[#list + 1], list[#list + 2] = keys[i], tostring(ATTRS[k][keys[i]])
    end
    return list
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
    -- objects removed two tick starts ago: no event list holds them now
    local free, dead = E.free, E.dead_old
    for i = 1, #dead do free[#free + 1] = dead[i] end
    for i = #dead, 1, -1 do dead[i] = nil end
    E.dead_old, E.dead_new = E.dead_new, dead
    E.tick = E.tick + 1
    E.cur = 0
    local clocks, started, remaining, gone = E.clocks, O.started, O.remaining, O.gone
    for i = 1, #clocks do
        local k = clocks[i]
        if started[k] and not gone[k] then
            local r = remaining[k] - 1
            if r <= 0 then
                remaining[k], started[k] = 0, false
                if O.id[k] then
                    emit(E.rooms[O.ri[k] + 1], {kind = FX_CLOCK, id = O.id[k], type = "clock",
                                                handle = HANDLE[k]})
                end
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
E.cond_source = cond_source

local function fire(i)
    E.cur = i
    if not E.rep[i] then E.off[i] = true end
    local a = E.acts[i]
    for k = 1, #a do a[k]() end
    E.cur = 0
end

-- Units of the tick loop: a block of up to BLOCK consecutive built-in rules
-- runs as one generated function with every rule's conditions inline (no
-- call per idle rule); consecutive rules that run user Lua are one unit,
-- walked rule by rule with the budget armed around each.
local BLOCK = 64
local ufn, ufirst, ulast = {}, {}, {}
-- A block reads SLOT, REV and the columns as locals of its own (a register
-- each, one load per block) rather than as upvalues (a load per read).
local BLOCK_LOCALS = sformat("local SLOT, REV, %s = SLOT, REV, %s\n", tconcat(COLUMNS, ", "),
                             tconcat(COLUMNS, ", "))

-- The loads of rule i + d's slot base and room, those its conditions read.
local function rule_reads(conds, d)
    local b, r = false, false
    for c = 1, #conds do
        b = b or conds[c][3] == "b"
        r = r or conds[c][3] == "r"
    end
    return (b and sformat("b = base[i + %d] ", d) or "") .. (r and sformat("r = rr[i + %d]", d) or "")
end
E.nunits, E.covered = 0, 0

local function build_units()
    local user, n, i = E.user, E.nrules, E.covered + 1
    while i <= n do
        local u = E.nunits + 1
        local j = i
        if user[i] then
            -- consecutive rules that run user Lua: one unit, walked rule by rule
            while j < n and user[j + 1] do j = j + 1 end
            ufn[u] = false
        else
            while j < n and j - i + 1 < BLOCK and not user[j + 1] do j = j + 1 end
            local src = {}
            for m = i, j do
                local d, conds = m - i, E.rules[m].conds
                src[#src + 1] = sformat("if not off[i + %d] then", d)
                src[#src + 1] = rule_reads(conds, d)
                src[#src + 1] = "repeat"
                src[#src + 1] = cond_source(conds, "break")
                src[#src + 1] = sformat("fire(i + %d) until true end", d)
            end
            ufn[u] = compiled(HEADER .. "return function(off, fire, base, rr, i) local k, b, r\n" ..
                BLOCK_LOCALS .. tconcat(src, "\n") .. "\nend", "=roomforge/block")
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
-- actions. A unit of rules that run user Lua is one call to C (run_users:
-- the budget armed around each rule, from the tick's pool); a block
-- entered in its middle (after a failure) runs rule by rule.
function E.run(from)
    if E.covered < E.nrules then build_units() end
    local off, test, base, rr, xs = E.off, E.test, E.base, E.rr, E.xs
    for u = 1, E.nunits do
        local first, last = ufirst[u], ulast[u]
        if last >= from then
            local f, lo = ufn[u], first >= from and first or from
            if not f then
                run_users(E, fire, lo, last)
            elseif lo == first then
                f(off, fire, base, rr, first)
            else
                for i = lo, last do
                    if not off[i] and test[i](base[i], rr[i], xs[i]) then fire(i) end
                end
            end
        end
    end
    E.cur = 0
end

-- Disables rule i for good; returns what a diagnostic names: {room, script,
-- kind ("xml" or "lua"), line, chunk}.
function E.disable(i)
    local r = E.rules[i]
    if r == nil then return nil end
    E.off[i], E.acts[i] = true, {}
    return {room = r.ri, script = r.script, kind = r.kind, line = r.line, chunk = r.chunk or 0}
end

-- The room (0-based) of rule i, -1 when there is none.
function E.rule_room(i)
    local r = E.rules[i]
    return r and r.ri or -1
end

-- Disables every rule of room ri (0-based) that runs user Lua, for good:
-- the room spent a tick's whole budget. Returns how many there were.
function E.disable_user_rules(ri)
    local n = 0
    for i = 1, E.nrules do
        local r = E.rules[i]
        if r and r.ri == ri and E.user[i] and not E.off[i] then
            E.off[i], E.acts[i] = true, {}
            n = n + 1
        end
    end
    return n
end

-- ---- what C reads back ----

-- Object k as C reads it (world_lua.c read_object), or nil.
local function info(k)
    if k == nil then return nil end
    return {
        id = O.id[k] or nil, type = O.type[k], x = O.x[k], y = O.y[k],
        activated = O.activated[k], started = O.started[k], remaining = O.remaining[k],
        initial = O.initial[k], hits = O.hits[k], needed = O.needed[k], broken = O.broken[k],
        alive = O.alive[k] == 1, passable = O.passable[k], can_push = O.can_push[k],
        handle = HANDLE[k], horde = HORDE[k], leader = LEADER[k], room = O.ri[k],
    }
end
local function room_objects(index)
    local room = E.rooms[index + 1]
    if room.deferred then need_objects(room) end
    return room.list
end
function E.object_count(index) return #room_objects(index) end
function E.object_at(index, i) return info(room_objects(index)[i]) end
function E.object_find(index, id) return info(find(E.rooms[index + 1], id)) end
function E.room_rules(index) return E.rooms[index + 1].nrules end
function E.object_by_handle(h) return info(BYH[h]) end

return E
