--[[
  wait (include): a workflow's wait timers, for every script that arms, ends or fires them
  (handoff, controlPendingDocs, fireWorkflowTimers). A wait keeps one timer in the partition's
  workflow-timer set at a time; the record names it and the ones still to come:
    wait_timer   the armed member ('' when none)
    wait_due     when it is due (ms; '' when none)
    wait_later   JSON [[member, due], ...]: the timers after it, in due order
    wait_fired   the member last fired and not yet handled by the workflow's step ('' when none):
                 the hand-off applies that step's decision only while it is still this one
  Members are opaque here: src/redis/wait-timers.ts is their one definition, and the caller
  passes them built.
]]
-- Removes the armed timer and forgets the ones still to come.
local function waitEnd(wfKey, timersKey)
  local armed = redis.call('HGET', wfKey, 'wait_timer')
  if armed and armed ~= '' then redis.call('ZREM', timersKey, armed) end
  redis.call('HSET', wfKey, 'wait_timer', '', 'wait_due', '', 'wait_later', '', 'wait_fired', '')
end

-- Arms the first of `timers` ({ {member, due}, ... }, due order) and keeps the rest; none: nothing armed.
local function waitArm(wfKey, timersKey, timers)
  local first = timers[1]
  if first then redis.call('ZADD', timersKey, first[2], first[1]) end
  local rest = {}
  for i = 2, #timers do rest[#rest + 1] = timers[i] end
  redis.call('HSET', wfKey, 'wait_timer', first and first[1] or '', 'wait_due', first and first[2] or '', 'wait_later', #rest > 0 and cjson.encode(rest) or '')
end

-- The armed timer fired: it is the one the workflow's step now handles, and the next is armed.
local function waitFire(wfKey, timersKey, member, later)
  redis.call('HSET', wfKey, 'wait_fired', member)
  waitArm(wfKey, timersKey, (later and later ~= '') and cjson.decode(later) or {})
end
