--[[
  Sets the idle time of outbox entries that this consumer still owns, without counting a delivery
  (XCLAIM ... JUSTID). Idle 0 keeps an entry in flight here from being reclaimed by another replica
  (a heartbeat); a larger idle time makes a failed entry due for reclaiming after a backoff instead
  of after the whole reclaim time. Entries that another consumer took over are left alone.

  KEYS[1] the outbox stream

  ARGV[1] consumer group
  ARGV[2] consumer that must own the entries
  ARGV[3] idle time to set (ms)
  ARGV[4..] entry ids

  Result: how many entries were touched
]]
local touched = 0
for i = 4, #ARGV do
  local pending = redis.call("XPENDING", KEYS[1], ARGV[1], ARGV[i], ARGV[i], 1)
  if pending[1] and pending[1][2] == ARGV[2] then
    redis.call("XCLAIM", KEYS[1], ARGV[1], ARGV[2], 0, ARGV[i], "IDLE", ARGV[3], "JUSTID")
    touched = touched + 1
  end
end
return touched
