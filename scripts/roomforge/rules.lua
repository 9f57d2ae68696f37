-- scripts/roomforge/rules.lua: the rule compiler: XML scripts and Lua rules
-- made into the tests and action lists a tick runs, and the registries of
-- condition and action types they are made from.
--
-- Pipeline: world stage; run once per world after engine.lua, with E.
-- world.c compiles each room's XML scripts through E.compile_xml, and
-- room_api.lua's room:rule, room:check and room:act through the functions
-- this file adds to E; conditions.lua, actions.lua and extensions register
-- their types through E.define_condition / E.define_action.
-- Design: an XML script compiles once into one generated Lua test: each
-- registered condition gives an expression over the object k (or the room r)
-- and operands A, B resolved at compile time; the test reads SLOT[b + offset]
-- and the columns, with operands and offsets written in as literals, so rooms
-- of one template share one compiled test (sources are cached by text).
-- Generated code sees no globals (host.compile gives it an empty _ENV) and
-- holds only literals written with %q. `not` and `notfound` are applied
-- here, for every registered object condition alike (DESIGN 4).
local E = ...
local truth, slot_of, compiled, cond_source = E.truth, E.slot_of, E.compiled, E.cond_source
local SLOT, HEADER = E.SLOT, E.HEADER
local type, tostring, error = type, tostring, error
local slower, sgsub, sformat = string.lower, string.gsub, string.format
local tointeger = math.tointeger

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

-- Appends condition `name` (clause c) to src as {setup, failed, reads}:
-- source that sets k, an expression true when the condition does not hold,
-- and what of the rule it reads ("b" its slot base, "r" its room, "xs").
-- Closures of conditions without an expression go to xs. An expr is a
-- boolean expression (define_condition), so `not` is the operator's own.
local function gen_cond(room, name, c, src, xs)
    local spec, neg, nf = cond_spec(name, c)
    if spec.expr == nil then
        xs[#xs + 1] = spec.compile(room, c, neg, nf)
        src[#src + 1] = {"", sformat("not xs[%d]()", #xs), "xs"}
        return
    end
    local a, b
    if spec.operands then a, b = spec.operands(room, c) end
    local e = sformat(neg and "(%s)" or "not (%s)", expr_with(spec, a, b))
    if not spec.object then
        src[#src + 1] = {"", e, "r"}
        return
    end
    local off = slot_of(room, c.id) - room.base
    src[#src + 1] = {sformat("k = SLOT[b + %d]", off), (nf and "k and " or "not k or ") .. e, "b"}
end
E.gen_cond = gen_cond

-- The test of a list of conditions, compiled once per distinct source.
local function gen_test(src)
    return compiled(HEADER .. "return function(b, r, xs) local k\n" ..
        cond_source(src, "return false") .. "\nreturn true end", "=roomforge/rule")
end
E.gen_test = gen_test

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
E.compile_cond = compile_cond

local function compile_act(room, name, c)
    local spec = E.actions[slower(name)]
    if spec == nil then error(sformat("unknown action '%s'", name), 0) end
    return spec.compile(room, c), spec.user == true
end
E.compile_act = compile_act

function E.has_condition(name) return E.conditions[slower(name)] ~= nil end
function E.has_action(name) return E.actions[slower(name)] ~= nil end

-- A rule whose xs is false has a test of one argument, arg (a Lua rule's
-- `when` and the room's facade): E.run calls test(arg) alone.
local function add_rule(room, meta, test, xs, acts, rep, user, arg)
    local i = E.nrules + 1
    E.rules[i], E.off[i], E.test[i], E.base[i], E.rr[i] = meta, false, test, arg or room.base,
        room.index + 1
    E.xs[i], E.acts[i], E.rep[i], E.user[i] = xs, acts, rep, user
    E.nrules = i
    room.nrules = room.nrules + 1
end
E.add_rule = add_rule

-- One XML script, from C: {room (its index), script, line, repeats,
-- conditions, actions}; conditions and actions are lists of
-- {type = ..., line = ..., attrs = {normalised key = text}}.
function E.compile_xml(x)
    local index, script, line, rep = x.room, x.script, x.line, x.repeats
    local conds, acts = x.conditions, x.actions
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

-- ---- registries ----

-- Built-ins and extensions register alike. A condition spec is {object =
-- bool, notfound = bool} and either expr, a Lua expression over the object k
-- (or the room r when object is false: REV[r]), the columns of COLUMNS and
-- the operands A and B that operands(room, c) -> a, b resolves once at
-- compile time, whose value is a boolean (comparisons joined by and, or,
-- not: the compiled test applies `not` as the operator); or compile(room,
-- c, neg, nf) -> a closure that applies `not` and `notfound` itself. An action spec is {compile = fn(room, c) -> closure,
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
