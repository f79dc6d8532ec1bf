--[[
  stage-entry (include): appending a workflow step's entry to a stage stream, in one place for
  every script that writes one (handoff, ingestInbound and startPendingDocs through
  workflow-record, controlPendingDocs, fireWorkflowTimers). Two forms (src/runtime/envelope-codec.ts
  reads both; STAGE_ENTRY_FORM, docs/architecture.md "What the records hold"): `packed`, one field `w1`
  holding wf, tenant, seq, attempt and payload joined by newlines, the payload last; `fields`, the
  five as fields of their own (written during a rolling upgrade from a release that reads only them).
  Used as well by redriveDeadLetter, which resets a packed entry's attempt part.
]]
-- Whether the script's form argument asks for packed entries: true, false, or nil when it names no form.
local function stageEntryPacked(form)
  if form == 'packed' then return true end
  if form == 'fields' then return false end
  return nil
end

-- Appends the entry to `streamKey`; `seq` and `attempt` as text or numbers (a number is formatted
-- by the concatenation in the packed form, by redis.call in the other). Returns the entry's id.
local function xaddStage(streamKey, packed, wfId, tenant, seq, attempt, payload)
  if packed then
    return redis.call('XADD', streamKey, '*', 'w1', wfId .. '\n' .. tenant .. '\n' .. seq .. '\n' .. attempt .. '\n' .. payload)
  end
  return redis.call('XADD', streamKey, '*', 'wf', wfId, 'tenant', tenant, 'seq', seq, 'attempt', attempt, 'payload', payload)
end

-- Where a packed value's attempt part starts, and the newline that ends it (the payload follows);
-- nil when the value has fewer than four parts before its payload.
local function packedAttemptSpan(value)
  local at = 0
  for _ = 1, 3 do
    at = string.find(value, '\n', at + 1, true)
    if not at then return nil end
  end
  local ends = string.find(value, '\n', at + 1, true)
  if not ends then return nil end
  return at + 1, ends
end

-- Appends a packed entry whose value the caller built whole (src/runtime/envelope-codec.ts,
-- packEntry): no string of the payload's size is made here.
local function xaddStagePacked(streamKey, value)
  return redis.call('XADD', streamKey, '*', 'w1', value)
end
