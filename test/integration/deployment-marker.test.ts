/**
 * How a deployment marks its Redis and refuses another's (src/runtime/deployment.ts), against the
 * real Redis under a key prefix of its own.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Keys } from '../../src/redis/keys';
import { claimRedis, readDeployment } from '../../src/runtime/deployment';
import { deleteKeys, testRedisUrl } from '../helpers/redis';

describe('deployment marker', () => {
  let redis: Redis;
  let keys: Keys;
  beforeEach(() => {
    redis = new Redis(testRedisUrl());
    keys = new Keys(`dm${randomBytes(4).toString('hex')}`, 8);
  });
  afterEach(async () => {
    await deleteKeys(redis, keys.prefix);
    redis.disconnect();
  });
  const claim = (id: string, o: { share?: boolean; ownsData?: boolean; issuer?: string } = {}) =>
    claimRedis(redis, keys, { id, issuer: o.issuer ?? 'http://127.0.0.1:8080', now: 1_700_000_000_000, share: o.share ?? false, ownsData: o.ownsData ?? false });

  it('marks an empty Redis, then knows it as its own (and keeps its issuer current)', async () => {
    expect(await claim('demo-a')).to.deep.equal({ use: true, how: 'marked', other: null });
    expect(await readDeployment(redis, keys)).to.deep.equal({ id: 'demo-a', issuer: 'http://127.0.0.1:8080', since: 1_700_000_000_000 });
    expect(await claim('demo-a', { issuer: 'http://127.0.0.1:9090' })).to.deep.equal({ use: true, how: 'ours', other: null });
    expect((await readDeployment(redis, keys))!.issuer).to.equal('http://127.0.0.1:9090');
  });

  it('refuses another deployment\'s Redis unless told to share it, and sharing leaves the mark as it is', async () => {
    await claim('demo-a');
    const refused = await claim('demo-b');
    expect(refused.use).to.equal(false);
    expect(refused).to.have.property('reason').that.contains('another deployment (id demo-a, there since 2023-11-14T22:13:20.000Z)');
    const shared = await claim('demo-b', { share: true });
    expect(shared).to.include({ use: true, how: 'shared' });
    expect((await readDeployment(redis, keys))!.id).to.equal('demo-a');
  });

  it('refuses unmarked keys under its prefix, unless they are its own private Redis\'s data, which it marks whatever it held', async () => {
    await redis.set(`${keys.prefix}:something`, '1');
    const refused = await claim('demo-a');
    expect(refused).to.deep.equal({ use: false, reason: `it holds keys under "${keys.prefix}:" written by a deployment that did not mark it` });
    expect(await readDeployment(redis, keys)).to.equal(null);
    expect(await claim('demo-a', { ownsData: true })).to.include({ use: true, how: 'marked' });
    // Its own data directory's Redis under another mark (the id file was removed): taken over.
    expect(await claim('demo-c', { ownsData: true })).to.include({ use: true, how: 'marked' });
    expect((await readDeployment(redis, keys))!.id).to.equal('demo-c');
  });

  it('lets only one of two starts at once mark an empty Redis', async () => {
    const [a, b] = await Promise.all([claim('demo-a'), claim('demo-b')]);
    expect([a.use, b.use].sort()).to.deep.equal([false, true]);
  });
});
