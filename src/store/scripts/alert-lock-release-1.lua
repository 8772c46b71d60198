--[[
  Releases a channel lock only when it is still ours: a lock that expired and was taken by another
  worker is left alone.

  KEYS[1] the lock key
  ARGV[1] our lock token

  Result: 1 released, 0 not ours (or gone)
]]
if redis.call("GET", KEYS[1]) == ARGV[1] then
  return redis.call("DEL", KEYS[1])
end
return 0
