-- tests/lua/test_gen.lua: pack:gen{...} gives gen's JSON shape: the fields
-- re-encoded are `gen --format json`'s bytes for every bundled profile, a
-- size and forced rooms; level:render is gen --format's bytes in every
-- format; level:digest is catalog's; bad content is nil, diagnostics and
-- misuse raises.
local H = dofile(arg[0]:match("^(.*/)") .. "harness.lua")
local rf = require "roomforge"

local pack = assert(rf.load())
local cases = {
  {opts = {profile = "brogue", seed = 3, depth = 5, rooms = {"Warden's Gate"}},
   args = {"--profile", "brogue", "--seed", "3", "--depth", "5", "--room", "Warden's Gate"}},
  {opts = {seed = 7, depth = 3, width = 40, height = 20},
   args = {"--seed", "7", "--depth", "3", "--size", "40x20"}},
  {opts = {profile = "nethack", seed = 1, depth = 20},
   args = {"--profile", "nethack", "--seed", "1", "--depth", "20"}},
  {opts = {profile = "caverns", seed = 11, depth = 2},
   args = {"--profile", "caverns", "--seed", "11", "--depth", "2"}},
  {opts = {profile = "dungeonmaker", seed = 2, depth = 4, difficulty = 4},
   args = {"--profile", "dungeonmaker", "--seed", "2", "--depth", "4", "--difficulty", "uv"}},
}
for _, c in ipairs(cases) do
  local what = "gen " .. table.concat(c.args, " ")
  local level, diags = pack:gen(c.opts)
  if H.check(level, what .. " makes a level") then
    H.eq(diags.errors, 0, what .. ": no errors")
    local want = H.run({"gen", "--format", "json", table.unpack(c.args)})
    H.eq(H.level_json(level), want, what .. ": the fields are gen's JSON")
    H.eq(level:render("json"), want, what .. ": render json")
    for _, f in ipairs({"ascii", "text", "ansi", "html"}) do
      H.eq(level:render(f), H.run({"gen", "--format", f, table.unpack(c.args)}),
           what .. ": render " .. f)
    end
  end
end

-- a recipe's text run instead of the profile's (gen --recipe FILE)
local recipe_path = H.src .. "/content/levels/caverns.lua"
local viar = assert(pack:gen{seed = 4, depth = 3, recipe = H.read(recipe_path),
                             recipe_name = recipe_path})
H.eq(viar:render("json"), H.run({"gen", "--format", "json", "--seed", "4", "--depth", "3",
                                 "--recipe", recipe_path}), "recipe = TEXT is gen --recipe")
local broken, bd = pack:gen{recipe = "this is not lua", recipe_name = "broken.lua"}
H.eq(broken, nil, "a recipe that does not compile: nil")
H.eq(bd[1] and bd[1].file, "broken.lua", "its diagnostic carries recipe_name")
H.raises(function() pack:gen{recipe = 3} end, "'recipe' must be a string", "a numeric recipe")

