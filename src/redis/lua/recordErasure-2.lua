--[[
  recordErasure: writes an erasure's one `claimant.erased` audit event (src/claimants/erasure.ts),
  once: the erasure's job record remembers it in the same step, so a re-run after a crash does
  not write a second one. The event's detail holds counts only (no phone, no hash of one).

  KEYS[1] audit stream of the claimant's partition   KEYS[2] the erasure's job record (hash)
  ARGV[1] tenant id   ARGV[2] now (ms)   ARGV[3] detail (JSON)
  Returns: 1 when written, 0 when this erasure had written it already.
]]
if redis.call('HGET', KEYS[2], 'recorded') == '1' then return 0 end
redis.call('XADD', KEYS[1], '*', 'tenant', ARGV[1], 'workflow_id', '', 'stage', 'erasure', 'type', 'claimant.erased',
  'seq', 0, 'at', ARGV[2], 'detail', ARGV[3])
redis.call('HSET', KEYS[2], 'recorded', '1')
return 1
