-- tests/lua/harness.lua: what the Lua module's test scripts share: checks
-- that count, the CLI run and captured, and JSON written in the exact bytes
-- of the library's writers (key order given per shape, nil as null) so a
-- table the module made can be compared byte for byte with the CLI's JSON.
-- Environment: RF_CLI (the roomforge binary), RF_SRC (the source tree).
local H = {fails = 0, checks = 0}

H.cli = assert(os.getenv("RF_CLI"), "RF_CLI is not set")
H.src = assert(os.getenv("RF_SRC"), "RF_SRC is not set")

function H.check(cond, what)
  H.checks = H.checks + 1
  if not cond then
    H.fails = H.fails + 1
    io.stderr:write("FAIL: ", what, "\n", debug.traceback("", 2), "\n")
  end
  return cond
end

function H.eq(got, want, what)
  return H.check(got == want, string.format("%s: got %s, want %s", what, tostring(got),
                                            tostring(want)))
end

-- Raises, with a message holding pattern (plain).
function H.raises(fn, pattern, what)
  local ok, err = pcall(fn)
  H.check(not ok, what .. ": did not raise")
  if not ok then
    H.check(tostring(err):find(pattern, 1, true) ~= nil,
            what .. ": raised '" .. tostring(err) .. "', not about '" .. pattern .. "'")
  end
end

