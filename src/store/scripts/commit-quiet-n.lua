--[[
  Commits a batch of quiet polls (no new state, no events, no cool-down, failures reset), each under its
  own lease, in one script run: what commit-4.lua does for such a poll, for many targets at once. One
  command instead of one per poll: at thousands of polls a second, the client's per-command objects
  outlived the young generation and were most of what the poller promoted to the old one (issue 13).

  Each target is checked and written on its own: a refused lease refuses that target only.

  KEYS[2i-1] due sorted set of target i's shard
  KEYS[2i]   target i's hash
  (a variable number of keys: two per target; on a Redis Cluster the batch is one shard's, one slot)

  ARGV[3i-2] target i
  ARGV[3i-1] the lease token received with its claim
  ARGV[3i]   its next due time (ms)

  Result: one 1 (committed), 0 (refused: lease lost or target removed) or 2 (committed already: this is
  the same commit sent again, as commit-4.lua) per target, in order
]]
local results = {}
-- The due times, one ZADD per due key at the end (the batch's targets share a few shards): each
-- redis.call is a command's whole cost in Redis (issue 13).
local dueKeys, dueScores = {}, {}
for i = 1, #KEYS / 2 do
  local hash = KEYS[2 * i]
  -- One read; then only what differs is written (most quiet polls follow a quiet poll: failures 0, no
  -- streak), so that a quiet commit costs Redis the fewest calls (issue 13).
  local token = ARGV[3 * i - 1]
  local fields = redis.call("HMGET", hash, "lease", "failures", "rejCount", "rejSince", "paused", "committed")
  if fields[1] ~= token then
    results[i] = fields[6] == token and 2 or 0
  else
    -- As commit-4.lua: a poll that worked ends any token-rejection streak and pause, and the lease (its
    -- token kept to recognise this commit if it comes again).
    if fields[3] or fields[4] or fields[5] then
      redis.call("HDEL", hash, "rejCount", "rejSince", "paused")
    end
    if fields[2] ~= "0" then
      redis.call("HSET", hash, "failures", 0, "lease", "", "committed", token)
    else
      redis.call("HSET", hash, "lease", "", "committed", token)
    end
    local dueKey = KEYS[2 * i - 1]
    local scores = dueScores[dueKey]
    if not scores then
      scores = {}
      dueScores[dueKey] = scores
      dueKeys[#dueKeys + 1] = dueKey
    end
    scores[#scores + 1] = ARGV[3 * i]
    scores[#scores + 1] = ARGV[3 * i - 2]
    results[i] = 1
  end
end
for _, dueKey in ipairs(dueKeys) do
  local scores = dueScores[dueKey]
  -- In slices: unpack is bounded by Lua's C stack (8,000 values).
  for from = 1, #scores, 1000 do
    redis.call("ZADD", dueKey, unpack(scores, from, math.min(from + 999, #scores)))
  end
end
return results
