--[[
  redriveDeadLetter: puts one dead-lettered entry back on its stage stream with a fresh attempt
  count, and removes it from the dead-letter stream, in one step. The entry keeps the form it was
  written in (src/runtime/envelope-codec.ts): a packed one (`w1`: wf, tenant, seq, attempt, payload
  joined by newlines) gets its attempt part set to 0; one of fields loses its dead-letter fields
  and gets `attempt` 0.

  KEYS[1] dead-letter stream   cw:{pN}:dlq:<stage>
  KEYS[2] stage stream         cw:{pN}:stream:<stage>
  ARGV[1] dead-letter entry id
  Returns: the new stream entry id, or false when no such dead letter exists.
]]
--@include stage-entry

local found = redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1])
if #found == 0 then return false end
local fields = found[1][2]
local keep = {}
local dropped = { reason = true, error_code = true, failed_at = true, deliveries = true, source_id = true, stage = true, attempt = true }
local packed = false
for i = 1, #fields, 2 do
  local name, value = fields[i], fields[i + 1]
  if name == 'w1' then
    local first, ends = packedAttemptSpan(value)
    if not first then return redis.error_reply('ERR redriveDeadLetter: entry ' .. ARGV[1] .. ' is a packed entry cut short') end
    value = string.sub(value, 1, first - 1) .. '0' .. string.sub(value, ends)
    packed = true
  end
  if not dropped[name] then
    table.insert(keep, name)
    table.insert(keep, value)
  end
end
if not packed then
  table.insert(keep, 'attempt')
  table.insert(keep, '0')
end
local id = redis.call('XADD', KEYS[2], '*', unpack(keep))
redis.call('XDEL', KEYS[1], ARGV[1])
return id
