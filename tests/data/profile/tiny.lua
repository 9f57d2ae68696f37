-- tests/data/profile/tiny.lua: the smallest recipe that makes a level,
-- reading one parameter of its own (full.xml, test_profile.c).
local level, p = ...
level:dig_rects({})
level:stairs()
level:feeling('tiny ' .. (p['tiny-size'] or 0))
