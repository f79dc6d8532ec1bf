--[[
  ingestInbound: takes one channel message in, exactly once.
  Meta redelivers webhooks; the seen-marker and the new workflow are written in one step so a
  crash can neither lose the message nor take it twice.

  KEYS[1] seen marker      cw:{pN}:seen:<tenant>:<message id>
  KEYS[2] workflow record  cw:{pN}:wf:<workflow id>
  KEYS[3] tenant index     cw:{pN}:idx:<tenant>
  KEYS[4] gateway stream   cw:{pN}:stream:gateway
  ARGV[1] now (ms)
  ARGV[2] dedupe window (s)
  ARGV[3] workflow id
  ARGV[4] tenant id
  ARGV[5] channel
  ARGV[6] phone hash (sha256:...)
  ARGV[7] the gateway entry: in the packed form its whole `w1` value (seq 0, attempt 0, the payload
          last; src/runtime/envelope-codec.ts packEntry), written as it comes; in the fields form
          the payload (JSON)
  ARGV[8] stage entry form: packed | fields (STAGE_ENTRY_FORM; includes/stage-entry.lua)
  Returns: the workflow id, or the id of the workflow that already took this message.
]]
--@include workflow-record

local packed = stageEntryPacked(ARGV[8])
if packed == nil then return redis.error_reply('ERR ingestInbound: ' .. tostring(ARGV[8]) .. ' is not a stage entry form') end
-- The seen-marker read and set in one command (SET NX GET, Redis 7.0): the id of the workflow that
-- already took this message, or nothing when this one takes it now. (One command less a message.)
local existing = redis.call('SET', KEYS[1], ARGV[3], 'NX', 'GET', 'EX', ARGV[2])
if existing then
  return existing
end

createWorkflowRecord(KEYS[2], KEYS[3], ARGV[1], ARGV[3], ARGV[4], ARGV[5], ARGV[6])
if packed then
  xaddStagePacked(KEYS[4], ARGV[7])
else
  enterGateway(KEYS[4], false, ARGV[3], ARGV[4], ARGV[7])
end
return ARGV[3]
