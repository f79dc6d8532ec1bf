--[[
  settleWebhook: records the result of one delivery attempt, if the sender still holds the lease
  (the delivery's score in the due set is the lease end claimWebhooks gave it). Outcomes:
    delivered  leaves the due set for the delivered index; the record expires after retention
    failed     the last attempt failed: leaves the due set for the failed index (dead letter)
    retry      stays pending, due again at ARGV[5]
    held       as retry, for an attempt that does not count (the endpoint answered 410 and was
               disabled, or is disabled): due at ARGV[5] as soon as the endpoint is enabled again
  Delivered and failed records older than the retention leave their indexes here too.

  KEYS[1] message hash     cw:{t:ID}:webhook:msg:<id>
  KEYS[2] due set          cw:{t:ID}:webhook:due
  KEYS[3] delivered index  cw:{t:ID}:webhook:delivered  (score = delivered at, ms)
  KEYS[4] failed index     cw:{t:ID}:webhook:failed     (score = failed at, ms)
  KEYS[5] event index      cw:{t:ID}:webhook:events     (score = event time, ms)
  ARGV[1] message id
  ARGV[2] lease end the sender claimed with
  ARGV[3] now (ms)
  ARGV[4] outcome: delivered | failed | retry | held
  ARGV[5] next attempt (ms), for retry and held
  ARGV[6] HTTP status of the answer ('' when none)
  ARGV[7] error text ('' when none)
  ARGV[8] retention (ms)
  ARGV[9] '1' when this attempt counts toward the schedule
  Returns: 'ok', or 'stale' when the lease was lost (another sender took the delivery over).
]]
local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then return 'stale' end
local id, now, outcome = ARGV[1], tonumber(ARGV[3]), ARGV[4]
if ARGV[9] == '1' then redis.call('HINCRBY', KEYS[1], 'attempts', 1) end
redis.call('HSET', KEYS[1], 'last_attempt_at', ARGV[3], 'last_status', ARGV[6], 'last_error', ARGV[7])
if outcome == 'retry' or outcome == 'held' then
  redis.call('ZADD', KEYS[2], 'XX', ARGV[5], id)
  redis.call('HSET', KEYS[1], 'status', 'pending', 'next_at', ARGV[5])
  return 'ok'
end
local index = KEYS[3]
if outcome == 'failed' then index = KEYS[4] end
redis.call('ZREM', KEYS[2], id)
redis.call('ZADD', index, now, id)
redis.call('HSET', KEYS[1], 'status', outcome, 'next_at', '', 'done_at', ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[8]))
local horizon = now - tonumber(ARGV[8])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', '(' .. horizon)
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', '(' .. horizon)
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', '(' .. horizon)
return 'ok'
