/**
 * The three human-auth Lua scripts (src/redis/lua) against a real Redis, called as the code
 * calls them: loginAttempt as LoginGuard does, rotateRefreshToken and revokeRefreshFamily on a
 * family written the way RefreshTokens.start writes one. Time is passed in, so no test waits.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createRedis, waitReady, type Redis } from '../../src/redis/connection';
import { Keys } from '../../src/redis/keys';
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
    const attempt = (user: string, now: number) =>
      redis.loginAttempt(keys.loginFailures('acme', user), keys.loginLock('acme', user), now, 15 * minute, 5, 15 * minute, `${now}-${randomBytes(4).toString('hex')}`);

    it('lets 5 attempts through, then locks until 15 minutes after the fifth', async () => {
      for (let i = 0; i < 5; i++) expect(await attempt('u1', t0 + i * minute)).to.equal(0);
      const until = t0 + 4 * minute + 15 * minute;
      expect(await attempt('u1', t0 + 5 * minute)).to.equal(until);
      expect(await attempt('u1', until - 1)).to.equal(until);
      expect(await attempt('u1', until)).to.equal(0);
    });

    it('counts only attempts inside the sliding window', async () => {
      for (let i = 0; i < 5; i++) expect(await attempt('u2', t0 + i * minute)).to.equal(0);
      // 15 minutes after the first attempt it has left the window: 4 remain, room for one more.
      expect(await attempt('u2', t0 + 15 * minute)).to.equal(0);
      expect(await attempt('u2', t0 + 15 * minute + 1)).to.be.greaterThan(0);
    });

    it('keeps nothing forever: the attempts expire with the window, the lock with itself', async () => {
      await attempt('u3', t0);
      const ttl = await redis.pttl(keys.loginFailures('acme', 'u3'));
      expect(ttl).to.be.within(1, 15 * minute);
    });
  });

  describe('rotateRefreshToken and revokeRefreshFamily', () => {
    const exp = Math.floor(t0 / 1000) + 900;
    async function family(id: string, access: { jti: string; exp: number }[] = [{ jti: 'j0', exp }]): Promise<string> {
      const key = keys.refreshFamily('acme', id);
      await redis.hset(key, { user_id: 'usr_1', scope: 'workflow:read', created_at: t0, expires_at: t0 + 30 * 24 * 60 * minute, state: 'active', current: 'h0', rotations: 0, access: JSON.stringify(access) });
      return key;
    }

    it('rotates the current token once; the old one then revokes the family', async () => {
      const key = await family('f1');
      const [outcome, access] = await redis.rotateRefreshToken(key, 'h0', 'h1', t0 + 1000, 'j1', exp + 1);
      expect(outcome).to.equal('rotated');
      expect(JSON.parse(access)).to.deep.equal([{ jti: 'j0', exp }, { jti: 'j1', exp: exp + 1 }]);
      expect(await redis.rotateRefreshToken(key, 'h0', 'h2', t0 + 2000, 'j2', exp + 2)).to.deep.equal(['reused', access]);
      expect(await redis.hget(key, 'state')).to.equal('revoked');
      expect((await redis.rotateRefreshToken(key, 'h1', 'h3', t0 + 3000, 'j3', exp + 3))[0]).to.equal('revoked');
      expect(await redis.hget(key, 'current')).to.equal('h1');
    });

    it('drops expired access tokens from the family list as it rotates', async () => {
      const key = await family('f2', [{ jti: 'old', exp: Math.floor(t0 / 1000) - 1 }]);
      const [, access] = await redis.rotateRefreshToken(key, 'h0', 'h1', t0, 'j1', exp);
      expect(JSON.parse(access)).to.deep.equal([{ jti: 'j1', exp }]);
    });

    it('answers unknown for a missing family or a token it never issued, and expired past expires_at', async () => {
      expect((await redis.rotateRefreshToken(keys.refreshFamily('acme', 'none'), 'h0', 'h1', t0, 'j', exp))[0]).to.equal('unknown');
      const key = await family('f3');
      expect((await redis.rotateRefreshToken(key, 'forged', 'h1', t0, 'j', exp))[0]).to.equal('unknown');
      expect(await redis.hget(key, 'state'), 'a forged token is not reuse').to.equal('active');
      expect((await redis.rotateRefreshToken(key, 'h0', 'h1', t0 + 31 * 24 * 60 * minute, 'j', exp))[0]).to.equal('expired');
    });

    it('revokes by any token of the family, only for its owner, once', async () => {
      const key = await family('f4');
      await redis.rotateRefreshToken(key, 'h0', 'h1', t0, 'j1', exp);
      expect((await redis.revokeRefreshFamily(key, 'forged', t0, 'logout', ''))[0]).to.equal('unknown');
      expect((await redis.revokeRefreshFamily(key, 'h0', t0, 'logout', 'usr_other'))[0]).to.equal('unknown');
      const [outcome, access] = await redis.revokeRefreshFamily(key, 'h0', t0, 'logout', 'usr_1');
      expect(outcome).to.equal('revoked');
      expect(JSON.parse(access).map((a: { jti: string }) => a.jti)).to.deep.equal(['j0', 'j1']);
      expect(await redis.hmget(key, 'state', 'revoked_reason')).to.deep.equal(['revoked', 'logout']);
      expect((await redis.revokeRefreshFamily(key, 'h1', t0, 'revoked', ''))[0]).to.equal('already');
      expect((await redis.rotateRefreshToken(key, 'h1', 'h2', t0, 'j2', exp))[0]).to.equal('revoked');
    });
  });
});
