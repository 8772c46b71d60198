--[[
  Claims the due poll targets of one or more scheduler shards and leases them (docs/architecture.md section 5).

  Each claimed target's score becomes the lease expiry, so no other worker takes it before then, and a
  crashed worker's targets come back by themselves when it passes. A target whose token group is cooling
  down (a 429 with Retry-After) is moved to the end of the cool-down instead of being claimed.
  Every key touched carries its shard's hash tag: per-target keys are built from the shard's prefixes.

  Several shards per run on one Redis (each run has a fixed cost in Redis and in the client, and a shard
  holds only a couple of due targets); one shard per run on a Redis
  Cluster, where each shard is its own slot.

  For each shard s given (1, 2, ...):
  KEYS[3s-2] due sorted set of the shard (target -> next due time, ms)
  KEYS[3s-1] target key prefix: the hash of target T is KEYS[3s-1] .. T
  KEYS[3s]   cool-down key prefix: the cool-down of token group G is KEYS[3s] .. G (value: until, ms);
             KEYS[3s] itself holds the latest such until of the shard, while one lasts
  and last, after every shard's three:
  KEYS[#KEYS] this claim's record (a list that lasts a lease): the position of the shard in KEYS and the
              target, for each target it leased
  (a variable number of keys: three per shard, then the record; on a Redis Cluster all of one slot)

  ARGV[1] now (ms)
  ARGV[2] lease expiry (ms): now + lease length
  ARGV[3] limit: largest number of due targets looked at, per shard
  ARGV[4] lease token stem (worker id, a random nonce and a count: one per claim); each lease's token is
          stem .. ":" .. epoch
  ARGV[5] the stem of the worker's previous claim of the same shards, answered, or "": its record (the same
          key with that stem, so the same slot) is deleted, so that a worker keeps one record, not a lease's
  ARGV[6] the incident refresh interval (ms): a target whose `refreshAt` field is missing or not after now
          is answered refresh now, and its `refreshAt` becomes now + this interval (the poll's
          incident read is booked by the claim, which writes the target anyway, so that a read that
          changes nothing has nothing to commit). A held target whose `refreshAt` falls before its hold
          ends is answered that time, and the next is booked an interval after it: the worker polls a held
          target again until its hold ends (poll-worker.ts), and reads the incidents with the first poll
          at or after the time answered. Otherwise refresh 0: none during this claim.
  ARGV[7] k, then ARGV[8 .. 7 + k]: held claims. The i-th target leased by this run is due at
          now + ARGV[7 + i] (the end of its hold: the worker polls it until then while its polls are quiet,
          poll-worker.ts) instead of at the lease expiry; a target beyond the k-th gets the lease expiry.
          The worker extends to a lease (extend-n.lua) a claim whose poll outlasts what a quiet one takes, so
          that a quiet poll of a settled target has nothing to commit. k = 0: every target gets the lease
          expiry.

  Result: one list per shard, in KEYS order, of { target, epoch (integer: the lease token is
  stem .. ":" .. epoch), state JSON or "", failures (integer), meta or "", settled (1 when failures is 0 and
  the target has no token-rejection streak and no pause: a quiet poll has nothing to reset), refresh (the
  time, ms, from which a poll of this claim reads the incidents, booked; 0 for none) }

  The same claim run again (the same stem; its reply was lost with the connection: ioredis sends it
  again after reconnecting, or the worker repeats a claim that failed) answers the targets that the first
  run leased and that are still leased by it, instead of leasing others: otherwise those would wait out
  their lease without being polled, and any outage on them would be alerted up to a lease late. Those are
  answered refresh now: the first run may have booked a refresh whose answer was lost.
]]
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[3])
local stem = ARGV[4]
local record = KEYS[#KEYS]
-- The record expires by Redis's clock, the leases by the callers': it lasts a lease from now either way.
local leaseMs = tonumber(ARGV[2]) - now
local shardCount = (#KEYS - 1) / 3
local shards = {}
local refreshMs = tonumber(ARGV[6] or "0")
local heldCount = tonumber(ARGV[7] or "0")
local taken = 0
-- The due score of the next target leased: its hold, or the lease expiry once the holds are used up.
-- The second result: true for a hold.
local function nextScore()
  taken = taken + 1
  if taken <= heldCount then
    return now + tonumber(ARGV[7 + taken]), true
  end
  return ARGV[2], false
end
-- HMGET answers false for a missing field. A hash without failures is settled too (add-3.lua writes it).
local function settled(failures, rejCount, rejSince, paused)
  return (not failures or failures == "0") and not (rejCount or rejSince or paused) and 1 or 0
end

local recorded = redis.call("LRANGE", record, 0, -1)
if #recorded > 0 then
  for s = 1, shardCount do
    shards[s] = {}
  end
  for i = 1, #recorded, 2 do
    local s, target = tonumber(recorded[i]), recorded[i + 1]
    local fields = s <= shardCount
      and redis.call(
        "HMGET", KEYS[3 * s - 1] .. target, "lease", "epoch", "state", "failures", "meta", "rejCount", "rejSince", "paused"
      )
      or {}
    -- Committed since (the lease field is emptied), taken over or removed: not this claim's any more.
    if fields[1] and fields[1] == stem .. ":" .. fields[2] then
      -- The lease (or hold) runs from this run, as a claim's does: the poll's budget is half of the lease.
      redis.call("ZADD", KEYS[3 * s - 2], nextScore(), target)
      local claimed = shards[s]
      claimed[#claimed + 1] = {
        target, tonumber(fields[2]), fields[3] or "", tonumber(fields[4] or "0"), fields[5] or "",
        settled(fields[4], fields[6], fields[7], fields[8]), now,
      }
    end
  end
  redis.call("PEXPIRE", record, leaseMs)
  return shards
end

local answered = ARGV[5] or ""
if answered ~= "" then
  redis.call("DEL", string.sub(record, 1, #record - #stem) .. answered)
end

local leased = {}
for s = 1, shardCount do
  local dueKey, targetPrefix, coolDownPrefix = KEYS[3 * s - 2], KEYS[3 * s - 1], KEYS[3 * s]
  local due = redis.call("ZRANGEBYSCORE", dueKey, "-inf", ARGV[1], "LIMIT", 0, limit)
  local claimed = {}
  -- The new due scores (lease expiry, or the end of a cool-down), one ZADD for the shard: each
  -- redis.call is a command's whole cost in Redis.
  local rescored = {}
  -- The cool-down prefix itself is a key: the latest cool-down end in the shard (commit-4.lua and
  -- cool-down-2.lua keep it), so that a shard with none costs one GET per claim, not one per target. A
  -- cool-down set by a worker of an older version (SCRIPT_VERSION 4, during a deploy) sets no such key: its
  -- group may be polled, and answered 429, once more, which sets both.
  local cooling = false
  if #due > 0 then
    local latest = redis.call("GET", coolDownPrefix)
    cooling = latest and tonumber(latest) > now
  end
  for _, target in ipairs(due) do
    local targetKey = targetPrefix .. target
    -- One read per target. add-3.lua writes failures, group and meta into every target hash and nothing
    -- deletes them but remove-3.lua (the whole hash), so a hash with none of these fields does not exist.
    -- Reading state before the lease is taken is the same: taking it writes only epoch, lease and refreshAt.
    local fields =
      redis.call(
        "HMGET", targetKey, "group", "state", "failures", "meta", "epoch", "rejCount", "rejSince", "paused", "refreshAt"
      )
    local group, state, failures, meta = fields[1], fields[2], fields[3], fields[4]
    if not (group or state or failures or meta) then
      -- An index entry without its record (removed by hand): drop it rather than lease nothing.
      redis.call("ZREM", dueKey, target)
    else
      local coolUntil = nil
      if cooling and group and group ~= "" then
        coolUntil = redis.call("GET", coolDownPrefix .. group)
      end
      if coolUntil and tonumber(coolUntil) > now then
        rescored[#rescored + 1] = coolUntil
        rescored[#rescored + 1] = target
      else
        local epoch = tonumber(fields[5] or "0") + 1
        -- The lease expiry lives only in the due score (keys.ts pollDue): nothing else would read it.
        local score, held = nextScore()
        local refreshAt = tonumber(fields[9] or "0")
        local refresh = 0
        if refreshAt <= now then
          refresh = now
        elseif held and refreshAt < score then
          refresh = refreshAt
        end
        if refresh > 0 then
          redis.call(
            "HSET", targetKey, "epoch", epoch, "lease", stem .. ":" .. epoch, "refreshAt", refresh + refreshMs
          )
        else
          redis.call("HSET", targetKey, "epoch", epoch, "lease", stem .. ":" .. epoch)
        end
        rescored[#rescored + 1] = score
        rescored[#rescored + 1] = target
        claimed[#claimed + 1] = {
          target, epoch, state or "", tonumber(failures or "0"), meta or "",
          settled(failures, fields[6], fields[7], fields[8]), refresh,
        }
        leased[#leased + 1] = s
        leased[#leased + 1] = target
      end
    end
  end
  -- In slices: unpack is bounded by Lua's C stack (8,000 values).
  for from = 1, #rescored, 1000 do
    redis.call("ZADD", dueKey, unpack(rescored, from, math.min(from + 999, #rescored)))
  end
  shards[s] = claimed
end

for from = 1, #leased, 1000 do
  redis.call("RPUSH", record, unpack(leased, from, math.min(from + 999, #leased)))
end
if #leased > 0 then
  redis.call("PEXPIRE", record, leaseMs)
end
return shards
