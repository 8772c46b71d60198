--[[
  Resumes a paused subscription once: the first caller learns it resumed it (and tells the channel and
  the subscriber), every later caller (another replica, a retried poll) learns there was nothing to do.
  Only a pause with one of the given reasons is lifted: a channel the app cannot post in stays paused
  when the token works again.

  KEYS[1] the subscription's hash

  ARGV[1..] the pause reasons that may be lifted

  Result: 1 resumed, 0 not paused or paused for another reason
]]
local raw = redis.call("HGET", KEYS[1], "paused")
if not raw then
  return 0
end
local ok, pause = pcall(cjson.decode, raw)
if not ok or type(pause) ~= "table" then
  return 0
end
for i = 1, #ARGV do
  if pause["reason"] == ARGV[i] then
    redis.call("HDEL", KEYS[1], "paused")
    return 1
  end
end
return 0
