--[[
  Takes `cost` tokens from one token bucket shared by every replica (docs/architecture.md section 10: a
  fair share per person, and the interactive share of an API token). The bucket refills continuously up
  to its capacity; a key that expired is a full bucket. One key, so one slot of a Redis Cluster.

  With a longest wait (ARGV[4] > 0) the tokens are reserved ahead: the level may go below zero, and the
  caller waits the answered time before using them, so that callers queue in the order they asked.

  KEYS[1] the bucket: a hash with `level` (tokens, fractional; below 0 while reserved ahead) and `at`
          (ms of that level)

  ARGV[1] capacity (tokens)
  ARGV[2] refill (tokens per second)
  ARGV[3] cost (tokens)
  ARGV[4] longest wait the caller accepts (ms); 0: take only what is there now
  ARGV[5] now (ms), or "" for Redis's own clock (replicas with skewed clocks still agree)

  Result: {taken (1/0), wait ms}: taken 1 with the wait before using them (0: now); taken 0 with the
          wait until they would be there (nothing was taken)
]]
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local longest = tonumber(ARGV[4])
local now = tonumber(ARGV[5])
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
local wait = 0
if level < cost then
  wait = math.ceil((cost - level) * 1000 / rate)
  if wait > longest then
    return {0, wait}
  end
end
level = level - cost
redis.call("HSET", KEYS[1], "level", tostring(level), "at", tostring(now))
-- Full again after (capacity - level) / rate: the key may go then, a missing bucket being a full one.
redis.call("PEXPIRE", KEYS[1], math.ceil((capacity - level) * 1000 / rate) + 1000)
return {1, wait}
