--[[
  Puts a dead letter back at the end of its outbox (as a new entry with the original `target` and
  `event`) and deletes it from the dead-letter stream, in one step: replayed once, never lost.

  KEYS[1] the outbox stream
  KEYS[2] the dead-letter stream of the same shard (same hash tag)

  ARGV[1] dead-letter id

  Result: the new outbox entry id, or "" when that dead letter no longer exists
]]
local entry = redis.call("XRANGE", KEYS[2], ARGV[1], ARGV[1])[1]
if not entry then
  return ""
end
local fields = {}
local own = { outboxId = true, reason = true, deliveries = true, at = true }
local stored = entry[2]
for i = 1, #stored, 2 do
  if not own[stored[i]] then
    fields[#fields + 1] = stored[i]
    fields[#fields + 1] = stored[i + 1]
  end
end
if #fields == 0 then
  -- An entry that had no fields at all: it comes back as unreadable as it left.
  fields = { "event", "" }
end
local id = redis.call("XADD", KEYS[1], "*", unpack(fields))
redis.call("XDEL", KEYS[2], ARGV[1])
return id
