--[[
  appendLedger: appends a run of already-chained audit events to a tenant's ledger, if and only
  if the ledger's head is still the one the chain was computed from (compare-and-set). Any
  number of movers may run: a loser re-reads the head and computes again. The partition cursor
  is moved in the same step, so an event redelivered after a crash is recognised and skipped.

  KEYS[1] ledger stream      cw:{t:ID}:ledger
  KEYS[2] ledger head (hash) cw:{t:ID}:ledger-head
  ARGV[1] expected head hash ('' for an empty ledger)
  ARGV[2] cursor field of the source partition (p<N>)
  ARGV[3] stream id of the last source entry in this run (the partition's new cursor)
  ARGV[4] new head hash
  ARGV[5] new event count
  ARGV[6] how many strings one entry has (its fields and values; every entry has the same)
  ARGV[7+] the entries, one after the other, each a flat list of field, value, ...
           (plain ARGV, not a JSON array: an event's detail and transition are JSON text, and
           escaping them into JSON to decode them here again cost more than the XADD;
           docs/benchmarks.md, Issue 15)
  Returns: 'ok', or 'conflict' when the head moved.
]]
local width = tonumber(ARGV[6])
if not width or width < 2 or (#ARGV - 6) % width ~= 0 then
  return redis.error_reply('ERR appendLedger: entries do not come in runs of ' .. tostring(ARGV[6]))
end
local head = redis.call('HGET', KEYS[2], 'hash') or ''
if head ~= ARGV[1] then return 'conflict' end
for first = 7, #ARGV, width do
  redis.call('XADD', KEYS[1], '*', unpack(ARGV, first, first + width - 1))
end
redis.call('HSET', KEYS[2], 'hash', ARGV[4], 'count', ARGV[5], ARGV[2], ARGV[3])
return 'ok'
