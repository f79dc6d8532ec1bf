--[[
  wait (include): a workflow's wait timers, for every script that arms, ends or fires them
  (handoff, controlPendingDocs, fireWorkflowTimers). A wait keeps one timer in the partition's
  workflow-timer set at a time; the record names it and the ones still to come:
    wait_timer   the armed member ('' when none)
    wait_due     when it is due (ms; '' when none)
    wait_later   the timers after it, in due order, as `<due>|<name>|<due>|<name>...` ('' when
                 none); a record written before this form holds JSON `[[member, due], ...]` and
                 keeps that form until its wait ends
    wait_fired   the member last fired and not yet handled by the workflow's step ('' when none):
                 the hand-off applies that step's decision only while it is still this one
  Members are built by src/redis/wait-timers.ts, their one definition. The one thing known here:
  a wait's timers differ only in the name that ends the member, so a later timer's member is the
  fired one's with its own name in place of the fired one's.
]]
-- Removes the armed timer and forgets the ones still to come.
local function waitEnd(wfKey, timersKey)
  local armed = redis.call('HGET', wfKey, 'wait_timer')
  if armed and armed ~= '' then redis.call('ZREM', timersKey, armed) end
  redis.call('HSET', wfKey, 'wait_timer', '', 'wait_due', '', 'wait_later', '', 'wait_fired', '')
end

-- Arms `member` at `due` (none: nothing armed) and keeps `later` (the stored form) after it;
-- `fired`, when given, is recorded as the wait's fired timer in the same write.
local function waitArmOne(wfKey, timersKey, member, due, later, fired)
  if member then redis.call('ZADD', timersKey, due, member) end
  local fields = { 'wait_timer', member or '', 'wait_due', member and due or '', 'wait_later', later }
  if fired then fields[7], fields[8] = 'wait_fired', fired end
  redis.call('HSET', wfKey, unpack(fields))
end

-- Arms the first of `timers` ({ {member, due, name}, ... }, due order) and keeps the rest as dues and names.
local function waitArm(wfKey, timersKey, timers)
  local rest = {}
  for i = 2, #timers do
    rest[#rest + 1] = timers[i][2]
    rest[#rest + 1] = timers[i][3]
  end
  local first = timers[1]
  waitArmOne(wfKey, timersKey, first and first[1], first and first[2], table.concat(rest, '|'))
end

-- The armed timer `member` (named `name`) fired: it is the one the workflow's step now handles,
-- and the next of `later` (the record's `wait_later`) is armed.
local function waitFire(wfKey, timersKey, member, name, later)
  later = later or ''
  if string.sub(later, 1, 1) == '[' then
    -- A record written before the dues-and-names form keeps its full members to the wait's end.
    local timers = cjson.decode(later)
    local first = table.remove(timers, 1)
    return waitArmOne(wfKey, timersKey, first and first[1], first and first[2], #timers > 0 and cjson.encode(timers) or '', member)
  end
  local due, nextName, rest = string.match(later, '^(%d+)|([^|]+)|?(.*)$')
  if not due then return waitArmOne(wfKey, timersKey, nil, nil, '', member) end
  waitArmOne(wfKey, timersKey, string.sub(member, 1, #member - #name) .. nextName, due, rest, member)
end
