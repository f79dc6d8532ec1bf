/**
 * The webhook Lua scripts (src/redis/lua/*Webhook*.lua) against a real Redis, through their typed
 * wrappers as the webhook code calls them: endpoint put, rotate and disable; enqueue; claim under
 * a lease; settle fenced by that lease; requeue. Each test starts from an empty key prefix.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createRedis, waitReady, type Redis } from '../../src/redis/connection';
import { Keys } from '../../src/redis/keys';
import {
  runClaimWebhooks, runDisableWebhookEndpoint, runEnqueueWebhook, runPutWebhookEndpoint, runRequeueWebhook, runRequeueWebhooks,
  runRotateWebhookSecret, runSettleWebhook, type SettleOutcome, type WebhookDeliveryStatus,
} from '../../src/redis/scripts';
import { testRedisUrl } from '../helpers/redis';

const prefix = `whlua-${randomBytes(6).toString('hex')}`;
const keys = new Keys(prefix, 4);
const t = 'acme';
const k = {
  endpoint: keys.webhookEndpoint(t), due: keys.webhookDue(t), delivered: keys.webhookDelivered(t), failed: keys.webhookFailed(t),
  events: keys.webhookEvents(t), seq: keys.webhookSequences(t), msg: (id: string) => keys.webhookMessage(t, id),
};
const day = 24 * 3600_000;

describe('webhook Lua scripts against Redis', () => {
  let redis: Redis;
  const enqueue = (id: string, now: number, sequence?: number, workflowId?: string) =>
    runEnqueueWebhook(redis, keys, t, { messageId: id, bodyHead: '{"id":"' + id + '","sequence":', bodyTail: ',"data":{"list":[]}}', sequence, type: 'workflow.completed', workflowId, now });
  const settle = (id: string, leaseEnd: number, now: number, outcome: SettleOutcome, nextAt = 0, counts = true) =>
    runSettleWebhook(redis, keys, t, { messageId: id, leaseEnd, now, outcome, nextAt, httpStatus: 500, error: 'HTTP 500', retentionMs: 7 * day, counts });
  const put = (url: string, now: number, sealedSecret: string, fingerprint: string) => runPutWebhookEndpoint(redis, keys, t, { url, now, sealedSecret, fingerprint });
  const rotate = (sealedSecret: string, fingerprint: string, now: number, previousExpiresAt: number) =>
    runRotateWebhookSecret(redis, keys, t, { sealedSecret, fingerprint, now, previousExpiresAt });
  const claim = (now: number, leaseEnd: number, max: number) => runClaimWebhooks(redis, keys, t, now, leaseEnd, max);

  before(async () => {
    redis = createRedis(testRedisUrl(), { name: 'webhook-lua-test' });
    await waitReady(redis);
  });
  beforeEach(async () => {
    const found = await redis.keys(`${prefix}:*`);
    if (found.length > 0) await redis.del(...found);
  });
  after(async () => {
    const found = await redis.keys(`${prefix}:*`);
    if (found.length > 0) await redis.del(...found);
    await redis.quit();
  });

  it('putWebhookEndpoint creates the secret once, keeps it after, and bumps the epoch each time', async () => {
    expect(await put('https://a.example/', 1000, 'sealed-1', 'fp1')).to.equal(true);
    await redis.hset(k.endpoint, 'enabled', '0', 'disabled_reason', 'gone');
    expect(await put('https://b.example/', 2000, 'sealed-2', 'fp2')).to.equal(false);
    expect(await redis.hgetall(k.endpoint)).to.include({
      url: 'https://b.example/', secret: 'sealed-1', secret_fingerprint: 'fp1', created_at: '1000', updated_at: '2000', enabled: '1', disabled_reason: '', epoch: '2',
    });
  });

  it('rotateWebhookSecret keeps the old secret for the overlap only, and needs an endpoint', async () => {
    expect(await rotate('sealed-2', 'fp2', 1000, 5000)).to.equal(false);
    await put('https://a.example/', 0, 'sealed-1', 'fp1');
    expect(await rotate('sealed-2', 'fp2', 1000, 5000)).to.equal(true);
    expect(await redis.hgetall(k.endpoint)).to.include({ secret: 'sealed-2', previous_secret: 'sealed-1', previous_secret_fingerprint: 'fp1', previous_secret_expires_at: '5000' });
    expect(await rotate('sealed-3', 'fp3', 2000, 2000)).to.equal(true);
    const h = await redis.hgetall(k.endpoint);
    expect(h).to.include({ secret: 'sealed-3', secret_created_at: '2000' });
    expect(h).not.to.have.property('previous_secret');
  });

  it('disableWebhookEndpoint disables only the epoch it was given', async () => {
    await put('https://a.example/', 0, 's', 'f');
    expect(await runDisableWebhookEndpoint(redis, keys, t, '0', 'gone', 10)).to.equal(false);
    expect(await runDisableWebhookEndpoint(redis, keys, t, '1', 'gone', 10)).to.equal(true);
    expect(await redis.hgetall(k.endpoint)).to.include({ enabled: '0', disabled_reason: 'gone', disabled_at: '10' });
  });

  it('enqueueWebhook takes nothing without an endpoint, and numbers a workflow\'s events', async () => {
    expect(await enqueue('msg_a', 1000)).to.deep.equal({ kind: 'no_endpoint' });
    expect(await redis.exists(k.msg('msg_a'), k.due, k.events)).to.equal(0);
    await put('https://a.example/', 0, 's', 'f');
    expect(await enqueue('msg_a', 1000, undefined, 'wf-1')).to.deep.equal({ kind: 'queued', sequence: 1 });
    expect(await enqueue('msg_b', 1001, undefined, 'wf-1')).to.deep.equal({ kind: 'queued', sequence: 2 });
    expect(await enqueue('msg_c', 1002, 7, 'wf-1')).to.deep.equal({ kind: 'queued', sequence: 7 });
    expect(await enqueue('msg_d', 1003, undefined, 'wf-1')).to.deep.equal({ kind: 'queued', sequence: 8 });
    expect(await enqueue('msg_e', 1004)).to.deep.equal({ kind: 'queued', sequence: null });
    // The same id again changes nothing and answers the sequence it got.
    expect(await enqueue('msg_b', 1005, undefined, 'wf-1')).to.deep.equal({ kind: 'duplicate', sequence: 2 });
    expect(await enqueue('msg_e', 1005)).to.deep.equal({ kind: 'duplicate', sequence: null });
    expect(await redis.hget(k.seq, 'wf-1')).to.equal('8');
    expect(await redis.hget(k.msg('msg_b'), 'body')).to.equal('{"id":"msg_b","sequence":2,"data":{"list":[]}}');
    expect(await redis.hget(k.msg('msg_e'), 'body')).to.equal('{"id":"msg_e","sequence":null,"data":{"list":[]}}');
    expect(await redis.zrange(k.due, 0, -1, 'WITHSCORES')).to.deep.equal(['msg_a', '1000', 'msg_b', '1001', 'msg_c', '1002', 'msg_d', '1003', 'msg_e', '1004']);
    expect(await redis.zcard(k.events)).to.equal(5);
  });

  it('claimWebhooks leases due deliveries once; settleWebhook accepts only the holder of the lease', async () => {
    await put('https://a.example/', 0, 's', 'f');
    await enqueue('msg_a', 1000);
    await enqueue('msg_b', 100000);
    expect(await claim(2000, 32000, 10)).to.deep.equal(['msg_a']);
    expect(await claim(2000, 32000, 10), 'leased: not due').to.deep.equal([]);
    expect(await redis.zscore(k.due, 'msg_a')).to.equal('32000');
    // The lease ran out and another sender took it: the first sender's result is refused.
    expect(await claim(32000, 62000, 1)).to.deep.equal(['msg_a']);
    expect(await settle('msg_a', 32000, 33000, 'retry', 40000)).to.deep.equal({ kind: 'stale' });
    expect(await settle('msg_a', 62000, 33000, 'retry', 40000)).to.deep.equal({ kind: 'ok' });
    expect(await redis.hgetall(k.msg('msg_a'))).to.include({ attempts: '1', status: 'pending', next_at: '40000', last_status: '500', last_error: 'HTTP 500' });
    expect(await redis.zscore(k.due, 'msg_a')).to.equal('40000');

    // held: due again, the attempt not counted.
    await claim(40000, 70000, 1);
    expect(await settle('msg_a', 70000, 41000, 'held', 41000, false)).to.deep.equal({ kind: 'ok' });
    expect(await redis.hget(k.msg('msg_a'), 'attempts')).to.equal('1');
  });

  it('settleWebhook moves delivered and failed messages to their index, expires them, and trims old ones', async () => {
    await put('https://a.example/', 0, 's', 'f');
    await enqueue('msg_old', 1000);
    await enqueue('msg_new', 9 * day);
    await enqueue('msg_bad', 9 * day);
    await claim(1000, 2000, 1);
    expect(await settle('msg_old', 2000, 1500, 'delivered')).to.deep.equal({ kind: 'ok' });
    expect(await redis.pttl(k.msg('msg_old'))).to.be.within(7 * day - 60_000, 7 * day);
    await claim(9 * day, 9 * day + 100, 2);
    expect(await settle('msg_new', 9 * day + 100, 9 * day, 'delivered')).to.deep.equal({ kind: 'ok' });
    expect(await settle('msg_bad', 9 * day + 100, 9 * day, 'failed')).to.deep.equal({ kind: 'ok' });
    expect(await redis.zrange(k.delivered, 0, -1), 'msg_old is past the retention').to.deep.equal(['msg_new']);
    expect(await redis.zrange(k.failed, 0, -1)).to.deep.equal(['msg_bad']);
    expect(await redis.zrange(k.events, 0, -1)).to.deep.equal(['msg_bad', 'msg_new']);
    expect(await redis.zcard(k.due)).to.equal(0);
    expect(await redis.hget(k.msg('msg_bad'), 'status')).to.equal('failed');
  });

  it('requeueWebhook makes a listed status pending now with a fresh schedule, and leaves the rest', async () => {
    await put('https://a.example/', 0, 's', 'f');
    await enqueue('msg_a', 1000);
    await enqueue('msg_p', 1000);
    await claim(1000, 2000, 1);
    await settle('msg_a', 2000, 1500, 'failed');
    const requeue = (id: string, statuses: WebhookDeliveryStatus[]) => runRequeueWebhook(redis, keys, t, id, statuses, 3000);
    expect(await requeue('msg_none', ['failed'])).to.deep.equal({ kind: 'missing' });
    expect(await requeue('msg_p', ['failed', 'delivered'])).to.deep.equal({ kind: 'left', status: 'pending' });
    expect(await requeue('msg_a', ['delivered'])).to.deep.equal({ kind: 'left', status: 'failed' });
    expect(await redis.zscore(k.failed, 'msg_a')).to.equal('1500');
    expect(await requeue('msg_a', ['failed'])).to.deep.equal({ kind: 'requeued', was: 'failed' });
    expect(await redis.zscore(k.failed, 'msg_a')).to.equal(null);
    expect(await redis.zscore(k.due, 'msg_a')).to.equal('3000');
    expect(await redis.hgetall(k.msg('msg_a'))).to.include({ status: 'pending', attempts: '0', next_at: '3000' });
    expect(await redis.pttl(k.msg('msg_a'))).to.equal(-1);
  });

  it('runRequeueWebhooks answers each id in order, pipelined', async () => {
    await put('https://a.example/', 0, 's', 'f');
    await enqueue('msg_d', 1000);
    await enqueue('msg_p', 1000);
    await claim(1000, 2000, 1);
    await settle('msg_d', 2000, 1500, 'delivered');
    expect(await runRequeueWebhooks(redis, keys, t, ['msg_p', 'msg_none', 'msg_d'], ['failed', 'delivered'], 3000)).to.deep.equal([
      { kind: 'left', status: 'pending' }, { kind: 'missing' }, { kind: 'requeued', was: 'delivered' },
    ]);
    expect(await runRequeueWebhooks(redis, keys, t, [], ['failed'], 3000)).to.deep.equal([]);
  });
});
