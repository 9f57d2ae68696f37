-- tests/data/rules/ext_late/late.lua: an extension whose action registers a
-- condition type when it runs, for test_world_lint: the world's kept registry
-- answers must follow (a chunk that runs the action at load registers it).
roomforge.action("registerLate", function(room, c)
  roomforge.condition("lateCondition", function() return true end, { object = false })
end)
