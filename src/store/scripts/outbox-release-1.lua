--[[
  Removes a stopping process's consumer from the outbox group without losing its pending entries.
  XGROUP DELCONSUMER drops the consumer's pending entries from the group for good (the Redis manual
  asks to claim or acknowledge them first), so they are first handed to a shared parking consumer with
  an idle time that makes them due at once for any replica's XAUTOCLAIM. JUSTID keeps their delivery
  count unchanged: a clean stop is not a failed attempt.

  KEYS[1] the outbox stream

  ARGV[1] consumer group
  ARGV[2] the consumer to remove
  ARGV[3] the parking consumer
  ARGV[4] idle time given to the handed-over entries (ms): the reclaim time, so they are due now

  Result: how many pending entries were handed over
]]
local moved = 0
-- Bounded: every XCLAIM empties the batch it read, so this ends long before the bound.
for _ = 1, 10000 do
  local pending = redis.call("XPENDING", KEYS[1], ARGV[1], "-", "+", 100, ARGV[2])
  if #pending == 0 then
    break
  end
  local args = { KEYS[1], ARGV[1], ARGV[3], 0 }
  for _, entry in ipairs(pending) do
    args[#args + 1] = entry[1]
  end
  args[#args + 1] = "IDLE"
  args[#args + 1] = ARGV[4]
  args[#args + 1] = "JUSTID"
  redis.call("XCLAIM", unpack(args))
  moved = moved + #pending
end
redis.call("XGROUP", "DELCONSUMER", KEYS[1], ARGV[1], ARGV[2])
return moved
