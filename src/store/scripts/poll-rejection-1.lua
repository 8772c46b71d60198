--[[
  The token-rejection streak of a leased poll target (docs/architecture.md section 5, "Never silent"): a 401/403/404
  is counted here, in the target's own hash (the shard's hash tag), so that every replica sees the same
  streak; only the lease holder may count or pause. A successful commit (commit-4.lua, "reset") clears
  the streak and the pause.

  KEYS[1] the target's hash

  ARGV[1] lease token received with the claim
  ARGV[2] "record": count one more rejection at ARGV[3] (ms)
          "pause":  mark the target paused with the reason ARGV[3]

  Result: "record" -> { count, since (ms), paused reason or "" }; "pause" -> { 1 }
          either -> {} when the lease is not (or no longer) held: nothing was written
]]
if redis.call("HGET", KEYS[1], "lease") ~= ARGV[1] then
  return {}
end

if ARGV[2] == "pause" then
  redis.call("HSET", KEYS[1], "paused", ARGV[3])
  return { 1 }
end

local count = redis.call("HINCRBY", KEYS[1], "rejCount", 1)
redis.call("HSETNX", KEYS[1], "rejSince", ARGV[3])
local fields = redis.call("HMGET", KEYS[1], "rejSince", "paused")
return { count, tonumber(fields[1]), fields[2] or "" }
