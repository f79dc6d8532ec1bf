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
  ARGV[6] how many strings one event takes (its fields and values; every event the same)
  ARGV[7] how many events one entry holds at most (src/audit/audit-chain.ts, eventEntries): 1, or
          in the runs form up to 16, one `l1` field each. An entry's XADD `*` gives its first
          event its id, `<ms>-<seq>`; the others are `<ms>-<seq + 1>` and on, and XSETID moves the
          stream's last id to the last of them, so that no later entry takes an id an event holds.
  ARGV[8+] the events, one after the other, each a flat list of field, value, ...
           (plain ARGV, not a JSON array: an event's detail and transition are JSON text, and
           escaping them into JSON to decode them here again cost more than the XADD;
           docs/benchmarks.md, "The hand-off alone")
  Returns: 'ok', or 'conflict' when the head moved.
]]
local width = tonumber(ARGV[6])
local per = tonumber(ARGV[7])
if not width or width < 2 or (#ARGV - 7) % width ~= 0 then
  return redis.error_reply('ERR appendLedger: events do not come in runs of ' .. tostring(ARGV[6]))
end
if not per or per < 1 or per ~= math.floor(per) then
  return redis.error_reply('ERR appendLedger: events an entry is not a count: ' .. tostring(ARGV[7]))
end
local head = redis.call('HGET', KEYS[2], 'hash') or ''
if head ~= ARGV[1] then return 'conflict' end
local total = (#ARGV - 7) / width
local done = 0
while done < total do
  local n = math.min(per, total - done)
  local first = 8 + done * width
  local id = redis.call('XADD', KEYS[1], '*', unpack(ARGV, first, first + n * width - 1))
  if n > 1 then
    local ms, seq = string.match(id, '^(%d+)%-(%d+)$')
    redis.call('XSETID', KEYS[1], ms .. '-' .. string.format('%d', tonumber(seq) + n - 1))
  end
  done = done + n
end
redis.call('HSET', KEYS[2], 'hash', ARGV[4], 'count', ARGV[5], ARGV[2], ARGV[3])
return 'ok'
