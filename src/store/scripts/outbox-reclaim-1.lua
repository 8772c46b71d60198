--[[
  Takes over the outbox entries that waited longer than a minimum idle time (XAUTOCLAIM: a crashed or
  stopped replica's, or a failed delivery whose retry is due) and says how often each one was handed to a
  worker. The count is the stream's own (times-delivered of the pending entry), so every replica agrees on
  it and a poison entry that crashes whole processes is still counted (docs/architecture.md section 5).

  KEYS[1] the outbox stream

  ARGV[1] consumer group
  ARGV[2] consumer that takes the entries over
  ARGV[3] minimum idle time (ms)
  ARGV[4] cursor (0-0 to start)
  ARGV[5] entries at most

  Result: { next cursor (0-0 when the sweep is complete), { { id, fields, deliveries }, ... } }
          Entries deleted from the stream meanwhile leave the pending list and are not returned.
]]
local reply = redis.call("XAUTOCLAIM", KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4], "COUNT", ARGV[5])
local out = {}
for _, entry in ipairs(reply[2]) do
  local id = entry[1]
  local pending = redis.call("XPENDING", KEYS[1], ARGV[1], id, id, 1)
  local deliveries = 1
  if pending[1] then
    deliveries = pending[1][4]
  end
  out[#out + 1] = { id, entry[2] or {}, deliveries }
end
return { reply[1], out }
