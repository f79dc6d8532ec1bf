--[[
  claimWebhooks: takes due deliveries of one tenant for one sender. Each claimed delivery's score
  moves to the lease end, so no other scheduler sees it as due while this one sends; if the sender
  dies, the delivery is due again when the lease ends and is sent again (same webhook-id). The lease
  end is also the sender's fencing token: settleWebhook accepts a result only while it is unchanged.

  KEYS[1] due set    cw:{t:ID}:webhook:due   (score = next attempt, ms)
  ARGV[1] now (ms)
  ARGV[2] lease end (ms)
  ARGV[3] most deliveries to claim
  Returns: the claimed message ids, oldest due first.
]]
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
for _, id in ipairs(due) do
  redis.call('ZADD', KEYS[1], 'XX', ARGV[2], id)
end
return due