function H.q(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

-- roomforge ARGS (a list), run in the source tree: stdout and the exit code.
function H.run(args)
  local parts = {"cd", H.q(H.src), "&&", "NO_COLOR=1", "LD_PRELOAD=", H.q(H.cli)}
  for _, a in ipairs(args) do parts[#parts + 1] = H.q(a) end
  parts[#parts + 1] = "2>/dev/null"
  local p = assert(io.popen(table.concat(parts, " "), "r"))
  local out = p:read("a")
  local _, _, rc = p:close()
  return out, rc
end

function H.read(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

-- ---- JSON as core/json.c writes it ----

function H.str(s)
  if s == nil then return "null" end
  return '"' .. s:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' elseif c == "\\" then return "\\\\"
    elseif c == "\n" then return "\\n" elseif c == "\r" then return "\\r"
    elseif c == "\t" then return "\\t" end
    return string.format("\\u%04x", c:byte())
  end) .. '"'
end

local function value(v)
  if v == nil then return "null" end
  if type(v) == "string" then return H.str(v) end
  return tostring(v)
end

-- {"k1":v1,"k2":v2,...} with keys in the order given.
function H.obj(t, keys)
  local out = {}
  for i, k in ipairs(keys) do out[i] = H.str(k) .. ":" .. value(t[k]) end
  return "{" .. table.concat(out, ",") .. "}"
end

local ROOM = {"id", "name", "kind", "template", "x", "y", "w", "h", "locked", "lit", "orient",
              "forced", "file", "line"}
local OBJECT = {"handle", "type", "id", "name", "x", "y", "room", "count", "charges", "quality",
                "global", "key", "horde", "leader", "asleep", "captive"}

-- A level's fields as `gen --format json` writes them (level_json.c).
function H.level_json(l)
  local b = {string.format('{"seed":%d,"depth":%d,"width":%d,"height":%d,"tiles":[',
                           l.seed, l.depth, l.width, l.height)}
  for y, row in ipairs(l.tiles) do b[#b + 1] = (y > 1 and ",\n" or "\n") .. H.str(row) end
  b[#b + 1] = "],\n\"rooms\":["
  for i, r in ipairs(l.rooms) do b[#b + 1] = (i > 1 and ",\n" or "\n") .. H.obj(r, ROOM) end
  b[#b + 1] = "],\n\"objects\":["
  for i, o in ipairs(l.objects) do
    local flags = {}
    for k, f in ipairs(o.flags) do flags[k] = H.str(f) end
    b[#b + 1] = (i > 1 and ",\n" or "\n") .. H.obj(o, OBJECT):sub(1, -2) ..
                string.format(',"machine":%d,"flags":[%s]}', o.machine, table.concat(flags, ","))
  end
  b[#b + 1] = string.format('],\n"stairs":{"up":[%d,%d],"down":[%d,%d]},\n"traps":%d,\n"feelings":[',
                            l.stairs.up[1], l.stairs.up[2], l.stairs.down[1], l.stairs.down[2],
                            l.traps)
  local f = {}
  for i, s in ipairs(l.feelings) do f[i] = H.str(s) end
  b[#b + 1] = table.concat(f, ",") .. "],\n\"machines\":["
  for i, m in ipairs(l.machines) do
    local cells, objs = {}, {}
    for k, c in ipairs(m.cells) do cells[k] = string.format("[%d,%d]", c[1], c[2]) end
    for k, h in ipairs(m.objects) do objs[k] = tostring(h) end
    b[#b + 1] = (i > 1 and ",\n" or "\n") ..
                string.format('{"id":%d,"blueprint":%s,"kind":%s,"treasure":%d,"room":%d,' ..
                              '"cells":[%s],"objects":[%s]}', m.id, H.str(m.blueprint),
                              H.str(m.kind), m.treasure, m.room, table.concat(cells, ","),
                              table.concat(objs, ","))
  end
  b[#b + 1] = "],\n\"loops\":["
  for y, row in ipairs(l.loops) do b[#b + 1] = (y > 1 and ",\n" or "\n") .. H.str(row) end
  local c = {}
  for i, p in ipairs(l.chokepoints) do c[i] = string.format("[%d,%d,%d]", p[1], p[2], p[3]) end
  b[#b + 1] = "],\n\"chokepoints\":[" .. table.concat(c, ",") .. "]}\n"
  return table.concat(b)
end

local FLAGS = {"special", "noMonsters", "noTraps", "noTreasure", "noBlockers", "shop", "zoo",
               "diggleGod"}

-- pack:rooms() as `list --format json` writes it.
function H.list_json(rooms)
  local b = {}
  for i, r in ipairs(rooms) do
    b[i] = string.format('{"name":%s,"file":%s,"line":%d,"width":%d,"height":%d,"min_level":%d,'
                         .. '"max_level":%s,"flags":%s,"objects":%d,"scripts":%d,"doors":%d}',
                         H.str(r.name), H.str(r.file), r.line, r.width, r.height, r.min_level,
                         value(r.max_level), H.obj(r.flags, FLAGS), r.objects, r.scripts, r.doors)
  end
  return '{"rooms":[' .. table.concat(b, ",") .. "]}\n"
end

-- diagnostics as `lint --format json` writes them.
function H.diags_json(d)
  local b = {}
  for i, g in ipairs(d) do
    b[i] = H.obj(g, {"file", "line", "column", "severity", "code", "message"})
  end
  return string.format('{"diagnostics":[%s],"errors":%d,"warnings":%d}', table.concat(b, ","),
                       d.errors, d.warnings)
end

-- pack:sim's result as `sim --format json` writes it (scenario_run.c).
function H.sim_json(r)
  local e = {}
  for i, x in ipairs(r.effects) do
    local by = {remove = {"id"}, create = {"type", "id", "x", "y"}, move = {"id", "x", "y"},
                set = {"id", "property", "value"}, ticker = {"text"}, clock = {"id"}}
    local t = {tick = x.tick, kind = x.kind, effect = x.line:gsub("^T%d+ ", ""), id = x.id,
               type = x.type, x = x.lx, y = x.ly, property = x.property, value = x.value,
               text = x.text}
    local s = H.obj(t, {"tick", "kind", "effect"})
    if x.kind == "spell" then
      s = s:sub(1, -2) .. string.format(',"name":%s,"from":[%d,%d],"to":[%d,%d]}', H.str(x.text),
                                         x.lx, x.ly, x.tlx, x.tly)
    elseif by[x.kind] then
      s = s:sub(1, -2) .. "," .. H.obj(t, by[x.kind]):sub(2)
    end
    e[i] = s
  end
  local x = {}
  for i, ex in ipairs(r.expects) do x[i] = H.obj(ex, {"line", "tick", "effect", "met"}) end
  return string.format('{"scenario":%s,"room":%s,"orient":%d,"coords":%s,"ticks":%d,"effects":[%s],'
                       .. '"expects":[%s],"failed":%d}\n', H.str(r.scenario), H.str(r.room),
                       r.orient, H.str(r.coords), r.ticks, table.concat(e, ","),
                       table.concat(x, ","), r.failed)
end

-- A JSON decoder of the test's own (null is nil), to read the CLI's output.
function H.decode(s)
  local i = 1
  local function ws() i = s:find("[^ \t\r\n]", i) or #s + 1 end
  local value
  local function str()
    local out, j = {}, i + 1
    while true do
      local c = s:sub(j, j)
      if c == '"' then i = j + 1 return table.concat(out) end
      if c == "\\" then
        local e = s:sub(j + 1, j + 1)
        local map = {n = "\n", t = "\t", r = "\r", b = "\b", f = "\f"}
        if e == "u" then
          out[#out + 1] = utf8.char(tonumber(s:sub(j + 2, j + 5), 16))
          j = j + 6
        else
          out[#out + 1] = map[e] or e
          j = j + 2
        end
      else
        out[#out + 1] = c
        j = j + 1
      end
    end
  end
  function value()
    ws()
    local c = s:sub(i, i)
    if c == "{" or c == "[" then
      local t, k, close = {}, 0, c == "{" and "}" or "]"
      i = i + 1
      ws()
      if s:sub(i, i) == close then i = i + 1 return t end
      while true do
        ws()
        if close == "}" then
          local key = str()
          ws()
          i = i + 1 -- ':'
          t[key] = value()
        else
          k = k + 1
          t[k] = value()
        end
        ws()
        local d = s:sub(i, i)
        i = i + 1
        if d == close then return t end
      end
    elseif c == '"' then return str()
    elseif s:sub(i, i + 3) == "null" then i = i + 4 return nil
    elseif s:sub(i, i + 3) == "true" then i = i + 4 return true
    elseif s:sub(i, i + 4) == "false" then i = i + 5 return false
    end
    local num = s:match("^[-+0-9.eE]+", i)
    i = i + #num
    return tonumber(num) -- an integer without '.' or an exponent, as Lua reads it
  end
  return value()
end

-- Whether a and b are the same values, tables compared key by key; the
-- first difference as a path, or nil.
function H.diff(a, b, path)
  path = path or "$"
  if type(a) ~= "table" or type(b) ~= "table" then
    if a == b and math.type(a) == math.type(b) then return nil end
    return path .. ": " .. tostring(a) .. " vs " .. tostring(b)
  end
  for k, v in pairs(a) do
    local d = H.diff(v, b[k], path .. "." .. tostring(k))
    if d then return d end
  end
  for k in pairs(b) do
    if a[k] == nil then return path .. "." .. tostring(k) .. ": missing" end
  end
  return nil
end

function H.finish(name)
  io.write(string.format("%s: %d checks, %d failed\n", name, H.checks, H.fails))
  os.exit(H.fails == 0 and 0 or 1, true) -- close the state: every finalizer runs (ASan sees leaks)
end

return H
