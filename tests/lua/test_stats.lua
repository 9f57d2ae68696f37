-- tests/lua/test_stats.lua: pack:stats{...} is `roomforge stats`: its
-- tables are the report's JSON (decoded by the test's own reader and
-- compared value by value), its formats the CLI's bytes, the same for any
-- number of threads and per shard; bad content nil, diagnostics; misuse
-- raises.
local H = dofile(arg[0]:match("^(.*/)") .. "harness.lua")
local rf = require "roomforge"

local pack = assert(rf.load())
local args = {"stats", "--seed", "3", "--count", "4", "--depths", "2-4", "--jobs", "1"}
local function cli(extra)
  local a = {table.unpack(args)}
  for _, x in ipairs(extra) do a[#a + 1] = x end
  return H.run(a)
end
local opts = {seed = 3, count = 4, depths = {2, 4}, jobs = 1}
local s, d = pack:stats(opts)
H.check(s, "pack:stats gives the report")
H.eq(d.errors, 0, "no errors")
H.eq(s.levels, 12, "4 seeds x 3 depths")
H.eq(s.profiles[1], "brogue", "the default profile")
H.eq(#s.templates, #pack:rooms(), "a row per template")
H.eq(H.diff(s, H.decode(cli({"--format", "json"}))), nil, "the tables are stats --format json")
for _, f in ipairs({"json", "text", "csv", "html"}) do
  local o = {format = f}
  for k, v in pairs(opts) do o[k] = v end
  H.eq(pack:stats(o), cli({"--format", f}), "format " .. f .. " is the CLI's bytes")
end

-- threads and shards: the same figures
local o2 = {seed = 3, count = 4, depths = {2, 4}, jobs = 2, format = "json"}
H.eq(pack:stats(o2), cli({"--format", "json"}), "jobs = 2 writes what jobs = 1 writes")
local sh = pack:stats{seed = 3, count = 4, depths = {2, 4}, jobs = 1, shard = {2, 3}}
H.eq(H.diff(sh, H.decode(H.run({"stats", "--seed", "3", "--count", "4", "--depths", "2-4",
                                 "--jobs", "1", "--shard", "2/3", "--format", "json"}))),
     nil, "a shard is stats --shard's")
H.check(sh.levels < s.levels, "a shard holds part of the levels")

-- several profiles, forced rooms
local two = pack:stats{profiles = {"brogue", "nethack"}, count = 2, depths = {5, 5}, jobs = 1,
                       rooms = {"Warden's Gate"}}
H.eq(#two.profiles, 2, "two profiles")
H.check(two.by_profile.nethack and two.by_profile.brogue, "by_profile for each")

-- bad content: nil, diagnostics
local none, nd = pack:stats{profiles = "nope", count = 1, depths = {1, 1}}
H.eq(none, nil, "an unknown profile: nil")
H.check(nd.errors > 0, "with its error")

-- misuse raises
H.raises(function() pack:stats{count = 0} end, "'count' must be at least 1", "count 0")
H.raises(function() pack:stats{depths = {3, 2}} end, "'depths' takes", "depths reversed")
H.raises(function() pack:stats{depths = 3} end, "{first, second}", "depths as a number")
H.raises(function() pack:stats{jobs = 999} end, "'jobs' takes", "too many jobs")
H.raises(function() pack:stats{shard = {4, 3}} end, "'shard' takes", "a shard past its count")
H.raises(function() pack:stats{format = "xml"} end, "'format' takes", "an unknown format")
H.raises(function() pack:stats{profile = "brogue"} end, "unknown option 'profile'", "a misspelt option")

-- the tables' values as the report's walk (rf_stats_each) gives them: counts and sums
-- Lua integers, shares and z floats, null an absent field
H.eq(math.type(s.levels), "integer", "a count is an integer")
H.eq(math.type(s.templates[1].sums[2]), "integer", "a sum is an integer")
H.eq(math.type(s.templates[1].expected_share), "float", "a share is a float")
H.eq(s.recipe, nil, "null is an absent field")

H.finish("test_stats")
