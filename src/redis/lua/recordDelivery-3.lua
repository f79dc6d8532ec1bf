--[[
  recordDelivery: what one provider status of a send of ours (a WhatsApp status webhook carrying
  the send id as `biz_opaque_callback_data`, an SMS status callback whose URL carries `send=`)
  changes, in one call (src/workflows/delivery-statuses.ts, docs/workflows.md "Delivery states"):
  1. proof of the send (docs/workflows.md, "Effectively-once replies"): written only while the
     send record knows neither the provider's answer (`<seq>:msg`) nor an earlier proof, so the
     first status that carries the send id proves it and every later one writes nothing here;
  2. the workflow's delivery state (`delivery_seq`, `delivery_status`, `delivery_at`,
     `delivery_error` on its record, shown by GET /v1/workflows/{id}): moved only forward, a later
     send (higher step) or, for the same send, a later state (sent < delivered < read < failed);
     a repeat or a late, older status writes nothing. Only on a record of this tenant;
  3. on the send's first failure (`failed`, SMS `undelivered`; `<seq>:failed` in the send record
     remembers it), a `reply.delivery_failed` audit event, in the same step: the partner's
     `reply.delivery_failed` webhook is made from it (docs/events.md), once, however often the
     provider posts the failure.
  One call where a status used to cost a read and then a write: a status that proves nothing new
  and moves no state costs one script call and writes nothing (docs/benchmarks.md).

  KEYS[1] workflow record   cw:{pN}:wf:ID
  KEYS[2] its send record   cw:{pN}:send:TENANT:ID
  KEYS[3] audit stream      cw:{pN}:audit (all three in the partition's slot)
  ARGV[1] the send's step (seq, integer text)   ARGV[2] the provider's status
  ARGV[3] the provider's message id              ARGV[4] the status's time (ms; the provider's)
  ARGV[5] now (ms)   ARGV[6] the send record's lifetime (ms)   ARGV[7] tenant id
  ARGV[8] workflow id   ARGV[9] partition   ARGV[10] the provider's error code ('' when none)
  Returns: { proved (1 when this status wrote the proof), moved (1 when the state moved), failed
  (1 when this status wrote the failure's audit event) }.
]]
--@include audit-append

local wfKey, sendKey, auditKey = KEYS[1], KEYS[2], KEYS[3]
local seq, status, providerId, at, now = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local tenant, wfId, part, errorCode = ARGV[7], ARGV[8], ARGV[9], ARGV[10]

local proved = 0
local known = redis.call('HMGET', sendKey, seq .. ':msg', seq .. ':proof')
if not known[1] and not known[2] then
  redis.call('HSET', sendKey, seq .. ':proof', providerId, seq .. ':proof_status', status)
  redis.call('PEXPIRE', sendKey, ARGV[6])
  proved = 1
end

-- How far a send's delivery has come; a status not listed (queued, sending, accepted, ...) moves nothing.
local rank = { sent = 1, delivered = 2, read = 3, failed = 4, undelivered = 4 }
local r = rank[status]
if not r then return { proved, 0, 0 } end
local h = redis.call('HMGET', wfKey, 'tenant_id', 'delivery_seq', 'delivery_status')
if h[1] ~= tenant then return { proved, 0, 0 } end
local moved = 0
local n = tonumber(seq)
local curSeq = tonumber(h[2] or '-1')
if n > curSeq or (n == curSeq and r > (rank[h[3]] or 0)) then
  redis.call('HSET', wfKey, 'delivery_seq', seq, 'delivery_status', status, 'delivery_at', at, 'delivery_error', errorCode)
  moved = 1
end
if r < 4 then return { proved, moved, 0 } end
-- A send's failure is announced once (the send record remembers it), whether or not it moved the
-- state: an earlier reply's failure still reaches the partner after a later reply was sent.
if redis.call('HSETNX', sendKey, seq .. ':failed', at) == 0 then return { proved, moved, 0 } end
redis.call('PEXPIRE', sendKey, ARGV[6])
local detail = cjson.encode({ step = n, provider_status = status, error_code = errorCode })
local id = xaddAudit(auditKey, tenant, wfId, 'delivery', 'reply.delivery_failed', seq, now, detail)
appendAudit(wfKey, auditEventId(part, id))
return { proved, moved, 1 }
