-- a finalizer that loops: refused by setmetatable (script-forbidden)
local level = ...
setmetatable({}, {__gc = function() while true do end end})
level:dig_rects()
level:stairs()
