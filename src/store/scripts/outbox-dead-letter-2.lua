--[[
  Moves an outbox entry that can never be delivered (unreadable, or too many attempts) to the shard's
  dead-letter stream and acknowledges it, in one step: it is neither lost nor retried forever, and two
  replicas deciding at once move it once (only the one whose XACK counted writes the dead letter).

  KEYS[1] the outbox stream
  KEYS[2] the dead-letter stream of the same shard (same hash tag)

  ARGV[1] consumer group
  ARGV[2] entry id
  ARGV[3] reason (one line)
  ARGV[4] deliveries counted so far
  ARGV[5] time of the move (ms)
  ARGV[6] approximate MAXLEN of the dead-letter stream

  Result: 1 moved, 0 already acknowledged by someone else (nothing written)
]]
local entry = redis.call("XRANGE", KEYS[1], ARGV[2], ARGV[2])[1]
if redis.call("XACK", KEYS[1], ARGV[1], ARGV[2]) == 0 then
  return 0
end
local fields = { "outboxId", ARGV[2], "reason", ARGV[3], "deliveries", ARGV[4], "at", ARGV[5] }
if entry then
  for _, value in ipairs(entry[2]) do
    fields[#fields + 1] = value
  end
end
redis.call("XADD", KEYS[2], "MAXLEN", "~", ARGV[6], "*", unpack(fields))
return 1
