-- tests/lua/test_run.lua: rf.run{...} and pack:run{...} (DESIGN 18): levels
-- in order with brogue's stairs lined up, run:depth(), run:save(path) and
-- rf.load_run(pack, path) going on with the same levels, the CLI's run the
-- same, a damaged state nil, diagnostics, and misuse raising.
local H = dofile(arg[0]:match("^(.*/)") .. "harness.lua")
local rf = require "roomforge"

local pack = assert(rf.load())
local tmp = os.tmpname()

-- a run of four levels, and the same run stopped at 3 and loaded back (seed
-- 5: its aligned stairs land on the down stairs above; about 3 pairs in 100
-- of a Brogue run find no floor within 8 tiles, tests/cli/run_levels.sh)
local whole = assert(rf.run{pack = pack, seed = 5})
H.eq(whole:depth(), 1, "a new run is at depth 1")
local digests, levels = {}, {}
for d = 1, 4 do
  local lv = assert(whole:next())
  H.eq(lv.depth, d, "run:next() makes depth " .. d)
  digests[d] = lv:digest()
  levels[d] = lv
end
H.eq(whole:depth(), 5, "four levels later")
for d = 2, 4 do
  local down, up = levels[d - 1].stairs.down, levels[d].stairs.up
  local dx, dy = down[1] - up[1], down[2] - up[2]
  H.check(dx * dx + dy * dy <= 64, "brogue's up stairs at the down stairs above, depth " .. d)
end
H.eq(digests[1], assert(pack:gen{seed = 5, depth = 1}):digest(), "depth 1 is gen's")

local half = assert(pack:run{seed = 5})
for _ = 1, 3 do assert(half:next()) end
H.eq(half:save(tmp), true, "run:save(path)")
local bytes = half:save()
H.eq(bytes:sub(1, 16), "roomforge-run 2 ", "run:save() gives the state's bytes")
half:close()
local back, bd = rf.load_run(pack, tmp)
H.check(back, "rf.load_run reads the state back")
H.eq(#bd, 0, "no diagnostics")
H.eq(back:depth(), 4, "the loaded run is at depth 4")
H.eq(assert(back:next()):digest(), digests[4], "depth 4 of the loaded run is the run's")
H.check(tostring(back):find("roomforge.run (brogue, seed 5, next depth 5)", 1, true),
        "tostring: " .. tostring(back))

-- the CLI's run prints the same depth 4
local out, rc = H.run{"run", "--seed", "5", "--depths", "4", "--format", "json"}
H.eq(rc, 0, "roomforge run exits 0")
H.eq(H.decode(out).levels[1].stairs.up[1], levels[4].stairs.up[1], "the CLI's depth 4")

-- a damaged state: nil, save-damaged
local f = assert(io.open(tmp, "wb"))
f:write((bytes:gsub("seed 5", "seed 6")))
f:close()
local none, d = rf.load_run(pack, tmp)
H.eq(none, nil, "a damaged state loads nothing")
H.eq(d[1] and d[1].code, "save-damaged", "a damaged state is save-damaged")
none, d = rf.load_run(pack, tmp .. ".missing")
H.eq(d[1] and d[1].code, "io-error", "a missing state is io-error")
none, d = rf.run{pack = pack, profile = "nosuch"}
H.eq(none, nil, "an unknown profile makes no run")
H.eq(d[1] and d[1].code, "unknown-profile", "an unknown profile is unknown-profile")

-- misuse raises
H.raises(function() rf.run{seed = 1} end, "'pack' is needed", "a run without a pack")
H.raises(function() rf.run{pack = pack, sead = 1} end, "sead", "a misspelt option")
H.raises(function() pack:run{seed = -1} end, "seed", "a negative seed")
back:close()
H.raises(function() back:next() end, "closed", "a closed run")
whole:close()
os.remove(tmp)
H.finish("test_run")
