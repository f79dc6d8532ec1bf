--[[
  endErasedWorkflow: ends one open workflow of a claimant being erased (src/claimants/erasure.ts,
  docs/retention.md), in one step with its audit event, as a partner's cancel does: status
  cancelled, outcome `claimant_erased`, so the partner gets the usual `workflow.cancelled`. The
  record's claim and phone hashes go first, so the transition (and the webhook made from it)
  carries no claim hash. The wait's armed timer goes here (includes/wait.lua); the caller removes any other member.
  A workflow already in an end status (completed, policy_blocked, timed_out, cancelled) is left as it is.

  KEYS[1] workflow record   KEYS[2] workflow-timer set of the partition   KEYS[3] audit stream
  KEYS[4] the erasure's job record: its `cancelled` count moves in the same step, so a crash
          between the two cannot lose one from the count a re-run reports
  ARGV[1] now (ms)   ARGV[2] tenant id   ARGV[3] workflow id   ARGV[4] audit detail (JSON, no PHI)
  Returns: 'cancelled', 'finished' (it had ended already) or 'not_found' (no record of the tenant).
]]
local wf, timers, auditKey, jobKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local now, tenant, wfId = ARGV[1], ARGV[2], ARGV[3]
local h = redis.call('HMGET', wf, 'tenant_id', 'status')
if h[1] ~= tenant then return 'not_found' end
local status = h[2]
-- Any status but an end status is open (pipeline/workflows/transitions.ts): a wait's own
-- (awaiting_documents, awaiting_agent, with_agent, ...) as much as started.
if status == 'completed' or status == 'policy_blocked' or status == 'timed_out' or status == 'cancelled' then
  return 'finished'
end

--@include audit-append
--@include wait

redis.call('HDEL', wf, 'claim_id_hash', 'phone_hash')
waitEnd(wf, timers)
local seq = redis.call('HINCRBY', wf, 'seq', 1)
redis.call('HSET', wf, 'status', 'cancelled', 'outcome', 'claimant_erased', 'completed_at', now, 'updated_at', now)
local id = xaddAudit(auditKey, tenant, wfId, 'erasure', 'workflow.cancelled', seq, now, ARGV[4], transitionOf(wf, wfId, status, 'cancelled', seq))
appendAudit(wf, auditEventId(string.match(auditKey, '{p(%d+)}'), id))
redis.call('HINCRBY', jobKey, 'cancelled', 1)
return 'cancelled'
