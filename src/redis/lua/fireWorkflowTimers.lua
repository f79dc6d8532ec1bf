--[[
  fireWorkflowTimers: fires due reminder and deadline timers of waiting pending-documents
  workflows in one partition (docs/pending-documents.md). The scheduler read the due members
  first (ZRANGEBYSCORE) so that every key touched here is declared; each member is fired only
  if it is still in the set, and removed in the same step, so any number of schedulers can run
  and a timer fires once.

  KEYS[1]  workflow-timer set of the partition   cw:{pN}:wf-timers
  KEYS[2]  audit stream of the partition          cw:{pN}:audit
  KEYS[3]  truth stream of the partition          cw:{pN}:stream:truth
  KEYS[4]  restricted-tenants set of the partition
  KEYS[5+] the workflow records and paused-timer sets the items name
  ARGV[1]  now (ms)
  ARGV[2]  JSON array of { m = member, wf = workflow key, paused = paused-timer key or absent }
           `paused` is given for tenants that are RESTRICTED now: their due timers wait there,
           in due order, until the tenant is OPERATIONAL again.
  ARGV[3]  stage entry form: packed | fields (STAGE_ENTRY_FORM; includes/stage-entry.lua)
  Member:  pd|<tenant>|<workflow id>|<wait generation>|r|<n>   reminder n
           pd|<tenant>|<workflow id>|<wait generation>|t|0     deadline
  A timer of an older wait generation (the wait was cancelled, resumed, rescheduled or completed)
  or of a workflow no longer awaiting_documents is dropped.
  A wait keeps one timer in the set at a time (`pd_next` on the record names it). A reminder
  appends a truth-stage entry at the workflow's current step (the truth stage sends it; a step
  that overtakes it makes it stale) and puts the wait's next timer in: the next reminder from
  `pd_rdue` (`<n>:<due>,...`), else the deadline. A deadline ends the wait here, atomically:
  status timed_out, events `documents.timed_out` (with the transition, for the partner webhook)
  and `documents.escalated`.
  Returns: { fired, paused, dropped }.
]]
local timers, auditKey, truth, restricted = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
--@include stage-entry

local now = ARGV[1]
local packed = stageEntryPacked(ARGV[3])
if packed == nil then return redis.error_reply('ERR fireWorkflowTimers: ' .. tostring(ARGV[3]) .. ' is not a stage entry form') end
local items = cjson.decode(ARGV[2])
local fired, paused, dropped = 0, 0, 0

--@include audit-append
--@include wait-timer

local function audit(wfKey, tenant, wfId, seq, auditType, detail, transition)
  local id = xaddAudit(auditKey, tenant, wfId, 'timer', auditType, seq, now, detail, transition)
  appendAudit(wfKey, auditEventId(string.match(auditKey, '{p(%d+)}'), id))
end

-- What is still missing: pending codes without a received document.
local function missingCount(wfKey)
  local pending = cjson.decode(redis.call('HGET', wfKey, 'pd_pending') or '[]')
  local received = cjson.decode(redis.call('HGET', wfKey, 'pd_received') or '{}')
  local missing = 0
  for _, d in ipairs(pending) do
    if not received[d.code] then missing = missing + 1 end
  end
  return missing, #pending - missing
end

for _, item in ipairs(items) do
  local score = redis.call('ZSCORE', timers, item.m)
  if score then
    redis.call('ZREM', timers, item.m)
    local tenant, wfId, gen, kind, n = parseTimerMember(item.m)
    if item.paused then
      redis.call('ZADD', item.paused, score, item.m)
      redis.call('SADD', restricted, tenant)
      paused = paused + 1
    elseif not wfId or redis.call('HGET', item.wf, 'pd_gen') ~= gen
        or redis.call('HGET', item.wf, 'status') ~= 'awaiting_documents' then
      dropped = dropped + 1
    elseif kind == 'r' then
      local payload = cjson.decode(redis.call('HGET', item.wf, 'pd_payload'))
      payload.pdStep = 'reminder'
      payload.reminder = tonumber(n)
      xaddStage(truth, packed, wfId, tenant, redis.call('HGET', item.wf, 'seq'), '0', cjson.encode(payload))
      -- The wait's next timer: the next reminder still to come, else the deadline.
      local rdue = redis.call('HGET', item.wf, 'pd_rdue') or ''
      local nextN, nextDue, rest = string.match(rdue, '^(%d+):(%d+),?(.*)$')
      if nextN then
        redis.call('ZADD', timers, nextDue, timerMember(tenant, wfId, gen, 'r|' .. nextN))
        redis.call('HSET', item.wf, 'pd_next', 'r|' .. nextN, 'pd_rdue', rest, 'next_reminder_at', nextDue)
      else
        redis.call('ZADD', timers, redis.call('HGET', item.wf, 'deadline_at'), timerMember(tenant, wfId, gen, 't|0'))
        redis.call('HSET', item.wf, 'pd_next', 't|0', 'next_reminder_at', '')
      end
      fired = fired + 1
    else
      local seq = redis.call('HINCRBY', item.wf, 'seq', 1)
      local missing, received = missingCount(item.wf)
      local transition = transitionOf(item.wf, wfId, 'awaiting_documents', 'timed_out', seq)
      audit(item.wf, tenant, wfId, seq, 'documents.timed_out', cjson.encode({ missing = missing, received = received }), transition)
      audit(item.wf, tenant, wfId, seq, 'documents.escalated',
        cjson.encode({ pending_docs_workflow_id = wfId, missing = missing, received = received, reason = 'deadline' }), nil)
      redis.call('HINCRBY', item.wf, 'pd_gen', 1)
      redis.call('HSET', item.wf, 'status', 'timed_out', 'outcome', 'timed_out', 'pd_next', '', 'pd_rdue', '',
        'next_reminder_at', '', 'updated_at', now)
      fired = fired + 1
    end
  end
end
return { fired, paused, dropped }