-- no options: the defaults (gen's seed 1, depth 1)
local default = assert(pack:gen())
H.eq(default:render("json"), H.run({"gen", "--format", "json"}), "pack:gen() is gen's defaults")

-- the first case in detail: DESIGN 15's reads
local level = pack:gen(cases[1].opts)
H.eq(#level.tiles, 29, "#level.tiles")
H.eq(#level.tiles[1], 79, "a row is a string of the width")
H.eq(level.width, 79, "level.width")
H.eq(type(level.stairs.up[1]), "number", "level.stairs.up[1]")
local forced
for _, r in ipairs(level.rooms) do if r.forced then forced = r end end
H.eq(forced and forced.template, "Warden's Gate", "the forced room is there, marked")
H.check(forced and forced.orient >= 0 and forced.orient <= 7, "its orientation")
H.eq(level.objects[1].handle, 1, "objects carry handles from 1")
H.eq(level.render, level.render, "methods and fields share the level")
H.eq(level:data(), level:data(), "level:data() is the one fields table")
local keys = 0
for k in pairs(level) do keys = keys + 1 end
H.eq(keys, 13, "pairs(level) walks gen's thirteen fields")
-- machines (DESIGN 17): the bundled machines.xml places some on a Brogue level
H.check(#level.machines > 0, "a bundled brogue level holds machines")
for _, m in ipairs(level.machines) do
  H.check(m.id > 0 and #m.cells > 0 and type(m.blueprint) == "string", "a machine's fields")
  for _, h in ipairs(m.objects) do
    H.eq(level.objects[h].machine, m.id, "a machine's object names its machine")
  end
end
-- the loop and chokepoint map: rows as the tiles, 'o' and '.' only on walkable tiles
H.eq(#level.loops, 29, "#level.loops")
local looped = 0
for y, row in ipairs(level.loops) do
  H.eq(#row, 79, "a loop row is a string of the width")
  for x = 1, #row do
    local c, t = row:sub(x, x), level.tiles[y]:sub(x, x)
    H.check((c == " ") == (t == " " or t == "#" or t == "X" or t == "~" or t == "L" or t == ":"),
            "loop map and tiles agree on walkable at " .. x .. "," .. y)
    if c == "o" then looped = looped + 1 end
  end
end
H.check(looped > 0 and #level.chokepoints > 0, "a brogue level has loops and chokepoints")
local cp = level.chokepoints[1]
H.check(cp[3] > 0 and level.loops[cp[2] + 1]:sub(cp[1] + 1, cp[1] + 1) ~= " ",
        "a chokepoint is {x, y, tiles cut off} on a walkable tile")
H.check(tostring(level):find("seed 3, depth 5, 79x29", 1, true), "tostring(level)")
H.eq(level.nosuchfield, nil, "an unknown field is nil")
H.eq(level[1], nil, "a number key is no field")
H.eq(level[true], nil, "nor a boolean")

-- png, as gen -o FILE writes it, at two scales
local tmp = os.tmpname()
for _, scale in ipairs({8, 2}) do
  local _, rc = H.run({"gen", "--format", "png", "--scale", tostring(scale), "-o", tmp,
                       table.unpack(cases[1].args)})
  H.eq(rc, 0, "gen --format png")
  local png = level:render("png", {scale = scale})
  H.eq(png:sub(1, 8), "\137PNG\r\n\26\n", "render png is a PNG")
  H.eq(png, H.read(tmp), "render png (scale " .. scale .. ") is gen's bytes")
end
-- without the legend (issue 35), as gen --no-legend: a shorter image
local _, rc = H.run({"gen", "--format", "png", "--no-legend", "-o", tmp,
                     table.unpack(cases[1].args)})
H.eq(rc, 0, "gen --format png --no-legend")
local bare = level:render("png", {scale = 8, legend = false})
H.eq(bare, H.read(tmp), "render png {legend = false} is gen --no-legend's bytes")
H.check(#bare < #level:render("png"), "the legend adds to the image")
H.raises(function() level:render("png", {legend = "no"}) end, "legend: true or false",
         "a legend that is no boolean")
os.remove(tmp)

-- the digest is catalog's
local line = H.run({"catalog", "--seed", "3", "--count", "1", "--depths", "5-5"})
local l35 = pack:gen{seed = 3, depth = 5}
H.eq(l35:digest(), line:match("^3 5 (%x+) "), "level:digest() is catalog's")
H.check(l35:digest():match("^%x+$") and #l35:digest() == 16, "16 hex digits")
H.eq(pack:gen{seed = 3, depth = 5}:digest(), l35:digest(), "same seed, same level")
H.check(pack:gen{seed = 4, depth = 5}:digest() ~= l35:digest(), "another seed, another level")

-- bad content: nil, diagnostics
local function fails(opts, code, what)
  local l, d = pack:gen(opts)
  H.eq(l, nil, what .. ": no level")
  local found = false
  for _, g in ipairs(d or {}) do found = found or g.code == code end
  H.check(found, what .. ": a " .. code .. " diagnostic")
  H.check(d and d.errors > 0, what .. ": counted as an error")
end
fails({profile = "nope"}, "unknown-profile", "an unknown profile")
fails({rooms = {"No Such Room"}}, "unknown-room", "an unknown forced room")

-- misuse raises
-- the library's words (rf_level_opts_check), as gen's and the C API's
H.raises(function() pack:gen{depth = 0} end, "depth 0 is outside 1..1000", "depth 0")
H.raises(function() pack:gen{depth = 1001} end, "depth 1001 is outside 1..1000", "depth 1001")
H.raises(function() pack:gen{depth = 1 << 40} end, "is outside 1..1000", "a depth past int")
H.raises(function() pack:gen{seed = -1} end, "non-negative", "a negative seed")
H.raises(function() pack:gen{seed = 1.5} end, "'seed' must be an integer", "a fractional seed")
H.raises(function() pack:gen{width = 40} end, "go together", "a width without a height")
H.raises(function() pack:gen{width = 19, height = 10} end, "size 19x10 is outside 20x10..1000x1000",
         "a width under 20")
H.raises(function() pack:gen{rooms = "Warden's Gate"} end, "list of room names", "rooms as a string")
H.raises(function() pack:gen{difficulty = 6} end, "difficulty 6 is not 1..5", "difficulty 6")
H.raises(function() pack:gen{difficulty = "uv"} end, "'difficulty' must be an integer", "a named difficulty")
H.raises(function() pack:gen{sede = 3} end, "unknown option 'sede'", "a misspelt option")
H.raises(function() pack:gen{profile = 3} end, "'profile' must be a string", "a numeric profile")
H.raises(function() level:render("gif") end, "format: ascii", "an unknown format")
H.raises(function() level:render("png", {scale = 0}) end, "scale: 1..32", "scale 0")
H.raises(function() level:render("png", {scael = 2}) end, "unknown option", "a misspelt scale")
-- a guarded method's argument errors name the method as Lua would, self not counted
H.raises(function() pack:gen(5) end, "bad argument #1 to 'gen' (table expected, got number)",
         "gen given a number")
H.raises(function() level:render("png", 7) end, "bad argument #2 to 'render'", "render's options")

H.finish("test_gen")
