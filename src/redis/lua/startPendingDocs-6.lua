--[[
  startPendingDocs: a CMS event (`claim.documents_pending`) starts a pending-documents workflow,
  or joins the claim's open one: at most one open pending-documents workflow per claim. The new
  record, its index entries and its gateway entry are written in one step with the check.

  KEYS[1] the claim's open-workflow pointer   cw:{pN}:pd-claim:<tenant>:<claim hash>
  KEYS[2] new workflow record                 cw:{pN}:wf:<workflow id>
  KEYS[3] tenant's workflow index             cw:{pN}:idx:<tenant>
  KEYS[4] gateway stream                      cw:{pN}:stream:gateway
  KEYS[5] the claimant's pending workflows    cw:{pN}:pd-claimant:<tenant>:<phone hash>
  KEYS[6] the record of the open workflow the pointer names, as the caller last learnt it (any
          key of the partition when it knows none, e.g. KEYS[2]): every key a script touches is
          declared, so when the pointer names another one the script changes nothing and answers
          { that workflow id, 'undeclared' }, and the caller calls again naming it (docs/scaling.md)
  ARGV[1] now (ms)
  ARGV[2] workflow id
  ARGV[3] tenant id
  ARGV[4] channel
  ARGV[5] phone hash (sha256:...)
  ARGV[6] the record's own first fields, JSON [field, value, ...] (its type, claim hash, and the
          payload a resume or recheck continues with, `wait_payload`, until its wait keeps its own)
  ARGV[7] payload (JSON)
  ARGV[8] key prefix of workflow records in this partition (the open workflow the pointer names
          shares the partition's hash tag)
  ARGV[9] stage entry form: packed | fields (STAGE_ENTRY_FORM; includes/stage-entry.lua)
  Returns: { workflow id, 'started' | 'joined' }, or { pointer's workflow id, 'undeclared' }.
]]
--@include workflow-record

local packed = stageEntryPacked(ARGV[9])
if packed == nil then return redis.error_reply('ERR startPendingDocs: ' .. tostring(ARGV[9]) .. ' is not a stage entry form') end
local open = { started = true, awaiting_consent = true, awaiting_documents = true }
local existing = redis.call('GET', KEYS[1])
if existing then
  if ARGV[8] .. existing ~= KEYS[6] then return { existing, 'undeclared' } end
  local status = redis.call('HGET', KEYS[6], 'status')
  if status and open[status] then return { existing, 'joined' } end
end

createWorkflowRecord(KEYS[2], KEYS[3], ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5],
  cjson.decode(ARGV[6]))
redis.call('SET', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[5], ARGV[1], ARGV[2])
enterGateway(KEYS[4], packed, ARGV[2], ARGV[3], ARGV[7])
return { ARGV[2], 'started' }
