--[[
  Adds a subscriber to a poll target, creating the target on its first subscriber. Several channels
  subscribed to one API team share one target: it is polled once and removed with its last subscriber.
  An existing target keeps its state, lease and due time; its group and meta are refreshed.

  KEYS[1] due sorted set of the shard
  KEYS[2] the target's hash
  KEYS[3] the target's subscriber set

  ARGV[1] target
  ARGV[2] subscriber id
  ARGV[3] token group (cool-down shared by every target polled with the same token), "" for none
  ARGV[4] meta: opaque string handed back with each claim
  ARGV[5] first due time (ms), used only when the target is new

  Result: the number of subscribers after adding
]]
if redis.call("EXISTS", KEYS[2]) == 0 then
  redis.call("HSET", KEYS[2], "failures", 0)
end
redis.call("HSET", KEYS[2], "group", ARGV[3], "meta", ARGV[4])
redis.call("ZADD", KEYS[1], "NX", ARGV[5], ARGV[1])
redis.call("SADD", KEYS[3], ARGV[2])
return redis.call("SCARD", KEYS[3])
