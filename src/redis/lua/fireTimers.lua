--[[
  fireTimers: moves due timers of one partition into their target streams. Each timer is
  appended and removed in the same call, so any number of schedulers can run at once and a
  timer fires once.

  KEYS[1]  timers sorted set of the partition (score = due time, ms)
  KEYS[2+] the partition's stage streams a timer may target (declared for slot routing)
  ARGV[1]  now (ms)
  ARGV[2]  most timers to fire in this call
  Timer member: JSON { id, stream, fields = [k1, v1, ...] }
  Returns: number of timers fired.
]]
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, member in ipairs(due) do
  local timer = cjson.decode(member)
  redis.call('XADD', timer.stream, '*', unpack(timer.fields))
  redis.call('ZREM', KEYS[1], member)
end
return #due
