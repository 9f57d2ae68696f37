-- deep recursion (script-error: stack overflow)
local level = ...
local function f(n) return 1 + f(n + 1) end
f(1)
