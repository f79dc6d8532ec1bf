--[[
  assignHandover: a claims handler takes a queued human-handover conversation
  (POST /v1/workflows/{id}/assign, docs/human-handover.md). Exactly one of two handlers taking
  the same conversation at once wins: the check and the write are one step. The queue's timers
  (first-response SLA, max_wait) end: a person holds it now. The step sequence does not move, so a
  reply of the workflow in flight (its "you are queued" message) is still sent.

  KEYS[1] workflow record    KEYS[2] workflow-timer set of the partition    KEYS[3] audit stream
  ARGV[1] now (ms)   ARGV[2] tenant id   ARGV[3] workflow id   ARGV[4] the handler's user id
  ARGV[5] audit detail (JSON: who asked; the handler is added)
  The caller checks the workflow's type first (src/workflows/handovers.ts); a type never changes.
  Returns { 'ok', agent } or { 'refused', reason, status, holder } with reason
    not_found (none of this tenant's) | held (another handler holds it: holder)
    | finished (it ended) | not_queued (not yet queued: its first reply is still on its way).
]]
--@include audit-append
--@include wait

local wf, timers, auditKey = KEYS[1], KEYS[2], KEYS[3]
local now, tenant, wfId, agent = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local h = redis.call('HMGET', wf, 'tenant_id', 'status', 'ho_agent', 'seq')
if h[1] ~= tenant then return { 'refused', 'not_found', '', '' } end
local status = h[2]
if status == 'with_agent' then
  if h[3] == agent then return { 'ok', agent } end
  return { 'refused', 'held', status, h[3] or '' }
end
if status ~= 'awaiting_agent' then
  return { 'refused', status == 'started' and 'not_queued' or 'finished', status, '' }
end
waitEnd(wf, timers)
redis.call('HSET', wf, 'status', 'with_agent', 'ho_agent', agent, 'ho_assigned_at', now, 'updated_at', now)
local detail = cjson.decode(ARGV[5])
detail.agent = agent
local seq = tonumber(h[4])
local transition = transitionOf(wf, wfId, status, 'with_agent', seq)
appendAudit(wf, auditEventId(string.match(auditKey, '{p(%d+)}'),
  xaddAudit(auditKey, tenant, wfId, 'agent', 'human_handover.assigned', seq, now, cjson.encode(detail), transition)))
return { 'ok', agent }
