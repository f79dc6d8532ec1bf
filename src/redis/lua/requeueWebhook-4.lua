--[[
  requeueWebhook: makes a finished delivery pending again, due now, with a fresh schedule (the
  retry and replay endpoints). The message id, and so the webhook-id, stays the same. A pending
  delivery is left as it is (it is already on its way).

  KEYS[1] message hash     cw:{t:ID}:webhook:msg:<id>
  KEYS[2] due set          cw:{t:ID}:webhook:due
  KEYS[3] delivered index  cw:{t:ID}:webhook:delivered
  KEYS[4] failed index     cw:{t:ID}:webhook:failed
  ARGV[1] message id
  ARGV[2] now (ms)
  ARGV[3] statuses that may be requeued, comma-separated (e.g. 'failed' or 'failed,delivered')
  Returns: the status the delivery had ('missing' when there is no such record); it was requeued
  when that status is one of ARGV[3].
]]
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return 'missing' end
if not string.find(',' .. ARGV[3] .. ',', ',' .. status .. ',', 1, true) then return status end
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[1], 'status', 'pending', 'attempts', 0, 'next_at', ARGV[2], 'done_at', '')
redis.call('PERSIST', KEYS[1])
return status
