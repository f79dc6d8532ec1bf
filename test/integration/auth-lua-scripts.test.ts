/**
 * The three human-auth Lua scripts (src/redis/lua) against a real Redis, through their typed
 * wrappers as the code calls them: runLoginAttempt as LoginGuard does, runRotateRefreshToken and
 * runRevokeRefreshFamily on a family written the way RefreshTokens.start writes one. Time is
 * passed in, so no test waits.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createRedis, waitReady, type Redis } from '../../src/redis/connection';
import { Keys } from '../../src/redis/keys';
import { runLoginAttempt, runRevokeRefreshFamily, runRotateRefreshToken } from '../../src/redis/scripts';
import { testRedisUrl } from '../helpers/redis';

const prefix = `auth-lua-${randomBytes(6).toString('hex')}`;
const keys = new Keys(prefix, 4);
const minute = 60_000;

describe('human-auth Lua scripts against Redis', function () {
  this.timeout(20000);
  let redis: Redis;
  const t0 = Date.UTC(2026, 0, 1);

  before(async () => {
    redis = createRedis(testRedisUrl(), { name: 'auth-lua-test' });
    await waitReady(redis);
  });
  after(async () => {
    if (!redis) return;
    const found = await redis.keys(`${prefix}:*`);
    if (found.length > 0) await redis.del(...found);
    await redis.quit();
  });

  describe('loginAttempt', () => {
    const options = (now: number) => ({ now, windowMs: 15 * minute, maxFailures: 5, lockMs: 15 * minute, attemptId: `${now}-${randomBytes(4).toString('hex')}` });
    const attempt = (user: string, now: number) => runLoginAttempt(redis, keys, { tenantId: 'acme', userId: user }, options(now));
    const allowed = { kind: 'allowed' };

    it('lets 5 attempts through, then locks until 15 minutes after the fifth', async () => {
      for (let i = 0; i < 5; i++) expect(await attempt('u1', t0 + i * minute)).to.deep.equal(allowed);
      const until = t0 + 4 * minute + 15 * minute;
      expect(await attempt('u1', t0 + 5 * minute)).to.deep.equal({ kind: 'locked', until });
      expect(await attempt('u1', until - 1)).to.deep.equal({ kind: 'locked', until });
      expect(await attempt('u1', until)).to.deep.equal(allowed);
    });

    it('counts only attempts inside the sliding window', async () => {
      for (let i = 0; i < 5; i++) expect(await attempt('u2', t0 + i * minute)).to.deep.equal(allowed);
      // 15 minutes after the first attempt it has left the window: 4 remain, room for one more.
      expect(await attempt('u2', t0 + 15 * minute)).to.deep.equal(allowed);
      expect(await attempt('u2', t0 + 15 * minute + 1)).to.have.property('kind', 'locked');
    });

    it('counts and locks a username that names no user by its hash, apart from any user', async () => {
      const unknown = { unknownUsernameHash: 'e'.repeat(64) };
      for (let i = 0; i < 5; i++) expect(await runLoginAttempt(redis, keys, unknown, options(t0 + i))).to.deep.equal(allowed);
      expect(await runLoginAttempt(redis, keys, unknown, options(t0 + 5))).to.deep.equal({ kind: 'locked', until: t0 + 4 + 15 * minute });
      expect(await redis.exists(keys.unknownLoginLock('e'.repeat(64)))).to.equal(1);
    });

    it('keeps nothing forever: the attempts expire with the window, the lock with itself', async () => {
      await attempt('u3', t0);
      const ttl = await redis.pttl(keys.loginFailures('acme', 'u3'));
      expect(ttl).to.be.within(1, 15 * minute);
    });
  });

  describe('rotateRefreshToken and revokeRefreshFamily', () => {
    const exp = Math.floor(t0 / 1000) + 900;
    const rotate = (familyId: string, presentedHash: string, newHash: string, now: number, accessJti: string, accessExp: number) =>
      runRotateRefreshToken(redis, keys, { tenantId: 'acme', familyId, presentedHash, newHash, now, accessJti, accessExp });
    const revoke = (familyId: string, presentedHash: string, now: number, reason: string, userId?: string) =>
      runRevokeRefreshFamily(redis, keys, { tenantId: 'acme', familyId, presentedHash, now, reason, userId });

    async function family(id: string, access: { jti: string; exp: number }[] = [{ jti: 'j0', exp }]): Promise<string> {
      const key = keys.refreshFamily('acme', id);
      await redis.hset(key, { user_id: 'usr_1', scope: 'workflow:read', created_at: t0, expires_at: t0 + 30 * 24 * 60 * minute, state: 'active', current: 'h0', rotations: 0, access: JSON.stringify(access) });
      return key;
    }

    it('rotates the current token once; the old one then revokes the family', async () => {
      const key = await family('f1');
      const access = [{ jti: 'j0', exp }, { jti: 'j1', exp: exp + 1 }];
      expect(await rotate('f1', 'h0', 'h1', t0 + 1000, 'j1', exp + 1)).to.deep.equal({ kind: 'rotated', access });
      expect(await rotate('f1', 'h0', 'h2', t0 + 2000, 'j2', exp + 2)).to.deep.equal({ kind: 'reused', access });
      expect(await redis.hget(key, 'state')).to.equal('revoked');
      expect(await rotate('f1', 'h1', 'h3', t0 + 3000, 'j3', exp + 3)).to.deep.equal({ kind: 'revoked', access });
      expect(await redis.hget(key, 'current')).to.equal('h1');
    });

    it('drops expired access tokens from the family list as it rotates', async () => {
      await family('f2', [{ jti: 'old', exp: Math.floor(t0 / 1000) - 1 }]);
      expect(await rotate('f2', 'h0', 'h1', t0, 'j1', exp)).to.deep.equal({ kind: 'rotated', access: [{ jti: 'j1', exp }] });
    });

    it('answers unknown for a missing family or a token it never issued, and expired past expires_at', async () => {
      expect(await rotate('none', 'h0', 'h1', t0, 'j', exp)).to.deep.equal({ kind: 'unknown' });
      const key = await family('f3');
      expect(await rotate('f3', 'forged', 'h1', t0, 'j', exp)).to.deep.equal({ kind: 'unknown' });
      expect(await redis.hget(key, 'state'), 'a forged token is not reuse').to.equal('active');
      expect(await rotate('f3', 'h0', 'h1', t0 + 31 * 24 * 60 * minute, 'j', exp)).to.deep.equal({ kind: 'expired' });
      // The caller saw the token is not current and signed nothing: no rotation.
      expect(await rotate('f3', 'h0', '', t0, '', 0)).to.deep.equal({ kind: 'unknown' });
      expect(await redis.hget(key, 'current')).to.equal('h0');
    });

    it('revokes by any token of the family, only for its owner, once', async () => {
      const key = await family('f4');
      await rotate('f4', 'h0', 'h1', t0, 'j1', exp);
      expect(await revoke('f4', 'forged', t0, 'logout')).to.deep.equal({ kind: 'unknown' });
      expect(await revoke('f4', 'h0', t0, 'logout', 'usr_other')).to.deep.equal({ kind: 'unknown' });
      expect(await revoke('none', 'h0', t0, 'logout')).to.deep.equal({ kind: 'unknown' });
      const access = [{ jti: 'j0', exp }, { jti: 'j1', exp }];
      expect(await revoke('f4', 'h0', t0, 'logout', 'usr_1')).to.deep.equal({ kind: 'revoked', access });
      expect(await redis.hmget(key, 'state', 'revoked_reason')).to.deep.equal(['revoked', 'logout']);
      expect(await revoke('f4', 'h1', t0, 'revoked')).to.deep.equal({ kind: 'already', access });
      expect(await rotate('f4', 'h1', 'h2', t0, 'j2', exp)).to.deep.equal({ kind: 'revoked', access });
    });
  });
});
