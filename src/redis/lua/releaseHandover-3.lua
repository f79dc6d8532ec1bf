--[[
  releaseHandover: the handler who holds a human-handover conversation (or an admin) ends it
  (POST /v1/workflows/{id}/release, docs/human-handover.md): `resolved` or `back_to_bot`; either way
  it is `completed`, and the claimant's next message is the bot's again. The step sequence does not
  move (a reply in flight is still sent).

  KEYS[1] workflow record    KEYS[2] workflow-timer set of the partition    KEYS[3] audit stream
  ARGV[1] now (ms)   ARGV[2] tenant id   ARGV[3] workflow id   ARGV[4] the caller's user id
  ARGV[5] '1' when the caller may act for any handler (an admin)   ARGV[6] resolution
  ARGV[7] audit detail (JSON: who asked; the resolution is added)
  The caller checks the workflow's type first (src/workflows/handovers.ts); a type never changes.
  Returns { 'ok', 'completed' } or { 'refused', reason, status, holder } with reason
    not_found | not_holder (another handler holds it: holder) | not_assigned (still queued) | finished.
]]
--@include audit-append
--@include wait

local wf, timers, auditKey = KEYS[1], KEYS[2], KEYS[3]
local now, tenant, wfId, caller, admin, resolution = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5] == '1', ARGV[6]
local h = redis.call('HMGET', wf, 'tenant_id', 'status', 'ho_agent', 'seq')
if h[1] ~= tenant then return { 'refused', 'not_found', '', '' } end
local status = h[2]
if status == 'awaiting_agent' then return { 'refused', 'not_assigned', status, '' } end
if status ~= 'with_agent' then return { 'refused', 'finished', status, '' } end
if h[3] ~= caller and not admin then return { 'refused', 'not_holder', status, h[3] or '' } end
waitEnd(wf, timers)
redis.call('HSET', wf, 'status', 'completed', 'outcome', resolution, 'completed_at', now, 'updated_at', now)
local detail = cjson.decode(ARGV[7])
detail.resolution = resolution
detail.agent = h[3]
local seq = tonumber(h[4])
local transition = transitionOf(wf, wfId, status, 'completed', seq)
appendAudit(wf, auditEventId(string.match(auditKey, '{p(%d+)}'),
  xaddAudit(auditKey, tenant, wfId, 'agent', 'human_handover.completed', seq, now, cjson.encode(detail), transition)))
return { 'ok', 'completed' }
