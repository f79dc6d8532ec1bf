--[[
  disableWebhookEndpoint: disables a tenant's endpoint (it answered 410 Gone), but only if it was
  not PUT again since the request was sent (`epoch` unchanged). Pending deliveries stay pending.

  KEYS[1] endpoint hash    cw:{t:ID}:webhook:endpoint
  ARGV[1] epoch the delivery read before sending
  ARGV[2] reason (e.g. gone)
  ARGV[3] now (ms)
  Returns: 1 when disabled, 0 when the endpoint changed meanwhile (or is gone).
]]
if redis.call('HGET', KEYS[1], 'epoch') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'enabled', '0', 'disabled_reason', ARGV[2], 'disabled_at', ARGV[3], 'updated_at', ARGV[3])
return 1
