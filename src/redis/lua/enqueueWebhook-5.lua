--[[
  enqueueWebhook: stores one event for delivery and makes it due at once. A tenant without an
  endpoint takes nothing (its events are not kept). The per-workflow sequence is assigned here
  when the caller gave none, so concurrent events of one workflow get distinct, increasing numbers.

  KEYS[1] endpoint hash       cw:{t:ID}:webhook:endpoint
  KEYS[2] message hash (new)  cw:{t:ID}:webhook:msg:<id>
  KEYS[3] due set             cw:{t:ID}:webhook:due      (score = next attempt, ms)
  KEYS[4] event index         cw:{t:ID}:webhook:events   (score = event time, ms)
  KEYS[5] sequences hash      cw:{t:ID}:webhook:seq      (workflow id -> last sequence)
  ARGV[1] message id
  ARGV[2] now (ms)
  ARGV[3] JSON body up to the sequence value
  ARGV[4] JSON body after the sequence value
  ARGV[5] sequence given by the caller ('' = assign one when ARGV[7] is set, else null)
  ARGV[6] event type
  ARGV[7] workflow id ('' = none)
  ARGV[8] W3C traceparent the delivery's span is the child of, kept as `tp` ('' or absent = none:
          tracing off, or no step known; docs/tracing.md)
  Returns: {1, sequence or ''} when queued, {0, ''} when the tenant has no endpoint, {2, sequence}
  when a message with this id exists already (nothing changed).
]]
if redis.call('EXISTS', KEYS[1]) == 0 then return {0, ''} end
-- Queued before under this id (a caller-chosen id makes the enqueue idempotent): nothing to do.
if redis.call('EXISTS', KEYS[2]) == 1 then return {2, redis.call('HGET', KEYS[2], 'sequence') or ''} end
local seq = ARGV[5]
if ARGV[7] ~= '' then
  if seq == '' then
    seq = tostring(redis.call('HINCRBY', KEYS[5], ARGV[7], 1))
  elseif tonumber(seq) > tonumber(redis.call('HGET', KEYS[5], ARGV[7]) or '0') then
    redis.call('HSET', KEYS[5], ARGV[7], seq)
  end
end
local value = seq
if value == '' then value = 'null' end
redis.call('HSET', KEYS[2], 'body', ARGV[3] .. value .. ARGV[4], 'type', ARGV[6], 'workflow_id', ARGV[7], 'sequence', seq,
  'status', 'pending', 'attempts', 0, 'created_at', ARGV[2], 'next_at', ARGV[2])
if (ARGV[8] or '') ~= '' then redis.call('HSET', KEYS[2], 'tp', ARGV[8]) end
redis.call('ZADD', KEYS[3], ARGV[2], ARGV[1])
redis.call('ZADD', KEYS[4], ARGV[2], ARGV[1])
return {1, seq}
