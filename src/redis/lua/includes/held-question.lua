--[[
  held-question (include): the claimant's question held for an answer (the consent request, or
  which workflow they meant) on their consent record (`parked`, `parked_payload`, `parked_status`;
  docs/workflows.md, "Supersede"). Pulled into handoff after its `now`, `allowed` and
  `writeAudit`, which it uses. The worker decided which question a park supersedes and which one a
  resume answers, from the record as it read it; handoff guards that read (`guards` on `parked`).
]]
-- Statuses of a question held for the claimant's answer.
local function isHeld(status)
  return status == 'awaiting_consent' or status == 'awaiting_choice'
end

-- A resume's held question (its key and status), and whether this message folds into it: it is
-- still the parked one, still waiting, and the status it resumes to is allowed. Otherwise the
-- message's own step stands (a question that ended is never reopened).
local function resumeOf(op)
  local heldKey = op.resume and op.resume.key
  local heldWas = heldKey and redis.call('HGET', heldKey, 'status')
  local absorb = op.resume and redis.call('HGET', op.consent, 'parked') == op.resume.expect
    and isHeld(heldWas) and allowed(heldWas, op.resume.status) or false
  return heldKey, heldWas, absorb
end

-- The consent record's writes: its state, the parked question (closing the superseded one), its language and lifetime.
local function applyConsent(op)
  if op.consent_state then redis.call('HSET', op.consent, 'state', op.consent_state, 'updated_at', now) end
  if op.park_payload then
    local older = op.supersede
    local olderStatus = older and redis.call('HGET', older.key, 'status')
    if older and isHeld(olderStatus) then
      local olderSeq = redis.call('HINCRBY', older.key, 'seq', 1)
      redis.call('HSET', older.key, 'status', 'cancelled', 'outcome', 'superseded', 'completed_at', now, 'updated_at', now)
      appendAudit(older.key, writeAudit(op, older.workflow_id, 'workflow.superseded', cjson.encode({ superseded_by = op.wf_id }),
        transitionOf(older.key, older.workflow_id, olderStatus, 'cancelled', olderSeq)))
    end
    redis.call('HSET', op.consent, 'parked', op.wf_id, 'parked_payload', op.park_payload, 'parked_status', op.status or 'awaiting_consent')
  end
  -- (never the record's only field: it would outlive the consent lifetime)
  if op.consent_language and (op.consent_state or op.park_payload or redis.call('EXISTS', op.consent) == 1) then
    redis.call('HSET', op.consent, 'language', op.consent_language)
  end
  if op.consent_ttl and (op.consent_state or op.park_payload) then redis.call('PEXPIRE', op.consent, op.consent_ttl) end
end
