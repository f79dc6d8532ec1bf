--[[
  controlPendingDocs: a partner's control action on one pending-documents workflow, checked and
  applied in one step with its audit event (docs/pending-documents.md):
    cancel      any open status → cancelled; the wait's timers go, so no reminder follows.
    resume      cancelled or timed_out → started; the workflow goes back through consent to a
                fresh pending list, reminder and wait. Refused while the claim has another open one.
    reschedule  awaiting_documents: a new deadline and the reminders still to come (ARGV[7]).
    recheck     awaiting_documents: the CMS reported documents received by other means; the
                truth stage reads the CMS's pending list again (an entry at the current step).
  Every action but recheck ends the wait's armed timer (includes/wait.lua), so one already in
  flight is dropped when it fires.

  KEYS[1] workflow record            KEYS[2] workflow-timer set of the partition
  KEYS[3] audit stream               KEYS[4] the stream the workflow re-enters: consent (resume)
                                     or truth (recheck); unused otherwise
  KEYS[5] the claim's open-workflow pointer
  KEYS[6] the claimant's pending workflows (sorted set)
  KEYS[7] the record of the workflow the claim's pointer names, as the caller last learnt it (any
          key of the partition when it knows none): read by resume only; when the pointer names
          another, nothing changes and the answer is { 'undeclared', that workflow id }, and the
          caller calls again naming it (every key a script touches is declared, docs/scaling.md)
  ARGV[1] now (ms)       ARGV[2] action        ARGV[3] tenant id     ARGV[4] workflow id
  ARGV[5] audit detail (JSON: who asked)        ARGV[6] new deadline (ms; reschedule)
  ARGV[7] JSON array of the wait's timers from now on, [[member, due, name], ...] in due order:
          the reminders still to come before the new deadline, then the deadline (reschedule;
          built by src/redis/wait-timers.ts, `armedTimers`)
  ARGV[8] key prefix of workflow records in this partition (the pointer's workflow)
  ARGV[9] stage entry form: packed | fields (STAGE_ENTRY_FORM; includes/stage-entry.lua)
  The caller checks the workflow's type first (src/workflows/pending-documents.ts); a type never
  changes once set.
  Returns: { 'ok', status }, { 'undeclared', workflow id } or { 'refused', reason, current status } with reason
  not_found | finished | not_resumable | claim_has_open_workflow | not_waiting.
]]
--@include stage-entry

local wf, timers, auditKey = KEYS[1], KEYS[2], KEYS[3]
local packed = stageEntryPacked(ARGV[9])
if packed == nil then return redis.error_reply('ERR controlPendingDocs: ' .. tostring(ARGV[9]) .. ' is not a stage entry form') end
local now, action, tenant, wfId = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local h = redis.call('HMGET', wf, 'tenant_id', 'status', 'deadline_at')
local status = h[2]
if h[1] ~= tenant then return { 'refused', 'not_found', '' } end

--@include audit-append
--@include wait

local function writeAudit(auditType, detail, seq, from, to)
  local transition = from ~= to and transitionOf(wf, wfId, from, to, seq) or nil
  appendAudit(wf, auditEventId(string.match(auditKey, '{p(%d+)}'), xaddAudit(auditKey, tenant, wfId, 'control', auditType, seq, now, detail, transition)))
end

if action == 'cancel' then
  if status ~= 'started' and status ~= 'awaiting_consent' and status ~= 'awaiting_documents' then
    return { 'refused', 'finished', status }
  end
  local seq = redis.call('HINCRBY', wf, 'seq', 1)
  waitEnd(wf, timers)
  redis.call('HSET', wf, 'status', 'cancelled', 'outcome', 'cancelled', 'completed_at', now, 'updated_at', now)
  writeAudit('workflow.cancelled', ARGV[5], seq, status, 'cancelled')
  return { 'ok', 'cancelled' }
end

if action == 'resume' then
  if status ~= 'cancelled' and status ~= 'timed_out' then return { 'refused', 'not_resumable', status } end
  -- What it continues with: its wait's payload (a CMS event's start writes one before the wait).
  local payload = redis.call('HGET', wf, 'wait_payload')
  if not payload then return { 'refused', 'not_resumable', status } end
  local other = redis.call('GET', KEYS[5])
  if other and other ~= wfId then
    if ARGV[8] .. other ~= KEYS[7] then return { 'undeclared', other } end
    local otherStatus = redis.call('HGET', KEYS[7], 'status')
    if otherStatus == 'started' or otherStatus == 'awaiting_consent' or otherStatus == 'awaiting_documents' then
      return { 'refused', 'claim_has_open_workflow', status }
    end
  end
  local seq = redis.call('HINCRBY', wf, 'seq', 1)
  waitEnd(wf, timers)
  redis.call('HDEL', wf, 'completed_at', 'outcome', 'deadline_at', 'error', 'held')
  redis.call('HSET', wf, 'status', 'started', 'updated_at', now)
  writeAudit('workflow.resumed', ARGV[5], seq, status, 'started')
  local p = cjson.decode(payload)
  p.pdStep = 'start'
  p.reminder = nil
  p.timer = nil
  xaddStage(KEYS[4], packed, wfId, tenant, seq, '0', cjson.encode(p))
  redis.call('SET', KEYS[5], wfId)
  redis.call('ZADD', KEYS[6], now, wfId)
  return { 'ok', 'started' }
end

if action == 'reschedule' then
  if status ~= 'awaiting_documents' then return { 'refused', 'not_waiting', status } end
  waitEnd(wf, timers)
  local schedule = cjson.decode(ARGV[7])
  waitArm(wf, timers, schedule)
  redis.call('HSET', wf, 'deadline_at', ARGV[6], 'updated_at', now)
  local detail = cjson.decode(ARGV[5])
  detail.previous_deadline_at = tonumber(h[3])
  detail.deadline_at = tonumber(ARGV[6])
  writeAudit('documents.deadline_changed', cjson.encode(detail), tonumber(redis.call('HGET', wf, 'seq')), status, status)
  return { 'ok', status }
end
if action == 'recheck' then
  if status ~= 'awaiting_documents' then return { 'refused', 'not_waiting', status } end
  local seq = redis.call('HGET', wf, 'seq')
  writeAudit('documents.reported', ARGV[5], tonumber(seq), status, status)
  local p = cjson.decode(redis.call('HGET', wf, 'wait_payload'))
  p.pdStep = 'recheck'
  p.reminder = nil
  p.timer = nil
  xaddStage(KEYS[4], packed, wfId, tenant, seq, '0', cjson.encode(p))
  return { 'ok', status }
end
return redis.error_reply('ERR controlPendingDocs: unknown action ' .. tostring(action))
