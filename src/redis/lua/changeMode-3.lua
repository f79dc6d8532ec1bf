--[[
  changeMode: sets a tenant's operational mode and appends the change to its audit ledger in
  one step, with the same compare-and-set on the ledger head as appendLedger (the chain is
  computed by the caller, since Redis Lua has no SHA-256).

  KEYS[1] mode (hash)        cw:{t:ID}:mode
  KEYS[2] ledger stream      cw:{t:ID}:ledger
  KEYS[3] ledger head (hash) cw:{t:ID}:ledger-head
  ARGV[1] expected head hash ('' for an empty ledger)
  ARGV[2] new head hash
  ARGV[3] new event count
  ARGV[4] the chained ledger event (JSON flat list of field, value, ...)
  ARGV[5] the mode record (JSON flat list of field, value, ...)
  Returns: 'ok', or 'conflict' when the head moved.
]]
local head = redis.call('HGET', KEYS[3], 'hash') or ''
if head ~= ARGV[1] then return 'conflict' end
redis.call('XADD', KEYS[2], '*', unpack(cjson.decode(ARGV[4])))
redis.call('HSET', KEYS[3], 'hash', ARGV[2], 'count', ARGV[3])
redis.call('HSET', KEYS[1], unpack(cjson.decode(ARGV[5])))
return 'ok'
