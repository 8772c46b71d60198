--[[
  Drops a link's token only when it is still the one that was refused: a confirmed 401 must never drop
  the token of a fresh login that landed in between (compare-and-set on the sealed token).

  KEYS[1] the link's hash
  ARGV[1] the sealed token (the `token` field) as read before the API confirmed the 401

  Result: 1 dropped (the link is now stale), 0 the link is gone or holds another token
]]
if redis.call("HGET", KEYS[1], "token") ~= ARGV[1] then
  return 0
end
redis.call("HSET", KEYS[1], "stale", "1")
redis.call("HDEL", KEYS[1], "token")
return 1
