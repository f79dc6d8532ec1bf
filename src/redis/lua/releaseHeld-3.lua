--[[
  releaseHeld: puts the replies held for one tenant in one partition back on the outbound
  stream, in the order they were held, and forgets them, in one step.

  KEYS[1] held replies (stream)         cw:{pN}:held:<tenant>
  KEYS[2] outbound stream               cw:{pN}:stream:outbound
  KEYS[3] tenants with held replies     cw:{pN}:held-tenants
  ARGV[1] tenant id
  ARGV[2] most entries to release in this call
  Returns: number released.
]]
local entries = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', tonumber(ARGV[2]))
for _, entry in ipairs(entries) do
  redis.call('XADD', KEYS[2], '*', unpack(entry[2]))
  redis.call('XDEL', KEYS[1], entry[1])
end
if redis.call('XLEN', KEYS[1]) == 0 then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', KEYS[3], ARGV[1])
end
return #entries
