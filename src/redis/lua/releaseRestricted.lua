--[[
  releaseRestricted: when a tenant is OPERATIONAL again, puts its work held while RESTRICTED back
  on the stage streams it was held at, in the order it was held, and moves its paused workflow
  timers back to the timer set with their original due times (so they fire, in due order, on the
  scheduler's next pass). One partition, one step.

  KEYS[1] held work of the tenant (stream)        cw:{pN}:held-work:<tenant>
  KEYS[2] paused timers of the tenant (zset)      cw:{pN}:paused-timers:<tenant>
  KEYS[3] workflow-timer set of the partition     cw:{pN}:wf-timers
  KEYS[4] restricted-tenants set of the partition
  KEYS[5+] the partition's stage streams held work may return to
  ARGV[1] tenant id
  ARGV[2] most held entries to release in this call
  ARGV[3] JSON { stage name = index into KEYS }
  Held entry: the envelope's fields followed by `held_stage`, <stage>.
  Returns: { entries released, timers moved back }.
]]
local streams = cjson.decode(ARGV[3])
local entries = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', tonumber(ARGV[2]))
for _, entry in ipairs(entries) do
  local fields, stage = {}, nil
  for i = 1, #entry[2], 2 do
    if entry[2][i] == 'held_stage' then
      stage = entry[2][i + 1]
    else
      fields[#fields + 1] = entry[2][i]
      fields[#fields + 1] = entry[2][i + 1]
    end
  end
  local target = stage and streams[stage] and KEYS[streams[stage]]
  if not target then return redis.error_reply('ERR releaseRestricted: held entry ' .. entry[1] .. ' names no known stage') end
  redis.call('XADD', target, '*', unpack(fields))
  redis.call('XDEL', KEYS[1], entry[1])
end
local paused = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
for i = 1, #paused, 2 do
  redis.call('ZADD', KEYS[3], paused[i + 1], paused[i])
end
redis.call('DEL', KEYS[2])
if redis.call('XLEN', KEYS[1]) == 0 then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', KEYS[4], ARGV[1])
end
return { #entries, #paused / 2 }
