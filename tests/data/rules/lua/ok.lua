-- tests/data/rules/lua/ok.lua: a src= chunk that test_world loads.
room:rule { when = function(r) return r:entered() end, run = function(r) r:ticker("from ok.lua") end }
