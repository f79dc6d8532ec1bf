--[[
  recordErasure: writes an erasure's one `claimant.erased` audit event (src/claimants/erasure.ts),
  once: the erasure's job record remembers it in the same step, so a re-run after a crash does
  not write a second one. The event's detail holds counts only (no phone, no hash of one). Written
  as every waiting audit event is, one packed field (audit-append.lua, xaddAudit).

  KEYS[1] audit stream of the claimant's partition   KEYS[2] the erasure's job record (hash)
  ARGV[1] tenant id   ARGV[2] now (ms)   ARGV[3] detail (JSON)
  Returns: 1 when written, 0 when this erasure had written it already.
]]
--@include audit-append

if redis.call('HGET', KEYS[2], 'recorded') == '1' then return 0 end
xaddAudit(KEYS[1], ARGV[1], '', 'erasure', 'claimant.erased', '0', ARGV[2], ARGV[3])
redis.call('HSET', KEYS[2], 'recorded', '1')
return 1
