--[[
  rotateRefreshToken: the compare-and-rotate step of a refresh. The presented refresh token is
  exchanged for the new one only while it is the family's current token, so of two concurrent
  refreshes of one token exactly one rotates. A token the family already rotated away coming
  back is reuse (RFC 9700 4.14.2): the family is revoked in the same step, so no later refresh
  of it can succeed, and the access tokens issued from it are returned for the caller to revoke.

  KEYS[1] refresh family (hash)  cw:{t:<tenant>}:refresh:<family id>
  ARGV[1] sha256 (hex) of the presented refresh token
  ARGV[2] sha256 (hex) of the new refresh token ('' when the caller saw the token is not current)
  ARGV[3] now (ms)
  ARGV[4] jti of the access token issued with the new refresh token
  ARGV[5] exp of that access token (UNIX seconds)
  Family fields: user_id, scope, created_at, expires_at (ms), state (active | revoked), current
  (hash of the live token), used:<hash> = when it was rotated away (ms), rotations, access (JSON
  [{jti, exp}]: access tokens issued from the family that have not expired), revoked_at,
  revoked_reason.
  Returns: { outcome, access JSON }, outcome one of
    'rotated'  the new token is now current; access includes the new access token
    'reused'   the token was rotated away before: the family is now revoked
    'revoked'  the family was revoked before (its access tokens are returned to revoke again)
    'expired'  the family is past expires_at
    'unknown'  no such family, or a token it never issued
]]
local family, presented, fresh, now = KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3])
local f = redis.call('HMGET', family, 'state', 'current', 'expires_at', 'access')
local state, current, expiresAt, access = f[1], f[2], tonumber(f[3]), f[4] or '[]'
if not state then return { 'unknown', '[]' } end
if presented ~= current and redis.call('HEXISTS', family, 'used:' .. presented) == 0 then return { 'unknown', '[]' } end
if state == 'revoked' then return { 'revoked', access } end
if presented ~= current then
  redis.call('HSET', family, 'state', 'revoked', 'revoked_at', ARGV[3], 'revoked_reason', 'reuse')
  return { 'reused', access }
end
if expiresAt == nil or expiresAt <= now then return { 'expired', '[]' } end
if fresh == '' then return { 'unknown', '[]' } end
-- Keep only the access tokens that can still be used, then add the new one.
local live = {}
for _, t in ipairs(cjson.decode(access)) do
  if tonumber(t.exp) * 1000 > now then table.insert(live, t) end
end
table.insert(live, { jti = ARGV[4], exp = tonumber(ARGV[5]) })
local encoded = cjson.encode(live)
redis.call('HSET', family, 'current', fresh, 'used:' .. presented, ARGV[3], 'access', encoded)
redis.call('HINCRBY', family, 'rotations', 1)
return { 'rotated', encoded }
