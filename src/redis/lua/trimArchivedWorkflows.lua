--[[
  trimArchivedWorkflows: removes finished workflow records of one tenant in one partition from
  Redis once the archive confirmed it holds them, each only if it is unchanged since it was copied
  (same `updated_at`), so a record that moved on after the copy stays hot (docs/retention.md).

  KEYS[1] the tenant's workflow index of the partition   cw:{pN}:idx:<tenant>
  KEYS[2..] workflow records                              cw:{pN}:wf:<id>
  ARGV[1..] per record: the `updated_at` the archive copied
  Returns: how many records were removed
]]
local removed = 0
for i = 2, #KEYS do
  local wf = KEYS[i]
  local h = redis.call('HMGET', wf, 'updated_at', 'workflow_id')
  if h[1] and h[1] == ARGV[i - 1] then
    redis.call('DEL', wf)
    redis.call('ZREM', KEYS[1], h[2])
    removed = removed + 1
  end
end
return removed
