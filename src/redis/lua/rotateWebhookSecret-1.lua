--[[
  rotateWebhookSecret: makes a new signing secret current. With an overlap, the old current secret
  is kept as `previous` until ARGV[4], and deliveries are signed with both until then; a secret
  that was already `previous` is dropped. Without an overlap the old secret is dropped at once.

  KEYS[1] endpoint hash    cw:{t:ID}:webhook:endpoint
  ARGV[1] sealed new secret
  ARGV[2] fingerprint of the new secret
  ARGV[3] now (ms)
  ARGV[4] end of the overlap (ms); not after ARGV[3] means no overlap
  Returns: 1, or 0 when the tenant has no endpoint.
]]
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local old = redis.call('HMGET', KEYS[1], 'secret', 'secret_fingerprint')
if tonumber(ARGV[4]) > tonumber(ARGV[3]) and old[1] then
  redis.call('HSET', KEYS[1], 'previous_secret', old[1], 'previous_secret_fingerprint', old[2] or '', 'previous_secret_expires_at', ARGV[4])
else
  redis.call('HDEL', KEYS[1], 'previous_secret', 'previous_secret_fingerprint', 'previous_secret_expires_at')
end
redis.call('HSET', KEYS[1], 'secret', ARGV[1], 'secret_fingerprint', ARGV[2], 'secret_created_at', ARGV[3], 'updated_at', ARGV[3])
return 1
