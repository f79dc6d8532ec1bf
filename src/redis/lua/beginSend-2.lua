--[[
  beginSend: the outbound stage's last look before a provider call, and the send's intent, in one
  atomic step (docs/workflows.md, "Effectively-once replies"). A send cannot be taken back, so it
  is begun only while its workflow is still at the entry's step (a partner's cancel, a deadline or
  a document may have moved it on since the entry was written); the intent is recorded unless an
  earlier one is, and the record is answered as it was before.
  One call where the stage used to read the step and then write the intent (two round trips;
  docs/benchmarks.md, "The hand-off alone"), and nothing can move the workflow between the two.

  KEYS[1]  the workflow record        cw:{pN}:wf:ID
  KEYS[2]  its send record            cw:{pN}:send:TENANT:ID (same partition, same slot)
  ARGV[1]  the entry's step (seq), as the record writes it (an integer as text)
  ARGV[2]  now (ms): the intent's time
  ARGV[3]  the send record's lifetime (ms), set again at each write
  Returns: nil when the workflow is gone or no longer at step ARGV[1] (nothing written); otherwise
  the send record's `<seq>:at`, `<seq>:msg`, `<seq>:proof`, `<seq>:looked` as they were (nil for
  an absent one; src/workflows/send-records.ts reads them), and '1' when the workflow record has
  no `outbound_message_id` (no reply of it reached the provider yet: this one is its first), else
  nothing (four values).
]]
local record = redis.call('HMGET', KEYS[1], 'seq', 'outbound_message_id')
local current = record[1]
-- (the texts first: the record writes its seq as an integer's text, so equal texts are equal steps)
if not current or (current ~= ARGV[1] and tonumber(current) ~= tonumber(ARGV[1])) then return false end
local seq = ARGV[1]
local before = redis.call('HMGET', KEYS[2], seq .. ':at', seq .. ':msg', seq .. ':proof', seq .. ':looked')
redis.call('HSETNX', KEYS[2], seq .. ':at', ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if not record[2] then before[5] = '1' end
return before
