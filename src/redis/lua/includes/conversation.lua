--[[
  conversation (include): a claimant's message joining a conversation a person holds
  (human-handover, docs/human-handover.md), for the hand-off. Used by handoff only.
    join {target, target_key, set, held?, stream?, received_at?} + op.idx: the message is folded
      into `target` without a step of the target's (its seq does not move, nothing enters a stage
      for it): the step's audit ids go on the target's list, `set` on its record, the message's
      own record and index entry go. `held`: replies the target held for the claimant's next
      message (a list of JSON {wf, payload}), each entering `stream` now with this message's time
      as its reply window (`received_at`), and the list deleted.
    transcript {key, fields}: a transcript entry (XADD); its id is added to the step's audit
      detail as `transcript_id`.
  Needs the includes audit-append and stage-entry before it.
]]
local function appendTranscript(transcript, auditDetail)
  local entryId = redis.call('XADD', transcript.key, '*', unpack(transcript.fields))
  local detail = cjson.decode(auditDetail)
  detail.transcript_id = entryId
  return cjson.encode(detail)
end

local function joinConversation(op, join, ids, packed, now)
  appendAudit(join.target_key, ids)
  local fields = { 'updated_at', now }
  for field, value in pairs(join.set or {}) do fields[#fields + 1] = field fields[#fields + 1] = value end
  redis.call('HSET', join.target_key, unpack(fields))
  if join.held then
    for _, value in ipairs(redis.call('LRANGE', join.held, 0, -1)) do
      local held = cjson.decode(value)
      local p = cjson.decode(held.payload)
      p.receivedAt = join.received_at
      xaddStage(join.stream, packed, held.wf, op.tenant, '0', '0', cjson.encode(p))
    end
    redis.call('DEL', join.held)
  end
  redis.call('DEL', op.wf)
  redis.call('ZREM', op.idx, op.wf_id)
end
