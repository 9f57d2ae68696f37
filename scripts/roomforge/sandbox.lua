-- scripts/roomforge/sandbox.lua: what Lua written by designers can reach:
-- the globals of room chunks and extension files, read-only library tables,
-- and guards on what no instruction budget can stop.
--
-- Pipeline: world stage; run once per world after rules.lua, with E. Adds
-- E.env_mt, the metatable of every user environment (room_api.lua), and
-- E.read_only and E.safe_string, which world_lua.c also makes the string
-- metatable's __index.
-- Design: an environment is a fresh table over a fixed list of safe globals;
-- the library tables behind it are read-only proxies, so no script changes
-- what another sees, and naming a removed global is an error rather than
-- nil. What runs inside C, out of the count hook's reach, is bounded here:
-- pattern functions refuse calls whose backtracking could run without
-- bound, and a metatable with __gc is refused.
local E = ...
local type, tostring, tonumber, error, pairs = type, tostring, tonumber, error, pairs
local setmetatable, select = setmetatable, select
local sformat = string.format

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
-- The sandbox's forbidden list is luavm.c's, the one recipes run under too:
-- naming one of these is script-forbidden (those SAFE has not).
local FORBID = E.forbidden
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
E.env_mt = ENVMT
