-- Digs and places stairs, no templates step.
local level = ...
level:dig_rects()
level:stairs()
