--[[
  workflow-record (include): creating a workflow record, in one place for the scripts that start
  a workflow (ingestInbound, startPendingDocs): the record's hash with its first fields (status
  started, seq 0, an empty audit list), its entry in the tenant's index, and its first entry on
  the gateway stream (in the form the caller names: stage-entry).
]]
--@include stage-entry

-- Writes the new record (its first fields, then `extra`, a flat list of field, value, ...) and
-- adds it to the tenant's index, scored by its start time.
local function createWorkflowRecord(wfKey, indexKey, now, wfId, tenant, channel, phoneHash, extra)
  -- ('0' as text: a Lua number passed to redis.call is formatted with snprintf on every call)
  local fields = { 'workflow_id', wfId, 'tenant_id', tenant, 'status', 'started', 'seq', '0',
    'started_at', now, 'updated_at', now, 'channel', channel, 'phone_hash', phoneHash, 'audit', '' }
  for _, v in ipairs(extra or {}) do fields[#fields + 1] = v end
  redis.call('HSET', wfKey, unpack(fields))
  redis.call('ZADD', indexKey, now, wfId)
end

-- The new workflow's first entry, on the gateway stream: seq 0, attempt 0, its payload (JSON).
-- `packed`: stageEntryPacked of the script's form argument.
local function enterGateway(gatewayKey, packed, wfId, tenant, payload)
  xaddStage(gatewayKey, packed, wfId, tenant, '0', '0', payload)
end
