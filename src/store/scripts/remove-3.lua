--[[
  Removes a subscriber from a poll target; the last one removes the target itself (its state, lease
  and due entry). A worker holding a lease on a removed target has its commit refused.

  KEYS[1] due sorted set of the shard
  KEYS[2] the target's hash
  KEYS[3] the target's subscriber set

  ARGV[1] target
  ARGV[2] subscriber id

  Result: the number of subscribers left (0: the target is gone)
]]
redis.call("SREM", KEYS[3], ARGV[2])
local left = redis.call("SCARD", KEYS[3])
if left == 0 then
  redis.call("DEL", KEYS[2])
  redis.call("ZREM", KEYS[1], ARGV[1])
end
return left
