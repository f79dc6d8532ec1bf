--[[
  trimArchivedConversation: removes a finished human-handover conversation's transcript and held
  replies from Redis once the archive confirmed it holds every message of the transcript
  (src/archive/archiver.ts, docs/retention.md), before the workflow's record goes. Only while the
  record is as it was copied (same `updated_at`) and the transcript as it was read (same length,
  same last entry; entries are only ever appended), so nothing written after the copy is lost.
  GET .../messages reads a transcript gone from Redis from the archive.

  KEYS[1] the handover's record   KEYS[2] its transcript (stream)   KEYS[3] its held replies (list)
  ARGV[1] the record's `updated_at` as copied   ARGV[2] how many entries the archive confirmed
  ARGV[3] the id of the last of them ('' when none)
  Returns 1 when the transcript is gone (removed now, or there was none), 0 when it was left as it is.
]]
if redis.call('HGET', KEYS[1], 'updated_at') ~= ARGV[1] then return 0 end
local length = tonumber(ARGV[2])
if redis.call('XLEN', KEYS[2]) ~= length then return 0 end
if length > 0 then
  local last = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)[1]
  if not last or last[1] ~= ARGV[3] then return 0 end
end
redis.call('DEL', KEYS[2], KEYS[3])
return 1
