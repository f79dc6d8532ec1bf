--[[
  loginAttempt: counts one login attempt of a user (or of an unknown username) before its
  password is checked, and refuses it while the name is locked. An attempt counts as a failure
  until a success deletes the count, so parallel guesses cannot all slip in before the first
  failure is written. With `max` failures inside the sliding window the next attempt finds the
  name locked until `lock` ms after the latest of them.

  KEYS[1] attempts (sorted set: member = attempt id, score = time, ms)
          cw:{t:<tenant>}:login-failures:<user id> or cw:{g}:login-failures:<sha256 of the name>
  KEYS[2] lock (string: the time the lock ends, ms; expires with it)
  ARGV[1] now (ms)
  ARGV[2] window (ms)
  ARGV[3] failures allowed in the window (max)
  ARGV[4] lock duration (ms)
  ARGV[5] id of this attempt (unique)
  Returns: 0 when the attempt may go on to the password check, else the time (ms) the lock ends.
]]
local now, window, max, lockMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local lockedUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
if lockedUntil > now then return lockedUntil end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= max then
  local latest = tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])
  redis.call('DEL', KEYS[1])
  local untilMs = latest + lockMs
  if untilMs > now then
    redis.call('SET', KEYS[2], string.format('%d', untilMs), 'PX', string.format('%d', untilMs - now))
    return untilMs
  end
end
redis.call('ZADD', KEYS[1], now, ARGV[5])
redis.call('PEXPIRE', KEYS[1], window)
return 0
