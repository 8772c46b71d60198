--[[
  Commits one poll of a leased target: new state, next due time, alert events, failure count, and the
  token group's cool-down, all in one step (docs/architecture.md section 5: nothing lost, nothing posted twice).

  Refused when the stored lease token differs: the lease passed, another worker claimed the target and
  this commit comes from a stale replica. Refused too when the target was removed meanwhile (no record
  is recreated). A commit after its lease passed is still accepted while nobody else claimed the
  target: no one else polled it, so nothing can be emitted twice.
  The caller computes the next due time (interval with jitter, or backoff from the failure count it
  received with the claim) so that all timing policy lives in TypeScript.

  KEYS[1] due sorted set of the shard
  KEYS[2] the target's hash
  KEYS[3] outbox stream of the shard
  KEYS[4] cool-down key prefix of the shard: the cool-down of group G is KEYS[4] .. G; KEYS[4] itself
          holds the latest cool-down end of the shard, so that a claim skips the per-group reads while
          the shard has none (claim-n.lua)

  ARGV[1] target
  ARGV[2] lease token received with the claim
  ARGV[3] "1" to write ARGV[4] as the new state, "0" to keep the stored one
  ARGV[4] state JSON
  ARGV[5] next due time (ms)
  ARGV[6] failures: "reset" (set to 0, and the rejection streak and pause cleared) or "increment" (and
          the incident refresh booked by the claim dropped: the next claim books it again, claim-n.lua)
  ARGV[7] cool-down group, "" for none
  ARGV[8] cool-down until (ms); only ever extends an existing cool-down
  ARGV[9] how long Redis keeps the cool-down key (ms): the caller's until - now plus a margin, relative
          so that neither the caller's clock nor Redis's decides the cool-down, only the stored value
  ARGV[10..] events, one JSON string each, XADDed in order with fields `target` and `event`. No MAXLEN:
          a length cap would drop undelivered events once delivery lags; the delivery workers trim
          only what the consumer group acknowledged (outbox-trim-1.lua).

  Result: 1 when committed, 0 when refused, 2 when this lease's commit had already landed (this one is it
  sent again: its reply was lost with the connection and ioredis resent it after reconnecting; nothing is
  written twice, and the worker is not told that another worker took the target over)
]]
local held = redis.call("HMGET", KEYS[2], "lease", "committed")
if held[1] ~= ARGV[2] then
  if held[2] == ARGV[2] then
    return 2
  end
  return 0
end

if ARGV[3] == "1" then
  redis.call("HSET", KEYS[2], "state", ARGV[4])
end

if ARGV[6] == "reset" then
  redis.call("HSET", KEYS[2], "failures", 0)
  -- A poll that worked ends any token-rejection streak and any pause (poll-rejection-1.lua).
  redis.call("HDEL", KEYS[2], "rejCount", "rejSince", "paused")
else
  redis.call("HINCRBY", KEYS[2], "failures", 1)
  -- The failed poll may not have read the incidents its claim booked.
  redis.call("HDEL", KEYS[2], "refreshAt")
end

if ARGV[7] ~= "" then
  -- The group's cool-down, then the shard's latest (as cool-down-2.lua): each only ever extended.
  for _, coolKey in ipairs({ KEYS[4] .. ARGV[7], KEYS[4] }) do
    local current = tonumber(redis.call("GET", coolKey) or "0")
    if tonumber(ARGV[8]) > current then
      redis.call("SET", coolKey, ARGV[8], "PX", ARGV[9])
    end
  end
end

for i = 10, #ARGV do
  redis.call("XADD", KEYS[3], "*", "target", ARGV[1], "event", ARGV[i])
end

-- The lease ends; its token is kept to recognise this commit if it comes again.
redis.call("HSET", KEYS[2], "lease", "", "committed", ARGV[2])
redis.call("ZADD", KEYS[1], ARGV[5], ARGV[1])
return 1
