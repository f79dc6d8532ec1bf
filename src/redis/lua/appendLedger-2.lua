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
  ARGV[6] JSON array of entries, each a flat list of field, value, ...
  Returns: 'ok', or 'conflict' when the head moved.
]]
local head = redis.call('HGET', KEYS[2], 'hash') or ''
if head ~= ARGV[1] then return 'conflict' end
for _, fields in ipairs(cjson.decode(ARGV[6])) do
  redis.call('XADD', KEYS[1], '*', unpack(fields))
end
redis.call('HSET', KEYS[2], 'hash', ARGV[4], 'count', ARGV[5], ARGV[2], ARGV[3])
return 'ok'
