--[[
  archiveLedgerTo: records that the archive holds a tenant's ledger up to position N (confirmed by
  the archiver in PostgreSQL), then trims the ledger stream of every event up to the marker, oldest
  first. The marker only moves forward, and the trim never passes it: an archiver whose lease ran
  out cannot move it back or trim what the archive has not confirmed. The head (hash, count) is not
  touched, so the chain goes on from it (docs/retention.md).

  KEYS[1] ledger stream            cw:{t:ID}:ledger
  KEYS[2] archive marker (hash)    cw:{t:ID}:archived
  ARGV[1] N: the last ledger position the archive confirmed
  ARGV[2] the stream id of event N
  ARGV[3] the stream id just after it (`<ms>-<seq+1>`): XTRIM MINID removes every id below it
  Returns: { marker position after the call, entries trimmed }
]]
local current = tonumber(redis.call('HGET', KEYS[2], 'ledger_n') or '0')
local wanted = tonumber(ARGV[1])
if wanted > current then
  redis.call('HSET', KEYS[2], 'ledger_n', ARGV[1], 'ledger_sid', ARGV[2], 'ledger_next', ARGV[3])
  current = wanted
end
local minid = redis.call('HGET', KEYS[2], 'ledger_next')
local trimmed = 0
if minid then trimmed = redis.call('XTRIM', KEYS[1], 'MINID', minid) end
return { current, trimmed }
