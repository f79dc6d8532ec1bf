--[[
  send-mark (include): a reply the provider took whose hand-off no longer applies, for the
  hand-off (docs/workflows.md, "Effectively-once replies"). Used by handoff only.
    The workflow moved on while the provider call was out (a wait's reminder or deadline fired at
    its step, a partner's cancel, a handler's release): the decision is `stale` or `illegal` and
    dropped, and the op acks its entry, so no later run of the entry would record the send, which
    cannot be taken back. Its `reply.sent` is written here instead, in the same atomic step, as a
    `note` would write it: at the step where the send happened, on the workflow's audit list, the
    record otherwise unchanged, with `after_workflow_moved_on`, and once: not when the send
    record's `<seq>:recorded` mark is there (another worker's hand-off recorded it), which it then
    sets. Nothing when the send record no longer holds the send (`<seq>:msg` or `<seq>:proof`: an
    erasure deleted it) or the workflow record is gone.
  Needs the include audit-append and the hand-off's `writeAudit` before it.
]]
local function noteMovedOnSend(op)
  local mark = op.sent_mark
  if not mark or redis.call('EXISTS', op.wf) == 0 or redis.call('HEXISTS', mark.key, mark.field) == 1 then return end
  local step = string.match(mark.field, '^(.*):recorded$')
  if not step or (redis.call('HEXISTS', mark.key, step .. ':msg') == 0 and redis.call('HEXISTS', mark.key, step .. ':proof') == 0) then return end
  local detail = cjson.decode(op.audit_detail)
  detail.after_workflow_moved_on = 'true'
  local auditId = writeAudit(op, op.wf_id, op.audit_type, cjson.encode(detail))
  appendAudit(op.wf, auditId)
  redis.call('HSET', mark.key, mark.field, auditId)
end
