/**
 * ConsentStore against a real Redis: the consent record and the held question as the hand-off
 * script leaves them (handoff.lua's consent park), read through `lookup` (the stages' port) and
 * `held` (what the stage worker reads before a hand-off that may resume the held workflow).
 * test/integration/lua-scripts.test.ts reads `held` after real hand-offs too.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { WorkflowPayload } from '../../pipeline/types';
import { ConsentStore } from '../../src/consent/consent-store';
import { sha256Hex } from '../../src/phi';
import { createRedis, waitReady, type Redis } from '../../src/redis/connection';
import { Keys } from '../../src/redis/keys';
import { testRedisUrl } from '../helpers/redis';

const prefix = `consent-store-${randomBytes(6).toString('hex')}`;
const keys = new Keys(prefix, 4);
const tenant = 'acme';
const phone = '+919800000042';

describe('ConsentStore against Redis', () => {
  let redis: Redis;
  let consent: ConsentStore;
  const p = keys.partitionOf(tenant, phone);
  const key = keys.consent(p, tenant, sha256Hex(phone));
  const payload: WorkflowPayload = { channel: 'whatsapp', businessNumberId: '555000111', from: phone, messageId: 'wamid.held', text: 'status of my claim', receivedAt: 1000 };

  before(async () => {
    redis = createRedis(testRedisUrl(), { name: 'consent-store-test' });
    await waitReady(redis);
    consent = new ConsentStore(redis, keys);
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

  it('held: the parked workflow and the payload it was held with', async () => {
    await redis.hset(key, 'parked', 'wf-1-abc', 'parked_payload', JSON.stringify(payload), 'parked_status', 'awaiting_choice');
    expect(await consent.held(tenant, p, phone)).to.deep.equal({ workflowId: 'wf-1-abc', payload });
    expect(await consent.lookup(tenant, phone)).to.deep.equal({ state: 'none', parkedWorkflowId: 'wf-1-abc', parkedStatus: 'awaiting_choice', language: null, holding: null });
  });

  it('lookup: the workflow the claimant\'s handover pointer names, read with the record', async () => {
    await redis.hset(key, 'state', 'granted');
    await redis.set(keys.claimantWait(p, tenant, sha256Hex(phone), 'human-handover'), 'wf-1-def');
    expect(await consent.lookup(tenant, phone)).to.deep.include({ state: 'granted', holding: 'wf-1-def' });
    expect((await consent.lookup(tenant, '+919800000043')).holding).to.equal(null);
  });

  it('held: null with nothing held, with a record but no question, and for another claimant or tenant', async () => {
    expect(await consent.held(tenant, p, phone)).to.equal(null);
    await redis.hset(key, 'state', 'granted', 'updated_at', '1000');
    expect(await consent.held(tenant, p, phone)).to.equal(null);
    await redis.hset(key, 'parked', 'wf-1-abc', 'parked_payload', JSON.stringify(payload));
    expect(await consent.held(tenant, p, '+919800000043')).to.equal(null);
    expect(await consent.held('other', p, phone)).to.equal(null);
    expect(await consent.held(tenant, p, phone)).to.deep.equal({ workflowId: 'wf-1-abc', payload });
  });
});
