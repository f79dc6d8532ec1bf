--[[
  fireWorkflowTimers: fires due wait timers of one partition into their workflows' own steps.
  A fired timer appends an entry at the workflow's current step to the stream its member names,
  with the wait's payload, `timer` set to the timer's name and `timerMember` to the member; the
  workflow's step decides what it means (a reminder, a deadline: docs/architecture.md,
  "Waiting"). The record keeps the member as `wait_fired` (the hand-off applies the step's
  decision only while it is still the one fired, at the workflow's step then), and the wait's
  next timer is armed. Nothing here knows a workflow type or reads anything but the wait's own fields.

  KEYS[1]  workflow-timer set of the partition       cw:{pN}:wf-timers
  KEYS[2]  restricted-tenants set of the partition
  KEYS[3+] the workflow records, stage streams and paused-timer sets the items name, each once
  ARGV[1]  stage entry form: packed | fields (includes/stage-entry.lua)
  ARGV[2]  JSON array, one item per due member the caller read (src/redis/scripts/timers.ts):
           [member, record key's index in KEYS, stage stream key's index, timer name, tenant id,
            workflow id, paused-timer key's index (the tenant is RESTRICTED now)]; index 0: none

  Per item, only while the member is still in the set (so any number of schedulers may run):
    removed from the set, then
    paused    moved to the paused set (same score); the tenant added to the restricted set
    dropped   no record or stream (the member did not parse), or not the wait's armed timer
              (`wait_timer`): the wait ended or was re-armed
    fired     entry appended; `wait_fired` set; the next of `wait_later` armed
  Returns: { fired, paused, dropped }.
]]
local timers, restricted = KEYS[1], KEYS[2]
--@include stage-entry
--@include wait

local packed = stageEntryPacked(ARGV[1])
if packed == nil then return redis.error_reply('ERR fireWorkflowTimers: ' .. tostring(ARGV[1]) .. ' is not a stage entry form') end
local fired, paused, dropped = 0, 0, 0

for _, item in ipairs(cjson.decode(ARGV[2])) do
  local m = item[1]
  local score = redis.call('ZSCORE', timers, m)
  if score then
    redis.call('ZREM', timers, m)
    local wf, stream, pausedKey = KEYS[item[2]], KEYS[item[3]], KEYS[item[7]]
    if pausedKey then
      redis.call('ZADD', pausedKey, score, m)
      redis.call('SADD', restricted, item[5])
      paused = paused + 1
    else
      local h = (wf and stream) and redis.call('HMGET', wf, 'wait_timer', 'wait_later', 'wait_payload', 'seq') or {}
      if h[1] ~= m then
        dropped = dropped + 1
      else
        local name = item[4]
        local payload = cjson.decode(h[3] or '{}')
        payload.timer = name
        payload.timerMember = m
        xaddStage(stream, packed, item[6], item[5], h[4], '0', cjson.encode(payload))
        waitFire(wf, timers, m, name, h[2])
        fired = fired + 1
      end
    end
  end
end
return { fired, paused, dropped }
