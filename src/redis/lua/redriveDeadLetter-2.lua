--[[
  redriveDeadLetter: puts one dead-lettered entry back on its stage stream with a fresh attempt
  count, and removes it from the dead-letter stream, in one step.

  KEYS[1] dead-letter stream   cw:{pN}:dlq:<stage>
  KEYS[2] stage stream         cw:{pN}:stream:<stage>
  ARGV[1] dead-letter entry id
  Returns: the new stream entry id, or false when no such dead letter exists.
]]
local found = redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1])
if #found == 0 then return false end
local fields = found[1][2]
local keep = {}
local dropped = { reason = true, error_code = true, failed_at = true, deliveries = true, source_id = true, stage = true, attempt = true }
for i = 1, #fields, 2 do
  if not dropped[fields[i]] then
    table.insert(keep, fields[i])
    table.insert(keep, fields[i + 1])
  end
end
table.insert(keep, 'attempt')
table.insert(keep, '0')
local id = redis.call('XADD', KEYS[2], '*', unpack(keep))
redis.call('XDEL', KEYS[1], ARGV[1])
return id
