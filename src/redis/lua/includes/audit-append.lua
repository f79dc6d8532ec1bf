--[[
  audit-append (include): what every script that writes a workflow's audit event does after the
  XADD, in one place: the event's id (`ae-<partition>-<stream id>`), its place at the end of the
  record's `audit` list, and the status change it carries for the partner webhooks.
  Used by handoff, controlPendingDocs, endErasedWorkflow and recordErasure.
]]
-- The value of one audit event's `e1` field (below), and the XADD of an entry holding one event,
-- which returns its stream id. (handoff writes a call's events in two entries: its header.)
-- One packed field, `e1`: the parts joined by newlines, detail last (src/audit/audit-stream-entry.ts
-- reads it, and the older seven-field form). One field and not seven because every argument of a
-- write is converted from Lua and written again to the append-only file (docs/benchmarks.md,
-- "The hand-off alone"). Only the detail may hold a newline: ids, names and numbers have none, and cjson
-- escapes one inside the transition's JSON. `seq` may be a number; `transition` nil for none.
local function auditValue(tenant, wfId, stage, auditType, seq, at, detail, transition)
  return tenant .. '\n' .. wfId .. '\n' .. stage .. '\n' .. auditType .. '\n' .. seq .. '\n' .. at .. '\n' .. (transition or '') .. '\n' .. detail
end
local function xaddAudit(auditKey, tenant, wfId, stage, auditType, seq, at, detail, transition)
  return redis.call('XADD', auditKey, '*', 'e1', auditValue(tenant, wfId, stage, auditType, seq, at, detail, transition))
end

-- The audit event id of stream entry `streamId` in partition `part`.
local function auditEventId(part, streamId)
  return 'ae-' .. part .. '-' .. streamId
end

-- Appends an audit event id to the workflow record's list of its events.
local function appendAudit(wfKey, auditId)
  local list = redis.call('HGET', wfKey, 'audit')
  if list and list ~= '' then list = list .. ',' .. auditId else list = auditId end
  redis.call('HSET', wfKey, 'audit', list)
end

-- A status change a step makes, for the partner webhooks: which workflow, from, to, at which step,
-- with the record's workflow_type and claim_id_hash (already read by the caller).
local function transitionJson(wfId, from, to, seq, workflowType, claimIdHash)
  return cjson.encode({ workflow_id = wfId, from = from, to = to, seq = seq, workflow_type = workflowType or '', claim_id_hash = claimIdHash or '' })
end

-- The record fields a transition carries besides the step's own, and what a step reads of its
-- record in one HMGET: seq, status, audit, those two, error, held.
local transitionFields = { 'workflow_type', 'claim_id_hash' }
local function readStepRecord(wfKey)
  return redis.call('HMGET', wfKey, 'seq', 'status', 'audit', transitionFields[1], transitionFields[2], 'error', 'held')
end

-- The same, reading the two fields from the record.
local function transitionOf(wfKey, wfId, from, to, seq)
  local h = redis.call('HMGET', wfKey, transitionFields[1], transitionFields[2])
  return transitionJson(wfId, from, to, seq, h[1], h[2])
end
