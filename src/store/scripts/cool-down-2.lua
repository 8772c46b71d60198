--[[
  Extends the cool-down of one token group in one shard (a 429's Retry-After applies to every target
  polled with that token, and those targets are spread over all shards). Never shortens it.

  KEYS[1] the group's cool-down key in this shard
  KEYS[2] the shard's cool-down key prefix, itself the key of the latest cool-down end in the shard:
          extended too, so that a claim reads the groups' keys only while the shard has a cool-down
          (claim-n.lua)

  ARGV[1] until (ms)
  ARGV[2] how long Redis keeps the key (ms): the caller's until - now plus a margin (relative, so that
          clock differences between replicas and Redis never decide the cool-down, only ARGV[1] does)

  Result: 1 when the group's cool-down was extended, 0 when an equal or later one was already set
]]
local endsAt = tonumber(ARGV[1])
if endsAt > tonumber(redis.call("GET", KEYS[2]) or "0") then
  redis.call("SET", KEYS[2], ARGV[1], "PX", ARGV[2])
end
if endsAt <= tonumber(redis.call("GET", KEYS[1]) or "0") then
  return 0
end
redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
return 1
