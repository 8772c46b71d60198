--[[
  Extends a channel lock that is still ours, before a slow step (a Slack call, a Retry-After wait).

  KEYS[1] the lock key
  ARGV[1] our lock token
  ARGV[2] new time to live (ms)

  Result: 1 extended, 0 lost (expired, maybe taken by another worker)
]]
if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("PEXPIRE", KEYS[1], ARGV[2])
end
return 0
