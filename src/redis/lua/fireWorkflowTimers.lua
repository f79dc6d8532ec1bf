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
  KEYS[3+] the workflow records, stage streams and paused-timer sets the items name
  ARGV[1]  JSON array of items, one per due member the caller read (src/redis/scripts/timers.ts):
           { m = member, wf = record key, stream = stage stream, name = timer name,
             tenant = tenant id, wf_id = workflow id, paused = paused-timer key (RESTRICTED now) | absent }
  ARGV[2]  stage entry form: packed | fields (includes/stage-entry.lua)

  Per item, only while the member is still in the set (so any number of schedulers may run):
    removed from the set, then
    paused    moved to `paused` (same score); the tenant added to the restricted set
    dropped   not the wait's armed timer (`wait_timer`): the wait ended or was re-armed
    fired     entry appended; `wait_fired` set; the next of `wait_later` armed
  Returns: { fired, paused, dropped }.
]]
local timers, restricted = KEYS[1], KEYS[2]
--@include stage-entry
--@include wait

local packed = stageEntryPacked(ARGV[2])
if packed == nil then return redis.error_reply('ERR fireWorkflowTimers: ' .. tostring(ARGV[2]) .. ' is not a stage entry form') end
local fired, paused, dropped = 0, 0, 0

for _, item in ipairs(cjson.decode(ARGV[1])) do
  local score = redis.call('ZSCORE', timers, item.m)
  if score then
    redis.call('ZREM', timers, item.m)
    local h = item.wf and redis.call('HMGET', item.wf, 'wait_timer', 'wait_later', 'wait_payload', 'seq') or {}
    if item.paused then
      redis.call('ZADD', item.paused, score, item.m)
      redis.call('SADD', restricted, item.tenant)
      paused = paused + 1
    elseif not item.stream or h[1] ~= item.m then
      dropped = dropped + 1
    else
      local payload = cjson.decode(h[3] or '{}')
      payload.timer = item.name
      payload.timerMember = item.m
      xaddStage(item.stream, packed, item.wf_id, item.tenant, h[4], '0', cjson.encode(payload))
      waitFire(item.wf, timers, item.m, item.name, h[2])
      fired = fired + 1
    end
  end
end
return { fired, paused, dropped }
