--[[
  Removes the consumers of a crashed process (SIGKILL, a lost node) from an outbox group: those with no
  pending entry left (the other replicas reclaimed them) that did nothing for a long time. A live worker
  reads every shard it owns at least every few seconds, so its idle time stays small. Checked and deleted
  in one step, so no entry can become pending on a consumer between the check and XGROUP DELCONSUMER.

  KEYS[1] the outbox stream

  ARGV[1] consumer group
  ARGV[2] minimum idle time of a consumer to remove (ms)

  Result: how many consumers were removed
]]
local ok, consumers = pcall(redis.call, "XINFO", "CONSUMERS", KEYS[1], ARGV[1])
if not ok then
  return 0
end
local removed = 0
for _, consumer in ipairs(consumers) do
  local info = {}
  for i = 1, #consumer, 2 do
    info[consumer[i]] = consumer[i + 1]
  end
  if tonumber(info["pending"]) == 0 and tonumber(info["idle"]) >= tonumber(ARGV[2]) then
    redis.call("XGROUP", "DELCONSUMER", KEYS[1], ARGV[1], info["name"])
    removed = removed + 1
  end
end
return removed
