--[[
  wait-timer (include): the member of a pending-documents wait timer in the partition's
  workflow-timer set, built and parsed here for every script that arms, drops or fires one
  (handoff, controlPendingDocs, fireWorkflowTimers). Its TypeScript twin is
  src/redis/wait-timers.ts; the two must agree.

  Member:  pd|<tenant>|<workflow id>|<wait generation>|r|<n>   reminder n
           pd|<tenant>|<workflow id>|<wait generation>|t|0     deadline
  `suffix` is the last two parts (`r|<n>` or `t|0`), as `pd_next` on the record names it.
]]
local function timerMember(tenant, wfId, gen, suffix)
  return 'pd|' .. tenant .. '|' .. wfId .. '|' .. gen .. '|' .. suffix
end

-- tenant, workflow id, generation, kind ('r' | 't'), n; nil when the member is not a wait timer.
local function parseTimerMember(member)
  return string.match(member, '^pd|([^|]+)|([^|]+)|(%d+)|(%a)|(%d+)$')
end
