--[[
  handoff: applies the decisions of one read batch of one stage in one partition. Per op, in one
  atomic step: the next stage's entry, the workflow record, the audit event, the op's effects,
  the consumed entry acked and deleted. Decisions are made in TypeScript; the script guards and
  applies them and decides nothing (docs/architecture.md, "The hand-off").

  KEYS[1]  source stream of the stage and partition
  KEYS[2]  audit stream of the partition
  KEYS[3+] every other key an op names (all of the partition's hash tag)
  ARGV[1]  consumer group                ARGV[2]  now (ms)
  ARGV[3]  partition (audit ids are ae-<partition>-<stream id>)
  ARGV[4]  op count                      ARGV[6]  stage entry form: packed | fields
  ARGV[5]  allowed transitions, `|from>to|from>to|...|` (pipeline/workflows/transitions.ts)
  ARGV[7+] the ops (src/redis/scripts/handoff.ts, packOps), each in one of three forms:
             13 args  kind, entry, wf, wf_id, seq, tenant, stage, audit_type, audit_detail,
                      status, next, payload, others (JSON object or '')
              9 args  chained (stage fusion; no entry, the workflow of the op before):
                      '+'..kind, seq, stage, audit_type, audit_detail, status, next, payload, others
              5 args  a plain chained forward: '>', seq, stage, audit_type, audit_detail
           '' is absent (but wf, wf_id, tenant: '' for a dead letter without a workflow). A
           forward's payload is, packed, the next entry's whole value (src/runtime/envelope-codec.ts).

  Kinds:   forward (step; append `payload` to `next`)   wait, finish (step into `status`; `done`)
           retry, defer (ZADD `timer` to `timers` at `due`)   dead (append `dlq_fields` to `dlq`)
           hold (keep the entry in `held`)   ack (acknowledge only)   note (an event only; `sent_mark`: once)
  Others:  set {field = value}           the record fields the decision sets
           guards {{key, field, value}}  preconditions: `field` of hash `key` ('': string key) holds `value` ('': absent)
           also {{type, detail}}         further audit events of the step
           fired                         the wait timer member this step handles (fireWorkflowTimers.lua)
           wait {timers, arm, payload, pointer?, listed?}   start a wait (includes/wait.lua)
           wait_end                      the timer set: end the wait
           arrive {target, target_key, stream, payload, set, timers?} + idx   fold into `target`
           join {...} + idx, transcript {key, fields}   a message joining a conversation, and a
                                         transcript entry (includes/conversation.lua)
           consent, consent_state?, consent_language?, consent_ttl?, park_payload, supersede?,
           resume {expect, key, stream, payload, status} + idx   the held question (includes/held-question.lua)
           sent_mark {key, field}        the send record field set to the step's audit id

  Replies, one per op, in the order checked:
    'stale'                 a chained op after one not applied; or not the record's seq (a
                            redelivery; a `fired` op: not the wait's fired timer); acked
    'illegal:<from>:<to>'   a transition the table refuses; acked (either, with `sent_mark`, writes the send's event: includes/send-mark.lua)
    'moved'                 a guard no longer holds: nothing written, not acked; the stage decides
                            again on what it reads now (src/runtime/stage-worker.ts)
    'retry' | 'dead'        a retry or defer timer set; a dead letter without a workflow
    <audit event id>        applied
  Errors: a malformed batch fails before anything is written.

  Audit events: the call's first is written at once (XADD *); the others wait and are written at
  the end as one entry at the next id, then XSETID, so every event's id is known when its op runs
  (src/audit/audit-stream-entry.ts). Consumed entries: one XACK and one XDEL at the end.
]]
local src, auditKey = KEYS[1], KEYS[2]

-- The call's audit events after the first (`e1`, value pairs), written at the end.
local auditValues, auditMs, auditSeq = {}, nil, nil
local function flushAudit()
  local count = #auditValues / 2
  if count == 0 then return end
  for first = 0, count - 1, 1000 do
    local last = math.min(first + 999, count - 1)
    redis.call('XADD', auditKey, auditMs .. '-' .. (auditSeq + 1 + first), unpack(auditValues, 2 * first + 1, 2 * last + 2))
  end
  if count > 1 then redis.call('XSETID', auditKey, auditMs .. '-' .. (auditSeq + count)) end
end

-- The whole call, run through pcall so that events of ops already applied are written even when a
-- command fails part-way. (Everything below is local to it: upvalues of a closure are costly in
-- Redis's Lua. The `--@include` lines stay at the line start, where scripts.ts finds them.)
local function handOff()
  local group, now, part = ARGV[1], ARGV[2], ARGV[3]
  local opCount = tonumber(ARGV[4])
  if not opCount then return redis.error_reply('ERR handoff: ' .. tostring(ARGV[4]) .. ' is not a count of ops') end
  local ops, withOthers = {}, {}
  local A, b = ARGV, 6
  for i = 1, opCount do
    -- The three forms (header) differ in their head; `at` is the argument before the stage.
    local kind = A[b + 1]
    local op, at, rest
    if kind == '>' or (kind and string.byte(kind, 1) == 43) then
      local before = ops[i - 1] or { wf = '', wf_id = '', tenant = '' }
      op = { kind = kind == '>' and 'forward' or string.sub(kind, 2), wf = before.wf, wf_id = before.wf_id, tenant = before.tenant,
        seq_text = A[b + 2], compact = kind == '>' or nil }
      at = b + 2
    else
      local entry = A[b + 2]
      op = { kind = kind ~= '' and kind or nil, entry = entry ~= '' and entry or nil, wf = A[b + 3], wf_id = A[b + 4], seq_text = A[b + 5], tenant = A[b + 6] }
      at = b + 6
    end
    op.seq = tonumber(op.seq_text)
    local stage, auditType, auditDetail = A[at + 1], A[at + 2], A[at + 3]
    op.stage, op.audit_type = stage ~= '' and stage or nil, auditType ~= '' and auditType or nil
    op.audit_detail = auditDetail ~= '' and auditDetail or nil
    if op.compact then
      rest, b = auditDetail and '', at + 3
    else
      local status, nextStream, payload = A[at + 4], A[at + 5], A[at + 6]
      op.status, op.next, op.payload = status ~= '' and status or nil, nextStream ~= '' and nextStream or nil, payload ~= '' and payload or nil
      rest, b = A[at + 7], at + 7
    end
    if rest == nil or op.wf == nil or op.wf_id == nil or op.tenant == nil then return redis.error_reply('ERR handoff: '
      .. opCount .. ' ops need more than the ' .. (#A - 6) .. ' op arguments given') end
    if rest ~= '' then
      withOthers[i] = true
      for field, value in pairs(cjson.decode(rest)) do op[field] = value end
    end
    ops[i] = op
  end
  if b ~= #A then return redis.error_reply('ERR handoff: ' .. opCount .. ' ops do not fill ' .. (#A - 6) .. ' op arguments') end
  local allowedPairs = ARGV[5]
  local function allowed(from, to)
    if not from or not to then return false end
    return string.find(allowedPairs, '|' .. from .. '>' .. to .. '|', 1, true) ~= nil
  end
  if string.sub(allowedPairs, 1, 1) ~= '|' or string.sub(allowedPairs, -1) ~= '|' then
    return redis.error_reply('ERR handoff: the transition table is not a list of |from>to| pairs')
  end
--@include stage-entry
  local packed = stageEntryPacked(ARGV[6])
  if packed == nil then return redis.error_reply('ERR handoff: ' .. tostring(ARGV[6]) .. ' is not a stage entry form') end
  local out, consumed = {}, {}
  local function ack(id) if id then consumed[#consumed + 1] = id end end
--@include audit-append
--@include wait
  local function writeAudit(op, wfId, auditType, detail, transition)
    local value = auditValue(op.tenant, wfId, op.stage, auditType, op.seq_text or op.seq, now, detail, transition)
    if not auditMs then
      local id = redis.call('XADD', auditKey, '*', 'e1', value)
      local ms, seq = string.match(id, '^(%d+)-(%d+)$')
      auditMs, auditSeq = ms, tonumber(seq)
      return auditEventId(part, id)
    end
    local n = #auditValues
    auditValues[n + 1] = 'e1'
    auditValues[n + 2] = value
    return auditEventId(part, auditMs .. '-' .. (auditSeq + 1 + n / 2))
  end
  -- Every field each kind needs, checked for every op before anything is written (a malformed
  -- batch fails whole; its entries stay pending). Made per kind on first use.
  local needsOf = {}
  local function needs(kind)
    local list = needsOf[kind] if list then return list end
    if kind == 'forward' then list = { 'entry', 'stage', 'audit_type', 'audit_detail', 'next', 'payload' }
    elseif kind == 'wait' or kind == 'finish' then list = { 'entry', 'stage', 'audit_type', 'audit_detail', 'status' }
    elseif kind == 'retry' or kind == 'defer' then list = { 'entry', 'timers', 'due', 'timer' }
    elseif kind == 'dead' then list = { 'entry', 'dlq', 'dlq_fields', 'audit_type', 'audit_detail' }
    elseif kind == 'hold' then list = { 'entry', 'stage', 'audit_type', 'audit_detail', 'held', 'held_tenants', 'held_fields' }
    elseif kind == 'ack' then list = { 'entry' }
    elseif kind == 'note' then list = { 'entry', 'stage', 'audit_type', 'audit_detail' }
    end
    if list then needsOf[kind] = list end
    return list
  end
  -- Stage fusion: op i continues in op i + 1 (a forward without a next stream, then the same
  -- workflow's op without an entry). Plain: a step with no effect but its record's fields.
  local continuesAt, plainAt = {}, {}
  for i = 1, opCount do
    local a, n = ops[i], ops[i + 1]
    local kind = a.kind
    continuesAt[i] = kind == 'forward' and a.next == nil and n ~= nil and n.entry == nil and n.wf_id == a.wf_id
    plainAt[i] = (kind == 'forward' or kind == 'finish' or kind == 'wait')
      and not (a.wait or a.wait_end or a.arrive or a.join or a.transcript or a.consent or a.resume or a.also or a.guards or a.fired)
  end
  local function effectsMalformed(op)
    if (op.park_payload or op.consent_state or op.resume or op.consent_language) and not op.consent then return 'consent effect without a consent key' end
    if op.supersede and not (op.park_payload and op.supersede.workflow_id and op.supersede.key) then return 'incomplete supersede' end
    if op.resume and not (op.resume.expect and op.resume.key and op.resume.stream and op.resume.payload and op.resume.status and op.idx) then return 'incomplete resume' end
    if op.arrive and not (op.idx and op.arrive.target_key and op.arrive.stream and op.arrive.payload) then return 'incomplete arrival' end
    if op.join and not (op.idx and op.join.target and op.join.target_key and (not op.join.held or (op.join.stream and op.join.received_at))) then return 'incomplete join' end
    if op.transcript and not (op.transcript.key and op.transcript.fields) then return 'incomplete transcript entry' end
    if op.wait and not (op.wait.timers and type(op.wait.arm) == 'table' and op.wait.payload) then return 'incomplete wait' end
    return nil
  end
  for i = 1, opCount do
    local op = ops[i]
    -- A plain chained forward inside a chain has nothing more to check.
    if not (op.compact and not withOthers[i] and op.seq and op.stage and op.audit_type and op.audit_detail and continuesAt[i] and continuesAt[i - 1]) then
      local fields = needs(op.kind)
      if not fields then return redis.error_reply('ERR handoff op ' .. i .. ': unknown kind ' .. tostring(op.kind)) end
      for k = 1, #fields do
        local field = fields[k]
        if op[field] == nil and not (((field == 'next' or field == 'payload') and continuesAt[i]) or (field == 'entry' and i > 1 and continuesAt[i - 1])) then
          return redis.error_reply('ERR handoff op ' .. i .. ' (' .. op.kind .. '): missing ' .. field)
        end
      end
      if op.seq == nil then return redis.error_reply('ERR handoff op ' .. i .. ': seq must be a number') end
      local malformed = withOthers[i] and effectsMalformed(op)
      if malformed then return redis.error_reply('ERR handoff op ' .. i .. ': ' .. malformed) end
    end
  end
  -- Whether every guard of an op still holds.
  local function guardsHold(guards)
    for _, g in ipairs(guards) do
      local value = g[2] == '' and redis.call('GET', g[1]) or redis.call('HGET', g[1], g[2])
      if (value or '') ~= g[3] then return false end
    end
    return true
  end
  local stepped = {}
  -- A chain of plain steps reads its record once and writes it once: a step whose `set` keeps the
  -- read fields leaves its fields in `chain` for the chained op that follows; the chain's last op
  -- writes them all in one HSET, in the order the steps named them.
  local chain = nil
  local function setKeepsRead(set)
    if set == nil then return true end
    for field in pairs(set) do
      if field == 'seq' or field == 'status' or field == 'audit' or field == 'error' or field == 'held' or field == 'updated_at' then return false end
    end
    return true
  end
  local function flushChain()
    if chain then redis.call('HSET', chain.key, unpack(chain.fields)) end
    chain = nil
  end
  -- A message folded into another workflow records its step there, naming its own id and events.
  local function foldDetail(op, recAudit)
    local detail = cjson.decode(op.audit_detail)
    detail.message_workflow_id = op.wf_id
    local earlier = {}
    for id in string.gmatch(recAudit or '', '[^,]+') do earlier[#earlier + 1] = id end
    if #earlier > 0 then detail.message_event_ids = earlier end
    return cjson.encode(detail)
  end
--@include held-question
--@include conversation
  -- Folds this message into workflow `key` (`id`), which takes the step and continues on `stream`.
  local function fold(op, key, id, ids, stream, payload, fields)
    local seq = redis.call('HINCRBY', key, 'seq', 1)
    appendAudit(key, ids)
    redis.call('HSET', key, 'updated_at', now, unpack(fields))
    xaddStage(stream, packed, id, op.tenant, seq, '0', payload)
    redis.call('DEL', op.wf)
    redis.call('ZREM', op.idx, op.wf_id)
  end
  -- A step's record fields, then its wait and next entry. `ids`: the step's audit ids.
  local function writeStep(i, op, rec, ids)
    local current, recStatus = rec[1] or false, rec[2] or false
    -- (a chained op after it carries the next seq as text already: formatting a number costs more)
    local following = ops[i + 1]
    local n = current and (op.seq + 1) or 1
    local nextSeq = (following ~= nil and following.entry == nil and following.seq == n) and following.seq_text or tostring(n)
    local auditList = (rec[3] and rec[3] ~= '') and (rec[3] .. ',' .. ids) or ids
    local fields
    if chain then
      fields = chain.fields
      fields[2], fields[4], fields[6] = nextSeq, auditList, now
    else
      fields = { 'seq', nextSeq, 'audit', auditList, 'updated_at', now }
    end
    if op.status then fields[#fields + 1] = 'status' fields[#fields + 1] = op.status end
    if op.set then
      for field, value in pairs(op.set) do fields[#fields + 1] = field fields[#fields + 1] = value end
    end
    if op.done then fields[#fields + 1] = 'completed_at' fields[#fields + 1] = now end
    if op.fired then fields[#fields + 1] = 'wait_fired' fields[#fields + 1] = '' end
    -- A step that goes through clears a dead-lettered attempt's error and a hold.
    if rec[6] or rec[7] then
      flushChain()
      redis.call('HDEL', op.wf, 'error', 'held')
    end
    if following ~= nil and following.entry == nil and continuesAt[i] and plainAt[i] and plainAt[i + 1]
        and following.wf == op.wf and setKeepsRead(op.set) then
      local set, t1, t2 = op.set, transitionFields[1], transitionFields[2]
      local r1, r2 = (set and set[t1]) or rec[4], (set and set[t2]) or rec[5]
      if chain then
        local r = chain.rec
        r[1], r[2], r[3], r[4], r[5] = nextSeq, op.status or recStatus, auditList, r1, r2
      else
        chain = { key = op.wf, fields = fields, rec = { nextSeq, op.status or recStatus, auditList, r1, r2, false, false } }
      end
    elseif chain then
      flushChain()
    else
      redis.call('HSET', op.wf, unpack(fields))
    end
    if op.wait then
      waitEnd(op.wf, op.wait.timers)
      waitArm(op.wf, op.wait.timers, op.wait.arm)
      redis.call('HSET', op.wf, 'wait_payload', op.wait.payload)
      if op.wait.pointer then redis.call('SET', op.wait.pointer, op.wf_id) end
      if op.wait.listed then redis.call('ZADD', op.wait.listed, now, op.wf_id) end
    end
    if op.wait_end then waitEnd(op.wf, op.wait_end) end
    if op.kind == 'forward' and op.next then
      if packed and not op.fired then xaddStagePacked(op.next, op.payload) else xaddStage(op.next, packed, op.wf_id, op.tenant, nextSeq, '0', op.payload) end
    end
  end
  -- A step with effects or folds (and any plain one): its audit events, effects and record.
  local function applyStep(i, op, rec)
    local recStatus, recAudit = rec[2] or false, rec[3] or false
    local arrive, join = op.arrive, op.join
    local heldKey, heldWas, absorb = resumeOf(op)
    local foldedInto = (absorb and op.resume.expect) or (arrive and arrive.target) or (join and join.target) or nil
    if foldedInto then op.audit_detail = foldDetail(op, recAudit) end
    if op.transcript then op.audit_detail = appendTranscript(op.transcript, op.audit_detail) end
    local transition = nil
    if absorb then
      local heldSeq = tonumber(redis.call('HGET', heldKey, 'seq') or '0') + 1
      transition = transitionOf(heldKey, op.resume.expect, heldWas, op.resume.status, heldSeq)
    elseif op.status and recStatus ~= op.status and not foldedInto then
      -- (a message folded into another workflow has no status change of its own: its record goes)
      transition = transitionJson(op.wf_id, recStatus, op.status, op.seq + 1, rec[4], rec[5])
    end
    local auditId = writeAudit(op, foldedInto or op.wf_id, op.audit_type, op.audit_detail, transition)
    local ids = auditId
    for _, a in ipairs(op.also or {}) do ids = ids .. ',' .. writeAudit(op, foldedInto or op.wf_id, a[1], a[2]) end
    if op.sent_mark then redis.call('HSET', op.sent_mark.key, op.sent_mark.field, auditId) end
    if op.consent then applyConsent(op) end
    if arrive then
      local fields = {}
      for field, value in pairs(arrive.set or {}) do fields[#fields + 1] = field fields[#fields + 1] = value end
      if arrive.timers then waitEnd(arrive.target_key, arrive.timers) end
      fold(op, arrive.target_key, arrive.target, ids, arrive.stream, arrive.payload, fields)
    elseif join then
      joinConversation(op, join, ids, packed, now)
    elseif absorb then
      -- Only a question still waiting for its answer is resumed: one that ended is never reopened.
      fold(op, heldKey, op.resume.expect, ids, op.resume.stream, op.resume.payload, { 'status', op.resume.status })
      redis.call('HDEL', op.consent, 'parked', 'parked_payload', 'parked_status')
    else
      writeStep(i, op, rec, ids)
      stepped[i] = true
    end
    ack(op.entry)
    return auditId
  end
  -- The kinds that are not a step: each answers its result.
  local function applyOther(op)
    ack(op.entry)
    if op.kind == 'retry' or op.kind == 'defer' then redis.call('ZADD', op.timers, op.due, op.timer) return 'retry' end
    if op.kind == 'ack' then return 'stale' end
    local dead = op.kind == 'dead'
    if dead then
      redis.call('XADD', op.dlq, '*', unpack(op.dlq_fields))
      if op.wf == '' then return 'dead' end
    else
      redis.call('XADD', op.held, '*', unpack(op.held_fields))
      redis.call('SADD', op.held_tenants, op.tenant)
    end
    local auditId = writeAudit(op, op.wf_id, dead and 'stage.dead_lettered' or op.audit_type, op.audit_detail)
    appendAudit(op.wf, auditId)
    redis.call('HSET', op.wf, dead and 'error' or 'held', dead and op.audit_type or now, 'updated_at', now)
    return auditId
  end
  -- A note: once per send (a reply already recorded at this step writes nothing).
  local function applyNote(op)
    ack(op.entry)
    if op.sent_mark and redis.call('HEXISTS', op.sent_mark.key, op.sent_mark.field) == 1 then return 'stale' end
    local auditId = writeAudit(op, op.wf_id, op.audit_type, op.audit_detail)
    if redis.call('EXISTS', op.wf) == 1 then appendAudit(op.wf, auditId) end
    if op.sent_mark then redis.call('HSET', op.sent_mark.key, op.sent_mark.field, auditId) end
    return auditId
  end
--@include send-mark
  for i = 1, opCount do
    local op = ops[i]
    local inChain = chain ~= nil and op.entry == nil and stepped[i - 1] and op.wf == chain.key and plainAt[i]
    if chain and not inChain then flushChain() end
    local rec = (inChain and chain.rec) or (op.wf ~= '' and readStepRecord(op.wf)) or {}
    local current = rec[1] or false
    if op.fired and current then op.seq, op.seq_text = tonumber(current), current end
    if op.entry == nil and not stepped[i - 1] then
      out[i] = 'stale'
    elseif op.kind == 'defer' then
      out[i] = applyOther(op)
    elseif op.kind == 'note' then
      out[i] = applyNote(op)
    -- (texts first: a text-to-number conversion costs about a thousand instructions)
    elseif op.wf ~= '' and ((not current) or (op.fired and (redis.call('HGET', op.wf, 'wait_fired') or '') ~= op.fired)
        or (not op.fired and current ~= op.seq_text and tonumber(current) ~= op.seq)) then
      ack(op.entry)
      noteMovedOnSend(op)
      out[i] = 'stale'
    elseif op.status and op.wf ~= '' and not allowed(rec[2] or false, op.status) then
      ack(op.entry)
      noteMovedOnSend(op)
      out[i] = 'illegal:' .. tostring(rec[2] or false) .. ':' .. op.status
    elseif op.guards and not guardsHold(op.guards) then
      out[i] = 'moved'
    elseif op.kind == 'retry' or op.kind == 'ack' or op.kind == 'hold' or op.kind == 'dead' then
      out[i] = applyOther(op)
    else
      out[i] = applyStep(i, op, rec)
    end
  end
  flushChain()
  for first = 1, #consumed, 1000 do
    local ids = { unpack(consumed, first, math.min(first + 999, #consumed)) }
    redis.call('XACK', src, group, unpack(ids))
    redis.call('XDEL', src, unpack(ids))
  end
  return out
end
local ran, result = pcall(handOff)
if auditMs then flushAudit() end
if not ran then error(result) end
return result
