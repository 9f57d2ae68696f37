-- tests/data/rules/ext_loop/spin.lua: an extension condition that never
-- returns, and one that errs; XML rules using them must be disabled alone.
roomforge.condition("spin", function()
  while true do end
end, { object = false })

roomforge.condition("boom", function(obj)
  return obj.no_such_field + 1
end)
