--[[
  readReportFields: the fields a partner report counts of many workflow records of one partition
  (src/reports/hot-records.ts), in one call and one flat reply, instead of a reply for each record:
  the client's cost of a report's hot read is mostly per reply (docs/benchmarks.md, "Reports").
  Reads only.

  KEYS[1], KEYS[2], ...  workflow records of one partition   cw:{pN}:wf:<id>
  ARGV[1], ARGV[2], ...  the field names
  Returns: a flat array, for each record in KEYS order, its value of each field in ARGV order; ''
           for an absent field (a record that is gone has every field '').
]]
local out, fields, k = {}, #ARGV, 0
for i = 1, #KEYS do
  local values = redis.call('HMGET', KEYS[i], unpack(ARGV))
  for j = 1, fields do
    k = k + 1
    out[k] = values[j] or ''
  end
end
return out
