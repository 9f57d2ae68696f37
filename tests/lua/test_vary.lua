-- tests/lua/test_vary.lua: rooms that vary (DESIGN 16, issue 32's Done-when)
-- over tests/data/vary_holdout, a pack written from DESIGN 16 alone: over
-- 2,000 variants each subst choice's share is within 3 standard deviations
-- of its weight's, a once="1" subst makes one pick a variant, nsubst counts
-- are exact in every variant, a three-group shuffle reaches all six orders;
-- validate re-draws (every placed Flooded Chapel holds its 6 W) and its
-- refusals are counted; variants are placed whole in levels; a subroom box
-- is filled by a room with its tag, turned when it may, its objects with
-- it; lint names the one room with a sealed part; the Lua module shows and
-- places variant N.
local H = dofile(arg[0]:match("^(.*/)") .. "harness.lua")
local rf = require "roomforge"

local DIR = H.src .. "/tests/data/vary_holdout"
local N = 2000
local pack, diags = rf.load{content = DIR}
H.check(pack, "the hold-out pack loads")

-- lint names the one room whose variants can seal a part, and no other
local ld = pack:lint()
local named = {}
for _, d in ipairs(ld) do
  if d.severity ~= "note" then named[#named + 1] = d end
end
H.eq(#named, 1, "lint reports one diagnostic")
H.eq(named[1] and named[1].code, "unreachable-part", "a sealed part")
H.eq(named[1] and named[1].line, 43, "on Cracked Hall's <room> line")
H.check(named[1] and named[1].message:find("^variant %d+: "), "naming the variant")
local sealed_v = tonumber(named[1].message:match("^variant (%d+)"))
local _, vd = pack:show("Cracked Hall", "text", sealed_v)
H.eq(#vd, 1, "pack:show(name, fmt, N) reproduces the variant lint names")

-- the written map's placeholder cells
local written = {
  "####D####",
  "#???.???#",
  "#?%.x.%?#",
  "d.AB.CE.d",
  "#.FH.xx.#",
  "#?%.x.%?#",
  "#???.???#",
  "####D####",
}
local cells = {}
for y, row in ipairs(written) do
  for x = 1, #row do
    local g = row:sub(x, x)
    cells[g] = cells[g] or {}
    cells[g][#cells[g] + 1] = {x, y}
  end
end

local function z(k, n, p) return (k - n * p) / math.sqrt(n * p * (1 - p)) end

local qw, qn, pg, xbad, orders = 0, 0, 0, 0, {}
for v = 0, N - 1 do
  local doc = H.decode(pack:show("Moss Grotto", "json", v))
  local rows = doc.rows
  local function at(c) return rows[c[2]]:sub(c[1], c[1]) end
  for _, c in ipairs(cells["?"]) do
    qn = qn + 1
    if at(c) == "W" then qw = qw + 1 end
  end
  local first, same = at(cells["%"][1]), true
  for _, c in ipairs(cells["%"]) do same = same and at(c) == first end
  H.check(same, "variant " .. v .. ": one pick for every %")
  if first == "G" then pg = pg + 1 end
  local count = {}
  for _, c in ipairs(cells.x) do count[at(c)] = (count[at(c)] or 0) + 1 end
  if count.W ~= 2 or count.I ~= 1 or count["."] ~= 1 then xbad = xbad + 1 end
  local order = at(cells.A[1]) .. at(cells.C[1]) .. at(cells.F[1])
  orders[order] = (orders[order] or 0) + 1
end
local zq = z(qw, qn, 3 / 4)
H.check(math.abs(zq) < 3, string.format("subst W:3 .:1: W on %d of %d cells, z %.2f", qw, qn, zq))
local zp = z(pg, N, 1 / 3)
H.check(math.abs(zp) < 3, string.format("once subst G .:2: G in %d of %d variants, z %.2f", pg, N, zp))
H.eq(xbad, 0, "nsubst 2=W / 1=I / *=. exact in every variant")
local n = 0
for order, k in pairs(orders) do
  n = n + 1
  local zo = z(k, N, 1 / 6)
  H.check(math.abs(zo) < 3, string.format("shuffle order %s: %d of %d, z %.2f", order, k, N, zo))
end
H.eq(n, 6, "the shuffle of three groups reaches all six orders")

-- validate: placed variants pass it; refusals are counted
local report = pack:stats{count = 60, depths = {1, 6}}
local chapel
for _, t in ipairs(report.templates) do
  if t.name == "Flooded Chapel" then chapel = t end
end
H.check(chapel and chapel.placed > 0, "Flooded Chapel is placed")
H.check(chapel and chapel.variants.validate_refused > 0 and chapel.refused.validate > 0,
        "its validate refusals are counted")
for seed = 1, 40 do
  local level = pack:gen{seed = seed, depth = 3}
  for _, r in ipairs(level.rooms) do
    if r.template == "Flooded Chapel" then
      local w = 0
      for y = r.y + 1, r.y + r.h do
        local _, k = level.tiles[y]:sub(r.x + 1, r.x + r.w):gsub("W", "")
        w = w + k
      end
      H.check(w >= 6 and r.variant, string.format("seed %d: a placed chapel holds %d W", seed, w))
    end
  end
end

-- variants placed whole: the level holds the variant's terrain, turned or not
for v = 0, 9 do
  local level = pack:gen{seed = 5, depth = 2, rooms = {"Moss Grotto"}, variant = v}
  local doc = H.decode(pack:show("Moss Grotto", "json", v))
  local want, got = {}, {}
  for _, row in ipairs(doc.rows) do
    for g in row:gmatch("[WIGLX]") do want[g] = (want[g] or 0) + 1 end
  end
  for _, r in ipairs(level.rooms) do
    if r.template == "Moss Grotto" then
      H.eq(r.variant, v, "the level's room is variant " .. v)
      for y = r.y + 1, r.y + r.h do
        for g in level.tiles[y]:sub(r.x + 1, r.x + r.w):gmatch("[WIGLX]") do
          got[g] = (got[g] or 0) + 1
        end
      end
    end
  end
  for _, g in ipairs({"W", "I", "G", "L", "X"}) do
    H.eq(got[g] or 0, want[g] or 0, string.format("variant %d placed whole: its %s cells", v, g))
  end
end

-- subroom: the Z box holds a room tagged closet (turned if it may turn),
-- its objects with it, ids led by its name; a room without the tag never
local seen = {}
for v = 0, 199 do
  local doc = H.decode(pack:show("Watch Room", "json", v))
  H.eq(#doc.objects, 1, "variant " .. v .. ": one closet's lever")
  local o = doc.objects[1] or {}
  seen[o.id or "?"] = (seen[o.id or "?"] or 0) + 1
  H.check(o.x and o.x >= 2 and o.x <= 5 and o.y >= 2 and o.y <= 4,
          string.format("variant %d: %s inside the box", v, tostring(o.id)))
  H.check(not table.concat(doc.rows):find("Z"), "variant " .. v .. ": the box filled")
end
H.check((seen["Mop Cupboard.mop"] or 0) > 0 and (seen["Tall Press.press"] or 0) > 0,
        "both closets fill the box (the 3x4 one turned)")
H.eq((seen["Mop Cupboard.mop"] or 0) + (seen["Tall Press.press"] or 0), 200, "and nothing else")
local level = pack:gen{seed = 2, depth = 3, rooms = {"Watch Room"}, variant = 0}
local found = false
for _, o in ipairs(level.objects) do
  if o.id == "Tall Press.press" or o.id == "Mop Cupboard.mop" then found = true end
end
H.check(found, "a level holds the closet's lever under its prefixed id")

H.raises(function() pack:show("Moss Grotto", "text", -1) end, "a variant is an integer",
         "a negative variant")
H.raises(function() pack:gen{variant = 2 ^ 40} end, "'variant' must be", "a variant past 32 bits")
pack:close()
local bundled = rf.load{}
H.raises(function() bundled:show("Warden's Gate", "text", 1) end, "does not vary",
         "a variant of a room that does not vary")
bundled:close()
H.finish("test_vary")
