--[[
  Pauses a subscription once: the first caller learns it paused it (and tells the subscriber), every
  later caller (another replica, a redelivered event) learns it was already paused.

  KEYS[1] the subscription's hash
  ARGV[1] pause JSON, written to field `paused` only when absent

  Result: 1 newly paused, 0 already paused, -1 no such subscription (nothing is created)
]]
if redis.call("EXISTS", KEYS[1]) == 0 then
  return -1
end
return redis.call("HSETNX", KEYS[1], "paused", ARGV[1])
