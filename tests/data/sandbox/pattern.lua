-- backtracking on 5,000 bytes (script-forbidden)
local level = ...
local s = ("a"):rep(5000)
local i = s:find("a*a*a*a*a*b")
