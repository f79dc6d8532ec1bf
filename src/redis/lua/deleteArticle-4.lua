--[[
  deleteArticle: removes one knowledge-base article and records the change in the tenant's
  change log, in one step (see putArticle). Deleting an article that does not exist changes
  nothing and logs nothing.

  KEYS[1] articles hash      cw:{t:ID}:kb:articles
  KEYS[2] ids sorted set     cw:{t:ID}:kb:ids
  KEYS[3] change log stream  cw:{t:ID}:kb:changes
  KEYS[4] change counter     cw:{t:ID}:kb:version
  ARGV[1] article id
  ARGV[2] change log cap (approximate MAXLEN)
  Returns: the change number, or 0 when there was no such article.
]]
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
local n = redis.call('INCR', KEYS[4])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[2], '*', 'op', 'delete', 'id', ARGV[1], 'n', n)
return n
