--[[
  Fires one due schedule (docs/architecture.md section 5 "Schedules"): at most once per period, whichever replica
  calls it and however often. The caller computes the period and the next due time (time zones and
  calendars live in TypeScript); this script only compares and stores them.

  Refused (0, nothing written) when the schedule's due time is no longer the one the caller read: another
  replica fired or rescheduled it meanwhile. A schedule whose record is gone (unsubscribed) is dropped.
  When its period already fired, it is only moved to the next due time (0).

  KEYS[1] the shard's schedule sorted set
  KEYS[2] the schedule's hash (`spec`, `last`)
  KEYS[3] the shard's outbox stream

  ARGV[1] schedule id
  ARGV[2] the due time the caller read (ms)
  ARGV[3] the period this firing is for (e.g. `daily:2026-11-24`)
  ARGV[4] the next due time (ms); 0 for a one-shot schedule (an escalation), which leaves the due set and
          keeps its record (with `last`) for a week, so that scheduling it again cannot fire it twice
  ARGV[5] outbox `target` field
  ARGV[6] outbox `event` field (JSON)

  Result: 1 when an outbox entry was written, else 0.
]]
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then
  return 0
end
if redis.call('EXISTS', KEYS[2]) == 0 then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 0
end
local fired = 0
if redis.call('HGET', KEYS[2], 'last') ~= ARGV[3] then
  redis.call('XADD', KEYS[3], '*', 'target', ARGV[5], 'event', ARGV[6])
  redis.call('HSET', KEYS[2], 'last', ARGV[3])
  fired = 1
end
if tonumber(ARGV[4]) == 0 then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('PEXPIRE', KEYS[2], 604800000)
else
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
end
return fired
