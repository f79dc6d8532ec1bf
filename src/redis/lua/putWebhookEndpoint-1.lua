--[[
  putWebhookEndpoint: sets a tenant's webhook URL and enables the endpoint. The first call also
  stores the signing secret it is given; later calls keep the secret they find (a PUT changes the
  URL or re-enables after a 410; it never rotates). Every call bumps `epoch`, so a 410 answer to a
  request sent before this call cannot disable the endpoint again (disableWebhookEndpoint).

  KEYS[1] endpoint hash    cw:{t:ID}:webhook:endpoint
  ARGV[1] url
  ARGV[2] now (ms)
  ARGV[3] sealed new secret (stored only when the endpoint has none)
  ARGV[4] fingerprint of that secret
  Returns: 1 when the endpoint and its secret were created, 0 when the endpoint existed.
]]
local created = redis.call('HSETNX', KEYS[1], 'secret', ARGV[3])
if created == 1 then
  redis.call('HSET', KEYS[1], 'created_at', ARGV[2], 'secret_created_at', ARGV[2], 'secret_fingerprint', ARGV[4])
end
redis.call('HSET', KEYS[1], 'url', ARGV[1], 'enabled', '1', 'disabled_reason', '', 'disabled_at', '', 'updated_at', ARGV[2])
redis.call('HINCRBY', KEYS[1], 'epoch', 1)
return created
