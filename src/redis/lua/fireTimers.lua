--[[
  fireTimers: moves due timers of one partition into their target streams. Each timer is
  appended and removed in the same call, so any number of schedulers can run at once and a
  timer fires once.

  KEYS[1]  timers sorted set of the partition (score = due time, ms)
  KEYS[2]  the partition's dead-timer stream: a timer that cannot be fired (not JSON, or its
           XADD fails) is moved there with the error, so it cannot block the timers behind it
  KEYS[3+] the partition's stage streams a timer may target (declared for slot routing); a timer
           naming any other stream is set aside as not fireable (every key a script touches is declared)
  ARGV[1]  now (ms)
  ARGV[2]  most timers to fire in this call
  Timer member: JSON { id, stream, fields = [k1, v1, ...] }
  Returns: number of timers handled (fired or set aside).
]]
local targets = {}
for i = 3, #KEYS do targets[KEYS[i]] = true end
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, member in ipairs(due) do
  local ok, timer = pcall(cjson.decode, member)
  local result
  if ok and type(timer) == 'table' and type(timer.stream) == 'string' and type(timer.fields) == 'table' then
    if targets[timer.stream] then
      result = redis.pcall('XADD', timer.stream, '*', unpack(timer.fields))
    else
      result = { err = 'timer names a stream that is not one of the partition\'s stage streams' }
    end
  else
    result = { err = 'timer is not JSON with stream and fields' }
  end
  if type(result) == 'table' and result.err then
    redis.call('XADD', KEYS[2], 'MAXLEN', '~', 10000, '*', 'timer', member, 'error', result.err, 'at', ARGV[1])
  end
  redis.call('ZREM', KEYS[1], member)
end
return #due
