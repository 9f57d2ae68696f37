-- a flood of feelings: capped in length and count (script-error)
local level = ...
level:dig_rects()
for i = 1, 1e9 do level:feeling(("x"):rep(200) .. i) end
