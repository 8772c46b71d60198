--[[
  Trims an outbox stream below the oldest entry that some consumer group still needs: the smallest
  pending id when entries are pending, else the group's last-delivered id (entries after it are unread).
  Only what every group acknowledged goes, so trimming never drops an undelivered alert (a MAXLEN on
  XADD would, once delivery lags far enough). A stream no group reads yet is left whole.

  KEYS[1] the outbox stream

  Result: how many entries were deleted
]]
local ok, groups = pcall(redis.call, "XINFO", "GROUPS", KEYS[1])
if not ok or #groups == 0 then
  return 0
end

local function parse(id)
  local ms, seq = string.match(id, "^(%d+)-(%d+)$")
  return tonumber(ms), tonumber(seq)
end

local function below(a, b)
  local ams, aseq = parse(a)
  local bms, bseq = parse(b)
  return ams < bms or (ams == bms and aseq < bseq)
end

local floor = nil
for _, group in ipairs(groups) do
  local info = {}
  for i = 1, #group, 2 do
    info[group[i]] = group[i + 1]
  end
  local keep = info["last-delivered-id"]
  if tonumber(info["pending"]) > 0 then
    keep = redis.call("XPENDING", KEYS[1], info["name"])[2]
  end
  if floor == nil or below(keep, floor) then
    floor = keep
  end
end
if floor == "0-0" then
  return 0
end
return redis.call("XTRIM", KEYS[1], "MINID", floor)
