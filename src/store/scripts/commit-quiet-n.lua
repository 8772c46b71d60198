--[[
  Commits a batch of polls without events (no cool-down, failures reset), each under its own lease, in one
  script run: what commit-4.lua does for such a poll, for many targets at once. One command instead of one
  per poll: at thousands of polls a second, the client's per-command objects outlived the young generation
  and were most of what the poller promoted to the old one. A poll that read incidents and found
  nothing new writes its state here too: a third of a latency-bound poller's polls do.

  Each target is checked and written on its own: a refused lease refuses that target only.

  For each shard s of the batch (1, 2, ...):
  KEYS[2s-1] due sorted set of the shard
  KEYS[2s]   target key prefix of the shard: the hash of target T is KEYS[2s] .. T (as in claim-n.lua;
             the per-target keys are not sent, to keep the arguments per poll few)
  (a variable number of keys: two per shard; on a Redis Cluster the batch is one shard's, one slot)

  ARGV, shard by shard in KEYS order: the number n of its targets, then n quadruples of
    target, the lease token received with its claim, its next due time (ms), its new state JSON or ""
    to keep the stored one

  Result: one 1 (committed), 0 (refused: lease lost or target removed) or 2 (committed already: this is
  the same commit sent again, as commit-4.lua) per target, in ARGV order
]]
local results = {}
local at = 1
for s = 1, #KEYS / 2 do
  local dueKey, targetPrefix = KEYS[2 * s - 1], KEYS[2 * s]
  -- The due times, one ZADD for the shard at its end: each redis.call is a command's whole cost in Redis.
  local scores = {}
  local count = tonumber(ARGV[at])
  at = at + 1
  for _ = 1, count do
    local target, token, due, state = ARGV[at], ARGV[at + 1], ARGV[at + 2], ARGV[at + 3]
    at = at + 4
    local hash = targetPrefix .. target
    -- One read; then only what differs is written (most quiet polls follow a quiet poll: failures 0, no
    -- streak), so that a quiet commit costs Redis the fewest calls.
    local fields = redis.call("HMGET", hash, "lease", "failures", "rejCount", "rejSince", "paused", "committed")
    if fields[1] ~= token then
      results[#results + 1] = fields[6] == token and 2 or 0
    else
      -- As commit-4.lua: a poll that worked ends any token-rejection streak and pause, and the lease (its
      -- token kept to recognise this commit if it comes again).
      if fields[3] or fields[4] or fields[5] then
        redis.call("HDEL", hash, "rejCount", "rejSince", "paused")
      end
      local writes = { "lease", "", "committed", token }
      if fields[2] ~= "0" then
        writes[#writes + 1] = "failures"
        writes[#writes + 1] = 0
      end
      if state ~= "" then
        writes[#writes + 1] = "state"
        writes[#writes + 1] = state
      end
      redis.call("HSET", hash, unpack(writes))
      scores[#scores + 1] = due
      scores[#scores + 1] = target
      results[#results + 1] = 1
    end
  end
  -- In slices: unpack is bounded by Lua's C stack (8,000 values).
  for from = 1, #scores, 1000 do
    redis.call("ZADD", dueKey, unpack(scores, from, math.min(from + 999, #scores)))
  end
end
return results
