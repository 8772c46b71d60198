--[[
  Empties one token bucket (bucket-take-1.lua) for a while: the service answered 429 with Retry-After, so
  no replica takes from it before that time. Never fills it.

  KEYS[1] the bucket (bucket-take-1.lua)

  ARGV[1] capacity (tokens)
  ARGV[2] refill (tokens per second)
  ARGV[3] how long it stays empty (ms)
  ARGV[4] now (ms), or "" for Redis's own clock

  Result: the bucket's level afterwards, rounded down (0 or below)
]]
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local forMs = tonumber(ARGV[3])
local now = tonumber(ARGV[4])
if not now then
  local time = redis.call("TIME")
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local stored = redis.call("HMGET", KEYS[1], "level", "at")
local level = tonumber(stored[1]) or capacity
local at = tonumber(stored[2]) or now
if now > at then
  level = math.min(capacity, level + (now - at) * rate / 1000)
end
-- One token is back after forMs, not before.
level = math.min(level, 1 - forMs * rate / 1000)
redis.call("HSET", KEYS[1], "level", tostring(level), "at", tostring(now))
redis.call("PEXPIRE", KEYS[1], math.ceil((capacity - level) * 1000 / rate) + 1000)
return math.floor(level)
