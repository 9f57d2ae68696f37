-- tests/lua/test_load.lua: rf.version, rf.load (bundled, one pack, layered
-- packs with a scripts directory, unreadable), pack:rooms(), pack:profiles()
-- and pack:lint() against the CLI's JSON byte for byte, and misuse raising.
local H = dofile(arg[0]:match("^(.*/)") .. "harness.lua")
local rf = require "roomforge"

-- the version, as the CLI says it
H.eq(type(rf.version), "string", "rf.version")
H.eq(H.run({"--version"}), "roomforge " .. rf.version .. "\n", "rf.version is roomforge --version")
H.eq(rf.version, string.format("%d.%d.%d", rf.version_major, rf.version_minor, rf.version_patch),
     "rf.version_major/minor/patch")

-- the bundled pack: no diagnostics, list's JSON, the profiles
local pack, diags = rf.load()
H.check(pack, "rf.load() loads the bundled content")
H.eq(#diags, 0, "the bundled content loads clean")
H.eq(diags.errors, 0, "diags.errors")
H.eq(diags.warnings, 0, "diags.warnings")
H.eq(H.list_json(pack:rooms()), H.run({"list", "--format", "json"}),
     "pack:rooms() is list --format json")
local profiles, p = pack:profiles(), {}
for i, pr in ipairs(profiles) do
  p[i] = H.obj(pr, {"name", "recipe", "width", "height"})
end
H.eq('{"profiles":[' .. table.concat(p, ",") .. "]}\n",
     H.run({"list", "--profiles", "--format", "json"}), "pack:profiles() is list --profiles")
H.check(#profiles[1].params > 0 and type(profiles[1].params[1]) == "string",
        "a profile lists its parameter names")
H.check(tostring(pack):find("roomforge.pack (", 1, true), "tostring(pack)")
local r1 = pack:rooms()[1]
H.eq(type(r1.weight), "number", "a room's weight")
H.eq(type(r1.rotate), "boolean", "a room's rotate permission")
local by = {}
for _, r in ipairs(pack:rooms()) do by[r.name] = r end
H.eq(by["Sunken Shrine"].varies, true, "a room with <vary> varies")
H.eq(by["Warden's Gate"].varies, false, "a room without <vary> does not")

-- show, as `roomforge show`
H.eq(pack:show("Warden's Gate"), H.run({"show", "Warden's Gate"}), "pack:show(name) is show's text")
H.eq(pack:show("warden's gate", "json"), H.run({"show", "--format", "json", "Warden's Gate"}),
     "pack:show(name, 'json') is show's JSON, the name case-insensitive")
local nothing, sd = pack:show("Wardn's Gate")
H.eq(nothing, nil, "show of an unknown room: nil")
H.check(sd[1] and sd[1].code == "unknown-room" and sd[1].message:find("Warden's Gate", 1, true),
        "unknown-room with the room meant")
H.raises(function() pack:show("Warden's Gate", "xml") end, "invalid option 'xml'", "show's format")

-- one pack as a string, the same rooms
local same = rf.load{content = H.src .. "/content"}
H.eq(#same:rooms(), #pack:rooms(), "content = DIR")

-- layered packs with a scripts directory: replaced, left out, duplicate
local base, mod = H.src .. "/tests/data/pack/base", H.src .. "/tests/data/pack/mod"
local layered, ld = rf.load{content = {base, mod}, scripts = H.src .. "/tests/data/pack/ext"}
H.check(layered, "a layered pack with errors still loads (as every command goes on)")
local codes = {}
for _, d in ipairs(ld) do
  codes[d.code] = (codes[d.code] or 0) + 1
  H.check(d.file and d.line and d.column and d.severity and d.message, "a diagnostic's fields")
end
H.check(codes["room-replaced"] and codes["room-left-out"] and codes["door-blocked"] and
        codes["duplicate-room"], "the layered pack's notes, warnings and errors")
H.check(ld.errors > 0 and ld.warnings > 0, "errors and warnings are counted")
local names = {}
for _, r in ipairs(layered:rooms()) do names[r.name:lower()] = r end
H.check(names.shouter, "Shouter loads (its extension type)")
H.eq(names.gamma and names.gamma.file, base .. "/rooms/a.xml",
     "the mod's broken Gamma is left out and replaces nothing")
H.eq(names.beta and names.beta.file, mod .. "/mod.xml", "beta comes from the mod")
H.eq(H.list_json(layered:rooms()),
     H.run({"list", "--content", base, "--content", mod, "--scripts",
            H.src .. "/tests/data/pack/ext", "--format", "json"}),
     "a layered pack's rooms are list's")

-- lint, as `roomforge lint --format json`
local mistakes = "docs/examples/mistakes.xml"
local mp, md = rf.load{content = H.src .. "/" .. mistakes}
H.check(mp and md.errors > 0, "a rooms file with errors loads, its errors told")
local ldiags, sum = mp:lint()
local want = H.run({"lint", "--format", "json", H.src .. "/" .. mistakes}):gsub("\n$", "")
H.eq(H.diags_json(ldiags), want, "pack:lint() is lint --format json")
H.eq(sum.rooms, 0, "lint's summary: rooms")
local clean, cs = pack:lint()
H.eq(#clean, 0, "the bundled content lints clean")
H.check(sum and cs.rooms > 0 and cs.profiles > 0, "the bundled lint summary")

-- a pack that cannot be read: nil, diagnostics
local none, nd = rf.load{content = "/nonexistent/roomforge-pack"}
H.eq(none, nil, "an unreadable pack gives nil")
H.eq(nd[1] and nd[1].code, "io-error", "an unreadable pack's diagnostic")

-- no bundled content where ROOMFORGE_DATA points: nil, diagnostics (a child
-- interpreter, as the variable is read at each load)
local lua = arg[-1] or "lua5.4"
local p = assert(io.popen("ROOMFORGE_DATA=/nonexistent " .. H.q(lua) .. [[ -e '
  local pk, d = require("roomforge").load()
  io.write(tostring(pk), " ", d[1].code, " ", d[1].message)' 2>&1]]))
H.eq(p:read("a"), "nil io-error the bundled content was not found (set ROOMFORGE_DATA or give content)",
     "rf.load() without the bundled content")
p:close()

-- misuse raises
H.raises(function() rf.load{contents = "x"} end, "unknown option 'contents'", "a misspelt option")
H.raises(function() rf.load{content = 5} end, "'content' must be", "content of the wrong type")
H.raises(function() rf.load{content = {}} end, "1 to 64", "an empty content list")
H.raises(function() rf.load{content = {"a", 3}} end, "directory names", "a list with a number")
H.raises(function() rf.load("content") end, "table expected", "rf.load of a string")
H.raises(function() rf.load{scripts = true} end, "'scripts' must be a string", "scripts = true")
H.raises(function() pack.rooms(42) end, "roomforge.pack expected", "a method on no pack")

-- close: a closed pack raises, closing twice is harmless
do
  local tmp <close> = rf.load()
  H.check(#tmp:rooms() > 0, "a to-be-closed pack works in its scope")
  tmp:close()
  tmp:close()
  H.raises(function() tmp:rooms() end, "the pack is closed", "a closed pack")
  H.eq(tostring(tmp), "roomforge.pack (closed)", "tostring of a closed pack")
end

H.finish("test_load")
