-- tests/data/scenario_ext/ext/bad.lua: a designer condition that errs when it runs
roomforge.condition("explode", function(c, room)
  local t = nil
  return t.field
end, { object = false })
