--[[
  Claims the due poll targets of one scheduler shard and leases them (DESIGN.md section 5).

  Each claimed target's score becomes the lease expiry, so no other worker takes it before then, and a
  crashed worker's targets come back by themselves when it passes. A target whose token group is cooling
  down (a 429 with Retry-After) is moved to the end of the cool-down instead of being claimed.
  Every key touched carries the shard's hash tag: per-target keys are built from KEYS[2] and KEYS[3].

  KEYS[1] due sorted set of the shard (target -> next due time, ms)
  KEYS[2] target key prefix: the hash of target T is KEYS[2] .. T
  KEYS[3] cool-down key prefix: the cool-down of token group G is KEYS[3] .. G (value: until, ms)

  ARGV[1] now (ms)
  ARGV[2] lease expiry (ms): now + lease length
  ARGV[3] limit: largest number of due targets looked at
  ARGV[4] lease token stem (worker id and a random nonce); each lease gets stem .. ":" .. epoch

  Result: list of { target, lease token, state JSON or "", failures (integer), meta or "" }
]]
local now = tonumber(ARGV[1])
local due = redis.call("ZRANGEBYSCORE", KEYS[1], "-inf", ARGV[1], "LIMIT", 0, tonumber(ARGV[3]))
local claimed = {}

for _, target in ipairs(due) do
  local targetKey = KEYS[2] .. target
  -- One read per target. add-3.lua writes failures, group and meta into every target hash and nothing
  -- deletes them but remove-3.lua (the whole hash), so a hash with none of these fields does not exist.
  -- Reading state before the lease is taken is the same: taking it writes only epoch and lease.
  local fields = redis.call("HMGET", targetKey, "group", "state", "failures", "meta")
  local group, state, failures, meta = fields[1], fields[2], fields[3], fields[4]
  if not (group or state or failures or meta) then
    -- An index entry without its record (removed by hand): drop it rather than lease nothing.
    redis.call("ZREM", KEYS[1], target)
  else
    local coolUntil = nil
    if group and group ~= "" then
      coolUntil = redis.call("GET", KEYS[3] .. group)
    end
    if coolUntil and tonumber(coolUntil) > now then
      redis.call("ZADD", KEYS[1], coolUntil, target)
    else
      local epoch = redis.call("HINCRBY", targetKey, "epoch", 1)
      local token = ARGV[4] .. ":" .. epoch
      -- The lease expiry lives only in the due score (keys.ts pollDue): nothing else would read it.
      redis.call("HSET", targetKey, "lease", token)
      redis.call("ZADD", KEYS[1], ARGV[2], target)
      claimed[#claimed + 1] = { target, token, state or "", tonumber(failures or "0"), meta or "" }
    end
  end
end

return claimed
