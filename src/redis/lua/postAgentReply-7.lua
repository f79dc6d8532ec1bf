--[[
  postAgentReply: the handler who holds a human-handover conversation (or an admin) writes to the
  claimant (POST /v1/workflows/{id}/messages, docs/human-handover.md). The reply is a workflow
  record of its own (not listed, named by the conversation's transcript), entering the policy
  stage: it passes the deny list and PHI tier and goes out through the outbound stage, effectively
  once like every reply, at its own step sequence, so the claimant's messages joining the
  conversation meanwhile never make it stale. On WhatsApp outside the 24-hour window since the
  claimant last wrote, only the approved template goes out now (a notice, a second record) and
  the reply is held until the claimant writes again (the hand-off's `wait.join` releases it).

  KEYS[1] the handover's record   KEYS[2] the reply's new record   KEYS[3] the notice's new record
  KEYS[4] policy stream           KEYS[5] audit stream             KEYS[6] the conversation's transcript
  KEYS[7] the conversation's held replies (list)
  ARGV[1] now (ms)   ARGV[2] tenant id   ARGV[3] handover id   ARGV[4] reply id   ARGV[5] notice id
  ARGV[6] the caller's user id   ARGV[7] '1' when the caller may write for any handler (an admin)
  ARGV[8] the text   ARGV[9] audit detail (JSON: who asked, the text's hash)
  ARGV[10] stage entry form   ARGV[11] the reply window (ms)
  ARGV[12] JSON list of fields every new record also gets (field, value, ...: its type)
  The caller checks the handover's type first (src/workflows/handovers.ts); a type never changes.
  Returns { 'ok', reply id, state, transcript entry id } (state: queued | awaiting_window) or
  { 'refused', reason, status, holder }: not_found | not_assigned | not_holder | finished.
]]
--@include audit-append
--@include stage-entry

local ho, replyKey, noticeKey, policy, auditKey, transcript, heldKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
local now, tenant, hoId, replyId, noticeId, caller, admin, text = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7] == '1', ARGV[8]
local packed = stageEntryPacked(ARGV[10])
local recordFields = cjson.decode(ARGV[12])
if packed == nil then return redis.error_reply('ERR postAgentReply: ' .. tostring(ARGV[10]) .. ' is not a stage entry form') end
local h = redis.call('HMGET', ho, 'tenant_id', 'status', 'ho_agent', 'seq', 'wait_payload', 'ho_last_claimant_at', 'channel', 'phone_hash')
if h[1] ~= tenant then return { 'refused', 'not_found', '', '' } end
local status = h[2]
if status == 'awaiting_agent' then return { 'refused', 'not_assigned', status, '' } end
if status ~= 'with_agent' then return { 'refused', 'finished', status, '' } end
if h[3] ~= caller and not admin then return { 'refused', 'not_holder', status, h[3] or '' } end
if not h[5] then return redis.error_reply('ERR postAgentReply: handover ' .. hoId .. ' has no wait payload') end

local lastWrote = tonumber(h[6] or '0') or 0
local channel = h[7] or 'whatsapp'
local outside = channel == 'whatsapp' and tonumber(now) - lastWrote >= tonumber(ARGV[11])

-- The reply's payload: the conversation's addressing, the handler's text, the claimant's reply window.
local p = cjson.decode(h[5])
p.text, p.hoStep, p.hoReason, p.timer, p.timerMember, p.transcriptOf = '', nil, nil, nil, nil, nil
p.receivedAt = lastWrote
p.afterSend = 'completed'
p.reply = { template = 'agent_message', vars = { text = text } }

local function newRecord(key, id, extra)
  local fields = { 'workflow_id', id, 'tenant_id', tenant, 'status', 'started', 'seq', '0', 'started_at', now, 'updated_at', now,
    'channel', channel, 'phone_hash', h[8] or '', 'audit', '', 'handover_workflow_id', hoId, 'ho_author', caller }
  for _, v in ipairs(recordFields) do fields[#fields + 1] = v end
  for _, v in ipairs(extra) do fields[#fields + 1] = v end
  redis.call('HSET', key, unpack(fields))
end

local state = 'queued'
if outside then
  state = 'awaiting_window'
  newRecord(replyKey, replyId, {})
  redis.call('RPUSH', heldKey, cjson.encode({ wf = replyId, payload = cjson.encode(p) }))
  -- The approved template tells the claimant a reply waits for them; it joins the transcript as the bot's.
  local notice = cjson.decode(h[5])
  notice.text, notice.hoStep, notice.hoReason, notice.timer, notice.timerMember = '', nil, nil, nil, nil
  notice.receivedAt = lastWrote
  notice.afterSend = 'completed'
  notice.transcriptOf = hoId
  notice.reply = { template = 'agent_replied_notice', vars = {} }
  newRecord(noticeKey, noticeId, {})
  xaddStage(policy, packed, noticeId, tenant, '0', '0', cjson.encode(notice))
else
  newRecord(replyKey, replyId, {})
  xaddStage(policy, packed, replyId, tenant, '0', '0', cjson.encode(p))
end

local entry = redis.call('XADD', transcript, '*', 'author', 'agent', 'agent', caller, 'at', now, 'channel', channel, 'text', text, 'wf', replyId)
local detail = cjson.decode(ARGV[9])
detail.reply_workflow_id = replyId
detail.held_for_window = outside
detail.transcript_id = entry
local seq = tonumber(h[4])
appendAudit(ho, auditEventId(string.match(auditKey, '{p(%d+)}'),
  xaddAudit(auditKey, tenant, hoId, 'agent', 'human_handover.agent_message', seq, now, cjson.encode(detail), nil)))
redis.call('HSET', ho, 'updated_at', now)
return { 'ok', replyId, state, entry }
