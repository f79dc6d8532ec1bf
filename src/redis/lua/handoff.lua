--[[
  handoff: applies the decisions of one read batch of one stage in one partition. For each entry,
  in one atomic step: append to the next stream, ack (and delete) the current entry, update the
  workflow record, append the audit event, apply consent effects. Guarded by the workflow's step
  sequence: an entry whose seq no longer matches the record was already handed off (a
  redelivery) and is only acked.
  The script makes no domain decision. Which document a file satisfies, whether a follow-up
  joins its claim's open one, and which held question a new one supersedes are decided in
  TypeScript (the stage, or the worker with the held question it read) and named in the op; the
  script carries them out and guards them: it reads again the state each was decided from, and
  when that moved between the read and this call (races below) it does what the same rule decides
  on the state it reads now, in the same atomic step.

  KEYS[1]  source stream of this stage and partition
  KEYS[2]  audit stream of the partition
  KEYS[3+] every other key the ops name (declared so the call routes to the right slot; all
           share the partition's hash tag), and the records of the workflows the script reads
           from state: the claim's open follow-up (pd_await), the parked question (a park), the
           held one (resume). The caller declares those as it read them; when one of them now
           names a workflow whose record is not declared, the script changes nothing and fails
           with `UNDECLARED <key> ...`, and the caller calls again with those keys added
           (src/redis/scripts/handoff.ts; every key a script touches is declared, docs/scaling.md).
           Later ops of the batch can only point them at an earlier op's own workflow, declared.
  ARGV[1]  consumer group
  ARGV[2]  now (ms)
  ARGV[3]  partition number (audit ids are ae-<partition>-<stream id>)
  ARGV[4]  how many ops (below) follow, from ARGV[7] on
  ARGV[5]  the allowed status transitions (pipeline/workflows/transitions.ts), every allowed pair
           as `<from>><to>` between bars: `|started>completed|started>awaiting_consent|...|`
           (src/redis/scripts/handoff.ts builds it); a decision that would break it is refused. A
           plain substring search answers a pair, so nothing is decoded (decoding the table as
           JSON cost 7 us a call; docs/benchmarks.md, "The hand-off alone").
  ARGV[6]  the form of the stage entries it writes: packed | fields (STAGE_ENTRY_FORM;
           includes/stage-entry.lua)
  ARGV[7+] the ops, 13 ARGV each, in this order: kind, entry, wf, wf_id, seq, tenant, stage,
           audit_type, audit_detail, status, next, payload, and the op's other fields as one
           JSON object ('' when it has none; `set` left out when empty, `done` when false). An
           empty string is an absent field, except for wf, wf_id and tenant, which a dead letter
           without a workflow has empty. A chained op (stage fusion, below) takes 9: its kind
           marked with a leading '+', then seq, stage, audit_type, audit_detail, status, next,
           payload and the other fields; it has no entry, and its wf, wf_id and tenant are the op's
           before it. A plain chained forward (no status, next, payload or other field: every
           step of a chain but its last) takes 5: `>`, then seq, stage, audit_type, audit_detail.
           `wf_prefix` (the key of a workflow of the partition without its id), which
           the effects that read other workflows need, is `wf` less its `wf_id`. Plain ARGV and
           not one JSON array of ops: the payload and audit detail (JSON text) were escaped into it
           and decoded again here, and decoding the ops was a tenth of a hand-off's instructions;
           and each argument costs both sides, so none is sent twice (src/redis/scripts/handoff.ts,
           packOps; docs/benchmarks.md, "The hand-off alone").
           A forward's `payload` is, in the packed form, the next entry's whole `w1` value (wf,
           tenant, its seq + 1, attempt 0, then the payload; src/runtime/handoff-ops.ts), written
           as it comes; in the fields form, the payload alone.
  Ops:
           { entry, kind = forward|wait|finish|retry|dead|hold|ack|defer|note, wf, wf_id, seq, tenant, stage,
             audit_type, audit_detail (JSON string), status?, set? {field=value}, done?,
             next?, payload? (JSON string), timers?, due?, timer?, dlq?, dlq_fields?,
             held?, held_tenants?, held_fields?,
             consent?, consent_state?, park_payload?, supersede? { workflow_id, key },
             consent_language? (the conversation's language: written to a record that exists or
                                that this op writes; it does not renew the record's lifetime),
             consent_ttl? (ms: the tenant's consent lifetime, set again at each write of the record),
             resume? { expect, stream, payload, status },
             pd_await? { claim_key, claimant_key, timers, deadline, reminders = [due...],
                         pending (JSON), payload (JSON), join (workflow id, or '') },
             pd_arrive? { target, target_key, media_id, documents = [code...], stream, payload, timers },
             pd_done? { timers },
             wf_prefix, idx? }
  Two kinds are not guarded by the step sequence, because they change nothing of the workflow's
  state: `defer` puts the entry back through a timer unchanged (same attempt count; the outbound
  stage waiting for proof of an earlier send, docs/workflows.md), and `note` only records an
  audit event at the entry's step (a reply found to have been sent after its workflow moved on).
  `sent_mark? { key, field }` (a decision with the `send.recorded` effect: a reply.sent): the send record's
  `<seq>:recorded` field, set to the audit id when the event is written; a `note` finding it set
  writes nothing, so a send is recorded once even when two workers handled its entry.
  Stage fusion (`STAGE_FUSION`, docs/architecture.md): a stage the worker ran at once after a
  plain forward is a chained op, right after that forward: it has no `entry` (the forward's entry
  is the chain's only one), and the forward has no `next` or `payload` (no entry is written for
  the fused stage). A chained op applies only when the op before it moved its workflow on; when
  that one was stale or refused, the chained op is 'stale' too. Its seq is the forward's plus one,
  which the forward has just written, so the usual guard holds. A chain of plain steps reads its
  record once and writes it once (`chain`, below): the hash ends as the steps one by one leave it.
  A forward without `status` leaves the workflow's status as it is. An audit event whose step
  changed a workflow's status carries `transition` (JSON: workflow_id, from, to, seq,
  workflow_type, claim_id_hash) for the partner webhooks. A message folded into another workflow
  writes its step's event under that workflow, with `message_workflow_id` and
  `message_event_ids` (its earlier events, which keep its own id) in the detail.
  A held question waits for an answer: `awaiting_consent` (the consent request) or
  `awaiting_choice` (which workflow the claimant meant, docs/understanding.md). A park records
  which (`parked_status`); a resume applies only while the held workflow still waits for one of
  them; otherwise this message's own decision stands. A park that replaces a held question names
  the one it supersedes (`supersede`: the question held when the worker read it, ConsentStore.held;
  pipeline/held-question.ts, supersededQuestion): that one is closed (`cancelled`, `outcome`
  superseded, a `workflow.superseded` event) while it is still the parked one and still in a held
  status. Race: another question may have been parked between the worker's read and this call (an
  earlier op of the same batch: two first messages of a claimant in one batch both read nothing
  held; or another stage's worker). The parked one is read again here and, when it is not the one
  `supersede` names, the one parked now is superseded (same guard on its status): what the worker
  would decide now. A named one no longer parked (answered, or itself superseded) is left alone.
  pending-documents (docs/pending-documents.md):
  - pd_await starts a wait: a new wait generation (the old one's timer is removed), the first
    reminder's timer (or the deadline's, with no reminders) in the workflow-timer set and the
    later reminders in `pd_rdue`, the claim's open-workflow pointer. Unless it joins: the stage
    read the claim's open follow-up (pipeline/workflows/pending-documents.ts, followUpToJoin) and
    decided that this one joins it (`join` names it; its decision already sets `outcome` joined,
    `pending_docs_workflow_id` and a reply that ends it): no wait. Race: the claim's open
    follow-up (the pointer's workflow, while `started`, `awaiting_consent` or
    `awaiting_documents`, other than this one) may have changed between the stage's read and
    this call: an earlier op of the same batch or a CMS event started one, or the joined one
    ended. The script reads it again and, when it is not the one `join` names, follows what it
    is now: it joins the open one (`outcome` joined, `pending_docs_workflow_id`, the reply's
    `afterSend` completed), or, with none open, waits (those set fields dropped, `afterSend`
    awaiting_documents); what the stage would decide now.
  - pd_arrive records a file on an open workflow still `awaiting_documents`, folds this message
    into it (like a consent answer) and continues it at the truth stage; when every pending
    document is in, its timer goes in the same step, so a deadline can no longer fire. Otherwise
    this message's own decision stands. The audit event says which (detail `accepted`). Which
    document the file satisfies is the stage's choice (`documents`, best first; pipeline/workflows/
    pending-documents.ts, documentsFor), made from the state it read before this call. Race: a file
    recorded since (an earlier op of the same batch, or another worker's) may have taken the first
    choice; the script records the first of `documents` still pending and missing, which is what
    the stage would choose now, and none ('') when none is.
  - pd_done removes a finished wait's timer.
  The workflow a pd_await joins, and the held one a park supersedes, live in the same partition
  (same hash tag) and are declared when the op names them; one a race finds instead (through the
  claim pointer, or the consent record's `parked`) is read without being declared.
  Every consumed entry is acknowledged and deleted at the end, with one XACK and one XDEL for the
  whole batch (not one pair per op): the script is atomic, so no reader sees the difference. Should
  a command fail at run time after the checks (it should not: every op is checked first), the
  batch's entries stay pending and are reclaimed; an op already applied is then stale (its seq
  moved) and only acked, as any redelivery is.
  Audit events: the call's first event is an entry of its own, written with `*` when its op runs;
  its id tells the ids of the others (the same ms, the next sequence numbers), which wait and are
  written at the end as one entry of several `e1` fields at the next id, after which the stream's
  last id is moved to the last event's (XSETID), so no later entry, of any writer, takes an id an
  event holds. Each op's audit id is known when it runs (its record's list, a send mark, the
  result). Two XADDs a call instead of one an event: a fused chain writes five (docs/benchmarks.md,
  "The hand-off alone"). Readers: src/audit/audit-stream-entry.ts, readAuditEvents. The call runs under pcall
  so that a command failing part-way (above) still leaves the events of the ops applied before it.
  Returns: one value per op: the audit event id, 'retry', 'dead' (a dead letter with no workflow),
  'stale', or 'illegal:<from>:<to>' (the entry is acked and dropped; the worker logs it as an
  error). src/redis/scripts/handoff.ts (runHandoff, parseHandoffResult) turns these into typed
  results.
]]
local src, auditKey = KEYS[1], KEYS[2]

-- The call's audit events (header, "Audit events"): the first is written at once, with `*`, and
-- its id tells the ids of the others, which wait in `auditValues` (`e1`, value pairs) and are
-- written together at the end, as one entry at the next id.
local auditValues, auditMs, auditSeq = {}, nil, nil
-- Writes the waiting events (above) as one entry at the id after the first event's, and moves the
-- stream's last id to the last event's, so no later entry takes an id an event holds. (In entries
-- of at most 1000 events, well under Lua's limit on unpack's results.)
local function flushAudit()
  local count = #auditValues / 2
  if count == 0 then return end
  for first = 0, count - 1, 1000 do
    local last = math.min(first + 999, count - 1)
    redis.call('XADD', auditKey, auditMs .. '-' .. (auditSeq + 1 + first), unpack(auditValues, 2 * first + 1, 2 * last + 2))
  end
  if count > 1 then redis.call('XSETID', auditKey, auditMs .. '-' .. (auditSeq + count)) end
end

-- The whole call, in a function run through pcall: should a command fail at run time after the
-- checks (it should not), the audit events of the ops applied before it are still written (they
-- wait in `auditValues`), then the call fails as it would have. (Everything below is a local of
-- this function; its only upvalues are the two keys and the audit values above. A function taking
-- the script's forty-odd locals as upvalues cost 25 k instructions a call; docs/benchmarks.md,
-- "The hand-off alone". The `--@include` lines stay at the line start, where scripts.ts looks for them.)
local function handOff()
  local group, now, part = ARGV[1], ARGV[2], ARGV[3]
  -- The ops, read from their ARGV (header).
  local opCount = tonumber(ARGV[4])
  if not opCount then
    return redis.error_reply('ERR handoff: ' .. tostring(ARGV[4]) .. ' is not a count of ops')
  end
  local ops = {}
  -- Which ops have other fields (header): only those can have effects.
  local withOthers = {}
  -- (ARGV as a local, and '' read as absent inline: each op's fields were a tenth of a call's
  -- Lua before its first write, as function calls; docs/benchmarks.md, "The hand-off alone")
  local A = ARGV
  local b = 6
  for i = 1, opCount do
    local kind = A[b + 1]
    local op, rest
    if kind == '>' then
      -- A plain chained forward (header): seq, stage, audit_type, audit_detail; nothing else.
      local before = ops[i - 1] or { wf = '', wf_id = '', tenant = '' }
      local stage, auditType, auditDetail = A[b + 3], A[b + 4], A[b + 5]
      op = {
        kind = 'forward', wf = before.wf, wf_id = before.wf_id, seq = tonumber(A[b + 2]), seq_text = A[b + 2], tenant = before.tenant,
        stage = stage ~= '' and stage or nil, audit_type = auditType ~= '' and auditType or nil,
        audit_detail = auditDetail ~= '' and auditDetail or nil,
        -- (the check below has a short path for these; a field set in the constructor costs next to nothing)
        compact = true,
      }
      -- (nil when the arguments ran out: the check below names it)
      rest = auditDetail and ''
      b = b + 5
    -- A chained op's kind is marked with a leading '+' (header). (Read off the text, after the
    -- commonest kind above: a table of the nine marked kinds, built on every call, was a quarter of
    -- an empty call's Lua, and a literal one still a sixth; docs/benchmarks.md, "The hand-off alone".)
    elseif kind and string.byte(kind, 1) == 43 then
      -- Its workflow is the op's before it; it has no entry. (One first in the batch fails the
      -- check below as an op without an entry.)
      local chainKind = string.sub(kind, 2)
      local before = ops[i - 1] or { wf = '', wf_id = '', tenant = '' }
      local stage, auditType, auditDetail, status, nextStream, payload = A[b + 3], A[b + 4], A[b + 5], A[b + 6], A[b + 7], A[b + 8]
      op = {
        kind = chainKind, wf = before.wf, wf_id = before.wf_id, seq = tonumber(A[b + 2]), seq_text = A[b + 2], tenant = before.tenant,
        stage = stage ~= '' and stage or nil, audit_type = auditType ~= '' and auditType or nil,
        audit_detail = auditDetail ~= '' and auditDetail or nil, status = status ~= '' and status or nil,
        next = nextStream ~= '' and nextStream or nil, payload = payload ~= '' and payload or nil,
      }
      rest = A[b + 9]
      b = b + 9
    else
      local entry, stage, auditType, auditDetail, status, nextStream, payload = A[b + 2], A[b + 7], A[b + 8], A[b + 9], A[b + 10], A[b + 11], A[b + 12]
      op = {
        kind = kind ~= '' and kind or nil, entry = entry ~= '' and entry or nil, wf = A[b + 3], wf_id = A[b + 4],
        seq = tonumber(A[b + 5]), seq_text = A[b + 5], tenant = A[b + 6], stage = stage ~= '' and stage or nil,
        audit_type = auditType ~= '' and auditType or nil, audit_detail = auditDetail ~= '' and auditDetail or nil,
        status = status ~= '' and status or nil, next = nextStream ~= '' and nextStream or nil, payload = payload ~= '' and payload or nil,
      }
      rest = A[b + 13]
      b = b + 13
    end
    if rest == nil or op.wf == nil or op.wf_id == nil or op.tenant == nil then
      return redis.error_reply('ERR handoff: ' .. opCount .. ' ops need more than the ' .. (#A - 6) .. ' op arguments given')
    end
    if rest ~= '' then
      withOthers[i] = true
      -- Only ops with effects have other fields; those that read other records of the partition
      -- name them by id, under the workflow key's prefix (`wf` is that prefix and `wf_id`).
      for field, value in pairs(cjson.decode(rest)) do op[field] = value end
      op.wf_prefix = string.sub(op.wf, 1, #op.wf - #op.wf_id)
    end
    ops[i] = op
  end
  if b ~= #A then
    return redis.error_reply('ERR handoff: ' .. opCount .. ' ops do not fill ' .. (#A - 6) .. ' op arguments')
  end
  -- Whether the table allows `from` -> `to` (header: a substring search, nothing to decode).
  local allowedPairs = ARGV[5]
  local function allowed(from, to)
    if not from or not to then return false end
    return string.find(allowedPairs, '|' .. from .. '>' .. to .. '|', 1, true) ~= nil
  end
  -- A table not in that form fails the call before anything is written.
  if string.sub(allowedPairs, 1, 1) ~= '|' or string.sub(allowedPairs, -1) ~= '|' then
    return redis.error_reply('ERR handoff: the transition table is not a list of |from>to| pairs')
  end
--@include stage-entry
  local packed = stageEntryPacked(ARGV[6])
  if packed == nil then return redis.error_reply('ERR handoff: ' .. tostring(ARGV[6]) .. ' is not a stage entry form') end
  local out = {}

  -- Acknowledged and deleted together at the end of the script (header).
  local consumed = {}
  local function ack(id)
    -- (a chained op has no entry of its own: its chain's first op acknowledges the one entry)
    if id then consumed[#consumed + 1] = id end
  end

--@include audit-append

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

  local function isOpen(status)
    return status == 'started' or status == 'awaiting_consent' or status == 'awaiting_documents'
  end
  -- Statuses of a question held for the claimant's answer (consent, or a choice of workflow).
  local function isHeld(status)
    return status == 'awaiting_consent' or status == 'awaiting_choice'
  end

  -- A wait keeps one timer in the set at a time: the next reminder, else the deadline. `pd_next`
  -- names it (`r|<n>` or `t|0`), `pd_rdue` lists the reminders still to come (`<n>:<due>,...`).
--@include wait-timer

  -- Ends a wait generation: its timer is removed and any timer or entry of it still in flight is
  -- ignored (the timer script compares generations).
  local function dropWaitTimers(wfKey, timersKey)
    local h = redis.call('HMGET', wfKey, 'pd_next', 'pd_gen', 'tenant_id', 'workflow_id')
    if h[1] and h[1] ~= '' then redis.call('ZREM', timersKey, timerMember(h[3], h[4], h[2] or '0', h[1])) end
    redis.call('HINCRBY', wfKey, 'pd_gen', 1)
    redis.call('HSET', wfKey, 'pd_next', '', 'pd_rdue', '', 'next_reminder_at', '')
  end

  -- The claim's other open pending-documents workflow, if there is one.
  local function openForClaim(op, a)
    local other = redis.call('GET', a.claim_key)
    if other and other ~= op.wf_id then
      local status = redis.call('HGET', op.wf_prefix .. other, 'status')
      if isOpen(status) then return other end
    end
    return nil
  end

  local function startWait(op, a)
    dropWaitTimers(op.wf, a.timers)
    local gen = redis.call('HGET', op.wf, 'pd_gen')
    local rest = {}
    for i = 2, #a.reminders do rest[#rest + 1] = i .. ':' .. a.reminders[i] end
    local suffix, due = 't|0', a.deadline
    if #a.reminders > 0 then suffix, due = 'r|1', a.reminders[1] end
    redis.call('ZADD', a.timers, due, timerMember(op.tenant, op.wf_id, gen, suffix))
    redis.call('HSET', op.wf, 'pd_next', suffix, 'pd_rdue', table.concat(rest, ','), 'deadline_at', a.deadline,
      'next_reminder_at', a.reminders[1] or '', 'pd_pending', a.pending, 'pd_payload', a.payload, 'wait_started_at', now)
    redis.call('HSETNX', op.wf, 'pd_received', '{}')
    redis.call('HSETNX', op.wf, 'reminders_sent', 0)
    redis.call('SET', a.claim_key, op.wf_id)
    redis.call('ZADD', a.claimant_key, now, op.wf_id)
  end

  -- Records a received file against the document the stage chose for it: the first of `documents`
  -- (its choice, best first) still pending and missing now. The stage chose from the state it read;
  -- an earlier file of the same batch (or another worker's) may have taken its first choice since,
  -- and the next one in its list is then taken. Returns the code ('' when none of them was still
  -- missing: the file is recorded against no document) and whether every pending document is now in.
  local function recordDocument(targetKey, mediaId, documents)
    local pending = cjson.decode(redis.call('HGET', targetKey, 'pd_pending') or '[]')
    local received = cjson.decode(redis.call('HGET', targetKey, 'pd_received') or '{}')
    local isPending = {}
    for _, d in ipairs(pending) do isPending[d.code] = true end
    local code = nil
    for _, c in ipairs(documents) do
      if isPending[c] and not received[c] then code = c break end
    end
    if code then received[code] = mediaId end
    local complete = true
    for _, d in ipairs(pending) do
      if not received[d.code] then complete = false end
    end
    local count = 0
    for _ in pairs(received) do count = count + 1 end
    redis.call('HSET', targetKey, 'pd_received', cjson.encode(received), 'documents_received', count)
    return code or '', complete
  end

  -- Redis does not undo a script's earlier writes when a later command fails, so every op is
  -- checked before anything is written: a malformed batch fails whole, and its entries stay
  -- pending to be reclaimed, instead of half-applied.
  -- (wf, wf_id and tenant are not listed: they are read as they are, never absent, '' for a dead
  -- letter without a workflow)
  -- (the list of a kind is made the first time an op of that kind is checked: a table of all nine
  -- lists, made on every call, was a fifth of an empty call's Lua; docs/benchmarks.md, "The hand-off alone")
  local needsOf = {}
  local function needs(kind)
    local list = needsOf[kind]
    if list then return list end
    if kind == 'forward' then list = { 'entry', 'stage', 'audit_type', 'audit_detail', 'next', 'payload' }
    elseif kind == 'wait' or kind == 'finish' then list = { 'entry', 'stage', 'audit_type', 'audit_detail', 'status' }
    elseif kind == 'retry' or kind == 'defer' then list = { 'entry', 'timers', 'due', 'timer' }
    elseif kind == 'dead' then list = { 'entry', 'dlq', 'dlq_fields', 'audit_type', 'audit_detail' }
    elseif kind == 'hold' then list = { 'entry', 'stage', 'audit_type', 'audit_detail', 'held', 'held_tenants', 'held_fields' }
    elseif kind == 'ack' then list = { 'entry' }
    elseif kind == 'note' then list = { 'entry', 'stage', 'audit_type', 'audit_detail' }
    end
    -- (nothing kept for a kind not listed: the caller refuses the op, and a nil kind cannot be a key)
    if list then needsOf[kind] = list end
    return list
  end
  -- Stage fusion (header): op i continues in op i + 1 when it is a forward without a next stream and
  -- op i + 1 is the same workflow's op without an entry. Answered once per op here, with whether the
  -- op is plain (a forward, finish or wait with no effect but its record's fields: a chain's record
  -- is read and written once, below), as the checks and the loop below ask both more than once.
  local continuesAt, plainAt = {}, {}
  for i = 1, opCount do
    local a, b = ops[i], ops[i + 1]
    local kind = a.kind
    continuesAt[i] = kind == 'forward' and a.next == nil and b ~= nil and b.entry == nil and b.wf_id == a.wf_id
    plainAt[i] = (kind == 'forward' or kind == 'finish' or kind == 'wait')
      and not (a.pd_await or a.pd_arrive or a.pd_done or a.consent or a.resume)
  end
  -- (numeric loops here and below: `ipairs` calls its iterator for every element, and this check
  -- runs for every field of every op)
  for i = 1, opCount do
    local op = ops[i]
    -- A plain chained forward (most ops of a fused chain) passes when its three named parts are there,
    -- its seq is a number, and it sits inside a chain (the op before continues into it, it into the
    -- next): all the checks below ask of it, as it has no other field. Any other one takes the full
    -- checks, which name what is wrong. (About 3 k instructions less for each; docs/benchmarks.md, "The hand-off alone".)
    if op.compact and not withOthers[i] and op.seq and op.stage and op.audit_type and op.audit_detail and continuesAt[i] and continuesAt[i - 1] then
      -- (checked)
    else
      local fields = needs(op.kind)
      if not fields then return redis.error_reply('ERR handoff op ' .. i .. ': unknown kind ' .. tostring(op.kind)) end
      for k = 1, #fields do
        local field = fields[k]
        if op[field] == nil then
          -- Fields an op may lack: a chained op its entry, a forward continued by one its next stream and payload.
          if not (((field == 'next' or field == 'payload') and continuesAt[i]) or (field == 'entry' and i > 1 and continuesAt[i - 1])) then
            return redis.error_reply('ERR handoff op ' .. i .. ' (' .. op.kind .. '): missing ' .. field)
          end
        end
      end
      -- (op.seq is what tonumber made of its ARGV: a number, or nil)
      if op.seq == nil then return redis.error_reply('ERR handoff op ' .. i .. ': seq must be a number') end
      -- (effects come only with the op's other fields)
      if withOthers[i] then
        if (op.park_payload or op.consent_state or op.resume or op.consent_language) and not op.consent then
          return redis.error_reply('ERR handoff op ' .. i .. ': consent effect without a consent key')
        end
        if op.pd_arrive and not (op.idx and type(op.pd_arrive.documents) == 'table') then
          return redis.error_reply('ERR handoff op ' .. i .. ': document arrival without the workflow index or the documents it satisfies')
        end
        if op.supersede and not (op.park_payload and op.supersede.workflow_id and op.supersede.key) then
          return redis.error_reply('ERR handoff op ' .. i .. ': incomplete supersede')
        end
        if op.pd_await and type(op.pd_await.join) ~= 'string' then
          return redis.error_reply('ERR handoff op ' .. i .. ': documents wait without its join decision')
        end
        -- A wait may rewrite its forward's payload (a race, below): where a packed entry's payload starts.
        if op.pd_await and packed and op.payload then
          local _, ends = packedAttemptSpan(op.payload)
          if not ends then return redis.error_reply('ERR handoff op ' .. i .. ': a packed entry without its four parts before the payload') end
          op.payload_at = ends + 1
        end
        if op.resume and not (op.resume.expect and op.resume.stream and op.resume.payload and op.resume.status and op.idx) then
          return redis.error_reply('ERR handoff op ' .. i .. ': incomplete resume')
        end
      end
    end
  end

  -- Every workflow record the ops will read from state is declared (header): checked before anything is written.
  -- (the declared keys are looked up only for ops with effects, and made into a set the first time)
  local declared = nil
  local missing = {}
  local function need(key)
    if not declared then
      declared = {}
      for _, k in ipairs(KEYS) do declared[k] = true end
    end
    if not declared[key] then
      declared[key] = true
      missing[#missing + 1] = key
    end
  end
  for i = 1, opCount do
    local op = ops[i]
    if withOthers[i] then
      if op.pd_await then
        local other = redis.call('GET', op.pd_await.claim_key)
        if other and other ~= op.wf_id then need(op.wf_prefix .. other) end
      end
      if op.park_payload then
        local parked = redis.call('HGET', op.consent, 'parked')
        if parked and parked ~= op.wf_id then need(op.wf_prefix .. parked) end
      end
      if op.resume then need(op.wf_prefix .. op.resume.expect) end
      if op.pd_arrive then need(op.pd_arrive.target_key) end
    end
  end
  if #missing > 0 then return redis.error_reply('UNDECLARED ' .. table.concat(missing, ' ')) end

  -- Whether each op's step went through (its workflow moved to the next step): a chained op applies
  -- only after the op before it did.
  local stepped = {}

  -- A chain's record, read once and written once (stage fusion, header). A plain step (a forward,
  -- finish or wait with no effect but its record's fields) whose `set`, if any, names none of the
  -- fields below (setKeepsRead), whose next op is a plain
  -- chained op of the same workflow, leaves its fields unwritten in `chain`; that op reads the record
  -- from there (`chain.rec`, what the HMGET below would answer now) and adds its fields; the chain's
  -- last op writes them all in one HSET: seq, audit and updated_at once with their last values, then
  -- the others in the order the steps named them (a field named twice is set twice, the later
  -- value winning), so the hash ends as the HSETs one by one would leave it, field order included.
  -- Nothing reads the record in between: the script is atomic, and a step that reads more is not plain.
  local chain = nil
  -- A step's `set` may leave its fields to the chain unless it names a field the record read keeps
  -- in place (seq, status, audit, error, held) or one the chain writes by position (updated_at).
  local function setKeepsRead(set)
    if set == nil then return true end
    for field in pairs(set) do
      if field == 'seq' or field == 'status' or field == 'audit' or field == 'error' or field == 'held' or field == 'updated_at' then return false end
    end
    return true
  end
  -- (which ops are plain: plainAt, above)
  local function flushChain()
    if chain then redis.call('HSET', chain.key, unpack(chain.fields)) end
    chain = nil
  end

  for i = 1, opCount do
    local op = ops[i]
    -- A plain chained op continues the record its chain holds unwritten (above); any other op
    -- writes a chain left before it, then reads.
    local inChain = chain ~= nil and op.entry == nil and stepped[i - 1] and op.wf == chain.key and plainAt[i]
    if chain and not inChain then flushChain() end
    -- What the op reads of its own record, in one HMGET: nothing else in the op writes this record
    -- before the step's own writes (the other records it changes are other workflows').
    local rec = (inChain and chain.rec) or (op.wf ~= '' and redis.call('HMGET', op.wf, 'seq', 'status', 'audit', 'workflow_type', 'claim_id_hash', 'error', 'held')) or {}
    local current, recStatus, recAudit = rec[1] or false, rec[2] or false, rec[3] or false
    if op.entry == nil and not stepped[i - 1] then
      -- The step before it did not go through (a redelivery, a refused transition): nor does this one.
      out[i] = 'stale'
    elseif op.kind == 'defer' then
      redis.call('ZADD', op.timers, op.due, op.timer)
      ack(op.entry)
      out[i] = 'retry'
    elseif op.kind == 'note' then
      -- Once per send: a reply already recorded at this step (the hand-off of the worker that sent
      -- it, which an overlapping reclaim of the same entry can follow) is not recorded again.
      if op.sent_mark and redis.call('HEXISTS', op.sent_mark.key, op.sent_mark.field) == 1 then
        ack(op.entry)
        out[i] = 'stale'
      else
        local auditId = writeAudit(op, op.wf_id, op.audit_type, op.audit_detail)
        if redis.call('EXISTS', op.wf) == 1 then appendAudit(op.wf, auditId) end
        if op.sent_mark then redis.call('HSET', op.sent_mark.key, op.sent_mark.field, auditId) end
        ack(op.entry)
        out[i] = auditId
      end
    -- (the texts first: both are integers written as text, so equal texts are equal numbers, and a
    -- text-to-number conversion is about a thousand instructions; docs/benchmarks.md, "The hand-off alone")
    elseif op.wf ~= '' and ((not current) or (current ~= op.seq_text and tonumber(current) ~= op.seq)) then
      ack(op.entry)
      out[i] = 'stale'
    elseif op.status and op.wf ~= '' and not allowed(recStatus, op.status) then
      ack(op.entry)
      out[i] = 'illegal:' .. tostring(recStatus) .. ':' .. op.status
    elseif op.kind == 'ack' then
      -- The stage found the entry stale before acting (its workflow moved on): only acknowledged.
      ack(op.entry)
      out[i] = 'stale'
    elseif op.kind == 'retry' then
      redis.call('ZADD', op.timers, op.due, op.timer)
      ack(op.entry)
      out[i] = 'retry'
    elseif op.kind == 'hold' then
      -- Kept back unchanged (same seq) until the operational mode lets it go on.
      local auditId = writeAudit(op, op.wf_id, op.audit_type, op.audit_detail)
      appendAudit(op.wf, auditId)
      redis.call('XADD', op.held, '*', unpack(op.held_fields))
      redis.call('SADD', op.held_tenants, op.tenant)
      redis.call('HSET', op.wf, 'held', now, 'updated_at', now)
      ack(op.entry)
      out[i] = auditId
    elseif op.kind == 'dead' then
      redis.call('XADD', op.dlq, '*', unpack(op.dlq_fields))
      ack(op.entry)
      if op.wf ~= '' then
        local auditId = writeAudit(op, op.wf_id, 'stage.dead_lettered', op.audit_detail)
        appendAudit(op.wf, auditId)
        redis.call('HSET', op.wf, 'error', op.audit_type, 'updated_at', now)
        out[i] = auditId
      else
        out[i] = 'dead'
      end
    else
      -- Check first (reads only) whether a consent answer folds into a held workflow, and which
      -- status change this step makes, so the audit event can carry it.
      -- A pending-documents wait: the stage decided whether it joins its claim's open follow-up
      -- (`join`) or waits; the claim's open follow-up now is followed when it changed since.
      local joined = nil
      if op.pd_await then
        local open = openForClaim(op, op.pd_await)
        local decided = op.pd_await.join ~= '' and op.pd_await.join or nil
        joined = open
        if open ~= decided then
          op.set = op.set or {}
          -- (a packed entry's parts before its payload are kept as they are; where it starts: checked above)
          local head, json = '', op.payload
          if json and packed then head, json = string.sub(json, 1, op.payload_at - 1), string.sub(json, op.payload_at) end
          local p = json and cjson.decode(json)
          if open then
            -- Race: another follow-up of the claim opened since the stage read (an earlier op of this
            -- batch, a CMS event's start): this one joins it, as the stage would decide now.
            op.set.pending_docs_workflow_id = open
            op.set.outcome = 'joined'
            if p then p.afterSend = 'completed' end
          else
            -- Race: the follow-up the stage joined has ended since: this one waits after all.
            op.set.pending_docs_workflow_id = nil
            op.set.outcome = nil
            if p then p.afterSend = 'awaiting_documents' end
          end
          if p then op.payload = head .. cjson.encode(p) end
        end
      end
      -- A received document goes to the workflow waiting for it, when it still waits.
      local arrive = op.pd_arrive
      local arriveTo = arrive and redis.call('HGET', arrive.target_key, 'status') == 'awaiting_documents'
          and redis.call('HGET', arrive.target_key, 'workflow_type') == 'pending-documents'
      local auditWf = op.wf_id
      if arrive then
        local detail = cjson.decode(op.audit_detail)
        detail.pending_docs_workflow_id = arrive.target
        detail.accepted = arriveTo and true or false
        if arriveTo then
          local code, complete = recordDocument(arrive.target_key, arrive.media_id, arrive.documents)
          detail.document = code
          detail.complete = complete
          if complete then dropWaitTimers(arrive.target_key, arrive.timers) end
          auditWf = arrive.target
        end
        op.audit_detail = cjson.encode(detail)
      end
      local heldKey = op.resume and (op.wf_prefix .. op.resume.expect)
      local heldWas = heldKey and redis.call('HGET', heldKey, 'status')
      local absorb = op.resume and redis.call('HGET', op.consent, 'parked') == op.resume.expect
          and isHeld(heldWas) and allowed(heldWas, op.resume.status) or false
      -- A message folded into another workflow (a consent answer or choice into the held question,
      -- a document into the waiting follow-up) records this step under that workflow, naming the
      -- message's own workflow id and the events it had before (which stay under that id).
      local foldedInto = (absorb and op.resume.expect) or (arriveTo and arrive.target) or nil
      local mine = foldedInto and (recAudit or '') or ''
      if foldedInto then
        local detail = cjson.decode(op.audit_detail)
        detail.message_workflow_id = op.wf_id
        local earlier = {}
        for id in string.gmatch(mine, '[^,]+') do earlier[#earlier + 1] = id end
        -- (cjson writes an empty table as an object: the list is left out when there is none)
        if #earlier > 0 then detail.message_event_ids = earlier end
        op.audit_detail = cjson.encode(detail)
        auditWf = foldedInto
      end
      local transition = nil
      if absorb then
        local heldSeq = tonumber(redis.call('HGET', heldKey, 'seq') or '0') + 1
        transition = transitionOf(heldKey, op.resume.expect, heldWas, op.resume.status, heldSeq)
      elseif op.status then
        local before = recStatus
        if before ~= op.status then transition = transitionJson(op.wf_id, before, op.status, op.seq + 1, rec[4], rec[5]) end
      end
      local auditId = writeAudit(op, auditWf, op.audit_type, op.audit_detail, transition)
      if op.sent_mark then redis.call('HSET', op.sent_mark.key, op.sent_mark.field, auditId) end
      if op.consent then
        if op.consent_state then
          redis.call('HSET', op.consent, 'state', op.consent_state, 'updated_at', now)
        end
        if op.park_payload then
          -- A newer question replaces a held one: the older workflow is closed, not left hanging.
          -- The worker named it (`supersede`); it is closed while it is still the parked one. When
          -- another is parked by now (the race in the header), that one is.
          local parked = redis.call('HGET', op.consent, 'parked')
          local older, olderKey = nil, nil
          if op.supersede and parked == op.supersede.workflow_id then
            older, olderKey = parked, op.supersede.key
          elseif parked and parked ~= op.wf_id then
            older, olderKey = parked, op.wf_prefix .. parked
          end
          if older then
            local olderStatus = redis.call('HGET', olderKey, 'status')
            if isHeld(olderStatus) then
              local olderSeq = redis.call('HINCRBY', olderKey, 'seq', 1)
              redis.call('HSET', olderKey, 'status', 'cancelled', 'outcome', 'superseded', 'completed_at', now, 'updated_at', now)
              appendAudit(olderKey, writeAudit(op, older, 'workflow.superseded', cjson.encode({ superseded_by = op.wf_id }),
                transitionOf(olderKey, older, olderStatus, 'cancelled', olderSeq)))
            end
          end
          redis.call('HSET', op.consent, 'parked', op.wf_id, 'parked_payload', op.park_payload,
            'parked_status', op.status or 'awaiting_consent')
        end
        -- The conversation's language, for replies to words that tell none (STOP): never the
        -- only field of a record, which would then outlive the consent lifetime.
        if op.consent_language and (op.consent_state or op.park_payload or redis.call('EXISTS', op.consent) == 1) then
          redis.call('HSET', op.consent, 'language', op.consent_language)
        end
        -- The record lives the tenant's consent lifetime from its last write (docs/retention.md).
        if op.consent_ttl and (op.consent_state or op.park_payload) then redis.call('PEXPIRE', op.consent, op.consent_ttl) end
      end
      local absorbed = false
      if arriveTo then
        -- This message (a document) is folded into the waiting workflow, which continues.
        local targetSeq = redis.call('HINCRBY', arrive.target_key, 'seq', 1)
        appendAudit(arrive.target_key, auditId)
        redis.call('HSET', arrive.target_key, 'updated_at', now)
        xaddStage(arrive.stream, packed, arrive.target, op.tenant, targetSeq, '0', arrive.payload)
        redis.call('DEL', op.wf)
        redis.call('ZREM', op.idx, op.wf_id)
        absorbed = true
      end
      if absorb then
        -- This message (a consent answer, or a choice) is folded into the held workflow, which
        -- continues. Only a workflow still waiting for an answer is resumed: one that ended is never reopened.
        local heldSeq = redis.call('HINCRBY', heldKey, 'seq', 1)
        appendAudit(heldKey, auditId)
        redis.call('HSET', heldKey, 'status', op.resume.status, 'updated_at', now)
        xaddStage(op.resume.stream, packed, op.resume.expect, op.tenant, heldSeq, '0', op.resume.payload)
        redis.call('HDEL', op.consent, 'parked', 'parked_payload', 'parked_status')
        redis.call('DEL', op.wf)
        redis.call('ZREM', op.idx, op.wf_id)
        absorbed = true
      end
      if not absorbed then
        -- The record's step fields in one HSET (seq and audit list from what the op read), in the
        -- order they used to be written one by one (a field named twice: the later wins, as it did).
        -- As text once (a Lua number passed to redis.call is formatted on each call). The guard above
        -- made the record's seq op.seq (none: a dead letter without a workflow). A chained op that
        -- follows carries the next seq as text already: a number formatted costs more than a thousand
        -- instructions (docs/benchmarks.md, "The hand-off alone").
        local following = ops[i + 1]
        local n = current and (op.seq + 1) or 1
        local nextSeq = (following ~= nil and following.entry == nil and following.seq == n) and following.seq_text or tostring(n)
        local list = recAudit
        local auditList = (list and list ~= '') and (list .. ',' .. auditId) or auditId
        -- An op in a chain (`chain` is still set only for one: the loop's top wrote any other) adds
        -- to the chain's list in place: seq, audit and updated_at take its values, its other fields
        -- follow the earlier steps'. Any other op starts a list of its own. (No table per chained
        -- step; docs/benchmarks.md, "The hand-off alone".)
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
        -- A hand-off that goes through clears the error a dead-lettered attempt left, and a hold
        -- (before the HSET: a field the decision sets is kept, as it was); only when there is one.
        if rec[6] or rec[7] then
          -- (a chain's unwritten fields first, so the HDEL sees what the record holds by now)
          flushChain()
          redis.call('HDEL', op.wf, 'error', 'held')
        end
        -- (cheapest tests first: most ops are followed by another entry's op, or by none)
        if following ~= nil and following.entry == nil and continuesAt[i] and plainAt[i] and plainAt[i + 1]
            and following.wf == op.wf and setKeepsRead(op.set) then
          -- Left unwritten for the chained op that follows (above), with the record as it is now:
          -- seq, audit, updated_at and status as this step leaves them, error and held gone, and the
          -- two read fields a `set` may change (workflow_type, claim_id_hash) as it sets them.
          -- (an op already in the chain updates its record in place: error and held stay gone)
          local set = op.set
          local workflowType, claimIdHash = (set and set.workflow_type) or rec[4], (set and set.claim_id_hash) or rec[5]
          if chain then
            local r = chain.rec
            r[1], r[2], r[3], r[4], r[5] = nextSeq, op.status or recStatus, auditList, workflowType, claimIdHash
          else
            chain = { key = op.wf, fields = fields, rec = { nextSeq, op.status or recStatus, auditList, workflowType, claimIdHash, false, false } }
          end
        elseif chain then
          -- The chain's last op (the chain is this workflow's: any other was written before the read;
          -- its fields are in the chain's list, above).
          flushChain()
        else
          redis.call('HSET', op.wf, unpack(fields))
        end
        if op.pd_await and not joined then startWait(op, op.pd_await) end
        if op.pd_done then dropWaitTimers(op.wf, op.pd_done.timers) end
        if op.kind == 'forward' and op.next then
          -- (packed: the caller built the whole entry, at nextSeq, which the guard above made op.seq + 1)
          if packed then
            xaddStagePacked(op.next, op.payload)
          else
            xaddStage(op.next, false, op.wf_id, op.tenant, nextSeq, '0', op.payload)
          end
        end
        stepped[i] = not absorbed
      end
      ack(op.entry)
      out[i] = auditId
    end
  end
  flushChain()
  -- In slices, well under Lua's limit on unpack's results.
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
