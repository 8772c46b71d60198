--[[
  Gives back the delivery that a reclaim counted for outbox entries this consumer is still handling (an
  event loop stalled, or a heartbeat failed, past the reclaim time: XAUTOCLAIM took them over from their own
  consumer and counted one more delivery, though no attempt follows it). Without this, every such stall
  burns one of the entry's attempts: it is dead-lettered after fewer attempts than its count says, and the
  count no longer matches the attempts the workers made (docs/architecture.md section 5). An entry whose
  count moved on since (another consumer took it over) or that was settled meanwhile is left alone; its
  idle time is kept as it is (XCLAIM ... IDLE <its idle> RETRYCOUNT <n> JUSTID).

  KEYS[1] the outbox stream

  ARGV[1] consumer group
  ARGV[2] consumer that must own the entries
  ARGV[3..] pairs: entry id, the delivery count the reclaim gave it

  Result: how many entries got their delivery back
]]
local given = 0
for i = 3, #ARGV - 1, 2 do
  local id, counted = ARGV[i], tonumber(ARGV[i + 1])
  local pending = redis.call("XPENDING", KEYS[1], ARGV[1], id, id, 1)
  local entry = pending[1]
  if entry and entry[2] == ARGV[2] and tonumber(entry[4]) == counted and counted > 1 then
    redis.call("XCLAIM", KEYS[1], ARGV[1], ARGV[2], 0, id, "IDLE", entry[3], "RETRYCOUNT", counted - 1, "JUSTID")
    given = given + 1
  end
end
return given
