--[[
  controlPendingDocs: a partner's control action on one pending-documents workflow, checked and
  applied in one step with its audit event (docs/pending-documents.md):
    cancel      any open status → cancelled; the wait's timers go, so no reminder follows.
    resume      cancelled or timed_out → started; the workflow goes back through consent to a
                fresh pending list, reminder and wait. Refused while the claim has another open one.
    reschedule  awaiting_documents: a new deadline; reminders not yet sent that fall before it
                are kept (the first re-armed as the wait's timer, the rest in `pd_rdue`), the
                rest dropped.
    recheck     awaiting_documents: the CMS reported documents received by other means; the
                truth stage reads the CMS's pending list again (an entry at the current step).
  Every action ends the current wait generation, so a timer or entry of the old one already in
  flight is ignored.

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
  ARGV[7] JSON array of [reminder number, due] still to come (reschedule)
  ARGV[8] key prefix of workflow records in this partition (the pointer's workflow)
  ARGV[9] stage entry form: packed | fields (STAGE_ENTRY_FORM; includes/stage-entry.lua)
  Returns: { 'ok', status }, { 'undeclared', workflow id } or { 'refused', reason, current status } with reason
  not_found | not_pending_documents | finished | not_resumable | claim_has_open_workflow | not_waiting.
]]
--@include stage-entry

local wf, timers, auditKey = KEYS[1], KEYS[2], KEYS[3]
local packed = stageEntryPacked(ARGV[9])
if packed == nil then return redis.error_reply('ERR controlPendingDocs: ' .. tostring(ARGV[9]) .. ' is not a stage entry form') end
local now, action, tenant, wfId = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local h = redis.call('HMGET', wf, 'tenant_id', 'workflow_type', 'status', 'pd_next', 'claim_id_hash', 'deadline_at', 'pd_gen')
local status = h[3]
if h[1] ~= tenant then return { 'refused', 'not_found', '' } end
if h[2] ~= 'pending-documents' then return { 'refused', 'not_pending_documents', status } end

--@include audit-append
--@include wait-timer

local function writeAudit(auditType, detail, seq, from, to)
  local transition = from ~= to and transitionOf(wf, wfId, from, to, seq) or nil
  appendAudit(wf, auditEventId(string.match(auditKey, '{p(%d+)}'), xaddAudit(auditKey, tenant, wfId, 'control', auditType, seq, now, detail, transition)))
end

-- Removes the wait's one timer (`pd_next`) and starts a new generation.
local function endWait()
  if h[4] and h[4] ~= '' then
    redis.call('ZREM', timers, timerMember(tenant, wfId, h[7] or '0', h[4]))
  end
  redis.call('HSET', wf, 'pd_next', '', 'pd_rdue', '')
  return redis.call('HINCRBY', wf, 'pd_gen', 1)
end

if action == 'cancel' then
  if status ~= 'started' and status ~= 'awaiting_consent' and status ~= 'awaiting_documents' then
    return { 'refused', 'finished', status }
  end
  local seq = redis.call('HINCRBY', wf, 'seq', 1)
  endWait()
  redis.call('HSET', wf, 'status', 'cancelled', 'outcome', 'cancelled', 'completed_at', now, 'updated_at', now,
    'next_reminder_at', '')
  writeAudit('workflow.cancelled', ARGV[5], seq, status, 'cancelled')
  return { 'ok', 'cancelled' }
end

if action == 'resume' then
  if status ~= 'cancelled' and status ~= 'timed_out' then return { 'refused', 'not_resumable', status } end
  local payload = redis.call('HGET', wf, 'pd_payload')
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
  endWait()
  redis.call('HDEL', wf, 'completed_at', 'outcome', 'deadline_at', 'error', 'held')
  redis.call('HSET', wf, 'status', 'started', 'updated_at', now, 'next_reminder_at', '')
  writeAudit('workflow.resumed', ARGV[5], seq, status, 'started')
  local p = cjson.decode(payload)
  p.pdStep = 'start'
  p.reminder = nil
  xaddStage(KEYS[4], packed, wfId, tenant, seq, '0', cjson.encode(p))
  redis.call('SET', KEYS[5], wfId)
  redis.call('ZADD', KEYS[6], now, wfId)
  return { 'ok', 'started' }
end

if action == 'reschedule' then
  if status ~= 'awaiting_documents' then return { 'refused', 'not_waiting', status } end
  local gen = endWait()
  local reminders = cjson.decode(ARGV[7])
  local rest = {}
  for i = 2, #reminders do rest[#rest + 1] = reminders[i][1] .. ':' .. reminders[i][2] end
  local suffix, due, nextDue = 't|0', ARGV[6], ''
  if #reminders > 0 then suffix, due, nextDue = 'r|' .. reminders[1][1], reminders[1][2], reminders[1][2] end
  redis.call('ZADD', timers, due, timerMember(tenant, wfId, gen, suffix))
  redis.call('HSET', wf, 'deadline_at', ARGV[6], 'next_reminder_at', nextDue, 'pd_next', suffix,
    'pd_rdue', table.concat(rest, ','), 'updated_at', now)
  local detail = cjson.decode(ARGV[5])
  detail.previous_deadline_at = tonumber(h[6])
  detail.deadline_at = tonumber(ARGV[6])
  writeAudit('documents.deadline_changed', cjson.encode(detail), tonumber(redis.call('HGET', wf, 'seq')), status, status)
  return { 'ok', status }
end
if action == 'recheck' then
  if status ~= 'awaiting_documents' then return { 'refused', 'not_waiting', status } end
  local seq = redis.call('HGET', wf, 'seq')
  writeAudit('documents.reported', ARGV[5], tonumber(seq), status, status)
  local p = cjson.decode(redis.call('HGET', wf, 'pd_payload'))
  p.pdStep = 'recheck'
  p.reminder = nil
  xaddStage(KEYS[4], packed, wfId, tenant, seq, '0', cjson.encode(p))
  return { 'ok', status }
end
return redis.error_reply('ERR controlPendingDocs: unknown action ' .. tostring(action))
