--[[
  putArticle: creates or replaces one knowledge-base article and records the change in the
  tenant's change log, in one step, so a search index that follows the log (knowledge-index.ts)
  never misses a write. The article's version is the stored one plus one (1 when new); the caller
  sends the JSON in two parts and the version is put between them, so the caller's clock sets
  `updated_at` and the script alone decides the version.

  KEYS[1] articles hash      cw:{t:ID}:kb:articles  (id -> article JSON)
  KEYS[2] ids sorted set     cw:{t:ID}:kb:ids       (score 0, for listing by id)
  KEYS[3] change log stream  cw:{t:ID}:kb:changes
  KEYS[4] change counter     cw:{t:ID}:kb:version
  ARGV[1] article id
  ARGV[2] article JSON up to the version value (ends with `"version":`)
  ARGV[3] article JSON after the version value
  ARGV[4] change log cap (approximate MAXLEN)
  Returns: {created (1 new, 0 replaced), article version, change number}
]]
local old = redis.call('HGET', KEYS[1], ARGV[1])
local version = 1
if old then version = tonumber(cjson.decode(old).version) + 1 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. version .. ARGV[3])
redis.call('ZADD', KEYS[2], 0, ARGV[1])
local n = redis.call('INCR', KEYS[4])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[4], '*', 'op', 'put', 'id', ARGV[1], 'n', n)
if old then return {0, version, n} end
return {1, version, n}
