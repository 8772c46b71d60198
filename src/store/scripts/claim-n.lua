--[[
  Claims the due poll targets of one or more scheduler shards and leases them (DESIGN.md section 5).

  Each claimed target's score becomes the lease expiry, so no other worker takes it before then, and a
  crashed worker's targets come back by themselves when it passes. A target whose token group is cooling
  down (a 429 with Retry-After) is moved to the end of the cool-down instead of being claimed.
  Every key touched carries its shard's hash tag: per-target keys are built from the shard's prefixes.

  Several shards per run on one Redis (issue 13: a round of 16 shards was 16 script runs, each with its
  own fixed cost in Redis and in the client, for a couple of targets each); one shard per run on a Redis
  Cluster, where each shard is its own slot.

  For each shard s given (1, 2, ...):
  KEYS[3s-2] due sorted set of the shard (target -> next due time, ms)
  KEYS[3s-1] target key prefix: the hash of target T is KEYS[3s-1] .. T
  KEYS[3s]   cool-down key prefix: the cool-down of token group G is KEYS[3s] .. G (value: until, ms)
  (a variable number of keys: three per shard)

  ARGV[1] now (ms)
  ARGV[2] lease expiry (ms): now + lease length
  ARGV[3] limit: largest number of due targets looked at, per shard
  ARGV[4] lease token stem (worker id and a random nonce); each lease's token is stem .. ":" .. epoch

  Result: one list per shard, in KEYS order, of { target, epoch (integer: the lease token is
  stem .. ":" .. epoch), state JSON or "", failures (integer), meta or "" }
]]
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[3])
local shards = {}

for s = 1, #KEYS / 3 do
  local dueKey, targetPrefix, coolDownPrefix = KEYS[3 * s - 2], KEYS[3 * s - 1], KEYS[3 * s]
  local due = redis.call("ZRANGEBYSCORE", dueKey, "-inf", ARGV[1], "LIMIT", 0, limit)
  local claimed = {}
  for _, target in ipairs(due) do
    local targetKey = targetPrefix .. target
    -- One read per target. add-3.lua writes failures, group and meta into every target hash and nothing
    -- deletes them but remove-3.lua (the whole hash), so a hash with none of these fields does not exist.
    -- Reading state before the lease is taken is the same: taking it writes only epoch and lease.
    local fields = redis.call("HMGET", targetKey, "group", "state", "failures", "meta")
    local group, state, failures, meta = fields[1], fields[2], fields[3], fields[4]
    if not (group or state or failures or meta) then
      -- An index entry without its record (removed by hand): drop it rather than lease nothing.
      redis.call("ZREM", dueKey, target)
    else
      local coolUntil = nil
      if group and group ~= "" then
        coolUntil = redis.call("GET", coolDownPrefix .. group)
      end
      if coolUntil and tonumber(coolUntil) > now then
        redis.call("ZADD", dueKey, coolUntil, target)
      else
        local epoch = redis.call("HINCRBY", targetKey, "epoch", 1)
        -- The lease expiry lives only in the due score (keys.ts pollDue): nothing else would read it.
        redis.call("HSET", targetKey, "lease", ARGV[4] .. ":" .. epoch)
        redis.call("ZADD", dueKey, ARGV[2], target)
        claimed[#claimed + 1] = { target, epoch, state or "", tonumber(failures or "0"), meta or "" }
      end
    end
  end
  shards[s] = claimed
end

return shards
