--[[
  Reserves the next posting slot of a Slack channel (about one message per second per channel) for
  whichever replica asks, and says how long to wait for it. Redis's own clock decides, so replicas
  with skewed clocks still space their posts.

  KEYS[1] the channel's slot key: the next free slot (ms, Redis time)
  ARGV[1] slot length (ms)

  Result: milliseconds to wait before posting (0: post now)
]]
local time = redis.call("TIME")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local nextFree = tonumber(redis.call("GET", KEYS[1]) or "0")
local at = math.max(now, nextFree)
local interval = tonumber(ARGV[1])
redis.call("SET", KEYS[1], at + interval, "PX", at + interval - now + 1000)
return at - now
