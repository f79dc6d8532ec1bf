--[[
  revokeRefreshFamily: ends a refresh-token family (logout, RFC 7009 revocation) given one of its
  tokens, current or already rotated away. Atomic with rotateRefreshToken, so a refresh running
  at the same moment either finished before (its access token is in the returned list) or fails.

  KEYS[1] refresh family (hash)  cw:{t:<tenant>}:refresh:<family id>
  ARGV[1] sha256 (hex) of the presented refresh token
  ARGV[2] now (ms)
  ARGV[3] reason kept on the family (logout | revoked)
  ARGV[4] user id the family must belong to ('' = any)
  Returns: { outcome, access JSON }, outcome one of
    'revoked'  the family is revoked now
    'already'  it was revoked before (its access tokens are returned to revoke again)
    'unknown'  no such family, a token it never issued, or another user's family
]]
local family = KEYS[1]
local f = redis.call('HMGET', family, 'state', 'current', 'user_id', 'access')
local state, current, userId, access = f[1], f[2], f[3], f[4] or '[]'
if not state then return { 'unknown', '[]' } end
if ARGV[1] ~= current and redis.call('HEXISTS', family, 'used:' .. ARGV[1]) == 0 then return { 'unknown', '[]' } end
if ARGV[4] ~= '' and ARGV[4] ~= userId then return { 'unknown', '[]' } end
if state == 'revoked' then return { 'already', access } end
redis.call('HSET', family, 'state', 'revoked', 'revoked_at', ARGV[2], 'revoked_reason', ARGV[3])
return { 'revoked', access }
