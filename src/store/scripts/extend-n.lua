--[[
  Extends held claims to a whole lease: a claim that holds its target only until its next quiet
  due time (claim-n.lua ARGV[6]) is extended by the worker while its poll still runs, so that no other
  worker claims the target before the poll commits. A hold whose lease was lost (taken over, committed or
  removed) is left alone.

  For each shard s of the batch (1, 2, ...):
  KEYS[2s-1] due sorted set of the shard
  KEYS[2s]   target key prefix of the shard: the hash of target T is KEYS[2s] .. T (as in claim-n.lua)
  (a variable number of keys: two per shard; on a Redis Cluster the batch is one shard's, one slot)

  ARGV[1] the new due score of every extended target: the lease expiry (ms)
  ARGV[2..], shard by shard in KEYS order: the number n of its targets, then n pairs of
    target, the lease token received with its claim

  Result: how many targets were extended
]]
local extended = 0
local at = 2
for s = 1, #KEYS / 2 do
  local dueKey, targetPrefix = KEYS[2 * s - 1], KEYS[2 * s]
  local scores = {}
  local count = tonumber(ARGV[at])
  at = at + 1
  for _ = 1, count do
    local target, token = ARGV[at], ARGV[at + 1]
    at = at + 2
    if redis.call("HGET", targetPrefix .. target, "lease") == token then
      scores[#scores + 1] = ARGV[1]
      scores[#scores + 1] = target
    end
  end
  -- In slices: unpack is bounded by Lua's C stack (8,000 values).
  for from = 1, #scores, 1000 do
    redis.call("ZADD", dueKey, unpack(scores, from, math.min(from + 999, #scores)))
  end
  extended = extended + #scores / 2
end
return extended
